import Testing

@testable import ReorderKit

/// The source keeps the dragged cards in its data until the drop: while they visit another view,
/// its session waits away (no gap, no lifted cell, no step), a cancel moves nothing back, and the
/// way back opens its gap where they stand. In lists and grids, in every mode, against a naive
/// model of the board.
@Suite("Board: the source keeps the cards until the drop")
struct BoardLendingTests {
  typealias TestBoard = Board<String, String, String>
  static let start: [(String, [String])] = [("todo", ["a", "b", "c", "d"]), ("doing", ["e", "f", "g", "h"])]
  static let modes = [ReorderMode.interactive, .dragDrop, .live]
  static var home: [String: [String]] { Dictionary(uniqueKeysWithValues: start.map { ($0.0, $0.1) }) }

  /// The board of `start`, "todo" a list or a grid of one column of 44-point cells (the same
  /// places, so one set of points serves both).
  static func board(_ mode: ReorderMode, gridSource: Bool) throws -> TestBoard {
    var board = try makeBoard(start, mode: mode)
    if gridSource {
      board.updateView("todo") {
        $0.setLayout(.grid(.init(width: 300, columns: 1, itemHeight: 44)), time: 0)
      }
    }
    return board
  }

  /// The items a view draws now, and whether it draws any lifted cell.
  static func drawn(_ board: TestBoard, _ id: String, at time: Double) -> (items: [String], lifted: Bool) {
    let list = board.column(id)!.view.renderList(at: time)
    var items: [String] = []
    for element in list.elements {
      if case .item(let item) = element.kind { items.append(item) }
    }
    return (items, list.elements.contains(where: \.isLifted))
  }

  /// Lifts "b" (the second card of "todo") and moves it over "doing", between "f" and "g".
  static func lend(_ board: inout TestBoard) {
    _ = board.pointerDown(at: Point(x: 150, y: 66), time: 0)
    _ = board.tick(time: 0.5)
    _ = board.pointerMoved(to: Point(x: 460, y: 98), time: 0.6)
    #expect(board.destinationView == "doing")
  }

