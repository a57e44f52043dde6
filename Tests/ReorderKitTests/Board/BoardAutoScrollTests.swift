import ReorderKit
import Testing

/// Auto-scroll at a board's two levels (DESIGN, version 3): the board sideways near its left and
/// right edges, and the view under the pointer near its own edges, a destination as well as the
/// source, with version 2's easing and damping (``AutoScroll``'s defaults: a 60 pt band, damped for
/// 1.2 s after the lift).
@Suite("Board: auto-scroll of the board and of the view under the pointer")
struct BoardAutoScrollTests {
  typealias Engine = Board<String, String, String>

  /// Three columns 200 wide, 20 apart, in a board 500 wide and 600 tall: the third column sticks
  /// out by 160 points. "doing" holds 30 cards of 40 points (1,200 in a 400-point column).
  static func board() throws -> Engine {
    let list = LayoutConfiguration.list(.init(width: 200, rowHeight: 40))
    func column(_ id: String, _ k: Int, _ items: [String]) throws -> Engine.Column {
      var s = Snapshot<String, String>()
      try s.appendSection(id, items: items)
      let x = 20 + Double(k) * 220
      return Engine.Column(
        id: id, frame: Rect(x: x, y: 100, width: 200, height: 400),
        view: CollectionView(snapshot: s, layout: list, viewSize: Size(width: 200, height: 400), mode: .dragDrop),
        header: Rect(x: x, y: 60, width: 200, height: 36))
    }
    return try Engine(
      columns: [
        column("todo", 0, ["a", "b", "c"]), column("doing", 1, (1...30).map { "d\($0)" }), column("done", 2, ["e"]),
      ],
      visibleSize: Size(width: 500, height: 600))
  }

  /// Lifts "a" (To do's first card) with a long press; the lift happens at 0.6 s.
  static func lift(_ board: inout Engine) {
    _ = board.pointerDown(at: Point(x: 100, y: 120), time: 0)
    _ = board.pointerMoved(to: Point(x: 100, y: 120), time: 0.6)
    #expect(board.isDragging)
  }

  /// Holds the pointer at `point` from `start` to `end`, one tick a frame at 60 Hz; returns the
  /// board's horizontal offset and the view's vertical offset after each frame.
  static func hold(
    _ board: inout Engine, at point: Point, from start: Double, to end: Double, view: String
  ) -> [(board: Double, view: Double)] {
    var offsets: [(board: Double, view: Double)] = []
    _ = board.pointerMoved(to: point, time: start)
    var t = start
    while t < end {
      t += 1.0 / 60
      _ = board.tick(time: t)
      offsets.append((board.contentOffset.x, board.column(view)?.view.contentOffset.y ?? .nan))
    }
    return offsets
  }

  @Test func theBoardScrollsSidewaysNearItsRightEdgeDampedThenToItsEndAndBack() throws {
    var board = try Self.board()
    Self.lift(&board)
    // Mid-board: no board scrolling.
    let still = Self.hold(&board, at: Point(x: 250, y: 300), from: 0.62, to: 1.0, view: "doing")
    #expect(still.allSatisfy { $0.board == 0 })
    // In the right band (x 440..500): the board scrolls right, slowly while damped, faster after.
    let right = Self.hold(&board, at: Point(x: 495, y: 300), from: 1.0, to: 4.0, view: "done")
    let xs = right.map(\.board)
    #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 }, "never back: \(xs)")
    // Points a frame while the board still moves: they grow as the damping wears off.
    let steps = zip(xs, xs.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }
    let early = steps.prefix(3).reduce(0, +)
    let later = steps.dropLast().suffix(3).reduce(0, +)
    #expect(
      steps.count > 6 && later > 1.5 * early, "damped at first (\(early) pt in 3 frames), faster later (\(later))")
    #expect(xs.last == 160, "stops at the third column's end (extent 660 - 500): \(xs.last ?? -1)")
    // The left band takes it back to 0.
    let left = Self.hold(&board, at: Point(x: 5, y: 300), from: 4.0, to: 7.0, view: "todo")
    #expect(left.last?.board == 0)
    #expect(zip(left, left.dropFirst()).allSatisfy { $0.board >= $1.board })
    _ = board.pointerUp(at: Point(x: 5, y: 300), time: 7.1)
    #expect(!board.isDragging)
  }

  @Test func theColumnUnderThePointerScrollsNearItsBottomEvenWhenItIsNotTheSource() throws {
    var board = try Self.board()
    Self.lift(&board)
    // Past the damping (1.2 s after the lift), "a" held over Doing, 5 points above its bottom edge.
    _ = Self.hold(&board, at: Point(x: 250, y: 300), from: 0.62, to: 1.9, view: "doing")
    #expect(board.column("doing")?.view.contentOffset.y == 0)
    let held = Self.hold(&board, at: Point(x: 300, y: 495), from: 1.9, to: 4.5, view: "doing")
    let ys = held.map(\.view)
    // To the end of Doing's cards and the gap (31 rows of 40 in a 400-point column).
    #expect(ys.last == 840, "Doing scrolled down to its end: \(ys.last ?? -1)")
    #expect(zip(ys, ys.dropFirst()).allSatisfy { $0 <= $1 })
    // The source did not scroll, and the board did not move (the pointer is far from its edges).
    #expect(board.column("todo")?.view.contentOffset.y == 0)
    #expect(held.allSatisfy { $0.board == 0 })
    // Dropped there: "a" lands in Doing, among its last cards, and To do closes up.
    _ = board.pointerUp(at: Point(x: 300, y: 495), time: 4.6)
    _ = board.tick(time: 6)
    let doing = try #require(board.column("doing")).view.snapshot.items(inSection: 0)
    let k = try #require(doing.firstIndex(of: "a"))
    #expect(k > 15, "where the scrolled column showed its gap: \(k) of \(doing.count)")
    #expect(board.column("todo")?.view.snapshot.items(inSection: 0) == ["b", "c"])
    // Moving the pointer back up the column stops the scrolling.
    var quiet = try Self.board()
    Self.lift(&quiet)
    let mid = Self.hold(&quiet, at: Point(x: 300, y: 300), from: 0.62, to: 3, view: "doing")
    #expect(mid.allSatisfy { $0.view == 0 })
  }
}
