import ReorderKit
import ReorderTestSupport
import Testing

/// A container as an app stores it: items with keys, read back in key order.
private struct KeyedContainer {
  var keys: [String: OrderKey] = [:]

  init(count: Int) throws {
    for (i, key) in try OrderKey.keys(count: count, between: nil, nil).enumerated() { keys["i\(i)"] = key }
  }

  /// The items in key order, as a container of (id, key).
  var ordered: [(id: String, key: OrderKey)] {
    keys.sorted { $0.value < $1.value }.map { (id: $0.key, key: $0.value) }
  }

  /// Moves items before `before` through ``OrderKey/keys(forMoving:before:in:outside:maximumLength:)``;
  /// returns how many rows were written.
  mutating func move(_ items: [String], before: String?) throws -> Int {
    let placement = try OrderKey.keys(forMoving: items, before: before, in: ordered)
    for (id, key) in placement.moved + placement.rebalanced { keys[id] = key }
    return placement.moved.count + placement.rebalanced.count
  }
}

/// The reference model of a move by identity: take the items out, insert them before `before` (or at the end).
private func referenceMove(_ order: [String], _ items: [String], before: String?) -> [String] {
  var rest = order.filter { !items.contains($0) }
  let index = before.flatMap { rest.firstIndex(of: $0) } ?? rest.count
  rest.insert(contentsOf: items, at: index)
  return rest
}

@Suite("Order keys: a committed move to keys, and local rebalancing")
struct OrderKeyMoveTests {
  @Test func documentedExample() throws {
    let container: [(id: String, key: OrderKey)] = [("a", try OrderKey("F")), ("b", try OrderKey("V"))]
    let placement = try OrderKey.keys(forMoving: ["b"], before: "a", in: container)
    #expect(placement.moved.map(\.id) == ["b"])
    #expect(placement.moved.map(\.key.rawValue) == ["7"])
    #expect(placement.rebalanced.isEmpty)
  }

  @Test func theDifferenceShapedCallAsksForTheDestinationContainer() throws {
    let keys = try OrderKey.keys(count: 3, between: nil, nil)
    let containers: [String: [(id: String, key: OrderKey)]] = [
      "S0/-": [("a", keys[0]), ("b", keys[1])], "S0/g": [("x", keys[0]), ("y", keys[1]), ("z", keys[2])],
    ]
    var asked: [String] = []
    let placement = try OrderKey.keys(
      forMoving: ["a", "b"], section: "S0", parent: "g", before: "z",
      container: { section, parent in
        asked.append("\(section)/\(parent ?? "-")")
        return containers["\(section)/\(parent ?? "-")"]!
      })
    #expect(asked == ["S0/g"])
    #expect(placement.moved.map(\.id) == ["a", "b"])
    #expect(keys[1] < placement.moved[0].key && placement.moved[0].key < placement.moved[1].key)
    #expect(placement.moved[1].key < keys[2])
  }

  @Test func badMovesThrow() throws {
    let container = try KeyedContainer(count: 3).ordered
    #expect(throws: OrderKeyError.self) { try OrderKey.keys(forMoving: [String](), before: nil, in: container) }
    #expect(throws: OrderKeyError.self) { try OrderKey.keys(forMoving: ["i0", "i0"], before: nil, in: container) }
    #expect(throws: OrderKeyError.self) { try OrderKey.keys(forMoving: ["i0"], before: "i0", in: container) }
    #expect(throws: OrderKeyError.self) { try OrderKey.keys(forMoving: ["i0"], before: "nope", in: container) }
    let unsorted = Array(container.reversed())
    #expect(throws: OrderKeyError.self) { try OrderKey.keys(forMoving: ["x"], before: "i1", in: unsorted) }
  }

  /// Every move of every run of 1–3 items to every gap, in containers of up to 6 items, against the reference model.
  @Test func everySmallMoveMatchesTheReferenceModel() throws {
    for count in 1...6 {
      let start = try KeyedContainer(count: count)
      let order = start.ordered.map(\.id)
      for length in 1...min(3, count) {
        for first in 0...(count - length) {
          let items = Array(order[first..<first + length])
          for before in [String?.none] + order.map(Optional.some) where !items.contains(before ?? "") {
            var container = start
            let written = try container.move(items, before: before)
            #expect(written == length, "a move of \(length) items writes \(length) rows")
            #expect(container.ordered.map(\.id) == referenceMove(order, items, before: before))
          }
        }
      }
    }
  }

  /// Items coming from elsewhere (another container) land in order, with one key each.
  @Test func itemsFromAnotherContainer() throws {
    let container = try KeyedContainer(count: 4).ordered
    let placement = try OrderKey.keys(forMoving: ["p", "q", "r"], before: "i2", in: container)
    let keys = placement.moved.map(\.key)
    #expect(container[1].key < keys[0] && keys[0] < keys[1] && keys[1] < keys[2] && keys[2] < container[2].key)
  }

