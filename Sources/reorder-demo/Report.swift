@preconcurrency import CSDL2
import ReorderTool

/// The `--report` stream: one JSON object per line on stdout, line-buffered.
struct Report {
  let isEnabled: Bool

  init(isEnabled: Bool) {
    self.isEnabled = isEnabled
    if isEnabled { CSDL2_LineBufferStdout() }
  }

  /// Prints one object as a line.
  func emit(_ object: JSONValue) {
    guard isEnabled else { return }
    CSDL2_PutLine(object.serialized())
  }
}
