import ReorderKit

/// `reorder run` on a board (version 3): the views under one drag context, events in window
/// coordinates. A scenario of one view plays through the same code (a board of one view).
extension RunTool {
  /// A board's committed moves, copies, differences and announcements, as the output reports them.
  package struct BoardOutcome: Sendable {
    package var snapshots: [(view: String, snapshot: Snapshot<String, String>)]
    package var moves: [(item: String, from: BoardPosition<String, String>, to: BoardPosition<String, String>)] = []
    package var copies: [(item: String, copy: String, to: BoardPosition<String, String>)] = []
    package var differences: [(view: String, difference: ReorderDifference<String, String>)] = []
    package var announcements: [String] = []
    /// Per new data that changed content: the view, and its items and sections whose content changed
    /// (in the new data's order).
    package var updates: [(view: String, items: [String], sections: [String])] = []
  }

  /// Plays a board scenario and returns the views' data (in board order) and what was committed.
  package static func play(_ scenario: BoardScenario) -> BoardOutcome {
    var outcome = BoardOutcome(snapshots: [])
    let board = play(scenario, into: &outcome)
    // A scenario that ends mid-drag: each card once, where the user sees it.
    outcome.snapshots = board.columns.map { ($0.id, board.arrangedData(of: $0.id) ?? $0.view.snapshot) }
    return outcome
  }

  /// Plays the events (with 60 Hz ticks between them) on the board and records what it reports.
  static func play(_ scenario: BoardScenario, into outcome: inout BoardOutcome) -> Board<String, String, String> {
    let columns = scenario.views.map { v in
      let s = v.scenario
      let denied = s.denied
      var policy = ReorderPolicy<String, String>()
      policy.canMoveItem = { id, _ in !denied.contains(id) }
      var view = CollectionView(
        snapshot: s.snapshot, layout: s.layout, viewSize: s.viewSize, mode: s.mode, itemSizes: s.itemSizes,
        policy: policy)
      if s.mode == .dragDrop { configureDragDrop(&view, s) }
      return Board<String, String, String>.Column(
        id: v.id, frame: v.frame, view: view, accepts: BoardAcceptance(sources: v.sources, limit: v.limit))
    }
    // The scenario checked what the board checks (unique views and items, finite frames).
    guard var board = try? Board(columns: columns) else { preconditionFailure("a checked scenario makes a board") }
    // Each view's content, as the scenario and its `apply` events give it.
    var content = Dictionary(uniqueKeysWithValues: scenario.views.map { ($0.id, $0.scenario.content) })
    func record(_ events: [BoardEvent<String, String, String>]) {
      for event in events {
        switch event {
        case .view(let id, .moved(let item, let from, let to)):
          outcome.moves.append(
            (item, BoardPosition(view: id, position: from), BoardPosition(view: id, position: to)))
        case .moved(let item, let from, let to): outcome.moves.append((item, from, to))
        case .view(let id, .committed(let difference)): outcome.differences.append((id, difference))
        case .view(_, .announcement(let text)): outcome.announcements.append(text)
        case .view(let id, .changed(.replaced(_, let new, let changed))) where !changed.isEmpty:
          let items = new.sections.flatMap { s in s.items.flatMap { [$0] + new.children(of: $0) } }
          outcome.updates.append(
            (id, items.filter(changed.items.contains), new.sections.map(\.id).filter(changed.sections.contains)))
        case .view(let id, .dropped):
          guard let view = board.column(id)?.view, let drop = view.lastDrop, drop.operation == .copy else { continue }
          for (item, copy) in zip(drop.items, drop.copies) {
            guard let position = view.snapshot.position(of: copy) else { continue }
            outcome.copies.append((item, copy, BoardPosition(view: id, position: position)))
          }
        default: break
        }
      }
    }
    var clock = scenario.events.first?.time ?? 0
    for (time, event, viewID) in scenario.events {
      var k = 1.0
      while clock + k / tickRate < time - 1e-9 {
        record(board.tick(time: clock + k / tickRate))
        k += 1
      }
      clock = time
      switch event {
      case .down(let p, let pointer): record(board.pointerDown(at: p, time: time, pointer: pointer))
      case .move(let p): record(board.pointerMoved(to: p, time: time))
      case .up(let p): record(board.pointerUp(at: p, time: time))
      case .tap(let p):
        if board.isDragging {
          record(board.addItemToDragSession(at: p, time: time))
        } else {
          record(board.pointerDown(at: p, time: time))
          record(board.pointerUp(at: p, time: time))
        }
      case .cancel: record(board.cancelGesture(time: time))
      case .tick: record(board.tick(time: time))
      case .scroll(let d):
        if let id = viewID ?? (board.columns.count == 1 ? board.columns[0].id : nil) {
          record(board.scroll(view: id, by: d, time: time))
        } else {
          record(board.scrollBoard(by: d, time: time))
        }
      case .apply(let data, let newContent):
        let id = viewID ?? board.columns[0].id
        let sizes = scenario.views.first { $0.id == id }?.scenario.itemSizes ?? [:]
        let oldContent = content[id] ?? SnapshotJSON.Content()
        content[id] = newContent
        do {
          // The engine asks only about items and sections present before and after.
          try board.apply(
            data, toView: id, itemSizes: sizes, contentChanged: { oldContent.items[$0] != newContent.items[$0] },
            sectionContentChanged: { oldContent.sections[$0] != newContent.sections[$0] }, time: time)
        } catch {
          // Reading the scenario checked that a flow grid has a size for every item it applies.
          preconditionFailure("events: \(error)")
        }
      case .undo: record(board.undo(time: time))
      case .redo: record(board.redo(time: time))
      case .focus(let id): record(board.focus(id, time: time))
      case .key(let key): record(board.keyPressed(key, time: time))
      }
    }
    record(board.tick(time: clock))
    return board
  }

