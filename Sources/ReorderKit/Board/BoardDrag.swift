/// The drag of items on a ``Board``: one value that owns where the items are while they cross
/// views, and decides what each input means for them. It knows no view: its inputs carry what the
/// board read from the views (the view under the pointer, what that view says to the items, a
/// view's new data), and each returns an action the board performs on its views. The board never
/// keeps a flag of its own about the drag; it asks this value.
///
/// A drag is in one of five phases, each with its own data:
///
/// | Phase | Who shows the gap | The source | Notes for the drop |
/// |---|---|---|---|
/// | ``Phase/lifted(_:)`` | the source | runs the drag as its own (version 2) | none yet: the source reports its own drop |
/// | ``Phase/home(_:)`` | the source | took the drag on again | the trip's |
/// | ``Phase/visiting(_:_:)`` | the visited view | lends the items | the trip's |
/// | ``Phase/overNoView(_:)`` | no view (the board floats the cell) | lends the items | the trip's |
/// | ``Phase/refused(_:_:)`` | no view (a forbidden marker) | lends the items | the trip's |
///
/// A crossing is two inputs, ``leave()`` then ``arrive(over:_:)``:
///
/// | From | Input | To | Action for the board |
/// |---|---|---|---|
/// | `lifted` | ``leave()`` | `overNoView`, once ``lent(_:)`` answers | lend, the first time (the trip begins) |
/// | `home` | ``leave()`` | `overNoView` | lend |
/// | `visiting(v)` | ``leave()`` | `overNoView` | give back (`v` takes the items out) |
/// | `overNoView`, `refused(v)` | ``leave()`` | `overNoView` | nothing |
/// | `overNoView` | ``arrive(over:_:)`` no view, or `.noGap` | `overNoView` | none (the board floats the cell) |
/// | `overNoView` | ``arrive(over:_:)`` `v`, `.refuses` | `refused(v)` | report the refusal |
/// | `overNoView` | ``arrive(over:_:)`` the source, `.gap(p)` | `home` | the source resumes at `p`; announce |
/// | `overNoView` | ``arrive(over:_:)`` `v`, `.gap(p)` | `visiting(v)` | `v` takes the items in at `p`; announce |
///
/// Leaving: the view that holds the items lets them go (the source lends them, another view gives
/// them back). Arriving: the view under the pointer takes them in, the source takes its drag on,
/// a view refuses them, or none holds them. Leaving the `lifted` phase is the one input that needs
/// an answer: the board lends the source's items and returns what the source says of them (where
/// they stand, after a live drag's steps are taken back) with ``lent(_:)``. The other inputs:
/// ``pointer(at:over:)`` (a step in the view that holds the items, or a crossing), ``key(_:axis:views:)``,
/// ``release()``, ``cancel()``, ``newData(for:)`` and ``sourceData(_:)``, ``viewRemoved(_:)``,
/// ``sourceItems(_:)``, ``keyboardHolds()``.
///
/// Invariants, checked after every input in debug builds (``_checkInvariants()``): one view at
/// most shows the gap (``holder``); the source lends (``lends``) exactly while the items are not
/// at home, that is while another view holds them or the board does; a visited or refusing view
/// is never the source; the items of a trip are distinct, include the lead, and have a home.
@usableFromInline
struct BoardDrag<
  ViewID: Hashable & Sendable, SectionID: Hashable & Sendable, ItemID: Hashable & Sendable
