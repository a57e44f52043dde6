import Synchronization
import Testing

@testable import ReorderKit

/// Issue 22, items 4 to 6: no public call traps on valid use, every event is delivered, and new
/// data comes through the one change stream.
@Suite("Promises: no trap, no lost event, one door")
struct PromisesTests {
  static let sizes: [String: Size] = [
    "a": Size(width: 100, height: 60), "b": Size(width: 140, height: 60), "c": Size(width: 80, height: 60),
  ]

  /// A flow grid (no columns) in drag-and-drop mode, 390 wide.
  static func flow(mode: ReorderMode = .dragDrop) -> CollectionView<String, String> {
    CollectionView(
      snapshot: makeSnapshot([["a", "b", "c"]]),
      layout: .grid(.init(width: 390, height: 600, itemSpacing: 10, lineSpacing: 10)),
      viewSize: Size(width: 390, height: 600), mode: mode, itemSizes: sizes)
  }

  static func copying(_ view: inout CollectionView<String, String>, identifier: @escaping @Sendable (String) -> String?)
  {
    view.policy.dropSessionDidUpdate = { _, _, proposed in
      proposed.landsItems ? DropProposal(operation: .copy, intent: proposed.intent) : proposed
    }
    if identifier("probe") != nil {
      view.policy.identifierForCopy = { id, _ in identifier(id)! }
    }
  }

  /// Drags "a" (centre 50, 30) onto the end of the row, right of "c".
  static func dropAAtTheEnd(_ view: CollectionView<String, String>) -> DragDriver {
    var d = DragDriver(view)
    d.lift(at: Point(x: 50, y: 30))
    d.move(Point(x: 370, y: 30))
    d.move(Point(x: 372, y: 30))
    d.release(at: Point(x: 372, y: 30))
    return d
  }

  // MARK: 22.4 No trap on valid use

  @Test func aCopyDroppedInAFlowGridTakesTheOriginalsSize() throws {
    var view = Self.flow()
    Self.copying(&view) { "\($0) copy" }
    let d = Self.dropAAtTheEnd(view)
    #expect(d.events.contains(.dropped("a")))
    #expect(sections(of: d.view) == [["a", "b", "c", "a copy"]])
    #expect(d.view.itemSizes["a copy"] == Size(width: 100, height: 60))
    #expect(d.view.frame(of: "a copy")?.size == Size(width: 100, height: 60))
  }

  @Test func aTakenCopyIdentifierFailsTheDropAndSaysWhy() {
    var view = Self.flow()
    Self.copying(&view) { _ in "b" }  // taken
    let d = Self.dropAAtTheEnd(view)
    #expect(sections(of: d.view) == [["a", "b", "c"]])
    #expect(!d.events.contains(.dropped("a")))
    let failures = d.events.compactMap { if case .dropFailed(let id, let error) = $0 { (id, error) } else { nil } }
    #expect(failures.count == 1)
    #expect(failures.first?.0 == "a")
    #expect(failures.first.map { "\($0.1)" } == "identifierForCopy returned \"b\" for \"a\", which is already in use")
    #expect(!d.events.contains { if case .changed(.inserted) = $0 { true } else { false } })
    #expect(!d.events.contains { if case .committed = $0 { true } else { false } })
    #expect(!d.view.canUndo)
  }

  @Test func aCopyWithoutIdentifierForCopyFailsTheDrop() {
    var view = Self.flow()
    Self.copying(&view) { _ in nil }
    let d = Self.dropAAtTheEnd(view)
    #expect(sections(of: d.view) == [["a", "b", "c"]])
    #expect(d.events.contains { if case .dropFailed("a", _) = $0 { true } else { false } })
    #expect(!d.isDragging)
  }