  /// The output of a board scenario: `{"views": [{"id", "sections"}], "moves", "differences",
  /// "announcements"}`, a move's `from` and `to` being `{"view", "section", "parent", "index"}`.
  package static func encode(_ outcome: BoardOutcome) -> String {
    func position(_ p: BoardPosition<String, String>, _ w: inout JSONWriter) {
      w.object { w in
        w.key("view")
        w.string(p.view)
        w.key("section")
        w.int(p.position.section)
        w.key("parent")
        if let parent = p.position.parent { w.string(parent) } else { w.null() }
        w.key("index")
        w.int(p.position.index)
      }
    }
    var w = JSONWriter()
    w.object { w in
      w.key("views")
      w.array(outcome.snapshots) { w, view in
        w.object { w in
          w.key("id")
          w.string(view.view)
          w.key("sections")
          SnapshotJSON.encode(view.snapshot, into: &w)
        }
      }
      w.key("moves")
      w.array(outcome.moves) { w, move in
        w.object { w in
          w.key("item")
          w.string(move.item)
          w.key("from")
          position(move.from, &w)
          w.key("to")
          position(move.to, &w)
        }
      }
      w.key("differences")
      w.array(outcome.differences) { w, d in
        w.object { w in
          w.key("view")
          w.string(d.view)
          writeFields(of: d.difference, into: &w)
        }
      }
      w.key("announcements")
      w.array(outcome.announcements) { w, text in w.string(text) }
      writeOptionalObjects("copies", outcome.copies, into: &w) { w, copy in
        w.key("item")
        w.string(copy.item)
        w.key("copy")
        w.string(copy.copy)
        w.key("to")
        position(copy.to, &w)
      }
      writeOptionalObjects("updates", outcome.updates, into: &w) { w, update in
        w.key("view")
        w.string(update.view)
        writeUpdate(items: update.items, sections: update.sections, into: &w)
      }
    }
    return w.text
  }
}
