/// What a ``Board`` asks of each of its views: where a gap opens for items coming in, and taking
/// the travelling items out of a view or into it while the session crosses views. These work
/// silently (no events, no history): the board reports one gesture when the items land, and the
/// view's own session calls (the target rule, the policy, drop and cancel) do the rest.
extension CollectionView {
  /// The items carried by a drag in progress (the lifted one first), or none.
  @inlinable var boardDragItems: [ItemID] { boardDragHold?.items ?? [] }

  /// The items carried by a drag in progress (the lifted one first), where the pointer holds the
  /// lifted cell and its size; `nil` with no drag.
  @inlinable var boardDragHold: (items: [ItemID], grab: Point, size: Size)? {
    guard case .dragging(let session) = interaction else { return nil }
    return ([session.item] + session.items.filter { $0 != session.item }, session.grab, session.size)
  }

  /// Whether time passing changes nothing in the view: nothing pressed or lifted, no animation,
  /// scrolling, paging or announcement under way. A board ticks only the views that are not at
  /// rest (and moves the others' clocks), so that idle columns cost nothing per frame.
  @inlinable var isAtRest: Bool {
    // A source whose items are over another view takes no step (see `lendDrag(time:)`).
    switch interaction {
    case .idle: break
    case .dragging(let session) where session.away: break
    default: return false
    }
    guard !longPress.isPending, !longPress.isActive else { return false }
    if case .grid(let config) = layoutConfiguration, config.pageWidth != nil { return false }
    return pendingEvents.isEmpty && scrollAnimation == nil && pendingAnnouncement == nil && settle == nil
      && animations.isEmpty && headerAnimations.isEmpty && ghosts.isEmpty
  }

  /// Moves the clock of a view at rest (see ``isAtRest``): nothing else happens in it.
  @inlinable mutating func advanceClockAtRest(to time: Double) { now = max(now, time) }

  /// Whether the drag in progress was lifted by the keyboard.
  @inlinable var isKeyboardDrag: Bool { drag?.isKeyboard ?? false }

  /// Where a gap opens for items entering the view with the pointer at a point in view coordinates,
  /// the view laid out without them: the view's own target rule on its rows or slots at rest. An
  /// empty section (or view) takes them at index 0; below the content, the end of the last section.
  /// `nil`: over no row or slot (no gap), or a view with no section to hold them.
  @inlinable func entryPosition(at point: Point, draggingGroup: Bool) -> OutlinePosition<ItemID>? {
    guard snapshot.numberOfSections > 0 else { return nil }
    let p = toContent(point)
    switch layout {
    case .list(let list):
      let rows = listRows ?? OutlineArrangement(snapshot)
      if case .at(let position) = rows.hit(at: p, in: list, allowInsertInto: false, draggingGroup: draggingGroup) {
        return position
      }
    case .grid(let grid):
      // No placeholder at rest: a placeholder in no section makes rule 2 count the section's end.
      let none = GridSlots.nowhere
      let proposed =
        grid.hasFixedColumns
        ? GridTargetRule.proposal(at: p, in: grid, placeholder: none)
        : GridTargetRule.flowProposal(at: p, in: grid, placeholder: none)
      if let proposed { return proposed.outlinePosition() }
    }
    let end = layout.contentSize
    let below = layout.isVertical ? p.y >= end.height : p.x >= end.width
    guard below || itemCount == 0 else { return nil }
    let last = snapshot.numberOfSections - 1
    return OutlinePosition(section: last, parent: nil, index: restingCount(inSection: last))
  }

  /// The top-level items of a section shown at rest: a source lending its items to another view
  /// (see ``lendDrag(time:)``) does not count them. O(k) for k lent items.
  @inlinable func restingCount(inSection s: Int) -> Int {
    let count = snapshot.numberOfItems(inSection: s)
    guard let drag, drag.away else { return count }
    return count
      - drag.items.lazy.filter { self.snapshot.position(of: $0).map { $0.section == s && $0.parent == nil } ?? false }
      .count
  }

