/// The end of a drag on a board: a drop where the gap is (one gesture, one undo step, one
/// difference naming the view), or a cancel that puts the items back where they stood.
extension Board {
  /// Ends the drag: the items land where the view that holds them drops them (its own drop: the
  /// target rule, the policy, drag-and-drop proposals), or go back over no view.
  /// - Parameter release: the holder's own release (a pointer up, or Space/Enter).
  @inlinable mutating func finishDrag(
    time: Double, release: (inout View, Point, Double) -> [CollectionViewEvent<SectionID, ItemID>]
  ) -> [Event] {
    guard case .dragging(let drag) = interaction else { return [] }
    let holder: ViewID
    let trip: Drag.Trip
    switch drag.release() {
    case .source(let source):
      guard let s = index(of: source) else { return [] }
      let p = toView(drag.pointer, s)
      let viewEvents = release(&_columns[s]._view, p, time)
      let events = absorb(source, viewEvents)
      if isDragging, !_columns[s]._view.isDragging {
        // The view ended its drag without a word (nothing to drop): the board's ends too.
        interaction = .idle
        autoScroll.stop()
      }
      return events
    case .cancel:
      return cancelAcross(time: time)
    case .drop(let view, let t):
      (holder, trip) = (view, t)
    }
    guard let h = index(of: holder) else { return cancelAcross(time: time) }
    // A pointer released before the entry's "Moved to <view>" was spoken: the drop names the view.
    let unspoken = holder != drag.source && _columns[h]._view.access.speech.held != nil
    let viewEvents: [CollectionViewEvent<SectionID, ItemID>]
    switch _columns[h]._view.releaseCrossing(at: toView(drag.pointer, h), time: time, release) {
    case .copied(let events):
      return finishCopyAcross(drag, into: h, events, time: time)
    case .released(let events):
      viewEvents = events
    }
    if viewEvents.contains(where: { if case .cancelled = $0 { true } else { false } }) {
      return cancelAcross(time: time)
    }
    if viewEvents.contains(where: { if case .dropFailed = $0 { true } else { false } }) {
      // A copy the policy could not name: nothing moves; the view says why, and ends the drag.
      let said = viewEvents.filter {
        switch $0 {
        case .announcement, .dropFailed: true
        default: false
        }
      }
      let back = cancelAcross(time: time).filter { $0 != .view(drag.source, .cancelled(drag.lead)) }
      return back + said.map { .view(holder, $0) }
    }
    if _columns[h]._view.isDragging { return [] }
    interaction = .idle
    autoScroll.stop()
    var events: [Event] = []
    let data = _columns[h]._view.snapshot
    let landed = trip.items.filter(data.contains)
    if holder != drag.source, let s = index(of: drag.source) {
      // The source kept the items until now: its session ends, and they leave its data.
      _ = _columns[s]._view.abandonDragAndTakeOut(time: time) { _ in landed }
    }
    let final = data.placements(of: landed, skipping: Set(landed))
    let finalPositions = Dictionary(
      uniqueKeysWithValues: landed.compactMap { id in data.position(of: id).map { (id, $0) } })
    let unchanged =
      holder == drag.source && landed.count == trip.items.count
      && landed.allSatisfy { finalPositions[$0] == trip.homePositions[$0] }
    if !unchanged {
      events += movesAcross(
        landed, from: drag.source, trip.homePositions, to: holder, finalPositions)
      let step = Across(
        items: landed, from: [(drag.source, trip.home)],
        to: final.map { d in (holder, [Change.inserted(d, children: trip.children, expanded: trip.expanded)]) },
        sizes: trip.sizes)
      history.undo.append(.across(step))
      history.redo = []
      for d in final { events.append(.view(holder, .changed(.moved(d)))) }
      for d in final { events.append(.view(holder, .committed(d))) }
    }
    if drag.isKeyboard, holder != drag.source, landed.contains(drag.lead) {
      // The keyboard's focus goes with the item into the view it landed in (without a word: the
      // drop is what is said), so that the next key moves on from there.
      for i in _columns.indices where i != h { _columns[i]._view.access.focus = nil }
      _columns[h]._view.access.focus = drag.lead
    }
    for event in viewEvents {
      switch event {
      case .announcement where unspoken && !unchanged:
        guard let place = _columns[h]._view.spokenPlace(ofItem: drag.lead) else { continue }
        events.append(.view(holder, .announcement(movedToView(name(of: holder), place))))
      case .announcement, .dropped: events.append(.view(holder, event))
      default: continue
      }
    }
    return events
  }

  /// A copy dropped after the items visited another view (the drag-and-drop policy of the view
  /// under the pointer proposed `.copy`): the copies stay where the view put them, the originals
  /// stay in their source, which kept them. The view's own
  /// step (the copies in, and out on undo) is the board's undo step, and its events (the copies'
  /// change and difference, the announcement, the drop) are reported as they are.
  @inlinable mutating func finishCopyAcross(
    _ drag: Drag, into h: Int, _ viewEvents: [CollectionViewEvent<SectionID, ItemID>], time: Double
  ) -> [Event] {
    interaction = .idle
    autoScroll.stop()
    // Back in their source, the originals never left: its own drop made the copies.
    if _columns[h].id != drag.source {
      let originals = withView(h) { view in drag.items.filter(view.snapshot.contains) }
      _columns[h]._view.takeOut(originals, time: time)
      if let s = index(of: drag.source), withView(s, { $0.drag?.isAway ?? false }) {
        _columns[s]._view.returnLentItems(time: time)
      }
    }
    history.undo.append(.view(_columns[h].id))
    history.redo = []
    return viewEvents.map { .view(_columns[h].id, $0) }
  }

