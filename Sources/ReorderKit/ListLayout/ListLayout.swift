/// A list of rows in sections, with headers and outline indentation, like a
/// sidebar: each row spans the width minus the section insets, and the
/// children of an expanded group follow it, indented by ``Configuration/indent``
/// for drawing only (hit tests use the full row).
///
/// The layout works on visible rows; a ``CollectionView`` maps rows to the
/// items of a ``Snapshot`` (a group, then its children when expanded), each an ``OutlineRow``.
///
/// ```swift
/// let list = ListLayout(.init(width: 320, rowHeight: 44, headerHeight: 28), rowCounts: [5, 3])
/// list.frame(ofItem: ItemPath(item: 0, section: 1))   // (0, 248, 320, 44)
/// list.itemPath(at: Point(x: 10, y: 50))              // [0, 0]
/// ```
///
/// - Complexity: O(s) to build for s sections and O(s) memory: rows are
///   computed, not stored. Hit tests are O(log s).
public struct ListLayout: CollectionLayout {
  /// The parameters of a list.
  public struct Configuration: Hashable, Sendable {
    /// The view's width.
    public var width: Double
    /// The view's visible height (for scrolling); 0 means unknown.
    public var height: Double
    /// The height r of every row.
    public var rowHeight: Double
    /// The height h of each section header; 0 for none.
    public var headerHeight: Double
    /// The insets around each section's rows.
    public var sectionInset: EdgeInsets
    /// The indentation of a group's children, for drawing only.
    public var indent: Double

    /// Creates a list configuration.
    public init(
      width: Double, height: Double = 0, rowHeight: Double = 44, headerHeight: Double = 0,
      sectionInset: EdgeInsets = .zero, indent: Double = 20
    ) {
      self.width = width
      self.height = height
      self.rowHeight = rowHeight
      self.headerHeight = headerHeight
      self.sectionInset = sectionInset
      self.indent = indent
    }
  }

  /// The parameters this layout was built with.
  public let configuration: Configuration
  var grid: GridLayout

  /// Creates a list with a number of visible rows per section.
  /// - Precondition: every count is non-negative and the row height is positive.
  public init(_ configuration: Configuration, rowCounts: [Int]) {
    precondition(configuration.rowHeight > 0, "row height must be positive, got \(configuration.rowHeight)")
    self.configuration = configuration
    grid = GridLayout(
      GridLayout.Configuration(
        width: configuration.width, height: configuration.height, columns: 1, sectionInset: configuration.sectionInset,
        headerHeight: configuration.headerHeight, itemHeight: configuration.rowHeight),
      itemCounts: rowCounts)
  }

  /// Changes the number of visible rows in a section (a group expands or collapses, a row moves across sections).
  /// - Complexity: O(s) for the sections after it.
  public mutating func setNumberOfRows(_ count: Int, inSection section: Int) {
    grid.setNumberOfItems(count, inSection: section)
  }

  public var contentSize: Size { grid.contentSize }
  public var numberOfSections: Int { grid.numberOfSections }
  public func numberOfItems(inSection section: Int) -> Int { grid.numberOfItems(inSection: section) }
  public func frame(ofItem path: ItemPath) -> Rect { grid.frame(ofItem: path) }
  public func frame(ofHeader section: Int) -> Rect? { grid.frame(ofHeader: section) }
  public func frame(ofSection section: Int) -> Rect { grid.frame(ofSection: section) }
  public func items(in rect: Rect) -> [ItemPath] { grid.items(in: rect) }
  public func itemPath(at point: Point) -> ItemPath? { grid.itemPath(at: point) }
  public func section(at point: Point) -> Int? { grid.section(at: point) }
  public func isAfterLastItem(_ point: Point, inSection section: Int) -> Bool {
    grid.isAfterLastItem(point, inSection: section)
  }
}
