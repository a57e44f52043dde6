/// The board drag's other inputs: the keyboard, the end (release, cancel), new data and removed
/// views; and its invariants. See ``BoardDrag``.
extension BoardDrag {
  // MARK: The keyboard

  /// What the board does with a key pressed during the drag.
  @usableFromInline enum KeyAction: Equatable, Sendable {
    /// Nothing: no view holds the items.
    case none
    /// The source's own key (a drag that never left it).
    case source(ViewID)
    /// The view that holds the items moves them within (the board reports the data, at the drop).
    case holder(ViewID)
    /// The items move to the next view in a direction that takes them (the board finds it, then
    /// ``BoardDrag/keyboardHolds()``, ``BoardDrag/leave()`` and ``BoardDrag/arrive(over:_:)``).
    case across(forward: Bool)
    /// Space or Enter: the drop (see ``BoardDrag/release()``).
    case release
    /// Escape: the cancel (see ``BoardDrag/cancel()``).
    case cancel
  }

  /// A key is pressed. Left and Right (Up and Down on a board whose views stack) cross views when
  /// the board has more than one.
  @inlinable func key(_ key: NavigationKey, axis: ScrollDirection, views: Int) -> KeyAction {
    let across: Bool
    switch key {
    case .left, .right: across = axis == .horizontal
    case .up, .down: across = axis == .vertical
    default: across = false
    }
    if across && views > 1 { return .across(forward: key == .right || key == .down) }
    if pristine { return .source(source) }
    switch key {
    case .escape: return .cancel
    case .space, .enter: return .release
    default: return holder.map { .holder($0) } ?? .none
    }
  }

  /// The keyboard holds the items from now on, whatever lifted them (a move across views by key,
  /// an accessibility action).
  @inlinable mutating func keyboardHolds() {
    isKeyboard = true
    _checkInvariants()
  }

  // MARK: The end

  /// What the board does when the items are released.
  @usableFromInline enum ReleaseAction: Equatable, Sendable {
    /// The source drops them by its own rules, and reports it (a drag that never left it).
    case source(ViewID)
    /// The view that holds them drops them by its own rules; the board reports one gesture, from
    /// where the items stood in their source (the trip) to where they land.
    case drop(ViewID, Trip)
    /// No view holds them: the drag ends as a cancel (``BoardDrag/cancel()``'s `.across`).
    case cancel
  }

  /// The items are released (a pointer up, Space or Enter).
  @inlinable func release() -> ReleaseAction {
    switch phase {
    case .lifted: .source(source)
    case .home(let trip): .drop(source, trip)
    case .visiting(let view, let trip): .drop(view, trip)
    case .overNoView, .refused: .cancel
    }
  }

  /// What the board does to cancel the drag.
  @usableFromInline enum CancelAction: Equatable, Sendable {
    /// The source cancels by its own rules, and reports it.
    case source(ViewID)
    /// The items leave what holds them (``BoardDrag/leave()``) and the source, which kept them,
    /// shows them where they stand; the board reports the cancel.
    case across
  }

  /// The drag is cancelled (Escape, a lost pointer, a release over no view).
  @inlinable func cancel() -> CancelAction {
    pristine ? .source(source) : .across
  }

  // MARK: New data

  /// What new data for a view means for the drag.
  @usableFromInline enum NewDataAction: Equatable, Sendable {
    /// Nothing: the view applies it by its own rules (the source of a drag that never left it
    /// too, as in version 2).
    case apply
    /// New data for the source, which lends the items or took them back: see
    /// ``BoardDrag/sourceData(_:)``.
    case source
    /// New data for the visited view: the app's data does not have the items there, so the view
    /// keeps them where they stand (if it has a section left; else the gap goes back to the source).
    case holder(Trip)
  }

  /// New data arrives for a view.
  @inlinable func newData(for view: ViewID) -> NewDataAction {
    switch phase {
    case .lifted: return .apply
    case .visiting(let holder, let trip) where holder == view: return .holder(trip)
    default: return view == source ? .source : .apply
    }
  }

