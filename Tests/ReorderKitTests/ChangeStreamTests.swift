import ReorderTestSupport
import Testing

@testable import ReorderKit

/// A 3-column grid of 100 pt cells with no spacing: item i of section 0 is at column i % 3, row i / 3.
private func gridView(
  _ sections: [[String]], mode: ReorderMode = .interactive
) -> CollectionView<String, String> {
  CollectionView(
    snapshot: makeSnapshot(sections), layout: .grid(.init(width: 300, columns: 3)),
    viewSize: Size(width: 300, height: 2000), mode: mode)
}

/// The centre of slot i in section 0 of that grid (one section only).
private func cell(_ i: Int) -> Point { Point(x: Double(i % 3) * 100 + 50, y: Double(i / 3) * 100 + 50) }

private func committed(_ events: [CollectionViewEvent<String, String>]) -> [ReorderDifference<String, String>] {
  events.compactMap { if case .committed(let d) = $0 { d } else { nil } }
}

/// Applies a difference to plain sections by identity, as an app would to its own model.
func applyDifference(_ d: ReorderDifference<String, String>, to model: inout [(id: String, items: [String])]) {
  for s in model.indices { model[s].items.removeAll { d.items.contains($0) } }
  guard let s = model.firstIndex(where: { $0.id == d.section }) else { return }
  let index = d.before.flatMap { model[s].items.firstIndex(of: $0) } ?? model[s].items.endIndex
  model[s].items.insert(contentsOf: d.items, at: index)
}

