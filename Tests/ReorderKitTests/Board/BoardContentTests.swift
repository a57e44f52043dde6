import Testing

@testable import ReorderKit

/// New data with changed content on a board: cards renamed and badges recounted from outside
/// (another client, a data event) redraw in place with the content crossfade, in the view that
/// shows them, also mid-drag; a column's header reads its progress from the board.
@Suite("Board: same identity, new content")
struct BoardContentTests {
  typealias TestBoard = Board<String, String, String>

  /// The content marks a view's render list carries at `time`, by element.
  static func marked(_ board: TestBoard, _ id: String, at time: Double) -> [RenderElement<String, String>.Kind: Double]
  {
    let elements = board.column(id)!.view.renderList(at: time).elements.filter { $0.contentChange != 1 }
    return Dictionary(elements.map { ($0.kind, $0.contentChange) }, uniquingKeysWith: min)
  }

  @Test func aRenamedCardAndARecountedColumnCrossfadeInPlaceAndSettle() throws {
    var board = try makeBoard(BoardLendingTests.start)
    var data = Snapshot<String, String>()
    try data.appendSection("doing", items: ["e", "f", "g", "h"])
    var asked: [String] = []
    try board.apply(
      data, toView: "doing",
      contentChanged: {
        asked.append($0)
        return $0 == "f"
      }, sectionContentChanged: { $0 == "doing" }, time: 1)
    #expect(asked.sorted() == ["e", "f", "g", "h"])
    #expect(Self.marked(board, "doing", at: 1) == [.item("f"): 0])
    #expect(Self.marked(board, "todo", at: 1).isEmpty)
    #expect(board.headerContentChange(of: "doing", at: 1) == 0)
    let mid = board.headerContentChange(of: "doing", at: 1.1)
    #expect(mid > 0.3 && mid < 0.7)
    #expect(board.headerContentChange(of: "todo", at: 1.1) == 1)
    #expect(board.headerContentChange(of: "nowhere", at: 1.1) == 1)
    // In place: the renamed card stays where it is, opaque, at full size.
    let f = board.column("doing")!.view.renderList(at: 1.1).elements.first { $0.kind == .item("f") }!
    #expect(f.alpha == 1 && f.scale == 1 && f.frame.minY == 44)
    // The new data is reported, naming what changed.
    let events = board.tick(time: 1.05)
    let content = ContentChanges<String, String>(items: ["f"], sections: ["doing"])
    #expect(events.contains(.view("doing", .changed(.replaced(old: data, new: data, content: content)))))
    #expect(board.headerContentChange(of: "doing", at: 1.2) == 1)
    // Once over, the view is at rest again: no crossfade left to draw, nothing animating.
    _ = board.tick(time: 1.3)
    #expect(board.column("doing")!.view.motion.contentFades.isEmpty)
    #expect(!board.column("doing")!.view.renderList(at: 1.3).isAnimating)
  }

  @Test func aDraggedCardRenamedInItsSourceCrossfadesWhereItVisits() throws {
    var board = try makeBoard(BoardLendingTests.start)
    BoardLendingTests.lend(&board)  // "b" over "doing"
    var data = Snapshot<String, String>()
    try data.appendSection("todo", items: ["a", "b", "c", "d"])
    try board.apply(data, toView: "todo", contentChanged: { $0 == "b" || $0 == "c" }, time: 0.7)
    #expect(board.isDragging && board.destinationView == "doing")
    #expect(Self.marked(board, "todo", at: 0.7) == [.item("c"): 0])
    #expect(Self.marked(board, "doing", at: 0.7) == [.item("b"): 0])
    let b = Self.marked(board, "doing", at: 0.8)[.item("b")] ?? 1
    #expect(b > 0.3 && b < 0.7)
    // The drag goes on and drops as before.
    _ = board.tick(time: 1)
    _ = board.pointerUp(at: Point(x: 460, y: 98), time: 1.1)
    #expect(board.contents == ["todo": ["a", "c", "d"], "doing": ["e", "f", "b", "g", "h"]])
  }

  @Test func withoutContentNothingIsMarked() throws {
    var board = try makeBoard(BoardLendingTests.start)
    var data = Snapshot<String, String>()
    try data.appendSection("doing", items: ["h", "e", "f", "g"])
    try board.apply(data, toView: "doing", time: 1)
    #expect(Self.marked(board, "doing", at: 1.1).isEmpty)
    #expect(board.headerContentChange(of: "doing", at: 1) == 1)
  }
}
