import ReorderTestSupport
import Testing

@testable import ReorderKit

/// Dragging in a list whose rows have their own heights (DESIGN, version 3): the list rule on the
/// rows as laid out, the dragged rows' own heights in the gap, fixed points only. Hand-computed
/// cases, then properties over random heights and gestures, as FlowStabilityTests does for flows.
@Suite("List rows of different heights: dragging")
struct ListRowHeightsMovementTests {
  // MARK: A short card across a tall one

  /// A 300 pt list of 44 pt rows; `T` is 120 pt tall: s 0 ..< 44, T 44 ..< 164, c 164 ..< 208, d 208 ..< 252.
  static func cards(_ mode: ReorderMode, items: [String] = ["s", "T", "c", "d"]) -> CollectionView<String, String> {
    CollectionView(
      snapshot: makeSnapshot([items]), layout: .list(.init(width: 300, rowHeight: 44)),
      viewSize: Size(width: 300, height: 2000), mode: mode, itemSizes: ["T": Size(width: 300, height: 120)])
  }

  /// The travelling block's place (section, base row) after each point, holding each point `holds` times.
  static func trace(
    _ view: inout CollectionView<String, String>, lifting item: String, through points: [Point], holds: Int = 1
  ) -> (places: [[Int]], events: [CollectionViewEvent<String, String>]) {
    let start = view.frame(of: item)!.centre
    var events = view.pointerDown(at: start, time: 0)
    events += view.tick(time: 0.5)
    var places: [[Int]] = []
    var t = 0.5
    for p in points {
      for _ in 0..<holds {
        t += 1.0 / 60
        events += view.pointerMoved(to: p, time: t)
        let rows = view.outline!
        places.append([rows.insertion.section, rows.insertion.row])
      }
    }
    events += view.pointerUp(at: points.last ?? start, time: t + 0.1)
    return (places, events)
  }

  static func column(from a: Double, to b: Double) -> [Point] {
    stride(from: a, through: b, by: a < b ? 2 : -2).map { Point(x: 150, y: $0) }
  }

  @Test(arguments: [ReorderMode.interactive, .live])
  func aShortCardSweptAcrossATallOneMovesOnceEachWay(mode: ReorderMode) {
    var view = Self.cards(mode)
    // Down: the tall card's upper half is the short card's own gap; at y = 104 (its lower half) the
    // gap after it, where the tall card lies at 0 ..< 120 and the pointer is still in its lower half.
    let down = Self.trace(&view, lifting: "s", through: Self.column(from: 22, to: 180))
    let firstMove = down.places.firstIndex { $0 != [0, 0] }!
    #expect(Self.column(from: 22, to: 180)[firstMove].y == 104)
    #expect(down.places.last == [0, 1])
    #expect(Set(down.places).count == 2)
    #expect(sections(of: view) == [["T", "s", "c", "d"]])
    #expect(view.frame(of: "T") == Rect(x: 0, y: 0, width: 300, height: 120))
    #expect(view.frame(of: "s") == Rect(x: 0, y: 120, width: 300, height: 44))
    // Up again: the pointer must reach the tall card's upper half as it lies now (y < 60).
    let up = Self.trace(&view, lifting: "s", through: Self.column(from: 150, to: 30))
    let back = up.places.firstIndex { $0 != [0, 1] }!
    #expect(Self.column(from: 150, to: 30)[back].y == 58)
    #expect(up.places.last == [0, 0])
    #expect(Set(up.places).count == 2)
    #expect(sections(of: view) == [["s", "T", "c", "d"]])
  }

