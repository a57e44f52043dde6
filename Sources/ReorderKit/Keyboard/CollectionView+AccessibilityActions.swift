/// A move a screen reader offers on an item, like UIKit's accessibility custom actions and
/// Flutter's reorderable list actions.
public enum AccessibilityMove: String, CaseIterable, Hashable, Sendable {
  /// One place back among its siblings.
  case moveUp
  /// One place forward among its siblings.
  case moveDown
  /// To the first place of its section (or group).
  case moveToStart
  /// To the last place of its section (or group).
  case moveToEnd
}

extension AccessibilityMove {
  /// The action's English name, for a front end's list ("Move up"); translate it there.
  public var englishName: String {
    switch self {
    case .moveUp: "Move up"
    case .moveDown: "Move down"
    case .moveToStart: "Move to start"
    case .moveToEnd: "Move to end"
    }
  }
}

/// Per-item moves for assistive technology: a front end lists them on the focused item and
/// invokes one; the move is committed like a gesture (one undo step, a difference, an announcement).
///
/// ```swift
/// view.accessibilityActions(for: "c4")                              // [.moveUp, .moveDown, .moveToStart, .moveToEnd]
/// AccessibilityMove.moveUp.englishName                             // "Move up"
/// _ = view.performAccessibilityAction(.moveToStart, on: "c4", time: now)
/// // [.moved(…), .changed(…), .committed(…), .announcement("Moved to position 1 of 9.")]
/// ```
extension CollectionView {
  /// The moves that would change an item's place: none for an item the policy keeps in place, or
  /// during a drag; `moveUp` and `moveToStart` only when it is not first, the others when not last.
  public func accessibilityActions(for id: ItemID) -> [AccessibilityMove] {
    guard !isDragging, let p = snapshot.position(of: id), policy.canMoveItem(id, snapshot.policyPosition(p)) else {
      return []
    }
    let count = snapshot.numberOfSiblings(section: p.section, parent: p.parent)
    var actions: [AccessibilityMove] = []
    if p.index > 0 { actions += [.moveUp] }
    if p.index < count - 1 { actions += [.moveDown] }
    if p.index > 0 { actions += [.moveToStart] }
    if p.index < count - 1 { actions += [.moveToEnd] }
    return actions
  }

  /// Performs an accessibility move on an item shown in the view, as a gesture: the item is
  /// lifted, its placeholder moved and dropped through the same session calls as a drag by
  /// pointer or keyboard, so the policy decides exactly as for a drag (``ReorderPolicy/canMoveItem``,
  /// the retarget hook, and in drag and drop the drop hook). Only the data's events are reported
  /// (``CollectionViewEvent/moved(_:from:to:)``, ``CollectionViewEvent/changed(_:)``,
  /// ``CollectionViewEvent/committed(_:)``, or ``CollectionViewEvent/dropFailed(_:_:)``), with one
  /// announcement of the new place, not the lift and drop. A denied item reports
  /// ``CollectionViewEvent/denied(_:)`` and says it cannot move; a move that changes nothing (the
  /// first item moved up, or one the retarget hook keeps) reports nothing. Does nothing during a drag.
  public mutating func performAccessibilityAction(
    _ action: AccessibilityMove, on id: ItemID, time: Double
  ) -> [CollectionViewEvent<SectionID, ItemID>] {
    var events = advance(to: time)
    guard !isDragging, let p = snapshot.position(of: id), let slot = slot(of: id) else { return events }
    let last = snapshot.numberOfSiblings(section: p.section, parent: p.parent) - 1
    var target = p
    switch action {
    case .moveUp: target.index = max(p.index - 1, 0)
    case .moveDown: target.index = min(p.index + 1, last)
    case .moveToStart: target.index = 0
    case .moveToEnd: target.index = last
    }
    let spoken = access.speech.container
    let frame = geometry.layout.frame(ofItem: slot)
    let lift = beginMovement(
      at: slot, pointer: Point(x: frame.midX - motion.offset.x, y: frame.midY - motion.offset.y), time: time)
    guard isDragging else { return events + lift }  // denied: said so
    var session = lift
    if target != p { session += movePlaceholder(to: target, time: time) }
    session += drop(at: time)
    access.speech.container = spoken
    var committed = false
    for event in session {
      switch event {
      case .moved, .dropFailed, .denied: events.append(event)
      case .changed(.placeholderMoved): break
      case .changed: events.append(event)
      case .committed:
        events.append(event)
        committed = true
      case .lifted, .tapped, .announcement, .dropped, .cancelled: break
      }
    }
    if committed, let place = spokenPlace(ofItem: id) {
      events.append(.announcement(access.announcer.moved(access.announcer.itemName(id), place)))
    }
    return events
  }
}
