import ReorderTestSupport
import Testing

@testable import ReorderKit

/// `StagedChangeset(from:to:duplicates:)`: data that repeats identifiers is refused by default and,
/// with `.pairByOccurrence`, diffed by pairing the k-th occurrence of an identifier in the old data
/// with its k-th in the new data.
@Suite("sectioned diff of data that repeats identifiers")
struct DuplicateIdentifierTests {
  typealias StringSection = Snapshot<String, String>.Section

  @Test("by default, and with .refuse, a repeated identifier throws")
  func refusesByDefault() {
    let old = [IntSection(id: 0, items: [1, 2, 1])]
    let new = [IntSection(id: 0, items: [1, 2])]
    #expect(throws: SectionedDiffError.duplicateItem(1, inNew: false)) {
      try StagedChangeset(from: old, to: new)
    }
    #expect(throws: SectionedDiffError.duplicateItem(1, inNew: false)) {
      try StagedChangeset(from: old, to: new, duplicates: .refuse)
    }
    let sections = [IntSection(id: 0, items: []), IntSection(id: 0, items: [])]
    #expect(throws: SectionedDiffError.duplicateSection(0, inNew: true)) {
      try StagedChangeset(from: [], to: sections, duplicates: .refuse)
    }
    #expect(DuplicateIdentifiers.refuse.description == "refuse")
    #expect(DuplicateIdentifiers.pairByOccurrence.description == "pairByOccurrence")
  }

  @Test("the feed example of the documentation: the first x moves, the second stays")
  func feed() throws {
    let old: [StringSection] = [.init(id: "Feed", items: ["a", "x", "b", "x"])]
    let new: [StringSection] = [.init(id: "Feed", items: ["x", "a", "b", "x"])]
    let staged = try StagedChangeset(from: old, to: new, duplicates: .pairByOccurrence)
    #expect(staged.repeatedItemIDs == ["x"])
    #expect(staged.repeatedSectionIDs == [])
    #expect(staged.stages.count == 1)
    #expect(
      staged.stages[0].moveItems == [ItemMove(from: ItemPath(item: 1, section: 0), to: ItemPath(item: 0, section: 0))])
    #expect(staged.stages[0].sections == new)
  }

  @Test("the sections example of the documentation: a title used twice, an entry in both")
  func sections() throws {
    let old: [StringSection] = [.init(id: "Today", items: ["a", "b"]), .init(id: "Today", items: ["c", "a"])]
    let new: [StringSection] = [.init(id: "Today", items: ["b", "a"]), .init(id: "Today", items: ["a"])]
    let staged = try StagedChangeset(from: old, to: new, duplicates: .pairByOccurrence)
    #expect(staged.repeatedSectionIDs == ["Today"])
    #expect(staged.repeatedItemIDs == ["a"])
    #expect(staged.stages.last?.sections == new)
    #expect(replayErrors(old, staged).isEmpty, "\(replayErrors(old, staged))")
    // The first "Today" pairs with the first: c is deleted from the second, and nothing moves between them.
    #expect(staged.stages.allSatisfy { $0.moveSections.isEmpty && $0.insertSections.isEmpty })
    #expect(staged.stages.flatMap(\.deleteItems) == [ItemPath(item: 0, section: 1)])
  }

  @Test("a repeat in new only: the extra occurrence is an insert, the first pairs with the old one")
  func extraOccurrence() throws {
    let old = [IntSection(id: 0, items: [1, 2])]
    let new = [IntSection(id: 0, items: [2, 1, 2])]
    let staged = try StagedChangeset(from: old, to: new, duplicates: .pairByOccurrence)
    #expect(staged.repeatedItemIDs == [2])
    #expect(staged.stages.flatMap(\.insertItems).count == 1)
    #expect(staged.stages.flatMap(\.deleteItems).isEmpty)
    #expect(staged.stages.map(\.updates.moveCount).reduce(0, +) == 1)
    #expect(replayErrors(old, staged).isEmpty, "\(replayErrors(old, staged))")
  }

  @Test("data without repeats: the same stages as the default, nothing reported (seeds 0–1,999)")
  func uniqueDataUnchanged() throws {
    for seed in UInt64(0)..<2_000 {
      let pair = RandomPair(seed: seed)
      let changed = { (id: Int) in pair.changed.contains(id) }
      let plain = try StagedChangeset(from: pair.old, to: pair.new, contentChanged: changed)
      let paired = try StagedChangeset(
        from: pair.old, to: pair.new, duplicates: .pairByOccurrence, contentChanged: changed)
      #expect(paired == plain, "seed \(seed)")
      #expect(paired.repeatedItemIDs.isEmpty && paired.repeatedSectionIDs.isEmpty, "seed \(seed)")
    }
  }

  @Test("random data with repeats: every stage valid, the stages replay old into new (seeds 0–9,999)", arguments: 0..<4)
  func randomRepeats(chunk: Int) throws {
    var withRepeats = 0
    var multiStage = 0
    for seed in UInt64(chunk * 2_500)..<UInt64((chunk + 1) * 2_500) {
      let (old, new, changed) = Self.randomRepeatingPair(seed: seed)
      let staged = try StagedChangeset(
        from: old, to: new, duplicates: .pairByOccurrence, contentChanged: { changed.contains($0) })
      if !staged.repeatedItemIDs.isEmpty || !staged.repeatedSectionIDs.isEmpty { withRepeats += 1 }
      if staged.stages.count > 1 { multiStage += 1 }
      var counts = old.map(\.items.count)
      for (t, stage) in staged.stages.enumerated() {
        let violations = stage.updates.violations(countsBefore: counts, countsAfter: stage.itemCounts)
        #expect(violations.isEmpty, "seed \(seed) stage \(t): \(violations); old \(old) new \(new)")
        counts = stage.itemCounts
      }
      #expect((staged.stages.last?.sections ?? old) == new, "seed \(seed): old \(old) new \(new)")
      let errors = replayErrors(old, staged)
      #expect(errors.isEmpty, "seed \(seed): \(errors); old \(old) new \(new)")
      let (sections, items) = Self.referenceRepeats(old, new)
      #expect(staged.repeatedSectionIDs == sections, "seed \(seed)")
      #expect(staged.repeatedItemIDs == items, "seed \(seed)")
      // The same batches on data numbered by occurrence (unique identifiers), judged by the
      // independent model of UIKit's rules, which replays identities.
      let numbered = try StagedChangeset(
        from: Self.numbered(old), to: Self.numbered(new), contentChanged: { changed.contains($0 / 1_000) })
      #expect(numbered.stages.map(\.updates) == staged.stages.map(\.updates), "seed \(seed)")
      var shown = Self.numbered(old)
      for (t, stage) in numbered.stages.enumerated() {
        let judged = UIKitBatchModel(stage.updates).judge(before: shown, after: stage.sections).errors
        #expect(judged.isEmpty, "seed \(seed) stage \(t): \(judged)")
        #expect(stage.sections.map(Self.stripped) == staged.stages[t].sections, "seed \(seed) stage \(t)")
        shown = stage.sections
      }
      // Pairing by occurrence: an identifier deleted (with its section or on its own) or inserted only as
      // often as its counts differ, in surviving sections.
      #expect(Self.itemChurn(staged) <= Self.referenceChurn(old, new), "seed \(seed)")
    }
    // The data does repeat, and needs several stages often enough.
    #expect(withRepeats > 1_500, "\(withRepeats) of 2,500 pairs repeat an identifier")
    #expect(multiStage > 250, "\(multiStage) of 2,500 pairs need more than one stage")
  }

  @Test("the replay catches a stage whose data does not follow from its batch")
  func replayCatchesErrors() throws {
    let old = [IntSection(id: 0, items: [1, 2, 3, 2])]
    let new = [IntSection(id: 0, items: [3, 2, 1, 2])]
    var staged = try StagedChangeset(from: old, to: new, duplicates: .pairByOccurrence)
    #expect(replayErrors(old, staged).isEmpty)
    staged.stages[0].sections = [IntSection(id: 0, items: [2, 3, 1, 2])]
    #expect(!replayErrors(old, staged).isEmpty)
  }

  /// Sections and items drawn from small pools, so that identifiers repeat on either side.
  static func randomRepeatingPair(seed: UInt64) -> (old: [IntSection], new: [IntSection], changed: Set<Int>) {
    var rng = SplitMix(spreading: seed)
    let sectionPool = rng.int(1...6)
    let itemPool = [2, 4, 8, 30][rng.int(0...3)]
    func randomSections() -> [IntSection] {
      (0..<rng.int(0...5)).map { _ in
        IntSection(id: rng.int(0...sectionPool - 1), items: (0..<rng.int(0...8)).map { _ in rng.int(0...itemPool - 1) })
      }
    }
    let old = randomSections()
    var new: [IntSection]
    if rng.chance(0.3) {
      new = randomSections()
    } else {
      // Edit the old data: delete, insert, move items and sections.
      new = old
      for _ in 0..<rng.int(0...6) {
        switch rng.int(0...5) {
        case 0 where !new.isEmpty: new.remove(at: rng.int(0...new.count - 1))
        case 1: new.insert(IntSection(id: rng.int(0...sectionPool - 1), items: []), at: rng.int(0...new.count))
        case 2 where new.count > 1: new.swapAt(rng.int(0...new.count - 1), rng.int(0...new.count - 1))
        case 3 where !new.isEmpty:
          let s = rng.int(0...new.count - 1)
          new[s].items.insert(rng.int(0...itemPool - 1), at: rng.int(0...new[s].items.count))
        case 4 where !new.isEmpty:
          let s = rng.int(0...new.count - 1)
          if !new[s].items.isEmpty { new[s].items.remove(at: rng.int(0...new[s].items.count - 1)) }
        default:
          guard !new.isEmpty else { break }
          let (a, b) = (rng.int(0...new.count - 1), rng.int(0...new.count - 1))
          if let item = new[a].items.popLast() { new[b].items.insert(item, at: rng.int(0...new[b].items.count)) }
        }
      }
    }
    let changed = Set((0..<itemPool).filter { _ in rng.chance(0.1) })
    return (old, new, changed)
  }

  /// Identifiers made unique by occurrence: the k-th occurrence of `x` (items over all sections,
  /// sections likewise) becomes `x * 1,000 + k`.
  static func numbered(_ sections: [IntSection]) -> [IntSection] {
    var seenSections: [Int: Int] = [:]
    var seenItems: [Int: Int] = [:]
    return sections.map { section in
      let s = seenSections[section.id, default: 0]
      seenSections[section.id] = s + 1
      return IntSection(
        id: section.id * 1_000 + s,
        items: section.items.map { item in
          let k = seenItems[item, default: 0]
          seenItems[item] = k + 1
          return item * 1_000 + k
        })
    }
  }

  /// A numbered section with its occurrence numbers taken off.
  static func stripped(_ section: IntSection) -> IntSection {
    IntSection(id: section.id / 1_000, items: section.items.map { $0 / 1_000 })
  }

  /// The identifiers that repeat on either side, in the order they first appear (old, then new).
  static func referenceRepeats(_ old: [IntSection], _ new: [IntSection]) -> (sections: [Int], items: [Int]) {
    func repeats(_ ids: [Int]) -> [Int] {
      var seenTwice: [Int] = []
      for (k, id) in ids.enumerated() where ids[..<k].filter({ $0 == id }).count == 1 { seenTwice.append(id) }
      return seenTwice
    }
    var sections: [Int] = []
    for id in repeats(old.map(\.id)) + repeats(new.map(\.id)) where !sections.contains(id) { sections.append(id) }
    var items: [Int] = []
    for id in repeats(old.flatMap(\.items)) + repeats(new.flatMap(\.items)) where !items.contains(id) {
      items.append(id)
    }
    return (sections, items)
  }

  /// The item deletes and inserts of surviving sections over all stages.
  static func itemChurn(_ staged: StagedChangeset<Int, Int>) -> Int {
    staged.stages.reduce(0) { $0 + $1.deleteItems.count + $1.insertItems.count }
  }

  /// The most item deletes and inserts pairing by occurrence can make: for each identifier, the
  /// occurrences beyond those the other side has, plus every item of a section that has no partner
  /// (those may go or come with their section instead, which only lowers the count).
  static func referenceChurn(_ old: [IntSection], _ new: [IntSection]) -> Int {
    var count: [Int: Int] = [:]
    for id in old.flatMap(\.items) { count[id, default: 0] += 1 }
    for id in new.flatMap(\.items) { count[id, default: 0] -= 1 }
    return count.values.reduce(0) { $0 + abs($1) }
  }
}

