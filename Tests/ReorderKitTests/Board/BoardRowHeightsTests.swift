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
}
