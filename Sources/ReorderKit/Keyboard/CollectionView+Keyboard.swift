/// A key that reorders or moves the focus (react-beautiful-dnd's and dnd-kit's keys).
public enum NavigationKey: String, CaseIterable, Hashable, Sendable {
  /// Lifts the focused item, or drops the lifted one.
  case space
  /// As space.
  case enter
  /// Cancels a drag: the items go back.
  case escape
  /// Up one row (grids), one row or gap (lists).
  case up
  /// Down one row (grids), one row or gap (lists).
  case down
  /// Back one slot in reading order (grids); out of its group, or collapse a group (lists).
  case left
  /// Forward one slot in reading order (grids); into the group above, or expand a group (lists).
  case right
  /// The first slot of the section (then of the previous section).
  case home
  /// The last slot of the section (then of the next section).
  case end
  /// The next item.
  case tab
  /// The previous item.
  case backtab
}

/// Reordering with the keyboard alone: focus an item, Space or Enter lifts it, the arrows, Home
/// and End move its placeholder, Space or Enter drops it, Escape cancels. The moves go through the
/// same session calls as the pointer's, so the policy decides alike, and each step
/// is announced (see ``announcer``).
///
/// ```swift
/// _ = view.focus("color04", time: now)        // [.announcement("color04. Position 5 of 50 in colors.")]
/// _ = view.keyPressed(.space, time: now)      // [.lifted("color04"), .announcement("color04, lifted. …")]
/// _ = view.keyPressed(.right, time: now)      // [.changed(.placeholderMoved(…)), .announcement("Moved to position 6 of 50.")]
/// _ = view.keyPressed(.space, time: now)      // [.moved(…), .changed(…), .committed(…), .announcement("Dropped at position 6 of 50."), .dropped("color04")]
/// ```
extension CollectionView {
  /// The item with the keyboard focus, if any (the lifted item during a drag).
  @inlinable public var focusedItem: ItemID? { focus.flatMap { snapshot.contains($0) ? $0 : nil } }

  /// Puts the keyboard focus on an item (`nil` removes it), scrolls it into view and announces it.
  /// Returns no announcement for an item the data does not hold.
  @discardableResult
  @inlinable public mutating func focus(_ id: ItemID?, time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    var events = advance(to: time)
    guard drag == nil else { return events }
    guard let id, let place = spokenPlace(ofItem: id) else {
      focus = nil
      return events
    }
    focus = id
    if let frame = frame(of: id) { scrollToVisible(frame, time: time) }
    events.append(.announcement(announcer.focused(announcer.itemName(id), place)))
    return events
  }

  /// Handles a key. Without a drag, the arrows, Tab and Shift-Tab move the focus (Tab focuses the
  /// first item when nothing has it) and Space or Enter lifts the focused item; during a drag the
  /// arrows, Home and End move the placeholder, Space or Enter drops and Escape cancels.
  /// - Complexity: a key during a drag costs what a pointer step does: O(log n + v).
  @inlinable public mutating func keyPressed(_ key: NavigationKey, time: Double) -> [CollectionViewEvent<
    SectionID, ItemID
  >] {
    var events = advance(to: time)
    // A horizontal grid reads down its columns: Up and Down go one slot, Left and Right one column.
    let key = isHorizontalGrid ? key.acrossAxes : key
    if drag != nil {
      events += draggingKey(key, time: time)
    } else {
      events += focusKey(key, time: time)
    }
    return events
  }

  // MARK: Without a drag

  @inlinable mutating func focusKey(_ key: NavigationKey, time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let current = focusedItem, let slot = slot(of: current) else {
      // Nothing focused: Tab, an arrow or Home focuses the first item.
      guard key != .escape, key != .space, key != .enter, let first = firstSlot(from: 0, forward: true) else {
        return []
      }
      return focus(displayedItem(at: first), time: time)
    }
    switch key {
    case .space, .enter:
      guard interaction.isIdle else { return [] }
      let frame = layout.frame(ofItem: slot)
      longPress.reset()
      let events = beginMovement(
        at: slot, pointer: Point(x: frame.midX - offset.x, y: frame.midY - offset.y), time: time)
      modifySession { $0.isKeyboard = true }
      return events
    case .escape:
      return []
    case .left where isList, .right where isList:
      guard snapshot.isGroup(current), snapshot.isExpanded(current) != (key == .right) else { return [] }
      setExpanded(key == .right, for: current, time: time)
      return []
    case .tab, .right:
      return focus(neighbour(of: slot, forward: true).flatMap(displayedItem(at:)), orStay: current, time: time)
    case .backtab, .left:
      return focus(neighbour(of: slot, forward: false).flatMap(displayedItem(at:)), orStay: current, time: time)
    case .up, .down:
      let target = isList ? neighbour(of: slot, forward: key == .down) : line(from: slot, down: key == .down)
      return focus(target.flatMap(displayedItem(at:)), orStay: current, time: time)
    case .home, .end:
      return focus(edge(of: slot, end: key == .end).flatMap(displayedItem(at:)), orStay: current, time: time)
    }
  }

