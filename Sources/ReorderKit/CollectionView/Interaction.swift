extension CollectionView {
  /// What is going on in the view: one value whose cases carry their own state, so that no two
  /// optionals can disagree about it (swift-nio's state machines are the model). The pointer, the
  /// keyboard and the tool drive it through the same session calls: lift, ``movePlaceholder(to:time:)``,
  /// drop and cancel.
  @usableFromInline enum Interaction: Sendable {
    /// Nothing is pressed or lifted.
    case idle
    /// The pointer is down on an item, waiting for the long press (or a tap).
    case pressing(ItemID)
    /// Items are lifted and follow the pointer (or the keyboard).
    case dragging(Session)
  }

  /// A drag in progress, whatever drives it: the lifted item, the items that travel with it, the
  /// arrangement that shows them at the placeholder, where the pointer holds them, how to take a
  /// live drag back, and its own auto-scroll and drag-and-drop state. It begins with a lift and
  /// ends with a drop or a cancel; nothing of it outlives the drag.
  @usableFromInline struct Session: Sendable {
    /// The item that was lifted (it leads the stack).
    @usableFromInline var item: ItemID
    /// Every item of the session in its original reading order: `[item]` unless a drag and drop added more.
    @usableFromInline var items: [ItemID]
    /// Whether a group is among the items (it lands only at the top level).
    @usableFromInline var hasGroup: Bool
    /// The lifted item's position when it was lifted (fitted to new data): the policy's `original`.
    @usableFromInline var start: OutlinePosition<ItemID>
    /// The same place by identity (its section, group and next item), to fit `start` to new data.
    @usableFromInline var lift: ReorderDifference<SectionID, ItemID>
    /// The changes that put the item back where it was at the lift (live mode commits as it goes).
    @usableFromInline var undo: [Change<SectionID, ItemID>] = []
    /// Whether new data came during a live drag: the owner's data may then have the item elsewhere
    /// than the view, so the end of the drag reports where it stands.
    @usableFromInline var newDataArrived = false
    /// Where the gap is, and where the items stand in the data while it is there.
    @usableFromInline var gap = Gap.shown
    /// The pointer, in view coordinates.
    @usableFromInline var pointer: Point
    /// Where the pointer holds the lifted cell, from its top-left corner.
    @usableFromInline var grab: Point
    /// The lifted cell's size.
    @usableFromInline var size: Size
    /// When the item lifted (the lift animation starts here).
    @usableFromInline var liftTime: Double
    /// Whether the keyboard lifted the items: then the lifted cell stands over its placeholder, and
    /// neither the pointer's target rule nor auto-scroll moves it.
    @usableFromInline var isKeyboard = false
    /// The rows or slots shown, with the placeholder: the one place that says where it stands.
    @usableFromInline var arrangement: Arrangement
    /// Auto-scroll for this drag: its damping starts at the lift.
    @usableFromInline var autoScroll: AutoScroll
    /// Spring loading, the cadence and the shown proposal (drag and drop).
    @usableFromInline var drop: DropSession<ItemID>
    /// The mode's rules, chosen when the drag began: how a step moves the items, how it lands.
    @usableFromInline let rules: DragRules

    @usableFromInline init(
      item: ItemID, items: [ItemID], hasGroup: Bool, start: OutlinePosition<ItemID>,
      lift: ReorderDifference<SectionID, ItemID>, undo: [Change<SectionID, ItemID>] = [], newDataArrived: Bool = false,
      pointer: Point, grab: Point, size: Size,
      liftTime: Double, isKeyboard: Bool = false, arrangement: Arrangement, autoScroll: AutoScroll,
      drop: DropSession<ItemID>, rules: DragRules
    ) {
      self.item = item
      self.items = items
      self.hasGroup = hasGroup
      self.start = start
      self.lift = lift
      self.undo = undo
      self.newDataArrived = newDataArrived
      self.pointer = pointer
      self.grab = grab
      self.size = size
      self.liftTime = liftTime
      self.isKeyboard = isKeyboard
      self.arrangement = arrangement
      self.autoScroll = autoScroll
      self.drop = drop
      self.rules = rules
    }

    /// Where a session's gap is. A drag the view runs alone only ever shows it; the other two come
    /// from the view's owner (a drag that crosses views: Board/CollectionView+Crossing.swift), and
    /// exclude each other: items of the view held elsewhere, or items that entered appended.
    @usableFromInline enum Gap: Sendable, Equatable {
      /// Shown in the view's rows or slots, with the items where the data has them.
      case shown
      /// None: the owner holds the items elsewhere while this view keeps them in its data. The
      /// view draws no lifted cell and takes no step until they come back (``Session/comeBack(to:)``)
      /// or the drag ends. Keeping them moves no data: taking them out of a column of 200,000
      /// cards moved 800 KB.
      case away
      /// Shown, for items that entered the view appended at the end of their section's data instead
      /// of at `start` (an append moves no data): a drop that moves them places them by identity,
      /// and one that does not (a copy, a failed copy, a cancel) first puts them at `start`, where
      /// they entered (``CollectionView/placeAppendedItems(at:)``).
      case appended
    }

    /// Whether the items are held elsewhere (``Gap/away``).
    @inlinable var isAway: Bool { if case .away = gap { true } else { false } }

    /// Whether the items entered appended (``Gap/appended``). (Matches, not `==`: a derived `==`
    /// of a generic type called from another module looks its type up at run time.)
    @inlinable var isAppended: Bool { if case .appended = gap { true } else { false } }

    /// Whether an item travels in this session.
    @inlinable func contains(_ id: ItemID) -> Bool { items.contains(id) }
  }

  /// The drag in progress, if any. Change it with ``modifySession(_:)``; end it by setting ``interaction``.
  @inlinable var drag: Session? {
    if case .dragging(let session) = interaction { return session }
    return nil
  }

  /// The drag in progress if it is a drag and drop (its rules propose drops), else `nil`.
  @inlinable var dropSession: Session? {
    guard case .dragging(let session) = interaction, session.rules.proposesDrops else { return nil }
    return session
  }

  /// The item under a press that has not lifted yet.
  @inlinable var pressedItem: ItemID? {
    if case .pressing(let id) = interaction { return id }
    return nil
  }
}
