extension CollectionView {
  /// Runs a change to the arrangement and animates the visible items from where they are shown
  /// now to their new frames, keyed by identity.
  /// - Complexity: O(v log n) for v visible items, plus the change itself.
  @inlinable mutating func relayout(at time: Double, _ change: (inout Self) -> Void) {
    let margin = Swift.max(viewSize.width, viewSize.height) / 2
    let scan = Rect(
      x: motion.offset.x - margin, y: motion.offset.y - margin, width: viewSize.width + 2 * margin,
      height: viewSize.height + 2 * margin)
    let paths = geometry.layout.items(in: scan)
    let arrangement = shown
    var before = [ItemID: Rect](minimumCapacity: paths.count)
    for path in paths {
      guard let id = displayedItem(at: path, in: arrangement) else { continue }
      before[id] = motion.animations[id]?.frame(at: time) ?? geometry.layout.frame(ofItem: path)
    }
    var headersBefore: [SectionID: Rect] = [:]
    for s in headerSections(in: scan) {
      let id = snapshot.sections[s].id
      headersBefore[id] = motion.headerAnimations[id]?.frame(at: time) ?? geometry.layout.frame(ofHeader: s)
    }
    change(&self)
    for s in headerSections(in: scan) {
      let id = snapshot.sections[s].id
      guard let from = headersBefore.removeValue(forKey: id), let to = geometry.layout.frame(ofHeader: s) else {
        continue
      }
      if from == to {
        motion.headerAnimations[id] = nil
      } else if motion.headerAnimations[id]?.to != to {
        motion.headerAnimations[id] = ElementAnimation(from: from, to: to, start: time, duration: motion.reflowDuration)
      }
    }
    guard !before.isEmpty else { return }
    let after = shown
    for path in geometry.layout.items(in: scan) {
      guard let id = displayedItem(at: path, in: after), let from = before[id] else { continue }
      let to = geometry.layout.frame(ofItem: path)
      if from == to {
        motion.animations[id] = nil
      } else if motion.animations[id]?.to != to {
        motion.animations[id] = ElementAnimation(from: from, to: to, start: time, duration: motion.reflowDuration)
      }
    }
  }

  /// The sections whose headers intersect a rectangle (content coordinates), in order.
  /// - Complexity: O(log s + k) for s sections and k returned.
  @inlinable func headerSections(in rect: Rect) -> [Int] {
    let count = geometry.layout.numberOfSections
    guard count > 0, geometry.layout.frame(ofHeader: 0) != nil else { return [] }
    let vertical: Bool
    if case .grid(let g) = geometry.layout {
      vertical = g.configuration.scrollDirection == .vertical
    } else {
      vertical = true
    }
    let lower = vertical ? rect.minY : rect.minX
    let upper = vertical ? rect.maxY : rect.maxX
    // The first section whose area ends after the rectangle starts.
    var first = partitionPoint(0..<count) { s in
      let area = geometry.layout.frame(ofSection: s)
      return (vertical ? area.maxY : area.maxX) > lower
    }
    var result: [Int] = []
    while first < count {
      guard let header = geometry.layout.frame(ofHeader: first) else { break }
      if (vertical ? header.minY : header.minX) >= upper { break }
      if header.intersects(rect) { result.append(first) }
      first += 1
    }
    return result
  }

