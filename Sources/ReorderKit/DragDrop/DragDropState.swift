/// The drag-and-drop state a ``CollectionView`` carries: its machines, its hooks and what
/// the pointer currently proposes. One stored property of the view, so that the view's
/// declaration stays small.
@usableFromInline struct DragDropState<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  @usableFromInline var delegate = DropDelegate<ItemID>()
  @usableFromInline var springLoading = SpringLoading<ItemID>()
  @usableFromInline var isSpringLoaded = true
  @usableFromInline var autoScroll = AutoScroll()
  @usableFromInline var cadence = CadenceGate<DropTarget<ItemID>>()
  /// The grid arrangement during a drag and drop (lists use the view's outline arrangement).
  @usableFromInline var grid: GridDropArrangement<ItemID>?
  /// The target shown now (the gap, a highlighted group, or a forbidden marker).
  @usableFromInline var shown: DropTarget<ItemID> = .init(destination: nil, proposal: DropProposal(operation: .cancel))
  /// The proposal last computed, reused while the destination under the pointer stays the same.
  @usableFromInline var cachedTarget: (key: DropDestination<ItemID>?, target: DropTarget<ItemID>)?
  /// The result of the last drop.
  @usableFromInline var lastDrop: DropResult<ItemID>?

  @inlinable mutating func reset() {
    _ = springLoading.end(droppedInto: nil)
    autoScroll.stop()
    cadence.reset()
    grid = nil
    shown = .init(destination: nil, proposal: DropProposal(operation: .cancel))
    cachedTarget = nil
  }
}

/// A destination with the proposal for it: what the cadence gate holds back and the render list shows.
@usableFromInline struct DropTarget<ItemID: Hashable & Sendable>: Hashable, Sendable {
  @usableFromInline var destination: DropDestination<ItemID>?
  @usableFromInline var proposal: DropProposal

  @usableFromInline init(destination: DropDestination<ItemID>?, proposal: DropProposal) {
    self.destination = destination
    self.proposal = proposal
  }
}

/// The slots of a grid during a drag and drop: every section's items without the dragged ones
/// (the base), with one placeholder slot (the gap where the stack lands). O(1) per slot.
@usableFromInline struct GridDropArrangement<ItemID: Hashable & Sendable>: Sendable {
  /// Per section: the items without the dragged ones.
  @usableFromInline var base: [[ItemID]]
  /// The gap: section and index among the base items.
  @usableFromInline var placeholder: ItemPath

  @inlinable init<SectionID>(
    _ snapshot: Snapshot<SectionID, ItemID>, dragging dragged: Set<ItemID>, placeholder: ItemPath
  ) {
    base = snapshot.sections.map { $0.items.filter { !dragged.contains($0) } }
    self.placeholder = placeholder
  }

  @inlinable func count(inSection s: Int) -> Int { base[s].count + (placeholder.section == s ? 1 : 0) }

  /// The item shown at a slot, or `nil` for the gap.
  @inlinable func item(at slot: ItemPath) -> ItemID? {
    guard slot.section == placeholder.section else { return base[slot.section][slot.item] }
    if slot.item == placeholder.item { return nil }
    return base[slot.section][slot.item > placeholder.item ? slot.item - 1 : slot.item]
  }

  /// The slot of a shown item. O(n) in its section; for settling, not for the hot path.
  @inlinable func slot(of id: ItemID, section s: Int) -> ItemPath? {
    guard let i = base[s].firstIndex(of: id) else { return nil }
    return ItemPath(item: s == placeholder.section && i >= placeholder.item ? i + 1 : i, section: s)
  }
}
