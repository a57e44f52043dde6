@preconcurrency internal import CSDL2
import ReorderKit

/// The application shell: SDL, one window, and the run loop that feeds the window's input and the
/// time to your ``HostContent``, draws it every frame at the display's rate and sleeps when nothing
/// moves.
///
/// ```swift
/// let host = try SDLHost(title: "To do", size: Size(width: 360, height: 520))
/// let list = CollectionHost(view: view) { cell in
///   cell.canvas.drawText(cell.id, in: cell.frame, size: 16, color: Color.black.withAlpha(cell.alpha))
/// }
/// list.onCommit = { view, _ in save(view.snapshot) }
/// host.run(list)  // until the window closes, or SIGTERM / SIGINT
/// ```
public final class SDLHost {
  /// The window, its renderer and canvas.
  public let window: Window
  /// Frame times (input, tick, draw, present) of every frame, of the frames with a pointer held,
  /// of the part before presenting, and the intervals from one frame to the next (seconds).
  public private(set) var frameStats = FrameStats()
  public private(set) var trackingFrameStats = FrameStats()
  public private(set) var workStats = FrameStats()
  public private(set) var intervalStats = FrameStats()
  /// Frame times of every frame after the first (the first shows the window and may build caches).
  public private(set) var laterFrameStats = FrameStats()

  private var input = InputAdapter()
  private var isRunning = false
  nonisolated(unsafe) private static var isSDLInitialized = false

  /// Starts SDL (once per process) and opens a resizable window.
  ///
  /// - Parameters:
  ///   - title: the window's title.
  ///   - size: the window's size in points.
  ///   - vsync: whether presenting waits for the display's vertical blank (else the host paces
  ///     itself at the display's rate).
  ///   - fontPath: a TrueType (or OpenType) font file for
  ///     ``Canvas/drawText(_:in:size:bold:color:alignment:)``; `nil` (the default) asks fontconfig
  ///     for the desktop's sans-serif font and its bold face (``SystemFont/sansSerif()``).
  /// - Throws: ``SDLError`` when no font is found (saying what to install), or SDL, the window,
  ///   the renderer or the font cannot be set up.
  public init(title: String, size: Size, vsync: Bool = true, fontPath: String? = nil) throws {
    let fonts = try fontPath.map { (regular: $0, bold: String?.none) } ?? SystemFont.sansSerif()
    if !Self.isSDLInitialized {
      try Window.initializeSDL()
      Self.isSDLInitialized = true
    }
    window = try Window(title: title, size: size, vsync: vsync, fontPath: fonts.regular, boldFontPath: fonts.bold)
  }

  /// Runs until the window closes, ``stop()`` is called, or SIGTERM / SIGINT arrives (SDL turns
  /// both into a quit). Each frame: the pending input (translated to ``InputEvent``s, `.resized`
  /// after the renderer's scale is updated), a tick, drawing, presenting, then waiting for the next
  /// frame; with nothing moving and no pointer held it sleeps until the next event.
  public func run(_ content: some HostContent) {
    var pacer = FramePacer(rate: window.refreshRate)
    var lastStart: Double?
    var first = true
    isRunning = true
    while isRunning {
      let start = FramePacer.now()
      if let lastStart { intervalStats.record(start - lastStart) }
      lastStart = start
      let events = pollEvents()
      // The frame that releases the pointer (the drop's frame) counts as a drag frame too.
      let wasTracking = content.isTrackingPointer
      for event in events {
        if event == .quit { isRunning = false }
        content.handle(event, time: start)
      }
      guard isRunning else { break }
      content.tick(time: start)
      let animating = drawFrame(content, time: start)
      let isFirst = first
      if first {
        content.didShowFirstFrame(time: start)
        first = false
      }
      workStats.record(FramePacer.now() - start)
      window.present()
      let elapsed = FramePacer.now() - start
      frameStats.record(elapsed)
      if !isFirst { laterFrameStats.record(elapsed) }
      if wasTracking || content.isTrackingPointer { trackingFrameStats.record(elapsed) }
      if !window.isVSynced || elapsed < pacer.period * 0.5 { pacer.waitForNextFrame() }
      if events.isEmpty, !content.isTrackingPointer, !animating {
        SDL_WaitEventTimeout(nil, 250)
        lastStart = nil
      }
    }
  }

  /// Ends ``run(_:)`` after the current frame.
  public func stop() { isRunning = false }

  /// The input that arrived since the last call, translated (for a driver of your own, such as
  /// a scripted tour; ``run(_:)`` calls it every frame). A resize updates the renderer's scale first.
  public func pollEvents() -> [InputEvent] {
    var event = SDL_Event()
    var events: [InputEvent] = []
    while SDL_PollEvent(&event) != 0 {
      for translated in input.translate(event, windowSize: window.size) {
        if case .resized = translated { window.updateScale() }
        events.append(translated)
      }
    }
    return events
  }

  /// Draws one frame of `content` without presenting it (then ``Window/savePNG(to:)`` can capture
  /// it before ``Window/present()``); returns whether anything still moves.
  @discardableResult
  public func drawFrame(_ content: some HostContent, time: Double) -> Bool {
    content.draw(in: window.canvas, size: window.size, time: time)
  }

  /// Frame-time percentiles, one line each, prefixed with `name` (for a `--stats` option).
  public func statsSummary(name: String) -> String {
    var lines = [
      "\(name): renderer \(window.rendererName)\(window.isVSynced ? " (vsync)" : ""), \(Int(window.refreshRate)) Hz",
      "\(name): frame time (input, tick, draw, present), all frames: \(frameStats.summary())",
      "\(name): frame time (input, tick, draw, present), drags:      \(trackingFrameStats.summary())",
      "\(name): frame time (input, tick, draw, present), after the first: \(laterFrameStats.summary())",
      "\(name): before present (input, tick, draw), all frames:      \(workStats.summary())",
      "\(name): frame interval:                                      \(intervalStats.summary())",
    ]
    if window.isVSynced {
      lines.append(
        "\(name): note: with vsync, present waits for the vertical blank; --no-vsync times the frame's own work")
    }
    return lines.joined(separator: "\n")
  }
}
