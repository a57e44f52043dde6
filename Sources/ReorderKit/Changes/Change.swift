/// Where items stand after a change, by identity, like SwiftUI's `ReorderDifference`: the items in
/// order, the section, the group that holds them (or none) and the item they now stand before (or
/// none: the end of that section or group).
///
/// An app applies it to its own model by identity, even if its data changed since:
///
/// ```swift
/// // "c" was dropped between "a" and "b" of section "S0".
/// let difference = ReorderDifference<String, String>(items: ["c"], section: "S0", parent: nil, before: "b")
/// model.removeAll { difference.items.contains($0) }
/// model.insert(contentsOf: difference.items, at: model.firstIndex(of: difference.before!) ?? model.endIndex)
/// ```
public struct ReorderDifference<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Hashable, Sendable {
  /// The items, in the order they now stand.
  public var items: [ItemID]
  /// The section they stand in.
  public var section: SectionID
  /// The group they stand in, or `nil` for the section's top level.
  public var parent: ItemID?
  /// The item right after them, or `nil` when they end their section or group.
  public var before: ItemID?

  /// Creates a difference.
  @inlinable public init(items: [ItemID], section: SectionID, parent: ItemID? = nil, before: ItemID? = nil) {
    self.items = items
    self.section = section
    self.parent = parent
    self.before = before
  }
}

/// One change to a ``CollectionView``'s data, by identity. Every change goes through
/// ``CollectionView/perform(_:itemSizes:time:)``, which returns the changes that undo it; the view reports
/// each one as ``CollectionViewEvent/changed(_:)``, so saving, undo and announcements read one stream.
///
/// ```swift
/// // Move "c" before "a" in section "S0", and keep the way back.
/// let undo = try view.perform(.moved(ReorderDifference(items: ["c"], section: "S0", before: "a")), time: now)
/// try view.perform(undo[0], time: now + 1)   // "c" is back where it was
/// ```
public enum Change<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Hashable, Sendable {
  /// The items were taken from wherever they were and now stand, in order, where the difference says.
  case moved(ReorderDifference<SectionID, ItemID>)
  /// New items stand where the difference says (copies from a drop, or deleted items put back).
  /// `children` holds the children of the new items that are groups; `expanded`, the groups that show them.
  case inserted(ReorderDifference<SectionID, ItemID>, children: [ItemID: [ItemID]], expanded: Set<ItemID>)
  /// The items (and the children of groups among them) were removed.
  case deleted([ItemID])
  /// A group shows its children.
  case expanded(ItemID)
  /// A group hides its children.
  case collapsed(ItemID)
  /// During a drag, the gap where the dragged items would land moved here. Nothing in the data
  /// changed; it is reported for announcements and never undone.
  case placeholderMoved(ReorderDifference<SectionID, ItemID>)
  /// New data replaced the old, whole: what ``CollectionView/apply(_:animatingDifferences:itemSizes:contentChanged:sectionContentChanged:time:)``
  /// and ``CollectionView/performBatchUpdates(_:resultingIn:itemSizes:time:)`` report. `content`
  /// names the items and sections that kept their identifier and changed content (none unless the
  /// caller of `apply` said so). Performing it makes the data `new`, whatever it is then, and
  /// redraws what `content` names with a crossfade; its inverse is
  /// `.replaced(old: new, new: old, content: content)`. Save `new` (or diff the two with
  /// ``StagedChangeset``) from the same ``CollectionViewEvent/changed(_:)`` stream as every other change.
  ///
  /// ```swift
  /// for case .changed(.replaced(_, let new, let content)) in view.tick(time: now) {
  ///   save(new)
  ///   content.items   // the items whose content changed, e.g. ["aiko"] after a rename
  /// }
  /// ```
  // `indirect`: two snapshots inline made `CollectionViewEvent` miscompile across modules (Swift 6.3.1:
  // a crash destroying an event in the caller); boxed, the payload is one reference.
  indirect case replaced(
    old: Snapshot<SectionID, ItemID>, new: Snapshot<SectionID, ItemID>,
    content: ContentChanges<SectionID, ItemID> = .init())

