/// A long-press recogniser with UIKit's states and defaults: the pointer must
/// stay within ``allowableMovement`` (10 pt) of where it went down for
/// ``minimumPressDuration`` (0.5 s); then the press begins, exactly at
/// down time + 0.5 s, and every later movement is a change.
///
/// Time is injected: feed it events and ticks with their times.
///
/// ```swift
/// var press = LongPressRecognizer()
/// press.pointerDown(at: Point(x: 58, y: 58), time: 0)     // .none
/// press.tick(time: 0.5)                                    // .began(Point(x: 58, y: 58), time: 0.5)
/// press.pointerMoved(to: Point(x: 195, y: 58), time: 0.6)  // .changed(Point(x: 195, y: 58))
/// press.pointerUp(at: Point(x: 195, y: 58), time: 1.0)     // .ended(Point(x: 195, y: 58))
/// ```
///
/// Releasing before the duration is a tap; moving farther than the allowable
/// movement before it fails the gesture.
///
/// A mouse (``PointerKind/mouse``) also begins as soon as it moves ``activationDistance`` (4 pt)
/// from where the button went down, before the duration: the move reports ``Action/began(_:time:)``
/// with the down point, the owner lifts what was pressed there and follows the pointer to where it
/// moved. Touch and pen never do.
///
/// ```swift
/// var press = LongPressRecognizer()
/// press.pointerDown(at: Point(x: 58, y: 58), time: 0, pointer: .mouse)
/// press.pointerMoved(to: Point(x: 61, y: 58), time: 0.05)   // .none: 3 pt
/// press.pointerMoved(to: Point(x: 62, y: 58), time: 0.1)    // .began(Point(x: 58, y: 58), time: 0.1)
/// press.pointerMoved(to: Point(x: 195, y: 58), time: 0.2)   // .changed(Point(x: 195, y: 58))
/// ```
public struct LongPressRecognizer: Sendable {
  /// UIKit's gesture states.
  public enum State: Hashable, Sendable {
    case possible, began, changed, ended, cancelled, failed
  }

  /// What the owner should do after an event.
  public enum Action: Hashable, Sendable {
    /// Nothing happened that the owner needs to act on.
    case none
    /// The press was recognised at `time` with the pointer at the point: lift the item. From
    /// ``LongPressRecognizer/pointerMoved(to:time:)`` (a mouse that moved the activation distance),
    /// the point is where the button went down: lift the item pressed there, then follow the
    /// pointer to where it moved.
    case began(Point, time: Double)
    /// The pointer moved during a recognised press.
    case changed(Point)
    /// The pointer went up after a recognised press: drop.
    case ended(Point)
    /// The recognised press was cancelled: put everything back.
    case cancelled
    /// The pointer moved too far before the press was recognised: the gesture failed.
    case failed
    /// The pointer went up before the press was recognised and without moving too far.
    case tapped(Point)
  }

  /// How long the pointer must stay down, in seconds (UIKit: 0.5).
  public var minimumPressDuration: Double
  /// How far the pointer may move before the press is recognised, in points (UIKit: 10).
  public var allowableMovement: Double
  /// How far a mouse must move from where its button went down to begin at once, in points
  /// (dnd-kit's distance constraint: 4). Touch and pen ignore it.
  public var activationDistance: Double

  /// The current state.
  public private(set) var state: State = .possible
  /// What pressed, as given to ``pointerDown(at:time:pointer:)``.
  public private(set) var pointer: PointerKind = .touch
  private var downPoint: Point?
  private var downTime: Double = 0
  /// Where the pointer is while the press is not yet decided (where it begins).
  private var lastPoint: Point = .zero

  /// Creates a recogniser with UIKit's defaults, and dnd-kit's distance for a mouse.
  public init(minimumPressDuration: Double = 0.5, allowableMovement: Double = 10, activationDistance: Double = 4) {
    self.minimumPressDuration = minimumPressDuration
    self.allowableMovement = allowableMovement
    self.activationDistance = activationDistance
  }

  /// Whether a pointer is down and the press not yet decided.
  public var isPending: Bool { state == .possible && downPoint != nil }
  /// Whether a recognised press is in progress.
  public var isActive: Bool { state == .began || state == .changed }

  /// The pointer went down. A press already tracked is abandoned. `pointer` says what pressed: a
  /// ``PointerKind/mouse`` also begins on a move of ``activationDistance``.
  @discardableResult
  public mutating func pointerDown(at point: Point, time: Double, pointer: PointerKind = .touch) -> Action {
    state = .possible
    self.pointer = pointer
    downPoint = point
    downTime = time
    lastPoint = point
    return .none
  }

  /// Time passed. Recognises the press once the duration is reached.
  public mutating func tick(time: Double) -> Action {
    guard state == .possible, downPoint != nil, time >= downTime + minimumPressDuration else { return .none }
    state = .began
    return .began(lastPoint, time: downTime + minimumPressDuration)
  }

  /// The pointer moved. Call ``tick(time:)`` first when time may have reached the duration.
  ///
  /// A mouse that has moved ``activationDistance`` or more from where it went down begins now:
  /// ``Action/began(_:time:)`` with the down point and this move's time.
  public mutating func pointerMoved(to point: Point, time: Double) -> Action {
    switch state {
    case .possible:
      guard let down = downPoint else { return .none }
      lastPoint = point
      if pointer == .mouse && down.distance(to: point) >= activationDistance {
        state = .began
        return .began(down, time: time)
      }
      if down.distance(to: point) > allowableMovement {
        state = .failed
        downPoint = nil
        return .failed
      }
      return .none
    case .began, .changed:
      // The pointer is the drag's now (its session keeps it): the recogniser kept it only to say
      // where the press began.
      state = .changed
      return .changed(point)
    case .ended, .cancelled, .failed:
      return .none
    }
  }

  /// The pointer went up. Before the press began, it is a tap within ``allowableMovement`` of
  /// where it went down (a mouse: within less than ``activationDistance``), or a failure.
  public mutating func pointerUp(at point: Point, time: Double) -> Action {
    defer { downPoint = nil }
    switch state {
    case .possible:
      guard let down = downPoint else { return .none }
      state = .failed
      let distance = down.distance(to: point)
      let moved = distance > allowableMovement || (pointer == .mouse && distance >= activationDistance)
      return moved ? .failed : .tapped(point)
    case .began, .changed:
      state = .ended
      return .ended(point)
    case .ended, .cancelled, .failed:
      return .none
    }
  }

  /// The system cancelled the gesture (Esc, a lost pointer).
  @discardableResult
  public mutating func cancel() -> Action {
    defer { downPoint = nil }
    switch state {
    case .began, .changed:
      state = .cancelled
      return .cancelled
    case .possible where downPoint != nil:
      state = .failed
      return .failed
    default:
      return .none
    }
  }

  /// Takes over a pointer that already holds items lifted elsewhere (a ``Board`` hands a drag to
  /// the view under the pointer as it crosses): the recogniser is active at `point`, with no press
  /// of its own to wait for, so that the pointer's next moves are `.changed` and its release
  /// `.ended`.
  ///
  /// ```swift
  /// var press = LongPressRecognizer()
  /// press.hold(at: Point(x: 40, y: 60))
  /// press.isActive                                          // true
  /// press.pointerMoved(to: Point(x: 44, y: 60), time: 0.1)  // .changed((44, 60))
  /// ```
  public mutating func hold(at point: Point, pointer: PointerKind = .touch) {
    state = .began
    self.pointer = pointer
    downPoint = point
  }

  /// Resets to `.possible` with no pointer down.
  public mutating func reset() {
    state = .possible
    downPoint = nil
  }
}
