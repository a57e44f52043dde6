import ReorderKit
import ReorderKitSDL
import ReorderTool

/// The Board scene: its columns are one ``Board`` under one drag context, shown by a ``BoardPane``.
/// What the board commits is saved like every scene's change: one row per moved card, the scene's
/// row for a moved column, each followed by its `changed` line.
extension App {
  /// Acts on what the board reports: announcements in the caption and the report, and the saved
  /// arrangement after a committed change.
  func reactBoard(to events: [BoardScene.Engine.Event]) {
    guard let boardIndex, let board else { return }
    shareBoardEvents(events)
    var moved: [String] = []
    var columnsMoved = false
    var rewrite = false
    for event in events {
      switch event {
      case .view(_, .changed(.placeholderMoved)): break
      case .view(_, .changed(.moved(let difference))): moved += difference.items
      case .view(_, .changed(.replaced)): break  // new data the app gave: already saved
      case .view(_, .changed): rewrite = true
      case .moved(let item, _, _): moved.append(item)
      case .columnMoved(let id, _, let to):
        columnsMoved = true
        let title = BoardScene.columns.first { $0.id == id }?.title ?? id
        caption = "Moved the \(title) column to position \(to + 1) of \(board.columns.count)."
        report.emit(.object(["event": "announcement", "scene": "board", "text": .string(caption)]))
      case .view(_, .announcement(let text)):
        caption = text
        report.emit(.object(["event": "announcement", "scene": "board", "text": .string(text)]))
      case .view(_, .lifted(let id)): emit("lifted", item: id)
      case .view(_, .cancelled(let id)): emit("cancelled", item: id)
      case .view(_, .dropped(let id)): emit("dropped", item: id)
      case .refused(let view):
        report.emit(.object(["event": "refused", "scene": "board", "view": .string(view)]))
      default: break
      }
    }
    guard !moved.isEmpty || columnsMoved || rewrite else { return }
    setSavedColumns(of: board)
    if columnsMoved { store.recordSectionOrder(scenes[boardIndex], reporting: report.isEnabled) }
    if rewrite {
      store.record(scenes[boardIndex], moves: [], expanded: [], reporting: report.isEnabled)
    } else if !moved.isEmpty {
      store.record(
        scenes[boardIndex], moves: BoardScene.moves(of: moved, in: board), expanded: [], reporting: report.isEnabled)
    }
  }

  /// Gives the board scene the board's columns as they are now, for the state file and the report:
  /// O(columns) (a drop on a board of a million cards rebuilt a million-item view here).
  func setSavedColumns(of board: BoardScene.Engine) {
    guard let boardIndex, var scene = scenes[boardIndex] as? BoardScene else { return }
    scene.savedColumns = BoardScene.sections(of: board)
    scenes[boardIndex] = scene
  }

  /// Each column's header (by the column's id) and its visible cards, in board order, with their
  /// frames in window coordinates (the report's `items`, the tour's targets).
  static func windowFrames(of board: BoardScene.Engine) -> [(id: String, frame: Rect)] {
    var frames: [(id: String, frame: Rect)] = []
    for column in board.columns {
      if let h = column.header { frames.append((column.id, BoardPane.windowFrame(h, board))) }
      let origin = BoardPane.windowFrame(column.frame, board).origin
      let offset = column.view.contentOffset
      for (id, f) in column.view.visibleItems() {
        frames.append((id, f.offsetBy(dx: origin.x - offset.x, dy: origin.y - offset.y)))
      }
    }
    return frames
  }

  /// The board's `ready` (or `scene`, `resized`) line: the window, the visible cards' and column
  /// headers' frames in window coordinates (a header by its column's id), and the columns in board order.
  func reportBoard(_ board: BoardScene.Engine, event: String) {
    func frame(_ f: Rect) -> JSONValue { [.number(f.minX), .number(f.minY), .number(f.width), .number(f.height)] }
    var items: [JSONValue] = []
    let area = boardPane.frame
    for (id, f) in Self.windowFrames(of: board) where f.maxX > area.minX && f.minX < area.maxX {
      items.append(.object(["id": .string(id), "frame": frame(f)]))
    }
    let size = window.size
    guard report.isEnabled else { return }
    // The columns' cards as bytes (a million at scale), after the rest of the line.
    var line = Array(
      JSONValue.object([
        "event": .string(event), "scene": "board", "window": [.number(size.width), .number(size.height)],
        "items": .array(items),
      ]).serialized().utf8.dropLast())
    line += ", \"views\": ".utf8
    line += StateWriter.viewsBytes(BoardScene.sections(of: board))
    line += "}".utf8
    report.emit(bytes: line)
  }

  /// Draws the board on a cleared window of `size`: the window's background with the columns'
  /// backdrops (each pixel painted once), the headers, the cards, the dragged card over no column.
  func drawBoard(_ board: BoardScene.Engine, in canvas: Canvas, size: Size, time: Double) -> Bool {
    let theme = theme
    // The columns' backdrop: the separator colour at 35 % over the window's background, as one
    // opaque colour.
    let backdrop = theme.background.mixed(with: theme.separator, 0.35)
    let backs = board.columns.map { column in
      let f = BoardPane.windowFrame(column.frame, board)
      let h = column.header.map { BoardPane.windowFrame($0, board) } ?? f
      return Rect(x: f.minX, y: h.minY, width: f.width, height: f.maxY - h.minY)
    }
    canvas.clear(theme.background, roundedRects: backs, radius: 12, color: backdrop, size: size)
    let scene = scenes[boardIndex ?? current]
    return boardPane.draw(
      board, in: canvas, time: time,
      item: { cell in
        scene.drawItem(cell.id, frame: cell.frame, element: cell.element, canvas: cell.canvas, theme: theme)
      },
      header: { id, frame, state in
        guard let column = board.column(id) else { return }
        let title = BoardScene.columns.first { $0.id == id }?.title ?? id
        let count = board.itemCount(of: id) ?? 0
        let limit = column.accepts.limit
        if state.contains(.moving) {
          canvas.fillRoundedRect(frame, radius: 10, color: theme.accent.withAlpha(0.25))
        }
        if state.contains(.refusing) {
          // The forbidden marker: the column is full.
          let f = BoardPane.windowFrame(column.frame, board)
          canvas.strokeRoundedRect(
            Rect(x: f.minX, y: frame.minY, width: f.width, height: f.maxY - frame.minY), radius: 12, lineWidth: 3,
            color: Color(r: 255, g: 59, b: 48))
        }
        canvas.drawText(
          title, in: Rect(x: frame.minX + 14, y: frame.minY, width: frame.width - 90, height: frame.height), size: 16,
          bold: true, color: theme.text, alignment: .left)
        let full = limit.map { count >= $0 } ?? false
        let badge = limit.map { "\(count) / \($0)" + (state.contains(.refusing) ? " full" : "") } ?? "\(count)"
        // A count changed by another client's commit fades in (the engine's content crossfade).
        let a = board.headerContentChange(of: id, at: time)
        canvas.drawText(
          badge, in: Rect(x: frame.maxX - 104, y: frame.minY, width: 90, height: frame.height), size: 13,
          bold: full, color: (full ? Color(r: 215, g: 40, b: 30) : theme.secondaryText).withAlpha(a), alignment: .right)
      },
      floating: { id, frame in
        BoardScene.drawCard(id, frame: frame, alpha: 0.9, lifted: true, canvas: canvas, theme: theme)
      })
  }
}
