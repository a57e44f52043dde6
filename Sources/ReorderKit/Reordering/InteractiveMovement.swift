/// The interactive movement state machine of a grid (UIKit's iOS 9 reordering
/// API): begin with the lifted item's path, update with pointer positions,
/// end or cancel.
///
/// The item holds a placeholder path P, first its original path. The layout
/// passed to ``updateTargetPosition(_:in:policy:)`` must be that of the
/// arrangement with the item at P; the owner rebuilds it when P changes.
///
/// ```swift
/// var movement = InteractiveMovement()
/// movement.beginInteractiveMovementForItem(at: ItemPath(item: 0, section: 0))   // true
/// // pointer over the item at [0, 1] of the current arrangement:
/// movement.updateTargetPosition(Point(x: 195, y: 58), in: layout)  // .placeholderMoved(from: [0, 0], to: [0, 1])
/// movement.endInteractiveMovement()                                // .commit(from: [0, 0], to: [0, 1])
/// ```
///
/// The target rule: over an item at Q, the proposal is Q; over a section's
/// area after its last item (or an empty section), the proposal is the end of
/// that section; anywhere else nothing changes. The policy may retarget.
public struct InteractiveMovement: Sendable {
  /// What the owner should do after an event.
  public enum Action: Hashable, Sendable {
    /// Nothing changed.
    case none
    /// The placeholder moved: the arrangement is now the one with the item at `to`.
    case placeholderMoved(from: ItemPath, to: ItemPath)
    /// The movement ended: commit one move (destination counted after removal), or none when `from == to`.
    case commit(from: ItemPath, to: ItemPath)
    /// The movement was cancelled: the item returns to `original` and nothing is committed.
    case cancelled(original: ItemPath, placeholder: ItemPath)
  }

  private enum State: Hashable, Sendable {
    case idle
    case moving(original: ItemPath, placeholder: ItemPath)
  }

  private var state: State = .idle

  /// Creates an idle machine.
  public init() {}

  /// Whether a movement is in progress.
  public var isMoving: Bool { state != .idle }

  /// The path the item had when the movement began.
  public var originalPath: ItemPath? {
    if case .moving(let original, _) = state { return original }
    return nil
  }

  /// The current placeholder path P.
  public var placeholderPath: ItemPath? {
    if case .moving(_, let placeholder) = state { return placeholder }
    return nil
  }

  /// Begins moving the item at a path. Returns `false` (and stays idle) when a movement is already in progress.
  /// The owner checks ``ReorderPolicy/canMoveItem`` first, as UIKit asks its data source.
  @discardableResult
  public mutating func beginInteractiveMovementForItem(at path: ItemPath) -> Bool {
    guard state == .idle else { return false }
    state = .moving(original: path, placeholder: path)
    return true
  }

  /// Applies the target rule to a pointer position (content coordinates).
  /// - Parameters:
  ///   - point: the pointer, in content coordinates.
  ///   - layout: the layout of the arrangement with the item at the current placeholder.
  ///   - policy: retargets the proposal, if given.
  /// - Complexity: O(log n): one hit test.
  public mutating func updateTargetPosition<L: CollectionLayout>(
    _ point: Point, in layout: L, policy: ReorderPolicy<some Hashable & Sendable>? = nil
  ) -> Action {
    guard case .moving(let original, let current) = state, point.isFinite else { return .none }
    var proposed: ItemPath
    if let hit = layout.itemPath(at: point) {
      proposed = hit
    } else if let s = layout.section(at: point), layout.isAfterLastItem(point, inSection: s) {
      let count = layout.numberOfItems(inSection: s)
      proposed = ItemPath(item: s == current.section ? count - 1 : count, section: s)
    } else {
      return .none
    }
    if let policy { proposed = policy.targetPath(original, current, proposed) }
    guard proposed != current else { return .none }
    let limit = layout.numberOfItems(inSection: proposed.section) - (proposed.section == current.section ? 1 : 0)
    precondition(
      layout.numberOfSections > proposed.section && proposed.section >= 0 && (0...limit).contains(proposed.item),
      "the retarget hook returned \(proposed), which is out of range 0...\(limit)")
    state = .moving(original: original, placeholder: proposed)
    return .placeholderMoved(from: current, to: proposed)
  }

  /// Ends the movement: the owner commits one move from the original path to the placeholder.
  public mutating func endInteractiveMovement() -> Action {
    guard case .moving(let original, let placeholder) = state else { return .none }
    state = .idle
    return .commit(from: original, to: placeholder)
  }

  /// Cancels the movement: the item goes back to its original path and nothing is committed.
  public mutating func cancelInteractiveMovement() -> Action {
    guard case .moving(let original, let placeholder) = state else { return .none }
    state = .idle
    return .cancelled(original: original, placeholder: placeholder)
  }

  /// Tells the machine that the owner committed the current placeholder to the data (the live
  /// mode): the placeholder becomes the new original.
  public mutating func placeholderCommitted() {
    guard case .moving(_, let placeholder) = state else { return }
    state = .moving(original: placeholder, placeholder: placeholder)
  }
}

/// Maps the slots of "the arrangement with the lifted item at P" to the
/// snapshot, where the item still sits at its original path O, and back.
/// O(1) either way, so a drag over a million items never copies them.
struct PlaceholderArrangement: Hashable, Sendable {
  var original: ItemPath
  var placeholder: ItemPath

  /// The snapshot path shown at a slot, or `nil` for the placeholder slot itself.
  func snapshotPath(forSlot slot: ItemPath) -> ItemPath? {
    if slot == placeholder { return nil }
    var item = slot.item
    if slot.section == placeholder.section && item > placeholder.item { item -= 1 }
    if slot.section == original.section && item >= original.item { item += 1 }
    return ItemPath(item: item, section: slot.section)
  }

  /// The slot where the item at a snapshot path is shown.
  func slot(forSnapshotPath path: ItemPath) -> ItemPath {
    if path == original { return placeholder }
    var item = path.item
    if path.section == original.section && item > original.item { item -= 1 }
    if path.section == placeholder.section && item >= placeholder.item { item += 1 }
    return ItemPath(item: item, section: path.section)
  }
}

extension InteractiveMovement {
  /// Moves an ongoing movement onto new data: the item's path in it and the placeholder's.
  mutating func restart(original: ItemPath, placeholder: ItemPath) {
    guard isMoving else { return }
    state = .moving(original: original, placeholder: placeholder)
  }
}
