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
      #expect(errors.isEmpty, "seed \(seed): old \(pair.old) new \(pair.new) changed \(pair.changed.sorted()): \(errors)")
      if !errors.isEmpty { return }
    }
  }

  @Test("stages are needed only where UIKit's rules force them")
  func singleStageWhenNothingForcesMore() throws {
    var checked = 0
    for seed in UInt64(50_000)..<UInt64(51_000) {
      let pair = RandomPair(seed: seed)
      let oldSection = Dictionary(uniqueKeysWithValues: pair.old.flatMap { s in s.items.map { ($0, s.id) } })
      let newIDs = Set(pair.new.map(\.id))
      let oldIDs = Set(pair.old.map(\.id))
      let forced = pair.new.contains { s in
        s.items.contains { item in
          guard let from = oldSection[item] else { return false }
          return from != s.id && (!newIDs.contains(from) || !oldIDs.contains(s.id))
        }
      }
      let survivingOrder = pair.old.map(\.id).filter(newIDs.contains)
      let sectionsMove = survivingOrder != pair.new.map(\.id).filter(oldIDs.contains)
      guard !forced, !sectionsMove, pair.changed.isEmpty else { continue }
      let staged = try StagedChangeset(from: pair.old, to: pair.new)
      #expect(staged.stages.count == (pair.old == pair.new ? 0 : 1), "seed \(seed)")
      checked += 1
    }
    #expect(checked > 100)
  }
}