>: Sendable {
  /// Where the items are, with the data of that phase.
  @usableFromInline enum Phase: Equatable, Sendable {
    /// At home in the source, never left: the source runs the drag as its own and reports it.
    case lifted(Lift)
    /// At home in the source again after a trip: the source's session took the drag on, and the
    /// board reports the drop.
    case home(Trip)
    /// Visiting another view, which holds the items and shows the gap; the source lends them.
    case visiting(ViewID, Trip)
    /// Over no view (or over a view with no gap for them): no gap, the board floats the lifted
    /// cell, a release cancels; the source lends them.
    case overNoView(Trip)
    /// Over a view that refuses them: no gap, a forbidden marker, a release cancels; the source
    /// lends them.
    case refused(ViewID, Trip)
  }

  /// A drag that never left its source.
  @usableFromInline struct Lift: Equatable, Sendable {
    /// The items as the source gave them at the lift (the lead first); the source's session is
    /// what counts while the items are home.
    @usableFromInline var items: [ItemID]

    @inlinable init(items: [ItemID]) { self.items = items }
  }

  /// The view the items were lifted in.
  @usableFromInline let source: ViewID
  /// The lifted item.
  @usableFromInline let lead: ItemID
  /// The pointer in window coordinates (where the board floats the lifted cell over no view).
  @usableFromInline var pointer: Point
  /// Whether the keyboard holds the items: the pointer no longer moves them, nor does the board
  /// scroll for them.
  @usableFromInline var isKeyboard: Bool
  /// Where the items are.
  @usableFromInline var phase: Phase

  /// The lift: items lifted in `source`, the lead first.
  @inlinable init(source: ViewID, lead: ItemID, items: [ItemID], pointer: Point, isKeyboard: Bool) {
    self.source = source
    self.lead = lead
    self.pointer = pointer
    self.isKeyboard = isKeyboard
    self.phase = .lifted(Lift(items: items))
    _checkInvariants()
  }

  // MARK: Queries

  /// The view that holds the items and shows the gap: the source at home, the visited view;
  /// `nil` over no view or a view that refuses them.
  @inlinable var holder: ViewID? {
    switch phase {
    case .lifted, .home: source
    case .visiting(let view, _): view
    case .overNoView, .refused: nil
    }
  }

  /// The view under the pointer that refuses the items, if any.
  @inlinable var refusingView: ViewID? {
    if case .refused(let view, _) = phase { return view }
    return nil
  }

  /// Whether the items never left their source (the source runs the drag as its own).
  @inlinable var pristine: Bool {
    if case .lifted = phase { return true }
    return false
  }

  /// Whether the source lends the items: it keeps them in its data, its session away, while
  /// another view or the board holds them.
  @inlinable var lends: Bool {
    switch phase {
    case .lifted, .home: false
    case .visiting, .overNoView, .refused: true
    }
  }

  /// The trip, once the items have left their source.
  @inlinable var trip: Trip? {
    switch phase {
    case .lifted: nil
    case .home(let trip), .visiting(_, let trip), .overNoView(let trip), .refused(_, let trip): trip
    }
  }

  /// Whether a group travels (a trip with children): read in place, with no copy of the trip.
  @inlinable var carriesGroup: Bool {
    switch phase {
    case .lifted: false
    case .home(let trip), .visiting(_, let trip), .overNoView(let trip), .refused(_, let trip): !trip.children.isEmpty
    }
  }

  /// The items the board knows of: those lifted, or those of the trip.
  @inlinable var items: [ItemID] {
    switch phase {
    case .lifted(let lift): lift.items
    case .home(let trip), .visiting(_, let trip), .overNoView(let trip), .refused(_, let trip): trip.items
    }
  }

  /// Whether the board's own auto-scroll runs for this drag (a pointer drag; a keyboard drag
  /// scrolls the board to show the view it enters instead).
  @inlinable var scrollsBoard: Bool { !isKeyboard }

  /// The lifted cell's frame in window coordinates while no view holds the items (a view that
  /// holds them draws them itself).
  @inlinable var floatingFrame: Rect? {
    switch phase {
    case .overNoView(let trip), .refused(_, let trip):
      Rect(origin: Point(x: pointer.x - trip.grab.x, y: pointer.y - trip.grab.y), size: trip.size)
    case .lifted, .home, .visiting: nil
    }
  }

  // MARK: The pointer

  /// What the board does with the pointer of a pointer drag over a view.
  @usableFromInline enum PointerAction: Equatable, Sendable {
    /// A keyboard drag: the pointer does not move it (nor is it kept).
    case ignored
    /// Nothing but the pointer kept: the view that refuses the items is still under it.
    case none
    /// The view that holds the items takes the step by its own rules; with `reportsData`, its
    /// data changes are reported as they come (the source's own drag), else the board reports
    /// them once, at the drop.
    case step(ViewID, reportsData: Bool)
    /// The items cross: ``BoardDrag/leave()``, then ``BoardDrag/arrive(over:_:)`` over `to`.
    case cross(to: ViewID?)
  }

  /// The pointer is at a point (window coordinates) over a view, or over none (the board
  /// scrolling under a still pointer is this input too).
  @inlinable mutating func pointer(at point: Point, over view: ViewID?) -> PointerAction {
    defer { _checkInvariants() }
    guard !isKeyboard else { return .ignored }
    pointer = point
    if let view, view == holder { return .step(view, reportsData: pristine) }
    if let view, view == refusingView { return .none }
    return .cross(to: view)
  }

  // MARK: Crossing

  /// How the items leave the view that holds them.
  @usableFromInline enum Leave: Equatable, Sendable {
    /// No view holds them (over no view, or a view that refuses them).
    case nothing
    /// The source keeps them in its data, its session away. `first`: the trip begins; the board
    /// reports the live steps the source takes back, and answers with ``BoardDrag/lent(_:)``.
    case lend(ViewID, first: Bool)
    /// The visited view lets them go: they leave its data, its session ends without a word.
    case giveBack(ViewID)
  }

  /// The items leave the view that holds them: the first half of every crossing, of a cancel
  /// across views and of new data that ends the drag. After it no view holds them (but after
  /// `.lend(_, first: true)`, until ``lent(_:)`` answers).
  @inlinable mutating func leave() -> Leave {
    defer { _checkInvariants() }
    switch phase {
    case .lifted:
      return .lend(source, first: true)
    case .home(let trip):
      phase = .overNoView(trip)
      return .lend(source, first: false)
    case .visiting(let view, let trip):
      phase = .overNoView(trip)
      return .giveBack(view)
    case .overNoView(let trip), .refused(_, let trip):
      phase = .overNoView(trip)
      return .nothing
    }
  }

  /// The source lent the items for the first time (the answer to `.lend(_, first: true)`): the
  /// trip begins, over no view until ``arrive(over:_:)``.
  @inlinable mutating func lent(_ trip: Trip) {
    guard case .lifted = phase else { preconditionFailure("lent(_:) answers leave() of a drag that never left") }
    phase = .overNoView(trip)
    _checkInvariants()
  }

  /// What a view says to items arriving over it, as the board reads it from the view.
  @usableFromInline enum Entry: Equatable, Sendable {
    /// Its acceptance rule refuses them (never said of their source, which takes its own back).
    case refuses
    /// It takes them, but shows no gap for them there (over no row or slot, no section).
    case noGap
    /// It takes them, with the gap at this position (counted without them).
    case gap(OutlinePosition<ItemID>)
  }

  /// Where the items arrive.
  @usableFromInline enum Arrival: Equatable, Sendable {
    /// Nowhere: over no view, or a view with no gap for them. The board floats the cell.
    case none
    /// A view refuses them: report it (its forbidden marker shows).
    case refused(ViewID)
    /// Another view takes them in at a position, and runs the drag on; the board announces the move.
    case takeIn(ViewID, at: OutlinePosition<ItemID>, Trip)
    /// The source takes its drag on with the gap at a position (it kept the items all along);
    /// the board announces the move.
    case resume(ViewID, at: OutlinePosition<ItemID>)
  }

  /// The items, which no view holds (after ``leave()``), arrive over a view or none: the second
  /// half of a crossing.
  /// - Precondition: no view holds the items, and `entry` is not `.refuses` for their source.
  @inlinable mutating func arrive(over view: ViewID?, _ entry: Entry) -> Arrival {
    guard case .overNoView(let trip) = phase else {
      preconditionFailure("arrive(over:_:) follows leave(): a view still holds the items")
    }
    defer { _checkInvariants() }
    guard let view else { return .none }
    switch entry {
    case .refuses:
      precondition(view != source, "the source refused its own items")
      phase = .refused(view, trip)
      return .refused(view)
    case .noGap:
      return .none
    case .gap(let position):
      if view == source {
        phase = .home(trip)
        return .resume(view, at: position)
      }
      phase = .visiting(view, trip)
      return .takeIn(view, at: position, trip)
    }
  }
}