  @Test func theGapIsTheDraggedRowsOwnHeight() {
    // The tall card lifted and held over c's lower half: the gap after c, 120 pt tall.
    var view = Self.cards(.interactive, items: ["T", "s", "c", "d"])
    _ = view.pointerDown(at: Point(x: 150, y: 60), time: 0)
    _ = view.tick(time: 0.5)
    // Rows: T 0 ..< 120, s 120 ..< 164, c 164 ..< 208. c's lower half: y = 200.
    _ = view.pointerMoved(to: Point(x: 150, y: 200), time: 0.6)
    #expect(view.drag?.placeholder == OutlinePosition(section: 0, parent: nil, index: 2))
    #expect(view.frame(of: "s") == Rect(x: 0, y: 0, width: 300, height: 44))
    #expect(view.frame(of: "c") == Rect(x: 0, y: 44, width: 300, height: 44))
    #expect(view.frame(of: "d") == Rect(x: 0, y: 208, width: 300, height: 44))
    _ = view.pointerUp(at: Point(x: 150, y: 200), time: 0.7)
    #expect(sections(of: view) == [["s", "c", "T", "d"]])
    #expect(view.frame(of: "T") == Rect(x: 0, y: 88, width: 300, height: 120))
  }

  @Test(arguments: [false, true])
  func everyProposalOfTheRuleAsLaidOutIsAFixedPoint(insertInto: Bool) {
    // Evaluated on the rows as laid out (the dragged rows' own heights in the gap), the list rule
    // moves the rows between the old gap and the new one by the block's height, which leaves the
    // pointer over the row it was over, deeper in the direction of travel, or over the block: the
    // fixed-point check (the contract's guard) accepts every proposal. Measured here on random lists.
    var rng = SplitMix(spreading: 31)
    var proposals = 0
    for _ in 0..<80 {
      let list = RandomList(&rng)
      var view = list.view(.interactive)
      let shown = view.visibleItems()
      let (item, frame) = shown[rng.int(0...(shown.count - 1))]
      _ = view.pointerDown(at: frame.centre, time: 0)
      _ = view.tick(time: 0.5)
      for step in 0..<30 {
        let p = Point(x: 150, y: Double(rng.int(0...Int(view.contentSize.height))))
        guard let rows = view.outline, case .list(let layout) = view.geometry.layout else { break }
        let plain = rows.hit(at: p, in: layout, allowInsertInto: insertInto, draggingGroup: view.drag!.hasGroup)
        let stable = rows.stableHit(at: p, in: layout, allowInsertInto: insertInto, draggingGroup: view.drag!.hasGroup)
        #expect(plain == stable, "\(list) lifting \(item), step \(step) at \(p)")
        if case .at(let q) = plain, q != rows.placeholder { proposals += 1 }
        _ = view.pointerMoved(to: p, time: 0.6 + Double(step) / 60)
      }
      _ = view.pointerUp(at: .zero, time: 2)
    }
    #expect(proposals > 500)
  }

  // MARK: Heights move with their items

  @Test func heightsFollowTheirItemsThroughMovesAndNewData() throws {
    var view = Self.cards(.interactive)
    _ = view.pointerDown(at: Point(x: 150, y: 22), time: 0)
    _ = view.tick(time: 0.5)
    _ = view.pointerMoved(to: Point(x: 150, y: 60), time: 0.6)
    // New data mid-drag: c removed, a new 70 pt card n first.
    try view.apply(
      makeSnapshot([["n", "s", "T", "d"]]), itemSizes: ["n": Size(width: 300, height: 70)], time: 0.7)
    #expect(view.frame(of: "n") == Rect(x: 0, y: 0, width: 300, height: 70))
    #expect(view.frame(of: "T")?.height == 120)
    _ = view.pointerUp(at: Point(x: 150, y: 60), time: 0.8)
    _ = view.tick(time: 2)
    for id in view.snapshot.items(inSection: 0) {
      #expect(view.frame(of: id)?.height == ["n": 70, "T": 120][id] ?? 44, "\(id)")
    }
    #expect(view.contentSize.height == 70 + 120 + 44 + 44)
  }

  // MARK: Properties over random lists and gestures

  /// A random list: one or two sections of leaves and groups (expanded or not), each row 20–160
  /// pt tall or of the row height.
  struct RandomList: CustomStringConvertible {
    var snapshot = Snapshot<String, String>()
    var sizes: [String: Size] = [:]
    var description: String {
      "\(snapshot.sections.indices.map { outline(snapshot, section: $0) }) \(sizes.mapValues(\.height))"
    }

