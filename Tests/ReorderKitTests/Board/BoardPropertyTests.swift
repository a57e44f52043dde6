import ReorderTestSupport
import Testing

@testable import ReorderKit

/// Random boards and random gestures (fixed, printed seeds): no card is lost or duplicated across
/// views, the differences replay to the views' data, undo then redo returns the same board, new
/// data mid-drag included, and a trembling pointer never makes a gap go back and forth.
@Suite("Board properties")
struct BoardPropertyTests {
  typealias TestBoard = Board<String, String, String>

  /// A random board: 2–4 views side by side (lists of 44 pt rows, or 3-column grids), 0–6 cards
  /// each, every mode, some views with a work-in-progress limit.
  static func randomBoard(_ rng: inout SplitMix) throws -> TestBoard {
    let count = rng.int(2...4)
    var next = 0
    let columns: [TestBoard.Column] = try (0..<count).map { k in
      let items = (0..<rng.int(0...6)).map { _ in
        next += 1
        return "c\(next)"
      }
      var snapshot = Snapshot<String, String>()
      try snapshot.appendSection("v\(k)", items: items)
      let mode = [ReorderMode.interactive, .dragDrop, .live][rng.int(0...2)]
      let layout: LayoutConfiguration =
        rng.chance(0.6)
        ? .list(.init(width: 300, rowHeight: 44))
        : .grid(.init(width: 300, columns: 3, itemSpacing: 10, lineSpacing: 10))
      let view = CollectionView(
        snapshot: snapshot, layout: layout, viewSize: Size(width: 300, height: 400), mode: mode)
      let limit: Int? = rng.chance(0.3) ? items.count + rng.int(0...1) : nil
      return .init(
        id: "v\(k)", frame: Rect(x: Double(k) * 310, y: 0, width: 300, height: 400), view: view,
        accepts: BoardAcceptance(limit: limit))
    }
    return try Board(columns: columns)
  }

  static func cards(_ board: TestBoard) -> [String] {
    board.columns.flatMap { $0.view.snapshot.items(inSection: 0) }
  }

  static func contents(_ board: TestBoard) -> [String: [String]] {
    Dictionary(uniqueKeysWithValues: board.columns.map { ($0.id, $0.view.snapshot.items(inSection: 0)) })
  }

  /// Applies a difference by identity to a model of the board, as an app would.
  static func replay(_ d: ReorderDifference<String, String>, in view: String, _ model: inout [String: [String]]) {
    for key in model.keys { model[key]!.removeAll { d.items.contains($0) } }
    let index = d.before.flatMap { model[view]!.firstIndex(of: $0) } ?? model[view]!.count
    model[view]!.insert(contentsOf: d.items, at: index)
  }

  static func randomPoint(_ rng: inout SplitMix, _ board: TestBoard) -> Point {
    let right = Double(board.columns.count) * 310
    return Point(x: Double(rng.int(-20...Int(right) + 20)), y: Double(rng.int(-20...420)))
  }

  @Test(arguments: Array(UInt64(1)...40))
  func randomGesturesKeepEveryCardOnce(seed: UInt64) throws {
    var rng = SplitMix(spreading: seed)
    var board = try Self.randomBoard(&rng)
    let all = Set(Self.cards(board))
    var model = Self.contents(board)
    var t = 0.0
    func check(_ events: [BoardEvent<String, String, String>], _ what: String) {
      for case .view(let view, .committed(let d)) in events { Self.replay(d, in: view, &model) }
      let cards = Self.cards(board)
      if !board.isDragging {
        #expect(cards.count == all.count && Set(cards) == all, "seed \(seed): \(what) lost or duplicated a card")
        #expect(Self.contents(board) == model, "seed \(seed): \(what): the differences do not replay to the data")
      } else {
        #expect(Set(cards).count == cards.count, "seed \(seed): \(what) shows a card twice")
      }
    }
    for step in 0..<30 {
      t += 1
      switch rng.int(0...9) {
      case 0...5:
        // A pointer drag through a few random points.
        var events = board.pointerDown(at: Self.randomPoint(&rng, board), time: t)
        events += board.tick(time: t + 0.5)
        for k in 0..<rng.int(1...4) {
          events += board.pointerMoved(to: Self.randomPoint(&rng, board), time: t + 0.6 + Double(k) * 0.1)
        }
        events +=
          rng.chance(0.1)
          ? board.cancelGesture(time: t + 0.95) : board.pointerUp(at: Self.randomPoint(&rng, board), time: t + 0.95)
        check(events, "drag \(step)")
      case 6, 7:
        // A keyboard move.
        let cards = Self.cards(board)
        guard !cards.isEmpty else { continue }
        var events = board.focus(cards[rng.int(0...cards.count - 1)], time: t)
        events += board.keyPressed(.space, time: t + 0.1)
        let keys: [NavigationKey] = [.left, .right, .up, .down, .home, .end]
        for k in 0..<rng.int(1...5) {
          events += board.keyPressed(keys[rng.int(0...5)], time: t + 0.2 + Double(k) * 0.1)
        }
        events += board.keyPressed(rng.chance(0.15) ? .escape : .enter, time: t + 0.9)
        check(events, "keys \(step)")
      default:
        // Undo then redo returns the same board.
        guard board.canUndo else { continue }
        let before = Self.contents(board)
        var events = board.undo(time: t)
        check(events, "undo \(step)")
        events = board.redo(time: t + 0.5)
        check(events, "redo \(step)")
        #expect(Self.contents(board) == before, "seed \(seed): undo then redo changed the board")
      }
    }
  }

