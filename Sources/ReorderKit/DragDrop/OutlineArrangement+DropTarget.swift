/// What the pointer is over in an outline list during a drag and drop.
enum OutlineDropHit<ItemID: Hashable & Sendable>: Hashable, Sendable {
  /// Over no row (a header, an inset, below the last row, outside the content): the drop would be cancelled.
  case nothing
  /// Over the dragged items' own rows (the gap): nothing changes.
  case ownRows
  /// A gap at this position (counted without the dragged items).
  case at(OutlinePosition<ItemID>)
  /// Into this group, as its last child.
  case into(ItemID)
}

extension OutlineArrangement {
  /// The list target rule of the design contract for drag and drop, for a pointer in content
  /// coordinates: like ``proposal(at:in:allowInsertInto:draggingGroup:)`` with insert-into, but
  /// telling "over nothing" (cancel) from "over the dragged rows" (no change), and reporting the
  /// current gap again instead of `.none`.
  /// - Complexity: O(log s): one hit test and arithmetic.
  func dropHit(at point: Point, in layout: ListLayout, draggingGroup: Bool) -> OutlineDropHit<ItemID> {
    guard let path = layout.itemPath(at: point) else {
      // An empty section has no rows to point at: its area means its (only) slot.
      if let s = layout.section(at: point), rowCount(inSection: s) == 0 {
        return .at(OutlinePosition(section: s, parent: nil, index: 0))
      }
      return .nothing
    }
    let s = path.section
    guard case .row(let row) = slot(section: s, row: path.item) else { return .ownRows }
    let frame = layout.frame(ofItem: path)
    let fraction = (point.y - frame.minY) / frame.height
    let before: Bool
    if !draggingGroup && row.isGroup {
      if fraction >= 0.25 && fraction < 0.75 { return .into(row.id) }
      before = fraction < 0.25
    } else {
      before = fraction < 0.5
    }
    guard
      let position = positionForGap(
        beforeRow: before ? path.item : path.item + 1, inSection: s, draggingGroup: draggingGroup)
    else { return .ownRows }
    return .at(position)
  }

  /// The collapsed group shown at a row, if any (spring loading hovers it).
  func collapsedGroup(section s: Int, row d: Int) -> ItemID? {
    guard s < numberOfSections, d >= 0, d < rowCount(inSection: s), case .row(let row) = slot(section: s, row: d),
      row.isGroup, !row.isExpanded
    else { return nil }
    return row.id
  }

  /// The displayed row of a visible group (for the drop highlight). O(1).
  func displayedRow(ofGroup id: ItemID) -> ItemPath? {
    guard let g = groupRows[id] else { return nil }
    let shift = placeholder != nil && insertion.section == g.section && insertion.row <= g.row ? block.count : 0
    return ItemPath(item: g.row + shift, section: g.section)
  }
}
