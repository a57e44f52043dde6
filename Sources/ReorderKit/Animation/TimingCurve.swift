/// How an animation's progress maps to time: UIKit's ease in-out, the curve every reflow,
/// settle and batch-update transition uses.
///
/// ```swift
/// TimingCurve.easeInOut.value(at: 0.5)   // 0.5
/// TimingCurve.easeInOut.value(at: 0.25)  // ≈ 0.13: slow start
/// ```
public enum TimingCurve: Hashable, Sendable {
  /// Core Animation's ease in-out: the cubic Bézier (0.42, 0), (0.58, 1).
  case easeInOut

  /// The progress (0 to 1) at a fraction of the duration (clamped to 0…1).
  public func value(at fraction: Double) -> Double {
    let t = min(max(fraction, 0), 1)
    switch self {
    case .easeInOut: return Self.cubicBezier(t, 0.42, 0, 0.58, 1)
    }
  }

  /// y of the Bézier curve with control points (x1, y1), (x2, y2) at x = t, solved by Newton's method.
  static func cubicBezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
    func bezier(_ s: Double, _ a: Double, _ b: Double) -> Double {
      let u = 1 - s
      return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
    }
    func derivative(_ s: Double, _ a: Double, _ b: Double) -> Double {
      let u = 1 - s
      return 3 * u * u * a + 6 * u * s * (b - a) + 3 * s * s * (1 - b)
    }
    var s = x
    for _ in 0..<8 {
      let error = bezier(s, x1, x2) - x
      if abs(error) < 1e-7 { break }
      let d = derivative(s, x1, x2)
      if abs(d) < 1e-6 { break }
      s -= error / d
    }
    // Fall back to bisection if Newton wandered off.
    if !(0...1).contains(s) || abs(bezier(s, x1, x2) - x) > 1e-5 {
      var lo = 0.0
      var hi = 1.0
      s = x
      for _ in 0..<40 {
        if bezier(s, x1, x2) < x { lo = s } else { hi = s }
        s = (lo + hi) / 2
      }
    }
    return bezier(s, y1, y2)
  }
}

/// One element's animation between two states, keyed by identity in a ``CollectionView``.
@usableFromInline struct ElementAnimation: Hashable, Sendable {
  var from: Rect
  @usableFromInline var to: Rect
  var fromAlpha: Double = 1
  var toAlpha: Double = 1
  var fromScale: Double = 1
  var toScale: Double = 1
  @usableFromInline var start: Double
  @usableFromInline var duration: Double
  var curve: TimingCurve = .easeInOut

  @usableFromInline init(
    from: Rect, to: Rect, fromAlpha: Double = 1, toAlpha: Double = 1, fromScale: Double = 1, toScale: Double = 1,
    start: Double, duration: Double, curve: TimingCurve = .easeInOut
  ) {
    self.from = from
    self.to = to
    self.fromAlpha = fromAlpha
    self.toAlpha = toAlpha
    self.fromScale = fromScale
    self.toScale = toScale
    self.start = start
    self.duration = duration
    self.curve = curve
  }

  @usableFromInline func progress(at time: Double) -> Double {
    duration <= 0 ? 1 : curve.value(at: (time - start) / duration)
  }
  @usableFromInline func frame(at time: Double) -> Rect { from.interpolated(to: to, progress(at: time)) }
  @usableFromInline func alpha(at time: Double) -> Double {
    let p = progress(at: time)
    return fromAlpha + (toAlpha - fromAlpha) * p
  }
  @usableFromInline func scale(at time: Double) -> Double {
    let p = progress(at: time)
    return fromScale + (toScale - fromScale) * p
  }
  @usableFromInline func isFinished(at time: Double) -> Bool { time >= start + duration }
}