@Suite("Changes: one door, undo and redo")
struct ChangeStreamTests {
  @Test func performMovesByIdentityAndReturnsTheWayBack() throws {
    var view = gridView([["a", "b", "c", "d"]])
    let undo = try view.perform(.moved(ReorderDifference(items: ["d"], section: "S0", before: "b")), time: 0)
    #expect(sections(of: view) == [["a", "d", "b", "c"]])
    #expect(undo == [.moved(ReorderDifference(items: ["d"], section: "S0", before: nil))])
    let events = view.tick(time: 0.1)
    #expect(events.contains(.changed(.moved(ReorderDifference(items: ["d"], section: "S0", before: "b")))))
    #expect(
      events.contains(
        .moved("d", from: .init(section: 0, parent: nil, index: 3), to: .init(section: 0, parent: nil, index: 1))))
    try view.perform(undo[0], time: 1)
    #expect(sections(of: view) == [["a", "b", "c", "d"]])
  }

  @Test func performRefusesWhatIsNotThere() {
    var view = lessonsView(mode: .interactive)
    #expect(throws: ChangeError.self) {
      try view.perform(.moved(ReorderDifference(items: ["zz"], section: "Lessons")), time: 0)
    }
    #expect(throws: ChangeError.self) {
      try view.perform(.moved(ReorderDifference(items: ["Intro"], section: "Nope")), time: 0)
    }
    #expect(throws: ChangeError.self) {
      try view.perform(.moved(ReorderDifference(items: ["Basics"], section: "Lessons", parent: "Advanced")), time: 0)
    }
    #expect(throws: ChangeError.self) {
      try view.perform(.moved(ReorderDifference(items: ["Intro"], section: "Lessons", before: "Variables")), time: 0)
    }
    #expect(throws: ChangeError.self) {
      try view.perform(.moved(ReorderDifference(items: ["Intro", "Intro"], section: "Lessons")), time: 0)
    }
    #expect(throws: ChangeError.self) {
      try view.perform(.moved(ReorderDifference(items: ["Basics", "Loops"], section: "Lessons")), time: 0)
    }
    #expect(throws: ChangeError.self) { try view.perform(.deleted(["Intro", "zz"]), time: 0) }
    #expect(throws: ChangeError.self) { try view.perform(.expanded("Intro"), time: 0) }
    #expect(outline(view) == ["Intro", "Basics[Variables,Loops]", "Advanced[Generics]", "Wrap-up"])
  }

  @Test func deleteAndInsertAreInverses() throws {
    var view = lessonsView(mode: .interactive)
    let before = view.snapshot
    let undo = try view.perform(.deleted(["Basics", "Generics"]), time: 0)
    #expect(outline(view) == ["Intro", "Advanced[]", "Wrap-up"])
    #expect(!view.snapshot.contains("Loops"))
    for change in undo { try view.perform(change, time: 1) }
    #expect(view.snapshot == before)
  }

  @Test func undoAndRedoAnInteractiveDrop() {
    var view = gridView([["a", "b", "c", "d", "e"]])
    let events = drag(&view, from: cell(0), through: [cell(2)])
    #expect(sections(of: view) == [["b", "c", "a", "d", "e"]])
    #expect(committed(events) == [ReorderDifference(items: ["a"], section: "S0", before: "d")])
    #expect(view.canUndo && !view.canRedo)
    let undone = view.undo(time: 5)
    #expect(sections(of: view) == [["a", "b", "c", "d", "e"]])
    #expect(committed(undone) == [ReorderDifference(items: ["a"], section: "S0", before: "b")])
    let redone = view.redo(time: 6)
    #expect(sections(of: view) == [["b", "c", "a", "d", "e"]])
    #expect(committed(redone) == [ReorderDifference(items: ["a"], section: "S0", before: "d")])
    #expect(view.undo(time: 7).contains { if case .committed = $0 { true } else { false } })
    #expect(!view.canUndo && view.canRedo)
    // Nothing to undo: a no-op.
    #expect(committed(view.undo(time: 8)).isEmpty)
  }

  @Test func aWholeLiveDragIsOneUndoStep() {
    var view = gridView([["a", "b", "c", "d", "e", "f"]], mode: .live)
    let events = drag(&view, from: cell(0), through: [cell(1), cell(2), cell(4)])
    #expect(sections(of: view) == [["b", "c", "d", "e", "a", "f"]])
    #expect(events.filter { if case .moved = $0 { true } else { false } }.count == 3)
    #expect(committed(events) == [ReorderDifference(items: ["a"], section: "S0", before: "f")])
    _ = view.undo(time: 9)
    #expect(sections(of: view) == [["a", "b", "c", "d", "e", "f"]])
    #expect(!view.canUndo)
    // A live drag that ends where it began commits nothing to undo.
    _ = drag(&view, from: cell(0), through: [cell(1), cell(0)], start: 20)
    #expect(sections(of: view) == [["a", "b", "c", "d", "e", "f"]])
    #expect(!view.canUndo)
  }

  @Test func undoFindsItemsByIdentityAfterNewData() throws {
    var view = gridView([["a", "b", "c", "d", "e"]])
    _ = drag(&view, from: cell(0), through: [cell(3)])
    #expect(sections(of: view) == [["b", "c", "d", "a", "e"]])
    // New data: "b" (where "a" stood before) is gone, "x" arrives at the front. Not undone itself.
    try view.apply(makeSnapshot([["x", "c", "d", "a", "e"]]), time: 5)
    _ = view.undo(time: 6)
    #expect(sections(of: view) == [["x", "c", "d", "e", "a"]], "b is gone: a goes to the end of its section")
    _ = view.redo(time: 7)
    #expect(sections(of: view) == [["x", "c", "d", "a", "e"]])
  }

  @Test func dragAndDropCopyIsUndoneByDeletingTheCopy() {
    var view = lessonsView()
    view.policy.dropSessionDidUpdate = { _, _, proposed in
      proposed.landsItems ? DropProposal(operation: .copy, intent: proposed.intent) : proposed
    }
    view.policy.identifierForCopy = { id, _ in "\(id) copy" }
    var d = DragDriver(view)
    d.lift(at: Point(x: 100, y: 20))
    d.move(Point(x: 100, y: 230))
    d.release(at: Point(x: 100, y: 230))
    #expect(d.view.snapshot.contains("Intro copy"))
    let before = outline(d.view)
    _ = d.view.undo(time: 10)
    #expect(!d.view.snapshot.contains("Intro copy"))
    _ = d.view.redo(time: 11)
    #expect(outline(d.view) == before)
  }

  @Test func aTapOnAFolderTogglesItThroughTheChangeStream() {
    var view = lessonsView(mode: .interactive)
    var events = view.pointerDown(at: Point(x: 100, y: 60), time: 0)
    events += view.pointerUp(at: Point(x: 100, y: 60), time: 0.1)
    #expect(events.contains(.tapped("Basics")))
    #expect(events.contains(.changed(.collapsed("Basics"))))
    #expect(!view.snapshot.isExpanded("Basics"))
  }
}

