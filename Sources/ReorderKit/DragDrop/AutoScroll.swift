/// Auto-scroll during a drag, built not to surprise: when the pointer is within ``edgeInset``
/// (60 pt) of the visible area's leading or trailing edge along the scroll axis, the content
/// scrolls towards that edge.
///
/// - **Eased toward the edge**: the speed grows with the square of the depth into the band,
///   from 0 where the band starts to ``maximumSpeed`` (1,680 pt/s, 28 pt a frame at 60 Hz) at
///   ``fullSpeedFraction`` (5%) of the visible length from the edge, and stays there beyond it.
/// - **Damped after the lift**: for ``dampingDuration`` (1.2 s) after the drag began, the speed
///   is scaled by (elapsed / 1.2 s)², so a lift near an edge does not lurch.
/// - **Only after moving toward the edge**: a lift inside a band does not scroll there until
///   the pointer moves further toward that edge; the speed then grows from 0 at the lift point
///   (as if the band started there) until the pointer leaves the band, after which the band is
///   the usual one.
///
/// (React-beautiful-dnd's fluid scroller was the reference for these numbers.) The machine
/// computes scroll deltas from time; the owner clamps the offset to the content bounds and
/// re-applies the drop target, so the target keeps updating while the content scrolls under a
/// still pointer. Interactive movement and drag and drop share it.
///
/// ```swift
/// var scroller = AutoScroll()
/// let view = Size(width: 320, height: 600)
/// scroller.begin(at: Point(x: 100, y: 300), time: 0)  // the lift, away from the edges
/// // 2 s later, 45 pt above the bottom edge: halfway to full speed, a quarter of 1,680 pt/s.
/// scroller.pointerMoved(to: Point(x: 100, y: 555), viewSize: view, axis: .vertical, time: 2)
/// scroller.tick(time: 2.5)   // .scroll(by: Point(x: 0, y: 210))
/// scroller.stop()
/// ```
public struct AutoScroll: Sendable {
  /// What the owner should do after an event.
  public enum Action: Hashable, Sendable {
    /// Nothing to do.
    case none
    /// Scroll the content by this delta (then clamp to the content and re-target).
    case scroll(by: Point)
  }

  /// One drag: where and when it began, which bands still start at the lift point, and the
  /// undamped velocity since the last tick.
  private struct Drag: Sendable {
    /// When the drag began: the damping's clock.
    var start: Double
    /// The pointer at the lift, in view coordinates.
    var origin: Point
    /// Whether the lift was in the leading (trailing) band and the pointer has not left it since:
    /// then that band starts at the lift point. `nil` until the first pointer move tells the axis.
    var fromOrigin: (leading: Bool, trailing: Bool)?
    /// The undamped velocity (pt/s along the axis, signed) since the tick at `time`.
    var velocity: Point
    var time: Double
  }

  /// The depth of the band along each edge, in points.
  public var edgeInset: Double
  /// The speed at full depth, in points per second.
  public var maximumSpeed: Double
  /// Where full speed is reached, as a fraction of the visible length from the edge (at most
  /// half the band: with a long view, full speed starts halfway into the band).
  public var fullSpeedFraction: Double
  /// How long after the drag began the speed is damped, in seconds; 0 for no damping.
  public var dampingDuration: Double
  private var drag: Drag?

  /// Creates a machine: a 60 pt band, 1,680 pt/s (28 pt a frame at 60 Hz) from 5% of the visible
  /// length from the edge, damped for 1.2 s after the lift.
  ///
  /// ```swift
  /// let brisk = AutoScroll(edgeInset: 80, maximumSpeed: 2400, dampingDuration: 0.6)
  /// ```
  public init(
    edgeInset: Double = 60, maximumSpeed: Double = 1680, fullSpeedFraction: Double = 0.05,
    dampingDuration: Double = 1.2
  ) {
    self.edgeInset = edgeInset
    self.maximumSpeed = maximumSpeed
    self.fullSpeedFraction = fullSpeedFraction
    self.dampingDuration = dampingDuration
  }

  /// Whether the content is being scrolled (it may still be at its bound).
  public var isScrolling: Bool { drag.map { $0.velocity != .zero } ?? false }

  /// When the current drag began (``begin(at:time:)``), or `nil` before the first drag and after ``stop()``.
  public var dragStartTime: Double? { drag?.start }

  /// The distance from an edge at which full speed is reached, for a visible length.
  func fullSpeedDistance(length: Double) -> Double {
    min(max(fullSpeedFraction, 0) * length, edgeInset / 2)
  }

