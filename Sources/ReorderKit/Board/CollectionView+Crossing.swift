// MARK: - BoardPort

/// The board–view port: everything a ``Board`` asks of one of its views while a drag crosses
/// views, in one place. Each call returns what the board needs as a value (the live moves taken
/// back, the undo record of what the view did, where the gap opened in words, where items landed);
/// the board keeps its own history from those values and never reads or changes a view's.
///
/// - Counts and entry (CollectionView+Board.swift): ``itemCount``, ``restingCount(inSection:)``,
///   ``entryPosition(at:draggingGroup:)``, ``boardDragHold``.
/// - Lend, resume, give back: ``lendDrag(time:)``, ``resumeLentDrag(at:pointer:keyboard:time:)``,
///   ``returnLentItems(time:)``, ``abandonDragSilently(time:)``,
///   ``abandonDragAndTakeOut(time:choosing:)``.
/// - Take in, take out, put in: ``takeIn(_:lead:children:expanded:sizes:at:pointer:grab:size:keyboard:time:)``,
///   ``takeOut(_:time:)``, ``putIn(_:only:sizes:time:)``.
/// - The drop of a crossing: ``releaseCrossing(at:time:_:)``, and ``forgetRedo()`` when a gesture
///   begins elsewhere on the board.
///
/// These work silently (no events but those returned, no history): the board reports the gesture.
/// A call in the wrong state (lending a drag that is away, resuming one that is not) is a mistake
/// of the board's and stops with a message; the board checks what arrives as input before.
extension CollectionView {
  /// The travelling items leave for another view of the board, and the view, their source, keeps
  /// them in its data: its session stays, away (no gap, no lifted cell, no step; see
  /// `Session.isAway`), and its rows or slots close up. Nothing moves in the data (a live drag's
  /// steps are taken back): the first step into another view moves no data here, and a drop
  /// there takes the items out once (``abandonDragAndTakeOut(time:choosing:)``). Returns the
  /// live moves taken back (the owner saved the live steps).
  @discardableResult
  @inlinable mutating func lendDrag(time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let session = drag else { preconditionFailure("lendDrag(time:) with no drag in progress") }
    precondition(!session.isAway, "lendDrag(time:) of a drag already away, lifted \(session.item)")
    var reverted: [CollectionViewEvent<SectionID, ItemID>] = []
    relayout(at: time) { view in
      if session.rules.commitsSteps {
        // The items stand at their lift place again: the session's rows or slots of that data.
        if view.revertLiveSteps(of: session, into: &reverted) {
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
    forgetGesture(resettingRecognizer: true)
    access.speech.container = nil
    clampOffset()
    return reverted
  }

  /// The items lent to another view (see ``lendDrag(time:)``) come back: the session takes the
  /// drag on with its gap at a position (counted without the items), the pointer (view
  /// coordinates) holding the lead item. O(k + visible rows), as the crossing out: no data moves
  /// but a live drag's step to the gap. Returns where the gap opened, in words (for the board's
  /// "Moved to <view>").
  @discardableResult
  @inlinable mutating func resumeLentDrag(
    at position: OutlinePosition<ItemID>, pointer: Point, keyboard: Bool, time: Double
  ) -> SpokenPlace? {
    guard let session = drag else { preconditionFailure("resumeLentDrag(at:) with no drag in progress") }
    precondition(session.isAway, "resumeLentDrag(at:) of a drag that is not away, lifted \(session.item)")
    precondition(
      position.section < snapshot.numberOfSections,
      "resumeLentDrag(at:) in section \(position.section) of \(snapshot.numberOfSections)")
    relayout(at: time) { view in
      var autoScroll = view.dropConfiguration.autoScroll
      autoScroll.begin(at: pointer, time: time)
      view.modifySession { s in
        s.comeBack(to: position)
        s.pointer = pointer
        s.isKeyboard = keyboard
        s.autoScroll = autoScroll
      }
      if session.rules.commitsSteps {
        // A live drag's item always stands at its gap in the data.
        var ignored: [CollectionViewEvent<SectionID, ItemID>] = []
        let items = session.items.filter(view.snapshot.contains)
        let undo = view.snapshot.placements(of: items, skipping: Set(items)).map { Change<SectionID, ItemID>.moved($0) }
        view.modifySession { $0.undo = undo }
        view.commitDerived(.moved(view.snapshot.difference(placing: items, at: position)), into: &ignored)
        let data = view.snapshot
        if view.gridSlots != nil { view.modifySession { $0.arrange(data, placeholder: position) } }
      }
      if session.rules.proposesDrops {
        let shown = view.target(for: .insertAt(position))
        view.modifySession { $0.drop.shown = shown }
      }
      view.setListBlock(reusing: true)
    }
    holdEnteredDrag(at: position, pointer: pointer, keyboard: keyboard, time: time)
    return placeholderSpokenPlace
  }

  /// Ends a session away (see ``lendDrag(time:)``) as a cancel: the items, which the data held all
  /// along, are shown where they stood. Nothing is reported: the board says it. O(n) for a list
  /// (its rows rebuilt), as every end of a drag. Returns where the lifted item stands now, in
  /// words (for the board's "cancelled" announcement).
  @discardableResult
  @inlinable mutating func returnLentItems(time: Double) -> SpokenPlace? {
    guard let session = drag else { preconditionFailure("returnLentItems(time:) with no drag in progress") }
    precondition(session.isAway, "returnLentItems(time:) of a drag that is not away, lifted \(session.item)")
    let ended = end(.returned, time: time) { view, _ in
      // The block where it stood: a list of rows of their own heights then joins its sums to the
      // base rows' (no height looked up).
      view.modifySession { $0.comeBack(to: session.start) }
    }
    assert(ended.isEmpty, "a returned drag reports nothing, not \(ended)")
    return spokenPlace(ofItem: session.item)
  }

  /// Ends the drag in progress without a word: a live drag's moves are taken back first, so that
  /// the data is the data at the lift again. Nothing is recorded; the returned events are the
  /// live moves taken back (the data changed, and the owner saved the live steps).
  @discardableResult
  @inlinable mutating func abandonDragSilently(time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    precondition(isDragging, "abandonDragSilently(time:) with no drag in progress")
    return end(.abandoned, time: time)
  }

  /// Ends the drag in progress without a word and takes travelling items out, in one relayout (one
  /// rebuild of the rows or slots instead of two): ``abandonDragSilently(time:)`` then
  /// ``takeOut(_:time:)``. `choose` receives the data once a live drag's moves are taken back and
  /// returns the items to take out. Returns the live moves taken back and the change that puts the
  /// items back where they stood.
  @inlinable mutating func abandonDragAndTakeOut(
    time: Double, choosing choose: @escaping (Snapshot<SectionID, ItemID>) -> [ItemID]
  ) -> (reverted: [CollectionViewEvent<SectionID, ItemID>], inverse: [Change<SectionID, ItemID>]) {
    var reverted: [CollectionViewEvent<SectionID, ItemID>] = []
    var inverse: [Change<SectionID, ItemID>] = []
    var taken: [ItemID] = []
    let takeOut = { (view: inout Self, session: Session?) in
      taken = choose(view.snapshot).filter(view.snapshot.contains)
      if !taken.isEmpty {
        var ignored: [CollectionViewEvent<SectionID, ItemID>] = []
        inverse = view.commitDerived(.deleted(taken), into: &ignored)
      }
      // The session's rows without its block are the resting rows of the data without the items
      // taken out (when they are the session's items): no rebuild of the rows, O(k) not O(n).
      if case .rows(let rows)? = session?.arrangement, rows.holdsExactly(taken) {
        view.geometry.listRows = rows.withoutBlock
        view.checkRestingRows()
        // Rows of their own heights: the session's sums of its base rows, without the block.
        view.setListBlock(reusing: true)
      } else {
        view.rebuildArrangement()
        view.rebuildLayout()
      }
    }
    if isDragging {
      reverted = end(.abandoned, time: time, atRest: { takeOut(&$0, $1) })
    } else {
      relayout(at: time) { takeOut(&$0, nil) }
    }
    for id in taken { motion.animations[id] = nil }
    if let focus = access.focus, !snapshot.contains(focus) { access.focus = nil }
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
      if let rows, case .list(var list) = view.geometry.layout,
        list.liftBlock(section: rows.section, row: rows.row, count: rows.count)
      {
        list.setBlock([], at: nil)
        view.geometry.layout = .list(list)
        view.checkListLayout()
      } else {
        view.rebuildLayout()
      }
    }
    for id in present { motion.animations[id] = nil }
    if let focus = access.focus, !snapshot.contains(focus) { access.focus = nil }
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
      if let items = landed?.items, let rows = view.plainRows(of: items), case .list(var list) = view.geometry.layout,
        case .list(let config) = view.layoutConfiguration, list.hasPerRowHeights
      {
        let sizes = view.geometry.itemSizes
        let block = items.map { Self.rowHeight(of: $0, in: sizes, default: config.rowHeight) }
        list.setBlock(block, at: (rows.section, rows.row))
        if list.mergeBlock(shownAt: (rows.section, rows.row), count: rows.count) {
          view.geometry.layout = .list(list)
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
  /// The view then runs the drag as its own: its target rule, policy, drop and cancel. Returns
  /// where the gap opened, in words (for the board's "Moved to <view>").
  @discardableResult
  @inlinable mutating func takeIn(
    _ items: [ItemID], lead: ItemID, children: [ItemID: [ItemID]], expanded: Set<ItemID>, sizes: [ItemID: Size],
    at position: OutlinePosition<ItemID>,
    pointer: Point, grab: Point, size: Size, keyboard: Bool, time: Double
  ) -> SpokenPlace? {
    precondition(items.contains(lead), "takeIn(_:lead:) of \(items) without its lead \(lead)")
    precondition(!isDragging, "takeIn(_:) of \(items) into a view with a drag of its own")
    precondition(
      position.section < snapshot.numberOfSections,
      "takeIn(_:at:) in section \(position.section) of \(snapshot.numberOfSections)")
    adoptSizes(sizes, of: items + items.flatMap { children[$0] ?? [] })
    let place = entryPlace(of: items, at: position)
    var ignored: [CollectionViewEvent<SectionID, ItemID>] = []
    // The resting rows of the data without the items: the base rows of the session (O(k), not O(n)).
    let resting = isList ? geometry.listRows : nil
    // A list shows the items at the gap from the session's rows, whatever their place in the data:
    // they wait at the end of the section (an append, O(k)) instead of going in at the gap (moving
    // the section's tail: 800 KB in a column of 200,000 cards), and the drop places them by
    // identity. Not for a live drag (it commits each step from where the items stand), a gap in a
    // group, or an interactive drag of several items (its drop places the lifted one only).
    let rules = DragRules(mode)
    let parks = resting != nil && position.parent == nil && rules.appendsEntering(items.count)
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
        drop: DropSession(view.dropConfiguration), rules: rules)
      if resting == nil { session.arrange(view.snapshot, placeholder: position) }
      if parks { session.gap = .appended }
      if rules.commitsSteps {
        session.undo = view.snapshot.placements(of: ordered, skipping: Set(ordered)).map { .moved($0) }
      }
      session.autoScroll.begin(at: pointer, time: time)
      view.interaction = .dragging(session)
      view.motion.settle = nil
      if rules.proposesDrops {
        let shown = view.target(for: .insertAt(position))
        view.modifySession { $0.drop.shown = shown }
      }
      // Rows of their own heights: the resting sums of the base rows, plus the block's.
      view.setListBlock(reusing: resting != nil)
    }
    holdEnteredDrag(at: position, pointer: pointer, keyboard: keyboard, time: time)
    return placeholderSpokenPlace
  }

  /// What the release of a crossing did in the view that holds the items (see
  /// ``releaseCrossing(at:time:_:)``).
  @usableFromInline enum CrossingRelease {
    /// The view's drop made copies (its drag-and-drop policy proposed `.copy`): the copies are the
    /// view's own gesture, one undo step of its history as a drop within a view is. The view's
    /// events, as it reported them.
    case copied([CollectionViewEvent<SectionID, ItemID>])
    /// Anything else (a move, a cancel, a failed copy, a drag still under way): the view keeps no
    /// undo step of it; the board records the gesture itself, from where the items stood in their
    /// source. The view's events, as it reported them.
    case released([CollectionViewEvent<SectionID, ItemID>])
  }

  /// The items of a crossing are released in the view that holds them: `release` is the view's
  /// own (a pointer up at `point`, Space or Enter), so its drop decides what lands (the target
  /// rule, the policy, drag-and-drop proposals); a view whose drag ended itself (a cancel or a new
  /// layout from its owner) reports nothing of a drop. Returns what the view did: a copy it keeps
  /// as its own undo step, or a release whose undo step the board records (the view's is taken
  /// back).
  @inlinable mutating func releaseCrossing(
    at point: Point, time: Double, _ release: (inout Self, Point, Double) -> [CollectionViewEvent<SectionID, ItemID>]
  ) -> CrossingRelease {
    let depth = history.undo.count
    let events = release(&self, point, time)
    if events.contains(where: { if case .dropped = $0 { true } else { false } }), lastDrop?.operation == .copy {
      return .copied(events)
    }
    if history.undo.count > depth { history.undo.removeLast(history.undo.count - depth) }
    return .released(events)
  }

  /// A gesture begins elsewhere on the board (a lift, a column moved): what the view could redo
  /// can no longer be redone, as the board's own redo is cleared. Returns nothing.
  @inlinable mutating func forgetRedo() { history.redo = [] }

  /// What follows items entering the view (``takeIn(_:lead:children:expanded:sizes:at:pointer:grab:size:keyboard:time:)``,
  /// ``resumeLentDrag(at:pointer:keyboard:time:)``): the pointer holds them past the long press,
  /// and a keyboard drag's cell stands over its gap.
  @inlinable mutating func holdEnteredDrag(
    at position: OutlinePosition<ItemID>, pointer: Point, keyboard: Bool, time: Double
  ) {
    // The pointer already holds the items: the view's recogniser takes it over, with no press.
    if keyboard { longPress.reset() } else { longPress.hold(at: pointer) }
    access.speech.held = nil
    access.speech.container = spokenPlace(of: position, travelling: []).container
    if keyboard {
      followPlaceholder(time: time)
      // The keyboard's cell stands over its placeholder: the session's pointer is there, in the view.
      if let slot = placeholderRow ?? placeholderSlot {
        let f = geometry.layout.frame(ofItem: slot)
        let center = Point(x: f.midX - motion.offset.x, y: f.midY - motion.offset.y)
        modifySession { $0.pointer = center }
      }
    }
  }
}