  /// The elements to draw at a moment, back to front, in view coordinates.
  ///
  /// ```swift
  /// let list = view.renderList(at: now)
  /// for element in list.elements { draw(element) }
  /// ```
  /// - Complexity: O(v + log n) for v visible elements.
  @inlinable public func renderList(at time: Double) -> RenderList<SectionID, ItemID> {
    var elements: [RenderElement<SectionID, ItemID>] = []
    let visible = visibleRect
    let dx = -motion.offset.x
    let dy = -motion.offset.y
    // Headers at the back, gliding with their sections; then what is fading out.
    let margin = Swift.max(viewSize.width, viewSize.height) / 2
    let scan = Rect(
      x: visible.minX - margin, y: visible.minY - margin, width: visible.width + 2 * margin,
      height: visible.height + 2 * margin)
    for s in headerSections(in: scan) {
      let id = snapshot.sections[s].id
      let animation = motion.headerAnimations[id]
      guard let slot = geometry.layout.frame(ofHeader: s) else { continue }
      let header = animation?.frame(at: time) ?? slot
      guard header.intersects(visible) else { continue }
      elements.append(
        RenderElement(
          kind: .header(id), frame: header.offsetBy(dx: dx, dy: dy), alpha: animation?.alpha(at: time) ?? 1))
    }
    for ghost in motion.ghosts where time < ghost.animation.start + ghost.animation.duration {
      let a = ghost.animation
      elements.append(
        RenderElement(
          kind: ghost.kind, frame: a.frame(at: time).offsetBy(dx: dx, dy: dy), alpha: a.alpha(at: time),
          scale: a.scale(at: time), depth: ghost.depth))
    }
    // Cells, including ones gliding in from just outside the view.
    var moving: [RenderElement<SectionID, ItemID>] = []
    let shown = shown
    for path in geometry.layout.items(in: scan) {
      let slotFrame = geometry.layout.frame(ofItem: path)
      guard let id = displayedItem(at: path, in: shown) else {
        if slotFrame.intersects(visible) {
          elements.append(
            RenderElement(kind: .gap, frame: slotFrame.offsetBy(dx: dx, dy: dy), depth: depth(at: path, in: shown)))
        }
        continue
      }
      if let settle = motion.settle, settle.item == id { continue }
      let animation = motion.animations[id]
      let frame = animation?.frame(at: time) ?? slotFrame
      guard frame.intersects(visible) else { continue }
      let element = RenderElement<SectionID, ItemID>(
        kind: .item(id), frame: frame.offsetBy(dx: dx, dy: dy), alpha: animation?.alpha(at: time) ?? 1,
        scale: animation?.scale(at: time) ?? 1, depth: depth(at: path, in: shown),
        isExpanded: snapshot.isGroup(id) ? snapshot.isExpanded(id) : nil)
      // Cells in motion are drawn above resting ones so that they slide over, not under.
      if animation != nil { moving.append(element) } else { elements.append(element) }
    }
    // A drop target's highlight is translucent: over its (opaque) row, under the cells in motion.
    elements += dropHighlightElements()
    elements += moving
    if let settle = motion.settle {
      let a = settle.animation
      elements.append(
        RenderElement(
          kind: .item(settle.item), frame: a.frame(at: time).offsetBy(dx: dx, dy: dy), scale: a.scale(at: time),
          isLifted: true, depth: snapshot.parent(of: settle.item) == nil ? 0 : 1,
          isExpanded: snapshot.isGroup(settle.item) ? snapshot.isExpanded(settle.item) : nil,
          lift: 1 - a.progress(at: time)))
    }
    if let drag, !drag.isAway {
      elements += drag.rules.proposesDrops ? dragDropLiftedElements(drag, at: time) : liftedElements(drag, at: time)
    }
    if let ring = focusRingFrame(in: elements) { elements.append(RenderElement(kind: .focusRing, frame: ring)) }
    markContentChanges(in: &elements, at: time)
    return RenderList(
      contentOffset: motion.offset, viewSize: viewSize, contentSize: geometry.layout.contentSize, elements: elements,
      isAnimating: (drag.map { !$0.isAway } ?? false) || motion.settle != nil || !motion.animations.isEmpty
        || !motion.headerAnimations.isEmpty
        || !motion.ghosts.isEmpty || !motion.contentFades.isEmpty
        || motion.scrollAnimation != nil || longPress.isPending)
  }

  /// The frame of the keyboard focus ring: around the focused cell as drawn (lifted, settling or at rest).
  @inlinable func focusRingFrame(in elements: [RenderElement<SectionID, ItemID>]) -> Rect? {
    guard let focus = access.focus else { return nil }
    guard let cell = elements.last(where: { $0.kind == .item(focus) }) else { return nil }
    let f = cell.frame
    let w = f.width * cell.scale
    let h = f.height * cell.scale
    return Rect(x: f.midX - w / 2 - 3, y: f.midY - h / 2 - 3, width: w + 6, height: h + 6)
  }

  /// The lifted cell (and, for a group in a list, its children) following the pointer, on top.
  @inlinable func liftedElements(_ drag: Session, at time: Double) -> [RenderElement<SectionID, ItemID>] {
    let lift = TimingCurve.easeInOut.value(at: (time - drag.liftTime) / 0.15)
    let scale = 1 + (motion.liftedScale - 1) * lift
    let base = liftedFrame(of: drag).offsetBy(dx: -motion.offset.x, dy: -motion.offset.y)
    var rows: [(ItemID, Int)] = [(drag.item, snapshot.parent(of: drag.item) == nil ? 0 : 1)]
    if outline != nil, snapshot.isGroup(drag.item), snapshot.isExpanded(drag.item) {
      rows += snapshot.children(of: drag.item).map { ($0, 1) }
    }
    return rows.enumerated().map { i, row in
      RenderElement(
        kind: .item(row.0), frame: base.offsetBy(dx: 0, dy: Double(i) * base.height), scale: scale, isLifted: true,
        depth: row.1, isExpanded: snapshot.isGroup(row.0) ? snapshot.isExpanded(row.0) : nil, lift: lift)
    }
  }

  @inlinable func depth(at path: ItemPath, in shown: Arrangement?) -> Int {
    guard case .rows(let rows)? = shown else { return 0 }
    switch rows.slot(section: path.section, row: path.item) {
    case .row(let row): return row.depth
    case .block(let i): return rows.block[i].depth
    }
  }
}
