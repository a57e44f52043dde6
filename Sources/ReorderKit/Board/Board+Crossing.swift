/// A board's crossing: what it does with the drag machine's answers (``BoardDrag``): a step in the
/// view that holds the items, or the items leaving it (lent by their source, given back by another
/// view) and arriving in the view under the pointer (taken in, resumed at home, or refused).
extension Board {
  /// Performs what the drag says of the pointer over a view: the view that holds the items takes
  /// the step, or the items cross.
  @inlinable mutating func perform(_ action: Drag.PointerAction, time: Double) -> [Event] {
    switch action {
    case .ignored, .none:
      return []
    case .step(let holder, let reportsData):
      // The machine names views of the board only (a removed view leaves the drag first).
      guard let h = index(of: holder) else { preconditionFailure("the drag's holder \(holder) is not on the board") }
      guard case .dragging(let drag) = interaction else { preconditionFailure("a pointer step with no drag") }
      // The view's owner may have ended its drag (a cancel or a new layout through `updateView`):
      // valid use, the step does nothing there. No copy of the view here: one would make the step
      // below copy its storage (O(n)).
      guard _columns[h]._view.isDragging else { return [] }
      let viewEvents = _columns[h]._view.pointerMoved(to: toView(drag.pointer, h), time: time)
      return absorb(holder, reportsData ? viewEvents : viewEvents.filter { !$0.isDataChange })
    case .cross(let view):
      return enter(view.flatMap(index(of:)), keyboardPosition: nil, time: time)
    }
  }

  /// The items leave the view that holds them (the source's own drag waits, away, until the drop)
  /// and enter the view at `target`: at the gap its rule gives for the pointer, or at
  /// `keyboardPosition` (the source's session takes the drag on there). Over no view, or a view
  /// that refuses them, the board holds them.
  ///
  /// The views are read through ``withView(_:_:)`` and ``withColumn(_:_:)``: a query of
  /// `_columns[i]._view` (a getter, a method) copies the whole column first, 2 KB and a retain of
  /// every field of its view.
  @inlinable mutating func enter(_ target: Int?, keyboardPosition: OutlinePosition<ItemID>?, time: Double) -> [Event] {
    guard case .dragging(var drag) = interaction else { preconditionFailure("enter(_:) with no drag") }
    // The board lets go of its drag meanwhile: changing the copy copies none of its tables.
    interaction = .idle
    var events = leave(&drag, time: time)
    defer { interaction = .dragging(drag) }
    var said = Drag.Entry.noGap
    if let target { said = entry(into: target, of: drag, keyboardPosition: keyboardPosition) }
    switch drag.arrive(over: target.map { _columns[$0].id }, said) {
    case .none:
      break
    case .refused(let id):
      events.append(.refused(id))
    case .resume(let id, let position):
      guard let t = index(of: id) else { preconditionFailure("the drag resumes in \(id), not on the board") }
      // The source kept the items: its session takes the drag on.
      let p = toView(drag.pointer, t)
      let place = _columns[t]._view.resumeLentDrag(at: position, pointer: p, keyboard: drag.isKeyboard, time: time)
      announceEntry(into: t, at: place, keyboard: drag.isKeyboard, time: time)
    case .takeIn(let id, let position, let trip):
      guard let t = index(of: id) else { preconditionFailure("the drag enters \(id), not on the board") }
      let p = toView(drag.pointer, t)
      let place = _columns[t]._view.takeIn(
        trip.items, lead: drag.lead, children: trip.children, expanded: trip.expanded, sizes: trip.sizes,
        at: position, pointer: p, grab: trip.grab, size: trip.size, keyboard: drag.isKeyboard, time: time)
      announceEntry(into: t, at: place, keyboard: drag.isKeyboard, time: time)
    }
    return events
  }

  /// What the view at `target` says to the drag's items (which no view holds): its acceptance
  /// rule (a view always takes its own items back), then the gap its rule gives for the pointer,
  /// or `keyboardPosition`.
  @inlinable mutating func entry(
    into target: Int, of drag: Drag, keyboardPosition: OutlinePosition<ItemID>?
  ) -> Drag.Entry {
    let items = drag.items
    let source = drag.source
    let accepted = withColumn(target) { $0.accepts.accepts(items, from: source, count: $0._view.itemCount) }
    guard _columns[target].id == source || accepted else { return .refuses }
    let isGroup = drag.carriesGroup
    let p = toView(drag.pointer, target)
    guard
      let position = keyboardPosition ?? withView(target, { $0.entryPosition(at: p, draggingGroup: isGroup) })
    else { return .noGap }
    return .gap(position)
  }

  /// Announces items entering the view at `t` ("Moved to Doing, position 3 of 5."), at the place
  /// the view said its gap opened: held back as the pointer's placeholder moves are, or now for
  /// the keyboard.
  @inlinable mutating func announceEntry(into t: Int, at place: SpokenPlace?, keyboard: Bool, time: Double) {
    guard let place else { return }
    let text = movedToView(name(of: _columns[t].id), place)
    withView(t) { $0.announceBoardMove(text, keyboard: keyboard, time: time) }
  }

  /// The items leave the view that holds them (see ``BoardDrag/leave()``). The source keeps them
  /// in its data until the drop (its session waits, away: see ``CollectionView/lendDrag(time:)``);
  /// another view takes them out. The first time, the board notes where they stand in the
  /// source, to report the drop and to put them back on undo (the drag's trip).
  @discardableResult
  @inlinable mutating func leave(_ drag: inout Drag, time: Double) -> [Event] {
    perform(drag.leave(), of: &drag, time: time)
  }

  /// Performs how the items leave what holds them (see ``BoardDrag/Leave``).
  @discardableResult
  @inlinable mutating func perform(_ leave: Drag.Leave, of drag: inout Drag, time: Double) -> [Event] {
    switch leave {
    case .nothing:
      return []
    case .lend(let source, first: true):
      guard let h = index(of: source) else { preconditionFailure("the source of a drag is on the board") }
      // No copy of the view or its data outlives its use: the view changes below.
      let held = withView(h) { $0.boardDragHold } ?? (drag.items, .zero, .zero)
      // A live drag's steps were saved: taking them back is reported, so the owner's data follows.
      // (A source whose session new data ended has nothing to lend.)
      let events: [Event] =
        withView(h, { $0.isDragging }) ? _columns[h]._view.lendDrag(time: time).map { .view(source, $0) } : []
      let data = withView(h) { $0.snapshot }
      // The items' own sizes travel with them (a flow grid's cells, a list's rows).
      let sizes = withView(h) { $0.itemSizes }
      drag.lent(Drag.Trip(lending: held.items, grab: held.grab, size: held.size, in: data, sizes: sizes))
      return events
    case .lend(let source, first: false):
      if let h = index(of: source), withView(h, { $0.isDragging }) { _columns[h]._view.lendDrag(time: time) }
      return []
    case .giveBack(let view):
      let items = drag.items
      if let h = index(of: view) { _ = _columns[h]._view.abandonDragAndTakeOut(time: time) { _ in items } }
      return []
    }
  }
}