  /// The difference a committed gesture reports for this change: where moved or inserted items now stand.
  @inlinable public var difference: ReorderDifference<SectionID, ItemID>? {
    switch self {
    case .moved(let d), .inserted(let d, _, _): d
    default: nil
    }
  }
}

/// Why ``CollectionView/perform(_:itemSizes:time:)`` or ``CollectionView/apply(_:animatingDifferences:itemSizes:contentChanged:sectionContentChanged:time:)``
/// refused a change, or a copying drop failed: the change names an item, section or group that is
/// not there, asks for something the data cannot hold (a group inside a group), brings a new item
/// into a grid without columns with no size for it, or the policy's ``ReorderPolicy/identifierForCopy``
/// is missing or returned an identifier in use.
///
/// ```swift
/// do {
///   try view.perform(.moved(ReorderDifference(items: ["zz"], section: "S0")), time: now)
/// } catch {
///   print(error)   // unknown item "zz"
/// }
/// ```
public struct ChangeError: Error, Hashable, Sendable, CustomStringConvertible {
  private enum Kind: Hashable, Sendable {
    case unknownItem(String)
    case unknownSection(String)
    case notAGroup(String)
    case beforeElsewhere(before: String)
    case groupIntoGroup(String)
    case duplicateItem(String)
    case itemAndItsGroup(String)
    case empty
    case noSize(String)
    case noIdentifierForCopy
    case copyIdentifierTaken(copy: String, original: String)
  }
  private let kind: Kind

  @usableFromInline static func unknownItem(_ id: some Hashable) -> Self { Self(kind: .unknownItem("\(id)")) }
  @usableFromInline static func unknownSection(_ id: some Hashable) -> Self { Self(kind: .unknownSection("\(id)")) }
  @usableFromInline static func notAGroup(_ id: some Hashable) -> Self { Self(kind: .notAGroup("\(id)")) }
  @usableFromInline static func beforeElsewhere(_ id: some Hashable) -> Self {
    Self(kind: .beforeElsewhere(before: "\(id)"))
  }
  @usableFromInline static func groupIntoGroup(_ id: some Hashable) -> Self { Self(kind: .groupIntoGroup("\(id)")) }
  @usableFromInline static func duplicateItem(_ id: some Hashable) -> Self { Self(kind: .duplicateItem("\(id)")) }
  @usableFromInline static func itemAndItsGroup(_ id: some Hashable) -> Self { Self(kind: .itemAndItsGroup("\(id)")) }
  @usableFromInline static var empty: Self { Self(kind: .empty) }
  @usableFromInline static func noSize(_ id: some Hashable) -> Self { Self(kind: .noSize("\(id)")) }
  @usableFromInline static var noIdentifierForCopy: Self { Self(kind: .noIdentifierForCopy) }
  @usableFromInline static func copyIdentifierTaken(_ copy: some Hashable, original: some Hashable) -> Self {
    Self(kind: .copyIdentifierTaken(copy: "\(copy)", original: "\(original)"))
  }

  public var description: String {
    switch kind {
    case .unknownItem(let id): "unknown item \"\(id)\""
    case .unknownSection(let id): "unknown section \"\(id)\""
    case .notAGroup(let id): "\"\(id)\" is not a group of that section"
    case .beforeElsewhere(let id): "\"\(id)\" does not stand in that section or group, or is itself moved"
    case .groupIntoGroup(let id): "group \"\(id)\" cannot go into a group"
    case .duplicateItem(let id): "item \"\(id)\" is named twice, or is already in the data"
    case .itemAndItsGroup(let id): "\"\(id)\" and its group are both named; name the group only"
    case .empty: "the change names no items"
    case .noSize(let id):
      "new item \"\(id)\" has no size, and the grid has no columns: pass its size in `itemSizes`"
    case .noIdentifierForCopy: "a drop proposal copies, but the policy has no identifierForCopy"
    case .copyIdentifierTaken(let copy, let original):
      "identifierForCopy returned \"\(copy)\" for \"\(original)\", which is already in use"
    }
  }
}
