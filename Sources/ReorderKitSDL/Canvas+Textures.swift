@preconcurrency internal import CSDL2
import ReorderKit

/// The small textures that round corners, outlines and shadows are cut from:
/// a white alpha mask per radius, tinted when drawn, made once and kept.
extension Canvas {
  func drawCorners(_ tex: OpaquePointer, textureRadius r: Int32, into p: SDL_Rect, cornerSize: Int32, color: Color) {
    SDL_SetTextureColorMod(tex, color.r, color.g, color.b)
    SDL_SetTextureAlphaMod(tex, color.a)
    let c = cornerSize
    let corners: [(SDL_Rect, SDL_Rect)] = [
      (SDL_Rect(x: 0, y: 0, w: r, h: r), SDL_Rect(x: p.x, y: p.y, w: c, h: c)),
      (SDL_Rect(x: r, y: 0, w: r, h: r), SDL_Rect(x: p.x + p.w - c, y: p.y, w: c, h: c)),
      (SDL_Rect(x: 0, y: r, w: r, h: r), SDL_Rect(x: p.x, y: p.y + p.h - c, w: c, h: c)),
      (SDL_Rect(x: r, y: r, w: r, h: r), SDL_Rect(x: p.x + p.w - c, y: p.y + p.h - c, w: c, h: c)),
    ]
    for (src, dst) in corners {
      var s = src
      var d = dst
      SDL_RenderCopy(renderer, tex, &s, &d)
    }
  }

  func circleTexture(radius r: Int) -> OpaquePointer? {
    if let t = circles[r] { return t }
    let n = 2 * r
    let mask = Self.coverage(width: n, height: n) { x, y in
      let dx = x - Double(r)
      let dy = y - Double(r)
      return dx * dx + dy * dy <= Double(r * r)
    }
    let t = makeTexture(mask: mask, width: n, height: n)
    circles[r] = t
    return t
  }

  func ringTexture(radius r: Int, width lw: Int) -> OpaquePointer? {
    let key = RingKey(radius: r, width: lw)
    if let t = rings[key] { return t }
    let n = 2 * r
    let inner = Double(max(r - lw, 0))
    let mask = Self.coverage(width: n, height: n) { x, y in
      let dx = x - Double(r)
      let dy = y - Double(r)
      let d2 = dx * dx + dy * dy
      return d2 <= Double(r * r) && d2 >= inner * inner
    }
    let t = makeTexture(mask: mask, width: n, height: n)
    rings[key] = t
    return t
  }

  func shadowTexture(radius r: Int, blur b: Int) -> OpaquePointer? {
    let key = ShadowKey(radius: r, blur: b)
    if let t = shadows[key] { return t }
    let c = r + 2 * b
    let n = 2 * c + 1
    let lo = Double(2 * b)
    let hi = Double(n - 2 * b)
    let rr = Double(r)
    var mask = Self.coverage(width: n, height: n) { x, y in
      guard x >= lo, x < hi, y >= lo, y < hi else { return false }
      let cx = min(max(x, lo + rr), hi - rr)
      let cy = min(max(y, lo + rr), hi - rr)
      let dx = x - cx
      let dy = y - cy
      return dx * dx + dy * dy <= rr * rr
    }
    let boxRadius = max(b / 2, 1)
    for _ in 0..<3 { Self.boxBlur(&mask, width: n, height: n, radius: boxRadius) }
    let t = makeTexture(mask: mask, width: n, height: n)
    shadows[key] = t
    return t
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

  private func makeTexture(mask: [Double], width: Int, height: Int) -> OpaquePointer? {
    guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, CSDL2_PixelFormatRGBA32())
    else { return nil }
    defer { SDL_FreeSurface(surface) }
    SDL_LockSurface(surface)
    let pitch = Int(surface.pointee.pitch)
    let base = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
    for y in 0..<height {
      for x in 0..<width {
        let p = base + y * pitch + x * 4
        p[0] = 255
        p[1] = 255
        p[2] = 255
        p[3] = UInt8((min(max(mask[y * width + x], 0), 1) * 255).rounded())
      }
    }
    SDL_UnlockSurface(surface)
    guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
    return texture
  }
}
