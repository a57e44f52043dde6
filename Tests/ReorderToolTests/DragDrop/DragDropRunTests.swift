import ReorderKit
import ReorderTestSupport
import Testing

@testable import ReorderTool

/// `reorder run` in mode `dragDrop`: seeded random scenarios on random outlines and grids, whose
/// output must parse back (through ``SnapshotJSON/decode(_:path:allowGroups:)``) to a valid
/// snapshot holding every input item once (plus the copies), with no group in a group, and whose
/// moves replay to the output; and the copy output.
@Suite("reorder run: drag and drop")
struct DragDropRunTests {
  /// The tests' seeded generator, with a coordinate of a scenario.
  typealias Generator = SplitMix

  /// A random scenario document: its JSON text, and whether it is a list.
  static func scenario(_ rng: inout Generator) -> (text: String, isList: Bool) {
    let isList = rng.chance(0.75)
    var n = 0
    var groups: [String] = []
    var sections: [String] = []
    var allItems: [String] = []
    for s in 0..<rng.int(1...2) {
      var items: [String] = []
      for _ in 0..<rng.int(0...8) {
        n += 1
        if isList && rng.chance(0.35) {
          let children = (0..<rng.int(0...3)).map { "\"c\(n).\($0)\"" }
          groups.append("g\(n)")
          allItems.append("g\(n)")
          items.append(
            "{\"id\": \"g\(n)\", \"children\": [\(children.joined(separator: ", "))], \"expanded\": \(rng.chance(0.5))}"
          )
        } else {
          allItems.append("i\(n)")
          items.append("\"i\(n)\"")
        }
      }
      sections.append("{\"id\": \"S\(s)\", \"items\": [\(items.joined(separator: ", "))]}")
    }
    let height = rng.int(120...400)
    let layout =
      isList
      ? "{\"type\": \"list\", \"width\": 300, \"height\": \(height), \"rowHeight\": 40, \"headerHeight\": \(rng.chance(0.5) ? 20 : 0)}"
      : "{\"type\": \"grid\", \"width\": 300, \"height\": \(height), \"columns\": \(rng.int(1...4)), \"itemSpacing\": 10, \"lineSpacing\": 10}"
    var events: [String] = []
    var t = 0.0
    func add(_ type: String, _ extra: String = "") {
      events.append("{\"t\": \(t), \"type\": \"\(type)\"\(extra)}")
    }
    for _ in 0..<rng.int(1...3) {
      add("down", ", \"x\": \(rng.coordinate(300)), \"y\": \(rng.coordinate(Double(height)))")
      t += [0.3, 0.6, 0.6, 0.8][rng.int(0...3)]
      for _ in 0..<rng.int(0...8) {
        switch rng.int(0...9) {
        case 0...4: add("move", ", \"x\": \(rng.coordinate(300)), \"y\": \(rng.coordinate(Double(height)))")
        case 5, 6: add("tap", ", \"x\": \(rng.coordinate(300)), \"y\": \(rng.coordinate(Double(height)))")
        case 7: add("scroll", ", \"dy\": \(rng.int(-100...100))")
        default: add("tick")
        }
        t += Double(rng.int(1...60)) / 60
      }
      if rng.chance(0.15) {
        add("cancel")
      } else {
        add("up", ", \"x\": \(rng.coordinate(300)), \"y\": \(rng.coordinate(Double(height)))")
      }
      t += 0.5
    }
    var drop: [String] = []
    if rng.chance(0.3), let g = groups.randomElement(using: &rng) { drop.append("\"forbid\": [\"\(g)\"]") }
    if rng.chance(0.2), let i = allItems.randomElement(using: &rng) { drop.append("\"copy\": [\"\(i)\"]") }
    let cadence = ["", ", \"reorderingCadence\": \"fast\"", ", \"reorderingCadence\": 0.3"][rng.int(0...2)]
    let text = """
      {"layout": \(layout), "mode": "dragDrop", "sections": [\(sections.joined(separator: ", "))],
       "drop": {\(drop.joined(separator: ", "))}\(cadence), "events": [\(events.joined(separator: ", "))]}
      """
    return (text, isList)
  }

  static func items(_ s: Snapshot<String, String>) -> [String] {
    s.sections.flatMap { $0.items.flatMap { [$0] + s.children(of: $0) } }.sorted()
  }

