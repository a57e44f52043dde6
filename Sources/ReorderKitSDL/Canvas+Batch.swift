@preconcurrency internal import CSDL2
import ReorderKit

/// One texture that every mask and line of text the canvas draws is cut from, so that the canvas
/// can batch them: a frame is a few `SDL_RenderGeometry` calls instead of one copy per corner, edge
/// and line (each switch of texture ended a batch; with Mesa's software renderer a board frame
/// spent most of its time on them).
///
/// The masks and the inked parts of text lines are packed in shelves, each with a one-pixel border
/// that repeats its edge (so filtering at a scaled edge reads what a texture of its own would).
/// When it is full, it is emptied and filled again on demand.
final class Atlas {
  let texture: OpaquePointer
  let width: Int32
  let height: Int32
  /// Shelves of the packer: each a row of entries of at most `height` pixels, filled left to right.
  private var shelves: [(y: Int32, height: Int32, x: Int32)] = []
  private var top: Int32 = 0
  /// How many times the atlas was emptied (places handed out before then are gone).
  private(set) var emptyings = 0

  init?(renderer: OpaquePointer, size: Int32 = 2048) {
    var info = SDL_RendererInfo()
    SDL_GetRendererInfo(renderer, &info)
    var side = size
    if info.max_texture_width > 0 { side = min(side, info.max_texture_width) }
    if info.max_texture_height > 0 { side = min(side, info.max_texture_height) }
    guard side >= 256,
      let texture = SDL_CreateTexture(
        renderer, CSDL2_PixelFormatARGB8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue), side, side)
    else { return nil }
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
    self.texture = texture
    width = side
    height = side
  }

  deinit { SDL_DestroyTexture(texture) }

  /// Samples the nearest texel when points are pixels (the canvas draws masks and text 1:1 at
  /// whole pixels, so a blend of four texels gives the same colour for more work), and blends
  /// texels when points are scaled to pixels (a high-density display).
  func matchScale(pixelsPerPoint: (x: Float, y: Float)) {
    let nearest = pixelsPerPoint.x == 1 && pixelsPerPoint.y == 1
    SDL_SetTextureScaleMode(texture, nearest ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
  }

  /// Empties the atlas (the caller draws what it batched from it first).
  func reset() {
    shelves = []
    top = 0
    emptyings += 1
  }

  /// Room for an image of `w` × `h` pixels plus its border, or nil when the atlas is full.
  private func allocate(_ w: Int32, _ h: Int32) -> SDL_Rect? {
    let pw = w + 2
    let ph = h + 2
    guard pw <= width, ph <= height else { return nil }
    for k in shelves.indices where ph <= shelves[k].height && shelves[k].x + pw <= width {
      // A shelf much taller than the image would waste its height: only shelves up to 1.5 × fit.
      guard shelves[k].height <= ph + ph / 2 + 2 else { continue }
      let r = SDL_Rect(x: shelves[k].x, y: shelves[k].y, w: pw, h: ph)
      shelves[k].x += pw
      return r
    }
    guard top + ph <= height else { return nil }
    shelves.append((y: top, height: ph, x: pw))
    defer { top += ph }
    return SDL_Rect(x: 0, y: top, w: pw, h: ph)
  }

  /// Copies an image (ARGB8888, `w` × `h`, rows `pitch` bytes apart) into the atlas with a border
  /// that repeats its edge; returns where the image itself stands, or nil when the atlas is full.
  func add(pixels: UnsafeRawPointer, width w: Int32, height h: Int32, pitch: Int) -> SDL_Rect? {
    guard w > 0, h > 0, let slot = allocate(w, h) else { return nil }
    let pw = Int(w) + 2
    let ph = Int(h) + 2
    var padded = [UInt32](repeating: 0, count: pw * ph)
    for y in 0..<ph {
      let sy = min(max(y - 1, 0), Int(h) - 1)
      let row = (pixels + sy * pitch).assumingMemoryBound(to: UInt32.self)
      for x in 0..<pw { padded[y * pw + x] = row[min(max(x - 1, 0), Int(w) - 1)] }
    }
    var r = slot
    let ok = padded.withUnsafeBytes { SDL_UpdateTexture(texture, &r, $0.baseAddress, Int32(pw * 4)) == 0 }
    guard ok else { return nil }
    return SDL_Rect(x: slot.x + 1, y: slot.y + 1, w: w, h: h)
  }
}

