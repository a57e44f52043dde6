import Testing

@testable import ReorderKit
@testable import ReorderKitUIKit

/// Applies a staged changeset to a recording view with `reload(using:interrupt:setData:completion:)`
/// and returns every rule broken on the way: the view's own checks of each batch, and the
/// adapter's promises (one batch per stage, or two when the stage's reloads are split out; the
/// view ends showing new; the changed items reloaded; one completion, after every animation).
@MainActor
func adapterErrors(old: [IntSection], new: [IntSection], changed: Set<Int>) -> [String] {
  let staged: StagedChangeset<Int, Int>
  do {
    staged = try StagedChangeset(from: old, to: new, contentChanged: { changed.contains($0) })
  } catch {
    return ["threw \(error)"]
  }
  let view = RecordingView(showing: old)
  var completions: [Bool] = []
  view.reload(using: staged, setData: view.setData) { completions.append($0) }
  var errors = view.errors
  if !staged.stages.isEmpty && !completions.isEmpty { errors.append("completion before the animations ended") }
  view.finishAnimations()
  if completions != [true] { errors.append("completions \(completions)") }
  if view.shown != new { errors.append("the view shows \(view.shown), not \(new)") }
  if view.calls.contains(.reloadData) { errors.append("reloadData") }
  var expected: [[IntSection]] = []
  for stage in staged.stages {
    let split = !stage.reloadItems.isEmpty && stage.updates != BatchUpdate(reloadItems: stage.reloadItems)
    expected += Array(repeating: stage.sections, count: split ? 2 : 1)
  }
  if view.shownAfterBatches != expected {
    errors.append("\(view.batchCount) batches showing \(view.shownAfterBatches); expected \(expected)")
  }
  if view.reloadedItems.sorted() != changed.sorted() {
    errors.append("reloaded \(view.reloadedItems.sorted()); changed \(changed.sorted())")
  }
  return errors
}

