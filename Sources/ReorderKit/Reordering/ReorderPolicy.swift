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

/// Which items may move, and where, in every mode (interactive, live, drag and drop) and every
/// layout (grids, flows, lists): UIKit's `collectionView(_:canMoveItemAt:)` and
/// `collectionView(_:targetIndexPathForMoveOfItemFromOriginalIndexPath:atCurrentIndexPath:toProposedIndexPath:)`,
/// keyed by ``OutlinePosition`` so that a child of a list's group is named by its group and its
/// index among the group's children. In a grid the parent is always `nil` and the index is the
/// item's index in its section. Positions are counted without the travelling items, as
/// ``Snapshot/moveItem(from:to:)`` counts them. The pointer, the keyboard, the accessibility actions
/// and the tool all go through it; ``DropDelegate`` then decides what a drag and drop does there
/// (move, copy, forbid).
///
/// ```swift
/// var policy = ReorderPolicy<String>()
/// policy.canMoveItem = { id, _ in id != "pinned" }
/// // Keep everything out of the first slot of a section, which the pinned item owns.
/// policy.targetPosition = { original, current, proposed in
///   proposed.parent == nil && proposed.index == 0 ? current : proposed
/// }
/// ```
public struct ReorderPolicy<ItemID: Hashable & Sendable>: Sendable {
  /// Whether an item, at its position when the drag begins, may be lifted (or join a drag-and-drop
  /// session). Denied items still make room for others.
  public var canMoveItem: @Sendable (_ item: ItemID, _ position: OutlinePosition<ItemID>) -> Bool
  /// Retargets a proposed placeholder position: return `proposed` to accept it, `current` to stay
  /// where you are, or any other valid position. `original` is where the item stood when lifted.
  /// A position where the items cannot stand (out of range, inside a group that is not shown open,
  /// a group inside a group, a parent in a grid) is ignored: the placeholder stays.
  public var targetPosition:
    @Sendable (
      _ original: OutlinePosition<ItemID>, _ current: OutlinePosition<ItemID>, _ proposed: OutlinePosition<ItemID>
    ) -> OutlinePosition<ItemID>

  /// A policy that lets every item move anywhere.
  @inlinable public init() {
    canMoveItem = { _, _ in true }
    targetPosition = { _, _, proposed in proposed }
  }

  /// A policy that denies the given items and accepts every proposal.
  ///
  /// ```swift
  /// let policy = ReorderPolicy(denying: ["b"])
  /// ```
  @inlinable public init(denying denied: Set<ItemID>) {
    canMoveItem = { id, _ in !denied.contains(id) }
    targetPosition = { _, _, proposed in proposed }
  }

  /// The retarget hook for a grid's slots (no parents).
  @inlinable func targetPath(_ original: ItemPath, _ current: ItemPath, _ proposed: ItemPath) -> ItemPath {
    targetPosition(original.outlinePosition(), current.outlinePosition(), proposed.outlinePosition()).itemPath
  }
}
