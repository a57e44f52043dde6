/// The rows of a list whose rows have their own heights (a card's title wraps to several lines),
/// as prefix sums: per section the heights of its base rows, and one block of rows (a drag's
/// travelling rows) shown before a base row of one section. Moving the block is O(s) for s
/// sections (their starts), never O(n): a drag over 200,000 rows of different heights costs what
/// a drag over a hundred does.
///
/// Geometry is the list contract's with a height per row: section k starts at y_k = the sum, over
/// earlier sections, of h + top + (its rows' heights) + bottom; its rows follow each other with no
/// spacing, from y_k + h + top, across the width minus the section's left and right insets.
@usableFromInline struct ListRowHeights: Hashable, Sendable {
  /// Per section: the running sums of the base rows' heights (count + 1 entries, the first 0).
  var sums: [[Double]]
  /// The running sums of the block's rows' heights (count + 1 entries, the first 0).
  var blockSums: [Double] = [0]
  /// Where the block is shown: its section (-1: nowhere) and the base row it stands before.
  var blockSection = -1
  var blockRow = 0
  /// sectionStarts[k] is the top of section k; the last entry is the content's height.
  var sectionStarts: [Double] = []

  /// Builds the sums of base rows, and of a block at a place (or nowhere).
  /// - Precondition: every height is positive and finite.
  init(base: [[Double]], block: [Double] = [], at place: (section: Int, row: Int)? = nil) {
    func running(_ heights: [Double]) -> [Double] {
      var sums = [0.0]
      sums.reserveCapacity(heights.count + 1)
      for h in heights {
        precondition(h > 0 && h.isFinite, "row heights must be positive and finite, got \(h)")
        sums.append(sums[sums.count - 1] + h)
      }
      return sums
    }
    sums = base.map(running)
    blockSums = running(block)
    if let place, !block.isEmpty {
      precondition(
        sums.indices.contains(place.section) && (0...sums[place.section].count - 1).contains(place.row),
        "block place \(place) is out of range of the rows")
      (blockSection, blockRow) = place
    }
  }

  var blockCount: Int { blockSums.count - 1 }

  /// The number of rows shown in a section, the block included.
  func rowCount(inSection k: Int) -> Int {
    sums[k].count - 1 + (k == blockSection ? blockCount : 0)
  }

  /// The height of all rows shown in a section, the block included.
  func rowsExtent(inSection k: Int) -> Double {
    sums[k][sums[k].count - 1] + (k == blockSection ? blockSums[blockCount] : 0)
  }

  /// A shown row's top (relative to the section's first row) and height. O(1).
  func span(ofRow d: Int, inSection k: Int) -> (top: Double, height: Double) {
    let s = sums[k]
    guard k == blockSection, d >= blockRow else { return (s[d], s[d + 1] - s[d]) }
    let j = d - blockRow
    if j < blockCount { return (s[blockRow] + blockSums[j], blockSums[j + 1] - blockSums[j]) }
    let b = d - blockCount
    return (s[b] + blockSums[blockCount], s[b + 1] - s[b])
  }

  /// The shown row whose span holds `local` (relative to the section's first row), if any. O(log n).
  func row(at local: Double, inSection k: Int) -> Int? {
    guard local >= 0, local < rowsExtent(inSection: k) else { return nil }
    let s = sums[k]
    // The base row of a point in a list without the block: the last sum at or before it.
    func baseRow(_ y: Double) -> Int { partitionPoint(s.indices.dropLast()) { s[$0] > y } - 1 }
    guard k == blockSection else { return baseRow(local) }
    let blockTop = s[blockRow]
    if local < blockTop { return baseRow(local) }
    let total = blockSums[blockCount]
    if local < blockTop + total {
      return blockRow + partitionPoint(blockSums.indices.dropLast()) { blockSums[$0] > local - blockTop } - 1
    }
    return baseRow(local - total) + blockCount
  }

  /// The first shown row that ends after `local`, clamped to the section's rows. O(log n).
  func firstRow(endingAfter local: Double, inSection k: Int) -> Int {
    let count = rowCount(inSection: k)
    if local < 0 { return 0 }
    return row(at: local, inSection: k) ?? count
  }

