// A small board on ReorderKitSDL: three columns of cards under one drag context. Drag a card
// within or between columns (press and hold), or use the keyboard (Tab, Space, the arrows: Left
// and Right cross columns); "Doing" takes at most two cards; drag a column by its header; Ctrl+Z
// undoes across columns. The caption shows what a screen reader would say.
//
//   swift run BoardSDL
import Foundation
import ReorderKit
import ReorderKitSDL

typealias Engine = Board<String, String, String>

/// The board's content: one `Board` (the engine) and one `BoardPane` (input and drawing).
final class BoardApp: HostContent {
  var board: Engine
  var pane: BoardPane<String, String, String>
  var caption = "Tab focuses a card · Space lifts · arrows move · Ctrl+Z undoes"
  let theme = Theme.standard

  init(size: Size) throws {
    let columns = [
      ("To do", ["Write the intro", "Draw the icons", "Fix the build"]), ("Doing", ["Review"]), ("Done", []),
    ]
    let height = size.height - 110
    var engineColumns: [Engine.Column] = []
    for (k, (title, cards)) in columns.enumerated() {
      var snapshot = Snapshot<String, String>()
      try snapshot.appendSection(title, items: cards)
      let x = 16 + Double(k) * 226
      let view = CollectionView(
        snapshot: snapshot,
        layout: .list(.init(width: 210, rowHeight: 52, sectionInset: EdgeInsets(top: 0, left: 8, bottom: 8, right: 8))),
        viewSize: Size(width: 210, height: height), mode: .dragDrop)
      engineColumns.append(
        Engine.Column(
          id: title, frame: Rect(x: x, y: 64, width: 210, height: height), view: view,
          accepts: BoardAcceptance(limit: title == "Doing" ? 2 : nil),
          header: Rect(x: x, y: 16, width: 210, height: 40)))
    }
    board = try Engine(columns: engineColumns, visibleSize: size)
    pane = BoardPane(frame: Rect(x: 0, y: 0, width: size.width, height: size.height - 30))
  }

  var isTrackingPointer: Bool { pane.isTrackingPointer }

  func handle(_ event: InputEvent, time: Double) { react(to: pane.handle(event, board: &board, time: time)) }

  func tick(time: Double) { react(to: board.tick(time: time)) }

  /// Saving would go here: a `.view(id, .changed(.moved(difference)))` names the cards that moved.
  func react(to events: [Engine.Event]) {
    for case .view(_, .announcement(let text)) in events { caption = text }
  }

  func draw(in canvas: Canvas, size: Size, time: Double) -> Bool {
    canvas.clear(theme.background)
    let moving = pane.draw(
      board, in: canvas, time: time,
      item: { cell in
        cell.canvas.fillRoundedRect(cell.frame, radius: 8, color: self.theme.cell.withAlpha(cell.element.alpha))
        cell.canvas.drawText(
          cell.id, in: cell.frame.insetBy(dx: 12, dy: 0), size: 14, color: self.theme.text, alignment: .left)
      },
      header: { id, frame, state in
        let color = state.contains(.refusing) ? Color(r: 255, g: 59, b: 48) : self.theme.text
        canvas.drawText(id, in: frame.insetBy(dx: 8, dy: 0), size: 16, bold: true, color: color, alignment: .left)
      },
      floating: { id, frame in
        canvas.fillRoundedRect(frame, radius: 8, color: self.theme.cell.withAlpha(0.9))
        canvas.drawText(id, in: frame.insetBy(dx: 12, dy: 0), size: 14, color: self.theme.text, alignment: .left)
      })
    canvas.drawText(
      caption, in: Rect(x: 12, y: size.height - 30, width: size.width - 24, height: 30), size: 13,
      color: theme.text, alignment: .left)
    return moving
  }
}

do {
  let host = try SDLHost(title: "Board", size: Size(width: 700, height: 480))
  host.run(try BoardApp(size: host.window.size))
} catch {
  FileHandle.standardError.write(Data("board: \(error)\n".utf8))  // no display, no font
  Window.quitSDL()
  exit(1)
}
Window.quitSDL()
