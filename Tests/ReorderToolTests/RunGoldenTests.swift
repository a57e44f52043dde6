import Foundation
import ReorderKit
import Testing

@testable import ReorderTool

/// Golden tests of `reorder run`: every `X.json` under `Golden/run/` has either `X.expected`
/// (standard output, compared exactly) or `X.stderr` (the one line of a bad input, exit 2).
@Suite("reorder run golden files")
struct RunGoldenTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/run")

  static var cases: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
      .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }

  static func file(_ name: String) -> String? {
    FileManager.default.contents(atPath: root.appendingPathComponent(name).path).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  @Test("the golden cases are there")
  func casesExist() {
    #expect(Self.cases.filter { !$0.hasPrefix("bad-") }.count >= 15)
    #expect(Self.cases.filter { $0.hasPrefix("bad-") }.count >= 20)
  }

  @Test("output matches the golden file", arguments: cases)
  func golden(_ name: String) throws {
    let scenario = try #require(Self.file(name + ".json"))
    let result = RunTool.run(scenario: Array(scenario.utf8), name: name + ".json")
    if let expected = Self.file(name + ".expected") {
      #expect(result.stderr == "")
      #expect(result.exitCode == 0)
      #expect(result.stdout == expected)
      // The output parses back to a valid snapshot with the same items as the input.
      let output = try JSONValue.parse(Array(result.stdout.utf8))
      let input = try JSONValue.parse(Array(scenario.utf8))
      let isList = input["layout"]?["type"]?.string == "list"
      let after = try SnapshotJSON.decode(try #require(output["sections"]), path: "sections", allowGroups: isList)
      // New data from the last `apply` event, if any, replaces the input's (both may carry content).
      let applied = input["events"]?.array?.last { $0["type"]?.string == "apply" }?["sections"]
      let sections = try #require(applied ?? input["sections"])
      let before = try SnapshotJSON.decodeWithContent(sections, path: "sections", allowGroups: isList).snapshot
      let copies = output["copies"]?.array?.count ?? 0
      #expect(after.totalItemCount == before.totalItemCount + copies)
    } else {
      let expected = try #require(Self.file(name + ".stderr"), "\(name) has neither .expected nor .stderr")
      #expect(result.exitCode == 2)
      #expect(result.stdout == "")
      #expect(result.stderr == expected)
      #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }
  }
}

/// The built `reorder` executable, run as a process: exit statuses and streams.
@Suite("reorder as a process")
struct ReorderProcessTests {
  static var executable: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("reorder")
  }

  func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: executable.path)))
  func exitStatuses() throws {
    let good = RunGoldenTests.root.appendingPathComponent("contract-example.json").path
    let ok = try run(["run", good])
    #expect(ok.status == 0 && ok.stderr.isEmpty)
    #expect(ok.stdout.hasPrefix(#"{"sections": [{"id": "S0", "items": ["b", "a", "c", "d"]}]"#))
    let missing = try run(["run", "/nonexistent/scenario.json"])
    #expect(missing.status == 2 && missing.stdout.isEmpty)
    #expect(missing.stderr == "error: /nonexistent/scenario.json does not exist\n")
    let malformed = try run(["run", RunGoldenTests.root.appendingPathComponent("bad-malformed.json").path])
    #expect(malformed.status == 2 && malformed.stderr.filter { $0 == "\n" }.count == 1)
    let usage = try run(["run"])
    #expect(usage.status == 2 && usage.stderr.hasPrefix("error: "))
  }
}
