// A to-do list you reorder by press-and-hold and drag; the order is kept in a small text file
// (one item a line), so it survives restarts.   swift run TodoSDL [FILE]   (default: todo.txt)
import Foundation
import ReorderKit
import ReorderKitSDL

let file = CommandLine.arguments.dropFirst().first ?? "todo.txt"
let chores = [
  "Water the plants", "Buy coffee beans", "Call the dentist", "Pay the electricity bill",
  "Return library books", "Book train tickets", "Fix the bike's brakes", "Write to grandma",
]

// The saved order, if it is a complete order of these chores; else the order above.
let saved = (try? String(contentsOfFile: file, encoding: .utf8))?.split(separator: "\n").map(String.init)
let order = saved.map(Set.init) == Set(chores) && saved?.count == chores.count ? saved! : chores

func layout(_ size: Size) -> LayoutConfiguration {
  .list(
    ListLayout.Configuration(
      width: size.width, height: size.height, rowHeight: 56, headerHeight: 64,
      sectionInset: EdgeInsets(top: 0, left: 12, bottom: 12, right: 12)))
}

var snapshot = Snapshot<String, String>()
try snapshot.appendSection("To do", items: order)
let size = Size(width: 360, height: 600)
let host = try SDLHost(title: "To do", size: size)

let list = CollectionHost(view: CollectionView(snapshot: snapshot, layout: layout(size), viewSize: size)) { cell in
  let (chore, canvas) = (cell.id, cell.canvas)
  let card = cell.frame.insetBy(dx: 0, dy: 4)
  canvas.fillRoundedRect(card, radius: 10, color: Color.white.withAlpha(cell.alpha))
  let tick = Rect(x: card.minX + 14, y: card.midY - 11, width: 22, height: 22)
  canvas.strokeRoundedRect(tick, radius: 11, lineWidth: 2, color: Color(hex: 0x007AFF).withAlpha(cell.alpha))
  canvas.drawText(
    chore, in: Rect(x: card.minX + 44, y: card.minY, width: card.width - 88, height: card.height), size: 16,
    color: Color(hex: 0x1C1C1E).withAlpha(cell.alpha), alignment: .left)
  for k in 0..<3 {  // a grip: press and hold anywhere on the row to lift it
    let y = card.midY - 6 + Double(k) * 6
    canvas.fill(Rect(x: card.maxX - 30, y: y, width: 16, height: 2), color: Color(hex: 0xC7C7CC))
  }
}
list.drawHeader = { header in
  let frame = header.frame
  header.canvas.drawText(
    header.id, in: Rect(x: frame.minX + 16, y: frame.minY + 16, width: frame.width, height: 40), size: 28, bold: true,
    color: Color(hex: 0x1C1C1E), alignment: .left)
}
list.layout = layout
// Every committed reorder: write the new order (a temporary file, then a rename).
list.onCommit = { view, _ in
  let text = view.snapshot.items(inSection: 0).joined(separator: "\n") + "\n"
  do { try text.write(toFile: file, atomically: true, encoding: .utf8) } catch { print("todo: \(error)") }
}
host.run(list)
