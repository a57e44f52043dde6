import Foundation
import ReorderTool

#if canImport(Glibc)
  import Glibc
#endif

/// The saved arrangement of every scene, in one JSON file:
/// `{"version": 1, "scenes": {"colors": {...}, "students": {...}}}`.
///
/// Saving is atomic: the new file is written beside the old one, flushed to
/// disk, then renamed over it, so a crash while saving leaves the previous
/// arrangement intact. A missing file is a first start; a truncated or
/// corrupt one starts from the built-in data with a one-line warning.
struct StateStore {
  let path: String
  private(set) var scenes = JSONObject()

  struct LoadError: Error, CustomStringConvertible { var description: String }

  init(path: String) { self.path = path }

  /// Reads the file. Returns a warning to print, or `nil` when the file was read or did not exist.
  mutating func load() -> String? {
    guard let data = FileManager.default.contents(atPath: path) else {
      if FileManager.default.fileExists(atPath: path) {
        return "reorder-demo: warning: cannot read the state file \(path); starting from the built-in data"
      }
      return nil
    }
    do {
      let root = try JSONValue.parse(Array(data))
      guard root["version"] == 1, let scenes = root["scenes"]?.object else {
        throw LoadError(description: "not a reorder-demo state file (version 1)")
      }
      self.scenes = scenes
      return nil
    } catch {
      let reason =
        (error as? LoadError)?.description ?? (error as? JSONParseError).map { "malformed JSON: \($0)" } ?? "\(error)"
      return "reorder-demo: warning: the state file \(path) is corrupt (\(reason)); starting from the built-in data"
    }
  }

  /// The saved state of one scene.
  func state(forScene key: String) -> JSONValue? { scenes[key] }

  /// Records one scene's state and writes the file atomically.
  mutating func save(_ state: JSONValue, forScene key: String) throws {
    scenes[key] = state
    let root = JSONValue.object(["version": 1, "scenes": .object(scenes)])
    try Self.writeAtomically(Data((root.serialized() + "\n").utf8), to: path)
  }

  /// Writes to `path.tmp-PID`, fsyncs it, renames it over `path`, and fsyncs the folder.
  static func writeAtomically(_ data: Data, to path: String) throws {
    let directory = (path as NSString).deletingLastPathComponent
    if !directory.isEmpty {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    let temporary = "\(path).tmp-\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else {
      throw LoadError(description: "cannot create \(temporary): \(String(cString: strerror(errno)))")
    }
    var ok = data.withUnsafeBytes { buffer -> Bool in
      var offset = 0
      while offset < buffer.count {
        let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if n <= 0 { return false }
        offset += n
      }
      return true
    }
    ok = ok && fsync(fd) == 0
    close(fd)
    guard ok, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw LoadError(description: "cannot save \(path): \(reason)")
    }
    let dfd = open(directory.isEmpty ? "." : directory, O_RDONLY)
    if dfd >= 0 {
      fsync(dfd)
      close(dfd)
    }
  }
}