  /// The number of items (top level and children) the view shows, for a work-in-progress limit:
  /// the items its data holds, less those it lends to another view (see ``lendDrag(time:)``).
  @inlinable var itemCount: Int {
    guard let drag, drag.away else { return snapshot.totalItemCount }
    let lent = drag.items.filter(snapshot.contains)
    return snapshot.totalItemCount - lent.count - lent.reduce(0) { $0 + snapshot.children(of: $1).count }
  }

  /// The travelling items leave for another view of the board, and the view, their source, keeps
  /// them in its data: its session stays, away (no gap, no lifted cell, no step; see
  /// `Session.away`), and its rows or slots close up. Nothing moves in the data (a live drag's
  /// steps are taken back): the first step into another view moves no data here, and a drop
  /// there takes the items out once (``abandonDragAndTakeOut(time:choosing:)``). Returns the
  /// live moves taken back (the owner saved the live steps).
  @discardableResult
  @inlinable mutating func lendDrag(time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let session = drag, !session.away else { return [] }
    var reverted: [CollectionViewEvent<SectionID, ItemID>] = []
    relayout(at: time) { view in
      if view.mode == .live {
        var moved = false
        for change in session.undo {
          if let fitted = view.fitted(change) {
            view.commitDerived(fitted, into: &reverted)
            moved = true
          }
        }
        // The items stand at their lift place again: the session's rows or slots of that data.
        if moved {
          let data = view.snapshot
          view.modifySession { $0.arrange(data, placeholder: $0.start) }
        }
      }
      view.modifySession { session in
        session.goAway()
        // Taken back: nothing to take back again when the drag ends.
        session.undo = []
      }
      // Rows of their own heights: the block's sums leave the layout, no height looked up.
      view.setListBlock(reusing: true)
    }
    longPress.reset()
    pendingAnnouncement = nil
    spokenContainer = nil
    settle = nil
    clampOffset()
    return reverted
  }

  /// The items lent to another view (see ``lendDrag(time:)``) come back: the session takes the
  /// drag on with its gap at a position (counted without the items), the pointer (view
  /// coordinates) holding the lead item. O(k + visible rows), as the crossing out: no data moves
  /// but a live drag's step to the gap.
  @inlinable mutating func resumeLentDrag(
    at position: OutlinePosition<ItemID>, pointer: Point, keyboard: Bool, time: Double
  ) {
    guard let session = drag, session.away, position.section < snapshot.numberOfSections else { return }
    relayout(at: time) { view in
      var autoScroll = view.dropConfiguration.autoScroll
      autoScroll.begin(at: pointer, time: time)
      view.modifySession { s in
        s.comeBack(to: position)
        s.pointer = pointer
        s.isKeyboard = keyboard
        s.autoScroll = autoScroll
      }
      if view.mode == .live {
        // A live drag's item always stands at its gap in the data.
        var ignored: [CollectionViewEvent<SectionID, ItemID>] = []
        let items = session.items.filter(view.snapshot.contains)
        let undo = view.snapshot.placements(of: items, skipping: Set(items)).map { Change<SectionID, ItemID>.moved($0) }
        view.modifySession { $0.undo = undo }
        view.commitDerived(.moved(view.snapshot.difference(placing: items, at: position)), into: &ignored)
        let data = view.snapshot
        if view.gridSlots != nil { view.modifySession { $0.arrange(data, placeholder: position) } }
      }
      if view.mode == .dragDrop {
        let shown = view.target(for: .insertAt(position))
        view.modifySession { $0.drop.shown = shown }
      }
      view.setListBlock(reusing: true)
    }
    holdEnteredDrag(at: position, pointer: pointer, keyboard: keyboard, time: time)
  }

  /// Ends a session away (see ``lendDrag(time:)``) as a cancel: the items, which the data held all
  /// along, are shown where they stood. Nothing is reported: the board says it. O(n) for a list
  /// (its rows rebuilt), as every end of a drag.
  @inlinable mutating func returnLentItems(time: Double) {
    guard let session = drag, session.away else { return }
    relayout(at: time) { view in
      // The block where it stood: a list of rows of their own heights then joins its sums to the
      // base rows' (no height looked up).
      view.modifySession { $0.comeBack(to: session.start) }
      view.finishDrag()
    }
    longPress.reset()
    pendingAnnouncement = nil
    spokenContainer = nil
  }

