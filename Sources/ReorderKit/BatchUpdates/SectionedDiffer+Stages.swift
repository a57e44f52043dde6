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
/// - `movingReloads`: reloads of items that move (after every move, in a stage of reloads only);
/// - `stillReloads`: reloads of items that stay (not with a move of their section);
/// - `reloadsInReloaded`: reloads of items in a section that is itself reloaded (not with it);
/// - `sectionReloads`: reloads of sections that stay (always the first stage);
/// - `movingSectionReloads`: reloads of sections that move (the last stage, after every change).
/// The other section operations are free and join a stage that exists anyway.
/// The planner tries one, two, then more stages and takes the first
/// assignment that satisfies every rule, so no more stages are made than the
/// rules force (three always suffice without content changes: inserts, items,
/// deletes; updates of moving items or sections add a last one). Emission is in
/// `SectionedDiffer+Emission.swift`.
extension SectionedDiffer {
  @usableFromInline enum Group: Int, CaseIterable {
    case receivingInserts, movesOut, movesIn, movesThrough, items, givingDeletes, touchedMoves, movingReloads,
      stillReloads, reloadsInReloaded, sectionReloads, movingSectionReloads

    /// The number of groups (`allCases.count` without building the array).
    @inlinable static var count: Int { Group.movingSectionReloads.rawValue + 1 }
  }

  @usableFromInline struct Plan {
    @usableFromInline var count: Int
    /// The stage of each group, four bits per group; 0: the group is empty.
    @usableFromInline var stages: UInt64 = 0
    @inlinable init(count: Int) { self.count = count }
    @inlinable subscript(_ group: Group) -> Int {
      get { self[raw: group.rawValue] }
      set { self[raw: group.rawValue] = newValue }
    }
    @inlinable subscript(raw group: Int) -> Int {
      get { Int(truncatingIfNeeded: (stages >> UInt64(4 * group)) & 0xF) }
      set { stages = stages & ~(0xF << UInt64(4 * group)) | UInt64(truncatingIfNeeded: newValue) << UInt64(4 * group) }
    }
  }

  @inlinable func isTouched(_ s: Int) -> Bool { itemsTouched[s] || stillReloadTouched[s] || movingReloadTouched[s] }

  /// Whether a section is inserted, deleted or moved (once the section moves are chosen).
  @inlinable var sectionsChange: Bool {
    oldSectionOfNew.contains(-1) || newSectionOfOld.contains(-1) || sectionMoves.contains(true)
  }

  /// The group of a new item that moves.
  @inlinable func moveGroup(_ f: Int) -> Group {
    let fromDeleted = newSectionOfOld[oldSectionOfFlat[oldOfNew[f]]] < 0
    let toInserted = oldSectionOfNew[newSectionOfFlat[f]] < 0
    return fromDeleted ? (toInserted ? .movesThrough : .movesOut) : (toInserted ? .movesIn : .items)
  }

  /// Whether a new item that survives is in a reloaded section, before or after.
  @inlinable func inReloadedSection(_ f: Int) -> Bool {
    guard hasSectionReloads else { return false }
    if sectionReloads[newSectionOfFlat[f]] { return true }
    let from = newSectionOfOld[oldSectionOfFlat[oldOfNew[f]]]
    return from >= 0 && sectionReloads[from]
  }

