/// The keyboard in a list during a drag: where each key sends the placeholder, found the way the
/// pointer's rule finds gaps.
extension OutlineArrangement {
  /// Where a key sends a list's placeholder (counted without the dragged items), or `nil` to stay:
  /// up and down through the gaps as the pointer rule finds them; right into the expanded group
  /// just above (a leaf); left out of its group; Home and End to the section's ends.
  @inlinable func keyTarget(
    _ key: NavigationKey, from current: OutlinePosition<ItemID>, in list: ListLayout, draggingGroup: Bool
  ) -> OutlinePosition<ItemID>? {
    let s = current.section
    let start = baseRow(for: current)
    let blockRows = rowCount(inSection: s) - base[s].count
    switch key {
    case .up, .down:
      // Probe the rows beyond the block the way the pointer would (upper half going up, lower half
      // going down) until the gap changes; past the section's end, into the next or previous section.
      var row = key == .down ? start + blockRows : start - 1
      while row >= 0 && row < rowCount(inSection: s) {
        let frame = list.frame(ofItem: ItemPath(item: row, section: s))
        let y = key == .down ? frame.minY + frame.height * 0.75 : frame.minY + frame.height * 0.25
        if case .at(let position) = hit(
          at: Point(x: frame.midX, y: y), in: list, allowInsertInto: false, draggingGroup: draggingGroup),
          position != current
        {
          return position
        }
        row += key == .down ? 1 : -1
      }
      let next = key == .down ? s + 1 : s - 1
      guard next >= 0, next < numberOfSections else { return nil }
      return OutlinePosition(
        section: next, parent: nil, index: key == .down ? 0 : topLevelCount(inSection: next))
    case .right:
      guard !draggingGroup, current.parent == nil, current.index > 0 else { return nil }
      let aboveRow = topRows[s][current.index - 1]
      let above = base[s][aboveRow]
      guard above.isGroup, above.isExpanded else { return nil }
      // Its children that stay are the rows between it and the next top-level row.
      let nextRow = current.index < topRows[s].count ? topRows[s][current.index] : base[s].count
      return OutlinePosition(section: s, parent: above.id, index: nextRow - aboveRow - 1)
    case .left:
      guard let parent = current.parent, let g = groupRows[parent] else { return nil }
      return OutlinePosition(section: s, parent: nil, index: base[s][g.row].index + 1)
    case .home:
      return OutlinePosition(section: s, parent: nil, index: 0)
    case .end:
      return OutlinePosition(section: s, parent: nil, index: topLevelCount(inSection: s))
    default:
      return nil
    }
  }
}
