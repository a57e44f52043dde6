/// The slots of a grid during a drag, in every mode: the snapshot without the travelling items,
/// with one placeholder slot (the gap where they land). The snapshot is not copied: a slot maps to
/// a snapshot path by arithmetic over the travelling items' paths, so a drag over a million items
/// costs what a drag over a hundred does. One item lifted in interactive or live mode, and a
/// drag-and-drop session of several, are the same case.
///
/// ```swift
/// // Section 0 holds a b c d; b is lifted and its placeholder is after c.
/// let slots = GridSlots(lifted: [ItemPath(item: 1, section: 0)], placeholder: ItemPath(item: 2, section: 0))
/// slots.snapshotPath(forSlot: ItemPath(item: 1, section: 0))   // [0, 2]: c
/// slots.snapshotPath(forSlot: ItemPath(item: 2, section: 0))   // nil: the placeholder
/// ```
@usableFromInline struct GridSlots: Hashable, Sendable {
  /// The snapshot path of the lifted item, which is shown at the placeholder.
  @usableFromInline var lead: ItemPath?
  /// The snapshot paths of every travelling item, in ascending order.
  @usableFromInline var lifted: [ItemPath]
  /// The gap: its section, and its index among the items that do not travel.
  @usableFromInline var placeholder: ItemPath

  /// The placeholder of slots with no gap: in no section (see `Session.goAway()`).
  @inlinable static var nowhere: ItemPath { ItemPath(item: 0, section: -1) }

  /// - Parameters:
  ///   - lifted: the travelling items' snapshot paths, the lifted item's first.
  ///   - placeholder: the gap, counted without them.
  @inlinable init(lifted: [ItemPath], placeholder: ItemPath) {
    self.lead = lifted.first
    self.lifted = lifted.sorted()
    self.placeholder = placeholder
  }

  /// The number of travelling items in a section whose snapshot index is below `index`. O(k).
  @inlinable func liftedCount(inSection s: Int, below index: Int = .max) -> Int {
    var count = 0
    for path in lifted where path.section == s && path.item < index { count += 1 }
    return count
  }

  /// The number of slots shown in a section that holds `count` items in the snapshot.
  @inlinable func slotCount(inSection s: Int, snapshotCount count: Int) -> Int {
    count - liftedCount(inSection: s) + (placeholder.section == s ? 1 : 0)
  }

  /// The snapshot path shown at a slot, or `nil` for the placeholder slot itself. O(k) for k travelling items.
  @inlinable func snapshotPath(forSlot slot: ItemPath) -> ItemPath? {
    if slot == placeholder { return nil }
    var item = slot.item
    if slot.section == placeholder.section && item > placeholder.item { item -= 1 }
    // The item-th item of the section that does not travel: step over the travelling ones before it.
    for path in lifted where path.section == slot.section && path.item <= item { item += 1 }
    return ItemPath(item: item, section: slot.section)
  }

  /// The slot where the item at a snapshot path is shown: the placeholder for the lifted item,
  /// `nil` for the other travelling items (they ride in the stack). O(k).
  @inlinable func slot(forSnapshotPath path: ItemPath) -> ItemPath? {
    if path == lead { return placeholder == Self.nowhere ? nil : placeholder }
    if lifted.contains(path) { return nil }
    var item = path.item - liftedCount(inSection: path.section, below: path.item)
    if path.section == placeholder.section && item >= placeholder.item { item += 1 }
    return ItemPath(item: item, section: path.section)
  }
}

extension CollectionView {
  /// What a drag shows: a list's rows or a grid's slots, without the travelling items and with the
  /// placeholder. The session owns it; the view reads it to draw, hit-test and lay out.
  @usableFromInline enum Arrangement: Sendable {
    /// A list's visible rows without the travelling items, with their block at the placeholder.
    case rows(OutlineArrangement<SectionID, ItemID>)
    /// A grid's slots without the travelling items, with the placeholder.
    case slots(GridSlots)
  }
}

