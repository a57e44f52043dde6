import ReorderKit

/// Reads and writes snapshots in the tool's JSON format:
/// `[{"id": "S0", "items": ["a", {"id": "g", "children": ["x"], "expanded": true}]}]`.
///
/// ```swift
/// let snapshot = try SnapshotJSON.decode(sectionsJSON, path: "sections", allowGroups: true)
/// let text = SnapshotJSON.value(of: snapshot).serialized()
/// ```
package enum SnapshotJSON {
  /// What the data says about content, for `reorder run`'s `apply` events (`"content"` on a
  /// section, an item or a group: any JSON value; equal values mean unchanged, as in `reorder diff`).
  package struct Content: Hashable, Sendable {
    package var items: [String: JSONValue] = [:]
    package var sections: [String: JSONValue] = [:]
    package init() {}
  }

  /// Builds a snapshot from a `sections` array.
  /// - Throws: ``InputError`` naming the first problem (a duplicate identifier, a group inside a group, a wrong type).
  package static func decode(_ value: JSONValue, path: String, allowGroups: Bool) throws(InputError) -> Snapshot<
    String, String
  > {
    var content: Content?
    return try decode(value, path: path, allowGroups: allowGroups, content: &content)
  }

  /// Builds a snapshot and its content from a `sections` array whose sections, items and groups may
  /// carry `"content"` (an item with content is written `{"id": "a", "content": …}`).
  /// - Throws: ``InputError`` naming the first problem.
  package static func decodeWithContent(_ value: JSONValue, path: String, allowGroups: Bool) throws(InputError) -> (
    snapshot: Snapshot<String, String>, content: Content
  ) {
    var content: Content? = Content()
    let snapshot = try decode(value, path: path, allowGroups: allowGroups, content: &content)
    return (snapshot, content ?? Content())
  }

  /// The reader behind both: content is read into `content` when it is not `nil`, refused otherwise.
  static func decode(
    _ value: JSONValue, path: String, allowGroups: Bool, content: inout Content?
  ) throws(InputError) -> Snapshot<String, String> {
    guard let sections = value.array else { throw InputError("\(path) must be an array, got \(value.typeName)") }
    var snapshot = Snapshot<String, String>()
    for (s, sectionValue) in sections.enumerated() {
      let here = "\(path)[\(s)]"
      let fields = try JSONFields(sectionValue, path: here)
      try fields.rejectUnknown(content == nil ? ["id", "items"] : ["id", "items", "content"])
      let id = try fields.string("id")
      if let value = fields.object["content"] { content?.sections[id] = value }
      try at("\(here).id") { () throws(SnapshotError) in try snapshot.appendSection(id) }
      for (i, item) in try fields.array("items").enumerated() {
        let itemPath = "\(here).items[\(i)]"
        switch item {
        case .string(let itemID):
          try at(itemPath) { () throws(SnapshotError) in try snapshot.appendItem(itemID, toSection: id) }
        case .object(let object) where content != nil && object["children"] == nil:
          // An item with content: `{"id": "a", "content": …}`.
          let fields = try JSONFields(item, path: itemPath)
          try fields.rejectUnknown(["id", "content"])
          let itemID = try fields.string("id")
          try at(itemPath) { () throws(SnapshotError) in try snapshot.appendItem(itemID, toSection: id) }
          if let value = object["content"] { content?.items[itemID] = value }
        case .object:
          guard allowGroups else {
            throw InputError(
              content == nil
                ? "\(itemPath) must be a string identifier (groups are for list layouts), got an object"
                : "\(itemPath) has \"children\", but groups are for list layouts")
          }
          let group = try JSONFields(item, path: itemPath)
          try group.rejectUnknown(
            content == nil ? ["id", "children", "expanded"] : ["id", "children", "expanded", "content"])
          let groupID = try group.string("id")
          if let value = group.object["content"] { content?.items[groupID] = value }
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