  @Test(arguments: Array(UInt64(1)...30))
  func newDataMidDrag(seed: UInt64) throws {
    var rng = SplitMix(spreading: seed)
    var board = try Self.randomBoard(&rng)
    var expected = Set(Self.cards(board))
    var t = 0.0
    for _ in 0..<12 {
      t += 1
      _ = board.pointerDown(at: Self.randomPoint(&rng, board), time: t)
      _ = board.tick(time: t + 0.5)
      _ = board.pointerMoved(to: Self.randomPoint(&rng, board), time: t + 0.6)
      // The app's data for one view: its cards as the app knows them (the drag unseen), shuffled,
      // one maybe deleted, one maybe added.
      let k = rng.int(0...board.columns.count - 1)
      let id = board.columns[k].id
      var items = board.columns[k].view.snapshot.items(inSection: 0)
      if board.isDragging, let drag = board.interaction.drag, !drag.pristine {
        items.removeAll { drag.items.contains($0) }
        if drag.source == id { items += drag.items }
      }
      items.shuffle(using: &rng)
      if !items.isEmpty && rng.chance(0.3) { expected.remove(items.removeLast()) }
      if rng.chance(0.3) {
        items.append("n\(seed)-\(t)")
        expected.insert("n\(seed)-\(t)")
      }
      try board.apply(makeSnapshot([items], section: id), toView: id, time: t + 0.7)
      _ = board.pointerMoved(to: Self.randomPoint(&rng, board), time: t + 0.8)
      _ = board.pointerUp(at: Self.randomPoint(&rng, board), time: t + 0.9)
      _ = board.tick(time: t + 0.95)
      let cards = Self.cards(board)
      #expect(!board.isDragging)
      #expect(cards.count == Set(cards).count, "seed \(seed): a card is in two places")
      #expect(Set(cards) == expected, "seed \(seed): cards lost or invented")
    }
  }

  /// A pointer trembling ±3 pt inside a view never makes the gap go back and forth, and entering
  /// a view at a point always opens the gap at the same place.
  @Test(arguments: Array(UInt64(1)...40))
  func tremblingIsStable(seed: UInt64) throws {
    var rng = SplitMix(spreading: seed)
    let start = try Self.randomBoard(&rng)
    var board = start
    let cards = Self.cards(board)
    guard let card = cards.first(where: { id in board.columns[0].view.snapshot.contains(id) }) else { return }
    let frame = try #require(board.columns[0].view.frame(of: card))
    _ = board.pointerDown(at: frame.centre, time: 0)
    _ = board.tick(time: 0.5)
    let target = Point(x: 310 + Double(rng.int(3...297)), y: Double(rng.int(3...397)))
    _ = board.pointerMoved(to: target, time: 0.6)
    var gaps: [String] = []
    func gap() -> String {
      guard let id = board.destinationView, let view = board.column(id)?.view, let drag = view.drag else {
        return "none"
      }
      return "\(id) \(drag.placeholder)"
    }
    gaps.append(gap())
    for k in 0..<40 {
      let p = Point(x: target.x + Double(rng.int(-3...3)), y: target.y + Double(rng.int(-3...3)))
      _ = board.pointerMoved(to: p, time: 0.7 + Double(k) * 0.02)
      gaps.append(gap())
    }
    var left: Set<String> = []
    var current = gaps[0]
    for g in gaps.dropFirst() where g != current {
      #expect(!left.contains(g), "seed \(seed): the gap went back to \(g): \(gaps)")
      left.insert(current)
      current = g
    }
    // The same entry point, on a fresh board, opens the same gap.
    var again = start
    _ = again.pointerDown(at: frame.centre, time: 0)
    _ = again.tick(time: 0.5)
    _ = again.pointerMoved(to: target, time: 0.6)
    board = again
    #expect(gap() == gaps[0])
  }
}

/// A snapshot of one section.
func makeSnapshot(_ sections: [[String]], section id: String) -> Snapshot<String, String> {
  var snapshot = Snapshot<String, String>()
  for items in sections { try! snapshot.appendSection(id, items: items) }
  return snapshot
}

extension Board.Interaction {
  var drag: Board.Drag? {
    if case .dragging(let d) = self { return d }
    return nil
  }
}
