import Testing

@testable import ReorderKit

/// "Same identity, new content": pairs written for the cases other differs' own tests cover
/// (a section updated, an element updated, updates with moves, section moves with updates,
/// deletes and inserts with updates, everything at once), each checked by
/// ``contentChangesetErrors(_:style:)`` in both update styles.
@Suite("Content updates in the sectioned diff")
struct ContentUpdateTests {
  static func s(_ id: Int, _ items: [Int]) -> IntSection { IntSection(id: id, items: items) }

  /// Named pairs: old, new, changed items, changed sections.
  static let cases: [(String, ContentPair)] = [
    ("nothing changes", ContentPair(old: [s(0, [1, 2])], new: [s(0, [1, 2])])),
    (
      "a section updated",
      ContentPair(old: [s(0, [1, 2]), s(1, [3])], new: [s(0, [1, 2]), s(1, [3])], changedSections: [1])
    ),
    (
      "every section updated",
      ContentPair(
        old: [s(0, [1]), s(1, []), s(2, [2])], new: [s(0, [1]), s(1, []), s(2, [2])], changedSections: [0, 1, 2])
    ),
    ("an element updated", ContentPair(old: [s(0, [1, 2, 3])], new: [s(0, [1, 2, 3])], changed: [2])),
    (
      "elements updated in several sections",
      ContentPair(old: [s(0, [1, 2]), s(1, [3, 4])], new: [s(0, [1, 2]), s(1, [3, 4])], changed: [1, 4])
    ),
    (
      "a section and its element updated",
      ContentPair(
        old: [s(0, [1, 2]), s(1, [3])], new: [s(0, [1, 2]), s(1, [3])], changed: [2], changedSections: [0])
    ),
    ("an element moved and updated", ContentPair(old: [s(0, [1, 2, 3])], new: [s(0, [3, 1, 2])], changed: [3])),
    (
      "elements moved, others updated",
      ContentPair(old: [s(0, [1, 2, 3, 4])], new: [s(0, [4, 2, 3, 1])], changed: [2, 3])
    ),
    (
      "an element moved across sections and updated",
      ContentPair(old: [s(0, [1, 2]), s(1, [3])], new: [s(0, [2]), s(1, [1, 3])], changed: [1])
    ),
    (
      "a section moved and updated",
      ContentPair(
        old: [s(0, [1]), s(1, [2]), s(2, [3])], new: [s(2, [3]), s(0, [1]), s(1, [2])], changedSections: [2])
    ),
    (
      "a section moved, its element updated",
      ContentPair(
        old: [s(0, [1]), s(1, [2]), s(2, [3, 4])], new: [s(2, [3, 4]), s(0, [1]), s(1, [2])], changed: [4])
    ),
    (
      "a section moved, another updated",
      ContentPair(
        old: [s(0, [1]), s(1, [2]), s(2, [3])], new: [s(2, [3]), s(0, [1]), s(1, [2])], changedSections: [0])
    ),
    (
      "a section updated while a row moves (DifferenceKit #106)",
      ContentPair(old: [s(0, [1, 2, 3]), s(1, [4])], new: [s(0, [3, 1, 2]), s(1, [4])], changedSections: [0])
    ),
    (
      "a section updated while a row moves out of it",
      ContentPair(old: [s(0, [1, 2]), s(1, [3])], new: [s(0, [2]), s(1, [3, 1])], changedSections: [0, 1])
    ),
    ("elements deleted and updated", ContentPair(old: [s(0, [1, 2, 3, 4])], new: [s(0, [2, 4])], changed: [2, 4])),
    ("elements inserted and updated", ContentPair(old: [s(0, [1, 2])], new: [s(0, [5, 1, 6, 2])], changed: [1, 2])),
    (
      "a section's count changes (its header updated, an element inserted)",
      ContentPair(old: [s(0, [1, 2]), s(1, [3])], new: [s(0, [1, 2, 5]), s(1, [3])], changedSections: [0])
    ),
    (
      "sections deleted and updated",
      ContentPair(old: [s(0, [1]), s(1, [2]), s(2, [3])], new: [s(1, [2])], changedSections: [1])
    ),
    (
      "sections inserted and updated",
      ContentPair(old: [s(0, [1])], new: [s(5, [7]), s(0, [1]), s(6, [])], changedSections: [0])
    ),
    (
      "an element moved out of a deleted section into an updated one",
      ContentPair(old: [s(0, [1, 2]), s(1, [3])], new: [s(1, [3, 2])], changed: [2], changedSections: [1])
    ),
    (
      "an element moved into an inserted section and updated",
      ContentPair(old: [s(0, [1, 2])], new: [s(0, [1]), s(1, [2])], changed: [2])
    ),
    (
      "sections moved and updated, elements moved and updated",
      ContentPair(
        old: [s(0, [1, 2, 3]), s(1, [4, 5]), s(2, [6])], new: [s(2, [6, 1]), s(1, [5, 4]), s(0, [3, 2])],
        changed: [1, 4, 6], changedSections: [0, 2])
    ),
    (
      "everything at once",
      ContentPair(
        old: [s(0, [1, 2, 3]), s(1, [4, 5]), s(2, [6, 7]), s(3, [8])],
        new: [s(4, [9, 4]), s(2, [7, 6, 10]), s(0, [3, 1]), s(1, [5, 2])], changed: [1, 5, 6, 7],
        changedSections: [0, 1, 2])
    ),
  ]

