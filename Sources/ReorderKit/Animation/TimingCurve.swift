/// How an animation's progress maps to time: linear, UIKit's ease in-out, or a spring.
///
/// ```swift
/// TimingCurve.easeInOut.value(at: 0.5)   // 0.5
/// TimingCurve.easeInOut.value(at: 0.25)  // ≈ 0.13: slow start
/// ```
public enum TimingCurve: Hashable, Sendable {
  /// Constant speed.
  case linear
  /// Core Animation's ease in-out: the cubic Bézier (0.42, 0), (0.58, 1).
  case easeInOut
  /// A critically damped or underdamped spring, settling within the animation's duration.
  /// `damping` is the damping ratio (1 = no overshoot).
  case spring(damping: Double)

  /// The progress (0 to 1, a spring may overshoot) at a fraction of the duration (clamped to 0…1).
  public func value(at fraction: Double) -> Double {
    let t = min(max(fraction, 0), 1)
    switch self {
    case .linear:
      return t
    case .easeInOut:
      return Self.cubicBezier(t, 0.42, 0, 0.58, 1)
    case .spring(let damping):
      if t >= 1 { return 1 }
      // A spring that has settled to within 0.1% at t = 1.
      let zeta = max(min(damping, 1), 0.05)
      let omega = 6.9 / (zeta * 1.0)  // e^(-zeta·omega) ≈ 0.001
      if zeta >= 1 { return 1 - (1 + omega * t) * (-omega * t).exp }
      let omegaD = omega * (1 - zeta * zeta).squareRoot()
      let envelope = (-zeta * omega * t).exp
      return 1 - envelope * ((omegaD * t).cosine + zeta * omega / omegaD * (omegaD * t).sine)
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

// Elementary functions from the standard library only (the engine does not import Foundation).
extension Double {
  var exp: Double { Self.expApprox(self) }
  var sine: Double { Self.sinApprox(self) }
  var cosine: Double { Self.sinApprox(self + .pi / 2) }

  static func expApprox(_ x: Double) -> Double {
    if x < -700 { return 0 }
    // e^x = 2^k · e^r with |r| ≤ ln2/2; Taylor series for e^r.
    let k = (x / 0.6931471805599453).rounded()
    let r = x - k * 0.6931471805599453
    var term = 1.0
    var sum = 1.0
    for n in 1...18 {
      term *= r / Double(n)
      sum += term
    }
    return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
  }

  static func sinApprox(_ x: Double) -> Double {
    // Reduce to [-π, π], then Taylor.
    var y = x.truncatingRemainder(dividingBy: 2 * .pi)
    if y > .pi { y -= 2 * .pi } else if y < -.pi { y += 2 * .pi }
    var term = y
    var sum = y
    for n in stride(from: 3, through: 29, by: 2) {
      term *= -y * y / Double((n - 1) * n)
      sum += term
    }
    return sum
  }
}

/// One element's animation between two states, keyed by identity in a ``CollectionView``.
struct ElementAnimation: Hashable, Sendable {
  var from: Rect
  var to: Rect
  var fromAlpha: Double = 1
  var toAlpha: Double = 1
  var fromScale: Double = 1
  var toScale: Double = 1
  var start: Double
  var duration: Double
  var curve: TimingCurve = .easeInOut

  func progress(at time: Double) -> Double {
    duration <= 0 ? 1 : curve.value(at: (time - start) / duration)
  }
  func frame(at time: Double) -> Rect { from.interpolated(to: to, progress(at: time)) }
  func alpha(at time: Double) -> Double {
    let p = progress(at: time)
    return fromAlpha + (toAlpha - fromAlpha) * p
  }
  func scale(at time: Double) -> Double {
    let p = progress(at: time)
    return fromScale + (toScale - fromScale) * p
  }
  func isFinished(at time: Double) -> Bool { time >= start + duration }
}
