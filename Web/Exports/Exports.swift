// The C ABI the page calls: views behind numeric handles; pointer, tick, size and scroll events in
// (times in seconds, points in CSS pixels relative to the view); the render list and the events out
// through the buffers of Buffers.swift. No call per element: one `rk_render` and one
// `rk_take_events` a frame.

/// Creates a Colors view of `count` items (ids 1…count) in one section; returns its handle (> 0),
/// or 0 for a count out of range.
@_cdecl("rk_view_create")
public func rk_view_create(_ count: Int32, _ width: Double, _ height: Double) -> Int32 {
  guard count >= 0, count <= 10_000_000, width.isFinite, height.isFinite else { return 0 }
  var snapshot = Snapshot<Int, Int>()
  var items: [Int] = []
  items.reserveCapacity(Int(count))
  for i in 0..<Int(count) { items.append(i + 1) }
  try! snapshot.appendSection(0, items: items)
  var view = CollectionView(
    snapshot: snapshot, layout: colorsLayout(width: width, height: height),
    viewSize: Size(width: width, height: height))
  view.announcer.itemName = { "Color \($0)" }
  view.announcer.sectionName = { _ in "Colors" }
  views.append(WebView(view: view))
  return Int32(views.count)
}

/// Forgets a view.
@_cdecl("rk_view_destroy")
public func rk_view_destroy(_ h: Int32) {
  let index = Int(h) - 1
  if index >= 0, index < views.count { views[index] = nil }
}

/// pointerKind: 0 touch, 1 pen, 2 mouse (the DOM's `pointerType`).
@_cdecl("rk_pointer_down")
public func rk_pointer_down(_ h: Int32, _ x: Double, _ y: Double, _ time: Double, _ kind: Int32) {
  perform(h) { $0.pointerDown(at: Point(x: x, y: y), time: time, pointer: pointerKind(kind)) }
}

@_cdecl("rk_pointer_move")
public func rk_pointer_move(_ h: Int32, _ x: Double, _ y: Double, _ time: Double) {
  perform(h) { $0.pointerMoved(to: Point(x: x, y: y), time: time) }
}

@_cdecl("rk_pointer_up")
public func rk_pointer_up(_ h: Int32, _ x: Double, _ y: Double, _ time: Double) {
  perform(h) { $0.pointerUp(at: Point(x: x, y: y), time: time) }
}

/// Esc, or a pointer the browser took away (`pointercancel`): a lifted item goes back.
@_cdecl("rk_cancel")
public func rk_cancel(_ h: Int32, _ time: Double) {
  perform(h) { $0.cancelGesture(time: time) }
}

@_cdecl("rk_tick")
public func rk_tick(_ h: Int32, _ time: Double) {
  perform(h) { $0.tick(time: time) }
}

/// The view's new size (a window resize): the grid reflows, cells glide.
@_cdecl("rk_set_size")
public func rk_set_size(_ h: Int32, _ width: Double, _ height: Double, _ time: Double) {
  guard width.isFinite, height.isFinite, width > 0, height > 0 else { return }
  let index = Int(h) - 1
  guard index >= 0, index < views.count, let scene = views[index]?.scene else { return }
  let virtual = views[index]?.virtual
  withView(h) { view in
    view.setViewSize(Size(width: width, height: height), time: time)
    if let v = virtual {
      view.setLayout(virtualLayout(v.kind, v.a, v.b, v.c, v.d, width: width, height: height), time: time)
    } else {
      view.setLayout(sceneLayout(scene, width: width, height: height), time: time)
    }
  }
}

/// A wheel or trackpad scroll by (dx, dy).
@_cdecl("rk_scroll")
public func rk_scroll(_ h: Int32, _ dx: Double, _ dy: Double, _ time: Double) {
  perform(h) { $0.scroll(by: Point(x: dx, y: dy), time: time) }
}

/// Writes the render list at `time` into the render buffer; returns the number of elements.
@_cdecl("rk_render")
public func rk_render(_ h: Int32, _ time: Double) -> Int32 {
  guard let list = withView(h, { $0.renderList(at: time) }) else { return 0 }
  renderBuffer.count = 0
  for value in [
    Double(list.elements.count), list.contentOffset.x, list.contentOffset.y, list.contentSize.width,
    list.contentSize.height, list.isAnimating ? 1 : 0, list.viewSize.width, list.viewSize.height,
  ] { renderBuffer.append(value) }
  appendElements(list)
  return Int32(list.elements.count)
}

