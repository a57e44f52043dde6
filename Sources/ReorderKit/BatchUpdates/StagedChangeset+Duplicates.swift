/// What ``StagedChangeset/init(from:to:duplicates:contentChanged:)`` does with data that repeats
/// an identifier: a feed that holds one entry twice, a section title used for two sections.
///
/// ```swift
/// let old: [Snapshot<String, String>.Section] = [.init(id: "Feed", items: ["a", "x", "b", "x"])]
/// let new: [Snapshot<String, String>.Section] = [.init(id: "Feed", items: ["x", "a", "b", "x"])]
/// try StagedChangeset(from: old, to: new)   // throws: duplicate item identifier "x" in the old data
/// let staged = try StagedChangeset(from: old, to: new, duplicates: .pairByOccurrence)
/// staged.repeatedItemIDs   // ["x"]
/// staged.stages[0].moveItems   // [[0, 1] → [0, 0]]: the first x moves; the second stays
/// ```
public struct DuplicateIdentifiers: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline enum Kind: UInt8, Hashable, Sendable {
    case refuse, pairByOccurrence
  }
  @usableFromInline let kind: Kind

  @inlinable init(_ kind: Kind) { self.kind = kind }

  /// Throw ``SectionedDiffError`` on the first identifier that appears twice on one side (the default).
  public static let refuse = DuplicateIdentifiers(.refuse)

  /// Pair repeated identifiers by occurrence: the k-th occurrence of an item identifier in the old
  /// data (counted over all sections, in order) is the same item as its k-th occurrence in the new
  /// data; one more occurrence on one side is an insert or a delete. Section identifiers pair the
  /// same way. Every stage stays valid under UIKit's batch-update rules.
  public static let pairByOccurrence = DuplicateIdentifiers(.pairByOccurrence)

  public var description: String {
    switch kind {
    case .refuse: "refuse"
    case .pairByOccurrence: "pairByOccurrence"
    }
  }
}

/// An identifier and which of its occurrences on one side it is (0 for the first): unique where
/// the identifiers repeat, so the differ can pair them.
@usableFromInline
struct Occurrence<ID: Hashable & Sendable>: Hashable, Sendable {
  @usableFromInline let id: ID
  @usableFromInline let index: Int

  @inlinable init(_ id: ID, _ index: Int) {
    self.id = id
    self.index = index
  }
}

extension StagedChangeset {
  /// Diffs two lists of sections that may repeat identifiers.
  ///
  /// With ``DuplicateIdentifiers/refuse`` this is ``init(from:to:contentChanged:)``. With
  /// ``DuplicateIdentifiers/pairByOccurrence`` the k-th occurrence of an identifier in the old
  /// data pairs with its k-th occurrence in the new data (items counted over all sections, in
  /// order; sections likewise), and ``repeatedSectionIDs`` and ``repeatedItemIDs`` name the
  /// identifiers that repeat. Data without repeats gives exactly the stages of
  /// ``init(from:to:contentChanged:)``. `contentChanged` is asked by identifier, so every
  /// occurrence of an identifier whose content changed is reloaded.
  ///
  /// ```swift
  /// // A section title used twice, and an entry that appears in both sections.
  /// let old: [Snapshot<String, String>.Section] = [
  ///   .init(id: "Today", items: ["a", "b"]), .init(id: "Today", items: ["c", "a"])]
  /// let new: [Snapshot<String, String>.Section] = [
  ///   .init(id: "Today", items: ["b", "a"]), .init(id: "Today", items: ["a"])]
  /// let staged = try StagedChangeset(from: old, to: new, duplicates: .pairByOccurrence)
  /// staged.repeatedSectionIDs   // ["Today"]
  /// staged.repeatedItemIDs      // ["a"]
  /// staged.stages.last!.sections == new   // true
  /// ```
  ///
  /// - Throws: ``SectionedDiffError`` with ``DuplicateIdentifiers/refuse`` when an identifier
  ///   appears twice on one side; never with ``DuplicateIdentifiers/pairByOccurrence``.
  /// - Complexity: Data without repeats costs what ``init(from:to:contentChanged:)`` does; data
  ///   with repeats costs that once more, plus a pass that numbers the occurrences.
  @inlinable
  public init(
    from old: [Snapshot<SectionID, ItemID>.Section], to new: [Snapshot<SectionID, ItemID>.Section],
    duplicates: DuplicateIdentifiers, contentChanged: (ItemID) -> Bool = { _ in false }
  ) throws(SectionedDiffError) {
    do {
      self = try StagedChangeset(from: old, to: new, contentChanged: contentChanged)
      return
    } catch {
      // The differ throws before it asks `contentChanged` anything: nothing is asked twice.
      guard duplicates.kind == .pairByOccurrence else { throw error }
    }
    let numbered = Occurrences(old, new)
    let staged: StagedChangeset<Occurrence<SectionID>, Occurrence<ItemID>>
    do {
      staged = try StagedChangeset<Occurrence<SectionID>, Occurrence<ItemID>>(
        from: numbered.old, to: numbered.new, contentChanged: { contentChanged($0.id) })
    } catch {
      preconditionFailure("numbered occurrences are unique: \(error)")
    }
    self = numbered.unnumbered(staged.stages)
  }
}

