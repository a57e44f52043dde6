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

  /// The index corrected a bounded part at a time (as a collection view does each frame), between
  /// random insertions and removals: lookups match the reference throughout, and the index ends
  /// exact once the parts add up to the stale tails.
  @Test func aPartialRefreshKeepsLookupsRightAndEndsExact() throws {
    var rng = SplitMix64(seed: 26)
    var reference = [Array(0..<3_000), Array(3_000..<5_000)]
    var snapshot = Snapshot<Int, Int>()
    for (s, items) in reference.enumerated() { try snapshot.appendSection(s, items: items) }
    var next = 10_000
    var refreshed = 0
    for step in 0..<400 {
      let s = rng.int(0...1)
      if rng.int(0...1) == 0, !reference[s].isEmpty {
        let id = reference[s].remove(at: rng.int(0...(reference[s].count - 1)))
        _ = try snapshot.apply(.deleted([id]))
      } else {
        let j = rng.int(0...reference[s].count)
        let before = j < reference[s].count ? reference[s][j] : nil
        reference[s].insert(next, at: j)
        _ = try snapshot.apply(.inserted(.init(items: [next], section: s, before: before), children: [:], expanded: []))
        next += 1
      }
      if step % 3 == 0, snapshot.hasStaleIndex {
        snapshot.refreshStaleIndex(budget: rng.int(1...700))
        refreshed += 1
      }
      for (t, items) in reference.enumerated() {
        for (i, id) in items.enumerated() where step % 40 == 0 || i % 89 == step % 89 {
          #expect(snapshot.path(of: id) == ItemPath(item: i, section: t))
        }
      }
    }
    #expect(refreshed > 10, "the index lagged and was corrected in parts")
    while snapshot.hasStaleIndex { snapshot.refreshStaleIndex(budget: 500) }
    #expect(snapshot.staleTop.isEmpty)
    for (t, items) in reference.enumerated() {
      for (i, id) in items.enumerated() { #expect(snapshot.path(of: id) == ItemPath(item: i, section: t)) }
    }
    snapshot._checkInvariants()
  }

  /// A view corrects its data's lagging index as time passes: a few frames after cards went into
  /// the middle of a long list, the index is exact again, with no change to what the view shows.
  @Test func aViewCorrectsItsIndexAsTimePasses() throws {
    var snapshot = Snapshot<Int, Int>()
    try snapshot.appendSection(0, items: Array(0..<20_000))
    var view = CollectionView(
      snapshot: snapshot, layout: .list(.init(width: 300, rowHeight: 44)), viewSize: Size(width: 300, height: 600))
    try view.perform(.inserted(.init(items: [-1], section: 0, before: 100), children: [:], expanded: []), time: 0)
    #expect(view.snapshot.hasStaleIndex, "an item into the middle of a long section leaves its tail stale")
    let shown = view.snapshot.sections
    var t = 0.0
    for _ in 0..<8 {
      t += 1.0 / 60
      _ = view.tick(time: t)
    }
    #expect(!view.snapshot.hasStaleIndex, "20,000 entries take 5 frames of 4,096")
    #expect(view.snapshot.sections == shown)
    #expect(view.snapshot.path(of: 19_999) == ItemPath(item: 20_000, section: 0))
  }

  /// A long tail falling due is reindexed in one pass over the index in its own order (no
  /// hashing): random insertions and removals near the start of a section of 10,000 items, beside
  /// a second section whose entries that pass must leave alone; lookups match the reference
  /// before and after each pass.
  @Test func aLongTailIsReindexedInOnePassOverTheIndex() throws {
    var rng = SplitMix64(seed: 64)
    var reference = [Array(0..<10_000), Array(10_000..<12_000)]
    var snapshot = Snapshot<Int, Int>()
    for (s, items) in reference.enumerated() { try snapshot.appendSection(s, items: items) }
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
      for (t, items) in reference.enumerated() {
        for (i, id) in items.enumerated() where step % 60 == 0 || i % 53 == step % 53 {
          #expect(snapshot.path(of: id) == ItemPath(item: i, section: t))
        }
      }
    }
    #expect(passes >= 3, "the tail fell due and was reindexed in a pass over the index")
    snapshot._checkInvariants()
  }

  /// Items moved from the start of a long section into another one (the public move, as a drop
  /// across sections makes it): the source's tail falls due with the moved item already gone from
  /// it, and its pass over the index must not look for that item there.
  @Test func movesOutOfALongSectionAcrossSections() throws {
    var reference = [Array(0..<10_000), [Int]()]
    var snapshot = Snapshot<Int, Int>()
    for (s, items) in reference.enumerated() { try snapshot.appendSection(s, items: items) }
    var passes = 0
    for step in 0..<200 {
      let before = snapshot.staleTop.first?.shifts ?? 0
      let i = step % 7
      let id = reference[0].remove(at: i)
      let j = reference[1].count / 2
      reference[1].insert(id, at: j)
      snapshot.moveItem(at: ItemPath(item: i, section: 0), to: ItemPath(item: j, section: 1))
      if before == Snapshot<Int, Int>.maximumShifts { passes += 1 }
      for (t, items) in reference.enumerated() {
        for (k, item) in items.enumerated() where step % 50 == 0 || k % 61 == step % 61 {
          #expect(snapshot.path(of: item) == ItemPath(item: k, section: t))
        }
      }
    }
    #expect(passes >= 2, "the source's tail fell due and was reindexed in a pass over the index")
    snapshot._checkInvariants()
  }
}
