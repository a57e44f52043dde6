import ReorderTestSupport
import Testing

@testable import ReorderKit

/// Thousands of seeded random drag sessions on random outlines and grids: no item is lost or
/// duplicated, no group ends up in a group, and the reported moves replay to the result.
@Suite("Drag and drop properties")
struct DragDropPropertyTests {
  /// A random outline: 1–2 sections of 0–8 top-level entries; about a third are groups of 0–3 children.
  static func randomOutline(_ rng: inout SplitMix) -> Snapshot<String, String> {
    var s = Snapshot<String, String>()
    var n = 0
    for k in 0..<rng.int(1...2) {
      try! s.appendSection("S\(k)")
      for _ in 0..<rng.int(0...8) {
        n += 1
        if rng.chance(0.35) {
          let children = (0..<rng.int(0...3)).map { c in "i\(n).\(c)" }
          try! s.appendGroup("g\(n)", children: children, expanded: rng.chance(0.5), toSection: "S\(k)")
        } else {
          try! s.appendItem("i\(n)", toSection: "S\(k)")
        }
      }
    }
    return s
  }

  /// Every item with its parent, ignoring order and expansion.
  static func shape(_ s: Snapshot<String, String>) -> [[String]] {
    s.sections.map { section in
      section.items.flatMap { id in [id] + s.children(of: id).map { "\(id)/\($0)" } }
    }
  }

  static func allItems(_ s: Snapshot<String, String>) -> [String] {
    s.sections.flatMap { $0.items.flatMap { [$0] + s.children(of: $0) } }.sorted()
  }

  /// One random session: a press somewhere, then random moves, taps, ticks, scrolls, and an up or a cancel.
  static func randomSession(_ view: inout CollectionView<String, String>, t: inout Double, rng: inout SplitMix)
    -> [CollectionViewEvent<String, String>]
  {
    let size = view.viewSize
    func point() -> Point {
      Point(
        x: Double.random(in: -20...(size.width + 20), using: &rng),
        y: Double.random(in: -30...(size.height + 30), using: &rng))
    }
    var events = view.pointerDown(at: point(), time: t)
    for _ in 0..<rng.int(20...45) {
      t += 1.0 / 60
      events += view.tick(time: t)
    }
    for _ in 0..<rng.int(0...12) {
      t += Double.random(in: 0...0.3, using: &rng)
      switch rng.int(0...9) {
      case 0...4: events += view.pointerMoved(to: point(), time: t)
      case 5, 6: events += view.addItemToDragSession(at: point(), time: t)
      case 7: events += view.scroll(by: Point(x: 0, y: Double.random(in: -200...200, using: &rng)), time: t)
      default:
        for _ in 0..<rng.int(1...50) {
          t += 1.0 / 60
          events += view.tick(time: t)
        }
      }
    }
    t += 0.05
    events += rng.chance(0.15) ? view.cancelGesture(time: t) : view.pointerUp(at: point(), time: t)
    t += 1
    events += view.tick(time: t)
    return events
  }

  @Test("random sessions on outlines", arguments: 0..<4)
  func outlines(_ batch: Int) {
    var changed = 0
    defer { #expect(changed > 100, "only \(changed) of 750 sessions changed anything") }
    for seed in 0..<250 {
      var rng = SplitMix(spreading: UInt64(batch * 1000 + seed))
      let start = Self.randomOutline(&rng)
      var view = CollectionView(
        snapshot: start, layout: dropListLayout, viewSize: Size(width: 300, height: Double(rng.int(100...400))),
        mode: .dragDrop)
      view.reorderingCadence = [.immediate, .fast, .slow][rng.int(0...2)]
      let copying = rng.chance(0.2)
      if copying {
        view.policy.dropSessionDidUpdate = { _, _, proposed in
          proposed.operation == .move ? DropProposal(operation: .copy, intent: proposed.intent) : proposed
        }
        view.policy.identifierForCopy = { id, isTaken in
          var n = 1
          while isTaken("\(id)+\(n)") { n += 1 }
          return "\(id)+\(n)"
        }
      } else if rng.chance(0.3) {
        view.policy.dropSessionDidUpdate = { _, destination, proposed in
          if case .insertInto(let g)? = destination, g.hasSuffix("1") { return DropProposal(operation: .forbidden) }
          return proposed
        }
      }
      var t = 0.0
      var expected = start
      for _ in 0..<3 {
        let before = view.snapshot
        defer { if view.snapshot != before { changed += 1 } }
        let events = Self.randomSession(&view, t: &t, rng: &rng)
        view.snapshot._checkInvariants()
        #expect(!view.isDragging)
        let moves = events.compactMap { e -> (String, OutlinePosition<String>, OutlinePosition<String>)? in
          if case .moved(let id, let from, let to) = e { return (id, from, to) }
          return nil
        }
        if copying {
          // Copies add items; every original stays, and nothing moves.
          #expect(moves.isEmpty)
          let added = view.snapshot.totalItemCount - before.totalItemCount
          #expect(added >= 0)
          #expect(Set(Self.allItems(before)).isSubset(of: Set(Self.allItems(view.snapshot))))
        } else {
          expected = replay(moves, on: expected)
          #expect(Self.shape(expected) == Self.shape(view.snapshot), "seed \(batch * 1000 + seed)")
          #expect(Self.allItems(view.snapshot) == Self.allItems(start), "seed \(batch * 1000 + seed)")
        }
        for id in view.snapshot.sections.flatMap(\.items) {
          for child in view.snapshot.children(of: id) { #expect(!view.snapshot.isGroup(child)) }
        }
        #expect(Set(Self.allItems(view.snapshot)).count == view.snapshot.totalItemCount)
      }
    }
  }

  @Test("random sessions on grids", arguments: 0..<2)
  func grids(_ batch: Int) {
    for seed in 0..<300 {
      var rng = SplitMix(spreading: UInt64(50_000 + batch * 1000 + seed))
      let items = (0..<rng.int(1...3)).map { s in (0..<rng.int(0...9)).map { "s\(s)-\($0)" } }
      let start = makeSnapshot(items)
      let columns = rng.int(1...4)
      var view = CollectionView(
        snapshot: start,
        layout: .grid(.init(width: 300, columns: columns, itemSpacing: 10, lineSpacing: 10, headerHeight: 20)),
        viewSize: Size(width: 300, height: Double(rng.int(150...500))), mode: .dragDrop)
      var t = 0.0
      var expected = start
      for _ in 0..<3 {
        let events = Self.randomSession(&view, t: &t, rng: &rng)
        view.snapshot._checkInvariants()
        let moves = events.compactMap { e -> (String, OutlinePosition<String>, OutlinePosition<String>)? in
          if case .moved(let id, let from, let to) = e { return (id, from, to) }
          return nil
        }
        expected = replay(moves, on: expected)
        #expect(expected == view.snapshot, "seed \(50_000 + batch * 1000 + seed)")
        #expect(Self.allItems(view.snapshot) == Self.allItems(start))
      }
    }
  }
}