/// One kind of quad waiting to be drawn: its triangles, and where its quads lie (so that a quad of
/// an earlier layer is drawn ahead of them only where it covers none of them).
struct BatchLayer {
  var vertices: [SDL_Vertex] = []
  var indices: [Int32] = []
  var bounds: [Canvas.Quad] = []
  /// The smallest rectangle around `bounds`: most quads miss it, and skip the list.
  var union: Canvas.Quad?

  mutating func removeAll() {
    vertices.removeAll(keepingCapacity: true)
    indices.removeAll(keepingCapacity: true)
    bounds.removeAll(keepingCapacity: true)
    union = nil
  }

  /// Whether a quad overlaps one of the layer's.
  func overlaps(_ q: Canvas.Quad) -> Bool {
    guard let u = union, u.overlaps(q) else { return false }
    return bounds.contains { $0.overlaps(q) }
  }

  /// Adds a quad (four corners, clockwise) or, with `d` nil, a triangle.
  mutating func append(_ a: SDL_Vertex, _ b: SDL_Vertex, _ c: SDL_Vertex, _ d: SDL_Vertex?, bounds q: Canvas.Quad) {
    let base = Int32(vertices.count)
    vertices.append(a)
    vertices.append(b)
    vertices.append(c)
    indices.append(base)
    indices.append(base + 1)
    indices.append(base + 2)
    if let d {
      vertices.append(d)
      indices.append(base)
      indices.append(base + 2)
      indices.append(base + 3)
    }
    bounds.append(q)
    if let u = union {
      union = Canvas.Quad(x0: min(u.x0, q.x0), y0: min(u.y0, q.y0), x1: max(u.x1, q.x1), y1: max(u.y1, q.y1))
    } else {
      union = q
    }
  }
}

extension Canvas {
  /// A rectangle in window points, as floats for the batch.
  struct Quad {
    var x0: Float
    var y0: Float
    var x1: Float
    var y1: Float

    func overlaps(_ o: Quad) -> Bool { x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1 }
  }

  /// The layers of the batch, drawn in this order at a flush: opaque solid quads (without blending:
  /// a software renderer writes them without reading the target), blended solid quads, then quads
  /// cut from the atlas. A quad joins its layer ahead of the later layers' quads only if it covers
  /// none of them (else what is batched is drawn first), so the picture is the one drawn in order.
  enum Layer: Int {
    case opaque = 0
    case blended = 1
    case atlas = 2
  }