  @inlinable mutating func focus(_ id: ItemID?, orStay current: ItemID, time: Double) -> [CollectionViewEvent<
    SectionID, ItemID
  >] {
    guard let id, id != current else { return [] }
    return focus(id, time: time)
  }

  // MARK: During a drag

  @inlinable mutating func draggingKey(_ key: NavigationKey, time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard drag != nil else { return [] }
    switch key {
    case .space, .enter:
      longPress.reset()
      return drop(at: time)
    case .escape:
      longPress.reset()
      return cancel(at: time)
    case .tab, .backtab:
      return []
    default:
      break
    }
    guard let target = keyTarget(key) else { return [] }
    var events = movePlaceholder(to: target, time: time)
    flushAnnouncement(at: time, now: true, into: &events)
    followPlaceholder(time: time)
    return events
  }

  /// Where a key sends the placeholder (counted without the dragged items), or `nil` to stay.
  @inlinable func keyTarget(_ key: NavigationKey) -> OutlinePosition<ItemID>? {
    guard let drag else { return nil }
    if let rows = drag.rows, case .list(let list) = layout {
      return listTarget(key, from: drag.placeholder, outline: rows, list: list, draggingGroup: drag.hasGroup)
    }
    guard let current = placeholderSlot else { return nil }
    let target: ItemPath?
    switch key {
    case .left, .right: target = neighbour(of: current, forward: key == .right, includingEmpty: true)
    case .up, .down: target = line(from: current, down: key == .down, includingEmpty: true)
    case .home, .end: target = edge(of: current, end: key == .end, includingEmpty: true)
    default: target = nil
    }
    guard let target, target != current else { return nil }
    return target.outlinePosition()
  }

  /// The slot of the placeholder in a grid (interactive, live or drag and drop).
  @inlinable var placeholderSlot: ItemPath? { drag?.slots?.placeholder }

  /// A list's keys: up and down through the gaps as the pointer rule finds them; right into the
  /// expanded group just above (a leaf); left out of its group; Home and End to the section's ends.
  @inlinable func listTarget(
    _ key: NavigationKey, from current: OutlinePosition<ItemID>, outline: OutlineArrangement<SectionID, ItemID>,
    list: ListLayout, draggingGroup: Bool
  ) -> OutlinePosition<ItemID>? {
    let s = current.section
    let start = outline.baseRow(for: current)
    let blockRows = outline.rowCount(inSection: s) - outline.base[s].count
    switch key {
    case .up, .down:
      // Probe the rows beyond the block the way the pointer would (upper half going up, lower half
      // going down) until the gap changes; past the section's end, into the next or previous section.
      var row = key == .down ? start + blockRows : start - 1
      while row >= 0 && row < outline.rowCount(inSection: s) {
        let frame = list.frame(ofItem: ItemPath(item: row, section: s))
        let y = key == .down ? frame.minY + frame.height * 0.75 : frame.minY + frame.height * 0.25
        if case .at(let position) = outline.hit(
          at: Point(x: frame.midX, y: y), in: list, allowInsertInto: false, draggingGroup: draggingGroup),
          position != current
        {
          return position
        }
        row += key == .down ? 1 : -1
      }
      let next = key == .down ? s + 1 : s - 1
      guard next >= 0, next < snapshot.numberOfSections else { return nil }
      return OutlinePosition(
        section: next, parent: nil, index: key == .down ? 0 : outline.topLevelCount(inSection: next))
    case .right:
      guard !draggingGroup, current.parent == nil, current.index > 0 else { return nil }
      let above = outline.base[s][outline.topRows[s][current.index - 1]]
      guard above.isGroup, above.isExpanded else { return nil }
      let children = snapshot.children(of: above.id).filter { id in !(drag?.contains(id) ?? false) }
      return OutlinePosition(section: s, parent: above.id, index: children.count)
    case .left:
      guard let parent = current.parent, let g = outline.groupRows[parent] else { return nil }
      return OutlinePosition(section: s, parent: nil, index: outline.base[s][g.row].index + 1)
    case .home:
      return OutlinePosition(section: s, parent: nil, index: 0)
    case .end:
      return OutlinePosition(section: s, parent: nil, index: outline.topLevelCount(inSection: s))
    default:
      return nil
    }
  }

  // MARK: Slots

  @inlinable var isHorizontalGrid: Bool {
    if case .grid(let g) = layoutConfiguration { return g.scrollDirection == .horizontal }
    return false
  }

  @inlinable var isList: Bool {
    if case .list = layoutConfiguration { return true }
    return false
  }

  /// The first slot of the first section from `section` on (or back from it) that has one.
  @inlinable func firstSlot(from section: Int, forward: Bool) -> ItemPath? {
    var s = section
    while s >= 0 && s < layout.numberOfSections {
      let count = layout.numberOfItems(inSection: s)
      if count > 0 { return ItemPath(item: forward ? 0 : count - 1, section: s) }
      s += forward ? 1 : -1
    }
    return nil
  }

