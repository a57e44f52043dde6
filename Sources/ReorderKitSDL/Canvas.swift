@preconcurrency internal import CSDL2
import ReorderKit

#if canImport(Glibc)
  import Glibc
#endif

/// What the app draws with: rectangles with round corners, soft shadows,
/// text, triangles, on top of an SDL renderer.
///
/// Round corners and shadows are drawn from small textures made once per
/// radius (nine-slice), so a cell costs a handful of copies whatever its size.
///
/// ```swift
/// canvas.clear(.white)
/// canvas.fillRoundedRect(Rect(x: 10, y: 10, width: 100, height: 100), radius: 12, color: .black)
/// canvas.drawText("Colors", in: Rect(x: 10, y: 10, width: 100, height: 100), size: 15, color: .white)
/// ```
public final class Canvas {
  let renderer: OpaquePointer
  private let fontPath: String
  private let boldFontPath: String?
  private var fonts: [FontKey: OpaquePointer] = [:]
  var circles: [Int: OpaquePointer] = [:]
  var rings: [RingKey: OpaquePointer] = [:]
  var shadows: [ShadowKey: OpaquePointer] = [:]
  private var texts: [TextKey: TextTexture] = [:]
  private static let textCacheLimit = 2048

  struct FontKey: Hashable {
    var size: Int
    var bold: Bool
  }
  struct RingKey: Hashable {
    var radius: Int
    var width: Int
  }
  struct ShadowKey: Hashable {
    var radius: Int
    var blur: Int
  }
  struct TextKey: Hashable {
    var text: String
    var font: FontKey
  }
  struct TextTexture {
    var texture: OpaquePointer
    var width: Int32
    var height: Int32
  }

  /// Horizontal alignment of text in a rectangle.
  public enum Alignment: Sendable { case left, center, right }

  init(renderer: OpaquePointer, fontPath: String, boldFontPath: String? = nil) throws {
    self.renderer = renderer
    self.fontPath = fontPath
    self.boldFontPath = boldFontPath
    guard font(size: 14, bold: false) != nil else { throw SDLError.last("TTF_OpenFont(\(fontPath))") }
  }

  func releaseTextures() {
    for t in circles.values { SDL_DestroyTexture(t) }
    for t in rings.values { SDL_DestroyTexture(t) }
    for t in shadows.values { SDL_DestroyTexture(t) }
    for t in texts.values { SDL_DestroyTexture(t.texture) }
    for f in fonts.values { TTF_CloseFont(f) }
    circles = [:]
    rings = [:]
    shadows = [:]
    texts = [:]
    fonts = [:]
  }

  // MARK: Plain shapes

  /// Fills the whole target with a colour.
  public func clear(_ color: Color) {
    SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
    SDL_RenderClear(renderer)
  }

  /// Restricts drawing to a rectangle, or lifts the restriction with `nil`.
  public func setClip(_ rect: Rect?) {
    if let rect {
      var r = Self.pixelRect(rect)
      SDL_RenderSetClipRect(renderer, &r)
    } else {
      SDL_RenderSetClipRect(renderer, nil)
    }
  }

  /// Fills a rectangle (snapped to whole pixels).
  public func fill(_ rect: Rect, color: Color) {
    var r = Self.pixelRect(rect)
    guard r.w > 0, r.h > 0, color.a > 0 else { return }
    SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
    SDL_RenderFillRect(renderer, &r)
  }