  /// Computes where each section starts, given each section's header height and insets.
  mutating func recomputeStarts(header: Double, top: Double, bottom: Double) {
    let count = sums.count
    if sectionStarts.count != count + 1 { sectionStarts = Array(repeating: 0, count: count + 1) }
    var y = 0.0
    for k in 0..<count {
      sectionStarts[k] = y
      y += header + top + rowsExtent(inSection: k) + bottom
    }
    sectionStarts[count] = y
  }

  /// Replaces the block's rows (shown nowhere until placed).
  /// - Precondition: every height is positive and finite.
  mutating func setBlock(_ block: [Double]) {
    var sums = [0.0]
    sums.reserveCapacity(block.count + 1)
    for h in block {
      precondition(h > 0 && h.isFinite, "row heights must be positive and finite, got \(h)")
      sums.append(sums[sums.count - 1] + h)
    }
    blockSums = sums
    (blockSection, blockRow) = (-1, 0)
  }

  /// Shows the block before a base row of a section, or nowhere.
  mutating func placeBlock(at place: (section: Int, row: Int)?) {
    guard let place, blockCount > 0 else {
      (blockSection, blockRow) = (-1, 0)
      return
    }
    precondition(
      sums.indices.contains(place.section) && (0...sums[place.section].count - 1).contains(place.row),
      "block place \(place) is out of range of the rows")
    (blockSection, blockRow) = place
  }

  /// Gives a section's base rows new heights (the block, if shown there, stays before the same row
  /// index, clamped).
  mutating func setBaseHeights(_ heights: [Double], inSection k: Int) {
    var s = [0.0]
    s.reserveCapacity(heights.count + 1)
    for h in heights {
      precondition(h > 0 && h.isFinite, "row heights must be positive and finite, got \(h)")
      s.append(s[s.count - 1] + h)
    }
    sums[k] = s
    if k == blockSection { blockRow = min(blockRow, heights.count) }
  }

  /// Takes `count` base rows of section `k`, from `row` on, out of the base rows as the block,
  /// shown where they stood (a lift): O(n) additions for the section's rows, no height looked up.
  /// The sums after them are the old ones less the block's total (equal to a rebuild's up to
  /// rounding, none for whole-point heights).
  mutating func liftBlock(section k: Int, row r: Int, count: Int) {
    let s = sums[k]
    precondition(count > 0 && r >= 0 && r + count < s.count, "rows \(r)..<\(r + count) out of range")
    let start = s[r]
    let total = s[r + count] - start
    var block = [0.0]
    block.reserveCapacity(count + 1)
    for j in 1...count { block.append(s[r + j] - start) }
    var rest = Array(s[0...r])
    rest.reserveCapacity(s.count - count)
    for j in (r + count + 1)..<s.count { rest.append(s[j] - total) }
    sums[k] = rest
    blockSums = block
    (blockSection, blockRow) = (k, r)
  }

  /// Makes the block's rows base rows where the block is shown (a drop at the placeholder, a
  /// cancel back home); a block shown nowhere is dropped. O(n) additions for the section's rows.
  mutating func mergeBlock() {
    defer {
      blockSums = [0]
      (blockSection, blockRow) = (-1, 0)
    }
    guard blockSection >= 0, blockCount > 0 else { return }
    let (k, r) = (blockSection, blockRow)
    let s = sums[k]
    let total = blockSums[blockCount]
    var merged = Array(s[0...r])
    merged.reserveCapacity(s.count + blockCount)
    for j in 1...blockCount { merged.append(s[r] + blockSums[j]) }
    for j in (r + 1)..<s.count { merged.append(s[j] + total) }
    sums[k] = merged
  }

  /// Whether two sets of sums lay out the same rows, up to rounding (a check of the O(n)-addition
  /// paths against a rebuild).
  func isClose(to other: ListRowHeights) -> Bool {
    func close(_ a: [Double], _ b: [Double]) -> Bool {
      a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1e-6 * max(1, abs($1)) }
    }
    return sums.count == other.sums.count && zip(sums, other.sums).allSatisfy(close)
      && close(blockSums, other.blockSums) && blockSection == other.blockSection && blockRow == other.blockRow
      && close(sectionStarts, other.sectionStarts)
  }
}
