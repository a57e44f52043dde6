/// The analysis behind ``StagedChangeset``: which sections and items survive,
/// which move, which change content. Stage planning and emission live in
/// `SectionedDiffer+Stages.swift`.
@usableFromInline
struct SectionedDiffer<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: ~Copyable {
  @usableFromInline typealias Section = Snapshot<SectionID, ItemID>.Section

  /// What happens to an item of the new data.
  @usableFromInline enum ItemFate: UInt8 {
    case inserted, stays, moves
  }

  @usableFromInline let old: [Section]
  @usableFromInline let new: [Section]

  // Every table below lives in one allocation, freed with the differ: at the sizes screens
  // diff most (a few hundred items), an array each cost more than the work on them. The
  // tables are written through their buffers, by non-mutating methods too.

  /// The new index of each old section, or -1 when it is deleted.
  @usableFromInline let newSectionOfOld: UnsafeMutableBufferPointer<Int>
  /// The old index of each new section, or -1 when it is inserted.
  @usableFromInline let oldSectionOfNew: UnsafeMutableBufferPointer<Int>
  /// Flat numbering of items: section by section, in order (one more entry than sections: the total).
  @usableFromInline let oldStart: UnsafeMutableBufferPointer<Int>
  @usableFromInline let newStart: UnsafeMutableBufferPointer<Int>
  @usableFromInline let oldSectionOfFlat: UnsafeMutableBufferPointer<Int>
  @usableFromInline let newSectionOfFlat: UnsafeMutableBufferPointer<Int>
  /// The new flat index of each old item, or -1 when it is deleted.
  @usableFromInline let newOfOld: UnsafeMutableBufferPointer<Int>
  /// The old flat index of each new item, or -1 when it is inserted.
  @usableFromInline let oldOfNew: UnsafeMutableBufferPointer<Int>
  /// The schedule's stages (see ``Schedule``): by new section, when an inserted section appears
  /// and when a section that moves does; by old section, when a deleted one goes; by new item,
  /// when it is put in place (written by ``schedule()`` for items that do not stay, and read only for those).
  @usableFromInline let insertStage: UnsafeMutableBufferPointer<Int>
  @usableFromInline let moveStage: UnsafeMutableBufferPointer<Int>
  @usableFromInline let deleteStage: UnsafeMutableBufferPointer<Int>
  @usableFromInline let placeStage: UnsafeMutableBufferPointer<Int>
  /// By section reference (see ``sectionRef(_:)``), the first and the last stage that removes
  /// an item from it or places one in it (`Int.max` and 0 when none); written by `changeStages`.
  @usableFromInline let firstChange: UnsafeMutableBufferPointer<Int>
  @usableFromInline let lastChange: UnsafeMutableBufferPointer<Int>
  @usableFromInline let fate: UnsafeMutableBufferPointer<ItemFate>
  /// Whether each new item's content changed (surviving items only).
  @usableFromInline let reloads: UnsafeMutableBufferPointer<Bool>
  /// Whether each new section that survives moves (is outside the longest increasing subsequence).
  @usableFromInline let sectionMoves: UnsafeMutableBufferPointer<Bool>
  /// Whether each new section that survives changed content (it is reloaded).
  @usableFromInline let sectionReloads: UnsafeMutableBufferPointer<Bool>

