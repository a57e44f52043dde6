import Foundation
import ReorderKit

/// A file as the kernel knows it: the device and inode that a path names now.
struct FileIdentity: Hashable, Sendable {
  var device: UInt64
  var inode: UInt64

  /// The file at `path`, or `nil` when there is none.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}

/// A fault of the storage that SQLite does not see: the file deleted or replaced under an open database.
struct StorageFault: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

extension StateStore {
  /// Hands the writer what it asked for after a fault: the whole arrangement of each scene it names
  /// (every scene after the file was deleted or replaced). Returns the notices to show (the latest
  /// goes in the caption). Called once a frame; cheap when nothing failed.
  func poll(_ scenes: [any DemoScene], reporting: Bool) -> [StateWriter.Notice] {
    if let request = writer.takeResyncRequest() {
      let wanted = scenes.filter { request.all || request.scenes.contains($0.storageKey) }
      writer.resync(
        wanted.map { scene in
          StateWriter.Resync(
            scene: scene.storageKey, arrangement: Self.arrangement(of: scene), state: Self.extras(of: scene),
            // A changed line for the scenes with unsaved changes; the others are only written again.
            report: reporting && request.scenes.contains(scene.storageKey) ? Self.changedReport(of: scene) : nil)
        })
    }
    return writer.takeNotices()
  }
}

/// What the writer needs of a scene's arrangement: its sections and its groups, without the
/// snapshot's identity index. The background queue holds this, not the snapshot, while it writes:
/// the engine's next change then copies at most one section's item list (16 MB for a million
/// items), never the index of every item (a held snapshot made the first drag after start copy it
/// all on the main thread).
struct SavedArrangement: Sendable {
  struct Group: Sendable {
    var children: [String]
    var isExpanded: Bool
  }
  var sections: [Snapshot<String, String>.Section]
  var groups: [String: Group]

  /// The arrangement of a snapshot. `plain` promises that no item is a group (Colors): O(s) for s
  /// sections; otherwise O(n), each top-level item asked whether it is a group.
  init(_ snapshot: Snapshot<String, String>, plain: Bool = false) {
    sections = snapshot.sections
    groups = [:]
    guard !plain else { return }
    for section in sections {
      for item in section.items where snapshot.isGroup(item) {
        groups[item] = Group(children: snapshot.children(of: item), isExpanded: snapshot.isExpanded(item))
      }
    }
  }

  /// The arrangement of plain sections (no groups): O(s) for s sections, the item lists shared.
  init(sections: [Snapshot<String, String>.Section]) {
    self.sections = sections
    groups = [:]
  }

  func isGroup(_ item: String) -> Bool { groups[item] != nil }
  func children(of item: String) -> [String] { groups[item]?.children ?? [] }
  func isExpanded(_ item: String) -> Bool { groups[item]?.isExpanded ?? false }
}