  /// What new data for the source does to a trip.
  @usableFromInline enum SourceDataAction: Equatable, Sendable {
    /// The lead item is gone: the drag ends as a cancel, after the items leave what holds them.
    case cancel(Leave)
    /// The trip goes on with the items the data keeps; `gone` leave the visited view too.
    case keep(gone: [ItemID], visited: ViewID?)
  }

  /// New data for the source of a trip: items it no longer holds leave the drag; where it has the
  /// others is where they go back on a cancel, and where undo puts them.
  @inlinable mutating func sourceData(_ data: Snapshot<SectionID, ItemID>) -> SourceDataAction {
    guard var trip else { preconditionFailure("sourceData(_:) of a drag that never left its source") }
    defer { _checkInvariants() }
    let kept = trip.items.filter(data.contains)
    guard kept.contains(lead) else { return .cancel(leave()) }
    let gone = trip.items.filter { !data.contains($0) }
    var positions: [ItemID: OutlinePosition<ItemID>] = [:]
    for id in kept { positions[id] = data.position(of: id) }
    let home = Trip.home(of: kept, in: data, children: trip.children, expanded: trip.expanded)
    trip.change {
      $0.items = kept
      $0.home = home
      $0.homePositions = positions
    }
    var visited: ViewID?
    switch phase {
    case .lifted: preconditionFailure("unreachable: a trip")
    case .home: phase = .home(trip)
    case .visiting(let view, _):
      phase = .visiting(view, trip)
      visited = gone.isEmpty ? nil : view
    case .overNoView: phase = .overNoView(trip)
    case .refused(let view, _): phase = .refused(view, trip)
    }
    return .keep(gone: gone, visited: visited)
  }

  /// The items the source's session carries changed while they are at home, never left (an item
  /// added to a drag-and-drop session).
  @inlinable mutating func sourceItems(_ items: [ItemID]) {
    guard case .lifted = phase else { preconditionFailure("sourceItems(_:) of a drag that left its source") }
    phase = .lifted(Lift(items: items))
    _checkInvariants()
  }

  /// What the board does when a view leaves it.
  @usableFromInline enum RemovalAction: Equatable, Sendable {
    /// Nothing for the drag.
    case none
    /// The source left: the drag ends as a cancel, after the items leave what holds them.
    case cancel(Leave)
    /// The visited view left (with the items it held): the gap goes back to the source, where
    /// the items stand (``BoardDrag/arrive(over:_:)`` over the source at its lift place).
    case returnToSource
  }

  /// A view is removed from the board.
  @inlinable mutating func viewRemoved(_ view: ViewID) -> RemovalAction {
    defer { _checkInvariants() }
    if view == source { return .cancel(pristine ? .nothing : leave()) }
    guard case .visiting(let visited, let trip) = phase, visited == view else { return .none }
    phase = .overNoView(trip)
    return .returnToSource
  }

  // MARK: Invariants

  /// Stops, in debug builds, if the drag's phases disagree: one view at most holds the items
  /// (by construction: the phase names it); the source lends exactly while the items are not at
  /// home; a visited or refusing view is not the source; a trip's items are distinct, include
  /// the lead, and have their home positions.
  @inlinable func _checkInvariants() {
    #if DEBUG
      precondition(lends == (holder != source), "the source lends exactly while it does not hold the items")
      switch phase {
      case .lifted(let lift):
        precondition(lift.items.isEmpty || lift.items.first == lead, "a lift's items begin with the lead")
      case .home(let trip), .overNoView(let trip):
        Self.check(trip, lead: lead)
      case .visiting(let view, let trip), .refused(let view, let trip):
        precondition(view != source, "the source is never visited nor refuses its own items")
        Self.check(trip, lead: lead)
      }
    #endif
  }

  /// A trip's items are distinct, include the lead, and each has its home position.
  @inlinable static func check(_ trip: Trip, lead: ItemID) {
    #if DEBUG
      precondition(Set(trip.items).count == trip.items.count, "a trip's items are distinct")
      precondition(trip.items.contains(lead), "a trip carries its lead item")
      precondition(trip.homePositions.count == trip.items.count, "every item of a trip has its home position")
      precondition(
        trip.items.allSatisfy { trip.homePositions[$0] != nil }, "every item of a trip has its home position")
    #endif
  }
}
