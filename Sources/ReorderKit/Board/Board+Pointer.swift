/// The pointer on a board: a press goes to the view under it; a lifted item follows the pointer
/// across views. Within the view it was lifted in, the view runs the drag as its own (version 2,
/// unchanged); the first step into another view closes the gap in the one that holds them (the
/// source keeps them in its data until the drop; another view lets them go) and takes them into the
/// new one at the gap its rule gives, where that view runs the drag on.
extension Board {
  /// The pointer (mouse button, finger or pen) went down, in window coordinates.
  ///
  /// A card or a column's header lifts on a long press (0.5 s within 10 pt); with
  /// `pointer: .mouse`, also as soon as the pointer moves 4 pt with the button down (see
  /// ``PointerKind``).
  ///
  /// ```swift
  /// _ = board.pointerDown(at: Point(x: 150, y: 22), time: 0, pointer: .mouse)
  /// _ = board.pointerMoved(to: Point(x: 154, y: 22), time: 0.05)  // [.view("todo", .lifted("a")), …]
  /// ```
  @inlinable public mutating func pointerDown(at point: Point, time: Double, pointer: PointerKind = .touch) -> [Event] {
    let check = _beforeInput()
    defer { _checkViews(after: check) }
    var events = advance(to: time)
    guard point.isFinite, interaction.isIdle else { return events }
    if let header = headerColumn(at: point) {
      // The header's press is the items' (their recogniser's settings), decided the same way.
      var press = _columns[0]._view.longPress
      press.pointerDown(at: point, time: time, pointer: pointer)
      interaction = .movingColumn(ColumnDrag(column: _columns[header].id, from: header, pointer: point, press: press))
      return events
    }
    guard let i = columnIndex(at: point) else { return events }
    let id = _columns[i].id
    interaction = .pressing(id)
    events += absorb(id, _columns[i]._view.pointerDown(at: toView(point, i), time: time, pointer: pointer))
    return events
  }

  /// The pointer moved, in window coordinates.
  ///
  /// - Complexity: a step within the view that holds the items, the other views at rest, costs
  ///   that view's own step: the view's calls are made here, specialized for the caller's types
  ///   (as ``CollectionView``'s are), and the board adds O(number of views).
  @inlinable public mutating func pointerMoved(to point: Point, time: Double) -> [Event] {
    let check = _beforeInput()
    defer { _checkViews(after: check) }
    guard let step = prepareHolderStep(to: point, time: time) else { return movePointer(to: point, time: time) }
    let ticked = withView(step.index) { $0.tick(time: time) }
    var events = absorbHolderStep(step.index, ticked, reportsData: step.reportsData)
    guard holdsDrag(step.index) else { return events }
    let moved = withView(step.index) { $0.pointerMoved(to: step.point, time: time) }
    events += absorbHolderStep(step.index, moved, reportsData: step.reportsData)
    return events
  }

  /// A pointer step within the view that holds the items, with nothing else going on (no other
  /// view ticking, no board scrolling, no board events waiting): the board's own part of the
  /// step is done here (its clock, the resting views' clocks, the pointer, its auto-scroll) and
  /// the view's index, its point and whether its data changes are reported as they come (the
  /// source's own drag) are returned for the view's calls. `nil`: take the general path (nothing
  /// has changed).
  @inlinable mutating func prepareHolderStep(
    to point: Point, time: Double
  ) -> (index: Int, point: Point, reportsData: Bool)? {
    guard point.isFinite, pendingEvents.isEmpty, !autoScroll.isScrolling,
      let h = columnIndex(at: point) ?? (_columns.count == 1 ? 0 : nil),
      // Into a view with no drag (a crossing): the general path, known before the drag is copied.
      withView(h, { $0.isDragging }), case .dragging(var drag) = interaction,
      // The drag's copy changes here, and the board's only if this path is taken.
      case .step(_, let reportsData) = drag.pointer(at: point, over: _columns[h].id)
    else { return nil }
    for i in _columns.indices where i != h && !_columns[i]._view.isAtRest { return nil }
    now = max(now, time)
    for i in _columns.indices where i != h { _columns[i]._view.advanceClockAtRest(to: time) }
    // Not scrolling: the tick only moves the auto-scroll's clock.
    _ = autoScroll.tick(time: time)
    interaction = .dragging(drag)
    autoScroll.pointerMoved(to: point, viewSize: visibleSize, axis: axis, time: time)
    return (h, toView(point, h), reportsData)
  }