  /// The eased speed (0...``maximumSpeed``) at a distance from an edge, for a band that starts
  /// `start` points from that edge (``edgeInset``, or less for a lift inside the band).
  /// A band that starts within the full-speed distance (a lift close to the edge) ramps up to the edge itself.
  func speed(atDistance distance: Double, bandStart start: Double, fullAt full: Double) -> Double {
    guard distance < start else { return 0 }
    let ramp = start - (full < start ? full : 0)
    let fraction = ramp > 0 ? min((start - distance) / ramp, 1) : 1
    return maximumSpeed * fraction * fraction
  }

  /// The undamped speed for a pointer coordinate along an axis of a given visible length:
  /// negative towards the leading edge, positive towards the trailing one; 0 outside the bands.
  ///
  /// ```swift
  /// AutoScroll().velocity(at: 555, length: 600)   // 420: 45 pt from the edge, (15 / 30)² of 1,680
  /// AutoScroll().velocity(at: 590, length: 600)   // 1,680: within 5% (30 pt) of the edge
  /// ```
  public func velocity(at coordinate: Double, length: Double) -> Double {
    velocity(at: coordinate, length: length, leadingStart: edgeInset, trailingStart: edgeInset)
  }

  private func velocity(at coordinate: Double, length: Double, leadingStart: Double, trailingStart: Double) -> Double {
    guard edgeInset > 0, length > 0, coordinate.isFinite, maximumSpeed.isFinite else { return 0 }
    let full = fullSpeedDistance(length: length)
    let lead = coordinate
    let trail = length - coordinate
    if lead < leadingStart && lead <= trail { return -speed(atDistance: lead, bandStart: leadingStart, fullAt: full) }
    if trail < trailingStart { return speed(atDistance: trail, bandStart: trailingStart, fullAt: full) }
    return 0
  }

  /// The integral from the lift to `elapsed` of the damping factor, (t / ``dampingDuration``)²
  /// and then 1, so that a tick's delta does not depend on how often the owner ticks.
  func dampedTime(after elapsed: Double) -> Double {
    let u = max(elapsed, 0)
    let d = dampingDuration
    guard d > 0 else { return u }
    return u <= d ? u * u * u / (3 * d * d) : d / 3 + (u - d)
  }

  /// A drag began (the lift), with the pointer at a point in view coordinates: starts the
  /// damping's clock and marks where the pointer began. Any previous drag is forgotten.
  public mutating func begin(at point: Point, time: Double) {
    drag = Drag(start: time, origin: point, fromOrigin: nil, velocity: .zero, time: time)
  }

  /// The pointer moved (view coordinates). Call ``tick(time:)`` up to `time` first: the time
  /// before this moment scrolls at the old speed. Without ``begin(at:time:)`` the first call
  /// begins the drag here.
  public mutating func pointerMoved(to point: Point, viewSize: Size, axis: ScrollDirection, time: Double) {
    if drag == nil { begin(at: point, time: time) }
    guard var d = drag else { return }
    let (c, c0, length) =
      axis == .vertical ? (point.y, d.origin.y, viewSize.height) : (point.x, d.origin.x, viewSize.width)
    guard c.isFinite, c0.isFinite else { return }
    // A band that held the lift starts at the lift point, until the pointer leaves the band.
    var fromOrigin = d.fromOrigin ?? (leading: c0 < edgeInset, trailing: length - c0 < edgeInset)
    if c >= edgeInset { fromOrigin.leading = false }
    if length - c >= edgeInset { fromOrigin.trailing = false }
    d.fromOrigin = fromOrigin
    let v = velocity(
      at: c, length: length, leadingStart: fromOrigin.leading ? c0 : edgeInset,
      trailingStart: fromOrigin.trailing ? length - c0 : edgeInset)
    d.velocity = axis == .vertical ? Point(x: 0, y: v) : Point(x: v, y: 0)
    d.time = max(d.time, time)
    drag = d
  }

  /// Time passed: the delta to scroll by since the last tick.
  public mutating func tick(time: Double) -> Action {
    guard var d = drag, time > d.time else { return .none }
    let last = d.time
    d.time = time
    drag = d
    guard d.velocity != .zero else { return .none }
    let dt = dampedTime(after: time - d.start) - dampedTime(after: last - d.start)
    guard dt > 0 else { return .none }
    return .scroll(by: Point(x: d.velocity.x * dt, y: d.velocity.y * dt))
  }

  /// The drag ended: stop scrolling and forget the drag.
  public mutating func stop() { drag = nil }
}
