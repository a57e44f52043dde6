import Benchmark
import Foundation
import GRDB
import ReorderKit

/// Order keys and saved state: one key between two keys (short and 60-digit neighbours, and with
/// jitter), and saving one move in a SQLite database of 1,000,000 rows as the desktop app does it
/// (`Sources/reorder-demo/StateStore+Writes.swift`: the same schema, statements, window and
/// `synchronous = FULL` in WAL mode), against the previous app's way: the whole arrangement
/// rewritten as a JSON file.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, maxDuration: .seconds(3))

  let a = try! OrderKey("a")
  let b = try! OrderKey("b")
  let longA = try! OrderKey(String(repeating: "V", count: 59) + "1")
  let longB = try! OrderKey(String(repeating: "V", count: 59) + "2")
  Benchmark("OrderKey between two short keys", configuration: .init(scalingFactor: .kilo)) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(try! OrderKey.between(a, b)) }
  }
  Benchmark("OrderKey between two 60-digit keys", configuration: .init(scalingFactor: .kilo)) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(try! OrderKey.between(longA, longB)) }
  }
  Benchmark("OrderKey between two short keys, with jitter", configuration: .init(scalingFactor: .kilo)) {
    benchmark in
    var random = SystemRandomNumberGenerator()
    for _ in benchmark.scaledIterations { blackHole(try! OrderKey.between(a, b, jitter: &random)) }
  }
  Benchmark("OrderKey keys(count: 1000), per call", configuration: .init(timeUnits: .microseconds)) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(try! OrderKey.keys(count: 1000, between: a, b)) }
  }

  Benchmark(
    "Saving one move, 1,000,000-row database",
    configuration: .init(metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(5))
  ) { benchmark in
    let store = SavedStateWorkload.shared
    var random = SystemRandomNumberGenerator()
    for _ in benchmark.scaledIterations {
      blackHole(try! store.moveRandomItem(using: &random))
    }
  }
  Benchmark(
    "Baseline: saving the 1,000,000-item arrangement as a JSON file",
    configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxDuration: .seconds(5), maxIterations: 5)
  ) { benchmark in
    let items = SavedStateWorkload.items
    for _ in benchmark.scaledIterations { try! SavedStateWorkload.writeJSON(items) }
  }
}

/// A database of one scene with a million items "c1" … "c1000000", built once per run.
final class SavedStateWorkload: Sendable {
  static let count = 1_000_000
  static let items = (1...count).map { "c\($0)" }
  static let shared = SavedStateWorkload()
  let queue: DatabaseQueue
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("orderkey-bench-\(getpid())")

  init() {
    try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var configuration = Configuration()
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL; PRAGMA cache_size = -32768") }
    queue = try! DatabaseQueue(path: directory.appendingPathComponent("state.db").path, configuration: configuration)
    try! queue.writeWithoutTransaction { db in
      _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
      try db.execute(
        sql: """
          CREATE TABLE scene (name TEXT PRIMARY KEY NOT NULL, sections TEXT NOT NULL, state TEXT NOT NULL);
          CREATE TABLE item (
            scene TEXT NOT NULL, item TEXT NOT NULL, section TEXT NOT NULL, parent TEXT, key TEXT NOT NULL,
            expanded INTEGER, PRIMARY KEY (scene, item)) WITHOUT ROWID;
          CREATE INDEX item_order ON item (scene, section, parent, key, expanded);
          """)
    }
    let keys = try! OrderKey.keys(count: Self.count, between: nil, nil)
    try! queue.write { db in
      let insert = try db.makeStatement(
        sql: "INSERT INTO item (scene, item, section, parent, key) VALUES ('colors', ?, 'colors', NULL, ?)")
      for (item, key) in zip(Self.items, keys) { try insert.execute(arguments: [item, key.rawValue]) }
    }
  }

  /// One move, as `StateDatabase.move`: a random item before a random other item, in one transaction.
  /// Returns the rows written.
  func moveRandomItem(using random: inout some RandomNumberGenerator) throws -> Int {
    let item = Self.items[Int.random(in: 0..<Self.count, using: &random)]
    var before: String? = Self.items[Int.random(in: 0..<Self.count, using: &random)]
    if before == item { before = nil }
    return try queue.write { db in
      let container = "scene = 'colors' AND section = 'colors' AND parent IS NULL"
      let limit = 256 + 2
      func rows(_ sql: String, _ arguments: StatementArguments) throws -> [(id: String, key: OrderKey)] {
        try Row.fetchAll(db, sql: sql, arguments: arguments).map { (id: $0[0], key: try OrderKey($0[1] as String)) }
      }
      var lower: [(id: String, key: OrderKey)]
      var upper: [(id: String, key: OrderKey)] = []
      if let before {
        let key = try String.fetchOne(
          db, sql: "SELECT key FROM item WHERE item = ? AND \(container)", arguments: [before])!
        lower = try rows(
          "SELECT item, key FROM item WHERE \(container) AND key < ? ORDER BY key DESC LIMIT ?", [key, limit])
        upper = try rows(
          "SELECT item, key FROM item WHERE \(container) AND key >= ? ORDER BY key LIMIT ?", [key, limit])
      } else {
        lower = try rows("SELECT item, key FROM item WHERE \(container) ORDER BY key DESC LIMIT ?", [limit])
      }
      let lowerLimit = lower.count == limit ? lower.removeLast().key : nil
      let upperLimit = upper.count == limit ? upper.removeLast().key : nil
      let placement = try OrderKey.keys(
        forMoving: [item], before: before, in: Array(lower.reversed()) + upper, outside: (lowerLimit, upperLimit))
      let update = try db.cachedStatement(
        sql: "UPDATE item SET section = 'colors', parent = NULL, key = ? WHERE scene = 'colors' AND item = ?")
      for (id, key) in placement.moved + placement.rebalanced { try update.execute(arguments: [key.rawValue, id]) }
      return db.changesCount
    }
  }

  /// The previous app's save: the whole arrangement as JSON, written beside, fsynced, renamed over.
  static func writeJSON(_ items: [String]) throws {
    let text =
      "{\"version\": 1, \"scenes\": {\"colors\": {\"sections\": [{\"id\": \"colors\", \"items\": [\""
      + items.joined(separator: "\", \"") + "\"]}]}}}\n"
    let path = shared.directory.appendingPathComponent("state.json").path
    let temporary = path + ".tmp"
    FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8))
    let handle = FileHandle(forWritingAtPath: temporary)!
    try handle.synchronize()
    try handle.close()
    _ = rename(temporary, path)
  }
}
