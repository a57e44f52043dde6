/// The direction in which a layout's content extends and scrolls.
public enum ScrollDirection: String, Hashable, Sendable {
  /// Rows of items, top to bottom; sections stack downwards.
  case vertical
  /// Columns of items, left to right; sections sit side by side (UIKit's horizontal flow layout).
  case horizontal
}

/// What a layout answers: where each item and header is, what is visible in
/// a rectangle, and which item is under a point.
///
/// ```swift
/// let layout = GridLayout(GridLayout.Configuration(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20),
///                         itemCounts: [50])
/// layout.frame(ofItem: ItemPath(item: 4, section: 0))      // (136.67, 136.67, 116.67, 116.67)
/// layout.itemPath(at: Point(x: 195, y: 58))                  // [0, 1]
/// ```
///
/// Coordinates are content coordinates: (0, 0) is the top-left corner of the
/// content, whatever the scroll position.
public protocol CollectionLayout: Sendable {
  /// The size of the whole content.
  var contentSize: Size { get }
  /// The number of sections laid out.
  var numberOfSections: Int { get }
  /// The number of items laid out in a section.
  func numberOfItems(inSection section: Int) -> Int
  /// The frame of an item.
  func frame(ofItem path: ItemPath) -> Rect
  /// The frame of a section's header, or `nil` when headers have no height.
  func frame(ofHeader section: Int) -> Rect?
  /// The area of a section: from the top of its header to the end of its bottom inset, across the whole width.
  func frame(ofSection section: Int) -> Rect
  /// The items whose frames intersect a rectangle, in reading order.
  /// - Complexity: O(log n + k) for k items returned.
  func items(in rect: Rect) -> [ItemPath]
  /// The item whose frame contains a point, if any.
  /// - Complexity: O(log n).
  func itemPath(at point: Point) -> ItemPath?
  /// The section whose area contains a point, if any.
  /// - Complexity: O(log s) for s sections.
  func section(at point: Point) -> Int?
  /// Whether a point in a section's area lies after the section's last item in reading order
  /// (below its last row, or in the last row after the last item), or the section is empty.
  func isAfterLastItem(_ point: Point, inSection section: Int) -> Bool
}

/// The index of the first element of a sorted collection for which `isAfter` holds
/// (the collection must be partitioned: false…false, true…true).
@inline(__always)
@usableFromInline func partitionPoint<C: RandomAccessCollection>(_ c: C, _ isAfter: (C.Element) -> Bool) -> C.Index {
  var lo = c.startIndex
  var n = c.count
  while n > 0 {
    let half = n / 2
    let mid = c.index(lo, offsetBy: half)
    if isAfter(c[mid]) {
      n = half
    } else {
      lo = c.index(after: mid)
      n -= half + 1
    }
  }
  return lo
}
