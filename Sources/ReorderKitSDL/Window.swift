@preconcurrency internal import CSDL2
import ReorderKit

/// The application window and its renderer: the one SDL window of the app.
///
/// ```swift
/// let window = try Window(title: "ReorderKit", size: Size(width: 390, height: 720))
/// window.canvas.clear(Color.white)
/// window.present()
/// try window.savePNG(to: "frame.png")
/// ```
///
/// Coordinates are in points; on a high-density display the renderer scales
/// them to pixels.
public final class Window {
  /// The SDL window (`SDL_Window *`).
  public let handle: OpaquePointer
  /// The SDL renderer (`SDL_Renderer *`).
  public let renderer: OpaquePointer
  /// What draws into this window.
  public let canvas: Canvas
  /// Whether presenting waits for the display's vertical blank.
  public let isVSynced: Bool
  /// The renderer's name ("opengl", "software", …).
  public let rendererName: String

  /// Initialises SDL's video and event subsystems and SDL_ttf. Call once, before creating a window.
  ///
  /// With glibc, it also keeps memory freed by a frame in the process's heap (up to 128 MB): a
  /// software renderer's present allocates and frees a frame-sized buffer each frame, and glibc's
  /// defaults return it to the system and fault it in again the next frame (a board dragged at
  /// 1400 x 800 under Xvfb: frame p95 16 → 10 ms). Set `MALLOC_MMAP_THRESHOLD_`,
  /// `MALLOC_TRIM_THRESHOLD_` or those thresholds in `GLIBC_TUNABLES` to choose otherwise.
  public static func initializeSDL() throws {
    CSDL2_KeepFreedFrameMemory()
    SDL_SetMainReady()
    // Touch and mouse stay apart: the input adapter maps both to the same pointer calls.
    SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1")
    guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS | SDL_INIT_TIMER) == 0 else { throw SDLError.last("SDL_Init") }
    guard TTF_Init() == 0 else { throw SDLError.last("TTF_Init") }
    _ = IMG_Init(Int32(IMG_INIT_PNG.rawValue))
  }

  /// Shuts SDL down.
  public static func quitSDL() {
    IMG_Quit()
    TTF_Quit()
    SDL_Quit()
  }

  /// Opens a resizable window, centred, with a renderer that waits for vsync when `vsync` is true;
  /// its canvas draws text with the font at `fontPath`, bold text with `boldFontPath` (else a
  /// `-Bold` file beside the regular one, else the regular face emboldened).
  public init(title: String, size: Size, vsync: Bool = true, fontPath: String, boldFontPath: String? = nil) throws {
    let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
    guard
      let window = SDL_CreateWindow(
        title, CSDL2_WindowPosCentered(), CSDL2_WindowPosCentered(), Int32(size.width), Int32(size.height), flags)
    else { throw SDLError.last("SDL_CreateWindow") }
    var rendererFlags = SDL_RENDERER_ACCELERATED.rawValue
    if vsync { rendererFlags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
    var renderer = SDL_CreateRenderer(window, -1, rendererFlags)
    if renderer == nil {
      renderer = SDL_CreateRenderer(window, -1, vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0)
    }
    guard let renderer else {
      SDL_DestroyWindow(window)
      throw SDLError.last("SDL_CreateRenderer")
    }
    var info = SDL_RendererInfo()
    SDL_GetRendererInfo(renderer, &info)
    self.rendererName = info.name.map { String(cString: $0) } ?? "unknown"
    self.isVSynced = (info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue) != 0
    self.handle = window
    self.renderer = renderer
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    do {
      self.canvas = try Canvas(renderer: renderer, fontPath: fontPath, boldFontPath: boldFontPath)
    } catch {
      SDL_DestroyRenderer(renderer)
      SDL_DestroyWindow(window)
      throw error
    }
    updateScale()
  }

  deinit {
    canvas.releaseTextures()
    SDL_DestroyRenderer(renderer)
    SDL_DestroyWindow(handle)
  }

  /// The window's size in points.
  public var size: Size {
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_GetWindowSize(handle, &w, &h)
    return Size(width: Double(w), height: Double(h))
  }

  /// The X11 window id, or 0 when the video driver is not X11 (printed for tests that drive the window).
  public var windowID: UInt32 { SDL_GetWindowID(handle) }

  /// Resizes the window.
  public func setSize(_ size: Size) {
    SDL_SetWindowSize(handle, Int32(size.width), Int32(size.height))
    updateScale()
  }

  /// Matches the renderer's scale to the ratio of pixels to points; call after a resize.
  public func updateScale() {
    var pw: Int32 = 0
    var ph: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &pw, &ph)
    let s = size
    guard s.width > 0, s.height > 0 else { return }
    let scale = (x: Float(Double(pw) / s.width), y: Float(Double(ph) / s.height))
    // What the canvas batched was laid out for the old scale.
    canvas.flush()
    SDL_RenderSetScale(renderer, scale.x, scale.y)
    canvas.atlas?.matchScale(pixelsPerPoint: scale)
  }

  /// The display's refresh rate in hertz (60 when SDL cannot tell, as under Xvfb).
  public var refreshRate: Double {
    var mode = SDL_DisplayMode()
    let display = SDL_GetWindowDisplayIndex(handle)
    if SDL_GetCurrentDisplayMode(display >= 0 ? display : 0, &mode) == 0, mode.refresh_rate >= 30 {
      return Double(mode.refresh_rate)
    }
    return 60
  }

  /// Shows what was drawn since the last present.
  public func present() {
    canvas.flush()
    SDL_RenderPresent(renderer)
  }

  /// Writes the current back buffer to a PNG file (call before `present()`).
  public func savePNG(to path: String) throws {
    let surface = try backBuffer()
    defer { SDL_FreeSurface(surface) }
    guard IMG_SavePNG(surface, path) == 0 else { throw SDLError.last("IMG_SavePNG(\(path))") }
  }

  /// The current back buffer's pixels (ARGB, row by row), and its size in pixels: what was drawn
  /// since the last present.
  ///
  /// ```swift
  /// window.canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: Color(r: 255, g: 0, b: 0))
  /// let image = try window.pixels()
  /// assert(image.argb[0] == 0xFFFF_0000)
  /// ```
  public func pixels() throws -> (width: Int, height: Int, argb: [UInt32]) {
    let surface = try backBuffer()
    defer { SDL_FreeSurface(surface) }
    let w = Int(surface.pointee.w)
    let h = Int(surface.pointee.h)
    let pitch = Int(surface.pointee.pitch)
    var argb = [UInt32](repeating: 0, count: w * h)
    for y in 0..<h {
      let row = (surface.pointee.pixels + y * pitch).assumingMemoryBound(to: UInt32.self)
      for x in 0..<w { argb[y * w + x] = row[x] }
    }
    return (w, h, argb)
  }

  /// A copy of the back buffer (what the canvas batched is drawn first); the caller frees it.
  private func backBuffer() throws -> UnsafeMutablePointer<SDL_Surface> {
    canvas.flush()
    var pw: Int32 = 0
    var ph: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &pw, &ph)
    guard
      let surface = SDL_CreateRGBSurfaceWithFormat(0, pw, ph, 32, CSDL2_PixelFormatARGB8888())
    else { throw SDLError.last("SDL_CreateRGBSurfaceWithFormat") }
    guard
      SDL_RenderReadPixels(renderer, nil, CSDL2_PixelFormatARGB8888(), surface.pointee.pixels, surface.pointee.pitch)
        == 0
    else {
      SDL_FreeSurface(surface)
      throw SDLError.last("SDL_RenderReadPixels")
    }
    return surface
  }
}