  /// Fills a rectangle with round corners (anti-aliased corners, snapped to whole pixels).
  public func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
    let p = Self.pixelRect(rect)
    guard p.w > 0, p.h > 0, color.a > 0 else { return }
    let r = min(Int32(radius.rounded()), p.w / 2, p.h / 2)
    guard r >= 1, let tex = circleTexture(radius: Int(r)) else { return fill(rect, color: color) }
    SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
    var middle = SDL_Rect(x: p.x + r, y: p.y, w: p.w - 2 * r, h: p.h)
    var left = SDL_Rect(x: p.x, y: p.y + r, w: r, h: p.h - 2 * r)
    var right = SDL_Rect(x: p.x + p.w - r, y: p.y + r, w: r, h: p.h - 2 * r)
    if middle.w > 0 { SDL_RenderFillRect(renderer, &middle) }
    if left.h > 0 {
      SDL_RenderFillRect(renderer, &left)
      SDL_RenderFillRect(renderer, &right)
    }
    drawCorners(tex, textureRadius: r, into: p, cornerSize: r, color: color)
  }

  /// Strokes the outline of a rectangle with round corners.
  public func strokeRoundedRect(_ rect: Rect, radius: Double, lineWidth: Double, color: Color) {
    let p = Self.pixelRect(rect)
    let lw = max(Int32(lineWidth.rounded()), 1)
    guard p.w > 2 * lw, p.h > 2 * lw, color.a > 0 else { return }
    let r = max(min(Int32(radius.rounded()), p.w / 2, p.h / 2), lw)
    guard let tex = ringTexture(radius: Int(r), width: Int(lw)) else { return }
    SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
    var edges = [
      SDL_Rect(x: p.x + r, y: p.y, w: p.w - 2 * r, h: lw),
      SDL_Rect(x: p.x + r, y: p.y + p.h - lw, w: p.w - 2 * r, h: lw),
      SDL_Rect(x: p.x, y: p.y + r, w: lw, h: p.h - 2 * r),
      SDL_Rect(x: p.x + p.w - lw, y: p.y + r, w: lw, h: p.h - 2 * r),
    ]
    SDL_RenderFillRects(renderer, &edges, Int32(edges.count))
    drawCorners(tex, textureRadius: r, into: p, cornerSize: r, color: color)
  }

  /// Fills a circle.
  public func fillCircle(center: Point, radius: Double, color: Color) {
    fillRoundedRect(
      Rect(x: center.x - radius, y: center.y - radius, width: radius * 2, height: radius * 2), radius: radius,
      color: color)
  }

  /// Draws a soft shadow under a rectangle with round corners: `blur` is how far it spreads.
  public func drawShadow(_ rect: Rect, radius: Double, blur: Double, color: Color) {
    let b = max(Int32(blur.rounded()), 1)
    let p = Self.pixelRect(rect)
    let r = max(min(Int32(radius.rounded()), p.w / 2, p.h / 2), 0)
    guard let tex = shadowTexture(radius: Int(r), blur: Int(b)) else { return }
    let c = r + 2 * b  // corner size in the texture
    let o = SDL_Rect(x: p.x - 2 * b, y: p.y - 2 * b, w: p.w + 4 * b, h: p.h + 4 * b)
    SDL_SetTextureColorMod(tex, color.r, color.g, color.b)
    SDL_SetTextureAlphaMod(tex, color.a)
    guard o.w >= 2 * c, o.h >= 2 * c else {
      var dst = o
      SDL_RenderCopy(renderer, tex, nil, &dst)
      return
    }
    let mw = o.w - 2 * c
    let mh = o.h - 2 * c
    // Nine slices: (source, destination).
    let slices: [(SDL_Rect, SDL_Rect)] = [
      (SDL_Rect(x: 0, y: 0, w: c, h: c), SDL_Rect(x: o.x, y: o.y, w: c, h: c)),
      (SDL_Rect(x: c, y: 0, w: 1, h: c), SDL_Rect(x: o.x + c, y: o.y, w: mw, h: c)),
      (SDL_Rect(x: c + 1, y: 0, w: c, h: c), SDL_Rect(x: o.x + c + mw, y: o.y, w: c, h: c)),
      (SDL_Rect(x: 0, y: c, w: c, h: 1), SDL_Rect(x: o.x, y: o.y + c, w: c, h: mh)),
      (SDL_Rect(x: c, y: c, w: 1, h: 1), SDL_Rect(x: o.x + c, y: o.y + c, w: mw, h: mh)),
      (SDL_Rect(x: c + 1, y: c, w: c, h: 1), SDL_Rect(x: o.x + c + mw, y: o.y + c, w: c, h: mh)),
      (SDL_Rect(x: 0, y: c + 1, w: c, h: c), SDL_Rect(x: o.x, y: o.y + c + mh, w: c, h: c)),
      (SDL_Rect(x: c, y: c + 1, w: 1, h: c), SDL_Rect(x: o.x + c, y: o.y + c + mh, w: mw, h: c)),
      (SDL_Rect(x: c + 1, y: c + 1, w: c, h: c), SDL_Rect(x: o.x + c + mw, y: o.y + c + mh, w: c, h: c)),
    ]
    for (src, dst) in slices where dst.w > 0 && dst.h > 0 {
      var s = src
      var d = dst
      SDL_RenderCopy(renderer, tex, &s, &d)
    }
  }

  /// Fills a triangle (anti-aliasing is left to the renderer).
  public func fillTriangle(_ a: Point, _ b: Point, _ c: Point, color: Color) {
    let col = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
    var vertices = [a, b, c].map {
      SDL_Vertex(position: SDL_FPoint(x: Float($0.x), y: Float($0.y)), color: col, tex_coord: SDL_FPoint(x: 0, y: 0))
    }
    SDL_RenderGeometry(renderer, nil, &vertices, 3, nil, 0)
  }

  /// Draws a thick straight line as a quad.
  public func drawLine(from a: Point, to b: Point, width: Double, color: Color) {
    let dx = b.x - a.x
    let dy = b.y - a.y
    let length = (dx * dx + dy * dy).squareRoot()
    guard length > 0 else { return }
    let nx = -dy / length * width / 2
    let ny = dx / length * width / 2
    let p1 = Point(x: a.x + nx, y: a.y + ny)
    let p2 = Point(x: b.x + nx, y: b.y + ny)
    let p3 = Point(x: b.x - nx, y: b.y - ny)
    let p4 = Point(x: a.x - nx, y: a.y - ny)
    fillTriangle(p1, p2, p3, color: color)
    fillTriangle(p1, p3, p4, color: color)
  }

  // MARK: Text

  /// The size of a line of text.
  public func textSize(_ text: String, size: Int, bold: Bool = false) -> Size {
    guard let t = textTexture(text, size: size, bold: bold) else { return .zero }
    return Size(width: Double(t.width), height: Double(t.height))
  }

  /// Draws one line of text, centred vertically in `rect` and aligned horizontally; clipped with an
  /// ellipsis-free cut when it is wider than the rectangle.
  public func drawText(
    _ text: String, in rect: Rect, size: Int, bold: Bool = false, color: Color, alignment: Alignment = .center
  ) {
    guard !text.isEmpty, color.a > 0, let t = textTexture(text, size: size, bold: bold) else { return }
    let w = min(Double(t.width), rect.width)
    let x: Double =
      switch alignment {
      case .left: rect.minX
      case .center: rect.midX - w / 2
      case .right: rect.maxX - w
      }
    let y = rect.midY - Double(t.height) / 2
    var src = SDL_Rect(x: 0, y: 0, w: Int32(w.rounded()), h: t.height)
    var dst = SDL_Rect(x: Int32(x.rounded()), y: Int32(y.rounded()), w: src.w, h: t.height)
    SDL_SetTextureColorMod(t.texture, color.r, color.g, color.b)
    SDL_SetTextureAlphaMod(t.texture, color.a)
    SDL_RenderCopy(renderer, t.texture, &src, &dst)
  }

  private func font(size: Int, bold: Bool) -> OpaquePointer? {
    let key = FontKey(size: size, bold: bold)
    if let f = fonts[key] { return f }
    var path = fontPath
    if bold, let boldFontPath, let f = fopen(boldFontPath, "r") {
      fclose(f)
      path = boldFontPath
    } else if bold, fontPath.hasSuffix(".ttf") {
      let boldPath = String(fontPath.dropLast(4)) + "-Bold.ttf"
      if let f = fopen(boldPath, "r") {
        fclose(f)
        path = boldPath
      }
    }
    guard let f = TTF_OpenFont(path, Int32(size)) else { return nil }
    if bold && path == fontPath { TTF_SetFontStyle(f, TTF_STYLE_BOLD) }
    TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
    fonts[key] = f
    return f
  }

  private func textTexture(_ text: String, size: Int, bold: Bool) -> TextTexture? {
    let key = TextKey(text: text, font: FontKey(size: size, bold: bold))
    if let t = texts[key] { return t }
    guard let f = font(size: size, bold: bold),
      let surface = TTF_RenderUTF8_Blended(f, text, SDL_Color(r: 255, g: 255, b: 255, a: 255))
    else { return nil }
    defer { SDL_FreeSurface(surface) }
    guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
    if texts.count >= Self.textCacheLimit {
      for t in texts.values { SDL_DestroyTexture(t.texture) }
      texts.removeAll(keepingCapacity: true)
    }
    let t = TextTexture(texture: texture, width: surface.pointee.w, height: surface.pointee.h)
    texts[key] = t
    return t
  }

  static func pixelRect(_ rect: Rect) -> SDL_Rect {
    let x0 = rect.minX.rounded()
    let y0 = rect.minY.rounded()
    let x1 = rect.maxX.rounded()
    let y1 = rect.maxY.rounded()
    return SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(x1 - x0), h: Int32(y1 - y0))
  }
}
