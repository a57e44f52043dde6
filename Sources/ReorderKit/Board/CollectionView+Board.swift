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
    case .dragging(let session) where session.isAway: break
    default: return false
    }
    guard !longPress.isPending, !longPress.isActive else { return false }
    if case .grid(let config) = layoutConfiguration, config.pageWidth != nil { return false }
    return pendingEvents.isEmpty && motion.scrollAnimation == nil && access.speech.held == nil && motion.settle == nil
      && motion.animations.isEmpty && motion.headerAnimations.isEmpty && motion.ghosts.isEmpty
      && motion.contentFades.isEmpty
  }

  /// Moves the clock of a view at rest (see ``isAtRest``): nothing else happens in it.
  @inlinable mutating func advanceClockAtRest(to time: Double) { motion.now = max(motion.now, time) }

  /// Whether the drag in progress was lifted by the keyboard.
  @inlinable var isKeyboardDrag: Bool { drag?.isKeyboard ?? false }

  /// Where a gap opens for items entering the view with the pointer at a point in view coordinates,
  /// the view laid out without them: the view's own target rule on its rows or slots at rest. An
  /// empty section (or view) takes them at index 0; below the content, the end of the last section.
  /// `nil`: over no row or slot (no gap), or a view with no section to hold them.
  @inlinable func entryPosition(at point: Point, draggingGroup: Bool) -> OutlinePosition<ItemID>? {
    guard snapshot.numberOfSections > 0 else { return nil }
    let p = toContent(point)
    switch geometry.layout {
    case .list(let list):
      let rows = geometry.listRows ?? OutlineArrangement(snapshot)
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
    let end = geometry.layout.contentSize
    let below = geometry.layout.isVertical ? p.y >= end.height : p.x >= end.width
    guard below || itemCount == 0 else { return nil }
    let last = snapshot.numberOfSections - 1
    return OutlinePosition(section: last, parent: nil, index: restingCount(inSection: last))
  }

  /// The top-level items of a section shown at rest: a source lending its items to another view
  /// (see ``lendDrag(time:)``) does not count them. O(k) for k lent items.
  @inlinable func restingCount(inSection s: Int) -> Int {
    let count = snapshot.numberOfItems(inSection: s)
    guard let drag, drag.isAway else { return count }
    return count
      - drag.items.lazy.filter { self.snapshot.position(of: $0).map { $0.section == s && $0.parent == nil } ?? false }
      .count
  }

  /// The number of items (top level and children) the view shows, for a work-in-progress limit:
  /// the items its data holds, less those it lends to another view (see ``lendDrag(time:)``).
  @inlinable var itemCount: Int {
    guard let drag, drag.isAway else { return snapshot.totalItemCount }
    let lent = drag.items.filter(snapshot.contains)
    return snapshot.totalItemCount - lent.count - lent.reduce(0) { $0 + snapshot.children(of: $1).count }
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
  @inlinable mutating func placeAppendedItems(at position: OutlinePosition<ItemID>) {
    // Derived from the data, the place applies; were it not to, the items go to the end of their
    // section rather than be lost.
    placeAppendedItems(exactly: true) { data, items in
      position.section < data.numberOfSections ? data.difference(placing: items, at: position) : nil
    }
  }

  /// Puts items still parked at the end of their section's data where they entered the view, by
  /// identity (the session's lift place, which new data keeps fitted); if that place is gone, at
  /// the end of its section, else of the first section. For every end of a session that placed
  /// no parked item. Nothing is reported.
  @inlinable mutating func placeAppendedItemsWhereTheyEntered() {
    guard var entry = drag?.lift else { return }
    placeAppendedItems(exactly: false) { _, items in
      entry.items = items
      return entry
    }
  }

  /// The landing of parked items: `place` gives where the items (those the data holds) go, from the
  /// data with them still parked (nil: they stay where they are); they are taken out of the end of
  /// their section and put in there (see ``insertSilently(_:children:expanded:)``). With `exactly`,
  /// a place that does not apply is a mistake (stopped in debug builds).
  @inlinable mutating func placeAppendedItems(
    exactly: Bool, at place: (Snapshot<SectionID, ItemID>, [ItemID]) -> ReorderDifference<SectionID, ItemID>?
  ) {
    guard let drag, drag.isAppended else { return }
    modifySession { $0.gap = .shown }
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
    guard reusing, case .list(var list) = geometry.layout, list.hasPerRowHeights,
      case .list(let config) = layoutConfiguration,
      let outline, list.configuration == config
    else { return rebuildLayout() }
    let sizes = geometry.itemSizes
    let block = outline.block.map { Self.rowHeight(of: $0.id, in: sizes, default: config.rowHeight) }
    list.setBlock(block, at: outline.placeholder != nil ? outline.insertion : nil)
    geometry.layout = .list(list)
    #if DEBUG
      if snapshot.totalItemCount <= 10_000 {
        rebuildLayout()
        guard case .list(let rebuilt) = geometry.layout else { preconditionFailure("a list's layout is a list") }
        precondition(list.laysOutSameRows(as: rebuilt), "a list's layout with its block differs from a rebuild")
        geometry.layout = .list(list)
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
      guard snapshot.totalItemCount <= 10_000, let rows = geometry.listRows else { return }
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
  /// rows): a card keeps its size as it crosses views (see ``LayoutState/recordSize(_:of:)``).
  @inlinable mutating func adoptSizes(_ sizes: [ItemID: Size], of items: [ItemID]) {
    for id in items { if let size = sizes[id] { geometry.recordSize(size, of: id) } }
  }

  /// Holds an announcement back as the pointer's placeholder moves are (spoken when it rests), or
  /// now for the keyboard.
  @inlinable mutating func announceBoardMove(_ text: String, keyboard: Bool, time: Double) {
    let text = access.speech.prefix.map { "\($0) \(text)" } ?? text
    access.speech.prefix = nil
    if keyboard {
      access.speech.held = nil
      pendingEvents.append(.announcement(text))
    } else {
      access.speech.held = (text, time)
    }
  }

  /// Words said before the next move into this view ("Doing is full (3 of 3)."), once.
  @inlinable mutating func prefixNextBoardMove(with text: String) {
    access.speech.prefix = text
  }

  /// Where the drag's placeholder stands, in words (the count includes the travelling items).
  @inlinable var placeholderSpokenPlace: SpokenPlace? {
    guard let drag else { return nil }
    return spokenPlace(of: drag.placeholder, travelling: drag.items)
  }
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
