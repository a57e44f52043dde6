/// How long the pointer must rest before the gap moves during a drag (UIKit's
/// `UICollectionView.ReorderingCadence`), so that sweeping across many items does not make
/// the layout churn.
///
/// ```swift
/// view.reorderingCadence = .fast                   // 0.1 s
/// view.reorderingCadence = ReorderingCadence(delay: 0.2)   // your own
/// ```
public struct ReorderingCadence: Hashable, Sendable {
  /// The delay in seconds.
  public var delay: Double

  /// A cadence with a delay in seconds (negative counts as 0).
  public init(delay: Double) { self.delay = max(delay, 0) }

  /// The gap moves at once (UIKit's default).
  public static let immediate = ReorderingCadence(delay: 0)
  /// The gap moves after the pointer rests 0.1 s.
  public static let fast = ReorderingCadence(delay: 0.1)
  /// The gap moves after the pointer rests 0.3 s.
  public static let slow = ReorderingCadence(delay: 0.3)
}

/// The state machine behind ``ReorderingCadence``: a proposed target applies once it has
/// stayed the proposal for the cadence's delay. A different proposal restarts the wait; the
/// shown target proposed again drops the pending one.
///
/// ```swift
/// var gate = CadenceGate<Int>(cadence: .fast)
/// gate.propose(3, shown: 1, time: 1.0)   // .none: wait
/// gate.propose(4, shown: 1, time: 1.05)  // .none: a new proposal, the wait restarts
/// gate.tick(time: 1.1)                    // .none
/// gate.tick(time: 1.15)                   // .apply(4)
/// ```
public struct CadenceGate<Target: Hashable & Sendable>: Sendable {
  /// What the owner should do after an event.
  public enum Action: Hashable, Sendable {
    /// Nothing to do.
    case none
    /// Show this target now.
    case apply(Target)
  }

  @usableFromInline enum State: Hashable, Sendable {
    case idle
    case pending(Target, since: Double)
  }

  /// The cadence in use.
  public var cadence: ReorderingCadence
  @usableFromInline var state: State = .idle

  /// Creates a gate.
  @inlinable public init(cadence: ReorderingCadence = .immediate) {
    self.cadence = cadence
  }

  /// The target waiting for the pointer to rest, if any.
  @inlinable public var pending: Target? {
    if case .pending(let target, _) = state { return target }
    return nil
  }

  /// The pointer proposes a target while `shown` is displayed.
  @inlinable public mutating func propose(_ target: Target, shown: Target, time: Double) -> Action {
    if target == shown {
      state = .idle
      return .none
    }
    if case .pending(let current, _) = state, current == target { return tick(time: time) }
    state = .pending(target, since: time)
    return tick(time: time)
  }

  /// Time passed: applies the pending target once it has waited long enough.
  @inlinable public mutating func tick(time: Double) -> Action {
    guard case .pending(let target, let since) = state, time + 1e-9 >= since + cadence.delay else { return .none }
    state = .idle
    return .apply(target)
  }

  /// Applies the pending target at once (a release lands where the pointer is).
  @inlinable public mutating func flush() -> Action {
    guard case .pending(let target, _) = state else { return .none }
    state = .idle
    return .apply(target)
  }

  /// Forgets the pending target.
  @inlinable public mutating func reset() { state = .idle }
}
