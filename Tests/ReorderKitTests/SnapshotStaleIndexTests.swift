import ReorderTestSupport
import Testing

@testable import ReorderKit

/// A long section's index is not rewritten after each insertion or removal before its end (a
/// card into or out of a column of 200,000): its entries may lag behind by a few places and are
/// corrected on lookup. Checked against plain arrays over random moves, inserts and deletes.
@Suite("Snapshot: stale indices of long sections")
struct SnapshotStaleIndexTests {
  /// A snapshot of sections 0, 1, … holding these items.
  static func snapshot(of reference: [[Int]]) throws -> Snapshot<Int, Int> {
    var snapshot = Snapshot<Int, Int>()
    for (s, items) in reference.enumerated() { try snapshot.appendSection(s, items: items) }
    return snapshot
  }

  /// Expects every sampled item's path where the reference has it.
  static func expectPaths(of snapshot: Snapshot<Int, Int>, as reference: [[Int]], sampling sampled: (Int) -> Bool) {
    for (s, items) in reference.enumerated() {
      for (i, id) in items.enumerated() where sampled(i) {
        #expect(snapshot.path(of: id) == ItemPath(item: i, section: s))
      }
    }
  }

  @Test func lookupsMatchTheReferenceOverRandomChanges() throws {
    var rng = SplitMix(spreading: 19)
    var reference = [Array(0..<1_500), Array(1_500..<2_700), Array(2_700..<2_710)]
    var snapshot = try Self.snapshot(of: reference)
    var next = 10_000
    var sawStale = false
    for step in 0..<600 {
      let from = rng.int(0...2)
      let to = rng.int(0...2)
      switch rng.int(0...3) {
      case 0 where !reference[from].isEmpty:
        // A move between or within sections (public API).
        let i = rng.int(0...(reference[from].count - 1))
        let id = reference[from].remove(at: i)
        let j = rng.int(0...reference[to].count)
        reference[to].insert(id, at: j)
        snapshot.moveItem(at: ItemPath(item: i, section: from), to: ItemPath(item: j, section: to))
      case 1 where !reference[from].isEmpty:
        // A deletion by identity.
        let id = reference[from].remove(at: rng.int(0...(reference[from].count - 1)))
        _ = try snapshot.apply(.deleted([id]))
      default:
        // An insertion by identity, before an item or at the end.
        let j = rng.int(0...reference[to].count)
        let before = j < reference[to].count ? reference[to][j] : nil
        reference[to].insert(next, at: j)
        _ = try snapshot.apply(
          .inserted(.init(items: [next], section: to, before: before), children: [:], expanded: []))
        next += 1
      }
      sawStale = sawStale || snapshot.staleTop.contains { $0.shifts > 0 }
      #expect(snapshot.sections.map(\.items) == reference)
      // Every item where the reference has it (every 50 steps), else a sample.
      for (s, items) in reference.enumerated() {
        for (i, id) in items.enumerated() where step % 50 == 0 || i % 97 == step % 97 {
          #expect(snapshot.path(of: id) == ItemPath(item: i, section: s))
          #expect(snapshot.position(of: id) == OutlinePosition(section: s, parent: nil, index: i))
        }
      }
    }
    snapshot._checkInvariants()
    #expect(sawStale, "the long sections' entries were left stale at some point")
  }

  /// A long tail falling due is reindexed in one pass over the index in its own order (no
  /// hashing): random insertions and removals near the start of a section of 10,000 items, beside
  /// a second section whose entries that pass must leave alone; lookups match the reference
  /// before and after each pass.
  @Test func aLongTailIsReindexedInOnePassOverTheIndex() throws {
    var rng = SplitMix(spreading: 64)
    var reference = [Array(0..<10_000), Array(10_000..<12_000)]
    var snapshot = try Self.snapshot(of: reference)
    var next = 100_000
    var passes = 0
    for step in 0..<300 {
      let before = snapshot.staleTop.first?.shifts ?? 0
      let j = rng.int(0...3_000)
      if rng.int(0...1) == 0 {
        let id = reference[0].remove(at: j)
        _ = try snapshot.apply(.deleted([id]))
      } else {
        let at = reference[0][j]
        reference[0].insert(next, at: j)
        _ = try snapshot.apply(.inserted(.init(items: [next], section: 0, before: at), children: [:], expanded: []))
        next += 1
      }
      if before == Snapshot<Int, Int>.maximumShifts { passes += 1 }
      Self.expectPaths(of: snapshot, as: reference) { i in step % 60 == 0 || i % 53 == step % 53 }
    }
    #expect(passes >= 3, "the tail fell due and was reindexed in a pass over the index")
    snapshot._checkInvariants()
  }

  /// Items moved from the start of a long section into another one (the public move, as a drop
  /// across sections makes it): the source's tail falls due with the moved item already gone from
  /// it, and its pass over the index must not look for that item there.
  @Test func movesOutOfALongSectionAcrossSections() throws {
    var reference = [Array(0..<10_000), [Int]()]
    var snapshot = try Self.snapshot(of: reference)
    var passes = 0
    for step in 0..<200 {
      let before = snapshot.staleTop.first?.shifts ?? 0
      let i = step % 7
      let id = reference[0].remove(at: i)
      let j = reference[1].count / 2
      reference[1].insert(id, at: j)
      snapshot.moveItem(at: ItemPath(item: i, section: 0), to: ItemPath(item: j, section: 1))
      if before == Snapshot<Int, Int>.maximumShifts { passes += 1 }
      Self.expectPaths(of: snapshot, as: reference) { k in step % 50 == 0 || k % 61 == step % 61 }
    }
    #expect(passes >= 2, "the source's tail fell due and was reindexed in a pass over the index")
    snapshot._checkInvariants()
  }
}