/// Appends the elements of a render list to the render buffer, ``renderStride`` values each.
func appendElements(_ list: RenderList<Int, Int>) {
  renderBuffer.reserve(renderBuffer.count + renderStride * list.elements.count)
  for element in list.elements {
    let kind: RenderKind
    var id = -1
    switch element.kind {
    case .item(let item):
      kind = .item
      id = item
    case .header(let section):
      kind = .header
      id = section
    case .gap: kind = .gap
    case .dropHighlight(let item):
      kind = .dropHighlight
      id = item
    case .forbidden: kind = .forbidden
    case .focusRing: kind = .focusRing
    }
    let f = element.frame
    let expanded: Double =
      switch element.isExpanded {
      case nil: -1
      case true?: 1
      case false?: 0
      }
    let values: [Double] = [
      Double(kind.rawValue), Double(id), f.minX, f.minY, f.width, f.height, element.scale,
      element.isLifted ? 1 : 0, element.alpha, element.lift, Double(element.depth), expanded,
      Double(element.badgeCount), element.contentChange,
    ]
    for value in values { renderBuffer.append(value) }
  }
}

@_cdecl("rk_render_buffer")
public func rk_render_buffer() -> Int32 { renderBuffer.address }

/// Moves the events reported since the last call into the event buffer (four Int32 each, see
/// ``EventKind``) and the announcements' UTF-8 into the text buffer; returns the number of records.
@_cdecl("rk_take_events")
public func rk_take_events(_ h: Int32) -> Int32 {
  let index = Int(h) - 1
  eventBuffer.count = 0
  textBuffer.count = 0
  guard index >= 0, index < views.count, let pending = views[index]?.pending, let keys = views[index]?.pendingKeys
  else { return 0 }
  views[index]!.pending = []
  views[index]!.pendingKeys = []
  for event in pending { appendEvent(event) }
  for saved in keys {
    let start = textBuffer.count
    appendRecord(saved)
    recordEvent(.key, saved.id, start, textBuffer.count - start - 1)
  }
  return Int32(eventBuffer.count / 4)
}

/// Appends one event record (kind, item id, a, b) to the event buffer.
func recordEvent(_ kind: EventKind, _ id: Int, _ a: Int = 0, _ b: Int = 0) {
  for value in [
    kind.rawValue, Int32(truncatingIfNeeded: id), Int32(truncatingIfNeeded: a), Int32(truncatingIfNeeded: b),
  ] {
    eventBuffer.append(value)
  }
}

/// Appends a view's event as a record (an announcement's text into the text buffer).
func appendEvent(_ event: CollectionViewEvent<Int, Int>) {
  switch event {
  case .lifted(let id): recordEvent(.lifted, id)
  case .dropped(let id): recordEvent(.dropped, id)
  case .cancelled(let id): recordEvent(.cancelled, id)
  case .tapped(let id): recordEvent(.tapped, id)
  case .denied(let id): recordEvent(.denied, id)
  case .dropFailed(let id, _): recordEvent(.dropFailed, id)
  case .changed(.moved(let difference)): recordEvent(.changed, difference.items.first ?? -1, difference.items.count)
  case .announcement(let text): appendAnnouncement(text)
  case .changed(.placeholderMoved), .moved, .committed: break
  // New data (a re-sort), a folder opened or closed, undo of a copy: the data changed.
  case .changed: recordEvent(.changed, -1)
  }
}

func appendAnnouncement(_ text: String) {
  let start = textBuffer.count
  for byte in text.utf8 { textBuffer.append(byte) }
  recordEvent(.announcement, -1, start, textBuffer.count - start)
}

@_cdecl("rk_events_buffer")
public func rk_events_buffer() -> Int32 { eventBuffer.address }

@_cdecl("rk_text_buffer")
public func rk_text_buffer() -> Int32 { textBuffer.address }

/// Writes the items of section `section`, in order, into the order buffer; returns how many.
@_cdecl("rk_order")
public func rk_order(_ h: Int32, _ section: Int32) -> Int32 {
  orderBuffer.count = 0
  guard
    let items = withView(
      h,
      { view -> [Int] in
        guard section >= 0, Int(section) < view.snapshot.numberOfSections else { return [] }
        return view.snapshot.items(inSection: Int(section))
      })
  else { return 0 }
  orderBuffer.reserve(items.count)
  for id in items { orderBuffer.append(Int32(truncatingIfNeeded: id)) }
  return Int32(items.count)
}

@_cdecl("rk_order_buffer")
public func rk_order_buffer() -> Int32 { orderBuffer.address }

/// The length in bytes of what the last call wrote into the text buffer.
@_cdecl("rk_text_length")
public func rk_text_length() -> Int32 { Int32(textBuffer.count) }
