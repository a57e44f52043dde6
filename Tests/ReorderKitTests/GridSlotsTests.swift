import ReorderTestSupport
import Testing

@testable import ReorderKit

/// `GridSlots`, the arrangement of every grid drag, against the obvious reference: each section's
/// items without the travelling ones, with a gap inserted at the placeholder.
@Suite("Grid slots")
struct GridSlotsTests {
  /// The slots shown: per section, the snapshot paths of the items shown (`nil` for the gap).
  static func reference(counts: [Int], lifted: [ItemPath], placeholder: ItemPath) -> [[ItemPath?]] {
    counts.enumerated().map { s, count in
      var shown: [ItemPath?] = (0..<count).map { ItemPath(item: $0, section: s) }.filter { !lifted.contains($0) }
      if placeholder.section == s { shown.insert(nil, at: placeholder.item) }
      return shown
    }
  }

  @Test func theDocumentedExample() {
    let slots = GridSlots(lifted: [ItemPath(item: 1, section: 0)], placeholder: ItemPath(item: 2, section: 0))
    #expect(slots.snapshotPath(forSlot: ItemPath(item: 1, section: 0)) == ItemPath(item: 2, section: 0))
    #expect(slots.snapshotPath(forSlot: ItemPath(item: 2, section: 0)) == nil)
  }

  @Test func matchesTheReferenceOnRandomSessions() {
    var rng = SplitMix(spreading: 2026)
    var cases = 0
    for _ in 0..<4_000 {
      let counts = (0..<rng.int(1...4)).map { _ in rng.int(0...20) }
      let all = counts.enumerated().flatMap { s, n in (0..<n).map { ItemPath(item: $0, section: s) } }
      guard !all.isEmpty else { continue }
      // 1–5 travelling items from any sections; the first is the lifted one.
      var lifted: [ItemPath] = []
      for _ in 0..<rng.int(1...5) {
        let p = all[rng.int(0...all.count - 1)]
        if !lifted.contains(p) { lifted.append(p) }
      }
      // Any valid gap: a section, and an index among the items that stay there (its end included).
      let s = rng.int(0...counts.count - 1)
      let staying = counts[s] - lifted.filter { $0.section == s }.count
      let placeholder = ItemPath(item: rng.int(0...staying), section: s)
      let slots = GridSlots(lifted: lifted, placeholder: placeholder)
      let expected = Self.reference(counts: counts, lifted: lifted, placeholder: placeholder)
      for (s, shown) in expected.enumerated() {
        #expect(slots.slotCount(inSection: s, snapshotCount: counts[s]) == shown.count)
        for (i, path) in shown.enumerated() {
          #expect(
            slots.snapshotPath(forSlot: ItemPath(item: i, section: s)) == path, "\(counts) \(lifted) \(placeholder)")
          if let path { #expect(slots.slot(forSnapshotPath: path) == ItemPath(item: i, section: s)) }
        }
      }
      // The lifted item stands at the placeholder; the others ride in the stack.
      #expect(slots.slot(forSnapshotPath: lifted[0]) == placeholder)
      for other in lifted.dropFirst() { #expect(slots.slot(forSnapshotPath: other) == nil) }
      cases += 1
    }
    #expect(cases > 3_500)
  }
}
