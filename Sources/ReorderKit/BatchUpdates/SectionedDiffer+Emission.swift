/// Emission of the planned stages: the batches, with paths in the data before
/// and after each stage, and the data after each stage.
///
/// Items are named by a reference: a new flat index for an item present in
/// the new data, `fate.count + o` for an old item `o` that is deleted. The
/// data before the first stage is the old data, after the last the new data;
/// in between, each section is built from its items that stay (a longest
/// increasing subsequence, in the same order on both sides) and, between two
/// of them, first the items not yet removed (in old order), then the items
/// already placed (in new order). Sections are built the same way.
extension SectionedDiffer {
  /// The changeset's stages.
  @inlinable func stages() -> [Changeset<SectionID, ItemID>] {
    let plan = schedule()
    let k = plan.count
    guard k > 0 else { return [] }
    let newCount = fate.count
    let orders = (0...k).map { sectionOrder(after: $0, plan) }
    let sectionPositions = orders.map { order in
      var position = [Int](repeating: -1, count: old.count + new.count)
      for (index, ref) in order.enumerated() { position[ref] = index }
      return position
    }
    // Items of each section after the intermediate stages. A section none of whose items has
    // changed yet shows its old items, one whose changes are all done its new ones; only
    // the others (mixed) are built item by item, and only their items get a position table.
    let (firstChange, lastChange) = k > 1 ? changeStages(plan) : ([], [])
    var modes = [[ContentMode]](repeating: [], count: k + 1)
    var itemIndex = [[Int32]](repeating: [], count: k + 1)
    var contents = [[[Int]]](repeating: [], count: k + 1)
    for t in 1..<k {
      modes[t] = orders[t].map { r in
        if t < firstChange[r] { return r < old.count ? .old : .empty }
        if t >= lastChange[r] && (r >= old.count || newSectionOfOld[r] >= 0) { return .new }
        return .mixed
      }
      contents[t] = zip(orders[t], modes[t]).map { r, mode in mode == .mixed ? itemRefs(of: r, after: t, plan) : [] }
      guard modes[t].contains(.mixed) else { continue }
      var index = [Int32](repeating: -1, count: newCount + oldSectionOfFlat.count)
      for refs in contents[t] {
        for (i, r) in refs.enumerated() { index[r] = Int32(truncatingIfNeeded: i) }
      }
      itemIndex[t] = index
    }
    func position(_ r: Int, after t: Int) -> ItemPath {
      if t == 0 {
        let o = r >= newCount ? r - newCount : oldOfNew[r]
        let os = oldSectionOfFlat[o]
        return ItemPath(item: o - oldStart[os], section: os)
      }
      if t == k {
        let s = newSectionOfFlat[r]
        return ItemPath(item: r - newStart[s], section: s)
      }
      // Placed items are in their new section, the others in their old one.
      let placed = r < newCount && fate[r] != .stays && placeStage[r] <= t
      let ref = placed ? sectionRef(newSectionOfFlat[r]) : oldSectionOfFlat[r >= newCount ? r - newCount : oldOfNew[r]]
      let section = sectionPositions[t][ref]
      precondition(section >= 0, "item reference \(r) is absent after stage \(t)")
      switch modes[t][section] {
      case .old:
        let o = r >= newCount ? r - newCount : oldOfNew[r]
        return ItemPath(item: o - oldStart[ref], section: section)
      case .new: return ItemPath(item: r - newStart[newSectionOfFlat[r]], section: section)
      case .empty, .mixed: return ItemPath(item: Int(itemIndex[t][r]), section: section)
      }
    }

    var batches = [BatchUpdate](repeating: BatchUpdate(), count: k + 1)
    // Room for the item moves and inserts of each stage, counted first: no regrowth.
    var moveCounts = [Int](repeating: 0, count: k + 1)
    var insertCounts = moveCounts
    for f in fate.indices where fate[f] != .stays {
      if fate[f] == .moves { moveCounts[placeStage[f]] += 1 } else { insertCounts[placeStage[f]] += 1 }
    }
    for t in 1...k {
      batches[t].moveItems.reserveCapacity(moveCounts[t])
      batches[t].insertItems.reserveCapacity(insertCounts[t])
    }
    for o in old.indices where newSectionOfOld[o] < 0 {
      let t = deleteStage[o]
      batches[t].deleteSections.append(sectionPositions[t - 1][o])
    }
    for s in new.indices {
      let o = oldSectionOfNew[s]
      if o < 0 {
        let t = insertStage[s]
        batches[t].insertSections.append(sectionPositions[t][old.count + s])
      } else if sectionMoves[s] {
        let t = moveStage[s]
        batches[t].moveSections.append(SectionMove(from: sectionPositions[t - 1][o], to: sectionPositions[t][o]))
      }
    }
    for o in old.indices where newSectionOfOld[o] >= 0 {
      for f in oldStart[o]..<oldStart[o + 1] where newOfOld[f] < 0 {
        let t = plan.deleteItemStage
        batches[t].deleteItems.append(position(newCount + f, after: t - 1))
      }
    }
    for f in fate.indices {
      switch fate[f] {
      case .stays: break
      case .inserted:
        if oldSectionOfNew[newSectionOfFlat[f]] >= 0 {
          let t = placeStage[f]
          batches[t].insertItems.append(position(f, after: t))
        }
      case .moves:
        let t = placeStage[f]
        batches[t].moveItems.append(ItemMove(from: position(f, after: t - 1), to: position(f, after: t)))
      }
      let t = reloadStage(f, plan)
      if t > 0 { batches[t].reloadItems.append(position(f, after: t - 1)) }
    }
    var result: [Changeset<SectionID, ItemID>] = []
    result.reserveCapacity(k)
    for t in 1...k {
      // Taken out of `batches`, so that sorting its lists copies none of them.
      var b = BatchUpdate()
      swap(&b, &batches[t])
      b.deleteSections.sort()
      b.insertSections.sort()
      b.moveSections.sort { $0.from < $1.from }
      b.deleteItems.sort()
      b.insertItems.sort()
      b.moveItems.sort { $0.from < $1.from }
      b.reloadItems.sort()
      guard t < k else {
        result.append(Changeset(updates: b, sections: new))
        break
      }
      let sections = orders[t].indices.map { index in
        let r = orders[t][index]
        let id = r < old.count ? old[r].id : new[r - old.count].id
        switch modes[t][index] {
        case .old: return Section(id: id, items: old[r].items)
        case .new: return Section(id: id, items: new[r < old.count ? newSectionOfOld[r] : r - old.count].items)
        case .empty: return Section(id: id, items: [])
        case .mixed: return Section(id: id, items: contents[t][index].map { identifier(of: $0) })
        }
      }
      result.append(Changeset(updates: b, sections: sections))
    }
    return result
  }

