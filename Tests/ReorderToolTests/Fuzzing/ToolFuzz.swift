import ReorderTool

/// The fuzz harnesses of the headless tool, one per target (Fuzz/Targets/run.swift, diff.swift,
/// json.swift): each takes the fuzzer's bytes and throws ``FuzzFailure`` when the tool breaks a
/// promise. `ToolFuzzRegressionTests` replays the committed seeds and the inputs that once failed.
enum ToolFuzz {
  /// `reorder run`: any document is played through the engine (exit 0) or refused with one line
  /// on standard error (exit 2); nothing traps. A played scenario's output is valid JSON.
  static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
    let result = RunTool.run(scenario: bytes, name: "fuzz.json")
    switch result.exitCode {
    case 0:
      if !result.stderr.isEmpty { throw FuzzFailure("exit 0 with standard error: \(result.stderr)") }
      if (try? JSONValue.parse(Array(result.stdout.utf8))) == nil {
        throw FuzzFailure("the output is not JSON: \(result.stdout)")
      }
    case 2:
      if !result.stdout.isEmpty { throw FuzzFailure("a refused scenario wrote output: \(result.stdout)") }
      let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
      if lines.count != 2 || !lines[1].isEmpty || !result.stderr.hasPrefix("error: ") {
        throw FuzzFailure("the error is not one line: \(result.stderr)")
      }
    default:
      throw FuzzFailure("exit status \(result.exitCode)")
    }
  }

  /// `reorder diff`: the input is two documents split at the first NUL byte (or the whole input
  /// twice when there is none); a second NUL byte after the new document asks for
  /// `--duplicates pair`. The tool answers stages (exit 0) or refuses with one line (exit 2);
  /// the stages end at the new document's sections.
  static func diff(_ bytes: [UInt8]) throws(FuzzFailure) {
    let old: [UInt8]
    var new: [UInt8]
    if let nul = bytes.firstIndex(of: 0) {
      old = Array(bytes[..<nul])
      new = Array(bytes[(nul + 1)...])
    } else {
      old = bytes
      new = bytes
    }
    // A second NUL byte asks for `--duplicates pair`.
    let pairs = new.contains(0)
    if let nul = new.firstIndex(of: 0) { new = Array(new[..<nul]) }
    let result = DiffTool.run(old: old, new: new, oldName: "old.json", newName: "new.json", pairsDuplicates: pairs)
    switch result.exitCode {
    case 0:
      guard let output = try? JSONValue.parse(Array(result.stdout.utf8)), let stages = output["stages"]?.array else {
        throw FuzzFailure("the output is not a stages document: \(result.stdout)")
      }
      guard let oldSections = (try? JSONValue.parse(old))?["sections"],
        let newSections = (try? JSONValue.parse(new))?["sections"]
      else { throw FuzzFailure("a document the tool accepted does not parse") }
      let end = stages.last?["sections"] ?? oldSections
      if identifiers(end) != identifiers(newSections) {
        throw FuzzFailure("the stages do not end at new.json's sections: \(result.stdout)")
      }
    case 2:
      if !result.stderr.hasPrefix("error: ") || result.stderr.dropLast().contains("\n") {
        throw FuzzFailure("the error is not one line: \(result.stderr)")
      }
    default:
      throw FuzzFailure("exit status \(result.exitCode)")
    }
  }

  /// The JSON parser: any bytes either parse or throw a located error (no trap, no endless loop),
  /// and what parses survives the writer: writing it and parsing that gives the same value again.
  static func json(_ bytes: [UInt8]) throws(FuzzFailure) {
    let value: JSONValue
    do {
      value = try JSONValue.parse(bytes)
    } catch {
      if error.line < 1 || error.column < 1 { throw FuzzFailure("the error has no place: \(error)") }
      return
    }
    let text = value.serialized()
    let again: JSONValue
    do {
      again = try JSONValue.parse(Array(text.utf8))
    } catch {
      throw FuzzFailure("the writer's output does not parse (\(error)): \(text)")
    }
    if again != value { throw FuzzFailure("the round trip changed the value: \(text)") }
    if again.serialized() != text { throw FuzzFailure("writing is not stable: \(text)") }
  }
}

/// The sections' identifiers and their items' identifiers (an item given as an object, its `id`).
private func identifiers(_ sections: JSONValue) -> [[JSONValue]] {
  (sections.array ?? []).map { section in
    [section["id"] ?? .null] + (section["items"]?.array ?? []).map { $0["id"] ?? $0 }
  }
}

/// A broken promise found by a fuzz harness: the fuzz target traps with it (libFuzzer keeps the
/// input), the regression tests report it.
struct FuzzFailure: Error, CustomStringConvertible {
  var message: String
  init(_ message: String) { self.message = message }
  var description: String { message }
}
