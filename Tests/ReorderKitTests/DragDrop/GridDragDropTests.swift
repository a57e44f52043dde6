import Testing

@testable import ReorderKit

@Suite("Drag and drop in grids")
struct GridDragDropTests {
  static let layout = LayoutConfiguration.grid(.init(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20))
  static let w = (390.0 - 40) / 3

  func centre(_ i: Int) -> Point {
    Point(x: Double(i % 3) * (Self.w + 20) + Self.w / 2, y: Double(i / 3) * (Self.w + 20) + Self.w / 2)
  }

  func view(_ items: [[String]], height: Double = 2000) -> CollectionView<String, String> {
    CollectionView(
      snapshot: makeSnapshot(items), layout: Self.layout, viewSize: Size(width: 390, height: height), mode: .dragDrop)
  }

  @Test func singleItemInsertAt() {
    var d = DragDriver(view([["a", "b", "c", "d", "e"]]))
    d.lift(at: centre(0))
    d.move(centre(3))
    d.release(at: centre(3))
    #expect(sections(of: d.view) == [["b", "c", "d", "a", "e"]])
    #expect(d.moves.map(\.2) == [OutlinePosition(section: 0, parent: nil, index: 3)])
  }

  @Test func multiItemDropKeepsOriginalOrder() {
    var d = DragDriver(view([["a", "b", "c", "d", "e", "f", "g", "h", "i"]]))
    d.lift(at: centre(2))  // c
    d.tap(centre(0))  // a: slots now [gap] b d e f g h i
    #expect(d.view.dragSessionItems == ["a", "c"])
    #expect(d.view.renderList(at: d.t).elements.contains { $0.badgeCount == 2 })
    d.move(centre(4))
    let before = d.view.snapshot
    d.release(at: centre(4))
    #expect(sections(of: d.view) == [["b", "d", "e", "f", "a", "c", "g", "h", "i"]])
    #expect(replay(d.moves, on: before) == d.view.snapshot)
  }

  @Test func acrossSectionsToTheEnd() {
    var d = DragDriver(view([["a", "b", "c"], ["x", "y"]]))
    // Section 1 starts at y = 116.67 (one row). Its area after "y": the right of its last row.
    d.lift(at: centre(1))
    let end = Point(x: 331, y: Self.w + Self.w / 2)
    d.move(end)
    d.release(at: end)
    #expect(sections(of: d.view) == [["a", "c"], ["x", "y", "b"]])
  }

  @Test func forbiddenAndCopyViaTheHook() {
    var v = view([["a", "b", "c"], ["x", "y"]])
    v.policy.dropSessionDidUpdate = { items, destination, proposed in
      guard case .insertAt(let p)? = destination else { return proposed }
      if p.section == "S1" { return DropProposal(operation: .forbidden, intent: proposed.intent) }
      return items == ["a"] ? DropProposal(operation: .copy, intent: proposed.intent) : proposed
    }
    v.policy.identifierForCopy = { id, _ in id + "'" }
    var d = DragDriver(v)
    d.lift(at: centre(0))
    d.move(centre(4))  // x, in section 1
    #expect(d.view.currentDropProposal?.operation == .forbidden)
    d.release(at: centre(4))
    #expect(sections(of: d.view) == [["a", "b", "c"], ["x", "y"]])
    d.lift(at: centre(0))
    d.move(centre(1))  // c, shown in slot 1 while a is lifted: the gap before c
    d.release(at: centre(1))
    #expect(sections(of: d.view) == [["a", "b", "a'", "c"], ["x", "y"]])
    #expect(d.view.lastDrop?.copies == ["a'"])
  }

  @Test func horizontalAutoScroll() {
    var v = CollectionView(
      snapshot: makeSnapshot([(0..<60).map { "t\($0)" }]),
      layout: .grid(
        .init(width: 390, height: 300, columns: 2, itemSpacing: 10, lineSpacing: 10, scrollDirection: .horizontal)),
      viewSize: Size(width: 390, height: 300), mode: .interactive)
    _ = v.pointerDown(at: Point(x: 50, y: 50), time: 0)
    _ = v.tick(time: 0.5)
    _ = v.pointerMoved(to: Point(x: 390, y: 50), time: 0.6)  // at the trailing edge: full speed, damped after the lift
    _ = v.tick(time: 2.5)
    #expect(abs(v.contentOffset.x - autoScrollDistance(speed: 1680, lift: 0.5, from: 0.6, to: 2.5)) < 1e-6)
    #expect(v.contentOffset.x > 2000)
    _ = v.pointerUp(at: Point(x: 390, y: 50), time: 2.6)
    #expect(v.snapshot.items(inSection: 0).first != "t0")
  }
}

