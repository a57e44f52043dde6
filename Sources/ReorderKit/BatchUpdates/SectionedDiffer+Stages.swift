/// Stage planning.
///
/// The operations fall into groups that UIKit's rules order against each other:
/// - `receivingInserts`: sections inserted that items move into;
/// - `givingDeletes`: sections deleted that items move out of;
/// - `movesOut`: items moving out of a deleted section (before `givingDeletes`);
/// - `movesIn`: items moving into an inserted section (after `receivingInserts`);
/// - `movesThrough`: items moving from a deleted section into an inserted one (between the two);
/// - `items`: every other item delete, insert and move;
/// - `touchedMoves`: sections that move while their items change (not with the changes);
/// - `movingReloads`: reloads of items that move (not with their move);
/// - `stillReloads`: reloads of items that stay (not with a move of their section).
/// The other section operations are free and join a stage that exists anyway.
/// The planner tries one, two, then three stages and takes the first
/// assignment that satisfies every rule, so no more stages are made than the
/// rules force (three always suffice: inserts, items, deletes). Emission is in
/// `SectionedDiffer+Emission.swift`.
extension SectionedDiffer {
  @usableFromInline enum Group: Int, CaseIterable {
    case receivingInserts, movesOut, movesIn, movesThrough, items, givingDeletes, touchedMoves, movingReloads,
      stillReloads

    /// The number of groups (`allCases.count` without building the array).
    @inlinable static var count: Int { Group.stillReloads.rawValue + 1 }
  }

  @usableFromInline struct Plan {
    @usableFromInline var count: Int
    /// The stage of each group, four bits per group; 0: the group is empty.
    @usableFromInline var stages: UInt64 = 0
    @inlinable init(count: Int) { self.count = count }
    @inlinable subscript(_ group: Group) -> Int { self[raw: group.rawValue] }
    @inlinable subscript(raw group: Int) -> Int {
      get { Int(truncatingIfNeeded: (stages >> UInt64(4 * group)) & 0xF) }
      set { stages = stages & ~(0xF << UInt64(4 * group)) | UInt64(truncatingIfNeeded: newValue) << UInt64(4 * group) }
    }
  }

  @inlinable func isTouched(_ s: Int) -> Bool { itemsTouched[s] || stillReloadTouched[s] || movingReloadTouched[s] }

  /// The group of a new item that moves.
  @inlinable func moveGroup(_ f: Int) -> Group {
    let fromDeleted = newSectionOfOld[oldSectionOfFlat[oldOfNew[f]]] < 0
    let toInserted = oldSectionOfNew[newSectionOfFlat[f]] < 0
    return fromDeleted ? (toInserted ? .movesThrough : .movesOut) : (toInserted ? .movesIn : .items)
  }