@Suite("Batch-update adapter on a recording view")
@MainActor
struct AdapterTests {
  /// The 10,000 seeded random pairs of the differ's tests, in ten chunks that run in parallel.
  @Test("the calls take the view from old to new, no rule broken", arguments: 0..<10)
  func randomPairs(chunk: Int) {
    for seed in UInt64(chunk * 1_000)..<UInt64((chunk + 1) * 1_000) {
      let pair = RandomPair(seed: seed)
      let errors = adapterErrors(old: pair.old, new: pair.new, changed: pair.changed)
      #expect(
        errors.isEmpty, "seed \(seed): old \(pair.old) new \(pair.new) changed \(pair.changed.sorted()): \(errors)")
      if !errors.isEmpty { return }
    }
  }

  @Test("the golden cases of reorder diff", arguments: GoldenDiffCase.all)
  func golden(_ golden: GoldenDiffCase) {
    let (old, new, changed) = golden.integers()
    let errors = adapterErrors(old: old, new: new, changed: changed)
    #expect(errors.isEmpty, "\(errors)")
  }

  @Test(
    "the random pairs split reloads out of stages that also change the data, and the golden cases cover every stage count"
  )
  func coverage() throws {
    var splitStages = 0
    for seed in UInt64(0)..<UInt64(1_000) {
      let pair = RandomPair(seed: seed)
      let staged = try StagedChangeset(from: pair.old, to: pair.new, contentChanged: { pair.changed.contains($0) })
      splitStages += staged.stages.count {
        !$0.reloadItems.isEmpty && $0.updates != BatchUpdate(reloadItems: $0.reloadItems)
      }
    }
    #expect(splitStages > 50)
    var stageCounts = Set<Int>()
    for golden in GoldenDiffCase.all {
      let (old, new, _) = golden.integers()
      stageCounts.insert(try StagedChangeset(from: old, to: new).stages.count)
    }
    #expect(stageCounts == [0, 1, 2, 3])
  }

  /// Seed 001's students, by the initial of their name, re-sorted by birthday: every section
  /// disappears and new ones appear while every student moves. The calls, exactly.
  @Test("students re-sorted by birthday: three batches, the data set first in each")
  func studentsByBirthday() throws {
    let students = GoldenDiffCase(
      name: "students-by-birthday",
      old: [("A", ["Aiko", "Akira"]), ("H", ["Haruto", "Hina"]), ("R", ["Ren"]), ("Y", ["Yui", "Yuto"])],
      new: [("2011", ["Haruto", "Aiko", "Yui"]), ("2012", ["Ren", "Yuto", "Akira"]), ("2013", ["Hina"])])
    let (byName, byBirthday, _) = students.integers()
    let staged = try StagedChangeset(from: byName, to: byBirthday)
    let view = RecordingView(showing: byName)
    var finished: Bool?
    view.reload(using: staged, setData: view.setData) { finished = $0 }
    #expect(view.errors == [])
    #expect(finished == nil)
    view.finishAnimations()
    #expect(finished == true)
    #expect(view.shown == byBirthday)
    let p = { (section: Int, item: Int) in ItemPath(item: item, section: section) }
    typealias Call = RecordingView.Call
    // A H R Y, then 2011 2012 2013 inserted after them; every student moves; A H R Y go.
    let expected: [Call] = [
      .beginBatch, .setData, .insertSections([4, 5, 6]), .endBatch,
      .beginBatch, .setData,
      .moveItem(p(0, 0), p(4, 1)), .moveItem(p(0, 1), p(5, 2)), .moveItem(p(1, 0), p(4, 0)),
      .moveItem(p(1, 1), p(6, 0)), .moveItem(p(2, 0), p(5, 0)), .moveItem(p(3, 0), p(4, 2)),
      .moveItem(p(3, 1), p(5, 1)), .endBatch,
      .beginBatch, .setData, .deleteSections([0, 1, 2, 3]), .endBatch,
    ]
    #expect(view.calls == expected, "\(view.calls.map(\.description).joined(separator: "\n"))")
  }

  @Test("a reload in a stage that also inserts is applied alone, after, at the item's new path")
  func reloadSplit() throws {
    let old = [IntSection(id: 0, items: [1, 2, 3])]
    let new = [IntSection(id: 0, items: [9, 1, 2, 3])]
    let staged = try StagedChangeset(from: old, to: new, contentChanged: { $0 == 2 })
    #expect(staged.stages.count == 1)
    #expect(staged.stages[0].reloadItems == [ItemPath(item: 1, section: 0)])
    let view = RecordingView(showing: old)
    view.reload(using: staged, setData: view.setData)
    #expect(view.errors == [])
    #expect(
      view.calls == [
        .beginBatch, .setData, .insertItems([ItemPath(item: 0, section: 0)]), .endBatch,
        .beginBatch, .setData, .reloadItems([ItemPath(item: 2, section: 0)]), .endBatch,
      ])
    #expect(view.reloadedItems == [2])
  }

  @Test("an empty changeset makes no call and completes at once")
  func empty() throws {
    let data = [IntSection(id: 0, items: [1, 2])]
    let view = RecordingView(showing: data)
    var completions: [Bool] = []
    view.reload(using: try StagedChangeset(from: data, to: data), setData: view.setData) { completions.append($0) }
    #expect(view.calls == [])
    #expect(completions == [true])
  }

  /// Interrupting before each stage in turn, over random pairs: the stages before it animate,
  /// then one reload with the final data ends the sequence, and the completion says `false`
  /// once the animations already running have ended.
  @Test("an interrupted sequence ends in one reload with the final data", arguments: 0..<4)
  func interrupted(chunk: Int) throws {
    var checked = 0
    for seed in UInt64(chunk * 500)..<UInt64((chunk + 1) * 500) {
      let pair = RandomPair(seed: seed)
      let staged = try StagedChangeset(from: pair.old, to: pair.new, contentChanged: { pair.changed.contains($0) })
      for k in staged.stages.indices {
        let view = RecordingView(showing: pair.old)
        var asked = 0
        var completions: [Bool] = []
        view.reload(
          using: staged,
          interrupt: { stage in
            defer { asked += 1 }
            #expect(stage == staged.stages[asked])
            return asked == k
          }, setData: view.setData, completion: { completions.append($0) })
        #expect(asked == k + 1)
        #expect(completions == (k == 0 ? [false] : []), "seed \(seed), stage \(k)")
        view.finishAnimations()
        #expect(completions == [false], "seed \(seed), stage \(k)")
        #expect(view.errors == [], "seed \(seed), stage \(k)")
        #expect(view.shown == pair.new, "seed \(seed), stage \(k)")
        #expect(view.calls.count { $0 == .reloadData } == 1)
        #expect(view.calls.suffix(2) == [.setData, .reloadData], "seed \(seed), stage \(k)")
        let expectedBatches = staged.stages.prefix(k).reduce(0) {
          $0 + $1.updates.batches(countsAfter: $1.itemCounts).count
        }
        #expect(view.batchCount == expectedBatches, "seed \(seed), stage \(k)")
        checked += 1
      }
    }
    #expect(checked > 500)
  }

  @Test("a changeset made from other data than the view shows reloads instead of animating")
  func staleChangeset() throws {
    let old = [IntSection(id: 0, items: [1, 2, 3]), IntSection(id: 1, items: [4])]
    let new = [IntSection(id: 1, items: [4, 1]), IntSection(id: 2, items: [5])]
    let staged = try StagedChangeset(from: old, to: new)
    let view = RecordingView(showing: [IntSection(id: 0, items: [1, 2])])
    var completions: [Bool] = []
    view.reload(using: staged, setData: view.setData) { completions.append($0) }
    #expect(view.calls == [.setData, .reloadData])
    #expect(view.errors == [])
    #expect(view.shown == new)
    #expect(completions == [false])
  }

  /// The classic crash: the app sets the new data before the batch, and the view, not loaded yet,
  /// loads it as what it showed before (UIKit does this at the start of performBatchUpdates).
  /// The adapter sees the counts do not fit the first stage and reloads instead.
  @Test("data set early on a view that has not loaded: a reload, not a crash")
  func dataSetEarly() throws {
    let old = [IntSection(id: 0, items: [1, 2, 3]), IntSection(id: 1, items: [4])]
    let new = [IntSection(id: 1, items: [4, 1]), IntSection(id: 2, items: [5])]
    let staged = try StagedChangeset(from: old, to: new)
    let view = RecordingView(notLoadedWithDataSource: old)
    view.setData(new)
    view.reload(using: staged, setData: view.setData)
    #expect(view.batchCount == 0)
    #expect(view.errors == [])
    #expect(view.shown == new)
  }

  /// The recording view's checks can fail: a hand-made batch that breaks each one is caught.
  @Test("the recording view catches what UIKit would not accept")
  func recordingViewCatches() {
    let old = [IntSection(id: 0, items: [1, 2]), IntSection(id: 1, items: [3])]
    let paths = (a: ItemPath(item: 0, section: 0), b: ItemPath(item: 1, section: 0))

    let late = RecordingView(showing: old)  // the data set after the calls
    late.performBatchUpdates(
      {
        late.deleteItems(at: [paths.a])
        late.setData([IntSection(id: 0, items: [2]), IntSection(id: 1, items: [3])])
      }, completion: nil)
    #expect(late.errors.contains { $0.contains("before the data source's data was set") })

    let never = RecordingView(showing: old)  // the data never set: the counts do not add up
    never.performBatchUpdates({ never.deleteItems(at: [paths.a]) }, completion: nil)
    #expect(never.errors.contains { $0.contains("expected 1") })

    let wrongItem = RecordingView(showing: old)  // counts add up, but the wrong item goes
    wrongItem.performBatchUpdates(
      {
        wrongItem.setData([IntSection(id: 0, items: [1]), IntSection(id: 1, items: [3])])
        wrongItem.deleteItems(at: [paths.a])
      }, completion: nil)
    #expect(wrongItem.errors.contains { $0.contains("untouched items") })

    let outOfDeleted = RecordingView(showing: old)  // seed 001's crash: a move out of a deleted section
    outOfDeleted.performBatchUpdates(
      {
        outOfDeleted.setData([IntSection(id: 1, items: [3, 1])])
        outOfDeleted.deleteSections([0])
        outOfDeleted.moveItem(at: paths.a, to: ItemPath(item: 1, section: 0))
      }, completion: nil)
    #expect(outOfDeleted.errors.contains { $0.contains("which is deleted in the same batch") })

    let order = RecordingView(showing: old)  // items before sections
    order.performBatchUpdates(
      {
        order.setData([IntSection(id: 0, items: [2])])
        order.deleteItems(at: [paths.a])
        order.deleteSections([1])
      }, completion: nil)
    #expect(order.errors.contains { $0.contains("out of UIKit's order") })

    let mixedReload = RecordingView(showing: old)  // a reload shifted by a delete
    mixedReload.performBatchUpdates(
      {
        mixedReload.setData([IntSection(id: 0, items: [2]), IntSection(id: 1, items: [3])])
        mixedReload.deleteItems(at: [paths.a])
        mixedReload.reloadItems(at: [paths.b])
      }, completion: nil)
    #expect(mixedReload.errors.contains { $0.contains("reloads items while other changes shift them") })

    let outside = RecordingView(showing: old)
    outside.insertItems(at: [paths.a])
    #expect(outside.errors.contains { $0.contains("outside performBatchUpdates") })
  }
}
