/// The position of an item: its section and its index in that section, like `IndexPath`.
///
/// Paths order by section first, then by item, which is reading order.
///
/// ```swift
/// let path = ItemPath(item: 2, section: 0)
/// path < ItemPath(item: 0, section: 1)   // true
/// ```
///
/// A path says where an item is now, not which item it is: after a move the
/// same path can name a different item. Track items by their identifier.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The index of the item in its section.
  public var item: Int
  /// The index of the section.
  public var section: Int

  /// Creates a path.
  public init(item: Int, section: Int) {
    self.item = item
    self.section = section
  }

  public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  public var description: String { "[\(section), \(item)]" }
}

/// The position of an entry in an outline: its section, its parent group (or
/// `nil` at the top level) and its index among its siblings.
///
/// ```swift
/// let inFolder = OutlinePosition(section: 0, parent: "Basics", index: 2)
/// let topLevel = OutlinePosition<String>(section: 0, parent: nil, index: 0)
/// ```
public struct OutlinePosition<ItemID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
  /// The index of the section.
  public var section: Int
  /// The group that holds the entry, or `nil` for the top level of the section.
  public var parent: ItemID?
  /// The index among the siblings.
  public var index: Int

  /// Creates a position.
  @inlinable public init(section: Int, parent: ItemID?, index: Int) {
    self.section = section
    self.parent = parent
    self.index = index
  }

  @inlinable public var description: String {
    "(section \(section), parent \(parent.map { "\($0)" } ?? "nil"), index \(index))"
  }
}
