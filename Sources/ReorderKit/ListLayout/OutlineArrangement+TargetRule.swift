/// What the pointer is over in an outline list during a drag.
@usableFromInline enum OutlineDropHit<ItemID: Hashable & Sendable>: Hashable, Sendable {
  /// Over no row (a header, an inset, below the last row, outside the content): a drop would be cancelled.
  case nothing
  /// Over the dragged items' own rows (the gap): nothing changes.
  case ownRows
  /// A gap at this position (counted without the dragged items); it may be the current one.
  case at(OutlinePosition<ItemID>)
  /// Into this group, as its last child.
  case into(ItemID)
}

/// What the pointer over an outline list proposes for the dragged items in the interactive modes.
@usableFromInline enum OutlineProposal<ItemID: Hashable & Sendable>: Hashable, Sendable {
  /// Nothing changes (over the dragged rows, over no row, or the proposal is the current one).
  case none
  /// Move the placeholder to this position (counted without the dragged items).
  case insertAt(OutlinePosition<ItemID>)
  /// Drop into this group, as its last child; the placeholder stays where it is.
  case insertInto(ItemID)
}

extension OutlineArrangement {
  /// The list target rule of the design contract, for a pointer in content coordinates: the one
  /// place the rule is written, for interactive movement and drag and drop alike.
  ///
  /// - Parameters:
  ///   - layout: the list layout of this arrangement (block included).
  ///   - allowInsertInto: whether a leaf over the middle half of a group drops into it (drag and drop).
  ///   - draggingGroup: whether a group is among the dragged items (it only lands at top level).
  /// - Complexity: O(log s): one hit test and arithmetic.
  @inlinable func hit(at point: Point, in layout: ListLayout, allowInsertInto: Bool, draggingGroup: Bool)
    -> OutlineDropHit<ItemID>
  {
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
    if allowInsertInto && !draggingGroup && row.isGroup {
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

  /// The target rule as interactive movement needs it: a new placeholder position, or nothing.
  @inlinable func proposal(
    at point: Point, in layout: ListLayout, allowInsertInto: Bool, draggingGroup: Bool
  ) -> OutlineProposal<ItemID> {
    switch hit(at: point, in: layout, allowInsertInto: allowInsertInto, draggingGroup: draggingGroup) {
    case .nothing, .ownRows: return .none
    case .into(let group): return .insertInto(group)
    case .at(let position): return position == placeholder ? .none : .insertAt(position)
    }
  }
}
