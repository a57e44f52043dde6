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
  @inlinable public var focusedItem: ItemID? { access.focus.flatMap { snapshot.contains($0) ? $0 : nil } }

  /// Puts the keyboard focus on an item (`nil` removes it), scrolls it into view and announces it.
  /// Returns no announcement for an item the data does not hold.
  @discardableResult
  @inlinable public mutating func focus(_ id: ItemID?, time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    var events = advance(to: time)
    guard !isDragging else { return events }
    guard let id, let place = spokenPlace(ofItem: id) else {
      access.focus = nil
      return events
    }
    access.focus = id
    if let frame = frame(of: id) { scrollToVisible(frame, time: time) }
    events.append(.announcement(access.announcer.focused(access.announcer.itemName(id), place)))
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
    if isDragging {
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
      guard key != .escape, key != .space, key != .enter, let first = geometry.layout.firstSlot(from: 0, forward: true)
      else {
        return []
      }
      return focus(displayedItem(at: first), time: time)
    }
    switch key {
    case .space, .enter:
      guard interaction.isIdle else { return [] }
      let frame = geometry.layout.frame(ofItem: slot)
      longPress.reset()
      let events = beginMovement(
        at: slot, pointer: Point(x: frame.midX - motion.offset.x, y: frame.midY - motion.offset.y), time: time)
      modifySession { $0.isKeyboard = true }
      return events
    case .escape:
      return []
    case .left where isList, .right where isList:
      guard snapshot.isGroup(current), snapshot.isExpanded(current) != (key == .right) else { return [] }
      setExpanded(key == .right, for: current, time: time)
      return []
    case .tab, .right:
      return focus(
        geometry.layout.neighbour(of: slot, forward: true).flatMap(displayedItem(at:)), orStay: current, time: time)
    case .backtab, .left:
      return focus(
        geometry.layout.neighbour(of: slot, forward: false).flatMap(displayedItem(at:)), orStay: current, time: time)
    case .up, .down:
      let target =
        isList
        ? geometry.layout.neighbour(of: slot, forward: key == .down)
        : geometry.layout.line(from: slot, down: key == .down)
      return focus(target.flatMap(displayedItem(at:)), orStay: current, time: time)
    case .home, .end:
      return focus(
        geometry.layout.edge(of: slot, end: key == .end).flatMap(displayedItem(at:)), orStay: current, time: time)
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
    guard isDragging else { return [] }
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
    if let rows = drag.rows, case .list(let list) = geometry.layout {
      return rows.keyTarget(key, from: drag.placeholder, in: list, draggingGroup: drag.hasGroup)
    }
    guard let current = placeholderSlot else { return nil }
    let target: ItemPath?
    switch key {
    case .left, .right: target = geometry.layout.neighbour(of: current, forward: key == .right, includingEmpty: true)
    case .up, .down: target = geometry.layout.line(from: current, down: key == .down, includingEmpty: true)
    case .home, .end: target = geometry.layout.edge(of: current, end: key == .end, includingEmpty: true)
    default: target = nil
    }
    guard let target, target != current else { return nil }
    return target.outlinePosition()
  }

  /// The slot of the placeholder in a grid (interactive, live or drag and drop).
  @inlinable var placeholderSlot: ItemPath? {
    // Items away (held elsewhere): a grid's slots have no gap.
    guard let drag, !drag.isAway else { return nil }
    return drag.slots?.placeholder
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

  /// The displayed row of a list's placeholder (the first row of the dragged block).
  @inlinable var placeholderRow: ItemPath? {
    guard let rows = drag?.rows, let p = rows.placeholder else { return nil }
    return ItemPath(item: rows.baseRow(for: p), section: p.section)
  }

  /// Keeps the placeholder in view (keyboard drags; the lifted cell stands over it).
  @inlinable mutating func followPlaceholder(time: Double) {
    guard let slot = placeholderRow ?? placeholderSlot else { return }
    scrollToVisible(geometry.layout.frame(ofItem: slot), time: time)
  }

  /// Scrolls, animated, just enough to show a frame (content coordinates).
  @inlinable mutating func scrollToVisible(_ frame: Rect, time: Double) {
    let target = motion.offset.scrolled(toShow: frame, in: viewSize)
    if target != motion.offset { setContentOffset(target, animated: true, time: time) }
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