@Suite("New data during a drag")
struct NewDataMidDragTests {
  @Test func theDraggedItemKeepsItsPlaceByIdentity() throws {
    var view = gridView([["a", "b", "c", "d", "e", "f"]])
    _ = view.pointerDown(at: cell(0), time: 0)
    _ = view.tick(time: 0.5)
    _ = view.pointerMoved(to: cell(3), time: 0.6)  // the placeholder stands before "e"
    // New data: "b" deleted, "x" inserted at the front, "e" and "f" swapped.
    try view.apply(makeSnapshot([["x", "a", "c", "d", "f", "e"]]), time: 0.7)
    #expect(view.isDragging)
    let events = view.pointerUp(at: cell(3), time: 1)
    #expect(sections(of: view) == [["x", "c", "d", "f", "a", "e"]])
    #expect(committed(events) == [ReorderDifference(items: ["a"], section: "S0", before: "e")])
  }

  @Test func theNextItemGoneMeansTheEndOfTheSection() throws {
    var view = gridView([["a", "b", "c", "d"]])
    _ = view.pointerDown(at: cell(0), time: 0)
    _ = view.tick(time: 0.5)
    _ = view.pointerMoved(to: cell(1), time: 0.6)  // before "c"
    try view.apply(makeSnapshot([["a", "b", "d", "y"]]), time: 0.7)
    _ = view.pointerUp(at: cell(1), time: 0.7)
    #expect(sections(of: view) == [["b", "d", "y", "a"]])
  }

  @Test func deletingTheLiftedItemEndsTheDragAsACancel() throws {
    var view = gridView([["a", "b", "c", "d"]])
    _ = view.pointerDown(at: cell(0), time: 0)
    _ = view.tick(time: 0.5)
    _ = view.pointerMoved(to: cell(2), time: 0.6)
    try view.apply(makeSnapshot([["b", "c", "d"]]), time: 0.7)
    #expect(!view.isDragging)
    let events = view.pointerMoved(to: cell(1), time: 0.8) + view.pointerUp(at: cell(1), time: 0.9)
    #expect(events.contains(.cancelled("a")))
    #expect(sections(of: view) == [["b", "c", "d"]])
    #expect(!view.canUndo)
  }

  @Test func deletingTheSectionEndsTheDrag() throws {
    var view = CollectionView(
      snapshot: makeSnapshot([["a", "b"], ["c", "d"]]),
      layout: .grid(.init(width: 300, columns: 3, headerHeight: 30)), viewSize: Size(width: 300, height: 900))
    _ = view.pointerDown(at: Point(x: 50, y: 80), time: 0)
    _ = view.tick(time: 0.5)
    #expect(view.isDragging)
    // Section S0, where the placeholder is, is gone (its item "a" moved to S1).
    try view.apply(try! Snapshot(sections: [.init(id: "S1", items: ["c", "d", "a"])]), time: 0.6)
    #expect(!view.isDragging)
    #expect(view.tick(time: 0.7).contains(.cancelled("a")))
  }

  @Test func deletedItemsLeaveADragSession() throws {
    var d = DragDriver(lessonsView())
    d.lift(at: Point(x: 100, y: 20))  // Intro
    d.tap(Point(x: 100, y: 220))  // Wrap-up (rows close up: Wrap-up is at row 5 once Intro leaves)
    #expect(d.view.dragSessionItems.count == 2)
    var data = d.view.snapshot
    _ = try! data.apply(.deleted([d.view.dragSessionItems[1]]))
    try d.view.apply(data, time: d.t + 0.01)
    #expect(d.view.dragSessionItems == ["Intro"])
    d.move(Point(x: 100, y: 150))
    d.release(at: Point(x: 100, y: 150))
    #expect(d.view.snapshot.totalItemCount == data.totalItemCount)
  }

