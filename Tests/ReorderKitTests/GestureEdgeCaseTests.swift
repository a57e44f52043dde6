import Testing

@testable import ReorderKit

@Suite("Long press")
struct LongPressTests {
  @Test func recognisedExactlyAtHalfASecond() {
    var press = LongPressRecognizer()
    #expect(press.pointerDown(at: Point(x: 10, y: 10), time: 2) == .none)
    #expect(press.tick(time: 2.49) == .none)
    #expect(press.tick(time: 2.516) == .began(Point(x: 10, y: 10), time: 2.5))
    #expect(press.pointerMoved(to: Point(x: 100, y: 10), time: 2.6) == .changed(Point(x: 100, y: 10)))
    #expect(press.pointerUp(at: Point(x: 100, y: 10), time: 2.7) == .ended(Point(x: 100, y: 10)))
  }

  @Test func releaseBeforeTheDurationIsATap() {
    var press = LongPressRecognizer()
    _ = press.pointerDown(at: .zero, time: 0)
    #expect(press.pointerUp(at: Point(x: 3, y: 4), time: 0.3) == .tapped(Point(x: 3, y: 4)))
    #expect(press.tick(time: 1) == .none)
  }

  @Test func movingFartherThanTenPointsFails() {
    var press = LongPressRecognizer()
    _ = press.pointerDown(at: .zero, time: 0)
    #expect(press.pointerMoved(to: Point(x: 6, y: 8), time: 0.1) == .none)  // exactly 10 pt: allowed
    #expect(press.pointerMoved(to: Point(x: 6, y: 8.1), time: 0.2) == .failed)
    #expect(press.tick(time: 0.6) == .none)
    #expect(press.state == .failed)
  }

  @Test func cancelAfterRecognition() {
    var press = LongPressRecognizer()
    _ = press.pointerDown(at: .zero, time: 0)
    _ = press.tick(time: 0.5)
    #expect(press.cancel() == .cancelled)
  }

  /// A board's crossing hands a held pointer to a view: active at once, with no press to wait for.
  @Test func holdTakesOverAPointerThatAlreadyHolds() {
    var press = LongPressRecognizer()
    _ = press.pointerDown(at: Point(x: 1, y: 1), time: 0)
    press.hold(at: Point(x: 40, y: 60))
    #expect(press.isActive && !press.isPending && press.state == .began)
    #expect(press.tick(time: 0.1) == .none)
    #expect(press.pointerMoved(to: Point(x: 90, y: 60), time: 0.2) == .changed(Point(x: 90, y: 60)))
    #expect(press.pointerUp(at: Point(x: 90, y: 60), time: 0.3) == .ended(Point(x: 90, y: 60)))
    press.hold(at: Point(x: 5, y: 5), pointer: .mouse)
    #expect(press.pointer == .mouse && press.cancel() == .cancelled)
  }
}

@Suite("Interactive movement edge cases")
struct GestureEdgeCaseTests {
  static let grid = LayoutConfiguration.grid(.init(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20))
  static let w = (390.0 - 40) / 3

  func makeView(_ items: [[String]], layout: LayoutConfiguration = grid, mode: ReorderMode = .interactive)
    -> CollectionView<String, String>
  {
    CollectionView(snapshot: makeSnapshot(items), layout: layout, viewSize: Size(width: 390, height: 2000), mode: mode)
  }

  @Test func tapMovesNothing() {
    var view = makeView([["a", "b", "c", "d"]])
    _ = view.pointerDown(at: Point(x: 58, y: 58), time: 0)
    let events = view.pointerUp(at: Point(x: 58, y: 58), time: 0.2)
    #expect(events == [.tapped("a")])
    #expect(sections(of: view) == [["a", "b", "c", "d"]])
  }

  @Test func movingPastTenPointsBeforeHalfASecondMovesNothing() {
    var view = makeView([["a", "b", "c", "d"]])
    _ = view.pointerDown(at: Point(x: 58, y: 58), time: 0)
    _ = view.pointerMoved(to: Point(x: 70, y: 58), time: 0.2)  // 12 pt: the press fails
    _ = view.tick(time: 0.6)
    _ = view.pointerMoved(to: Point(x: 195, y: 58), time: 0.7)
    let events = view.pointerUp(at: Point(x: 195, y: 58), time: 0.8)
    #expect(!view.isDragging)
    #expect(events.isEmpty)
    #expect(sections(of: view) == [["a", "b", "c", "d"]])
  }

  @Test func wobbleWithinTenPointsStillLifts() {
    var view = makeView([["a", "b", "c", "d"]])
    _ = view.pointerDown(at: Point(x: 58, y: 58), time: 0)
    _ = view.pointerMoved(to: Point(x: 65, y: 63), time: 0.2)
    _ = view.pointerMoved(to: Point(x: 52, y: 55), time: 0.4)
    #expect(view.tick(time: 0.5) == [.lifted("a"), .announcement("a, lifted. Position 1 of 4 in S0.")])
    _ = view.pointerMoved(to: Point(x: 195, y: 58), time: 0.6)
    _ = view.pointerUp(at: Point(x: 195, y: 58), time: 0.7)
    #expect(sections(of: view) == [["b", "a", "c", "d"]])
  }

