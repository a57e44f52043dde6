@preconcurrency import CSDL2
import Foundation
import ReorderKit
import ReorderKitSDL
import ReorderTool

/// The app: one window, the scene switcher at the top, the current scene
/// below; the run loop that feeds input and time to the engine and draws
/// its render list every frame.
final class App {
  let options: Options
  let window: Window
  let theme = Theme.standard
  var scenes: [any DemoScene]
  var current: Int
  var switcher: SegmentedControl
  var store: StateStore
  let report: Report
  var input = InputAdapter()
  var running = true

  /// Where the held pointer went down: the events that follow go to the same place.
  enum PointerTarget { case switcher, controls, view }
  var pointerTarget: PointerTarget?

  /// Frame time: input, tick, drawing and presenting; the same for frames during a drag; the part
  /// before presenting; and the interval from one frame to the next.
  var frameStats = FrameStats()
  var dragFrameStats = FrameStats()
  var workStats = FrameStats()
  var intervalStats = FrameStats()

  static let barHeight = 52.0

  init(options: Options, window: Window, scenes: [any DemoScene], current: Int, store: StateStore) {
    self.options = options
    self.window = window
    self.scenes = scenes
    self.current = current
    self.store = store
    self.report = Report(isEnabled: options.report)
    self.switcher = SegmentedControl(segments: scenes.map(\.title), selectedIndex: current)
  }

  // MARK: Geometry

  var scene: any DemoScene {
    get { scenes[current] }
    // In place: a get-and-set would copy the scene, so a drop among a million items copied them all.
    _modify { yield &scenes[current] }
  }

  var controlsFrame: Rect {
    Rect(x: 0, y: Self.barHeight, width: window.size.width, height: scene.controlsHeight)
  }

  /// Where the scene's collection view sits in the window.
  func viewFrame(of index: Int) -> Rect {
    let size = window.size
    let top = Self.barHeight + scenes[index].controlsHeight
    return Rect(x: 0, y: top, width: size.width, height: max(size.height - top, 1))
  }

  var viewOrigin: Point { viewFrame(of: current).origin }

  func toView(_ p: Point) -> Point { Point(x: p.x - viewOrigin.x, y: p.y - viewOrigin.y) }

  // MARK: Input

  /// Handles one input event at a time in seconds.
  func handle(_ event: InputEvent, time: Double) {
    switch event {
    case .quit:
      running = false
    case .resized:
      window.updateScale()
      for i in scenes.indices {
        let size = viewFrame(of: i).size
        scenes[i].view.setViewSize(size, time: time)
        // A scene may lay out differently at another size (Students shows four columns when wide).
        scenes[i].view.setLayout(scenes[i].layout(for: size), time: time)
      }
      reportScene(event: "resized", time: time)
    case .pointerDown(let p):
      guard pointerTarget == nil else { return }
      if p.y < Self.barHeight {
        pointerTarget = .switcher
        switcher.pressedIndex = switcher.segment(at: p)
      } else if p.y < viewOrigin.y {
        pointerTarget = .controls
        if scene.controlsPointerDown(at: p, in: controlsFrame, time: time) { commit() }
      } else {
        pointerTarget = .view
        react(to: scene.view.pointerDown(at: toView(p), time: time), time: time)
      }
    case .pointerMoved(let p):
      switch pointerTarget {
      case .view: react(to: scene.view.pointerMoved(to: toView(p), time: time), time: time)
      case .switcher: switcher.pressedIndex = switcher.segment(at: p)
      default: break
      }
    case .pointerUp(let p):
      switch pointerTarget {
      case .view: react(to: scene.view.pointerUp(at: toView(p), time: time), time: time)
      case .switcher:
        if let i = switcher.segment(at: p), i == switcher.pressedIndex { switchScene(to: i, time: time) }
        switcher.pressedIndex = nil
      default: break
      }
      pointerTarget = nil
    case .secondaryTap(let p):
      if pointerTarget == .view, scene.view.isDragging {
        react(to: scene.view.addItemToDragSession(at: toView(p), time: time), time: time)
      }
    case .scroll(let delta):
      react(to: scene.view.scroll(by: delta, time: time), time: time)
    case .key(.escape):
      react(to: scene.view.cancelGesture(time: time), time: time)
    case .key(.digit(let d)) where (1...scenes.count).contains(d):
      switchScene(to: d - 1, time: time)
    case .key(.pageDown):
      react(to: scene.view.scroll(by: Self.page(scene.view, 1), time: time), time: time)
    case .key(.pageUp):
      react(to: scene.view.scroll(by: Self.page(scene.view, -1), time: time), time: time)
    case .key(.home):
      scene.view.setContentOffset(.zero, animated: true, time: time)
    case .key(.end):
      let v = scene.view
      scene.view.setContentOffset(
        Point(x: v.contentSize.width - v.viewSize.width, y: v.contentSize.height - v.viewSize.height), animated: true,
        time: time)
    case .key:
      break
    }
  }

