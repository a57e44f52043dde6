extension CollectionView {
  /// The pointer (mouse button, finger or pen) went down, in view coordinates.
  ///
  /// The item under it lifts on a long press (0.5 s within 10 pt); with `pointer: .mouse`, also as
  /// soon as the pointer moves 4 pt with the button down (see ``PointerKind``).
  ///
  /// ```swift
  /// _ = view.pointerDown(at: Point(x: 58, y: 58), time: 0)                   // touch: hold 0.5 s
  /// _ = view.pointerDown(at: Point(x: 58, y: 58), time: 0, pointer: .mouse)  // or move 4 pt
  /// ```
  @inlinable public mutating func pointerDown(
    at point: Point, time: Double, pointer: PointerKind = .touch
  ) -> [CollectionViewEvent<SectionID, ItemID>] {
    let events = advance(to: time)
    guard point.isFinite, !isDragging else { return events }
    access.focus = nil  // the focus ring is for the keyboard; the pointer hides it
    guard let id = itemIdentifier(at: point) else {
      interaction = .idle
      longPress.reset()
      return events
    }
    interaction = .pressing(id)
    longPress.pointerDown(at: point, time: time, pointer: pointer)
    return events
  }

  /// The pointer moved, in view coordinates. A mouse pressed on an item that has now moved 4 pt
  /// lifts it (see ``pointerDown(at:time:pointer:)``).
  @inlinable public mutating func pointerMoved(to point: Point, time: Double) -> [CollectionViewEvent<
    SectionID, ItemID
  >] {
    var events = advance(to: time)
    guard point.isFinite else { return events }
    switch longPress.pointerMoved(to: point, time: time) {
    case .began(let down, let liftTime):
      // A mouse moved far enough: the item lifts as the long press lifts it, held where it was
      // pressed, and follows the pointer here at once.
      events += lift(at: down, time: liftTime)
      if isDragging {
        updateAutoScroll(pointer: point, time: time)
        events += updateTarget(at: time)
      }
    case .changed(let p):
      if isDragging {
        updateAutoScroll(pointer: p, time: time)
        events += updateTarget(at: time)
      }
    case .failed:
      if case .pressing = interaction { interaction = .idle }
    default:
      break
    }
    return events
  }

  /// The pointer went up, in view coordinates.
  @inlinable public mutating func pointerUp(at point: Point, time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    var events = advance(to: time)
    guard point.isFinite else { return events }
    switch longPress.pointerUp(at: point, time: time) {
    case .ended(let p):
      if let current = drag {
        // Releasing where the pointer already is commits what is shown; only a release elsewhere re-targets.
        if p != current.pointer {
          modifySession { $0.pointer = p }
          events += updateTarget(at: time)
        }
        events += drop(at: time)
      }
    case .tapped:
      if let id = pressedItem {
        events.append(.tapped(id))
        // A tap on a folder's row opens or closes it.
        if case .list = layoutConfiguration, snapshot.isGroup(id) {
          relayout(at: time) { view in
            view.commitDerived(view.snapshot.isExpanded(id) ? .collapsed(id) : .expanded(id), into: &events)
            view.rebuildArrangement()
            view.rebuildLayout()
          }
        }
      }
    default:
      break
    }
    if case .pressing = interaction { interaction = .idle }
    longPress.reset()
    return events
  }

  /// Cancels the gesture in progress (Esc, a lost pointer): a lifted item returns to where it was.
  @inlinable public mutating func cancelGesture(time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    var events = advance(to: time)
    longPress.cancel()
    longPress.reset()
    if case .pressing = interaction { interaction = .idle }
    if isDragging { events += cancel(at: time) }
    return events
  }

  /// Time passed: recognises a long press that reached its duration, runs
  /// paging and finishes animations. Call it every frame.
  ///
  /// ```swift
  /// for event in view.tick(time: now) { handle(event) }
  /// ```
  @inlinable public mutating func tick(time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    advance(to: time)
  }

  /// Scrolls the content by a delta (a wheel or trackpad), clamped to the content; with paging,
  /// the view settles on the nearest page shortly after scrolling stops.
  @inlinable public mutating func scroll(by delta: Point, time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    var events = advance(to: time)
    guard delta.isFinite else { return events }
    motion.scrollAnimation = nil
    motion.offset = Point(x: motion.offset.x + delta.x, y: motion.offset.y + delta.y)
    clampOffset()
    motion.lastScrollTime = time
    if isDragging { events += updateTarget(at: time) }
    return events
  }

  /// Sets the scroll position, clamped to the content.
  @inlinable public mutating func setContentOffset(_ point: Point, animated: Bool = false, time: Double? = nil) {
    let t = time ?? motion.now
    let target = clamped(point)
    if animated {
      motion.scrollAnimation = ElementAnimation(
        from: Rect(origin: motion.offset, size: .zero), to: Rect(origin: target, size: .zero), start: t, duration: 0.3)
    } else {
      motion.scrollAnimation = nil
      motion.offset = target
    }
  }

  // MARK: Time

  /// Advances the clock: the long-press timer, the scroll animation, paging, and finished animations.
  @inlinable mutating func advance(to time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    let t = max(time, motion.now)
    motion.now = t
    var events = pendingEvents
    if !pendingEvents.isEmpty { pendingEvents = [] }
    // The content scrolls first, so that a long press lifts the item under the pointer now (or
    // none, if the scrolling moved another one under it), not the one under it before.
    if let scroll = motion.scrollAnimation {
      motion.offset = scroll.frame(at: t).origin
      if scroll.isFinished(at: t) { motion.scrollAnimation = nil }
      if isDragging { events += updateTarget(at: t) }
    }
    if case .began(let p, let beganAt) = longPress.tick(time: t) {
      events += lift(at: p, time: beganAt)
    }
    if isDragging { events += advanceDrag(to: t) }
    if access.speech.held != nil { flushAnnouncement(at: t, into: &events) }
    snapToPageIfIdle(at: t)
    if let s = motion.settle, s.animation.isFinished(at: t) { motion.settle = nil }
    if !motion.headerAnimations.isEmpty, motion.headerAnimations.values.contains(where: { $0.isFinished(at: t) }) {
      motion.headerAnimations = motion.headerAnimations.filter { !$0.value.isFinished(at: t) }
    }
    if !motion.ghosts.isEmpty { motion.ghosts.removeAll { $0.animation.isFinished(at: t) } }
    if !motion.contentFades.isEmpty { motion.contentFades.removeFinished(at: t, duration: Self.contentChangeDuration) }
    // Rebuild the table only when something finished: every event passes here during a drag.
    if !motion.animations.isEmpty, motion.animations.values.contains(where: { $0.isFinished(at: t) }) {
      motion.animations = motion.animations.filter { !$0.value.isFinished(at: t) }
    }
    return events
  }

  @inlinable mutating func snapToPageIfIdle(at t: Double) {
    guard case .grid(let config) = layoutConfiguration, config.scrollDirection == .horizontal,
      let page = config.pageWidth, page > 0, motion.scrollAnimation == nil, !isDragging,
      t - motion.lastScrollTime >= 0.15
    else { return }
    let target = clamped(Point(x: (motion.offset.x / page).rounded() * page, y: motion.offset.y))
    if abs(target.x - motion.offset.x) > 0.01 { setContentOffset(target, animated: true, time: t) }
  }

  @inlinable func clamped(_ p: Point) -> Point {
    let content = geometry.layout.contentSize
    let maxX = max(0, content.width - viewSize.width)
    let maxY = max(0, content.height - viewSize.height)
    return Point(x: min(max(p.x, 0), maxX), y: min(max(p.y, 0), maxY))
  }

  @inlinable mutating func clampOffset() { motion.offset = clamped(motion.offset) }

  // MARK: The pointer's lift

  /// The long press lifts the item under the pointer, if it is still the pressed one.
  @inlinable mutating func lift(at point: Point, time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let path = geometry.layout.itemPath(at: toContent(point)), displayedItem(at: path) == pressedItem else {
      return []
    }
    return beginMovement(at: path, pointer: point, time: time)
  }
}

extension ItemPath {
  @usableFromInline func outlinePosition<ItemID: Hashable & Sendable>() -> OutlinePosition<ItemID> {
    OutlinePosition(section: section, parent: nil, index: item)
  }
}

extension OutlinePosition {
  @inlinable var itemPath: ItemPath { ItemPath(item: index, section: section) }
}
