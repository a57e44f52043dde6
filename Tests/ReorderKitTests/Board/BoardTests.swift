import Testing

@testable import ReorderKit

/// A small board of lists for the tests: views side by side, 300 wide, 10 apart, rows of 44.
func makeBoard(
  _ columns: [(String, [String])], mode: ReorderMode = .dragDrop,
  accepts: [String: BoardAcceptance<String, String>] = [:]
) throws -> Board<String, String, String> {
  let size = Size(width: 300, height: 600)
  return try Board(
    columns: columns.enumerated().map { k, column in
      var snapshot = Snapshot<String, String>()
      try snapshot.appendSection(column.0, items: column.1)
      let view = CollectionView(
        snapshot: snapshot, layout: .list(.init(width: 300, rowHeight: 44)), viewSize: size, mode: mode)
      return .init(
        id: column.0, frame: Rect(x: Double(k) * 310, y: 0, width: 300, height: 600), view: view,
        accepts: accepts[column.0] ?? .everything)
    })
}

extension Board where ViewID == String, SectionID == String, ItemID == String {
  /// Every view's items, in board order.
  var contents: [String: [String]] {
    Dictionary(uniqueKeysWithValues: columns.map { ($0.id, $0.view.snapshot.items(inSection: 0)) })
  }

  /// Every view's rows as shown now, in board order (mid-drag: the dragged block where its gap
  /// is, and the items lent by their source left out of it).
  var shownContents: [String: [String]] {
    Dictionary(
      uniqueKeysWithValues: columns.map { column in
        let view = column.view
        guard case .rows(let rows)? = view.shown else { return (column.id, view.snapshot.items(inSection: 0)) }
        return (
          column.id,
          (0..<rows.rowCount(inSection: 0)).map { d in
            switch rows.slot(section: 0, row: d) {
            case .row(let row): row.id
            case .block(let k): rows.block[k].id
            }
          }
        )
      })
  }

  /// Presses, holds, moves to a point and releases there.
  mutating func drag(from a: Point, to b: Point, at t: Double = 0) -> [Event] {
    var events = pointerDown(at: a, time: t)
    events += tick(time: t + 0.5)
    events += pointerMoved(to: b, time: t + 0.6)
    events += pointerUp(at: b, time: t + 1.0)
    return events
  }
}

@Suite struct BoardTests {
  @Test func aCardMovesToAnotherColumnAsDesignSays() throws {
    var board = try makeBoard(
      [("todo", ["a", "b", "c"]), ("doing", ["d"])], accepts: ["doing": BoardAcceptance(sources: ["todo"], limit: 3)])
    let events = board.drag(from: Point(x: 150, y: 22), to: Point(x: 460, y: 30))
    #expect(board.contents == ["todo": ["b", "c"], "doing": ["d", "a"]])
    #expect(events.contains(.view("doing", .committed(ReorderDifference(items: ["a"], section: "doing", before: nil)))))
    #expect(
      events.contains(
        .moved(
          "a", from: BoardPosition(view: "todo", position: OutlinePosition(section: 0, parent: nil, index: 0)),
          to: BoardPosition(view: "doing", position: OutlinePosition(section: 0, parent: nil, index: 1)))))
    #expect(board.canUndo)
    _ = board.undo(time: 2)
    #expect(board.contents == ["todo": ["a", "b", "c"], "doing": ["d"]])
    _ = board.redo(time: 3)
    #expect(board.contents == ["todo": ["b", "c"], "doing": ["d", "a"]])
  }

  @Test func overNoViewThereIsNoGapAndAReleaseCancels() throws {
    var board = try makeBoard([("todo", ["a", "b", "c"]), ("doing", ["d"])])
    _ = board.pointerDown(at: Point(x: 150, y: 22), time: 0)
    _ = board.tick(time: 0.5)
    _ = board.pointerMoved(to: Point(x: 305, y: 30), time: 0.6)
    #expect(board.destinationView == nil)
    // The source closes up; it keeps the card in its data until the drop.
    #expect(board.shownContents == ["todo": ["b", "c"], "doing": ["d"]])
    #expect(board.contents == ["todo": ["a", "b", "c"], "doing": ["d"]])
    let events = board.pointerUp(at: Point(x: 305, y: 30), time: 1)
    #expect(board.contents == ["todo": ["a", "b", "c"], "doing": ["d"]])
    #expect(events.contains(.view("todo", .cancelled("a"))))
    #expect(!board.canUndo)
  }

  @Test func aFullColumnRefuses() throws {
    var board = try makeBoard(
      [("todo", ["a", "b"]), ("doing", ["d", "e", "f"])], accepts: ["doing": BoardAcceptance(limit: 3)])
    _ = board.pointerDown(at: Point(x: 150, y: 22), time: 0)
    _ = board.tick(time: 0.5)
    let events = board.pointerMoved(to: Point(x: 460, y: 30), time: 0.6)
    #expect(events.contains(.refused("doing")))
    #expect(board.refusingView == "doing")
    _ = board.pointerUp(at: Point(x: 460, y: 30), time: 1)
    #expect(board.contents == ["todo": ["a", "b"], "doing": ["d", "e", "f"]])
  }

  @Test func anEmptyViewTakesTheItemsAtIndexZero() throws {
    var board = try makeBoard([("todo", ["a", "b"]), ("doing", [])])
    _ = board.drag(from: Point(x: 150, y: 66), to: Point(x: 460, y: 300))
    #expect(board.contents == ["todo": ["a"], "doing": ["b"]])
  }

  @Test func theKeyboardMovesAcrossViewsAndSaysSo() throws {
    var board = try makeBoard([("todo", ["a", "b", "c"]), ("doing", ["d", "e"]), ("done", [])])
    _ = board.focus("c", time: 0)
    _ = board.keyPressed(.space, time: 0.1)
    let events = board.keyPressed(.right, time: 0.2)
    #expect(events.contains(.view("doing", .announcement("Moved to doing, position 3 of 3."))))
    _ = board.keyPressed(.up, time: 0.3)
    _ = board.keyPressed(.enter, time: 0.4)
    #expect(board.contents == ["todo": ["a", "b"], "doing": ["d", "c", "e"], "done": []])
    _ = board.undo(time: 1)
    #expect(board.contents == ["todo": ["a", "b", "c"], "doing": ["d", "e"], "done": []])
  }

  @Test func aSingleViewBoardIsThatView() throws {
    var board = try makeBoard([("todo", ["a", "b", "c"])], mode: .interactive)
    var view = board.columns[0].view
    let b = board.drag(from: Point(x: 150, y: 22), to: Point(x: 150, y: 110))
    var v: [CollectionViewEvent<String, String>] = view.pointerDown(at: Point(x: 150, y: 22), time: 0)
    v += view.tick(time: 0.5)
    v += view.pointerMoved(to: Point(x: 150, y: 110), time: 0.6)
    v += view.pointerUp(at: Point(x: 150, y: 110), time: 1.0)
    #expect(b == v.map { .view("todo", $0) })
    #expect(board.contents["todo"] == view.snapshot.items(inSection: 0))
  }
}