  @inlinable func plan() -> Plan {
    // Sets of groups, one bit per group.
    func bit(_ group: Group) -> UInt16 { 1 << UInt16(group.rawValue) }
    var present: UInt16 = 0
    var touchesMoving: UInt16 = 0  // item groups that change a moving section
    var touchesReloaded: UInt16 = 0  // item groups that change a section reloaded in place
    var reloadsAgainst: UInt16 = 0  // item groups holding moves of reloaded items
    func moving(_ s: Int) -> Bool { s >= 0 && sectionMoves[s] }
    func stillReloaded(_ s: Int) -> Bool { s >= 0 && sectionReloads[s] && !sectionMoves[s] }
    let hasSectionChanges = sectionsChange
    if !hasSectionChanges && !hasSectionReloads {
      // Every item move is in `.items` and touches no section that moves or is reloaded.
      if movedItems > 0 { present |= bit(.items) }
      if hasMovingReloads { reloadsAgainst |= bit(.items) }
    } else {
      for f in fate.indices where fate[f] == .moves {
        let g = bit(moveGroup(f))
        present |= g
        let from = newSectionOfOld[oldSectionOfFlat[oldOfNew[f]]]
        if moving(from) || moving(newSectionOfFlat[f]) { touchesMoving |= g }
        if hasSectionReloads && (stillReloaded(from) || stillReloaded(newSectionOfFlat[f])) { touchesReloaded |= g }
        if reloads[f] { reloadsAgainst |= g }
      }
    }
    // Deletes and inserts in surviving sections.
    for s in new.indices where hasInsertsOrDeletes && oldSectionOfNew[s] >= 0 && itemsTouched[s] {
      let o = oldSectionOfNew[s]
      let changes =
        (newStart[s]..<newStart[s + 1]).contains { fate[$0] == .inserted }
        || (oldStart[o]..<oldStart[o + 1]).contains { newOfOld[$0] < 0 }
      if changes {
        present |= bit(.items)
        if sectionMoves[s] { touchesMoving |= bit(.items) }
        if stillReloaded(s) { touchesReloaded |= bit(.items) }
      }
    }
    var touchedMoving = false
    var movingReloadsInMoving = false
    var stillReloadsInMoving = false
    for s in new.indices where sectionMoves[s] {
      if isTouched(s) { touchedMoving = true }
      if movingReloadTouched[s] { movingReloadsInMoving = true }
      if stillReloadTouched[s] { stillReloadsInMoving = true }
    }
    // Reloads of items in reloaded sections form a group of their own: what it must avoid.
    var inStillReloaded = false
    var inMovingReloaded = false
    var inMoving = false
    var inReloadedMoves = false
    if hasSectionReloads || updatesAfterMoves {
      movingReloadsInMoving = false
      stillReloadsInMoving = false
      reloadsAgainst = 0
      var movingReloads = false
      var stillReloads = false
      for f in reloads.indices where reloads[f] {
        let s = newSectionOfFlat[f]
        let from = newSectionOfOld[oldSectionOfFlat[oldOfNew[f]]]
        guard inReloadedSection(f) else {
          // An item carried by its moving section moves too, in the placement of content updates.
          if fate[f] == .moves || (updatesAfterMoves && moving(s)) {
            movingReloads = true
            if fate[f] == .moves { reloadsAgainst |= bit(moveGroup(f)) }
            if moving(s) || moving(from) { movingReloadsInMoving = true }
          } else {
            stillReloads = true
            if moving(s) { stillReloadsInMoving = true }
          }
          continue
        }
        present |= bit(.reloadsInReloaded)
        // Its section after and before (no array: this runs once per such item).
        var x = s
        while x >= 0 {
          if sectionReloads[x] {
            if sectionMoves[x] { inMovingReloaded = true } else { inStillReloaded = true }
          }
          if sectionMoves[x] { inMoving = true }
          x = x == s && from != s ? from : -1
        }
        if fate[f] == .moves || moving(s) { inReloadedMoves = true }
      }
      if movingReloads { present |= bit(.movingReloads) }
      if stillReloads { present |= bit(.stillReloads) }
      for s in new.indices where sectionReloads[s] {
        present |= bit(sectionMoves[s] ? .movingSectionReloads : .sectionReloads)
      }
    } else {
      if hasMovingReloads { present |= bit(.movingReloads) }
      if hasStillReloads { present |= bit(.stillReloads) }
    }
    if receivesMoves.contains(true) { present |= bit(.receivingInserts) }
    if givesMoves.contains(true) { present |= bit(.givingDeletes) }
    if touchedMoving { present |= bit(.touchedMoves) }

    /// Whether every structural group (inserts, deletes, moves) comes before `stage`.
    func structureBefore(_ p: Plan, _ stage: Int) -> Bool {
      for g in Group.receivingInserts.rawValue...Group.touchedMoves.rawValue where p[raw: g] >= stage {
        return false
      }
      return true
    }
    /// Whether the structural groups (inserts, deletes, moves) and the fixed section reloads keep the rules.
    func structureSatisfied(_ p: Plan) -> Bool {
      let (ins, del, moves) = (p[.receivingInserts], p[.givingDeletes], p[.touchedMoves])
      let (out, into, through) = (p[.movesOut], p[.movesIn], p[.movesThrough])
      if (out > 0 && out >= del) || (through > 0 && through >= del) { return false }
      if (into > 0 && into <= ins) || (through > 0 && through <= ins) { return false }
      for g in Group.movesOut.rawValue...Group.items.rawValue where p[raw: g] > 0 {
        if touchesMoving & (1 << UInt16(g)) != 0 && p[raw: g] == moves { return false }
      }
      guard hasSectionReloads else { return true }
      // Reloaded sections see no other change; one that moves is reloaded after every change.
      let (sr, msr) = (p[.sectionReloads], p[.movingSectionReloads])
      if msr > 0 && (p.count < 2 || !structureBefore(p, msr)) { return false }
      for g in Group.movesOut.rawValue...Group.items.rawValue where p[raw: g] > 0 {
        if touchesReloaded & (1 << UInt16(g)) != 0 && p[raw: g] == sr { return false }
      }
      return true
    }
    /// Whether a group of item reloads keeps the rules, given the other groups' stages. The
    /// reload groups constrain only the structural and fixed groups, not each other.
    func reloadSatisfied(_ p: Plan, _ group: Group) -> Bool {
      let (moves, stage) = (p[.touchedMoves], p[group])
      switch group {
      case .movingReloads:
        for g in Group.movesOut.rawValue...Group.items.rawValue where p[raw: g] > 0 {
          if reloadsAgainst & (1 << UInt16(g)) != 0 && p[raw: g] == stage { return false }
        }
        if movingReloadsInMoving && stage == moves { return false }
        // Content updates of moving things come after every move.
        return !updatesAfterMoves || structureBefore(p, stage)
      case .stillReloads:
        return !(stillReloadsInMoving && stage == moves)
      default:
        if (inStillReloaded && stage == p[.sectionReloads]) || (inMovingReloaded && stage == p[.movingSectionReloads]) {
          return false
        }
        if inMoving && stage == moves { return false }
        return !inReloadedMoves || structureBefore(p, stage)
      }
    }
    guard present != 0 else { return Plan(count: hasSectionChanges ? 1 : 0) }
    // Section reloads have fixed stages: the first for those in place, the last for those that
    // move. The reload groups take, once the structural groups are placed, their earliest stage
    // that keeps the rules: the first assignment, in the order of an odometer over every group
    // (the last turning fastest), that keeps every rule.
    let structural = present & (bit(.movingReloads) - 1)
    // The reload groups present, as a set (no array: this runs for every diff).
    let reloadGroups = present & (bit(.movingReloads) | bit(.stillReloads) | bit(.reloadsInReloaded))
    for count in 1...6 {
      var p = Plan(count: count)
      for g in 0..<Group.count where present & (1 << UInt16(g)) != 0 { p[raw: g] = 1 }
      if present & bit(.movingSectionReloads) != 0 { p[.movingSectionReloads] = count }
      while true {
        if structureSatisfied(p) {
          var placed = true
          for g in Group.movingReloads.rawValue...Group.reloadsInReloaded.rawValue
          where reloadGroups & (1 << UInt16(g)) != 0 {
            let group = Group(rawValue: g)!
            p[group] = 1
            while !reloadSatisfied(p, group) && p[group] < count { p[group] += 1 }
            if !reloadSatisfied(p, group) {
              placed = false
              break
            }
          }
          if placed { return p }
        }
        var advanced = false
        for g in (0..<Group.count).reversed() where structural & (1 << UInt16(g)) != 0 {
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
    /// The stage of reloads of items in reloaded sections.
    @usableFromInline var reloadInReloadedStage = 0
    /// The stage of reloads of sections that stay in place, and of those that move.
    @usableFromInline var sectionReloadStage = 0
    @usableFromInline var movingSectionReloadStage = 0

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
    // Without sections inserted, deleted or moved, every item moves in `.items`.
    let (movesInItems, itemStage) = (!sectionsChange, p[.items])
    for f in fate.indices {
      switch fate[f] {
      case .stays: break
      case .inserted:
        let s = newSectionOfFlat[f]
        placeStage[f] = oldSectionOfNew[s] >= 0 ? p[.items] : insertStage[s]
      case .moves: placeStage[f] = movesInItems ? itemStage : p[moveGroup(f)]
      }
    }
    var schedule = Schedule(
      count: p.count, deleteItemStage: p[.items], movingReloadStage: p[.movingReloads],
      stillReloadStage: p[.stillReloads])
    schedule.reloadInReloadedStage = p[.reloadsInReloaded]
    schedule.sectionReloadStage = p[.sectionReloads]
    schedule.movingSectionReloadStage = p[.movingSectionReloads]
    return schedule
  }

  /// The stage that reloads a new item, or 0 when it does not reload.
  @inlinable func reloadStage(_ f: Int, _ plan: Schedule) -> Int {
    guard reloads[f] else { return 0 }
    if inReloadedSection(f) { return plan.reloadInReloadedStage }
    let moves = fate[f] == .moves || (updatesAfterMoves && sectionMoves[newSectionOfFlat[f]])
    return moves ? plan.movingReloadStage : plan.stillReloadStage
  }

  /// Picks the sections that move: those outside a longest increasing
  /// subsequence of the surviving sections, preferring to keep in place the
  /// sections whose items change (so that fewer stages are needed).
  @inlinable func chooseSectionMoves() {
    var last = -1
    var inOrder = true
    for o in old.indices where newSectionOfOld[o] >= 0 {
      if newSectionOfOld[o] < last { inOrder = false }
      last = newSectionOfOld[o]
    }
    guard !inOrder else { return }  // no section moves
    var order: [Int] = []  // new indices of surviving sections, in old order
    order.reserveCapacity(old.count)
    var weights: [Int] = []
    weights.reserveCapacity(old.count)
    for o in old.indices where newSectionOfOld[o] >= 0 {
      let s = newSectionOfOld[o]
      order.append(s)
      weights.append(itemsTouched[s] || stillReloadTouched[s] || movingReloadTouched[s] || sectionReloads[s] ? 1 : 0)
    }
    let keep = heaviestLongestIncreasingSubsequence(order, weights: weights, bound: new.count)
    for (k, s) in order.enumerated() where !keep[k] { sectionMoves[s] = true }
  }
}
