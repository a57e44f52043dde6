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
/// Rows may have their own heights (a card whose title wraps to several lines): build the list
/// with ``init(_:rowHeights:)``. A ``CollectionView`` does so when its ``CollectionView/itemSizes``
/// give rows their heights.
///
/// ```swift
/// let cards = ListLayout(.init(width: 300), rowHeights: [[44, 82, 44]])
/// cards.frame(ofItem: ItemPath(item: 2, section: 0))   // (0, 126, 300, 44)
/// cards.itemPath(at: Point(x: 10, y: 100))              // [0, 1]
/// ```
///
/// - Complexity: O(s) to build for s sections and O(s) memory: rows are
///   computed, not stored. Hit tests are O(log s). With per-row heights: O(n) to build and
///   8 bytes per row (running sums); hit tests are O(log n).
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
  /// Rows of one height: a grid of one column.
  var grid: GridLayout
  /// Rows of their own heights, or `nil` when every row is ``Configuration/rowHeight`` tall.
  @usableFromInline var heights: ListRowHeights?

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

  /// Creates a list whose rows have their own heights, per section in display order.
  ///
  /// ```swift
  /// // A card of one line, one of three lines, one of one line.
  /// let cards = ListLayout(.init(width: 300, headerHeight: 28), rowHeights: [[44, 82, 44]])
  /// cards.frame(ofItem: ItemPath(item: 1, section: 0))   // (0, 72, 300, 82)
  /// cards.contentSize                                     // 300 × 198
  /// ```
  ///
  /// ``Configuration/rowHeight`` is then the height of rows added by ``setNumberOfRows(_:inSection:)``.
  /// - Precondition: every height is positive and finite, and so is the row height.
  /// - Complexity: O(n) for n rows.
  public init(_ configuration: Configuration, rowHeights: [[Double]]) {
    self.init(configuration, baseHeights: rowHeights)
  }

  /// A list of rows of their own heights with a block of rows (a drag's travelling rows) shown
  /// before base row `place.row` of section `place.section`, or nowhere.
  @usableFromInline init(
    _ configuration: Configuration, baseHeights: [[Double]], block: [Double] = [],
    at place: (section: Int, row: Int)? = nil
  ) {
    self.init(configuration, rowCounts: [])
    heights = ListRowHeights(base: baseHeights, block: block, at: place)
    recomputeStarts()
  }

  /// Whether rows have their own heights (built with ``init(_:rowHeights:)``).
  @inlinable public var hasPerRowHeights: Bool { heights != nil }

  /// Changes the number of visible rows in a section (a group expands or collapses, a row moves across sections).
  /// With per-row heights the first `count` rows keep theirs and rows added are ``Configuration/rowHeight`` tall.
  /// - Complexity: O(s) for the sections after it; with per-row heights, plus O(n) for the section's rows.
  public mutating func setNumberOfRows(_ count: Int, inSection section: Int) {
    guard var h = heights else {
      grid.setNumberOfItems(count, inSection: section)
      return
    }
    precondition(count >= 0, "row count must be non-negative, got \(count)")
    let block = section == h.blockSection ? h.blockCount : 0
    let base = max(count - block, 0)
    let sums = h.sums[section]
    var rows = (0..<min(base, sums.count - 1)).map { sums[$0 + 1] - sums[$0] }
    rows += repeatElement(configuration.rowHeight, count: base - rows.count)
    heights = nil
    h.setBaseHeights(rows, inSection: section)
    heights = h
    recomputeStarts()
  }

  /// Gives the rows of one section their heights, in display order (a list with per-row heights).
  ///
  /// ```swift
  /// var cards = ListLayout(.init(width: 300), rowHeights: [[44, 44]])
  /// cards.setRowHeights([44, 82, 44], inSection: 0)   // a card added, one title wrapped
  /// ```
  /// - Precondition: the list has per-row heights; every height is positive and finite.
  /// - Complexity: O(n) for n rows in the section, plus O(s) for the sections after it.
  public mutating func setRowHeights(_ rowHeights: [Double], inSection section: Int) {
    guard var h = heights else { preconditionFailure("setRowHeights(_:inSection:) is for lists built with rowHeights") }
    heights = nil
    h.placeBlock(at: nil)
    h.setBaseHeights(rowHeights, inSection: section)
    heights = h
    recomputeStarts()
  }

  /// Shows the block of travelling rows before base row `place.row` of section `place.section`, or
  /// nowhere: a drag's placeholder moved. Only the section starts change.
  /// - Complexity: O(s) for s sections.
  @usableFromInline mutating func placeBlock(at place: (section: Int, row: Int)?) {
    guard heights != nil else { return }
    heights!.placeBlock(at: place)
    recomputeStarts()
  }

  /// Replaces the block of travelling rows (their heights, in order) and shows it before base row
  /// `place.row` of section `place.section`, or nowhere; the base rows keep their sums (a drag
  /// entering or leaving a view whose base rows are those of its resting list).
  /// - Complexity: O(k + s) for k block rows and s sections.
  @usableFromInline mutating func setBlock(_ block: [Double], at place: (section: Int, row: Int)?) {
    guard var h = heights else { return }
    heights = nil
    h.setBlock(block)
    h.placeBlock(at: place)
    heights = h
    recomputeStarts()
  }

  /// Lifts `count` base rows of a section, from `row` on, into the block, shown where they stood.
  /// Returns `false` (nothing changed) for a list without per-row heights or rows out of range.
  /// - Complexity: O(n) additions for the section's rows and O(s) for the sections; no lookup.
  @usableFromInline mutating func liftBlock(section: Int, row: Int, count: Int) -> Bool {
    guard var h = heights, h.sums.indices.contains(section), count > 0, row >= 0,
      row + count < h.sums[section].count
    else { return false }
    heights = nil
    h.liftBlock(section: section, row: row, count: count)
    heights = h
    recomputeStarts()
    return true
  }

  /// Makes the block's rows base rows where it is shown (see ``ListRowHeights/mergeBlock()``).
  /// Returns `false` (nothing changed) for a list without per-row heights, or whose block is not
  /// `count` rows shown at `place`.
  @usableFromInline mutating func mergeBlock(shownAt place: (section: Int, row: Int), count: Int) -> Bool {
    guard var h = heights, h.blockSection == place.section, h.blockRow == place.row, h.blockCount == count else {
      return false
    }
    heights = nil
    h.mergeBlock()
    heights = h
    recomputeStarts()
    return true
  }

  /// Whether two lists lay out the same rows up to rounding (per-row heights).
  @usableFromInline func laysOutNearlySameRows(as other: ListLayout) -> Bool {
    guard let a = heights, let b = other.heights else { return laysOutSameRows(as: other) }
    return configuration == other.configuration && a.isClose(to: b)
      && grid.numberOfSections == other.grid.numberOfSections
      && (0..<grid.numberOfSections).allSatisfy {
        grid.numberOfItems(inSection: $0) == other.grid.numberOfItems(inSection: $0)
      }
  }

  /// Whether two lists lay out the same rows (a check of the O(k) paths against a rebuild).
  @usableFromInline func laysOutSameRows(as other: ListLayout) -> Bool {
    configuration == other.configuration && heights == other.heights
      && grid.numberOfSections == other.grid.numberOfSections
      && (0..<grid.numberOfSections).allSatisfy {
        grid.numberOfItems(inSection: $0) == other.grid.numberOfItems(inSection: $0)
      }
  }

  mutating func recomputeStarts() {
    guard var h = heights else { return }
    heights = nil
    let c = configuration
    h.recomputeStarts(header: c.headerHeight, top: c.sectionInset.top, bottom: c.sectionInset.bottom)
    heights = h
  }

  /// The top of a section's first row (per-row heights).
  func rowsTop(_ k: Int, _ h: ListRowHeights) -> Double {
    h.sectionStarts[k] + configuration.headerHeight + configuration.sectionInset.top
  }

  public var contentSize: Size {
    guard let h = heights else { return grid.contentSize }
    return Size(width: configuration.width, height: h.sectionStarts[h.sectionStarts.count - 1])
  }
  public var numberOfSections: Int { heights?.sums.count ?? grid.numberOfSections }
  public func numberOfItems(inSection section: Int) -> Int {
    heights?.rowCount(inSection: section) ?? grid.numberOfItems(inSection: section)
  }
  public func frame(ofItem path: ItemPath) -> Rect {
    guard let h = heights else { return grid.frame(ofItem: path) }
    precondition(
      h.sums.indices.contains(path.section) && (0..<h.rowCount(inSection: path.section)).contains(path.item),
      "path \(path) is out of range of the layout")
    let span = h.span(ofRow: path.item, inSection: path.section)
    let inset = configuration.sectionInset
    return Rect(
      x: inset.left, y: rowsTop(path.section, h) + span.top, width: configuration.width - inset.left - inset.right,
      height: span.height)
  }
  public func frame(ofHeader section: Int) -> Rect? {
    guard let rows = heights else { return grid.frame(ofHeader: section) }
    let h = configuration.headerHeight
    guard h > 0 else { return nil }
    return Rect(x: 0, y: rows.sectionStarts[section], width: configuration.width, height: h)
  }
  public func frame(ofSection section: Int) -> Rect {
    guard let h = heights else { return grid.frame(ofSection: section) }
    return Rect(
      x: 0, y: h.sectionStarts[section], width: configuration.width,
      height: h.sectionStarts[section + 1] - h.sectionStarts[section])
  }
  public func items(in rect: Rect) -> [ItemPath] {
    guard let h = heights else { return grid.items(in: rect) }
    var result: [ItemPath] = []
    let count = h.sums.count
    guard count > 0 else { return [] }
    let starts = h.sectionStarts
    var k = max(0, partitionPoint(starts.indices.dropLast()) { starts[$0] > rect.minY } - 1)
    while k < count, starts[k] < rect.maxY {
      defer { k += 1 }
      let top = rowsTop(k, h)
      var d = h.firstRow(endingAfter: rect.minY - top, inSection: k)
      let rows = h.rowCount(inSection: k)
      while d < rows, top + h.span(ofRow: d, inSection: k).top < rect.maxY {
        let path = ItemPath(item: d, section: k)
        if frame(ofItem: path).intersects(rect) { result.append(path) }
        d += 1
      }
    }
    return result
  }
  public func itemPath(at point: Point) -> ItemPath? {
    guard let h = heights else { return grid.itemPath(at: point) }
    guard point.isFinite, let k = section(at: point), h.rowCount(inSection: k) > 0 else { return nil }
    guard let d = h.row(at: point.y - rowsTop(k, h), inSection: k) else { return nil }
    let path = ItemPath(item: d, section: k)
    return frame(ofItem: path).contains(point) ? path : nil
  }
  public func section(at point: Point) -> Int? {
    guard let h = heights else { return grid.section(at: point) }
    let w = configuration.width
    guard point.x >= 0, point.x < w || w <= 0 else { return nil }
    let m = point.y
    let starts = h.sectionStarts
    guard starts.count > 1, m >= 0, m < starts[starts.count - 1] else { return nil }
    let k = partitionPoint(starts.indices.dropLast()) { starts[$0] > m } - 1
    return k >= 0 ? k : nil
  }
  public func isAfterLastItem(_ point: Point, inSection section: Int) -> Bool {
    guard let h = heights else { return grid.isAfterLastItem(point, inSection: section) }
    let count = h.rowCount(inSection: section)
    guard count > 0 else { return true }
    let last = frame(ofItem: ItemPath(item: count - 1, section: section))
    if point.y >= last.maxY { return true }
    return point.y >= last.minY && point.x >= last.maxX
  }
}