  /// Calls a view of the board in place (the caller's closure is specialized for its types).
  @inlinable mutating func withView<R>(_ i: Int, _ body: (inout View) -> R) -> R {
    body(&_columns[i]._view)
  }

  /// Calls a column of the board in place (reading `_columns[i].accepts` and calling it copies
  /// the whole column first).
  @inlinable mutating func withColumn<R>(_ i: Int, _ body: (inout Column) -> R) -> R {
    body(&_columns[i])
  }

  /// Whether the board's drag is still under way and the view at `i` still runs it.
  @inlinable func holdsDrag(_ i: Int) -> Bool {
    guard case .dragging(let drag) = interaction, drag.holder == _columns[i].id else { return false }
    return _columns[i]._view.isDragging
  }

  /// A holder's events of a pointer step, named by the view; unless the drag is the source's own
  /// (`reportsData`), its live steps are the board's to report, at the drop.
  @inlinable mutating func absorbHolderStep(
    _ i: Int, _ viewEvents: [CollectionViewEvent<SectionID, ItemID>], reportsData: Bool
  ) -> [Event] {
    guard !viewEvents.isEmpty else { return [] }
    return absorb(_columns[i].id, reportsData ? viewEvents : viewEvents.filter { !$0.isDataChange })
  }

  /// The pointer moved: the general path (a press, a column, a drag entering or leaving views).
  @inlinable mutating func movePointer(to point: Point, time: Double) -> [Event] {
    var events = advance(to: time)
    guard point.isFinite else { return events }
    switch interaction {
    case .idle:
      break
    case .pressing(let id):
      guard let i = index(of: id) else { break }
      events += absorb(id, _columns[i]._view.pointerMoved(to: toView(point, i), time: time))
    case .movingColumn:
      events += moveColumnDrag(to: point, time: time)
    case .dragging(var drag):
      let action = drag.pointer(at: point, over: viewUnder(point))
      // A match, not `!=`: a derived `==` of a generic type is not inlinable, and from another
      // module each call would look up its type at run time (5 % of a first step into a view).
      if case .ignored = action { break }
      interaction = .dragging(drag)
      autoScroll.pointerMoved(to: point, viewSize: visibleSize, axis: axis, time: time)
      events += perform(action, time: time)
    }
    return events
  }

  /// The pointer went up, in window coordinates: a drag drops where its gap is (or cancels over no
  /// view, or over a view that refuses the items).
  @inlinable public mutating func pointerUp(at point: Point, time: Double) -> [Event] {
    let check = _beforeInput()
    defer { _checkViews(after: check) }
    var events = advance(to: time)
    guard point.isFinite else { return events }
    switch interaction {
    case .idle:
      break
    case .pressing(let id):
      interaction = .idle
      guard let i = index(of: id) else { break }
      events += absorb(id, _columns[i]._view.pointerUp(at: toView(point, i), time: time))
    case .movingColumn:
      events += endColumnDrag(at: point, time: time)
    case .dragging(let drag):
      guard !drag.isKeyboard else { break }
      if point != drag.pointer { events += pointerMoved(to: point, time: time) }
      events += finishDrag(time: time) { view, p, t in view.pointerUp(at: p, time: t) }
    }
    return events
  }

