import ReorderKit
import ReorderKitSDL
import Testing

/// When ``CollectionHost/onCommit`` (a ``CommitCollector``) says "save": once per committed gesture,
/// undo and redo, never per live step or for a cancelled drag.
@Suite("Commits: one per gesture, undo and redo")
struct CommitTests {
  typealias View = CollectionView<String, String>

  /// Nine cells, three per row, 100 pt square with no spacing, in a 300 × 600 view.
  static func grid(mode: ReorderMode = .interactive) -> View {
    var snapshot = Snapshot<String, String>()
    try! snapshot.appendSection("S", items: (0..<9).map { "c\($0)" })
    return View(
      snapshot: snapshot, layout: .grid(.init(width: 300, columns: 3, itemSpacing: 0, lineSpacing: 0)),
      viewSize: Size(width: 300, height: 600), mode: mode)
  }

  /// A host whose commits are recorded as the first row of the order after each.
  static func recordingHost(mode: ReorderMode) -> (CollectionHost<String, String>, () -> [[String]]) {
    let host = CollectionHost(view: grid(mode: mode)) { _ in }
    nonisolated(unsafe) var commits: [[String]] = []
    host.onCommit = { view, changes in
      #expect(!changes.isEmpty)
      commits.append(Array(view.snapshot.items(inSection: 0).prefix(3)))
    }
    return (host, { commits })
  }

  /// Lifts c0 and sweeps it over c1 and c2 (two placeholder moves, two live steps).
  static func sweep(_ host: CollectionHost<String, String>) {
    host.handle(.pointerDown(Point(x: 50, y: 50)), time: 0)
    host.tick(time: 0.5)
    host.handle(.pointerMoved(Point(x: 150, y: 50)), time: 0.6)
    host.handle(.pointerMoved(Point(x: 250, y: 50)), time: 0.7)
  }

  @Test(arguments: [ReorderMode.interactive, .live])
  func aDragIsOneCommitAtTheDropNotOnePerStep(mode: ReorderMode) {
    let (host, commits) = Self.recordingHost(mode: mode)
    Self.sweep(host)
    if mode == .live { #expect(host.view.snapshot.items(inSection: 0).prefix(3) == ["c1", "c2", "c0"]) }
    #expect(commits().isEmpty, "no commit while the drag goes on")
    host.handle(.pointerUp(Point(x: 250, y: 50)), time: 0.8)
    #expect(commits() == [["c1", "c2", "c0"]])
  }

  @Test func aCancelledLiveDragCommitsNothing() {
    let (host, commits) = Self.recordingHost(mode: .live)
    Self.sweep(host)
    host.handle(.key(.escape), time: 0.8)
    host.tick(time: 2)
    #expect(host.view.snapshot.items(inSection: 0).prefix(3) == ["c0", "c1", "c2"])
    #expect(commits().isEmpty)
  }

  @Test(arguments: [ReorderMode.interactive, .live])
  func undoAndRedoAreOneCommitEach(mode: ReorderMode) {
    let (host, commits) = Self.recordingHost(mode: mode)
    Self.sweep(host)
    host.handle(.pointerUp(Point(x: 250, y: 50)), time: 0.8)
    host.handle(.key(.character("z"), modifiers: .control), time: 2)
    host.handle(.key(.character("z"), modifiers: [.control, .shift]), time: 3)
    host.handle(.key(.character("z"), modifiers: .command), time: 4)
    host.handle(.key(.character("y"), modifiers: .control), time: 5)
    #expect(
      commits() == [
        ["c1", "c2", "c0"], ["c0", "c1", "c2"], ["c1", "c2", "c0"], ["c0", "c1", "c2"], ["c1", "c2", "c0"],
      ])
  }

  @Test func aKeyboardMoveIsOneCommit() {
    let (host, commits) = Self.recordingHost(mode: .live)
    for key in [Key.tab, .space, .right, .right, .down, .space] { host.handle(.key(key), time: 0) }
    #expect(commits() == [["c1", "c2", "c3"]])
    #expect(host.view.snapshot.items(inSection: 0)[5] == "c0")
  }

  @Test func aChangeOutsideAGestureIsACommitOfItsOwn() throws {
    let (host, commits) = Self.recordingHost(mode: .interactive)
    try host.view.perform(
      .inserted(ReorderDifference(items: ["new"], section: "S", before: "c0"), children: [:], expanded: []), time: 0)
    host.tick(time: 0.1)  // the view reports `perform`'s changes with the next call's events
    #expect(commits() == [["new", "c0", "c1"]])
    host.tick(time: 0.2)
    #expect(commits().count == 1, "reported once")
  }

  @Test func newDataMidDragIsCommittedWithTheDrop() throws {
    let (host, commits) = Self.recordingHost(mode: .interactive)
    Self.sweep(host)
    var data = host.view.snapshot
    try data.appendItem("new", toSection: "S")
    try host.view.apply(data, time: 0.75)
    host.tick(time: 0.76)
    #expect(commits().isEmpty, "held while the drag goes on")
    host.handle(.pointerUp(Point(x: 250, y: 50)), time: 0.8)
    #expect(commits() == [["c1", "c2", "c0"]])
    #expect(host.view.snapshot.items(inSection: 0).last == "new")
  }

  @Test func theCollectorHoldsADragsChangesUntilItEnds() {
    var view = Self.grid(mode: .live)
    var commits = CommitCollector<String, String>()
    _ = view.pointerDown(at: Point(x: 50, y: 50), time: 0)
    #expect(commits.collect(view.tick(time: 0.5), isDragging: view.isDragging) == nil)
    let step = view.pointerMoved(to: Point(x: 150, y: 50), time: 0.6)
    #expect(step.contains { if case .changed(.moved) = $0 { true } else { false } }, "a live step changes the data")
    #expect(commits.collect(step, isDragging: view.isDragging) == nil)
    #expect(commits.pending.count == 1)
    let drop = view.pointerUp(at: Point(x: 150, y: 50), time: 0.7)
    let changes = commits.collect(drop, isDragging: view.isDragging)
    #expect(changes?.count == 1)
    #expect(commits.pending.isEmpty)
  }
}
