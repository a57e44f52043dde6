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

/// Which items may move, where, and what a drag and drop does there: one policy for every mode
/// (interactive, live, drag and drop), every layout (grids, flows, lists) and every driver (the
/// pointer, the keyboard, the accessibility actions, the tool). It holds UIKit's
/// `collectionView(_:canMoveItemAt:)`,
/// `collectionView(_:targetIndexPathForMoveOfItemFromOriginalIndexPath:atCurrentIndexPath:toProposedIndexPath:)`
/// and the drop delegate's hooks (`UICollectionViewDropDelegate`), as closures keyed by
/// ``PolicyPosition``: the identity of the section, of the group (or none) and the index among
/// the siblings. A child of a list's group is named by its group and its index among the group's
/// children; in a grid the parent is always `nil` and the index is the item's index in its
/// section. Positions are counted without the travelling items, as ``Snapshot/moveItem(from:to:)``
/// counts them. Sections are named by identity, not index, so a hook that reads sections stays
/// right when new data adds or removes sections during a drag.
///
/// ```swift
/// var policy = ReorderPolicy<String, String>()
/// policy.canMoveItem = { id, _ in id != "pinned" }
/// // Keep everything out of the first slot of a section, which the pinned item owns.
/// policy.targetPosition = { original, current, proposed in
///   proposed.parent == nil && proposed.index == 0 ? current : proposed
/// }
/// // Drag and drop: nothing goes into the Archive folder, and templates are copied, not moved.
/// policy.dropSessionDidUpdate = { items, destination, proposed in
///   if case .insertInto("Archive")? = destination { return DropProposal(operation: .forbidden) }
///   if items.allSatisfy({ $0.hasPrefix("Template") }), proposed.operation == .move {
///     return DropProposal(operation: .copy, intent: proposed.intent)
///   }
///   return proposed
/// }
/// // Nothing lands in the "Archive" section.
/// policy.targetPosition = { _, current, proposed in proposed.section == "Archive" ? current : proposed }
/// policy.identifierForCopy = { original, isTaken in
///   var n = 1
///   while isTaken("\(original) copy \(n)") { n += 1 }
///   return "\(original) copy \(n)"
/// }
/// view.policy = policy
/// ```
public struct ReorderPolicy<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  /// Whether an item, at its position when the drag begins, may be lifted (or join a drag-and-drop
  /// session). Denied items still make room for others.
  public var canMoveItem: @Sendable (_ item: ItemID, _ position: PolicyPosition<SectionID, ItemID>) -> Bool

  /// Retargets a proposed placeholder position: return `proposed` to accept it, `current` to stay
  /// where you are, or any other valid position. `original` is where the item stood when lifted.
  /// A position where the items cannot stand (a section the data does not hold, out of range,
  /// inside a group that is not shown open, a group inside a group, a parent in a grid) is
  /// ignored: the placeholder stays.
  public var targetPosition:
    @Sendable (
      _ original: PolicyPosition<SectionID, ItemID>, _ current: PolicyPosition<SectionID, ItemID>,
      _ proposed: PolicyPosition<SectionID, ItemID>
    ) -> PolicyPosition<SectionID, ItemID>

  /// Drag and drop: called whenever the destination under the pointer changes (UIKit's
  /// `collectionView(_:dropSessionDidUpdate:withDestinationIndexPath:)`), after ``targetPosition``:
  /// the dragged items in their original order, the destination (`nil` over nothing) and the
  /// engine's proposal (a leaf over the middle half of a group row goes into it, elsewhere the
  /// items go into a gap, over nothing the drop is cancelled). Return the proposal to use: its
  /// operation decides what a release does (`.cancel` and `.forbidden` put everything back).
  /// Changing the intent moves the destination, as in UIKit: `.insertAtDestinationIndexPath` for an
  /// insert-into is the gap before that group; `.insertIntoDestinationIndexPath` for a gap goes
  /// into the group right after the gap (if the session holds no group; otherwise the gap stays).
  /// Keep it cheap: it runs on every change of destination.
  public var dropSessionDidUpdate:
    @Sendable (_ items: [ItemID], _ destination: PolicyDropDestination<SectionID, ItemID>?, _ proposed: DropProposal)
      -> DropProposal

  /// Drag and drop: whether a tapped item may join a live drag session (UIKit's
  /// `collectionView(_:itemsForAddingTo:at:point:)` returning it or nothing), after ``canMoveItem``.
  public var canAddItem: @Sendable (_ item: ItemID, _ session: [ItemID]) -> Bool

  /// Drag and drop: makes the identifier of a copy (called once per copied item, children of a
  /// copied group included); `isTaken` tells whether an identifier is already in use. Required for
  /// `.copy` proposals; the identifier must be new.
  public var identifierForCopy: (@Sendable (_ original: ItemID, _ isTaken: (ItemID) -> Bool) -> ItemID)?

  /// A policy that lets every item move anywhere and accepts the engine's drop proposals.
  @inlinable public init() {
    canMoveItem = { _, _ in true }
    targetPosition = { _, _, proposed in proposed }
    dropSessionDidUpdate = { _, _, proposed in proposed }
    canAddItem = { _, _ in true }
    identifierForCopy = nil
  }

  /// A policy that denies the given items and accepts every proposal.
  ///
  /// ```swift
  /// let policy = ReorderPolicy<String, String>(denying: ["b"])
  /// ```
  @inlinable public init(denying denied: Set<ItemID>) {
    self.init()
    canMoveItem = { id, _ in !denied.contains(id) }
  }
}
