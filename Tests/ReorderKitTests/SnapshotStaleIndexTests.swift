import Testing

@testable import ReorderKit

/// A long section's index is not rewritten after each insertion or removal before its end (a
/// card into or out of a column of 200,000): its entries may lag behind by a few places and are
/// corrected on lookup. Checked against plain arrays over random moves, inserts and deletes.
@Suite("Snapshot: stale indices of long sections")
struct SnapshotStaleIndexTests {
  @Test func lookupsMatchTheReferenceOverRandomChanges() throws {
    var rng = SplitMix64(seed: 19)
    var reference = [Array(0..<1_500), Array(1_500..<2_700), Array(2_700..<2_710)]
    var snapshot = Snapshot<Int, Int>()
    for (s, items) in reference.enumerated() { try snapshot.appendSection(s, items: items) }
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
}
