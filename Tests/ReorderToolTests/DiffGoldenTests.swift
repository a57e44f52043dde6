import Foundation
import ReorderKit
import Testing

@testable import ReorderTool

/// Golden tests of `reorder diff`: each folder under `Golden/diff/` holds
/// `old.json` and `new.json`, and either `expected.json` (standard output,
/// compared exactly) or `expected.stderr` (the one line of a bad input, exit 2);
/// an optional `arguments` file holds the command's options (`--duplicates pair`,
/// `--updates reconfigure`).
@Suite("reorder diff golden files")
struct DiffGoldenTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/diff")

  static var cases: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
  }

  static func file(_ name: String, _ file: String) -> Data? {
    FileManager.default.contents(atPath: root.appendingPathComponent(name).appendingPathComponent(file).path)
  }

  @Test("the golden cases are there")
  func casesExist() {
    #expect(Self.cases.count >= 10)
  }

  @Test("output matches the golden file", arguments: cases)
  func golden(_ name: String) throws {
    let old = try #require(Self.file(name, "old.json"))
    let new = try #require(Self.file(name, "new.json"))
    let arguments = Self.file(name, "arguments").map { String(decoding: $0, as: UTF8.self) } ?? ""
    let options = arguments.split(whereSeparator: \.isWhitespace).map(String.init)
    let pairs = options.firstIndex(of: "--duplicates").map { options[$0 + 1] == "pair" } ?? false
    let reconfigures = options.firstIndex(of: "--updates").map { options[$0 + 1] == "reconfigure" } ?? false
    let known: Set<String> = ["--duplicates", "pair", "refuse", "--updates", "reloadItems", "reconfigure"]
    #expect(options.allSatisfy(known.contains))
    let result = DiffTool.run(
      old: old, new: new, oldName: "old.json", newName: "new.json", pairsDuplicates: pairs,
      itemUpdates: reconfigures ? .reconfigure : .reload)
    if let expected = Self.file(name, "expected.json") {
      #expect(result.exitCode == 0)
      #expect(result.stderr == "")
      #expect(result.stdout == String(decoding: expected, as: UTF8.self))
      try checkStages(result.stdout, old: old, new: new)
    } else {
      let expected = try #require(Self.file(name, "expected.stderr"))
      #expect(result.exitCode == 2)
      #expect(result.stdout == "")
      #expect(result.stderr == String(decoding: expected, as: UTF8.self))
      #expect(result.stderr.split(separator: "\n").count == 1)
    }
  }

  /// Every stage of the output passes the validator, and the last one's sections equal new.
  func checkStages(_ stdout: String, old: Data, new: Data) throws {
    let output = try JSONValue.parse(Array(stdout.utf8))
    let stages = try #require(output["stages"]?.array)
    func counts(_ sections: JSONValue?) -> [Int] { sections?.array?.map { $0["items"]?.array?.count ?? -1 } ?? [] }
    func ints(_ v: JSONValue?) -> [Int] { v?.array?.compactMap { $0.number.map { Int($0) } } ?? [] }
    func path(_ v: JSONValue?) -> ItemPath {
      let p = ints(v)
      return ItemPath(item: p[1], section: p[0])
    }
    var before = counts(try JSONValue.parse([UInt8](old))["sections"])
    for (t, stage) in stages.enumerated() {
      let batch = BatchUpdate(
        deleteSections: ints(stage["deleteSections"]), insertSections: ints(stage["insertSections"]),
        moveSections: stage["moveSections"]?.array?.map { SectionMove(from: ints($0)[0], to: ints($0)[1]) } ?? [],
        deleteItems: stage["deleteItems"]?.array?.map(path) ?? [],
        insertItems: stage["insertItems"]?.array?.map(path) ?? [],
        moveItems: stage["moveItems"]?.array?.map { ItemMove(from: path($0[0]), to: path($0[1])) } ?? [],
        reloadItems: stage["reloadItems"]?.array?.map(path) ?? [], reloadSections: ints(stage["reloadSections"]),
        reconfigureItems: stage["reconfigureItems"]?.array?.map(path) ?? [])
      let after = counts(stage["sections"])
      #expect(batch.violations(countsBefore: before, countsAfter: after).isEmpty, "stage \(t)")
      before = after
    }
    if let last = stages.last {
      #expect(normalized(last["sections"]) == normalized(try JSONValue.parse([UInt8](new))["sections"]))
    }
  }

  /// Sections with `{"id": x, "content": null}` written as `x`, as the tool writes them.
  func normalized(_ sections: JSONValue?) -> [[JSONValue]] {
    sections?.array?.map { section in
      [section["id"] ?? .null] + [section["content"]].compactMap { $0 == .null ? nil : $0 }
        + (section["items"]?.array ?? []).map { item in item["content"] == .null ? (item["id"] ?? item) : item }
    } ?? []
  }

  @Test("a changed item keeps its old content until the stage that reloads it")
  func contentFollowsReloads() throws {
    let old = Data(#"{"sections": [{"id": "S", "items": [{"id": "a", "content": 1}, "b", "c"]}]}"#.utf8)
    let new = Data(#"{"sections": [{"id": "S", "items": ["b", "c", {"id": "a", "content": 2}]}]}"#.utf8)
    let result = DiffTool.run(old: old, new: new, oldName: "old.json", newName: "new.json")
    let stages = try #require(try JSONValue.parse(Array(result.stdout.utf8))["stages"]?.array)
    #expect(stages.count == 2)
    #expect(stages[0]["sections"]?[0]?["items"]?[2]?["content"] == .number(1))
    #expect(stages[1]["sections"]?[0]?["items"]?[2]?["content"] == .number(2))
  }

  @Test("--duplicates pair on unique data: the default's stages, then empty repeats (every golden case)")
  func pairOnUniqueData() throws {
    for name in Self.cases where Self.file(name, "expected.json") != nil && Self.file(name, "arguments") == nil {
      let old = try #require(Self.file(name, "old.json"))
      let new = try #require(Self.file(name, "new.json"))
      let plain = DiffTool.run(old: old, new: new, oldName: "old.json", newName: "new.json")
      let paired = DiffTool.run(old: old, new: new, oldName: "old.json", newName: "new.json", pairsDuplicates: true)
      let empty = ",\n\"repeated\": {\"sections\": [], \"items\": []}}\n"
      #expect(paired.stdout == plain.stdout.dropLast(2) + empty, "\(name)")
    }
  }

  @Test("--duplicates pair: the refused duplicate cases diff, every stage valid, repeats reported")
  func pairOnRefusedCases() throws {
    let item: (Data, Data) = (
      Data(#"{"sections": [{"id": "A", "items": ["a", "b"]}, {"id": "B", "items": ["c", "a"]}]}"#.utf8),
      Data(#"{"sections": [{"id": "A", "items": ["b", "a"]}, {"id": "B", "items": ["a", "c"]}]}"#.utf8)
    )
    let section: (Data, Data) = (
      try #require(Self.file("bad-duplicate-section", "old.json")),
      try #require(Self.file("bad-duplicate-section", "new.json"))
    )
    for (name, (old, new)) in [("item", item), ("section", section)] {
      #expect(DiffTool.run(old: old, new: new, oldName: "old.json", newName: "new.json").exitCode == 2)
      let result = DiffTool.run(old: old, new: new, oldName: "old.json", newName: "new.json", pairsDuplicates: true)
      #expect(result.exitCode == 0 && result.stderr == "", "\(name): \(result.stderr)")
      try checkStages(result.stdout, old: old, new: new)
      let repeated = try JSONValue.parse(Array(result.stdout.utf8))["repeated"]
      let count = (repeated?["sections"]?.array?.count ?? 0) + (repeated?["items"]?.array?.count ?? 0)
      #expect(count > 0, "\(name)")
    }
  }

  @Test("bad input never crashes: every truncation of a valid file is an error line or a result")
  func truncations() throws {
    let new = try #require(Self.file("students-by-birthday", "new.json"))
    let old = try #require(Self.file("students-by-birthday", "old.json"))
    for end in stride(from: 0, to: new.count, by: 7) {
      let result = DiffTool.run(old: old, new: new.prefix(end), oldName: "old.json", newName: "new.json")
      #expect(
        result.exitCode == 2 && result.stderr.hasPrefix("error: new.json: ")
          && result.stderr.filter { $0 == "\n" }.count == 1)
    }
  }
}

/// `reorder diff --duplicates` as a process: the option reaches the tool, a bad value is one line and exit 2.
@Suite("reorder diff --duplicates as a process")
struct DiffDuplicatesProcessTests {
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ReorderProcessTests.executable.path)))
  func duplicatesOption() throws {
    let folder = DiffGoldenTests.root.appendingPathComponent("pair-staged")
    let (old, new) = (folder.appendingPathComponent("old.json").path, folder.appendingPathComponent("new.json").path)
    let process = ReorderProcessTests()
    let paired = try process.run(["diff", "--duplicates", "pair", old, new])
    #expect(paired.status == 0 && paired.stderr.isEmpty)
    let expected = try #require(DiffGoldenTests.file("pair-staged", "expected.json"))
    #expect(paired.stdout == String(decoding: expected, as: UTF8.self))
    for arguments in [["diff", old, new], ["diff", "--duplicates", "refuse", old, new]] {
      let refused = try process.run(arguments)
      #expect(refused.status == 2 && refused.stdout.isEmpty, "\(arguments)")
      #expect(refused.stderr.hasPrefix("error: ") && refused.stderr.filter { $0 == "\n" }.count == 1, "\(arguments)")
    }
    let bad = try process.run(["diff", "--duplicates", "maybe", old, new])
    #expect(bad.status == 2 && bad.stdout.isEmpty)
    #expect(bad.stderr.contains("'maybe'") && bad.stderr.filter { $0 == "\n" }.count == 1)
  }
}

