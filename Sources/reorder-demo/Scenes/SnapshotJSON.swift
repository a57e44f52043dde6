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
    guard snapshot.totalItemCount == reference.totalItemCount else {
      throw InputError("it holds \(snapshot.totalItemCount) items, the scene has \(reference.totalItemCount)")
    }
    for section in reference.sections {
      for id in section.items {
        guard snapshot.contains(id) else { throw InputError("item \"\(id)\" is missing") }
        guard snapshot.isGroup(id) == reference.isGroup(id) else { throw InputError("\"\(id)\" changed kind") }
        for child in reference.children(of: id) where !snapshot.contains(child) {
          throw InputError("item \"\(child)\" is missing")
        }
      }
    }
    return snapshot
  }
}
