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

  /// The target rule with the stability of rows of different heights (DESIGN, version 3: "like a
  /// flow grid takes only fixed points"): a gap Q other than the placeholder's is taken only if it
  /// is a fixed point: in the arrangement with the block at Q, laid out with every row's height
  /// (the dragged rows' own in the gap), the rule at the pointer proposes Q again, or the block
  /// itself, or no row. Otherwise the pointer is treated as over the block: nothing changes until
  /// it moves on. So holding the pointer still never moves the gap, and a short card swept across a
  /// tall one moves once, never back and forth. Rows of one height skip the check: there every
  /// proposal is a fixed point, and the rule is exactly the plain one.
  ///
  /// A short card (20 pt) above a tall one (100 pt), pointer going down: the tall card's upper
  /// half is the card's own gap; at 50 pt into the tall card the gap after it is proposed, and in
  /// that arrangement the pointer is 70 pt into the tall card (it moved up by the short card's
  /// height): its lower half again, a fixed point. Going back, the pointer must reach the tall
  /// card's upper half as it now lies, 20 pt higher: the short card's height is the hysteresis.
  /// - Complexity: O(log n): two hit tests, and the block placed once more (O(s) for s sections).
  @inlinable @inline(never) func stableHit(
    at point: Point, in layout: ListLayout, allowInsertInto: Bool, draggingGroup: Bool
  )
    -> OutlineDropHit<ItemID>
  {
    let first = hit(at: point, in: layout, allowInsertInto: allowInsertInto, draggingGroup: draggingGroup)
    guard layout.hasPerRowHeights, placeholder != nil, case .at(let q) = first, q != placeholder else { return first }
    var trialRows = self
    trialRows.movePlaceholder(to: q)
    var trial = layout
    trial.placeBlock(at: trialRows.insertion)
    switch trialRows.hit(at: point, in: trial, allowInsertInto: allowInsertInto, draggingGroup: draggingGroup) {
    case .at(let again) where again == q: return first
    case .ownRows, .nothing: return first
    case .at, .into: return .ownRows
    }
  }

  /// The target rule as interactive movement needs it: a new placeholder position, or nothing.
  @inlinable func proposal(
    at point: Point, in layout: ListLayout, allowInsertInto: Bool, draggingGroup: Bool
  ) -> OutlineProposal<ItemID> {
    let found =
      layout.hasPerRowHeights
      ? stableHit(at: point, in: layout, allowInsertInto: allowInsertInto, draggingGroup: draggingGroup)
      : hit(at: point, in: layout, allowInsertInto: allowInsertInto, draggingGroup: draggingGroup)
    switch found {
    case .nothing, .ownRows: return .none
    case .into(let group): return .insertInto(group)
    case .at(let position): return position == placeholder ? .none : .insertAt(position)
    }
  }
}