  @Test("every case is valid, minimal, and reports each change once", arguments: cases.indices)
  func validCase(_ index: Int) {
    let (name, pair) = Self.cases[index]
    #expect(contentChangesetErrors(pair, style: .reload) == [], "\(name)")
    #expect(contentChangesetErrors(pair, style: .reconfigure) == [], "\(name), reconfigure")
  }

  @Test("reconfigures are placed exactly as reloads")
  func reconfigureMirrorsReload() throws {
    for (name, pair) in Self.cases {
      let reload = try pair.staged(.reload)
      let reconfigure = try pair.staged(.reconfigure)
      #expect(reload.stages.map(\.reloadItems) == reconfigure.stages.map(\.reconfigureItems), "\(name)")
      #expect(reload.stages.map(\.sections) == reconfigure.stages.map(\.sections), "\(name)")
      #expect(reconfigure.stages.allSatisfy { $0.reloadItems.isEmpty }, "\(name)")
    }
  }

  /// The item-only initializer keeps its placement (an item that moves, or whose section moves, and
  /// changes may be reloaded before the move, at its old path: the goldens of `reorder diff` hold
  /// it); where no such item changes, the two initializers give the same stages.
  @Test("without section changes or items that move and change, both initializers agree")
  func itemOnlyInitializer() throws {
    var compared = 0
    for seed in UInt64(0)..<UInt64(1_000) {
      let pair = RandomPair(seed: seed)
      let before = try StagedChangeset(from: pair.old, to: pair.new, contentChanged: { pair.changed.contains($0) })
      let now = try StagedChangeset(
        from: pair.old, to: pair.new, itemUpdates: .reload, contentChanged: { pair.changed.contains($0) })
      var current = pair.old
      var movingChange = false
      for stage in before.stages {
        for move in stage.moveItems where pair.changed.contains(current[move.from.section].items[move.from.item]) {
          movingChange = true
        }
        for move in stage.moveSections where current[move.from].items.contains(where: pair.changed.contains) {
          movingChange = true
        }
        for s in pair.new where s.items.contains(where: pair.changed.contains) {
          if stage.sections.firstIndex(where: { $0.id == s.id }) != current.firstIndex(where: { $0.id == s.id }) {
            movingChange = true
          }
        }
        current = stage.sections
      }
      guard !movingChange else { continue }
      #expect(before == now, "seed \(seed)")
      compared += 1
    }
    #expect(compared > 500)
  }

  @Test("a section updated in place is reloaded in the first stage, its new items after")
  func headerCount() throws {
    let (_, pair) = Self.cases[16]
    let stages = try pair.staged().stages
    #expect(stages.count == 2)
    #expect(stages[0].reloadSections == [0] && stages[0].insertItems == [])
    #expect(stages[1].insertItems == [ItemPath(item: 2, section: 0)] && stages[1].reloadSections == [])
  }

  @Test("a section that moves and changes is reloaded after the move, at its new index")
  func movingSection() throws {
    let (_, pair) = Self.cases[9]
    let stages = try pair.staged().stages
    #expect(stages.count == 2)
    #expect(stages[0].moveSections == [SectionMove(from: 2, to: 0)] && stages[0].reloadSections == [])
    #expect(stages[1].reloadSections == [0] && stages[1].moveSections == [])
  }

  @Test("an item that moves and changes is updated after the move, at its new path")
  func movingItem() throws {
    let (_, pair) = Self.cases[6]
    let stages = try pair.staged(.reconfigure).stages
    #expect(stages.count == 2)
    #expect(stages[0].moveItems == [ItemMove(from: ItemPath(item: 2, section: 0), to: ItemPath(item: 0, section: 0))])
    #expect(stages[1].reconfigureItems == [ItemPath(item: 0, section: 0)] && stages[1].moveItems == [])
  }
}
