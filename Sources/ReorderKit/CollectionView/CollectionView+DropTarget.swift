/// Drag and drop: the target under the pointer, through the delegate hook and the cadence gate;
/// spring loading and auto-scroll over time.
extension CollectionView {
  // MARK: The target

  /// What the pointer (content coordinates) is over: `nil` for no change, else a destination (`.none`: over nothing).
  @inlinable func dropHit(at p: Point) -> DropDestination<ItemID>?? {
    let view = Rect(origin: offset, size: viewSize)
    guard view.contains(p) else { return .some(nil) }
    if let outline, case .list(let list) = layout {
      switch outline.hit(at: p, in: list, allowInsertInto: true, draggingGroup: (drag?.hasGroup ?? false)) {
      case .nothing: return .some(nil)
      case .ownRows: return .insertAt(outline.placeholder!)
      case .at(let position): return .insertAt(position)
      case .into(let group): return .insertInto(group)
      }
    }
    guard let grid = dnd.grid else { return nil }
    if let path = layout.itemPath(at: p) { return .insertAt(path.outlinePosition()) }
    if let s = layout.section(at: p), layout.isAfterLastItem(p, inSection: s) {
      return .insertAt(OutlinePosition(section: s, parent: nil, index: grid.base[s].count))
    }
    return nil
  }

  /// The proposal for a destination: the engine's default, through the delegate hook (cached per
  /// destination). An intent the hook changes moves the destination: insert-at for a group's row
  /// means the gap before the group; insert-into for a gap means into the group after the gap
  /// (when the session holds no group); otherwise the intent is kept as proposed.
  @inlinable mutating func target(for destination: DropDestination<ItemID>?) -> DropTarget<ItemID> {
    if let cached = dnd.cachedTarget, cached.key == destination { return cached.target }
    let proposed: DropProposal
    switch destination {
    case nil: proposed = DropProposal(operation: .cancel)
    case .insertAt?: proposed = DropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    case .insertInto?: proposed = DropProposal(operation: .move, intent: .insertIntoDestinationIndexPath)
    }
    var proposal = dnd.delegate.dropSessionDidUpdate(drag!.items, destination, proposed)
    var landing = destination
    if proposal.intent != proposed.intent, proposal.intent != .unspecified, let d = destination {
      switch (d, proposal.intent) {
      case (.insertInto(let group), .insertAtDestinationIndexPath):
        landing = gapBefore(group: group).map { .insertAt($0) } ?? d
      case (.insertAt(let position), .insertIntoDestinationIndexPath):
        if let group = group(after: position) {
          landing = .insertInto(group)
        } else {
          proposal.intent = proposed.intent
        }
      default: break
      }
    }
    let result = DropTarget(destination: landing, proposal: proposal)
    dnd.cachedTarget = (destination, result)
    return result
  }

  /// The top-level gap before a visible group (counted without the dragged items). O(1).
  @inlinable func gapBefore(group: ItemID) -> OutlinePosition<ItemID>? {
    guard let outline, let g = outline.groupRows[group] else { return nil }
    return OutlinePosition(section: g.section, parent: nil, index: outline.base[g.section][g.row].index)
  }

  /// The group right after a top-level gap, when the session may go into it. O(1).
  @inlinable func group(after position: OutlinePosition<ItemID>) -> ItemID? {
    guard let outline, position.parent == nil, !(drag?.hasGroup ?? false),
      position.index < outline.topLevelCount(inSection: position.section)
    else { return nil }
    let row = outline.base[position.section][outline.topRows[position.section][position.index]]
    return row.isGroup ? row.id : nil
  }

  /// Applies the target rule at the drag's pointer: spring loading, then the proposal through the cadence gate.
  /// - Complexity: O(log n + v): one hit test and the reflow of the visible rows.
  @inlinable mutating func updateDropTarget(at time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let drag else { return [] }
    let p = toContent(drag.pointer)
    var events: [CollectionViewEvent<SectionID, ItemID>] = []
    if dnd.isSpringLoaded, let outline, case .list(let list) = layout {
      let hovered = list.itemPath(at: p).flatMap { outline.collapsedGroup(section: $0.section, row: $0.item) }
      if case .open(let group) = dnd.springLoading.hover(over: hovered, time: time) {
        openSpringLoaded(group, at: time, into: &events)
      }
    }
    guard let hit = dropHit(at: p) else { return events }
    let proposed = target(for: hit)
    if case .apply(let t) = dnd.cadence.propose(proposed, shown: dnd.shown, time: time) {
      show(t, at: time, into: &events)
    }
    return events
  }

