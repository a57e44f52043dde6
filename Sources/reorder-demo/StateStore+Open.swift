import Foundation
import GRDB
import ReorderKit
import ReorderTool

extension StateStore {
  /// Opens the database at `path`: creates it, imports a JSON state file of the previous version, or
  /// renames a file that is neither aside. Returns the database and a warning, if any.
  static func open(_ path: String) throws -> (StateDatabase, String?) {
    let directory = (path as NSString).deletingLastPathComponent
    if !directory.isEmpty {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    guard FileManager.default.fileExists(atPath: path) else {
      return (try StateDatabase(path: path), nil)
    }
    let head = FileHandle(forReadingAtPath: path).flatMap { try? $0.read(upToCount: 16) } ?? Data()
    if head.starts(with: Array("SQLite format 3".utf8)) {
      do {
        return (try StateDatabase(path: path), nil)
      } catch let error as StateDatabase.Unusable {
        let warning = try setAside(path, reason: error.description)
        return (try StateDatabase(path: path), warning)
      }
    }
    // Not a database: the JSON file of the previous version, or something else.
    let reason: String
    do {
      let scenes = try importableScenes(path)
      let kept = try freeName(path + ".v1", suffix: ".json")
      try FileManager.default.moveItem(atPath: path, toPath: kept)
      let database = try StateDatabase(path: path)
      try database.queue.write { db in
        for (name, saved) in scenes {
          try StateDatabase.replaceScene(name, snapshot: saved.snapshot, state: saved.state, in: db)
        }
      }
      return (database, nil)
    } catch let error as InputError {
      reason = error.description
    } catch let error as JSONParseError {
      reason = head.isEmpty ? "empty" : "malformed JSON: \(error)"
    }
    let warning = try setAside(path, reason: reason)
    return (try StateDatabase(path: path), warning)
  }

  /// Moves the default state file of an earlier version (`state.json` beside `path`) to `path`, once:
  /// only when `path` does not exist yet, with SQLite's `-wal` and `-shm` files. Returns a note saying
  /// so, or `nil` when there was nothing to move. (The moved file is then opened as usual: a database
  /// as it is, the JSON file of the first version imported.)
  ///
  /// ```swift
  /// StateStore.moveOldStateFile(from: "~/.local/state/reorderkit/state.json", to: "…/state.sqlite")
  /// ```
  static func moveOldStateFile(from old: String, to path: String) throws -> String? {
    let files = FileManager.default
    guard !files.fileExists(atPath: path), files.fileExists(atPath: old) else { return nil }
    // The log and the shared memory first: a database moved without its log would lose commits.
    for suffix in ["-wal", "-shm"] where files.fileExists(atPath: old + suffix) {
      if files.fileExists(atPath: path + suffix) { try files.removeItem(atPath: path + suffix) }
      try files.moveItem(atPath: old + suffix, toPath: path + suffix)
    }
    try files.moveItem(atPath: old, toPath: path)
    return "reorder-demo: moved the state file \(old) to \(path) (a SQLite database; the old name said JSON)"
  }

  /// The scenes of a JSON state file of the previous version:
  /// `{"version": 1, "scenes": {"colors": {"sections": [...]}, "students": {"sort": …, "sections": [...]}}}`.
  static func importableScenes(_ path: String) throws -> [String: StateDatabase.SavedScene] {
    guard let data = FileManager.default.contents(atPath: path) else { throw InputError("cannot read it") }
    let root = try JSONValue.parse(Array(data))
    guard root["version"] == 1, let scenes = root["scenes"]?.object else {
      throw InputError("not a reorder-demo state file")
    }
    var result: [String: StateDatabase.SavedScene] = [:]
    for (name, value) in scenes.members {
      guard var state = value.object, let sections = state["sections"] else {
        throw InputError("scene \"\(name)\" has no \"sections\"")
      }
      let snapshot = try SnapshotJSON.decode(sections, path: "scenes.\(name).sections", allowGroups: true)
      state["sections"] = nil
      result[name] = StateDatabase.SavedScene(state: state, snapshot: snapshot)
    }
    return result
  }

  /// Renames a file that cannot be used to `PATH.corrupt-N` (never overwriting anything); returns the warning.
  static func setAside(_ path: String, reason: String) throws -> String {
    let aside = try freeName(path + ".corrupt", suffix: "")
    for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
      try FileManager.default.moveItem(atPath: path + suffix, toPath: aside + suffix)
    }
    return "reorder-demo: warning: the state file \(path) is not a reorder-demo database (\(reason)); "
      + "kept it as \(aside) and started from the built-in data"
  }

  /// `base-1`, `base-2`, … : the first name that is not taken.
  static func freeName(_ base: String, suffix: String) throws -> String {
    for n in 1...10_000 where !FileManager.default.fileExists(atPath: "\(base)-\(n)\(suffix)") {
      return "\(base)-\(n)\(suffix)"
    }
    throw InputError("no free name beside \(base)")
  }
}
