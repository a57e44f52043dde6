/// A grid of items in sections, like UIKit's `UICollectionViewFlowLayout`:
/// fixed columns, or per-item sizes that wrap; item and line spacing,
/// section insets and headers; vertical scrolling, or horizontal with paging.
///
/// With fixed columns the geometry is exactly the grid contract:
/// item width w = (W − left − right − (c − 1)·s) / c, height = itemHeight ?? w,
/// item i of section k in row i / c and column i % c.
///
/// ```swift
/// let layout = GridLayout(
///   .init(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20),
///   itemCounts: [9])
/// layout.frame(ofItem: ItemPath(item: 4, section: 0))   // (136.67, 136.67, 116.67, 116.67)
/// layout.contentSize                                    // 390 × 390
/// ```
///
/// With per-item sizes items flow like words in a paragraph: left to right,
/// wrapping when the next item does not fit, each vertically centred in its
/// row. Scrolling horizontally turns the layout on its side: items flow top
/// to bottom in columns, and sections sit side by side.
///
/// - Complexity: Building is O(s) for s sections with fixed columns and O(n)
///   with per-item sizes; hit tests are O(log n); memory is O(s) with fixed
///   columns and about 40 bytes per item with per-item sizes.
public struct GridLayout: CollectionLayout {
  /// The parameters of a grid.
  public struct Configuration: Hashable, Sendable {
    /// The view's width W.
    public var width: Double
    /// The view's visible height. Needed for horizontal scrolling (it bounds the columns); 0 means unknown.
    public var height: Double
    /// The number of columns c, or `nil` for per-item sizes.
    public var columns: Int?
    /// The spacing s between items in a row (in a column when scrolling horizontally).
    public var itemSpacing: Double
    /// The spacing l between rows (between columns when scrolling horizontally).
    public var lineSpacing: Double
    /// The insets around each section's items.
    public var sectionInset: EdgeInsets
    /// The height h of each section header (its width when scrolling horizontally); 0 for none.
    public var headerHeight: Double
    /// The item height with fixed columns; `nil` for square cells.
    public var itemHeight: Double?
    /// The scroll direction.
    public var scrollDirection: ScrollDirection
    /// The paging interval for horizontal scrolling; `nil` for free scrolling. With per-item sizes a
    /// column of tiles never crosses a page's edge: one that would starts the next page, after the
    /// section's leading inset, so each page shows whole tiles (as a phone's home screen does).
    public var pageWidth: Double?

    /// Creates a grid configuration.
    ///
    /// ```swift
    /// let config = GridLayout.Configuration(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20)
    /// ```
    public init(
      width: Double, height: Double = 0, columns: Int? = nil, itemSpacing: Double = 0, lineSpacing: Double = 0,
      sectionInset: EdgeInsets = .zero, headerHeight: Double = 0, itemHeight: Double? = nil,
      scrollDirection: ScrollDirection = .vertical, pageWidth: Double? = nil
    ) {
      self.width = width
      self.height = height
      self.columns = columns
      self.itemSpacing = itemSpacing
      self.lineSpacing = lineSpacing
      self.sectionInset = sectionInset
      self.headerHeight = headerHeight
      self.itemHeight = itemHeight
      self.scrollDirection = scrollDirection
      self.pageWidth = pageWidth
    }
  }

  /// The parameters this layout was built with.
  public let configuration: Configuration

  // Main axis: the scroll direction (y when vertical). Cross axis: the other one.
  let vertical: Bool
  let mainLead: Double, mainTrail: Double, crossLead: Double, crossTrail: Double
  let crossExtent: Double
  // Fixed columns.
  let fixed: Bool
  let itemMain: Double, itemCross: Double, perLine: Int
  // Per section.
  var counts: [Int]
  var flows: [FlowSection]
  /// sectionStarts[k] is the main-axis start of section k; the last entry is the content's main extent.
  var sectionStarts: [Double]

  /// Creates a grid with fixed columns.
  /// - Precondition: `configuration.columns` is at least 1 and every count is non-negative.
  public init(_ configuration: Configuration, itemCounts: [Int]) {
    guard let c = configuration.columns else { preconditionFailure("a grid built from counts needs columns") }
    precondition(c >= 1, "columns must be at least 1, got \(c)")
    self.init(configuration, counts: itemCounts, flows: [])
  }

  /// Creates a grid whose items have their own sizes and wrap like a flow layout.
  ///
  /// ```swift
  /// let photos = GridLayout(.init(width: 390, itemSpacing: 8, lineSpacing: 8),
  ///                         itemSizes: [[Size(width: 180, height: 120), Size(width: 120, height: 180)]])
  /// ```
  public init(_ configuration: Configuration, itemSizes: [[Size]]) {
    var config = configuration
    config.columns = nil
    let probe = GridLayout(config, counts: [], flows: [])
    let flows = itemSizes.map { probe.makeFlow($0) }
    self.init(config, counts: itemSizes.map { $0.count }, flows: flows)
  }

