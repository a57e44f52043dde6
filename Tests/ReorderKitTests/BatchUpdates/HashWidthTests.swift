import ReorderTestSupport
import Testing

@testable import ReorderKit

/// The differ's identifier table where `Hasher.finalize()` gives 32 bits (watchOS arm64_32,
/// wasm32), driven here by cutting the hashes to `Int32`: the tags and buckets spread as on
/// 64 bits, and the diff is the same.
@Suite("sectioned diff with 32-bit hashes")
struct HashWidthTests {
  /// The tags and first buckets of `count` distinct identifiers in a table sized for them.
  func spread<Hash: FixedWidthInteger & SignedInteger>(_: Hash.Type, count: Int) -> (tags: Int, buckets: Int) {
    let table = IdentifierTable(expectedCount: count)
    var tags = Set<UInt32>()
    var buckets = Set<Int>()
    for id in 0..<count {
      let tag = table.tag(of: "item \(id)", Hash.self)
      tags.insert(tag)
      buckets.insert(table.firstBucket(tag))
    }
    return (tags.count, buckets.count)
  }

  @Test("a 32-bit hash gives as many distinct tags and buckets as a 64-bit one")
  func tagsSpread() {
    // 10,000 identifiers in 16,384 buckets: uniform hashing fills about 7,500 of them. Taking the
    // upper half of a sign-extended 32-bit hash (the old code) gave two tags and two buckets.
    let narrow = spread(Int32.self, count: 10_000)
    let wide = spread(Int.self, count: 10_000)
    #expect(narrow.tags >= 9_980, "\(narrow)")
    #expect(narrow.buckets >= 7_000, "\(narrow)")
    #expect(wide.tags >= 9_980, "\(wide)")
    #expect(wide.buckets >= 7_000, "\(wide)")
  }

  @Test("the tag of a 32-bit hash is the whole hash; of a 64-bit one its upper half")
  func tagBits() {
    #expect(IdentifierTable.tag(ofHash: Int32(-2)) == 0xFFFF_FFFE)
    #expect(IdentifierTable.tag(ofHash: Int32(0x1234_5678)) == 0x1234_5678)
    #expect(IdentifierTable.tag(ofHash: Int64(0x1234_5678_9ABC_DEF0)) == 0x1234_5678)
    #expect(IdentifierTable.tag(ofHash: Int64(-1)) == 0xFFFF_FFFF)
  }

  /// Diffs with the given hash width.
  func stages<Hash: FixedWidthInteger & SignedInteger>(
    _ pair: RandomPair, _ width: Hash.Type
  ) throws -> [Changeset<Int, Int>] {
    let differ = try SectionedDiffer(
      old: pair.old, new: pair.new, contentChanged: { pair.changed.contains($0) }, hashWidth: width)
    return differ.stages()
  }

  @Test("with 32-bit hashes the stages equal those with 64-bit ones (seeds 0–1,999)")
  func sameStages() throws {
    for seed in UInt64(0)..<2_000 {
      let pair = RandomPair(seed: seed)
      #expect(try stages(pair, Int32.self) == stages(pair, Int.self), "seed \(seed)")
    }
  }

  @Test("with 32-bit hashes duplicates are still refused")
  func duplicates() {
    let old = [IntSection(id: 0, items: [1, 2, 1])]
    let new = [IntSection(id: 0, items: [1, 2])]
    #expect(throws: SectionedDiffError.duplicateItem(1, inNew: false)) {
      _ = try SectionedDiffer(old: old, new: new, contentChanged: { _ in false }, hashWidth: Int32.self)
    }
    #expect(throws: SectionedDiffError.duplicateSection(0, inNew: true)) {
      _ = try SectionedDiffer(
        old: old.map { IntSection(id: $0.id, items: [1]) },
        new: [IntSection(id: 0, items: []), IntSection(id: 0, items: [])],
        contentChanged: { _ in false }, hashWidth: Int32.self)
    }
  }

  @Test("a 32-bit hash keeps probing short on 100,000 items (no quadratic matching)")
  func shortProbes() throws {
    // 100,000 items shuffled (seed 22), so almost every new item is looked up in the table.
    var rng = SplitMix(spreading: 22)
    let items = Array(0..<100_000)
    let old = [IntSection(id: 0, items: items)]
    let new = [IntSection(id: 0, items: items.shuffled(using: &rng))]
    let differ = try SectionedDiffer(old: old, new: new, contentChanged: { _ in false }, hashWidth: Int32.self)
    #expect(differ.stages().last?.sections == new)
    // The probe lengths of the table itself.
    var table = IdentifierTable(expectedCount: items.count)
    var probes = 0
    for id in items {
      let tag = table.tag(of: id, Int32.self)
      var bucket = table.firstBucket(tag)
      while table.ref(at: bucket) != nil {
        bucket = table.next(bucket)
        probes += 1
      }
      table.insert(id, tag: tag, at: bucket)
    }
    // Linear probing at a load below 0.77 averages about 2 probes per insert; two buckets would take 50,000.
    #expect(probes < 4 * items.count, "\(probes) probes")
  }
}
