/// The session calls: lift, the target rule, move the placeholder, drop and cancel. The pointer
/// (CollectionView+Gestures.swift), the keyboard (CollectionView+Keyboard.swift), UIKit's
/// interactive-movement API and the tool all drive a drag through these, in every mode and layout;
/// the session (`Interaction`) holds what the drag shows, and the view lays it out, animates it
/// and reports it.
extension CollectionView {
  /// Lifts the item shown at a slot, with the pointer at a point in view coordinates: the
  /// session begins with its arrangement (the rows or slots without the item, the placeholder
  /// where it was), its own auto-scroll and drag-and-drop state.
  @inlinable mutating func beginMovement(at path: ItemPath, pointer point: Point, time: Double) -> [CollectionViewEvent<
    SectionID, ItemID
  >] {
    let content = toContent(point)
    guard !isDragging, let id = displayedItem(at: path), let start = snapshot.position(of: id) else { return [] }
    guard policy.canMoveItem(id, snapshot.policyPosition(start)) else {
      return [.denied(id), .announcement(access.announcer.denied(access.announcer.itemName(id)))]
    }
    let frame = geometry.layout.frame(ofItem: path)
    let arrangement: Arrangement =
      geometry.listRows != nil
      ? .rows(OutlineArrangement(snapshot, dragging: [id]))
      : .slots(GridSlots(lifted: [start.itemPath], placeholder: start.itemPath))
    var session = Session(
      item: id, items: [id], hasGroup: snapshot.isGroup(id), start: start,
      lift: snapshot.difference(moving: id, to: start), pointer: point,
      grab: Point(x: content.x - frame.minX, y: content.y - frame.minY), size: frame.size, liftTime: time,
      arrangement: arrangement, autoScroll: dropConfiguration.autoScroll, drop: DropSession(dropConfiguration),
      rules: DragRules(mode))
    if session.rules.commitsSteps { session.undo = snapshot.placements(of: [id], skipping: [id]).map { .moved($0) } }
    session.autoScroll.begin(at: point, time: time)
    interaction = .dragging(session)
    motion.settle = nil
    // The resting rows are not read during a drag (every end of a drag rebuilds them): they become
    // the session's base rows (shared), so that the old ones are released now, once, not when the
    // items first leave for another view (200,000 rows of String identifiers: about 1 ms).
    if case .rows(let rows) = arrangement { geometry.listRows = rows.withoutBlock }
    if session.rules.proposesDrops {
      let home = target(for: .insertAt(session.placeholder))
      modifySession { $0.drop.shown = home }
    }
    layOutLift(section: path.section, row: path.item)
    updateAutoScroll(time: time)
    access.speech.held = nil
    let place = spokenPlace(of: start, travelling: [])
    access.speech.container = place.container
    return [.lifted(id), .announcement(access.announcer.lifted(access.announcer.itemName(id), place))]
  }

  /// Changes the session in place (its arrays are not copied: the interaction lets go of it meanwhile).
  /// Returns what `body` returns, or `nil` with no drag in progress.
  @discardableResult
  @inlinable mutating func modifySession<R>(_ body: (inout Session) -> R) -> R? {
    guard case .dragging(var session) = interaction else { return nil }
    interaction = .idle
    defer { interaction = .dragging(session) }
    return body(&session)
  }

  /// Applies the target rule at the drag's pointer and moves the placeholder where it says.
  @inlinable mutating func updateTarget(at time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let drag, !drag.isKeyboard, !drag.isAway else { return [] }
    if drag.rules.proposesDrops { return updateDropTarget(at: time) }
    guard let proposed = proposal(at: toContent(drag.pointer), for: drag) else { return [] }
    return movePlaceholder(to: proposed, time: time)
  }

  /// The target rule, one per layout kind and the same in every mode: where the placeholder
  /// should go for the pointer at a content point, before the policy; `nil` for no change.
  /// Lists use the rows' rule (the gap under the pointer); grids rules 1 and 2 of the target
  /// rule, and flows of tiles of different sizes take a proposal only at a fixed point.
  /// - Complexity: O(log n); in a flow, plus the layout of the one or two sections that change.
  @inlinable func proposal(at p: Point, for drag: Session) -> OutlinePosition<ItemID>? {
    switch (drag.arrangement, geometry.layout) {
    case (.rows(let rows), .list(let list)):
      guard
        case .insertAt(let position) = rows.proposal(
          at: p, in: list, allowInsertInto: false, draggingGroup: drag.hasGroup)
      else { return nil }
      return position
    case (.slots(let slots), .grid(let grid)):
      let current = slots.placeholder
      guard !grid.hasFixedColumns else {
        return GridTargetRule.proposal(at: p, in: grid, placeholder: current)?.outlinePosition()
      }
      return GridTargetRule.step(from: current, at: p, inFlow: grid, layoutWithPlaceholderAt: flow(placeholderAt:))?
        .outlinePosition()
    default:
      return nil
    }
  }

