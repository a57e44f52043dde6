/// Spring-loaded groups (UIKit's `isSpringLoaded`): a collapsed group that the pointer stays
/// over for ``delay`` (0.7 s) during a drag opens; leaving it earlier cancels the timer. Groups
/// opened this way close again when the drag ends, unless something was dropped into them.
///
/// Time is injected: the owner reports the hovered collapsed group with every pointer change
/// and ticks the machine with the clock.
///
/// ```swift
/// var spring = SpringLoading<String>()
/// spring.hover(over: "Basics", time: 1.0)   // .none: the timer starts
/// spring.tick(time: 1.5)                     // .none
/// spring.tick(time: 1.7)                     // .open("Basics")
/// spring.end(droppedInto: nil)               // .close(["Basics"])
/// ```
public struct SpringLoading<ItemID: Hashable & Sendable>: Sendable {
  /// What the owner should do after an event.
  public enum Action: Hashable, Sendable {
    /// Nothing to do.
    case none
    /// Expand this group, animated.
    case open(ItemID)
    /// Collapse these groups, animated (the drag ended and nothing was dropped into them).
    case close([ItemID])
  }

  @usableFromInline enum State: Hashable, Sendable {
    case idle
    case hovering(ItemID, since: Double)
  }

  /// How long the pointer must stay over a collapsed group before it opens, in seconds.
  public var delay: Double
  @usableFromInline var state: State = .idle
  /// The groups opened during this drag, in the order they opened.
  @inlinable public var openedGroups: [ItemID] { _openedGroups }
  /// The storage of `openedGroups`: internal, so that the engine's inlinable code can set it.
  @usableFromInline var _openedGroups: [ItemID] = []

  /// Creates a machine with UIKit's feel: 0.7 s.
  @inlinable public init(delay: Double = 0.7) {
    self.delay = delay
  }

  /// The group whose timer runs, if any.
  @inlinable public var hoveredGroup: ItemID? {
    if case .hovering(let id, _) = state { return id }
    return nil
  }

  /// The pointer is over this collapsed group (or over no collapsed group: `nil`). Hovering the
  /// same group again keeps its timer; another group (or none) restarts or stops it.
  @inlinable public mutating func hover(over group: ItemID?, time: Double) -> Action {
    guard let group else {
      state = .idle
      return .none
    }
    if case .hovering(let current, _) = state, current == group { return tick(time: time) }
    state = .hovering(group, since: time)
    return tick(time: time)
  }

  /// Time passed: opens the hovered group once the delay is reached.
  @inlinable public mutating func tick(time: Double) -> Action {
    guard case .hovering(let group, let since) = state, time + 1e-9 >= since + delay else { return .none }
    state = .idle
    _openedGroups.append(group)
    return .open(group)
  }

  /// The drag ended: the groups opened by hovering close again, except the one the items went
  /// into (`droppedInto`, nil for none). The machine is ready for the next drag.
  @inlinable public mutating func end(droppedInto group: ItemID?) -> Action {
    let closing = _openedGroups.filter { $0 != group }
    state = .idle
    _openedGroups = []
    return closing.isEmpty ? .none : .close(closing)
  }
}