  /// Ends the drag in progress without a word: a live drag's moves are taken back first, so that
  /// the data is the data at the lift again. Nothing is recorded; the returned events are the
  /// live moves taken back (the data changed, and the owner saved the live steps).
  @discardableResult
  @inlinable mutating func abandonDragSilently(time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let drag else { return [] }
    var reverted: [CollectionViewEvent<SectionID, ItemID>] = []
    relayout(at: time) { view in
      if view.mode == .live {
        for change in drag.undo { if let fitted = view.fitted(change) { view.commitDerived(fitted, into: &reverted) } }
      }
      view.interaction = .idle
      view.rebuildArrangement()
      view.rebuildLayout()
    }
    longPress.reset()
    pendingAnnouncement = nil
    spokenContainer = nil
    settle = nil
    return reverted
  }

  /// Ends the drag in progress without a word and takes travelling items out, in one relayout (one
  /// rebuild of the rows or slots instead of two): ``abandonDragSilently(time:)`` then
  /// ``takeOut(_:time:)``. `choose` receives the data once a live drag's moves are taken back and
  /// returns the items to take out. Returns the live moves taken back and the change that puts the
  /// items back where they stood.
  @inlinable mutating func abandonDragAndTakeOut(
    time: Double, choosing choose: (Snapshot<SectionID, ItemID>) -> [ItemID]
  ) -> (reverted: [CollectionViewEvent<SectionID, ItemID>], inverse: [Change<SectionID, ItemID>]) {
    let session = drag
    var reverted: [CollectionViewEvent<SectionID, ItemID>] = []
    var inverse: [Change<SectionID, ItemID>] = []
    var taken: [ItemID] = []
    relayout(at: time) { view in
      if let session, view.mode == .live {
        for change in session.undo {
          if let fitted = view.fitted(change) { view.commitDerived(fitted, into: &reverted) }
        }
      }
      view.interaction = .idle
      taken = choose(view.snapshot).filter(view.snapshot.contains)
      if !taken.isEmpty {
        var ignored: [CollectionViewEvent<SectionID, ItemID>] = []
        inverse = view.commitDerived(.deleted(taken), into: &ignored)
      }
      // The session's rows without its block are the resting rows of the data without the items
      // taken out (when they are the session's items): no rebuild of the rows, O(k) not O(n).
      if case .rows(let rows)? = session?.arrangement, rows.holdsExactly(taken) {
        view.listRows = rows.withoutBlock
        view.checkRestingRows()
        // Rows of their own heights: the session's sums of its base rows, without the block.
        view.setListBlock(reusing: true)
      } else {
        view.rebuildArrangement()
        view.rebuildLayout()
      }
    }
    if session != nil {
      longPress.reset()
      pendingAnnouncement = nil
      spokenContainer = nil
      settle = nil
    }
    for id in taken { animations[id] = nil }
    if let focus, !snapshot.contains(focus) { self.focus = nil }
    clampOffset()
    return (reverted, inverse)
  }

  /// Takes items out of the view (they travel to another view): the rows or slots close up. Nothing
  /// is reported or recorded. Returns the change that puts them back where they stood.
  @discardableResult
  @inlinable mutating func takeOut(_ items: [ItemID], time: Double) -> [Change<SectionID, ItemID>] {
    let present = items.filter(snapshot.contains)
    guard !present.isEmpty else { return [] }
    var inverse: [Change<SectionID, ItemID>] = []
    let rows = plainRows(of: present)
    relayout(at: time) { view in
      var ignored: [CollectionViewEvent<SectionID, ItemID>] = []
      inverse = view.commitDerived(.deleted(present), into: &ignored)
      view.rebuildArrangement()
      // Rows of their own heights that stood together: their sums taken out, no height looked up.
      if let rows, case .list(var list) = view.layout,
        list.liftBlock(section: rows.section, row: rows.row, count: rows.count)
      {
        list.setBlock([], at: nil)
        view.layout = .list(list)
        view.checkListLayout()
      } else {
        view.rebuildLayout()
      }
    }
    for id in present { animations[id] = nil }
    if let focus, !snapshot.contains(focus) { self.focus = nil }
    clampOffset()
    return inverse
  }

