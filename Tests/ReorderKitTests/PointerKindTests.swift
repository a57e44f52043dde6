import Testing

@testable import ReorderKit

/// Activation by pointer kind (DESIGN, "ReorderKit in the browser"): touch and pen lift on a long
/// press (0.5 s within 10 pt); a mouse also lifts as soon as it moves 4 pt with the button down.
@Suite("Pointer kinds: the recogniser")
struct PointerKindRecognizerTests {
  @Test func aMouseBeginsAtFourPointsWithTheDownPointAndTheMoveTime() {
    var press = LongPressRecognizer()
    press.pointerDown(at: Point(x: 10, y: 10), time: 1, pointer: .mouse)
    #expect(press.pointer == .mouse)
    #expect(press.pointerMoved(to: Point(x: 13.9, y: 10), time: 1.05) == .none)
    #expect(press.isPending)
    #expect(press.pointerMoved(to: Point(x: 14, y: 10), time: 1.1) == .began(Point(x: 10, y: 10), time: 1.1))
    #expect(press.isActive)
    #expect(press.tick(time: 1.6) == .none)  // began once
    #expect(press.pointerMoved(to: Point(x: 40, y: 10), time: 1.7) == .changed(Point(x: 40, y: 10)))
    #expect(press.pointerUp(at: Point(x: 40, y: 10), time: 1.8) == .ended(Point(x: 40, y: 10)))
  }

  @Test func aMouseMeasuresTheStraightDistanceFromTheDownPoint() {
    var press = LongPressRecognizer()
    press.pointerDown(at: .zero, time: 0, pointer: .mouse)
    #expect(press.pointerMoved(to: Point(x: 2.4, y: 3.1), time: 0.1) == .none)  // 3.92 pt
    #expect(press.pointerMoved(to: Point(x: 2.4, y: 3.2), time: 0.2) == .began(.zero, time: 0.2))  // 4 pt
  }

  @Test func aMouseThatHoldsStillBeginsOnTheLongPress() {
    var press = LongPressRecognizer()
    press.pointerDown(at: Point(x: 10, y: 10), time: 0, pointer: .mouse)
    #expect(press.pointerMoved(to: Point(x: 12, y: 10), time: 0.2) == .none)
    #expect(press.tick(time: 0.5) == .began(Point(x: 12, y: 10), time: 0.5))
  }

  @Test func aMouseReleasedFourPointsAwayWithoutAMoveIsNoTap() {
    var press = LongPressRecognizer()
    press.pointerDown(at: .zero, time: 0, pointer: .mouse)
    #expect(press.pointerUp(at: Point(x: 3.9, y: 0), time: 0.1) == .tapped(Point(x: 3.9, y: 0)))
    press.pointerDown(at: .zero, time: 1, pointer: .mouse)
    #expect(press.pointerUp(at: Point(x: 4, y: 0), time: 1.1) == .failed)
    // Touch keeps UIKit's tap: anywhere within 10 pt.
    press.pointerDown(at: .zero, time: 2)
    #expect(press.pointerUp(at: Point(x: 6, y: 8), time: 2.1) == .tapped(Point(x: 6, y: 8)))
  }

  @Test(arguments: [PointerKind.touch, .pen])
  func touchAndPenIgnoreTheDistance(_ kind: PointerKind) {
    var press = LongPressRecognizer()
    press.pointerDown(at: .zero, time: 0, pointer: kind)
    #expect(press.pointerMoved(to: Point(x: 4, y: 0), time: 0.1) == .none)
    #expect(press.pointerMoved(to: Point(x: 10, y: 0), time: 0.2) == .none)
    #expect(press.pointerMoved(to: Point(x: 11, y: 0), time: 0.3) == .failed)
    #expect(press.tick(time: 0.6) == .none)
  }

  @Test func theRawValuesAreTheDOMsPointerTypes() {
    #expect(PointerKind.allCases.map(\.rawValue) == ["touch", "pen", "mouse"])
    #expect(PointerKind(rawValue: "mouse") == .mouse)
    #expect(PointerKind(rawValue: "stylus") == nil)
  }
}

