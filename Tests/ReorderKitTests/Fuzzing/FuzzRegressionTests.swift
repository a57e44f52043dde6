import Foundation
import Testing

/// Replays the inputs of the engine's fuzz targets (`changes`, `orderkey`; see Scripts/fuzz.sh and
/// docs/RELIABILITY.md) through the same harnesses: every input that once failed
/// (Fuzz/regressions/<target>/, named for what it found) and the committed seeds
/// (Fuzz/corpus/<target>/).
@Suite("fuzz inputs replayed")
struct FuzzRegressionTests {
  static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "../../../Fuzz"
  ).standardized

  /// The files of `Fuzz/<kind>/<target>/`, as "kind/target/name".
  static func inputs(_ kind: String, _ target: String) -> [String] {
    let dir = fuzz.appendingPathComponent("\(kind)/\(target)")
    return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted().map {
      "\(kind)/\(target)/\($0)"
    }
  }

  static func bytes(_ path: String) -> [UInt8] {
    [UInt8](FileManager.default.contents(atPath: fuzz.appendingPathComponent(path).path) ?? Data())
  }

  @Test("the inputs are there")
  func inputsExist() {
    #expect(Self.inputs("regressions", "changes").count >= 1)
    #expect(Self.inputs("corpus", "changes").count >= 8)
    #expect(Self.inputs("corpus", "orderkey").count >= 8)
  }

  @Test(
    "changes: perform, gestures, undo and redo keep every item once, and inverses invert",
    arguments: inputs("regressions", "changes") + inputs("corpus", "changes"))
  func changes(_ path: String) {
    do {
      try ChangeFuzzMachine.run(Self.bytes(path))
    } catch {
      Issue.record("\(path): \(error)")
    }
  }

  @Test(
    "orderkey: keys stay valid, ordered and within the limit",
    arguments: inputs("regressions", "orderkey") + inputs("corpus", "orderkey"))
  func orderKey(_ path: String) {
    do {
      try OrderKeyFuzz.run(Self.bytes(path))
    } catch {
      Issue.record("\(path): \(error)")
    }
  }
}
