import ReorderKit
import ReorderKitSDL
import Testing

/// Several panes in one window: the wheel scrolls the pane under the pointer, keys go to the pane
/// that has the keyboard, the pane gives keys the engine's meanings and leaves the rest alone.
@Suite("Panes: the wheel, keys and several panes in a window")
struct PaneTests {
  typealias View = CollectionView<String, String>

  /// 300 cells, three per row, 100 pt square: 10,000 points of content in a 300 × 600 view.
  static func longGrid() -> View {
    var snapshot = Snapshot<String, String>()
    try! snapshot.appendSection("S", items: (0..<300).map { "c\($0)" })
    return View(
      snapshot: snapshot, layout: .grid(.init(width: 300, columns: 3, itemSpacing: 0, lineSpacing: 0)),
      viewSize: Size(width: 300, height: 600))
  }

  @Test func theWheelScrollsOnlyThePaneUnderThePointer() {
    var left = Self.longGrid()
    var right = Self.longGrid()
    var leftPane = CollectionPane<String, String>(frame: Rect(x: 0, y: 0, width: 300, height: 600))
    var rightPane = CollectionPane<String, String>(frame: Rect(x: 310, y: 0, width: 300, height: 600))
    let wheel = InputEvent.scroll(by: Point(x: 0, y: 96), at: Point(x: 400, y: 300))
    _ = leftPane.handle(wheel, view: &left, time: 0)
    _ = rightPane.handle(wheel, view: &right, time: 0)
    #expect(left.contentOffset.y == 0)
    #expect(right.contentOffset.y == 96)
  }

  @Test func aPaneTrackingThePointerTakesTheWheelAnywhere() {
    var view = Self.longGrid()
    var pane = CollectionPane<String, String>(frame: Rect(x: 0, y: 50, width: 300, height: 600))
    _ = pane.handle(.pointerDown(Point(x: 50, y: 100)), view: &view, time: 0)
    _ = pane.handle(.scroll(by: Point(x: 0, y: 48), at: Point(x: 50, y: 10)), view: &view, time: 0.1)
    #expect(view.contentOffset.y == 48)
  }

  @Test func keysWithoutTheEnginesMeaningsAreLeftToTheApp() {
    var view = Self.longGrid()
    var pane = CollectionPane<String, String>(frame: Rect(x: 0, y: 0, width: 300, height: 600))
    for event: InputEvent in [
      .key(.character("a")), .key(.character("z")), .key(.character("1")), .text(" "), .text("abc"),
      .key(.backspace), .key(.function(2)), .key(.right, modifiers: .option),
      .key(.character("s"), modifiers: .control),
    ] {
      #expect(pane.handle(event, view: &view, time: 0).isEmpty, "\(event)")
    }
    #expect(view.focusedItem == nil)
    _ = pane.handle(.key(.tab), view: &view, time: 0)
    #expect(view.focusedItem == "c0")
    _ = pane.handle(.key(.tab), view: &view, time: 0)
    _ = pane.handle(.key(.tab, modifiers: .shift), view: &view, time: 0)
    #expect(view.focusedItem == "c0", "Shift+Tab goes back")
    _ = pane.handle(.key(.right, modifiers: .shift), view: &view, time: 0)
    #expect(view.focusedItem == "c1", "Shift does not stop an arrow")
  }

  @Test func theRouterSendsAPressAndItsMovesToThePaneUnderIt() {
    var router = PaneRouter(frames: [
      Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 100, y: 0, width: 100, height: 100),
    ])
    #expect(router.route(.pointerMoved(Point(x: 150, y: 50))) == nil, "hovering is no pane's event")
    #expect(router.route(.pointerDown(Point(x: 50, y: 50))) == 0)
    #expect(router.route(.pointerMoved(Point(x: 150, y: 50))) == 0, "the press keeps its pane")
    #expect(router.route(.secondaryTap(Point(x: 150, y: 50))) == 0)
    #expect(router.route(.scroll(by: Point(x: 0, y: 10), at: Point(x: 150, y: 50))) == 0)
    #expect(router.route(.pointerUp(Point(x: 150, y: 50))) == 0)
    #expect(router.pressedPane == nil)
    #expect(router.route(.pointerDown(Point(x: 250, y: 50))) == nil, "outside every pane")
    #expect(router.route(.pointerUp(Point(x: 250, y: 50))) == nil)
    #expect(router.route(.resized(Size(width: 10, height: 10))) == nil)
    #expect(router.route(.quit) == nil)
  }

  @Test func theKeyboardFollowsThePointer() {
    var router = PaneRouter(frames: [
      Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 100, y: 0, width: 100, height: 100),
    ])
    #expect(router.route(.key(.tab)) == 0, "the first pane has the keyboard at first")
    _ = router.route(.pointerMoved(Point(x: 150, y: 50)))
    #expect(router.route(.key(.tab)) == 1)
    #expect(router.route(.text("a")) == 1)
    _ = router.route(.pointerMoved(Point(x: 250, y: 50)))
    #expect(router.route(.key(.tab)) == 1, "over no pane, the last one keeps it")
    #expect(router.route(.scroll(by: Point(x: 0, y: 10), at: Point(x: 50, y: 50))) == 0)
    #expect(router.route(.key(.tab)) == 0, "the wheel takes it too")
    _ = router.route(.pointerDown(Point(x: 150, y: 50)))
    _ = router.route(.pointerMoved(Point(x: 50, y: 50)))
    #expect(router.route(.key(.escape)) == 1, "a held press keeps the keyboard where it went down")
  }

  @Test func clickToFocusAndOverlappingPanes() {
    var router = PaneRouter(
      frames: [Rect(x: 0, y: 0, width: 200, height: 200), Rect(x: 50, y: 50, width: 50, height: 50)],
      followsPointer: false)
    #expect(router.pane(at: Point(x: 60, y: 60)) == 1, "the later pane is on top")
    #expect(router.pane(at: Point(x: 10, y: 10)) == 0)
    _ = router.route(.pointerMoved(Point(x: 60, y: 60)))
    #expect(router.route(.key(.tab)) == 0, "hovering does not move the keyboard")
    _ = router.route(.pointerDown(Point(x: 60, y: 60)))
    _ = router.route(.pointerUp(Point(x: 60, y: 60)))
    #expect(router.route(.key(.tab)) == 1)
    router.keyPane = nil
    #expect(router.route(.key(.tab)) == nil)
    var empty = PaneRouter(frames: [])
    #expect(empty.route(.key(.tab)) == nil)
  }
}
