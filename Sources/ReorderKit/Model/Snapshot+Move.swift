extension Snapshot {
  /// Moves a top-level item (a group travels with its children), with UIKit's
  /// semantics: remove at the source, then insert at the destination, the
  /// destination counted after the removal.
  ///
  /// ```swift
  /// // S0: a b c d
  /// snapshot.moveItem(at: ItemPath(item: 0, section: 0), to: ItemPath(item: 2, section: 0))
  /// // S0: b c a d   (a removed: b c d; inserted at 2: b c a d)
  /// ```
  ///
  /// - Precondition: `source` names an item; `destination.item` is at most the
  ///   destination section's count after the removal.
  /// - Complexity: O(k), where k is the number of items whose index changes.
  @inlinable public mutating func moveItem(at source: ItemPath, to destination: ItemPath) {
    precondition(
      sections.indices.contains(source.section) && sections[source.section].items.indices.contains(source.item),
      "move source \(source) is out of range")
    precondition(sections.indices.contains(destination.section), "move destination \(destination) names no section")
    let countAfterRemoval = sections[destination.section].items.count - (source.section == destination.section ? 1 : 0)
    precondition(
      (0...countAfterRemoval).contains(destination.item),
      "move destination \(destination) is out of range 0...\(countAfterRemoval) after removing \(source)")
    guard source != destination else { return }
    let id = _sections[source.section].items.remove(at: source.item)
    _sections[destination.section].items.insert(id, at: destination.item)
    if source.section == destination.section {
      reindexTopLevel(
        section: source.section, from: min(source.item, destination.item), through: max(source.item, destination.item))
    } else {
      // The moved item's entry names its destination before either section is marked: a pass
      // over the source's entries must not find it there.
      locationByID[id] = .top(destination)
      markShifted(section: source.section, at: source.item)
      markShifted(section: destination.section, at: destination.item)
    }
    debugCheck()
  }

  /// Moves an item between any two places of the outline, with the same
  /// semantics as ``moveItem(at:to:)``: the destination index is counted
  /// among the destination's siblings after the removal.
  ///
  /// ```swift
  /// // Lessons: Intro, Basics [Variables, Loops], Wrap-up
  /// let from = snapshot.position(of: "Wrap-up")!
  /// snapshot.moveItem(from: from, to: OutlinePosition(section: 0, parent: "Basics", index: 2))
  /// // Lessons: Intro, Basics [Variables, Loops, Wrap-up]
  /// ```
  ///
  /// - Precondition: a group only moves to the top level; the destination
  ///   parent is a group other than the moved item.
  @inlinable public mutating func moveItem(
    from source: OutlinePosition<ItemID>, to destination: OutlinePosition<ItemID>
  ) {
    if source.parent == nil && destination.parent == nil {
      moveItem(
        at: ItemPath(item: source.index, section: source.section),
        to: ItemPath(item: destination.index, section: destination.section))
      return
    }
    let id = removeItem(at: source)
    insertItem(id, at: destination)
    debugCheck()
  }

  /// The identifier at an outline position.
  @inlinable public func itemIdentifier(at position: OutlinePosition<ItemID>) -> ItemID {
    if let parent = position.parent {
      let siblings = children(of: parent)
      precondition(siblings.indices.contains(position.index), "position \(position) is out of range")
      return siblings[position.index]
    }
    return itemIdentifier(at: ItemPath(item: position.index, section: position.section))
  }

  /// The number of siblings at a place: the top-level count of a section, or a group's child count.
  @inlinable public func numberOfSiblings(section: Int, parent: ItemID?) -> Int {
    if let parent { return children(of: parent).count }
    return sections[section].items.count
  }

  // MARK: Removing and inserting (used by moves, drops and batch updates)

  /// Removes the item at a position and returns its identifier. A removed group keeps its children
  /// recorded, so inserting it again restores them.
  @inlinable mutating func removeItem(at position: OutlinePosition<ItemID>) -> ItemID {
    if let parent = position.parent {
      guard var siblings = childrenByGroup[parent], siblings.indices.contains(position.index) else {
        preconditionFailure("remove position \(position) is out of range")
      }
      let id = siblings.remove(at: position.index)
      childrenByGroup[parent] = siblings
      locationByID[id] = nil
      for i in position.index..<siblings.count { locationByID[siblings[i]] = .child(parent: parent, index: i) }
      return id
    }
    precondition(
      sections.indices.contains(position.section) && sections[position.section].items.indices.contains(position.index),
      "remove position \(position) is out of range")
    let id = _sections[position.section].items.remove(at: position.index)
    locationByID[id] = nil
    markShifted(section: position.section, at: position.index)
    return id
  }

  /// Inserts an identifier (a plain item, or a group removed earlier) at a position.
  @inlinable mutating func insertItem(_ id: ItemID, at position: OutlinePosition<ItemID>) {
    if let parent = position.parent {
      precondition(childrenByGroup[id] == nil, "group \(id) cannot go into group \(parent)")
      guard var siblings = childrenByGroup[parent], case .top? = locationByID[parent] else {
        preconditionFailure("insert position \(position): \(parent) is not a group in the snapshot")
      }
      precondition(
        (0...siblings.count).contains(position.index),
        "insert position \(position) is out of range 0...\(siblings.count)")
      siblings.insert(id, at: position.index)
      childrenByGroup[parent] = siblings
      for i in position.index..<siblings.count { locationByID[siblings[i]] = .child(parent: parent, index: i) }
      return
    }
    precondition(sections.indices.contains(position.section), "insert position \(position) names no section")
    precondition(
      (0...sections[position.section].items.count).contains(position.index),
      "insert position \(position) is out of range 0...\(sections[position.section].items.count)")
    _sections[position.section].items.insert(id, at: position.index)
    locationByID[id] = .top(ItemPath(item: position.index, section: position.section))
    markShifted(section: position.section, at: position.index)
  }

  /// The most insertions and removals a section's entries may lag behind before they are
  /// reindexed (a lookup of a stale entry checks up to twice as many places).
  @inlinable static var maximumShifts: Int { 64 }

  /// A top-level item was inserted or removed at `index`: the entries after it are off by one.
  /// A short tail is reindexed now; a long one (a column of 200,000 cards) is left stale, corrected
  /// on lookup, and reindexed once it lags ``maximumShifts`` changes behind (amortized O(n / 64)).
  @inlinable mutating func markShifted(section s: Int, at index: Int) {
    let last = sections[s].items.count - 1
    let current = s < staleTop.count ? staleTop[s] : .exact
    let from = min(current.from, index)
    if last - from < 256 || current.shifts >= Self.maximumShifts {
      // A long tail, a good part of the index: one pass over the index in its own order (no
      // hashing) beats a lookup per item (a tail of 100,000 in a column of 200,000: 10 → 3 ms).
      if last - from >= 4096, (last - from) * 8 >= locationByID.count {
        reindexInPlace(section: s, from: from, within: current.shifts + 1)
      } else {
        reindexTopLevel(section: s, from: from, through: last)
      }
      if s < staleTop.count { staleTop[s] = .exact }
      return
    }
    while staleTop.count <= s { staleTop.append(.exact) }
    staleTop[s] = StaleTop(from: from, shifts: current.shifts + 1)
  }

  /// Rewrites the entries of a section's top-level items from `from` on, each known to be off by
  /// at most `within` places, walking the index in its own order: O(entries) with no hashing.
  @inlinable mutating func reindexInPlace(section s: Int, from: Int, within: Int) {
    let items = _sections[s].items
    // Unique storage first, so that the positions below stay valid while entries are written.
    locationByID.reserveCapacity(locationByID.count)
    var position = locationByID.startIndex
    while position != locationByID.endIndex {
      if case .top(let path) = locationByID.values[position], path.section == s, path.item >= from - within {
        let id = locationByID.keys[position]
        let i = path.item
        if i >= items.count || items[i] != id {
          let found = index(of: id, near: i, within: within, inSection: s)
          locationByID.values[position] = .top(ItemPath(item: found, section: s))
        }
      }
      position = locationByID.index(after: position)
    }
  }

  @inlinable mutating func reindexTopLevel(section s: Int, from lower: Int, through upper: Int) {
    guard lower <= upper else { return }
    let items = sections[s].items
    for i in lower...upper { locationByID[items[i]] = .top(ItemPath(item: i, section: s)) }
  }
}