extension CollectionView.Session {
  /// Where the items would land now, counted without them.
  @inlinable var placeholder: OutlinePosition<ItemID> {
    if isAway { return start }
    return switch arrangement {
    case .rows(let rows): rows.placeholder ?? start
    case .slots(let slots): slots.placeholder.outlinePosition()
    }
  }

  /// A list's rows, or `nil` in a grid.
  @inlinable var rows: OutlineArrangement<SectionID, ItemID>? {
    if case .rows(let rows) = arrangement { return rows }
    return nil
  }

  /// A grid's slots, or `nil` in a list.
  @inlinable var slots: GridSlots? {
    if case .slots(let slots) = arrangement { return slots }
    return nil
  }

  /// Moves the placeholder (counted without the travelling items). O(1).
  /// - Returns: the sections whose slots changed, for the owner to lay out again, or `nil` when
  ///   the placeholder was there already.
  @discardableResult
  @inlinable mutating func movePlaceholder(to position: OutlinePosition<ItemID>) -> (from: Int, to: Int)? {
    let old = placeholder
    guard old != position else { return nil }
    setPlaceholder(position)
    return (old.section, position.section)
  }

  /// Puts the placeholder at a position (counted without the travelling items), wherever it is
  /// now (also nowhere, away). O(1).
  @inlinable mutating func setPlaceholder(_ position: OutlinePosition<ItemID>) {
    switch arrangement {
    case .rows(var rows):
      rows.movePlaceholder(to: position)
      arrangement = .rows(rows)
    case .slots(var slots):
      slots.placeholder = position.itemPath
      arrangement = .slots(slots)
    }
  }

  /// The items are held elsewhere (see ``Gap/away``): the rows or slots close up, with no gap and
  /// nothing proposed. O(1).
  @inlinable mutating func goAway() {
    precondition(!isAppended, "only items of the view's own go away, never appended ones")
    gap = .away
    switch arrangement {
    case .rows(var rows):
      rows.placeholder = nil
      arrangement = .rows(rows)
    case .slots(var slots):
      // A placeholder in no section: no slot is added anywhere.
      slots.placeholder = GridSlots.nowhere
      arrangement = .slots(slots)
    }
    drop.shown = DropTarget(destination: nil, proposal: DropProposal(operation: .cancel))
    drop.invalidate()
  }

  /// The items held elsewhere come back: the gap opens at a position (counted without them). O(1).
  @inlinable mutating func comeBack(to position: OutlinePosition<ItemID>) {
    precondition(isAway, "only items away come back")
    gap = .shown
    setPlaceholder(position)
  }

  /// The owner committed the placeholder to the data (live mode): the lifted item now stands
  /// there. A list's rows do not change (they leave the item out either way); a grid's lifted
  /// path becomes the placeholder's.
  @inlinable mutating func placeholderCommitted() {
    guard case .slots(let slots) = arrangement else { return }
    arrangement = .slots(GridSlots(lifted: [slots.placeholder], placeholder: slots.placeholder))
  }

  /// Builds the arrangement of a snapshot for the session's items with the placeholder at a position.
  /// - Complexity: O(n) for a list (its rows); O(k log k) for a grid.
  @inlinable mutating func arrange(
    _ snapshot: Snapshot<SectionID, ItemID>, placeholder position: OutlinePosition<ItemID>
  ) {
    switch arrangement {
    case .rows:
      var rows = OutlineArrangement(snapshot, dragging: items)
      rows.movePlaceholder(to: position)
      arrangement = .rows(rows)
    case .slots:
      // The lifted item leads: it is the one shown at the placeholder.
      let paths = ([item] + items.filter { $0 != item }).compactMap { snapshot.path(of: $0) }
      arrangement = .slots(GridSlots(lifted: paths, placeholder: position.itemPath))
    }
  }
}
