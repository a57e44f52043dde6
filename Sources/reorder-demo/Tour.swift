import Foundation
import ReorderKit
import ReorderKitSDL

/// The scripted tour of `--tour DIR`: every scene in turn, driven by
/// synthetic pointer events on a virtual clock at 25 frames a second, each
/// frame written to `DIR/<scene>/frame-NNNN.png` (and a still of each scene
/// to `DIR/<scene>.png`, a mid-drag one to `DIR/<scene>-drag.png`).
///
/// The events go through the same path as real input, so the tour shows
/// exactly what a person would see.
struct Tour {
  let app: App
  let directory: String
  /// The scenes to tour (by name), or every scene when empty.
  var scenes: [String] = []
  let fps = 25.0

  enum Target {
    case item(String)
    /// A point offset from an item's centre.
    case near(String, dx: Double, dy: Double)
    case point(Point)
  }

  enum Step {
    case wait(Double)
    case press(Target)
    case move(to: Target, duration: Double)
    case release
    case key(Key, KeyModifiers = [])
    case tapSortControl(Int)
    case scroll(Point, duration: Double)
    /// A second finger taps an item while the first holds the drag: it joins the session.
    case secondFinger(Target)
    case still(String)
  }

  static func script(for scene: String) -> [Step] {
    switch scene {
    case "colors":
      return [
        .wait(0.4), .still("colors"), .press(.item("c1")), .wait(0.7), .move(to: .item("c8"), duration: 1.0),
        .wait(0.2), .still("colors-drag"), .wait(0.2), .release, .wait(0.7),
        .press(.item("c6")), .wait(0.7), .move(to: .item("c2"), duration: 0.7), .wait(0.3), .key(.escape), .wait(0.8),
      ]
    case "photos":
      return [
        .wait(0.4), .still("photos"), .press(.item("IMG_1001")), .wait(0.7),
        .move(to: .item("IMG_1005"), duration: 1.0),
        .wait(0.2), .still("photos-drag"), .wait(0.2), .release, .wait(0.7),
        .scroll(Point(x: 1, y: 0), duration: 0.5), .wait(1.0), .scroll(Point(x: -1, y: 0), duration: 0.5), .wait(0.8),
      ]
    case "students":
      return [
        .wait(0.4), .still("students"), .tapSortControl(1), .wait(1.2), .still("students-birthday"), .tapSortControl(2),
        .wait(1.2),
        .tapSortControl(0), .wait(1.0), .press(.item("s1")), .wait(0.7), .move(to: .item("s3"), duration: 0.9),
        .wait(0.2), .still("students-drag"), .wait(0.2), .release, .wait(0.8),
      ]
    case "board":
      return [
        .wait(0.4), .still("board"),
        // A card from To do into Doing, between its two cards.
        .press(.item("card-14")), .wait(0.7), .move(to: .near("card-24", dx: 0, dy: 40), duration: 1.2), .wait(0.3),
        .still("board-drag"), .wait(0.2), .release, .wait(0.8),
        // Doing is full (three of three): a fourth card shows the forbidden marker, and a release there cancels.
        .press(.item("card-15")), .wait(0.7), .move(to: .near("card-23", dx: 0, dy: 30), duration: 1.2), .wait(0.5),
        .still("board-full"), .wait(0.2), .release, .wait(0.8),
        // The keyboard: Tab focuses a card, Space lifts it, Right takes it to Review, Space drops it.
        .key(.tab), .wait(0.3), .key(.space), .wait(0.4), .key(.right), .wait(0.6), .key(.right), .wait(0.6),
        .still("board-keyboard"), .key(.space), .wait(0.8),
        // A column by its header: Review moves left of Doing.
        .press(.item("review")), .wait(0.7), .move(to: .near("doing", dx: -60, dy: 0), duration: 1.0), .wait(0.3),
        .release, .wait(0.8),
        // Undo, twice: the column goes back, then the keyboard move.
        .key(.character("z"), .control), .wait(0.8), .key(.character("z"), .control), .wait(0.8),
      ]
    default:
      return [
        .wait(0.4), .still("lessons"),
        // Into a folder: over the middle of its row, the folder highlights; release and the lesson is its last child.
        // Held near its top edge, the row hangs below the pointer and leaves the folder's highlight in view.
        .press(.near("Functions", dx: 0, dy: -20)), .wait(0.7),
        .move(to: .near("Collections", dx: 0, dy: 10), duration: 1.0),
        .wait(0.4),
        .still("lessons-drag"), .wait(0.2), .release, .wait(0.7),
        // Two lessons at once: a second finger adds "Constants" to the drag; the badge counts the stack.
        .press(.near("Variables", dx: 0, dy: -20)), .wait(0.7), .secondFinger(.item("Constants")), .wait(0.4),
        .move(to: .near("Collections", dx: 0, dy: 10), duration: 1.0), .wait(0.4), .still("lessons-session"),
        .wait(0.2),
        .release, .wait(0.8),
        // Spring loading: hover a closed folder and it opens.
        .press(.near("Closures", dx: 0, dy: -20)), .wait(0.7),
        .move(to: .near("Concurrency", dx: 0, dy: 10), duration: 0.8),
        .wait(1.1),
        .still("lessons-spring"), .wait(0.2), .release, .wait(0.7),
        // Forbidden: "Welcome" stays out of folders.
        .press(.item("Welcome")), .wait(0.7), .move(to: .item("Collections"), duration: 1.0), .wait(0.4),
        .still("lessons-forbidden"), .wait(0.2), .release, .wait(0.8),
        // A tap closes a folder.
        .press(.item("Basics")), .release, .wait(0.8),
      ]
    }
  }

