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
    guard !isDragging, let p = snapshot.position(of: id), policy.canMoveItem(id, p) else { return [] }
    let count = snapshot.numberOfSiblings(section: p.section, parent: p.parent)
    var actions: [AccessibilityMove] = []
    if p.index > 0 { actions += [.moveUp] }
    if p.index < count - 1 { actions += [.moveDown] }
    if p.index > 0 { actions += [.moveToStart] }
    if p.index < count - 1 { actions += [.moveToEnd] }
    return actions
  }

  /// Performs an accessibility move on an item. A denied item reports ``CollectionViewEvent/denied(_:)``
  /// and says it cannot move; a move that changes nothing (the first item moved up) reports nothing.
  /// Does nothing during a drag.
  public mutating func performAccessibilityAction(
    _ action: AccessibilityMove, on id: ItemID, time: Double
  ) -> [CollectionViewEvent<SectionID, ItemID>] {
    var events = advance(to: time)
    guard !isDragging, let p = snapshot.position(of: id) else { return events }
    guard policy.canMoveItem(id, p) else {
      return events + [.denied(id), .announcement(announcer.denied(announcer.itemName(id)))]
    }
    let last = snapshot.numberOfSiblings(section: p.section, parent: p.parent) - 1
    var target = p
    switch action {
    case .moveUp: target.index = max(p.index - 1, 0)
    case .moveDown: target.index = min(p.index + 1, last)
    case .moveToStart: target.index = 0
    case .moveToEnd: target.index = last
    }
    // The retarget hook has its say, as for a drag; the move stays in the item's section or group.
    let proposed = policy.targetPosition(p, p, target)
    guard proposed.section == p.section, proposed.parent == p.parent, (0...last).contains(proposed.index) else {
      return events
    }
    target = proposed
    guard target != p else { return events }
    let place = snapshot.difference(moving: id, to: target)
    relayout(at: time) { view in
      let inverse = view.commitDerived(.moved(place), into: &events)
      view.recordGesture(undo: inverse, difference: place, into: &events)
      view.rebuildArrangement()
      view.rebuildLayout()
    }
    if let spoken = spokenPlace(ofItem: id) {
      events.append(.announcement(announcer.moved(announcer.itemName(id), spoken)))
    }
    return events
  }
}
