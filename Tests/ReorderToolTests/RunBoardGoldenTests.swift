import Foundation
import ReorderKit
import Testing

@testable import ReorderTool

/// Golden tests of `reorder run` on boards (version 3): every `X.json` under `Golden/run-board/`
/// has either `X.expected` (standard output, compared exactly) or `X.stderr` (exit 2, one line).
@Suite("reorder run golden files, boards")
struct RunBoardGoldenTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Golden/run-board")

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
    #expect(Self.cases.filter { !$0.hasPrefix("bad-") }.count >= 12)
    #expect(Self.cases.filter { $0.hasPrefix("bad-") }.count >= 8)
  }

  @Test("output matches the golden file", arguments: cases)
  func golden(_ name: String) throws {
    let scenario = try #require(Self.file(name + ".json"))
    let result = RunTool.run(scenario: Array(scenario.utf8), name: name + ".json")
    if let expected = Self.file(name + ".expected") {
      #expect(result.stderr == "")
      #expect(result.exitCode == 0)
      #expect(result.stdout == expected)
      // Every item is in exactly one view, and the moves replay the input to the output.
      let output = try JSONValue.parse(Array(result.stdout.utf8))
      let input = try JSONValue.parse(Array(scenario.utf8))
      var views: [String: [String]] = [:]
      for view in try #require(input["views"]?.array) {
        let items = view["sections"]?.array?.first?["items"]?.array?.compactMap(\.string) ?? []
        views[try #require(view["id"]?.string)] = items
      }
      let hasApply = input["events"]?.array?.contains { $0["type"]?.string == "apply" } ?? false
      if !hasApply {
        for move in output["moves"]?.array ?? [] {
          let item = try #require(move["item"]?.string)
          let from = try #require(move["from"])
          let to = try #require(move["to"])
          let a = try #require(from["view"]?.string)
          let b = try #require(to["view"]?.string)
          let i = try #require(from["index"]?.number)
          let j = try #require(to["index"]?.number)
          #expect(views[a]?[Int(i)] == item)
          views[a]?.remove(at: Int(i))
          views[b]?.insert(item, at: Int(j))
        }
      }
      var seen: Set<String> = []
      for view in try #require(output["views"]?.array) {
        let items = view["sections"]?.array?.first?["items"]?.array?.compactMap(\.string) ?? []
        for id in items { #expect(seen.insert(id).inserted, "\(id) is in two views") }
        if !hasApply { #expect(views[try #require(view["id"]?.string)] == items) }
      }
    } else {
      let expected = try #require(Self.file(name + ".stderr"), "\(name) has neither .expected nor .stderr")
      #expect(result.exitCode == 2)
      #expect(result.stdout == "")
      #expect(result.stderr == expected)
      #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }
  }
}
