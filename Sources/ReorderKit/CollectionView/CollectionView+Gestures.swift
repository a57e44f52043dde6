extension CollectionView {
  /// The pointer (mouse button or finger) went down, in view coordinates.
  @inlinable public mutating func pointerDown(at point: Point, time: Double) -> [CollectionViewEvent<SectionID, ItemID>]
  {
    let events = advance(to: time)
    guard point.isFinite, drag == nil else { return events }
    focus = nil  // the focus ring is for the keyboard; the pointer hides it
    guard let id = itemIdentifier(at: point) else {
      interaction = .idle
      longPress.reset()
      return events
    }
    interaction = .pressing(id)
    _ = longPress.pointerDown(at: point, time: time)
    return events
  }

  /// The pointer moved, in view coordinates.
  @inlinable public mutating func pointerMoved(to point: Point, time: Double) -> [CollectionViewEvent<
    SectionID, ItemID
  >] {
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
          drag!.pointer = p
          events += updateTarget(at: time)
        }
        events += endDrag(at: time)
      }
    case .tapped:
      if let id = pressedItem {
        events.append(.tapped(id))
        // A tap on a folder's row opens or closes it.
        if case .list = layoutConfiguration, snapshot.isGroup(id) {
          relayout(at: time) { view in
            _ = try? view.commit(view.snapshot.isExpanded(id) ? .collapsed(id) : .expanded(id), into: &events)
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
    _ = longPress.cancel()
    longPress.reset()
    if case .pressing = interaction { interaction = .idle }
    if drag != nil { events += cancelDrag(at: time) }
    return events
  }

  /// Time passed: recognises a long press that reached its duration, runs
  /// paging and finishes animations. Call it every frame.
  @inlinable public mutating func tick(time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    advance(to: time)
  }

  /// Scrolls the content by a delta (a wheel or trackpad), clamped to the content; with paging,
  /// the view settles on the nearest page shortly after scrolling stops.
  @inlinable public mutating func scroll(by delta: Point, time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
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
  @inlinable public mutating func setContentOffset(_ point: Point, animated: Bool = false, time: Double? = nil) {
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
  @inlinable mutating func advance(to time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    let t = max(time, now)
    now = t
    var events = pendingEvents
    if !pendingEvents.isEmpty { pendingEvents = [] }
    if case .began(let p, let beganAt) = longPress.tick(time: t) {
      events += lift(at: p, time: beganAt)
    }
    if let scroll = scrollAnimation {
      offset = scroll.frame(at: t).origin
      if scroll.isFinished(at: t) { scrollAnimation = nil }
      if drag != nil { events += updateTarget(at: t) }
    }
    if drag != nil { events += advanceDrag(to: t) }
    if pendingAnnouncement != nil { flushAnnouncement(at: t, into: &events) }
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

  @inlinable mutating func snapToPageIfIdle(at t: Double) {
    guard case .grid(let config) = layoutConfiguration, config.scrollDirection == .horizontal,
      let page = config.pageWidth, page > 0, scrollAnimation == nil, drag == nil, t - lastScrollTime >= 0.15
    else { return }
    let target = clamped(Point(x: (offset.x / page).rounded() * page, y: offset.y))
    if abs(target.x - offset.x) > 0.01 { setContentOffset(target, animated: true, time: t) }
  }

  @inlinable func clamped(_ p: Point) -> Point {
    let content = layout.contentSize
    let maxX = max(0, content.width - viewSize.width)
    let maxY = max(0, content.height - viewSize.height)
    return Point(x: min(max(p.x, 0), maxX), y: min(max(p.y, 0), maxY))
  }

  @inlinable mutating func clampOffset() { offset = clamped(offset) }

  // MARK: Dragging

  @inlinable mutating func lift(at point: Point, time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let path = layout.itemPath(at: toContent(point)), displayedItem(at: path) == pressedItem else { return [] }
    return beginMovement(at: path, pointer: point, time: time)
  }

  /// Lifts the item shown at a slot, with the pointer at a point in view coordinates.
  @inlinable mutating func beginMovement(at path: ItemPath, pointer point: Point, time: Double) -> [CollectionViewEvent<
    SectionID, ItemID
  >] {
    let content = toContent(point)
    guard drag == nil, let id = displayedItem(at: path), let start = snapshot.position(of: id) else { return [] }
    let topPath = ItemPath(item: start.index, section: start.section)
    if !policy.canMoveItem(id, start.parent == nil ? topPath : path) {
      return [.denied(id), .announcement(announcer.denied(announcer.itemName(id)))]
    }
    let frame = layout.frame(ofItem: path)
    drag = Session(
      item: id, items: [id], hasGroup: snapshot.isGroup(id), start: start, pointer: point,
      grab: Point(x: content.x - frame.minX, y: content.y - frame.minY), size: frame.size, liftTime: time)
    settle = nil
    if mode == .live { drag!.undo = snapshot.placements(of: [id], skipping: [id]).map { .moved($0) } }
    if mode == .dragDrop {
      beginDragDrop(item: id, at: start)
    } else if outline != nil {
      outline = OutlineArrangement(snapshot, dragging: [id])
    } else {
      movement.beginInteractiveMovementForItem(at: topPath)
    }
    rebuildLayout()
    updateAutoScroll(time: time)
    pendingAnnouncement = nil
    let place = spokenPlace(of: start, travelling: [])
    spokenContainer = place.container
    return [.lifted(id), .announcement(announcer.lifted(announcer.itemName(id), place))]
  }

  /// Applies the target rule at the drag's pointer and moves the placeholder where it says.
  @inlinable mutating func updateTarget(at time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let drag, !drag.isKeyboard else { return [] }
    if mode == .dragDrop { return updateDropTarget(at: time) }
    let p = toContent(drag.pointer)
    if let outline, case .list(let list) = layout {
      guard
        case .insertAt(let position) = outline.proposal(
          at: p, in: list, allowInsertInto: false, draggingGroup: drag.hasGroup)
      else { return [] }
      return movePlaceholder(to: position, time: time)
    }
    var trial = movement
    let action: InteractiveMovement.Action
    if case .grid(let flow) = layout, !flow.hasFixedColumns, let current = movement.placeholderPath {
      // Tiles of different sizes: only fixed points are taken, tried in the layout with the item there.
      let view = self
      action = trial.updateTargetPosition(p, inFlow: flow, policy: policy) { q in
        var candidate = view
        candidate.movement.restart(original: candidate.movement.originalPath!, placeholder: q)
        candidate.updateLayout(sections: current.section, q.section)
        guard case .grid(let g) = candidate.layout else { preconditionFailure("a grid's layout changed kind") }
        return g
      }
    } else {
      action = trial.updateTargetPosition(p, in: layout, policy: policy)
    }
    guard case .placeholderMoved(_, let to) = action else { return [] }
    return movePlaceholder(to: to.outlinePosition(), time: time)
  }

  /// Moves the placeholder of the drag in progress to a position counted without the dragged
  /// items, and reflows: the one session call that the pointer, the keyboard and the tool share.
  /// In live mode the move is committed at once; in drag and drop the delegate sees the proposal.
  /// - Complexity: O(log n + v): the layout of one or two sections and the visible cells' reflow.
  @inlinable mutating func movePlaceholder(to position: OutlinePosition<ItemID>, time: Double) -> [CollectionViewEvent<
    SectionID, ItemID
  >] {
    guard let drag else { return [] }
    var events: [CollectionViewEvent<SectionID, ItemID>] = []
    if mode == .dragDrop {
      show(target(for: .insertAt(position)), at: time, into: &events)
      return events
    }
    let old: Int
    if let current = outline?.placeholder {
      guard current != position else { return [] }
      old = current.section
    } else {
      guard let current = movement.placeholderPath, current != position.itemPath else { return [] }
      old = current.section
    }
    relayout(at: time) { view in
      let place = view.snapshot.difference(moving: drag.item, to: position)
      if view.outline != nil {
        view.outline!.movePlaceholder(to: position)
      } else {
        view.movement.restart(original: view.movement.originalPath!, placeholder: position.itemPath)
      }
      events.append(.changed(.placeholderMoved(place)))
      view.announcePlaceholder(at: position, time: time)
      if view.mode == .live {
        _ = try? view.commit(.moved(place), into: &events)
        view.movement.placeholderCommitted()
      }
      view.updateLayout(sections: old, position.section)
    }
    return events
  }

  @inlinable mutating func endDrag(at time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let drag else { return [] }
    if mode == .dragDrop { return performDrop(at: time) }
    var events: [CollectionViewEvent<SectionID, ItemID>] = []
    let liftedFrame = liftedFrame(of: drag)
    var final: OutlinePosition<ItemID>?
    if let outline {
      final = outline.placeholder
    } else if case .commit(_, let to) = movement.endInteractiveMovement() {
      final = to.outlinePosition()
    }
    if mode == .live {
      let place = snapshot.placements(of: [drag.item], skipping: [drag.item]).first
      if drag.undo.first?.difference != place {
        recordGesture(undo: drag.undo, difference: place, into: &events)
      } else if drag.newDataArrived, let place {
        events.append(.committed(place))
      }
    } else if let final {
      let place = snapshot.difference(moving: drag.item, to: final)
      let inverse = (try? commit(.moved(place), into: &events)) ?? []
      recordGesture(undo: inverse, difference: place, into: &events)
    }
    self.drag = nil
    rebuildArrangement()
    rebuildLayout()
    startSettle(drag.item, from: liftedFrame, at: time)
    announceEnd(of: drag, cancelled: false, into: &events)
    events.append(.dropped(drag.item))
    return events
  }

  @inlinable mutating func cancelDrag(at time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let drag else { return [] }
    if mode == .dragDrop { return cancelDrop(at: time, operation: .cancel) }
    var events: [CollectionViewEvent<SectionID, ItemID>] = []
    let liftedFrame = liftedFrame(of: drag)
    relayout(at: time) { view in
      _ = view.movement.cancelInteractiveMovement()
      if view.mode == .live {
        for change in drag.undo { _ = try? view.commit(view.fitted(change) ?? change, into: &events) }
        // New data came during the drag: the owner's data may have the item elsewhere; say where it stands.
        if drag.newDataArrived, let place = view.snapshot.placements(of: [drag.item], skipping: [drag.item]).first {
          events.append(.committed(place))
        }
      }
      view.drag = nil
      view.rebuildArrangement()
      view.rebuildLayout()
    }
    startSettle(drag.item, from: liftedFrame, at: time)
    announceEnd(of: drag, cancelled: true, into: &events)
    events.append(.cancelled(drag.item))
    return events
  }

  /// The lifted cell's frame (unscaled) in content coordinates.
  @inlinable func liftedFrame(of drag: Session) -> Rect {
    if drag.isKeyboard, let slot = placeholderRow ?? placeholderSlot {
      return Rect(origin: layout.frame(ofItem: slot).origin, size: drag.size)
    }
    let p = toContent(drag.pointer)
    return Rect(origin: Point(x: p.x - drag.grab.x, y: p.y - drag.grab.y), size: drag.size)
  }

  @inlinable mutating func startSettle(_ id: ItemID, from lifted: Rect, at time: Double) {
    guard let target = frame(of: id) else { return }
    settle = Settle(
      item: id,
      animation: ElementAnimation(
        from: lifted, to: target, fromScale: liftedScale, toScale: 1, start: time, duration: reflowDuration))
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
