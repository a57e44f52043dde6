import Foundation
import ReorderKit
import Testing

@testable import reorder_demo

/// The app's concurrent saving, for ThreadSanitizer (Scripts/sanitizers.sh thread): the background
/// writer's queue against readers on other threads, and the rows read on another thread at start.
@Suite("The saved state across threads")
struct StateConcurrencyTests {
  private func scratch() throws -> String {
    let path = NSTemporaryDirectory() + "reorder-concurrency-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path + "/state.db"
  }

  @Test func queuedMovesLandInOrderWhileOtherThreadsRead() throws {
    let path = try scratch()
    let database = try StateDatabase(path: path)
    var order = (0..<200).map { "c\($0)" }
    let writer = StateWriter(database: database, path: path)
    writer.enqueue(
      .replace(SavedArrangement(try Snapshot(sections: [.init(id: "colors", items: order)])), state: [:]),
      scene: "colors", report: nil)
    // Readers on two other threads while the main thread queues moves.
    let readers = DispatchGroup()
    let reads = ReadCount()
    for _ in 0..<2 {
      DispatchQueue.global().async(group: readers) {
        for _ in 0..<20 where (try? database.readScenes()) != nil { reads.add() }
      }
    }
    var random = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      let item = order.remove(at: Int.random(in: 0..<order.count, using: &random))
      let at = Int.random(in: 0...order.count, using: &random)
      order.insert(item, at: at)
      let move = SavedMove(
        items: [item], section: "colors", parent: nil, before: at + 1 < order.count ? order[at + 1] : nil)
      writer.enqueue(
        .change(
          moves: [move], expanded: [], SavedArrangement(try Snapshot(sections: [.init(id: "colors", items: order)])),
          state: [:]),
        scene: "colors", report: nil)
    }
    writer.waitUntilIdle()
    readers.wait()
    #expect(reads.value == 40)
    #expect(try database.readScenes()["colors"]?.snapshot.items(inSection: 0) == order)
  }

  @Test func theRowsReadAtStartOnAnotherThreadAreHandedOver() throws {
    let path = try scratch()
    let items = (0..<500).map { "c\($0)" }
    let database = try StateDatabase(path: path)
    let writer = StateWriter(database: database, path: path)
    writer.enqueue(
      .replace(SavedArrangement(try Snapshot(sections: [.init(id: "colors", items: items)])), state: ["sort": "hue"]),
      scene: "colors",
      report: nil)
    writer.waitUntilIdle()
    var store = StateStore(path: path)
    #expect(store.load(reset: false) == nil)
    #expect(store.finishLoading() == nil)
    #expect(try StateDatabase(path: path).readScenes()["colors"]?.snapshot.items(inSection: 0) == items)
    store.finish()
  }
}

/// A counter shared by the reader threads.
private final class ReadCount: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func add() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}
