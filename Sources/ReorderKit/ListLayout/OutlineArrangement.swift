/// One visible row of an outline list.
public struct OutlineRow<ItemID: Hashable & Sendable>: Hashable, Sendable {
  /// The item shown.
  public var id: ItemID
  /// The group that holds it, or `nil` at the top level.
  public var parent: ItemID?
  /// Its index among its siblings, counted without the dragged items.
  public var index: Int
  /// Whether the item is a group.
  public var isGroup: Bool
  /// Whether a group shows its children.
  public var isExpanded: Bool

  @usableFromInline init(id: ItemID, parent: ItemID?, index: Int, isGroup: Bool, isExpanded: Bool) {
    self.id = id
    self.parent = parent
    self.index = index
    self.isGroup = isGroup
    self.isExpanded = isExpanded
  }
  /// 0 for top-level rows, 1 for children.
  @inlinable public var depth: Int { parent == nil ? 0 : 1 }
}

/// The rows of an outline list during a drag: the rows of the snapshot
/// without the dragged items (the base), with the dragged rows (the block)
/// inserted at the placeholder.
///
/// Slots map to rows by arithmetic, so moving the placeholder never copies
/// rows: a drag over 100,000 rows costs what a drag over 100 does. Building
/// the base is O(n), once per drag and once per expand or collapse.
@usableFromInline struct OutlineArrangement<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  @usableFromInline enum Slot: Hashable, Sendable {
    case row(OutlineRow<ItemID>)
    /// The i-th row of the dragged block.
    case block(Int)
  }

  /// Per section: the visible rows without the dragged items.
  @usableFromInline var base: [[OutlineRow<ItemID>]] = []
  /// Per section: the base row of each top-level item.
  @usableFromInline var topRows: [[Int]] = []
  /// The base row (section, row) of each visible group.
  @usableFromInline var groupRows: [ItemID: (section: Int, row: Int)] = [:]
  /// The dragged rows, in order.
  @usableFromInline var block: [OutlineRow<ItemID>] = []
  /// Where the block is: section and base row index it is inserted before.
  @usableFromInline var insertion: (section: Int, row: Int) = (0, 0)
  /// The placeholder position (counted without the dragged items).
  @usableFromInline var placeholder: OutlinePosition<ItemID>?

  /// Builds the rows of a snapshot with the given top-level or child items left out (they and
  /// their children become the block, in the order given).
  @inlinable init(_ snapshot: Snapshot<SectionID, ItemID>, dragging dragged: [ItemID] = []) {
    let draggedSet = Set(dragged)
    // A lift carries one item or a few: comparing with them costs less than hashing every
    // identifier of a long list (a 200,000-row lift 7.5 → 2 ms with String identifiers); with no
    // group anywhere no row asks whether it is one.
    let few = dragged.count <= 8
    let hasGroups = !snapshot.childrenByGroup.isEmpty
    base.reserveCapacity(snapshot.numberOfSections)
    for s in 0..<snapshot.numberOfSections {
      let items = snapshot.items(inSection: s)
      var rows: [OutlineRow<ItemID>] = []
      var tops: [Int] = []
      rows.reserveCapacity(items.count)
      tops.reserveCapacity(items.count)
      for id in items where !(few ? dragged.contains(id) : draggedSet.contains(id)) {
        let isGroup = hasGroups && snapshot.isGroup(id)
        let expanded = isGroup && snapshot.isExpanded(id)
        tops.append(rows.count)
        if isGroup { groupRows[id] = (s, rows.count) }
        rows.append(OutlineRow(id: id, parent: nil, index: tops.count - 1, isGroup: isGroup, isExpanded: expanded))
        if expanded {
          var i = 0
          for child in snapshot.children(of: id) where !draggedSet.contains(child) {
            rows.append(OutlineRow(id: child, parent: id, index: i, isGroup: false, isExpanded: false))
            i += 1
          }
        }
      }
      base.append(rows)
      topRows.append(tops)
    }
    for id in dragged {
      guard let position = snapshot.position(of: id) else { continue }
      let isGroup = snapshot.isGroup(id)
      let expanded = isGroup && snapshot.isExpanded(id)
      block.append(
        OutlineRow(id: id, parent: position.parent, index: position.index, isGroup: isGroup, isExpanded: expanded))
      if expanded {
        for (i, child) in snapshot.children(of: id).enumerated() {
          block.append(OutlineRow(id: child, parent: id, index: i, isGroup: false, isExpanded: false))
        }
      }
    }
    // The first dragged item's place, counted without the dragged items before it.
    if let first = dragged.first, let position = snapshot.position(of: first, skipping: draggedSet) {
      movePlaceholder(to: position)
    }
  }

  /// The rows of a snapshot that holds `dragged` where `resting` shows the same snapshot without
  /// them (the items just came in from another view): the base rows are `resting`'s (shared, not
  /// copied), the block is built from the dragged items, and the placeholder stands at `position`.
  /// Equal to `OutlineArrangement(snapshot, dragging: dragged)` with the placeholder moved to
  /// `position`, in O(k) for k dragged rows instead of O(n).
  @inlinable init(
    resting: OutlineArrangement, _ snapshot: Snapshot<SectionID, ItemID>, dragging dragged: [ItemID],
    placeholder position: OutlinePosition<ItemID>
  ) {
    base = resting.base
    topRows = resting.topRows
    groupRows = resting.groupRows
    for id in dragged {
      guard let p = snapshot.position(of: id) else { continue }
      let isGroup = snapshot.isGroup(id)
      let expanded = isGroup && snapshot.isExpanded(id)
      block.append(OutlineRow(id: id, parent: p.parent, index: p.index, isGroup: isGroup, isExpanded: expanded))
      if expanded {
        for (i, child) in snapshot.children(of: id).enumerated() {
          block.append(OutlineRow(id: child, parent: id, index: i, isGroup: false, isExpanded: false))
        }
      }
    }
    movePlaceholder(to: position)
  }

  /// The resting rows of the data once the dragged items are gone from it: the base rows without
  /// a block (shared, not copied). Equal to `OutlineArrangement(snapshot)` of the data without
  /// them, in O(1) instead of O(n).
  @inlinable var withoutBlock: OutlineArrangement {
    var rows = OutlineArrangement()
    rows.base = base
    rows.topRows = topRows
    rows.groupRows = groupRows
    return rows
  }

  /// Whether the block is made of exactly these items (with their children): taking them out of
  /// the data leaves the base rows. O(k).
  @inlinable func holdsExactly(_ items: [ItemID]) -> Bool {
    let set = Set(items)
    guard set.count == items.count else { return false }
    var count = 0
    for row in block where row.parent.map({ !set.contains($0) }) ?? true {
      guard set.contains(row.id) else { return false }
      count += 1
    }
    return count == items.count
  }

  /// An arrangement with no section (filled in by the caller).
  @inlinable init() {}

  /// Whether two arrangements show the same rows (a check of the O(k) paths against a rebuild).
  @inlinable func showsSameRows(as other: OutlineArrangement) -> Bool {
    guard base == other.base, topRows == other.topRows, block == other.block, placeholder == other.placeholder,
      groupRows.count == other.groupRows.count
    else { return false }
    guard placeholder == nil || insertion == other.insertion else { return false }
    return groupRows.allSatisfy { id, g in other.groupRows[id].map { $0 == g } ?? false }
  }

  @inlinable var numberOfSections: Int { base.count }

  /// The number of rows shown in a section, the block included.
  @inlinable func rowCount(inSection s: Int) -> Int {
    base[s].count + (placeholder != nil && insertion.section == s ? block.count : 0)
  }

  @inlinable var rowCounts: [Int] { (0..<base.count).map(rowCount(inSection:)) }

  /// The number of top-level items in a section, without the dragged ones.
  @inlinable func topLevelCount(inSection s: Int) -> Int { topRows[s].count }

  /// What is shown at a row of a section.
  @inlinable func slot(section s: Int, row d: Int) -> Slot {
    guard placeholder != nil, s == insertion.section, d >= insertion.row else { return .row(base[s][d]) }
    if d < insertion.row + block.count { return .block(d - insertion.row) }
    return .row(base[s][d - block.count])
  }

  /// The base row index where a position's block would be inserted.
  @inlinable func baseRow(for position: OutlinePosition<ItemID>) -> Int {
    if let parent = position.parent {
      guard let g = groupRows[parent], g.section == position.section else {
        preconditionFailure("position \(position): its group is not a visible group of that section")
      }
      return g.row + 1 + position.index
    }
    let tops = topRows[position.section]
    return position.index < tops.count ? tops[position.index] : base[position.section].count
  }

  /// Moves the block to a position (counted without the dragged items).
  @inlinable mutating func movePlaceholder(to position: OutlinePosition<ItemID>) {
    placeholder = position
    insertion = (position.section, baseRow(for: position))
  }

  /// The position meant by the gap before displayed row `d` of section `s` (d may equal the row
  /// count: the end of the section's top level). `nil` when the gap is the block's own.
  @inlinable func positionForGap(beforeRow d: Int, inSection s: Int, draggingGroup: Bool) -> OutlinePosition<ItemID>? {
    guard d < rowCount(inSection: s) else {
      return OutlinePosition(section: s, parent: nil, index: topLevelCount(inSection: s))
    }
    switch slot(section: s, row: d) {
    case .block: return placeholder
    case .row(let row):
      if let parent = row.parent {
        if draggingGroup {
          // A gap inside a group counts as the gap after that group.
          let groupIndex = base[s][groupRows[parent]!.row].index
          return OutlinePosition(section: s, parent: nil, index: groupIndex + 1)
        }
        return OutlinePosition(section: s, parent: parent, index: row.index)
      }
      return OutlinePosition(section: s, parent: nil, index: row.index)
    }
  }
}
