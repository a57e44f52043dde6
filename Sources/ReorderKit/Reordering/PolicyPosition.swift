/// Where an entry stands, as the policy's hooks see it: by identity, its section and its group
/// (or none), and by index among its siblings, counted without the travelling items. An identity
/// does not go stale when new data adds or removes sections mid-drag; a section's index would.
///
/// ```swift
/// // Nothing may be dropped into the "Archive" section, wherever it stands now.
/// policy.targetPosition = { _, current, proposed in proposed.section == "Archive" ? current : proposed }
/// ```
public struct PolicyPosition<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Hashable, Sendable,
  CustomStringConvertible
{
  /// The section the entry stands in.
  public var section: SectionID
  /// The group that holds the entry, or `nil` for the top level of the section (always `nil` in a grid).
  public var parent: ItemID?
  /// The index among the siblings, counted without the travelling items.
  public var index: Int

  /// Creates a position.
  @inlinable public init(section: SectionID, parent: ItemID? = nil, index: Int) {
    self.section = section
    self.parent = parent
    self.index = index
  }

  @inlinable public var description: String {
    "(section \(section), parent \(parent.map { "\($0)" } ?? "nil"), index \(index))"
  }
}

/// Where a drag and drop would land, as ``ReorderPolicy/dropSessionDidUpdate`` sees it: in a gap
/// (by the section's and the group's identity), or into a group.
///
/// ```swift
/// policy.dropSessionDidUpdate = { _, destination, proposed in
///   if case .insertAt(let p)? = destination, p.section == "Done" { return DropProposal(operation: .forbidden) }
///   return proposed
/// }
/// ```
public enum PolicyDropDestination<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Hashable, Sendable {
  /// In the gap at this position (counted without the dragged items).
  case insertAt(PolicyPosition<SectionID, ItemID>)
  /// Into this group, after its last child.
  case insertInto(ItemID)
}

extension Snapshot {
  /// A position by index as the policy sees it, by identity. The position names a section of this snapshot.
  @inlinable func policyPosition(_ p: OutlinePosition<ItemID>) -> PolicyPosition<SectionID, ItemID> {
    PolicyPosition(section: sections[p.section].id, parent: p.parent, index: p.index)
  }

  /// A position from the policy by index: `nil` for a section this snapshot does not hold.
  @inlinable func outlinePosition(_ p: PolicyPosition<SectionID, ItemID>) -> OutlinePosition<ItemID>? {
    sectionIndex(of: p.section).map { OutlinePosition(section: $0, parent: p.parent, index: p.index) }
  }

  /// A drop destination as the policy sees it.
  @inlinable func policyDestination(_ d: DropDestination<ItemID>) -> PolicyDropDestination<SectionID, ItemID> {
    switch d {
    case .insertAt(let p): .insertAt(policyPosition(p))
    case .insertInto(let group): .insertInto(group)
    }
  }
}
