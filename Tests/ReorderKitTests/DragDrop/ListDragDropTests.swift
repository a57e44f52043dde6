import Testing

@testable import ReorderKit

// Rows (expanded): 0 Intro, 1 Basics, 2 Variables, 3 Loops, 4 Advanced, 5 Generics, 6 Wrap-up

@Suite("Drag and drop in lists")
struct ListDragDropTests {
  @Test func lessonIntoAGroupBecomesItsLastChild() {
    var d = DragDriver(lessonsView())
    d.lift(at: Point(x: 50, y: 260))
    d.move(Point(x: 50, y: 60))  // middle half of Basics
    #expect(d.view.currentDropProposal == DropProposal(operation: .move, intent: .insertIntoDestinationIndexPath))
    #expect(d.view.currentDropDestination == .insertInto("Basics"))
    let highlight = d.view.renderList(at: d.t).elements.first { $0.kind == .dropHighlight("Basics") }
    #expect(highlight?.frame == Rect(x: 0, y: 40, width: 300, height: 40))
    d.release(at: Point(x: 50, y: 60))
    #expect(outline(d.view) == ["Intro", "Basics[Variables,Loops,Wrap-up]", "Advanced[Generics]"])
    #expect(d.moves.map(\.0) == ["Wrap-up"])
    #expect(d.moves.first?.2 == OutlinePosition(section: 0, parent: "Basics", index: 2))
  }

  @Test func lessonBetweenRows() {
    var d = DragDriver(lessonsView())
    d.lift(at: Point(x: 50, y: 260))
    d.move(Point(x: 50, y: 45))  // top quarter of Basics: the gap before it
    #expect(d.view.currentDropProposal == DropProposal(operation: .move, intent: .insertAtDestinationIndexPath))
    d.release(at: Point(x: 50, y: 45))
    #expect(outline(d.view) == ["Intro", "Wrap-up", "Basics[Variables,Loops]", "Advanced[Generics]"])
  }

  @Test func groupAmongGroupsAndNeverIntoOne() {
    var d = DragDriver(lessonsView())
    d.lift(at: Point(x: 50, y: 180))  // Advanced
    d.move(Point(x: 50, y: 60))  // the middle of Basics: a group is never dropped into a group
    #expect(d.view.currentDropProposal?.intent == .insertAtDestinationIndexPath)
    d.move(Point(x: 50, y: 45))
    d.release(at: Point(x: 50, y: 45))
    #expect(outline(d.view) == ["Intro", "Advanced[Generics]", "Basics[Variables,Loops]", "Wrap-up"])
  }

  @Test func groupOverAChildLandsAfterItsGroup() {
    var d = DragDriver(lessonsView())
    d.lift(at: Point(x: 50, y: 20))  // Intro
    d.tap(Point(x: 50, y: 180))  // + Advanced: the stack now holds a group
    #expect(d.view.dragSessionItems == ["Intro", "Advanced"])
    // Rows now: Intro, Advanced, Generics (the block), Basics, Variables, Loops, Wrap-up. Onto Loops' upper half.
    d.move(Point(x: 50, y: 205))
    d.release(at: Point(x: 50, y: 205))
    #expect(outline(d.view) == ["Basics[Variables,Loops]", "Intro", "Advanced[Generics]", "Wrap-up"])
  }

  @Test func multiItemDropLandsInOriginalOrder() {
    var d = DragDriver(lessonsView())
    d.lift(at: Point(x: 50, y: 260))  // Wrap-up
    d.tap(Point(x: 50, y: 140))  // Loops
    d.tap(Point(x: 50, y: 20))  // Intro
    #expect(d.view.dragSessionItems == ["Intro", "Loops", "Wrap-up"])
    #expect(d.view.hasActiveDrag)
    let lifted = d.view.renderList(at: d.t).elements.filter(\.isLifted)
    #expect(lifted.last?.badgeCount == 3)
    #expect(lifted.count == 3)
    // Rows now: Basics, Variables, Advanced, Generics, [Intro, Loops, Wrap-up]. Into Advanced.
    d.move(Point(x: 50, y: 100))
    #expect(d.view.currentDropDestination == .insertInto("Advanced"))
    let before = d.view.snapshot
    d.release(at: Point(x: 50, y: 100))
    #expect(outline(d.view) == ["Basics[Variables]", "Advanced[Generics,Intro,Loops,Wrap-up]"])
    #expect(d.moves.map(\.0) == ["Intro", "Loops", "Wrap-up"])
    #expect(replay(d.moves, on: before) == d.view.snapshot)
  }

