import ReorderKit

/// `reorder run scenario.json`: plays a scenario's events through the engine
/// and writes the resulting sections and the committed moves.
///
/// In mode `dragDrop`, a drop that lands several items writes one move per item that
/// changes place, in the session's original order; each is a UIKit move (remove at
/// `from`, insert at `to` counted after the removal), so replaying the moves in order on
/// the input gives the output. A copy (see `drop.copy`) moves nothing and adds an entry to
/// an extra `"copies"` array (written only when something was copied):
/// `{"item": original, "copy": new identifier, "to": position}`, `to` being the copy's
/// position right after its drop. Copies are named `"<id> copy"`, then `"<id> copy 2"`, ….
/// An `apply` event's sections and items may carry `"content"` (an item as `{"id", "content"}`):
/// each `apply` that changes the content of items or sections present before and after adds an
/// entry to an extra `"updates"` array, `{"items": [...], "sections": [...]}` (a board's entries
/// also name the `"view"`), written only when there is one.
/// `drop.forbid` lists groups and sections that refuse drops (into the group, into a gap
/// inside it, or anywhere in the section); releasing there, over no row or outside the
/// view cancels the drop.
///
/// ```swift
/// let result = RunTool.run(scenario: Array(json.utf8), name: "nine-tiles.json")
/// print(result.stdout)   // {"sections": [...], "moves": [...]}
/// ```
package enum RunTool {
  /// The engine's tick rate between events.
  package static let tickRate = 60.0

  /// Runs a scenario document. Bad input gives exit status 2 and one line on standard error.
  package static func run(scenario bytes: [UInt8], name: String) -> ToolResult {
    let json: JSONValue
    do {
      json = try JSONValue.parse(bytes)
    } catch {
      return .inputError("\(name): malformed JSON at \(error)")
    }
    if BoardScenario.isBoard(json) {
      let board: BoardScenario
      do {
        board = try BoardScenario(json: json)
      } catch {
        return .inputError("\(name): \(error.message)")
      }
      return ToolResult(stdout: encode(play(board)) + "\n")
    }
    let scenario: Scenario
    do {
      scenario = try Scenario(json: json)
    } catch {
      return .inputError("\(name): \(error.message)")
    }
    let outcome = play(scenario)
    return ToolResult(
      stdout: encode(
        outcome.snapshot, moves: outcome.moves, copies: outcome.copies, differences: outcome.differences,
        announcements: outcome.announcements, updates: outcome.updates, isList: scenario.isList) + "\n")
  }

  /// One committed move, as the output reports it.
  package struct Move: Hashable, Sendable {
    package var item: String
    package var from: OutlinePosition<String>
    package var to: OutlinePosition<String>
  }

  /// One copy landed by a drag and drop, as the output reports it.
  package struct Copy: Hashable, Sendable {
    package var item: String
    package var copy: String
    package var to: OutlinePosition<String>
  }

  /// What playing a scenario gives: the data, the UIKit moves, the copies, and one identity-based
  /// difference per committed gesture, undo and redo.
  package struct Outcome: Sendable {
    package var snapshot: Snapshot<String, String>
    package var moves: [Move] = []
    package var copies: [Copy] = []
    package var differences: [ReorderDifference<String, String>] = []
    package var announcements: [String] = []
    /// Per new data that changed content: the items and sections whose content changed.
    package var updates: [(items: [String], sections: [String])] = []
  }

  /// Plays the events (with 60 Hz ticks between them) and returns the final snapshot, the committed
  /// moves and copies, and the differences.
  package static func play(_ scenario: Scenario) -> Outcome {
    // One view is a board of one view: the same drag context as a board of several.
    var board = BoardOutcome(snapshots: [])
    let view = BoardScenario.View(
      id: "", frame: Rect(origin: .zero, size: scenario.viewSize), scenario: scenario)
    let played = play(
      BoardScenario(views: [view], events: scenario.events.map { ($0.time, $0.event, nil) }), into: &board)
    var outcome = Outcome(snapshot: played.columns[0].view.snapshot)
    outcome.moves = board.moves.map { Move(item: $0.item, from: $0.from.position, to: $0.to.position) }
    outcome.copies = board.copies.map { Copy(item: $0.item, copy: $0.copy, to: $0.to.position) }
    outcome.differences = board.differences.map(\.difference)
    outcome.announcements = board.announcements
    outcome.updates = board.updates.map { ($0.items, $0.sections) }
    return outcome
  }

  /// The scenario's drop rules as the view's policy: forbidden groups and sections, copied items, the
  /// cadence. The hooks name sections by identity, so new data that adds or removes sections
  /// mid-drag cannot make them read the wrong section.
  static func configureDragDrop(_ view: inout CollectionView<String, String>, _ scenario: Scenario) {
    let forbidden = scenario.dropForbidden
    let copied = scenario.dropCopied
    view.reorderingCadence = scenario.reorderingCadence
    view.policy.dropSessionDidUpdate = { items, destination, proposed in
      guard proposed.landsItems, let destination else { return proposed }
      switch destination {
      case .insertInto(let group) where forbidden.contains(group):
        return DropProposal(operation: .forbidden, intent: proposed.intent)
      case .insertAt(let p) where forbidden.contains(p.section) || p.parent.map(forbidden.contains) == true:
        return DropProposal(operation: .forbidden, intent: proposed.intent)
      default:
        if !copied.isEmpty && items.allSatisfy(copied.contains) {
          return DropProposal(operation: .copy, intent: proposed.intent)
        }
        return proposed
      }
    }
    view.policy.identifierForCopy = { original, isTaken in
      var name = "\(original) copy"
      var n = 1
      while isTaken(name) {
        n += 1
        name = "\(original) copy \(n)"
      }
      return name
    }
  }

  /// The output document: `{"sections": [...], "moves": [...]}`.
  package static func encode(
    _ snapshot: Snapshot<String, String>, moves: [Move], copies: [Copy] = [],
    differences: [ReorderDifference<String, String>] = [], announcements: [String] = [],
    updates: [(items: [String], sections: [String])] = [], isList: Bool
  ) -> String {
    func position(_ position: OutlinePosition<String>, _ w: inout JSONWriter) {
      if isList {
        w.object { w in
          w.key("section")
          w.int(position.section)
          w.key("parent")
          if let parent = position.parent { w.string(parent) } else { w.null() }
          w.key("index")
          w.int(position.index)
        }
      } else {
        w.array([position.section, position.index]) { w, n in w.int(n) }
      }
    }
    var w = JSONWriter()
    w.object { w in
      w.key("sections")
      SnapshotJSON.encode(snapshot, into: &w)
      w.key("moves")
      w.array(moves) { w, move in
        w.object { w in
          w.key("item")
          w.string(move.item)
          for (key, p) in [("from", move.from), ("to", move.to)] {
            w.key(key)
            position(p, &w)
          }
        }
      }
      w.key("differences")
      w.array(differences) { w, d in w.object { w in writeFields(of: d, into: &w) } }
      w.key("announcements")
      w.array(announcements) { w, text in w.string(text) }
      writeOptionalObjects("copies", copies, into: &w) { w, copy in
        w.key("item")
        w.string(copy.item)
        w.key("copy")
        w.string(copy.copy)
        w.key("to")
        position(copy.to, &w)
      }
      writeOptionalObjects("updates", updates, into: &w) { w, update in
        writeUpdate(items: update.items, sections: update.sections, into: &w)
      }
    }
    return w.text
  }

  /// Writes `key` and an array of one object per element, only when there is an element (the
  /// output's optional keys, `"copies"` and `"updates"`); `fields` writes one object's fields.
  static func writeOptionalObjects<Element>(
    _ key: String, _ elements: [Element], into w: inout JSONWriter, _ fields: (inout JSONWriter, Element) -> Void
  ) {
    guard !elements.isEmpty else { return }
    w.key(key)
    w.array(elements) { w, element in w.object { w in fields(&w, element) } }
  }

  /// An update's fields, `"items", "sections"`: what one `apply` changed the content of.
  static func writeUpdate(items: [String], sections: [String], into w: inout JSONWriter) {
    w.key("items")
    w.array(items) { w, id in w.string(id) }
    w.key("sections")
    w.array(sections) { w, id in w.string(id) }
  }

  /// A difference's fields, `"items", "section", "parent", "before"`, into the object being written
  /// (version 3 puts `"view"` before them).
  static func writeFields(of d: ReorderDifference<String, String>, into w: inout JSONWriter) {
    w.key("items")
    w.array(d.items) { w, id in w.string(id) }
    w.key("section")
    w.string(d.section)
    w.key("parent")
    if let parent = d.parent { w.string(parent) } else { w.null() }
    w.key("before")
    if let before = d.before { w.string(before) } else { w.null() }
  }
}
