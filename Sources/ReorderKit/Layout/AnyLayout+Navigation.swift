/// Moving through the slots of a layout in reading order, by line and to the edges of sections:
/// the geometry behind the keyboard (focus and placeholder moves), apart from what each key means.
extension AnyLayout {
  /// The first slot of the first section from `section` on (or back from it) that has one.
  @inlinable func firstSlot(from section: Int, forward: Bool) -> ItemPath? {
    var s = section
    while s >= 0 && s < numberOfSections {
      let count = numberOfItems(inSection: s)
      if count > 0 { return ItemPath(item: forward ? 0 : count - 1, section: s) }
      s += forward ? 1 : -1
    }
    return nil
  }

  /// The next or previous slot in reading order, across sections. With `includingEmpty` (a
  /// placeholder), an empty section's only slot counts, and a section's end is a slot of its own.
  @inlinable func neighbour(of slot: ItemPath, forward: Bool, includingEmpty: Bool = false) -> ItemPath? {
    let count = numberOfItems(inSection: slot.section)
    let item = slot.item + (forward ? 1 : -1)
    if item >= 0 && item < count { return ItemPath(item: item, section: slot.section) }
    guard includingEmpty else { return firstSlot(from: slot.section + (forward ? 1 : -1), forward: forward) }
    // A placeholder entering another section: its first slot going forward, its end going back
    // (that section then shows one more slot).
    let next = slot.section + (forward ? 1 : -1)
    guard next >= 0, next < numberOfSections else { return nil }
    return ItemPath(item: forward ? 0 : numberOfItems(inSection: next), section: next)
  }

  /// The first or last slot of a section; from there, of the previous or next section.
  @inlinable func edge(of slot: ItemPath, end: Bool, includingEmpty: Bool = false) -> ItemPath? {
    let count = numberOfItems(inSection: slot.section)
    let target = ItemPath(item: end ? max(count - 1, 0) : 0, section: slot.section)
    if target != slot { return target }
    return neighbour(of: slot, forward: end, includingEmpty: includingEmpty).flatMap { next in
      includingEmpty
        ? ItemPath(
          item: end ? max(numberOfItems(inSection: next.section), 0) : 0, section: next.section)
        : edge(of: next, end: end)
    }
  }

  /// The slot one line down or up (a row in a vertical grid, a column in a horizontal one) nearest
  /// across to this one; past the section's first or last line, the next or previous section's.
  /// - Complexity: O(k) for k slots in the lines passed.
  @inlinable func line(from slot: ItemPath, down: Bool, includingEmpty: Bool = false) -> ItemPath? {
    let vertical: Bool
    if case .grid(let g) = self { vertical = g.configuration.scrollDirection == .vertical } else { vertical = true }
    func main(_ r: Rect) -> (lo: Double, hi: Double, cross: Double) {
      vertical ? (r.minY, r.maxY, r.midX) : (r.minX, r.maxX, r.midY)
    }
    let here = main(frame(ofItem: slot))
    var best: (slot: ItemPath, distance: Double)?
    var lineEdge: Double?
    var s = slot.section
    var i = slot.item
    while true {
      i += down ? 1 : -1
      if i < 0 || i >= numberOfItems(inSection: s) {
        if best != nil { break }
        s += down ? 1 : -1
        guard s >= 0, s < numberOfSections else { break }
        let count = numberOfItems(inSection: s)
        if count == 0 {
          // An empty section: a placeholder may stand in it; the focus passes it by.
          if includingEmpty { return ItemPath(item: 0, section: s) }
          i = down ? -1 : 0
          continue
        }
        i = down ? 0 : count - 1
      }
      let candidate = ItemPath(item: i, section: s)
      let there = main(frame(ofItem: candidate))
      let beyond = down ? there.lo >= here.hi - 0.5 : there.hi <= here.lo + 0.5
      guard beyond else { continue }
      // Past the first line found (items of a flow line are centred, so lines are told apart by overlap).
      if let edge = lineEdge, down ? there.lo >= edge - 0.5 : there.hi <= edge + 0.5 { break }
      if lineEdge == nil { lineEdge = down ? there.hi : there.lo }
      let distance = abs(there.cross - here.cross)
      if distance < best?.distance ?? .infinity { best = (candidate, distance) }
    }
    return best?.slot
  }
}
