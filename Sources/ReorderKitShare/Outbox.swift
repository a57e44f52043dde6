import Foundation
import GRDB

/// The client's local SQLite file: the gestures not yet confirmed by the server (the outbox, in
/// order), the gestures set aside (refused by the server: `refused`), the board as last confirmed
/// (so the app opens it offline), and the client's tag.
///
/// The file may have been edited: every value is read as what it might be (NULL, another type),
/// and one that is not what this code writes is a thrown error that names it, never a trap.
///
/// Every committed gesture is written here before it is sent, and removed only once the server has
/// committed it, so a gesture reported as `changed` survives the server going away, a crash, or
/// quitting offline.
package final class Outbox: Sendable {
  package let queue: DatabaseQueue
  package let board: String

  /// Opens (or creates) the file; `nil` path: in memory (nothing kept across runs).
  package init(path: String?, board: String) throws(SharedBoardError) {
    self.board = board
    do {
      var configuration = Configuration()
      configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
      if let path {
        queue = try DatabaseQueue(path: path, configuration: configuration)
        _ = try queue.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
      } else {
        queue = try DatabaseQueue(configuration: configuration)
      }
      var migrator = DatabaseMigrator()
      migrator.registerMigration("shared board v1") { db in
        try db.execute(
          sql: """
            CREATE TABLE outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, board TEXT NOT NULL, gesture TEXT NOT NULL UNIQUE,
              body BLOB NOT NULL);
            CREATE TABLE confirmed (board TEXT NOT NULL, id TEXT NOT NULL, parent TEXT NOT NULL, key TEXT NOT NULL,
              version INTEGER NOT NULL, PRIMARY KEY (board, id));
            CREATE TABLE boards (board TEXT PRIMARY KEY, revision INTEGER NOT NULL, client INTEGER);
            """)
      }
      migrator.registerMigration("shared board v2: refused gestures") { db in
        try db.execute(
          sql: """
            CREATE TABLE refused (seq INTEGER PRIMARY KEY AUTOINCREMENT, board TEXT NOT NULL, gesture TEXT NOT NULL,
              body BLOB NOT NULL, reason TEXT NOT NULL, at REAL NOT NULL);
            """)
      }
      migrator.registerMigration("shared board v3: the server's epoch") { db in
        // A board shared through reorder-server remembers which life of the board it holds.
        try db.execute(sql: "ALTER TABLE boards ADD COLUMN epoch TEXT")
      }
      migrator.registerMigration("shared board v4: the revision a move was committed as") { db in
        // RemoteBoard keeps a move the server acked until the revisions before it arrive
        // (Outbox+Record); NULL: not answered yet, as every row of an older file reads.
        try db.execute(sql: "ALTER TABLE outbox ADD COLUMN committed INTEGER")
      }
      try migrator.migrate(queue)
    } catch {
      throw SharedBoardError(.outbox("\(error)"))
    }
  }

  /// Appends a gesture at the end of the outbox.
  package func append(_ gesture: Gesture) throws(SharedBoardError) {
    do {
      let body = try JSONEncoder().encode(gesture)
      try queue.write { db in
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO outbox (board, gesture, body) VALUES (?, ?, ?)")
          .execute(arguments: [board, gesture.id, body])
      }
    } catch {
      throw SharedBoardError(.outbox("\(error)"))
    }
  }

  /// Replaces a gesture's rows (placed again after the server turned its keys down).
  package func replace(_ gesture: Gesture) throws {
    let body = try JSONEncoder().encode(gesture)
    try queue.write { db in
      try db.execute(sql: "UPDATE outbox SET body = ? WHERE gesture = ?", arguments: [body, gesture.id])
    }
  }

  /// Removes gestures the server committed, or that lost a race.
  package func remove(_ ids: [String]) throws {
    guard !ids.isEmpty else { return }
    try queue.write { db in
      for id in ids { try db.cachedStatement(sql: "DELETE FROM outbox WHERE gesture = ?").execute(arguments: [id]) }
    }
  }

  /// Moves a gesture from the outbox to `refused`, with the reason, in one transaction.
  package func refuse(_ gesture: String, reason: String) throws {
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO refused (board, gesture, body, reason, at)
          SELECT board, gesture, body, ?, ? FROM outbox WHERE gesture = ?
          """, arguments: [reason, Date().timeIntervalSince1970, gesture])
      try db.execute(sql: "DELETE FROM outbox WHERE gesture = ?", arguments: [gesture])
    }
  }

  /// The gestures set aside, oldest first: their identifiers and why.
  package func refused() throws -> [(gesture: String, reason: String)] {
    try queue.read { db in
      try GRDB.Row.fetchAll(
        db, sql: "SELECT gesture, reason FROM refused WHERE board = ? ORDER BY seq", arguments: [board]
      )
      .map { row in
        (try Self.value(row, "gesture", in: "refused"), try Self.value(row, "reason", in: "refused"))
      }
    }
  }

  /// The gestures waiting, in the order they were made.
  package func pending() throws -> [Gesture] {
    let bodies = try queue.read { db in
      try GRDB.Row.fetchAll(db, sql: "SELECT seq, body FROM outbox WHERE board = ? ORDER BY seq", arguments: [board])
        .map { row -> (Int64?, Data) in
          (Int64.fromDatabaseValue(row["seq"]), try Self.value(row, "body", in: "outbox"))
        }
    }
    return try bodies.map { seq, body in
      do {
        return try JSONDecoder().decode(Gesture.self, from: body)
      } catch {
        throw OutboxValueError(
          table: "outbox", column: "body", detail: "gesture \(seq ?? 0) is not a gesture: \(error)")
      }
    }
  }

  /// The board as last confirmed, and the client's number if it has one.
  package func confirmed() throws -> (state: BoardState, client: Int64?) {
    try queue.read { db in
      var state = BoardState()
      let row = try GRDB.Row.fetchOne(
        db, sql: "SELECT revision, client FROM boards WHERE board = ?", arguments: [board])
      var client: Int64?
      if let row {
        state.revision = try Self.value(row, "revision", in: "boards")
        client = try Self.optionalValue(row, "client", in: "boards")
      }
      let rows = try GRDB.Row.fetchAll(
        db, sql: "SELECT id, parent, key, version FROM confirmed WHERE board = ?", arguments: [board])
      for r in rows {
        let id: String = try Self.value(r, "id", in: "confirmed")
        state.rows[id] = BoardState.Row(
          parent: try Self.value(r, "parent", in: "confirmed"), key: try Self.value(r, "key", in: "confirmed"),
          version: try Self.value(r, "version", in: "confirmed"))
      }
      return (state, client)
    }
  }

  /// A column's value as `T`, or an error naming it (GRDB's subscript traps on NULL or another type).
  static func value<T: DatabaseValueConvertible>(_ row: GRDB.Row, _ column: String, in table: String) throws -> T {
    guard let value = try optionalValue(row, column, in: table) as T? else {
      throw OutboxValueError(table: table, column: column, detail: "NULL")
    }
    return value
  }

  /// A column's value as `T`, `nil` for NULL, or an error naming it.
  static func optionalValue<T: DatabaseValueConvertible>(_ row: GRDB.Row, _ column: String, in table: String) throws
    -> T?
  {
    let stored: DatabaseValue = row[column]
    if stored.isNull { return nil }
    guard let value = T.fromDatabaseValue(stored) else {
      throw OutboxValueError(table: table, column: column, detail: "\(String(describing: stored).prefix(64))")
    }
    return value
  }

  /// Records the client's number.
  package func setClient(_ number: Int64) throws {
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO boards (board, revision, client) VALUES (?, 0, ?)
          ON CONFLICT (board) DO UPDATE SET client = excluded.client
          """, arguments: [board, number])
    }
  }

  /// Replaces the confirmed board (after a full load).
  package func replaceConfirmed(_ state: BoardState) throws {
    try queue.write { db in
      try db.execute(sql: "DELETE FROM confirmed WHERE board = ?", arguments: [board])
      for (id, row) in state.rows { try insert(db, id, row) }
      try setRevision(db, state.revision)
    }
  }

  /// The server's epoch of the confirmed board (`nil`: never loaded from `reorder-server`;
  /// ``save(_:over:)`` writes it).
  package func epoch() throws -> String? {
    try queue.read { db in
      guard let row = try GRDB.Row.fetchOne(db, sql: "SELECT epoch FROM boards WHERE board = ?", arguments: [board])
      else { return nil }
      return try Self.optionalValue(row, "epoch", in: "boards")
    }
  }

  /// Writes the rows that changed since the last confirmed revision, and removes the gestures
  /// they confirm, in one transaction.
  package func updateConfirmed(_ writes: [RowWrite], revision: Int64, removing done: [String] = []) throws {
    try queue.write { db in
      for write in writes {
        if write.deleted {
          try db.cachedStatement(sql: "DELETE FROM confirmed WHERE board = ? AND id = ?")
            .execute(arguments: [board, write.id])
        } else {
          try insert(db, write.id, BoardState.Row(parent: write.parent, key: write.key, version: write.version))
        }
      }
      try setRevision(db, revision)
      for id in done { try db.cachedStatement(sql: "DELETE FROM outbox WHERE gesture = ?").execute(arguments: [id]) }
    }
  }

  private func insert(_ db: Database, _ id: String, _ row: BoardState.Row) throws {
    try db.cachedStatement(
      sql: "INSERT OR REPLACE INTO confirmed (board, id, parent, key, version) VALUES (?, ?, ?, ?, ?)"
    ).execute(arguments: [board, id, row.parent, row.key, row.version])
  }

  private func setRevision(_ db: Database, _ revision: Int64) throws {
    try db.cachedStatement(
      sql: """
        INSERT INTO boards (board, revision) VALUES (?, ?)
        ON CONFLICT (board) DO UPDATE SET revision = excluded.revision
        """
    ).execute(arguments: [board, revision])
  }
}

/// A value in the local file that this code never writes there.
package struct OutboxValueError: Error, CustomStringConvertible {
  package var table: String
  package var column: String
  package var detail: String
  package var description: String { "the local file's \(table).\(column) holds what no client writes: \(detail)" }
}