  /// The flow layout with the drag's placeholder at a slot: only the one or two sections that change are rebuilt.
  @inlinable func flow(placeholderAt slot: ItemPath) -> GridLayout {
    var trial = self
    if let sections = trial.modifySession({ $0.movePlaceholder(to: slot.outlinePosition()) }) ?? nil {
      trial.updateLayout(sections: sections.from, sections.to)
    }
    guard case .grid(let grid) = trial.geometry.layout else { preconditionFailure("a grid's layout changed kind") }
    return grid
  }

  /// A proposed placeholder position through the policy's retarget hook: `nil` when the hook
  /// keeps the placeholder where it is, or returns a position where the items cannot stand (out of
  /// range, a group that is not shown open, a group inside a group), which is ignored.
  @inlinable func retargeted(_ proposed: OutlinePosition<ItemID>, for drag: Session) -> OutlinePosition<ItemID>? {
    let current = drag.placeholder
    let answer = policy.targetPosition(
      snapshot.policyPosition(drag.start), snapshot.policyPosition(current), snapshot.policyPosition(proposed))
    guard let position = snapshot.outlinePosition(answer), position != current, position.index >= 0 else { return nil }
    if let parent = position.parent {
      guard geometry.listRows != nil, !drag.hasGroup, snapshot.isGroup(parent), snapshot.isExpanded(parent),
        !drag.contains(parent), snapshot.position(of: parent)?.section == position.section
      else { return nil }
    }
    let total = snapshot.numberOfSiblings(section: position.section, parent: position.parent)
    // The items that stand there without the travelling ones. O(k) for k travelling items.
    let travelling = drag.items.lazy.filter { id in
      guard let p = self.snapshot.position(of: id) else { return false }
      return p.section == position.section && p.parent == position.parent
    }.count
    let count = total - travelling
    return position.index <= count ? position : nil
  }

  /// Moves the placeholder of the drag in progress to a position counted without the dragged
  /// items (through the policy), and reflows: the one session call that the pointer, the keyboard
  /// and the tool share. In live mode the move is committed at once; in drag and drop the policy's drop hook
  /// sees the proposal.
  /// - Complexity: O(log n + v): the layout of one or two sections and the visible cells' reflow.
  @inlinable mutating func movePlaceholder(to proposed: OutlinePosition<ItemID>, time: Double) -> [CollectionViewEvent<
    SectionID, ItemID
  >] {
    guard let drag, let position = retargeted(proposed, for: drag) else { return [] }
    var events: [CollectionViewEvent<SectionID, ItemID>] = []
    if drag.rules.proposesDrops {
      show(target(for: .insertAt(position)), at: time, into: &events)
      return events
    }
    relayout(at: time) { view in
      let place = view.snapshot.difference(moving: drag.item, to: position)
      guard let sections = view.modifySession({ $0.movePlaceholder(to: position) }) ?? nil else { return }
      events.append(.changed(.placeholderMoved(place)))
      view.announcePlaceholder(at: position, for: drag, time: time)
      if drag.rules.commitsSteps {
        view.commitDerived(.moved(place), into: &events)
        view.modifySession { $0.placeholderCommitted() }
      }
      view.updateLayout(sections: sections.from, sections.to)
    }
    return events
  }

  /// Ends the drag: the items land at the placeholder (interactive mode commits the move here;
  /// live mode has committed it already), or, in drag and drop, at the shown destination.
  @inlinable mutating func drop(at time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let drag else { return [] }
    if drag.rules.proposesDrops { return performDrop(at: time) }
    let lifted = liftedFrame(of: drag)
    return end(.dropped(settling: [drag.item], from: lifted, spoken: drag.item), time: time, animated: false) {
      view, events in
      if drag.rules.commitsSteps {
        let place = view.snapshot.placements(of: [drag.item], skipping: [drag.item]).first
        if drag.undo.first?.difference != place {
          view.recordGesture(undo: drag.undo, difference: place, into: &events)
        } else if drag.newDataArrived, let place {
          events.append(.committed(place))
        }
      } else {
        // Items that entered appended are placed first (then the move finds them in place).
        view.placeAppendedItems(at: drag.placeholder)
        let place = view.snapshot.difference(moving: drag.item, to: drag.placeholder)
        let inverse = view.commitDerived(.moved(place), into: &events)
        view.recordGesture(undo: inverse, difference: place, into: &events)
      }
    }
  }