/// `reorder diff --updates` as a process: the option reaches the tool, a bad value is one line and exit 2.
@Suite("reorder diff --updates as a process")
struct DiffUpdatesProcessTests {
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ReorderProcessTests.executable.path)))
  func updatesOption() throws {
    let folder = DiffGoldenTests.root.appendingPathComponent("content-changes")
    let (old, new) = (folder.appendingPathComponent("old.json").path, folder.appendingPathComponent("new.json").path)
    let process = ReorderProcessTests()
    let reloads = try process.run(["diff", "--updates", "reloadItems", old, new])
    let expected = try #require(DiffGoldenTests.file("content-changes", "expected.json"))
    #expect(reloads.status == 0 && reloads.stdout == String(decoding: expected, as: UTF8.self))
    let reconfigures = try process.run(["diff", "--updates", "reconfigure", old, new])
    let reconfigured = try #require(DiffGoldenTests.file("content-changes-reconfigure", "expected.json"))
    #expect(reconfigures.status == 0 && reconfigures.stdout == String(decoding: reconfigured, as: UTF8.self))
    let bad = try process.run(["diff", "--updates", "reload", old, new])
    #expect(bad.status == 2 && bad.stdout.isEmpty)
    #expect(bad.stderr.hasPrefix("error: ") && bad.stderr.contains("'reload'"))
    #expect(bad.stderr.filter { $0 == "\n" }.count == 1)
  }
}