  /// Shows a target: a gap moves for a landing insert-at; insert-into highlights the group and
  /// leaves the gap where it is; forbidden and cancel leave the gap too.
  @inlinable mutating func show(
    _ target: DropTarget<ItemID>, at time: Double, into events: inout [CollectionViewEvent<SectionID, ItemID>]
  ) {
    let changed = dnd.shown != target
    dnd.shown = target
    if changed, target.proposal.landsItems, case .insertInto(let group)? = target.destination {
      pendingAnnouncement = (announcer.into(announcer.itemName(group)), time)
      spokenContainer = announcer.itemName(group)
    }
    guard target.proposal.landsItems, case .insertAt(let position)? = target.destination else { return }
    if var outline {
      guard let old = outline.placeholder, old != position else { return }
      relayout(at: time) { view in
        outline.movePlaceholder(to: position)
        view.outline = outline
        view.updateLayout(sections: old.section, position.section)
      }
    } else if let grid = dnd.grid {
      let old = grid.placeholder
      guard old != position.itemPath else { return }
      relayout(at: time) { view in
        view.dnd.grid!.placeholder = position.itemPath
        view.updateLayout(sections: old.section, position.section)
      }
    } else {
      return
    }
    events.append(.changed(.placeholderMoved(snapshot.difference(placing: drag!.items, at: position))))
    announcePlaceholder(at: position, time: time)
  }

  /// Expands a group opened by spring loading, animated, keeping the gap where it is.
  @inlinable mutating func openSpringLoaded(
    _ group: ItemID, at time: Double, into events: inout [CollectionViewEvent<SectionID, ItemID>]
  ) {
    relayout(at: time) { view in
      let position = view.outline!.placeholder!
      _ = try? view.commit(.expanded(group), into: &events)
      var arrangement = OutlineArrangement(view.snapshot, dragging: view.drag!.items)
      arrangement.movePlaceholder(to: position)
      view.outline = arrangement
      view.dnd.cachedTarget = nil
      view.rebuildLayout()
    }
  }

  // MARK: Time

  /// Auto-scroll (every mode), then spring loading and the cadence (drag and drop).
  @inlinable mutating func advanceDrag(to t: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    var events: [CollectionViewEvent<SectionID, ItemID>] = []
    if case .scroll(let delta) = dnd.autoScroll.tick(time: t) {
      let before = offset
      scrollAnimation = nil
      offset = clamped(Point(x: offset.x + delta.x, y: offset.y + delta.y))
      lastScrollTime = t
      if offset != before { events += updateTarget(at: t) }
    }
    guard mode == .dragDrop, drag != nil else { return events }
    if case .open(let group) = dnd.springLoading.tick(time: t) {
      openSpringLoaded(group, at: t, into: &events)
      events += updateTarget(at: t)
    }
    if case .apply(let target) = dnd.cadence.tick(time: t) { show(target, at: t, into: &events) }
    return events
  }

  /// Tells auto-scroll where the drag's pointer is now.
  @inlinable mutating func updateAutoScroll(time: Double) {
    guard let drag, !drag.isKeyboard else { return }
    var axis = ScrollDirection.vertical
    if case .grid(let config) = layoutConfiguration { axis = config.scrollDirection }
    // A new drag: auto-scroll's damping starts at the lift, and a band holding the lift point starts there.
    if dnd.autoScroll.dragStartTime != drag.liftTime { dnd.autoScroll.begin(at: drag.pointer, time: drag.liftTime) }
    dnd.autoScroll.pointerMoved(to: drag.pointer, viewSize: viewSize, axis: axis, time: time)
  }
}
