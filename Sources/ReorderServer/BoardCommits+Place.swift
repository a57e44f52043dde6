import ReorderKitPostgres

import enum ReorderSync.RejectReason

extension BoardCommits {
  /// A refused change: `invalid` (it breaks a rule) or `lostRace` (what it names is gone).
  struct Refusal: Error {
    var reason: RejectReason
    var message: String
  }

  /// The rows a change writes on a board: keys placed before `before` (or at the end), tagged with
  /// this instance's `tag`. Checks what the database checks again, so that a bad change costs no
  /// round trip.
  ///
  /// ```swift
  /// let writes = try BoardCommits.place(.moveCards(items: ["c1"], column: "doing", before: nil), on: board, tag: "aB")
  /// writes   // [PlacedRow(id: "c1", parent: "doing", key: …, expected: c1's version)]
  /// ```
  /// - Throws: ``Refusal``: `invalid` for a change that breaks a rule, `lostRace` for one that names
  ///   a row that is gone.
  static func place(_ change: WireChange, on board: Board, tag: String) throws(Refusal) -> [PlacedRow] {
    let items: [String]
    let parent: String
    let before: String?
    switch change {
    case .moveCards(let cards, let column, let b):
      (items, parent, before) = (cards, column, b)
    case .moveColumns(let columns, let b):
      (items, parent, before) = (columns, "", b)
    case .deleteItems:
      throw Refusal(reason: .invalid, message: "Only moveCards and moveColumns are committed.")
    }
    guard !items.isEmpty, items.count <= 1000 else {
      throw Refusal(reason: .invalid, message: "A change moves 1 to 1000 items.")
    }
    for id in items + [parent].filter({ !$0.isEmpty }) + [before].compactMap({ $0 }) where !Identifier.isValid(id) {
      throw Refusal(reason: .invalid, message: "\(Identifier.quoted(id)) is not an identifier (\(Identifier.rule)).")
    }
    guard Set(items).count == items.count else { throw Refusal(reason: .invalid, message: "An item is named twice.") }
    if let before, items.contains(before) {
      throw Refusal(reason: .invalid, message: "before names one of the moved items.")
    }
    if !parent.isEmpty {
      guard let column = board.rows[parent] else {
        throw Refusal(reason: .lostRace, message: "The column \(parent) is not on the board (deleted meanwhile?).")
      }
      guard column.parent.isEmpty else {
        throw Refusal(reason: .invalid, message: "\(parent) is a card, not a column.")
      }
    }
    for id in items {
      guard let row = board.rows[id] else {
        throw Refusal(reason: .lostRace, message: "\(id) is not on the board (deleted meanwhile?).")
      }
      guard row.parent.isEmpty == parent.isEmpty else {
        throw Refusal(
          reason: .invalid,
          message: parent.isEmpty ? "\(id) is a card, not a column." : "\(id) is a column, not a card.")
      }
      // A card whose column is gone is not on the board as clients see it.
      if !row.parent.isEmpty, board.rows[row.parent] == nil {
        throw Refusal(reason: .lostRace, message: "\(id) is not on the board (its column was deleted).")
      }
    }
    let rows = board.rows.mapValues { PlacementRow(parent: $0.parent, key: $0.key, version: $0.version) }
    do {
      return try placeExisting(items, parent: parent, before: before, rows: rows, tag: tag)
    } catch {
      throw Refusal(reason: .invalid, message: "The change cannot be placed: \(error).")
    }
  }
}