@Suite("Pointer kinds: a collection view")
struct PointerKindViewTests {
  static let grid = LayoutConfiguration.grid(.init(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20))

  func makeView(
    _ items: [[String]] = [["a", "b", "c", "d"]], layout: LayoutConfiguration = grid,
    policy: ReorderPolicy<String, String> = ReorderPolicy()
  ) -> CollectionView<String, String> {
    CollectionView(
      snapshot: makeSnapshot(items), layout: layout, viewSize: Size(width: 390, height: 2000), policy: policy)
  }

  static let lifted: [CollectionViewEvent<String, String>] = [
    .lifted("a"), .announcement("a, lifted. Position 1 of 4 in S0."),
  ]

  /// What a front end draws, as text (a render element is not `Equatable`).
  func drawn(_ view: CollectionView<String, String>, at t: Double) -> [String] {
    view.renderList(at: t).elements.map {
      "\($0.kind) \($0.frame) alpha \($0.alpha) scale \($0.scale) lifted \($0.isLifted) \($0.lift)"
    }
  }

  @Test func aMouseLiftsAfterAFourPointMoveAndNotAfterThreePointNine() {
    var view = makeView()
    #expect(view.pointerDown(at: Point(x: 58, y: 58), time: 0, pointer: .mouse).isEmpty)
    #expect(view.pointerMoved(to: Point(x: 61.9, y: 58), time: 0.05).isEmpty)
    #expect(!view.isDragging)
    #expect(view.pointerMoved(to: Point(x: 62, y: 58), time: 0.1) == Self.lifted)
    #expect(view.isDragging)
    #expect(view.drag?.pointer == Point(x: 62, y: 58))
  }

  @Test func aMouseStillLiftsOnAStillHalfSecondPress() {
    var view = makeView()
    _ = view.pointerDown(at: Point(x: 58, y: 58), time: 0, pointer: .mouse)
    #expect(view.tick(time: 0.49).isEmpty)
    #expect(view.tick(time: 0.5) == Self.lifted)
  }

  @Test(arguments: [PointerKind.touch, .pen])
  func touchAndPenDoNotLiftOnAFourPointMoveAndAnElevenPointMoveCancelsThePress(_ kind: PointerKind) {
    var view = makeView()
    _ = view.pointerDown(at: Point(x: 58, y: 58), time: 0, pointer: kind)
    #expect(view.pointerMoved(to: Point(x: 62, y: 58), time: 0.1).isEmpty)
    #expect(!view.isDragging)
    // Still held within 10 pt: the long press lifts.
    #expect(view.tick(time: 0.5) == Self.lifted)

    var cancelled = makeView()
    _ = cancelled.pointerDown(at: Point(x: 58, y: 58), time: 0, pointer: kind)
    _ = cancelled.pointerMoved(to: Point(x: 69, y: 58), time: 0.2)  // 11 pt: the press fails
    #expect(cancelled.tick(time: 0.6).isEmpty)
    _ = cancelled.pointerMoved(to: Point(x: 195, y: 58), time: 0.7)
    #expect(cancelled.pointerUp(at: Point(x: 195, y: 58), time: 0.8).isEmpty)
    #expect(!cancelled.isDragging)
    #expect(sections(of: cancelled) == [["a", "b", "c", "d"]])
  }

