/// Drag and drop (``ReorderMode/dragDrop``): drag sessions with one or many items, drop
/// proposals and the delegate hook, drop into groups, spring-loaded groups, the reordering
/// cadence; and auto-scroll, which interactive movement shares.
extension CollectionView {
  // MARK: Configuration

  /// Hooks that can override any drop proposal, refuse items joining a session, and name copies.
  ///
  /// ```swift
  /// view.dropDelegate.dropSessionDidUpdate = { _, destination, proposed in
  ///   destination == .insertInto("Archive") ? DropProposal(operation: .forbidden) : proposed
  /// }
  /// ```
  public var dropDelegate: DropDelegate<ItemID> {
    get { dnd.delegate }
    set {
      dnd.delegate = newValue
      dnd.cachedTarget = nil
    }
  }

  /// How long the pointer must rest before the gap moves in a drag and drop (UIKit's
  /// `reorderingCadence`; default `.immediate`).
  ///
  /// ```swift
  /// view.reorderingCadence = .slow   // 0.3 s
  /// ```
  public var reorderingCadence: ReorderingCadence {
    get { dnd.cadence.cadence }
    set { dnd.cadence.cadence = newValue }
  }

  /// Whether a collapsed group hovered during a drag and drop opens (UIKit's `isSpringLoaded`).
  /// On by default here (UIKit's default is off), with UIKit's 0.7 s delay.
  ///
  /// ```swift
  /// view.isSpringLoaded = false
  /// ```
  public var isSpringLoaded: Bool {
    get { dnd.isSpringLoaded }
    set { dnd.isSpringLoaded = newValue }
  }

  /// How long a collapsed group must be hovered before it springs open, in seconds (0.7).
  ///
  /// ```swift
  /// view.springLoadingDelay = 1.0
  /// ```
  public var springLoadingDelay: Double {
    get { dnd.springLoading.delay }
    set { dnd.springLoading.delay = newValue }
  }

  /// The auto-scroll band along the leading and trailing edges (60 pt) and the speed at the
  /// edge (1,200 pt/s), for every mode.
  ///
  /// ```swift
  /// view.autoScroll = AutoScroll(edgeInset: 80, maximumSpeed: 2000)
  /// ```
  public var autoScroll: AutoScroll {
    get { dnd.autoScroll }
    set { dnd.autoScroll = newValue }
  }

  // MARK: Queries

  /// The items of the live drag session in their original order (UIKit's `session.items`); empty when none.
  ///
  /// ```swift
  /// view.dragSessionItems   // ["Intro", "Loops"]
  /// ```
  public var dragSessionItems: [ItemID] { drag == nil || mode != .dragDrop ? [] : dnd.ordered }

  /// The proposal shown now in a drag and drop, or `nil` when no drag and drop is live.
  ///
  /// ```swift
  /// view.currentDropProposal?.operation == .forbidden   // the marker shows
  /// ```
  public var currentDropProposal: DropProposal? { drag == nil || mode != .dragDrop ? nil : dnd.shown.proposal }

  /// Where the items would land now in a drag and drop (`nil` over nothing or when idle).
  ///
  /// ```swift
  /// if case .insertInto(let group)? = view.currentDropDestination { highlight(group) }
  /// ```
  public var currentDropDestination: DropDestination<ItemID>? { drag == nil || mode != .dragDrop ? nil : dnd.shown.destination }

  /// What the last drag and drop did (landed or not), for reading copies' identifiers after `.dropped`.
  ///
  /// ```swift
  /// if let drop = view.lastDrop, drop.operation == .copy { print(drop.copies) }
  /// ```
  public var lastDrop: DropResult<ItemID>? { dnd.lastDrop }

  // MARK: Adding items to a session

