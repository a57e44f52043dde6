import Foundation
import ReorderKit
import ReorderKitSDL
import ReorderTool

/// The app: the scene switcher at the top, the current scene below. ReorderKitSDL's ``SDLHost``
/// owns the window and the run loop; each scene's collection view sits in a ``CollectionPane``;
/// this class routes the input between the bar, the scene's controls and its view, and saves
/// and reports what the engine commits.
final class App: HostContent {
  let options: Options
  let host: SDLHost
  let theme = Theme.standard
  var scenes: [any DemoScene]
  var panes: [CollectionPane<String, String>]
  var current: Int
  var switcher: SegmentedControl
  var store: StateStore
  let report: Report

  /// Where the held pointer went down, when not in the collection view (the pane tracks that).
  enum PointerTarget { case switcher, controls }
  var pointerTarget: PointerTarget?

  /// The Board scene's engine (its columns under one drag context) and its pane, when there is one.
  var board: BoardScene.Engine?
  var boardPane: BoardPane<String, String, String>
  let boardIndex: Int?
  var isBoard: Bool { current == boardIndex }
  /// `--share`: the Board scene kept in PostgreSQL (App+Share.swift).
  var share: ShareSession?

  static let barHeight = 52.0
  /// The caption line at the bottom: the latest announcement (the on-screen live region).
  static let captionHeight = 30.0
  /// What the caption shows: the latest announcement, or how to use the keyboard.
  var caption = "Tab focuses an item · Space lifts · arrows move · Space drops · Esc cancels · Ctrl+Z undoes"

  init(options: Options, host: SDLHost, scenes: [any DemoScene], current: Int, store: StateStore) {
    self.options = options
    self.host = host
    self.scenes = scenes
    self.current = current
    self.store = store
    self.report = Report(isEnabled: options.report)
    self.switcher = SegmentedControl(segments: scenes.map(\.title), selectedIndex: current)
    self.panes = []
    self.boardIndex = scenes.firstIndex { $0 is BoardScene }
    self.boardPane = BoardPane(frame: .zero)
    panes = scenes.indices.map { CollectionPane(frame: viewFrame(of: $0), theme: theme) }
    for i in scenes.indices { prepareAnnouncer(of: i) }
    if let boardIndex {
      boardPane.frame = viewFrame(of: boardIndex)
      board = BoardScene.makeBoard(
        scenes[boardIndex].view.snapshot, area: boardPane.frame,
        doingLimit: (scenes[boardIndex] as? BoardScene)?.doingLimit)
    }
  }

  /// What a screen reader calls the scene's items and sections: what the person sees on them
  /// ("Color 5, lifted. Position 5 of 50 in Colors."; "Aiko, lifted. Position 2 of 2 in A.").
  func prepareAnnouncer(of index: Int) { Self.nameItems(of: &scenes[index].view, scene: scenes[index].name) }

  /// Gives a scene's view the names a person sees on its items and section headers: a colour's
  /// number ("Color 5"), a photo's caption ("IMG_1001"), a student's name, a lesson's title; a
  /// header's title ("A", "March", "Course"), or the scene's own title where the one section has
  /// no header ("Colors", "Photos").
  static func nameItems(of view: inout DemoView, scene: String) {
    view.announcer.itemName = { id in
      switch scene {
      case "colors": "Color \(id.dropFirst())"
      case "photos": id
      case "students": StudentsData.byID[id]?.name ?? id
      default: id.prefix(1).uppercased() + id.dropFirst()
      }
    }
    view.announcer.sectionName = { id in
      switch scene {
      case "students": StudentSort.title(ofSection: id) ?? id
      case "photos": "Photos"
      default: id.prefix(1).uppercased() + id.dropFirst()
      }
    }
  }

  // MARK: Geometry