  @Test(arguments: modes, [false, true])
  func theSourceKeepsTheCardHiddenUntilTheDrop(_ mode: ReorderMode, gridSource: Bool) throws {
    var board = try Self.board(mode, gridSource: gridSource)
    Self.lend(&board)
    // Its data still holds "b" where it stood; it shows and counts it no more.
    #expect(board.contents["todo"] == ["a", "b", "c", "d"], "\(mode), grid \(gridSource)")
    #expect(board.column("todo")?.view.drag?.away == true)
    #expect(board.itemCount(of: "todo") == 3)
    #expect(board.itemCount(of: "doing") == 5)
    #expect(board.itemCount(of: "nowhere") == nil)
    let later = 2.0
    _ = board.tick(time: later)
    let source = Self.drawn(board, "todo", at: later)
    #expect(source.items == ["a", "c", "d"], "\(mode), grid \(gridSource)")
    #expect(!source.lifted, "the source draws no lifted cell")
    #expect(!board.column("todo")!.view.renderList(at: later).isAnimating, "the source waits at rest")
    #expect(Self.drawn(board, "doing", at: later).lifted)
    // The drop takes it out of the source once.
    let events = board.pointerUp(at: Point(x: 460, y: 98), time: later + 0.1)
    let want = ["todo": ["a", "c", "d"], "doing": ["e", "f", "b", "g", "h"]]
    #expect(board.contents == want, "\(mode), grid \(gridSource)")
    #expect(board.column("todo")?.view.isDragging == false)
    #expect(
      events.contains(
        .moved(
          "b", from: BoardPosition(view: "todo", position: OutlinePosition(section: 0, parent: nil, index: 1)),
          to: BoardPosition(view: "doing", position: OutlinePosition(section: 0, parent: nil, index: 2)))))
    _ = board.tick(time: later + 2)
    #expect(Self.drawn(board, "todo", at: later + 2).items == ["a", "c", "d"])
    _ = board.undo(time: later + 3)
    #expect(board.contents == Self.home)
    _ = board.redo(time: later + 4)
    #expect(board.contents == want)
  }

  @Test(arguments: modes, [false, true])
  func aCancelMovesNothingBack(_ mode: ReorderMode, gridSource: Bool) throws {
    var board = try Self.board(mode, gridSource: gridSource)
    Self.lend(&board)
    let events = board.pointerUp(at: Point(x: 305, y: 30), time: 1)
    #expect(board.contents == Self.home, "\(mode), grid \(gridSource)")
    #expect(events.contains(.view("todo", .cancelled("b"))))
    #expect(!board.isDragging && !board.canUndo)
    _ = board.tick(time: 3)
    #expect(Self.drawn(board, "todo", at: 3).items == ["a", "b", "c", "d"], "\(mode), grid \(gridSource)")
    #expect(board.itemCount(of: "todo") == 4)
  }

  @Test(arguments: modes, [false, true])
  func theWayBackOpensTheGapWhereTheCardStands(_ mode: ReorderMode, gridSource: Bool) throws {
    for gap in 0...3 {
      var board = try Self.board(mode, gridSource: gridSource)
      Self.lend(&board)
      let p = Point(x: 150, y: Double(gap) * 44 + 10)
      _ = board.pointerMoved(to: p, time: 0.7)
      #expect(board.destinationView == "todo")
      let view = try #require(board.column("todo")?.view)
      #expect(view.drag?.away == false)
      #expect(view.drag?.placeholder.index == gap, "\(mode), grid \(gridSource), back at \(gap)")
      #expect(Self.drawn(board, "doing", at: 0.7).items == ["e", "f", "g", "h"])
      _ = board.pointerUp(at: p, time: 1)
      var want = ["a", "c", "d"]
      want.insert("b", at: gap)
      #expect(board.contents == ["todo": want, "doing": ["e", "f", "g", "h"]], "\(mode), grid \(gridSource), \(gap)")
    }
  }

  /// The pointer held a card at the bottom edge of a long source (its auto-scroll running), then
  /// took it into another view: the source scrolls no more.
  @Test(arguments: modes)
  func aSourceAwayTakesNoStep(_ mode: ReorderMode) throws {
    var board = try makeBoard([("todo", (0..<40).map { "t\($0)" }), ("doing", ["e"])], mode: mode)
    _ = board.pointerDown(at: Point(x: 150, y: 550), time: 0)
    _ = board.tick(time: 0.5)
    _ = board.pointerMoved(to: Point(x: 150, y: 595), time: 0.6)
    _ = board.tick(time: 1.2)
    let scrolled = try #require(board.column("todo")?.view.contentOffset.y)
    #expect(scrolled > 0, "the source scrolled while the card was at its edge")
    _ = board.pointerMoved(to: Point(x: 460, y: 595), time: 1.3)
    #expect(board.destinationView == "doing")
    let offset = try #require(board.column("todo")?.view.contentOffset.y)
    for k in 1...30 { _ = board.tick(time: 1.3 + Double(k) / 30) }
    #expect(board.column("todo")?.view.contentOffset.y == offset, "\(mode)")
  }

  @Test(arguments: modes, [false, true])
  func newDataForTheSourceWhileAway(_ mode: ReorderMode, gridSource: Bool) throws {
    // New data keeps the card: it stays hidden, where the new data has it, and the drop takes it.
    var board = try Self.board(mode, gridSource: gridSource)
    Self.lend(&board)
    var data = Snapshot<String, String>()
    try data.appendSection("todo", items: ["z", "a", "c", "b", "d"])
    try board.apply(data, toView: "todo", time: 0.7)
    #expect(board.contents["todo"] == ["z", "a", "c", "b", "d"], "\(mode), grid \(gridSource)")
    #expect(board.column("todo")?.view.drag?.away == true)
    #expect(board.isDragging && board.destinationView == "doing")
    _ = board.tick(time: 2)
    #expect(Self.drawn(board, "todo", at: 2).items == ["z", "a", "c", "d"], "\(mode), grid \(gridSource)")
    _ = board.pointerUp(at: Point(x: 460, y: 98), time: 2.1)
    #expect(board.contents == ["todo": ["z", "a", "c", "d"], "doing": ["e", "f", "b", "g", "h"]])
    _ = board.undo(time: 3)
    #expect(board.contents == ["todo": ["z", "a", "c", "b", "d"], "doing": ["e", "f", "g", "h"]])

    // New data that deletes the card ends the drag as a cancel: nothing holds it.
    var other = try Self.board(mode, gridSource: gridSource)
    Self.lend(&other)
    var without = Snapshot<String, String>()
    try without.appendSection("todo", items: ["a", "c", "d"])
    try other.apply(without, toView: "todo", time: 0.7)
    #expect(!other.isDragging)
    let events = other.tick(time: 0.8)
    #expect(events.contains(.view("todo", .cancelled("b"))))
    #expect(
      other.contents == ["todo": ["a", "c", "d"], "doing": ["e", "f", "g", "h"]], "\(mode), grid \(gridSource)")
    #expect(other.column("todo")?.view.isDragging == false)
    #expect(other.column("doing")?.view.isDragging == false)
  }
}
