import ReorderKit

/// Reads and writes snapshots in the tool's JSON format:
/// `[{"id": "S0", "items": ["a", {"id": "g", "children": ["x"], "expanded": true}]}]`.
///
/// ```swift
/// let snapshot = try SnapshotJSON.decode(sectionsJSON, path: "sections", allowGroups: true)
/// let text = SnapshotJSON.value(of: snapshot).serialized()
/// ```
package enum SnapshotJSON {
  /// Builds a snapshot from a `sections` array.
  /// - Throws: ``InputError`` naming the first problem (a duplicate identifier, a group inside a group, a wrong type).
  package static func decode(_ value: JSONValue, path: String, allowGroups: Bool) throws(InputError) -> Snapshot<
    String, String
  > {
    guard let sections = value.array else { throw InputError("\(path) must be an array, got \(value.typeName)") }
    var snapshot = Snapshot<String, String>()
    for (s, sectionValue) in sections.enumerated() {
      let here = "\(path)[\(s)]"
      let fields = try JSONFields(sectionValue, path: here)
      try fields.rejectUnknown(["id", "items"])
      let id = try fields.string("id")
      try at("\(here).id") { () throws(SnapshotError) in try snapshot.appendSection(id) }
      for (i, item) in try fields.array("items").enumerated() {
        let itemPath = "\(here).items[\(i)]"
        switch item {
        case .string(let itemID):
          try at(itemPath) { () throws(SnapshotError) in try snapshot.appendItem(itemID, toSection: id) }
        case .object:
          guard allowGroups else {
            throw InputError("\(itemPath) must be a string identifier (groups are for list layouts), got an object")
          }
          let group = try JSONFields(item, path: itemPath)
          try group.rejectUnknown(["id", "children", "expanded"])
          let groupID = try group.string("id")
          var children: [String] = []
          for (c, child) in try group.array("children").enumerated() {
            guard let childID = child.string else {
              if child.object != nil {
                throw InputError(
                  "\(itemPath).children[\(c)] is a group inside a group; groups only live at the top level")
              }
              throw InputError("\(itemPath).children[\(c)] must be a string identifier, got \(child.typeName)")
            }
            children.append(childID)
          }
          let expanded = try group.bool("expanded", default: true)
          try at(itemPath) { () throws(SnapshotError) in
            try snapshot.appendGroup(groupID, children: children, expanded: expanded, toSection: id)
          }
        default:
          throw InputError("\(itemPath) must be a string identifier, got \(item.typeName)")
        }
      }
    }
    return snapshot
  }

  static func at(_ path: String, _ body: () throws(SnapshotError) -> Void) throws(InputError) {
    do { try body() } catch { throw InputError("\(path): \(error)") }
  }

  /// A snapshot's sections as a JSON array (groups as `{"id", "children", "expanded"}`), the form
  /// ``decode(_:path:allowGroups:)`` reads back.
  package static func value(of snapshot: Snapshot<String, String>) -> JSONValue {
    .array(
      snapshot.sections.map { section in
        .object([
          "id": .string(section.id),
          "items": .array(
            section.items.map { item in
              guard snapshot.isGroup(item) else { return .string(item) }
              return .object([
                "id": .string(item),
                "children": .array(snapshot.children(of: item).map(JSONValue.string)),
                "expanded": .bool(snapshot.isExpanded(item)),
              ])
            }),
        ])
      })
  }

  /// Writes a snapshot's sections as a JSON array: ``value(of:)`` written into `w`.
  package static func encode(_ snapshot: Snapshot<String, String>, into w: inout JSONWriter) {
    w.value(value(of: snapshot))
  }
}