  /// The next or previous slot in reading order, across sections. With `includingEmpty` (a
  /// placeholder), an empty section's only slot counts, and a section's end is a slot of its own.
  @inlinable func neighbour(of slot: ItemPath, forward: Bool, includingEmpty: Bool = false) -> ItemPath? {
    let count = layout.numberOfItems(inSection: slot.section)
    let item = slot.item + (forward ? 1 : -1)
    if item >= 0 && item < count { return ItemPath(item: item, section: slot.section) }
    guard includingEmpty else { return firstSlot(from: slot.section + (forward ? 1 : -1), forward: forward) }
    // A placeholder entering another section: its first slot going forward, its end going back
    // (that section then shows one more slot).
    let next = slot.section + (forward ? 1 : -1)
    guard next >= 0, next < layout.numberOfSections else { return nil }
    return ItemPath(item: forward ? 0 : layout.numberOfItems(inSection: next), section: next)
  }

  /// The first or last slot of a section; from there, of the previous or next section.
  @inlinable func edge(of slot: ItemPath, end: Bool, includingEmpty: Bool = false) -> ItemPath? {
    let count = layout.numberOfItems(inSection: slot.section)
    let target = ItemPath(item: end ? max(count - 1, 0) : 0, section: slot.section)
    if target != slot { return target }
    return neighbour(of: slot, forward: end, includingEmpty: includingEmpty).flatMap { next in
      includingEmpty
        ? ItemPath(
          item: end ? max(layout.numberOfItems(inSection: next.section), 0) : 0, section: next.section)
        : edge(of: next, end: end)
    }
  }

  /// The slot one line down or up (a row in a vertical grid, a column in a horizontal one) nearest
  /// across to this one; past the section's first or last line, the next or previous section's.
  /// - Complexity: O(k) for k slots in the lines passed.
  @inlinable func line(from slot: ItemPath, down: Bool, includingEmpty: Bool = false) -> ItemPath? {
    let vertical: Bool
    if case .grid(let g) = layout { vertical = g.configuration.scrollDirection == .vertical } else { vertical = true }
    func main(_ r: Rect) -> (lo: Double, hi: Double, cross: Double) {
      vertical ? (r.minY, r.maxY, r.midX) : (r.minX, r.maxX, r.midY)
    }
    let here = main(layout.frame(ofItem: slot))
    var best: (slot: ItemPath, distance: Double)?
    var lineEdge: Double?
    var s = slot.section
    var i = slot.item
    while true {
      i += down ? 1 : -1
      if i < 0 || i >= layout.numberOfItems(inSection: s) {
        if best != nil { break }
        s += down ? 1 : -1
        guard s >= 0, s < layout.numberOfSections else { break }
        let count = layout.numberOfItems(inSection: s)
        if count == 0 {
          // An empty section: a placeholder may stand in it; the focus passes it by.
          if includingEmpty { return ItemPath(item: 0, section: s) }
          i = down ? -1 : 0
          continue
        }
        i = down ? 0 : count - 1
      }
      let candidate = ItemPath(item: i, section: s)
      let there = main(layout.frame(ofItem: candidate))
      let beyond = down ? there.lo >= here.hi - 0.5 : there.hi <= here.lo + 0.5
      guard beyond else { continue }
      // Past the first line found (items of a flow line are centred, so lines are told apart by overlap).
      if let edge = lineEdge, down ? there.lo >= edge - 0.5 : there.hi <= edge + 0.5 { break }
      if lineEdge == nil { lineEdge = down ? there.hi : there.lo }
      let distance = abs(there.cross - here.cross)
      if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    return best?.slot
  }

  /// The displayed row of a list's placeholder (the first row of the dragged block).
  @inlinable var placeholderRow: ItemPath? {
    guard let rows = drag?.rows, let p = rows.placeholder else { return nil }
    return ItemPath(item: rows.baseRow(for: p), section: p.section)
  }

  /// Keeps the placeholder in view (keyboard drags; the lifted cell stands over it).
  @inlinable mutating func followPlaceholder(time: Double) {
    guard let slot = placeholderRow ?? placeholderSlot else { return }
    scrollToVisible(layout.frame(ofItem: slot), time: time)
  }

  /// Scrolls, animated, just enough to show a frame (content coordinates).
  @inlinable mutating func scrollToVisible(_ frame: Rect, time: Double) {
    var target = offset
    if frame.minY < target.y {
      target.y = frame.minY
    } else if frame.maxY > target.y + viewSize.height {
      target.y = frame.maxY - viewSize.height
    }
    if frame.minX < target.x {
      target.x = frame.minX
    } else if frame.maxX > target.x + viewSize.width {
      target.x = frame.maxX - viewSize.width
    }
    if target != offset { setContentOffset(target, animated: true, time: time) }
  }
}

extension NavigationKey {
  /// The key with the axes exchanged: Left is Up, Right is Down.
  @usableFromInline var acrossAxes: NavigationKey {
    switch self {
    case .left: .up
    case .right: .down
    case .up: .left
    case .down: .right
    default: self
    }
  }
}

extension CollectionView.Interaction {
  @inlinable var isIdle: Bool {
    if case .idle = self { return true }
    return false
  }
}
