import Synchronization
import Testing

@testable import ReorderKit

// Rows (expanded): 0 Intro, 1 Basics, 2 Variables, 3 Loops, 4 Advanced, 5 Generics, 6 Wrap-up; 40 pt each.

/// One `ReorderPolicy`, keyed on `OutlinePosition`, asked by every mode, layout and driver.
@Suite("One policy everywhere")
struct PolicyEverywhereTests {
  /// Keeps the first top-level slot of every section for what is there now.
  static func keepFirst(_ policy: inout ReorderPolicy<String, String>) {
    policy.targetPosition = { _, current, proposed in
      proposed.parent == nil && proposed.index == 0 ? current : proposed
    }
  }

  static let start = ["Intro", "Basics[Variables,Loops]", "Advanced[Generics]", "Wrap-up"]

  @Test(arguments: [ReorderMode.interactive, .live, .dragDrop])
  func aListRetargetsThroughThePolicy(mode: ReorderMode) {
    var view = lessonsView(mode: mode)
    Self.keepFirst(&view.policy)
    var d = DragDriver(view)
    d.lift(at: Point(x: 50, y: 260))  // Wrap-up
    d.move(Point(x: 50, y: 5))  // the upper half of Intro: the gap before it, which the policy keeps
    d.release(at: Point(x: 50, y: 5))
    #expect(outline(d.view) == Self.start)
    // Without the policy the same gesture lands first.
    var free = DragDriver(lessonsView(mode: mode))
    free.lift(at: Point(x: 50, y: 260))
    free.move(Point(x: 50, y: 5))
    free.release(at: Point(x: 50, y: 5))
    #expect(outline(free.view).first == "Wrap-up")
  }

  @Test(arguments: [ReorderMode.interactive, .live, .dragDrop])
  func theHookSeesPositionsFromTheLift(mode: ReorderMode) {
    typealias P = PolicyPosition<String, String>
    let seen = Mutex<[(P, P, P)]>([])
    var view = lessonsView(mode: mode)
    view.policy.targetPosition = { original, current, proposed in
      seen.withLock { $0.append((original, current, proposed)) }
      return proposed
    }
    var d = DragDriver(view)
    d.lift(at: Point(x: 50, y: 140))  // Loops, the second child of Basics
    d.move(Point(x: 50, y: 245))  // the upper half of Wrap-up: the gap before it
    d.release(at: Point(x: 50, y: 245))
    let calls = seen.withLock { $0 }
    let loops = P(section: "Lessons", parent: "Basics", index: 1)
    #expect(calls.first?.0 == loops)
    #expect(calls.first?.1 == loops)
    #expect(calls.contains { $0.2 == P(section: "Lessons", parent: nil, index: 3) })
    #expect(calls.allSatisfy { $0.0 == loops })  // the original stays the lift's, in live mode too
    #expect(outline(d.view) == ["Intro", "Basics[Variables]", "Advanced[Generics]", "Loops", "Wrap-up"])
  }

  @Test(arguments: [ReorderMode.interactive, .live, .dragDrop])
  func canMoveItemGetsAChildByItsGroup(mode: ReorderMode) {
    let seen = Mutex<[PolicyPosition<String, String>]>([])
    var view = lessonsView(mode: mode)
    view.policy.canMoveItem = { id, position in
      seen.withLock { $0.append(position) }
      return id != "Loops"
    }
    var d = DragDriver(view)
    d.lift(at: Point(x: 50, y: 140))  // Loops: denied
    #expect(d.events.contains(.denied("Loops")))
    #expect(seen.withLock { $0 } == [PolicyPosition(section: "Lessons", parent: "Basics", index: 1)])
    #expect(!d.view.isDragging)
  }

  @Test func aDeniedItemCannotJoinADragAndDropSession() {
    var view = lessonsView()
    view.policy.canMoveItem = { id, _ in id != "Loops" }
    var d = DragDriver(view)
    d.lift(at: Point(x: 50, y: 260))  // Wrap-up
    d.tap(Point(x: 50, y: 140))  // Loops: refused
    d.tap(Point(x: 50, y: 20))  // Intro: joins
    #expect(d.view.dragSessionItems == ["Intro", "Wrap-up"])
  }