  /// What a section holds after an intermediate stage.
  @usableFromInline enum ContentMode: UInt8 {
    /// Its old items (no change has reached it yet); for an inserted section, none.
    case old, empty
    /// Its new items (every change is done).
    case new
    /// Some changes done, others not.
    case mixed
  }

  /// By section reference (see ``sectionRef(_:)``): the first and the last stage
  /// that removes an item from it or places one in it (`Int.max` and 0 when none).
  @inlinable func changeStages(_ plan: Schedule) -> (first: [Int], last: [Int]) {
    var first = [Int](repeating: Int.max, count: old.count + new.count)
    var last = [Int](repeating: 0, count: old.count + new.count)
    // Written out, not through a local function: the arrays stay unboxed.
    for f in fate.indices where fate[f] != .stays {
      let t = placeStage[f]
      let r = sectionRef(newSectionOfFlat[f])
      if t < first[r] { first[r] = t }
      if t > last[r] { last[r] = t }
      let o = oldOfNew[f]
      if o >= 0 {
        let os = oldSectionOfFlat[o]
        if t < first[os] { first[os] = t }
        if t > last[os] { last[os] = t }
      }
    }
    let t = plan.deleteItemStage
    for o in old.indices where newSectionOfOld[o] >= 0 {
      for f in oldStart[o]..<oldStart[o + 1] where newOfOld[f] < 0 {
        if t < first[o] { first[o] = t }
        if t > last[o] { last[o] = t }
        break
      }
    }
    return (first, last)
  }

  /// The identifier of an item reference.
  @inlinable func identifier(of r: Int) -> ItemID {
    if r < fate.count {
      let s = newSectionOfFlat[r]
      return new[s].items[r - newStart[s]]
    }
    let o = r - fate.count
    let os = oldSectionOfFlat[o]
    return old[os].items[o - oldStart[os]]
  }

  /// The reference of a new section: its old index if it survives, else `old.count + s`.
  @inlinable func sectionRef(_ s: Int) -> Int { oldSectionOfNew[s] >= 0 ? oldSectionOfNew[s] : old.count + s }

  /// The sections after stage `t`, as references. Sections that stay in place
  /// keep their order; between two of them come first the sections not yet
  /// deleted or moved (in old order), then those already inserted or moved (in new order).
  @inlinable func sectionOrder(after t: Int, _ plan: Schedule) -> [Int] {
    var order: [Int] = []
    order.reserveCapacity(Swift.max(old.count, new.count))
    var n = 0
    func flushPlaced(upTo end: Int) {
      while n < end {
        let placed = oldSectionOfNew[n] < 0 ? insertStage[n] <= t : sectionMoves[n] && moveStage[n] <= t
        if placed { order.append(sectionRef(n)) }
        n += 1
      }
    }
    for o in old.indices {
      let s = newSectionOfOld[o]
      if s >= 0 && !sectionMoves[s] {
        flushPlaced(upTo: s)
        n = s + 1
        order.append(o)
      } else if s < 0 ? deleteStage[o] > t : moveStage[s] > t {
        order.append(o)
      }
    }
    flushPlaced(upTo: new.count)
    return order
  }

  /// The items of a section (by reference) after an intermediate stage `t`.
  @inlinable func itemRefs(of r: Int, after t: Int, _ plan: Schedule) -> [Int] {
    let newCount = fate.count
    var refs: [Int] = []
    func placed(_ f: Int) -> Bool { fate[f] != .stays && placeStage[f] <= t }
    if r >= old.count {
      let s = r - old.count
      refs.reserveCapacity(newStart[s + 1] - newStart[s])
      for f in newStart[s]..<newStart[s + 1] where placed(f) { refs.append(f) }
      return refs
    }
    let s = newSectionOfOld[r]
    refs.reserveCapacity(oldStart[r + 1] - oldStart[r] + (s >= 0 ? newStart[s + 1] - newStart[s] : 0))
    var j = s >= 0 ? newStart[s] : 0
    for o in oldStart[r]..<oldStart[r + 1] {
      let f = newOfOld[o]
      if f >= 0 && fate[f] == .stays {
        while j < f {
          if placed(j) { refs.append(j) }
          j += 1
        }
        j = f + 1
        refs.append(f)
        continue
      }
      let removal = f >= 0 ? placeStage[f] : s >= 0 ? plan.deleteItemStage : Int.max
      if removal > t { refs.append(f >= 0 ? f : newCount + o) }
    }
    if s >= 0 {
      while j < newStart[s + 1] {
        if placed(j) { refs.append(j) }
        j += 1
      }
    }
    return refs
  }
}
