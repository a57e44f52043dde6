/// The lines of one section of a flow (per-item sizes) grid, relative to the
/// section's first line and its leading inset.
struct FlowSection: Hashable, Sendable {
  struct Frame: Hashable, Sendable {
    var main: Float64
    var cross: Float64
    var mainSize: Float64
    var crossSize: Float64
  }
  /// Each item's frame, relative to the section's items base.
  var frames: [Frame] = []
  /// The index of the first item of each line.
  var lineStarts: [Int] = []
  /// The main-axis start of each line.
  var lineMains: [Double] = []
  /// The main-axis thickness of each line.
  var lineThickness: [Double] = []
  /// The main-axis extent of all lines with the spacing between them.
  var mainExtent: Double = 0
}

extension GridLayout {
  /// Lays out items of given sizes greedily into lines, each item centred across the main axis of its line.
  func makeFlow(_ sizes: [Size]) -> FlowSection {
    var flow = FlowSection()
    flow.frames.reserveCapacity(sizes.count)
    let room = crossExtent - crossLead - crossTrail
    let s = configuration.itemSpacing
    let l = configuration.lineSpacing
    var cursor = 0.0
    var lineMain = 0.0
    var thickness = 0.0
    var lineStart = 0

    func closeLine(upTo end: Int) {
      for i in lineStart..<end {
        flow.frames[i].main = lineMain + (thickness - flow.frames[i].mainSize) / 2
      }
      flow.lineStarts.append(lineStart)
      flow.lineMains.append(lineMain)
      flow.lineThickness.append(thickness)
    }

    for (i, size) in sizes.enumerated() {
      let (mainSize, crossSize) = vertical ? (size.height, size.width) : (size.width, size.height)
      if i > lineStart && cursor + crossSize > room + 1e-9 {
        closeLine(upTo: i)
        lineMain += thickness + l
        lineStart = i
        cursor = 0
        thickness = 0
      }
      flow.frames.append(FlowSection.Frame(main: 0, cross: cursor, mainSize: mainSize, crossSize: crossSize))
      cursor += crossSize + s
      thickness = max(thickness, mainSize)
    }
    if !sizes.isEmpty {
      closeLine(upTo: sizes.count)
      flow.mainExtent = lineMain + thickness
    }
    return flow
  }

  /// Whether lines are kept whole on pages: a flow that scrolls horizontally with a page width.
  var pagesLines: Bool {
    guard !fixed, !vertical, let page = configuration.pageWidth else { return false }
    return page > 0
  }

  /// Places a flow section's lines on pages, given the absolute main-axis offset `base` of its first
  /// line: a line (a column of tiles) that would cross the edge of its page, or reach into the page's
  /// trailing inset, starts the next page after the leading inset instead, so no page shows part of
  /// a tile. A line wider than a page's room stays where it is. Which items share a line is unchanged.
  ///
  /// Pages of 300 with insets of 16 and lines 140 wide, 10 apart: the lines start at 16 and 166 (it
  /// ends at 306 > 284, so it moves), then 316 and 466, then 616, …
  /// - Complexity: O(n) for n items in the section.
  func paginated(_ flow: FlowSection, base: Double) -> FlowSection {
    guard pagesLines, let page = configuration.pageWidth, !flow.lineStarts.isEmpty else { return flow }
    var result = flow
    let spacing = configuration.lineSpacing
    for line in flow.lineStarts.indices {
      let thickness = flow.lineThickness[line]
      var start = line == 0 ? 0 : result.lineMains[line - 1] + flow.lineThickness[line - 1] + spacing
      let absolute = base + start
      let p = (absolute / page).rounded(.down)
      let room = (p + 1) * page - mainTrail
      let pageStart = p * page + mainLead
      if absolute + thickness > room + 1e-9, absolute > pageStart + 1e-9 {
        start = (p + 1) * page + mainLead - base
      } else if absolute < pageStart - 1e-9, pageStart + thickness <= room + 1e-9 {
        // Past one page's edge, inside the next one's leading inset: the line starts after it.
        start = pageStart - base
      }
      let shift = start - flow.lineMains[line]
      result.lineMains[line] = start
      let end = line + 1 < flow.lineStarts.count ? flow.lineStarts[line + 1] : flow.frames.count
      for i in flow.lineStarts[line]..<end { result.frames[i].main += shift }
    }
    result.mainExtent = result.lineMains[result.lineMains.count - 1] + flow.lineThickness[flow.lineThickness.count - 1]
    return result
  }

  /// Replaces the sizes of one section's items (after a move inside a per-item-size grid) and
  /// moves the sections after it.
  /// - Complexity: O(n) for n items in the section, plus O(s) for the sections after it.
  public mutating func setItemSizes(_ sizes: [Size], inSection section: Int) {
    precondition(!fixed, "setItemSizes(_:inSection:) is for grids with per-item sizes")
    flows[section] = makeFlow(sizes)
    counts[section] = sizes.count
    recomputeStarts(from: section)
  }

  /// Changes the number of items of one section of a fixed-column grid and moves the sections after it.
  /// - Complexity: O(s) for the sections after it.
  public mutating func setNumberOfItems(_ count: Int, inSection section: Int) {
    precondition(fixed, "setNumberOfItems(_:inSection:) is for grids with fixed columns")
    precondition(count >= 0, "item count must be non-negative, got \(count)")
    guard counts[section] != count else { return }
    counts[section] = count
    recomputeStarts(from: section)
  }

  /// Whether the grid has fixed columns (as opposed to per-item sizes).
  public var hasFixedColumns: Bool { fixed }

  /// The last item of the line whose band (along the main axis) holds a point, when the point
  /// lies past that item along the line: the space at the end of a line of a flow, where a tile
  /// can go after the line's last item. `nil` with fixed columns, outside every line, or before
  /// the line's last item ends.
  /// - Complexity: O(log n).
  func lastItemOfLine(before point: Point) -> ItemPath? {
    guard !fixed, point.isFinite, let k = section(at: point), counts[k] > 0 else { return nil }
    let (m, c) = axes(point)
    let flow = flows[k]
    let local = m - itemsBase(k)
    let line = partitionPoint(flow.lineMains.indices) { flow.lineMains[$0] > local } - 1
    guard line >= 0, local < flow.lineMains[line] + flow.lineThickness[line] else { return nil }
    let last = (line + 1 < flow.lineStarts.count ? flow.lineStarts[line + 1] : flow.frames.count) - 1
    let f = flow.frames[last]
    guard c - crossLead >= f.cross + f.crossSize else { return nil }
    return ItemPath(item: last, section: k)
  }
}
