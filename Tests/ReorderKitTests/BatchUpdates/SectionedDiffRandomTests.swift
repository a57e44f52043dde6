import Testing

@testable import ReorderKit

@Suite("Sectioned diff on random data")
struct SectionedDiffRandomTests {
  /// 10,000 seeded random pairs, in ten chunks that run in parallel.
  @Test("every stage is valid, the stages give new, moves are minimal", arguments: 0..<10)
  func randomPairs(chunk: Int) {
    for seed in UInt64(chunk * 1_000)..<UInt64((chunk + 1) * 1_000) {
      let pair = RandomPair(seed: seed)
      let errors = stagedChangesetErrors(old: pair.old, new: pair.new, changed: pair.changed)
      #expect(
        errors.isEmpty, "seed \(seed): old \(pair.old) new \(pair.new) changed \(pair.changed.sorted()): \(errors)")
      if !errors.isEmpty { return }
    }
  }

  /// Without section moves and content changes, the fewest stages are known:
  /// three when an item moves from a deleted section into an inserted one
  /// (insert, move, delete), two when an item only leaves a deleted section or
  /// only enters an inserted one, else one (none for equal data).
  @Test("stages are needed only where UIKit's rules force them")
  func fewestStages() throws {
    var checked = [0, 0, 0, 0]
    for seed in UInt64(50_000)..<UInt64(51_000) {
      let pair = RandomPair(seed: seed)
      let oldSection = Dictionary(uniqueKeysWithValues: pair.old.flatMap { s in s.items.map { ($0, s.id) } })
      let newIDs = Set(pair.new.map(\.id))
      let oldIDs = Set(pair.old.map(\.id))
      let survivingOrder = pair.old.map(\.id).filter(newIDs.contains)
      guard survivingOrder == pair.new.map(\.id).filter(oldIDs.contains) else { continue }
      var through = false
      var outOrIn = false
      for section in pair.new {
        for item in section.items {
          guard let from = oldSection[item], from != section.id else { continue }
          let out = !newIDs.contains(from)
          let into = !oldIDs.contains(section.id)
          if out && into { through = true } else if out || into { outOrIn = true }
        }
      }
      let expected = pair.old == pair.new ? 0 : through ? 3 : outOrIn ? 2 : 1
      let staged = try StagedChangeset(from: pair.old, to: pair.new)
      #expect(staged.stages.count == expected, "seed \(seed)")
      checked[expected] += 1
    }
    #expect(checked.allSatisfy { $0 > 10 }, "cases by stage count: \(checked)")
  }
}
