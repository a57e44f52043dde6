/// The one door for changes to the data, and undo and redo of whole gestures.
extension CollectionView {
  /// Undo and redo stacks: for each committed gesture, the changes that take it back (undo) or
  /// forward again (redo), by identity.
  @usableFromInline struct History: Sendable {
    @usableFromInline var undo: [[Change<SectionID, ItemID>]] = []
    @usableFromInline var redo: [[Change<SectionID, ItemID>]] = []
  }

  // MARK: The door

  /// Makes a change to the data by identity, animating the visible items, and returns the
  /// changes that undo it (apply them with `perform` too). The view reports it as
  /// ``CollectionViewEvent/changed(_:)`` with the events of the next call. It is not an undo step
  /// of the view's own history: that holds the user's gestures.
  ///
  /// ```swift
  /// // Move "c" to the front of section "S0".
  /// let undo = try view.perform(.moved(ReorderDifference(items: ["c"], section: "S0", before: "a")), time: now)
  /// ```
  ///
  /// During a drag the change is new data: the dragged items keep their place (see
  /// ``apply(_:animatingDifferences:itemSizes:contentChanged:sectionContentChanged:time:)``).
  ///
  /// In a grid without columns (a flow), every new item needs a size: in `itemSizes`, or known
  /// to the view already (an item that was deleted and comes back keeps its size).
  ///
  /// ```swift
  /// try view.perform(
  ///   .inserted(ReorderDifference(items: ["new"], section: "S0"), children: [:], expanded: []),
  ///   itemSizes: ["new": Size(width: 120, height: 80)], time: now)
  /// ```
  ///
  /// - Throws: ``ChangeError`` when the change names an item, section or group that is not
  ///   there, names an item twice, puts a group into a group, or brings an item with no size into
  ///   a grid without columns; nothing changes then.
  /// - Complexity: O(k + v log n) for k items and v visible cells; a move of several items also
  ///   scans their destination's siblings.
  @discardableResult
  @inlinable public mutating func perform(
    _ change: Change<SectionID, ItemID>, itemSizes: [ItemID: Size] = [:], time: Double
  ) throws(ChangeError) -> [Change<SectionID, ItemID>] {
    switch change {
    case .inserted(let d, _, _) where d.parent == nil: try checkSizes(of: d.items, given: itemSizes)
    case .replaced(_, let new, _): try checkSizes(of: new, given: itemSizes)
    default: break
    }
    var data = snapshot
    let applied = try data.apply(change)
    if case .placeholderMoved = change { return [] }
    geometry.recordSizes(itemSizes)
    if isDragging {
      show(data, animated: true, time: time)
    } else {
      relayout(at: time) { view in
        view._snapshot = data
        view.rebuildArrangement()
        view.rebuildLayout()
      }
    }
    if case .replaced(_, _, let content) = change { startContentFades(content, at: time) }
    report(change, applied, into: &pendingEvents)
    return applied.inverse
  }

  /// Applies a change inside the view (gestures, undo, redo): the snapshot changes, the events are
  /// appended; the caller rebuilds the arrangement and layout. Returns the changes that undo it.
  @inlinable mutating func commit(
    _ change: Change<SectionID, ItemID>, into events: inout [CollectionViewEvent<SectionID, ItemID>]
  ) throws(ChangeError) -> [Change<SectionID, ItemID>] {
    let applied = try _snapshot.apply(change)
    report(change, applied, into: &events)
    return applied.inverse
  }

  /// Commits a change the engine derived from its own data (a drop at the placeholder, a live
  /// step, a folder opened or closed), which therefore applies: a failure is a bug in the engine,
  /// caught in debug builds, and commits nothing in release builds.
  @discardableResult
  @inlinable mutating func commitDerived(
    _ change: Change<SectionID, ItemID>, into events: inout [CollectionViewEvent<SectionID, ItemID>]
  ) -> [Change<SectionID, ItemID>] {
    do {
      return try commit(change, into: &events)
    } catch {
      assertionFailure("the engine derived a change that does not apply: \(error)")
      return []
    }
  }

  /// Throws ``ChangeError`` for the first of the items that a grid without columns has no size
  /// for, known or given; nothing in other layouts.
  @inlinable func checkSizes(of items: some Sequence<ItemID>, given: [ItemID: Size]) throws(ChangeError) {
    guard case .grid(let config) = layoutConfiguration, config.columns == nil else { return }
    for id in items where geometry.itemSizes[id] == nil && given[id] == nil { throw .noSize(id) }
  }

  /// Throws ``ChangeError`` for the first top-level item of new data that a grid without columns
  /// has no size for. O(n) for a flow grid, O(1) otherwise.
  @inlinable func checkSizes(of data: Snapshot<SectionID, ItemID>, given: [ItemID: Size]) throws(ChangeError) {
    guard case .grid(let config) = layoutConfiguration, config.columns == nil else { return }
    for section in data.sections { try checkSizes(of: section.items, given: given) }
  }

  @inlinable func report(
    _ change: Change<SectionID, ItemID>, _ applied: Snapshot<SectionID, ItemID>.Applied,
    into events: inout [CollectionViewEvent<SectionID, ItemID>]
  ) {
    if case .moved = change, applied.moves.isEmpty { return }
    for m in applied.moves { events.append(.moved(m.item, from: m.from, to: m.to)) }
    events.append(.changed(change))
  }

  /// Ends a committed gesture: its undo step, and its difference for the owner.
  @inlinable mutating func recordGesture(
    undo inverse: [Change<SectionID, ItemID>], difference: ReorderDifference<SectionID, ItemID>?,
    into events: inout [CollectionViewEvent<SectionID, ItemID>]
  ) {
    guard !inverse.isEmpty else { return }
    history.undo.append(inverse)
    history.redo = []
    if let difference { events.append(.committed(difference)) }
  }

