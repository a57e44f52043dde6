import ReorderKit
import Testing

@testable import ReorderTool

/// The JSON building blocks other modules use: literals, ordered objects, `serialized()`, `SnapshotJSON.value(of:)`.
@Suite("JSON values")
struct JSONValueTests {
  @Test("literals build values; object literals keep their order")
  func literals() {
    let value: JSONValue = .object(["z": "s", "a": 1, "m": 2.5, "b": true, "list": [1, "two", .null]])
    #expect(value.object?.keys == ["z", "a", "m", "b", "list"])
    #expect(value["a"] == .number(1))
    #expect(value["list"]?[1] == .string("two"))
    #expect(value.serialized() == #"{"z": "s", "a": 1, "m": 2.5, "b": true, "list": [1, "two", null]}"#)
  }

  @Test("serialized() parses back to the same value, escapes included")
  func roundTrip() throws {
    let value: JSONValue = .object(["text": "a \"quoted\"\nline\t\u{1}", "nested": .object(["x": [[], .object([:])]])])
    #expect(try JSONValue.parse(Array(value.serialized().utf8)) == value)
  }

  @Test("numbers JSON cannot hold are written as null")
  func nonFinite() {
    #expect(
      JSONValue.array([.number(.infinity), .number(.nan), 1e20, -0.5]).serialized() == "[null, null, 1e+20, -0.5]")
  }

  @Test("setting a member replaces it in place or appends it; nil removes it")
  func setMembers() {
    var object: JSONObject = ["a": 1, "b": 2, "c": 3]
    object["b"] = "two"
    object["d"] = 4
    #expect(object.keys == ["a", "b", "c", "d"])
    #expect(object["b"] == "two")
    object["a"] = nil
    #expect(object.keys == ["b", "c", "d"])
    #expect(object["c"] == 3 && object["d"] == 4 && object["a"] == nil)
    object["a"] = 5
    #expect(JSONValue.object(object).serialized() == #"{"b": "two", "c": 3, "d": 4, "a": 5}"#)
  }

  @Test("SnapshotJSON.value(of:) is what encode writes, and decodes back")
  func snapshotValue() throws {
    var snapshot = Snapshot<String, String>()
    try snapshot.appendSection("S0")
    try snapshot.appendItem("a", toSection: "S0")
    try snapshot.appendGroup("g", children: ["x", "y"], expanded: false, toSection: "S0")
    try snapshot.appendSection("S1")
    let value = SnapshotJSON.value(of: snapshot)
    #expect(
      value.serialized()
        == #"[{"id": "S0", "items": ["a", {"id": "g", "children": ["x", "y"], "expanded": false}]}, {"id": "S1", "items": []}]"#
    )
    var w = JSONWriter()
    SnapshotJSON.encode(snapshot, into: &w)
    #expect(w.text == value.serialized())
    let decoded = try SnapshotJSON.decode(value, path: "sections", allowGroups: true)
    #expect(SnapshotJSON.value(of: decoded) == value)
  }
}
