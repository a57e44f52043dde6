/// The flat buffers in linear memory that JavaScript reads once a frame: the render list (Float64),
/// the events (Int32 records), the UTF-8 text of announcements, and an item order (Int32). Each
/// grows by doubling and keeps its address until it grows; JavaScript asks for the address after
/// every call that fills it (and makes new typed arrays when the memory grew).
struct GrowingBuffer<Element> {
  var base: UnsafeMutablePointer<Element>
  var capacity: Int
  var count = 0

  init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  mutating func reserve(_ needed: Int) {
    guard needed > capacity else { return }
    var newCapacity = capacity
    while newCapacity < needed { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  mutating func append(_ value: Element) {
    reserve(count + 1)
    base[count] = value
    count += 1
  }

  var address: Int32 { Int32(truncatingIfNeeded: Int(bitPattern: UnsafeRawPointer(base))) }
}

/// The render buffer: a header of ``renderHeader`` Float64 values, then ``renderStride`` per element.
///
/// Header: count, content offset x, y, content width, height, isAnimating (0 or 1), view width, height.
/// Element: kind (``RenderKind``), item id (-1 for none), x, y, width, height (view coordinates,
/// before scaling), scale, isLifted (0 or 1), alpha, lift (0…1 shadow strength), depth (outline
/// level), isExpanded (-1 not a group, 0 closed, 1 open), badge count (items carried), content
/// change (0…1 of a crossfade, 1 when none).
let renderHeader = 8
let renderStride = 14

/// The element kinds of the render buffer.
enum RenderKind: Int32 {
  case item = 0
  case header = 1
  case gap = 2
  case dropHighlight = 3
  case forbidden = 4
  case focusRing = 5
}

/// The event kinds of the event buffer; each record is four Int32: kind, item id, a, b.
/// An announcement's a and b are its UTF-8 offset and length in the text buffer; so are a key's,
/// whose text is a record to save, `id section key`.
enum EventKind: Int32 {
  case lifted = 1
  case dropped = 2
  case cancelled = 3
  case changed = 4
  case announcement = 5
  case tapped = 6
  case denied = 7
  case dropFailed = 8
  case key = 9
  case refused = 10
  /// A shared board's committed card move (BoardShare.swift): the column; a and b its text.
  case commitCards = 11
  /// A shared board's committed column move: the column; a and b its text.
  case commitColumn = 12
}

nonisolated(unsafe) var renderBuffer = GrowingBuffer<Double>(capacity: 1024)
nonisolated(unsafe) var eventBuffer = GrowingBuffer<Int32>(capacity: 256)
nonisolated(unsafe) var textBuffer = GrowingBuffer<UInt8>(capacity: 1024)
nonisolated(unsafe) var orderBuffer = GrowingBuffer<Int32>(capacity: 1024)
