/// The columns themselves reorder: a board is a reorderable horizontal list of columns, each
/// dragged by its header. Press and hold a header (the long press of the items; a mouse may also
/// just move 4 pt with the button down), move, release.
/// The columns keep their slots (frames and headers stay where they are); a column takes the slot
/// under the pointer and the others shift. One drag is one undo step.
extension Board {
  /// The column whose header is under a window point.
  @inlinable func headerColumn(at point: Point) -> Int? {
    let p = toBoard(point)
    return _columns.lastIndex { $0.header?.contains(p) ?? false }
  }

  /// The column dragged by its header, if any.
  @inlinable public var movingColumn: ViewID? {
    if case .movingColumn(let drag) = interaction, drag.lifted { return drag.column }
    return nil
  }

  /// Moves a column from one index to another: the columns between shift, every column takes the
  /// frame and header of its new slot.
  @inlinable mutating func moveColumn(from: Int, to: Int) -> [Event] {
    guard from != to, _columns.indices.contains(from), _columns.indices.contains(to) else { return [] }
    let slots = _columns.map { ($0.frame, $0.header) }
    let column = _columns.remove(at: from)
    _columns.insert(column, at: to)
    for k in _columns.indices {
      _columns[k].frame = slots[k].0
      _columns[k].header = slots[k].1
    }
    return [.columnMoved(column.id, from: from, to: to)]
  }

  /// The press on a header lifts the column after the long-press duration, if it stayed put.
  @inlinable mutating func liftColumnIfHeld(time: Double) {
    guard case .movingColumn(var drag) = interaction, !drag.lifted else { return }
    if case .began = drag.press.tick(time: time) { interaction = .movingColumn(drag) }
  }

  /// The pointer moved while a header is pressed: before the lift, moving away fails the press
  /// (a mouse that moves the activation distance lifts the column instead); after it, the column
  /// takes the slot under the pointer.
  @inlinable mutating func moveColumnDrag(to point: Point, time: Double) -> [Event] {
    guard case .movingColumn(var drag) = interaction, let i = index(of: drag.column) else { return [] }
    drag.pointer = point
    switch drag.press.pointerMoved(to: point, time: time) {
    case .began, .changed: break
    case .failed:
      interaction = .idle
      return []
    default:
      interaction = .movingColumn(drag)
      return []
    }
    interaction = .movingColumn(drag)
    let p = toBoard(point)
    let c = axis == .horizontal ? p.x : p.y
    guard
      let slot = _columns.indices.first(where: { k in
        let f = _columns[k].frame
        return axis == .horizontal ? c >= f.minX && c < f.maxX : c >= f.minY && c < f.maxY
      }), slot != i
    else { return [] }
    return moveColumn(from: i, to: slot)
  }

  /// The header is released: the column stays in its new slot (one undo step), or nothing happened.
  @inlinable mutating func endColumnDrag(at point: Point, time: Double) -> [Event] {
    guard case .movingColumn(let drag) = interaction else { return [] }
    var events: [Event] = []
    if drag.lifted, point != drag.pointer { events += moveColumnDrag(to: point, time: time) }
    interaction = .idle
    guard drag.lifted, let i = index(of: drag.column), i != drag.from else { return events }
    history.undo.append(.column(from: drag.from, to: i))
    clearRedo()
    return events
  }
}
