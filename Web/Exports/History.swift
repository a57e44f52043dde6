// Undo and redo for the web build, kept here and not in the view: the engine's
// `CollectionView.undo(time:)` and `redo(time:)` pass their stacks as `WritableKeyPath`s
// (`replayLast(from: \.undo, onto: \.redo, …)`, Changes/CollectionView+Perform.swift), which
// Embedded Swift refuses once the call is specialised ("cannot use key path in embedded Swift";
// Scripts/wasm-check.sh does not see it because nothing there specialises the generic call). Until
// the engine replays its history another way, the export layer keeps the same history by identity
// through the engine's one public door, `perform(_:time:)`, which returns the changes that undo
// what it did: a gesture's undo step is built from its `.moved` events (where each item came
// from), and undo and redo are `perform` calls whose returned inverses make the other stack.

/// The undo and redo stacks of one view: per committed gesture, the changes that take it back
/// (undo) or forward again (redo), by identity.
struct WebHistory {
  var undo: [[Change<Int, Int>]] = []
  var redo: [[Change<Int, Int>]] = []

  /// Records the gestures committed in `events`: for each `.committed` difference, the moves
  /// that put its items back before the items they stood before (or at the end of their
  /// container), read from the `.moved` events and the data after the gesture.
  mutating func record(_ events: [CollectionViewEvent<Int, Int>], after snapshot: Snapshot<Int, Int>) {
    var from: [Int: OutlinePosition<Int>] = [:]
    for event in events {
      switch event {
      case .moved(let id, let origin, _):
        if from[id] == nil { from[id] = origin }
      case .committed(let difference):
        let step = Self.inverse(of: difference, from: from, in: snapshot)
        from = [:]
        guard !step.isEmpty else { continue }
        undo.append(step)
        redo = []
      default:
        break
      }
    }
  }

  /// The moves that undo a committed difference: the moved items, last original place first, each
  /// put back before the item that followed it (an item that moved too is put back first, so it
  /// is there to stand before).
  static func inverse(
    of difference: ReorderDifference<Int, Int>, from: [Int: OutlinePosition<Int>], in snapshot: Snapshot<Int, Int>
  ) -> [Change<Int, Int>] {
    let origins = difference.items.compactMap { id in from[id].map { (id: id, position: $0) } }
    guard origins.count == difference.items.count else { return [] }
    // Original places in order; the container's items as they were, rebuilt from the data now.
    var containers: [ContainerKey: [Int]] = [:]
    for (_, position) in origins {
      let key = ContainerKey(section: position.section, parent: position.parent)
      if containers[key] == nil {
        guard position.section < snapshot.numberOfSections else { return [] }
        let now =
          position.parent.map { snapshot.children(of: $0) } ?? snapshot.items(inSection: position.section)
        containers[key] = now.filter { !difference.items.contains($0) }
      }
    }
    // Put each container's moved items back at their original indices, in ascending order.
    for key in containers.keys {
      let placed = origins.filter { ContainerKey(section: $0.position.section, parent: $0.position.parent) == key }
        .sorted { $0.position.index < $1.position.index }
      for (id, position) in placed {
        let index = min(position.index, containers[key]!.count)
        containers[key]!.insert(id, at: index)
      }
    }
    // One move per item, the last of each container first: it stands before its old next item.
    var changes: [Change<Int, Int>] = []
    for (key, items) in containers {
      let moved = origins.filter { ContainerKey(section: $0.position.section, parent: $0.position.parent) == key }
        .sorted { $0.position.index > $1.position.index }
      for (id, _) in moved {
        let index = items.firstIndex(of: id)!
        let before = index + 1 < items.count ? items[index + 1] : nil
        changes.append(
          .moved(
            ReorderDifference(
              items: [id], section: snapshot.sections[key.section].id, parent: key.parent, before: before)))
      }
    }
    return changes
  }

  struct ContainerKey: Hashable {
    var section: Int
    var parent: Int?
  }
}

extension WebView {
  /// Performs the last step of one stack through `perform`, and pushes what undoes it onto the
  /// other; a step whose changes no longer apply (its items gone) is skipped for the one before.
  mutating func replay(undoing: Bool, time: Double) {
    guard !view.isDragging else { return }
    while let step = undoing ? history.undo.popLast() : history.redo.popLast() {
      var reverse: [Change<Int, Int>] = []
      for change in step {
        guard let inverse = try? view.perform(change, time: time) else { continue }
        reverse = inverse + reverse
      }
      // perform's events come with the next call: the tick delivers them now.
      receive(view.tick(time: time), isReplay: true)
      guard !reverse.isEmpty else { continue }
      if undoing { history.redo.append(reverse) } else { history.undo.append(reverse) }
      return
    }
  }
}
