import Benchmark
import ReorderKit

/// Drag and drop: the cost of one proposal update (a pointer move during a drag and drop: hit
/// test, target rule, delegate hook, gap move and reflow of the visible rows) over outlines of
/// 1,000, 100,000 and 1,000,000 rows, and over a 100,000-item grid. Goal: under 50 µs at 100,000 rows.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, scalingFactor: .kilo, maxDuration: .seconds(3))

  // Views are built and lifted once; each sample drags a copy (copy-on-write: the rows are shared,
  // so neither building nor freeing a million rows is measured).
  func register(_ name: String, _ lifted: CollectionView<Int, Int>) {
    Benchmark(name) { benchmark in
      var view = lifted
      var step = 0
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        DragDropWorkload.step(&view, step)
        step += 1
      }
      benchmark.stopMeasurement()
      blackHole(view)
    }
  }
  for rows in [1_000, 100_000, 1_000_000] {
    register("Drop proposal update, outline of \(rows) rows", DragDropWorkload.liftedOutline(rows: rows))
  }
  register(
    "Drop proposal update, outline of 100000 rows, 3-item session",
    DragDropWorkload.liftedOutline(rows: 100_000, extraItems: 2))
  register("Drop proposal update, grid of 100000 items", DragDropWorkload.liftedGrid(items: 100_000))
  register("Drop proposal update, grid of 1000000 items", DragDropWorkload.liftedGrid(items: 1_000_000))
  // A session of two items, the gap in the middle of a 1,000,000-item section: the gap's next item is
  // found by stepping over the travelling items, not by walking the section.
  register(
    "Drop proposal update, grid of 1000000 items, 2-item session",
    DragDropWorkload.liftedGrid(items: 1_000_000, extraItems: 1))

  // The lift itself, a drag and drop against an interactive movement in the same run: the session
  // maps a grid's slots to the data by arithmetic in both modes, so neither copies the items.
  for items in [1_000, 1_000_000] {
    for mode in [ReorderMode.interactive, .dragDrop] {
      let idle = DragDropWorkload.grid(items: items, mode: mode)
      Benchmark("Lift, grid of \(items) items, \(mode)") { benchmark in
        for _ in benchmark.scaledIterations {
          var view = idle
          view.beginInteractiveMovementForItem(at: ItemPath(item: 4, section: 0), time: 0)
          blackHole(view)
        }
      }
    }
  }
}

enum DragDropWorkload {
  static let viewSize = Size(width: 390, height: 844)

  /// Every fifth top-level item is an expanded group of three lessons.
  static func outline(rows: Int) -> Snapshot<Int, Int> {
    var s = Snapshot<Int, Int>()
    try! s.appendSection(0)
    var id = 0
    var r = 0
    while r < rows {
      if id % 5 == 0 {
        try! s.appendGroup(id, children: (1...3).map { 10_000_000 + id * 10 + $0 }, expanded: true, toSection: 0)
        r += 4
      } else {
        try! s.appendItem(id, toSection: 0)
        r += 1
      }
      id += 1
    }
    return s
  }

  /// An outline scrolled to its middle with a row lifted (and `extraItems` more tapped into the session).
  static func liftedOutline(rows: Int, extraItems: Int = 0) -> CollectionView<Int, Int> {
    var view = CollectionView(
      snapshot: outline(rows: rows), layout: .list(.init(width: 390, height: 844, rowHeight: 44)), viewSize: viewSize,
      mode: .dragDrop)
    return lifted(&view, extraItems: extraItems)
  }

  /// A grid of 3 columns, one section, nothing lifted.
  static func grid(items: Int, mode: ReorderMode = .dragDrop) -> CollectionView<Int, Int> {
    var s = Snapshot<Int, Int>()
    try! s.appendSection(0, items: Array(0..<items))
    return CollectionView(
      snapshot: s, layout: .grid(.init(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20)), viewSize: viewSize,
      mode: mode)
  }

  /// A grid of 3 columns scrolled to its middle with an item lifted.
  static func liftedGrid(items: Int, extraItems: Int = 0) -> CollectionView<Int, Int> {
    var view = grid(items: items)
    return lifted(&view, extraItems: extraItems)
  }

  static func lifted(_ view: inout CollectionView<Int, Int>, extraItems: Int = 0) -> CollectionView<Int, Int> {
    view.setContentOffset(Point(x: 0, y: view.contentSize.height / 2))
    _ = view.pointerDown(at: Point(x: 100, y: 200), time: 0)
    _ = view.tick(time: 0.55)
    precondition(view.isDragging, "the drag did not begin")
    for k in 0..<extraItems { _ = view.addItemToDragSession(at: Point(x: 100, y: 420 + 50 * Double(k)), time: 0.6) }
    precondition(view.dragSessionItems.count == 1 + extraItems, "an item did not join the session")
    return view
  }

  /// One proposal update: the pointer visits rows all over the view (away from the auto-scroll bands),
  /// so most steps move the gap and reflow the visible rows.
  @inline(__always)
  static func step(_ view: inout CollectionView<Int, Int>, _ step: Int) {
    let ys: [Double] = [150, 300, 420, 500, 610, 700, 330, 260, 460, 380]
    _ = view.pointerMoved(to: Point(x: 100, y: ys[step % 10] + Double(step % 7)), time: 1 + Double(step) * 0.01)
  }
}
