/// The board's drag checked against its real views after each input, in debug builds: the
/// machine (``BoardDrag``) checks itself (``BoardDrag/_checkInvariants()``); this checks that the
/// views agree with it.
extension Board {
  /// Notes what the check after an input needs: the items of the drag under way before it (none in
  /// release builds, or without a drag).
  @inlinable func _beforeInput() -> [ItemID] {
    #if DEBUG
      draggedItems
    #else
      []
    #endif
  }

  /// Stops, in debug builds, if the views disagree with the board's drag after an input: at most
  /// one view shows a gap, and during a drag it is the machine's holder; the source's session is
  /// away (its gap lent) exactly while the machine lends, and no view lends without a drag; and
  /// once a gesture has ended, each of its items is in the data of one view at most (exactly one,
  /// unless new data deleted it meanwhile: then none). O(views + k × views) for k dragged items.
  @inlinable func _checkViews(after dragged: [ItemID]) {
    #if DEBUG
      var gaps: [ViewID] = []
      for column in _columns {
        if let session = column._view.drag, !session.isAway { gaps.append(column.id) }
      }
      precondition(gaps.count <= 1, "views \(gaps) show a gap at once")
      if case .dragging(let drag) = interaction {
        if let shown = gaps.first {
          precondition(shown == drag.holder, "view \(shown) shows the gap, not the drag's holder")
        }
        if let s = index(of: drag.source) {
          let away = _columns[s]._view.drag?.isAway ?? false
          precondition(
            away == drag.lends, "the source \(drag.source) is away: \(away), the drag lends: \(drag.lends)")
        }
      } else {
        for column in _columns {
          precondition(column._view.drag?.isAway != true, "view \(column.id) lends with no drag on the board")
        }
        for id in dragged {
          let holders = _columns.filter { $0._view.snapshot.contains(id) }.map { $0.id }
          precondition(holders.count <= 1, "after the gesture, \(id) is in the data of \(holders)")
        }
      }
    #endif
  }
}
