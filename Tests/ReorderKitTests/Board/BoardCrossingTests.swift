import Testing

@testable import ReorderKit

/// Items that cross into another list wait at the end of its data (an append, no section moved)
/// while the view shows them at the gap from the session's rows; the drop places them by identity.
/// Against a naive model: every entry gap, then a step within the view, then a drop, a cancel, a
/// way back, new data, a copy; undo and redo after.
@Suite("Board: a crossing moves no data")
struct BoardCrossingTests {
  typealias TestBoard = Board<String, String, String>
  static let start: [(String, [String])] = [("todo", ["a", "b", "c", "d"]), ("doing", ["e", "f", "g", "h"])]
  static let modes = [ReorderMode.interactive, .dragDrop, .live]

  static func model(_ card: String, into view: String, at index: Int) -> [String: [String]] {
    var board = Dictionary(uniqueKeysWithValues: start.map { ($0.0, $0.1) })
    for key in board.keys { board[key]!.removeAll { $0 == card } }
    board[view]!.insert(card, at: index)
    return board
  }

  static var home: [String: [String]] { Dictionary(uniqueKeysWithValues: start.map { ($0.0, $0.1) }) }

  /// A point in the upper half of row `gap` of a column (the gap before that row, at entry).
  static func point(column: Int, gap: Int) -> Point { Point(x: Double(column) * 310 + 150, y: Double(gap) * 44 + 10) }

  /// The rows a view shows now, in order (the dragged block where its gap is).
  static func shown(_ board: TestBoard, _ id: String) -> [String] { board.shownContents[id]! }

  /// Lifts "b" and enters "doing" at a gap: the gap is shown there, the board shows "b" once, and
  /// "todo", the source, keeps it in its data until the drop.
  static func enter(_ board: inout TestBoard, gap: Int, _ mode: ReorderMode) {
    _ = board.pointerDown(at: Point(x: 150, y: 66), time: 0)
    _ = board.tick(time: 0.5)
    _ = board.pointerMoved(to: point(column: 1, gap: gap), time: 0.6)
    #expect(board.destinationView == "doing")
    var expected = start[1].1
    expected.insert("b", at: gap)
    #expect(shown(board, "doing") == expected, "entry at \(gap) in \(mode)")
    let cards = board.shownContents.values.joined()
    #expect(cards.sorted() == ["a", "b", "c", "d", "e", "f", "g", "h"], "entry at \(gap) in \(mode)")
    #expect(board.contents["todo"] == start[0].1, "the source keeps the card, entry at \(gap) in \(mode)")
    #expect(board.column("todo")?.view.drag?.gap == .away)
    // The path under test: the data holds the card at the end (a live drag commits it at the gap).
    let view = board.column("doing")!.view
    #expect((view.drag?.gap == .appended) == (mode != .live))
    #expect(view.snapshot.items(inSection: 0).last == (mode == .live && gap < 4 ? start[1].1[3] : "b"))
  }

