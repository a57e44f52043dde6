import Foundation
import Testing

@testable import ReorderTool

/// Seeded mutations of the golden scenarios: extreme numbers (1e300, 1e-300, negative, zero), dropped
/// keys and elements, duplicated elements. Every run must answer (exit 0) or refuse with one line
/// (exit 2), within the time cap; a trap would end the test process.
@Suite("reorder run never crashes")
struct RunRobustnessTests {
  struct Mutator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    mutating func chance(_ p: Double) -> Bool { Double(next() % 10_000) < p * 10_000 }

    static let extremes: [Double] = [0, -1, 1e-300, 1e300, -1e300, 1e18, 0.5, 3, 1e9, 7.25]

    mutating func mutate(_ v: JSONValue) -> JSONValue {
      switch v {
      case .object(let o):
        var members: [(String, JSONValue)] = []
        for (k, value) in o.members where !chance(0.03) {
          members.append((k, chance(0.25) ? mutate(value) : value))
        }
        var result = JSONObject()
        for (k, value) in members { _ = result.append(k, value) }
        return .object(result)
      case .array(var a):
        a = a.map { chance(0.3) ? mutate($0) : $0 }
        if !a.isEmpty, chance(0.05) { a.remove(at: Int(next() % UInt64(a.count))) }
        if !a.isEmpty, chance(0.05) { a.append(a[Int(next() % UInt64(a.count))]) }
        return .array(a)
      case .number(let n):
        return chance(0.7) ? .number(Self.extremes[Int(next() % UInt64(Self.extremes.count))]) : .number(n * -100)
      default:
        return v
      }
    }
  }

  static func serialize(_ v: JSONValue) -> String {
    var w = JSONWriter()
    func write(_ v: JSONValue, _ w: inout JSONWriter) {
      switch v {
      case .null: w.null()
      case .bool(let b): w.bool(b)
      case .number(let n): w.number(n)
      case .string(let s): w.string(s)
      case .array(let a): w.array(a) { w, e in write(e, &w) }
      case .object(let o):
        w.object { w in
          for (k, value) in o.members {
            w.key(k)
            write(value, &w)
          }
        }
      }
    }
    write(v, &w)
    return w.text
  }

  @Test func mutatedScenariosAnswerOrRefuse() throws {
    let root = RunGoldenTests.root
    let names = RunGoldenTests.cases.filter { !$0.hasPrefix("bad-") && !$0.contains("-bad-") }
    var mutator = Mutator(state: 2026)
    var answered = 0
    var refused = 0
    for round in 0..<300 {
      let name = names[round % names.count]
      let data = try #require(FileManager.default.contents(atPath: root.appendingPathComponent(name + ".json").path))
      let mutated = Self.serialize(mutator.mutate(try JSONValue.parse([UInt8](data))))
      let result = RunTool.run(scenario: Array(mutated.utf8), name: "mutated.json")
      if result.exitCode == 0 {
        answered += 1
        #expect(result.stderr.isEmpty)
      } else {
        refused += 1
        #expect(result.exitCode == 2, "\(name) round \(round): \(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(name) round \(round): \(result.stderr)")
      }
    }
    #expect(answered > 20 && refused > 20)
  }
}
