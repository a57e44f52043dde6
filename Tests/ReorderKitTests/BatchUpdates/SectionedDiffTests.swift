import ReorderTestSupport
import Testing

@testable import ReorderKit

@Suite("Sectioned diff")
struct SectionedDiffTests {
  typealias Section = Snapshot<String, String>.Section

  @Test("the examples in the documentation hold")
  func documentationExamples() throws {
    let stage = try StagedChangeset(
      from: [Section(id: "S0", items: ["a", "b"])], to: [Section(id: "S0", items: ["b", "a", "c"])]
    ).stages[0]
    #expect(stage.moveItems == [ItemMove(from: ItemPath(item: 1, section: 0), to: ItemPath(item: 0, section: 0))])
    #expect(stage.insertItems == [ItemPath(item: 2, section: 0)])
    let batch = BatchUpdate(
      deleteItems: [ItemPath(item: 1, section: 0)], insertItems: [ItemPath(item: 1, section: 1)],
      moveItems: [ItemMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 0, section: 1))])
    #expect(batch.violations(countsBefore: [3, 1], countsAfter: [1, 3]).isEmpty)
    let bad = BatchUpdate(
      deleteSections: [0], moveItems: [ItemMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 0, section: 0))]
    )
    #expect(
      bad.violations(countsBefore: [1, 0], countsAfter: [1]).map(\.description) == [
        "moves item [0, 0] out of section 0, which is deleted in the same batch"
      ])
  }

  @Test("equal data gives no stage")
  func equal() throws {
    let data = [Section(id: "A", items: ["a", "b"]), Section(id: "B", items: [])]
    #expect(try StagedChangeset(from: data, to: data).stages.isEmpty)
    #expect(try StagedChangeset<String, String>(from: [], to: []).stages.isEmpty)
  }

  @Test("students re-sorted: sections appear and disappear while items move between them")
  func students() throws {
    let old = [Section(id: "A", items: ["ann", "amy"]), Section(id: "B", items: ["bob"])]
    let new = [Section(id: "1990", items: ["bob", "ann"]), Section(id: "A", items: ["amy"])]
    let staged = try StagedChangeset(from: old, to: new)
    #expect(staged.stages.count == 3)
    let (first, second, third) = (staged.stages[0], staged.stages[1], staged.stages[2])
    // A keeps its place; 1990 is inserted first, empty; ann and bob move in; B goes.
    #expect(first.updates == BatchUpdate(insertSections: [0]))
    #expect(first.sections == [Section(id: "1990", items: [])] + old)
    #expect(second.moveItems.map(\.description) == ["[1, 0] → [0, 1]", "[2, 0] → [0, 0]"])
    #expect(third.updates == BatchUpdate(deleteSections: [2]))
    #expect(third.sections == new)
    #expect(staged.moveCount == 2)
  }

  @Test("moves out of a deleted section and into an inserted one take two stages when no item does both")
  func outAndInWithoutThrough() throws {
    let old = [Section(id: "A", items: ["a"]), Section(id: "D", items: ["d"])]
    let new = [Section(id: "A", items: ["d"]), Section(id: "I", items: ["a"])]
    let staged = try StagedChangeset(from: old, to: new)
    #expect(staged.stages.count == 2)
    #expect(staged.stages[0].insertSections == [2])
    // d arrives after a, which leaves only in the next stage.
    #expect(
      staged.stages[0].moveItems == [ItemMove(from: ItemPath(item: 0, section: 1), to: ItemPath(item: 1, section: 0))])
    #expect(
      staged.stages[0].sections == [
        Section(id: "A", items: ["a", "d"]), Section(id: "D", items: []), Section(id: "I", items: []),
      ])
    #expect(staged.stages[1].deleteSections == [1])
    #expect(
      staged.stages[1].moveItems == [ItemMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 0, section: 1))])
    #expect(staged.stages[1].sections == new)
    #expect(staged.moveCount == 2)
  }

  @Test("one item moved to a later section is one move, not a cascade")
  func noCascade() throws {
    let old = (0..<10).map { s in Section(id: "S\(s)", items: (0..<100).map { "\(s)-\($0)" }) }
    var new = old
    new[7].items.insert(new[2].items.remove(at: 40), at: 10)
    let staged = try StagedChangeset(from: old, to: new)
    #expect(staged.stages.count == 1)
    #expect(
      staged.stages[0].moveItems == [ItemMove(from: ItemPath(item: 40, section: 2), to: ItemPath(item: 10, section: 7))]
    )
    #expect(staged.stages[0].updates.moveCount == 1)
  }

  @Test("a full reversal moves all but one")
  func reversal() throws {
    let items = (0..<1_000).map { "\($0)" }
    let staged = try StagedChangeset(
      from: [Section(id: "S", items: items)], to: [Section(id: "S", items: items.reversed())])
    #expect(staged.moveCount == 999)
    #expect(staged.stages.count == 1)
  }

  @Test("an item that moves and changes content is reloaded in another stage")
  func moveAndReload() throws {
    let staged = try StagedChangeset(
      from: [Section(id: "S", items: ["a", "b", "c"])], to: [Section(id: "S", items: ["c", "a", "b"])],
      contentChanged: { $0 == "c" })
    #expect(staged.stages.count == 2)
    #expect(staged.stages.flatMap(\.reloadItems).count == 1)
    #expect(staged.moveCount == 1)
  }

  @Test("an item that stays and changes content is reloaded in the same stage")
  func stayAndReload() throws {
    let staged = try StagedChangeset(
      from: [Section(id: "S", items: ["a", "b", "c"])], to: [Section(id: "S", items: ["c", "a", "b"])],
      contentChanged: { $0 == "b" })
    #expect(staged.stages.count == 1)
    #expect(staged.stages[0].reloadItems == [ItemPath(item: 1, section: 0)])
    #expect(
      staged.stages[0].moveItems == [ItemMove(from: ItemPath(item: 2, section: 0), to: ItemPath(item: 0, section: 0))])
  }

  @Test("among the longest runs, the one that keeps changed items in place wins")
  func reloadedItemsStay() throws {
    let old = [Section(id: "S", items: ["a", "b", "c"])]
    let new = [Section(id: "S", items: ["b", "a", "c"])]
    for changed in ["a", "b"] {
      let staged = try StagedChangeset(from: old, to: new, contentChanged: { $0 == changed })
      #expect(staged.stages.count == 1, "changed \(changed)")
      #expect(staged.moveCount == 1)
    }
  }

  @Test("the section that keeps its place is the one whose items change")
  func sectionWithChangesStays() throws {
    let old = [Section(id: "A", items: ["a"]), Section(id: "B", items: ["b"])]
    let new = [Section(id: "B", items: ["b"]), Section(id: "A", items: ["a", "x"])]
    let staged = try StagedChangeset(from: old, to: new)
    #expect(staged.stages.count == 1)
    #expect(staged.stages[0].moveSections == [SectionMove(from: 1, to: 0)])
    #expect(staged.stages[0].insertItems == [ItemPath(item: 1, section: 1)])
  }

  @Test("items changing inside a section that must move take a second stage")
  func movingSectionWithChanges() throws {
    let old = [Section(id: "A", items: ["a"]), Section(id: "B", items: ["b"])]
    let new = [Section(id: "B", items: ["b", "y"]), Section(id: "A", items: ["a", "x"])]
    let staged = try StagedChangeset(from: old, to: new)
    #expect(staged.stages.count == 2)
    #expect(staged.moveCount == 1)
    #expect(staged.stages.last!.sections == new)
  }

  @Test("diffing snapshots diffs their top-level items")
  func snapshots() throws {
    let old = try Snapshot<String, String>(sections: [.init(id: "S0", items: ["a", "b"])])
    let new = try Snapshot<String, String>(sections: [.init(id: "S0", items: ["b", "a"])])
    #expect(StagedChangeset(from: old, to: new).moveCount == 1)
  }

  @Test("duplicate identifiers throw, naming the side")
  func duplicates() {
    #expect(throws: SectionedDiffError.self) {
      try StagedChangeset<String, String>(from: [Section(id: "S", items: ["a", "a"])], to: [])
    }
    do {
      _ = try StagedChangeset<String, String>(
        from: [], to: [Section(id: "S", items: ["a"]), Section(id: "T", items: ["a"])])
      Issue.record("no error")
    } catch {
      #expect(error.description == "duplicate item identifier \"a\" in the new data")
    }
    do {
      _ = try StagedChangeset<String, String>(from: [Section(id: "S", items: []), Section(id: "S", items: [])], to: [])
      Issue.record("no error")
    } catch {
      #expect(error.description == "duplicate section identifier \"S\" in the old data")
    }
  }

  /// Items are paired by guessing the old neighbour before hashing; a duplicate must throw
  /// whichever way each of its copies is paired.
  @Test("duplicates throw however their copies are paired")
  func duplicatesAnyPairing() {
    let cases: [(old: [Section], new: [Section], message: String)] = [
      // The copy comes after the run it was guessed in.
      (
        [Section(id: "S", items: ["a", "b", "c"])], [Section(id: "S", items: ["a", "b", "c", "a"])], "\"a\" in the new"
      ),
      // The copy is in another section, where the guess misses.
      (
        [Section(id: "S", items: ["a", "b"]), Section(id: "T", items: ["c"])],
        [Section(id: "S", items: ["a", "b"]), Section(id: "T", items: ["a"])], "\"a\" in the new"
      ),
      // The first copy is found by a look-up, the second would be a guess.
      (
        [Section(id: "S", items: ["a", "b", "c"])], [Section(id: "S", items: ["c", "a", "b", "c"])], "\"c\" in the new"
      ),
      // Two copies of an item that is not in the old data.
      ([Section(id: "S", items: ["a"])], [Section(id: "S", items: ["a", "x", "y", "x"])], "\"x\" in the new"),
      // Copies in the old data, in two sections.
      ([Section(id: "S", items: ["a", "b"]), Section(id: "T", items: ["b"])], [], "\"b\" in the old"),
    ]
    for (old, new, message) in cases {
      do {
        _ = try StagedChangeset<String, String>(from: old, to: new)
        Issue.record("no error for \(old) → \(new)")
      } catch {
        #expect(error.description == "duplicate item identifier \(message) data", "\(old) → \(new)")
      }
    }
  }

  /// Sections are paired through one table; the error names the same section as before:
  /// a repeat of an old section wins over an earlier repeat of a new-only one.
  @Test("duplicate sections: which one the error names")
  func duplicateSectionsPrecedence() {
    let cases: [(old: [Section], new: [Section], message: String)] = [
      // A new-only section twice.
      ([Section(id: "S", items: [])], [Section(id: "N", items: []), Section(id: "N", items: [])], "\"N\" in the new"),
      // A new-only section repeated first, then an old one repeated: the old one is named.
      (
        [Section(id: "S", items: [])],
        [
          Section(id: "N", items: []), Section(id: "N", items: []), Section(id: "S", items: []),
          Section(id: "S", items: []),
        ],
        "\"S\" in the new"
      ),
      // Two new-only sections repeated: the first repeat is named.
      (
        [Section(id: "S", items: [])],
        [
          Section(id: "M", items: []), Section(id: "N", items: []), Section(id: "N", items: []),
          Section(id: "M", items: []),
        ],
        "\"N\" in the new"
      ),
      // Old duplicates come before any new one.
      (
        [Section(id: "S", items: []), Section(id: "T", items: []), Section(id: "T", items: [])],
        [Section(id: "S", items: []), Section(id: "S", items: [])], "\"T\" in the old"
      ),
    ]
    for (old, new, message) in cases {
      do {
        _ = try StagedChangeset<String, String>(from: old, to: new)
        Issue.record("no error for \(old) → \(new)")
      } catch {
        #expect(error.description == "duplicate section identifier \(message) data", "\(old) → \(new)")
      }
    }
  }

  /// Sizes beyond the random pairs': many new items (the hash table grows), long runs
  /// that keep their neighbours, reversed runs, sections deleted, inserted and moved.
  @Test("larger data: every stage is valid, the stages give new, moves are minimal")
  func largerData() {
    var rng = SplitMix(spreading: 13)
    let grown = (
      old: [IntSection(id: 0, items: Array(0..<10))], new: [IntSection(id: 0, items: Array(0..<1_000).reversed())]
    )
    var pairs = [grown]
    for _ in 0..<6 {
      let sections = rng.int(5...20)
      let perSection = rng.int(20...120)
      let old = (0..<sections).map { s in IntSection(id: s, items: Array(s * perSection..<(s + 1) * perSection)) }
      var new = old
      for _ in 0..<rng.int(0...3) { new.remove(at: rng.int(0...new.count - 1)) }
      for k in 0..<rng.int(0...3) {
        let first = (sections + k) * perSection
        new.insert(IntSection(id: sections + k, items: Array(first..<first + perSection)), at: rng.int(0...new.count))
      }
      for _ in 0..<rng.int(0...5) {
        let section = new.remove(at: rng.int(0...new.count - 1))
        new.insert(section, at: rng.int(0...new.count))
      }
      for _ in 0..<perSection / 5 {
        let from = rng.int(0...new.count - 1)
        let to = rng.int(0...new.count - 1)
        guard !new[from].items.isEmpty else { continue }
        let item = new[from].items.remove(at: rng.int(0...new[from].items.count - 1))
        new[to].items.insert(item, at: rng.int(0...new[to].items.count))
      }
      let reversed = rng.int(0...new.count - 1)
      new[reversed].items.reverse()
      pairs.append((old, new))
    }
    for (old, new) in pairs {
      let errors = stagedChangesetErrors(old: old, new: new, changed: [])
      #expect(errors.isEmpty, "\(errors.prefix(5))")
    }
  }

  @Test("longest increasing subsequences")
  func lis() {
    #expect(longestIncreasingSubsequence([0, 3, 1, 2]) == [true, false, true, true])
    #expect(longestIncreasingSubsequence([]) == [])
    #expect(longestIncreasingSubsequence([3, 2, 1]).filter { $0 }.count == 1)
    #expect(heaviestLongestIncreasingSubsequence([1, 0, 2], weights: [0, 1, 0], bound: 3) == [false, true, true])
    var rng = SplitMix(spreading: 7)
    for _ in 0..<500 {
      let values = Array((0..<rng.int(0...12)).shuffled(using: &rng))
      let keep = longestIncreasingSubsequence(values)
      let kept = values.indices.filter { keep[$0] }.map { values[$0] }
      #expect(kept == kept.sorted() && kept.count == referenceLongestIncreasing(values))
      let heavy = heaviestLongestIncreasingSubsequence(values, weights: values.map { $0 % 2 }, bound: 12)
      #expect(heavy.filter { $0 }.count == kept.count)
    }
  }

  @Test("heaviest longest increasing subsequences, against a quadratic reference, pivots or none")
  func heaviestAgainstReference() {
    var rng = SplitMix(spreading: 33)
    for round in 0..<2_000 {
      let n = rng.int(0...60)
      let bound = n + rng.int(0...20)
      // Distinct values below `bound`: sorted with a few items moved (long runs of pivots), a
      // shuffle (few or none), or reversed.
      var values = Array(Array(0..<bound).shuffled(using: &rng).prefix(n)).sorted()
      switch round % 3 {
      case 0:
        for _ in 0..<rng.int(0...4) where n > 1 {
          let item = values.remove(at: rng.int(0...(n - 1)))
          values.insert(item, at: rng.int(0...(n - 1)))
        }
      case 1: values.shuffle(using: &rng)
      default: values.reverse()
      }
      let weights = values.map { _ in rng.int(0...9) < 2 ? rng.int(1...3) : 0 }
      // best[i]: the longest, then heaviest, run ending at i.
      var best: [(length: Int, weight: Int)] = []
      for i in values.indices {
        var run = (length: 1, weight: weights[i])
        for j in 0..<i where values[j] < values[i] {
          let through = (length: best[j].length + 1, weight: best[j].weight + weights[i])
          if (through.length, through.weight) > (run.length, run.weight) { run = through }
        }
        best.append(run)
      }
      let target = best.max { ($0.length, $0.weight) < ($1.length, $1.weight) } ?? (0, 0)
      let keep = heaviestLongestIncreasingSubsequence(values, weights: weights, bound: bound)
      let kept = values.indices.filter { keep[$0] }
      #expect(zip(kept, kept.dropFirst()).allSatisfy { values[$0] < values[$1] }, "\(values)")
      #expect(kept.count == target.length, "\(values)")
      #expect(kept.reduce(0) { $0 + weights[$1] } == target.weight, "\(values) \(weights)")
    }
  }
}