  // MARK: Undo and redo

  /// Whether there is a gesture to undo (and no drag in progress).
  @inlinable public var canUndo: Bool { !isDragging && !history.undo.isEmpty }

  /// Whether there is an undone gesture to redo (and no drag in progress).
  @inlinable public var canRedo: Bool { !isDragging && !history.redo.isEmpty }

  /// Takes the last committed gesture back (a drop, a whole live-mode drag, a copy), by identity:
  /// the items go back before the items they stood before, or to the end of their section or group
  /// if those are gone. New data from ``apply(_:animatingDifferences:itemSizes:contentChanged:sectionContentChanged:time:)`` is not
  /// undone and does not clear the history; a gesture that new data already took back is skipped.
  /// Does nothing during a drag or with nothing to undo.
  ///
  /// ```swift
  /// _ = view.pointerUp(at: p, time: 1.0)   // [.moved(…), .changed(…), .committed(…), .dropped(…)]
  /// _ = view.undo(time: 2.0)               // [.moved(…), .changed(…), .committed(…)]: back where it was
  /// _ = view.redo(time: 3.0)               // and forward again
  /// ```
  @discardableResult
  @inlinable public mutating func undo(time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    replayLast(undoing: true, time: time)
  }

  /// Applies the last undone gesture again. Does nothing during a drag or with nothing to redo.
  @discardableResult
  @inlinable public mutating func redo(time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    replayLast(undoing: false, time: time)
  }

  /// Undo and redo: performs the last step of one stack (the undo stack when `undoing`) and pushes
  /// its reverse onto the other. A step that new data already took back does nothing: it is skipped
  /// for the one before it. (No key paths: Embedded Swift, the web build's, has none.)
  @inlinable mutating func replayLast(undoing: Bool, time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    var events = advance(to: time)
    guard !isDragging else { return events }
    while let step = undoing ? history.undo.popLast() : history.redo.popLast() {
      guard let (reverse, first) = replay(step, at: time, into: &events) else { continue }
      if undoing { history.redo.append(reverse) } else { history.undo.append(reverse) }
      // Said where the gesture's first item stands now ("Undone. Color 5 is at position 5 of 50 …").
      if let first, let said = historyAnnouncement(of: first, undoing: undoing) { events.append(said) }
      break
    }
    return events
  }

  /// Performs a history step, each change fitted to the data as it is now, and returns the step
  /// that reverses it and the first item it moved or brought back (`nil` when nothing could be
  /// done: its items are all gone).
  @inlinable mutating func replay(
    _ step: [Change<SectionID, ItemID>], at time: Double, into events: inout [CollectionViewEvent<SectionID, ItemID>]
  ) -> (reverse: [Change<SectionID, ItemID>], first: ItemID?)? {
    var reverse: [Change<SectionID, ItemID>] = []
    var differences: [ReorderDifference<SectionID, ItemID>] = []
    relayout(at: time) { view in
      for change in step {
        // Fitted to the data now, the change applies; one that new data made empty is skipped.
        guard let fitted = view.fitted(change) else { continue }
        let inverse = view.commitDerived(fitted, into: &events)
        guard !inverse.isEmpty else { continue }
        reverse = inverse + reverse
        if let d = fitted.difference { differences.append(d) }
      }
      view.rebuildArrangement()
      view.rebuildLayout()
    }
    for d in differences { events.append(.committed(d)) }
    return reverse.isEmpty ? nil : (reverse, differences.first?.items.first { snapshot.contains($0) })
  }

  /// A history change fitted to the data now: items that are gone are left out; a place whose
  /// next item is gone becomes the end of its section or group; a group that is gone, the end of
  /// its section. `nil` when nothing is left to do.
  @inlinable func fitted(_ change: Change<SectionID, ItemID>) -> Change<SectionID, ItemID>? {
    func place(_ d: ReorderDifference<SectionID, ItemID>) -> ReorderDifference<SectionID, ItemID>? {
      guard let s = snapshot.sectionIndex(of: d.section) else { return nil }
      var d = d
      if let parent = d.parent, snapshot.path(of: parent)?.section != s || !snapshot.isGroup(parent) {
        d.parent = nil
        d.before = nil
      }
      if let before = d.before, snapshot.position(of: before).map({ $0.section != s || $0.parent != d.parent }) ?? true
      {
        d.before = nil
      }
      return d
    }
    switch change {
    case .moved(var d):
      d.items = d.items.filter(snapshot.contains)
      guard !d.items.isEmpty, var placed = place(d) else { return nil }
      if placed.parent != nil { placed.items = placed.items.filter { !snapshot.isGroup($0) } }
      if let before = placed.before, placed.items.contains(before) { placed.before = nil }
      return placed.items.isEmpty ? nil : .moved(placed)
    case .inserted(var d, var children, let expanded):
      // Items (or children) that new data already brought back stay where they are.
      d.items = d.items.filter { id in
        !snapshot.contains(id) && !(children[id] ?? []).contains(where: snapshot.contains)
      }
      children = children.filter { d.items.contains($0.key) }
      guard !d.items.isEmpty, var placed = place(d) else { return nil }
      if let before = placed.before, d.items.contains(before) { placed.before = nil }
      return .inserted(placed, children: children, expanded: expanded.filter { children[$0] != nil })
    case .deleted(let items):
      let present = items.filter(snapshot.contains)
      return present.isEmpty ? nil : .deleted(present)
    case .expanded(let g), .collapsed(let g):
      return snapshot.isGroup(g) ? change : nil
    case .placeholderMoved, .replaced:
      return nil
    }
  }
}
