import Foundation
import GRDB
import GRDBSQLite
import ReorderKit
import ReorderTool

/// A big scene's first rows, written in chunks on the writer's queue so that a move made meanwhile
/// waits for one chunk, not for the whole scene (a million rows take 10 s or more).
///
/// The scene's rows get the keys a whole write would give them (evenly spread over each section of
/// the *base*: the arrangement the app built, in its order). The first transaction deletes the old
/// rows and writes the scene's row and a `pending` row naming the base (``baseName(of:)``); each
/// chunk inserts the next rows (`INSERT OR IGNORE`: a row a move wrote stays); the last chunk
/// deletes the `pending` row. A move between chunks first inserts, with their base keys, the rows
/// its gap reads (the moved items and ``StateDatabase/window`` neighbours each side, in the order the
/// app shows), then is written as any move: one row. The rows on disk always sort as the app
/// showed them, so a kill at any point loses nothing reported: at the next start the rows are read
/// with the missing ones given their base keys (``StateDatabase/completed(_:base:)``), and the
/// rest of the rows are written (`resume`).
/// Used on the writer's queue only.
final class InitialRows: @unchecked Sendable {
  let scene: String
  let base: SavedArrangement
  /// The base keys, per section of `base`.
  let keys: [[String]]
  /// The next row to write: section and index in `base`.
  var section = 0
  var index = 0
  /// Each item's section and index in `base`, built at the first move that needs it.
  private var positions: [String: (section: Int32, index: Int32)]?

  init(scene: String, base: SavedArrangement) throws {
    self.scene = scene
    // Its own copy of the items, made here on the writer's queue: held for the whole write (seconds),
    // the app's arrays would otherwise be shared, and the engine's next change would copy them (16
    // MB for a million items) on the main thread, in the frame of the drop.
    var own = base
    own.sections = base.sections.map { section in
      var items: [String] = []
      items.reserveCapacity(section.items.count)
      items.append(contentsOf: section.items)
      return .init(id: section.id, items: items)
    }
    self.base = own
    keys = try base.sections.map { section in
      try OrderKey.keys(count: section.items.count, between: nil, nil).map(\.rawValue)
    }
  }

  /// Scenes at least this long (plain ones: no groups) are written in chunks.
  static let threshold = 50_000
  /// How long one chunk's transaction writes rows before it lets a queued move run.
  nonisolated(unsafe) static var chunkDuration = 0.04

  var isDone: Bool { section >= base.sections.count }

  /// Inserts the next rows, for about ``chunkDuration`` seconds. Returns whether rows remain.
  func writeChunk(in db: Database) throws -> Bool {
    let insert = try StateDatabase.insertStatement(db)
    let deadline = Date().timeIntervalSinceReferenceDate + Self.chunkDuration
    var count = 0
    while section < base.sections.count {
      let items = base.sections[section].items
      if index >= items.count {
        section += 1
        index = 0
        continue
      }
      try insert.row(scene, items[index], section: base.sections[section].id, key: keys[section][index])
      index += 1
      count += 1
      if count % 512 == 0, Date().timeIntervalSinceReferenceDate > deadline { break }
    }
    if isDone { try db.execute(sql: "DELETE FROM pending WHERE scene = ?", arguments: [scene]) }
    return !isDone
  }

  /// Before `moves` (in the app's `arrangement` after them) are written: inserts, with their base
  /// keys, the rows each move reads around its gap that are not written yet.
  func prepare(_ moves: [SavedMove], in arrangement: SavedArrangement, db: Database) throws {
    guard !isDone else { return }
    let insert = try StateDatabase.insertStatement(db)
    for move in moves where move.parent == nil {
      guard let section = arrangement.sections.first(where: { $0.id == move.section }),
        let first = section.items.firstIndex(of: move.items[0])
      else { continue }
      let reach = StateDatabase.window + move.items.count + 2
      let lower = max(0, first - reach)
      let upper = min(section.items.count, first + move.items.count + reach)
      for p in lower..<upper {
        let item = section.items[p]
        guard let (s, i) = basePosition(of: item, near: p, inSection: move.section) else { continue }
        try insert.row(scene, item, section: base.sections[s].id, key: keys[s][i])
      }
      drift += move.items.count
    }
  }

  /// How far an item may stand from its place in `base`: the items moved so far this session.
  private var drift = 0
  /// The items looked for in the whole base so far.
  private var searches = 0

