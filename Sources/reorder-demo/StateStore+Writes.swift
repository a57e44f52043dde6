import GRDB
import GRDBSQLite
import ReorderKit
import ReorderTool

/// A committed move by identity, as the engine's differences describe it: the items (in order) now
/// stand in `section`, in the group `parent` (or at the top level), before `before` (or at the end).
struct SavedMove: Sendable, Hashable {
  var items: [String]
  var section: String
  var parent: String?
  var before: String?
}

extension StateDatabase {
  /// How many neighbours on each side of a gap a move reads, for rebalancing keys that grew long.
  static let window = 256

  /// Writes a whole scene: its rows are replaced by the snapshot's, with evenly spread keys.
  /// Used for a scene saved for the first time, a re-sort, and the import of the JSON file.
  static func replaceScene(_ name: String, snapshot: Snapshot<String, String>, state: JSONObject, in db: Database)
    throws
  {
    try replaceScene(name, arrangement: SavedArrangement(snapshot), state: state, in: db)
  }

  static func replaceScene(_ name: String, arrangement snapshot: SavedArrangement, state: JSONObject, in db: Database)
    throws
  {
    try db.execute(sql: "DELETE FROM item WHERE scene = ?", arguments: [name])
    try db.execute(sql: "DELETE FROM pending WHERE scene = ?", arguments: [name])
    // Many rows: the order index is built once after them, by sorting, rather than kept up to date
    // row by row; in the same transaction.
    let rebuildsIndex = snapshot.sections.reduce(0) { $0 + $1.items.count } >= 50_000
    if rebuildsIndex { try db.execute(sql: "DROP INDEX IF EXISTS item_order") }
    let insert = try db.makeStatement(
      sql: "INSERT INTO item (scene, item, section, parent, key, expanded) VALUES (?, ?, ?, ?, ?, ?)")
    let s = insert.sqliteStatement
    func row(_ item: String, section: String, parent: String?, key: OrderKey, expanded: Bool?) throws {
      sqlite3_reset(s)
      sqlite3_bind_text(s, 1, name, -1, sqliteTransient)
      sqlite3_bind_text(s, 2, item, -1, sqliteTransient)
      sqlite3_bind_text(s, 3, section, -1, sqliteTransient)
      if let parent { sqlite3_bind_text(s, 4, parent, -1, sqliteTransient) } else { sqlite3_bind_null(s, 4) }
      sqlite3_bind_text(s, 5, key.rawValue, -1, sqliteTransient)
      if let expanded { sqlite3_bind_int(s, 6, expanded ? 1 : 0) } else { sqlite3_bind_null(s, 6) }
      let rc = sqlite3_step(s)
      guard rc == SQLITE_DONE else { throw DatabaseError(resultCode: ResultCode(rawValue: rc)) }
    }
    for section in snapshot.sections {
      let keys = try OrderKey.keys(count: section.items.count, between: nil, nil)
      for (item, key) in zip(section.items, keys) {
        let isGroup = snapshot.isGroup(item)
        try row(item, section: section.id, parent: nil, key: key, expanded: isGroup ? snapshot.isExpanded(item) : nil)
        guard isGroup else { continue }
        let children = snapshot.children(of: item)
        for (child, childKey) in zip(children, try OrderKey.keys(count: children.count, between: nil, nil)) {
          try row(child, section: section.id, parent: item, key: childKey, expanded: nil)
        }
      }
    }
    if rebuildsIndex { try db.execute(sql: StateDatabase.orderIndex) }
    try saveSceneRow(name, snapshot: snapshot, state: state, in: db)
  }

  static func saveSceneRow(_ name: String, snapshot: SavedArrangement, state: JSONObject, in db: Database)
    throws
  {
    let sections = JSONValue.array(snapshot.sections.map { .string($0.id) }).serialized()
    try db.execute(
      sql: "INSERT OR REPLACE INTO scene (name, sections, state) VALUES (?, ?, ?)",
      arguments: [name, sections, JSONValue.object(state).serialized()])
  }

  /// Writes one move: the moved rows (their section, parent and key), and the few neighbours a
  /// rebalance respread. Returns the number of rows written, or `nil` when the saved scene does not
  /// hold the move's items (the caller then rewrites the scene).
  static func move(_ move: SavedMove, inScene name: String, in db: Database) throws -> Int? {
    let container = "scene = ? AND section = ? AND parent IS ?"
    let base: StatementArguments = [name, move.section, move.parent]
    // Every moved item, and `before` in the destination, must be saved.
    let placeholders = Array(repeating: "?", count: move.items.count).joined(separator: ", ")
    let known = try Int.fetchOne(
      db, sql: "SELECT count(*) FROM item WHERE scene = ? AND item IN (\(placeholders))",
      arguments: [name] + StatementArguments(move.items))
    guard known == move.items.count else { return nil }
    var lower: [(id: String, key: OrderKey)]
    var upper: [(id: String, key: OrderKey)] = []
    let limit = window + move.items.count + 1
    if let before = move.before {
      guard
        let beforeKey = try String.fetchOne(
          db, sql: "SELECT key FROM item WHERE item = ? AND \(container)", arguments: [before] + base)
      else { return nil }
      lower = try rows(
        db, "SELECT item, key FROM item WHERE \(container) AND key < ? ORDER BY key DESC LIMIT ?",
        base + [beforeKey, limit])
      upper = try rows(
        db, "SELECT item, key FROM item WHERE \(container) AND key >= ? ORDER BY key LIMIT ?",
        base + [beforeKey, limit])
    } else {
      lower = try rows(db, "SELECT item, key FROM item WHERE \(container) ORDER BY key DESC LIMIT ?", base + [limit])
    }
    // A full window stops one row short of its end: that row's key bounds the run and is not rewritten.
    let lowerLimit = lower.count == limit ? lower.removeLast().key : nil
    let upperLimit = upper.count == limit ? upper.removeLast().key : nil
    let run = Array(lower.reversed()) + upper
    let placement = try OrderKey.keys(
      forMoving: move.items, before: move.before, in: run, outside: (lowerLimit, upperLimit))
    let update = try db.cachedStatement(
      sql: "UPDATE item SET section = ?, parent = ?, key = ? WHERE scene = ? AND item = ?")
    for (id, key) in placement.moved {
      try update.execute(arguments: [move.section, move.parent, key.rawValue, name, id])
    }
    let respread = try db.cachedStatement(sql: "UPDATE item SET key = ? WHERE scene = ? AND item = ?")
    for (id, key) in placement.rebalanced { try respread.execute(arguments: [key.rawValue, name, id]) }
    return placement.moved.count + placement.rebalanced.count
  }

  static func rows(_ db: Database, _ sql: String, _ arguments: StatementArguments) throws -> [(
    id: String, key: OrderKey
  )] {
    try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
      (id: row[0] as String, key: try OrderKey(row[1] as String))
    }
  }

  /// Saves whether a group shows its children: one row.
  static func setExpanded(_ isExpanded: Bool, group: String, inScene name: String, in db: Database) throws -> Bool {
    try db.execute(
      sql: "UPDATE item SET expanded = ? WHERE scene = ? AND item = ? AND expanded IS NOT NULL",
      arguments: [isExpanded ? 1 : 0, name, group])
    return db.changesCount == 1
  }
}
