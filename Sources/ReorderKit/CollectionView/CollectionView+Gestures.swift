extension CollectionView {
  /// The pointer (mouse button or finger) went down, in view coordinates.
  public mutating func pointerDown(at point: Point, time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    let events = advance(to: time)
    guard point.isFinite, drag == nil else { return events }
    pressedItem = itemIdentifier(at: point)
    guard pressedItem != nil else {
      longPress.reset()
      return events
    }
    _ = longPress.pointerDown(at: point, time: time)
    return events
  }

  /// The pointer moved, in view coordinates.
  public mutating func pointerMoved(to point: Point, time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    var events = advance(to: time)
    guard point.isFinite else { return events }
    switch longPress.pointerMoved(to: point, time: time) {
    case .changed(let p):
      if drag != nil {
        drag!.pointer = p
        updateAutoScroll(time: time)
        events += updateTarget(at: time)
      }
    case .failed:
      pressedItem = nil
    default:
      break
    }
    return events
  }

  /// The pointer went up, in view coordinates.
  public mutating func pointerUp(at point: Point, time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    var events = advance(to: time)
    guard point.isFinite else { return events }
    switch longPress.pointerUp(at: point, time: time) {
    case .ended(let p):
      if let current = drag {
        // Releasing where the pointer already is commits what is shown; only a release elsewhere re-targets.
        if p != current.pointer {
          drag!.pointer = p
          events += updateTarget(at: time)
        }
        events += endDrag(at: time)
      }
    case .tapped:
      if let id = pressedItem { events.append(.tapped(id)) }
    default:
      break
    }
    pressedItem = nil
    longPress.reset()
    return events
  }

  /// Cancels the gesture in progress (Esc, a lost pointer): a lifted item returns to where it was.
  public mutating func cancelGesture(time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    var events = advance(to: time)
    _ = longPress.cancel()
    longPress.reset()
    pressedItem = nil
    if drag != nil { events += cancelDrag(at: time) }
    return events
  }

  /// Time passed: recognises a long press that reached its duration, runs
  /// paging and finishes animations. Call it every frame.
  public mutating func tick(time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    advance(to: time)
  }

  /// Scrolls the content by a delta (a wheel or trackpad), clamped to the content; with paging,
  /// the view settles on the nearest page shortly after scrolling stops.
  public mutating func scroll(by delta: Point, time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    var events = advance(to: time)
    guard delta.isFinite else { return events }
    scrollAnimation = nil
    offset = Point(x: offset.x + delta.x, y: offset.y + delta.y)
    clampOffset()
    lastScrollTime = time
    if drag != nil { events += updateTarget(at: time) }
    return events
  }

  /// Sets the scroll position, clamped to the content.
  public mutating func setContentOffset(_ point: Point, animated: Bool = false, time: Double? = nil) {
    let t = time ?? now
    let target = clamped(point)
    if animated {
      scrollAnimation = ElementAnimation(
        from: Rect(origin: offset, size: .zero), to: Rect(origin: target, size: .zero), start: t, duration: 0.3)
    } else {
      scrollAnimation = nil
      offset = target
    }
  }

  // MARK: Time

  /// Advances the clock: the long-press timer, the scroll animation, paging, and finished animations.
  mutating func advance(to time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    let t = max(time, now)
    now = t
    var events: [CollectionViewEvent<SectionID, ItemID>] = []
    if case .began(let p, let beganAt) = longPress.tick(time: t) {
      events += lift(at: p, time: beganAt)
    }
    if let scroll = scrollAnimation {
      offset = scroll.frame(at: t).origin
      if scroll.isFinished(at: t) { scrollAnimation = nil }
      if drag != nil { events += updateTarget(at: t) }
    }
    if drag != nil { events += advanceDrag(to: t) }
    snapToPageIfIdle(at: t)
    if let s = settle, s.animation.isFinished(at: t) { settle = nil }
    if !headerAnimations.isEmpty, headerAnimations.values.contains(where: { $0.isFinished(at: t) }) {
      headerAnimations = headerAnimations.filter { !$0.value.isFinished(at: t) }
    }
    if !ghosts.isEmpty { ghosts.removeAll { $0.animation.isFinished(at: t) } }
    // Rebuild the table only when something finished: every event passes here during a drag.
    if !animations.isEmpty, animations.values.contains(where: { $0.isFinished(at: t) }) {
      animations = animations.filter { !$0.value.isFinished(at: t) }
    }
    return events
  }

  mutating func snapToPageIfIdle(at t: Double) {
    guard case .grid(let config) = layoutConfiguration, config.scrollDirection == .horizontal,
      let page = config.pageWidth, page > 0, scrollAnimation == nil, drag == nil, t - lastScrollTime >= 0.15
    else { return }
    let target = clamped(Point(x: (offset.x / page).rounded() * page, y: offset.y))
    if abs(target.x - offset.x) > 0.01 { setContentOffset(target, animated: true, time: t) }
  }

  func clamped(_ p: Point) -> Point {
    let content = layout.contentSize
    let maxX = max(0, content.width - viewSize.width)
    let maxY = max(0, content.height - viewSize.height)
    return Point(x: min(max(p.x, 0), maxX), y: min(max(p.y, 0), maxY))
  }

  mutating func clampOffset() { offset = clamped(offset) }

  // MARK: Dragging

  mutating func lift(at point: Point, time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let path = layout.itemPath(at: toContent(point)), displayedItem(at: path) == pressedItem else { return [] }
    return beginMovement(at: path, pointer: point, time: time)
  }

  /// Lifts the item shown at a slot, with the pointer at a point in view coordinates.
  mutating func beginMovement(at path: ItemPath, pointer point: Point, time: Double) -> [CollectionViewEvent<
    SectionID, ItemID
  >] {
    let content = toContent(point)
    guard drag == nil, let id = displayedItem(at: path), let start = snapshot.position(of: id) else { return [] }
    let topPath = ItemPath(item: start.index, section: start.section)
    if !policy.canMoveItem(id, start.parent == nil ? topPath : path) {
      return [.denied(id)]
    }
    let frame = layout.frame(ofItem: path)
    drag = Drag(
      item: id, start: start, pointer: point, grab: Point(x: content.x - frame.minX, y: content.y - frame.minY),
      size: frame.size, liftTime: time)
    settle = nil
    if mode == .dragDrop {
      beginDragDrop(item: id, at: start)
    } else if outline != nil {
      outline = OutlineArrangement(snapshot, dragging: [id])
    } else {
      movement.beginInteractiveMovementForItem(at: topPath)
      grid = PlaceholderArrangement(original: topPath, placeholder: topPath)
    }
    rebuildLayout()
    updateAutoScroll(time: time)
    return [.lifted(id)]
  }

  /// Applies the target rule at the drag's pointer and reflows.
  mutating func updateTarget(at time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let drag else { return [] }
    if mode == .dragDrop { return updateDropTarget(at: time) }
    let p = toContent(drag.pointer)
    if var outline, case .list(let list) = layout {
      let draggingGroup = snapshot.isGroup(drag.item)
      guard
        case .insertAt(let position) = outline.proposal(
          at: p, in: list, allowInsertInto: false, draggingGroup: draggingGroup)
      else { return [] }
      let old = outline.placeholder!
      var events: [CollectionViewEvent<SectionID, ItemID>] = []
      relayout(at: time) { view in
        outline.movePlaceholder(to: position)
        view.outline = outline
        view.updateLayout(sections: old.section, position.section)
        if view.mode == .live, let from = view.snapshot.position(of: drag.item) {
          view.snapshot.moveItem(from: from, to: position)
          events.append(.moved(drag.item, from: from, to: position))
        }
      }
      return events
    }
    let action: InteractiveMovement.Action
    if case .grid(let flow) = layout, !flow.hasFixedColumns, let current = grid?.placeholder {
      // Tiles of different sizes: only fixed points are taken, tried in the layout with the item there.
      let view = self
      action = movement.updateTargetPosition(p, inFlow: flow, policy: policy) { q in
        var trial = view
        trial.grid!.placeholder = q
        trial.updateLayout(sections: current.section, q.section)
        guard case .grid(let g) = trial.layout else { preconditionFailure("a grid's layout changed kind") }
        return g
      }
    } else {
      action = movement.updateTargetPosition(p, in: layout, policy: policy)
    }
    guard case .placeholderMoved(let from, let to) = action else { return [] }
    var events: [CollectionViewEvent<SectionID, ItemID>] = []
    relayout(at: time) { view in
      if view.mode == .live {
        view.snapshot.moveItem(at: from, to: to)
        view.movement.placeholderCommitted()
        view.grid = PlaceholderArrangement(original: to, placeholder: to)
        events.append(.moved(drag.item, from: from.outlinePosition(), to: to.outlinePosition()))
      } else {
        view.grid!.placeholder = to
      }
      view.updateLayout(sections: from.section, to.section)
    }
    return events
  }

  mutating func endDrag(at time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let drag else { return [] }
    if mode == .dragDrop { return performDrop(at: time) }
    var events: [CollectionViewEvent<SectionID, ItemID>] = []
    let liftedFrame = liftedFrame(of: drag)
    if let outline {
      let final = outline.placeholder!
      if mode != .live, final != drag.start {
        snapshot.moveItem(from: drag.start, to: final)
        events.append(.moved(drag.item, from: drag.start, to: final))
      }
      self.outline = OutlineArrangement(snapshot)
    } else {
      if case .commit(let from, let to) = movement.endInteractiveMovement(), mode != .live, from != to {
        snapshot.moveItem(at: from, to: to)
        events.append(.moved(drag.item, from: from.outlinePosition(), to: to.outlinePosition()))
      }
      grid = nil
    }
    self.drag = nil
    rebuildLayout()
    startSettle(drag.item, from: liftedFrame, at: time)
    events.append(.dropped(drag.item))
    return events
  }

  mutating func cancelDrag(at time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let drag else { return [] }
    if mode == .dragDrop { return cancelDrop(at: time, operation: .cancel) }
    var events: [CollectionViewEvent<SectionID, ItemID>] = []
    let liftedFrame = liftedFrame(of: drag)
    relayout(at: time) { view in
      if view.outline != nil {
        if view.mode == .live, let from = view.snapshot.position(of: drag.item), from != drag.start {
          view.snapshot.moveItem(from: from, to: drag.start)
          events.append(.moved(drag.item, from: from, to: drag.start))
        }
        view.outline = OutlineArrangement(view.snapshot)
      } else {
        _ = view.movement.cancelInteractiveMovement()
        if view.mode == .live, let from = view.snapshot.path(of: drag.item), from != drag.start.itemPath {
          view.snapshot.moveItem(at: from, to: drag.start.itemPath)
          events.append(.moved(drag.item, from: from.outlinePosition(), to: drag.start))
        }
        view.grid = nil
      }
      view.drag = nil
      view.rebuildLayout()
    }
    startSettle(drag.item, from: liftedFrame, at: time)
    events.append(.cancelled(drag.item))
    return events
  }

  /// The lifted cell's frame (unscaled) in content coordinates.
  func liftedFrame(of drag: Drag) -> Rect {
    let p = toContent(drag.pointer)
    return Rect(origin: Point(x: p.x - drag.grab.x, y: p.y - drag.grab.y), size: drag.size)
  }

  mutating func startSettle(_ id: ItemID, from lifted: Rect, at time: Double) {
    guard let target = frame(of: id) else { return }
    settle = Settle(
      item: id,
      animation: ElementAnimation(
        from: lifted, to: target, fromScale: liftedScale, toScale: 1, start: time, duration: reflowDuration))
  }
}

extension ItemPath {
  func outlinePosition<ItemID: Hashable & Sendable>() -> OutlinePosition<ItemID> {
    OutlinePosition(section: section, parent: nil, index: item)
  }
}

extension OutlinePosition {
  var itemPath: ItemPath { ItemPath(item: index, section: section) }
}
