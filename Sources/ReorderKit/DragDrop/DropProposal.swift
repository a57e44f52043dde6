/// What a drop would do with the items of a drag session: UIKit's `UIDropOperation`.
///
/// ```swift
/// let proposal = DropProposal(operation: .forbidden)   // show the "no entry" marker; releasing puts everything back
/// ```
public enum DropOperation: Hashable, Sendable {
  /// Nothing would happen: the pointer is over nothing (or outside the view). Releasing cancels the drop.
  case cancel
  /// The destination refuses the items: a forbidden marker shows, and releasing cancels the drop.
  case forbidden
  /// The items stay where they are and copies (with new identifiers) land at the destination.
  case copy
  /// The items leave where they were and land at the destination.
  case move
}

/// What the collection view would do if the items of a drag session were dropped now:
/// UIKit's `UICollectionViewDropProposal(operation:intent:)`.
///
/// ```swift
/// // A lesson over the middle of a folder row:
/// DropProposal(operation: .move, intent: .insertIntoDestinationIndexPath)
/// // A folder is never dropped into a folder:
/// DropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
/// ```
public struct DropProposal: Hashable, Sendable, CustomStringConvertible {
  /// How the items would land: UIKit's `UICollectionViewDropProposal.Intent`.
  public enum Intent: Hashable, Sendable {
    /// No intent given. The engine treats it as ``insertAtDestinationIndexPath``: it always
    /// shows where the items will land.
    case unspecified
    /// The items land in a gap at the destination position (the other items make room).
    case insertAtDestinationIndexPath
    /// The items go into the group at the destination, as its last children (lists only).
    case insertIntoDestinationIndexPath
  }

  /// What would happen.
  public var operation: DropOperation
  /// How the items would land.
  public var intent: Intent

  /// Creates a proposal.
  ///
  /// ```swift
  /// let copy = DropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
  /// ```
  public init(operation: DropOperation, intent: Intent = .unspecified) {
    self.operation = operation
    self.intent = intent
  }

  /// Whether releasing now would land something (a move or a copy).
  public var landsItems: Bool { operation == .move || operation == .copy }

  public var description: String { "\(operation) \(intent)" }
}

/// Where the items of a drag session would land: a gap at a position, or into a group.
///
/// Positions are counted with the dragged items removed (the move convention of
/// ``Snapshot/moveItem(from:to:)``): in a grid, `OutlinePosition(section: s, parent: nil, index: i)`
/// is the slot `ItemPath(item: i, section: s)`.
///
/// ```swift
/// // Lessons: Intro, Basics [Variables, Loops], Wrap-up; dragging Wrap-up:
/// DropDestination.insertAt(OutlinePosition(section: 0, parent: "Basics", index: 1))   // between Variables and Loops
/// DropDestination<String>.insertInto("Basics")                                         // after Loops
/// ```
public enum DropDestination<ItemID: Hashable & Sendable>: Hashable, Sendable {
  /// In the gap at this position (counted without the dragged items).
  case insertAt(OutlinePosition<ItemID>)
  /// Into this group, after its last child.
  case insertInto(ItemID)
}

/// What the last drop did: the items, the operation, and for a copy the new identifiers.
///
/// ```swift
/// if view.pointerUp(at: p, time: t).contains(.dropped("a")), let drop = view.lastDrop, drop.operation == .copy {
///   save(drop.copies)   // ["a copy"]
/// }
/// ```
public struct DropResult<ItemID: Hashable & Sendable>: Hashable, Sendable {
  /// The items of the session, in their original order.
  public var items: [ItemID]
  /// `.move` or `.copy` for a drop that landed; `.cancel` or `.forbidden` for one that did not.
  public var operation: DropOperation
  /// Where the items landed, or would have (nil when the pointer was over nothing).
  public var destination: DropDestination<ItemID>?
  /// For a copy, the identifier of each item's copy, parallel to ``items``; empty otherwise.
  public var copies: [ItemID]

  /// Creates a result.
  @inlinable public init(
    items: [ItemID], operation: DropOperation, destination: DropDestination<ItemID>?, copies: [ItemID] = []
  ) {
    self.items = items
    self.operation = operation
    self.destination = destination
    self.copies = copies
  }
}
