import Testing

@testable import ReorderKit

/// `apply` with "same identity, new content": the render list marks exactly the items and headers
/// that changed, their new content fades in with the injected time, mid-drag and on the lifted
/// cell too, and the `.replaced` event names them.
@Suite("Apply with changed content: in-place crossfades")
struct ContentChangeRenderTests {
  static let layout = LayoutConfiguration.grid(
    .init(width: 300, columns: 3, itemSpacing: 0, lineSpacing: 0, headerHeight: 20))

  /// A: a b c   B: d e
  static func view() -> CollectionView<String, String> {
    var data = Snapshot<String, String>()
    try! data.appendSection("A", items: ["a", "b", "c"])
    try! data.appendSection("B", items: ["d", "e"])
    return CollectionView(snapshot: data, layout: layout, viewSize: Size(width: 300, height: 800))
  }

  func marked(_ list: RenderList<String, String>) -> [RenderElement<String, String>.Kind: Double] {
    Dictionary(
      list.elements.filter { $0.contentChange != 1 }.map { ($0.kind, $0.contentChange) }, uniquingKeysWith: min)
  }

  func replacements(_ events: [CollectionViewEvent<String, String>]) -> [ContentChanges<String, String>] {
    events.compactMap { if case .changed(.replaced(_, _, let content)) = $0 { content } else { nil } }
  }

  @Test func exactlyTheChangedItemsAndHeadersAreMarkedAndFadeInOverPointTwoSeconds() throws {
    var view = Self.view()
    let data = view.snapshot
    // Same data; b and B changed content; unknown identifiers (x, Z) are never asked about.
    var asked: [String] = []
    try view.apply(
      data,
      contentChanged: {
        asked.append($0)
        return $0 == "b" || $0 == "x"
      },
      sectionContentChanged: { $0 == "B" || $0 == "Z" }, time: 1)
    #expect(asked.sorted() == ["a", "b", "c", "d", "e"])  // each surviving item once
    #expect(marked(view.renderList(at: 1)) == [.item("b"): 0, .header("B"): 0])
    let mid = marked(view.renderList(at: 1.1))
    #expect(Set(mid.keys) == [.item("b"), .header("B")])
    #expect(mid.values.allSatisfy { $0 > 0.3 && $0 < 0.7 })
    #expect(view.renderList(at: 1.15).isAnimating)
    // No reload flash: the changed cell stays opaque, in place and at full size throughout.
    for t in stride(from: 1.0, through: 1.2, by: 0.05) {
      let b = view.renderList(at: t).elements.first { $0.kind == .item("b") }!
      #expect(b.alpha == 1 && b.scale == 1 && b.frame == Rect(x: 100, y: 20, width: 100, height: 100))
    }
    #expect(marked(view.renderList(at: 1.2)).isEmpty)
    _ = view.tick(time: 1.2)
    #expect(!view.renderList(at: 1.2).isAnimating)
    #expect(view.motion.contentFades.isEmpty)
  }

  @Test func reconfigureCrossfadesInPlaceWithNoNewDataAndReportsNothing() throws {
    var view = Self.view()
    let data = view.snapshot
    // A header's count after a move: the same crossfade as apply's, without new data.
    view.reconfigure(items: ["c", "x"], sections: ["A", "Z"], time: 2)
    #expect(marked(view.renderList(at: 2)) == [.item("c"): 0, .header("A"): 0])
    let mid = marked(view.renderList(at: 2.1))
    #expect(Set(mid.keys) == [.item("c"), .header("A")])
    #expect(mid.values.allSatisfy { $0 > 0.3 && $0 < 0.7 })
    #expect(view.renderList(at: 2.1).isAnimating)
    // Nothing changed in the data: no event, no undo step, the data as it was.
    #expect(view.tick(time: 2.1).isEmpty)
    #expect(view.snapshot == data)
    #expect(!view.canUndo)
    #expect(marked(view.renderList(at: 2.2)).isEmpty)
    _ = view.tick(time: 2.2)
    #expect(view.motion.contentFades.isEmpty)
    // Nothing named: nothing runs.
    view.reconfigure(time: 3)
    #expect(view.motion.contentFades.isEmpty)
  }

