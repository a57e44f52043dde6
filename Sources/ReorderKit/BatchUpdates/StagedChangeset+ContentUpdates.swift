/// How a ``StagedChangeset`` writes the update of an item whose identifier stays and whose content changed.
///
/// ```swift
/// let staged = try StagedChangeset(
///   from: [.init(id: "S0", items: ["a", "b"])], to: [.init(id: "S0", items: ["a", "b"])],
///   itemUpdates: .reconfigure, contentChanged: { $0 == "b" })
/// staged.stages[0].reconfigureItems   // [[0, 1]]
/// staged.stages[0].reloadItems        // []
/// ```
public enum ItemUpdateStyle: Hashable, Sendable {
  /// In ``BatchUpdate/reloadItems``: the collection view makes a new cell (UIKit's `reloadItems`).
  case reload
  /// In ``BatchUpdate/reconfigureItems``: the collection view keeps the cell and configures it
  /// again (UIKit's `reconfigureItems`, iOS 15). Placed exactly as reloads are.
  case reconfigure
}

extension StagedChangeset {
  /// Diffs two lists of sections whose sections, as well as items, may keep their identifier
  /// and change content: "same identity, new content".
  ///
  /// `contentChanged` is asked about each item present on both sides, `sectionContentChanged`
  /// about each section present on both sides (a header's title, a count). Every change is
  /// reported exactly once, where UIKit accepts it:
  /// - updates of items and sections that neither move nor are deleted go in the first stage,
  ///   at their paths before it (an item in a section reloaded in that stage, in a later one);
  /// - an item or section that moves and changes is updated in a stage after every move, at its
  ///   path after the moves (a section, in the last stage);
  /// - nothing is reloaded or reconfigured in a stage that also moves, inserts or deletes it,
  ///   and a reloaded section sees no other change in its stage.
  ///
  /// ```swift
  /// // The header of "A" shows a count: one student joins it, and "B" moves and is renamed.
  /// let old: [Snapshot<String, String>.Section] = [.init(id: "A", items: ["ann"]), .init(id: "B", items: ["bob"])]
  /// let new: [Snapshot<String, String>.Section] = [.init(id: "B", items: ["bob"]), .init(id: "A", items: ["ann", "amy"])]
  /// let staged = try StagedChangeset(
  ///   from: old, to: new, itemUpdates: .reload, sectionContentChanged: { _ in true })
  /// staged.stages.map(\.reloadSections)   // [[0], [], [0]]: A in place first, B after its move
  /// staged.stages.last!.sections == new    // true
  /// ```
  ///
  /// - Throws: ``SectionedDiffError`` when an identifier appears twice on one side and
  ///   `duplicates` is ``DuplicateIdentifiers/refuse``.
  /// - Complexity: What ``init(from:to:contentChanged:)`` costs, plus one call of
  ///   `sectionContentChanged` per surviving section.
  @inlinable
  public init(
    from old: [Snapshot<SectionID, ItemID>.Section], to new: [Snapshot<SectionID, ItemID>.Section],
    duplicates: DuplicateIdentifiers = .refuse, itemUpdates: ItemUpdateStyle,
    contentChanged: (ItemID) -> Bool = { _ in false }, sectionContentChanged: (SectionID) -> Bool = { _ in false }
  ) throws(SectionedDiffError) {
    self =
      try Self.withSectionOccurrences(
        from: old, to: new, duplicates: duplicates, itemUpdates: itemUpdates, contentChanged: contentChanged,
        sectionContentChanged: { id, _ in sectionContentChanged(id) }
      ).changeset
  }

  /// Diffs two lists of sections like ``init(from:to:duplicates:itemUpdates:contentChanged:sectionContentChanged:)``,
  /// asking about content by position instead of by identifier: `contentChangedAt` gets the
  /// path of an item present on both sides in the old data and in the new,
  /// `sectionContentChangedAt` a surviving section's old and new index. Content kept beside the
  /// sections, in arrays of the same shape, answers without hashing an identifier, the question
  /// DifferenceKit's `isContentEqual(to:)` asks of the two elements it pairs.
  ///
  /// ```swift
  /// // Titles beside the identifiers, by position.
  /// let staged = try StagedChangeset(
  ///   from: old, to: new, itemUpdates: .reconfigure,
  ///   contentChangedAt: { o, n in oldTitles[o.section][o.item] != newTitles[n.section][n.item] },
  ///   sectionContentChangedAt: { o, n in oldHeaders[o] != newHeaders[n] })
  /// ```
  ///
  /// With ``DuplicateIdentifiers/pairByOccurrence`` the paths are those of the data as given.
  ///
  /// - Throws: ``SectionedDiffError`` when an identifier appears twice on one side and
  ///   `duplicates` is ``DuplicateIdentifiers/refuse``.
  /// - Complexity: What ``init(from:to:contentChanged:)`` costs, plus one call of
  ///   `contentChangedAt` per surviving item and of `sectionContentChangedAt` per surviving section.
  @inlinable
  public init(
    from old: [Snapshot<SectionID, ItemID>.Section], to new: [Snapshot<SectionID, ItemID>.Section],
    duplicates: DuplicateIdentifiers = .refuse, itemUpdates: ItemUpdateStyle,
    contentChangedAt: (_ old: ItemPath, _ new: ItemPath) -> Bool,
    sectionContentChangedAt: (_ old: Int, _ new: Int) -> Bool = { _, _ in false }
  ) throws(SectionedDiffError) {
    self =
      try Self.diffingContent(
        from: old, to: new, duplicates: duplicates, itemUpdates: itemUpdates,
        contentChanged: { _, _, _ in false }, contentChangedAt: contentChangedAt, asksByPosition: true,
        sectionContentChanged: { _, _, o, n in sectionContentChangedAt(o, n) }
      ).changeset
  }

