/// When changes are committed to the data during a drag.
public enum ReorderMode: String, Hashable, Sendable {
  /// UIKit's interactive movement: the arrangement changes on screen during
  /// the drag, and one move (original → final) is committed at the end.
  case interactive
  /// Every change of the placeholder is committed as it happens (the
  /// snapshot technique used before iOS 9).
  case live
  /// Drag and drop (iOS 11): drag sessions, drop proposals, drop into groups.
  case dragDrop
}

/// Which items may move, and where: UIKit's `collectionView(_:canMoveItemAt:)`
/// and `collectionView(_:targetIndexPathForMoveOfItemFromOriginalIndexPath:atCurrentIndexPath:toProposedIndexPath:)`.
///
/// ```swift
/// var policy = ReorderPolicy<String>()
/// policy.canMoveItem = { id, _ in id != "pinned" }
/// // Keep everything out of the first slot, which the pinned item owns.
/// policy.targetPath = { original, current, proposed in
///   proposed.item == 0 ? ItemPath(item: 1, section: proposed.section) : proposed
/// }
/// ```
public struct ReorderPolicy<ItemID: Hashable & Sendable>: Sendable {
  /// Whether the item at a path may be lifted. Denied items still make room for others.
  public var canMoveItem: @Sendable (_ item: ItemID, _ path: ItemPath) -> Bool
  /// Retargets a proposed placeholder path; return `proposed` to accept it,
  /// `current` to stay where you are, or any valid path.
  public var targetPath: @Sendable (_ original: ItemPath, _ current: ItemPath, _ proposed: ItemPath) -> ItemPath

  /// A policy that lets every item move anywhere.
  @inlinable public init() {
    canMoveItem = { _, _ in true }
    targetPath = { _, _, proposed in proposed }
  }

  /// A policy that denies the given items and accepts every proposal.
  ///
  /// ```swift
  /// let policy = ReorderPolicy(denying: ["b"])
  /// ```
  @inlinable public init(denying denied: Set<ItemID>) {
    canMoveItem = { id, _ in !denied.contains(id) }
    targetPath = { _, _, proposed in proposed }
  }
}
