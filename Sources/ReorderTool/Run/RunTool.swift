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
        announcements: outcome.announcements, isList: scenario.isList) + "\n")
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
  }

  /// Plays the events (with 60 Hz ticks between them) and returns the final snapshot, the committed
  /// moves and copies, and the differences.
  package static func play(_ scenario: Scenario) -> Outcome {
    let denied = scenario.denied
    var policy = ReorderPolicy<String, String>()
    policy.canMoveItem = { id, _ in !denied.contains(id) }
    var view = CollectionView(
      snapshot: scenario.snapshot, layout: scenario.layout, viewSize: scenario.viewSize, mode: scenario.mode,
      itemSizes: scenario.itemSizes, policy: policy)
    if scenario.mode == .dragDrop { configureDragDrop(&view, scenario) }
    var outcome = Outcome(snapshot: scenario.snapshot)
    func record(_ events: [CollectionViewEvent<String, String>]) {
      for event in events {
        switch event {
        case .moved(let id, let from, let to): outcome.moves.append(Move(item: id, from: from, to: to))
        case .committed(let difference): outcome.differences.append(difference)
        case .announcement(let text): outcome.announcements.append(text)
        case .dropped:
          guard let drop = view.lastDrop, drop.operation == .copy else { continue }
          for (item, copy) in zip(drop.items, drop.copies) {
            outcome.copies.append(Copy(item: item, copy: copy, to: view.snapshot.position(of: copy)!))
          }
        default: break
        }
      }
    }
    var clock = scenario.events.first?.time ?? 0
    for (time, event) in scenario.events {
      var k = 1.0
      while clock + k / tickRate < time - 1e-9 {
        record(view.tick(time: clock + k / tickRate))
        k += 1
      }
      clock = time
      switch event {
      case .down(let p): record(view.pointerDown(at: p, time: time))
      case .move(let p): record(view.pointerMoved(to: p, time: time))
      case .up(let p): record(view.pointerUp(at: p, time: time))
      case .tap(let p):
        if view.isDragging {
          record(view.addItemToDragSession(at: p, time: time))
        } else {
          record(view.pointerDown(at: p, time: time))
          record(view.pointerUp(at: p, time: time))
        }
      case .cancel: record(view.cancelGesture(time: time))
      case .tick: record(view.tick(time: time))
      case .scroll(let d): record(view.scroll(by: d, time: time))
      case .apply(let data):
        do {
          try view.apply(data, itemSizes: scenario.itemSizes, time: time)
        } catch {
          // Reading the scenario checked that a flow grid has a size for every item it applies.
          preconditionFailure("events: \(error)")
        }
      case .undo: record(view.undo(time: time))
      case .redo: record(view.redo(time: time))
      case .focus(let id): record(view.focus(id, time: time))
      case .key(let key): record(view.keyPressed(key, time: time))
      }
    }
    record(view.tick(time: clock))
    outcome.snapshot = view.snapshot
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
    differences: [ReorderDifference<String, String>] = [], announcements: [String] = [], isList: Bool
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
      w.array(differences) { w, d in
        w.object { w in
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
      w.key("announcements")
      w.array(announcements) { w, text in w.string(text) }
      if !copies.isEmpty {
        w.key("copies")
        w.array(copies) { w, copy in
          w.object { w in
            w.key("item")
            w.string(copy.item)
            w.key("copy")
            w.string(copy.copy)
            w.key("to")
            position(copy.to, &w)
          }
        }
      }
    }
    return w.text
  }
}
