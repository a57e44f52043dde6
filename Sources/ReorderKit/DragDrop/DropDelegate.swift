/// Hooks into a drag and drop: UIKit's `UICollectionViewDropDelegate` and parts of
/// `UICollectionViewDragDelegate`, as closures.
///
/// The engine computes a default proposal from the target rule (a leaf over the middle
/// half of a group row goes into it, elsewhere the items go into a gap, over nothing the
/// drop is cancelled); ``dropSessionDidUpdate`` sees it and may return any other proposal.
///
/// ```swift
/// var delegate = DropDelegate<String>()
/// // Nothing goes into the Archive folder, and templates are copied, not moved.
/// delegate.dropSessionDidUpdate = { items, destination, proposed in
///   if case .insertInto("Archive")? = destination { return DropProposal(operation: .forbidden) }
///   if items.allSatisfy({ $0.hasPrefix("Template") }), proposed.operation == .move {
///     return DropProposal(operation: .copy, intent: proposed.intent)
///   }
///   return proposed
/// }
/// delegate.identifierForCopy = { original, isTaken in
///   var n = 1
///   while isTaken("\(original) copy \(n)") { n += 1 }
///   return "\(original) copy \(n)"
/// }
/// view.dropDelegate = delegate
/// ```
public struct DropDelegate<ItemID: Hashable & Sendable>: Sendable {
  /// Called whenever the destination under the pointer changes (UIKit's
  /// `collectionView(_:dropSessionDidUpdate:withDestinationIndexPath:)`): the dragged items
  /// in their original order, the destination (`nil` over nothing) and the engine's proposal.
  /// Return the proposal to use: its operation decides what a release does (`.cancel` and
  /// `.forbidden` put everything back). Changing the intent moves the destination, as in UIKit:
  /// `.insertAtDestinationIndexPath` for an insert-into is the gap before that group;
  /// `.insertIntoDestinationIndexPath` for a gap goes into the group right after the gap (if the
  /// session holds no group; otherwise the gap stays). Keep it cheap: it runs on every change of
  /// destination.
  public var dropSessionDidUpdate:
    @Sendable (_ items: [ItemID], _ destination: DropDestination<ItemID>?, _ proposed: DropProposal) -> DropProposal

  /// Whether a tapped item may join a live drag session (UIKit's
  /// `collectionView(_:itemsForAddingTo:at:point:)` returning it or nothing). The
  /// ``ReorderPolicy/canMoveItem`` policy is checked as well.
  public var canAddItem: @Sendable (_ item: ItemID, _ session: [ItemID]) -> Bool

  /// Makes the identifier of a copy (called once per copied item, children of a copied group
  /// included); `isTaken` tells whether an identifier is already in use. Required for
  /// `.copy` proposals; the identifier must be new.
  public var identifierForCopy: (@Sendable (_ original: ItemID, _ isTaken: (ItemID) -> Bool) -> ItemID)?

  /// A delegate that accepts the engine's proposals and lets every item join a session.
  ///
  /// ```swift
  /// view.dropDelegate = DropDelegate()
  /// ```
  @inlinable public init() {
    dropSessionDidUpdate = { _, _, proposed in proposed }
    canAddItem = { _, _ in true }
    identifierForCopy = nil
  }
}
