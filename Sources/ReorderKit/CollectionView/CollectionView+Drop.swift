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
    // A release outside the view cancels; a keyboard drag is never outside (its cell follows the
    // placeholder as the view scrolls to it: an entry from elsewhere below what a long view shows, or an
    // accessibility "Move to <view>", dropped before the scroll has brought the cell into view).
    let inside = drag.isKeyboard || Rect(origin: .zero, size: viewSize).contains(drag.pointer)
    // Items that entered appended stand where they entered unless the drop moves them.
    if !(inside && target.proposal.landsItems && target.proposal.operation == .move) {
      placeAppendedItems(at: drag.start)
    }
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
    let operation = target.proposal.operation
    let change: Change<SectionID, ItemID>
    var copies: [ItemID] = []
    if operation == .move {
      // Appended items are placed first (then the move finds them in place).
      placeAppendedItems(at: position)
      change = .moved(snapshot.difference(placing: items, at: position))
    } else {
      // A copy's identifiers come from the policy, which may err: the drop fails, and says why.
      do throws(ChangeError) {
        guard let make = policy.identifierForCopy else { throw .noIdentifierForCopy }
        let made = try snapshot.copies(of: items, at: position, skipping: dragged, makeID: make)
        change = made.change
        copies = change.difference?.items ?? []
        // A copy in a grid without columns takes its original's size.
        for (copy, original) in made.originals { if let size = itemSizes[original] { geometry.itemSizes[copy] = size } }
      } catch {
        return events + cancelDrop(at: time, operation: operation, failure: error)
      }
    }
    let ended = end(
      .dropped(settling: operation == .copy ? copies : items, from: lifted, spoken: copies.first ?? drag.item),
      time: time
    ) {
      view, events in
      // Derived from the data (a move), or checked above (a copy's new identifiers): it applies.
      let inverse = view.commitDerived(change, into: &events)
      view.recordGesture(undo: inverse, difference: change.difference, into: &events)
      view.closeSpringLoaded(keeping: position.parent, into: &events)
    }
    dropConfiguration.lastDrop = DropResult(
      items: items, operation: operation, destination: destination, copies: copies)
    return events + ended
  }

  /// Cancels a drag and drop: nothing changes but the groups spring loading opened, which close.
  /// With a failure (a copy the policy could not name), the drag ends with
  /// ``CollectionViewEvent/dropFailed(_:_:)`` instead of ``CollectionViewEvent/cancelled(_:)``.
  @inlinable mutating func cancelDrop(
    at time: Double, operation: DropOperation, failure: ChangeError? = nil
  ) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let drag else { return [] }
    let items = drag.items
    let destination = drag.drop.shown.destination
    let lifted = liftedFrame(of: drag)
    let events = end(.cancelled(settling: items, from: lifted, failure: failure), time: time) { view, events in
      view.closeSpringLoaded(keeping: nil, into: &events)
    }
    dropConfiguration.lastDrop = DropResult(items: items, operation: operation, destination: destination)
    return events
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
      motion.animations[id] = ElementAnimation(
        from: lifted.offsetBy(dx: d, dy: d), to: to, start: time, duration: motion.reflowDuration)
    }
  }

  // MARK: Rendering

  /// The highlight behind a group that the items would go into.
  @inlinable func dropHighlightElements() -> [RenderElement<SectionID, ItemID>] {
    guard let shown = dropSession?.drop.shown, shown.proposal.landsItems,
      case .insertInto(let group)? = shown.destination,
      let row = outline?.displayedRow(ofGroup: group)
    else { return [] }
    let frame = geometry.layout.frame(ofItem: row)
    guard frame.intersects(visibleRect) else { return [] }
    return [
      RenderElement(kind: .dropHighlight(group), frame: frame.offsetBy(dx: -motion.offset.x, dy: -motion.offset.y))
    ]
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
