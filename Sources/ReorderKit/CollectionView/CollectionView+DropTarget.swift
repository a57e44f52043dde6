/// Drag and drop: the target under the pointer, through the policy's drop hook and the cadence gate;
/// spring loading and auto-scroll over time.
extension CollectionView {
  // MARK: The target

  /// What the pointer (content coordinates) is over: `nil` for no change, else a destination
  /// (`.none`: over nothing). Lists may go into a group; grids use the target rule (with its fixed
  /// points in a flow). An insert-at goes through the policy's retarget hook.
  @inlinable func dropHit(at p: Point, for drag: Session) -> DropDestination<ItemID>?? {
    guard visibleRect.contains(p) else { return .some(nil) }
    let proposed: OutlinePosition<ItemID>
    switch (drag.arrangement, geometry.layout) {
    case (.rows(let rows), .list(let list)):
      let found =
        list.hasPerRowHeights
        ? rows.stableHit(at: p, in: list, allowInsertInto: true, draggingGroup: drag.hasGroup)
        : rows.hit(at: p, in: list, allowInsertInto: true, draggingGroup: drag.hasGroup)
      switch found {
      case .nothing: return .some(nil)
      case .ownRows: return .insertAt(drag.placeholder)
      case .at(let position): proposed = position
      case .into(let group): return .insertInto(group)
      }
    default:
      guard let position = proposal(at: p, for: drag) else { return nil }
      proposed = position
    }
    return .insertAt(retargeted(proposed, for: drag) ?? drag.placeholder)
  }

  /// The proposal for a destination: the engine's default, through the policy's drop hook (cached per
  /// destination). An intent the hook changes moves the destination: insert-at for a group's row
  /// means the gap before the group; insert-into for a gap means into the group after the gap
  /// (when the session holds no group); otherwise the intent is kept as proposed.
  @inlinable mutating func target(for destination: DropDestination<ItemID>?) -> DropTarget<ItemID> {
    guard let drag else { return DropTarget(destination: nil, proposal: DropProposal(operation: .cancel)) }
    if let cached = drag.drop.cachedTarget, cached.key == destination { return cached.target }
    let proposed: DropProposal
    switch destination {
    case nil: proposed = DropProposal(operation: .cancel)
    case .insertAt?: proposed = DropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    case .insertInto?: proposed = DropProposal(operation: .move, intent: .insertIntoDestinationIndexPath)
    }
    var proposal = policy.dropSessionDidUpdate(drag.items, destination.map(snapshot.policyDestination), proposed)
    var landing = destination
    if proposal.intent != proposed.intent, proposal.intent != .unspecified, let d = destination {
      switch (d, proposal.intent) {
      case (.insertInto(let group), .insertAtDestinationIndexPath):
        landing = drag.rows?.gap(before: group).map { .insertAt($0) } ?? d
      case (.insertAt(let position), .insertIntoDestinationIndexPath):
        if !drag.hasGroup, let group = drag.rows?.group(after: position) {
          landing = .insertInto(group)
        } else {
          proposal.intent = proposed.intent
        }
      default: break
      }
    }
    let result = DropTarget(destination: landing, proposal: proposal)
    modifySession { $0.drop.cachedTarget = (destination, result) }
    return result
  }

  /// Applies the target rule at the drag's pointer: spring loading, then the proposal through the cadence gate.
  /// - Complexity: O(log n + v): one hit test and the reflow of the visible rows.
  @inlinable mutating func updateDropTarget(at time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let drag else { return [] }
    let p = toContent(drag.pointer)
    var events: [CollectionViewEvent<SectionID, ItemID>] = []
    if dropConfiguration.isSpringLoaded, let rows = drag.rows, case .list(let list) = geometry.layout {
      let hovered = list.itemPath(at: p).flatMap { rows.collapsedGroup(section: $0.section, row: $0.item) }
      if case .open(let group)? = modifySession({ $0.drop.springLoading.hover(over: hovered, time: time) }) {
        openSpringLoaded(group, at: time, into: &events)
      }
    }
    guard let current = self.drag, let hit = dropHit(at: p, for: current) else { return events }
    let proposed = target(for: hit)
    if case .apply(let t)? = modifySession({ $0.drop.cadence.propose(proposed, shown: $0.drop.shown, time: time) }) {
      show(t, at: time, into: &events)
    }
    return events
  }