  // Facts for stage planning, by new section index (surviving or inserted) or old section index.
  /// New sections with item deletes, inserts or moves in or out.
  @usableFromInline let itemsTouched: UnsafeMutableBufferPointer<Bool>
  /// New sections with a reload of an item that does not move.
  @usableFromInline let stillReloadTouched: UnsafeMutableBufferPointer<Bool>
  /// New sections holding, before or after, an item that moves and reloads.
  @usableFromInline let movingReloadTouched: UnsafeMutableBufferPointer<Bool>
  /// Inserted new sections that receive moved items.
  @usableFromInline let receivesMoves: UnsafeMutableBufferPointer<Bool>
  /// Deleted old sections that give up moved items.
  @usableFromInline let givesMoves: UnsafeMutableBufferPointer<Bool>
  @usableFromInline let storage: UnsafeMutableRawPointer
  @usableFromInline var hasItemChanges = false
  /// The items that move, and those on both sides (moving or not).
  @usableFromInline var movedItems = 0
  @usableFromInline var pairedItems = 0
  /// Whether an item is inserted or deleted, and whether an item's content changed.
  @usableFromInline var hasInsertsOrDeletes = false
  @usableFromInline var hasReloads = false
  @usableFromInline var hasMovingReloads = false
  @usableFromInline var hasStillReloads = false
  @usableFromInline var hasSectionReloads = false
  /// Whether item updates are written as reconfigures rather than reloads.
  @usableFromInline var reconfiguresItems = false
  /// Whether an item that moves and changes is updated after every move (the placement of
  /// "same identity, new content"); otherwise in any stage but its move's (the placement
  /// ``StagedChangeset/init(from:to:contentChanged:)`` has always had, which goldens keep).
  @usableFromInline var updatesAfterMoves = false

  @inlinable init(old: [Section], new: [Section], contentChanged: (ItemID) -> Bool) throws(SectionedDiffError) {
    try self.init(old: old, new: new, contentChanged: contentChanged, hashWidth: Int.self)
  }

  /// Diffs with section content too (`sectionContentChanged` is asked about each section present
  /// on both sides), in the placement of content updates.
  /// Both questions also get the positions of what they ask about: an item's path in the old
  /// and in the new data, a section's old and new index. Items are asked `contentChangedAt`,
  /// by their paths only, when `asksByPosition`, else `contentChanged`.
  @inlinable init(
    old: [Section], new: [Section], contentChanged: (ItemID, ItemPath, ItemPath) -> Bool,
    contentChangedAt: (ItemPath, ItemPath) -> Bool, asksByPosition: Bool,
    sectionContentChanged: (SectionID, Int, Int) -> Bool, reconfiguresItems: Bool
  ) throws(SectionedDiffError) {
    try self.init(old: old, new: new, matching: Int.self)
    askContent(contentChanged, contentChangedAt, asksByPosition)
    classifyItems { _ in false }
    for s in new.indices where oldSectionOfNew[s] >= 0 && sectionContentChanged(new[s].id, oldSectionOfNew[s], s) {
      sectionReloads[s] = true
      hasSectionReloads = true
    }
    self.reconfiguresItems = reconfiguresItems
    updatesAfterMoves = true
  }

  /// Diffs with identifier hashes cut to the width of `Hash` (`Int` everywhere but in tests,
  /// which pass `Int32` to run a 32-bit platform's hashing here). The section moves are chosen
  /// by ``stages()``, once the section reloads are known.
  @inlinable init<Hash: FixedWidthInteger & SignedInteger>(
    old: [Section], new: [Section], contentChanged: (ItemID) -> Bool, hashWidth: Hash.Type
  ) throws(SectionedDiffError) {
    try self.init(old: old, new: new, matching: hashWidth)
    classifyItems(contentChanged)
  }

