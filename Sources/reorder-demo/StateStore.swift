import Foundation
import GRDB
import ReorderKit
import ReorderTool

/// The app's saved state: every scene's arrangement in a SQLite database (``StateDatabase``), one row
/// per item, written off the frame path.
///
/// On the main thread: ``load(reset:)`` at start (it opens the file, imports the JSON file of the
/// previous version once, sets a corrupt or foreign file aside, and starts reading the rows),
/// ``finishLoading()``, ``restore(_:)`` and ``adopt(_:)``
/// for each scene, and ``record(_:moved:toggled:reporting:)`` after each committed change. A background
/// queue writes each change as one transaction, in order, and prints its `changed` line only after the
/// commit, so a reported change is never lost and neither the write nor the line stalls a frame.
///
/// ```swift
/// var store = StateStore(path: "/tmp/state.db")
/// if let warning = store.load(reset: false) { print(warning) }
/// if let warning = store.finishLoading() { print(warning) }
/// try store.restore(&scene)
/// store.adopt([scene])
/// store.record(scene, moved: ["c1"], toggled: [], reporting: true)   // after a drop; returns at once
/// ```
struct StateStore {
  let path: String
  private var saved: [String: StateDatabase.SavedScene] = [:]
  /// Scenes whose saved rows match what the app shows (loaded, or written this session).
  private var synced: Set<String> = []
  /// The extras last saved per scene (Students' sort), to tell a re-sort from a move.
  private var savedState: [String: JSONObject] = [:]
  private(set) var writer = StateWriter(database: nil, path: "")
  private var reading: SceneReading?
  /// Scenes restored from a cut-short chunked write, with the base their rows complete: ``adopt(_:)``
  /// writes the rest.
  private var resuming: [String: SavedArrangement] = [:]

  init(path: String) { self.path = path }

  /// Opens the state file (reading the saved scenes unless `reset`). Returns a warning to print, or
  /// `nil`. A file that is not our database is renamed aside (`PATH.corrupt-N`) and named in the
  /// warning; a JSON state file of the previous version is imported once (and kept as `PATH.v1-1.json`).
  mutating func load(reset: Bool) -> String? {
    var warning: String?
    let database: StateDatabase
    do {
      (database, warning) = try Self.open(path)
    } catch {
      return "reorder-demo: warning: cannot open the state file \(path) (\(error)); this session is not saved"
    }
    writer = StateWriter(database: database, path: path)
    // The rows are read on another thread while the window opens and the scenes are built.
    if !reset { reading = SceneReading(database) }
    return warning
  }

  /// Waits for the saved scenes ``load(reset:)`` started reading. Returns a warning to print, or
  /// `nil`; a damaged database (its header is fine, its pages are not) is set aside too.
  mutating func finishLoading() -> String? {
    guard let reading else { return nil }
    self.reading = nil
    switch reading.wait() {
    case .success(let scenes):
      saved = scenes
      return nil
    case .failure(let error):
      do {
        let aside = try Self.setAside(path, reason: "\(error)")
        writer = StateWriter(database: try StateDatabase(path: path), path: path)
        return aside
      } catch {
        writer = StateWriter(database: nil, path: path)
        return "reorder-demo: warning: cannot open the state file \(path) (\(error)); this session is not saved"
      }
    }
  }

  /// Restores a scene's saved arrangement, when there is one that holds exactly the scene's items.
  /// - Throws: when the saved arrangement does not fit (it is then replaced by ``adopt(_:)``).
  mutating func restore(_ scene: inout any DemoScene) throws {
    if reading != nil, let warning = finishLoading() { warn(warning) }
    let name = scene.storageKey
    guard let saved = saved.removeValue(forKey: name) else { return }
    if let pending = saved.pending {
      // The scene's first rows were cut short (a kill while they were written): the rows on disk,
      // completed from the scene's own items; the rest is written by adopt.
      guard saved.state.members.isEmpty else { throw StateDatabase.Unusable(description: "an unfinished write") }
      let base = Self.arrangement(of: scene)
      let snapshot = try StateDatabase.completed(pending, base: base)
      scene.view = scene.makeView(snapshot, viewSize: scene.view.viewSize)
      resuming[name] = base
      synced.insert(name)
      savedState[name] = saved.state
      return
    }
    try SnapshotJSON.check(saved.snapshot, matches: scene.view.snapshot)
    if saved.state.members.isEmpty {
      scene.view = scene.makeView(saved.snapshot, viewSize: scene.view.viewSize)
    } else {
      // Scenes with extras (Students' sort) restore through their own JSON state (a few dozen items).
      var state = saved.state
      state["sections"] = SnapshotJSON.value(of: saved.snapshot)
      try scene.restore(.object(state), viewSize: scene.view.viewSize, time: 0)
    }
    synced.insert(name)
    savedState[name] = saved.state
  }

