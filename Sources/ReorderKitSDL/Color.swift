/// An 8-bit RGBA colour.
///
/// ```swift
/// let tint = Color(hue: 0.6, saturation: 0.7, brightness: 0.9)
/// let faded = tint.withAlpha(0.5)
/// ```
public struct Color: Hashable, Sendable {
  public var r: UInt8
  public var g: UInt8
  public var b: UInt8
  public var a: UInt8

  /// Creates a colour from its components.
  public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// Creates a colour from a 0xRRGGBB value.
  public init(hex: UInt32, alpha: Double = 1) {
    self.init(
      r: UInt8((hex >> 16) & 0xFF), g: UInt8((hex >> 8) & 0xFF), b: UInt8(hex & 0xFF),
      a: UInt8((alpha * 255).rounded()))
  }

  /// Creates a colour from hue, saturation and brightness, each from 0 to 1 (as `UIColor`).
  public init(hue: Double, saturation: Double, brightness: Double, alpha: Double = 1) {
    let h = (hue - hue.rounded(.down)) * 6
    let i = Int(h) % 6
    let f = h - Double(Int(h))
    let v = brightness
    let p = v * (1 - saturation)
    let q = v * (1 - saturation * f)
    let t = v * (1 - saturation * (1 - f))
    let (r, g, b): (Double, Double, Double) =
      switch i {
      case 0: (v, t, p)
      case 1: (q, v, p)
      case 2: (p, v, t)
      case 3: (p, q, v)
      case 4: (t, p, v)
      default: (v, p, q)
      }
    self.init(
      r: UInt8((r * 255).rounded()), g: UInt8((g * 255).rounded()), b: UInt8((b * 255).rounded()),
      a: UInt8((alpha * 255).rounded()))
  }

  /// This colour with its alpha multiplied by `factor` (0 to 1).
  public func withAlpha(_ factor: Double) -> Color {
    var c = self
    c.a = UInt8((Double(a) * min(max(factor, 0), 1)).rounded())
    return c
  }

  /// This colour mixed with another, `t` of the way (0 gives `self`).
  public func mixed(with other: Color, _ t: Double) -> Color {
    func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded()) }
    return Color(r: mix(r, other.r), g: mix(g, other.g), b: mix(b, other.b), a: mix(a, other.a))
  }

  /// The relative luminance, from 0 (black) to 1 (white); pick dark or light text with it.
  public var luminance: Double {
    (0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b)) / 255
  }

  /// "#rrggbb", as tests and reports print colours.
  public var hexString: String {
    let digits = Array("0123456789abcdef")
    var s = "#"
    for v in [r, g, b] {
      s.append(digits[Int(v >> 4)])
      s.append(digits[Int(v & 0xF)])
    }
    return s
  }

  public static let white = Color(r: 255, g: 255, b: 255)
  public static let black = Color(r: 0, g: 0, b: 0)
  public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
}
