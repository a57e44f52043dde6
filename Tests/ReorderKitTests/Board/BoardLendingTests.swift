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
    #expect(board.column("todo")?.view.drag?.gap == .away)
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
      #expect(view.drag?.gap == .shown)
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
    #expect(board.column("todo")?.view.drag?.gap == .away)
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

/// What a review of the source that keeps its cards found, each once broken.
@Suite("Board: the source that keeps its cards, under new data and changes")
struct BoardLendingEdgeTests {
  typealias Lending = BoardLendingTests

  @Test(arguments: Lending.modes)
  func aColumnAddedMidDrag(_ mode: ReorderMode) throws {
    var board = try makeBoard(Lending.start, mode: mode)
    Lending.lend(&board)
    var data = Snapshot<String, String>()
    try data.appendSection("done", items: ["x"])
    let view = CollectionView(
      snapshot: data, layout: .list(.init(width: 300, rowHeight: 44)), viewSize: Size(width: 300, height: 600),
      mode: mode)
    try board.addColumn(.init(id: "done", frame: Rect(x: 620, y: 0, width: 300, height: 600), view: view))
    #expect(board.isDragging)
    // A card or a view already on the board is still refused.
    var twice = Snapshot<String, String>()
    try twice.appendSection("more", items: ["c"])
    let other = CollectionView(
      snapshot: twice, layout: .list(.init(width: 300, rowHeight: 44)), viewSize: Size(width: 300, height: 600))
    #expect(throws: BoardError.self) {
      try board.addColumn(.init(id: "more", frame: Rect(x: 930, y: 0, width: 300, height: 600), view: other))
    }
    #expect(throws: BoardError.self) {
      try board.addColumn(.init(id: "done", frame: Rect(x: 930, y: 0, width: 300, height: 600), view: view))
    }
    _ = board.pointerUp(at: Point(x: 460, y: 98), time: 1)
    #expect(board.contents == ["todo": ["a", "c", "d"], "doing": ["e", "f", "b", "g", "h"], "done": ["x"]])
  }

  /// Back in its source, a live drag keeps its card at the gap whatever new data comes: the moves
  /// the board reports, replayed on the app's data, give the board's data.
  @Test func newDataForALiveSourceAfterTheWayBack() throws {
    var board = try makeBoard(Lending.start, mode: .live)
    var events = board.pointerDown(at: Point(x: 150, y: 66), time: 0)
    events += board.tick(time: 0.5)
    events += board.pointerMoved(to: Point(x: 460, y: 98), time: 0.6)
    events += board.pointerMoved(to: Point(x: 150, y: 142), time: 0.7)
    #expect(board.destinationView == "todo")
    var data = Snapshot<String, String>()
    try data.appendSection("todo", items: ["z", "a", "b", "c", "d"])
    try board.apply(data, toView: "todo", time: 0.8)
    let midDrag = board.tick(time: 0.9)
    #expect(!midDrag.contains { if case .view(_, .moved) = $0 { true } else { false } }, "no move reported mid-drag")
    events += midDrag
    events += board.pointerUp(at: Point(x: 150, y: 142), time: 1)
    // The app's data: the new data for "todo", then every move reported, in order.
    var app = ["todo": ["z", "a", "b", "c", "d"], "doing": Lending.start[1].1]
    for event in events {
      guard case .view(let id, .moved(let item, let from, let to)) = event else { continue }
      #expect(app[id]?[from.index] == item, "\(item) is at \(id)[\(from.index)]")
      app[id]?.remove(at: from.index)
      app[id]?.insert(item, at: to.index)
    }
    #expect(app == board.contents)
  }

  @Test func aKeyboardDragAwayFromAGridSourceSurvivesALayoutChangeThere() throws {
    var board = try Lending.board(.interactive, gridSource: true)
    _ = board.focus("b", time: 0)
    _ = board.keyPressed(.space, time: 0.1)
    _ = board.keyPressed(.right, time: 0.2)
    #expect(board.destinationView == "doing")
    #expect(board.focusedView == "doing")
    board.updateView("todo") { $0.setLayout(.list(.init(width: 300, rowHeight: 44)), time: 0.3) }
    _ = board.keyPressed(.space, time: 0.4)
    _ = board.tick(time: 2)
    #expect(!board.isDragging)
    let cards = board.contents.values.joined().sorted()
    #expect(cards == ["a", "b", "c", "d", "e", "f", "g", "h"])
  }

  @Test(arguments: Lending.modes)
  func theHolderRemovedAfterNewDataMovedTheCard(_ mode: ReorderMode) throws {
    var board = try makeBoard(Lending.start, mode: mode)
    _ = board.focus("b", time: 0)
    _ = board.keyPressed(.space, time: 0.1)
    _ = board.keyPressed(.right, time: 0.2)
    var data = Snapshot<String, String>()
    try data.appendSection("todo", items: ["a", "c", "b", "d"])
    try board.apply(data, toView: "todo", time: 0.3)
    board.removeColumn("doing", time: 0.4)
    #expect(board.destinationView == "todo")
    #expect(board.column("todo")?.view.drag?.placeholder.index == 2, "\(mode): the gap where the card stands")
    _ = board.keyPressed(.space, time: 0.5)
    #expect(board.contents == ["todo": ["a", "c", "b", "d"]], "\(mode)")
  }

  @Test(arguments: Lending.modes, [false, true])
  func newDataMovesTheCardToAnotherSectionOfItsSource(_ mode: ReorderMode, gridSource: Bool) throws {
    var board = try Lending.board(mode, gridSource: gridSource)
    Lending.lend(&board)
    var data = Snapshot<String, String>()
    try data.appendSection("later", items: ["b", "a", "c", "d"])
    try board.apply(data, toView: "todo", time: 0.7)
    let events = board.tick(time: 0.8)
    #expect(board.isDragging, "\(mode), grid \(gridSource)")
    #expect(!events.contains(.view("todo", .cancelled("b"))))
    _ = board.pointerUp(at: Point(x: 460, y: 98), time: 1)
    #expect(board.column("todo")?.view.snapshot.items(inSection: 0) == ["a", "c", "d"])
    #expect(board.contents["doing"] == ["e", "f", "b", "g", "h"], "\(mode), grid \(gridSource)")
  }

  @Test(arguments: Lending.modes)
  func theArrangedDataShowsEachCardOnceWhereItIsSeen(_ mode: ReorderMode) throws {
    var board = try makeBoard(Lending.start, mode: mode)
    #expect(board.arrangedData(of: "todo")?.items(inSection: 0) == ["a", "b", "c", "d"])
    _ = board.pointerDown(at: Point(x: 150, y: 66), time: 0)
    _ = board.tick(time: 0.5)
    // Within its own view, the card where its gap is.
    _ = board.pointerMoved(to: Point(x: 150, y: 170), time: 0.55)
    let gap = try #require(board.column("todo")?.view.drag?.placeholder.index)
    #expect(gap != 1, "the gap moved")
    var within = ["a", "c", "d"]
    within.insert("b", at: gap)
    #expect(board.arrangedData(of: "todo")?.items(inSection: 0) == within, "\(mode)")
    _ = board.pointerMoved(to: Point(x: 460, y: 98), time: 0.6)
    #expect(board.arrangedData(of: "todo")?.items(inSection: 0) == ["a", "c", "d"], "\(mode)")
    #expect(board.arrangedData(of: "doing")?.items(inSection: 0) == ["e", "f", "b", "g", "h"], "\(mode)")
    _ = board.pointerMoved(to: Point(x: 305, y: 98), time: 0.7)
    #expect(board.arrangedData(of: "doing")?.items(inSection: 0) == ["e", "f", "g", "h"], "\(mode)")
    #expect(board.arrangedData(of: "todo")?.items(inSection: 0) == ["a", "c", "d"], "\(mode)")
    #expect(board.arrangedData(of: "nowhere") == nil)
  }
}

