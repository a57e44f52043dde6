extension Snapshot {
  /// One step of a drop: a UIKit move (remove at `from`, insert at `to` counted after the removal).
  @usableFromInline struct LandingMove: Hashable, Sendable {
    @usableFromInline var item: ItemID
    @usableFromInline var from: OutlinePosition<ItemID>
    @usableFromInline var to: OutlinePosition<ItemID>

    @usableFromInline init(item: ItemID, from: OutlinePosition<ItemID>, to: OutlinePosition<ItemID>) {
      self.item = item
      self.from = from
      self.to = to
    }
  }

  /// The index among all current siblings at which a position counted without `dragged` lies:
  /// right after its `index - 1`-th sibling that is not dragged (before any dragged ones that
  /// follow it, so that items already in place need no move), or at the start for index 0.
  @inlinable func siblingIndex(for destination: OutlinePosition<ItemID>, skipping dragged: Set<ItemID>) -> Int {
    guard destination.index > 0 else { return 0 }
    let siblings = destination.parent.map { children(of: $0) } ?? sections[destination.section].items
    var seen = 0
    for (j, id) in siblings.enumerated() where !dragged.contains(id) {
      seen += 1
      if seen == destination.index { return j + 1 }
    }
    return siblings.count
  }

  /// Lands the items of a drag session together at a destination counted without them, in the
  /// given order, as a sequence of moves: replaying the returned moves in order on the old
  /// snapshot gives the new one. Moves that change nothing are left out.
  ///
  /// The first item goes right after the sibling before the destination; each next one right
  /// after the previous.
  ///
  /// - Precondition: a group only lands at the top level.
  @inlinable mutating func landItems(_ items: [ItemID], at destination: OutlinePosition<ItemID>) -> [LandingMove] {
    let dragged = Set(items)
    var moves: [LandingMove] = []
    var previous: ItemID?
    for id in items {
      guard let from = position(of: id) else { preconditionFailure("dropped item \(id) is not in the snapshot") }
      _ = removeItem(at: from)
      var to: OutlinePosition<ItemID>
      if let previous, let p = position(of: previous) {
        to = p
        to.index += 1
      } else {
        to = destination
        to.index = siblingIndex(for: destination, skipping: dragged)
      }
      insertItem(id, at: to)
      if from != to { moves.append(LandingMove(item: id, from: from, to: to)) }
      previous = id
    }
    debugCheck()
    return moves
  }

  /// The change that inserts copies of the items (a group with copies of its children) at a
  /// destination counted without `dragged`, in order, each copy named by `makeID`, and the
  /// original of each copy.
  ///
  /// - Throws: ``ChangeError`` when `makeID` returns an identifier in use (or one it returned before).
  @inlinable func copies(
    of items: [ItemID], at destination: OutlinePosition<ItemID>, skipping dragged: Set<ItemID>,
    makeID: (ItemID, (ItemID) -> Bool) -> ItemID
  ) throws(ChangeError) -> (change: Change<SectionID, ItemID>, originals: [ItemID: ItemID]) {
    var originals: [ItemID: ItemID] = [:]
    func make(_ original: ItemID) throws(ChangeError) -> ItemID {
      let copy = makeID(original) { contains($0) || originals[$0] != nil }
      guard !contains(copy), originals[copy] == nil else { throw .copyIdentifierTaken(copy, original: original) }
      originals[copy] = original
      return copy
    }
    var copies: [ItemID] = []
    var children: [ItemID: [ItemID]] = [:]
    var expanded: Set<ItemID> = []
    for id in items {
      let copy = try make(id)
      if isGroup(id) {
        var kids: [ItemID] = []
        for child in self.children(of: id) { kids.append(try make(child)) }
        children[copy] = kids
        if isExpanded(id) { expanded.insert(copy) }
      }
      copies.append(copy)
    }
    let siblings = destination.parent.map { self.children(of: $0) } ?? sections[destination.section].items
    let index = siblingIndex(for: destination, skipping: dragged)
    let place = ReorderDifference(
      items: copies, section: sections[destination.section].id, parent: destination.parent,
      before: index < siblings.count ? siblings[index] : nil)
    return (.inserted(place, children: children, expanded: expanded), originals)
  }
}
