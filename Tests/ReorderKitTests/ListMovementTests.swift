import Testing

@testable import ReorderKit

@Suite("List interactive movement")
struct ListMovementTests {
  /// Lessons: Intro, Basics [Variables, Loops], Advanced [Generics], Wrap-up, on rows 40 tall with no
  /// headers (row r spans y = 40r ..< 40r + 40); the same data as the drag-and-drop tests.
  func lessons(expanded: Bool = true, mode: ReorderMode = .interactive) -> CollectionView<String, String> {
    lessonsView(expanded: expanded, mode: mode)
  }

  func outline(_ view: CollectionView<String, String>) -> [String] {
    view.snapshot.items(inSection: 0).map { id in
      view.snapshot.isGroup(id) ? "\(id)[\(view.snapshot.children(of: id).joined(separator: ","))]" : id
    }
  }

  // Rows (expanded): 0 Intro, 1 Basics, 2 Variables, 3 Loops, 4 Advanced, 5 Generics, 6 Wrap-up

  @Test func leafIntoAGroupBetweenChildren() {
    var view = lessons()
    // Wrap-up onto the upper half of Loops: the gap before Loops, inside Basics.
    drag(&view, from: Point(x: 50, y: 260), through: [Point(x: 50, y: 125)])
    #expect(outline(view) == ["Intro", "Basics[Variables,Wrap-up,Loops]", "Advanced[Generics]"])
  }

  @Test func leafOutOfAGroupToTheTop() {
    var view = lessons()
    drag(&view, from: Point(x: 50, y: 90), through: [Point(x: 50, y: 5)])
    #expect(outline(view) == ["Variables", "Intro", "Basics[Loops]", "Advanced[Generics]", "Wrap-up"])
  }

  @Test func belowTheLastRowIsTheEndOfTheTopLevel() {
    var view = lessons()
    // Lower half of the last row (Wrap-up at row 6) with Intro dragged: rows shift up by one while dragging,
    // so aim at the lower half of the last row as shown.
    drag(&view, from: Point(x: 50, y: 5), through: [Point(x: 50, y: 275)])
    #expect(outline(view) == ["Basics[Variables,Loops]", "Advanced[Generics]", "Wrap-up", "Intro"])
  }

  @Test func aGroupTravelsWithItsChildrenAndStaysTopLevel() {
    var view = lessons()
    // Advanced (row 4) onto the upper half of Loops (row 3), a gap inside Basics: it lands after Basics.
    drag(&view, from: Point(x: 50, y: 165), through: [Point(x: 50, y: 125)])
    #expect(outline(view) == ["Intro", "Basics[Variables,Loops]", "Advanced[Generics]", "Wrap-up"])
    // Onto the upper half of Basics: before it, top level.
    drag(&view, from: Point(x: 50, y: 165), through: [Point(x: 50, y: 45)], start: 2)
    #expect(outline(view) == ["Intro", "Advanced[Generics]", "Basics[Variables,Loops]", "Wrap-up"])
  }

  @Test func collapsedGroupsHideTheirChildren() {
    var view = lessons(expanded: false)
    // Rows: 0 Intro, 1 Basics, 2 Advanced, 3 Wrap-up. Wrap-up onto the lower half of Basics: after it, top level.
    drag(&view, from: Point(x: 50, y: 130), through: [Point(x: 50, y: 75)])
    #expect(outline(view) == ["Intro", "Basics[Variables,Loops]", "Wrap-up", "Advanced[Generics]"])
  }

  @Test func liveModeCommitsEachStep() {
    var view = lessons(mode: .live)
    let events = drag(&view, from: Point(x: 50, y: 5), through: [Point(x: 50, y: 75), Point(x: 50, y: 130)])
    let moves = events.filter { if case .moved = $0 { true } else { false } }
    #expect(moves.count == 2)
    #expect(outline(view) == ["Basics[Variables,Intro,Loops]", "Advanced[Generics]", "Wrap-up"])
  }

  @Test func holdingStillNeverChangesTheProposal() {
    var view = lessons()
    _ = view.pointerDown(at: Point(x: 50, y: 5), time: 0)
    _ = view.tick(time: 0.5)
    _ = view.pointerMoved(to: Point(x: 50, y: 125), time: 0.6)
    for i in 1...30 { _ = view.tick(time: 0.6 + Double(i) / 60) }
    let gap = view.renderList(at: 1.1).elements.first { $0.kind == .gap }
    #expect(gap?.frame.minY == 80)  // the gap before Loops, inside Basics
    for i in 31...120 { _ = view.tick(time: 0.6 + Double(i) / 60) }
    #expect(view.renderList(at: 2.6).elements.first { $0.kind == .gap }?.frame == gap?.frame)
  }

  @Test func expandAndCollapse() {
    var view = lessons()
    view.setExpanded(false, for: "Basics", time: 0)
    #expect(view.itemIdentifier(at: Point(x: 50, y: 85)) == "Advanced")
    view.setExpanded(true, for: "Basics", time: 1)
    #expect(view.itemIdentifier(at: Point(x: 50, y: 85)) == "Variables")
  }
}
