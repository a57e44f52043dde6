import Foundation
import Testing

/// Replays the inputs of the tool's fuzz targets (`run`, `diff`, `json`; see Scripts/fuzz.sh and
/// docs/RELIABILITY.md) through the same harnesses: every input that once failed
/// (Fuzz/regressions/<target>/, named for what it found) and the committed seeds
/// (Fuzz/corpus/<target>/, made from the golden files and Examples/).
@Suite("tool fuzz inputs replayed")
struct ToolFuzzRegressionTests {
  static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "../../../Fuzz"
  ).standardized

  /// The files of `Fuzz/regressions/<target>/` and `Fuzz/corpus/<target>/`, as "kind/target/name".
  static func inputs(_ target: String) -> [String] {
    ["regressions", "corpus"].flatMap { kind in
      let dir = fuzz.appendingPathComponent("\(kind)/\(target)")
      return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted().map {
        "\(kind)/\(target)/\($0)"
      }
    }
  }

  static func bytes(_ path: String) -> [UInt8] {
    [UInt8](FileManager.default.contents(atPath: fuzz.appendingPathComponent(path).path) ?? Data())
  }

  @Test("the seeds are there")
  func seedsExist() {
    #expect(Self.inputs("run").count >= 80)
    #expect(Self.inputs("diff").count >= 10)
    #expect(Self.inputs("json").count >= 30)
  }

  @Test("run: played or refused with one line", arguments: inputs("run"))
  func run(_ path: String) {
    do { try ToolFuzz.run(Self.bytes(path)) } catch { Issue.record("\(path): \(error)") }
  }

  @Test("diff: stages that end at the new data, or one line", arguments: inputs("diff"))
  func diff(_ path: String) {
    do { try ToolFuzz.diff(Self.bytes(path)) } catch { Issue.record("\(path): \(error)") }
  }

  @Test("json: parsed and written back the same, or a located error", arguments: inputs("json"))
  func json(_ path: String) {
    do { try ToolFuzz.json(Self.bytes(path)) } catch { Issue.record("\(path): \(error)") }
  }
}
