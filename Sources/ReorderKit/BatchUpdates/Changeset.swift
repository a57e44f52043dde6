/// One stage of a ``StagedChangeset``: a batch a collection view applies in
/// one `performBatchUpdates`, and the data it shows after that batch.
///
/// ```swift
/// let staged = try StagedChangeset(
///   from: [.init(id: "S0", items: ["a", "b"])],
///   to: [.init(id: "S0", items: ["b", "a", "c"])])
/// let stage = staged.stages[0]
/// stage.moveItems     // [[0, 1] → [0, 0]]: b moves; a stays
/// stage.insertItems   // [[0, 2]]
/// stage.sections      // [S0: b a c]
/// ```
public struct Changeset<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Hashable, Sendable {
  /// The batch: paths before it for deletes, reloads and move sources, after it for the rest.
  public var updates: BatchUpdate
  /// The data after the batch: the sections and their items, in order.
  public var sections: [Snapshot<SectionID, ItemID>.Section]

  /// Creates a stage.
  @inlinable public init(updates: BatchUpdate, sections: [Snapshot<SectionID, ItemID>.Section]) {
    self.updates = updates
    self.sections = sections
  }

  /// Sections deleted, by index before the stage.
  @inlinable public var deleteSections: [Int] { updates.deleteSections }
  /// Sections inserted, by index after the stage.
  @inlinable public var insertSections: [Int] { updates.insertSections }
  /// Sections moved, from an index before the stage to one after it.
  @inlinable public var moveSections: [SectionMove] { updates.moveSections }
  /// Items deleted, by path before the stage.
  @inlinable public var deleteItems: [ItemPath] { updates.deleteItems }
  /// Items inserted, by path after the stage.
  @inlinable public var insertItems: [ItemPath] { updates.insertItems }
  /// Items moved, from a path before the stage to one after it.
  @inlinable public var moveItems: [ItemMove] { updates.moveItems }
  /// Items reloaded (same identifier, changed content), by path before the stage.
  @inlinable public var reloadItems: [ItemPath] { updates.reloadItems }
  /// Sections reloaded (same identifier, changed content), by index before the stage.
  @inlinable public var reloadSections: [Int] { updates.reloadSections }
  /// Items reconfigured (same identifier, changed content, the cell kept), by path before the stage.
  @inlinable public var reconfigureItems: [ItemPath] { updates.reconfigureItems }

  /// The number of items in each section after the stage, for ``BatchUpdate/violations(countsBefore:countsAfter:)``.
  @inlinable public var itemCounts: [Int] { sections.map { $0.items.count } }
}

/// The batches that take a collection view from old data to new data, in
/// order, each one valid under UIKit's batch-update rules.
///
/// Moves are minimal: in a section that survives, the items that stay put
/// are a longest increasing subsequence of its surviving items and only the
/// others move; an item that changes sections is one move; a section that
/// changes place is one move (the surviving sections outside a longest
/// increasing subsequence). There is more than one stage only when UIKit's
/// rules force it: an item moving out of a deleted section or into an
/// inserted one, items changing in a section that itself moves, an item
/// that both moves and changes content. There are at most three stages, and
/// none when old and new are equal. (Section content, with
/// ``init(from:to:duplicates:itemUpdates:contentChanged:sectionContentChanged:)``,
/// may add stages: the updates of what moves come after every move, and a
/// reloaded section's other changes after it.)
///
/// ```swift
/// // Re-sort students by birthday: sections appear and disappear while items move between them.
/// let old: [Snapshot<String, String>.Section] = [.init(id: "A", items: ["ann", "amy"]), .init(id: "B", items: ["bob"])]
/// let new: [Snapshot<String, String>.Section] = [.init(id: "1990", items: ["bob", "ann"]), .init(id: "A", items: ["amy"])]
/// let staged = try StagedChangeset(from: old, to: new)
/// staged.stages.count   // 3: insert "1990"; move ann and bob into it; delete "B"
/// staged.stages.last!.sections == new   // true
/// ```
///
/// - Complexity: Expected O(n + m log m), where n is the number of items and
///   m the number of surviving items that are out of order within their section.
public struct StagedChangeset<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Hashable, Sendable {
  /// The stages, to apply in order; the last one's `sections` equal the new data.
  public var stages: [Changeset<SectionID, ItemID>]
  /// The section identifiers that appear more than once in the old data or in the new data, in the
  /// order they first appear (old data first); always empty unless the changeset was made with
  /// ``DuplicateIdentifiers/pairByOccurrence``.
  public var repeatedSectionIDs: [SectionID] = []
  /// The item identifiers that appear more than once in the old data or in the new data (in any
  /// sections), in the order they first appear (old data first); always empty unless the changeset
  /// was made with ``DuplicateIdentifiers/pairByOccurrence``.
  public var repeatedItemIDs: [ItemID] = []

  /// Creates a staged changeset from given stages.
  @inlinable public init(stages: [Changeset<SectionID, ItemID>]) {
    self.stages = stages
  }

  /// Diffs two lists of sections.
  ///
  /// `contentChanged` is asked about each item present on both sides and
  /// answers whether its content differs; such items are reloaded.
  ///
  /// ```swift
  /// let staged = try StagedChangeset(
  ///   from: [.init(id: "S0", items: ["a", "b", "c"])],
  ///   to: [.init(id: "S0", items: ["c", "a", "b"])],
  ///   contentChanged: { $0 == "b" })
  /// staged.stages[0].moveItems     // [[0, 2] → [0, 0]]: only c moves
  /// staged.stages[0].reloadItems   // [[0, 1]]: b, by its path before the stage
  /// ```
  ///
  /// - Throws: ``SectionedDiffError`` when a section or item identifier appears twice on one side
  ///   (``init(from:to:duplicates:contentChanged:)`` with ``DuplicateIdentifiers/pairByOccurrence``
  ///   diffs such data).
  @inlinable
  public init(
    from old: [Snapshot<SectionID, ItemID>.Section], to new: [Snapshot<SectionID, ItemID>.Section],
    contentChanged: (ItemID) -> Bool = { _ in false }
  ) throws(SectionedDiffError) {
    let differ = try SectionedDiffer(old: old, new: new, contentChanged: contentChanged)
    self.stages = differ.stages()
  }

  /// Diffs the top-level items of two snapshots (children of groups are not diffed).
  ///
  /// ```swift
  /// let staged = StagedChangeset(from: before, to: after)
  /// ```
  @inlinable public init(from old: Snapshot<SectionID, ItemID>, to new: Snapshot<SectionID, ItemID>) {
    do {
      try self.init(from: old.sections, to: new.sections)
    } catch {
      preconditionFailure("a snapshot holds unique identifiers: \(error)")
    }
  }

  /// The number of section moves and item moves over all stages.
  @inlinable public var moveCount: Int { stages.reduce(0) { $0 + $1.updates.moveCount } }
}