  /// Seeded random moves (1–4 items, random gaps, biased towards one hot gap) on 200 items: the
  /// order always matches the reference model, keys stay unique, at most 64 digits, and a
  /// rebalance touches a few neighbours only.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func randomMovesStaySortedUniqueAndBounded(seed: UInt64) throws {
    var rng = SplitMix(spreading: seed)
    var container = try KeyedContainer(count: 200)
    var order = container.ordered.map(\.id)
    var mostRebalanced = 0
    for step in 0..<1_000 {
      let length = rng.int(1...4)
      let first = rng.int(0...(order.count - length))
      let items = Array(order[first..<first + length])
      let rest = order.filter { !items.contains($0) }
      // Half the moves go before the same item: one gap, again and again.
      let before: String? = rng.chance(0.5) ? (items.contains("i100") ? nil : "i100") : rest.randomElement(using: &rng)
      let written = try container.move(items, before: before)
      mostRebalanced = max(mostRebalanced, written - length)
      order = referenceMove(order, items, before: before)
      let ordered = container.ordered
      #expect(ordered.map(\.id) == order, "step \(step)")
      #expect(Set(ordered.map(\.key)).count == order.count)
      #expect(ordered.allSatisfy { $0.key.count <= OrderKey.maximumLength })
    }
    #expect(mostRebalanced <= 256, "a rebalance rewrote \(mostRebalanced) neighbours")
  }

  /// 10,000 inserts at one gap, at random gaps and at the end (the workloads of BENCHMARKS.md):
  /// keys stay within 64 digits, and the rows rewritten per insert stay few on average.
  @Test(arguments: ["one gap", "random gaps", "end"])
  func tenThousandInsertsStayBounded(workload: String) throws {
    var rng = SplitMix(spreading: 5)
    var container: [(id: String, key: OrderKey)] = try OrderKey.keys(count: 2, between: nil, nil).enumerated().map {
      (id: "s\($0.offset)", key: $0.element)
    }
    var written = 0
    var longest = 0
    for i in 0..<10_000 {
      let gap: Int
      switch workload {
      case "one gap": gap = 1
      case "end": gap = container.count
      default: gap = rng.int(0...container.count)
      }
      // A run of 300 items each side of the gap, with the keys just outside it (as an app reads from its database).
      let run = max(gap - 300, 0)..<min(gap + 300, container.count)
      let outside = (
        lower: run.lowerBound > 0 ? container[run.lowerBound - 1].key : nil,
        upper: run.upperBound < container.count ? container[run.upperBound].key : nil
      )
      let before = gap < container.count ? container[gap].id : nil
      let placement = try OrderKey.keys(forMoving: ["n\(i)"], before: before, in: container[run], outside: outside)
      written += 1 + placement.rebalanced.count
      let newKeys = Dictionary(uniqueKeysWithValues: placement.rebalanced.map { ($0.id, $0.key) })
      for j in run where newKeys[container[j].id] != nil { container[j].key = newKeys[container[j].id]! }
      container.insert(placement.moved[0], at: gap)
      longest = max(longest, placement.moved[0].key.count)
    }
    #expect(container.count == 10_002)
    #expect(zip(container, container.dropFirst()).allSatisfy { $0.key < $1.key })
    #expect(container.allSatisfy { $0.key.count <= OrderKey.maximumLength })
    #expect(Double(written) / 10_000 < 6, "\(workload): \(Double(written) / 10_000) rows per insert")
    print(
      "order keys, 10,000 inserts at \(workload): longest key \(longest), \(Double(written) / 10_000) rows per insert")
  }
}

@Suite("Order keys from the change stream")
struct OrderKeyChangeStreamTests {
  /// A drop in a collection view gives a difference; its keys place the moved item, alone, so that
  /// sorting by key gives the view's order.
  @Test func aDropsDifferenceGivesOneKeyPerMovedItem() throws {
    let ids = ["a", "b", "c", "d", "e"]
    var keys: [String: OrderKey] = [:]
    for (id, key) in zip(ids, try OrderKey.keys(count: ids.count, between: nil, nil)) { keys[id] = key }
    var view = CollectionView(
      snapshot: makeSnapshot([ids]), layout: .grid(.init(width: 300, columns: 3)),
      viewSize: Size(width: 300, height: 600))
    let events = drag(&view, from: Point(x: 50, y: 50), through: [Point(x: 50, y: 150)])
    let difference = try #require(
      events.compactMap { if case .committed(let d) = $0 { d } else { nil } }.first)
    let placement = try OrderKey.keys(for: difference) { _, _ in
      ids.map { (id: $0, key: keys[$0]!) }.sorted { $0.key < $1.key }
    }
    #expect(placement.moved.map(\.id) == ["a"])
    #expect(placement.rebalanced.isEmpty)
    for (id, key) in placement.moved { keys[id] = key }
    #expect(ids.sorted { keys[$0]! < keys[$1]! } == view.snapshot.items(inSection: 0))
  }
}
