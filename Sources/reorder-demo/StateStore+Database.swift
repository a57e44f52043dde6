import Foundation
import GRDB
import GRDBSQLite
import ReorderKit
import ReorderTool

/// The saved arrangements in SQLite (through GRDB): one row per item with its order key, so a move
/// rewrites the moved rows only.
///
/// ```sql
/// scene(name PRIMARY KEY, sections, state)          -- sections: the section order (JSON), state: extras (JSON)
/// item(scene, item, section, parent, key, expanded)  -- PRIMARY KEY (scene, item)
/// ```
/// `PRAGMA user_version` is the schema version (the JSON file of the first app was version 1),
/// `PRAGMA application_id` marks the file as ours. WAL mode; every write is one transaction,
/// `synchronous = FULL`, so a commit that was reported survives SIGTERM, kill -9 and power loss.
struct StateDatabase: Sendable {
  static let schemaVersion = 2
  /// "RKst": tells our database from another program's SQLite file.
  static let applicationID: Int32 = 0x524B_7374

  let queue: DatabaseQueue

  /// Why a file cannot be used; it is then renamed aside, never deleted.
  struct Unusable: Error, CustomStringConvertible { var description: String }

  /// Opens an existing or new database at `path`; throws ``Unusable`` for a file that is not one of ours.
  init(path: String) throws {
    var configuration = Configuration()
    configuration.label = "reorder-demo state"
    // Another program writing the file (sqlite3) delays a write for up to 2 s; then the writer
    // warns and retries (a reader never blocks it in WAL mode).
    configuration.busyMode = .timeout(2)
    configuration.prepareDatabase { db in
      // 32 MB of page cache: writing a million rows into two B-trees thrashes the default 2 MB.
      try db.execute(sql: "PRAGMA synchronous = FULL; PRAGMA cache_size = -32768")
    }
    do {
      queue = try DatabaseQueue(path: path, configuration: configuration)
      try queue.writeWithoutTransaction { db in
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        let application = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if tables.isEmpty && version == 0 && application == 0 {
          try Self.createSchema(db)
        } else if application != Self.applicationID {
          throw Unusable(description: "a SQLite database of another program")
        } else if version != Self.schemaVersion {
          throw Unusable(description: "schema version \(version), this app reads \(Self.schemaVersion)")
        } else if !(Set(["scene", "item"]).isSubset(of: Set(tables))) {
          throw Unusable(description: "its tables are missing")
        }
        // Scenes whose first rows are still being written in chunks (``InitialRows``); a file of an
        // earlier build has no such table yet.
        if !tables.contains("pending") { try db.execute(sql: Self.pendingTable) }
        if try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") != "wal" {
          throw Unusable(description: "cannot switch it to WAL mode")
        }
      }
    } catch let error as Unusable {
      throw error
    } catch let error as DatabaseError {
      throw Unusable(description: error.message ?? "\(error.resultCode)")
    }
  }

  static func createSchema(_ db: Database) throws {
    try db.execute(
      sql: """
        PRAGMA application_id = \(applicationID);
        PRAGMA user_version = \(schemaVersion);
        CREATE TABLE scene (name TEXT PRIMARY KEY NOT NULL, sections TEXT NOT NULL, state TEXT NOT NULL);
        CREATE TABLE item (
          scene TEXT NOT NULL, item TEXT NOT NULL, section TEXT NOT NULL, parent TEXT, key TEXT NOT NULL,
          expanded INTEGER, PRIMARY KEY (scene, item)) WITHOUT ROWID;
        \(orderIndex);
        """)
  }

  /// The scenes whose rows are not all written yet, each with the name of the arrangement the rows
  /// complete (``InitialRows``).
  static let pendingTable = "CREATE TABLE IF NOT EXISTS pending (scene TEXT PRIMARY KEY NOT NULL, base TEXT NOT NULL)"

  /// The index that reads a scene's rows in order (and a move's neighbours).
  static let orderIndex = "CREATE INDEX item_order ON item (scene, section, parent, key, expanded)"

  // MARK: Reading

  /// A scene as saved: its extras and its arrangement.
  struct SavedScene: Sendable {
    var state: JSONObject
    var snapshot: Snapshot<String, String>
    /// The rows of a scene whose chunked first write was cut short (`snapshot` then holds only the
    /// rows on disk): see ``completed(_:base:)``.
    var pending: PendingRows? = nil
  }

  /// Every saved scene. Rows are read with SQLite's own API (a million rows in about a second).
  func readScenes() throws -> [String: SavedScene] {
    try queue.read { db in
      var result: [String: SavedScene] = [:]
      let scenes = try Row.fetchAll(db, sql: "SELECT name, sections, state FROM scene")
      let bases = try Dictionary(
        Row.fetchAll(db, sql: "SELECT scene, base FROM pending").map { ($0[0] as String, $0[1] as String) },
        uniquingKeysWith: { a, _ in a })
      for row in scenes {
        let name: String = row["name"]
        let base = bases[name]
        var pendingRows: [String: [(item: String, key: String)]] = [:]
        let sectionIDs = try JSONValue.parse(Array((row["sections"] as String).utf8)).array?.compactMap(\.string) ?? []
        let state = try JSONValue.parse(Array((row["state"] as String).utf8)).object ?? JSONObject()
        // Rows in the index's order: section, then top level (parent NULL) before children, each by key.
        var top: [String: [String]] = [:]
        var children: [String: [String]] = [:]
        var expanded: [String: Bool] = [:]
        let statement = try db.makeStatement(
          sql: "SELECT section, parent, item, expanded, key FROM item WHERE scene = ? ORDER BY section, parent, key")
        let s = statement.sqliteStatement
        sqlite3_bind_text(s, 1, name, -1, sqliteTransient)
        var currentSection = ""
        var currentItems: [String] = []
        while true {
          let rc = sqlite3_step(s)
          if rc == SQLITE_DONE { break }
          guard rc == SQLITE_ROW else { throw DatabaseError(resultCode: ResultCode(rawValue: rc)) }
          let section = String(cString: sqlite3_column_text(s, 0))
          let item = String(cString: sqlite3_column_text(s, 2))
          if sqlite3_column_type(s, 1) == SQLITE_NULL {
            if section != currentSection {
              if !currentItems.isEmpty { top[currentSection, default: []] += currentItems }
              currentSection = section
              currentItems = []
            }
            currentItems.append(item)
            if base != nil {
              pendingRows[section, default: []].append((item, String(cString: sqlite3_column_text(s, 4))))
            }
            if sqlite3_column_type(s, 3) != SQLITE_NULL { expanded[item] = sqlite3_column_int(s, 3) != 0 }
          } else {
            children[String(cString: sqlite3_column_text(s, 1)), default: []].append(item)
          }
        }
        if !currentItems.isEmpty { top[currentSection, default: []] += currentItems }
        let snapshot: Snapshot<String, String>
        if expanded.isEmpty {
          // Plain items (Colors): the sections in one step.
          snapshot = try Snapshot(sections: sectionIDs.map { .init(id: $0, items: top[$0] ?? []) })
        } else {
          var outline = Snapshot<String, String>()
          for id in sectionIDs {
            try outline.appendSection(id)
            for item in top[id] ?? [] {
              if let isExpanded = expanded[item] {
                try outline.appendGroup(item, children: children[item] ?? [], expanded: isExpanded, toSection: id)
              } else {
                try outline.appendItem(item, toSection: id)
              }
            }
          }
          snapshot = outline
        }
        result[name] = SavedScene(
          state: state, snapshot: snapshot, pending: base.map { PendingRows(base: $0, rows: pendingRows) })
      }
      return result
    }
  }
}

/// SQLite's SQLITE_TRANSIENT: copy the bound text.
let sqliteTransient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