  private init(_ configuration: Configuration, counts: [Int], flows: [FlowSection]) {
    precondition(counts.allSatisfy { $0 >= 0 }, "item counts must be non-negative: \(counts)")
    self.configuration = configuration
    let inset = configuration.sectionInset
    vertical = configuration.scrollDirection == .vertical
    if vertical {
      (mainLead, mainTrail, crossLead, crossTrail) = (inset.top, inset.bottom, inset.left, inset.right)
      crossExtent = configuration.width
    } else {
      (mainLead, mainTrail, crossLead, crossTrail) = (inset.left, inset.right, inset.top, inset.bottom)
      crossExtent = configuration.height
    }
    if let c = configuration.columns {
      fixed = true
      let W = configuration.width
      if vertical {
        let w = (W - inset.left - inset.right - Double(c - 1) * configuration.itemSpacing) / Double(c)
        itemCross = w
        itemMain = configuration.itemHeight ?? w
        perLine = c
      } else {
        let w = (W - inset.left - inset.right - Double(c - 1) * configuration.lineSpacing) / Double(c)
        itemMain = w
        itemCross = configuration.itemHeight ?? w
        let room = configuration.height - inset.top - inset.bottom + configuration.itemSpacing
        perLine = max(1, clampedIndex(room / (itemCross + configuration.itemSpacing), 1, Int(Int32.max)))
      }
    } else {
      fixed = false
      (itemMain, itemCross, perLine) = (0, 0, 1)
    }
    self.counts = counts
    self.flows = flows
    self.sectionStarts = []
    recomputeStarts(from: 0)
  }

  // MARK: Section extents

  func sectionExtent(_ k: Int) -> Double {
    let h = configuration.headerHeight
    if fixed {
      let lines = (counts[k] + perLine - 1) / perLine
      return h + mainLead + Double(lines) * itemMain + Double(max(lines - 1, 0)) * configuration.lineSpacing + mainTrail
    }
    return h + mainLead + flows[k].mainExtent + mainTrail
  }

  mutating func recomputeStarts(from k: Int) {
    if sectionStarts.count != counts.count + 1 {
      sectionStarts = Array(repeating: 0, count: counts.count + 1)
    }
    var y = k == 0 ? 0 : sectionStarts[k]
    for s in k..<counts.count {
      sectionStarts[s] = y
      // Paged flows: where a section starts decides which lines reach a page's edge.
      if pagesLines { flows[s] = paginated(flows[s], base: itemsBase(s)) }
      y += sectionExtent(s)
    }
    sectionStarts[counts.count] = y
  }

  /// The main-axis offset of a section's first line.
  @inline(__always) func itemsBase(_ k: Int) -> Double {
    sectionStarts[k] + configuration.headerHeight + mainLead
  }

  /// Converts a main/cross rectangle to view axes.
  @inline(__always) func rect(main: Double, cross: Double, mainSize: Double, crossSize: Double) -> Rect {
    vertical
      ? Rect(x: cross, y: main, width: crossSize, height: mainSize)
      : Rect(x: main, y: cross, width: mainSize, height: crossSize)
  }

  @inline(__always) func axes(_ p: Point) -> (main: Double, cross: Double) {
    vertical ? (p.y, p.x) : (p.x, p.y)
  }

  // MARK: CollectionLayout

  public var contentSize: Size {
    let extent = sectionStarts[counts.count]
    if vertical { return Size(width: configuration.width, height: extent) }
    var w = extent
    if let page = configuration.pageWidth, page > 0 { w = (w / page).rounded(.up) * page }
    return Size(width: w, height: configuration.height)
  }

  public var numberOfSections: Int { counts.count }

  public func numberOfItems(inSection section: Int) -> Int { counts[section] }

  public func frame(ofItem path: ItemPath) -> Rect {
    precondition(
      counts.indices.contains(path.section) && (0..<counts[path.section]).contains(path.item),
      "path \(path) is out of range of the layout")
    if fixed {
      let line = path.item / perLine
      let pos = path.item - line * perLine
      return rect(
        main: itemsBase(path.section) + Double(line) * (itemMain + configuration.lineSpacing),
        cross: crossLead + Double(pos) * (itemCross + configuration.itemSpacing),
        mainSize: itemMain, crossSize: itemCross)
    }
    let f = flows[path.section].frames[path.item]
    return rect(
      main: itemsBase(path.section) + f.main, cross: crossLead + f.cross, mainSize: f.mainSize, crossSize: f.crossSize)
  }

  public func frame(ofHeader section: Int) -> Rect? {
    let h = configuration.headerHeight
    guard h > 0 else { return nil }
    return rect(main: sectionStarts[section], cross: 0, mainSize: h, crossSize: crossExtent)
  }

  public func frame(ofSection section: Int) -> Rect {
    rect(
      main: sectionStarts[section], cross: 0,
      mainSize: sectionStarts[section + 1] - sectionStarts[section], crossSize: crossExtent)
  }

  public func section(at point: Point) -> Int? {
    let (m, c) = axes(point)
    guard c >= 0, c < crossExtent || crossExtent <= 0 else { return nil }
    return sectionIndex(containingMain: m)
  }

  /// The section whose main-axis span contains `m`. O(log s).
  func sectionIndex(containingMain m: Double) -> Int? {
    guard !counts.isEmpty, m >= 0, m < sectionStarts[counts.count] else { return nil }
    // The last section whose start is <= m (skipping empty-extent sections is harmless: they contain nothing).
    let k = partitionPoint(sectionStarts.indices.dropLast()) { sectionStarts[$0] > m } - 1
    return k >= 0 ? k : nil
  }
}