  @Test func aTapOnAGroupWhoseChildTravelsIsIgnored() {
    var d = DragDriver(lessonsView())
    d.lift(at: Point(x: 50, y: 100))  // Variables
    d.tap(Point(x: 50, y: 60))  // Basics: its child is in the session
    #expect(d.view.dragSessionItems == ["Variables"])
    d.tap(Point(x: 50, y: 500))  // nothing there
    #expect(d.view.dragSessionItems == ["Variables"])
  }

  @Test func springLoadedGroupOpensAndTakesTheDrop() {
    var d = DragDriver(lessonsView(expanded: false))
    // Rows: 0 Intro, 1 Basics, 2 Advanced, 3 Wrap-up
    d.lift(at: Point(x: 50, y: 140))
    d.move(Point(x: 50, y: 60))
    d.wait(0.6)
    #expect(!d.view.snapshot.isExpanded("Basics"))
    d.wait(0.15)
    #expect(d.view.snapshot.isExpanded("Basics"))
    // Rows: Intro, Basics, Variables, Loops, Advanced, [Wrap-up]. The upper half of Loops.
    d.move(Point(x: 50, y: 125))
    d.release(at: Point(x: 50, y: 125))
    #expect(outline(d.view) == ["Intro", "Basics[Variables,Wrap-up,Loops]", "Advanced(Generics)"])
  }

  @Test func springLoadedGroupClosesWhenTheDropIsElsewhere() {
    var d = DragDriver(lessonsView(expanded: false))
    d.lift(at: Point(x: 50, y: 140))
    d.move(Point(x: 50, y: 60))
    d.move(Point(x: 50, y: 62))
    d.wait(0.8)
    #expect(d.view.snapshot.isExpanded("Basics"))
    d.move(Point(x: 50, y: 5))
    d.release(at: Point(x: 50, y: 5))
    #expect(outline(d.view) == ["Wrap-up", "Intro", "Basics(Variables,Loops)", "Advanced(Generics)"])
  }

  @Test func leavingBeforeSevenTenthsKeepsTheGroupClosed() {
    var d = DragDriver(lessonsView(expanded: false))
    d.lift(at: Point(x: 50, y: 140))
    d.move(Point(x: 50, y: 60))
    d.wait(0.5)
    d.move(Point(x: 50, y: 20))
    d.wait(0.5)
    #expect(!d.view.snapshot.isExpanded("Basics"))
    d.cancel()
    #expect(outline(d.view) == ["Intro", "Basics(Variables,Loops)", "Advanced(Generics)", "Wrap-up"])
  }

  @Test func forbiddenByTheDelegate() {
    var view = lessonsView()
    view.policy.dropSessionDidUpdate = { _, destination, proposed in
      destination == .insertInto("Basics") ? DropProposal(operation: .forbidden) : proposed
    }
    var d = DragDriver(view)
    d.lift(at: Point(x: 50, y: 260))
    d.move(Point(x: 50, y: 60))
    #expect(d.view.currentDropProposal?.operation == .forbidden)
    let marker = d.view.renderList(at: d.t).elements.first { $0.kind == .forbidden }
    #expect(marker?.frame.center == Point(x: 50, y: 60))
    #expect(!d.view.renderList(at: d.t).elements.contains { $0.kind == .dropHighlight("Basics") })
    d.release(at: Point(x: 50, y: 60))
    #expect(outline(d.view) == ["Intro", "Basics[Variables,Loops]", "Advanced[Generics]", "Wrap-up"])
    #expect(d.moves.isEmpty)
    #expect(d.events.contains(.cancelled("Wrap-up")))
    #expect(d.view.lastDrop?.operation == .forbidden)
  }

  @Test func releasingOverNothingOrOutsideCancels() {
    var d = DragDriver(lessonsView())
    d.lift(at: Point(x: 50, y: 20))
    d.move(Point(x: 50, y: 185))
    d.move(Point(x: 50, y: 500))  // below the last row
    #expect(d.view.currentDropProposal?.operation == .cancel)
    d.release(at: Point(x: 50, y: 500))
    #expect(outline(d.view) == ["Intro", "Basics[Variables,Loops]", "Advanced[Generics]", "Wrap-up"])
    var e = DragDriver(lessonsView())
    e.lift(at: Point(x: 50, y: 20))
    e.move(Point(x: 50, y: 185))
    e.release(at: Point(x: 400, y: 185))  // outside the view
    #expect(outline(e.view) == ["Intro", "Basics[Variables,Loops]", "Advanced[Generics]", "Wrap-up"])
    #expect(e.view.lastDrop?.operation == .cancel)
  }

