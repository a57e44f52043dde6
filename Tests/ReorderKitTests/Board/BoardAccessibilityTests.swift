import Testing

@testable import ReorderKit

@Suite("Board: accessibility actions, view names, sizes across views")
struct BoardAccessibilityTests {
  @Test func aCardOffersMoveToEveryViewThatAcceptsIt() throws {
    var board = try makeBoard(
      [("todo", ["a", "b"]), ("doing", ["d", "e"]), ("done", [])],
      accepts: ["doing": BoardAcceptance(limit: 2)])
    board.viewName = { $0 == "done" ? "Done" : $0 }
    // Doing is full: only Done is offered; "a" is first, so it moves down or to the end within To do.
    #expect(board.accessibilityActions(for: "a") == [.within(.moveDown), .within(.moveToEnd), .moveTo("done")])
    #expect(
      board.accessibilityActions(for: "a").map(board.accessibilityName(of:)) == [
        "Move down", "Move to end", "Move to Done",
      ])
    #expect(board.accessibilityActions(for: "zz").isEmpty)
  }

  @Test func moveToAViewIsOneGestureThatNamesTheView() throws {
    var board = try makeBoard([("todo", ["a", "b", "c"]), ("doing", ["d", "e"])])
    board = try Board(
      columns: board.columns.map { column in
        var column = column
        if column.id == "doing" { column.title = "Doing" }
        return column
      })
    let events = board.performAccessibilityAction(.moveTo("doing"), on: "b", time: 1)
    #expect(board.contents == ["todo": ["a", "c"], "doing": ["d", "e", "b"]])
    let announcements = events.compactMap { event -> String? in
      if case .view(_, .announcement(let text)) = event { return text }
      return nil
    }
    #expect(announcements == ["Moved to Doing, position 3 of 3."])
    #expect(
      events.contains(
        .moved(
          "b", from: BoardPosition(view: "todo", position: OutlinePosition(section: 0, parent: nil, index: 1)),
          to: BoardPosition(view: "doing", position: OutlinePosition(section: 0, parent: nil, index: 2)))))
    #expect(events.contains(.view("doing", .committed(ReorderDifference(items: ["b"], section: "doing", before: nil)))))
    #expect(!board.isDragging)
    // Nothing more is said later (no held-back announcement of the lift or the entry).
    let later = board.tick(time: 5)
    #expect(!later.contains { if case .view(_, .announcement) = $0 { true } else { false } })
    _ = board.undo(time: 6)
    #expect(board.contents == ["todo": ["a", "b", "c"], "doing": ["d", "e"]])
    _ = board.redo(time: 7)
    #expect(board.contents == ["todo": ["a", "c"], "doing": ["d", "e", "b"]])
  }

  @Test func aMoveWithinTheViewIsTheViewsOwnAndUndoable() throws {
    var board = try makeBoard([("todo", ["a", "b", "c"]), ("doing", ["d"])])
    _ = board.performAccessibilityAction(.within(.moveToEnd), on: "a", time: 1)
    #expect(board.contents == ["todo": ["b", "c", "a"], "doing": ["d"]])
    #expect(board.canUndo)
    _ = board.undo(time: 2)
    #expect(board.contents == ["todo": ["a", "b", "c"], "doing": ["d"]])
  }

  @Test func aRefusingViewIsNotPerformed() throws {
    var board = try makeBoard(
      [("todo", ["a"]), ("doing", ["d"])], accepts: ["doing": BoardAcceptance(sources: ["backlog"])])
    #expect(board.accessibilityActions(for: "a").isEmpty)
    let events = board.performAccessibilityAction(.moveTo("doing"), on: "a", time: 1)
    #expect(events.isEmpty)
    #expect(board.contents == ["todo": ["a"], "doing": ["d"]])
  }

  @Test func aKeyboardDropInAnotherViewNamesIt() throws {
    var board = try makeBoard([("todo", ["a", "b"]), ("doing", ["d"])])
    board.viewName = { $0 == "doing" ? "Doing" : "To do" }
    _ = board.focus("a", time: 0)
    _ = board.keyPressed(.space, time: 0.1)
    let events = board.keyPressed(.right, time: 0.2)
    #expect(events.contains(.view("doing", .announcement("Moved to Doing, position 1 of 2."))))
    // The drop: the focus goes with "a" into Doing, without a word of its own (issue 43: the page
    // lost it), and the next key moves on from there.
    let dropped = board.keyPressed(.space, time: 0.3)
    #expect(board.focusedView == "doing" && board.column("doing")?.view.focusedItem == "a")
    #expect(board.column("todo")?.view.focusedItem == nil)
    let said = dropped.compactMap { if case .view(_, .announcement(let text)) = $0 { text } else { nil } }
    #expect(said == ["Dropped at position 1 of 2."], "\(said)")
    _ = board.keyPressed(.down, time: 0.4)
    #expect(board.column("doing")?.view.focusedItem == "d")
  }

  /// The keyboard passes a full view and says so (issue 43: a full Doing refused in silence).
  @Test func aKeyboardMovePastAFullViewSaysItIsFull() throws {
    var board = try makeBoard(
      [("todo", ["a", "b"]), ("doing", ["d", "e"]), ("done", ["f"])], accepts: ["doing": BoardAcceptance(limit: 2)])
    board.viewName = { ["todo": "To do", "doing": "Doing", "done": "Done"][$0] ?? $0 }
    _ = board.focus("a", time: 0)
    _ = board.keyPressed(.space, time: 0.1)
    let events = board.keyPressed(.right, time: 0.2)
    #expect(events.contains(.view("done", .announcement("Doing is full (2 of 2). Moved to Done, position 1 of 2."))))
    // Back to To do: Doing is passed again, and said again; the next move within it says no more.
    let back = board.keyPressed(.left, time: 0.3)
    #expect(back.contains(.view("todo", .announcement("Doing is full (2 of 2). Moved to To do, position 1 of 2."))))
    let down = board.keyPressed(.down, time: 0.4)
    #expect(!down.contains { if case .view(_, .announcement(let text)) = $0 { text.contains("full") } else { false } })

    // Nothing beyond takes the items: the reason alone.
    var two = try makeBoard([("todo", ["a"]), ("doing", ["d"])], accepts: ["doing": BoardAcceptance(limit: 1)])
    two.viewName = { $0 == "doing" ? "Doing" : "To do" }
    _ = two.focus("a", time: 0)
    _ = two.keyPressed(.space, time: 0.1)
    #expect(two.keyPressed(.right, time: 0.2) == [.view("todo", .announcement("Doing is full (1 of 1)."))])
    #expect(two.contents == ["todo": ["a"], "doing": ["d"]])
    // A view that refuses for another reason than its limit is passed without a word.
    var other = try makeBoard([("todo", ["a"]), ("doing", [])], accepts: ["doing": BoardAcceptance(sources: ["x"])])
    _ = other.focus("a", time: 0)
    _ = other.keyPressed(.space, time: 0.1)
    #expect(other.keyPressed(.right, time: 0.2).isEmpty)
  }

  /// A pointer released before the entry was spoken: the drop names the view; after it was
  /// spoken, the drop says where, as in one view.
  @Test func aPointerDropInAnotherViewNamesItOnce() throws {
    func announcements(_ events: [Board<String, String, String>.Event]) -> [String] {
      events.compactMap { if case .view(_, .announcement(let text)) = $0 { text } else { nil } }
    }
    var quick = try makeBoard([("todo", ["a", "b", "c"]), ("doing", ["d"])])
    quick.viewName = { $0 == "doing" ? "Doing" : "To do" }
    let fast = quick.drag(from: Point(x: 150, y: 22), to: Point(x: 460, y: 30))
    #expect(announcements(fast).last == "Moved to Doing, position 2 of 2.")
    #expect(!announcements(fast).contains { $0.hasPrefix("Dropped") })

    var slow = try makeBoard([("todo", ["a", "b", "c"]), ("doing", ["d"])])
    slow.viewName = { $0 == "doing" ? "Doing" : "To do" }
    var events = slow.pointerDown(at: Point(x: 150, y: 22), time: 0)
    events += slow.tick(time: 0.5)
    events += slow.pointerMoved(to: Point(x: 460, y: 30), time: 0.6)
    events += slow.tick(time: 2)
    events += slow.pointerUp(at: Point(x: 460, y: 30), time: 2.1)
    #expect(
      Array(announcements(events).suffix(2)) == ["Moved to Doing, position 2 of 2.", "Dropped at position 2 of 2."])
  }

  /// Flow grids whose cells have their own sizes: a card keeps its size in the other view.
  @Test func aCardsSizeTravelsWithItAcrossFlowGrids() throws {
    let grid = LayoutConfiguration.grid(.init(width: 300, itemSpacing: 10, lineSpacing: 10))
    func view(_ id: String, _ items: [String], _ sizes: [String: Size]) throws -> CollectionView<String, String> {
      var snapshot = Snapshot<String, String>()
      try snapshot.appendSection(id, items: items)
      return CollectionView(
        snapshot: snapshot, layout: grid, viewSize: Size(width: 300, height: 600), mode: .dragDrop, itemSizes: sizes)
    }
    let wide = Size(width: 200, height: 90)
    var board = try Board(columns: [
      .init(
        id: "left", frame: Rect(x: 0, y: 0, width: 300, height: 600),
        view: view("L", ["a", "b"], ["a": wide, "b": Size(width: 50, height: 50)])),
      .init(
        id: "right", frame: Rect(x: 310, y: 0, width: 300, height: 600),
        view: view("R", ["c"], ["c": Size(width: 50, height: 50)])),
    ])
    _ = board.drag(from: Point(x: 100, y: 45), to: Point(x: 310 + 200, y: 300))
    #expect(board.contents == ["left": ["b"], "right": ["c", "a"]])
    let right = try #require(board.column("right")).view
    #expect(right.itemSizes["a"] == wide)
    let slot = try #require(right.slot(of: "a"))
    #expect(right.geometry.layout.frame(ofItem: slot).size == wide)
    // And back again by undo, then forward by redo: the size stays the card's.
    _ = board.undo(time: 5)
    #expect(board.contents == ["left": ["a", "b"], "right": ["c"]])
    _ = board.redo(time: 6)
    let again = try #require(board.column("right")).view
    #expect(again.geometry.layout.frame(ofItem: try #require(again.slot(of: "a"))).size == wide)
  }
}

