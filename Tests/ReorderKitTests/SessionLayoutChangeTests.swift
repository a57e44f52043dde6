import Testing

@testable import ReorderKit

/// A drag whose view changes its layout meanwhile: the session keeps its arrangement over a
/// layout of the same kind, and ends as a cancel when the kind changes.
@Suite("A layout change during a drag")
struct SessionLayoutChangeTests {
  static let grid3 = LayoutConfiguration.grid(.init(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20))
  static let grid4 = LayoutConfiguration.grid(.init(width: 390, columns: 4, itemSpacing: 10, lineSpacing: 10))
  static let list = LayoutConfiguration.list(.init(width: 390, rowHeight: 44))

  static func view(_ mode: ReorderMode) -> CollectionView<String, String> {
    var snapshot = Snapshot<String, String>()
    try! snapshot.appendSection("S", items: (0..<12).map { "i\($0)" })
    return CollectionView(snapshot: snapshot, layout: grid3, viewSize: Size(width: 390, height: 800), mode: mode)
  }

  @Test(arguments: [ReorderMode.interactive, .live, .dragDrop])
  func sameKindKeepsTheDrag(mode: ReorderMode) {
    var view = Self.view(mode)
    let lifted = view.beginInteractiveMovementForItem(at: ItemPath(item: 0, section: 0), time: 0)
    #expect(lifted)
    view.setLayout(Self.grid4, time: 0.1)
    #expect(view.isDragging)
    // Over the fourth slot of the 4-column grid (the item at [0, 3] there).
    let frame = view.frame(of: "i3")!
    _ = view.updateInteractiveMovementTargetPosition(
      Point(x: frame.midX - view.contentOffset.x, y: frame.midY - view.contentOffset.y), time: 0.2)
    _ = view.endInteractiveMovement(time: 0.3)
    #expect(view.isDragging == false)
    let items = view.snapshot.items(inSection: 0)
    #expect(items.prefix(4) == ["i1", "i2", "i3", "i0"])
    #expect(Set(items).count == 12)
  }

  @Test(arguments: [ReorderMode.interactive, .live, .dragDrop])
  func aSwitchToAListCancels(mode: ReorderMode) {
    var view = Self.view(mode)
    let lifted = view.beginInteractiveMovementForItem(at: ItemPath(item: 0, section: 0), time: 0)
    #expect(lifted)
    let frame = view.frame(of: "i4")!
    _ = view.updateInteractiveMovementTargetPosition(Point(x: frame.midX, y: frame.midY), time: 0.2)
    view.setLayout(Self.list, time: 0.3)
    #expect(view.isDragging == false)
    let events = view.tick(time: 0.4)
    #expect(events.contains(.cancelled("i0")))
    // A cancel puts the item back, in live mode too.
    #expect(view.snapshot.items(inSection: 0) == (0..<12).map { "i\($0)" })
    // The list works: a row can be lifted and moved.
    let liftedRow = view.beginInteractiveMovementForItem(at: ItemPath(item: 0, section: 0), time: 1)
    #expect(liftedRow)
    _ = view.endInteractiveMovement(time: 1.1)
    #expect(view.snapshot.items(inSection: 0).count == 12)
  }
}
