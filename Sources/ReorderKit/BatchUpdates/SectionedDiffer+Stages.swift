/// Stage planning and emission.
///
/// The operations fall into groups that UIKit's rules order against each other:
/// - `items`: every item delete, insert and move, all in one stage;
/// - `receivingInserts`: sections inserted that items move into (before `items`);
/// - `givingDeletes`: sections deleted that items move out of (after `items`);
/// - `touchedMoves`: sections that move while their items change (not with the changes);
/// - `movingReloads`: reloads of items that move (not with `items`);
/// - `stillReloads`: reloads of items that stay (not with a move of their section).
/// The other section operations are free and join a stage that exists anyway.
/// The planner tries one, two, then three stages and takes the first
/// assignment that satisfies every rule, so no more stages are made than the
/// rules force (three always suffice: inserts, items, deletes).
extension SectionedDiffer {
  @usableFromInline enum Group: Int, CaseIterable {
    case receivingInserts, items, givingDeletes, touchedMoves, movingReloads, stillReloads
  }

  @usableFromInline struct Plan {
    @usableFromInline var count: Int
    @usableFromInline var stage = [Int](repeating: 0, count: Group.allCases.count)  // 0: the group is empty
    @inlinable init(count: Int) { self.count = count }
    @inlinable subscript(_ group: Group) -> Int { stage[group.rawValue] }
  }

  @inlinable func isTouched(_ s: Int) -> Bool { itemsTouched[s] || stillReloadTouched[s] || movingReloadTouched[s] }

  @inlinable func plan() -> Plan {
    let moving = new.indices.filter { sectionMoves[$0] }
    var present = [Bool](repeating: false, count: Group.allCases.count)
    present[Group.receivingInserts.rawValue] = receivesMoves.contains(true)
    present[Group.items.rawValue] = hasItemChanges
    present[Group.givingDeletes.rawValue] = givesMoves.contains(true)
    present[Group.touchedMoves.rawValue] = moving.contains(where: isTouched)
    present[Group.movingReloads.rawValue] = hasMovingReloads
    present[Group.stillReloads.rawValue] = hasStillReloads
    let itemsInMoving = moving.contains { itemsTouched[$0] }
    let movingReloadsInMoving = moving.contains { movingReloadTouched[$0] }
    let stillReloadsInMoving = moving.contains { stillReloadTouched[$0] }

    func satisfied(_ p: Plan) -> Bool {
      let (ins, items, del, moves) = (p[.receivingInserts], p[.items], p[.givingDeletes], p[.touchedMoves])
      let (movingReloads, stillReloads) = (p[.movingReloads], p[.stillReloads])
      if ins > 0 && items > 0 && items <= ins { return false }
      if del > 0 && items > 0 && items >= del { return false }
      if itemsInMoving && items == moves { return false }
      if movingReloads > 0 && movingReloads == items { return false }
      if movingReloadsInMoving && movingReloads == moves { return false }
      if stillReloadsInMoving && stillReloads == moves { return false }
      return true
    }
    let groups = Group.allCases.filter { present[$0.rawValue] }
    let hasSectionChanges = oldSectionOfNew.contains(-1) || newSectionOfOld.contains(-1) || !moving.isEmpty
    guard !groups.isEmpty else { return Plan(count: hasSectionChanges ? 1 : 0) }
    for count in 1...3 {
      var p = Plan(count: count)
      var choice = [Int](repeating: 1, count: groups.count)  // an odometer over stage choices
      while true {
        for (k, group) in groups.enumerated() { p.stage[group.rawValue] = choice[k] }
        if satisfied(p) { return p }
        var k = groups.count - 1
        while k >= 0 && choice[k] == count { choice[k] = 1; k -= 1 }
        if k < 0 { break }
        choice[k] += 1
      }
    }
    preconditionFailure("no staging found for groups \(groups)")
  }