  /// Puts items into the view silently (undo, redo, a cancel): where the change says, or, if its
  /// next item or group is gone, at the end of its section (or of the first section). Items the
  /// view holds already, or that are not in `only`, are left out. Returns where they landed.
  @discardableResult
  @inlinable mutating func putIn(
    _ change: Change<SectionID, ItemID>, only: Set<ItemID>, sizes: [ItemID: Size] = [:], time: Double
  ) -> ReorderDifference<SectionID, ItemID>? {
    guard case .inserted(var d, let children, let expanded) = change, snapshot.numberOfSections > 0 else { return nil }
    d.items = d.items.filter { only.contains($0) && !snapshot.contains($0) }
    guard !d.items.isEmpty else { return nil }
    adoptSizes(sizes, of: d.items + d.items.flatMap { children[$0] ?? [] })
    var landed: ReorderDifference<SectionID, ItemID>?
    relayout(at: time) { view in
      landed = view.insertSilently(d, children: children, expanded: expanded)
      view.rebuildArrangement()
      // Rows of their own heights, now together: the block of their heights merged into the sums
      // (k heights looked up, O(n) additions), not every row's height looked up again.
      if let items = landed?.items, let rows = view.plainRows(of: items), case .list(var list) = view.layout,
        case .list(let config) = view.layoutConfiguration, list.hasPerRowHeights
      {
        let sizes = view._itemSizes
        let block = items.map { Self.rowHeight(of: $0, in: sizes, default: config.rowHeight) }
        list.setBlock(block, at: (rows.section, rows.row))
        if list.mergeBlock(shownAt: (rows.section, rows.row), count: rows.count) {
          view.layout = .list(list)
          view.checkListLayout()
        } else {
          view.rebuildLayout()
        }
      } else {
        view.rebuildLayout()
      }
    }
    return landed
  }

  /// Puts travelling items into the view at a position and lifts them there: a session whose
  /// placeholder is that position, the pointer (view coordinates) holding the lead item at `grab`.
  /// The view then runs the drag as its own: its target rule, policy, drop and cancel.
  @inlinable mutating func takeIn(
    _ items: [ItemID], lead: ItemID, children: [ItemID: [ItemID]], expanded: Set<ItemID>, sizes: [ItemID: Size],
    at position: OutlinePosition<ItemID>,
    pointer: Point, grab: Point, size: Size, keyboard: Bool, time: Double
  ) {
    guard !items.isEmpty, position.section < snapshot.numberOfSections else { return }
    adoptSizes(sizes, of: items + items.flatMap { children[$0] ?? [] })
    let place = entryPlace(of: items, at: position)
    var ignored: [CollectionViewEvent<SectionID, ItemID>] = []
    // The resting rows of the data without the items: the base rows of the session (O(k), not O(n)).
    let resting = isList ? listRows : nil
    // A list shows the items at the gap from the session's rows, whatever their place in the data:
    // they wait at the end of the section (an append, O(k)) instead of going in at the gap (moving
    // the section's tail: 800 KB in a column of 200,000 cards), and the drop places them by
    // identity. Not for a live drag (it commits each step from where the items stand), a gap in a
    // group, or an interactive drag of several items (its drop places the lifted one only).
    let parks =
      resting != nil && position.parent == nil
      && (mode == .dragDrop || (mode == .interactive && items.count == 1))
    let stored = parks ? ReorderDifference(items: items, section: place.section, parent: nil, before: nil) : place
    relayout(at: time) { view in
      view.commitDerived(.inserted(stored, children: children, expanded: expanded), into: &ignored)
      let ordered = items.sorted { view.snapshot.orderKey($0).lexicographicallyPrecedes(view.snapshot.orderKey($1)) }
      let arrangement: Arrangement
      if let resting {
        let rows = OutlineArrangement(resting: resting, view.snapshot, dragging: ordered, placeholder: position)
        arrangement = .rows(rows)
        view.checkSessionRows(rows, dragging: ordered)
      } else if view.isList {
        arrangement = .rows(OutlineArrangement(view.snapshot, dragging: ordered))
      } else {
        arrangement = .slots(GridSlots(lifted: [], placeholder: position.itemPath))
      }
      var session = Session(
        item: lead, items: ordered, hasGroup: items.contains(where: view.snapshot.isGroup), start: position,
        lift: place, pointer: pointer, grab: grab, size: size, liftTime: time, isKeyboard: keyboard,
        arrangement: arrangement, autoScroll: view.dropConfiguration.autoScroll,
        drop: DropSession(view.dropConfiguration))
      if resting == nil { session.arrange(view.snapshot, placeholder: position) }
      session.parked = parks
      if view.mode == .live {
        session.undo = view.snapshot.placements(of: ordered, skipping: Set(ordered)).map { .moved($0) }
      }
      session.autoScroll.begin(at: pointer, time: time)
      view.interaction = .dragging(session)
      view.settle = nil
      if view.mode == .dragDrop {
        let shown = view.target(for: .insertAt(position))
        view.modifySession { $0.drop.shown = shown }
      }
      // Rows of their own heights: the resting sums of the base rows, plus the block's.
      view.setListBlock(reusing: resting != nil)
    }
    holdEnteredDrag(at: position, pointer: pointer, keyboard: keyboard, time: time)
  }