  /// Saves, in the background, every scene that has no rows yet (a first start, `--reset`, a saved
  /// arrangement that did not fit), so that later moves write one row each.
  mutating func adopt(_ scenes: [any DemoScene]) {
    saved.removeAll()  // saved scenes the app does not show (another --items) need not stay in memory
    for (name, base) in resuming {
      writer.enqueue(.initialRows(base, state: JSONObject(), resume: true), scene: name, report: nil)
    }
    resuming.removeAll()
    for scene in scenes where !synced.contains(scene.storageKey) {
      let state = Self.extras(of: scene)
      let arrangement = Self.arrangement(of: scene)
      let count = arrangement.sections.reduce(0) { $0 + $1.items.count }
      // A big plain scene is written in chunks, so that a move meanwhile waits for one chunk.
      let operation: StateWriter.Operation =
        arrangement.groups.isEmpty && state.members.isEmpty && count >= InitialRows.threshold
        ? .initialRows(arrangement, state: state, resume: false) : .replace(arrangement, state: state)
      writer.enqueue(operation, scene: scene.storageKey, report: nil)
      synced.insert(scene.storageKey)
      savedState[scene.storageKey] = state
    }
  }

  /// Records a committed change of a scene: the moved items (their rows), the folders opened or
  /// closed, or (with neither) the whole arrangement (a re-sort). Returns at once; the `changed` line
  /// is printed after the commit.
  mutating func record(_ scene: any DemoScene, moved: [String], toggled: [String], reporting: Bool) {
    let snapshot = scene.view.snapshot
    record(
      scene, moves: Self.moves(of: moved, in: snapshot),
      expanded: toggled.map { (group: $0, isExpanded: snapshot.isExpanded($0)) }, reporting: reporting)
  }

  /// Records a committed change of a scene as the rows it moves (each placed before an item, or at
  /// its container's end) and the folders it opens or closes; with neither, the whole arrangement.
  mutating func record(
    _ scene: any DemoScene, moves: [SavedMove], expanded: [(group: String, isExpanded: Bool)], reporting: Bool
  ) {
    let name = scene.storageKey
    let report = reporting ? Self.changedReport(of: scene) : nil
    let state = Self.extras(of: scene)
    if !synced.contains(name) || state != savedState[name] || (moves.isEmpty && expanded.isEmpty) {
      writer.enqueue(.replace(Self.arrangement(of: scene), state: state), scene: name, report: report)
    } else {
      writer.enqueue(
        .change(moves: moves, expanded: expanded, Self.arrangement(of: scene), state: state), scene: name,
        report: report)
    }
    synced.insert(name)
    savedState[name] = state
  }

  /// Records a new order of a scene's sections (a board's columns moved): one row. Returns at once;
  /// the `changed` line is printed after the commit.
  mutating func recordSectionOrder(_ scene: any DemoScene, reporting: Bool) {
    let name = scene.storageKey
    let report = reporting ? Self.changedReport(of: scene) : nil
    let state = Self.extras(of: scene)
    if synced.contains(name) {
      writer.enqueue(.sectionOrder(Self.arrangement(of: scene), state: state), scene: name, report: report)
    } else {
      writer.enqueue(.replace(Self.arrangement(of: scene), state: state), scene: name, report: report)
    }
    synced.insert(name)
    savedState[name] = state
  }

  /// Waits for every queued write (at exit) and its `changed` line.
  func finish() {
    writer.waitUntilIdle()
  }

  /// The `changed` line of a scene as it is now. Colors: plain items named "cN", which need no escaping.
  static func changedReport(of scene: any DemoScene) -> StateWriter.ChangedReport {
    StateWriter.ChangedReport(
      scene: scene.name, snapshot: arrangement(of: scene), plain: scene is ColorsScene, views: scene is BoardScene)
  }

  /// What the writer keeps of a scene while it writes (not its snapshot: see ``SavedArrangement``).
  /// A board's is its columns as the app last gave them (``BoardScene/savedColumns``), not its
  /// view's.
  static func arrangement(of scene: any DemoScene) -> SavedArrangement {
    if let board = scene as? BoardScene, let columns = board.savedColumns { return SavedArrangement(sections: columns) }
    return SavedArrangement(scene.view.snapshot, plain: scene is ColorsScene)
  }

  /// The scene's extras saved beside its arrangement (Students' sort); empty for the others.
  static func extras(of scene: any DemoScene) -> JSONObject {
    guard let students = scene as? StudentsScene else { return JSONObject() }
    return ["sort": .string(students.sort.rawValue)]
  }
}

/// The saved scenes, read on a background thread.
final class SceneReading: @unchecked Sendable {
  private let done = DispatchGroup()
  private var result: Result<[String: StateDatabase.SavedScene], Error>?

  init(_ database: StateDatabase) {
    done.enter()
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      result = Result { try database.readScenes() }
      done.leave()
    }
  }

  /// Blocks until the rows are read.
  func wait() -> Result<[String: StateDatabase.SavedScene], Error> {
    done.wait()
    return result!
  }
}
