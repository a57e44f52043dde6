import Foundation
import ReorderKit
import ReorderTestSupport
import Testing

@testable import ReorderKitPostgres
@testable import ReorderKitShare

/// The keys a gesture writes, and the outbox, without a server.
@Suite("Shared board: keys and outbox")
struct KeyPlacementTests {
  /// The byte order the replicas sort by answers as the standard library's, for small and large,
  /// equal, prefixed and non-ASCII strings.
  @Test func bytesPrecedeAnswersAsLexicographicallyPrecedes() {
    var random = SplitMix(seed: 11)
    let alphabet = Array("0az0AZ9.-_:é😀".unicodeScalars)
    var strings = ["", "a", "a0", "b", String(repeating: "z", count: 40), String(repeating: "z", count: 41)]
    for _ in 0..<400 {
      let length = Int(random.next() % 24)
      strings.append(
        String(
          String.UnicodeScalarView((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })))
    }
    for a in strings {
      for b in strings.prefix(60) {
        #expect(bytesPrecede(a, b) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a) \(b)")
        #expect(bytesPrecede(b, a) == b.utf8.lexicographicallyPrecedes(a.utf8), "\(b) \(a)")
      }
    }
  }

  /// Two clients' keys for the same gap: inside it, distinct, and each client's run whole.
  @Test func taggedKeysOfTwoClientsInOneGapNeverMeetNorInterleave() throws {
    var random = SplitMix(seed: 7)
    for _ in 0..<2_000 {
      // A random gap between two random keys (or an open end).
      let spread = try OrderKey.keys(count: 40, between: nil, nil)
      var a = spread[Int(random.next() % 40)]
      for _ in 0..<Int(random.next() % 12) { a = try OrderKey.between(a, nil, jitter: &random) }
      let b = try OrderKey.between(a, random.next() % 5 == 0 ? nil : OrderKey.between(a, nil), jitter: &random)
      let lower: OrderKey? = random.next() % 7 == 0 ? nil : a
      let upper: OrderKey? = random.next() % 7 == 0 ? nil : b
      let n = 1 + Int(random.next() % 4)
      let m = 1 + Int(random.next() % 4)
      let tagA = clientTag(Int64(random.next() % 238_328))
      var tagB = clientTag(Int64(random.next() % 238_328))
      if tagB == tagA { tagB = clientTag(Int64(random.next() % 238_328) + 1) }
      let keysA = try #require(Gesture.Intent.taggedKeys(count: n, lower: lower, upper: upper, tag: tagA))
      let keysB = try #require(Gesture.Intent.taggedKeys(count: m, lower: lower, upper: upper, tag: tagB))
      for key in keysA + keysB {
        #expect(lower.map { $0 < key } ?? true, "\(key) not above \(String(describing: lower))")
        #expect(upper.map { key < $0 } ?? true, "\(key) not below \(String(describing: upper))")
      }
      #expect(keysA == keysA.sorted() && keysB == keysB.sorted())
      #expect(Set(keysA + keysB).count == n + m)
      // Whole runs: all of A's keys on one side of all of B's.
      #expect(keysA.last! < keysB.first! || keysB.last! < keysA.first!)
    }
  }

  /// The card after another in its column (how others' commits name `before`), against the sorted
  /// column, on random boards with repeated keys.
  @Test func successorMatchesTheSortedColumn() {
    var random = SplitMix(seed: 11)
    for _ in 0..<300 {
      var board = BoardState()
      board.rows["todo"] = .init(parent: "", key: "V", version: 1)
      board.rows["done"] = .init(parent: "", key: "k", version: 1)
      for n in 0..<Int(random.next() % 12) {
        let key = ["a", "b", "b", "c", "d0", "d1"][Int(random.next() % 6)]
        board.rows["c\(n)"] = .init(parent: random.next() % 3 == 0 ? "done" : "todo", key: key, version: 1)
      }
      for column in ["todo", "done"] {
        let cards = board.cards(inColumn: column)
        for (i, card) in cards.enumerated() {
          #expect(board.successor(of: card) == (i + 1 < cards.count ? cards[i + 1] : nil), "\(cards) at \(card)")
        }
      }
    }
  }