  @Test(arguments: [ReorderMode.interactive, .live])
  func cancelReturnsTheItem(mode: ReorderMode) {
    var view = makeView([["a", "b", "c", "d"]], mode: mode)
    _ = view.pointerDown(at: Point(x: 58, y: 58), time: 0)
    _ = view.tick(time: 0.5)
    _ = view.pointerMoved(to: Point(x: 332, y: 58), time: 0.6)
    let during = sections(of: view)
    #expect(during == (mode == .live ? [["b", "c", "a", "d"]] : [["a", "b", "c", "d"]]))
    let events = view.cancelGesture(time: 0.7)
    #expect(events.last == .cancelled("a"))
    #expect(sections(of: view) == [["a", "b", "c", "d"]])
  }

  @Test func deniedItemDoesNotLiftButMakesRoom() {
    var view = makeView([["a", "b", "c", "d"]])
    view.policy = ReorderPolicy(denying: ["b"])
    _ = view.pointerDown(at: Point(x: 195, y: 58), time: 0)
    #expect(view.tick(time: 0.5) == [.denied("b"), .announcement("b cannot be moved.")])
    _ = view.pointerMoved(to: Point(x: 332, y: 58), time: 0.6)
    _ = view.pointerUp(at: Point(x: 332, y: 58), time: 0.7)
    #expect(sections(of: view) == [["a", "b", "c", "d"]])
    // Another item may still move past b.
    drag(&view, from: Point(x: 58, y: 58), through: [Point(x: 195, y: 58)], start: 1)
    #expect(sections(of: view) == [["b", "a", "c", "d"]])
  }

  @Test func retargetHookRedirectsTheProposal() {
    var view = makeView([["a", "b", "c", "d"]])
    // Keep slot 0 for the first item: proposals for slot 0 become slot 1.
    view.policy.targetPosition = { _, _, proposed in
      proposed.index == 0 ? PolicyPosition(section: proposed.section, parent: nil, index: 1) : proposed
    }
    drag(&view, from: Point(x: 332, y: 58), through: [Point(x: 58, y: 58)])
    #expect(sections(of: view) == [["a", "c", "b", "d"]])
  }

  @Test func dropIntoAnEmptySection() {
    let layout = LayoutConfiguration.grid(
      .init(
        width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20, sectionInset: EdgeInsets(bottom: 20), headerHeight: 40
      ))
    var view = makeView([["a", "b"], []], layout: layout)
    // Section 1 starts at 40 + w + 20 and is 40 (header) + 20 (inset) tall: point into its inset.
    let y = 40 + Self.w + 20 + 50
    drag(&view, from: Point(x: 58, y: 100), through: [Point(x: 100, y: y)])
    #expect(sections(of: view) == [["b"], ["a"]])
  }

  @Test func pastTheEndOfASection() {
    var view = makeView([["a", "b", "c", "d"]])
    // The last row holds only d; to its right is after the last item.
    drag(&view, from: Point(x: 58, y: 58), through: [Point(x: 332, y: Self.w + 20 + 58)])
    #expect(sections(of: view) == [["b", "c", "d", "a"]])
  }

  @Test func overTheSpacingChangesNothing() {
    var view = makeView([["a", "b", "c", "d"]])
    drag(&view, from: Point(x: 58, y: 58), through: [Point(x: Self.w + 10, y: 58)])
    #expect(sections(of: view) == [["a", "b", "c", "d"]])
  }

  @Test(arguments: [ReorderMode.interactive, .live])
  func acrossSectionsWithHeadersAndInsets(mode: ReorderMode) {
    let inset = EdgeInsets(top: 10, left: 15, bottom: 10, right: 15)
    let config = GridLayout.Configuration(
      width: 390, columns: 3, itemSpacing: 10, lineSpacing: 10, sectionInset: inset, headerHeight: 30)
    var view = makeView([["a", "b", "c", "d"], ["e", "f"]], layout: .grid(config), mode: mode)
    let layout = GridLayout(config, itemCounts: [4, 2])
    let f = layout.frame(ofItem: ItemPath(item: 1, section: 1)).centre
    let events = drag(&view, from: layout.frame(ofItem: ItemPath(item: 0, section: 0)).centre, through: [f])
    #expect(sections(of: view) == [["b", "c", "d"], ["e", "a", "f"]])
    let moves = events.compactMap { e -> OutlinePosition<String>? in
      if case .moved(_, _, let to) = e { return to }
      return nil
    }
    #expect(moves.last == OutlinePosition(section: 1, parent: nil, index: 1))
  }

