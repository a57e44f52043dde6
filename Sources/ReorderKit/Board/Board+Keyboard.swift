/// The keyboard on a board: the focus is on one item of one view; Space or Enter lifts it; with
/// items lifted, Left/Right (Up/Down on a board whose columns stack) move them to the adjacent view
/// that accepts them, at the same index clamped to that view's count, and the announcement names
/// the view ("Moved to Doing, position 3 of 5."); the other keys move within the view as in
/// version 2. A board of one view behaves exactly as that view.
extension Board {
  /// The view that holds the keyboard focus: mid-drag across views, the one that holds the
  /// dragged items (their source keeps its focus on them until the drop).
  @inlinable public var focusedView: ViewID? {
    if case .dragging(let drag) = interaction, !drag.pristine, let holder = drag.holder { return holder }
    return _columns.first { $0._view.focusedItem != nil }?.id
  }

  /// Moves the keyboard focus to an item, in whichever view holds it (`nil` clears it).
  @inlinable public mutating func focus(_ item: ItemID?, time: Double) -> [Event] {
    let check = _beforeInput()
    defer { _checkViews(after: check) }
    var events = advance(to: time)
    guard !isDragging else { return events }
    let owner = item.flatMap { id in _columns.firstIndex { $0._view.snapshot.contains(id) } }
    for i in _columns.indices where i != owner && _columns[i]._view.focusedItem != nil {
      events += absorb(_columns[i].id, _columns[i]._view.focus(nil, time: time))
    }
    if let owner { events += absorb(_columns[owner].id, _columns[owner]._view.focus(item, time: time)) }
    return events
  }

  /// A key was pressed.
  @inlinable public mutating func keyPressed(_ key: NavigationKey, time: Double) -> [Event] {
    let check = _beforeInput()
    defer { _checkViews(after: check) }
    var events = advance(to: time)
    guard case .dragging(let drag) = interaction else {
      // Without a focus, the keys go to the first view (Tab focuses its first item).
      guard interaction.isIdle, let id = focusedView ?? _columns.first?.id, let i = index(of: id) else { return events }
      events += absorb(id, _columns[i]._view.keyPressed(key, time: time))
      return events
    }
    switch drag.key(key, axis: axis, views: _columns.count) {
    case .none:
      break
    case .across(let forward):
      events += moveAcross(forward: forward, time: time)
    case .source(let source):
      guard let i = index(of: source) else { break }
      events += absorb(source, _columns[i]._view.keyPressed(key, time: time))
    case .cancel:
      events += cancelAcross(time: time)
    case .release:
      events += finishDrag(time: time) { view, _, t in view.keyPressed(key, time: t) }
    case .holder(let holder):
      guard let h = index(of: holder) else { break }
      events += absorb(holder, _columns[h]._view.keyPressed(key, time: time).filter { !$0.isDataChange })
    }
    return events
  }

  /// Moves the lifted items to the next view in a direction that accepts them, at the same index
  /// clamped to its count; nothing when no view there accepts them.
  @inlinable mutating func moveAcross(forward: Bool, time: Double) -> [Event] {
    guard case .dragging(var drag) = interaction else { return [] }
    let from = drag.holder.flatMap(index(of:)) ?? index(of: drag.source) ?? 0
    let current: OutlinePosition<ItemID>? = drag.holder.flatMap(index(of:)).flatMap {
      _columns[$0]._view.drag?.placeholder
    }
    let order = forward ? Array(_columns.indices.dropFirst(from + 1)) : Array(_columns.indices.prefix(from).reversed())
    let items =
      drag.pristine ? (index(of: drag.source).map { _columns[$0]._view.boardDragItems } ?? drag.items) : drag.items
    // The columns read in place (a column read out is a copy of its view).
    var found: Int?
    // The views passed because of their limit alone, said before the move (or alone).
    var full: [String] = []
    for k in order {
      let (accepts, limit) = withColumn(k) { column -> (Bool, Int?) in
        guard column._view.snapshot.numberOfSections > 0 else { return (false, nil) }
        if column.id == drag.source { return (true, nil) }
        if column.accepts.accepts(items, from: drag.source, count: column._view.itemCount) { return (true, nil) }
        var unlimited = column.accepts
        unlimited.limit = nil
        let byLimit = unlimited.accepts(items, from: drag.source, count: column._view.itemCount)
        return (false, byLimit ? column.accepts.limit : nil)
      }
      if accepts {
        found = k
        break
      }
      if let limit { full.append(fullView(name(of: _columns[k].id), limit)) }
    }
    let passed = full.joined(separator: " ")
    guard let target = found else {
      // Nothing took the items: the keyboard hears why, if a limit was the reason.
      guard !passed.isEmpty else { return [] }
      return [.view(drag.holder ?? drag.source, .announcement(passed))]
    }
    if !passed.isEmpty { withView(target) { $0.prefixNextBoardMove(with: passed) } }
    // The keyboard holds the items from now on, whatever lifted them.
    drag.keyboardHolds()
    interaction = .dragging(drag)
    let sections = withView(target) { $0.snapshot.numberOfSections }
    let section = min(current?.section ?? 0, sections - 1)
    // The items the section shows: its source lends the travelling ones (O(k), not O(n)).
    let count = withView(target) { $0.restingCount(inSection: section) }
    let position = OutlinePosition<ItemID>(section: section, parent: nil, index: min(current?.index ?? 0, count))
    var events = enter(target, keyboardPosition: position, time: time)
    if case .dragging(let d) = interaction, let holder = d.holder, let h = index(of: holder) {
      events += absorb(holder, _columns[h]._view.tick(time: time))
      scrollBoardToShow(h, time: time)
    }
    return events
  }

  /// Scrolls the board so that a view stands in sight (a keyboard move into it).
  @inlinable mutating func scrollBoardToShow(_ i: Int, time: Double) {
    setBoardOffset(_contentOffset.scrolled(toShow: _columns[i].frame, in: visibleSize))
  }
}