  /// A tap (a second finger, a click) during a live drag and drop: the item shown at the point
  /// (view coordinates) joins the session (UIKit's `itemsForAddingTo`). It leaves its row, the
  /// rows close up, and the stack's badge counts it. Nothing happens over no item, over an item
  /// the policy or ``DropDelegate/canAddItem`` refuses, or over a group whose children are
  /// already in the session.
  ///
  /// ```swift
  /// _ = view.pointerDown(at: Point(x: 50, y: 20), time: 0)
  /// _ = view.tick(time: 0.5)                                  // [.lifted("Intro")]
  /// _ = view.addItemToDragSession(at: Point(x: 50, y: 140), time: 0.8)
  /// view.dragSessionItems                                     // ["Intro", "Loops"]
  /// ```
  /// - Complexity: O(n): the arrangement is rebuilt without the new item.
  public mutating func addItemToDragSession(at point: Point, time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    var events = advance(to: time)
    guard mode == .dragDrop, drag != nil, point.isFinite, let path = layout.itemPath(at: toContent(point)),
      let id = displayedItem(at: path), !dnd.session.contains(id), let position = snapshot.position(of: id)
    else { return events }
    if snapshot.isGroup(id), snapshot.children(of: id).contains(where: { dnd.session.contains($0) }) { return events }
    let policyPath = position.parent == nil ? position.itemPath : path
    guard policy.canMoveItem(id, policyPath), dnd.delegate.canAddItem(id, dnd.ordered) else { return events }
    dnd.session.add(id)
    let oldOrdered = dnd.ordered
    dnd.ordered = dnd.session.items.sorted { originalOrder($0).lexicographicallyPrecedes(originalOrder($1)) }
    dnd.hasGroup = dnd.hasGroup || snapshot.isGroup(id)
    dnd.cachedTarget = nil
    dnd.cadence.reset()
    relayout(at: time) { view in view.rebuildDropArrangement(previouslyDragged: Set(oldOrdered)) }
    events += updateTarget(at: time)
    return events
  }

  /// The sort key of an item's position before the drag: section, top-level index, 0 for the item itself or 1 + child index.
  func originalOrder(_ id: ItemID) -> [Int] {
    guard let p = snapshot.position(of: id) else { return [] }
    guard let parent = p.parent, let top = snapshot.path(of: parent) else { return [p.section, p.index, 0] }
    return [p.section, top.item, p.index + 1]
  }

  // MARK: Lifting and re-arranging

  /// Begins a drag-and-drop session with the lifted item.
  mutating func beginDragDrop(item id: ItemID, at start: OutlinePosition<ItemID>) {
    dnd.reset()
    dnd.session.begin(with: id)
    dnd.ordered = [id]
    dnd.hasGroup = snapshot.isGroup(id)
    if outline != nil {
      outline = OutlineArrangement(snapshot, dragging: [id])
    } else {
      dnd.grid = GridDropArrangement(snapshot, dragging: [id], placeholder: start.itemPath)
    }
    let home = DropDestination<ItemID>.insertAt(outline?.placeholder ?? start)
    dnd.shown = target(for: home)
  }

  /// Rebuilds the arrangement for the session's items, keeping the gap before the same shown item.
  mutating func rebuildDropArrangement(previouslyDragged old: Set<ItemID>) {
    let dragged = Set(dnd.ordered)
    let current: OutlinePosition<ItemID>
    if let outline {
      current = outline.placeholder!
    } else {
      current = dnd.grid!.placeholder.outlinePosition()
    }
    var position = current
    if let parent = current.parent, dragged.contains(parent) || dnd.hasGroup {
      // The gap was inside a group that now travels, or the stack now holds a group: it lands at top level.
      let tops = snapshot.items(inSection: current.section)
      let index = snapshot.path(of: parent)!.item
      position = OutlinePosition(
        section: current.section, parent: nil,
        index: tops[..<index].lazy.filter { !dragged.contains($0) }.count + (dragged.contains(parent) ? 0 : 1))
    } else {
      let siblings = current.parent.map { snapshot.children(of: $0) } ?? snapshot.items(inSection: current.section)
      let kept = siblings.filter { !old.contains($0) }
      let anchor = kept[min(current.index, kept.count)...].first { !dragged.contains($0) }
      let now = siblings.filter { !dragged.contains($0) }
      position.index = anchor.flatMap { a in now.firstIndex(of: a) } ?? now.count
    }
    if outline != nil {
      var arrangement = OutlineArrangement(snapshot, dragging: dnd.ordered)
      arrangement.movePlaceholder(to: position)
      outline = arrangement
    } else {
      dnd.grid = GridDropArrangement(snapshot, dragging: dragged, placeholder: position.itemPath)
    }
    dnd.shown = target(for: .insertAt(position))
    rebuildLayout()
  }

  // MARK: The target

