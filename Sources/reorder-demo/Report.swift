import Foundation
import ReorderTool

/// The `--report` stream: one JSON object per line on stdout, each line written at once.
struct Report {
  let isEnabled: Bool

  /// Prints one object as a line.
  func emit(_ object: JSONValue) {
    guard isEnabled else { return }
    emit(line: object.serialized())
  }

  /// Prints one line already serialized.
  func emit(line: String) {
    guard isEnabled else { return }
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// Prints one line already serialized as UTF-8 (a line too long to build as a String).
  func emit(bytes: [UInt8]) {
    guard isEnabled else { return }
    FileHandle.standardOutput.write(Data(bytes + [UInt8(ascii: "\n")]))
  }
}