/// Both sides of a diff with every identifier numbered by its occurrence on its side, and the
/// identifiers that repeat (old side first), for ``DuplicateIdentifiers/pairByOccurrence``.
@usableFromInline
struct Occurrences<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
  @usableFromInline typealias Section = Snapshot<Occurrence<SectionID>, Occurrence<ItemID>>.Section
  @usableFromInline var old: [Section] = []
  @usableFromInline var new: [Section] = []
  @usableFromInline var repeatedSections = RepeatTracker<SectionID>()
  @usableFromInline var repeatedItems = RepeatTracker<ItemID>()

  @inlinable init(_ old: [Snapshot<SectionID, ItemID>.Section], _ new: [Snapshot<SectionID, ItemID>.Section]) {
    self.old = numbered(old)
    self.new = numbered(new)
  }

  @inlinable mutating func numbered(_ sections: [Snapshot<SectionID, ItemID>.Section]) -> [Section] {
    var sectionCount: [SectionID: Int] = [:]
    var itemCount: [ItemID: Int] = [:]
    return sections.map { section in
      let s = repeatedSections.next(section.id, &sectionCount)
      return Section(
        id: Occurrence(section.id, s),
        items: section.items.map { Occurrence($0, repeatedItems.next($0, &itemCount)) })
    }
  }

  /// The changeset of numbered stages with the numbers dropped and the repeats named.
  @inlinable func unnumbered(
    _ stages: [Changeset<Occurrence<SectionID>, Occurrence<ItemID>>]
  ) -> StagedChangeset<SectionID, ItemID> {
    var result = StagedChangeset(
      stages: stages.map { stage in
        Changeset(
          updates: stage.updates,
          sections: stage.sections.map { Snapshot.Section(id: $0.id.id, items: $0.items.map { item in item.id }) })
      })
    result.repeatedSectionIDs = repeatedSections.repeated
    result.repeatedItemIDs = repeatedItems.repeated
    return result
  }
}

/// Numbers the occurrences of identifiers on one side and collects, over both sides, those that repeat.
@usableFromInline
struct RepeatTracker<ID: Hashable> {
  @usableFromInline var repeated: [ID] = []
  @usableFromInline var seen: Set<ID> = []

  @inlinable init() {}

  /// The occurrence index of `id` on the side counted by `count` (0 for its first), noting a repeat.
  @inlinable mutating func next(_ id: ID, _ count: inout [ID: Int]) -> Int {
    let index = count[id, default: 0]
    count[id] = index + 1
    if index == 1 && seen.insert(id).inserted { repeated.append(id) }
    return index
  }
}