@Suite("Auto-scroll in interactive movement")
struct InteractiveAutoScrollTests {
  @Test func aListScrollsUnderAStillPointerAndTheTargetFollows() {
    var s = Snapshot<String, String>()
    try! s.appendSection("S", items: (0..<50).map { "r\($0)" })
    var view = CollectionView(
      snapshot: s, layout: dropListLayout, viewSize: Size(width: 300, height: 400), mode: .interactive)
    _ = view.pointerDown(at: Point(x: 50, y: 20), time: 0)
    _ = view.tick(time: 0.5)
    // 30 pt from the bottom of 400: full speed is at 20 pt (5%), so (30 / 40)² of 1,680 pt/s.
    _ = view.pointerMoved(to: Point(x: 50, y: 370), time: 0.6)
    var t = 0.6
    for _ in 0..<90 {
      t += 1.0 / 60
      _ = view.tick(time: t)
    }
    let scrolled = autoScrollDistance(speed: 1680 * 0.75 * 0.75, lift: 0.5, from: 0.6, to: t)
    #expect(abs(view.contentOffset.y - scrolled) < 1e-6)
    let events = view.pointerUp(at: Point(x: 50, y: 370), time: t)
    // The pointer is over content y = 370 + the scroll; it picks the gap between 40 pt rows nearest
    // to it, counted without r0's own row (above it).
    let row = Int((370 + scrolled) / 40 + 0.5) - 1
    #expect(row > 20)
    #expect(
      events.contains(
        .moved(
          "r0", from: OutlinePosition(section: 0, parent: nil, index: 0),
          to: OutlinePosition(section: 0, parent: nil, index: row))))
    // Near the top edge it scrolls back, and stops at the content's start.
    _ = view.pointerDown(at: Point(x: 50, y: 100), time: 10)
    _ = view.tick(time: 10.5)
    _ = view.pointerMoved(to: Point(x: 50, y: 0), time: 10.6)
    _ = view.tick(time: 12)
    #expect(view.contentOffset.y == 0)
    _ = view.cancelGesture(time: 12.1)
  }
}

@Suite("Landing a session")
struct LandingTests {
  @Test func itemsAlreadyInPlaceNeedNoMove() {
    var s = makeSnapshot([["x", "a", "b", "y"]])
    #expect(s.landItems(["a", "b"], at: OutlinePosition(section: 0, parent: nil, index: 1)).isEmpty)
    #expect(s.landItems(["x", "a"], at: OutlinePosition(section: 0, parent: nil, index: 0)).isEmpty)
    let moves = s.landItems(["x", "y"], at: OutlinePosition(section: 0, parent: nil, index: 1))
    #expect(s.items(inSection: 0) == ["a", "x", "y", "b"])
    #expect(moves.map(\.item) == ["x", "y"])
  }

  @Test func everyDestinationOfEverySubsetReplays() {
    let items = ["a", "b", "c", "d", "e"]
    for mask in 1..<(1 << items.count) {
      let dragged = items.indices.filter { mask & (1 << $0) != 0 }.map { items[$0] }
      let rest = items.filter { !dragged.contains($0) }
      for index in 0...rest.count {
        var s = makeSnapshot([items])
        let start = s
        let moves = s.landItems(dragged, at: OutlinePosition(section: 0, parent: nil, index: index))
        let expected = Array(rest[..<index]) + dragged + Array(rest[index...])
        #expect(s.items(inSection: 0) == expected)
        #expect(replay(moves.map { ($0.item, $0.from, $0.to) }, on: start) == s)
        // No more moves than items out of place.
        #expect(moves.count <= dragged.count)
      }
    }
  }
}
