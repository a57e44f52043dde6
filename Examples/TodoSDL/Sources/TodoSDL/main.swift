// A to-do list on ReorderKitSDL: add chores (type, then Enter), tick them off (a click, or Space
// on the focused one), reorder them by press-and-hold and drag (or Enter and the arrows). The list
// is kept in a text file, a Markdown task list, so it survives restarts.
//
//   swift run TodoSDL [FILE]   (default: todo.txt)
import Foundation
import ReorderKit
import ReorderKitSDL

let file = CommandLine.arguments.dropFirst().first ?? "todo.txt"
let size = Size(width: 360, height: 680)
do {
  let host = try SDLHost(title: "To do", size: size)
  let app = try TodoApp(list: ChoreList(file: file), file: file, size: host.window.size)
  host.run(app)
} catch {
  FileHandle.standardError.write(Data("todo: \(error)\n".utf8))  // no display, no font
  Window.quitSDL()
  exit(1)
}
Window.quitSDL()