  @Test func aMouseLiftIsTheLongPressLiftHeldWhereThePointerWentDown() {
    // Touch: held 0.5 s at (58, 58), then moved 4 pt. Mouse: moved the same 4 pt at the same time.
    var touch = makeView()
    _ = touch.pointerDown(at: Point(x: 58, y: 58), time: 0)
    var touchEvents = touch.tick(time: 0.5)
    touchEvents += touch.pointerMoved(to: Point(x: 62, y: 58), time: 0.5)
    var mouse = makeView()
    _ = mouse.pointerDown(at: Point(x: 58, y: 58), time: 0.4, pointer: .mouse)
    let mouseEvents = mouse.pointerMoved(to: Point(x: 62, y: 58), time: 0.5)
    #expect(mouseEvents == touchEvents)
    for t in [0.5, 0.55, 0.7, 1.0] { #expect(drawn(mouse, at: t) == drawn(touch, at: t), "at \(t)") }
  }

  @Test func aMouseDragProceedsAndDropsLikeATouchDrag() {
    var touch = makeView()
    let touchEvents = drag(&touch, from: Point(x: 58, y: 58), through: [Point(x: 195, y: 58), Point(x: 195, y: 200)])
    var mouse = makeView()
    var mouseEvents = mouse.pointerDown(at: Point(x: 58, y: 58), time: 0, pointer: .mouse)
    mouseEvents += mouse.pointerMoved(to: Point(x: 58, y: 62), time: 0.05)
    mouseEvents += mouse.pointerMoved(to: Point(x: 195, y: 58), time: 0.15)
    mouseEvents += mouse.pointerMoved(to: Point(x: 195, y: 200), time: 0.25)
    mouseEvents += mouse.pointerUp(at: Point(x: 195, y: 200), time: 0.35)
    #expect(sections(of: mouse) == sections(of: touch))
    #expect(sections(of: mouse) != [["a", "b", "c", "d"]])
    #expect(mouseEvents == touchEvents)
    #expect(mouse.canUndo)
  }

  @Test func aMouseLiftsThePressedItemWhenTheMoveCrossesIntoTheNextOne() {
    // Rows of 44: pressed 2 pt above row "b", the move's point is over "b"; "a" lifts.
    var view = makeView(layout: .list(.init(width: 390, rowHeight: 44)))
    _ = view.pointerDown(at: Point(x: 100, y: 42), time: 0, pointer: .mouse)
    let events = view.pointerMoved(to: Point(x: 100, y: 46), time: 0.1)
    #expect(events.first == .lifted("a"))
    #expect(view.drag?.item == "a")
  }

  @Test func aMouseOnAnItemThatMayNotMoveIsDeniedAsALongPressIs() {
    var view = makeView(policy: ReorderPolicy(denying: ["a"]))
    _ = view.pointerDown(at: Point(x: 58, y: 58), time: 0, pointer: .mouse)
    #expect(
      view.pointerMoved(to: Point(x: 70, y: 58), time: 0.1) == [.denied("a"), .announcement("a cannot be moved.")])
    #expect(view.pointerMoved(to: Point(x: 195, y: 58), time: 0.2).isEmpty)
    #expect(view.pointerUp(at: Point(x: 195, y: 58), time: 0.3).isEmpty)
    #expect(sections(of: view) == [["a", "b", "c", "d"]])
  }

  @Test func aMouseClickIsATap() {
    var view = makeView()
    _ = view.pointerDown(at: Point(x: 58, y: 58), time: 0, pointer: .mouse)
    _ = view.pointerMoved(to: Point(x: 60, y: 59), time: 0.05)
    #expect(view.pointerUp(at: Point(x: 60, y: 59), time: 0.1) == [.tapped("a")])
  }

  @Test func theNextPressIsTouchAgainByDefault() {
    var view = makeView()
    _ = view.pointerDown(at: Point(x: 58, y: 58), time: 0, pointer: .mouse)
    _ = view.pointerUp(at: Point(x: 58, y: 58), time: 0.1)
    _ = view.pointerDown(at: Point(x: 58, y: 58), time: 1)
    #expect(view.pointerMoved(to: Point(x: 66, y: 58), time: 1.1).isEmpty)
    #expect(!view.isDragging)
  }
}