  /// Pairs the sections and the items, before any content is asked and before the items are
  /// classified (the two initializers above ask content in their own way, and a diff without
  /// content keeps its `{ _ in false }` specialized down to ``classifyItems(_:)``).
  @inlinable init<Hash: FixedWidthInteger & SignedInteger>(
    old: [Section], new: [Section], matching hashWidth: Hash.Type
  ) throws(SectionedDiffError) {
    self.old = old
    self.new = new
    var oldCount = 0
    for section in old { oldCount += section.items.count }
    var newCount = 0
    for section in new { newCount += section.items.count }
    let (o, n) = (old.count, new.count)
    // The Int tables first, then the one-byte ones.
    let intCount = 5 * o + 6 * n + 2 + 2 * oldCount + 3 * newCount
    let byteCount = 2 * newCount + 6 * n + o
    storage = .allocate(
      byteCount: intCount * MemoryLayout<Int>.stride + byteCount, alignment: MemoryLayout<Int>.alignment)
    var nextInt = storage.bindMemory(to: Int.self, capacity: intCount)
    func ints(_ count: Int, _ value: Int) -> UnsafeMutableBufferPointer<Int> {
      let buffer = UnsafeMutableBufferPointer(start: nextInt, count: count)
      buffer.initialize(repeating: value)
      nextInt += count
      return buffer
    }
    // Tables that `number(_:start:sectionOfFlat:)` writes in full before anything reads them (and
    // `placeStage`, read only where `schedule()` wrote it).
    func numbering(_ count: Int) -> UnsafeMutableBufferPointer<Int> {
      let buffer = UnsafeMutableBufferPointer(start: nextInt, count: count)
      nextInt += count
      return buffer
    }
    newSectionOfOld = ints(o, -1)
    oldSectionOfNew = ints(n, -1)
    oldStart = numbering(o + 1)
    newStart = numbering(n + 1)
    oldSectionOfFlat = numbering(oldCount)
    newSectionOfFlat = numbering(newCount)
    newOfOld = ints(oldCount, -1)
    oldOfNew = ints(newCount, -1)
    insertStage = ints(n, 0)
    moveStage = ints(n, 0)
    deleteStage = ints(o, 0)
    placeStage = numbering(newCount)
    firstChange = ints(o + n, .max)
    lastChange = ints(o + n, 0)
    let byteStart = storage + intCount * MemoryLayout<Int>.stride
    fate = UnsafeMutableBufferPointer(
      start: byteStart.bindMemory(to: ItemFate.self, capacity: newCount), count: newCount)
    fate.initialize(repeating: .inserted)
    var nextBool = (byteStart + newCount).bindMemory(to: Bool.self, capacity: byteCount - newCount)
    func flags(_ count: Int) -> UnsafeMutableBufferPointer<Bool> {
      let buffer = UnsafeMutableBufferPointer(start: nextBool, count: count)
      buffer.initialize(repeating: false)
      nextBool += count
      return buffer
    }
    reloads = flags(newCount)
    sectionMoves = flags(n)
    sectionReloads = flags(n)
    itemsTouched = flags(n)
    stillReloadTouched = flags(n)
    movingReloadTouched = flags(n)
    receivesMoves = flags(n)
    givesMoves = flags(o)
    assert(
      UnsafeMutableRawPointer(nextInt) == byteStart && UnsafeMutableRawPointer(nextBool) == byteStart + byteCount,
      "the tables fill their storage exactly")
    // Fully initialized: from here on, a throw frees the storage (through `deinit`).
    try pairSections(hashWidth)
    Self.number(old, start: oldStart, sectionOfFlat: oldSectionOfFlat)
    Self.number(new, start: newStart, sectionOfFlat: newSectionOfFlat)
    try matchItems(hashWidth)
  }

  @inlinable deinit { storage.deallocate() }

