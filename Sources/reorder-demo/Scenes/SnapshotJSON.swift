import ReorderKit

/// Sections in the format of `reorder run`:
/// `[{"id": "S0", "items": ["a", {"id": "g", "children": ["x"], "expanded": true}]}]`.
enum SnapshotJSON {
  struct Error: Swift.Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  static func encode(_ snapshot: Snapshot<String, String>) -> JSONValue {
    .array(
      snapshot.sections.map { section in
        .object([
          ("id", .string(section.id)),
          (
            "items",
            .array(
              section.items.map { id in
                guard snapshot.isGroup(id) else { return .string(id) }
                return .object([
                  ("id", .string(id)), ("children", .array(snapshot.children(of: id).map { .string($0) })),
                  ("expanded", .bool(snapshot.isExpanded(id))),
                ])
              })
          ),
        ])
      })
  }

  /// Decodes sections, and checks that they hold exactly the items (and groups) of `reference`,
  /// so a stale or foreign file never brings in unknown items or loses any.
  static func decode(_ json: JSONValue, matching reference: Snapshot<String, String>) throws -> Snapshot<String, String>
  {
    guard let sections = json.arrayValue else { throw Error("\"sections\" is not an array") }
    var snapshot = Snapshot<String, String>()
    do {
      for section in sections {
        guard let id = section["id"]?.stringValue, let items = section["items"]?.arrayValue else {
          throw Error("a section needs \"id\" and \"items\"")
        }
        try snapshot.appendSection(id)
        for item in items {
          if let plain = item.stringValue {
            try snapshot.appendItem(plain, toSection: id)
          } else if let group = item["id"]?.stringValue, let children = item["children"]?.arrayValue {
            let names = try children.map { child -> String in
              guard let name = child.stringValue else { throw Error("a child of \(group) is not a string") }
              return name
            }
            try snapshot.appendGroup(
              group, children: names, expanded: item["expanded"]?.boolValue ?? true, toSection: id)
          } else {
            throw Error("an item is neither a string nor a group")
          }
        }
      }
    } catch let error as SnapshotError {
      throw Error(error.description)
    }
    guard snapshot.totalItemCount == reference.totalItemCount else {
      throw Error("it holds \(snapshot.totalItemCount) items, the scene has \(reference.totalItemCount)")
    }
    for section in reference.sections {
      for id in section.items {
        guard snapshot.contains(id) else { throw Error("item \"\(id)\" is missing") }
        guard snapshot.isGroup(id) == reference.isGroup(id) else { throw Error("\"\(id)\" changed kind") }
        for child in reference.children(of: id) where !snapshot.contains(child) {
          throw Error("item \"\(child)\" is missing")
        }
      }
    }
    return snapshot
  }
}