  static func position(_ v: JSONValue?, isList: Bool) -> OutlinePosition<String> {
    if isList {
      return OutlinePosition(
        section: Int(v!["section"]!.number!), parent: v!["parent"]?.string, index: Int(v!["index"]!.number!))
    }
    let a = v!.array!.map { Int($0.number!) }
    return OutlinePosition(section: a[0], parent: nil, index: a[1])
  }

  @Test("random scenarios keep every item once", arguments: 0..<4)
  func randomScenarios(_ batch: Int) throws {
    var landed = 0
    for seed in 0..<125 {
      var rng = Generator(seed: UInt64(batch * 10_000 + seed))
      let (text, isList) = Self.scenario(&rng)
      let result = RunTool.run(scenario: Array(text.utf8), name: "random.json")
      try #require(result.exitCode == 0, "seed \(batch * 10_000 + seed): \(result.stderr)\n\(text)")
      let input = try JSONValue.parse(Array(text.utf8))
      let output = try JSONValue.parse(Array(result.stdout.utf8))
      let before = try SnapshotJSON.decode(input["sections"]!, path: "sections", allowGroups: isList)
      let after = try SnapshotJSON.decode(output["sections"]!, path: "sections", allowGroups: isList)
      after._checkInvariants()
      let copies = output["copies"]?.array ?? []
      var replayed = before
      // With copies, moves were made on a snapshot holding the copies: replay only without them.
      for move in output["moves"]!.array! where copies.isEmpty {
        let from = Self.position(move["from"], isList: isList)
        #expect(replayed.itemIdentifier(at: from) == move["item"]!.string!)
        replayed.moveItem(from: from, to: Self.position(move["to"], isList: isList))
        landed += 1
      }
      if copies.isEmpty {
        #expect(Self.items(after) == Self.items(before), "seed \(batch * 10_000 + seed)")
        #expect(replayed.sections == after.sections, "seed \(batch * 10_000 + seed)")
        for group in after.sections.flatMap(\.items) where after.isGroup(group) {
          #expect(replayed.children(of: group) == after.children(of: group))
        }
      } else {
        landed += output["moves"]!.array!.count
        #expect(Set(Self.items(before)).isSubset(of: Set(Self.items(after))))
        for copy in copies {
          #expect(after.contains(copy["copy"]!.string!))
          #expect(after.position(of: copy["copy"]!.string!) != nil)
        }
      }
    }
    #expect(landed > 15, "only \(landed) moves in 125 scenarios")
  }

  @Test func copyOutput() {
    let text = """
      {"layout": {"type": "list", "width": 320, "height": 440, "rowHeight": 44}, "mode": "dragDrop",
       "sections": [{"id": "Lessons", "items": ["Welcome", {"id": "Basics", "children": ["Variables"], "expanded": true}, "Welcome copy"]}],
       "drop": {"copy": ["Welcome"]},
       "events": [{"t": 0, "type": "down", "x": 160, "y": 22}, {"t": 0.6, "type": "move", "x": 160, "y": 66},
                  {"t": 1.0, "type": "up", "x": 160, "y": 66}]}
      """
    let result = RunTool.run(scenario: Array(text.utf8), name: "copy.json")
    #expect(
      result.stdout
        == #"{"sections": [{"id": "Lessons", "items": ["Welcome", {"id": "Basics", "children": ["Variables", "Welcome copy 2"], "expanded": true}, "Welcome copy"]}], "moves": [], "differences": [{"items": ["Welcome copy 2"], "section": "Lessons", "parent": "Basics", "before": null}], "announcements": ["Welcome, lifted. Position 1 of 3 in Lessons.", "Dropped at position 2 of 2."], "copies": [{"item": "Welcome", "copy": "Welcome copy 2", "to": {"section": 0, "parent": "Basics", "index": 1}}]}"#
        + "\n")
  }

  @Test func tapOutsideADragIsOnlyATap() {
    let text = """
      {"layout": {"type": "grid", "width": 300, "columns": 3}, "mode": "dragDrop",
       "sections": [{"id": "S", "items": ["a", "b", "c"]}],
       "events": [{"t": 0, "type": "tap", "x": 50, "y": 50}]}
      """
    #expect(
      RunTool.run(scenario: Array(text.utf8), name: "tap.json").stdout
        == #"{"sections": [{"id": "S", "items": ["a", "b", "c"]}], "moves": [], "differences": [], "announcements": []}"#
        + "\n")
  }
}

extension SplitMix {
  /// A coordinate from 20 points before the scene to 20 past `upper`, as a scenario's text.
  mutating func coordinate(_ upper: Double) -> String { String(Int.random(in: -20...Int(upper) + 20, using: &self)) }
}