  /// What follows items entering the view (``takeIn(_:lead:children:expanded:sizes:at:pointer:grab:size:keyboard:time:)``,
  /// ``resumeLentDrag(at:pointer:keyboard:time:)``): the pointer holds them past the long press,
  /// and a keyboard drag's cell stands over its gap.
  @inlinable mutating func holdEnteredDrag(
    at position: OutlinePosition<ItemID>, pointer: Point, keyboard: Bool, time: Double
  ) {
    // The pointer already holds the items: the view's recogniser is past its long press.
    longPress.reset()
    if !keyboard {
      longPress.pointerDown(at: pointer, time: time - longPress.minimumPressDuration)
      _ = longPress.tick(time: time)
    }
    pendingAnnouncement = nil
    spokenContainer = spokenPlace(of: position, travelling: []).container
    if keyboard {
      followPlaceholder(time: time)
      // The keyboard's cell stands over its placeholder: the session's pointer is there, in the view.
      if let slot = placeholderRow ?? placeholderSlot {
        let f = layout.frame(ofItem: slot)
        let center = Point(x: f.midX - offset.x, y: f.midY - offset.y)
        modifySession { $0.pointer = center }
      }
    }
  }

  /// The place that puts items at a position, by identity. A function of its own, so that no copy
  /// of the section's items is still held when they are inserted (one would make the insertion
  /// copy the whole section instead of moving its tail).
  @inlinable func entryPlace(of items: [ItemID], at position: OutlinePosition<ItemID>) -> ReorderDifference<
    SectionID, ItemID
  > {
    let before: ItemID?
    if let parent = position.parent {
      let siblings = snapshot.children(of: parent)
      before = position.index < siblings.count ? siblings[position.index] : nil
    } else {
      let count = snapshot.numberOfItems(inSection: position.section)
      before =
        position.index < count
        ? snapshot.itemIdentifier(at: ItemPath(item: position.index, section: position.section)) : nil
    }
    return ReorderDifference(
      items: items, section: snapshot.sections[position.section].id, parent: position.parent, before: before)
  }

  /// Puts items parked at the end of their section's data (see
  /// ``takeIn(_:lead:children:expanded:sizes:at:pointer:grab:size:keyboard:time:)``) at a position
  /// counted without them: where a drop lands them (its move then finds them in place), or `start`,
  /// where they entered, for a drop that does not move them (a copy, a failed copy, a cancel). Out
  /// of the end and in at the position: one move of the section's tail, its index left lagging, not
  /// a move within the section, which rewrites the index of every item in between (a drop in the
  /// middle of 200,000 cards: 4 ms). Nothing is reported.
  @inlinable mutating func landParkedItems(at position: OutlinePosition<ItemID>) {
    // Derived from the data, the place applies; were it not to, the items go to the end of their
    // section rather than be lost.
    landParkedItems(exactly: true) { data, items in
      position.section < data.numberOfSections ? data.difference(placing: items, at: position) : nil
    }
  }

