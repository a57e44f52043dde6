extension OutlineArrangement {
  /// The collapsed group shown at a row, if any (spring loading hovers it).
  @inlinable func collapsedGroup(section s: Int, row d: Int) -> ItemID? {
    guard s < numberOfSections, d >= 0, d < rowCount(inSection: s), case .row(let row) = slot(section: s, row: d),
      row.isGroup, !row.isExpanded
    else { return nil }
    return row.id
  }

  /// The displayed row of a visible group (for the drop highlight). O(1).
  @inlinable func displayedRow(ofGroup id: ItemID) -> ItemPath? {
    guard let g = groupRows[id] else { return nil }
    let shift = placeholder != nil && insertion.section == g.section && insertion.row <= g.row ? block.count : 0
    return ItemPath(item: g.row + shift, section: g.section)
  }

  /// The top-level gap before a visible group (counted without the dragged items). O(1).
  @inlinable func gap(before group: ItemID) -> OutlinePosition<ItemID>? {
    guard let g = groupRows[group] else { return nil }
    return OutlinePosition(section: g.section, parent: nil, index: base[g.section][g.row].index)
  }

  /// The group right after a top-level gap, if any. O(1).
  @inlinable func group(after position: OutlinePosition<ItemID>) -> ItemID? {
    guard position.parent == nil, position.index < topLevelCount(inSection: position.section) else { return nil }
    let row = base[position.section][topRows[position.section][position.index]]
    return row.isGroup ? row.id : nil
  }
}
