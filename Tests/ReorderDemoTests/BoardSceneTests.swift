import Foundation
import ReorderKit
import Testing

@testable import reorder_demo

/// The app's Board scene on the engine: columns are lists whose rows are as tall as their cards.
@Suite("The Board scene")
struct BoardSceneTests {
  /// Every card's row in a column, in the order shown (the lifted card, floating, left out).
  static func rows(_ board: BoardScene.Engine, _ column: String, at time: Double) -> [(id: String, frame: Rect)] {
    guard let view = board.column(column)?.view else { return [] }
    return view.renderList(at: time).elements.compactMap { element -> (id: String, frame: Rect)? in
      guard case .item(let id) = element.kind, !element.isLifted else { return nil }
      return (id, element.frame)
    }.sorted { $0.frame.minY < $1.frame.minY }
  }

  static func center(of id: String, in board: BoardScene.Engine) -> Point? {
    for column in board.columns {
      for (item, f) in column.view.visibleItems() where item == id {
        return Point(x: column.frame.minX + f.midX, y: column.frame.minY + f.midY - column.view.contentOffset.y)
      }
    }
    return nil
  }

  /// A card from To do dragged into Doing and held over its second card, then dropped: Doing's
  /// cards all keep rows of their own heights, none hidden under another.
  @Test func aCardIntoDoingKeepsEveryRowShown() throws {
    var board = BoardScene.makeBoard(
      BoardScene.initialSnapshot(), area: Rect(x: 0, y: 52, width: 1100, height: 640))
    let from = try #require(Self.center(of: "card-14", in: board))
    let over = try #require(Self.center(of: "card-24", in: board))
    _ = board.pointerDown(at: from, time: 0)
    _ = board.tick(time: 0.7)
    for k in 1...20 {
      let u = Double(k) / 20
      _ = board.tick(time: 0.7 + 0.05 * u)
      _ = board.pointerMoved(
        to: Point(x: from.x + (over.x - from.x) * u, y: from.y + (over.y + 6 - from.y) * u), time: 0.7 + 0.05 * u)
    }
    _ = board.tick(time: 3)
    let during = Self.rows(board, "doing", at: 3)
    #expect(during.map(\.id) == ["card-23", "card-24"], "\(during)")
    for (upper, lower) in zip(during, during.dropFirst()) {
      #expect(upper.frame.maxY <= lower.frame.minY + 0.001, "\(upper.id) overlaps \(lower.id): \(during)")
    }
    _ = board.pointerUp(at: Point(x: over.x, y: over.y + 6), time: 3.1)
    _ = board.tick(time: 5)
    let after = Self.rows(board, "doing", at: 5)
    #expect(Set(after.map(\.id)) == ["card-23", "card-24", "card-14"], "\(after)")
    for (upper, lower) in zip(after, after.dropFirst()) {
      #expect(upper.frame.maxY <= lower.frame.minY + 0.001, "\(upper.id) overlaps \(lower.id): \(after)")
    }
  }

  /// A drop across columns saved as the app saves it: the moved card's one row, placed before the
  /// next card of its new column, read back from SQLite as the board shows it; the saved columns
  /// share the board's (no million-item snapshot is rebuilt for a drop).
  @Test func aDropAcrossColumnsIsSavedAsOneRowOfTheBoardsColumns() throws {
    var board = BoardScene.makeBoard(
      BoardScene.initialSnapshot(), area: Rect(x: 0, y: 52, width: 1100, height: 640))
    let path = NSTemporaryDirectory() + "reorder-board-\(UUID().uuidString).db"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let database = try StateDatabase(path: path)
    try database.queue.write { db in
      try StateDatabase.replaceScene("board", snapshot: BoardScene.initialSnapshot(), state: [:], in: db)
    }
    let from = try #require(Self.center(of: "card-14", in: board))
    let over = try #require(Self.center(of: "card-24", in: board))
    var moved: [String] = []
    var events = board.pointerDown(at: from, time: 0)
    events += board.tick(time: 0.7)
    for k in 1...20 {
      let u = Double(k) / 20
      events += board.pointerMoved(
        to: Point(x: from.x + (over.x - from.x) * u, y: from.y + (over.y + 6 - from.y) * u), time: 0.7 + 0.05 * u)
    }
    events += board.pointerUp(at: Point(x: over.x, y: over.y + 6), time: 1)
    for event in events { if case .moved(let item, _, _) = event { moved.append(item) } }
    #expect(moved == ["card-14"])
    let moves = BoardScene.moves(of: moved, in: board)
    let doing = try #require(board.column("doing")).view.snapshot.items(inSection: 0)
    let k = try #require(doing.firstIndex(of: "card-14"))
    #expect(
      moves == [
        SavedMove(items: ["card-14"], section: "doing", parent: nil, before: k + 1 < doing.count ? doing[k + 1] : nil)
      ])
    var written = 0
    try database.queue.write { db in
      for move in moves { written += try StateDatabase.move(move, inScene: "board", in: db) ?? -100 }
    }
    #expect(written == 1)
    let sections = BoardScene.sections(of: board)
    var scene = BoardScene(viewSize: Size(width: 1100, height: 640))
    scene.savedColumns = sections
    #expect(StateStore.arrangement(of: scene).sections == sections)
    let saved = try #require(try database.readScenes()["board"]).snapshot
    #expect(saved.sections == sections)
  }
}