  @Test(arguments: [ReorderMode.interactive, .live, .dragDrop])
  func theKeyboardRetargetsThroughThePolicy(mode: ReorderMode) {
    var view = lessonsView(mode: mode)
    Self.keepFirst(&view.policy)
    _ = view.focus("Wrap-up", time: 0)
    _ = view.keyPressed(.space, time: 0.1)
    _ = view.keyPressed(.home, time: 0.2)  // the section's start, which the policy keeps
    _ = view.keyPressed(.space, time: 0.3)
    #expect(outline(view) == Self.start)
  }

  @Test func accessibilityActionsRetargetInsideAGroup() {
    var view = lessonsView(mode: .interactive)
    // Nothing may go before the first child of a group.
    view.policy.targetPosition = { _, current, proposed in
      proposed.parent != nil && proposed.index == 0 ? current : proposed
    }
    let refused = view.performAccessibilityAction(.moveToStart, on: "Loops", time: 0)
    #expect(!refused.contains { if case .committed = $0 { true } else { false } })
    #expect(outline(view) == Self.start)
    // At the top level the hook lets index 0 be.
    _ = view.performAccessibilityAction(.moveToStart, on: "Advanced", time: 1)
    #expect(outline(view) == ["Advanced[Generics]", "Intro", "Basics[Variables,Loops]", "Wrap-up"])
  }

  typealias Hook = @Sendable (PolicyPosition<String, String>) -> PolicyPosition<String, String>

  /// Hooks that name positions where the items cannot stand.
  static let impossible: [(name: String, hook: Hook)] = [
    ("past the end", { p in PolicyPosition(section: p.section, parent: p.parent, index: 999) }),
    ("negative", { p in PolicyPosition(section: p.section, parent: p.parent, index: -3) }),
    ("no such section", { _ in PolicyPosition(section: "Nowhere", parent: nil, index: 0) }),
    ("no such group", { p in PolicyPosition(section: p.section, parent: "Nowhere", index: 0) }),
    ("a leaf as a group", { p in PolicyPosition(section: p.section, parent: "Intro", index: 0) }),
  ]

  @Test(arguments: [ReorderMode.interactive, .live, .dragDrop])
  func impossibleRetargetsAreIgnoredInAList(mode: ReorderMode) {
    for (name, hook) in Self.impossible {
      var view = lessonsView(mode: mode)
      view.policy.targetPosition = { _, _, proposed in hook(proposed) }
      var d = DragDriver(view)
      d.lift(at: Point(x: 50, y: 260))
      d.move(Point(x: 50, y: 5))
      d.move(Point(x: 50, y: 100))
      d.release(at: Point(x: 50, y: 100))
      #expect(outline(d.view) == Self.start, "\(name)")
    }
    // A group's child may not go into a collapsed group.
    var collapsed = lessonsView(expanded: false, mode: mode)
    collapsed.policy.targetPosition = { _, _, proposed in
      PolicyPosition(section: proposed.section, parent: "Basics", index: 0)
    }
    var d = DragDriver(collapsed)
    d.lift(at: Point(x: 50, y: 100))  // Wrap-up (rows: Intro, Basics, Advanced, Wrap-up)
    d.move(Point(x: 50, y: 5))
    d.release(at: Point(x: 50, y: 5))
    #expect(outline(d.view) == ["Intro", "Basics(Variables,Loops)", "Advanced(Generics)", "Wrap-up"])
  }

  @Test(arguments: [ReorderMode.interactive, .live, .dragDrop])
  func impossibleRetargetsAreIgnoredInAGrid(mode: ReorderMode) {
    let grid = LayoutConfiguration.grid(.init(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20))
    for (name, hook) in Self.impossible {
      var view = CollectionView(
        snapshot: makeSnapshot([["a", "b", "c", "d"]]), layout: grid, viewSize: Size(width: 390, height: 800),
        mode: mode)
      view.policy.targetPosition = { _, _, proposed in hook(proposed) }
      drag(&view, from: Point(x: 58, y: 58), through: [Point(x: 195, y: 58), Point(x: 332, y: 58)])
      #expect(sections(of: view) == [["a", "b", "c", "d"]], "\(name)")
      #expect(!view.isDragging)
    }
  }
}