  /// Draws what is batched so far. Call before drawing on the renderer directly (the canvas's own
  /// calls, ``Window/present()`` and ``Window/savePNG(to:)`` do it for you).
  ///
  /// ```swift
  /// canvas.fillRoundedRect(frame, radius: 8, color: .white)
  /// canvas.flush()
  /// SDL_RenderCopy(window.renderer, myTexture, nil, &destination)  // drawn over the rectangle
  /// ```
  public func flush() {
    for k in layers.indices where !layers[k].vertices.isEmpty {
      let texture = k == Layer.atlas.rawValue ? atlas?.texture : nil
      if texture == nil {
        SDL_SetRenderDrawBlendMode(renderer, k == Layer.opaque.rawValue ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
      }
      let count = Int32(layers[k].vertices.count)
      layers[k].vertices.withUnsafeBufferPointer { v in
        layers[k].indices.withUnsafeBufferPointer { i in
          _ = SDL_RenderGeometry(renderer, texture, v.baseAddress, count, i.baseAddress, Int32(i.count))
        }
      }
      layers[k].removeAll()
    }
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
  }

  /// Adds a quad (or, with `d` nil, a triangle) to a layer; what is batched is drawn first if it
  /// covers a later layer's quads.
  func enqueue(
    _ a: SDL_Vertex, _ b: SDL_Vertex, _ c: SDL_Vertex, _ d: SDL_Vertex?, bounds: Quad, layer: Layer
  ) {
    for k in (layer.rawValue + 1)..<layers.count where layers[k].overlaps(bounds) {
      flush()
      break
    }
    layers[layer.rawValue].append(a, b, c, d, bounds: bounds)
  }

  /// Adds a rectangle to the batch, cut from the atlas at `source` (texels) and tinted by `color`,
  /// clipped to the clip rectangle on the CPU (so a clip costs no batch).
  func emit(_ dst: Quad, source: SDL_Rect, color: Color) {
    guard let atlas else { return }
    let sw = Float(atlas.width)
    let sh = Float(atlas.height)
    emit(
      dst, u0: Float(source.x) / sw, v0: Float(source.y) / sh, u1: Float(source.x + source.w) / sw,
      v1: Float(source.y + source.h) / sh, color: color, layer: .atlas)
  }

  /// Adds a solid rectangle to the batch.
  func emitFill(_ dst: Quad, color: Color) {
    emit(dst, u0: 0, v0: 0, u1: 0, v1: 0, color: color, layer: color.a == 255 ? .opaque : .blended)
  }

  private func emit(_ dst: Quad, u0: Float, v0: Float, u1: Float, v1: Float, color: Color, layer: Layer) {
    var d = dst
    var (a0, b0, a1, b1) = (u0, v0, u1, v1)
    if let c = clipQuad {
      // Cut the rectangle and its texture coordinates in proportion.
      let w = d.x1 - d.x0
      let h = d.y1 - d.y0
      guard w > 0, h > 0 else { return }
      let nx0 = max(d.x0, c.x0)
      let ny0 = max(d.y0, c.y0)
      let nx1 = min(d.x1, c.x1)
      let ny1 = min(d.y1, c.y1)
      guard nx0 < nx1, ny0 < ny1 else { return }
      let du = a1 - a0
      let dv = b1 - b0
      (a0, a1) = (a0 + du * (nx0 - d.x0) / w, a0 + du * (nx1 - d.x0) / w)
      (b0, b1) = (b0 + dv * (ny0 - d.y0) / h, b0 + dv * (ny1 - d.y0) / h)
      d = Quad(x0: nx0, y0: ny0, x1: nx1, y1: ny1)
    }
    guard d.x0 < d.x1, d.y0 < d.y1 else { return }
    let col = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
    enqueue(
      SDL_Vertex(position: SDL_FPoint(x: d.x0, y: d.y0), color: col, tex_coord: SDL_FPoint(x: a0, y: b0)),
      SDL_Vertex(position: SDL_FPoint(x: d.x1, y: d.y0), color: col, tex_coord: SDL_FPoint(x: a1, y: b0)),
      SDL_Vertex(position: SDL_FPoint(x: d.x1, y: d.y1), color: col, tex_coord: SDL_FPoint(x: a1, y: b1)),
      SDL_Vertex(position: SDL_FPoint(x: d.x0, y: d.y1), color: col, tex_coord: SDL_FPoint(x: a0, y: b1)),
      bounds: d, layer: layer)
  }

  /// A rectangle of whole pixels as a quad.
  static func quad(_ r: SDL_Rect) -> Quad {
    Quad(x0: Float(r.x), y0: Float(r.y), x1: Float(r.x + r.w), y1: Float(r.y + r.h))
  }

  /// Puts an image into the atlas (emptying it first when it is full, after drawing what was
  /// batched from it). nil when the image cannot fit in an empty atlas either.
  ///
  /// The upload is not batched: a renderer that has drawn from the atlas in this frame may draw
  /// what it was handed before taking the new pixels (most lines of text are new only in a
  /// scene's first frame).
  func addToAtlas(pixels: UnsafeRawPointer, width: Int32, height: Int32, pitch: Int) -> SDL_Rect? {
    guard let atlas else { return nil }
    // A new place leaves the batched quads' places as they are.
    if let rect = atlas.add(pixels: pixels, width: width, height: height, pitch: pitch) { return rect }
    // What is batched must be drawn before the atlas is emptied under it.
    flush()
    atlas.reset()
    forgetAtlasEntries()
    return atlas.add(pixels: pixels, width: width, height: height, pitch: pitch)
  }
}
