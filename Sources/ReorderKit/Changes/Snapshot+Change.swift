extension Snapshot {
  /// The result of applying a ``Change`` to a snapshot: the changes that undo it, and the UIKit
  /// moves (remove at `from`, insert at `to` counted after the removal) it made, in order.
  @usableFromInline struct Applied: Sendable {
    @usableFromInline var inverse: [Change<SectionID, ItemID>]
    @usableFromInline var moves: [LandingMove]

    @usableFromInline init(inverse: [Change<SectionID, ItemID>], moves: [LandingMove]) {
      self.inverse = inverse
      self.moves = moves
    }
  }

  /// Applies a change by identity.
  ///
  /// - Throws: ``ChangeError`` when the change names what is not there, or asks for a group in a
  ///   group; the snapshot is then unchanged.
  /// - Complexity: O(k + s) for k items and s siblings at the source and destination.
  @inlinable mutating func apply(_ change: Change<SectionID, ItemID>) throws(ChangeError) -> Applied {
    switch change {
    case .moved(let d):
      let moving = try validateMove(d)
      let destination = try position(for: d, skipping: moving)
      let inverse = placements(of: d.items, skipping: moving).map { Change.moved($0) }
      let moves: [LandingMove]
      if d.items.count == 1, let from = position(of: d.items[0]) {
        // One item: the position counted without it is UIKit's destination, counted after the removal.
        guard from != destination else { return Applied(inverse: [], moves: []) }
        moveItem(from: from, to: destination)
        moves = [LandingMove(item: d.items[0], from: from, to: destination)]
      } else {
        moves = landItems(d.items, at: destination)
      }
      return Applied(inverse: moves.isEmpty ? [] : inverse, moves: moves)
    case .inserted(let d, let children, let expanded):
      try validateInsert(d, children: children)
      var index = try position(for: d, skipping: []).index
      for id in d.items {
        let position = OutlinePosition(section: sectionIndex(of: d.section)!, parent: d.parent, index: index)
        if let kids = children[id] {
          childrenByGroup[id] = kids
          if expanded.contains(id) { self.expanded.insert(id) }
        }
        insertItem(id, at: position)
        for (i, child) in (children[id] ?? []).enumerated() { locationByID[child] = .child(parent: id, index: i) }
        index += 1
      }
      debugCheck()
      return Applied(inverse: [.deleted(d.items)], moves: [])
    case .deleted(let items):
      let set = Set(items)
      guard !items.isEmpty else { throw .empty }
      var seen: Set<ItemID> = []
      for id in items {
        guard contains(id) else { throw .unknownItem(id) }
        guard seen.insert(id).inserted else { throw .duplicateItem(id) }
      }
      for id in items { if let p = parent(of: id), set.contains(p) { throw .itemAndItsGroup(id) } }
      let inverse = placements(of: items, skipping: set).map { d in
        Change.inserted(
          d, children: Dictionary(uniqueKeysWithValues: d.items.filter(isGroup).map { ($0, children(of: $0)) }),
          expanded: Set(d.items.filter(isExpanded)))
      }
      for id in items {
        _ = removeItem(at: position(of: id)!)
        for child in childrenByGroup.removeValue(forKey: id) ?? [] { locationByID[child] = nil }
        self.expanded.remove(id)
      }
      debugCheck()
      return Applied(inverse: inverse, moves: [])
    case .expanded(let group), .collapsed(let group):
      guard contains(group) else { throw .unknownItem(group) }
      guard isGroup(group) else { throw .notAGroup(group) }
      let wasExpanded = isExpanded(group)
      setExpanded(change == .expanded(group), for: group)
      return Applied(inverse: [wasExpanded ? .expanded(group) : .collapsed(group)], moves: [])
    case .placeholderMoved:
      return Applied(inverse: [], moves: [])
    case .replaced(let old, let new, let content):
      let before = self
      self = new
      return Applied(
        inverse: before == new && content.isEmpty ? [] : [.replaced(old: new, new: old, content: content)], moves: [])
    }
  }

  /// Where each item stands now, by identity, grouped into runs that share a place: applying the
  /// runs as moves puts the items back here after they moved, whatever else stayed.
  ///
  /// An item's place is its section, its group and the next sibling that is not among `skipping`.
  @inlinable func placements(of items: [ItemID], skipping: Set<ItemID>) -> [ReorderDifference<SectionID, ItemID>] {
    let ordered = items.sorted { a, b in orderKey(a).lexicographicallyPrecedes(orderKey(b)) }
    var result: [ReorderDifference<SectionID, ItemID>] = []
    for id in ordered {
      guard let p = position(of: id) else { continue }
      let siblings = p.parent.map { children(of: $0) } ?? sections[p.section].items
      let before = siblings[(p.index + 1)...].first { !skipping.contains($0) }
      let section = sections[p.section].id
      if var last = result.last, last.section == section, last.parent == p.parent, last.before == before {
        last.items.append(id)
        result[result.count - 1] = last
      } else {
        result.append(ReorderDifference(items: [id], section: section, parent: p.parent, before: before))
      }
    }
    return result
  }

  /// Where a difference's items stand, as the position counted without `skipping`.
  @inlinable func position(
    for d: ReorderDifference<SectionID, ItemID>, skipping: Set<ItemID>
  ) throws(ChangeError) -> OutlinePosition<ItemID> {
    guard let s = sectionIndex(of: d.section) else { throw .unknownSection(d.section) }
    if let parent = d.parent {
      guard isGroup(parent), path(of: parent)?.section == s, !skipping.contains(parent) else {
        throw .notAGroup(parent)
      }
    }
    // Skipped items in the same container before an index: O(k) for k skipped items, not O(siblings).
    func skipped(before index: Int) -> Int {
      skipping.reduce(0) { n, id in
        guard let q = position(of: id), q.section == s, q.parent == d.parent, q.index < index else { return n }
        return n + 1
      }
    }
    guard let before = d.before else {
      let count = d.parent.map { children(of: $0).count } ?? sections[s].items.count
      return OutlinePosition(section: s, parent: d.parent, index: count - skipped(before: count))
    }
    guard !skipping.contains(before), let p = position(of: before), p.section == s, p.parent == d.parent else {
      throw .beforeElsewhere(before)
    }
    return OutlinePosition(section: s, parent: d.parent, index: p.index - skipped(before: p.index))
  }

  /// The difference that puts one item at a position counted without it (UIKit's destination).
  /// O(1).
  @inlinable func difference(moving id: ItemID, to position: OutlinePosition<ItemID>) -> ReorderDifference<
    SectionID, ItemID
  > {
    let siblings = position.parent.map { children(of: $0) } ?? sections[position.section].items
    var index = position.index
    if let p = self.position(of: id), p.section == position.section, p.parent == position.parent, p.index <= index {
      index += 1
    }
    return ReorderDifference(
      items: [id], section: sections[position.section].id, parent: position.parent,
      before: index < siblings.count ? siblings[index] : nil)
  }

  /// The difference that puts items at a position counted without them. O(k log k) for k items:
  /// the next item is found by stepping over the travelling items that stand before it, not by
  /// walking the siblings (a drag-and-drop step of a multi-item session calls this).
  @inlinable func difference(placing items: [ItemID], at position: OutlinePosition<ItemID>) -> ReorderDifference<
    SectionID, ItemID
  > {
    if items.count == 1 { return difference(moving: items[0], to: position) }
    let siblings = position.parent.map { children(of: $0) } ?? sections[position.section].items
    let travelling = items.compactMap { id -> Int? in
      guard let p = self.position(of: id), p.section == position.section, p.parent == position.parent else {
        return nil
      }
      return p.index
    }
    var index = position.index
    for i in travelling.sorted() where i <= index { index += 1 }
    return ReorderDifference(
      items: items, section: sections[position.section].id, parent: position.parent,
      before: index < siblings.count ? siblings[index] : nil)
  }

  /// The identity of an item's place as a position: section, top-level index, then 0 for the item
  /// itself or 1 + its index among its group's children. Sorting by it gives reading order.
  @inlinable func orderKey(_ id: ItemID) -> [Int] {
    guard let p = position(of: id) else { return [] }
    guard let parent = p.parent, let top = path(of: parent) else { return [p.section, p.index, 0] }
    return [p.section, top.item, p.index + 1]
  }

  @inlinable func validateMove(_ d: ReorderDifference<SectionID, ItemID>) throws(ChangeError) -> Set<ItemID> {
    guard !d.items.isEmpty else { throw .empty }
    var moving: Set<ItemID> = []
    for id in d.items {
      guard contains(id) else { throw .unknownItem(id) }
      guard moving.insert(id).inserted else { throw .duplicateItem(id) }
    }
    for id in d.items {
      if let p = parent(of: id), moving.contains(p) { throw .itemAndItsGroup(id) }
      if d.parent != nil, isGroup(id) { throw .groupIntoGroup(id) }
    }
    return moving
  }

  @inlinable func validateInsert(
    _ d: ReorderDifference<SectionID, ItemID>, children: [ItemID: [ItemID]]
  ) throws(ChangeError) {
    guard !d.items.isEmpty else { throw .empty }
    var fresh: Set<ItemID> = []
    for id in d.items + children.values.joined() {
      guard !contains(id), fresh.insert(id).inserted else { throw .duplicateItem(id) }
    }
    if d.parent != nil, let group = d.items.first(where: { children[$0] != nil }) { throw .groupIntoGroup(group) }
  }
}