  /// Cancels the drag: nothing is committed (live mode takes its moves back) and the item settles where it was.
  @inlinable mutating func cancel(at time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let drag else { return [] }
    if drag.rules.proposesDrops { return cancelDrop(at: time, operation: .cancel) }
    let lifted = liftedFrame(of: drag)
    // Items that entered appended go back where they entered (their owner then takes them home).
    placeAppendedItems(at: drag.start)
    return end(.cancelled(settling: [drag.item], from: lifted, failure: nil), time: time)
  }

  /// Lays out a lift: in a list of rows of their own heights, the lifted rows (from `row` of
  /// `section`, where the session's block stands) leave the base rows' sums, O(n) additions and no
  /// height looked up (a 200,000-row column: a rebuild's 200,000 lookups took 70–100 ms).
  /// Otherwise a rebuild.
  @inlinable mutating func layOutLift(section: Int, row: Int) {
    guard case .list(var list) = geometry.layout, list.hasPerRowHeights, case .list(let config) = layoutConfiguration,
      list.configuration == config, let rows = outline, rows.placeholder != nil, rows.insertion.section == section,
      rows.insertion.row == row, list.liftBlock(section: section, row: row, count: rows.block.count)
    else { return rebuildLayout() }
    geometry.layout = .list(list)
    checkListLayout()
  }

  /// Lays out the resting rows after a drop or a cancel: when they are the session's base rows with
  /// its block where it was shown (the usual drop, a cancel at home), in a list of rows of their own
  /// heights, the block's sums join the base rows' (O(n) additions and comparisons of identifiers,
  /// no height looked up). Returns `false` (nothing changed) otherwise.
  @inlinable mutating func layOutDrop(from session: OutlineArrangement<SectionID, ItemID>) -> Bool {
    guard case .list(var list) = geometry.layout, list.hasPerRowHeights, case .list(let config) = layoutConfiguration,
      list.configuration == config, session.placeholder != nil, let rows = geometry.listRows,
      rows.base.count == session.base.count
    else { return false }
    let (k, r) = session.insertion
    let block = session.block
    for s in rows.base.indices {
      let old = session.base[s]
      let new = rows.base[s]
      guard s == k else {
        guard new.elementsEqual(old, by: { $0.id == $1.id }) else { return false }
        continue
      }
      guard r <= old.count, new.count == old.count + block.count,
        new[..<r].elementsEqual(old[..<r], by: { $0.id == $1.id }),
        new[r..<(r + block.count)].elementsEqual(block, by: { $0.id == $1.id }),
        new[(r + block.count)...].elementsEqual(old[r...], by: { $0.id == $1.id })
      else { return false }
    }
    guard list.mergeBlock(shownAt: (k, r), count: block.count) else { return false }
    geometry.layout = .list(list)
    checkListLayout()
    return true
  }

  /// In debug builds, for data of up to 10,000 items: stops if a list laid out by the O(n)-addition
  /// paths (a lift, a drop; on a board an undo, a redo or a cancel across views) differs from a
  /// rebuild beyond rounding.
  @inlinable mutating func checkListLayout() {
    #if DEBUG
      guard snapshot.totalItemCount <= 10_000, case .list(let fast) = geometry.layout else { return }
      rebuildLayout()
      guard case .list(let rebuilt) = geometry.layout else { preconditionFailure("a list's layout is a list") }
      precondition(
        fast.laysOutNearlySameRows(as: rebuilt), "a list's layout kept by additions differs from a rebuild")
      geometry.layout = .list(fast)
    #endif
  }

  /// The lifted cell's frame (unscaled) in content coordinates.
  @inlinable func liftedFrame(of drag: Session) -> Rect {
    if drag.isKeyboard, let slot = placeholderRow ?? placeholderSlot {
      return Rect(origin: geometry.layout.frame(ofItem: slot).origin, size: drag.size)
    }
    let p = toContent(drag.pointer)
    return Rect(origin: Point(x: p.x - drag.grab.x, y: p.y - drag.grab.y), size: drag.size)
  }

  @inlinable mutating func startSettle(_ id: ItemID, from lifted: Rect, at time: Double) {
    guard let target = frame(of: id) else { return }
    motion.settle = Settle(
      item: id,
      animation: ElementAnimation(
        from: lifted, to: target, fromScale: motion.liftedScale, toScale: 1, start: time,
        duration: motion.reflowDuration))
  }
}