@Suite("Pointer kinds: a board")
struct PointerKindBoardTests {
  @Test func aMouseCarriesACardToAnotherColumnAsATouchDoes() throws {
    var touch = try makeBoard(
      [("todo", ["a", "b", "c"]), ("doing", ["d"])], accepts: ["doing": BoardAcceptance(sources: ["todo"], limit: 3)])
    let touchEvents = touch.drag(from: Point(x: 150, y: 22), to: Point(x: 460, y: 30))

    var board = try makeBoard(
      [("todo", ["a", "b", "c"]), ("doing", ["d"])], accepts: ["doing": BoardAcceptance(sources: ["todo"], limit: 3)])
    var events = board.pointerDown(at: Point(x: 150, y: 22), time: 0, pointer: .mouse)
    events += board.pointerMoved(to: Point(x: 153, y: 22), time: 0.05)
    #expect(!board.isDragging)
    let lift = board.pointerMoved(to: Point(x: 154, y: 22), time: 0.1)
    #expect(lift.first == .view("todo", .lifted("a")))
    #expect(board.isDragging)
    events += lift
    events += board.pointerMoved(to: Point(x: 460, y: 30), time: 0.2)
    events += board.pointerUp(at: Point(x: 460, y: 30), time: 0.6)
    #expect(board.contents == ["todo": ["b", "c"], "doing": ["d", "a"]])
    #expect(board.contents == touch.contents)
    #expect(events == touchEvents)
    _ = board.undo(time: 2)
    #expect(board.contents == ["todo": ["a", "b", "c"], "doing": ["d"]])
  }

  @Test func aTouchOnABoardDoesNotLiftOnAFourPointMove() throws {
    var board = try makeBoard([("todo", ["a", "b", "c"]), ("doing", ["d"])])
    _ = board.pointerDown(at: Point(x: 150, y: 22), time: 0)
    _ = board.pointerMoved(to: Point(x: 154, y: 22), time: 0.1)
    #expect(!board.isDragging)
    _ = board.pointerMoved(to: Point(x: 165, y: 22), time: 0.2)
    _ = board.tick(time: 0.6)
    #expect(!board.isDragging)
  }

  /// Two columns 200 wide with headers 36 tall above them.
  static func boardWithHeaders() throws -> Board<String, String, String> {
    let list = LayoutConfiguration.list(.init(width: 200, rowHeight: 40))
    return try Board(
      columns: ["todo", "doing"].enumerated().map { k, id in
        var s = Snapshot<String, String>()
        try s.appendSection(id, items: [id + "1"])
        let x = Double(k) * 220
        return .init(
          id: id, frame: Rect(x: x, y: 40, width: 200, height: 400),
          view: CollectionView(snapshot: s, layout: list, viewSize: Size(width: 200, height: 400)),
          header: Rect(x: x, y: 0, width: 200, height: 36))
      })
  }

  @Test func aMouseLiftsAColumnByItsHeaderOnAFourPointMove() throws {
    var board = try Self.boardWithHeaders()
    _ = board.pointerDown(at: Point(x: 100, y: 18), time: 0, pointer: .mouse)
    _ = board.pointerMoved(to: Point(x: 103.9, y: 18), time: 0.05)
    #expect(board.movingColumn == nil)
    _ = board.pointerMoved(to: Point(x: 104, y: 18), time: 0.1)
    #expect(board.movingColumn == "todo")
    let moved = board.pointerMoved(to: Point(x: 320, y: 18), time: 0.2)
    #expect(moved == [.columnMoved("todo", from: 0, to: 1)])
    _ = board.pointerUp(at: Point(x: 320, y: 18), time: 0.3)
    #expect(board.columns.map(\.id) == ["doing", "todo"])
    #expect(board.canUndo)
  }

  @Test func aTouchOnAHeaderStillNeedsTheLongPress() throws {
    var board = try Self.boardWithHeaders()
    _ = board.pointerDown(at: Point(x: 100, y: 18), time: 0)
    _ = board.pointerMoved(to: Point(x: 104, y: 18), time: 0.1)
    #expect(board.movingColumn == nil)
    _ = board.tick(time: 0.5)
    #expect(board.movingColumn == "todo")

    var failed = try Self.boardWithHeaders()
    _ = failed.pointerDown(at: Point(x: 100, y: 18), time: 0)
    _ = failed.pointerMoved(to: Point(x: 111, y: 18), time: 0.1)
    _ = failed.tick(time: 0.6)
    #expect(failed.movingColumn == nil)
  }
}