  /// Puts items still parked at the end of their section's data where they entered the view, by
  /// identity (the session's lift place, which new data keeps fitted); if that place is gone, at
  /// the end of its section, else of the first section. For every end of a session that placed
  /// no parked item. Nothing is reported.
  @inlinable mutating func landParkedItemsWhereTheyEntered() {
    guard var entry = drag?.lift else { return }
    landParkedItems(exactly: false) { _, items in
      entry.items = items
      return entry
    }
  }

  /// The landing of parked items: `place` gives where the items (those the data holds) go, from the
  /// data with them still parked (nil: they stay where they are); they are taken out of the end of
  /// their section and put in there (see ``insertSilently(_:children:expanded:)``). With `exactly`,
  /// a place that does not apply is a mistake (stopped in debug builds).
  @inlinable mutating func landParkedItems(
    exactly: Bool, at place: (Snapshot<SectionID, ItemID>, [ItemID]) -> ReorderDifference<SectionID, ItemID>?
  ) {
    guard let drag, drag.parked else { return }
    modifySession { $0.parked = false }
    let items = drag.items.filter(snapshot.contains)
    guard !items.isEmpty, snapshot.numberOfSections > 0, let target = place(snapshot, items) else { return }
    let children = Dictionary(
      uniqueKeysWithValues: items.filter(snapshot.isGroup).map { ($0, snapshot.children(of: $0)) })
    let expanded = Set(items.filter(snapshot.isExpanded))
    var ignored: [CollectionViewEvent<SectionID, ItemID>] = []
    commitDerived(.deleted(items), into: &ignored)
    let landed = insertSilently(target, children: children, expanded: expanded)
    if exactly && landed != target { assertionFailure("parked items could not land at \(target)") }
  }

  /// Inserts items at a place by identity, nothing reported; if the place does not apply (its next
  /// item or group is gone), at the end of its section, else at the end of the first section.
  /// Returns where they went (nil: no section takes them).
  @discardableResult
  @inlinable mutating func insertSilently(
    _ place: ReorderDifference<SectionID, ItemID>, children: [ItemID: [ItemID]], expanded: Set<ItemID>
  ) -> ReorderDifference<SectionID, ItemID>? {
    var ignored: [CollectionViewEvent<SectionID, ItemID>] = []
    for candidate in place.withFallbacks(firstSection: snapshot.sections.first?.id) {
      if (try? commit(.inserted(candidate, children: children, expanded: expanded), into: &ignored)) != nil {
        return candidate
      }
    }
    return nil
  }

  /// Lays out the rows shown now. With `reusing` and a list of rows of their own heights whose
  /// layout holds the sums of the base rows shown now (the resting list a drag enters, or the
  /// session's a drag leaves), only the block changes: O(k + s), not O(n) lookups of heights.
  /// Otherwise a rebuild.
  @inlinable mutating func setListBlock(reusing: Bool) {
    guard reusing, case .list(var list) = layout, list.hasPerRowHeights, case .list(let config) = layoutConfiguration,
      let outline, list.configuration == config
    else { return rebuildLayout() }
    let sizes = _itemSizes
    let block = outline.block.map { Self.rowHeight(of: $0.id, in: sizes, default: config.rowHeight) }
    list.setBlock(block, at: outline.placeholder != nil ? outline.insertion : nil)
    layout = .list(list)
    #if DEBUG
      if snapshot.totalItemCount <= 10_000 {
        rebuildLayout()
        guard case .list(let rebuilt) = layout else { preconditionFailure("a list's layout is a list") }
        precondition(list.laysOutSameRows(as: rebuilt), "a list's layout with its block differs from a rebuild")
        layout = .list(list)
      }
    #endif
  }

