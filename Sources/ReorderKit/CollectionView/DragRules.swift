/// The rules of a drag's ``ReorderMode``, chosen once when the drag begins (a lift, or items
/// entering from elsewhere) and kept by its session: how a step moves the items,
/// how the drag lands, how a cancel takes it back. Every difference between the modes is read
/// here, not from the mode.
///
/// ```swift
/// let rules = DragRules(.live)
/// rules.commitsSteps    // true: each placeholder move is committed, a cancel takes them back
/// rules.proposesDrops   // false
/// ```
@usableFromInline struct DragRules: Sendable, Equatable {
  /// How a step of the target rule moves the items.
  @usableFromInline enum Step: Sendable, Equatable {
    /// The placeholder moves and the data changes once, at the drop (interactive, UIKit's).
    case placeholder
    /// Each placeholder move is committed to the data as it happens (live).
    case commit
    /// The target rule proposes a destination through the policy's drop hooks (drag and drop).
    case propose
  }

  /// How a step moves the items; the rest follows from it.
  @usableFromInline let step: Step

  /// The rules of a mode.
  @inlinable init(_ mode: ReorderMode) {
    switch mode {
    case .interactive: step = .placeholder
    case .live: step = .commit
    case .dragDrop: step = .propose
    }
  }

  /// Whether the data follows the gap (live): the lift records the way back, a cancel, an end
  /// without a word or the items going away takes the steps back, and new data moves the items
  /// to the gap.
  @inlinable var commitsSteps: Bool { step == .commit }

  /// Whether the drag proposes drops (drag and drop): a shown target, spring loading, copies, the
  /// stacked lifted cell, its own drop and cancel (`performDrop`, `cancelDrop`).
  @inlinable var proposesDrops: Bool { step == .propose }

  /// Whether `count` items entering from elsewhere are appended at the end of their section's
  /// data, shown at the gap from the session's rows (``Session/Gap/appended``): not for a live drag
  /// (it commits each step from where the items stand), nor for an interactive drag of several
  /// items (its drop places the lifted one only).
  @inlinable func appendsEntering(_ count: Int) -> Bool {
    step == .propose || (step == .placeholder && count == 1)
  }
}