  var window: Window { host.window }

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
    return Rect(x: 0, y: top, width: size.width, height: max(size.height - top - Self.captionHeight, 1))
  }

  var viewOrigin: Point { viewFrame(of: current).origin }

  // MARK: Input

  var isTrackingPointer: Bool {
    pointerTarget != nil || panes[current].isTrackingPointer || (isBoard && boardPane.isTrackingPointer)
  }

  /// Handles one input event at a time in seconds.
  func handle(_ event: InputEvent, time: Double) {
    switch event {
    case .resized:
      for i in scenes.indices {
        // A scene may lay out differently at another size (Students shows four columns when wide).
        let scene = scenes[i]
        panes[i].setFrame(viewFrame(of: i), view: &scenes[i].view, layout: { scene.layout(for: $0) }, time: time)
      }
      if let boardIndex, let old = board, !old.isDragging {
        boardPane.frame = viewFrame(of: boardIndex)
        board = BoardScene.makeBoard(
          BoardScene.snapshot(of: old), area: boardPane.frame,
          doingLimit: (scenes[boardIndex] as? BoardScene)?.doingLimit)
      }
      reportScene(event: "resized", time: time)
    case .pointerDown where isTrackingPointer:
      break
    case .pointerDown(let p) where p.y < viewOrigin.y:
      if p.y < Self.barHeight {
        pointerTarget = .switcher
        switcher.pressedIndex = switcher.segment(at: p)
      } else {
        pointerTarget = .controls
        if scene.controlsPointerDown(at: p, in: controlsFrame, time: time) {
          prepareAnnouncer(of: current)
          // The re-sort comes back as a change, with the view's events: saved like every other.
          react(to: scenes[current].view.tick(time: time), time: time)
        }
      }
    case .pointerMoved(let p) where pointerTarget == .switcher:
      switcher.pressedIndex = switcher.segment(at: p)
    case .pointerUp(let p) where pointerTarget != nil:
      if pointerTarget == .switcher, let i = switcher.segment(at: p), i == switcher.pressedIndex {
        switchScene(to: i, time: time)
      }
      switcher.pressedIndex = nil
      pointerTarget = nil
    case .pointerMoved where pointerTarget != nil, .quit:
      break
    case .key(.character(let c), let modifiers)
    where modifiers.isEmpty && Self.sceneIndex(of: c, count: scenes.count) != nil:
      switchScene(to: Self.sceneIndex(of: c, count: scenes.count)!, time: time)
    default:
      if isBoard, board != nil {
        reactBoard(to: boardPane.handle(event, board: &board!, time: time))
      } else {
        react(to: panes[current].handle(event, view: &scenes[current].view, time: time), time: time)
      }
    }
  }

  /// The scene a digit key switches to (1 is the first), if there is one.
  static func sceneIndex(of key: Character, count: Int) -> Int? {
    guard let d = key.wholeNumberValue, (1...count).contains(d) else { return nil }
    return d - 1
  }

  func tick(time: Double) {
    pollShare(time: time)
    if isBoard, board != nil {
      reactBoard(to: board!.tick(time: time))
    } else {
      react(to: scenes[current].view.tick(time: time), time: time)
    }
    // Saving: a fault (locked, disk full, the file gone) or its end goes in the caption and the report.
    for notice in store.poll(scenes, reporting: report.isEnabled) {
      caption = notice.caption
      report.emit(.object(["event": "storage", "text": .string(notice.caption)]))
    }
  }

  /// Acts on what the engine reports: a committed change is saved in the background (its
  /// `changed` line follows the commit) and reported, and the scene redraws what shows it (the
  /// Students headers' counts).
  func react(to events: [CollectionViewEvent<String, String>], time: Double) {
    var moved: [String] = []
    var toggled: [String] = []
    var rewrite = false
    for event in events {
      switch event {
      case .changed(.placeholderMoved), .moved, .committed, .denied: break
      case .changed(.moved(let difference)): moved += difference.items
      case .changed(.expanded(let group)), .changed(.collapsed(let group)): toggled.append(group)
      case .changed: rewrite = true  // copies and their undo: the scene is written whole
      case .announcement(let text):
        caption = text
        report.emit(.object(["event": "announcement", "scene": .string(scene.name), "text": .string(text)]))
      case .tapped: break  // a tap on a folder opens or closes it: the engine reports that as a change
      case .lifted(let id): emit("lifted", item: id)
      case .cancelled(let id): emit("cancelled", item: id)
      case .dropFailed(let id, let error):
        caption = "\(error)"
        emit("dropFailed", item: id)
      case .dropped(let id): emit("dropped", item: id)
      }
    }
    if rewrite || !moved.isEmpty { scenes[current].dataDidChange(time: time) }
    if rewrite {
      commit()
    } else if !moved.isEmpty || !toggled.isEmpty {
      commit(moved: moved, toggled: toggled)
    }
  }

  func emit(_ event: String, item: String) {
    report.emit(.object(["event": .string(event), "scene": .string(scene.name), "item": .string(item)]))
  }

  /// Saves the current scene's change in the background; its `changed` line follows the commit.
  /// With nothing named, the scene is written whole.
  func commit(moved: [String] = [], toggled: [String] = []) {
    store.record(scene, moved: moved, toggled: toggled, reporting: report.isEnabled)
  }

  func switchScene(to index: Int, time: Double) {
    guard index != current, scenes.indices.contains(index) else { return }
    if isBoard, board != nil {
      reactBoard(to: boardPane.cancel(board: &board!, time: time))
    } else {
      react(to: panes[current].cancel(view: &scenes[current].view, time: time), time: time)
    }
    pointerTarget = nil
    current = index
    switcher.selectedIndex = index
    panes[index].setFrame(viewFrame(of: index), view: &scenes[index].view, layout: nil, time: time)
    reportScene(event: "scene", time: time)
  }

  func didShowFirstFrame(time: Double) { reportScene(event: "ready", time: time) }

  /// The "ready" line (also "scene" after a switch and "resized" after a resize): the window, the
  /// visible items' frames in window coordinates (where they settle, not mid-animation), the sections.
  func reportScene(event: String, time: Double) {
    guard report.isEnabled else { return }
    if isBoard, let board {
      reportBoard(board, event: event)
      return
    }
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
    var line = JSONValue.object([
      "event": .string(event), "scene": .string(scene.name),
      "window": [.number(size.width), .number(size.height)], "items": .array(items),
    ]).serialized()
    // The sections written directly (a million colours in milliseconds, not a JSON tree of them).
    line.removeLast()
    line += ", \"sections\": "
    StateWriter.appendSections(StateStore.arrangement(of: scene), plain: scene is ColorsScene, to: &line)
    report.emit(line: line + "}")
  }

  // MARK: Drawing

  /// Draws a frame; returns whether anything is still moving.
  func draw(in canvas: Canvas, size: Size, time: Double) -> Bool {
    let s = scene
    let theme = theme
    let animating: Bool
    if isBoard, let board {
      animating = drawBoard(board, in: canvas, size: size, time: time)
    } else {
      canvas.clear(theme.background)
      animating = panes[current].draw(
        s.view, in: canvas, time: time,
        item: { cell in s.drawItem(cell.id, frame: cell.frame, element: cell.element, canvas: cell.canvas, theme: theme)
        },
        header: { header in
          s.drawHeader(header.id, frame: header.frame, element: header.element, canvas: header.canvas, theme: theme)
        })
    }
    // The bar and the scene's controls.
    let top = viewOrigin.y
    canvas.fill(Rect(x: 0, y: 0, width: size.width, height: top), color: theme.bar.withAlpha(0.97))
    canvas.fill(Rect(x: 0, y: top - 0.5, width: size.width, height: 0.5), color: theme.separator)
    switcher.frame = Rect(x: 12, y: 10, width: size.width - 24, height: 32)
    switcher.draw(in: canvas, theme: theme)
    if s.controlsHeight > 0 { s.drawControls(in: controlsFrame, canvas: canvas, theme: theme) }
    // The caption line: what a screen reader would say now.
    let line = Rect(x: 0, y: size.height - Self.captionHeight, width: size.width, height: Self.captionHeight)
    canvas.fill(line, color: theme.bar.withAlpha(0.97))
    canvas.fill(Rect(x: 0, y: line.minY, width: size.width, height: 0.5), color: theme.separator)
    // A shared board's connection at its right end ("Shared · connected", "Offline · 2 moves waiting").
    let status = isBoard ? shareStatus : nil
    let statusWidth = status == nil ? 0.0 : min(200, size.width / 3)
    canvas.drawText(
      caption, in: Rect(x: 12, y: line.minY, width: max(line.width - 24 - statusWidth, 1), height: line.height),
      size: 13, color: theme.text,
      alignment: .left)
    if let status {
      canvas.drawText(
        status, in: Rect(x: line.maxX - 12 - statusWidth, y: line.minY, width: statusWidth, height: line.height),
        size: 13, bold: true, color: theme.secondaryText, alignment: .right)
    }
    return animating
  }

  /// The `--stats` lines.
  func statsSummary() -> String {
    host.statsSummary(name: "reorder-demo") + "\nreorder-demo: scene \(scene.name)"
  }
}
