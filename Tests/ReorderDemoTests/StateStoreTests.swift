import Foundation
import GRDB
import ReorderKit
import ReorderTool
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

  @Test func movesWhileABigScenesFirstRowsAreWrittenSurviveAKillAndTheRestIsWrittenAtTheNextStart() throws {
    InitialRows.chunkDuration = 0  // 512 rows a chunk
    defer { InitialRows.chunkDuration = 0.04 }
    let path = try scratch() + "/state.sqlite"
    let size = Size(width: 400, height: 600)
    var store = StateStore(path: path)
    #expect(store.load(reset: true) == nil)
    var scene: any DemoScene = ColorsScene(count: 60_000, viewSize: size)
    store.adopt([scene])
    // Two drops at once, while the rows are written: c1 before c9, c59990 (not written yet) before c30000.
    var items = (1...60_000).map { "c\($0)" }
    items.remove(at: 0)
    items.insert("c1", at: 7)
    items.remove(at: try #require(items.firstIndex(of: "c59990")))
    items.insert("c59990", at: try #require(items.firstIndex(of: "c30000")))
    scene.view = scene.makeView(try colors(items), viewSize: size)
    store.record(scene, moved: ["c59990", "c1"], toggled: [], reporting: false)
    store.finish()  // the app quits (or is killed) before the rows are all written
    let database = try StateDatabase(path: path)
    let (rows, pending) = try database.queue.read { db in
      (
        try Int.fetchOne(db, sql: "SELECT count(*) FROM item") ?? 0,
        try Int.fetchOne(db, sql: "SELECT count(*) FROM pending") ?? 0
      )
    }
    #expect(rows < 60_000 && pending == 1, "cut short: \(rows) rows, \(pending) pending")

    // The next start shows both drops, then writes the rest.
    var again = StateStore(path: path)
    #expect(again.load(reset: false) == nil)
    var restored: any DemoScene = ColorsScene(count: 60_000, viewSize: size)
    try again.restore(&restored)
    #expect(restored.view.snapshot.items(inSection: 0) == items)
    again.adopt([restored])
    var done = false
    for _ in 0..<600 where !done {
      Thread.sleep(forTimeInterval: 0.1)
      done = try database.queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM pending") } == 0
    }
    again.finish()
    #expect(done)
    let saved = try #require(try database.readScenes()["colors-60000"])
    #expect(saved.pending == nil)
    #expect(saved.snapshot.items(inSection: 0) == items)
  }

  @Test func rowsOfAnotherArrangementAreNotCompleted() throws {
    let base = SavedArrangement(try colors(["a", "b", "c"]))
    let name = StateDatabase.baseName(of: base)
    let rows = ["colors": [(item: "c", key: "0")]]
    #expect(
      try StateDatabase.completed(.init(base: name, rows: rows), base: base).items(inSection: 0) == ["c", "a", "b"])
    #expect(throws: (any Error).self) {
      try StateDatabase.completed(.init(base: name, rows: rows), base: SavedArrangement(try colors(["a", "b", "d"])))
    }
    #expect(throws: (any Error).self) {
      try StateDatabase.completed(.init(base: name, rows: ["other": rows["colors"]!]), base: base)
    }
  }

  @Test func aPlainChangedLineIsWhatTheJSONWriterWrites() throws {
    let snapshot = try Snapshot<String, String>(sections: [
      .init(id: "colors", items: ["c1", "c2", "c3"]), .init(id: "empty", items: []), .init(id: "more", items: ["c4"]),
    ])
    let line = StateWriter.changedLine(
      StateWriter.ChangedReport(scene: "colors", snapshot: SavedArrangement(snapshot, plain: true), plain: true))
    let sections = snapshot.sections.map { section -> JSONValue in
      .object(["id": .string(section.id), "items": .array(section.items.map(JSONValue.string))])
    }
    let expected = JSONValue.object([
      "event": "changed", "scene": "colors", "sections": .array(sections),
    ]).serialized()
    #expect(String(decoding: line, as: UTF8.self) == expected)
    var ready = ""
    StateWriter.appendSections(SavedArrangement(snapshot, plain: true), plain: true, to: &ready)
    #expect(ready == JSONValue.array(sections).serialized())
  }

  @Test func aBoardsChangedLineIsWhatTheJSONWriterWrites() throws {
    // Plain cards are copied as bytes; a column with a card that needs escaping is written by the
    // JSON writer: the line is the same either way.
    let columns: [Snapshot<String, String>.Section] = [
      .init(id: "todo", items: ["card-1", "card-2"]), .init(id: "doing", items: []),
      .init(id: "do\"ne", items: ["card-3", "a \"quoted\" card", "tab\there"]),
    ]
    let line = StateWriter.changedLine(
      StateWriter.ChangedReport(
        scene: "board", snapshot: SavedArrangement(sections: columns), plain: false, views: true))
    let views = columns.map { section -> JSONValue in
      .object([
        "id": .string(section.id),
        "sections": [.object(["id": .string(section.id), "items": .array(section.items.map(JSONValue.string))])],
      ])
    }
    let expected = JSONValue.object(["event": "changed", "scene": "board", "views": .array(views)]).serialized()
    #expect(String(decoding: line, as: UTF8.self) == expected)
    #expect(StateWriter.isPlain("card-1") && StateWriter.isPlain("ü·é"))
    #expect(!StateWriter.isPlain("a\"b") && !StateWriter.isPlain("a\\b") && !StateWriter.isPlain("a\nb"))
  }
}