  /// Where distinct top-level items stand together in a list at rest with no groups: their
  /// section, first row and count (rows are then items). `nil` otherwise: a grid, a drag under way,
  /// a group anywhere, items apart or in several sections. O(k) for k items.
  @inlinable func plainRows(of items: [ItemID]) -> (section: Int, row: Int, count: Int)? {
    guard isList, interaction.isIdle, snapshot.childrenByGroup.isEmpty, outline?.placeholder == nil,
      let first = items.first, let start = snapshot.path(of: first)
    else { return nil }
    var (lowest, highest) = (start.item, start.item)
    for id in items.dropFirst() {
      guard let p = snapshot.path(of: id), p.section == start.section else { return nil }
      (lowest, highest) = (min(lowest, p.item), max(highest, p.item))
    }
    // k distinct rows spanning k places are exactly those places.
    return highest - lowest + 1 == items.count ? (start.section, lowest, items.count) : nil
  }

  /// In debug builds, for data of up to 10,000 items: stops if the resting rows differ from a
  /// rebuild (the O(k) paths that reuse a session's rows must show what a rebuild shows).
  @inlinable func checkRestingRows() {
    #if DEBUG
      guard snapshot.totalItemCount <= 10_000, let rows = listRows else { return }
      precondition(rows.showsSameRows(as: OutlineArrangement(snapshot)), "resting rows differ from a rebuild")
    #endif
  }

  /// In debug builds, for data of up to 10,000 items: stops if a session's rows built in O(k)
  /// differ from a rebuild.
  @inlinable func checkSessionRows(_ rows: OutlineArrangement<SectionID, ItemID>, dragging ordered: [ItemID]) {
    #if DEBUG
      guard snapshot.totalItemCount <= 10_000, let position = rows.placeholder else { return }
      var rebuilt = OutlineArrangement(snapshot, dragging: ordered)
      rebuilt.movePlaceholder(to: position)
      precondition(rows.showsSameRows(as: rebuilt), "a session's rows differ from a rebuild")
    #endif
  }

  /// Takes the sizes that items coming from another view had there (a flow grid's cells, a list's
  /// rows): a card keeps its size as it crosses views (see ``recordSize(_:of:)``).
  @inlinable mutating func adoptSizes(_ sizes: [ItemID: Size], of items: [ItemID]) {
    for id in items { if let size = sizes[id] { recordSize(size, of: id) } }
  }

  /// Holds an announcement back as the pointer's placeholder moves are (spoken when it rests), or
  /// now for the keyboard.
  @inlinable mutating func announceBoardMove(_ text: String, keyboard: Bool, time: Double) {
    if keyboard {
      pendingAnnouncement = nil
      pendingEvents.append(.announcement(text))
    } else {
      pendingAnnouncement = (text, time)
    }
  }

  /// Where the drag's placeholder stands, in words (the count includes the travelling items).
  @inlinable var placeholderSpokenPlace: SpokenPlace? {
    guard let drag else { return nil }
    return spokenPlace(of: drag.placeholder, travelling: drag.items)
  }

  /// The gesture history's depth, so that a board can take back what a view recorded for a
  /// gesture that the board reports as its own.
  @inlinable var undoDepth: Int { history.undo.count }

  /// Forgets the undo steps recorded after a depth (the board recorded that gesture itself).
  @inlinable mutating func dropHistory(after depth: Int) {
    if history.undo.count > depth { history.undo.removeLast(history.undo.count - depth) }
  }

  /// Forgets what there is to redo (a new gesture on the board).
  @inlinable mutating func clearRedo() { history.redo = [] }
}

extension ReorderDifference {
  /// The place, then the end of its section's top level, then the end of `first` (a snapshot's
  /// first section): where items go by identity, in that order, when the place's next item or
  /// group is gone.
  @inlinable func withFallbacks(firstSection first: SectionID?) -> [Self] {
    var end = self
    end.before = nil
    end.parent = nil
    var candidates = [self, end]
    if let first {
      end.section = first
      candidates.append(end)
    }
    return candidates
  }
}

extension AnyLayout {
  /// Whether the content scrolls vertically.
  @inlinable var isVertical: Bool {
    if case .grid(let g) = self { return g.configuration.scrollDirection == .vertical }
    return true
  }
}
