import Foundation

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
            scene: scene.storageKey, snapshot: scene.view.snapshot, state: Self.extras(of: scene),
            // A changed line for the scenes with unsaved changes; the others are only written again.
            report: reporting && request.scenes.contains(scene.storageKey) ? Self.changedReport(of: scene) : nil)
        })
    }
    return writer.takeNotices()
  }
}
