extension GridLayout {
  public func itemPath(at point: Point) -> ItemPath? {
    guard point.isFinite, let k = section(at: point), counts[k] > 0 else { return nil }
    let (m, c) = axes(point)
    let local = m - itemsBase(k)
    guard local >= 0 else { return nil }
    if fixed {
      // Arithmetic gives the candidate; the frames decide, so edges agree with `frame(ofItem:)`.
      let line = clampedIndex(local / (itemMain + configuration.lineSpacing), 0, Int.max / 2)
      let pos = clampedIndex((c - crossLead) / (itemCross + configuration.itemSpacing), 0, perLine)
      for l in max(line - 1, 0)...max(line + 1, 0) {
        for p in max(pos - 1, 0)...max(pos + 1, 0) where p < perLine {
          let i = l * perLine + p
          guard i < counts[k] else { break }
          let path = ItemPath(item: i, section: k)
          if frame(ofItem: path).contains(point) { return path }
        }
      }
      return nil
    }
    let flow = flows[k]
    let line = partitionPoint(flow.lineMains.indices) { flow.lineMains[$0] > local } - 1
    guard line >= 0 else { return nil }
    let start = flow.lineStarts[line]
    let end = line + 1 < flow.lineStarts.count ? flow.lineStarts[line + 1] : flow.frames.count
    let cross = c - crossLead
    let i = partitionPoint(start..<end) { flow.frames[$0].cross > cross } - 1
    guard i >= start else { return nil }
    let path = ItemPath(item: i, section: k)
    return frame(ofItem: path).contains(point) ? path : nil
  }

  public func isAfterLastItem(_ point: Point, inSection section: Int) -> Bool {
    let count = counts[section]
    guard count > 0 else { return true }
    let (m, c) = axes(point)
    let last = frame(ofItem: ItemPath(item: count - 1, section: section))
    let (lastMain, lastCross) = vertical ? (last.minY, last.minX) : (last.minX, last.minY)
    let lastCrossEnd = lastCross + (vertical ? last.width : last.height)
    // The band of the last line along the main axis.
    let lineStart: Double
    let lineEnd: Double
    if fixed {
      lineStart = lastMain
      lineEnd = lastMain + itemMain
    } else {
      let flow = flows[section]
      let base = itemsBase(section)
      lineStart = base + flow.lineMains[flow.lineMains.count - 1]
      lineEnd = lineStart + flow.lineThickness[flow.lineThickness.count - 1]
    }
    if m >= lineEnd { return true }
    return m >= lineStart && c >= lastCrossEnd
  }

  public func items(in rect: Rect) -> [ItemPath] {
    guard !counts.isEmpty else { return [] }
    let (minMain, maxMain, minCross, maxCross) =
      vertical ? (rect.minY, rect.maxY, rect.minX, rect.maxX) : (rect.minX, rect.maxX, rect.minY, rect.maxY)
    var result: [ItemPath] = []
    var k = max(0, partitionPoint(sectionStarts.indices.dropLast()) { sectionStarts[$0] > minMain } - 1)
    while k < counts.count, sectionStarts[k] < maxMain {
      defer { k += 1 }
      guard counts[k] > 0, sectionStarts[k + 1] > minMain else { continue }
      let base = itemsBase(k)
      if fixed {
        let pitch = itemMain + configuration.lineSpacing
        let lines = (counts[k] + perLine - 1) / perLine
        let first = clampedIndex((minMain - base) / pitch, 0, lines)
        let last = clampedIndex((maxMain - base) / pitch, -1, lines - 1)
        guard first <= last else { continue }
        let crossPitch = itemCross + configuration.itemSpacing
        let firstPos = clampedIndex((minCross - crossLead) / crossPitch, 0, perLine)
        let lastPos = clampedIndex((maxCross - crossLead) / crossPitch, -1, perLine - 1)
        guard firstPos <= lastPos else { continue }
        // One allocation for the lines in view, not one per doubling of the array.
        result.reserveCapacity(result.count + (last - first + 1) * (lastPos - firstPos + 1))
        for line in first...last {
          for pos in firstPos...lastPos {
            let i = line * perLine + pos
            guard i < counts[k] else { break }
            let path = ItemPath(item: i, section: k)
            if frame(ofItem: path).intersects(rect) { result.append(path) }
          }
        }
      } else {
        let flow = flows[k]
        let local = minMain - base
        var line = max(0, partitionPoint(flow.lineMains.indices) { flow.lineMains[$0] > local } - 1)
        while line < flow.lineStarts.count, base + flow.lineMains[line] < maxMain {
          let start = flow.lineStarts[line]
          let end = line + 1 < flow.lineStarts.count ? flow.lineStarts[line + 1] : flow.frames.count
          for i in start..<end {
            let path = ItemPath(item: i, section: k)
            if frame(ofItem: path).intersects(rect) { result.append(path) }
          }
          line += 1
        }
      }
    }
    return result
  }
}

/// ⌊x⌋ clamped to `lower...upper`, computed before converting so that huge or non-finite
/// coordinates (a view a billion screens tall) never trap.
@inline(__always)
func clampedIndex(_ x: Double, _ lower: Int, _ upper: Int) -> Int {
  let f = x.rounded(.down)
  guard f == f else { return lower }  // NaN
  if f <= Double(lower) { return lower }
  if f >= Double(upper) { return upper }
  return Int(f)
}