  static func page(_ view: DemoView, _ direction: Double) -> Point {
    if case .grid(let c) = view.layoutConfiguration, c.scrollDirection == .horizontal {
      return Point(x: direction * view.viewSize.width, y: 0)
    }
    return Point(x: 0, y: direction * view.viewSize.height * 0.9)
  }

  /// Acts on what the engine reports: a committed move is saved and reported.
  func react(to events: [CollectionViewEvent<String, String>], time: Double) {
    var moved: [String] = []
    var toggled: [String] = []
    for event in events {
      switch event {
      case .moved(let id, _, _): moved.append(id)
      case .lifted(let id):
        report.emit(.object(["event": "lifted", "scene": .string(scene.name), "item": .string(id)]))
      case .cancelled(let id):
        report.emit(.object(["event": "cancelled", "scene": .string(scene.name), "item": .string(id)]))
      case .tapped(let id):
        // A tap on a folder opens or closes it.
        if scene.view.snapshot.isGroup(id) {
          scene.view.setExpanded(!scene.view.snapshot.isExpanded(id), for: id, time: time)
          toggled.append(id)
        }
      case .dropped(let id):
        report.emit(.object(["event": "dropped", "scene": .string(scene.name), "item": .string(id)]))
      case .denied: break
      }
    }
    if !moved.isEmpty || !toggled.isEmpty { commit(moved: moved, toggled: toggled) }
  }

  /// Saves the current scene's change in the background; its `changed` line follows the commit.
  func commit(moved: [String] = [], toggled: [String] = []) {
    store.record(scene, moved: moved, toggled: toggled, reporting: report.isEnabled)
  }

  func switchScene(to index: Int, time: Double) {
    guard index != current, scenes.indices.contains(index) else { return }
    react(to: scene.view.cancelGesture(time: time), time: time)
    pointerTarget = nil
    current = index
    switcher.selectedIndex = index
    scenes[index].view.setViewSize(viewFrame(of: index).size, time: time)
    reportScene(event: "scene", time: time)
  }

  /// The "ready" line (also "scene" after a switch and "resized" after a resize): the window, the
  /// visible items' frames in window coordinates (where they settle, not mid-animation), the sections.
  func reportScene(event: String, time: Double) {
    guard report.isEnabled else { return }
    let origin = viewOrigin
    let view = scene.view
    let offset = view.contentOffset
    var items: [JSONValue] = []
    for (id, frame) in view.visibleItems() {
      let f = frame.offsetBy(dx: origin.x - offset.x, dy: origin.y - offset.y)
      items.append(
        .object(["id": .string(id), "frame": [.number(f.minX), .number(f.minY), .number(f.width), .number(f.height)]]))
    }
    let size = window.size
    report.emit(
      .object([
        "event": .string(event), "scene": .string(scene.name),
        "window": [.number(size.width), .number(size.height)],
        "items": .array(items), "sections": SnapshotJSON.value(of: view.snapshot),
      ]))
  }

  // MARK: Drawing