  @Test func dragFollowsThePointerAndRendersLifted() {
    var view = makeView([["a", "b", "c", "d"]])
    _ = view.pointerDown(at: Point(x: 58, y: 58), time: 0)
    _ = view.tick(time: 0.5)
    _ = view.pointerMoved(to: Point(x: 200, y: 300), time: 1.0)
    let list = view.renderList(at: 1.0)
    let lifted = list.elements.last!
    #expect(lifted.kind == .item("a") && lifted.isLifted && lifted.scale == 1.05)
    #expect(lifted.frame.contains(Point(x: 200, y: 300)))
    #expect(list.elements.contains { $0.kind == .gap })
  }
}

@Suite("UIKit's reordering API on the collection view")
struct UIKitReorderingAPITests {
  @Test func beginUpdateEnd() {
    var view = CollectionView(
      snapshot: makeSnapshot([["a", "b", "c", "d"]]), layout: GestureEdgeCaseTests.grid,
      viewSize: Size(width: 390, height: 800))
    let first = view.beginInteractiveMovementForItem(at: ItemPath(item: 0, section: 0))
    #expect(first)
    let second = view.beginInteractiveMovementForItem(at: ItemPath(item: 1, section: 0))
    #expect(!second)  // already moving
    view.updateInteractiveMovementTargetPosition(Point(x: 332, y: 58), time: 0.1)
    let events = view.endInteractiveMovement(time: 0.2)
    #expect(
      events.first
        == .moved(
          "a", from: OutlinePosition(section: 0, parent: nil, index: 0),
          to: OutlinePosition(section: 0, parent: nil, index: 2)))
    #expect(sections(of: view) == [["b", "c", "a", "d"]])
  }

  @Test func beginReturnsFalseForADeniedItemAndCancelCommitsNothing() {
    var view = CollectionView(
      snapshot: makeSnapshot([["a", "b", "c"]]), layout: GestureEdgeCaseTests.grid,
      viewSize: Size(width: 390, height: 800), policy: ReorderPolicy(denying: ["b"]))
    let denied = view.beginInteractiveMovementForItem(at: ItemPath(item: 1, section: 0))
    #expect(!denied)
    let outOfRange = view.beginInteractiveMovementForItem(at: ItemPath(item: 9, section: 0))
    #expect(!outOfRange)
    let allowed = view.beginInteractiveMovementForItem(at: ItemPath(item: 2, section: 0))
    #expect(allowed)
    view.updateInteractiveMovementTargetPosition(Point(x: 58, y: 58))
    view.cancelInteractiveMovement()
    #expect(sections(of: view) == [["a", "b", "c"]])
    view.moveItem(at: ItemPath(item: 2, section: 0), to: ItemPath(item: 0, section: 0), time: 1)
    #expect(sections(of: view) == [["c", "a", "b"]])
  }
}

@Suite("A long press over content that scrolls")
struct LongPressOverScrollingContentTests {
  /// One column of 100-point rows in a 200-point view: row k spans y = 100k ..< 100(k + 1).
  func makeView(mode: ReorderMode) -> CollectionView<String, String> {
    CollectionView(
      snapshot: makeSnapshot([(0..<20).map { "r\($0)" }]),
      layout: .grid(.init(width: 100, columns: 1, itemHeight: 100)), viewSize: Size(width: 100, height: 200),
      mode: mode)
  }

  /// Found by the `changes` fuzz target (Fuzz/regressions/changes/lift-under-scrolling-content): the
  /// long press fired before the scroll animation moved the content, so it lifted the item that had
  /// been under the pointer, and a live drag moved it at once to where the pointer now was.
  @Test(arguments: [ReorderMode.interactive, .live, .dragDrop])
  func anotherItemScrolledUnderThePointerIsNotLifted(mode: ReorderMode) {
    var view = makeView(mode: mode)
    view.setContentOffset(Point(x: 0, y: 300), animated: true, time: 0)  // 0.3 s
    _ = view.pointerDown(at: Point(x: 50, y: 50), time: 0)  // over r0
    let events = view.tick(time: 0.6)  // the content is at 300 now: r3 is under the pointer
    #expect(!events.contains { if case .lifted = $0 { true } else { false } })
    #expect(view.snapshot.items(inSection: 0) == (0..<20).map { "r\($0)" })
    #expect(!view.isDragging)
  }

  @Test func thePressedItemStillUnderThePointerIsLifted() {
    var view = makeView(mode: .live)
    view.setContentOffset(Point(x: 0, y: 30), animated: true, time: 0)
    _ = view.pointerDown(at: Point(x: 50, y: 150), time: 0)  // r1 (y 150), then y 180 after the scroll
    #expect(view.tick(time: 0.6).contains(.lifted("r1")))
    #expect(view.snapshot.items(inSection: 0) == (0..<20).map { "r\($0)" })
  }
}
