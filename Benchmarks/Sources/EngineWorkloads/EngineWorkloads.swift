import ReorderKit

/// The engine workloads measured by `EngineBenchmarks` and `engine-report`: layouts, hit tests,
/// visible-rect queries, drag steps and render lists at a given item count.
public enum EngineWorkloads {
  /// The grid of the Colors scene: 390 pt wide, three columns, 20 pt spacing.
  public static let grid = GridLayout.Configuration(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20)
  /// A flow grid with per-item sizes.
  public static let flow = GridLayout.Configuration(width: 390, itemSpacing: 8, lineSpacing: 8)
  /// The sidebar list.
  public static let list = ListLayout.Configuration(width: 320, rowHeight: 44, headerHeight: 28)
  /// The view of a phone in portrait.
  public static let viewSize = Size(width: 390, height: 844)

  /// Deterministic sizes for a flow of n items (40–130 pt wide, 40–80 pt tall).
  public static func sizes(_ n: Int) -> [Size] {
    (0..<n).map { i in Size(width: 40 + Double((i &* 37) % 10) * 10, height: 40 + Double((i &* 11) % 5) * 10) }
  }

  /// A single-section snapshot of n integer items.
  public static func flatSnapshot(_ n: Int) -> Snapshot<Int, Int> {
    var s = Snapshot<Int, Int>()
    try! s.appendSection(0, items: Array(0..<n))
    return s
  }

  /// An outline of about n rows: groups of nine children each, every group expanded, in one section.
  public static func outlineSnapshot(rows n: Int) -> Snapshot<Int, Int> {
    var s = Snapshot<Int, Int>()
    try! s.appendSection(0)
    var next = 0
    while next < n {
      let group = next
      let children = Array(next + 1..<min(next + 10, n))
      try! s.appendGroup(group, children: children, expanded: true, toSection: 0)
      next += 10
    }
    return s
  }

  /// Points spread over the whole content, for hit tests (fixed sequence).
  public static func probePoints(in size: Size, count: Int = 1024) -> [Point] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let x = Double(state >> 33) / Double(1 << 31) * size.width
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let y = Double(state >> 33) / Double(1 << 31) * size.height
      return Point(x: x, y: y)
    }
  }

  /// A grid view scrolled to the middle of n items with an item lifted, ready for drag steps.
  public static func draggingGrid(_ n: Int) -> CollectionView<Int, Int> {
    var view = CollectionView(snapshot: flatSnapshot(n), layout: .grid(grid), viewSize: viewSize)
    _ = view.scroll(by: Point(x: 0, y: view.contentSize.height / 2), time: 0)
    _ = view.pointerDown(at: Point(x: 58, y: 300), time: 1)
    _ = view.tick(time: 1.5)
    precondition(view.isDragging, "the drag did not begin")
    return view
  }

  /// A list view of n outline rows with a leaf lifted in the middle, ready for drag steps.
  public static func draggingList(_ n: Int) -> CollectionView<Int, Int> {
    var view = CollectionView(snapshot: outlineSnapshot(rows: n), layout: .list(list), viewSize: viewSize)
    _ = view.scroll(by: Point(x: 0, y: view.contentSize.height / 2), time: 0)
    _ = view.pointerDown(at: Point(x: 100, y: 28 + 44 * 5 + 10), time: 1)
    _ = view.tick(time: 1.5)
    precondition(view.isDragging, "the drag did not begin")
    return view
  }

  /// One drag step: the pointer alternates between two cells three rows apart, so every step moves
  /// the placeholder and reflows what is visible.
  @inline(__always)
  public static func dragStep(_ view: inout CollectionView<Int, Int>, step: Int, time: Double) {
    let p = step % 2 == 0 ? Point(x: 332, y: 560) : Point(x: 58, y: 150)
    _ = view.pointerMoved(to: p, time: time)
  }

  /// A grid view scrolled to the middle of n items with an item lifted by the keyboard (focus, Space).
  public static func keyboardGrid(_ n: Int) -> CollectionView<Int, Int> {
    var view = CollectionView(snapshot: flatSnapshot(n), layout: .grid(grid), viewSize: viewSize)
    _ = view.focus(n / 2, time: 0)
    _ = view.keyPressed(.space, time: 1)
    precondition(view.isDragging, "the keyboard did not lift the item")
    return view
  }

  /// One key step: Down and Up in turn, so every step moves the placeholder one row and reflows
  /// what is visible, as a pointer drag step does.
  @inline(__always)
  public static func keyStep(_ view: inout CollectionView<Int, Int>, step: Int, time: Double) {
    _ = view.keyPressed(step % 2 == 0 ? .down : .up, time: time)
  }

  /// New data for a single section of n items: the first and last hundredth swapped, 100 items
  /// deleted and 100 inserted (identifiers from n on), the rest in place.
  public static func newData(_ n: Int) -> Snapshot<Int, Int> {
    var items = Array(0..<n)
    let k = max(n / 100, 1)
    for i in 0..<k { items.swapAt(i, n - 1 - i) }
    let cut = min(100, n / 10)
    items.removeSubrange(n / 2 + 1..<n / 2 + 1 + cut)
    items.insert(contentsOf: n..<n + cut, at: n / 3)
    var s = Snapshot<Int, Int>()
    try! s.appendSection(0, items: items)
    return s
  }

  /// A view of n items, idle or with the middle item lifted, that `apply` takes back and forth
  /// between its data and ``newData(_:)``.
  public static func applyView(_ n: Int, dragging: Bool) -> CollectionView<Int, Int> {
    var view = CollectionView(snapshot: flatSnapshot(n), layout: .grid(grid), viewSize: viewSize)
    _ = view.focus(n / 2, time: 0)
    if dragging {
      _ = view.keyPressed(.space, time: 1)
      precondition(view.isDragging, "the keyboard did not lift the item")
    }
    return view
  }
}
