/// A point in a two-dimensional coordinate space, in points.
///
/// ```swift
/// let p = Point(x: 58, y: 58)
/// let q = p.offsetBy(dx: 10, dy: 0)   // (68, 58)
/// ```
public struct Point: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate.
  public var y: Double

  /// Creates a point.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, (0, 0).
  public static let zero = Point(x: 0, y: 0)

  /// This point moved by the given amounts.
  public func offsetBy(dx: Double, dy: Double) -> Point { Point(x: x + dx, y: y + dy) }

  /// The straight-line distance to another point.
  public func distance(to other: Point) -> Double {
    let dx = other.x - x
    let dy = other.y - y
    return (dx * dx + dy * dy).squareRoot()
  }

  /// Whether both coordinates are finite numbers (not NaN, not infinite).
  public var isFinite: Bool { x.isFinite && y.isFinite }

  public var description: String { "(\(x), \(y))" }
}

/// A width and a height, in points.
///
/// ```swift
/// let s = Size(width: 116.67, height: 116.67)
/// ```
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// Creates a size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// A size of zero width and height.
  public static let zero = Size(width: 0, height: 0)

  public var description: String { "\(width)×\(height)" }
}

/// A rectangle: an origin and a size.
///
/// Containment is half-open: a point on the left or top edge is inside, a
/// point on the right or bottom edge is not, so two rectangles that touch
/// never both contain the same point.
///
/// ```swift
/// let r = Rect(x: 0, y: 0, width: 100, height: 50)
/// r.contains(Point(x: 99.9, y: 10))   // true
/// r.contains(Point(x: 100, y: 10))    // false
/// ```
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The top-left corner.
  public var origin: Point
  /// The width and height.
  public var size: Size

  /// Creates a rectangle from an origin and a size.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its coordinates.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.origin = Point(x: x, y: y)
    self.size = Size(width: width, height: height)
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  public var minX: Double { origin.x }
  public var minY: Double { origin.y }
  public var maxX: Double { origin.x + size.width }
  public var maxY: Double { origin.y + size.height }
  public var midX: Double { origin.x + size.width / 2 }
  public var midY: Double { origin.y + size.height / 2 }
  public var width: Double { size.width }
  public var height: Double { size.height }
  /// The centre point.
  public var center: Point { Point(x: midX, y: midY) }

  /// Whether the point lies inside (half-open: left and top edges included).
  public func contains(_ p: Point) -> Bool {
    p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
  }

  /// Whether the two rectangles overlap in an area of non-zero size.
  public func intersects(_ other: Rect) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }

  /// This rectangle moved by the given amounts.
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(origin: origin.offsetBy(dx: dx, dy: dy), size: size)
  }

  /// This rectangle scaled about its centre.
  public func scaled(by factor: Double) -> Rect {
    let w = width * factor
    let h = height * factor
    return Rect(x: midX - w / 2, y: midY - h / 2, width: w, height: h)
  }

  /// A rectangle between this one and another, `t` of the way (0 gives `self`, 1 gives `other`).
  public func interpolated(to other: Rect, _ t: Double) -> Rect {
    Rect(
      x: minX + (other.minX - minX) * t, y: minY + (other.minY - minY) * t,
      width: width + (other.width - width) * t, height: height + (other.height - height) * t)
  }

  public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}

/// Insets from the edges of a rectangle, as UIKit's `UIEdgeInsets`.
///
/// ```swift
/// let inset = EdgeInsets(top: 10, left: 16, bottom: 10, right: 16)
/// ```
public struct EdgeInsets: Hashable, Sendable {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double

  /// Creates insets; every edge defaults to 0.
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No insets.
  public static let zero = EdgeInsets()
}

extension Point {
  /// The offset nearest this one (a scroll offset) at which a viewport of `size` shows `frame`
  /// whole; where the frame is larger than the viewport, its leading edge is shown.
  @inlinable @inline(__always)
  func scrolled(toShow frame: Rect, in size: Size) -> Point {
    var target = self
    if frame.minX < target.x {
      target.x = frame.minX
    } else if frame.maxX > target.x + size.width {
      target.x = frame.maxX - size.width
    }
    if frame.minY < target.y {
      target.y = frame.minY
    } else if frame.maxY > target.y + size.height {
      target.y = frame.maxY - size.height
    }
    return target
  }
}