@Suite("Board: the cost of a step")
struct BoardStepCostTests {
  /// Idle columns are at rest (ticking them would cost per event), and a pointer step within the
  /// view that holds the card takes the specialized path.
  @Test func aStepWithinTheHolderIsTheViewsOwn() throws {
    var board = try makeBoard([("todo", ["a", "b", "c"]), ("doing", ["d"]), ("done", ["e"])], mode: .interactive)
    for i in board.columns.indices { _ = board.withView(i) { $0.scroll(by: Point(x: 0, y: 10), time: 0) } }
    _ = board.pointerDown(at: Point(x: 150, y: 22), time: 0)
    _ = board.tick(time: 0.5)
    #expect(board.isDragging)
    #expect(board.columns.dropFirst().allSatisfy { $0.view.isAtRest })
    #expect(!board.columns[0].view.isAtRest)
    var copy = board
    #expect(copy.prepareHolderStep(to: Point(x: 150, y: 100), time: 0.6) != nil)
    // Over another view: the general path.
    #expect(copy.prepareHolderStep(to: Point(x: 460, y: 30), time: 0.7) == nil)
  }

  /// "Move to <view>" into a column longer than its view: the card goes to the end of it (below
  /// what the view shows), in every mode, and so does a keyboard move to a far index.
  @Test(arguments: [ReorderMode.interactive, .dragDrop, .live])
  func moveToALongViewReachesItsEnd(_ mode: ReorderMode) throws {
    let long = (1...30).map { "d\($0)" }
    var board = try makeBoard([("todo", ["a", "b"]), ("doing", long)], mode: mode)
    _ = board.performAccessibilityAction(.moveTo("doing"), on: "a", time: 1)
    _ = board.tick(time: 3)
    #expect(board.contents == ["todo": ["b"], "doing": long + ["a"]], "\(mode)")
  }
}
