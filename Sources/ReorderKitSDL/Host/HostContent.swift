import ReorderKit

/// What an ``SDLHost`` shows: it receives the window's input, is ticked once a frame and draws.
///
/// ``CollectionHost`` is the content for an app that is one collection view; an app with more on
/// screen (a toolbar, several views) implements this protocol and uses a ``CollectionPane`` per view.
///
/// ```swift
/// final class Clock: HostContent {
///   var now = 0.0
///   func handle(_ event: InputEvent, time: Double) {}
///   func tick(time: Double) { now = time }
///   func draw(in canvas: Canvas, size: Size, time: Double) -> Bool {
///     canvas.drawText("\(Int(now))", in: Rect(origin: .zero, size: size), size: 40, color: .black)
///     return true  // redraw every frame
///   }
/// }
/// try SDLHost(title: "Clock", size: Size(width: 200, height: 100)).run(Clock())
/// ```
public protocol HostContent: AnyObject {
  /// One input event, in window coordinates (points), at `time` (seconds, the frame's start).
  func handle(_ event: InputEvent, time: Double)
  /// Advances animations and timers to `time`; called once a frame, after the input, before drawing.
  func tick(time: Double)
  /// Draws the whole window (`size` points); returns whether anything still moves, so the host
  /// keeps drawing frames (when nothing moves and no pointer is held, it sleeps until input).
  func draw(in canvas: Canvas, size: Size, time: Double) -> Bool
  /// Whether a pointer is held (the host keeps drawing frames, and counts drag frames apart).
  var isTrackingPointer: Bool { get }
  /// Called once, after the first frame is drawn.
  func didShowFirstFrame(time: Double)
}

extension HostContent {
  /// Not tracking.
  public var isTrackingPointer: Bool { false }
  /// Nothing to do.
  public func didShowFirstFrame(time: Double) {}
}