  @Test func insertingIntoAFlowGridNeedsASize() throws {
    var view = Self.flow(mode: .interactive)
    let insert = Change<String, String>.inserted(
      ReorderDifference(items: ["n"], section: "S0", before: "b"), children: [:], expanded: [])
    #expect(throws: ChangeError.noSize("n")) { try view.perform(insert, time: 0) }
    #expect(sections(of: view) == [["a", "b", "c"]])
    try view.perform(insert, itemSizes: ["n": Size(width: 50, height: 60)], time: 0)
    #expect(sections(of: view) == [["a", "n", "b", "c"]])
    #expect(view.frame(of: "n")?.size == Size(width: 50, height: 60))
    // Deleted and put back: the size is still known.
    let undo = try view.perform(.deleted(["n"]), time: 1)
    try view.perform(undo[0], time: 2)
    #expect(sections(of: view) == [["a", "n", "b", "c"]])
  }

  @Test func applyToAFlowGridNeedsSizesForNewItems() throws {
    var view = Self.flow(mode: .interactive)
    let new = makeSnapshot([["c", "n", "a"]])
    #expect(throws: ChangeError.noSize("n")) { try view.apply(new, time: 0) }
    #expect(sections(of: view) == [["a", "b", "c"]])
    #expect(throws: BatchUpdateError.self) {
      try view.performBatchUpdates(
        BatchUpdate(deleteItems: [ItemPath(item: 1, section: 0)], insertItems: [ItemPath(item: 1, section: 0)]),
        resultingIn: makeSnapshot([["a", "n", "c"]]), time: 0)
    }
    try view.apply(new, itemSizes: ["n": Size(width: 70, height: 60)], time: 0)
    #expect(sections(of: view) == [["c", "n", "a"]])
    #expect(view.frame(of: "n")?.size == Size(width: 70, height: 60))
  }

  // MARK: 22.5 Every event delivered

  @Test func beginInteractiveMovementDeliversItsEventsAndEarlierOnes() throws {
    var view = CollectionView(
      snapshot: makeSnapshot([["a", "b", "c", "d"]]),
      layout: .grid(.init(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20)),
      viewSize: Size(width: 390, height: 844))
    let move = Change<String, String>.moved(ReorderDifference(items: ["d"], section: "S0", before: "a"))
    try view.perform(move, time: 0)
    let began = view.beginInteractiveMovementForItem(at: ItemPath(item: 1, section: 0), time: 0.1)
    #expect(began)
    let events = view.tick(time: 0.2)
    #expect(events.contains(.changed(move)))
    #expect(events.contains(.lifted("a")))
    #expect(events.contains { if case .announcement = $0 { true } else { false } })
    let changed = events.firstIndex(of: .changed(move))
    let lifted = events.firstIndex(of: .lifted("a"))
    #expect(changed != nil && lifted != nil && changed! < lifted!)
  }

  @Test func aDeniedInteractiveMovementSaysSo() {
    var view = CollectionView(
      snapshot: makeSnapshot([["a", "b"]]),
      layout: .grid(.init(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20)),
      viewSize: Size(width: 390, height: 844), policy: ReorderPolicy(denying: ["a"]))
    let began = view.beginInteractiveMovementForItem(at: ItemPath(item: 0, section: 0), time: 0)
    #expect(!began)
    #expect(view.tick(time: 0.1).contains(.denied("a")))
  }

  // MARK: 22.6 One door

  @Test func applyAndBatchUpdatesReportTheirChange() throws {
    var view = CollectionView(
      snapshot: makeSnapshot([["a", "b", "c"]]),
      layout: .grid(.init(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20)),
      viewSize: Size(width: 390, height: 844))
    let old = view.snapshot
    let new = try Snapshot<String, String>(sections: [.init(id: "T", items: ["c", "a"])])
    try view.apply(new, time: 0)
    let events = view.tick(time: 0.1)
    #expect(
      events.filter { if case .changed = $0 { true } else { false } } == [.changed(.replaced(old: old, new: new))])
    // The same data again changes nothing and reports nothing.
    try view.apply(new, time: 0.2)
    #expect(!view.tick(time: 0.3).contains { if case .changed = $0 { true } else { false } })
    // A batch, and its inverse through perform.
    let after = makeSnapshot([["c", "a", "x"]])
    try view.performBatchUpdates(
      BatchUpdate(
        deleteSections: [0], insertSections: [0]), resultingIn: after, time: 1)
    let batch = view.tick(time: 1.1)
    #expect(batch.contains(.changed(.replaced(old: new, new: after))))
    #expect(try view.perform(.replaced(old: new, new: after), time: 2) == [])  // already so
    let undo = try view.perform(.replaced(old: after, new: new), time: 2)
    #expect(undo == [.replaced(old: new, new: after)])
    #expect(view.snapshot == new)
  }

  @Test func newDataMidDragComesBeforeTheCancelItCauses() throws {
    var view = CollectionView(
      snapshot: makeSnapshot([["a", "b", "c"]]),
      layout: .grid(.init(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20)),
      viewSize: Size(width: 390, height: 844))
    _ = view.pointerDown(at: Point(x: 58, y: 58), time: 0)
    _ = view.tick(time: 0.6)
    #expect(view.isDragging)
    try view.apply(makeSnapshot([["b", "c"]]), time: 0.7)
    let events = view.tick(time: 0.8)
    let changed = events.firstIndex { if case .changed(.replaced) = $0 { true } else { false } }
    let cancelled = events.firstIndex(of: .cancelled("a"))
    #expect(changed != nil && cancelled != nil && changed! < cancelled!)
  }

  @Test func accessibilityActionsAskTheDropHookLikeADrag() {
    var view = CollectionView(
      snapshot: makeSnapshot([["a", "b", "c"]]),
      layout: .grid(.init(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20)),
      viewSize: Size(width: 390, height: 844), mode: .dragDrop)
    view.policy.dropSessionDidUpdate = { _, _, _ in DropProposal(operation: .forbidden) }
    let events = view.performAccessibilityAction(.moveToEnd, on: "a", time: 0)
    #expect(sections(of: view) == [["a", "b", "c"]])
    #expect(!events.contains { if case .committed = $0 { true } else { false } })
    #expect(!view.isDragging)
    // Allowed, it is one gesture: one undo step, a difference, one announcement of the new place.
    view.policy.dropSessionDidUpdate = { _, _, proposed in proposed }
    let moved = view.performAccessibilityAction(.moveToEnd, on: "a", time: 1)
    #expect(sections(of: view) == [["b", "c", "a"]])
    #expect(moved.contains(.committed(ReorderDifference(items: ["a"], section: "S0", before: nil))))
    #expect(moved.filter { if case .announcement = $0 { true } else { false } }.count == 1)
    #expect(!moved.contains { if case .lifted = $0 { true } else { false } })
    _ = view.undo(time: 2)
    #expect(sections(of: view) == [["a", "b", "c"]])
  }

  // MARK: 21.5 Policy hooks that cannot go stale

  @Test func hooksNameSectionsByIdentityAfterNewData() throws {
    let seen = Mutex<[String]>([])
    var view = CollectionView(
      snapshot: makeSnapshot([["a", "b"], ["c"]]),
      layout: .grid(.init(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20)),
      viewSize: Size(width: 390, height: 844))
    view.policy.targetPosition = { _, current, proposed in
      seen.withLock { $0.append(proposed.section) }
      return proposed.section == "S1" ? current : proposed  // nothing goes into S1, wherever it stands
    }
    _ = view.pointerDown(at: Point(x: 58, y: 58), time: 0)
    _ = view.tick(time: 0.6)
    // A section arrives before the others: S0 is now the second section, S1 the third.
    var data = Snapshot<String, String>()
    try data.appendSection("N", items: ["x"])
    try data.appendSection("S0", items: ["a", "b"])
    try data.appendSection("S1", items: ["c"])
    try view.apply(data, time: 0.7)
    let w = (390.0 - 40) / 3
    _ = view.pointerMoved(to: Point(x: 58, y: 2 * w + w / 2), time: 0.8)  // over "c", in S1
    _ = view.pointerMoved(to: Point(x: 58, y: w / 2), time: 0.9)  // over "x", in N
    _ = view.pointerUp(at: Point(x: 58, y: w / 2), time: 1.0)
    #expect(seen.withLock { $0 } == ["S1", "N"])
    #expect(sections(of: view) == [["a", "x"], ["b"], ["c"]])
  }
}

extension DragDriver {
  var isDragging: Bool { view.isDragging }
}
