// The web library's virtual lists and grids (Web/Lib/virtual.js, `ReorderKit.virtual`): one view of
// `count` items (ids 1…count, the page maps them to its own), too long for the DOM; the page keeps
// only the visible elements and scrolls natively, and tells the view where it scrolled.

#if arch(wasm32)
  /// The name of item `id` for an announcement: the page writes its UTF-8 into the input buffer
  /// (growing it through rk_input_buffer) and returns its length.
  @_extern(wasm, module: "reorderkit", name: "name")
  func hostName(_ view: Int32, _ id: Int32) -> Int32
#else
  func hostName(_ view: Int32, _ id: Int32) -> Int32 { 0 }
#endif

/// An item's name, asked of the page.
func pageName(_ view: Int32, _ id: Int) -> String {
  let length = Int(hostName(view, Int32(truncatingIfNeeded: id)))
  guard length > 0, length <= inputBuffer.capacity else { return "Item \(id)" }
  return String(decoding: UnsafeBufferPointer(start: inputBuffer.base, count: length), as: UTF8.self)
}

/// A virtual view's layout for a size: kind 0 a list of rows `a` tall; kind 1 a grid of `a` columns
/// (0: as many as fit) of `b` × `c` items, `d` apart.
func virtualLayout(_ kind: Int32, _ a: Double, _ b: Double, _ c: Double, _ d: Double, width: Double, height: Double)
  -> LayoutConfiguration
{
  if kind == 0 {
    return .list(
      ListLayout.Configuration(
        width: width, height: height, rowHeight: max(a, 1), headerHeight: 0, sectionInset: EdgeInsets()))
  }
  let spacing = max(d, 0)
  let fit = max(1, Int((width - spacing + spacing) / (max(b, 1) + spacing)))
  return .grid(
    GridLayout.Configuration(
      width: width, height: height, columns: a >= 1 ? Int(a) : fit, itemSpacing: spacing, lineSpacing: spacing,
      sectionInset: EdgeInsets(top: spacing, left: spacing, bottom: spacing, right: spacing), itemHeight: max(c, 1)))
}

/// Creates a virtual view of `count` items (ids 1…count) in one section, with a layout as
/// ``virtualLayout(_:_:_:_:_:width:height:)`` says; returns its handle, or 0 for a count or size out
/// of range.
@_cdecl("rk_virtual_create")
public func rk_virtual_create(
  _ count: Int32, _ kind: Int32, _ a: Double, _ b: Double, _ c: Double, _ d: Double, _ width: Double,
  _ height: Double
) -> Int32 {
  guard count >= 0, count <= 10_000_000, kind == 0 || kind == 1, width.isFinite, height.isFinite, width > 0,
    height > 0, a.isFinite, b.isFinite, c.isFinite, d.isFinite
  else { return 0 }
  var snapshot = Snapshot<Int, Int>()
  var items: [Int] = []
  items.reserveCapacity(Int(count))
  for i in 0..<Int(count) { items.append(i + 1) }
  guard (try? snapshot.appendSection(0, items: items)) != nil else { return 0 }
  var view = CollectionView(
    snapshot: snapshot, layout: virtualLayout(kind, a, b, c, d, width: width, height: height),
    viewSize: Size(width: width, height: height))
  let handle = Int32(views.count + 1)
  view.announcer.itemName = { pageName(handle, $0) }
  view.announcer.sectionName = { _ in "the list" }
  var web = WebView(view: view)
  web.virtual = VirtualLayout(kind: kind, a: a, b: b, c: c, d: d)
  views.append(web)
  return Int32(views.count)
}

/// A virtual view's layout parameters, for its layout at a new size.
struct VirtualLayout {
  var kind: Int32
  var a, b, c, d: Double
}

/// The page scrolled the view natively: the engine's offset follows (during a drag the target is
/// found again under the pointer).
@_cdecl("rk_set_offset")
public func rk_set_offset(_ h: Int32, _ x: Double, _ y: Double, _ time: Double) {
  guard x.isFinite, y.isFinite else { return }
  perform(h) { view in
    let delta = Point(x: x - view.contentOffset.x, y: y - view.contentOffset.y)
    guard delta.x != 0 || delta.y != 0 else { return [] }
    return view.scroll(by: delta, time: time)
  }
}
