import ReorderKitPostgres
import ReorderKitShare

/// A board as the server replicates it from the log: every column and card with its container and
/// order key, at one revision. Built from `reorder_server_board`, moved forward only by commits read
/// from `reorder_server_changes` (never from a NOTIFY's payload).
///
/// ```swift
/// var board = Board(revision: 3, epoch: "e1", rows: ["todo": .init(parent: "", key: "V", version: 1)])
/// board.views   // [View(id: "todo", sections: [Section(id: "todo", items: [])])]
/// ```
public struct Board: Sendable, Equatable {
  /// One row: a column (`parent` empty) or a card.
  public struct Row: Sendable, Equatable {
    /// The column of a card, `""` for a column.
    public var parent: String
    /// The order key (byte order, then identifier order).
    public var key: String
    /// Each committed change of the row adds one.
    public var version: Int64
  }

  /// The last commit included.
  public var revision: Int64
  /// The board's epoch: a new one when the board is created again.
  public var epoch: String
  /// The rows by identifier.
  public var rows: [String: Row]

  /// A board.
  public init(revision: Int64, epoch: String, rows: [String: Row]) {
    self.revision = revision
    self.epoch = epoch
    self.rows = rows
  }

  /// The children of a container, in order.
  /// - Complexity: O(n log n), n the number of rows.
  func children(of parent: String) -> [String] {
    rows.compactMap { $0.value.parent == parent ? (id: $0.key, key: $0.value.key) : nil }
      .sorted { a, b in
        bytesPrecede(a.key, b.key) || (a.key == b.key && bytesPrecede(a.id, b.id))
      }
      .map(\.id)
  }

  /// The board as DESIGN's `views`: one view per column, its one section of the same id with the
  /// cards in order (a card whose column is gone is not shown).
  public var views: [WireView] {
    var cards: [String: [(id: String, key: String)]] = [:]
    for (id, row) in rows where !row.parent.isEmpty { cards[row.parent, default: []].append((id, row.key)) }
    return children(of: "").map { column in
      let items = (cards[column] ?? []).sorted { a, b in
        bytesPrecede(a.key, b.key) || (a.key == b.key && bytesPrecede(a.id, b.id))
      }
      return WireView(id: column, sections: [WireSection(id: column, items: items.map(\.id))])
    }
  }

  /// One row a commit wrote, as the log holds it.
  public struct Write: Sendable, Equatable {
    /// The row.
    public var id: String
    /// Its new container.
    public var parent: String
    /// Its new key.
    public var key: String
    /// Its version after the commit.
    public var version: Int64
    /// Whether it was deleted.
    public var deleted: Bool
  }

  /// A row a commit of this server writes.
  typealias Placed = PlacedRow

  /// Applies one commit and returns it as DESIGN's changes, by identity: for each container the
  /// commit wrote into, its written rows in their new order, cut into runs that stand together, each
  /// run a move before the row that now follows it (`nil`: at the end). Replayed in order on the
  /// board before the commit, they give the board after it. Deleted rows come last as
  /// `deleteItems`.
  public mutating func apply(revision: Int64, writes: [Write]) -> [WireChange] {
    for write in writes {
      rows[write.id] = write.deleted ? nil : Row(parent: write.parent, key: write.key, version: write.version)
    }
    self.revision = revision
    var changes: [WireChange] = []
    let written = Set(writes.filter { !$0.deleted }.map(\.id))
    var containers: [String] = []
    for write in writes where !write.deleted && !containers.contains(write.parent) { containers.append(write.parent) }
    for parent in containers {
      let order = children(of: parent)
      var run: [String] = []
      for (index, id) in order.enumerated() {
        guard written.contains(id) else { continue }
        run.append(id)
        let next = index + 1 < order.count ? order[index + 1] : nil
        if let next, written.contains(next) { continue }
        if parent.isEmpty {
          changes.append(.moveColumns(items: run, before: next))
        } else {
          changes.append(.moveCards(items: run, column: parent, before: next))
        }
        run = []
      }
    }
    let deleted = writes.filter(\.deleted).map(\.id)
    if !deleted.isEmpty { changes.append(.deleteItems(deleted)) }
    return changes
  }
}
