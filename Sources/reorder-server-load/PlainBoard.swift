import ReorderKitPostgres

/// A follower's board: columns in order, each an array of card ids. Changes are applied by
/// identity: the moved items are removed wherever they are, then inserted before `before` (or at
/// the end). Nothing here trusts the server: a change that does not fit is counted, never a trap.
struct PlainBoard: Equatable {
  var columns: [String] = []
  var cards: [String: [String]] = [:]

  init(_ views: [WireView]) {
    for view in views {
      columns.append(view.id)
      cards[view.id] = view.sections.flatMap(\.items)
    }
  }

  init(columns: [String], cards: [String: [String]]) {
    self.columns = columns
    self.cards = cards
  }

  /// Applies one change; false when it did not fit (an unknown column, a `before` not there).
  mutating func apply(_ change: WireChange) -> Bool {
    switch change {
    case .moveCards(let items, let column, let before):
      guard cards[column] != nil else { return false }
      let moving = Set(items)
      for key in columns where cards[key]!.contains(where: moving.contains) {
        cards[key]!.removeAll(where: moving.contains)
      }
      var target = cards[column]!
      var fits = true
      if let before {
        if let at = target.firstIndex(of: before) {
          target.insert(contentsOf: items, at: at)
        } else {
          target.append(contentsOf: items)
          fits = false
        }
      } else {
        target.append(contentsOf: items)
      }
      cards[column] = target
      return fits
    case .moveColumns(let items, let before):
      let moving = Set(items)
      columns.removeAll(where: moving.contains)
      if let before, let at = columns.firstIndex(of: before) {
        columns.insert(contentsOf: items, at: at)
        return true
      }
      columns.append(contentsOf: items)
      return before == nil
    case .deleteItems(let items):
      let gone = Set(items)
      columns.removeAll(where: gone.contains)
      for key in Array(cards.keys) {
        if gone.contains(key) { cards[key] = nil } else { cards[key]!.removeAll(where: gone.contains) }
      }
      return true
    }
  }

  /// Every card, column by column.
  var allCards: [String] { columns.flatMap { cards[$0] ?? [] } }
}
