import Testing

@testable import ReorderTool

/// Issue 21, item 5: new data that adds or removes sections in the middle of a drag and drop, with
/// a policy that reads sections (`drop.forbid` names one). The policy's hooks name sections by
/// identity, so nothing reads a stale list: no trap, no item lost or duplicated, and nothing lands
/// in the forbidden section.
@Suite("reorder run: new data mid-drag with a policy that reads sections")
struct PolicyNewDataPropertyTests {
  /// A small linear congruential generator: the same scenarios on every run and platform.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int {
      range.lowerBound + Int(next() % UInt64(range.count))
    }
  }

  static let baseSeed: UInt64 = 21_500

  static func sectionsJSON(_ sections: [(id: String, items: [String])]) -> String {
    "["
      + sections.map { s in
        "{\"id\": \"\(s.id)\", \"items\": [" + s.items.map { "\"\($0)\"" }.joined(separator: ", ") + "]}"
      }
      .joined(separator: ", ") + "]"
  }

  /// A random scenario: 2 to 4 sections, a forbidden one, a drag whose new data (at 0.7 s) drops
  /// sections, adds new ones (also before the others) and moves a few items between sections.
  static func scenario(seed: UInt64) -> (json: String, forbidden: String, after: [(id: String, items: [String])]) {
    var g = Generator(state: seed)
    var next = 0
    func fresh() -> String {
      next += 1
      return "i\(next)"
    }
    let before: [(id: String, items: [String])] = (0..<g.int(2...4)).map { s in
      (id: "S\(s)", items: (0..<g.int(0...5)).map { _ in fresh() })
    }
    let forbidden = before[g.int(0...(before.count - 1))].id
    var after: [(id: String, items: [String])] = before.filter { _ in g.int(0...3) != 0 }
    for k in 0..<g.int(0...2) {
      let section = (id: "N\(k)", items: (0..<g.int(0...3)).map { _ in fresh() })
      after.insert(section, at: g.int(0...after.count))
    }
    if after.isEmpty { after = [(id: "N9", items: [fresh()])] }
    for _ in 0..<g.int(0...3) {
      let from = g.int(0...(after.count - 1))
      guard !after[from].items.isEmpty else { continue }
      let item = after[from].items.remove(at: g.int(0...(after[from].items.count - 1)))
      let to = g.int(0...(after.count - 1))
      after[to].items.insert(item, at: g.int(0...after[to].items.count))
    }
    let isList = g.int(0...1) == 0
    let layout =
      isList
      ? "{\"type\": \"list\", \"width\": 390, \"height\": 800, \"rowHeight\": 44, \"headerHeight\": 30}"
      : "{\"type\": \"grid\", \"width\": 390, \"height\": 800, \"columns\": 3, \"itemSpacing\": 10, \"lineSpacing\": 10, \"headerHeight\": 30}"
    func point() -> String { "\"x\": \(g.int(5...385)), \"y\": \(g.int(5...700))" }
    let json = """
      {"layout": \(layout), "mode": "dragDrop", "sections": \(sectionsJSON(before)),
       "drop": {"forbid": ["\(forbidden)"]},
       "events": [
         {"t": 0.0, "type": "down", \(point())},
         {"t": 0.6, "type": "move", \(point())},
         {"t": 0.7, "type": "apply", "sections": \(sectionsJSON(after))},
         {"t": 0.8, "type": "move", \(point())},
         {"t": 0.9, "type": "move", \(point())},
         {"t": 1.0, "type": "up", \(point())}]}
      """
    return (json, forbidden, after)
  }

  @Test func newSectionsMidDragNeverConfuseThePolicy() throws {
    print("PolicyNewDataPropertyTests: seeds \(Self.baseSeed) ..< \(Self.baseSeed + 400)")
    var landed = 0
    for k in 0..<UInt64(400) {
      let seed = Self.baseSeed + k
      let (json, forbidden, after) = Self.scenario(seed: seed)
      let scenario = try Scenario(json: try JSONValue.parse(Array(json.utf8)))
      let outcome = RunTool.play(scenario)
      let items = outcome.snapshot.sections.flatMap(\.items)
      #expect(items.count == Set(items).count, "seed \(seed): an item twice")
      #expect(Set(items) == Set(after.flatMap(\.items)), "seed \(seed): items lost or made")
      #expect(outcome.snapshot.sections.map(\.id) == after.map(\.id), "seed \(seed)")
      for d in outcome.differences {
        #expect(d.section != forbidden, "seed \(seed): \(d.items) dropped into the forbidden \(forbidden)")
      }
      landed += outcome.differences.count
    }
    // The scenarios do drop things (into allowed sections), or the test would prove nothing.
    #expect(landed > 40)
  }
}
