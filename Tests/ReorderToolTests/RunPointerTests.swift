import Testing

@testable import ReorderTool

/// `reorder run`: `down` events take `"pointer": "touch" | "pen" | "mouse"` (default touch).
@Suite("reorder run: pointer kinds")
struct RunPointerTests {
  /// Down on "a", a 4 pt move at once, then over "b" and up: no long press anywhere.
  static func quickDrag(pointer: String?) -> String {
    let kind = pointer.map { #", "pointer": "\#($0)""# } ?? ""
    return """
      {"layout": {"type": "grid", "width": 390, "columns": 3, "itemSpacing": 20, "lineSpacing": 20},
       "sections": [{"id": "S0", "items": ["a", "b", "c", "d"]}],
       "events": [{"t": 0, "type": "down", "x": 58, "y": 58\(kind)}, {"t": 0.05, "type": "move", "x": 62, "y": 58},
                  {"t": 0.1, "type": "move", "x": 195, "y": 58}, {"t": 0.3, "type": "up", "x": 195, "y": 58}]}
      """
  }

  static let untouched =
    #"{"sections": [{"id": "S0", "items": ["a", "b", "c", "d"]}], "moves": [], "differences": [], "announcements": []}"#

  @Test func aMouseDragsWithoutTheLongPress() {
    let result = RunTool.run(scenario: Array(Self.quickDrag(pointer: "mouse").utf8), name: "mouse.json")
    #expect(result.exitCode == 0 && result.stderr.isEmpty)
    #expect(
      result.stdout
        == #"{"sections": [{"id": "S0", "items": ["b", "a", "c", "d"]}], "moves": [{"item": "a", "from": [0, 0], "to": [0, 1]}], "differences": [{"items": ["a"], "section": "S0", "parent": null, "before": "c"}], "announcements": ["a, lifted. Position 1 of 4 in S0.", "Dropped at position 2 of 4."]}"#
        + "\n")
  }

  @Test(arguments: [nil, "touch", "pen"])
  func touchAndPenNeedTheLongPress(_ pointer: String?) {
    let result = RunTool.run(scenario: Array(Self.quickDrag(pointer: pointer).utf8), name: "touch.json")
    #expect(result.exitCode == 0 && result.stderr.isEmpty)
    #expect(result.stdout == Self.untouched + "\n")
  }

  @Test func anUnknownPointerIsOneLineAndExitTwo() {
    let result = RunTool.run(scenario: Array(Self.quickDrag(pointer: "trackball").utf8), name: "s.json")
    #expect(result.exitCode == 2 && result.stdout.isEmpty)
    #expect(
      result.stderr == #"error: s.json: events[0].pointer must be "touch", "pen" or "mouse", got "trackball""# + "\n")
  }
}
