import Testing

@testable import ReorderKit

/// New data during a drag that changes the place of the gap or of the lift: the session is
/// rebuilt over the new data and the drop lands (found by an independent review of the sessions).
@Suite("New data mid-drag: the gap and the lift place are fitted")
struct NewDataFitTests {
  /// The lessons with Wrap-up turned into a group of one child, Z.
  static let wrapUpAsAGroup: Snapshot<String, String> = {
    var data = Snapshot<String, String>()
    try! data.appendSection("Lessons")
    try! data.appendItem("Intro", toSection: "Lessons")
    try! data.appendGroup("Basics", children: ["Variables", "Loops"], expanded: true, toSection: "Lessons")
    try! data.appendGroup("Advanced", children: ["Generics"], expanded: true, toSection: "Lessons")
    try! data.appendGroup("Wrap-up", children: ["Z"], expanded: true, toSection: "Lessons")
    return data
  }()

  /// Wrap-up lifted (interactive) with its gap before Loops, inside Basics (index 1).
  static func wrapUpBeforeLoops() -> CollectionView<String, String> {
    var view = lessonsView(mode: .interactive)
    lift(&view, at: Point(x: 50, y: 260))
    _ = view.pointerMoved(to: Point(x: 50, y: 125), time: 0.7)
    return view
  }

  /// The lifted leaf's placeholder is inside a group; new data mid-drag turns the leaf into a
  /// group (it gains a child). The session must not keep rows of the old data.
  @Test func newDataTurnsTheDraggedLeafIntoAGroupWhileItsPlaceholderIsInAGroup() throws {
    var view = Self.wrapUpBeforeLoops()
    let data = Self.wrapUpAsAGroup
    try view.apply(data, time: 0.8)
    // Wrap-up is now a group: its child Z travels with it in the lifted stack, and the gap left Basics.
    #expect(view.isDragging)
    #expect(view.renderList(at: 0.8).elements.contains { $0.kind == .item("Z") && $0.isLifted })
    _ = view.pointerUp(at: Point(x: 50, y: 125), time: 1.0)  // trapped in debug builds (commitDerived) before the fix
    #expect(view.snapshot.totalItemCount == data.totalItemCount)
    #expect(view.snapshot.isGroup("Wrap-up"))
    #expect(view.snapshot.parent(of: "Wrap-up") == nil)
  }

  /// New data (perform(.collapsed)) mid-drag collapses the group the placeholder is in: the
  /// session keeps a placeholder inside the now collapsed group, and the rows put the block at
  /// `groupRow + 1 + index`, which in the collapsed rows is inside the next group.
  @Test func collapsingTheGroupThatHoldsThePlaceholderMidDrag() throws {
    var view = Self.wrapUpBeforeLoops()
    try view.perform(.collapsed("Basics"), time: 0.8)
    #expect(view.isDragging)
    // Rows now: Intro, Basics(collapsed), Advanced, Generics (+ the block somewhere).
    let advanced = try #require(view.frame(of: "Advanced"))
    let generics = try #require(view.frame(of: "Generics"))
    // A group's child is shown right under its group, not with the dragged block between them.
    #expect(generics.minY == advanced.maxY, "Generics at \(generics.minY), Advanced ends at \(advanced.maxY)")
  }

  /// A drag-and-drop session of two leaves (Intro, Wrap-up) whose gap is inside Basics; new data
  /// turns Wrap-up into a group. keepDrag clears `fitted.parent` (a group must land at the top
  /// level) but keeps `fitted.before` = Loops, a child of Basics: `position(for:)` throws
  /// `.beforeElsewhere`, the `try?` swallows it and keepDrag returns early with the old rows.
  @Test func newDataTurnsASessionItemIntoAGroupWhileTheGapIsInAGroup() throws {
    var d = DragDriver(lessonsView())
    d.lift(at: Point(x: 100, y: 20))  // Intro
    d.tap(Point(x: 100, y: 260))  // Wrap-up (row 6: the block stays at row 0)
    #expect(d.view.dragSessionItems == ["Intro", "Wrap-up"])
    d.move(Point(x: 100, y: 165))  // upper part of Loops (row 4, under the two-row block)
    d.wait(0.1)
    let gap = try #require(d.view.currentDropDestination)
    guard case .insertAt(let p) = gap, p.parent == "Basics" else {
      Issue.record("the gap is not inside Basics: \(gap)")
      return
    }
    let data = Self.wrapUpAsAGroup
    try d.view.apply(data, time: d.t + 0.01)
    d.t += 0.01
    // The session was re-arranged over the new data: the gap left Basics (the stack holds a group).
    if case .insertAt(let q)? = d.view.currentDropDestination { #expect(q.parent == nil) }
    d.release(at: Point(x: 100, y: 165))  // traps in debug (commitDerived: group into a group) with the bug
    #expect(d.view.snapshot.totalItemCount == data.totalItemCount)
    #expect(d.view.snapshot.parent(of: "Wrap-up") == nil)
  }

  /// `original` (Session.start) is an index-based position taken at the lift and never refitted:
  /// new data that removes an earlier section leaves it naming the wrong section, and a policy
  /// that keeps items in their original section (the doc's own kind of example) then refuses
  /// every move in the item's own section.
  @Test func theRetargetOriginalGoesStaleAfterNewData() throws {
    var policy = ReorderPolicy<String, String>()
    policy.targetPosition = { original, current, proposed in proposed.section == original.section ? proposed : current }
    var view = CollectionView(
      snapshot: makeSnapshot([["a", "b"], ["c", "d", "e"]]),
      layout: .grid(.init(width: 300, columns: 3)), viewSize: Size(width: 300, height: 900), policy: policy)
    // Lift "c" (section 1) through UIKit's API.
    let lifted = view.beginInteractiveMovementForItem(at: ItemPath(item: 0, section: 1), time: 0)
    #expect(lifted)
    // New data: section S0 is gone; S1 is now section 0.
    var data = Snapshot<String, String>()
    try! data.appendSection("S1", items: ["c", "d", "e"])
    try view.apply(data, time: 0.1)
    #expect(view.isDragging)
    let e = view.frame(of: "e")!
    _ = view.updateInteractiveMovementTargetPosition(
      Point(x: e.midX - view.contentOffset.x, y: e.midY - view.contentOffset.y), time: 0.2)
    _ = view.endInteractiveMovement(time: 0.3)
    #expect(view.snapshot.items(inSection: 0) == ["d", "e", "c"])
  }
}
