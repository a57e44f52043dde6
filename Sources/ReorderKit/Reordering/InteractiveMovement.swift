/// The interactive movement state machine of a grid (UIKit's iOS 9 reordering
/// API): begin with the lifted item's path, update with pointer positions,
/// end or cancel.
///
/// The item holds a placeholder path P, first its original path. The layout
/// passed to ``updateTargetPosition(_:in:policy:)`` must be that of the
/// arrangement with the item at P; the owner rebuilds it when P changes.
///
/// ```swift
/// var movement = InteractiveMovement()
/// movement.beginInteractiveMovementForItem(at: ItemPath(item: 0, section: 0))   // true
/// // pointer over the item at [0, 1] of the current arrangement:
/// movement.updateTargetPosition(Point(x: 195, y: 58), in: layout)  // .placeholderMoved(from: [0, 0], to: [0, 1])
/// movement.endInteractiveMovement()                                // .commit(from: [0, 0], to: [0, 1])
/// ```
///
/// The target rule: over an item at Q, the proposal is Q; over a section's
/// area after its last item (or an empty section), the proposal is the end of
/// that section; anywhere else nothing changes. The policy may retarget.
///
/// Tiles of different sizes (a flow grid) use
/// ``updateTargetPosition(_:inFlow:margin:policy:layoutWithPlaceholderAt:)``,
/// which takes a proposal only if it is a fixed point, so that a sweep or a
/// trembling pointer never makes tiles flip back and forth.
public struct InteractiveMovement: Sendable {
  /// What the owner should do after an event.
  public enum Action: Hashable, Sendable {
    /// Nothing changed.
    case none
    /// The placeholder moved: the arrangement is now the one with the item at `to`.
    case placeholderMoved(from: ItemPath, to: ItemPath)
    /// The movement ended: commit one move (destination counted after removal), or none when `from == to`.
    case commit(from: ItemPath, to: ItemPath)
    /// The movement was cancelled: the item returns to `original` and nothing is committed.
    case cancelled(original: ItemPath, placeholder: ItemPath)
  }

  private enum State: Hashable, Sendable {
    case idle
    case moving(original: ItemPath, placeholder: ItemPath)
  }

  private var state: State = .idle

  /// Creates an idle machine.
  public init() {}

  /// Whether a movement is in progress.
  public var isMoving: Bool { state != .idle }

  /// The path the item had when the movement began.
  public var originalPath: ItemPath? {
    if case .moving(let original, _) = state { return original }
    return nil
  }

  /// The current placeholder path P.
  public var placeholderPath: ItemPath? {
    if case .moving(_, let placeholder) = state { return placeholder }
    return nil
  }

  /// Begins moving the item at a path. Returns `false` (and stays idle) when a movement is already in progress.
  /// The owner checks ``ReorderPolicy/canMoveItem`` first, as UIKit asks its data source.
  @discardableResult
  public mutating func beginInteractiveMovementForItem(at path: ItemPath) -> Bool {
    guard state == .idle else { return false }
    state = .moving(original: path, placeholder: path)
    return true
  }

  /// Applies the target rule to a pointer position (content coordinates).
  /// - Parameters:
  ///   - point: the pointer, in content coordinates.
  ///   - layout: the layout of the arrangement with the item at the current placeholder.
  ///   - policy: retargets the proposal, if given.
  /// - Complexity: O(log n): one hit test.
  public mutating func updateTargetPosition<L: CollectionLayout>(
    _ point: Point, in layout: L, policy: ReorderPolicy<some Hashable & Sendable>? = nil
  ) -> Action {
    guard case .moving(_, let current) = state, point.isFinite,
      let proposed = Self.proposal(at: point, in: layout, placeholder: current)
    else { return .none }
    return take(proposed, in: layout, policy: policy)
  }

