/// UIKit's reordering API (iOS 9), for apps that drive movement from a gesture recogniser of
/// their own instead of ``CollectionView/pointerDown(at:time:)`` and friends.
///
/// ```swift
/// // In your own long-press handler:
/// switch gesture.state {
/// case .began:
///   if let id = view.itemIdentifier(at: location), let path = view.path(of: id) {
///     view.beginInteractiveMovementForItem(at: path, time: now)
///   }
/// case .changed: view.updateInteractiveMovementTargetPosition(location, time: now)
/// case .ended: view.endInteractiveMovement(time: now)
/// default: view.cancelInteractiveMovement(time: now)
/// }
/// ```
extension CollectionView {
  /// The slot of an item in the arrangement shown now: its path in a grid, its row in a list.
  @inlinable public func path(of id: ItemID) -> ItemPath? { slot(of: id) }

  /// Lifts the item at a path (a row, for lists) under the pointer's control, as UIKit's
  /// `beginInteractiveMovementForItem(at:)`. The item is held by its centre.
  ///
  /// Like UIKit's, it returns a `Bool`; its events (``CollectionViewEvent/lifted(_:)`` or
  /// ``CollectionViewEvent/denied(_:)``, the announcement, and any events still waiting from
  /// earlier calls such as ``perform(_:itemSizes:time:)``) come with the next call that returns events.
  ///
  /// - Returns: `false` when the policy denies the item, the path shows no item, or a movement is
  ///   already in progress.
  @discardableResult
  @inlinable public mutating func beginInteractiveMovementForItem(at path: ItemPath, time: Double? = nil) -> Bool {
    let t = time ?? motion.now
    var events = advance(to: t)
    defer { pendingEvents = events + pendingEvents }
    guard path.section >= 0, path.section < geometry.layout.numberOfSections,
      (0..<geometry.layout.numberOfItems(inSection: path.section)).contains(path.item)
    else { return false }
    let centre = geometry.layout.frame(ofItem: path).center
    let begun = beginMovement(
      at: path, pointer: Point(x: centre.x - motion.offset.x, y: centre.y - motion.offset.y), time: t)
    events += begun
    return begun.contains { if case .lifted = $0 { true } else { false } }
  }

  /// Moves the lifted item to a point in view coordinates and applies the target rule, as UIKit's
  /// `updateInteractiveMovementTargetPosition(_:)`.
  @discardableResult
  @inlinable public mutating func updateInteractiveMovementTargetPosition(
    _ point: Point, time: Double? = nil
  ) -> [CollectionViewEvent<SectionID, ItemID>] {
    var events = advance(to: time ?? motion.now)
    guard isDragging, point.isFinite else { return events }
    modifySession { $0.pointer = point }
    events += updateTarget(at: time ?? motion.now)
    return events
  }

  /// Drops the lifted item where its placeholder is and commits the move, as UIKit's `endInteractiveMovement()`.
  @discardableResult
  @inlinable public mutating func endInteractiveMovement(time: Double? = nil) -> [CollectionViewEvent<
    SectionID, ItemID
  >] {
    var events = advance(to: time ?? motion.now)
    guard isDragging else { return events }
    events += drop(at: time ?? motion.now)
    return events
  }

  /// Puts the lifted item back where it was and commits nothing, as UIKit's `cancelInteractiveMovement()`.
  @discardableResult
  @inlinable public mutating func cancelInteractiveMovement(time: Double? = nil) -> [CollectionViewEvent<
    SectionID, ItemID
  >] {
    var events = advance(to: time ?? motion.now)
    guard isDragging else { return events }
    events += cancel(at: time ?? motion.now)
    return events
  }

  /// Moves a top-level item in code, as UIKit's `moveItem(at:to:)`: the data changes at once and the
  /// cells glide to their new places. The destination is counted after the removal. During a drag
  /// it is new data (see ``apply(_:animatingDifferences:itemSizes:contentChanged:sectionContentChanged:time:)``); the move is reported
  /// as ``CollectionViewEvent/changed(_:)`` with the next call's events.
  ///
  /// ```swift
  /// view.moveItem(at: ItemPath(item: 0, section: 0), to: ItemPath(item: 3, section: 0), time: now)
  /// ```
  /// - Precondition: both paths are valid snapshot paths (UIKit raises an exception for others).
  @inlinable public mutating func moveItem(at source: ItemPath, to destination: ItemPath, time: Double? = nil) {
    precondition(
      snapshot.sections.indices.contains(source.section)
        && snapshot.items(inSection: source.section).indices.contains(source.item),
      "source \(source) names no item")
    precondition(snapshot.sections.indices.contains(destination.section), "destination \(destination) names no section")
    let id = snapshot.itemIdentifier(at: source)
    let limit = snapshot.numberOfItems(inSection: destination.section) - (destination.section == source.section ? 1 : 0)
    precondition((0...limit).contains(destination.item), "destination \(destination) is out of range 0...\(limit)")
    let change = Change.moved(snapshot.difference(moving: id, to: destination.outlinePosition()))
    do {
      try perform(change, time: time ?? motion.now)
    } catch {
      // The change is derived from valid paths of the data: it applies.
      preconditionFailure("moveItem(at: \(source), to: \(destination)) derived a change that does not apply: \(error)")
    }
  }
}
