/// Undo and redo on a board: one step per gesture, whichever views it touched. A gesture within
/// one view is that view's own step; a gesture across views takes the items out of where they
/// landed and puts them back where they stood, by identity.
extension Board {
  /// Takes the last gesture back (within a view or across views), by identity. Does nothing
  /// during a drag or with nothing to undo.
  ///
  /// ```swift
  /// _ = board.pointerUp(at: p, time: 1.0)   // "a" dropped from To do into Doing
  /// _ = board.undo(time: 2.0)               // "a" is back in To do, where it stood
  /// _ = board.redo(time: 3.0)               // and in Doing again
  /// ```
  @discardableResult
  @inlinable public mutating func undo(time: Double) -> [Event] {
    let check = _beforeInput()
    defer { _checkViews(after: check) }
    var events = advance(to: time)
    guard interaction.isIdle, let step = history.undo.popLast() else { return events }
    events += replay(step, forward: false, time: time)
    history.redo.append(step)
    return events
  }

  /// Applies the last undone gesture again. Does nothing during a drag or with nothing to redo.
  @discardableResult
  @inlinable public mutating func redo(time: Double) -> [Event] {
    let check = _beforeInput()
    defer { _checkViews(after: check) }
    var events = advance(to: time)
    guard interaction.isIdle, let step = history.redo.popLast() else { return events }
    events += replay(step, forward: true, time: time)
    history.undo.append(step)
    return events
  }

  /// Plays a step back or forward.
  @inlinable mutating func replay(_ step: Step, forward: Bool, time: Double) -> [Event] {
    switch step {
    case .view(let id):
      guard let i = index(of: id) else { return [] }
      return absorb(id, forward ? _columns[i]._view.redo(time: time) : _columns[i]._view.undo(time: time))
    case .column(let from, let to):
      return moveColumn(from: forward ? from : to, to: forward ? to : from)
    case .across(let step):
      let (out, into) = forward ? (step.from, step.to) : (step.to, step.from)
      // Where the items stand now, by view and index, for the UIKit moves.
      var start: [ItemID: OutlinePosition<ItemID>] = [:]
      var startView: ViewID?
      var taken: Set<ItemID> = []
      for (view, _) in out {
        guard let i = index(of: view) else { continue }
        let data = _columns[i]._view.snapshot
        let present = step.items.filter(data.contains)
        for id in present { start[id] = data.position(of: id) }
        if !present.isEmpty { startView = view }
        _columns[i]._view.takeOut(present, time: time)
        taken.formUnion(present)
      }
      var events: [Event] = []
      for (view, changes) in into {
        guard let i = index(of: view) else { continue }
        var landed: [ReorderDifference<SectionID, ItemID>] = []
        for change in changes {
          if let d = _columns[i]._view.putIn(change, only: taken, sizes: step.sizes, time: time) { landed.append(d) }
        }
        let data = _columns[i]._view.snapshot
        let items = step.items.filter { taken.contains($0) && data.contains($0) }
        let end = Dictionary(uniqueKeysWithValues: items.compactMap { id in data.position(of: id).map { (id, $0) } })
        if let startView { events += movesAcross(items, from: startView, start, to: view, end) }
        for d in data.placements(of: items, skipping: Set(items)) { events.append(.view(view, .changed(.moved(d)))) }
        for d in data.placements(of: items, skipping: Set(items)) { events.append(.view(view, .committed(d))) }
        _ = landed
        if let first = step.items.first(where: items.contains),
          let said = _columns[i]._view.historyAnnouncement(of: first, undoing: !forward)
        {
          events.append(.view(view, said))
        }
      }
      return events
    }
  }
}
