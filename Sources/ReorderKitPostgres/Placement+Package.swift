import ReorderKit
import ReorderKitShare

/// One row of a board as another target of this package holds it (the board server's replica).
package struct PlacementRow: Sendable {
  package var parent: String
  package var key: String
  package var version: Int64

  package init(parent: String, key: String, version: Int64) {
    self.parent = parent
    self.key = key
    self.version = version
  }
}

/// A row a placement writes: its container, key and the version it must still have.
package struct PlacedRow: Sendable, Equatable {
  package var id: String
  package var parent: String
  package var key: String
  package var expected: Int64
}

/// Keys for moving existing items (cards into a column, or columns: `parent` empty) before
/// `before` (or to the end), as a client of the shared board computes them (tagged per gesture,
/// rebalanced when a key would grow too long). The board server commits a `commit` message's
/// change with it.
///
/// - Throws: `SharedBoardError` for an unknown column or item, a column moved as a card (or the
///   reverse), an item named twice, or `before` among the items.
package func placeExisting(
  _ items: [String], parent: String, before: String?, rows: [String: PlacementRow], tag: String
) throws(SharedBoardError) -> [PlacedRow] {
  var state = BoardState()
  // mapValues keeps the table as it is: nothing is hashed again (one by one, each placement rehashed
  // the whole board).
  state.rows = rows.mapValues { BoardState.Row(parent: $0.parent, key: $0.key, version: $0.version) }
  let intent = Gesture.Intent.place(items: items, parent: parent, before: before, inserting: false)
  return try intent.writes(on: state, tag: tag, maximumLength: OrderKey.maximumLength).map {
    PlacedRow(id: $0.id, parent: $0.parent, key: $0.key, expected: $0.expected)
  }
}

/// A client's key tag from its number (three base-62 digits).
package func keyTag(_ number: Int64) -> String { clientTag(number) }
