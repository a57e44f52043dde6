import ReorderKit

/// One side of `reorder diff`: `{"sections": [{"id": …, "content": …, "items": [id or {"id": …, "content": …}]}]}`.
///
/// Identifiers are strings or whole numbers (`"a"` and `1` are different
/// identifiers); `content`, of a section or an item, is optional and any JSON
/// value (`null` is no content). Identifiers must be unique
/// within a document, sections and items each, unless `allowsRepeats`
/// (`reorder diff --duplicates pair`); then content belongs to an
/// identifier, and its occurrences in one document must not give two
/// different contents.
///
/// ```swift
/// let document = try DiffDocument(json: JSONValue.parse(Array(#"{"sections": [{"id": "S0", "items": ["a"]}]}"#.utf8)))
/// document.sections[0].items   // [.string("a")]
/// ```
struct DiffDocument {
  typealias Section = Snapshot<JSONValue, JSONValue>.Section

  var sections: [Section] = []
  /// The content of each item that has one.
  var content: [JSONValue: JSONValue] = [:]
  /// The content of each section that has one, by identifier and occurrence.
  var sectionContent: [SectionKey: JSONValue] = [:]

  /// A section's identifier and which of its occurrences in the document it is (0 for the first;
  /// identifiers repeat only with `allowsRepeats`, whose pairing is by occurrence).
  struct SectionKey: Hashable {
    var id: JSONValue
    var occurrence: Int
  }
  var itemCount = 0

  /// - Throws: ``InputError`` naming the first problem and its place (`sections[2].items[4]`).
  init(json: JSONValue, allowsRepeats: Bool = false) throws(InputError) {
    guard json.object != nil else {
      throw InputError("the document must be an object with \"sections\", got \(json.typeName)")
    }
    let top = try JSONFields(json, path: "")
    let sectionValues = try top.array("sections")
    try top.rejectUnknown(["sections"])
    var sectionIDs = [JSONValue: Int](minimumCapacity: sectionValues.count)
    var sectionOccurrences: [JSONValue: Int] = [:]
    itemCount = sectionValues.reduce(0) { $0 + ($1["items"]?.array?.count ?? 0) }
    sections.reserveCapacity(sectionValues.count)
    for (s, sectionValue) in sectionValues.enumerated() {
      let fields = try JSONFields(sectionValue, path: "sections[\(s)]")
      try fields.rejectUnknown(["id", "items"], unlisted: ["content"])
      let id = try Self.identifier(try fields.value("id"), path: "sections[\(s)].id")
      let first = sectionIDs.updateValue(s, forKey: id)
      if let first, !allowsRepeats {
        throw InputError(
          "sections[\(s)].id: duplicate section identifier \(Self.shown(id)) (also sections[\(first)].id)")
      }
      let occurrence = first == nil ? 0 : sectionOccurrences[id, default: 0] + 1
      if first != nil { sectionOccurrences[id] = occurrence }
      // Null content is no content.
      if let c = fields.object["content"], c != .null { sectionContent[SectionKey(id: id, occurrence: occurrence)] = c }
      let itemValues = try fields.array("items")
      var items: [JSONValue] = []
      items.reserveCapacity(itemValues.count)
      for (i, itemValue) in itemValues.enumerated() {
        switch itemValue {
        case .string:
          items.append(itemValue)
        case .number(let n) where n == n.rounded() && abs(n) < 1e15:
          items.append(itemValue)
        case .object:
          let item = try JSONFields(itemValue, path: "sections[\(s)].items[\(i)]")
          try item.rejectUnknown(["id", "content"])
          let itemID = try Self.identifier(try item.value("id"), path: "sections[\(s)].items[\(i)].id")
          if let c = item.object["content"], c != .null { content[itemID] = c }  // null content is no content
          items.append(itemID)
        default:
          _ = try Self.identifier(itemValue, path: "sections[\(s)].items[\(i)]", allowsObject: true)
        }
      }
      sections.append(Section(id: id, items: items))
    }
    if allowsRepeats { try checkRepeatedContent(sectionValues) }
  }

  /// With repeats allowed: every occurrence of an item identifier carries the same content (or none).
  private func checkRepeatedContent(_ sectionValues: [JSONValue]) throws(InputError) {
    var first: [JSONValue: JSONValue?] = [:]
    for (s, section) in sections.enumerated() {
      for (i, id) in section.items.enumerated() {
        let value = sectionValues[s]["items"]?[i]
        let c = value?.object == nil || value?["content"] == .null ? nil : value?["content"]
        guard let earlier = first[id] else {
          first[id] = c
          continue
        }
        if !sameJSON(earlier, c) {
          throw InputError(
            "sections[\(s)].items[\(i)]: item \(Self.shown(id)) repeats with another content (its occurrences must carry the same content, or none)"
          )
        }
      }
    }
  }

  /// The first item identifier that appears twice, as a message naming both
  /// places. Run only after the differ reported a duplicate, so that reading
  /// a valid document hashes each identifier once.
  func duplicateItemMessage() -> String? {
    var places = [JSONValue: ItemPath](minimumCapacity: itemCount)
    for (s, section) in sections.enumerated() {
      for (i, id) in section.items.enumerated() {
        if let first = places.updateValue(ItemPath(item: i, section: s), forKey: id) {
          return
            "sections[\(s)].items[\(i)]: duplicate item identifier \(Self.shown(id)) (also sections[\(first.section)].items[\(first.item)])"
        }
      }
    }
    return nil
  }

  static func identifier(_ value: JSONValue, path: String, allowsObject: Bool = false) throws(InputError) -> JSONValue {
    switch value {
    case .string: return value
    case .number(let n) where n == n.rounded() && abs(n) < 1e15: return value
    default:
      let expected =
        allowsObject ? "a string or whole-number identifier, or an object with \"id\"" : "a string or a whole number"
      throw InputError("\(path) must be \(expected), got \(value.typeName)\(value.number.map { " \($0)" } ?? "")")
    }
  }

  /// An identifier as JSON text, for messages.
  static func shown(_ id: JSONValue) -> String {
    id.serialized()
  }
}

/// Whether two JSON values are the same data: objects compare by members whatever their order.
func sameJSON(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
  switch (a, b) {
  case (nil, nil): return true
  case (.object(let x)?, .object(let y)?):
    return x.members.count == y.members.count && x.members.allSatisfy { sameJSON($0.value, y[$0.key]) }
  case (.array(let x)?, .array(let y)?):
    return x.count == y.count && zip(x, y).allSatisfy { sameJSON($0, $1) }
  default: return a == b
  }
}
