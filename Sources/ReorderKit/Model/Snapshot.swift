/// The data of a collection view: ordered sections of ordered items, keyed by
/// identifiers, where a top-level item may be a group with children (an
/// outline, as in a sidebar with folders).
///
/// ```swift
/// var snapshot = Snapshot<String, String>()
/// try snapshot.appendSection("Colors", items: ["red", "green", "blue"])
/// snapshot.moveItem(at: ItemPath(item: 0, section: 0), to: ItemPath(item: 2, section: 0))
/// snapshot.items(inSection: 0)   // ["green", "blue", "red"]
/// ```
///
/// Identifiers are unique across the whole snapshot, sections and items
/// each. Groups live only at the top level of a section; their children are
/// plain items.
///
/// - Complexity: Looking an item up by identifier is O(1) (at most 129 comparisons after an item
///   entered or left a long section before it). A move within a section costs O(k), where k is
///   the number of items whose index changes; an item into or out of a section of more than 256
///   items after it does not reindex them (amortized O(n / 64)).
public struct Snapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  /// One section: an identifier and its top-level items in order.
  public struct Section: Hashable, Sendable {
    /// The identifier of the section.
    public var id: SectionID
    /// The top-level items, in order.
    public var items: [ItemID]

    /// Creates a section.
    @inlinable public init(id: SectionID, items: [ItemID]) {
      self.id = id
      self.items = items
    }
  }

  @usableFromInline enum Location: Hashable, Sendable {
    case top(ItemPath)
    case child(parent: ItemID, index: Int)
  }

  /// The sections, in order.
  @inlinable public var sections: [Section] { _sections }
  /// The storage of `sections`: internal, so that the engine's inlinable code can set it.
  @usableFromInline var _sections: [Section] = []
  @usableFromInline var childrenByGroup: [ItemID: [ItemID]] = [:]
  @usableFromInline var expanded: Set<ItemID> = []
  @usableFromInline var sectionIndexByID: [SectionID: Int] = [:]
  @usableFromInline var locationByID: [ItemID: Location] = [:]
  /// Per section: where its top-level entries in `locationByID` may be stale, after items were
  /// inserted or removed before them without reindexing the rest of the section (see
  /// ``markShifted(section:at:)``). Sections beyond the end of the array are exact.
  @usableFromInline var staleTop: [StaleTop] = []

  /// Top-level entries of a section at index `from` or later may be off by at most `shifts`
  /// places (one per insertion or removal since they were written); a lookup checks and corrects them.
  @usableFromInline struct StaleTop: Hashable, Sendable {
    @usableFromInline var from: Int
    @usableFromInline var shifts: Int

    @inlinable init(from: Int, shifts: Int) {
      self.from = from
      self.shifts = shifts
    }

    /// Exact everywhere.
    @inlinable static var exact: Self { Self(from: .max, shifts: 0) }
  }

  /// Creates an empty snapshot.
  @inlinable public init() {}

  /// Creates a snapshot of plain items.
  ///
  /// ```swift
  /// let snapshot = try Snapshot(sections: [.init(id: "S0", items: ["a", "b"])])
  /// ```
  /// - Throws: ``SnapshotError`` for a duplicate section or item identifier.
  @inlinable public init(sections: [Section]) throws(SnapshotError) {
    for section in sections { try appendSection(section.id, items: section.items) }
  }

  /// The number of sections.
  @inlinable public var numberOfSections: Int { sections.count }

  /// The number of top-level items in a section.
  @inlinable public func numberOfItems(inSection section: Int) -> Int { sections[section].items.count }

  /// The top-level items of a section.
  @inlinable public func items(inSection section: Int) -> [ItemID] { sections[section].items }

  /// The number of items, children of groups included.
  @inlinable public var totalItemCount: Int { locationByID.count }

  /// The identifier of the top-level item at a path.
  @inlinable public func itemIdentifier(at path: ItemPath) -> ItemID {
    precondition(
      sections.indices.contains(path.section) && sections[path.section].items.indices.contains(path.item),
      "path \(path) is out of range")
    return sections[path.section].items[path.item]
  }

  /// The index of a section, by identifier. O(1).
  @inlinable public func sectionIndex(of id: SectionID) -> Int? { sectionIndexByID[id] }

  /// The path of a top-level item, by identifier; `nil` for unknown items and children of groups. O(1).
  @inlinable public func path(of id: ItemID) -> ItemPath? {
    if case .top(let path)? = locationByID[id] { return exactPath(of: id, stored: path) }
    return nil
  }

  /// The path of a top-level item whose entry holds `stored`: that, or, where the section's
  /// entries may be stale, the index near it that holds the item. O(1), or O(shifts) when stale.
  @inlinable func exactPath(of id: ItemID, stored path: ItemPath) -> ItemPath {
    let s = path.section
    guard s < staleTop.count, path.item >= staleTop[s].from else { return path }
    return ItemPath(item: index(of: id, near: path.item, within: staleTop[s].shifts, inSection: s), section: s)
  }

  /// The index of `id` among section `s`'s top-level items, known to be within `within` places of
  /// `i`: `i` itself first, then outwards. Stops if it is not there (a broken index).
  @inlinable func index(of id: ItemID, near i: Int, within: Int, inSection s: Int) -> Int {
    let items = _sections[s].items
    if i < items.count, items[i] == id { return i }
    if within > 0 {
      for d in 1...within {
        if i - d >= 0, i - d < items.count, items[i - d] == id { return i - d }
        if i + d < items.count, items[i + d] == id { return i + d }
      }
    }
    preconditionFailure("item \(id) is not within \(within) places of index \(i) in section \(s)")
  }

  /// The outline position of any item, top-level or child. O(1).
  @inlinable public func position(of id: ItemID) -> OutlinePosition<ItemID>? {
    switch locationByID[id] {
    case .top(let path)?:
      let path = exactPath(of: id, stored: path)
      return OutlinePosition(section: path.section, parent: nil, index: path.item)
    case .child(let parent, let index)?:
      guard case .top(let p)? = locationByID[parent] else { return nil }
      return OutlinePosition(section: p.section, parent: parent, index: index)
    case nil: return nil
    }
  }

  /// An item's position counted without the travelling items before it in its container (a
  /// placeholder's count). O(index) for a top-level item.
  @inlinable func position(of id: ItemID, skipping travelling: Set<ItemID>) -> OutlinePosition<ItemID>? {
    guard var p = position(of: id) else { return nil }
    let siblings = p.parent.map { children(of: $0) } ?? items(inSection: p.section)
    p.index = siblings[..<p.index].lazy.filter { !travelling.contains($0) }.count
    return p
  }

  /// Whether the snapshot holds an item with this identifier.
  @inlinable public func contains(_ id: ItemID) -> Bool { locationByID[id] != nil }

  /// Whether the item is a group (it may have no children).
  @inlinable public func isGroup(_ id: ItemID) -> Bool { childrenByGroup[id] != nil }

  /// The children of a group, or an empty array for a plain item.
  @inlinable public func children(of id: ItemID) -> [ItemID] { childrenByGroup[id] ?? [] }

  /// Whether a group shows its children.
  @inlinable public func isExpanded(_ id: ItemID) -> Bool { expanded.contains(id) }

  /// The parent group of a child, or `nil` for a top-level item.
  @inlinable public func parent(of id: ItemID) -> ItemID? {
    if case .child(let parent, _)? = locationByID[id] { return parent }
    return nil
  }

  // MARK: Building

  /// Appends a section with plain items.
  /// - Throws: ``SnapshotError`` for a duplicate identifier.
  @inlinable public mutating func appendSection(_ id: SectionID, items: [ItemID] = []) throws(SnapshotError) {
    guard sectionIndexByID[id] == nil else { throw .duplicateSection(id) }
    var seen = Set<ItemID>(minimumCapacity: items.count)
    for item in items where locationByID[item] != nil || !seen.insert(item).inserted {
      throw .duplicateItem(item)
    }
    let s = sections.count
    sectionIndexByID[id] = s
    _sections.append(Section(id: id, items: items))
    locationByID.reserveCapacity(locationByID.count + items.count)
    for (i, item) in items.enumerated() { locationByID[item] = .top(ItemPath(item: i, section: s)) }
  }

  /// Appends a plain item at the end of a section.
  /// - Throws: ``SnapshotError`` for a duplicate identifier or an unknown section.
  @inlinable public mutating func appendItem(_ id: ItemID, toSection section: SectionID) throws(SnapshotError) {
    guard let s = sectionIndexByID[section] else { throw .unknownSection(section) }
    guard locationByID[id] == nil else { throw .duplicateItem(id) }
    locationByID[id] = .top(ItemPath(item: sections[s].items.count, section: s))
    _sections[s].items.append(id)
  }

  /// Appends a group with its children at the end of a section.
  ///
  /// ```swift
  /// try snapshot.appendGroup("Basics", children: ["Variables", "Loops"], expanded: true, toSection: "Lessons")
  /// ```
  /// - Throws: ``SnapshotError`` for a duplicate identifier or an unknown section.
  @inlinable public mutating func appendGroup(
    _ id: ItemID, children: [ItemID], expanded isExpanded: Bool = true, toSection section: SectionID
  ) throws(SnapshotError) {
    guard let s = sectionIndexByID[section] else { throw .unknownSection(section) }
    guard locationByID[id] == nil else { throw .duplicateItem(id) }
    var seen: Set<ItemID> = [id]
    for child in children where locationByID[child] != nil || !seen.insert(child).inserted {
      throw .duplicateItem(child)
    }
    locationByID[id] = .top(ItemPath(item: sections[s].items.count, section: s))
    _sections[s].items.append(id)
    childrenByGroup[id] = children
    if isExpanded { expanded.insert(id) }
    for (i, child) in children.enumerated() { locationByID[child] = .child(parent: id, index: i) }
  }

  /// Shows or hides the children of a group. Does nothing for a plain item.
  @inlinable public mutating func setExpanded(_ isExpanded: Bool, for group: ItemID) {
    guard childrenByGroup[group] != nil else { return }
    if isExpanded { expanded.insert(group) } else { expanded.remove(group) }
  }

  // MARK: Invariants

  /// Checks every internal invariant; a failure stops with the offending values.
  /// Runs after each mutation in debug builds.
  @inlinable public func _checkInvariants() {
    precondition(
      sectionIndexByID.count == sections.count,
      "section index has \(sectionIndexByID.count) entries for \(sections.count) sections")
    var count = 0
    for (s, section) in sections.enumerated() {
      precondition(
        sectionIndexByID[section.id] == s,
        "section \(section.id) indexed at \(sectionIndexByID[section.id].map { "\($0)" } ?? "nil"), is at \(s)")
      for (i, item) in section.items.enumerated() {
        precondition(
          path(of: item) == ItemPath(item: i, section: s),
          "item \(item) located at \(Self.describe(locationByID[item])), is at [\(s), \(i)]")
        count += 1
        for (j, child) in (childrenByGroup[item] ?? []).enumerated() {
          precondition(
            locationByID[child] == .child(parent: item, index: j),
            "child \(child) located at \(Self.describe(locationByID[child])), is child \(j) of \(item)")
          precondition(childrenByGroup[child] == nil, "group \(child) is nested in group \(item)")
          count += 1
        }
      }
    }
    precondition(count == locationByID.count, "\(locationByID.count) items indexed, \(count) present")
  }

  /// A location as the invariant checks write it: by hand, since Embedded Swift (the WebAssembly
  /// build) has no `String(describing:)`.
  @usableFromInline static func describe(_ location: Location?) -> String {
    switch location {
    case .top(let path)?: "[\(path.section), \(path.item)]"
    case .child(let parent, let index)?: "child \(index) of \(parent)"
    case nil: "nil"
    }
  }

  @inline(__always) @inlinable func debugCheck() {
    #if DEBUG
      if locationByID.count <= 10_000 { _checkInvariants() }
    #endif
  }
}

extension Snapshot: Equatable {
  /// Two snapshots are equal when they hold the same sections, items, groups and expansion states.
  @inlinable public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
    lhs.sections == rhs.sections && lhs.childrenByGroup == rhs.childrenByGroup && lhs.expanded == rhs.expanded
  }
}

extension Snapshot: Hashable {
  /// Hashes the sections, items, groups and expansion states. O(n).
  @inlinable public func hash(into hasher: inout Hasher) {
    hasher.combine(_sections)
    hasher.combine(childrenByGroup)
    hasher.combine(expanded)
  }
}