  @Test func aGestureInANarrowGapRebalancesNeighboursAndStaysShort() throws {
    var board = BoardState()
    board.rows["todo"] = .init(parent: "", key: "V", version: 1)
    // Two cards whose keys leave a gap too narrow for a tagged key under 64 characters.
    let low = String(repeating: "a", count: 60) + "1"
    let high = String(repeating: "a", count: 60) + "2"
    board.rows["x"] = .init(parent: "todo", key: low, version: 1)
    board.rows["y"] = .init(parent: "todo", key: high, version: 1)
    board.rows["z"] = .init(parent: "todo", key: "b", version: 1)
    board.rows["w"] = .init(parent: "todo", key: "c", version: 3)
    let writes = try Gesture.Intent.place(items: ["w"], parent: "todo", before: "y", inserting: false)
      .writes(on: board, tag: "007", maximumLength: 64)
    board.apply(writes)
    #expect(board.cards(inColumn: "todo") == ["x", "w", "y", "z"])
    #expect(board.longestKey <= 64)
    #expect(writes.count > 1, "neighbours were respread")
    #expect(writes.first { $0.id == "w" }?.expected == 3)
  }

  /// A change made on the board as it was a moment ago names a `before` someone else has just
  /// moved away: the card goes to the end of the column, as new data mid-drag does.
  @Test func aBeforeMovedAwayMeansTheEnd() throws {
    var board = BoardState()
    board.rows["todo"] = .init(parent: "", key: "F", version: 1)
    board.rows["done"] = .init(parent: "", key: "V", version: 1)
    board.rows["a"] = .init(parent: "todo", key: "F", version: 1)
    board.rows["b"] = .init(parent: "todo", key: "V", version: 1)
    board.rows["x"] = .init(parent: "done", key: "V", version: 1)
    let writes = try Gesture.Intent.place(items: ["a"], parent: "todo", before: "x", inserting: false)
      .writes(on: board, tag: "001", maximumLength: 64)
    board.apply(writes)
    #expect(board.cards(inColumn: "todo") == ["b", "a"])
    #expect(throws: SharedBoardError.self) {
      try Gesture.Intent.place(items: ["a"], parent: "todo", before: "a", inserting: false)
        .writes(on: board, tag: "001", maximumLength: 64)
    }
  }

  @Test func aChangeNamingWhatIsNotThereIsRefused() throws {
    let board = try SharedBoard(.init(url: "postgresql://u@127.0.0.1:1/db", board: "b"))
    _ = board
    #expect(throws: SharedBoardError.self) { _ = try SharedBoard(.init(url: "http://example", board: "b")) }
  }

  @Test func theOutboxKeepsGesturesAcrossRuns() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID()).sqlite").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let gesture = Gesture(
      id: "g1", intent: .place(items: ["c1"], parent: "todo", before: nil, inserting: false),
      writes: [RowWrite(id: "c1", parent: "todo", key: "k", expected: 2, deleted: false)])
    do {
      let outbox = try Outbox(path: path, board: "b")
      try outbox.append(gesture)
      try outbox.append(Gesture(id: "g2", intent: .delete(items: ["c2"]), writes: []))
      try outbox.remove(["g2"])
      var state = BoardState()
      state.revision = 9
      state.rows["todo"] = .init(parent: "", key: "V", version: 1)
      try outbox.replaceConfirmed(state)
    }
    let reopened = try Outbox(path: path, board: "b")
    #expect(try reopened.pending() == [gesture])
    #expect(try reopened.confirmed().state.revision == 9)
    #expect(try reopened.confirmed().state.columns == ["todo"])
    #expect(try Outbox(path: path, board: "other").pending().isEmpty)
  }

  @Test func theSnapshotHasOneSectionPerColumnInKeyOrder() {
    var board = BoardState()
    board.rows["done"] = .init(parent: "", key: "k", version: 1)
    board.rows["todo"] = .init(parent: "", key: "F", version: 1)
    board.rows["c2"] = .init(parent: "todo", key: "V", version: 1)
    board.rows["c1"] = .init(parent: "todo", key: "V", version: 1)  // an equal key: by identifier
    board.rows["c3"] = .init(parent: "done", key: "1", version: 1)
    board.rows["lost"] = .init(parent: "gone", key: "1", version: 1)
    #expect(board.snapshot.sections == [.init(id: "todo", items: ["c1", "c2"]), .init(id: "done", items: ["c3"])])
  }
}