  func run() throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var t = 1.0
    for (index, name) in Options.sceneNames.enumerated() where scenes.isEmpty || scenes.contains(name) {
      let folder = "\(directory)/\(name)"
      try? FileManager.default.removeItem(atPath: folder)
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      if index != app.current { app.switchScene(to: index, time: t) }
      if index == app.current && t == 1.0 { app.reportScene(event: "ready", time: t) }
      var steps = Self.script(for: name)[...]
      var pending: [(time: Double, input: InputEvent?)] = []
      var frame = 0
      var pointer = Point(x: 0, y: 0)
      var stills: [String] = []
      while !steps.isEmpty || !pending.isEmpty {
        _ = app.host.pollEvents()  // the window's own input is ignored during the tour
        while let next = pending.first, next.time <= t {
          pending.removeFirst()
          if let input = next.input { app.handle(input, time: next.time) }
        }
        while pending.isEmpty, let step = steps.first {
          steps.removeFirst()
          switch step {
          case .wait(let d): pending.append((t + d, nil))
          case .press(let target):
            pointer = position(of: target, time: t)
            pending.append((t, .pointerDown(pointer)))
          case .move(let target, let duration):
            let from = pointer
            let to = position(of: target, time: t)
            let n = max(Int(duration * fps), 1)
            for k in 1...n {
              let u = Double(k) / Double(n)
              let e = u * u * (3 - 2 * u)
              pending.append(
                (
                  t + duration * u,
                  .pointerMoved(Point(x: from.x + (to.x - from.x) * e, y: from.y + (to.y - from.y) * e))
                ))
            }
            pointer = to
          case .release: pending.append((t, .pointerUp(pointer)))
          case .key(let key, let modifiers): pending.append((t, .key(key, modifiers: modifiers)))
          case .tapSortControl(let i):
            let f = StudentsScene.sortControlFrame(in: app.controlsFrame)
            let w = f.width / Double(StudentSort.allCases.count)
            let p = Point(x: f.minX + w * (Double(i) + 0.5), y: f.midY)
            pending.append((t, .pointerDown(p)))
            pending.append((t + 0.05, .pointerUp(p)))
          case .scroll(let direction, let duration):
            let n = max(Int(duration * fps), 1)
            let size = app.scene.view.viewSize
            let over = app.viewFrame(of: app.current).center  // the wheel turns over the view
            for k in 1...n {
              pending.append(
                (
                  t + duration * Double(k) / Double(n),
                  .scroll(
                    by: Point(x: direction.x * size.width / Double(n), y: direction.y * size.height / Double(n)),
                    at: over)
                ))
            }
          case .secondFinger(let target):
            pending.append((t, .secondaryTap(position(of: target, time: t))))
          case .still(let name):
            // A still is taken of this frame, before anything later in the script happens.
            stills.append(name)
            pending.append((t + 0.5 / fps, nil))
          }
          while let next = pending.first, next.time <= t {
            pending.removeFirst()
            if let input = next.input { app.handle(input, time: next.time) }
          }
        }
        app.tick(time: t)
        app.host.drawFrame(app, time: t)
        frame += 1
        try app.window.savePNG(to: String(format: "%@/frame-%04d.png", folder, frame))
        for still in stills { try app.window.savePNG(to: "\(directory)/\(still).png") }
        stills = []
        app.window.present()
        t += 1 / fps
      }
      print("\(folder)/ (\(frame) frames)")
    }
  }

  /// The window point of a target: an item's centre as shown now, or a point.
  func position(of target: Target, time: Double) -> Point {
    switch target {
    case .point(let p): return p
    case .near(let id, let dx, let dy):
      let c = position(of: .item(id), time: time)
      return Point(x: c.x + dx, y: c.y + dy)
    case .item(let id):
      if app.isBoard, let board = app.board { return position(ofCard: id, on: board) }
      let origin = app.viewOrigin
      for element in app.scene.view.renderList(at: time).elements {
        if case .item(id) = element.kind {
          return Point(x: element.frame.midX + origin.x, y: element.frame.midY + origin.y)
        }
      }
      return Point(x: origin.x + 40, y: origin.y + 40)
    }
  }

  /// The window point of a board card's centre (or of a column's header, by the column's id).
  func position(ofCard id: String, on board: BoardScene.Engine) -> Point {
    App.windowFrames(of: board).first { $0.id == id }?.frame.center ?? Point(x: 40, y: 80)
  }
}
