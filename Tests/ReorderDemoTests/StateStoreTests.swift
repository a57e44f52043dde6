import Foundation
import GRDB
import ReorderKit
import Testing

@testable import reorder_demo

/// A fresh folder for one test's state files.
private func scratch() throws -> String {
  let path = NSTemporaryDirectory() + "reorder-state-\(UUID().uuidString)"
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

private func colors(_ items: [String]) throws -> Snapshot<String, String> {
  try Snapshot(sections: [.init(id: "colors", items: items)])
}

@Suite("The app's saved state: SQLite rows, moves, import, corrupt files")
struct StateStoreTests {
  @Test func oneMoveWritesOneRow() throws {
    let database = try StateDatabase(path: try scratch() + "/state.db")
    let items = (1...1000).map { "c\($0)" }
    try database.queue.write { db in
      try StateDatabase.replaceScene("colors", snapshot: try colors(items), state: [:], in: db)
    }
    var written = 0
    var changes = 0
    try database.queue.write { db in
      let before = db.totalChangesCount
      written =
        try StateDatabase.move(
          SavedMove(items: ["c1"], section: "colors", parent: nil, before: "c9"), inScene: "colors", in: db) ?? -1
      changes = db.totalChangesCount - before
    }
    #expect(written == 1)
    #expect(changes == 1, "SQLite's own count of rows changed by the move's transaction")
    let order = try #require(try database.readScenes()["colors"]).snapshot.items(inSection: 0)
    #expect(Array(order[0..<9]) == ["c2", "c3", "c4", "c5", "c6", "c7", "c8", "c1", "c9"])
  }

  @Test func aDropOfSeveralItemsIntoAFolderIsOneRunWithOneRowEach() throws {
    var snapshot = Snapshot<String, String>()
    try snapshot.appendSection("course")
    try snapshot.appendItem("a", toSection: "course")
    try snapshot.appendGroup("g", children: ["x", "y"], expanded: true, toSection: "course")
    try snapshot.appendItem("b", toSection: "course")
    try snapshot.appendItem("c", toSection: "course")
    let database = try StateDatabase(path: try scratch() + "/state.db")
    try database.queue.write { db in
      try StateDatabase.replaceScene("lessons", snapshot: snapshot, state: [:], in: db)
    }
    // The engine moved b and c into g, before y.
    snapshot.moveItem(from: snapshot.position(of: "b")!, to: OutlinePosition(section: 0, parent: "g", index: 1))
    snapshot.moveItem(from: snapshot.position(of: "c")!, to: OutlinePosition(section: 0, parent: "g", index: 2))
    let moves = StateStore.moves(of: ["c", "b"], in: snapshot)
    #expect(moves == [SavedMove(items: ["b", "c"], section: "course", parent: "g", before: "y")])
    var changes = 0
    try database.queue.write { db in
      let before = db.totalChangesCount
      for move in moves { _ = try StateDatabase.move(move, inScene: "lessons", in: db) }
      changes = db.totalChangesCount - before
    }
    #expect(changes == 2)
    let saved = try #require(try database.readScenes()["lessons"]).snapshot
    #expect(saved.children(of: "g") == ["x", "b", "c", "y"])
    #expect(saved.items(inSection: 0) == ["a", "g"])
  }

  @Test func theJSONFileIsImportedOnceAndKept() throws {
    let folder = try scratch()
    let path = folder + "/state.json"
    let json = """
      {"version": 1, "scenes": {"colors": {"sections": [{"id": "colors", "items": ["c2", "c1", "c3"]}]},
       "students": {"sort": "height", "sections": [{"id": "h", "items": ["s1"]}]}}}
      """
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    var store = StateStore(path: path)
    let warning = store.load(reset: false)
    #expect(warning == nil)
    #expect(FileManager.default.contents(atPath: path + ".v1-1.json") == Data(json.utf8))
    let scenes = try StateDatabase(path: path).readScenes()
    #expect(scenes["colors"]?.snapshot.items(inSection: 0) == ["c2", "c1", "c3"])
    #expect(scenes["students"]?.state["sort"] == "height")
    // Opening again reads the database: no second import.
    var again = StateStore(path: path)
    let second = again.load(reset: false)
    #expect(second == nil)
    #expect(!FileManager.default.fileExists(atPath: path + ".v1-2.json"))
  }

  @Test(arguments: ["garbage", "json", "empty", "foreign"])
  func unusableFilesAreKeptAsideNeverDeleted(kind: String) throws {
    let folder = try scratch()
    let path = folder + "/state.db"
    switch kind {
    case "garbage":
      try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: path))
    case "json": try Data("[1, 2, 3]".utf8).write(to: URL(fileURLWithPath: path))
    case "empty": try Data().write(to: URL(fileURLWithPath: path))
    default:
      let other = try DatabaseQueue(path: path)
      try other.write { db in try db.execute(sql: "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep')") }
      try other.close()
    }
    let original = FileManager.default.contents(atPath: path)!
    var store = StateStore(path: path)
    let loaded = store.load(reset: false)
    let warning = try #require(loaded)
    #expect(warning.contains("\(path) is not a reorder-demo database"))
    #expect(warning.contains("\(path).corrupt-1"))
    #expect(!warning.contains("\n"), "one line")
    #expect(FileManager.default.contents(atPath: path + ".corrupt-1") == original)
    // A fresh database took its place.
    #expect(try StateDatabase(path: path).readScenes().isEmpty)
  }
  @Test func theOldDefaultNameIsMovedOnceWithItsLog() throws {
    let folder = try scratch()
    let old = folder + "/" + Options.oldStateFileName
    let path = folder + "/" + Options.stateFileName
    #expect(Options.stateFileName == "state.sqlite")
    // A database of the previous version, left with its write-ahead log (the process was killed).
    let database = try StateDatabase(path: old)
    try database.queue.write { db in
      try StateDatabase.replaceScene("colors", snapshot: try colors(["c3", "c1", "c2"]), state: [:], in: db)
    }
    #expect(FileManager.default.fileExists(atPath: old + "-wal"))
    let note = try #require(try StateStore.moveOldStateFile(from: old, to: path))
    #expect(note.contains(old) && note.contains(path) && !note.contains("\n"))
    try database.queue.close()
    #expect(!FileManager.default.fileExists(atPath: old))
    #expect(!FileManager.default.fileExists(atPath: old + "-wal"))
    var store = StateStore(path: path)
    #expect(store.load(reset: false) == nil)
    #expect(store.finishLoading() == nil)
    #expect(try StateDatabase(path: path).readScenes()["colors"]?.snapshot.items(inSection: 0) == ["c3", "c1", "c2"])
    // Once: a second call finds nothing to move, and a new file never overwrites the database.
    #expect(try StateStore.moveOldStateFile(from: old, to: path) == nil)
    try Data("{}".utf8).write(to: URL(fileURLWithPath: old))
    #expect(try StateStore.moveOldStateFile(from: old, to: path) == nil)
    #expect(FileManager.default.contents(atPath: old) == Data("{}".utf8))
  }

  @Test func theDefaultPathSaysSQLite() {
    #expect(Options.stateFolder(["XDG_STATE_HOME": "/x/state"]) == "/x/state/reorderkit")
    #expect(Options.stateFolder(["HOME": "/home/u"]) == "/home/u/.local/state/reorderkit")
    #expect(Options.stateFolder(["XDG_STATE_HOME": "relative", "HOME": "/h"]) == "/h/.local/state/reorderkit")
  }
  @Test func aBigSceneIsWrittenWithItsIndexBuiltAfterTheRows() throws {
    let database = try StateDatabase(path: try scratch() + "/state.sqlite")
    let items = (1...60_000).map { "c\($0)" }
    try database.queue.write { db in
      try StateDatabase.replaceScene("small", snapshot: try colors(["a", "b"]), state: [:], in: db)
      try StateDatabase.replaceScene("colors", snapshot: try colors(items), state: [:], in: db)
    }
    let index = try database.queue.read { db in
      try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'item_order'")
    }
    #expect(index == StateDatabase.orderIndex)
    var written = 0
    try database.queue.write { db in
      written =
        try StateDatabase.move(
          SavedMove(items: ["c1"], section: "colors", parent: nil, before: "c50000"), inScene: "colors", in: db) ?? -1
    }
    #expect(written == 1)
    let scenes = try database.readScenes()
    let order = try #require(scenes["colors"]).snapshot.items(inSection: 0)
    #expect(order.count == 60_000 && order[49_998] == "c1" && order[49_999] == "c50000" && order[0] == "c2")
    #expect(scenes["small"]?.snapshot.items(inSection: 0) == ["a", "b"])
  }
}