  /// The content-aware diff, with `sectionContentChanged` asked by identifier and occurrence (0
  /// for the first; always 0 in data without repeats), and, by stage, which occurrence of its
  /// identifier each section after the stage is (`nil` when no identifier repeats: all 0).
  ///
  /// ```swift
  /// let (staged, occurrences) = try StagedChangeset.withSectionOccurrences(
  ///   from: old, to: new, duplicates: .pairByOccurrence, itemUpdates: .reload,
  ///   contentChanged: { _ in false }, sectionContentChanged: { id, k in oldTitle[id]?[k] != newTitle[id]?[k] })
  /// ```
  @inlinable
  package static func withSectionOccurrences(
    from old: [Snapshot<SectionID, ItemID>.Section], to new: [Snapshot<SectionID, ItemID>.Section],
    duplicates: DuplicateIdentifiers, itemUpdates: ItemUpdateStyle, contentChanged: (ItemID) -> Bool,
    sectionContentChanged: (SectionID, Int) -> Bool
  ) throws(SectionedDiffError) -> (changeset: Self, sectionOccurrences: [[Int]]?) {
    try diffingContent(
      from: old, to: new, duplicates: duplicates, itemUpdates: itemUpdates,
      contentChanged: { id, _, _ in contentChanged(id) }, contentChangedAt: { _, _ in false }, asksByPosition: false,
      sectionContentChanged: { id, k, _, _ in sectionContentChanged(id, k) })
  }

  /// The content-aware diff behind both initializers: `contentChanged` gets an item's identifier,
  /// old path and new path, or, when `asksByPosition`, `contentChangedAt` its paths only (asked
  /// directly, without a closure around it); `sectionContentChanged` a section's identifier,
  /// occurrence, old index and new index (paths and indices of the data as given, also when
  /// occurrences are numbered).
  @inlinable
  package static func diffingContent(
    from old: [Snapshot<SectionID, ItemID>.Section], to new: [Snapshot<SectionID, ItemID>.Section],
    duplicates: DuplicateIdentifiers, itemUpdates: ItemUpdateStyle,
    contentChanged: (ItemID, ItemPath, ItemPath) -> Bool, contentChangedAt: (ItemPath, ItemPath) -> Bool,
    asksByPosition: Bool, sectionContentChanged: (SectionID, Int, Int, Int) -> Bool
  ) throws(SectionedDiffError) -> (changeset: Self, sectionOccurrences: [[Int]]?) {
    let reconfigures = itemUpdates == .reconfigure
    do throws(SectionedDiffError) {
      let differ = try SectionedDiffer(
        old: old, new: new, contentChanged: contentChanged, contentChangedAt: contentChangedAt,
        asksByPosition: asksByPosition, sectionContentChanged: { sectionContentChanged($0, 0, $1, $2) },
        reconfiguresItems: reconfigures)
      return (Self(stages: differ.stages()), nil)
    } catch {
      // The differ throws before it asks anything: nothing is asked twice.
      guard duplicates.kind == .pairByOccurrence else { throw error }
    }
    // Numbering keeps every section and item where it is: the paths are those of the data as given.
    let numbered = Occurrences(old, new)
    let stages: [Changeset<Occurrence<SectionID>, Occurrence<ItemID>>]
    do {
      let differ = try SectionedDiffer(
        old: numbered.old, new: numbered.new, contentChanged: { contentChanged($0.id, $1, $2) },
        contentChangedAt: contentChangedAt, asksByPosition: asksByPosition,
        sectionContentChanged: { sectionContentChanged($0.id, $0.index, $1, $2) }, reconfiguresItems: reconfigures)
      stages = differ.stages()
    } catch {
      preconditionFailure("numbered occurrences are unique: \(error)")
    }
    return (numbered.unnumbered(stages), stages.map { $0.sections.map { section in section.id.index } })
  }
}