  /// Adds the item under a point (window coordinates) to the drag-and-drop session in progress, in
  /// the view that holds it (see ``CollectionView/addItemToDragSession(at:time:)``).
  @inlinable public mutating func addItemToDragSession(at point: Point, time: Double) -> [Event] {
    let check = _beforeInput()
    defer { _checkViews(after: check) }
    var events = advance(to: time)
    guard case .dragging(let drag) = interaction, drag.pristine, let i = index(of: drag.source),
      columnIndex(at: point) == i
    else { return events }
    events += absorb(drag.source, _columns[i]._view.addItemToDragSession(at: toView(point, i), time: time))
    if case .dragging(var d) = interaction {
      d.sourceItems(_columns[i]._view.boardDragItems)
      interaction = .dragging(d)
    }
    return events
  }

  /// Cancels the gesture in progress (Esc, a lost pointer): lifted items return to where they were.
  @inlinable public mutating func cancelGesture(time: Double) -> [Event] {
    let check = _beforeInput()
    defer { _checkViews(after: check) }
    var events = advance(to: time)
    switch interaction {
    case .idle:
      break
    case .pressing(let id):
      interaction = .idle
      guard let i = index(of: id) else { break }
      events += absorb(id, _columns[i]._view.cancelGesture(time: time))
    case .movingColumn(let drag):
      interaction = .idle
      if let i = index(of: drag.column), i != drag.from { _ = moveColumn(from: i, to: drag.from) }
    case .dragging(let drag):
      switch drag.cancel() {
      case .source(let source):
        guard let i = index(of: source) else { break }
        events += absorb(source, _columns[i]._view.cancelGesture(time: time))
      case .across:
        events += cancelAcross(time: time)
      }
    }
    return events
  }

  /// Time passed: every view's long press, animations and auto-scroll, and the board's own
  /// auto-scroll. Call it every frame.
  @inlinable public mutating func tick(time: Double) -> [Event] {
    let check = _beforeInput()
    defer { _checkViews(after: check) }
    return advance(to: time)
  }

  /// Scrolls one view's content by a delta (a wheel over it).
  @inlinable public mutating func scroll(view id: ViewID, by delta: Point, time: Double) -> [Event] {
    let check = _beforeInput()
    defer { _checkViews(after: check) }
    var events = advance(to: time)
    guard let i = index(of: id) else { return events }
    events += absorb(id, _columns[i]._view.scroll(by: delta, time: time))
    return events
  }

  /// Scrolls the board sideways (or down, for stacked columns), clamped to the columns' extent.
  @inlinable public mutating func scrollBoard(by delta: Point, time: Double) -> [Event] {
    let check = _beforeInput()
    defer { _checkViews(after: check) }
    var events = advance(to: time)
    guard delta.isFinite else { return events }
    setBoardOffset(Point(x: _contentOffset.x + delta.x, y: _contentOffset.y + delta.y))
    if case .dragging(let drag) = interaction, drag.scrollsBoard { events += follow(time: time) }
    return events
  }

  // MARK: Internals

  /// The index of the view under a window point (the later one where frames overlap).
  @inlinable func columnIndex(at point: Point) -> Int? {
    let p = toBoard(point)
    // By index, not by element (see `index(of:)`).
    for i in _columns.indices.reversed() where _columns[i].frame.contains(p) { return i }
    return nil
  }

  /// The view a pointer drag is over at a window point: the one under it; on a board of one view,
  /// that view wherever the point is (version 2's drag, outside its frame too).
  @inlinable func viewUnder(_ point: Point) -> ViewID? {
    guard let i = columnIndex(at: point) ?? (_columns.count == 1 ? 0 : nil) else { return nil }
    return _columns[i].id
  }

