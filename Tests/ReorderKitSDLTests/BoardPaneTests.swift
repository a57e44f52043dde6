@preconcurrency import CSDL2
import ReorderKit
import ReorderKitSDL
import Testing

/// A board in a window through ``BoardPane``: a drag across columns by window events, Ctrl+Z across
/// columns, the keyboard across columns, the wheel on a column or on the board, a press outside.
@Suite("BoardPane: several panes under one drag context")
struct BoardPaneTests {
  typealias Engine = Board<String, String, String>

  /// Three columns 200 wide, 20 apart, in a 500-wide window: the third sticks out (the board scrolls).
  static func board() throws -> Engine {
    let list = LayoutConfiguration.list(.init(width: 200, rowHeight: 40))
    let size = Size(width: 200, height: 400)
    func column(_ id: String, _ k: Int, _ items: [String], limit: Int? = nil) throws -> Engine.Column {
      var s = Snapshot<String, String>()
      try s.appendSection(id, items: items)
      let x = 20 + Double(k) * 220
      return Engine.Column(
        id: id, frame: Rect(x: x, y: 100, width: 200, height: 400),
        view: CollectionView(snapshot: s, layout: list, viewSize: size, mode: .dragDrop),
        accepts: BoardAcceptance(limit: limit), header: Rect(x: x, y: 60, width: 200, height: 36))
    }
    return try Engine(
      columns: [column("todo", 0, ["a", "b", "c"]), column("doing", 1, ["d"], limit: 2), column("done", 2, [])],
      visibleSize: Size(width: 500, height: 600))
  }

  static func items(_ board: Engine, _ id: String) -> [String] {
    board.column(id)?.view.snapshot.items(inSection: 0) ?? []
  }

  @Test func aDragCrossesColumnsAndCtrlZPutsItBack() throws {
    var board = try Self.board()
    var pane = BoardPane<String, String, String>(frame: Rect(x: 0, y: 52, width: 500, height: 600))
    _ = pane.handle(.pointerDown(Point(x: 100, y: 120)), board: &board, time: 0)
    #expect(pane.isTrackingPointer)
    _ = pane.handle(.pointerMoved(Point(x: 100, y: 120)), board: &board, time: 0.6)
    _ = pane.handle(.pointerMoved(Point(x: 300, y: 170)), board: &board, time: 0.7)
    _ = pane.handle(.pointerUp(Point(x: 300, y: 170)), board: &board, time: 0.8)
    _ = board.tick(time: 2)
    #expect(!pane.isTrackingPointer)
    #expect(Self.items(board, "todo") == ["b", "c"])
    #expect(Self.items(board, "doing") == ["d", "a"])
    _ = pane.handle(.key(.character("z"), modifiers: .control), board: &board, time: 3)
    #expect(Self.items(board, "todo") == ["a", "b", "c"])
    #expect(Self.items(board, "doing") == ["d"])
    _ = pane.handle(.key(.character("z"), modifiers: [.control, .shift]), board: &board, time: 4)
    #expect(Self.items(board, "doing") == ["d", "a"])
  }

  @Test func theKeyboardMovesACardToTheNextColumn() throws {
    var board = try Self.board()
    var pane = BoardPane<String, String, String>(frame: Rect(x: 0, y: 52, width: 500, height: 600))
    var events: [Engine.Event] = []
    for key in [Key.tab, .space, .right, .space] { events += pane.handle(.key(key), board: &board, time: 0) }
    _ = board.tick(time: 2)
    #expect(Self.items(board, "doing").contains("a"))
    #expect(!Self.items(board, "todo").contains("a"))
    let spoken = events.compactMap { event -> String? in
      if case .view(_, .announcement(let text)) = event { return text }
      return nil
    }
    #expect(spoken.contains { $0.hasPrefix("Moved to doing") })
  }

  @Test func theWheelScrollsTheBoardOverAHeaderAndAColumnOverItsCards() throws {
    var board = try Self.board()
    var pane = BoardPane<String, String, String>(frame: Rect(x: 0, y: 52, width: 500, height: 600))
    _ = pane.handle(.scroll(by: Point(x: 0, y: 60), at: Point(x: 100, y: 70)), board: &board, time: 0)
    #expect(board.contentOffset.x == 60)
    _ = pane.handle(.scroll(by: Point(x: -30, y: 0), at: Point(x: 100, y: 300)), board: &board, time: 0.1)
    #expect(board.contentOffset.x == 30)
    // A press above the pane (the app's bar) is not the board's.
    #expect(pane.handle(.pointerDown(Point(x: 100, y: 10)), board: &board, time: 1).isEmpty)
    #expect(!pane.isTrackingPointer)
  }

  /// A touch screen's fingers through ``InputAdapter`` (as the app reads SDL's events): the first
  /// finger lifts a card with a long press, a second finger's tap adds another, Doing (limit 2,
  /// holding 1) refuses the pair and a lift there cancels; one card alone then goes in.
  @Test func fingersCarryCardsAcrossColumnsAndTheLimitRefusesTwo() throws {
    var board = try Self.board()
    var pane = BoardPane<String, String, String>(frame: Rect(x: 0, y: 52, width: 500, height: 600))
    let window = Size(width: 500, height: 700)
    var adapter = InputAdapter()
    var events: [Engine.Event] = []
    func finger(_ type: SDL_EventType, _ id: SDL_FingerID, _ p: Point, _ time: Double) {
      var ev = SDL_Event()
      ev.type = type.rawValue
      ev.tfinger.fingerId = id
      ev.tfinger.x = Float(p.x / window.width)
      ev.tfinger.y = Float(p.y / window.height)
      for input in adapter.translate(ev, windowSize: window) {
        events += pane.handle(input, board: &board, time: time)
      }
    }
    finger(SDL_FINGERDOWN, 1, Point(x: 100, y: 120), 0)
    finger(SDL_FINGERMOTION, 1, Point(x: 100, y: 121), 0.6)
    #expect(board.isDragging, "a long press lifts")
    finger(SDL_FINGERDOWN, 2, Point(x: 100, y: 160), 0.8)
    finger(SDL_FINGERUP, 2, Point(x: 100, y: 160), 0.85)
    for k in 1...10 {
      finger(SDL_FINGERMOTION, 1, Point(x: 100 + 20 * Double(k), y: 121 + 5 * Double(k)), 0.9 + 0.02 * Double(k))
    }
    #expect(events.contains { if case .refused("doing") = $0 { true } else { false } }, "two cards over a full Doing")
    finger(SDL_FINGERUP, 1, Point(x: 300, y: 171), 1.2)
    _ = board.tick(time: 3)
    #expect(!board.isDragging)
    #expect(Self.items(board, "todo") == ["a", "b", "c"], "a lift over a refusing column cancels")
    #expect(Self.items(board, "doing") == ["d"])
    // One card alone: Doing takes it.
    finger(SDL_FINGERDOWN, 3, Point(x: 100, y: 120), 4)
    finger(SDL_FINGERMOTION, 3, Point(x: 100, y: 121), 4.6)
    for k in 1...10 {
      finger(SDL_FINGERMOTION, 3, Point(x: 100 + 20 * Double(k), y: 121 + 5 * Double(k)), 4.7 + 0.02 * Double(k))
    }
    finger(SDL_FINGERUP, 3, Point(x: 300, y: 171), 5)
    _ = board.tick(time: 7)
    #expect(Self.items(board, "todo") == ["b", "c"])
    #expect(Self.items(board, "doing") == ["d", "a"])
    #expect(!pane.isTrackingPointer)
  }
}