    init(_ rng: inout SplitMix, groups: Bool = true) {
      var n = 0
      func next() -> String {
        n += 1
        return "i\(n)"
      }
      for s in 0..<rng.int(1...2) {
        try! snapshot.appendSection("S\(s)")
        for _ in 0..<rng.int(1...7) {
          if groups && rng.chance(0.25) {
            let children = (0..<rng.int(0...3)).map { _ in next() }
            try! snapshot.appendGroup(next(), children: children, expanded: rng.chance(0.7), toSection: "S\(s)")
          } else {
            try! snapshot.appendItem(next(), toSection: "S\(s)")
          }
        }
      }
      for i in 1...n where rng.chance(0.7) { sizes["i\(i)"] = Size(width: 300, height: Double(rng.int(20...160))) }
    }

    func height(_ id: String) -> Double { sizes[id]?.height ?? 44 }

    func view(_ mode: ReorderMode, heights: Bool = true) -> CollectionView<String, String> {
      CollectionView(
        snapshot: snapshot,
        layout: .list(
          .init(
            width: 300, rowHeight: 44, headerHeight: 20, sectionInset: EdgeInsets(top: 4, left: 0, bottom: 6, right: 0))
        ),
        viewSize: Size(width: 300, height: 4000), mode: mode, itemSizes: heights ? sizes : [:])
    }
  }

  /// Every item of a snapshot, children included, in order.
  static func allItems(_ s: Snapshot<String, String>) -> [String] {
    s.sections.flatMap { section in section.items.flatMap { [$0] + s.children(of: $0) } }
  }