  /// Advances every view's clock (and the board's auto-scroll) and reports what they say. Only
  /// the views with something going on are ticked (the source, the view holding the gap, views
  /// animating or scrolling); the clocks of views at rest just move, so idle columns cost O(1).
  @inlinable mutating func advance(to time: Double) -> [Event] {
    now = max(now, time)
    liftColumnIfHeld(time: time)
    var events = pendingEvents
    if !pendingEvents.isEmpty { pendingEvents = [] }
    for i in _columns.indices {
      if _columns[i]._view.isAtRest {
        _columns[i]._view.advanceClockAtRest(to: time)
        continue
      }
      let id = _columns[i].id
      let viewEvents = _columns[i]._view.tick(time: time)
      if !viewEvents.isEmpty { events += absorb(id, viewEvents) }
    }
    if case .dragging(let drag) = interaction, drag.scrollsBoard,
      case .scroll(let delta) = autoScroll.tick(time: time)
    {
      let before = _contentOffset
      setBoardOffset(Point(x: _contentOffset.x + delta.x, y: _contentOffset.y + delta.y))
      if _contentOffset != before { events += follow(time: time) }
    }
    return events
  }

  /// The board's scroll position, clamped to the columns' extent.
  @inlinable mutating func setBoardOffset(_ p: Point) {
    let right = _columns.map { $0.frame.maxX }.max() ?? 0
    let bottom = _columns.map { $0.frame.maxY }.max() ?? 0
    _contentOffset = Point(
      x: min(max(p.x, 0), max(0, right - visibleSize.width)), y: min(max(p.y, 0), max(0, bottom - visibleSize.height)))
  }

  /// Wraps a view's events with its identifier, and follows the drag they begin or end.
  @inlinable mutating func absorb(_ id: ViewID, _ viewEvents: [CollectionViewEvent<SectionID, ItemID>]) -> [Event] {
    guard !viewEvents.isEmpty else { return [] }
    var events: [Event] = []
    events.reserveCapacity(viewEvents.count)
    for event in viewEvents {
      events.append(.view(id, event))
      switch event {
      case .lifted(let item):
        guard !isDragging, let i = index(of: id) else { continue }
        let view = _columns[i]._view
        interaction = .dragging(
          Drag(
            source: id, lead: item, items: view.boardDragItems,
            pointer: view.drag.map { fromView($0.pointer, i) } ?? .zero, isKeyboard: view.isKeyboardDrag))
        autoScroll.begin(at: view.drag.map { fromView($0.pointer, i) } ?? .zero, time: now)
        clearRedo()
      case .committed:
        guard case .dragging(let drag) = interaction, drag.pristine, drag.source == id else { continue }
        history.undo.append(.view(id))
        history.redo = []
      case .dropped, .cancelled:
        guard case .dragging(let drag) = interaction, drag.pristine, drag.source == id else { continue }
        interaction = .idle
        autoScroll.stop()
      default:
        continue
      }
    }
    return events
  }

  /// A view point of a column in window coordinates.
  @inlinable func fromView(_ p: Point, _ i: Int) -> Point {
    Point(
      x: p.x + _columns[i].frame.minX - _contentOffset.x, y: p.y + _columns[i].frame.minY - _contentOffset.y)
  }

  /// A new gesture begins: nothing is left to redo, on the board or in its views.
  @inlinable mutating func clearRedo() {
    history.redo = []
    for i in _columns.indices { _columns[i]._view.forgetRedo() }
  }

  /// The pointer of a pointer drag moved (or the board scrolled under it): the view under it runs
  /// the drag, or the items move there.
  @inlinable mutating func follow(time: Double) -> [Event] {
    guard case .dragging(var drag) = interaction else { return [] }
    let action = drag.pointer(at: drag.pointer, over: viewUnder(drag.pointer))
    interaction = .dragging(drag)
    return perform(action, time: time)
  }
}

extension CollectionViewEvent {
  /// Whether the event reports a change to the data (a live step's move): while the items visit a
  /// view other than their source, its live steps are the board's to report, once, at the drop.
  @inlinable var isDataChange: Bool {
    switch self {
    case .moved, .changed(.moved), .committed: true
    default: false
    }
  }
}