  /// What the pointer (content coordinates) is over: `nil` for no change, else a destination (`.none`: over nothing).
  func dropHit(at p: Point) -> DropDestination<ItemID>?? {
    let view = Rect(origin: offset, size: viewSize)
    guard view.contains(p) else { return .some(nil) }
    if let outline, case .list(let list) = layout {
      switch outline.dropHit(at: p, in: list, draggingGroup: dnd.hasGroup) {
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

  /// The proposal for a destination: the engine's default, through the delegate hook (cached per destination).
  mutating func target(for destination: DropDestination<ItemID>?) -> DropTarget<ItemID> {
    if let cached = dnd.cachedTarget, cached.destination == destination { return cached }
    let proposed: DropProposal
    switch destination {
    case nil: proposed = DropProposal(operation: .cancel)
    case .insertAt?: proposed = DropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    case .insertInto?: proposed = DropProposal(operation: .move, intent: .insertIntoDestinationIndexPath)
    }
    let proposal = dnd.delegate.dropSessionDidUpdate(dnd.ordered, destination, proposed)
    let result = DropTarget(destination: destination, proposal: proposal)
    dnd.cachedTarget = result
    return result
  }

  /// Applies the target rule at the drag's pointer: spring loading, then the proposal through the cadence gate.
  /// - Complexity: O(log n + v): one hit test and the reflow of the visible rows.
  mutating func updateDropTarget(at time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let drag else { return [] }
    let p = toContent(drag.pointer)
    if dnd.isSpringLoaded, let outline, case .list(let list) = layout {
      let hovered = list.itemPath(at: p).flatMap { outline.collapsedGroup(section: $0.section, row: $0.item) }
      if case .open(let group) = dnd.springLoading.hover(over: hovered, time: time) { openSpringLoaded(group, at: time) }
    }
    guard let hit = dropHit(at: p) else { return [] }
    let proposed = target(for: hit)
    if case .apply(let t) = dnd.cadence.propose(proposed, shown: dnd.shown, time: time) { show(t, at: time) }
    return []
  }

  /// Shows a target: a gap moves for a landing insert-at; insert-into highlights the group and
  /// leaves the gap where it is; forbidden and cancel leave the gap too.
  mutating func show(_ target: DropTarget<ItemID>, at time: Double) {
    dnd.shown = target
    guard target.proposal.landsItems, case .insertAt(let position)? = target.destination else { return }
    if var outline {
      guard let old = outline.placeholder, old != position else { return }
      relayout(at: time) { view in
        outline.movePlaceholder(to: position)
        view.outline = outline
        view.updateLayout(sections: [old.section, position.section])
      }
    } else if let grid = dnd.grid {
      let old = grid.placeholder
      guard old != position.itemPath else { return }
      relayout(at: time) { view in
        view.dnd.grid!.placeholder = position.itemPath
        view.updateLayout(sections: [old.section, position.section])
      }
    }
  }

  /// Expands a group opened by spring loading, animated, keeping the gap where it is.
  mutating func openSpringLoaded(_ group: ItemID, at time: Double) {
    relayout(at: time) { view in
      let position = view.outline!.placeholder!
      view.snapshot.setExpanded(true, for: group)
      var arrangement = OutlineArrangement(view.snapshot, dragging: view.dnd.ordered)
      arrangement.movePlaceholder(to: position)
      view.outline = arrangement
      view.dnd.cachedTarget = nil
      view.rebuildLayout()
    }
  }

  // MARK: Time

  /// Auto-scroll (every mode), then spring loading and the cadence (drag and drop).
  mutating func advanceDrag(to t: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
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
      openSpringLoaded(group, at: t)
      events += updateTarget(at: t)
    }
    if case .apply(let target) = dnd.cadence.tick(time: t) { show(target, at: t) }
    return events
  }

  /// Tells auto-scroll where the drag's pointer is now.
  mutating func updateAutoScroll(time: Double) {
    guard let drag else { return }
    var axis = ScrollDirection.vertical
    if case .grid(let config) = layoutConfiguration { axis = config.scrollDirection }
    dnd.autoScroll.pointerMoved(to: drag.pointer, viewSize: viewSize, axis: axis, time: time)
  }

  // MARK: Drop and cancel

  /// Ends a drag and drop: the items land at the shown destination (moved or copied), or, for a
  /// cancel or forbidden proposal or a release outside the view, go back.
  mutating func performDrop(at time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let drag else { return [] }
    if case .apply(let t) = dnd.cadence.flush() { show(t, at: time) }
    let target = dnd.shown
    let inside = Rect(origin: .zero, size: viewSize).contains(drag.pointer)
    guard inside, target.proposal.landsItems, let destination = target.destination else {
      return cancelDrop(at: time, operation: inside ? target.proposal.operation : .cancel)
    }
    let items = dnd.ordered
    let dragged = Set(items)
    let position: OutlinePosition<ItemID>
    switch destination {
    case .insertAt(let p): position = p
    case .insertInto(let group):
      let children = snapshot.children(of: group)
      position = OutlinePosition(
        section: snapshot.position(of: group)!.section, parent: group,
        index: children.lazy.filter { !dragged.contains($0) }.count)
    }
    let lifted = liftedFrame(of: drag)
    var events: [CollectionViewEvent<SectionID, ItemID>] = []
    var copies: [ItemID] = []
    let operation = target.proposal.operation
    relayout(at: time) { view in
      if operation == .move {
        for m in view.snapshot.landItems(items, at: position) { events.append(.moved(m.item, from: m.from, to: m.to)) }
      } else {
        guard let make = view.dnd.delegate.identifierForCopy else {
          preconditionFailure("a .copy drop proposal needs dropDelegate.identifierForCopy")
        }
        copies = view.snapshot.insertCopies(of: items, at: position, skipping: dragged, makeID: make)
      }
      view.closeSpringLoaded(keeping: position.parent)
      view.finishDragDrop()
    }
    dnd.lastDrop = DropResult(items: items, operation: operation, destination: destination, copies: copies)
    settle(operation == .copy ? copies : items, from: lifted, at: time)
    events.append(.dropped(drag.item))
    return events
  }

  /// Cancels a drag and drop: nothing changes but the groups spring loading opened, which close.
  mutating func cancelDrop(at time: Double, operation: DropOperation) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let drag else { return [] }
    let items = dnd.ordered
    let destination = dnd.shown.destination
    let lifted = liftedFrame(of: drag)
    relayout(at: time) { view in
      view.closeSpringLoaded(keeping: nil)
      view.finishDragDrop()
    }
    dnd.lastDrop = DropResult(items: items, operation: operation, destination: destination)
    settle(items, from: lifted, at: time)
    return [.cancelled(drag.item)]
  }

  mutating func closeSpringLoaded(keeping group: ItemID?) {
    if case .close(let groups) = dnd.springLoading.end(droppedInto: group) {
      for g in groups { snapshot.setExpanded(false, for: g) }
    }
  }

  mutating func finishDragDrop() {
    dnd.reset()
    drag = nil
    if outline != nil { outline = OutlineArrangement(snapshot) }
    rebuildLayout()
  }

  /// The first item settles from the lifted cell; the others glide from the stack behind it.
  mutating func settle(_ items: [ItemID], from lifted: Rect, at time: Double) {
    guard let first = items.first else { return }
    startSettle(first, from: lifted, at: time)
    for (k, id) in items.dropFirst().enumerated() {
      guard let to = frame(of: id) else { continue }
      let d = Double(min(k + 1, 2)) * 4
      animations[id] = ElementAnimation(from: lifted.offsetBy(dx: d, dy: d), to: to, start: time, duration: reflowDuration)
    }
  }

  // MARK: Rendering

  /// The highlight behind a group that the items would go into.
  func dropHighlightElements() -> [RenderElement<SectionID, ItemID>] {
    guard drag != nil, mode == .dragDrop, dnd.shown.proposal.landsItems, case .insertInto(let group)? = dnd.shown.destination,
      let row = outline?.displayedRow(ofGroup: group)
    else { return [] }
    let frame = layout.frame(ofItem: row)
    guard frame.intersects(visibleRect) else { return [] }
    return [RenderElement(kind: .dropHighlight(group), frame: frame.offsetBy(dx: -offset.x, dy: -offset.y))]
  }

  /// The lifted stack: up to two more session items behind the lifted cell, a badge with the
  /// session's count, and the forbidden marker at the pointer.
  func dragDropLiftedElements(_ drag: Drag, at time: Double) -> [RenderElement<SectionID, ItemID>] {
    var main = liftedElements(drag, at: time)
    guard !main.isEmpty else { return main }
    var result: [RenderElement<SectionID, ItemID>] = []
    let others = dnd.ordered.filter { $0 != drag.item }.prefix(2)
    for (k, id) in others.enumerated().reversed() {
      let d = Double(k + 1) * 4
      result.append(
        RenderElement(
          kind: .item(id), frame: main[0].frame.offsetBy(dx: d, dy: d), scale: main[0].scale, isLifted: true,
          depth: main[0].depth, isExpanded: snapshot.isGroup(id) ? snapshot.isExpanded(id) : nil))
    }
    if dnd.ordered.count > 1 { main[0].badgeCount = dnd.ordered.count }
    result += main
    if dnd.shown.proposal.operation == .forbidden {
      result.append(RenderElement(kind: .forbidden, frame: Rect(x: drag.pointer.x - 14, y: drag.pointer.y - 14, width: 28, height: 28)))
    }
    return result
  }
}