  @Test(arguments: modes)
  func aDropAfterAStepLandsAtTheGap(_ mode: ReorderMode) throws {
    var moved = false
    for entry in 0...4 {
      for target in 0...4 {
        var board = try makeBoard(Self.start, mode: mode)
        Self.enter(&board, gap: entry, mode)
        let p = Point(x: 460, y: Double(target) * 44 + 30)
        _ = board.pointerMoved(to: p, time: 0.7)
        let gap = try #require(board.column("doing")?.view.drag?.placeholder.index)
        if gap != entry { moved = true }
        let events = board.pointerUp(at: p, time: 1)
        let want = Self.model("b", into: "doing", at: gap)
        #expect(board.contents == want, "entry \(entry), gap \(gap), \(mode)")
        let before = gap < 4 ? Self.start[1].1[gap] : nil
        #expect(
          events.filter(\.isCommit) == [
            .view("doing", .committed(ReorderDifference(items: ["b"], section: "doing", before: before)))
          ],
          "entry \(entry), gap \(gap), \(mode)")
        #expect(
          events.contains(
            .moved(
              "b", from: BoardPosition(view: "todo", position: OutlinePosition(section: 0, parent: nil, index: 1)),
              to: BoardPosition(view: "doing", position: OutlinePosition(section: 0, parent: nil, index: gap)))))
        _ = board.undo(time: 2)
        #expect(board.contents == Self.home, "undo: entry \(entry), gap \(gap), \(mode)")
        _ = board.redo(time: 3)
        #expect(board.contents == want, "redo: entry \(entry), gap \(gap), \(mode)")
      }
    }
    #expect(moved, "a step within the view moved the gap")
  }

  @Test(arguments: modes)
  func aCancelPutsEverythingBack(_ mode: ReorderMode) throws {
    for entry in 0...4 {
      var board = try makeBoard(Self.start, mode: mode)
      Self.enter(&board, gap: entry, mode)
      let events = board.cancelGesture(time: 1)
      #expect(board.contents == Self.home, "entry \(entry), \(mode)")
      #expect(events.contains(.view("todo", .cancelled("b"))))
      #expect(!board.canUndo)
      // A release over no view cancels too.
      Self.enter(&board, gap: entry, mode)
      _ = board.pointerUp(at: Point(x: 305, y: 30), time: 1)
      #expect(board.contents == Self.home, "entry \(entry), \(mode), released between views")
    }
    // By the keyboard: Escape in the view that holds the card.
    var board = try makeBoard(Self.start, mode: mode)
    _ = board.focus("b", time: 0)
    _ = board.keyPressed(.space, time: 0.1)
    _ = board.keyPressed(.right, time: 0.2)
    #expect(board.destinationView == "doing")
    #expect((board.column("doing")?.view.drag?.gap == .appended) == (mode != .live))
    let events = board.keyPressed(.escape, time: 0.3)
    #expect(board.contents == Self.home, "\(mode), Escape")
    #expect(events.contains(.view("todo", .cancelled("b"))))
  }

  @Test(arguments: modes)
  func backHomeAndDropped(_ mode: ReorderMode) throws {
    for entry in 0...4 {
      for gap in 0...3 {
        var board = try makeBoard(Self.start, mode: mode)
        Self.enter(&board, gap: entry, mode)
        let p = Self.point(column: 0, gap: gap)
        _ = board.pointerMoved(to: p, time: 0.7)
        #expect(board.destinationView == "todo")
        let events = board.pointerUp(at: p, time: 1)
        let want = Self.model("b", into: "todo", at: gap)
        #expect(board.contents == want, "entry \(entry), back at \(gap), \(mode)")
        #expect(board.canUndo == (gap != 1), "entry \(entry), back at \(gap), \(mode)")
        #expect(events.filter(\.isCommit).count == (gap != 1 ? 1 : 0))
        _ = board.undo(time: 2)
        #expect(board.contents == Self.home)
      }
    }
  }

  @Test(arguments: modes)
  func newDataInTheDestinationMidDrag(_ mode: ReorderMode) throws {
    for entry in 0...4 {
      var board = try makeBoard(Self.start, mode: mode)
      Self.enter(&board, gap: entry, mode)
      // The app's data for "doing" knows nothing of the drag: "f" went, "x" came.
      try board.apply(makeSnapshot([["x", "e", "g", "h"]], section: "doing"), toView: "doing", time: 0.65)
      let p = Point(x: 460, y: 100)
      _ = board.pointerMoved(to: p, time: 0.7)
      let gap = try #require(board.column("doing")?.view.drag?.placeholder.index)
      var shown = ["x", "e", "g", "h"]
      shown.insert("b", at: gap)
      #expect(Self.shown(board, "doing") == shown, "entry \(entry), \(mode)")
      _ = board.pointerUp(at: p, time: 1)
      #expect(board.contents == ["todo": ["a", "c", "d"], "doing": shown], "entry \(entry), \(mode)")
      _ = board.undo(time: 2)
      #expect(board.contents == ["todo": ["a", "b", "c", "d"], "doing": ["x", "e", "g", "h"]])
      _ = board.redo(time: 3)
      #expect(board.contents == ["todo": ["a", "c", "d"], "doing": shown])
    }
  }

  /// A drop that does not move the items (a copy, a copy that fails) finds them where they entered.
  @Test(arguments: [true, false])
  func aCopyIntoAnotherViewLeavesTheOriginalsInTheirSource(named: Bool) throws {
    for entry in 0...4 {
      var board = try makeBoard(Self.start, mode: .dragDrop)
      board.updateView("doing") { view in
        view.policy.dropSessionDidUpdate = { _, _, proposed in
          proposed.operation == .move ? DropProposal(operation: .copy, intent: proposed.intent) : proposed
        }
        if named { view.policy.identifierForCopy = { id, _ in id + "'" } }
      }
      Self.enter(&board, gap: entry, .dragDrop)
      let p = Point(x: 460, y: 140)
      _ = board.pointerMoved(to: p, time: 0.7)
      let gap = try #require(board.column("doing")?.view.drag?.placeholder.index)
      let events = board.pointerUp(at: p, time: 1)
      #expect(!board.isDragging)
      #expect(board.contents["todo"] == Self.start[0].1, "entry \(entry), gap \(gap): the originals stay")
      if named {
        var copies = Self.start[1].1
        copies.insert("b'", at: gap)
        #expect(board.contents["doing"] == copies, "entry \(entry), gap \(gap)")
        #expect(events.contains(.view("doing", .dropped("b"))))
        #expect(events.filter(\.isCommit).count == 1)
        #expect(!events.contains { if case .moved = $0 { true } else { false } })
        // One undo step: the copy out, then in again.
        _ = board.tick(time: 2)
        _ = board.undo(time: 3)
        #expect(board.contents == Self.home, "entry \(entry), undo")
        _ = board.redo(time: 4)
        #expect(board.contents["doing"] == copies, "entry \(entry), redo")
        #expect(board.contents["todo"] == Self.start[0].1)
      } else {
        // A copy the policy cannot name fails: nothing moves, and the view says why.
        #expect(board.contents == Self.home, "entry \(entry), gap \(gap)")
        #expect(events.contains { if case .view("doing", .dropFailed("b", _)) = $0 { true } else { false } })
        #expect(!board.canUndo)
      }
    }
  }

  /// Back in their source after a visit, the cards are copied there by its own drop: one undo
  /// step, the copies reported, the originals where they were.
  @Test func aCopyBackInTheSource() throws {
    var board = try makeBoard(Self.start, mode: .dragDrop)
    board.updateView("todo") { view in
      view.policy.dropSessionDidUpdate = { _, _, proposed in
        proposed.operation == .move ? DropProposal(operation: .copy, intent: proposed.intent) : proposed
      }
      view.policy.identifierForCopy = { id, _ in id + "'" }
    }
    Self.enter(&board, gap: 2, .dragDrop)
    let p = Self.point(column: 0, gap: 3)
    _ = board.pointerMoved(to: p, time: 0.7)
    #expect(board.destinationView == "todo")
    let events = board.pointerUp(at: p, time: 1)
    let copied = try #require(board.contents["todo"])
    #expect(copied.filter { $0 != "b'" } == Self.start[0].1)
    #expect(copied.count == 5)
    #expect(board.contents["doing"] == Self.start[1].1)
    #expect(events.filter(\.isCommit).count == 1)
    _ = board.tick(time: 2)
    _ = board.undo(time: 3)
    #expect(board.contents == Self.home)
    _ = board.redo(time: 4)
    #expect(board.contents["todo"] == copied)
  }

  /// A drop after a crossing into a long list puts the card in at the gap with the section's index
  /// left lagging (one shift), not by a move from the end, which rewrites the index of every card
  /// in between (4 ms in the middle of 200,000 cards); the data and the index are right after it.
  @Test(arguments: [ReorderMode.interactive, .dragDrop])
  func aDropInALongListLeavesItsIndexLagging(_ mode: ReorderMode) throws {
    let long = (0..<2_000).map { "d\($0)" }
    var board = try makeBoard([("todo", ["a", "b"]), ("doing", long)], mode: mode)
    _ = board.withView(1) { $0.scroll(by: Point(x: 0, y: 500 * 44), time: 0) }
    _ = board.pointerDown(at: Point(x: 150, y: 66), time: 0)
    _ = board.tick(time: 0.5)
    let p = Point(x: 460, y: 300)
    _ = board.pointerMoved(to: p, time: 0.6)
    let gap = try #require(board.column("doing")?.view.drag?.placeholder.index)
    #expect(board.column("doing")?.view.snapshot.staleTop.first?.shifts ?? 0 == 0)
    _ = board.pointerUp(at: p, time: 1)
    var want = long
    want.insert("b", at: gap)
    let data = try #require(board.column("doing")?.view.snapshot)
    #expect(data.items(inSection: 0) == want)
    #expect(data.staleTop.first?.shifts == 1, "the drop moved the card within the section")
    #expect(data.path(of: "b") == ItemPath(item: gap, section: 0))
    #expect(data.path(of: "d1999") == ItemPath(item: 2_000, section: 0))
    data._checkInvariants()
  }

  /// A drag the destination view ends by itself (its own cancel, a new layout) while the card is
  /// parked: the card stays where it entered, as it did when the crossing inserted it there.
  @Test(arguments: [ReorderMode.interactive, .dragDrop])
  func aDragTheViewEndsItselfLeavesTheCardWhereItEntered(_ mode: ReorderMode) throws {
    for ending in ["cancel", "layout"] {
      var board = try makeBoard(Self.start, mode: mode)
      Self.enter(&board, gap: 1, mode)
      board.updateView("doing") { view in
        if ending == "cancel" {
          _ = view.cancelInteractiveMovement(time: 0.65)
        } else {
          view.setLayout(.grid(.init(width: 300, columns: 1)), time: 0.65)
        }
      }
      #expect(board.column("doing")?.view.drag == nil, "\(ending), \(mode)")
      #expect(
        board.column("doing")?.view.snapshot.items(inSection: 0) == ["e", "b", "f", "g", "h"], "\(ending), \(mode)")
      _ = board.tick(time: 0.7)
      _ = board.pointerUp(at: Self.point(column: 1, gap: 1), time: 1)
      let cards = board.columns.flatMap { $0.view.snapshot.items(inSection: 0) }
      #expect(cards.sorted() == ["a", "b", "c", "d", "e", "f", "g", "h"], "\(ending), \(mode)")
      #expect(board.contents == Self.model("b", into: "doing", at: 1), "\(ending), \(mode)")
    }
  }
}
