import Foundation
import ReorderKit
import ReorderKitSDL

/// Prints one line on stderr.
func warn(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}

let options = Options.parseCommandLine()

if options.tourDirectory != nil, ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] == nil {
  setenv("SDL_VIDEODRIVER", "offscreen", 1)
}

if options.statePath == nil {
  // Earlier versions named the database state.json: it is moved to its new name once.
  let folder = Options.stateFolder(ProcessInfo.processInfo.environment)
  do {
    if let note = try StateStore.moveOldStateFile(
      from: folder + "/" + Options.oldStateFileName, to: options.resolvedStatePath)
    {
      warn(note)
    }
  } catch {
    warn("reorder-demo: warning: cannot move the old state file in \(folder) to its new name (\(error))")
  }
}
// `--share`: a URL that is not PostgreSQL's ends the app here, before a window opens.
#if Sharing
  let boardShare = App.openShare(options)
#else
  App.refuseShare(options)
#endif
var store = StateStore(path: options.resolvedStatePath)
if let warning = store.load(reset: options.reset) { warn(warning) }

let host: SDLHost
do {
  host = try SDLHost(
    title: "ReorderKit", size: Size(width: options.size.width, height: options.size.height), vsync: options.vsync,
    fontPath: options.fontPath)
} catch {
  warn("reorder-demo: \(error)")
  exit(1)
}

let windowSize = host.window.size
func viewSize(controls: Double) -> Size {
  Size(width: windowSize.width, height: max(windowSize.height - App.barHeight - controls, 1))
}
var scenes: [any DemoScene] = [
  // --items sizes the first scene: Colors, or the Board with --scene board (a million cards in both
  // would make every start at scale build and save two million-item scenes).
  ColorsScene(count: options.scene == .board ? 50 : options.items ?? 50, viewSize: viewSize(controls: 0)),
  PhotosScene(viewSize: viewSize(controls: 0)),
  StudentsScene(viewSize: viewSize(controls: 48)),
  LessonsScene(viewSize: viewSize(controls: 0)),
  BoardScene(cards: options.scene == .board ? options.items : nil, viewSize: viewSize(controls: 0)),
]
if let warning = store.finishLoading() { warn(warning) }
for i in scenes.indices {
  do {
    try store.restore(&scenes[i])
  } catch {
    warn(
      "reorder-demo: warning: the saved \(scenes[i].name) arrangement in \(store.path) does not fit (\(error)); using the built-in data"
    )
  }
}
store.adopt(scenes)
#if Sharing
  if let boardShare, let i = scenes.firstIndex(where: { $0 is BoardScene }) {
    // The shared board, as the server has it (or as this client last saw it, offline).
    let snapshot = App.startShare(boardShare, cards: options.items)
    scenes[i].view = scenes[i].makeView(snapshot, viewSize: scenes[i].view.viewSize)
  }
#endif

let app = App(
  options: options, host: host, scenes: scenes,
  current: Options.Scene.allCases.firstIndex(of: options.scene) ?? 0, store: store)
#if Sharing
  if let boardShare { app.share = ShareSession(link: boardShare) }
#endif
// The app owns the scenes now: a second reference would make the first drop copy a million items.
scenes.removeAll()
if let directory = options.tourDirectory {
  do {
    try Tour(app: app, directory: directory, scenes: options.tourScenes.map(\.rawValue)).run()
  } catch {
    warn("reorder-demo: tour failed: \(error)")
    exit(1)
  }
} else {
  host.run(app)
}
app.closeShare()
app.store.finish()
if options.stats { warn(app.statsSummary()) }
Window.quitSDL()
exit(0)
