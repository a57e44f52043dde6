import ReorderKit
import ReorderKitSDL
import Testing

/// The parts of the SDL host that need no window: routing input into a collection view placed in a
/// rectangle of the window, and telling the app what changed.
@Suite("CollectionPane and CollectionHost: input to the view, changes to the app")
struct HostTests {
  typealias View = CollectionView<String, String>

  /// Nine cells, three per row, 100 pt square with no spacing, in a 300 × 600 view.
  static func grid() -> View {
    var snapshot = Snapshot<String, String>()
    try! snapshot.appendSection("S", items: (0..<9).map { "c\($0)" })
    return View(
      snapshot: snapshot, layout: .grid(.init(width: 300, columns: 3, itemSpacing: 0, lineSpacing: 0)),
      viewSize: Size(width: 300, height: 600))
  }

  /// A pane below a 50-point bar.
  static let frame = Rect(x: 0, y: 50, width: 300, height: 600)

  @Test func aPressInsideIsInViewCoordinatesAndItsMovesFollowItOutside() {
    var view = Self.grid()
    var pane = CollectionPane<String, String>(frame: Self.frame)
    _ = pane.handle(.pointerDown(Point(x: 50, y: 100)), view: &view, time: 0)  // c0 at (50, 50) in the view
    #expect(pane.isTrackingPointer)
    let lifted = view.tick(time: 0.5)
    #expect(lifted.contains(.lifted("c0")))
    // Over c1 (150, 50 in the view), then released above the pane: the release still reaches the view.
    _ = pane.handle(.pointerMoved(Point(x: 150, y: 100)), view: &view, time: 0.6)
    _ = pane.handle(.pointerUp(Point(x: 150, y: 10)), view: &view, time: 0.7)
    #expect(!pane.isTrackingPointer)
    #expect(view.snapshot.items(inSection: 0).prefix(3) == ["c1", "c0", "c2"])
  }

  @Test func aPressOutsideIsNotTheViews() {
    var view = Self.grid()
    var pane = CollectionPane<String, String>(frame: Self.frame)
    #expect(pane.handle(.pointerDown(Point(x: 50, y: 20)), view: &view, time: 0).isEmpty)
    #expect(!pane.isTrackingPointer)
    _ = view.tick(time: 0.6)
    #expect(!view.isDragging)
    #expect(pane.handle(.pointerUp(Point(x: 50, y: 20)), view: &view, time: 0.7).isEmpty)
  }

  @Test func escapeCancelsTheDrag() {
    var view = Self.grid()
    var pane = CollectionPane<String, String>(frame: Self.frame)
    _ = pane.handle(.pointerDown(Point(x: 50, y: 100)), view: &view, time: 0)
    _ = view.tick(time: 0.5)
    _ = pane.handle(.pointerMoved(Point(x: 250, y: 100)), view: &view, time: 0.6)
    let events = pane.handle(.key(.escape), view: &view, time: 0.7)
    #expect(events.contains(.cancelled("c0")))
    #expect(view.snapshot.items(inSection: 0).prefix(3) == ["c0", "c1", "c2"])
  }

  @Test func pageDownScrollsMostOfAPage() {
    var snapshot = Snapshot<String, String>()
    try! snapshot.appendSection("S", items: (0..<300).map { "c\($0)" })
    var view = View(
      snapshot: snapshot, layout: .grid(.init(width: 300, columns: 3, itemSpacing: 0, lineSpacing: 0)),
      viewSize: Size(width: 300, height: 600))
    var pane = CollectionPane<String, String>(frame: Self.frame)
    _ = pane.handle(.key(.pageDown), view: &view, time: 0)
    #expect(view.contentOffset.y == 540)
  }

  @Test func aNewFrameResizesAndRelaysTheView() {
    var view = Self.grid()
    var pane = CollectionPane<String, String>(frame: Self.frame)
    pane.setFrame(
      Rect(x: 0, y: 50, width: 600, height: 400), view: &view,
      layout: { size in .grid(.init(width: size.width, columns: 6, itemSpacing: 0, lineSpacing: 0)) }, time: 0)
    #expect(view.viewSize == Size(width: 600, height: 400))
    #expect(view.frame(of: "c5") == Rect(x: 500, y: 0, width: 100, height: 100))
  }

  @Test func theHostReportsChangesButNotThePlaceholdersMoves() {
    let host = CollectionHost(view: Self.grid()) { _ in }
    var commits: [[String]] = []
    var events = 0
    host.onCommit = { view, changes in
      #expect(!changes.isEmpty)
      commits.append(view.snapshot.items(inSection: 0))
    }
    host.onEvent = { _ in events += 1 }
    host.handle(.pointerDown(Point(x: 50, y: 50)), time: 0)
    host.tick(time: 0.5)
    host.handle(.pointerMoved(Point(x: 150, y: 50)), time: 0.6)
    host.handle(.pointerMoved(Point(x: 250, y: 50)), time: 0.7)
    #expect(commits.isEmpty)
    host.handle(.pointerUp(Point(x: 250, y: 50)), time: 0.8)
    #expect(commits == [["c1", "c2", "c0", "c3", "c4", "c5", "c6", "c7", "c8"]])
    #expect(events >= 3)  // lifted, …, dropped
  }

  @Test func theHostFollowsTheWindowsSize() {
    let host = CollectionHost(view: Self.grid()) { _ in }
    host.layout = { size in .grid(.init(width: size.width, columns: 4, itemSpacing: 0, lineSpacing: 0)) }
    host.handle(.resized(Size(width: 400, height: 300)), time: 0)
    #expect(host.pane.frame == Rect(x: 0, y: 0, width: 400, height: 300))
    #expect(host.view.frame(of: "c3") == Rect(x: 300, y: 0, width: 100, height: 100))
  }
}
