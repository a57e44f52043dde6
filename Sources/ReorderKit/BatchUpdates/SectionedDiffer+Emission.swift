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
    chooseSectionMoves()
    let plan = schedule()
    let k = plan.count
    guard k > 0 else { return [] }
    let newCount = fate.count
    if k > 1 { changeStages(plan) }
    // The data after each intermediate stage (there are at most two).
    var between: [Intermediate] = []
    between.reserveCapacity(k - 1)
    for t in 1..<k { between.append(intermediate(after: t, plan)) }
    /// The index of a section (by reference) after stage `t`: before the first stage the
    /// sections are the old ones, after the last the new ones.
    func sectionPosition(_ ref: Int, after t: Int) -> Int {
      if t == 0 { return ref }
      if t == k { return ref < old.count ? newSectionOfOld[ref] : ref - old.count }
      return between[t - 1].position[ref]
    }
    // Without sections inserted, deleted or moved, every item change is in the stage of `.items`:
    // an item is at its old path before that stage and at its new path from it on.
    let (still, itemStage) = (!sectionsChange, plan.deleteItemStage)
    func position(_ r: Int, after t: Int) -> ItemPath {
      if t == 0 || (still && t < itemStage) {
        let o = r >= newCount ? r - newCount : oldOfNew[r]
        let os = oldSectionOfFlat[o]
        return ItemPath(item: o - oldStart[os], section: os)
      }
      if t == k || still {
        let s = newSectionOfFlat[r]
        return ItemPath(item: r - newStart[s], section: s)
      }
      // Placed items are in their new section, the others in their old one.
      let placed = r < newCount && fate[r] != .stays && placeStage[r] <= t
      let ref = placed ? sectionRef(newSectionOfFlat[r]) : oldSectionOfFlat[r >= newCount ? r - newCount : oldOfNew[r]]
      let section = between[t - 1].position[ref]
      precondition(section >= 0, "item reference \(r) is absent after stage \(t)")
      switch between[t - 1].modes[section] {
      case .old:
        let o = r >= newCount ? r - newCount : oldOfNew[r]
        return ItemPath(item: o - oldStart[ref], section: section)
      case .new: return ItemPath(item: r - newStart[newSectionOfFlat[r]], section: section)
      case .empty, .mixed: return ItemPath(item: Int(between[t - 1].itemIndex[r]), section: section)
      }
    }

    var batches = [BatchUpdate](repeating: BatchUpdate(), count: k + 1)
    // Room for the item moves and inserts of each stage, counted first: no regrowth.
    var counts = [Int](repeating: 0, count: 2 * (k + 1))  // moves of stage t at 2t, inserts at 2t + 1
    if still {
      // Every item insert is in the stage of `.items` (the moves are written in place below).
      counts[2 * itemStage + 1] = fate.count - pairedItems
    } else {
      for f in fate.indices where fate[f] != .stays {
        counts[2 * placeStage[f] + (fate[f] == .moves ? 0 : 1)] += 1
      }
    }
    for t in 1...k {
      batches[t].moveItems.reserveCapacity(counts[2 * t])
      batches[t].insertItems.reserveCapacity(counts[2 * t + 1])
    }
    for o in old.indices where newSectionOfOld[o] < 0 {
      let t = deleteStage[o]
      batches[t].deleteSections.append(sectionPosition(o, after: t - 1))
    }
    for s in new.indices {
      let o = oldSectionOfNew[s]
      if o < 0 {
        let t = insertStage[s]
        batches[t].insertSections.append(sectionPosition(old.count + s, after: t))
      } else if sectionMoves[s] {
        let t = moveStage[s]
        batches[t].moveSections.append(
          SectionMove(from: sectionPosition(o, after: t - 1), to: sectionPosition(o, after: t)))
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
        guard !still else { break }  // written below
        let t = placeStage[f]
        batches[t].moveItems.append(ItemMove(from: position(f, after: t - 1), to: position(f, after: t)))
      }
      let t = reloadStage(f, plan)
      if t > 0 {
        if reconfiguresItems {
          batches[t].reconfigureItems.append(position(f, after: t - 1))
        } else {
          batches[t].reloadItems.append(position(f, after: t - 1))
        }
      }
    }
    if still && movedItems > 0 {
      // Every move in one stage, from the old path to the new: written in place, in old order (sorted).
      batches[itemStage].moveItems = [ItemMove](unsafeUninitializedCapacity: movedItems) { buffer, count in
        for o in newOfOld.indices {
          let f = newOfOld[o]
          guard f >= 0 && fate[f] == .moves else { continue }
          precondition(count < movedItems, "more moves than counted")
          buffer[count] = ItemMove(from: position(f, after: 0), to: position(f, after: itemStage))
          count += 1
        }
        precondition(count == movedItems, "fewer moves than counted")
      }
    }
    if hasSectionReloads {
      for s in new.indices where sectionReloads[s] {
        let t = sectionMoves[s] ? plan.movingSectionReloadStage : plan.sectionReloadStage
        batches[t].reloadSections.append(sectionPosition(oldSectionOfNew[s], after: t - 1))
      }
    }
    var result: [Changeset<SectionID, ItemID>] = []
    result.reserveCapacity(k)
    for t in 1...k {
      // Taken out of `batches`, so that sorting its lists copies none of them.
      var b = BatchUpdate()
      swap(&b, &batches[t])
      // Lists of one item or none need no sort (nor its uniqueness check and call).
      if b.deleteSections.count > 1 { b.deleteSections.sort() }
      if b.insertSections.count > 1 { b.insertSections.sort() }
      if b.moveSections.count > 1 { b.moveSections.sort { $0.from < $1.from } }
      if b.deleteItems.count > 1 { b.deleteItems.sort() }
      if b.insertItems.count > 1 { b.insertItems.sort() }
      if b.moveItems.count > 1 && !(still && t == itemStage) { b.moveItems.sort { $0.from < $1.from } }
      if b.reloadItems.count > 1 { b.reloadItems.sort() }
      if b.reloadSections.count > 1 { b.reloadSections.sort() }
      if b.reconfigureItems.count > 1 { b.reconfigureItems.sort() }
      result.append(Changeset(updates: b, sections: t < k ? between[t - 1].sections : new))
    }
    return result
  }

  /// The data after an intermediate stage, and where each section and item is in it.
  @usableFromInline struct Intermediate {
    /// The sections after the stage.
    @usableFromInline var sections: [Section]
    /// The index of each section reference (see ``SectionedDiffer/sectionRef(_:)``), or -1 when it is absent.
    @usableFromInline var position: [Int]
    /// What each section (by index) holds.
    @usableFromInline var modes: [ContentMode]
    /// The index of each item reference in its section, for the items of the sections built
    /// item by item (`.mixed`); empty when there are none.
    @usableFromInline var itemIndex: [Int32]

    @inlinable init(sections: [Section], position: [Int], modes: [ContentMode], itemIndex: [Int32]) {
      self.sections = sections
      self.position = position
      self.modes = modes
      self.itemIndex = itemIndex
    }
  }

  /// The data after intermediate stage `t`. A section none of whose items has changed yet
  /// shows its old items, one whose changes are all done its new ones; only the others
  /// (mixed) are built item by item, and only their items get a position.
  @inlinable func intermediate(after t: Int, _ plan: Schedule) -> Intermediate {
    let order = sectionOrder(after: t, plan)
    var position = [Int](repeating: -1, count: old.count + new.count)
    var modes: [ContentMode] = []
    modes.reserveCapacity(order.count)
    var sections: [Section] = []
    sections.reserveCapacity(order.count)
    var itemIndex: [Int32] = []
    for (index, r) in order.enumerated() {
      position[r] = index
      let id = r < old.count ? old[r].id : new[r - old.count].id
      if t < firstChange[r] {
        modes.append(r < old.count ? .old : .empty)
        sections.append(Section(id: id, items: r < old.count ? old[r].items : []))
      } else if t >= lastChange[r] && (r >= old.count || newSectionOfOld[r] >= 0) {
        modes.append(.new)
        sections.append(Section(id: id, items: new[r < old.count ? newSectionOfOld[r] : r - old.count].items))
      } else {
        modes.append(.mixed)
        if itemIndex.isEmpty { itemIndex = [Int32](repeating: -1, count: fate.count + oldSectionOfFlat.count) }
        var items: [ItemID] = []
        items.reserveCapacity(itemRefBound(of: r))
        forEachItemRef(of: r, after: t, plan) { ref in
          itemIndex[ref] = Int32(truncatingIfNeeded: items.count)
          items.append(identifier(of: ref))
        }
        sections.append(Section(id: id, items: items))
      }
    }
    return Intermediate(sections: sections, position: position, modes: modes, itemIndex: itemIndex)
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

  /// Writes, by section reference (see ``sectionRef(_:)``), the first and the last stage
  /// that removes an item from it or places one in it (`Int.max` and 0 when none) into
  /// `firstChange` and `lastChange`.
  @inlinable func changeStages(_ plan: Schedule) {
    if !sectionsChange {
      // Every section survives in place, and every item change is in the stage of `.items`:
      // the sections with changes are those whose items are touched.
      let t = plan.deleteItemStage
      for s in new.indices where itemsTouched[s] {
        firstChange[oldSectionOfNew[s]] = t
        lastChange[oldSectionOfNew[s]] = t
      }
      return
    }
    for f in fate.indices where fate[f] != .stays {
      let t = placeStage[f]
      let r = sectionRef(newSectionOfFlat[f])
      if t < firstChange[r] { firstChange[r] = t }
      if t > lastChange[r] { lastChange[r] = t }
      let o = oldOfNew[f]
      if o >= 0 {
        let os = oldSectionOfFlat[o]
        if t < firstChange[os] { firstChange[os] = t }
        if t > lastChange[os] { lastChange[os] = t }
      }
    }
    let t = plan.deleteItemStage
    for o in old.indices where newSectionOfOld[o] >= 0 {
      for f in oldStart[o]..<oldStart[o + 1] where newOfOld[f] < 0 {
        if t < firstChange[o] { firstChange[o] = t }
        if t > lastChange[o] { lastChange[o] = t }
        break
      }
    }
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

  /// The most items a section (by reference) can hold between stages: its old ones and its new ones.
  @inlinable func itemRefBound(of r: Int) -> Int {
    if r >= old.count { return newStart[r - old.count + 1] - newStart[r - old.count] }
    let s = newSectionOfOld[r]
    return oldStart[r + 1] - oldStart[r] + (s >= 0 ? newStart[s + 1] - newStart[s] : 0)
  }

  /// Calls `body` with the items of a section (by reference) after an intermediate stage `t`, in order.
  @inlinable func forEachItemRef(of r: Int, after t: Int, _ plan: Schedule, _ body: (Int) -> Void) {
    let newCount = fate.count
    func placed(_ f: Int) -> Bool { fate[f] != .stays && placeStage[f] <= t }
    if r >= old.count {
      let s = r - old.count
      for f in newStart[s]..<newStart[s + 1] where placed(f) { body(f) }
      return
    }
    let s = newSectionOfOld[r]
    var j = s >= 0 ? newStart[s] : 0
    for o in oldStart[r]..<oldStart[r + 1] {
      let f = newOfOld[o]
      if f >= 0 && fate[f] == .stays {
        while j < f {
          if placed(j) { body(j) }
          j += 1
        }
        j = f + 1
        body(f)
        continue
      }
      let removal = f >= 0 ? placeStage[f] : s >= 0 ? plan.deleteItemStage : Int.max
      if removal > t { body(f >= 0 ? f : newCount + o) }
    }
    if s >= 0 {
      while j < newStart[s + 1] {
        if placed(j) { body(j) }
        j += 1
      }
    }
  }
}