  /// Cancels a drag whose items left the source: the view they visit lets them go, and the source,
  /// which kept them in its data, shows them where they stand.
  @inlinable mutating func cancelAcross(time: Double) -> [Event] {
    guard case .dragging(var drag) = interaction else { return [] }
    var events = leave(&drag, time: time)
    interaction = .idle
    autoScroll.stop()
    guard let s = index(of: drag.source) else { return events }
    // The source kept the items: they are shown where they stood (unless new data ended its session).
    let place =
      withView(s, { $0.drag?.isAway ?? false })
      ? _columns[s]._view.returnLentItems(time: time) : withView(s, { $0.spokenPlace(ofItem: drag.lead) })
    let view = _columns[s]._view
    if let place {
      let name = view.announcer.itemName(drag.lead)
      events.append(.view(drag.source, .announcement(view.announcer.cancelled(name, place))))
    }
    events.append(.view(drag.source, .cancelled(drag.lead)))
    return events
  }

  /// The UIKit moves that take items, one at a time in order, from where they stood to where they
  /// stand now: each removed at `from`, then inserted at `to` (counted after the removal), so
  /// replaying them in order on the data before gives the data after.
  @inlinable func movesAcross(
    _ items: [ItemID], from source: ViewID, _ start: [ItemID: OutlinePosition<ItemID>], to destination: ViewID,
    _ end: [ItemID: OutlinePosition<ItemID>]
  ) -> [Event] {
    guard let s = index(of: source), let d = index(of: destination) else { return [] }
    let travelling = Set(items)
    // The containers are followed by arithmetic, not copied: each one's count of items that do
    // not travel, and the travelling items' indices in it (O(k²) for k items, not O(n)).
    func baseCount(_ i: Int, _ key: ContainerKey) -> Int {
      let data = _columns[i]._view.snapshot
      guard key.section < data.numberOfSections else { return 0 }
      if let parent = key.parent { return data.children(of: parent).lazy.filter { !travelling.contains($0) }.count }
      let present = travelling.lazy.filter { id in
        data.position(of: id).map { $0.section == key.section && $0.parent == nil } ?? false
      }.count
      return data.numberOfItems(inSection: key.section) - present
    }
    var counts: [ContainerKey: Int] = [:]
    var placed: [ItemID: (key: ContainerKey, index: Int)] = [:]
    func insert(_ id: ItemID, _ key: ContainerKey, at j: Int) {
      for (other, p) in placed where p.key == key && p.index >= j { placed[other] = (key, p.index + 1) }
      placed[id] = (key, j)
      counts[key, default: 0] += 1
    }
    func remove(_ id: ItemID) {
      guard let (key, i) = placed.removeValue(forKey: id) else { return }
      for (other, p) in placed where p.key == key && p.index > i { placed[other] = (key, p.index - 1) }
      counts[key, default: 0] -= 1
    }
    // The containers as they stood: the items back at their old indices.
    for id in items.sorted(by: { (start[$0]?.index ?? 0) < (start[$1]?.index ?? 0) }) {
      guard let p = start[id] else { continue }
      let key = ContainerKey(view: source, section: p.section, parent: p.parent)
      if counts[key] == nil { counts[key] = baseCount(s, key) }
      insert(id, key, at: min(p.index, counts[key]!))
    }
    var events: [Event] = []
    // In the order the items end in (so each lands after those placed before it), each one's index
    // stepping over the travelling items still waiting to move out before it: the moves, replayed
    // one after another, give the data (several items landing in their own container included).
    var waiting = Set(items)
    for id in items.sorted(by: { (end[$0]?.index ?? 0) < (end[$1]?.index ?? 0) }) {
      waiting.remove(id)
      guard let from = start[id], let to = end[id] else { continue }
      let fromKey = ContainerKey(view: source, section: from.section, parent: from.parent)
      let toKey = ContainerKey(view: destination, section: to.section, parent: to.parent)
      if counts[toKey] == nil { counts[toKey] = baseCount(d, toKey) }
      guard let (key, i) = placed[id], key == fromKey else { continue }
      remove(id)
      var j = to.index
      for w in placed.filter({ waiting.contains($0.key) && $0.value.key == toKey }).map { $0.value.index }.sorted()
      where w < j {
        j += 1
      }
      j = min(j, counts[toKey]!)
      insert(id, toKey, at: j)
      let a = OutlinePosition(section: from.section, parent: from.parent, index: i)
      let b = OutlinePosition(section: to.section, parent: to.parent, index: j)
      if source == destination {
        if a != b { events.append(.view(source, .moved(id, from: a, to: b))) }
      } else {
        events.append(
          .moved(id, from: BoardPosition(view: source, position: a), to: BoardPosition(view: destination, position: b)))
      }
    }
    return events
  }
}

extension Board {
  /// A section's top level or a group, in one view.
  @usableFromInline struct ContainerKey: Hashable {
    @usableFromInline var view: ViewID
    @usableFromInline var section: Int
    @usableFromInline var parent: ItemID?

    @inlinable init(view: ViewID, section: Int, parent: ItemID?) {
      self.view = view
      self.section = section
      self.parent = parent
    }
  }
}