  /// Draws a frame; returns whether anything is still moving.
  @discardableResult
  func draw(time: Double) -> Bool {
    let canvas = window.canvas
    let size = window.size
    canvas.clear(theme.background)
    let frame = viewFrame(of: current)
    let list = scene.view.renderList(at: time)
    canvas.setClip(frame)
    let s = scene
    canvas.draw(
      list, origin: frame.origin, theme: theme,
      item: { id, f, element in s.drawItem(id, frame: f, element: element, canvas: canvas, theme: theme) },
      header: { id, f, element in s.drawHeader(id, frame: f, element: element, canvas: canvas, theme: theme) })
    drawScrollIndicator(list, in: frame, canvas: canvas)
    canvas.setClip(nil)
    // The bar and the scene's controls.
    canvas.fill(Rect(x: 0, y: 0, width: size.width, height: frame.minY), color: theme.bar.withAlpha(0.97))
    canvas.fill(Rect(x: 0, y: frame.minY - 0.5, width: size.width, height: 0.5), color: theme.separator)
    switcher.frame = Rect(x: 12, y: 10, width: size.width - 24, height: 32)
    switcher.draw(in: canvas, theme: theme)
    if scene.controlsHeight > 0 { scene.drawControls(in: controlsFrame, canvas: canvas, theme: theme) }
    return list.isAnimating
  }

  func drawScrollIndicator(_ list: RenderList<String, String>, in frame: Rect, canvas: Canvas) {
    let color = Color.black.withAlpha(0.3)
    if list.contentSize.height > list.viewSize.height + 1 {
      let h = max(frame.height * list.viewSize.height / list.contentSize.height, 24)
      let y = frame.minY + (frame.height - h) * list.contentOffset.y / (list.contentSize.height - list.viewSize.height)
      canvas.fillRoundedRect(Rect(x: frame.maxX - 6, y: y + 2, width: 3, height: h - 4), radius: 1.5, color: color)
    }
    if list.contentSize.width > list.viewSize.width + 1 {
      let w = max(frame.width * list.viewSize.width / list.contentSize.width, 24)
      let x = frame.minX + (frame.width - w) * list.contentOffset.x / (list.contentSize.width - list.viewSize.width)
      canvas.fillRoundedRect(Rect(x: x + 2, y: frame.maxY - 6, width: w - 4, height: 3), radius: 1.5, color: color)
    }
  }

  // MARK: The run loop

  /// Runs until the window closes or SIGTERM / SIGINT arrives (SDL turns both into a quit event).
  func run() {
    var pacer = FramePacer(rate: window.refreshRate)
    var event = SDL_Event()
    var lastStart: Double?
    var first = true
    while running {
      let start = FramePacer.now()
      if let lastStart { intervalStats.record(start - lastStart) }
      lastStart = start
      var handled = 0
      let wasDragging = scene.view.isDragging
      while SDL_PollEvent(&event) != 0 {
        handled += 1
        for input in input.translate(event, windowSize: window.size) { handle(input, time: start) }
      }
      guard running else { break }
      react(to: scene.view.tick(time: start), time: start)
      let animating = draw(time: start)
      if first {
        reportScene(event: "ready", time: start)
        first = false
      }
      workStats.record(FramePacer.now() - start)
      window.present()
      let elapsed = FramePacer.now() - start
      frameStats.record(elapsed)
      if wasDragging || scene.view.isDragging { dragFrameStats.record(elapsed) }
      if !window.isVSynced || elapsed < pacer.period * 0.5 { pacer.waitForNextFrame() }
      // Idle: nothing moves and no pointer is held, so sleep until the next event.
      if handled == 0, pointerTarget == nil, !animating {
        SDL_WaitEventTimeout(nil, 250)
        lastStart = nil
      }
    }
  }

  /// The `--stats` lines.
  func statsSummary() -> String {
    var lines = [
      "reorder-demo: renderer \(window.rendererName)\(window.isVSynced ? " (vsync)" : ""), \(Int(window.refreshRate)) Hz, \(scene.name)",
      "reorder-demo: frame time (input, tick, draw, present), all frames: \(frameStats.summary())",
      "reorder-demo: frame time (input, tick, draw, present), drags:      \(dragFrameStats.summary())",
      "reorder-demo: before present (input, tick, draw), all frames:      \(workStats.summary())",
      "reorder-demo: frame interval:                                      \(intervalStats.summary())",
    ]
    if window.isVSynced {
      lines.append(
        "reorder-demo: note: with vsync, present waits for the vertical blank; --no-vsync times the frame's own work")
    }
    return lines.joined(separator: "\n")
  }
}
