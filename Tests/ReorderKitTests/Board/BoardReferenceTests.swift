import Testing

@testable import ReorderKit

/// The cross-view rule against a naive model: every card of a small board into every gap of every
/// other view, by pointer and by keyboard. The expected board is computed from the gap alone
/// (remove the card from its view, insert it at the gap), never by the engine.
@Suite("Board: every card into every gap of every other view")
struct BoardReferenceTests {
  static let start: [(String, [String])] = [("todo", ["a", "b", "c"]), ("doing", ["d", "e"]), ("done", [])]

  /// The naive model of a move across views.
  static func expected(card: String, to view: String, gap: Int) -> [String: [String]] {
    var board = Dictionary(uniqueKeysWithValues: start.map { ($0.0, $0.1) })
    for key in board.keys { board[key]!.removeAll { $0 == card } }
    board[view]!.insert(card, at: gap)
    return board
  }

  /// Every (card, source view, destination view, gap) of the start board.
  static var cases: [(card: String, from: Int, to: Int, gap: Int)] {
    var result: [(String, Int, Int, Int)] = []
    for (f, (_, cards)) in start.enumerated() {
      for card in cards {
        for (t, (_, other)) in start.enumerated() where t != f {
          for gap in 0...other.count { result.append((card, f, t, gap)) }
        }
      }
    }
    return result
  }

  @Test(arguments: [ReorderMode.interactive, .dragDrop, .live])
  func byPointer(_ mode: ReorderMode) throws {
    for c in Self.cases {
      var board = try makeBoard(Self.start, mode: mode)
      let row = Self.start[c.from].1.firstIndex(of: c.card)!
      let from = Point(x: Double(c.from) * 310 + 150, y: Double(row) * 44 + 22)
      // The upper half of row `gap` is the gap before it; below the last row, the end.
      let to = Point(x: Double(c.to) * 310 + 150, y: Double(c.gap) * 44 + 10)
      let viewID = Self.start[c.to].0
      let events = board.drag(from: from, to: to)
      let want = Self.expected(card: c.card, to: viewID, gap: c.gap)
      #expect(board.contents == want, "\(c) in \(mode)")
      let before = c.gap < Self.start[c.to].1.count ? Self.start[c.to].1[c.gap] : nil
      let difference = ReorderDifference(items: [c.card], section: viewID, before: before)
      #expect(
        events.filter { if case .view(_, .committed) = $0 { true } else { false } } == [
          .view(viewID, .committed(difference))
        ])
      _ = board.undo(time: 5)
      #expect(board.contents == Dictionary(uniqueKeysWithValues: Self.start.map { ($0.0, $0.1) }), "undo \(c)")
      _ = board.redo(time: 6)
      #expect(board.contents == want, "redo \(c)")
    }
  }

  @Test(arguments: [ReorderMode.interactive, .dragDrop, .live])
  func byKeyboard(_ mode: ReorderMode) throws {
    for c in Self.cases {
      var board = try makeBoard(Self.start, mode: mode)
      let viewID = Self.start[c.to].0
      let row = Self.start[c.from].1.firstIndex(of: c.card)!
      var t = 0.0
      func press(_ key: NavigationKey) -> [BoardEvent<String, String, String>] {
        t += 0.1
        return board.keyPressed(key, time: t)
      }
      _ = board.focus(c.card, time: 0)
      _ = press(.space)
      var announcements: [String] = []
      for _ in 0..<abs(c.to - c.from) {
        for case .view(_, .announcement(let text)) in press(c.to > c.from ? .right : .left) {
          announcements.append(text)
        }
      }
      // Same index, clamped to the destination's count.
      let count = Self.start[c.to].1.count
      let landed = min(row, count)
      #expect(announcements.last == "Moved to \(viewID), position \(landed + 1) of \(count + 1).", "\(c) in \(mode)")
      for _ in 0..<abs(c.gap - landed) { _ = press(c.gap > landed ? .down : .up) }
      _ = press(.enter)
      #expect(board.contents == Self.expected(card: c.card, to: viewID, gap: c.gap), "\(c) in \(mode)")
      _ = board.undo(time: t + 1)
      #expect(board.contents == Dictionary(uniqueKeysWithValues: Self.start.map { ($0.0, $0.1) }), "undo \(c)")
    }
  }
}