  /// Random sessions of pointer moves, new data mid-drag (inserts, deletes, moves, sections removed),
  /// undo and redo, in every mode and both layout kinds: no trap, no item lost or duplicated, the
  /// differences replay to the data shown, and undo then redo returns the same arrangement.
  /// Each mode has its own fixed seed (printed with every failure), the same on every run.
  @Test(arguments: [(ReorderMode.interactive, UInt64(0xC0FFEE)), (.live, 0xC0FFEF), (.dragDrop, 0xC0FFF0)])
  func randomSessionsWithNewData(mode: ReorderMode, seed: UInt64) throws {
    var rng = SplitMix(spreading: seed)
    var next = 0
    for round in 0..<300 {
      let sectionCount = rng.int(1...3)
      let data: [(id: String, items: [String])] = (0..<sectionCount).map { s in
        (
          id: "S\(s)",
          items: (0..<rng.int(0...7)).map { _ in
            next += 1
            return "i\(next)"
          }
        )
      }
      func snapshot(_ model: [(id: String, items: [String])]) -> Snapshot<String, String> {
        try! Snapshot(sections: model.map { .init(id: $0.id, items: $0.items) })
      }
      var view = CollectionView(
        snapshot: snapshot(data),
        layout: round % 2 == 0
          ? .grid(.init(width: 300, columns: 3, headerHeight: 20))
          : .list(.init(width: 300, rowHeight: 40, headerHeight: 20)),
        viewSize: Size(width: 300, height: 2000), mode: mode)
      var model = data
      var t = 0.0
      var events: [CollectionViewEvent<String, String>] = []
      func randomPoint() -> Point { Point(x: Double(rng.int(0...299)), y: Double(rng.int(0...900))) }
      for _ in 0..<12 {
        switch rng.int(0...9) {
        case 0...4:
          // A gesture, maybe with new data in the middle.
          events += view.pointerDown(at: randomPoint(), time: t)
          t += 0.55
          events += view.tick(time: t)
          for _ in 0..<rng.int(1...4) {
            t += 0.05
            events += view.pointerMoved(to: randomPoint(), time: t)
            if mode == .dragDrop && rng.chance(0.2) { events += view.addItemToDragSession(at: randomPoint(), time: t) }
          }
          if rng.chance(0.5) {
            // New data: the current model with deletions, insertions, moves, maybe a section removed.
            var new = model
            for s in new.indices {
              new[s].items.removeAll { _ in rng.chance(0.2) }
              if rng.chance(0.4) {
                next += 1
                new[s].items.insert("i\(next)", at: rng.int(0...new[s].items.count))
              }
              if new[s].items.count > 1, rng.chance(0.3) { new[s].items.swapAt(0, new[s].items.count - 1) }
            }
            if new.count > 1, rng.chance(0.2) { new.remove(at: rng.int(0...new.count - 1)) }
            if rng.chance(0.1) {
              next += 1
              new.append((id: "N\(next)", items: []))
            }
            t += 0.05
            try view.apply(snapshot(new), time: t)
            model = new
          }
          t += 0.05
          events += rng.chance(0.15) ? view.cancelGesture(time: t) : view.pointerUp(at: randomPoint(), time: t)
        case 5...6:
          t += 0.3
          events += view.undo(time: t)
        case 7...8:
          t += 0.3
          events += view.redo(time: t)
        default:
          t += 0.3
          let before = view.snapshot
          let undone = view.undo(time: t)
          events += undone
          if undone.contains(where: { if case .committed = $0 { true } else { false } }) {
            events += view.redo(time: t + 0.1)
            #expect(view.snapshot == before, "seed \(seed), round \(round): undo then redo changed the arrangement")
          }
          t += 0.1
        }
        t += 0.4
        events += view.tick(time: t)
        // Every item of the latest data, once.
        let shown = view.snapshot.sections.flatMap(\.items)
        #expect(Set(shown).count == shown.count, "seed \(seed), round \(round): an item is shown twice")
        #expect(Set(shown) == Set(model.flatMap(\.items)), "seed \(seed), round \(round): items lost or added")
        // The differences reported since the latest data replay to what is shown.
        for d in committed(events) { applyDifference(d, to: &model) }
        events = []
        #expect(
          model.map(\.items) == view.snapshot.sections.map(\.items),
          "seed \(seed), round \(round): differences do not replay")
        model = view.snapshot.sections.map { (id: $0.id, items: $0.items) }
      }
    }
  }
}
