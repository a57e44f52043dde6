import ReorderKit
import ReorderTool

extension SnapshotJSON {
  /// Decodes saved sections (``SnapshotJSON/decode(_:path:allowGroups:)``, groups allowed) and checks
  /// that they hold exactly the items (and groups) of `reference`, so a stale or foreign file never
  /// brings in unknown items or loses any.
  static func decode(_ json: JSONValue, matching reference: Snapshot<String, String>) throws(InputError) -> Snapshot<
    String, String
  > {
    let snapshot = try decode(json, path: "sections", allowGroups: true)
    try check(snapshot, matches: reference)
    return snapshot
  }

  /// Checks that a saved arrangement holds exactly the scene's items: every item and child, groups
  /// as groups, and nothing else.
  static func check(_ saved: Snapshot<String, String>, matches reference: Snapshot<String, String>) throws(InputError) {
    guard saved.totalItemCount == reference.totalItemCount else {
      throw InputError("it holds \(saved.totalItemCount) items, the scene has \(reference.totalItemCount)")
    }
    for section in reference.sections {
      for id in section.items {
        guard saved.contains(id) else { throw InputError("item \"\(id)\" is missing") }
        guard saved.isGroup(id) == reference.isGroup(id) else { throw InputError("\"\(id)\" changed kind") }
        for child in reference.children(of: id) where !saved.contains(child) {
          throw InputError("item \"\(child)\" is missing")
        }
      }
    }
  }
}