  /// Applies the target rule in a grid whose items have different sizes, stably: a proposal Q
  /// is taken only if it is a *fixed point*: in the arrangement with the item at Q, the rule
  /// applied at the pointer proposes Q again or nothing (the pointer is over the placeholder or
  /// over no item). Otherwise nothing changes until the pointer moves on. A small tile then
  /// swaps with a big one only when the pointer reaches the slot the small tile would take, and
  /// holding the pointer still never changes the proposal.
  ///
  /// Two additions keep this usable (measured on thousands of random flows; see the tests):
  /// - *A margin*: the fixed point must hold all around the pointer, within `margin` points
  ///   along each axis: no item other than the placeholder touches that square, and the rule at
  ///   its centre and corners proposes Q or nothing. A pointer trembling by up to half the
  ///   margin then moves the placeholder at most once (none of 8,000 random trembles on random
  ///   flows in the tests moved it twice).
  /// - *The end of a line*: over no item, in a line's band past its last item, the proposal is
  ///   the slot after that item (rule 2 is this case for a section's last line). It lets a tile
  ///   go after a big tile that keeps its place, whose own frame is never a fixed point.
  ///
  /// ```swift
  /// // One line: a 60 pt tile at slot 0, lifted, and a 200 pt tile at slot 1, 10 pt apart.
  /// // Over the big tile's left part the proposal is slot 1, but with the small tile there the
  /// // pointer would be over the big tile again: nothing changes.
  /// movement.updateTargetPosition(Point(x: 100, y: 100), inFlow: layout, layoutWithPlaceholderAt: trial)
  /// // .none
  /// // Where the small tile would be after the big one (x ≥ 206 with the margin), slot 1 is a fixed point.
  /// movement.updateTargetPosition(Point(x: 240, y: 100), inFlow: layout, layoutWithPlaceholderAt: trial)
  /// // .placeholderMoved(from: [0, 0], to: [0, 1])
  /// ```
  /// - Parameters:
  ///   - point: the pointer, in content coordinates.
  ///   - layout: the layout of the arrangement with the item at the current placeholder.
  ///   - margin: how far around the pointer, along each axis, the fixed point must hold (6 pt;
  ///     0, or any negative or non-finite value, for the bare rule).
  ///   - policy: retargets what is taken, if given.
  ///   - layoutWithPlaceholderAt: the layout of the arrangement with the item at a proposed path
  ///     (the owner rebuilds the one or two sections that change).
  /// - Complexity: O(log n) for one hit test, plus one call of `layoutWithPlaceholderAt` and a
  ///   few hit tests in its result when the proposal differs from the placeholder.
  public mutating func updateTargetPosition(
    _ point: Point, inFlow layout: GridLayout, margin: Double = defaultStabilityMargin,
    policy: ReorderPolicy<some Hashable & Sendable>? = nil,
    layoutWithPlaceholderAt: (ItemPath) -> GridLayout
  ) -> Action {
    guard case .moving(_, let current) = state, point.isFinite,
      let proposed = Self.flowProposal(at: point, in: layout, placeholder: current),
      proposed == current
        || Self.isFixedPoint(proposed, at: point, inFlow: layoutWithPlaceholderAt(proposed), margin: margin)
    else { return .none }
    return take(proposed, in: layout, policy: policy)
  }

  /// Takes a proposal through the policy: the placeholder moves there unless it is already there.
  private mutating func take(
    _ proposal: ItemPath, in layout: some CollectionLayout, policy: ReorderPolicy<some Hashable & Sendable>?
  ) -> Action {
    guard case .moving(let original, let current) = state else { return .none }
    var proposed = proposal
    if let policy { proposed = policy.targetPath(original, current, proposed) }
    guard proposed != current, layout.numberOfSections > proposed.section, proposed.section >= 0 else { return .none }
    // A retarget out of range is ignored: the placeholder stays.
    let limit = layout.numberOfItems(inSection: proposed.section) - (proposed.section == current.section ? 1 : 0)
    guard (0...limit).contains(proposed.item) else { return .none }
    state = .moving(original: original, placeholder: proposed)
    return .placeholderMoved(from: current, to: proposed)
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

  /// The margin of ``updateTargetPosition(_:inFlow:margin:policy:layoutWithPlaceholderAt:)``, in points.
  public static let defaultStabilityMargin = 6.0

  /// Ends the movement: the owner commits one move from the original path to the placeholder.
  public mutating func endInteractiveMovement() -> Action {
    guard case .moving(let original, let placeholder) = state else { return .none }
    state = .idle
    return .commit(from: original, to: placeholder)
  }

  /// Cancels the movement: the item goes back to its original path and nothing is committed.
  public mutating func cancelInteractiveMovement() -> Action {
    guard case .moving(let original, let placeholder) = state else { return .none }
    state = .idle
    return .cancelled(original: original, placeholder: placeholder)
  }

  /// Tells the machine that the owner committed the current placeholder to the data (the live
  /// mode): the placeholder becomes the new original.
  public mutating func placeholderCommitted() {
    guard case .moving(_, let placeholder) = state else { return }
    state = .moving(original: placeholder, placeholder: placeholder)
  }
}