  @Test func theEventNamesWhatChangedEvenWhenTheDataIsTheSame() throws {
    var view = Self.view()
    let data = view.snapshot
    try view.apply(data, contentChanged: { $0 == "e" }, sectionContentChanged: { $0 == "A" }, time: 1)
    let events = view.tick(time: 1)
    #expect(
      events == [.changed(.replaced(old: data, new: data, content: ContentChanges(items: ["e"], sections: ["A"])))])
    // Without content changes, the same data reports nothing, as before.
    try view.apply(data, time: 2)
    #expect(view.tick(time: 2).isEmpty)
  }

  @Test func noMarksWithoutContentChanges() throws {
    var view = Self.view()
    var data = view.snapshot
    data.moveItem(at: ItemPath(item: 0, section: 0), to: ItemPath(item: 1, section: 1))
    let staged = try view.apply(data, time: 1)
    #expect(staged == StagedChangeset(from: Self.view().snapshot, to: data))
    for t in [1.0, 1.1, 1.2, 1.3] { #expect(marked(view.renderList(at: t)).isEmpty) }
    #expect(replacements(view.tick(time: 1)) == [ContentChanges()])
    // Content changes without animation: named in the event, no crossfade.
    try view.apply(data, animatingDifferences: false, contentChanged: { $0 == "a" }, time: 2)
    #expect(marked(view.renderList(at: 2)).isEmpty)
    #expect(replacements(view.tick(time: 2)) == [ContentChanges(items: ["a"])])
  }

  @Test func aChangedItemThatMovesKeepsItsCellAndTheChangesetReconfiguresIt() throws {
    var view = Self.view()
    let old = view.snapshot
    var data = old
    data.moveItem(at: ItemPath(item: 0, section: 0), to: ItemPath(item: 2, section: 0))  // A: b c a
    let staged = try view.apply(data, contentChanged: { $0 == "a" }, sectionContentChanged: { $0 == "B" }, time: 1)
    let expected = try StagedChangeset(
      from: old.sections, to: data.sections, itemUpdates: .reconfigure, contentChanged: { $0 == "a" },
      sectionContentChanged: { $0 == "B" })
    #expect(staged == expected)
    #expect(staged.stages.flatMap(\.reconfigureItems) == [ItemPath(item: 2, section: 0)])
    #expect(staged.stages.flatMap(\.reloadSections) == [1])
    // a glides to its new place and its content fades in on the way.
    let a = view.renderList(at: 1.1).elements.first { $0.kind == .item("a") }!
    #expect(a.contentChange > 0 && a.contentChange < 1 && a.alpha == 1)
    #expect(replacements(view.tick(time: 1)) == [ContentChanges(items: ["a"], sections: ["B"])])
  }

  @Test func midDragTheLiftedCellAndTheOthersCrossfade() throws {
    var view = Self.view()
    // Lift a (centre 50, 70) and move it over c.
    lift(&view, at: Point(x: 50, y: 70))
    _ = view.pointerMoved(to: Point(x: 250, y: 70), time: 0.7)
    #expect(view.draggedItem == "a")
    let data = view.snapshot
    try view.apply(data, contentChanged: { $0 == "a" || $0 == "d" }, sectionContentChanged: { $0 == "A" }, time: 0.8)
    #expect(view.isDragging)
    let list = view.renderList(at: 0.9)
    let lifted = list.elements.first { $0.kind == .item("a") && $0.isLifted }!
    #expect(lifted.contentChange > 0 && lifted.contentChange < 1)
    #expect(Set(marked(list).keys) == [.item("a"), .item("d"), .header("A")])
    #expect(marked(view.renderList(at: 1.0)).isEmpty)
    #expect(view.renderList(at: 1.0).isAnimating)  // the drag goes on
    let events = view.pointerUp(at: Point(x: 250, y: 70), time: 1.1)
    #expect(replacements(events) == [ContentChanges(items: ["a", "d"], sections: ["A"])])
    #expect(view.snapshot.items(inSection: 0) == ["b", "c", "a"])
  }

  @Test func performingTheEventAgainCrossfadesAndItsInverseNamesTheSameContent() throws {
    var view = Self.view()
    let data = view.snapshot
    let change = Change.replaced(old: data, new: data, content: ContentChanges(items: ["c"]))
    let undo = try view.perform(change, time: 3)
    #expect(undo == [change])
    #expect(marked(view.renderList(at: 3)) == [.item("c"): 0])
    #expect(try view.perform(.replaced(old: data, new: data), time: 4) == [])  // nothing changed
  }
}