  @inlinable func plan() -> Plan {
    // Sets of groups, one bit per group.
    func bit(_ group: Group) -> UInt16 { 1 << UInt16(group.rawValue) }
    var present: UInt16 = 0
    var touchesMoving: UInt16 = 0  // item groups that change a moving section
    var reloadsAgainst: UInt16 = 0  // item groups holding moves of reloaded items
    func moving(_ s: Int) -> Bool { s >= 0 && sectionMoves[s] }
    for f in fate.indices where fate[f] == .moves {
      let g = bit(moveGroup(f))
      present |= g
      let from = newSectionOfOld[oldSectionOfFlat[oldOfNew[f]]]
      if moving(from) || moving(newSectionOfFlat[f]) { touchesMoving |= g }
      if reloads[f] { reloadsAgainst |= g }
    }
    // Deletes and inserts in surviving sections.
    for s in new.indices where oldSectionOfNew[s] >= 0 && itemsTouched[s] {
      let o = oldSectionOfNew[s]
      let changes =
        (newStart[s]..<newStart[s + 1]).contains { fate[$0] == .inserted }
        || (oldStart[o]..<oldStart[o + 1]).contains { newOfOld[$0] < 0 }
      if changes {
        present |= bit(.items)
        if sectionMoves[s] { touchesMoving |= bit(.items) }
      }
    }
    var anyMoving = false
    var touchedMoving = false
    var movingReloadsInMoving = false
    var stillReloadsInMoving = false
    for s in new.indices where sectionMoves[s] {
      anyMoving = true
      if isTouched(s) { touchedMoving = true }
      if movingReloadTouched[s] { movingReloadsInMoving = true }
      if stillReloadTouched[s] { stillReloadsInMoving = true }
    }
    if receivesMoves.contains(true) { present |= bit(.receivingInserts) }
    if givesMoves.contains(true) { present |= bit(.givingDeletes) }
    if touchedMoving { present |= bit(.touchedMoves) }
    if hasMovingReloads { present |= bit(.movingReloads) }
    if hasStillReloads { present |= bit(.stillReloads) }

    func satisfied(_ p: Plan) -> Bool {
      let (ins, del, moves) = (p[.receivingInserts], p[.givingDeletes], p[.touchedMoves])
      let (out, into, through) = (p[.movesOut], p[.movesIn], p[.movesThrough])
      if (out > 0 && out >= del) || (through > 0 && through >= del) { return false }
      if (into > 0 && into <= ins) || (through > 0 && through <= ins) { return false }
      for g in Group.movesOut.rawValue...Group.items.rawValue where p[raw: g] > 0 {
        if touchesMoving & (1 << UInt16(g)) != 0 && p[raw: g] == moves { return false }
        if reloadsAgainst & (1 << UInt16(g)) != 0 && p[raw: g] == p[.movingReloads] { return false }
      }
      if movingReloadsInMoving && p[.movingReloads] == moves { return false }
      if stillReloadsInMoving && p[.stillReloads] == moves { return false }
      return true
    }
    let hasSectionChanges = oldSectionOfNew.contains(-1) || newSectionOfOld.contains(-1) || anyMoving
    guard present != 0 else { return Plan(count: hasSectionChanges ? 1 : 0) }
    for count in 1...3 {
      // An odometer over the present groups' stages, the last group turning fastest.
      var p = Plan(count: count)
      for g in 0..<Group.count where present & (1 << UInt16(g)) != 0 { p[raw: g] = 1 }
      while true {
        if satisfied(p) { return p }
        var advanced = false
        for g in (0..<Group.count).reversed() where present & (1 << UInt16(g)) != 0 {
          if p[raw: g] == count {
            p[raw: g] = 1
          } else {
            p[raw: g] += 1
            advanced = true
            break
          }
        }
        if !advanced { break }
      }
    }
    let groups = (0..<Group.count).compactMap { present & (1 << UInt16($0)) != 0 ? Group(rawValue: $0) : nil }
    preconditionFailure("no staging found for groups \(groups)")
  }

  /// The number of stages and the stages shared by whole groups; the stage of each
  /// section and item operation is in the differ's `insertStage`, `deleteStage`,
  /// `moveStage` and `placeStage`.
  @usableFromInline struct Schedule {
    @usableFromInline var count: Int
    /// The stage of item deletes in surviving sections.
    @usableFromInline var deleteItemStage: Int
    /// The stage of reloads of items that move, and of those that stay.
    @usableFromInline var movingReloadStage: Int
    @usableFromInline var stillReloadStage: Int

    @inlinable init(count: Int, deleteItemStage: Int, movingReloadStage: Int, stillReloadStage: Int) {
      self.count = count
      self.deleteItemStage = deleteItemStage
      self.movingReloadStage = movingReloadStage
      self.stillReloadStage = stillReloadStage
    }
  }

  /// Plans the stages and writes each operation's stage.
  @inlinable func schedule() -> Schedule {
    let p = plan()
    var firstItemStage = Int.max
    for g in Group.movesOut.rawValue...Group.items.rawValue where p[raw: g] > 0 {
      firstItemStage = Swift.min(firstItemStage, p[raw: g])
    }
    if firstItemStage == Int.max { firstItemStage = 1 }
    let fallback = p[.items] > 0 ? p[.items] : firstItemStage
    func stage(_ group: Group) -> Int { p[group] > 0 ? p[group] : fallback }
    for s in new.indices {
      insertStage[s] = receivesMoves[s] ? p[.receivingInserts] : stage(.receivingInserts)
      moveStage[s] = isTouched(s) ? p[.touchedMoves] : stage(.touchedMoves)
    }
    for o in old.indices { deleteStage[o] = givesMoves[o] ? p[.givingDeletes] : stage(.givingDeletes) }
    for f in fate.indices {
      switch fate[f] {
      case .stays: break
      case .inserted:
        let s = newSectionOfFlat[f]
        placeStage[f] = oldSectionOfNew[s] >= 0 ? p[.items] : insertStage[s]
      case .moves: placeStage[f] = p[moveGroup(f)]
      }
    }
    return Schedule(
      count: p.count, deleteItemStage: p[.items], movingReloadStage: p[.movingReloads],
      stillReloadStage: p[.stillReloads])
  }

  /// The stage that reloads a new item, or 0 when it does not reload.
  @inlinable func reloadStage(_ f: Int, _ plan: Schedule) -> Int {
    reloads[f] ? (fate[f] == .moves ? plan.movingReloadStage : plan.stillReloadStage) : 0
  }
}
