import Foundation
import ReorderKit

/// `reorder diff old.json new.json`: the staged batch updates that take a
/// collection view from the old sections to the new ones.
///
/// Output: `{"stages": [...]}`, one stage per line; each stage has the keys
/// `deleteSections`, `insertSections`, `moveSections` (`[from, to]`),
/// `deleteItems`, `insertItems`, `moveItems` (`[[s, i], [s, i]]`),
/// `reloadItems` and `sections` (the data after the stage), in that order.
///
/// Sections may carry `"content"` as items do (any JSON value; equal values,
/// whatever the order of an object's members, mean unchanged; with repeats, a
/// section's content is its occurrence's). When either
/// document gives a section content, every stage gains `reloadSections`
/// (indexes before the stage) after `moveSections`, and a section shows its
/// old content until the stage that reloads it. With `itemUpdates`
/// `.reconfigure` (`--updates reconfigure`), item updates are written as
/// `reconfigureItems` in place of `reloadItems`, placed the same way.
/// Bad input (malformed JSON, a missing field, a wrong type, a duplicate
/// identifier) gives exit status 2 and one line on standard error.
///
/// With `pairsDuplicates` (`--duplicates pair`), identifiers
/// may repeat: the k-th occurrence in the old document pairs with the k-th in
/// the new one, and the output gains a last key, `"repeated": {"sections":
/// [...], "items": [...]}`, the identifiers that repeat (empty lists when none
/// do). An identifier's content is then shared by its occurrences, and an item
/// shows its new content from the first stage that reloads its identifier.
///
/// ```swift
/// let result = DiffTool.run(old: Array(#"{"sections": [{"id": "S", "items": ["a", "b"]}]}"#.utf8),
///                           new: Array(#"{"sections": [{"id": "S", "items": ["b", "a"]}]}"#.utf8),
///                           oldName: "old.json", newName: "new.json")
/// print(result.stdout)
/// // {"stages": [
/// // {"deleteSections": [], "insertSections": [], "moveSections": [], "deleteItems": [], "insertItems": [],
/// //  "moveItems": [[[0, 1], [0, 0]]], "reloadItems": [], "sections": [{"id": "S", "items": ["b", "a"]}]}
/// // ]}
/// ```
package enum DiffTool {
  /// Diffs two documents given as file contents.
  package static func run(
    old: Data, new: Data, oldName: String, newName: String, pairsDuplicates: Bool = false,
    itemUpdates: ItemUpdateStyle = .reload
  ) -> ToolResult {
    run(
      old: [UInt8](old), new: [UInt8](new), oldName: oldName, newName: newName, pairsDuplicates: pairsDuplicates,
      itemUpdates: itemUpdates)
  }

  /// Diffs two documents given as bytes.
  package static func run(
    old: [UInt8], new: [UInt8], oldName: String, newName: String, pairsDuplicates: Bool = false,
    itemUpdates: ItemUpdateStyle = .reload
  ) -> ToolResult {
    let pairs = pairsDuplicates
    let duplicates: DuplicateIdentifiers = pairs ? .pairByOccurrence : .refuse
    let before: DiffDocument
    let after: DiffDocument
    do {
      before = try read(old, name: oldName, allowsRepeats: pairs)
      after = try read(new, name: newName, allowsRepeats: pairs)
    } catch {
      return .inputError(error.message)
    }
    let staged: StagedChangeset<JSONValue, JSONValue>
    var sectionOccurrences: [[Int]]?
    var changed = Set<JSONValue>()
    let sectionsHaveContent = !before.sectionContent.isEmpty || !after.sectionContent.isEmpty
    do {
      if sectionsHaveContent || itemUpdates != .reload {
        let itemsHaveContent = !before.content.isEmpty || !after.content.isEmpty
        (staged, sectionOccurrences) = try StagedChangeset.withSectionOccurrences(
          from: before.sections, to: after.sections, duplicates: duplicates, itemUpdates: itemUpdates,
          contentChanged: { id in
            let isChanged = itemsHaveContent && !sameJSON(before.content[id], after.content[id])
            if isChanged { changed.insert(id) }
            return isChanged
          },
          sectionContentChanged: { id, k in
            let key = DiffDocument.SectionKey(id: id, occurrence: k)
            return sectionsHaveContent && !sameJSON(before.sectionContent[key], after.sectionContent[key])
          })
      } else if before.content.isEmpty && after.content.isEmpty {
        staged = try StagedChangeset(from: before.sections, to: after.sections, duplicates: duplicates)
      } else {
        staged = try StagedChangeset(from: before.sections, to: after.sections, duplicates: duplicates) { id in
          let isChanged = !sameJSON(before.content[id], after.content[id])
          if isChanged { changed.insert(id) }
          return isChanged
        }
      }
    } catch {
      // Duplicate item identifiers: name the file and both places.
      if let message = before.duplicateItemMessage() { return .inputError("\(oldName): \(message)") }
      if let message = after.duplicateItemMessage() { return .inputError("\(newName): \(message)") }
      return .inputError("\(error)")
    }
    var stdout = encode(
      staged, before: before, after: after, changed: changed, itemUpdates: itemUpdates,
      sectionOccurrences: sectionOccurrences)
    if pairs {
      // The repeated identifiers, as a last key.
      stdout.removeLast(2)  // "}\n"
      stdout += ",\n\"repeated\": {\"sections\": ["
      for (k, id) in staged.repeatedSectionIDs.enumerated() {
        if k > 0 { stdout += ", " }
        appendIdentifier(id, to: &stdout)
      }
      stdout += "], \"items\": ["
      for (k, id) in staged.repeatedItemIDs.enumerated() {
        if k > 0 { stdout += ", " }
        appendIdentifier(id, to: &stdout)
      }
      stdout += "]}}\n"
    }
    return ToolResult(stdout: stdout)
  }

  private static func read(_ bytes: [UInt8], name: String, allowsRepeats: Bool) throws(InputError) -> DiffDocument {
    let json: JSONValue
    do {
      json = try JSONValue.parse(bytes)
    } catch {
      throw InputError("\(name): malformed JSON at \(error)")
    }
    do {
      return try DiffDocument(json: json, allowsRepeats: allowsRepeats)
    } catch {
      throw InputError("\(name): \(error.message)")
    }
  }

  /// Writes the stages. An item (or a section) whose content changed shows its
  /// old content until the stage that reloads it; every other one shows its new
  /// content (one only in the old data, its old content). A section's content is
  /// its occurrence's: `sectionOccurrences` gives, by stage, which occurrence of its
  /// identifier each section is (`nil`: every identifier appears once).
  static func encode(
    _ staged: StagedChangeset<JSONValue, JSONValue>, before: DiffDocument, after: DiffDocument, changed: Set<JSONValue>,
    itemUpdates: ItemUpdateStyle = .reload, sectionOccurrences: [[Int]]? = nil
  ) -> String {
    guard !staged.stages.isEmpty else { return "{\"stages\": []}\n" }
    let hasContent = !before.content.isEmpty || !after.content.isEmpty
    let sectionsHaveContent = !before.sectionContent.isEmpty || !after.sectionContent.isEmpty
    let reconfigures = itemUpdates == .reconfigure
    var newItems = Set<JSONValue>()
    if hasContent { for section in after.sections { newItems.formUnion(section.items) } }
    typealias Key = DiffDocument.SectionKey
    /// The sections' keys in order, the k-th appearance of an identifier being its k-th occurrence.
    func keys(_ sections: [DiffDocument.Section]) -> [Key] {
      var seen: [JSONValue: Int] = [:]
      return sections.map { section in
        defer { seen[section.id, default: 0] += 1 }
        return Key(id: section.id, occurrence: seen[section.id, default: 0])
      }
    }
    var newSections = Set<Key>()
    var oldSections = Set<Key>()
    var previousKeys: [Key] = []
    if sectionsHaveContent {
      newSections.formUnion(keys(after.sections))
      previousKeys = keys(before.sections)
      oldSections.formUnion(previousKeys)
    }
    var reloaded = Set<JSONValue>()
    var reloadedSections = Set<Key>()
    var previous = before.sections
    var lines: [String] = []
    for (t, stage) in staged.stages.enumerated() {
      for path in stage.reloadItems { reloaded.insert(previous[path.section].items[path.item]) }
      for path in stage.reconfigureItems { reloaded.insert(previous[path.section].items[path.item]) }
      for s in stage.reloadSections { reloadedSections.insert(previousKeys[s]) }
      let stageKeys =
        !sectionsHaveContent
        ? []
        : sectionOccurrences.map { occurrences in
          zip(stage.sections, occurrences[t]).map { Key(id: $0.id, occurrence: $1) }
        } ?? stage.sections.map { Key(id: $0.id, occurrence: 0) }
      var w = JSONWriter()
      w.object { w in
        w.key("deleteSections")
        w.array(stage.deleteSections) { w, s in w.int(s) }
        w.key("insertSections")
        w.array(stage.insertSections) { w, s in w.int(s) }
        w.key("moveSections")
        w.array(stage.moveSections) { w, m in w.array([m.from, m.to]) { w, s in w.int(s) } }
        if sectionsHaveContent {
          w.key("reloadSections")
          w.array(stage.reloadSections) { w, s in w.int(s) }
        }
        w.key("deleteItems")
        w.array(stage.deleteItems) { w, p in path(p, &w) }
        w.key("insertItems")
        w.array(stage.insertItems) { w, p in path(p, &w) }
        w.key("moveItems")
        w.array(stage.moveItems) { w, m in w.array([m.from, m.to]) { w, p in path(p, &w) } }
        if reconfigures {
          w.key("reconfigureItems")
          w.array(stage.reconfigureItems) { w, p in path(p, &w) }
        } else {
          w.key("reloadItems")
          w.array(stage.reloadItems) { w, p in path(p, &w) }
        }
      }
      var line = w.text
      line.removeLast()  // the closing brace: the sections follow
      line += ", \"sections\": ["
      for (s, section) in stage.sections.enumerated() {
        line += s == 0 ? "{\"id\": " : ", {\"id\": "
        appendIdentifier(section.id, to: &line)
        if sectionsHaveContent {
          let key = stageKeys[s]
          let shown =
            reloadedSections.contains(key) || !oldSections.contains(key)
            ? after.sectionContent[key]
            : !newSections.contains(key) || !sameJSON(before.sectionContent[key], after.sectionContent[key])
              ? before.sectionContent[key] : after.sectionContent[key]
          if let shown { line += ", \"content\": " + shown.serialized() }
        }
        line += ", \"items\": ["
        for (i, id) in section.items.enumerated() {
          if i > 0 { line += ", " }
          let content =
            !hasContent
            ? nil
            : changed.contains(id) && !reloaded.contains(id)
              ? before.content[id]
              : newItems.contains(id) ? after.content[id] : before.content[id]
          guard let content else {
            appendIdentifier(id, to: &line)
            continue
          }
          line += "{\"id\": "
          appendIdentifier(id, to: &line)
          line += ", \"content\": " + content.serialized() + "}"
        }
        line += "]}"
      }
      line += "]}"
      lines.append(line)
      previous = stage.sections
      previousKeys = stageKeys
    }
    return "{\"stages\": [\n" + lines.joined(separator: ",\n") + "\n]}\n"
  }

  /// Appends an identifier (a string or a whole number) as JSON.
  private static func appendIdentifier(_ id: JSONValue, to text: inout String) {
    switch id {
    case .number(let n): text += String(Int64(n))  // Int64: below 1e15, also where Int has 32 bits
    case .string(let s): JSONWriter.escape(s, into: &text)
    default: text += id.serialized()
    }
  }

  private static func path(_ p: ItemPath, _ w: inout JSONWriter) {
    w.array([p.section, p.item]) { w, i in w.int(i) }
  }
}
