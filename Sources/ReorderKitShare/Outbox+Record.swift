import Foundation
import GRDB
import ReorderKit
import ReorderSync

/// ``RemoteBoard``'s record in the local file: what ``BoardSync`` asks to keep
/// (``SyncAction/persist(_:)``) and restores from (``BoardSync/init(_:restoring:)``).
///
/// The tables are the ones the file has always had: the moves waiting in `outbox`, in order (a
/// gesture's body is the move by identity, its `committed` column the revision the server gave it
/// once it said so), the board as last confirmed in `confirmed` (one row per column and card, its
/// order in `key`), its revision and epoch in `boards`. A file written before `committed` existed
/// reads as moves the server never answered: they go again, and a replay is answered with its
/// revision.
///
/// ```swift
/// let (record, setAside) = try outbox.record()
/// var sync = BoardSync(configuration, restoring: record)
/// try outbox.save(newRecord, over: record)
/// ```
extension Outbox {
  /// The record kept, and the moves set aside as it was read (a body that is not a move of cards
  /// or columns: the server takes nothing else), with their items. Those left the outbox for
  /// `refused`.
  func record() throws(SharedBoardError) -> (SyncRecord, setAside: [(gesture: String, items: [String])]) {
    do {
      let (state, _) = try confirmed()
      let epoch = try epoch()
      var setAside: [(gesture: String, items: [String])] = []
      var pending: [PendingGesture] = []
      for (gesture, committed) in try waiting() {
        if let change = Self.change(gesture.intent) {
          pending.append(PendingGesture(gesture: gesture.id, change: change, committed: committed))
        } else {
          try refuse(gesture.id, reason: Self.notAMove)
          setAside.append((gesture.id, gesture.writes.map(\.id)))
        }
      }
      // A board that cannot be a SyncBoard (an identifier empty: an edited file) is read whole again.
      let board = SyncBoard(columns: state.columns.map { SyncBoard.Column(id: $0, cards: state.cards(inColumn: $0)) })
      let record = SyncRecord(
        epoch: board == nil ? nil : epoch, revision: state.revision, confirmed: board ?? SyncBoard(), pending: pending)
      return (record, setAside)
    } catch let error as SharedBoardError {
      throw error
    } catch {
      throw SharedBoardError(.outbox("\(error)"))
    }
  }

  /// Why a kept gesture that is not a move is set aside.
  static let notAMove = "invalid: the board server takes moves of cards and columns only"

  /// Writes what changed from `old` to `record`, in one transaction: the moves (appended, removed,
  /// committed; all of them again when their order changed), the columns whose cards changed, and
  /// the revision and epoch.
  func save(_ record: SyncRecord, over old: SyncRecord) throws {
    try queue.write { db in
      try savePending(db, record.pending, over: old.pending)
      if record.confirmed != old.confirmed { try saveConfirmed(db, record.confirmed, over: old.confirmed) }
      if record.revision != old.revision || record.epoch != old.epoch {
        try db.execute(
          sql: """
            INSERT INTO boards (board, revision, epoch) VALUES (?, ?, ?)
            ON CONFLICT (board) DO UPDATE SET revision = excluded.revision, epoch = excluded.epoch
            """, arguments: [board, record.revision, record.epoch])
      }
    }
  }

  private func savePending(_ db: Database, _ moves: [PendingGesture], over old: [PendingGesture]) throws {
    let now = Set(moves.map(\.gesture))
    let before = Dictionary(old.map { ($0.gesture, $0) }, uniquingKeysWith: { first, _ in first })
    let kept = moves.filter { before[$0.gesture] != nil }
    let inOrder = kept.map(\.gesture) == old.map(\.gesture).filter(now.contains)
    // Appended moves come after every kept one, and the kept ones keep their order: rows change
    // in place. Otherwise (a commit acked ahead of an earlier unsent one) the rows are written again.
    if inOrder, moves.prefix(kept.count).map(\.gesture) == kept.map(\.gesture) {
      for move in old where !now.contains(move.gesture) {
        try db.cachedStatement(sql: "DELETE FROM outbox WHERE gesture = ?").execute(arguments: [move.gesture])
      }
      for move in kept where before[move.gesture]?.committed != move.committed {
        try db.cachedStatement(sql: "UPDATE outbox SET committed = ? WHERE gesture = ?")
          .execute(arguments: [move.committed, move.gesture])
      }
      for move in moves.dropFirst(kept.count) { try insert(db, move) }
    } else {
      try db.execute(sql: "DELETE FROM outbox WHERE board = ?", arguments: [board])
      for move in moves { try insert(db, move) }
    }
  }