  /// An item's section and index in `base`, looked for first around `index` in the same section
  /// (the items not moved yet stand within `drift` of where they were), else by a scan of the base
  /// (a moved item), or, after a few scans, in an index of every item (built once: a million items
  /// take a second or more).
  private func basePosition(of item: String, near index: Int, inSection id: String) -> (Int, Int)? {
    if let s = base.sections.firstIndex(where: { $0.id == id }) {
      let items = base.sections[s].items
      let radius = drift + 64
      for i in max(0, index - radius)..<min(items.count, index + radius + 1) where items[i] == item { return (s, i) }
    }
    if positions == nil, searches < 16 {
      // A moved item (far from its old place): a scan of the base, a few milliseconds.
      searches += 1
      for (s, section) in base.sections.enumerated() {
        if let i = section.items.firstIndex(of: item) { return (s, i) }
      }
      return nil
    }
    if positions == nil {
      var map: [String: (section: Int32, index: Int32)] = [:]
      map.reserveCapacity(base.sections.reduce(0) { $0 + $1.items.count })
      for (s, section) in base.sections.enumerated() {
        for (i, item) in section.items.enumerated() { map[item] = (Int32(s), Int32(i)) }
      }
      positions = map
    }
    return positions?[item].map { (Int($0.section), Int($0.index)) }
  }
}

extension StateDatabase {
  /// `INSERT OR IGNORE` of plain rows (no parent, not a group), bound through SQLite's own API.
  struct InsertStatement {
    let statement: Statement

    func row(_ scene: String, _ item: String, section: String, key: String) throws {
      let s = statement.sqliteStatement
      sqlite3_reset(s)
      sqlite3_bind_text(s, 1, scene, -1, sqliteTransient)
      sqlite3_bind_text(s, 2, item, -1, sqliteTransient)
      sqlite3_bind_text(s, 3, section, -1, sqliteTransient)
      sqlite3_bind_text(s, 4, key, -1, sqliteTransient)
      let rc = sqlite3_step(s)
      guard rc == SQLITE_DONE else { throw DatabaseError(resultCode: ResultCode(rawValue: rc)) }
    }
  }

  static func insertStatement(_ db: Database) throws -> InsertStatement {
    InsertStatement(
      statement: try db.cachedStatement(
        sql: "INSERT OR IGNORE INTO item (scene, item, section, parent, key, expanded) VALUES (?, ?, ?, NULL, ?, NULL)")
    )
  }

  /// Starts a chunked write of a scene (``InitialRows``): its old rows deleted, its scene row and
  /// its `pending` row written. With `resume`, the rows on disk are kept (a write a kill cut short).
  static func startInitialRows(
    _ name: String, base: SavedArrangement, state: JSONObject, resume: Bool, in db: Database
  ) throws {
    if !resume { try db.execute(sql: "DELETE FROM item WHERE scene = ?", arguments: [name]) }
    try saveSceneRow(name, snapshot: base, state: state, in: db)
    try db.execute(
      sql: "INSERT OR REPLACE INTO pending (scene, base) VALUES (?, ?)", arguments: [name, baseName(of: base)])
  }

  /// What names a base arrangement in the `pending` table: its sections, their lengths, and a
  /// 64-bit FNV-1a hash of every item in order (a million in about 10 ms).
  static func baseName(of base: SavedArrangement) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var name = ""
    for section in base.sections {
      name += "\(section.id.utf8.count):\(section.id)=\(section.items.count);"
      for item in section.items {
        for byte in item.utf8 {
          hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        hash = (hash ^ 0xFF) &* 0x100_0000_01b3
      }
    }
    return name + String(hash, radix: 16)
  }

  /// A scene whose chunked write was cut short, as read: the rows on disk (per section, by key) and
  /// the name of the base they complete.
  struct PendingRows: Sendable {
    var base: String
    var rows: [String: [(item: String, key: String)]]
  }

  /// The scene the app shows for a cut-short write: the rows on disk, and the base's missing items
  /// with their base keys, by key. Throws when `base` is not the one the write started from, or the
  /// rows hold items the base does not.
  static func completed(_ pending: PendingRows, base: SavedArrangement) throws -> Snapshot<String, String> {
    struct Mismatch: Error, CustomStringConvertible {
      var description: String { "the saved rows were written from another arrangement" }
    }
    guard base.groups.isEmpty, baseName(of: base) == pending.base,
      Set(pending.rows.keys).isSubset(of: Set(base.sections.map(\.id)))
    else { throw Mismatch() }
    var present = Set<String>()
    for rows in pending.rows.values { for row in rows { present.insert(row.item) } }
    var sections: [Snapshot<String, String>.Section] = []
    for section in base.sections {
      let keys = try OrderKey.keys(count: section.items.count, between: nil, nil)
      let saved = pending.rows[section.id] ?? []
      var items: [String] = []
      items.reserveCapacity(section.items.count)
      var j = 0
      for (item, key) in zip(section.items, keys) where !present.contains(item) {
        while j < saved.count, saved[j].key < key.rawValue {
          items.append(saved[j].item)
          j += 1
        }
        items.append(item)
      }
      items += saved[j...].map(\.item)
      sections.append(.init(id: section.id, items: items))
    }
    return try Snapshot(sections: sections)
  }
}
