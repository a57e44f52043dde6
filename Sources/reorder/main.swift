import ArgumentParser
import Foundation
import ReorderTool

/// The headless ReorderKit tool.
struct Reorder: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reorder",
    abstract: "Runs ReorderKit's engine headless: reorder scenarios and sectioned diffs.",
    subcommands: [Run.self, Diff.self])
}

/// Reads a whole file, or exits 2 with one clear line.
func readInput(_ path: String) -> [UInt8] {
  guard let data = FileManager.default.contents(atPath: path) else {
    let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist"
    emit(.inputError("\(path) \(reason)"))
  }
  return [UInt8](data)
}

/// Prints a tool result and exits with its status.
func emit(_ result: ToolResult) -> Never {
  FileHandle.standardOutput.write(Data(result.stdout.utf8))
  FileHandle.standardError.write(Data(result.stderr.utf8))
  exit(result.exitCode)
}

struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Plays a scenario's pointer events through the engine and prints the final sections and the committed moves.")

  @Argument(help: "The scenario file (JSON).")
  var scenario: String

  func run() throws {
    emit(RunTool.run(scenario: readInput(scenario), name: scenario))
  }
}

// Usage errors exit 2, like every other bad input; help exits 0.
do {
  var command = try Reorder.parseAsRoot()
  try command.run()
} catch {
  let code = Reorder.exitCode(for: error)
  if code == .success {
    print(Reorder.fullMessage(for: error))
    exit(0)
  }
  var message = Reorder.fullMessage(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
  if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  exit(2)
}