  /// Shows a target: a gap moves for a landing insert-at; insert-into highlights the group and
  /// leaves the gap where it is; forbidden and cancel leave the gap too.
  @inlinable mutating func show(
    _ target: DropTarget<ItemID>, at time: Double, into events: inout [CollectionViewEvent<SectionID, ItemID>]
  ) {
    guard let drag else { return }
    modifySession { $0.drop.shown = target }
    if drag.drop.shown != target, target.proposal.landsItems, case .insertInto(let group)? = target.destination {
      access.speech.held = (access.announcer.into(access.announcer.itemName(group)), time)
      access.speech.container = access.announcer.itemName(group)
    }
    guard target.proposal.landsItems, case .insertAt(let position)? = target.destination else { return }
    guard drag.placeholder != position else { return }
    relayout(at: time) { view in
      guard let sections = view.modifySession({ $0.movePlaceholder(to: position) }) ?? nil else { return }
      view.updateLayout(sections: sections.from, sections.to)
    }
    events.append(.changed(.placeholderMoved(snapshot.difference(placing: drag.items, at: position))))
    announcePlaceholder(at: position, for: drag, time: time)
  }

  /// Expands a group opened by spring loading, animated, keeping the gap where it is.
  @inlinable mutating func openSpringLoaded(
    _ group: ItemID, at time: Double, into events: inout [CollectionViewEvent<SectionID, ItemID>]
  ) {
    guard let position = drag?.placeholder else { return }
    relayout(at: time) { view in
      view.commitDerived(.expanded(group), into: &events)
      let snapshot = view.snapshot
      view.modifySession { session in
        session.arrange(snapshot, placeholder: position)
        session.drop.cachedTarget = nil
      }
      view.rebuildLayout()
    }
  }

  // MARK: Time

  /// Auto-scroll (every mode), then spring loading and the cadence (drag and drop).
  @inlinable mutating func advanceDrag(to t: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    var events: [CollectionViewEvent<SectionID, ItemID>] = []
    // Items away (held elsewhere): whoever holds them runs the drag.
    if drag?.isAway ?? false { return events }
    if case .scroll(let delta)? = modifySession({ $0.autoScroll.tick(time: t) }) {
      let before = motion.offset
      motion.scrollAnimation = nil
      motion.offset = clamped(Point(x: motion.offset.x + delta.x, y: motion.offset.y + delta.y))
      motion.lastScrollTime = t
      if motion.offset != before { events += updateTarget(at: t) }
    }
    guard dropSession != nil else { return events }
    if case .open(let group)? = modifySession({ $0.drop.springLoading.tick(time: t) }) {
      openSpringLoaded(group, at: t, into: &events)
      events += updateTarget(at: t)
    }
    if case .apply(let target)? = modifySession({ $0.drop.cadence.tick(time: t) }) {
      show(target, at: t, into: &events)
    }
    return events
  }

  /// Moves the drag's pointer (if given) and tells its auto-scroll where the pointer is now (not
  /// for a keyboard drag), in one change of the session.
  @inlinable mutating func updateAutoScroll(pointer: Point? = nil, time: Double) {
    var axis = ScrollDirection.vertical
    if case .grid(let config) = layoutConfiguration { axis = config.scrollDirection }
    let size = viewSize
    modifySession { session in
      if let pointer { session.pointer = pointer }
      guard !session.isKeyboard else { return }
      session.autoScroll.pointerMoved(to: session.pointer, viewSize: size, axis: axis, time: time)
    }
  }
}
