/// The analysis behind ``StagedChangeset``: which sections and items survive,
/// which move, which change content. Stage planning and emission live in
/// `SectionedDiffer+Stages.swift`.
@usableFromInline
struct SectionedDiffer<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
  @usableFromInline typealias Section = Snapshot<SectionID, ItemID>.Section

  /// What happens to an item of the new data.
  @usableFromInline enum ItemFate: UInt8 {
    case inserted, stays, moves
  }

  @usableFromInline let old: [Section]
  @usableFromInline let new: [Section]
  /// The new index of each old section, or -1 when it is deleted.
  @usableFromInline var newSectionOfOld: [Int]
  /// The old index of each new section, or -1 when it is inserted.
  @usableFromInline var oldSectionOfNew: [Int]
  /// Whether each new section that survives moves (is outside the longest increasing subsequence).
  @usableFromInline var sectionMoves: [Bool] = []

  /// Flat numbering of items: section by section, in order.
  @usableFromInline var oldStart: [Int] = []
  @usableFromInline var newStart: [Int] = []
  @usableFromInline var oldSectionOfFlat: [Int] = []
  @usableFromInline var newSectionOfFlat: [Int] = []
  /// The new flat index of each old item, or -1 when it is deleted.
  @usableFromInline var newOfOld: [Int] = []
  /// The old flat index of each new item, or -1 when it is inserted.
  @usableFromInline var oldOfNew: [Int] = []
  @usableFromInline var fate: [ItemFate] = []
  /// Whether each new item's content changed (surviving items only).
  @usableFromInline var reloads: [Bool] = []

  // Facts for stage planning, by new section index (surviving or inserted) or old section index.
  /// New sections with item deletes, inserts or moves in or out.
  @usableFromInline var itemsTouched: [Bool] = []
  /// New sections with a reload of an item that does not move.
  @usableFromInline var stillReloadTouched: [Bool] = []
  /// New sections holding, before or after, an item that moves and reloads.
  @usableFromInline var movingReloadTouched: [Bool] = []
  /// Inserted new sections that receive moved items.
  @usableFromInline var receivesMoves: [Bool] = []
  /// Deleted old sections that give up moved items.
  @usableFromInline var givesMoves: [Bool] = []
  @usableFromInline var hasItemChanges = false
  @usableFromInline var hasMovingReloads = false
  @usableFromInline var hasStillReloads = false

  @inlinable init(old: [Section], new: [Section], contentChanged: (ItemID) -> Bool) throws(SectionedDiffError) {
    self.old = old
    self.new = new
    // Sections are paired through an identifier table: old ones first (finding their
    // duplicates), then each new one is looked up once. A new section that repeats an
    // earlier new-only one is reported after every pairing (as a repeat of an old one is first).
    var table = IdentifierTable(expectedCount: old.count + new.count)
    for (s, section) in old.enumerated() {
      let hash = table.tag(of: section.id)
      var bucket = table.firstBucket(hash)
      while let ref = table.ref(at: bucket) {
        if table.tag(at: bucket) == hash && old[ref].id == section.id {
          throw .duplicateSection(section.id, inNew: false)
        }
        bucket = table.next(bucket)
      }
      table.insert(s, tag: hash, at: bucket)
    }
    newSectionOfOld = Array(repeating: -1, count: old.count)
    oldSectionOfNew = Array(repeating: -1, count: new.count)
    var repeatedNew: SectionID?
    for (s, section) in new.enumerated() {
      let hash = table.tag(of: section.id)
      var bucket = table.firstBucket(hash)
      var found = -1
      while let ref = table.ref(at: bucket) {
        if table.tag(at: bucket) == hash {
          if ref < old.count {
            if old[ref].id == section.id {
              found = ref
              break
            }
          } else if new[ref - old.count].id == section.id {
            found = ref
            break
          }
        }
        bucket = table.next(bucket)
      }
      if found < 0 {
        table.insert(old.count + s, tag: hash, at: bucket)
      } else if found >= old.count {
        if repeatedNew == nil { repeatedNew = section.id }
      } else {
        guard newSectionOfOld[found] < 0 else { throw .duplicateSection(section.id, inNew: true) }
        newSectionOfOld[found] = s
        oldSectionOfNew[s] = found
      }
    }
    if let repeatedNew { throw .duplicateSection(repeatedNew, inNew: true) }
    try matchItems()
    classifyItems(contentChanged)
    chooseSectionMoves()
  }

  @inlinable static func number(_ sections: [Section]) -> (start: [Int], sectionOfFlat: [Int]) {
    var start: [Int] = []
    start.reserveCapacity(sections.count + 1)
    var total = 0
    for section in sections {
      start.append(total)
      total += section.items.count
    }
    start.append(total)
    var sectionOfFlat = [Int](repeating: 0, count: total)
    for s in sections.indices where start[s] < start[s + 1] {
      for f in start[s]..<start[s + 1] { sectionOfFlat[f] = s }
    }
    return (start, sectionOfFlat)
  }

  /// Decides which items stay (a longest increasing subsequence per surviving
  /// section), which move, and which reload, and records what each section sees.
  @inlinable mutating func classifyItems(_ contentChanged: (ItemID) -> Bool) {
    fate = Array(repeating: .inserted, count: newSectionOfFlat.count)
    reloads = Array(repeating: false, count: newSectionOfFlat.count)
    itemsTouched = Array(repeating: false, count: new.count)
    stillReloadTouched = itemsTouched
    movingReloadTouched = itemsTouched
    receivesMoves = itemsTouched
    givesMoves = Array(repeating: false, count: old.count)
    var largest = 0
    for s in new.indices { largest = Swift.max(largest, newStart[s + 1] - newStart[s]) }
    var sameSection: [Int] = []  // old item indices, in new order
    sameSection.reserveCapacity(largest)
    var sameSectionFlat: [Int] = []
    sameSectionFlat.reserveCapacity(largest)
    for s in new.indices {
      let os = oldSectionOfNew[s]
      sameSection.removeAll(keepingCapacity: true)
      sameSectionFlat.removeAll(keepingCapacity: true)
      let items = new[s].items
      for f in newStart[s]..<newStart[s + 1] {
        let o = oldOfNew[f]
        if o < 0 {
          if os >= 0 {
            itemsTouched[s] = true
            hasItemChanges = true
          }
          continue
        }
        let from = oldSectionOfFlat[o]
        if from == os {
          sameSection.append(o - oldStart[os])
          sameSectionFlat.append(f)
        } else {
          fate[f] = .moves
          hasItemChanges = true
          itemsTouched[s] = true
          if os < 0 { receivesMoves[s] = true }
          let fromNew = newSectionOfOld[from]
          if fromNew >= 0 { itemsTouched[fromNew] = true } else { givesMoves[from] = true }
        }
        if contentChanged(items[f - newStart[s]]) { reloads[f] = true }
      }
      if isIncreasing(sameSection) {
        // Already in order (the common case): every item stays, and no subsequence is needed.
        for f in sameSectionFlat { fate[f] = .stays }
      } else {
        // Among the longest subsequences, prefer one that keeps the items whose content
        // changed in place: a reload of an item that also moves needs a stage of its own.
        let reloading = sameSectionFlat.map { reloads[$0] ? 1 : 0 }
        let keep =
          reloading.contains(1)
          ? heaviestLongestIncreasingSubsequence(sameSection, weights: reloading, bound: old[os].items.count)
          : longestIncreasingSubsequence(sameSection)
        for (k, f) in sameSectionFlat.enumerated() {
          fate[f] = keep[k] ? .stays : .moves
          if !keep[k] {
            itemsTouched[s] = true
            hasItemChanges = true
          }
        }
      }
    }
    for (o, section) in old.enumerated() where newSectionOfOld[o] >= 0 {
      for f in oldStart[o]..<oldStart[o] + section.items.count where newOfOld[f] < 0 {
        itemsTouched[newSectionOfOld[o]] = true
        hasItemChanges = true
      }
    }
    for f in reloads.indices where reloads[f] {
      let s = newSectionOfFlat[f]
      if fate[f] == .stays {
        stillReloadTouched[s] = true
        hasStillReloads = true
      } else {
        hasMovingReloads = true
        movingReloadTouched[s] = true
        let fromNew = newSectionOfOld[oldSectionOfFlat[oldOfNew[f]]]
        if fromNew >= 0 { movingReloadTouched[fromNew] = true }
      }
    }
  }

  /// Whether the values increase strictly (true when empty).
  @inlinable func isIncreasing(_ values: [Int]) -> Bool {
    var last = Int.min
    for v in values {
      guard v > last else { return false }
      last = v
    }
    return true
  }

  /// Picks the sections that move: those outside a longest increasing
  /// subsequence of the surviving sections, preferring to keep in place the
  /// sections whose items change (so that fewer stages are needed).
  @inlinable mutating func chooseSectionMoves() {
    var order: [Int] = []  // new indices of surviving sections, in old order
    order.reserveCapacity(old.count)
    var weights: [Int] = []
    weights.reserveCapacity(old.count)
    for o in old.indices where newSectionOfOld[o] >= 0 {
      let s = newSectionOfOld[o]
      order.append(s)
      weights.append(itemsTouched[s] || stillReloadTouched[s] || movingReloadTouched[s] ? 1 : 0)
    }
    let keep = heaviestLongestIncreasingSubsequence(order, weights: weights, bound: new.count)
    sectionMoves = Array(repeating: false, count: new.count)
    for (k, s) in order.enumerated() where !keep[k] { sectionMoves[s] = true }
  }
}