  @Test(arguments: [ReorderMode.interactive, .live, .dragDrop])
  func sweepsAreMonotonicAndAStillPointerNeverMovesTheGap(mode: ReorderMode) {
    var rng = SplitMix(spreading: 2026 + UInt64(mode.hashValue & 0xff))
    var gestures = 0
    for _ in 0..<60 {
      let list = RandomList(&rng)
      var view = list.view(mode)
      let shown = view.visibleItems()
      guard !shown.isEmpty else { continue }
      let (item, frame) = shown[rng.int(0...(shown.count - 1))]
      let down = rng.chance(0.5)
      let end = down ? view.contentSize.height + 10 : -5.0
      var points: [Point] = []
      var y = frame.midY
      while down ? y < end : y > end {
        y += Double(rng.int(1...6)) * (down ? 1 : -1)
        points.append(Point(x: 150, y: y))
      }
      // Each point held three times: the second and third never move the gap.
      let trace = Self.trace(&view, lifting: item, through: points, holds: 3)
      gestures += 1
      for i in stride(from: 0, to: trace.places.count, by: 3) {
        #expect(
          trace.places[i] == trace.places[i + 1] && trace.places[i] == trace.places[i + 2],
          "\(list) lifting \(item) at \(points[i / 3]): \(trace.places[i..<i + 3])")
      }
      if mode != .dragDrop {
        // Drag and drop returns to the start over no row (the header); the other modes keep the gap.
        let places = trace.places.map { $0[0] * 10_000 + $0[1] }
        #expect(places == (down ? places.sorted() : places.sorted(by: >)), "\(list) lifting \(item) down: \(down)")
      }
      #expect(Self.allItems(view.snapshot).sorted() == Self.allItems(list.snapshot).sorted(), "\(list)")
      _ = view.tick(time: 100)
      for id in view.snapshot.sections.flatMap(\.items) {
        #expect(view.frame(of: id)?.height == list.height(id), "\(list): \(id)")
      }
    }
    #expect(gestures > 50)
  }

  @Test(arguments: [ReorderMode.interactive, .live, .dragDrop])
  func randomGesturesWithNewDataLoseNothing(mode: ReorderMode) throws {
    var rng = SplitMix(spreading: 77 + UInt64(mode.hashValue & 0xff))
    for round in 0..<60 {
      let list = RandomList(&rng, groups: false)
      var view = list.view(mode)
      var expected = Set(Self.allItems(list.snapshot))
      var sizes = list.sizes
      var t = 0.0
      let start = view.frame(of: Self.allItems(list.snapshot).first!)!.centre
      _ = view.pointerDown(at: start, time: t)
      t += 0.5
      _ = view.tick(time: t)
      for step in 0..<rng.int(5...40) {
        t += 1.0 / 60
        let p = Point(x: Double(rng.int(-10...310)), y: Double(rng.int(-10...Int(view.contentSize.height) + 10)))
        _ = view.pointerMoved(to: p, time: t)
        _ = view.pointerMoved(to: p, time: t + 0.001)
        if step == 3 && rng.chance(0.5) {
          // New data: one item gone, one new with its own height, the rest shuffled in their sections.
          var data = Snapshot<String, String>()
          for section in view.snapshot.sections {
            var items = section.items
            if items.count > 1 && rng.chance(0.5) { items.remove(at: rng.int(0...(items.count - 1))) }
            items.shuffle(using: &rng)
            try! data.appendSection(section.id, items: items)
          }
          let fresh = "new\(round)"
          try! data.appendItem(fresh, toSection: data.sections[0].id)
          let h = Double(rng.int(20...160))
          sizes[fresh] = Size(width: 300, height: h)
          try view.apply(data, itemSizes: [fresh: sizes[fresh]!], time: t)
          expected = Set(Self.allItems(data))
        }
      }
      t += 0.1
      _ = rng.chance(0.2) ? view.cancelGesture(time: t) : view.pointerUp(at: Point(x: 150, y: 30), time: t)
      _ = view.tick(time: t + 10)
      let items = Self.allItems(view.snapshot)
      #expect(items.count == Set(items).count, "duplicates: \(items)")
      #expect(Set(items) == expected, "\(list)")
      for id in items { #expect(view.frame(of: id)?.height == sizes[id]?.height ?? 44, "\(id)") }
    }
  }

  @Test func keyboardMovesDoNotDependOnHeights() {
    // The same keys, on the same lists with and without row heights: the same moves and words.
    var rng = SplitMix(spreading: 5)
    let keys: [NavigationKey] = [.up, .down, .down, .left, .right, .home, .end]
    for _ in 0..<80 {
      let list = RandomList(&rng)
      var plain = list.view(.interactive, heights: false)
      var tall = list.view(.interactive, heights: true)
      let items = plain.visibleItems().map(\.id)
      let item = items[rng.int(0...(items.count - 1))]
      var presses: [NavigationKey] = [.space]
      for _ in 0..<rng.int(1...8) { presses.append(keys[rng.int(0...(keys.count - 1))]) }
      presses.append(rng.chance(0.8) ? .space : .escape)
      var plainEvents = plain.focus(item, time: 0)
      var tallEvents = tall.focus(item, time: 0)
      for (i, key) in presses.enumerated() {
        plainEvents += plain.keyPressed(key, time: Double(i + 1))
        tallEvents += tall.keyPressed(key, time: Double(i + 1))
      }
      #expect(Self.allItems(tall.snapshot) == Self.allItems(plain.snapshot), "\(list) \(item) \(presses)")
      #expect(outline(tall) == outline(plain))
      #expect(tallEvents == plainEvents, "\(list) \(item) \(presses)")
    }
  }

  @Test func rowsOfOneHeightAreTheUniformList() {
    // Every row given the row height as its size: every gesture ends as it does with no sizes.
    var rng = SplitMix(spreading: 8)
    for _ in 0..<40 {
      let list = RandomList(&rng)
      var same = list
      same.sizes = Dictionary(
        uniqueKeysWithValues: Self.allItems(list.snapshot).map { ($0, Size(width: 1, height: 44)) })
      var plain = list.view(.interactive, heights: false)
      var sized = same.view(.interactive, heights: true)
      let items = plain.visibleItems()
      let (item, frame) = items[rng.int(0...(items.count - 1))]
      let points = (0..<6).map { _ in Point(x: 150, y: Double(rng.int(0...Int(plain.contentSize.height)))) }
      let a = drag(&plain, from: frame.centre, through: points)
      let b = drag(&sized, from: frame.centre, through: points)
      #expect(a == b, "\(list) \(item)")
      #expect(Self.allItems(plain.snapshot) == Self.allItems(sized.snapshot))
    }
  }
}