  /// Pairs the sections through an identifier table: old ones first (finding their
  /// duplicates), then each new one is looked up once. A new section that repeats an
  /// earlier new-only one is reported after every pairing (as a repeat of an old one is first).
  @inlinable func pairSections<Hash: FixedWidthInteger & SignedInteger>(
    _ hashWidth: Hash.Type
  ) throws(SectionedDiffError) {
    var table = IdentifierTable(expectedCount: old.count + new.count)
    for (s, section) in old.enumerated() {
      let hash = table.tag(of: section.id, Hash.self)
      var bucket = table.firstBucket(hash)
      while let ref = table.ref(at: bucket) {
        if table.tag(at: bucket) == hash && old[ref].id == section.id {
          throw .duplicateSection(section.id, inNew: false)
        }
        bucket = table.next(bucket)
      }
      table.insert(s, tag: hash, at: bucket)
    }
    var repeatedNew: SectionID?
    for (s, section) in new.enumerated() {
      let hash = table.tag(of: section.id, Hash.self)
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
  }

  /// Numbers the items of `sections` in one flat sequence: where each section starts, and the section of each item.
  @inlinable static func number(
    _ sections: [Section], start: UnsafeMutableBufferPointer<Int>, sectionOfFlat: UnsafeMutableBufferPointer<Int>
  ) {
    var total = 0
    for (s, section) in sections.enumerated() {
      start[s] = total
      let end = total + section.items.count
      while total < end {
        sectionOfFlat[total] = s
        total += 1
      }
    }
    start[sections.count] = total
  }

  /// Marks the surviving items whose content changed, asked with each one's identifier, old path
  /// and new path (`contentChanged`), or its paths only (`contentChangedAt`, when `byPosition`:
  /// no closure in between), before ``classifyItems(_:)``, which weighs them.
  @inlinable mutating func askContent(
    _ contentChanged: (ItemID, ItemPath, ItemPath) -> Bool, _ contentChangedAt: (ItemPath, ItemPath) -> Bool,
    _ byPosition: Bool
  ) {
    for s in new.indices {
      let items = new[s].items
      let start = newStart[s]
      for f in start..<newStart[s + 1] {
        let o = oldOfNew[f]
        guard o >= 0 else { continue }
        let from = oldSectionOfFlat[o]
        let (before, after) = (ItemPath(item: o - oldStart[from], section: from), ItemPath(item: f - start, section: s))
        if byPosition ? contentChangedAt(before, after) : contentChanged(items[f - start], before, after) {
          reloads[f] = true
          hasReloads = true
        }
      }
    }
  }

  /// Decides which items stay (a longest increasing subsequence per surviving
  /// section), which move, and which reload, and records what each section sees.
  @inlinable mutating func classifyItems(_ contentChanged: (ItemID) -> Bool) {
    var paired = 0
    for s in new.indices {
      let os = oldSectionOfNew[s]
      let items = new[s].items
      // The items that stay in this section are marked as staying while their old indices
      // increase (the common case); only a section where they do not takes a subsequence.
      var last = -1
      var inOrder = true
      for f in newStart[s]..<newStart[s + 1] {
        let o = oldOfNew[f]
        if o < 0 {
          if os >= 0 {
            itemsTouched[s] = true
            hasItemChanges = true
          }
          continue
        }
        paired += 1
        let from = oldSectionOfFlat[o]
        if from == os {
          fate[f] = .stays
          if o <= last { inOrder = false }
          last = o
        } else {
          fate[f] = .moves
          hasItemChanges = true
          movedItems += 1
          itemsTouched[s] = true
          if os < 0 { receivesMoves[s] = true }
          let fromNew = newSectionOfOld[from]
          if fromNew >= 0 { itemsTouched[fromNew] = true } else { givesMoves[from] = true }
        }
        if contentChanged(items[f - newStart[s]]) {
          reloads[f] = true
          hasReloads = true
        }
      }
      if !inOrder {
        // The new indices of the items that stay in the section, written in place.
        var anyReloading = false
        let sameSectionFlat = [Int](unsafeUninitializedCapacity: newStart[s + 1] - newStart[s]) { buffer, count in
          for f in newStart[s]..<newStart[s + 1] where fate[f] == .stays {
            buffer[count] = f
            count += 1
            if reloads[f] { anyReloading = true }
          }
        }
        let base = oldStart[os]
        let sameSection = sameSectionFlat.map { oldOfNew[$0] - base }  // old item indices, in new order
        // Among the longest subsequences, prefer one that keeps the items whose content
        // changed in place: a reload of an item that also moves needs a stage of its own.
        let keep =
          anyReloading
          ? heaviestLongestIncreasingSubsequence(
            sameSection, weights: sameSectionFlat.map { reloads[$0] ? 1 : 0 }, bound: old[os].items.count)
          : longestIncreasingSubsequence(sameSection)
        var moved = 0
        for (k, f) in sameSectionFlat.enumerated() {
          fate[f] = keep[k] ? .stays : .moves
          if !keep[k] { moved += 1 }
        }
        if moved > 0 {
          itemsTouched[s] = true
          hasItemChanges = true
          movedItems += moved
        }
      }
    }
    pairedItems = paired
    hasInsertsOrDeletes = paired < oldSectionOfFlat.count || paired < fate.count
    for o in old.indices where paired < oldSectionOfFlat.count && newSectionOfOld[o] >= 0 {
      for f in oldStart[o]..<oldStart[o + 1] where newOfOld[f] < 0 {
        itemsTouched[newSectionOfOld[o]] = true
        hasItemChanges = true
      }
    }
    guard hasReloads else { return }
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
}