  /// The changeset's stages.
  @inlinable func stages() -> [Changeset<SectionID, ItemID>] {
    let p = plan()
    guard p.count > 0 else { return [] }
    let fallback = p[.items] > 0 ? p[.items] : 1
    func stage(_ group: Group) -> Int { p[group] > 0 ? p[group] : fallback }
    let insertStage = new.indices.map { receivesMoves[$0] ? p[.receivingInserts] : stage(.receivingInserts) }
    let deleteStage = old.indices.map { givesMoves[$0] ? p[.givingDeletes] : stage(.givingDeletes) }
    let moveStage = new.indices.map { isTouched($0) ? p[.touchedMoves] : stage(.touchedMoves) }
    let itemStage = p[.items]  // 0 when no item changes: then every surviving section has the same items on both sides

    let orders = (0...p.count).map { sectionOrder(after: $0, insertStage: insertStage, deleteStage: deleteStage, moveStage: moveStage) }
    let positions = orders.map { order in
      var position = [Int](repeating: -1, count: old.count + new.count)
      for (index, ref) in order.enumerated() { position[ref] = index }
      return position
    }
    var batches = [BatchUpdate](repeating: BatchUpdate(), count: p.count + 1)
    for o in old.indices where newSectionOfOld[o] < 0 {
      let t = deleteStage[o]
      batches[t].deleteSections.append(positions[t - 1][o])
    }
    for s in new.indices {
      let o = oldSectionOfNew[s]
      if o < 0 {
        let t = insertStage[s]
        batches[t].insertSections.append(positions[t][old.count + s])
      } else if sectionMoves[s] {
        let t = moveStage[s]
        batches[t].moveSections.append(SectionMove(from: positions[t - 1][o], to: positions[t][o]))
      }
    }
    if itemStage > 0 { emitItemChanges(into: &batches[itemStage], before: positions[itemStage - 1], after: positions[itemStage]) }
    for f in reloads.indices where reloads[f] {
      let s = newSectionOfFlat[f]
      let o = oldOfNew[f]
      let os = oldSectionOfFlat[o]
      let (t, isOldPath) = fate[f] == .moves ? (p[.movingReloads], p[.movingReloads] < itemStage) : (p[.stillReloads], p[.stillReloads] <= itemStage)
      let path = isOldPath
        ? ItemPath(item: o - oldStart[os], section: positions[t - 1][os])
        : ItemPath(item: f - newStart[s], section: positions[t - 1][ref(s)])
      batches[t].reloadItems.append(path)
    }
    return (1...p.count).map { t in
      var b = batches[t]
      b.deleteSections.sort()
      b.insertSections.sort()
      b.moveSections.sort { $0.from < $1.from }
      b.deleteItems.sort()
      b.insertItems.sort()
      b.moveItems.sort { $0.from < $1.from }
      b.reloadItems.sort()
      return Changeset(updates: b, sections: sections(order: orders[t], itemsApplied: t >= itemStage))
    }
  }

  /// The reference of a new section: its old index if it survives, else `old.count + s`.
  @inlinable func ref(_ s: Int) -> Int { oldSectionOfNew[s] >= 0 ? oldSectionOfNew[s] : old.count + s }

  /// The sections after stage `t`, as references. Sections that stay in place
  /// keep their order; between two of them come first the sections not yet
  /// deleted or moved (in old order), then those already inserted or moved (in new order).
  @inlinable func sectionOrder(after t: Int, insertStage: [Int], deleteStage: [Int], moveStage: [Int]) -> [Int] {
    var order: [Int] = []
    order.reserveCapacity(max(old.count, new.count))
    var n = 0
    func flushPlaced(upTo end: Int) {
      while n < end {
        let placed = oldSectionOfNew[n] < 0 ? insertStage[n] <= t : sectionMoves[n] && moveStage[n] <= t
        if placed { order.append(ref(n)) }
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

  @inlinable func emitItemChanges(into batch: inout BatchUpdate, before: [Int], after: [Int]) {
    for o in old.indices where newSectionOfOld[o] >= 0 {
      for i in old[o].items.indices where newOfOld[oldStart[o] + i] < 0 {
        batch.deleteItems.append(ItemPath(item: i, section: before[o]))
      }
    }
    for s in new.indices {
      let to = after[ref(s)]
      let survives = oldSectionOfNew[s] >= 0
      for f in newStart[s]..<newStart[s + 1] {
        switch fate[f] {
        case .stays: continue
        case .inserted:
          if survives { batch.insertItems.append(ItemPath(item: f - newStart[s], section: to)) }
        case .moves:
          let o = oldOfNew[f]
          let os = oldSectionOfFlat[o]
          batch.moveItems.append(
            ItemMove(from: ItemPath(item: o - oldStart[os], section: before[os]), to: ItemPath(item: f - newStart[s], section: to)))
        }
      }
    }
  }

  /// The data for a section order: before the item stage, old items (and
  /// inserted sections hold only their new items); from it on, new items
  /// (and deleted sections lack the items that moved out).
  @inlinable func sections(order: [Int], itemsApplied: Bool) -> [Section] {
    order.map { r in
      if r >= old.count {
        let s = r - old.count
        if itemsApplied { return new[s] }
        return Section(id: new[s].id, items: (newStart[s]..<newStart[s + 1]).filter { oldOfNew[$0] < 0 }.map { new[s].items[$0 - newStart[s]] })
      }
      let s = newSectionOfOld[r]
      if s >= 0 { return itemsApplied ? Section(id: old[r].id, items: new[s].items) : old[r] }
      if !itemsApplied || !givesMoves[r] { return old[r] }
      return Section(id: old[r].id, items: old[r].items.indices.filter { newOfOld[oldStart[r] + $0] < 0 }.map { old[r].items[$0] })
    }
  }
}