  private func insert(_ db: Database, _ move: PendingGesture) throws {
    let gesture = Gesture(id: move.gesture, intent: Self.intent(move.change), writes: [])
    try db.cachedStatement(
      sql: "INSERT OR REPLACE INTO outbox (board, gesture, body, committed) VALUES (?, ?, ?, ?)"
    ).execute(arguments: [board, move.gesture, try JSONEncoder().encode(gesture), move.committed])
  }

  /// The confirmed board's rows: those gone deleted, the columns (when their order changed) and
  /// the cards of each column that changed written again, keys spread in order.
  private func saveConfirmed(_ db: Database, _ new: SyncBoard, over old: SyncBoard) throws {
    let oldCards = Dictionary(old.columns.map { ($0.id, $0.cards) }, uniquingKeysWith: { first, _ in first })
    var ids = Set<String>()
    for column in new.columns {
      ids.insert(column.id)
      ids.formUnion(column.cards)
    }
    for column in old.columns {
      for id in [column.id] + column.cards where !ids.contains(id) {
        try db.cachedStatement(sql: "DELETE FROM confirmed WHERE board = ? AND id = ?").execute(arguments: [board, id])
      }
    }
    if new.columns.map(\.id) != old.columns.map(\.id) {
      try write(db, new.columns.map(\.id), in: "")
    }
    for column in new.columns where oldCards[column.id] != column.cards {
      try write(db, column.cards, in: column.id)
    }
  }

  private func write(_ db: Database, _ ids: [String], in parent: String) throws {
    let keys = try OrderKey.keys(count: ids.count, between: nil, nil)
    for (id, key) in zip(ids, keys) {
      try db.cachedStatement(
        sql: "INSERT OR REPLACE INTO confirmed (board, id, parent, key, version) VALUES (?, ?, ?, ?, 1)"
      ).execute(arguments: [board, id, parent, key.rawValue])
    }
  }

  /// The gestures waiting, in order, with the revision each was committed as, if known.
  private func waiting() throws -> [(Gesture, Int64?)] {
    let rows = try queue.read { db in
      try GRDB.Row.fetchAll(
        db, sql: "SELECT seq, body, committed FROM outbox WHERE board = ? ORDER BY seq", arguments: [board]
      )
      .map { row -> (Int64?, Data, Int64?) in
        (
          Int64.fromDatabaseValue(row["seq"]), try Self.value(row, "body", in: "outbox"),
          try Self.optionalValue(row, "committed", in: "outbox")
        )
      }
    }
    return try rows.map { seq, body, committed in
      do {
        return (try JSONDecoder().decode(Gesture.self, from: body), committed)
      } catch {
        throw OutboxValueError(
          table: "outbox", column: "body", detail: "gesture \(seq ?? 0) is not a gesture: \(error)")
      }
    }
  }

  /// A kept move as the wire's change (`nil`: an insertion or a deletion).
  static func change(_ intent: Gesture.Intent) -> ReorderSync.WireChange? {
    guard case .place(let items, let parent, let before, false) = intent else { return nil }
    return parent.isEmpty
      ? .moveColumns(items: items, before: before) : .moveCards(items: items, column: parent, before: before)
  }

  /// A move as the body's intent.
  static func intent(_ change: ReorderSync.WireChange) -> Gesture.Intent {
    switch change {
    case .moveCards(let items, let column, let before):
      .place(items: items, parent: column, before: before, inserting: false)
    case .moveColumns(let items, let before): .place(items: items, parent: "", before: before, inserting: false)
    case .deleteItems(let items): .delete(items: items)
    }
  }
}
