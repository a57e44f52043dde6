import Testing

@testable import ReorderKit

/// Lists whose rows have their own heights (cards whose titles wrap), under one board: a card taken
/// into another list keeps its height there, and every card of that list stays where its rows are.
@Suite("Board: lists of rows of their own heights")
struct BoardRowHeightsTests {
  static let list = LayoutConfiguration.list(.init(width: 300, height: 600, rowHeight: 44))

  static func view(_ id: String, _ items: [String], _ sizes: [String: Size]) throws -> CollectionView<String, String> {
    var snapshot = Snapshot<String, String>()
    try snapshot.appendSection(id, items: items)
    return CollectionView(
      snapshot: snapshot, layout: list, viewSize: Size(width: 300, height: 600), mode: .dragDrop, itemSizes: sizes)
  }

  /// Every item's row, in the order shown, with no two rows overlapping and none missing.
  static func rows(_ view: CollectionView<String, String>, time: Double) -> [(id: String, frame: Rect)] {
    view.renderList(at: time).elements.compactMap { element in
      if case .item(let id) = element.kind { return (id, element.frame) }
      return nil
    }.sorted { $0.frame.minY < $1.frame.minY }
  }

  @Test(arguments: [false, true])
  func aTallCardIntoAListOfCardsOfTheirOwnHeights(everySizeEverywhere: Bool) throws {
    let sizes: [String: Size] = [
      "a": Size(width: 300, height: 50), "tall": Size(width: 300, height: 70), "c": Size(width: 300, height: 50),
      "d": Size(width: 300, height: 50),
    ]
    var board = try Board(columns: [
      .init(
        id: "todo", frame: Rect(x: 0, y: 0, width: 300, height: 600),
        view: Self.view(
          "T", ["a", "tall"], everySizeEverywhere ? sizes : sizes.filter { ["a", "tall"].contains($0.key) })),
      .init(
        id: "doing", frame: Rect(x: 310, y: 0, width: 300, height: 600),
        view: Self.view("D", ["c", "d"], everySizeEverywhere ? sizes : sizes.filter { ["c", "d"].contains($0.key) })),
    ])
    // Lift "tall" (y 50..<120) and hold it over the bottom half of "d" (y 50..<100 in doing).
    _ = board.pointerDown(at: Point(x: 150, y: 85), time: 0)
    _ = board.tick(time: 0.6)
    _ = board.pointerMoved(to: Point(x: 300, y: 85), time: 0.7)
    _ = board.pointerMoved(to: Point(x: 460, y: 76), time: 0.8)
    _ = board.pointerMoved(to: Point(x: 460, y: 78), time: 0.9)
    let doing = try #require(board.column("doing")).view
    // The lifted card floats over the rows; the others keep rows of their own.
    let during = Self.rows(doing, time: 5).filter { $0.id != "tall" }
    #expect(during.map(\.id) == ["c", "d"], "both cards are shown while a card is over their list")
    for (upper, lower) in zip(during, during.dropFirst()) {
      #expect(upper.frame.maxY <= lower.frame.minY + 0.001, "\(upper.id) overlaps \(lower.id): \(during)")
    }
    _ = board.pointerUp(at: Point(x: 460, y: 78), time: 1)
    let after = try #require(board.column("doing")).view
    let rows = Self.rows(after, time: 5)
    #expect(rows.map(\.id) == after.snapshot.items(inSection: 0))
    #expect(rows.map(\.frame.height) == after.snapshot.items(inSection: 0).map { sizes[$0]!.height })
    for (upper, lower) in zip(rows, rows.dropFirst()) {
      #expect(upper.frame.maxY <= lower.frame.minY + 0.001, "\(upper.id) overlaps \(lower.id): \(rows)")
    }
  }

  /// The rows a list of these heights shows, computed here: each row starts where the one above ends.
  static func expectedRows(_ items: [String], _ sizes: [String: Size]) -> [(id: String, top: Double, height: Double)] {
    var top = 0.0
    return items.map { id in
      defer { top += sizes[id]!.height }
      return (id, top, sizes[id]!.height)
    }
  }

  /// A card dropped in another list of rows of their own heights, then undone, redone and undone
  /// again: each time both lists show every card at the top and height computed from the cards
  /// above it (the undo and redo keep the lists' sums by additions; debug builds also compare them
  /// with a rebuild).
  @Test func undoAndRedoAcrossListsOfRowsOfTheirOwnHeights() throws {
    let heights: [Double] = [44, 82, 63, 44, 101, 58, 44, 77]
    let todo = (0..<8).map { "t\($0)" }
    let doing = (0..<8).map { "d\($0)" }
    var sizes: [String: Size] = [:]
    for (k, id) in todo.enumerated() { sizes[id] = Size(width: 300, height: heights[k]) }
    for (k, id) in doing.enumerated() { sizes[id] = Size(width: 300, height: heights[7 - k]) }
    var board = try Board(columns: [
      .init(id: "todo", frame: Rect(x: 0, y: 0, width: 300, height: 600), view: Self.view("T", todo, sizes)),
      .init(id: "doing", frame: Rect(x: 310, y: 0, width: 300, height: 600), view: Self.view("D", doing, sizes)),
    ])
    func check(_ when: String) throws {
      for id in ["todo", "doing"] {
        let view = try #require(board.column(id)).view
        let shown = Self.rows(view, time: 100).filter { $0.frame.minY < 600 }
        let expected = Self.expectedRows(view.snapshot.items(inSection: 0), sizes).filter { $0.top < 600 }
        #expect(shown.map(\.id) == expected.map(\.id), "\(when), \(id)")
        #expect(shown.map(\.frame.minY) == expected.map(\.top), "\(when), \(id)")
        #expect(shown.map(\.frame.height) == expected.map(\.height), "\(when), \(id)")
      }
    }
    // Lift t2 (rows 0..<44, 44..<126, 126..<189) and drop it over the middle of doing.
    _ = board.pointerDown(at: Point(x: 150, y: 150), time: 0)
    _ = board.tick(time: 0.6)
    _ = board.pointerMoved(to: Point(x: 300, y: 150), time: 0.7)
    _ = board.pointerMoved(to: Point(x: 460, y: 200), time: 0.8)
    _ = board.pointerUp(at: Point(x: 460, y: 200), time: 0.9)
    _ = board.tick(time: 2)
    #expect(try #require(board.column("doing")).view.snapshot.items(inSection: 0).contains("t2"))
    try check("after the drop")
    _ = board.undo(time: 3)
    _ = board.tick(time: 4)
    #expect(try #require(board.column("todo")).view.snapshot.items(inSection: 0) == todo)
    try check("after the undo")
    _ = board.redo(time: 5)
    _ = board.tick(time: 6)
    #expect(try #require(board.column("doing")).view.snapshot.items(inSection: 0).contains("t2"))
    try check("after the redo")
    _ = board.undo(time: 7)
    _ = board.tick(time: 8)
    try check("after the second undo")
  }
}