/// Replays each stage's batch on the data before it, with UIKit's semantics and identities
/// (repeats allowed): the sections that survive keep their order around moved and inserted
/// ones; in each, the items not deleted or moved out keep their order around the items moved
/// in (which carry their identifier) and inserted. Returns every slot where the stage's data
/// differs from the replay.
func replayErrors<SectionID: Hashable, ItemID: Hashable>(
  _ old: [Snapshot<SectionID, ItemID>.Section], _ staged: StagedChangeset<SectionID, ItemID>
) -> [String] {
  var errors: [String] = []
  var before = old
  for (t, stage) in staged.stages.enumerated() {
    let b = stage.updates
    let after = stage.sections
    // Sections: the source of each section after the batch (nil: inserted).
    var source = [Int?](repeating: nil, count: after.count)
    var taken = [Bool](repeating: false, count: after.count)
    for s in b.insertSections where s < after.count { taken[s] = true }
    for m in b.moveSections where m.to < after.count {
      source[m.to] = m.from
      taken[m.to] = true
    }
    let gone = Set(b.deleteSections).union(b.moveSections.map(\.from))
    var slot = 0
    for s in before.indices where !gone.contains(s) {
      while slot < after.count && taken[slot] { slot += 1 }
      guard slot < after.count else {
        errors.append("stage \(t): section \(s) has no place")
        break
      }
      source[slot] = s
      slot += 1
    }
    for a in after.indices {
      guard let s = source[a] else { continue }
      if after[a].id != before[s].id {
        errors.append("stage \(t): section \(a) is \(after[a].id), replay gives \(before[s].id)")
      }
      let out = Set(
        b.deleteItems.filter { $0.section == s }.map(\.item)
          + b.moveItems.filter { $0.from.section == s }.map(\.from.item))
      var staying = before[s].items.indices.filter { !out.contains($0) }.map { before[s].items[$0] }.makeIterator()
      var arriving: [Int: ItemID] = [:]
      for m in b.moveItems where m.to.section == a { arriving[m.to.item] = before[m.from.section].items[m.from.item] }
      let inserted = Set(b.insertItems.filter { $0.section == a }.map(\.item))
      var replayed: [ItemID?] = []
      for i in after[a].items.indices {
        if let id = arriving[i] {
          replayed.append(id)
        } else if inserted.contains(i) {
          replayed.append(nil)  // a new item: any identifier
        } else {
          replayed.append(staying.next())
        }
      }
      if staying.next() != nil { errors.append("stage \(t): section \(a) has items left over") }
      for (i, id) in replayed.enumerated() where id != nil && id != after[a].items[i] {
        errors.append("stage \(t): item [\(a), \(i)] is \(after[a].items[i]), replay gives \(id!)")
      }
    }
    before = after
  }
  return errors
}
