import Foundation

/// A line on standard error when `REORDERKIT_PG_DEBUG` is set (the shared board's clients, both
/// `RemoteBoard` and ReorderKitPostgres's `SharedBoard`).
package func debugLog(_ text: String) {
  if ProcessInfo.processInfo.environment["REORDERKIT_PG_DEBUG"] != nil {
    FileHandle.standardError.write(Data("[shared] \(text)\n".utf8))
  }
}
