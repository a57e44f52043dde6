import Testing

@testable import ReorderKit
@testable import ReorderKitUIKit

/// A staged changeset applied to a recording view with `reload(using:interrupt:setData:completion:)`,
/// its animations finished.
@MainActor
struct AdapterRun {
  var staged: StagedChangeset<Int, Int>
  var view: RecordingView
  /// The completions received before the animations ended, and after.
  var completionsBefore: [Bool], completions: [Bool]

  init(old: [IntSection], new: [IntSection], changed: Set<Int>) throws {
    staged = try StagedChangeset(from: old, to: new, contentChanged: { changed.contains($0) })
    view = RecordingView(showing: old)
    var received: [Bool] = []
    view.reload(using: staged, setData: view.setData) { received.append($0) }
    completionsBefore = received
    view.finishAnimations()
    completions = received
  }
}

/// What UIKit would refuse, or animate wrongly, when the adapter applies old → new: the recording
/// view's ``UIKitBatchModel`` on each batch, and the outcome (the view shows new, the changed items
/// were reloaded, one completion saying `true`, no fallback reload).
@MainActor
func uikitRuleErrors(old: [IntSection], new: [IntSection], changed: Set<Int>) -> [String] {
  let run: AdapterRun
  do { run = try AdapterRun(old: old, new: new, changed: changed) } catch { return ["threw \(error)"] }
  var errors = run.view.errors
  if run.completions != [true] { errors.append("completions \(run.completions)") }
  if run.view.shown != new { errors.append("the view shows \(run.view.shown), not \(new)") }
  if run.view.calls.contains(.reloadData) { errors.append("reloadData") }
  if run.view.reloadedItems.sorted() != changed.sorted() {
    errors.append("reloaded \(run.view.reloadedItems.sorted()); changed \(changed.sorted())")
  }
  return errors
}

/// The adapter's own choices, beyond UIKit's rules, when it applies old → new: the recording view's
/// `adapterChoiceErrors` (the data set first, the call order, reloads alone, calls inside batches),
/// one batch per stage or two when the stage's reloads are split out, and the completion only
/// after every animation.
@MainActor
func adapterChoiceErrors(old: [IntSection], new: [IntSection], changed: Set<Int>) -> [String] {
  let run: AdapterRun
  do { run = try AdapterRun(old: old, new: new, changed: changed) } catch { return ["threw \(error)"] }
  var errors = run.view.adapterChoiceErrors
  if !run.staged.stages.isEmpty && !run.completionsBefore.isEmpty {
    errors.append("completion before the animations ended")
  }
  var expected: [[IntSection]] = []
  for stage in run.staged.stages {
    let split = !stage.reloadItems.isEmpty && stage.updates != BatchUpdate(reloadItems: stage.reloadItems)
    expected += Array(repeating: stage.sections, count: split ? 2 : 1)
  }
  if run.view.shownAfterBatches != expected {
    errors.append("\(run.view.batchCount) batches showing \(run.view.shownAfterBatches); expected \(expected)")
  }
  return errors
}

