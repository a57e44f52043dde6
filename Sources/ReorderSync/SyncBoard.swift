/// A board as the sync machine keeps it: columns in order, each with its cards in order, by
/// identity. Changes apply by identity as the server's do: the moved items are taken out wherever
/// they are, then put before `before` (or at the end).
///
/// ```swift
/// var board = try SyncBoard(views: [WireView(id: "todo", sections: [WireSection(id: "todo", items: ["c1"])])])
/// board.apply(.moveColumns(items: ["todo"], before: nil), strict: true)   // true
/// ```
public struct SyncBoard: Equatable, Sendable {
  /// One column and its cards.
  ///
  /// ```swift
  /// SyncBoard.Column(id: "todo", cards: ["c1", "c2"])
  /// ```
  public struct Column: Equatable, Sendable {
    /// The column's identifier.
    public var id: String
    /// Its cards, in order.
    public var cards: [String]

    /// A column.
    ///
    /// ```swift
    /// SyncBoard.Column(id: "done", cards: [])
    /// ```
    public init(id: String, cards: [String]) {
      self.id = id
      self.cards = cards
    }
  }

  /// The columns, in order.
  public private(set) var columns: [Column]

  /// An empty board.
  ///
  /// ```swift
  /// SyncBoard().columns   // []
  /// ```
  public init() { columns = [] }

  /// A board of columns; `nil` when an identifier is empty or named twice (a column's id counts).
  ///
  /// ```swift
  /// SyncBoard(columns: [.init(id: "a", cards: ["a"])])   // nil: "a" twice
  /// ```
  public init?(columns: [Column]) {
    var seen = Set<String>()
    for column in columns {
      guard !column.id.isEmpty, seen.insert(column.id).inserted else { return nil }
      for card in column.cards {
        guard !card.isEmpty, seen.insert(card).inserted else { return nil }
      }
    }
    self.columns = columns
  }

  /// A board from the wire's views (a view's sections' items, in order, are its cards).
  ///
  /// ```swift
  /// let board = try SyncBoard(views: welcome.views ?? [])
  /// ```
  /// - Throws: ``WireError`` when an identifier is empty or named twice.
  public init(views: [WireView]) throws(WireError) {
    var columns: [Column] = []
    columns.reserveCapacity(views.count)
    for view in views {
      var cards: [String] = []
      for section in view.sections { cards.append(contentsOf: section.items) }
      columns.append(Column(id: view.id, cards: cards))
    }
    guard let board = SyncBoard(columns: columns) else {
      throw WireError("the board names an identifier twice, or an empty one")
    }
    self = board
  }

  /// The board as the wire's views: one section per column, of the column's id.
  ///
  /// ```swift
  /// board.views.first?.sections.first?.items   // ["c1", "c2"]
  /// ```
  public var views: [WireView] {
    columns.map { WireView(id: $0.id, sections: [WireSection(id: $0.id, items: $0.cards)]) }
  }

  /// The cards of a column, or `nil` for no such column.
  ///
  /// ```swift
  /// board.cards(of: "todo")   // ["c1", "c2"]
  /// ```
  public func cards(of column: String) -> [String]? {
    for c in columns where c.id == column { return c.cards }
    return nil
  }

  /// The column that holds a card, or `nil`.
  ///
  /// ```swift
  /// board.column(of: "c1")   // "todo"
  /// ```
  public func column(of card: String) -> String? {
    for c in columns where c.cards.contains(card) { return c.id }
    return nil
  }

  /// Applies a change by identity and says whether it fit; a change that does not fit leaves the
  /// board as it was.
  ///
  /// Strict (the server's changes, and a local one): every item is there and of its kind (a card
  /// in `moveCards`, a column in `moveColumns`), named once, and `before` is in the container and
  /// not moved. Lenient (this client's own move replayed on a board that moved on): a `before` that
  /// is not in the container means the end, as the server places it. `deleteItems` skips what is
  /// not there.
  ///
  /// ```swift
  /// board.apply(.moveCards(items: ["c1"], column: "done", before: nil), strict: true)
  /// ```
  /// - Complexity: O(n) in the board's cards.
  @discardableResult
  public mutating func apply(_ change: WireChange, strict: Bool) -> Bool {
    switch change {
    case .moveCards(let items, let column, let before):
      guard Self.distinct(items), let target = columns.firstIndex(where: { $0.id == column }) else { return false }
      if let before, items.contains(before) { return false }
      var next = columns
      var found = 0
      for i in next.indices where Self.holdsAny(next[i].cards, of: items) {
        let count = next[i].cards.count
        next[i].cards.removeAll { items.contains($0) }
        found += count - next[i].cards.count
      }
      guard found == items.count else { return false }
      var at = next[target].cards.count
      if let before {
        if let i = next[target].cards.firstIndex(of: before) {
          at = i
        } else if strict {
          return false
        }
      }
      next[target].cards.insert(contentsOf: items, at: at)
      columns = next
      return true
    case .moveColumns(let items, let before):
      guard Self.distinct(items) else { return false }
      if let before, items.contains(before) { return false }
      var staying: [Column] = []
      var moved: [Column?] = Array(repeating: nil, count: items.count)
      for c in columns {
        if let i = items.firstIndex(of: c.id) { moved[i] = c } else { staying.append(c) }
      }
      var placed: [Column] = []
      for c in moved {
        guard let c else { return false }
        placed.append(c)
      }
      var at = staying.count
      if let before {
        if let i = staying.firstIndex(where: { $0.id == before }) {
          at = i
        } else if strict {
          return false
        }
      }
      staying.insert(contentsOf: placed, at: at)
      columns = staying
      return true
    case .deleteItems(let items):
      columns.removeAll { items.contains($0.id) }
      for i in columns.indices { columns[i].cards.removeAll { items.contains($0) } }
      return true
    }
  }

  /// Whether any of `cards` is among `items` (a plain loop: this runs for every column of every change).
  static func holdsAny(_ cards: [String], of items: [String]) -> Bool {
    for card in cards {
      for item in items where item == card { return true }
    }
    return false
  }

  /// Whether items are named once each (and there is at least one).
  static func distinct(_ items: [String]) -> Bool {
    guard !items.isEmpty else { return false }
    if items.count > 16 { return Set(items).count == items.count }
    for i in items.indices {
      for j in items.indices where j > i && items[i] == items[j] { return false }
    }
    return true
  }

  /// Applies changes in order; when one does not fit, none is applied and the answer is `false`.
  ///
  /// ```swift
  /// board.apply(remote.changes, strict: true)
  /// ```
  @discardableResult
  public mutating func apply(_ changes: [WireChange], strict: Bool) -> Bool {
    var next = self
    for change in changes where !next.apply(change, strict: strict) { return false }
    self = next
    return true
  }

  /// Whether every identifier is non-empty and named once: true by construction (the initializers
  /// check it, and a move or a deletion keeps it), checked by the tests.
  var isWellFormed: Bool { SyncBoard(columns: columns) != nil }
}