/// The moves a drop of several cards reports, replayed one after another on the app's data, give
/// the board's data: into another view, and back into their own.
@Suite("Board: the moves of several cards replay")
struct BoardSeveralCardsReplayTests {
  @Test(arguments: [0, 1, 2, 3, 4], [false, true])
  func severalCardsLandAndTheirMovesReplay(gap: Int, back: Bool) throws {
    let start: [(String, [String])] = [("todo", ["a", "b", "c", "d"]), ("doing", ["e", "f", "g", "h"])]
    var board = try makeBoard(start, mode: .dragDrop)
    var events = board.pointerDown(at: Point(x: 150, y: 22), time: 0)
    events += board.tick(time: 0.5)
    events += board.addItemToDragSession(at: Point(x: 150, y: 110), time: 0.55)
    #expect(board.draggedItems == ["a", "c"])
    events += board.pointerMoved(to: Point(x: 460, y: 300), time: 0.6)
    let p = Point(x: back ? 150 : 460, y: Double(gap) * 44 + 10)
    events += board.pointerMoved(to: p, time: 0.7)
    events += board.pointerUp(at: p, time: 1)
    #expect(!board.isDragging)
    var app = Dictionary(uniqueKeysWithValues: start.map { ($0.0, $0.1) })
    for event in events {
      switch event {
      case .view(let id, .moved(let item, let from, let to)):
        #expect(app[id]?[from.index] == item, "gap \(gap), back \(back): \(item) at \(id)[\(from.index)]")
        app[id]?.remove(at: from.index)
        app[id]?.insert(item, at: to.index)
      case .moved(let item, let from, let to):
        #expect(app[from.view]?[from.position.index] == item)
        app[from.view]?.remove(at: from.position.index)
        app[to.view]?.insert(item, at: to.position.index)
      default:
        continue
      }
    }
    #expect(app == board.contents, "gap \(gap), back \(back)")
    #expect(board.contents.values.joined().sorted() == ["a", "b", "c", "d", "e", "f", "g", "h"])
  }
}
