/// The target rule of a grid, as ``CollectionView`` applies it while an item is lifted (by the
/// pointer, UIKit's `beginInteractiveMovementForItem(at:)` calls, or the tool): rules 1 and 2
/// (over an item at Q, the proposal is Q; over a section's area after its last item, or an empty
/// section, the end of that section), and in a flow of tiles of different sizes, the end of a
/// line and the fixed-point check, so that a sweep or a trembling pointer never makes tiles flip
/// back and forth. The policy's retarget hook comes after, in the view.
///
/// Stability in a flow: a proposal Q is taken only if it is a *fixed point*: in the arrangement
/// with the item at Q, the rule applied at the pointer proposes Q again or nothing. Two additions
/// keep this usable (measured on thousands of random flows; see FlowStabilityTests):
/// - *A margin*: the fixed point must hold all around the pointer, within `margin` points along
///   each axis: no item other than the placeholder touches that square, and the rule at its
///   centre and corners proposes Q or nothing. A pointer trembling by up to half the margin then
///   moves the placeholder at most once.
/// - *The end of a line*: over no item, in a line's band past its last item, the proposal is the
///   slot after that item (rule 2 is this case for a section's last line). It lets a tile go
///   after a big tile that keeps its place, whose own frame is never a fixed point.
@usableFromInline enum GridTargetRule {
  /// One step in a flow: where the placeholder at `current` goes for the pointer at `point`, or
  /// `nil` for no change (no proposal, or one that is not a fixed point).
  /// - Parameters:
  ///   - layoutWithPlaceholderAt: the layout of the arrangement with the item at a proposed slot.
  /// - Complexity: O(log n) for one hit test, plus one call of `layoutWithPlaceholderAt` and a few
  ///   hit tests in its result when the proposal differs from the placeholder.
  @inlinable static func step(
    from current: ItemPath, at point: Point, inFlow layout: GridLayout, margin: Double = defaultStabilityMargin,
    layoutWithPlaceholderAt: (ItemPath) -> GridLayout
  ) -> ItemPath? {
    guard point.isFinite, let proposed = flowProposal(at: point, in: layout, placeholder: current) else { return nil }
    guard
      proposed == current
        || isFixedPoint(proposed, at: point, inFlow: layoutWithPlaceholderAt(proposed), margin: margin)
    else { return nil }
    return proposed
  }

  /// Rules 1 and 2 of the target rule, without the policy: the item under the point, or the end
  /// of the section whose area holds the point after its last item; `nil` for no change.
  @usableFromInline static func proposal(at point: Point, in layout: some CollectionLayout, placeholder: ItemPath)
    -> ItemPath?
  {
    if let hit = layout.itemPath(at: point) { return hit }
    guard let s = layout.section(at: point), layout.isAfterLastItem(point, inSection: s) else { return nil }
    let count = layout.numberOfItems(inSection: s)
    return ItemPath(item: s == placeholder.section ? count - 1 : count, section: s)
  }

  /// The rule in a flow: rules 1 and 2, then the end of a line: past a line's last item b, the
  /// slot after b (b itself when the placeholder is before b in its section, since it leaves
  /// its slot; b + 1 otherwise).
  @usableFromInline static func flowProposal(at point: Point, in layout: GridLayout, placeholder: ItemPath) -> ItemPath?
  {
    if let rule = proposal(at: point, in: layout, placeholder: placeholder) { return rule }
    guard let last = layout.lastItemOfLine(before: point) else { return nil }
    let before = last.section == placeholder.section && placeholder.item <= last.item
    return ItemPath(item: before ? last.item : last.item + 1, section: last.section)
  }

  /// Whether a proposal is a fixed point at a pointer, with a margin: in `trial`, the layout of
  /// the arrangement with the item at `proposal`, no item other than the placeholder comes within
  /// `margin` of the pointer along either axis, and the flow rule at the pointer and at the
  /// corners of that square proposes `proposal` again or nothing, so holding the pointer there,
  /// or trembling, keeps the placeholder where it is.
  @usableFromInline static func isFixedPoint(
    _ proposal: ItemPath, at point: Point, inFlow trial: GridLayout, margin: Double = defaultStabilityMargin
  ) -> Bool {
    let m = margin.isFinite ? max(margin, 0) : 0
    let square = Rect(x: point.x - m, y: point.y - m, width: 2 * m, height: 2 * m)
    if m > 0, trial.items(in: square).contains(where: { $0 != proposal }) { return false }
    for (dx, dy) in [(0, 0), (-m, -m), (m, -m), (-m, m), (m, m)] {
      let probe = Point(x: point.x + dx, y: point.y + dy)
      if let again = flowProposal(at: probe, in: trial, placeholder: proposal), again != proposal { return false }
    }
    return true
  }

  /// How far around the pointer, along each axis, a flow's fixed point must hold, in points.
  @usableFromInline static let defaultStabilityMargin = 6.0
}
