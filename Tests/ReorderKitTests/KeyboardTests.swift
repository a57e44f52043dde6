import Testing

@testable import ReorderKit

/// A 3-column grid of 100 pt cells with no spacing.
private func grid(_ sections: [[String]], mode: ReorderMode = .interactive) -> CollectionView<String, String> {
  CollectionView(
    snapshot: makeSnapshot(sections), layout: .grid(.init(width: 300, columns: 3, headerHeight: 20)),
    viewSize: Size(width: 300, height: 2000), mode: mode)
}

private func announcements(_ events: [CollectionViewEvent<String, String>]) -> [String] {
  events.compactMap { if case .announcement(let text) = $0 { text } else { nil } }
}

@Suite("Keyboard and announcements")
struct KeyboardTests {
  /// Every arrangement of up to 6 items over 1–3 sections: lift each item with the keyboard, press
  /// Right (or Left) step by step to the very end (start), and check every announced position and
  /// the data against the reference model (one slot forward in reading order, across sections).
  @Test(arguments: [ReorderMode.interactive, .live, .dragDrop])
  func announcedPositionsFollowTheReferenceModel(mode: ReorderMode) {
    var checked = 0
    for k in 1...3 {
      for n in 0...6 {
        for counts in compositions(n, into: k) {
          var next = 0
          let sections = counts.map { c in
            (0..<c).map { _ in
              next += 1
              return "i\(next)"
            }
          }
          for source in sections.indices.flatMap({ s in sections[s].indices.map { ItemPath(item: $0, section: s) } }) {
            for forward in [true, false] {
              var view = grid(sections, mode: mode)
              let id = sections[source.section][source.item]
              _ = view.focus(id, time: 0)
              var events = view.keyPressed(.space, time: 0.1)
              #expect(
                announcements(events).last
                  == "\(id), lifted. Position \(source.item + 1) of \(sections[source.section].count) in S\(source.section)."
              )
              // The reference: the item's slot, stepping through every slot of every section.
              var model = sections
              model[source.section].remove(at: source.item)
              var slot = source
              var t = 0.2
              while true {
                var target: ItemPath?
                let s = slot.section
                if forward {
                  if slot.item < model[s].count {
                    target = ItemPath(item: slot.item + 1, section: s)
                  } else if s + 1 < model.count {
                    target = ItemPath(item: 0, section: s + 1)
                  }
                } else {
                  if slot.item > 0 {
                    target = ItemPath(item: slot.item - 1, section: s)
                  } else if s > 0 {
                    target = ItemPath(item: model[s - 1].count, section: s - 1)
                  }
                }
                events = view.keyPressed(forward ? .right : .left, time: t)
                t += 0.1
                guard let target else {
                  #expect(announcements(events).isEmpty, "no move past the very first or last slot")
                  break
                }
                slot = target
                let expected = "Moved to position \(slot.item + 1) of \(model[slot.section].count + 1)"
                #expect(
                  announcements(events).first?.hasPrefix(expected) == true,
                  "\(sections) \(id) → \(slot): \(announcements(events))")
                checked += 1
              }
              events = view.keyPressed(.space, time: t)
              var after = model
              after[slot.section].insert(id, at: slot.item)
              #expect(view.snapshot.sections.map(\.items) == after)
              #expect(
                announcements(events).last?.hasPrefix(
                  "Dropped at position \(slot.item + 1) of \(after[slot.section].count)") == true)
            }
          }
        }
      }
    }
    #expect(checked > 1000)
  }

  @Test func escapeReturnsToTheOriginalPosition() {
    var view = grid([["a", "b", "c", "d"]])
    _ = view.focus("b", time: 0)
    _ = view.keyPressed(.enter, time: 0.1)
    _ = view.keyPressed(.right, time: 0.2)
    _ = view.keyPressed(.right, time: 0.3)
    let events = view.keyPressed(.escape, time: 0.4)
    #expect(announcements(events) == ["Cancelled. b returned to position 2 of 4."])
    #expect(events.contains(.cancelled("b")))
    #expect(view.snapshot.sections.map(\.items) == [["a", "b", "c", "d"]])
  }

  @Test func aDeniedItemSaysItCannotMove() {
    var view = grid([["a", "b"]])
    view.policy = ReorderPolicy(denying: ["a"])
    _ = view.focus("a", time: 0)
    let events = view.keyPressed(.space, time: 0.1)
    #expect(events == [.denied("a"), .announcement("a cannot be moved.")])
    #expect(!view.isDragging)
    #expect(view.accessibilityActions(for: "a").isEmpty)
    #expect(view.performAccessibilityAction(.moveDown, on: "a", time: 1).contains(.denied("a")))
  }

  @Test func namesAndStringsComeFromTheAnnouncer() {
    var view = grid([["c0", "c1", "c2"]])
    view.announcer.itemName = { "Color \($0.dropFirst())" }
    view.announcer.sectionName = { _ in "Colors" }
    view.announcer.moved = { _, place in "Nach Position \(place.position) von \(place.count)." }
    #expect(announcements(view.focus("c1", time: 0)) == ["Color 1. Position 2 of 3 in Colors."])
    #expect(announcements(view.keyPressed(.space, time: 0.1)) == ["Color 1, lifted. Position 2 of 3 in Colors."])
    #expect(announcements(view.keyPressed(.home, time: 0.2)) == ["Nach Position 1 von 3."])
  }

  @Test func pointerMovesAreCoalesced() {
    var view = grid([(0..<12).map { "c\($0)" }])
    var events = view.pointerDown(at: Point(x: 50, y: 70), time: 0)
    events += view.tick(time: 0.5)
    // Sweep over five cells in 0.2 s: nothing is said until the pointer rests.
    for (i, x) in [150.0, 250, 50, 150, 250].enumerated() {
      events += view.pointerMoved(to: Point(x: x, y: i < 2 ? 70 : 170), time: 0.55 + Double(i) * 0.04)
    }
    #expect(announcements(events).count == 1, "only the lift: \(announcements(events))")
    events = view.tick(time: 1.5)
    #expect(announcements(events) == ["Moved to position 6 of 12."])
  }

  @Test func tabAndArrowsMoveTheFocusAndTheRingFollows() {
    var view = grid([["a", "b", "c", "d", "e"], ["f"]])
    _ = view.keyPressed(.tab, time: 0)
    #expect(view.focusedItem == "a")
    _ = view.keyPressed(.down, time: 0.1)
    #expect(view.focusedItem == "d")
    _ = view.keyPressed(.down, time: 0.2)
    #expect(view.focusedItem == "f", "down from the last row goes to the next section")
    _ = view.keyPressed(.backtab, time: 0.3)
    #expect(view.focusedItem == "e")
    let ring = view.renderList(at: 1).elements.last
    #expect(ring?.kind == .focusRing)
    #expect(ring.map { $0.frame.minX < 100 + 1 && $0.frame.maxX > 200 - 1 } == true, "around e (second column)")
    _ = view.pointerDown(at: Point(x: 50, y: 70), time: 2)
    #expect(view.focusedItem == nil, "the pointer hides the ring")
  }

  @Test func accessibilityActionsMoveAndUndo() {
    var view = grid([["a", "b", "c", "d"]])
    #expect(view.accessibilityActions(for: "a") == [.moveDown, .moveToEnd])
    #expect(view.accessibilityActions(for: "b") == [.moveUp, .moveDown, .moveToStart, .moveToEnd])
    #expect(AccessibilityMove.moveToEnd.englishName == "Move to end")
    let events = view.performAccessibilityAction(.moveToEnd, on: "a", time: 0)
    #expect(view.snapshot.sections.map(\.items) == [["b", "c", "d", "a"]])
    #expect(announcements(events) == ["Moved to position 4 of 4 in S0."])
    #expect(events.contains(.committed(ReorderDifference(items: ["a"], section: "S0", before: nil))))
    _ = view.performAccessibilityAction(.moveUp, on: "a", time: 1)
    #expect(view.snapshot.sections.map(\.items) == [["b", "c", "a", "d"]])
    _ = view.undo(time: 2)
    _ = view.undo(time: 3)
    #expect(view.snapshot.sections.map(\.items) == [["a", "b", "c", "d"]])
  }

  @Test func listsMoveThroughGapsAndIntoAndOutOfGroups() {
    var view = lessonsView(mode: .interactive)
    _ = view.focus("Wrap-up", time: 0)
    _ = view.keyPressed(.space, time: 0.1)
    _ = view.keyPressed(.up, time: 0.2)  // the gap before Generics, in Advanced
    _ = view.keyPressed(.up, time: 0.3)  // the gap before Advanced, at the top level
    _ = view.keyPressed(.right, time: 0.4)  // into Basics, the expanded group just above
    _ = view.keyPressed(.space, time: 0.5)
    #expect(outline(view) == ["Intro", "Basics[Variables,Loops,Wrap-up]", "Advanced[Generics]"])
    _ = view.focus("Wrap-up", time: 1)
    _ = view.keyPressed(.space, time: 1.1)
    _ = view.keyPressed(.left, time: 1.2)
    _ = view.keyPressed(.space, time: 1.3)
    #expect(
      outline(view) == ["Intro", "Basics[Variables,Loops]", "Wrap-up", "Advanced[Generics]"], "left takes it out")
  }
}
