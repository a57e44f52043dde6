/// One batch of updates that a collection view applies in a single
/// `performBatchUpdates`, in UIKit's terms.
///
/// Paths follow UIKit's batch semantics: deletes, reloads and move sources
/// name positions *before* the batch; inserts and move destinations name
/// positions *after* it. (This differs from ``Snapshot/moveItem(at:to:)``,
/// which is one move on its own, its destination counted after the removal.)
///
/// ```swift
/// // Before: S0 [a b c], S1 [d]      After: S0 [c], S1 [a x d]
/// var batch = BatchUpdate()
/// batch.deleteItems = [ItemPath(item: 1, section: 0)]  // b, by its path before the batch
/// batch.insertItems = [ItemPath(item: 1, section: 1)]  // x, by its path after the batch
/// batch.moveItems = [ItemMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 0, section: 1))]  // a
/// batch.violations(countsBefore: [3, 1], countsAfter: [1, 3])   // []
/// ```
///
/// Check a batch with ``violations(countsBefore:countsAfter:)`` before
/// handing it to a collection view.
public struct BatchUpdate: Hashable, Sendable {
  /// Sections to delete, by index before the batch.
  public var deleteSections: [Int]
  /// Sections to insert, by index after the batch.
  public var insertSections: [Int]
  /// Sections to move, from an index before the batch to one after it.
  public var moveSections: [SectionMove]
  /// Items to delete, by path before the batch.
  public var deleteItems: [ItemPath]
  /// Items to insert, by path after the batch.
  public var insertItems: [ItemPath]
  /// Items to move, from a path before the batch to one after it.
  public var moveItems: [ItemMove]
  /// Items to reload (same identifier, new content), by path before the batch.
  public var reloadItems: [ItemPath]
  /// Sections to reload (same identifier, new content: a header's title, a count), by index
  /// before the batch. Nothing else happens to a reloaded section or its items in the same batch.
  public var reloadSections: [Int]
  /// Items to reconfigure (same identifier, new content, the cell kept: UIKit's
  /// `reconfigureItems`, iOS 15), by path before the batch; the same rules as ``reloadItems``.
  public var reconfigureItems: [ItemPath]

  /// Creates a batch; every list defaults to empty.
  ///
  /// ```swift
  /// // S0's header shows a count; its content changed, nothing else did.
  /// let batch = BatchUpdate(reloadSections: [0], reconfigureItems: [ItemPath(item: 1, section: 1)])
  /// batch.violations(countsBefore: [2, 2], countsAfter: [2, 2])   // []
  /// ```
  public init(
    deleteSections: [Int] = [], insertSections: [Int] = [], moveSections: [SectionMove] = [],
    deleteItems: [ItemPath] = [], insertItems: [ItemPath] = [], moveItems: [ItemMove] = [],
    reloadItems: [ItemPath] = [], reloadSections: [Int] = [], reconfigureItems: [ItemPath] = []
  ) {
    self.deleteSections = deleteSections
    self.insertSections = insertSections
    self.moveSections = moveSections
    self.deleteItems = deleteItems
    self.insertItems = insertItems
    self.moveItems = moveItems
    self.reloadItems = reloadItems
    self.reloadSections = reloadSections
    self.reconfigureItems = reconfigureItems
  }

  /// Whether the batch does nothing.
  public var isEmpty: Bool {
    deleteSections.isEmpty && insertSections.isEmpty && moveSections.isEmpty && deleteItems.isEmpty
      && insertItems.isEmpty && moveItems.isEmpty && reloadItems.isEmpty && reloadSections.isEmpty
      && reconfigureItems.isEmpty
  }

  /// The number of moves, sections and items together.
  public var moveCount: Int { moveSections.count + moveItems.count }
}

/// A section move in a batch: from its index before the batch to its index after it.
///
/// ```swift
/// // Before: A B C   After: C A B
/// let move = SectionMove(from: 2, to: 0)
/// ```
public struct SectionMove: Hashable, Sendable, CustomStringConvertible {
  /// The index before the batch.
  public var from: Int
  /// The index after the batch.
  public var to: Int

  /// Creates a section move.
  public init(from: Int, to: Int) {
    self.from = from
    self.to = to
  }

  public var description: String { "\(from) → \(to)" }
}

/// An item move in a batch: from its path before the batch to its path after it.
///
/// ```swift
/// // Before: S0 [a b], S1 [c]   After: S0 [b], S1 [c a]
/// let move = ItemMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 1, section: 1))
/// ```
public struct ItemMove: Hashable, Sendable, CustomStringConvertible {
  /// The path before the batch.
  public var from: ItemPath
  /// The path after the batch.
  public var to: ItemPath

  /// Creates an item move.
  public init(from: ItemPath, to: ItemPath) {
    self.from = from
    self.to = to
  }

  public var description: String { "\(from) → \(to)" }
}
