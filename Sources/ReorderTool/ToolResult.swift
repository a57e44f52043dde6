/// What a command of the headless tool produced: its standard output, its
/// standard error and its exit status (0 success, 2 bad input).
///
/// ```swift
/// let result = RunTool.run(scenario: bytes, name: "scenario.json")
/// if result.exitCode != 0 { print(result.stderr) }
/// ```
package struct ToolResult: Hashable, Sendable {
  /// Standard output.
  package var stdout: String
  /// Standard error: one line naming the problem when the input is bad.
  package var stderr: String
  /// The exit status: 0 on success, 2 for bad input.
  package var exitCode: Int32

  /// Creates a result.
  package init(stdout: String = "", stderr: String = "", exitCode: Int32 = 0) {
    self.stdout = stdout
    self.stderr = stderr
    self.exitCode = exitCode
  }

  /// A failed result for bad input: exit status 2 and one line on standard error.
  package static func inputError(_ message: String) -> ToolResult {
    ToolResult(stderr: "error: " + message.split(separator: "\n").joined(separator: " ") + "\n", exitCode: 2)
  }
}
