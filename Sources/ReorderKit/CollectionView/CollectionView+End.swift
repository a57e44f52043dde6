/// The one door out of a session: every way a drag ends (a drop, a cancel, new data that takes the
/// items away, the owner taking back items held elsewhere or ending the drag without a word)
/// decides what lands and then calls ``end(_:time:animated:landing:atRest:)``, which writes once what all ends
/// share: a live drag's steps taken back, the view at rest again, the resets, the announcement.
extension CollectionView {
  /// Why a session ends, and what each end says (see ``end(_:time:animated:landing:atRest:)``).
  @usableFromInline enum SessionEnd {
    /// The items landed where the drop put them (its `landing` commits that): `settling` glide
    /// from the lifted cell at `from`, "dropped" is spoken for `spoken` (a copy's first item, or
    /// the lifted one), and the view reports ``CollectionViewEvent/dropped(_:)``.
    case dropped(settling: [ItemID], from: Rect, spoken: ItemID)
    /// Nothing landed: a live drag's steps are taken back (and, after new data, where the item
    /// stands is reported), `settling` glide home from `from`, "cancelled" is spoken, and the view
    /// reports ``CollectionViewEvent/cancelled(_:)``, or ``CollectionViewEvent/dropFailed(_:_:)``
    /// with a failure.
    case cancelled(settling: [ItemID], from: Rect, failure: ChangeError?)
    /// New data took the lifted item (or its section) away: nothing moves back; "removed" and
    /// ``CollectionViewEvent/cancelled(_:)`` wait for the next tick.
    case removed
    /// Items held elsewhere (``Session/Gap/away``) come back where they stood; nothing is reported.
    case returned
    /// The owner ends the drag without a word: a live drag's steps are taken back (returned as the
    /// events of the end) and the view shows its data at rest as it is now.
    case abandoned

    /// Whether the end takes a live drag's steps back.
    @inlinable var revertsLiveSteps: Bool {
      switch self {
      case .cancelled, .abandoned: true
      case .dropped, .removed, .returned: false
      }
    }

    /// Whether the end lets go of the pointer's long press: a drop or a cancel comes from the
    /// recogniser's own end (or the keyboard's, which resets it), the others from outside.
    @inlinable var resetsRecognizer: Bool {
      switch self {
      case .dropped, .cancelled: false
      case .removed, .returned, .abandoned: true
      }
    }
  }

  /// Ends the drag in progress. In order, inside one relayout when `animated`: `landing` (what
  /// lands: a drop's commit, the groups spring loading opened closing), a live drag's steps taken
  /// back when the reason says so, then the view at rest (`atRest`, or the resting rows and
  /// layout with appended items where they entered; ``SessionEnd/abandoned`` rebuilds them as the
  /// data is). Then, once for every end: the resets (the held-back announcement, the settle, the
  /// spoken container, and the long press where the reason says), the settle of the items, and
  /// the announcement and last event the reason names. Returns the events of the end.
  @inlinable mutating func end(
    _ reason: SessionEnd, time: Double, animated: Bool = true,
    landing: (inout Self, inout [CollectionViewEvent<SectionID, ItemID>]) -> Void = { _, _ in },
    atRest: ((inout Self, Session) -> Void)? = nil
  ) -> [CollectionViewEvent<SectionID, ItemID>] {
    guard let session = drag else { preconditionFailure("end(_:) with no drag in progress") }
    var events: [CollectionViewEvent<SectionID, ItemID>] = []
    func restore(_ view: inout Self) {
      landing(&view, &events)
      if reason.revertsLiveSteps, session.rules.commitsSteps {
        view.revertLiveSteps(of: session, into: &events)
        // New data came during the drag: the owner's data may have the item elsewhere; say where it stands.
        if case .cancelled = reason, session.newDataArrived,
          let place = view.snapshot.placements(of: [session.item], skipping: [session.item]).first
        {
          events.append(.committed(place))
        }
      }
      if let atRest {
        view.interaction = .idle
        atRest(&view, session)
      } else if case .abandoned = reason {
        view.interaction = .idle
        view.rebuildArrangement()
        view.rebuildLayout()
      } else {
        view.showDataAtRest()
      }
    }
    if animated { relayout(at: time) { restore(&$0) } } else { restore(&self) }
    forgetGesture(resettingRecognizer: reason.resetsRecognizer)
    switch reason {
    case .dropped(let items, let lifted, let spoken):
      settle(items, from: lifted, at: time)
      announceEnd(of: session, cancelled: false, into: &events, item: spoken)
      events.append(.dropped(session.item))
    case .cancelled(let items, let lifted, let failure):
      settle(items, from: lifted, at: time)
      announceEnd(of: session, cancelled: true, into: &events)
      events.append(failure.map { .dropFailed(session.item, $0) } ?? .cancelled(session.item))
    case .removed:
      pendingEvents.append(.announcement(access.announcer.removed(access.announcer.itemName(session.item))))
      pendingEvents.append(.cancelled(session.item))
    case .returned, .abandoned:
      break
    }
    access.speech.container = nil
    return events
  }

  /// What a gesture leaves that outlives no drag: the held-back announcement and the settle
  /// (none runs while a drag holds), the long press when asked. For every end of a session, and
  /// for items going away (the view's own part of the drag stops there).
  @inlinable mutating func forgetGesture(resettingRecognizer: Bool) {
    if resettingRecognizer { longPress.reset() }
    access.speech.held = nil
    motion.settle = nil
  }

  /// Takes a live drag's steps back: the changes that put the items where they stood at the lift
  /// (or their entry), those that new data left possible. Returns whether any applied.
  @discardableResult
  @inlinable mutating func revertLiveSteps(
    of session: Session, into events: inout [CollectionViewEvent<SectionID, ItemID>]
  ) -> Bool {
    var moved = false
    for change in session.undo {
      if let fitted = fitted(change) {
        commitDerived(fitted, into: &events)
        moved = true
      }
    }
    return moved
  }

  /// The view shows its data at rest again: appended items that no drop placed (a cancel, new
  /// data that ends the drag, a layout change) go where they entered (the data is then what it
  /// was before they entered), and the resting rows and layout are rebuilt (a drop's
  /// block joins the base rows' sums where it can).
  @inlinable mutating func showDataAtRest() {
    placeAppendedItemsWhereTheyEntered()
    let session = outline
    interaction = .idle
    rebuildArrangement()
    if let session, layOutDrop(from: session) { return }
    rebuildLayout()
  }
}