  @Test func copyWithNewIdentifiers() {
    var view = lessonsView()
    view.policy.dropSessionDidUpdate = { _, _, proposed in
      proposed.operation == .move ? DropProposal(operation: .copy, intent: proposed.intent) : proposed
    }
    view.policy.identifierForCopy = { original, isTaken in
      var n = 1
      while isTaken("\(original) \(n)") { n += 1 }
      return "\(original) \(n)"
    }
    var d = DragDriver(view)
    d.lift(at: Point(x: 50, y: 180))  // Advanced, a group
    d.move(Point(x: 50, y: 5))
    d.release(at: Point(x: 50, y: 5))
    #expect(
      outline(d.view) == [
        "Advanced 1[Generics 1]", "Intro", "Basics[Variables,Loops]", "Advanced[Generics]", "Wrap-up",
      ])
    #expect(d.view.lastDrop?.copies == ["Advanced 1"])
    #expect(d.moves.isEmpty)
  }

  @Test func autoScrollReachesAFarRow() {
    var s = Snapshot<String, String>()
    try! s.appendSection("S", items: (0..<100).map { "r\($0)" })
    let view = CollectionView(
      snapshot: s, layout: dropListLayout, viewSize: Size(width: 300, height: 400), mode: .dragDrop)
    var d = DragDriver(view)
    d.lift(at: Point(x: 50, y: 20))
    d.move(Point(x: 50, y: 395))  // 5 pt from the bottom: full speed, damped for 1.2 s after the lift at 0.5 s
    let moved = d.t
    d.wait(1.0)
    #expect(abs(d.view.contentOffset.y - autoScrollDistance(speed: 1680, lift: 0.5, from: moved, to: d.t)) < 1e-6)
    d.wait(3)
    #expect(d.view.contentOffset.y == 4000 - 400)  // clamped
    d.release(at: Point(x: 50, y: 395))
    #expect(d.view.snapshot.items(inSection: 0).last == "r0")
  }

  @Test func cadenceHoldsTheGapUntilThePointerRests() {
    var view = lessonsView()
    view.reorderingCadence = .slow
    var d = DragDriver(view)
    d.lift(at: Point(x: 50, y: 260))
    let gap = { (d: DragDriver) in d.view.renderList(at: d.t).elements.first { $0.kind == .gap }?.frame.minY }
    #expect(gap(d) == 240)
    d.move(Point(x: 50, y: 5))
    d.wait(0.2)
    #expect(gap(d) == 240)
    d.wait(0.15)
    #expect(gap(d) == 0)
    // Rows: [Wrap-up], Intro, Basics, Variables, Loops, … A release lands where the pointer is, even before the delay:
    // the lower quarter of Variables, the gap before Loops.
    d.move(Point(x: 50, y: 155))
    d.release(at: Point(x: 50, y: 155))
    #expect(outline(d.view) == ["Intro", "Basics[Variables,Wrap-up,Loops]", "Advanced[Generics]"])
  }
}

@Suite("Drop delegate intents")
struct DropIntentTests {
  @Test func insertAtForAGroupRowIsTheGapBeforeIt() {
    var view = lessonsView()
    view.policy.dropSessionDidUpdate = { _, _, proposed in
      DropProposal(
        operation: proposed.operation,
        intent: proposed.intent == .unspecified ? .unspecified : .insertAtDestinationIndexPath)
    }
    var d = DragDriver(view)
    d.lift(at: Point(x: 50, y: 260))
    d.move(Point(x: 50, y: 180))  // the middle of Advanced
    #expect(d.view.currentDropDestination == .insertAt(OutlinePosition(section: 0, parent: nil, index: 2)))
    d.release(at: Point(x: 50, y: 180))
    #expect(outline(d.view) == ["Intro", "Basics[Variables,Loops]", "Wrap-up", "Advanced[Generics]"])
  }

  @Test func insertIntoForAGapGoesIntoTheGroupAfterIt() {
    var view = lessonsView()
    view.policy.dropSessionDidUpdate = { _, _, proposed in
      proposed.operation == .move ? DropProposal(operation: .move, intent: .insertIntoDestinationIndexPath) : proposed
    }
    var d = DragDriver(view)
    d.lift(at: Point(x: 50, y: 260))
    d.move(Point(x: 50, y: 45))  // the top quarter of Basics: the gap before it
    #expect(d.view.currentDropDestination == .insertInto("Basics"))
    d.move(Point(x: 50, y: 5))  // the gap before Intro, a lesson: the gap stays
    #expect(d.view.currentDropDestination == .insertAt(OutlinePosition(section: 0, parent: nil, index: 0)))
    #expect(d.view.currentDropProposal?.intent == .insertAtDestinationIndexPath)
    // The gap moved to the top: rows [Wrap-up], Intro, Basics (80–120), … The top quarter of Basics again.
    d.move(Point(x: 50, y: 85))
    #expect(d.view.currentDropDestination == .insertInto("Basics"))
    d.release(at: Point(x: 50, y: 85))
    #expect(outline(d.view) == ["Intro", "Basics[Variables,Loops,Wrap-up]", "Advanced[Generics]"])
  }
}
