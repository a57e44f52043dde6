/// A move a screen reader offers on a card of a board: one of its view's own moves, or "Move to
/// <view>" for each other view that accepts it (the menu Salesforce and Atlassian give kanban cards
/// for people who do not drag).
///
/// ```swift
/// board.accessibilityActions(for: "a")   // [.within(.moveDown), .within(.moveToEnd), .moveTo("doing")]
/// ```
public enum BoardAccessibilityAction<ViewID: Hashable & Sendable>: Hashable, Sendable {
  /// A move within the item's view (``AccessibilityMove``).
  case within(AccessibilityMove)
  /// To the end of another view's first section.
  case moveTo(ViewID)
}

/// Accessibility actions on a board: a card's moves within its view, and "Move to <view>" for each
/// view that accepts it, performed as a gesture (one undo step, a difference that names the view,
/// one announcement: "Moved to Doing, position 3 of 5.").
extension Board {
  /// The moves a screen reader lists on an item: its view's own (``CollectionView/accessibilityActions(for:)``),
  /// then "Move to <view>" for every other view, in board order, that accepts it and has a section
  /// to hold it. None during a gesture, or for an item the policy keeps in place.
  ///
  /// ```swift
  /// board.accessibilityActions(for: "a").map(board.accessibilityName(of:))   // ["Move down", "Move to end", "Move to Doing"]
  /// ```
  @inlinable public func accessibilityActions(for id: ItemID) -> [BoardAccessibilityAction<ViewID>] {
    guard interaction.isIdle, let s = _columns.firstIndex(where: { $0._view.snapshot.contains(id) }) else { return [] }
    let view = _columns[s]._view
    guard let p = view.snapshot.position(of: id), view.policy.canMoveItem(id, view.snapshot.policyPosition(p)) else {
      return []
    }
    var actions: [BoardAccessibilityAction<ViewID>] = view.accessibilityActions(for: id).map { .within($0) }
    for k in _columns.indices where k != s && acceptsMove(of: id, from: s, into: k) {
      actions.append(BoardAccessibilityAction.moveTo(_columns[k].id))
    }
    return actions
  }

  /// An action's English name, for a front end's list: "Move up", "Move to Doing" (the view's
  /// name, ``Board/name(of:)``); translate it there.
  ///
  /// ```swift
  /// board.accessibilityName(of: .moveTo("doing"))   // "Move to Doing"
  /// ```
  @inlinable public func accessibilityName(of action: BoardAccessibilityAction<ViewID>) -> String {
    switch action {
    case .within(let move): move.englishName
    case .moveTo(let view): "Move to \(name(of: view))"
    }
  }

  /// Performs an accessibility action on an item, as a gesture. A move within its view is the
  /// view's own (``CollectionView/performAccessibilityAction(_:on:time:)``); "Move to <view>" lifts
  /// the item, takes it to the end of that view's first section and drops it there through the same
  /// session calls as a keyboard drag, so the policies decide as for a drag. Reported: the data's
  /// events (``BoardEvent/moved(_:from:to:)``, the destination's `.changed` and `.committed`) and
  /// one announcement, "Moved to Doing, position 3 of 3."; one undo step. Nothing during a gesture,
  /// or for a view that does not accept the item.
  ///
  /// ```swift
  /// _ = board.performAccessibilityAction(.moveTo("doing"), on: "a", time: now)
  /// board.column("doing")?.view.snapshot.items(inSection: 0)   // ["d", "a"]
  /// ```
  @inlinable public mutating func performAccessibilityAction(
    _ action: BoardAccessibilityAction<ViewID>, on id: ItemID, time: Double
  ) -> [Event] {
    let check = _beforeInput()
    defer { _checkViews(after: check) }
    var events = advance(to: time)
    guard interaction.isIdle, let s = _columns.firstIndex(where: { $0._view.snapshot.contains(id) }) else {
      return events
    }
    let source = _columns[s].id
    switch action {
    case .within(let move):
      let moved = absorb(source, _columns[s]._view.performAccessibilityAction(move, on: id, time: time))
      events += moved
      if moved.contains { $0.isCommit } {
        history.undo.append(.view(source))
        history.redo = []
      }
      return events
    case .moveTo(let target):
      guard let d = index(of: target), d != s, acceptsMove(of: id, from: s, into: d),
        let slot = _columns[s]._view.slot(of: id)
      else { return events }
      let frame = _columns[s]._view.geometry.layout.frame(ofItem: slot)
      let offset = _columns[s]._view.motion.offset
      let lift = absorb(
        source,
        _columns[s]._view.beginMovement(
          at: slot, pointer: Point(x: frame.midX - offset.x, y: frame.midY - offset.y), time: time))
      guard case .dragging(var drag) = interaction else {
        // Denied by the view's policy: it said so.
        return events + lift.filter { if case .view(_, .lifted) = $0 { false } else { true } }
      }
      drag.keyboardHolds()
      interaction = .dragging(drag)
      let count = _columns[d]._view.snapshot.numberOfItems(inSection: 0)
      var gesture = enter(d, keyboardPosition: OutlinePosition(section: 0, parent: nil, index: count), time: time)
      gesture += finishDrag(time: time) { view, _, t in view.keyPressed(.space, time: t) }
      if isDragging { gesture += cancelGesture(time: time) }
      // The views' own words (the lift, the entry, the drop) give way to one announcement.
      for i in [s, d] { gesture += absorb(_columns[i].id, _columns[i]._view.tick(time: time)) }
      var committed = false
      for event in gesture {
        switch event {
        case .moved, .refused: events.append(event)
        case .view(_, .changed(.placeholderMoved)): continue
        case .view(_, .changed), .view(_, .moved), .view(_, .dropFailed), .view(_, .denied):
          events.append(event)
        case .view(_, .committed):
          events.append(event)
          committed = true
        default: continue
        }
      }
      if committed, let place = _columns[d]._view.spokenPlace(ofItem: id) {
        events.append(.view(target, .announcement(movedToView(name(of: target), place))))
      }
      return events
    }
  }

  /// Whether the view at `k` takes an item from the view at `s` (its acceptance rule and limit),
  /// and has a section to hold it.
  @inlinable func acceptsMove(of id: ItemID, from s: Int, into k: Int) -> Bool {
    let column = _columns[k]
    guard column._view.snapshot.numberOfSections > 0 else { return false }
    return column.accepts.accepts([id], from: _columns[s].id, count: column._view.itemCount)
  }
}

extension BoardEvent {
  /// Whether the event reports a committed gesture step.
  @inlinable var isCommit: Bool {
    if case .view(_, .committed) = self { return true }
    return false
  }
}
