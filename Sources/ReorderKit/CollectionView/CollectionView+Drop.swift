/// Drag and drop: landing (moves or copies), cancelling, and what the render list shows.
extension CollectionView {
  // MARK: Drop and cancel

  /// Ends a drag and drop: the items land at the shown destination (moved or copied), or, for a
  /// cancel or forbidden proposal or a release outside the view, go back.
  @inlinable mutating func performDrop(at time: Double) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let drag else { return [] }
    var events: [CollectionViewEvent<SectionID, ItemID>] = []
    if case .apply(let t)? = modifySession({ $0.drop.cadence.flush() }) { show(t, at: time, into: &events) }
    guard let target = self.drag?.drop.shown else { return events }
    let inside = Rect(origin: .zero, size: viewSize).contains(drag.pointer)
    guard inside, target.proposal.landsItems, let destination = target.destination else {
      return events + cancelDrop(at: time, operation: inside ? target.proposal.operation : .cancel)
    }
    let items = drag.items
    let dragged = Set(items)
    let position: OutlinePosition<ItemID>
    switch destination {
    case .insertAt(let p): position = p
    case .insertInto(let group):
      guard let section = snapshot.position(of: group)?.section else {
        return events + cancelDrop(at: time, operation: .cancel)
      }
      let children = snapshot.children(of: group)
      position = OutlinePosition(
        section: section, parent: group, index: children.lazy.filter { !dragged.contains($0) }.count)
    }
    let lifted = liftedFrame(of: drag)
    var copies: [ItemID] = []
    let operation = target.proposal.operation
    relayout(at: time) { view in
      let change: Change<SectionID, ItemID>
      if operation == .move {
        change = .moved(view.snapshot.difference(placing: items, at: position))
      } else {
        guard let make = view.policy.identifierForCopy else {
          preconditionFailure("a .copy drop proposal needs policy.identifierForCopy")
        }
        change = view.snapshot.copies(of: items, at: position, skipping: dragged, makeID: make)
        copies = change.difference?.items ?? []
      }
      // A move is derived from the data; a copy's identifiers come from the policy, which may err.
      let inverse =
        operation == .move ? view.commitDerived(change, into: &events) : (try? view.commit(change, into: &events)) ?? []
      view.recordGesture(undo: inverse, difference: change.difference, into: &events)
      view.closeSpringLoaded(keeping: position.parent, into: &events)
      view.finishDrag()
    }
    dropConfiguration.lastDrop = DropResult(
      items: items, operation: operation, destination: destination, copies: copies)
    settle(operation == .copy ? copies : items, from: lifted, at: time)
    announceEnd(of: drag, cancelled: false, into: &events, item: copies.first ?? drag.item)
    events.append(.dropped(drag.item))
    return events
  }

  /// Cancels a drag and drop: nothing changes but the groups spring loading opened, which close.
  @inlinable mutating func cancelDrop(at time: Double, operation: DropOperation) -> [CollectionViewEvent<
    SectionID, ItemID
  >] {
    guard let drag else { return [] }
    let items = drag.items
    let destination = drag.drop.shown.destination
    let lifted = liftedFrame(of: drag)
    var events: [CollectionViewEvent<SectionID, ItemID>] = []
    relayout(at: time) { view in
      view.closeSpringLoaded(keeping: nil, into: &events)
      view.finishDrag()
    }
    dropConfiguration.lastDrop = DropResult(items: items, operation: operation, destination: destination)
    settle(items, from: lifted, at: time)
    announceEnd(of: drag, cancelled: true, into: &events)
    return events + [.cancelled(drag.item)]
  }

  /// Closes the groups spring loading opened, but the one the items were dropped into.
  @inlinable mutating func closeSpringLoaded(
    keeping group: ItemID?, into events: inout [CollectionViewEvent<SectionID, ItemID>]
  ) {
    if case .close(let groups)? = modifySession({ $0.drop.springLoading.end(droppedInto: group) }) {
      for g in groups where snapshot.isGroup(g) { commitDerived(.collapsed(g), into: &events) }
    }
  }

  /// The first item settles from the lifted cell; the others glide from the stack behind it.
  @inlinable mutating func settle(_ items: [ItemID], from lifted: Rect, at time: Double) {
    guard let first = items.first else { return }
    startSettle(first, from: lifted, at: time)
    for (k, id) in items.dropFirst().enumerated() {
      guard let to = frame(of: id) else { continue }
      let d = Double(min(k + 1, 2)) * 4
      animations[id] = ElementAnimation(
        from: lifted.offsetBy(dx: d, dy: d), to: to, start: time, duration: reflowDuration)
    }
  }

  // MARK: Rendering

  /// The highlight behind a group that the items would go into.
  @inlinable func dropHighlightElements() -> [RenderElement<SectionID, ItemID>] {
    guard mode == .dragDrop, let shown = drag?.drop.shown, shown.proposal.landsItems,
      case .insertInto(let group)? = shown.destination,
      let row = outline?.displayedRow(ofGroup: group)
    else { return [] }
    let frame = layout.frame(ofItem: row)
    guard frame.intersects(visibleRect) else { return [] }
    return [RenderElement(kind: .dropHighlight(group), frame: frame.offsetBy(dx: -offset.x, dy: -offset.y))]
  }

  /// The lifted stack: up to two more session items behind the lifted cell, a badge with the
  /// session's count, and the forbidden marker at the pointer.
  @inlinable func dragDropLiftedElements(_ drag: Session, at time: Double) -> [RenderElement<SectionID, ItemID>] {
    var main = liftedElements(drag, at: time)
    guard !main.isEmpty else { return main }
    var result: [RenderElement<SectionID, ItemID>] = []
    let others = drag.items.filter { $0 != drag.item }.prefix(2)
    for (k, id) in others.enumerated().reversed() {
      let d = Double(k + 1) * 4
      result.append(
        RenderElement(
          kind: .item(id), frame: main[0].frame.offsetBy(dx: d, dy: d), scale: main[0].scale, isLifted: true,
          depth: main[0].depth, isExpanded: snapshot.isGroup(id) ? snapshot.isExpanded(id) : nil, lift: main[0].lift))
    }
    if drag.items.count > 1 { main[0].badgeCount = drag.items.count }
    result += main
    if drag.drop.shown.proposal.operation == .forbidden {
      result.append(
        RenderElement(
          kind: .forbidden, frame: Rect(x: drag.pointer.x - 14, y: drag.pointer.y - 14, width: 28, height: 28)))
    }
    return result
  }
}
