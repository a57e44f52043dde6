/// Auto-scroll during a drag: when the pointer is within ``edgeInset`` (60 pt) of the
/// visible area's leading or trailing edge along the scroll axis, the content scrolls
/// towards that edge at a speed growing linearly with the depth into the band, up to
/// ``maximumSpeed`` (1,200 pt/s) at the edge and beyond it.
///
/// The machine computes scroll deltas from time; the owner clamps the offset to the
/// content bounds and re-applies the drop target, so the target keeps updating while the
/// content scrolls under a still pointer. Interactive movement and drag and drop share it.
///
/// ```swift
/// var scroller = AutoScroll()
/// // A 600 pt tall view; the pointer 15 pt above the bottom edge: 45 pt deep, 900 pt/s.
/// scroller.pointerMoved(to: Point(x: 100, y: 585), viewSize: Size(width: 320, height: 600), axis: .vertical, time: 1.0)
/// scroller.tick(time: 1.1)   // .scroll(by: Point(x: 0, y: 90))
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

  private enum State: Hashable, Sendable {
    case idle
    /// Scrolling at `velocity` (pt/s along the axis, signed) since the last tick at `time`.
    case scrolling(velocity: Point, time: Double)
  }

  /// The depth of the band along each edge, in points.
  public var edgeInset: Double
  /// The speed at the edge (and beyond it), in points per second.
  public var maximumSpeed: Double
  private var state: State = .idle

  /// Creates a machine with a 60 pt band and 1,200 pt/s at the edge.
  public init(edgeInset: Double = 60, maximumSpeed: Double = 1200) {
    self.edgeInset = edgeInset
    self.maximumSpeed = maximumSpeed
  }

  /// Whether the pointer is in a band (the content may still be at its bound).
  public var isScrolling: Bool { state != .idle }

  /// The speed for a pointer coordinate along an axis of a given visible length: negative
  /// towards the leading edge, positive towards the trailing one.
  public func velocity(at coordinate: Double, length: Double) -> Double {
    guard edgeInset > 0, length > 0, coordinate.isFinite else { return 0 }
    let lead = coordinate
    let trail = length - coordinate
    if lead < edgeInset && lead <= trail { return -maximumSpeed * min(edgeInset - lead, edgeInset) / edgeInset }
    if trail < edgeInset { return maximumSpeed * min(edgeInset - trail, edgeInset) / edgeInset }
    return 0
  }

  /// The pointer moved (view coordinates). Call ``tick(time:)`` up to `time` first: the time
  /// before this moment scrolls at the old speed.
  public mutating func pointerMoved(to point: Point, viewSize: Size, axis: ScrollDirection, time: Double) {
    let v: Point
    switch axis {
    case .vertical: v = Point(x: 0, y: velocity(at: point.y, length: viewSize.height))
    case .horizontal: v = Point(x: velocity(at: point.x, length: viewSize.width), y: 0)
    }
    state = v == .zero ? .idle : .scrolling(velocity: v, time: time)
  }

  /// Time passed: the delta to scroll by since the last tick.
  public mutating func tick(time: Double) -> Action {
    guard case .scrolling(let v, let last) = state, time > last else { return .none }
    state = .scrolling(velocity: v, time: time)
    let dt = time - last
    return .scroll(by: Point(x: v.x * dt, y: v.y * dt))
  }

  /// The drag ended: stop scrolling.
  public mutating func stop() { state = .idle }
}