@Suite("Batch-update adapter on a recording view")
@MainActor
struct AdapterTests {
  /// The 10,000 seeded random pairs of the differ's tests (seeds 0–9,999, printed on failure), in
  /// ten chunks that run in parallel.
  @Test("UIKit's rules: the calls take the view from old to new, judged by the UIKit model", arguments: 0..<10)
  func randomPairs(chunk: Int) {
    for seed in UInt64(chunk * 1_000)..<UInt64((chunk + 1) * 1_000) {
      let pair = RandomPair(seed: seed)
      let errors = uikitRuleErrors(old: pair.old, new: pair.new, changed: pair.changed)
      #expect(
        errors.isEmpty, "seed \(seed): old \(pair.old) new \(pair.new) changed \(pair.changed.sorted()): \(errors)")
      if !errors.isEmpty { return }
    }
  }

  /// Seeds 0–1,999 of the random pairs.
  @Test("the adapter's choices: data set first, its call order, reloads alone, one completion at the end")
  func adapterChoicesOnRandomPairs() {
    for seed in UInt64(0)..<UInt64(2_000) {
      let pair = RandomPair(seed: seed)
      let errors = adapterChoiceErrors(old: pair.old, new: pair.new, changed: pair.changed)
      #expect(errors.isEmpty, "seed \(seed): old \(pair.old) new \(pair.new): \(errors)")
      if !errors.isEmpty { return }
    }
  }

  @Test("the golden cases of reorder diff", arguments: GoldenDiffCase.all)
  func golden(_ golden: GoldenDiffCase) {
    let (old, new, changed) = golden.integers()
    #expect(uikitRuleErrors(old: old, new: new, changed: changed) == [])
    #expect(adapterChoiceErrors(old: old, new: new, changed: changed) == [])
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
  @Test("the adapter's choice, students re-sorted by birthday: three batches, the data set first in each")
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
    #expect(view.adapterChoiceErrors == [])
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

  @Test("the adapter's choice: a reload in a stage that also inserts is applied alone, after, at the item's new path")
  func reloadSplit() throws {
    let old = [IntSection(id: 0, items: [1, 2, 3])]
    let new = [IntSection(id: 0, items: [9, 1, 2, 3])]
    let staged = try StagedChangeset(from: old, to: new, contentChanged: { $0 == 2 })
    #expect(staged.stages.count == 1)
    #expect(staged.stages[0].reloadItems == [ItemPath(item: 1, section: 0)])
    let view = RecordingView(showing: old)
    view.reload(using: staged, setData: view.setData)
    #expect(view.errors == [])
    #expect(view.adapterChoiceErrors == [])
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

  /// Interrupting before each stage in turn, over random pairs (seeds 0–1,999, printed on failure): the stages before it animate,
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
        #expect(view.adapterChoiceErrors == [], "seed \(seed), stage \(k)")
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

  /// The UIKit model can fail: a hand-made batch that breaks each rule is caught, whatever the
  /// order of its calls, and batches that keep the rules pass.
  @Test("the UIKit model catches what UIKit would refuse or animate wrongly")
  func uikitModelCatches() {
    let old = [IntSection(id: 0, items: [1, 2]), IntSection(id: 1, items: [3])]
    let p = { (section: Int, item: Int) in ItemPath(item: item, section: section) }
    func judge(_ new: [IntSection], _ build: (inout UIKitBatchModel) -> Void) -> [String] {
      var model = UIKitBatchModel()
      build(&model)
      return model.judge(before: old, after: new).errors
    }
    func expectCaught(_ errors: [String], _ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(errors.contains { $0.contains(text) }, "\(errors)", sourceLocation: sourceLocation)
    }
    let oneGone = [IntSection(id: 0, items: [2]), IntSection(id: 1, items: [3])]
    // Valid: a delete at the old path, an insert at the new one, a move, in any order.
    #expect(judge(oneGone) { $0.deleteItems = [p(0, 0)] } == [])
    #expect(
      judge([IntSection(id: 0, items: [9, 2, 1]), IntSection(id: 1, items: [3])]) {
        $0.moveItems = [(p(0, 0), p(0, 2))]
        $0.insertItems = [p(0, 0)]
      } == [])
    #expect(
      judge([IntSection(id: 1, items: [3]), IntSection(id: 0, items: [1, 2])]) { $0.moveSections = [(0, 1)] } == [])
    // The data never set: the counts do not add up.
    expectCaught(judge(old) { $0.deleteItems = [p(0, 0)] }, "section 0 has 2 items after the batch")
    expectCaught(judge(old) { $0.deleteSections = [1] }, "1 deleted")
    // Counts add up, but the wrong item goes.
    expectCaught(
      judge([IntSection(id: 0, items: [1]), IntSection(id: 1, items: [3])]) { $0.deleteItems = [p(0, 0)] }, "replayed")
    // A move that lands the wrong item (counts add up).
    expectCaught(
      judge([IntSection(id: 0, items: [2, 1]), IntSection(id: 1, items: [3])]) {
        $0.moveItems = [(p(0, 1), p(0, 0)), (p(0, 0), p(0, 0))]
      },
      "already inserts or moves")
    expectCaught(
      judge([IntSection(id: 0, items: [1]), IntSection(id: 1, items: [3, 2])]) { $0.moveItems = [(p(0, 0), p(1, 1))] },
      "replayed")
    // Seed 001's crash: a move out of a deleted section; and into an inserted one.
    expectCaught(
      judge([IntSection(id: 1, items: [3, 1])]) {
        $0.deleteSections = [0]
        $0.moveItems = [(p(0, 0), p(0, 1))]
      }, "which is deleted in the same batch")
    expectCaught(
      judge([IntSection(id: 0, items: [2]), IntSection(id: 1, items: [3]), IntSection(id: 2, items: [1])]) {
        $0.insertSections = [2]
        $0.moveItems = [(p(0, 0), p(2, 0))]
      }, "which is inserted in the same batch")
    // Items changed in a section that moves.
    expectCaught(
      judge([IntSection(id: 1, items: [3]), IntSection(id: 0, items: [2])]) {
        $0.moveSections = [(0, 1)]
        $0.deleteItems = [p(0, 0)]
      }, "which moves in the same batch")
    // The same path twice; a path out of range.
    expectCaught(
      judge(oneGone) {
        $0.deleteItems = [p(0, 0)]
        $0.reloadItems = [p(0, 0)]
      }, "already deletes, moves or reloads")
    expectCaught(judge(old) { $0.reloadItems = [p(0, 2)] }, "does not exist before the batch")
    expectCaught(judge(old) { $0.insertItems = [p(2, 0)] }, "there are 2 sections after the batch")
    expectCaught(judge(old) { $0.deleteSections = [0, 0] }, "already deletes or moves")
    // An inserted section that is an old one still there.
    expectCaught(
      judge([IntSection(id: 0, items: [1, 2]), IntSection(id: 1, items: [3]), IntSection(id: 0, items: [])]) {
        $0.insertSections = [2]
      }, "which stays from before the batch")
  }

  /// The UIKit model catches a broken adapter: each stage of the random pairs (seeds 0–499, printed
  /// on failure), with one call dropped, one destination shifted by one, or two move destinations
  /// swapped, is rejected every time.
  @Test("the UIKit model rejects every mutated stage")
  func uikitModelRejectsMutations() throws {
    var rejected = 0
    for seed in UInt64(0)..<UInt64(500) {
      let pair = RandomPair(seed: seed)
      let staged = try StagedChangeset(from: pair.old, to: pair.new)
      var before = pair.old
      for (t, stage) in staged.stages.enumerated() {
        defer { before = stage.sections }
        let valid = UIKitBatchModel(stage.updates)
        #expect(valid.judge(before: before, after: stage.sections).errors == [], "seed \(seed), stage \(t)")
        var mutants: [(String, UIKitBatchModel)] = []
        for i in valid.insertItems.indices {
          var m = valid
          m.insertItems.remove(at: i)
          mutants.append(("insert \(i) dropped", m))
          m = valid
          m.insertItems[i].item += 1
          mutants.append(("insert \(i) shifted", m))
        }
        for i in valid.deleteItems.indices {
          var m = valid
          m.deleteItems.remove(at: i)
          mutants.append(("delete \(i) dropped", m))
        }
        for i in valid.moveItems.indices {
          var m = valid
          m.moveItems.remove(at: i)
          mutants.append(("move \(i) dropped", m))
          m = valid
          m.moveItems[i].to.item += 1
          mutants.append(("move \(i) shifted", m))
          if i > 0 {
            m = valid
            (m.moveItems[i].to, m.moveItems[i - 1].to) = (m.moveItems[i - 1].to, m.moveItems[i].to)
            mutants.append(("moves \(i - 1) and \(i) swapped", m))
          }
        }
        for i in valid.insertSections.indices {
          var m = valid
          m.insertSections.remove(at: i)
          mutants.append(("section insert \(i) dropped", m))
        }
        for i in valid.deleteSections.indices {
          var m = valid
          m.deleteSections.remove(at: i)
          mutants.append(("section delete \(i) dropped", m))
        }
        for i in valid.moveSections.indices {
          var m = valid
          m.moveSections.remove(at: i)
          mutants.append(("section move \(i) dropped", m))
        }
        for (name, mutant) in mutants {
          let errors = mutant.judge(before: before, after: stage.sections).errors
          #expect(!errors.isEmpty, "seed \(seed), stage \(t): \(name) passes")
          rejected += errors.isEmpty ? 0 : 1
        }
      }
    }
    #expect(rejected > 5_000)
  }

  /// The adapter's choices are checked by the recording view: a hand-made sequence that breaks
  /// each one is caught (UIKit itself would accept these).
  @Test("the recording view catches the adapter's choices broken")
  func recordingViewCatchesChoices() {
    let old = [IntSection(id: 0, items: [1, 2]), IntSection(id: 1, items: [3])]
    let paths = (a: ItemPath(item: 0, section: 0), b: ItemPath(item: 1, section: 0))

    let late = RecordingView(showing: old)  // the data set after the calls
    late.performBatchUpdates(
      {
        late.deleteItems(at: [paths.a])
        late.setData([IntSection(id: 0, items: [2]), IntSection(id: 1, items: [3])])
      }, completion: nil)
    #expect(late.errors == [])
    #expect(late.adapterChoiceErrors.contains { $0.contains("before the data source's data was set") })

    let order = RecordingView(showing: old)  // items before sections
    order.performBatchUpdates(
      {
        order.setData([IntSection(id: 0, items: [2])])
        order.deleteItems(at: [paths.a])
        order.deleteSections([1])
      }, completion: nil)
    #expect(order.errors == [])
    #expect(order.adapterChoiceErrors.contains { $0.contains("out of the adapter's order") })

    let mixedReload = RecordingView(showing: old)  // a reload shifted by a delete
    mixedReload.performBatchUpdates(
      {
        mixedReload.setData([IntSection(id: 0, items: [2]), IntSection(id: 1, items: [3])])
        mixedReload.deleteItems(at: [paths.a])
        mixedReload.reloadItems(at: [paths.b])
      }, completion: nil)
    #expect(mixedReload.errors == [])
    #expect(mixedReload.adapterChoiceErrors.contains { $0.contains("reloads items while other changes shift them") })

    let outside = RecordingView(showing: old)
    outside.insertItems(at: [paths.a])
    #expect(outside.adapterChoiceErrors.contains { $0.contains("outside performBatchUpdates") })
  }

  /// The recording view judges with the UIKit model: a batch that breaks UIKit's rules is reported
  /// in `errors`, with the batch's number.
  @Test("the recording view reports UIKit's rules broken")
  func recordingViewReportsRules() {
    let old = [IntSection(id: 0, items: [1, 2]), IntSection(id: 1, items: [3])]
    let view = RecordingView(showing: old)
    view.performBatchUpdates(
      {
        view.setData([IntSection(id: 1, items: [3, 1])])
        view.deleteSections([0])
        view.moveItem(at: ItemPath(item: 0, section: 0), to: ItemPath(item: 1, section: 0))
      }, completion: nil)
    #expect(view.errors.contains { $0.hasPrefix("batch 0: ") && $0.contains("which is deleted in the same batch") })
    #expect(view.adapterChoiceErrors == [])
  }
}
