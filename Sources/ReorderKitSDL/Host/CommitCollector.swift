import ReorderKit

/// Gathers the engine's changes into commits, the moments to save: one per committed gesture (a
/// drop, a whole live-mode drag, a keyboard move, a copy), one per undo and redo, and one per
/// change outside a gesture (a folder opened by a tap, a change you `perform`). The placeholder's
/// moves and a live-mode drag's steps are held until the drag ends; a cancelled drag commits
/// nothing (live mode has taken its steps back), except a folder it opened.
///
/// ``CollectionHost/onCommit`` is fed by one; an app with its own ``HostContent`` keeps one per view:
///
/// ```swift
/// var commits = CommitCollector<String, String>()
/// let events = pane.handle(event, view: &view, time: now)
/// if let changes = commits.collect(events, isDragging: view.isDragging) {
///   save(view.snapshot, changes)   // once per gesture, never per live step
/// }
/// ```
public struct CommitCollector<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  /// The changes seen since the last commit (a drag's, until it ends).
  public private(set) var pending: [Change<SectionID, ItemID>] = []

  /// A collector with nothing pending.
  public init() {}

  /// Reads the events of one call into the engine, in order; returns the changes of a commit when
  /// these events complete one (possibly empty: a drag that new data moved commits where the item
  /// now stands), else `nil`.
  ///
  /// - Parameters:
  ///   - events: what the call returned.
  ///   - isDragging: whether the view is still dragging after the call (`CollectionView.isDragging`).
  public mutating func collect(_ events: [CollectionViewEvent<SectionID, ItemID>], isDragging: Bool)
    -> [Change<SectionID, ItemID>]?
  {
    var committed = false
    var cancelled = false
    for event in events {
      switch event {
      case .changed(.placeholderMoved): continue
      case .changed(let change): pending.append(change)
      case .committed: committed = true
      case .cancelled: cancelled = true
      default: continue
      }
    }
    if committed { return take() }
    if isDragging { return nil }
    if cancelled {
      // A cancelled live-mode drag moved items and moved them back: nothing to save but what the
      // drag opened or closed on its way.
      pending.removeAll { if case .moved = $0 { true } else { false } }
    }
    return pending.isEmpty ? nil : take()
  }

  private mutating func take() -> [Change<SectionID, ItemID>] {
    defer { pending = [] }
    return pending
  }
}
