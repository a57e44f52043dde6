@preconcurrency internal import CSDL2
import ReorderKit

/// The masks that round corners, outlines and shadows are cut from: a white
/// alpha mask per radius in the canvas's atlas, tinted when drawn, made once and
/// kept (made again if the atlas is emptied).
extension Canvas {
  /// Draws the four corners of a mask (a circle or ring of radius `r`, at `mask` in the atlas) at
  /// the corners of `p`, each `cornerSize` pixels square.
  func drawCorners(_ mask: SDL_Rect, textureRadius r: Int32, into p: SDL_Rect, cornerSize: Int32, color: Color) {
    let c = cornerSize
    let corners: [(SDL_Rect, SDL_Rect)] = [
      (SDL_Rect(x: 0, y: 0, w: r, h: r), SDL_Rect(x: p.x, y: p.y, w: c, h: c)),
      (SDL_Rect(x: r, y: 0, w: r, h: r), SDL_Rect(x: p.x + p.w - c, y: p.y, w: c, h: c)),
      (SDL_Rect(x: 0, y: r, w: r, h: r), SDL_Rect(x: p.x, y: p.y + p.h - c, w: c, h: c)),
      (SDL_Rect(x: r, y: r, w: r, h: r), SDL_Rect(x: p.x + p.w - c, y: p.y + p.h - c, w: c, h: c)),
    ]
    for (src, dst) in corners { emit(Self.quad(dst), source: Self.offset(src, by: mask), color: color) }
  }

  /// A filled circle of radius `r` (a white mask, tinted when drawn), in the atlas.
  func circleMask(radius r: Int) -> SDL_Rect? {
    cachedMask(.circle(radius: r)) {
      let n = 2 * r
      let mask = Self.coverage(width: n, height: n) { x, y in
        let dx = x - Double(r)
        let dy = y - Double(r)
        return dx * dx + dy * dy <= Double(r * r)
      }
      return (mask, n, n)
    }
  }

  /// A mask from the atlas, made (and put there) the first time it is asked for: `make` gives its
  /// coverage (0...1 per pixel), width and height.
  private func cachedMask(_ key: MaskKey, make: () -> (mask: [Double], width: Int, height: Int)) -> SDL_Rect? {
    if let t = masks[key] { return t }
    let (mask, width, height) = make()
    let t = addMask(mask, width: width, height: height)
    masks[key] = t
    return t
  }

  /// A whole rounded rectangle of `w` × `h` pixels and corner radius `r` (at most half of each
  /// side), in the atlas: the pixels of ``circleMask(radius:)``'s corners and full cover between.
  func roundedRectMask(_ w: Int32, _ h: Int32, radius r: Int32) -> SDL_Rect? {
    cachedMask(.roundedRect(width: w, height: h, radius: r)) {
      let mask = Self.coverage(width: Int(w), height: Int(h)) { x, y in
        Self.inRoundedRect(x, y, from: 0, 0, to: Double(w), Double(h), radius: Double(r))
      }
      return (mask, Int(w), Int(h))
    }
  }

  /// A ring of radius `r` and line width `lw`, in the atlas.
  func ringMask(radius r: Int, width lw: Int) -> SDL_Rect? {
    cachedMask(.ring(radius: r, width: lw)) {
      let n = 2 * r
      let inner = Double(max(r - lw, 0))
      let mask = Self.coverage(width: n, height: n) { x, y in
        let dx = x - Double(r)
        let dy = y - Double(r)
        let d2 = dx * dx + dy * dy
        return d2 <= Double(r * r) && d2 >= inner * inner
      }
      return (mask, n, n)
    }
  }

  /// A soft shadow of a rounded rectangle (corner radius `r`, spread `b`), in the atlas: its corners
  /// and a one-pixel middle row and column, for nine slices.
  func shadowMask(radius r: Int, blur b: Int) -> SDL_Rect? {
    cachedMask(.shadow(radius: r, blur: b)) {
      let c = r + 2 * b
      let n = 2 * c + 1
      let lo = Double(2 * b)
      let hi = Double(n - 2 * b)
      var mask = Self.coverage(width: n, height: n) { x, y in
        Self.inRoundedRect(x, y, from: lo, lo, to: hi, hi, radius: Double(r))
      }
      let boxRadius = max(b / 2, 1)
      for _ in 0..<3 { Self.boxBlur(&mask, width: n, height: n, radius: boxRadius) }
      return (mask, n, n)
    }
  }

  /// Whether a point lies in the rectangle from (x0, y0) to (x1, y1) with corners of radius `r`:
  /// within `r` of the nearest point of the rectangle inset by `r`, where the corners' circles are
  /// centred.
  static func inRoundedRect(
    _ x: Double, _ y: Double, from x0: Double, _ y0: Double, to x1: Double, _ y1: Double, radius r: Double
  ) -> Bool {
    guard x >= x0, x < x1, y >= y0, y < y1 else { return false }
    let dx = x - min(max(x, x0 + r), x1 - r)
    let dy = y - min(max(y, y0 + r), y1 - r)
    return dx * dx + dy * dy <= r * r
  }

  /// Coverage of a shape per pixel, from 4×4 samples, as 0...1.
  private static func coverage(width: Int, height: Int, inside: (Double, Double) -> Bool) -> [Double] {
    var mask = [Double](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        var hits = 0
        for sy in 0..<4 {
          for sx in 0..<4 where inside(Double(x) + (Double(sx) + 0.5) / 4, Double(y) + (Double(sy) + 0.5) / 4) {
            hits += 1
          }
        }
        mask[y * width + x] = Double(hits) / 16
      }
    }
    return mask
  }

  private static func boxBlur(_ mask: inout [Double], width: Int, height: Int, radius: Int) {
    var tmp = mask
    let span = Double(2 * radius + 1)
    for y in 0..<height {
      for x in 0..<width {
        var sum = 0.0
        for k in -radius...radius { sum += mask[y * width + min(max(x + k, 0), width - 1)] }
        tmp[y * width + x] = sum / span
      }
    }
    for y in 0..<height {
      for x in 0..<width {
        var sum = 0.0
        for k in -radius...radius { sum += tmp[min(max(y + k, 0), height - 1) * width + x] }
        mask[y * width + x] = sum / span
      }
    }
  }

  /// Puts a coverage mask (0...1 per pixel) into the atlas as white with that alpha.
  private func addMask(_ mask: [Double], width: Int, height: Int) -> SDL_Rect? {
    let pixels = mask.map { m -> UInt32 in
      let alpha = UInt32((min(max(m, 0), 1) * 255).rounded())
      return alpha << 24 | 0x00FF_FFFF
    }
    return pixels.withUnsafeBytes { bytes in
      addToAtlas(pixels: bytes.baseAddress!, width: Int32(width), height: Int32(height), pitch: width * 4)
    }
  }
}
