@preconcurrency internal import CSDL2

#if canImport(Glibc)
  import Glibc
#endif

/// Time in seconds from a monotonic clock, and frame pacing at the display's rate.
///
/// When the renderer waits for vsync, presenting already paces the loop; when
/// it does not (a software renderer, Xvfb), `waitForNextFrame()` sleeps until
/// the next frame is due, so the loop never spins.
///
/// ```swift
/// var pacer = FramePacer(rate: window.refreshRate)
/// while running {
///   let start = FramePacer.now()
///   drawFrame()
///   stats.record(FramePacer.now() - start)
///   pacer.waitForNextFrame()
/// }
/// ```
public struct FramePacer: Sendable {
  /// The frame period in seconds.
  public let period: Double
  private var deadline: Double

  /// Paces frames at `rate` hertz.
  public init(rate: Double) {
    period = 1 / max(rate, 1)
    deadline = Self.now() + period
  }

  /// Seconds since an arbitrary, fixed moment (monotonic).
  public static func now() -> Double {
    Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
  }

  /// Sleeps until the next frame is due. A late frame keeps the cadence: the next frame is due at
  /// the next multiple of the period, never a whole period after the late one.
  public mutating func waitForNextFrame() {
    let now = Self.now()
    if now >= deadline {
      let missed = ((now - deadline) / period).rounded(.down) + 1
      deadline += missed * period
      if deadline - now < period * 0.25 { deadline += period }
    }
    let remaining = deadline - now
    if remaining > 0.0015 { usleep(useconds_t((remaining - 0.001) * 1_000_000)) }
    while Self.now() < deadline { sched_yield() }
    deadline += period
  }
}
