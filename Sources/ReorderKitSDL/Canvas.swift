@preconcurrency internal import CSDL2
import ReorderKit

#if canImport(Glibc)
  import Glibc
#endif

/// What the app draws with: rectangles with round corners, soft shadows,
/// text, triangles, on top of an SDL renderer.
///
/// Round corners and shadows are cut from masks made once per radius
/// (nine-slice), so a cell costs a handful of rectangles whatever its size.
/// Every mask and line of text lives in one texture (an atlas), and the canvas
/// batches what it draws: a frame reaches the renderer as a few draw calls, not
/// one per corner and line (a software renderer pays for each; the Board at
/// 1400 × 800 under Xvfb spent most of its frame on them). Call ``flush()``
/// before drawing on the renderer yourself.
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
  /// The texture that masks and text lines are cut from (nil once the textures are released).
  var atlas: Atlas?
  /// Where each mask and line of text stands in the atlas (emptied with the atlas).
  var masks: [MaskKey: SDL_Rect] = [:]
  private var texts: [TextKey: TextEntry] = [:]
  /// The batch: what is drawn but not yet handed to the renderer, by layer (see ``flush()``).
  var layers = [BatchLayer](repeating: BatchLayer(), count: 3)
  /// The clip rectangle in window points, applied to every quad as it is batched.
  var clipQuad: Quad?

  struct FontKey: Hashable {
    var size: Int
    var bold: Bool
  }
  /// The largest side of a rounded rectangle drawn from a mask of its whole shape (tests set it
  /// to compare the two ways of drawing one).
  var smallShape: Int32 = 64
  /// A mask of the atlas: its shape and the sizes that make it.
  enum MaskKey: Hashable {
    case circle(radius: Int)
    case ring(radius: Int, width: Int)
    case shadow(radius: Int, blur: Int)
    case roundedRect(width: Int32, height: Int32, radius: Int32)
  }
  struct TextKey: Hashable {
    var text: String
    var font: FontKey
  }
  /// A line of text: its size, and its inked parts (words, apart from the space around them and
  /// between them), each where it stands in the line and in the atlas. Only ink is drawn: a
  /// software renderer pays for every pixel of a quad, the transparent ones too.
  struct TextEntry {
    var width: Int32
    var height: Int32
    var runs: [(line: SDL_Rect, atlas: SDL_Rect)]
  }

  /// Horizontal alignment of text in a rectangle.
  public enum Alignment: Sendable { case left, center, right }

  init(renderer: OpaquePointer, fontPath: String, boldFontPath: String? = nil) throws {
    self.renderer = renderer
    self.fontPath = fontPath
    self.boldFontPath = boldFontPath
    guard let atlas = Atlas(renderer: renderer) else { throw SDLError.last("SDL_CreateTexture (the canvas's atlas)") }
    self.atlas = atlas
    guard font(size: 14, bold: false) != nil else { throw SDLError.last("TTF_OpenFont(\(fontPath))") }
  }

  func releaseTextures() {
    layers = [BatchLayer](repeating: BatchLayer(), count: 3)
    forgetAtlasEntries()
    atlas = nil
    for f in fonts.values { TTF_CloseFont(f) }
    fonts = [:]
  }

  /// Forgets where masks and text stood in the atlas (it was emptied).
  func forgetAtlasEntries() {
    masks = [:]
    texts = [:]
  }

  // MARK: Plain shapes

  /// Fills the whole target with a colour.
  public func clear(_ color: Color) {
    flush()
    SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
    SDL_RenderClear(renderer)
  }

  /// Fills the whole target, of `size` points, with `background`, and rectangles with round
  /// corners on it with `color`, painting each pixel once: the target is cleared to `color` and
  /// only what lies around the rectangles is filled. The same picture as ``clear(_:)`` then
  /// ``fillRoundedRect(_:radius:color:)`` for each rectangle, for less: a software renderer clears
  /// for almost nothing and pays for every pixel it fills (a board's five column backdrops at
  /// 1400 × 800: about 2 ms a frame under Xvfb). Rectangles that overlap, or colours that are not
  /// opaque, are drawn the plain way.
  ///
  /// ```swift
  /// canvas.clear(.white, roundedRects: columns, radius: 12, color: Color(hex: 0xE5E5EA), size: window.size)
  /// ```
  public func clear(_ background: Color, roundedRects rects: [Rect], radius: Double, color: Color, size: Size) {
    let boxes = rects.map(Self.pixelRect).filter { $0.w > 0 && $0.h > 0 }
    let apart = boxes.indices.allSatisfy { i in
      boxes.indices.allSatisfy { j in j <= i || !Self.quad(boxes[i]).overlaps(Self.quad(boxes[j])) }
    }
    guard apart, background.a == 255, color.a == 255, size.width.isFinite, size.height.isFinite else {
      clear(background)
      for rect in rects { fillRoundedRect(rect, radius: radius, color: color) }
      return
    }
    clear(color)
    let width = Int32(size.width.rounded(.up))
    let height = Int32(size.height.rounded(.up))
    // Bands between the rectangles' top and bottom edges: in each, the background around the
    // rectangles that span it.
    let edges = Set([0, height] + boxes.flatMap { [$0.y, $0.y + $0.h] }).filter { $0 >= 0 && $0 <= height }.sorted()
    for (y0, y1) in zip(edges, edges.dropFirst()) {
      var x: Int32 = 0
      for box in boxes.filter({ $0.y <= y0 && $0.y + $0.h >= y1 }).sorted(by: { $0.x < $1.x }) {
        if box.x > x { emitFill(Self.quad(SDL_Rect(x: x, y: y0, w: box.x - x, h: y1 - y0)), color: background) }
        x = max(x, box.x + box.w)
      }
      if x < width { emitFill(Self.quad(SDL_Rect(x: x, y: y0, w: width - x, h: y1 - y0)), color: background) }
    }
    // The corners: the background in each corner's square, the rounded corner over it.
    for p in boxes {
      let r = min(Int32(radius.rounded()), p.w / 2, p.h / 2)
      guard r >= 1, let mask = circleMask(radius: Int(r)) else { continue }
      for (x, y) in [(p.x, p.y), (p.x + p.w - r, p.y), (p.x, p.y + p.h - r), (p.x + p.w - r, p.y + p.h - r)] {
        emitFill(Self.quad(SDL_Rect(x: x, y: y, w: r, h: r)), color: background)
      }
      drawCorners(mask, textureRadius: r, into: p, cornerSize: r, color: color)
    }
  }

  /// Restricts drawing to a rectangle, or lifts the restriction with `nil`.
  public func setClip(_ rect: Rect?) {
    clipQuad = rect.map { Self.quad(Self.pixelRect($0)) }
  }

  /// Fills a rectangle (snapped to whole pixels).
  public func fill(_ rect: Rect, color: Color) {
    let r = Self.pixelRect(rect)
    guard r.w > 0, r.h > 0, color.a > 0 else { return }
    emitFill(Self.quad(r), color: color)
  }

  /// Fills a rectangle with round corners (anti-aliased corners, snapped to whole pixels).
  public func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
    let p = Self.pixelRect(rect)
    guard p.w > 0, p.h > 0, color.a > 0 else { return }
    let r = min(Int32(radius.rounded()), p.w / 2, p.h / 2)
    // A small one (a tag, a badge) is one quad cut from a mask of its own shape, not seven.
    if r >= 1, p.w <= smallShape, p.h <= smallShape, let mask = roundedRectMask(p.w, p.h, radius: r) {
      return emit(Self.quad(p), source: mask, color: color)
    }
    guard r >= 1, let mask = circleMask(radius: Int(r)) else { return fill(rect, color: color) }
    let middle = SDL_Rect(x: p.x + r, y: p.y, w: p.w - 2 * r, h: p.h)
    if middle.w > 0 { emitFill(Self.quad(middle), color: color) }
    if p.h > 2 * r {
      emitFill(Self.quad(SDL_Rect(x: p.x, y: p.y + r, w: r, h: p.h - 2 * r)), color: color)
      emitFill(Self.quad(SDL_Rect(x: p.x + p.w - r, y: p.y + r, w: r, h: p.h - 2 * r)), color: color)
    }
    drawCorners(mask, textureRadius: r, into: p, cornerSize: r, color: color)
  }

  /// Strokes the outline of a rectangle with round corners.
  public func strokeRoundedRect(_ rect: Rect, radius: Double, lineWidth: Double, color: Color) {
    let p = Self.pixelRect(rect)
    let lw = max(Int32(lineWidth.rounded()), 1)
    guard p.w > 2 * lw, p.h > 2 * lw, color.a > 0 else { return }
    let r = max(min(Int32(radius.rounded()), p.w / 2, p.h / 2), lw)
    guard let mask = ringMask(radius: Int(r), width: Int(lw)) else { return }
    let edges = [
      SDL_Rect(x: p.x + r, y: p.y, w: p.w - 2 * r, h: lw),
      SDL_Rect(x: p.x + r, y: p.y + p.h - lw, w: p.w - 2 * r, h: lw),
      SDL_Rect(x: p.x, y: p.y + r, w: lw, h: p.h - 2 * r),
      SDL_Rect(x: p.x + p.w - lw, y: p.y + r, w: lw, h: p.h - 2 * r),
    ]
    for edge in edges where edge.w > 0 && edge.h > 0 { emitFill(Self.quad(edge), color: color) }
    drawCorners(mask, textureRadius: r, into: p, cornerSize: r, color: color)
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
    guard color.a > 0, let mask = shadowMask(radius: Int(r), blur: Int(b)) else { return }
    let c = r + 2 * b  // corner size in the mask
    let o = SDL_Rect(x: p.x - 2 * b, y: p.y - 2 * b, w: p.w + 4 * b, h: p.h + 4 * b)
    guard o.w >= 2 * c, o.h >= 2 * c else { return emit(Self.quad(o), source: mask, color: color) }
    let mw = o.w - 2 * c
    let mh = o.h - 2 * c
    // Nine slices: (source in the mask, destination).
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
      emit(Self.quad(dst), source: Self.offset(src, by: mask), color: color)
    }
  }

  /// Fills a triangle (anti-aliasing is left to the renderer).
  public func fillTriangle(_ a: Point, _ b: Point, _ c: Point, color: Color) {
    guard color.a > 0, a.isFinite, b.isFinite, c.isFinite else { return }
    let col = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
    let corners = [a, b, c]
    let box = Quad(
      x0: Float(min(a.x, b.x, c.x)), y0: Float(min(a.y, b.y, c.y)), x1: Float(max(a.x, b.x, c.x)),
      y1: Float(max(a.y, b.y, c.y)))
    let points = corners.map {
      SDL_Vertex(position: SDL_FPoint(x: Float($0.x), y: Float($0.y)), color: col, tex_coord: SDL_FPoint(x: 0, y: 0))
    }
    // Its edges are anti-aliased by nothing: blended or not, a triangle draws the same pixels.
    let layer: Layer = color.a == 255 ? .opaque : .blended
    guard let clip = clipQuad, box.x0 < clip.x0 || box.y0 < clip.y0 || box.x1 > clip.x1 || box.y1 > clip.y1 else {
      // Inside the clip (or none): batched with the rest.
      return enqueue(points[0], points[1], points[2], nil, bounds: box, layer: layer)
    }
    guard box.overlaps(clip) else { return }
    // Across the clip's edge: drawn on its own, clipped by the renderer.
    flush()
    var r = SDL_Rect(x: Int32(clip.x0), y: Int32(clip.y0), w: Int32(clip.x1 - clip.x0), h: Int32(clip.y1 - clip.y0))
    SDL_RenderSetClipRect(renderer, &r)
    enqueue(points[0], points[1], points[2], nil, bounds: box, layer: layer)
    flush()
    SDL_RenderSetClipRect(renderer, nil)
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
    guard let t = textEntry(text, size: size, bold: bold) else { return .zero }
    return Size(width: Double(t.width), height: Double(t.height))
  }

  /// Draws one line of text, centred vertically in `rect` and aligned horizontally; clipped with an
  /// ellipsis-free cut when it is wider than the rectangle.
  public func drawText(
    _ text: String, in rect: Rect, size: Int, bold: Bool = false, color: Color, alignment: Alignment = .center
  ) {
    guard !text.isEmpty, color.a > 0, let t = textEntry(text, size: size, bold: bold) else { return }
    let w = min(Double(t.width), rect.width)
    let x: Double =
      switch alignment {
      case .left: rect.minX
      case .center: rect.midX - w / 2
      case .right: rect.maxX - w
      }
    let y = rect.midY - Double(t.height) / 2
    // The part of the line that fits.
    let shown = Int32(w.rounded())
    let x0 = Int32(x.rounded())
    let y0 = Int32(y.rounded())
    for run in t.runs where run.line.x < shown {
      let cut = min(run.line.w, shown - run.line.x)
      let src = SDL_Rect(x: run.atlas.x, y: run.atlas.y, w: cut, h: run.atlas.h)
      let dst = SDL_Rect(x: x0 + run.line.x, y: y0 + run.line.y, w: cut, h: run.line.h)
      emit(Self.quad(dst), source: src, color: color)
    }
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

  private func textEntry(_ text: String, size: Int, bold: Bool) -> TextEntry? {
    let key = TextKey(text: text, font: FontKey(size: size, bold: bold))
    if let t = texts[key] { return t }
    guard let f = font(size: size, bold: bold),
      let rendered = TTF_RenderUTF8_Blended(f, text, SDL_Color(r: 255, g: 255, b: 255, a: 255))
    else { return nil }
    defer { SDL_FreeSurface(rendered) }
    guard let surface = SDL_ConvertSurfaceFormat(rendered, CSDL2_PixelFormatARGB8888(), 0) else { return nil }
    defer { SDL_FreeSurface(surface) }
    let w = surface.pointee.w
    let h = surface.pointee.h
    guard let atlas, h + 2 <= atlas.height else { return nil }
    SDL_LockSurface(surface)
    defer { SDL_UnlockSurface(surface) }
    guard let pixels = surface.pointee.pixels else { return nil }
    let pitch = Int(surface.pointee.pitch)
    let inked = Self.inkedRuns(pixels, width: w, height: h, pitch: pitch, limit: atlas.width - 2)
    // The runs go in one after another; if the atlas is emptied on the way, they all go in again.
    for _ in 0..<2 {
      let emptied = atlas.emptyings
      var runs: [(line: SDL_Rect, atlas: SDL_Rect)] = []
      for run in inked {
        let start = pixels + Int(run.y) * pitch + Int(run.x) * 4
        guard let place = addToAtlas(pixels: start, width: run.w, height: run.h, pitch: pitch) else { return nil }
        runs.append((run, place))
      }
      guard atlas.emptyings == emptied else { continue }
      let t = TextEntry(width: w, height: h, runs: runs)
      texts[key] = t
      return t
    }
    return nil
  }

  /// The inked parts of a line of text (ARGB pixels): runs of columns with ink, split where at
  /// least three columns have none, each cut to the rows that have ink; none wider than `limit`
  /// or past it (a line wider than the atlas keeps its first part: no window shows more of one line).
  static func inkedRuns(
    _ pixels: UnsafeRawPointer, width w: Int32, height h: Int32, pitch: Int, limit: Int32
  ) -> [SDL_Rect] {
    func alpha(_ x: Int32, _ y: Int32) -> UInt32 {
      (pixels + Int(y) * pitch).assumingMemoryBound(to: UInt32.self)[Int(x)] >> 24
    }
    let columns = (0..<min(w, limit)).map { x in (0..<h).contains { alpha(x, $0) != 0 } }
    var runs: [SDL_Rect] = []
    var x: Int32 = 0
    let end = Int32(columns.count)
    while x < end {
      guard columns[Int(x)] else {
        x += 1
        continue
      }
      // A run ends at three empty columns in a row (or the end), and at `limit` wide.
      var last = x
      var probe = x + 1
      while probe < end, probe - last <= 3, probe - x < limit {
        if columns[Int(probe)] { last = probe }
        probe += 1
      }
      let rows = (0..<h).filter { y in (x...last).contains { alpha($0, y) != 0 } }
      if let top = rows.first, let bottom = rows.last {
        runs.append(SDL_Rect(x: x, y: top, w: last - x + 1, h: bottom - top + 1))
      }
      x = last + 1
    }
    return runs
  }

  /// An SDL rectangle moved by the origin of a place in the atlas.
  static func offset(_ r: SDL_Rect, by place: SDL_Rect) -> SDL_Rect {
    SDL_Rect(x: r.x + place.x, y: r.y + place.y, w: r.w, h: r.h)
  }

  static func pixelRect(_ rect: Rect) -> SDL_Rect {
    let x0 = rect.minX.rounded()
    let y0 = rect.minY.rounded()
    let x1 = rect.maxX.rounded()
    let y1 = rect.maxY.rounded()
    return SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(x1 - x0), h: Int32(y1 - y0))
  }
}
