/// Where an item stands, in words a screen reader speaks: "position 5 of 50 in Colors".
public struct SpokenPlace: Hashable, Sendable {
  /// The 1-based position among the items of its section (or group).
  public var position: Int
  /// How many items the section (or group) holds.
  public var count: Int
  /// The name of the section (or group).
  public var container: String
  /// Whether the section (or group) differs from the one last spoken of.
  public var isNewContainer: Bool

  @usableFromInline init(position: Int, count: Int, container: String, isNewContainer: Bool) {
    self.position = position
    self.count = count
    self.container = container
    self.isNewContainer = isNewContainer
  }
}

/// The text a screen reader speaks while items are reordered: the one place for the strings, so
/// they can be localised. Each is a function of the item's name and its ``SpokenPlace``.
///
/// ```swift
/// var view = CollectionView(snapshot: snapshot, layout: layout, viewSize: size)
/// view.announcer.itemName = { id in colors[id]!.name }             // "Color 5"
/// view.announcer.lifted = { name, place in "\(name) levantado. Posición \(place.position) de \(place.count)." }
/// ```
public struct Announcer<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  /// An item's name (default: its identifier).
  public var itemName: @Sendable (ItemID) -> String = { "\($0)" }
  /// A section's name (default: its identifier).
  public var sectionName: @Sendable (SectionID) -> String = { "\($0)" }
  /// Focus moved to an item: "Color 5. Position 5 of 50 in Colors."
  public var focused: @Sendable (_ name: String, _ place: SpokenPlace) -> String = { name, p in
    "\(name). Position \(p.position) of \(p.count) in \(p.container)."
  }
  /// An item lifted: "Color 5, lifted. Position 5 of 50 in Colors."
  public var lifted: @Sendable (_ name: String, _ place: SpokenPlace) -> String = { name, p in
    "\(name), lifted. Position \(p.position) of \(p.count) in \(p.container)."
  }
  /// The placeholder moved: "Moved to position 8 of 50." (with "in Summer." when the section changed).
  public var moved: @Sendable (_ name: String, _ place: SpokenPlace) -> String = { _, p in
    p.isNewContainer
      ? "Moved to position \(p.position) of \(p.count) in \(p.container)."
      : "Moved to position \(p.position) of \(p.count)."
  }
  /// A drag and drop would put the items into a group: "Into Basics."
  public var into: @Sendable (_ group: String) -> String = { "Into \($0)." }
  /// The items dropped: "Dropped at position 8 of 50."
  public var dropped: @Sendable (_ name: String, _ place: SpokenPlace) -> String = { _, p in
    p.isNewContainer
      ? "Dropped at position \(p.position) of \(p.count) in \(p.container)."
      : "Dropped at position \(p.position) of \(p.count)."
  }
  /// The drag was cancelled: "Cancelled. Color 5 returned to position 5 of 50."
  public var cancelled: @Sendable (_ name: String, _ place: SpokenPlace) -> String = { name, p in
    "Cancelled. \(name) returned to position \(p.position) of \(p.count)."
  }
  /// The item cannot move: "Color 5 cannot be moved."
  public var denied: @Sendable (_ name: String) -> String = { "\($0) cannot be moved." }
  /// A gesture taken back (``CollectionView/undo(time:)``, ``Board/undo(time:)``), said of its first
  /// item where it stands now: "Undone. Color 5 is at position 5 of 50 in Colors."
  public var undone: @Sendable (_ name: String, _ place: SpokenPlace) -> String = { name, p in
    "Undone. \(name) is at position \(p.position) of \(p.count) in \(p.container)."
  }
  /// A gesture done again (``CollectionView/redo(time:)``): "Redone. Color 5 is at position 8 of 50 in Colors."
  public var redone: @Sendable (_ name: String, _ place: SpokenPlace) -> String = { name, p in
    "Redone. \(name) is at position \(p.position) of \(p.count) in \(p.container)."
  }
  /// New data removed the lifted item (or its section) during the drag: "Color 5 was removed. The drag ended."
  public var removed: @Sendable (_ name: String) -> String = { "\($0) was removed. The drag ended." }

  /// How long the pointer must rest before a placeholder move it caused is spoken, in seconds:
  /// sweeping past many items says only where they stopped. Keyboard moves are spoken at once.
  public var pointerDelay: Double = 0.5

  /// English strings, names from the identifiers.
  @inlinable public init() {}
}

extension CollectionView {
  /// Where a position (counted without the dragged items) stands, in words; `count` includes the
  /// `travelling` items as if they stood there.
  @inlinable func spokenPlace(
    of position: OutlinePosition<ItemID>, travelling items: [ItemID], lastContainer: String? = nil
  ) -> SpokenPlace {
    let siblings = position.parent.map { snapshot.children(of: $0) } ?? snapshot.sections[position.section].items
    let away = items.reduce(0) { n, id in
      let p = snapshot.position(of: id)
      return p?.section == position.section && p?.parent == position.parent ? n + 1 : n
    }
    let container =
      position.parent.map(access.announcer.itemName)
      ?? access.announcer.sectionName(snapshot.sections[position.section].id)
    return SpokenPlace(
      position: position.index + 1, count: siblings.count - away + items.count, container: container,
      isNewContainer: lastContainer.map { $0 != container } ?? true)
  }

  /// Where an item stands now, in words.
  @inlinable func spokenPlace(ofItem id: ItemID) -> SpokenPlace? {
    guard let p = snapshot.position(of: id) else { return nil }
    return spokenPlace(of: p, travelling: [])
  }

  /// The announcement of a placeholder move, held back while the pointer sweeps (see
  /// ``Announcer/pointerDelay``) and spoken at once for the keyboard.
  @inlinable mutating func announcePlaceholder(at position: OutlinePosition<ItemID>, for drag: Session, time: Double) {
    let place = spokenPlace(of: position, travelling: drag.items, lastContainer: access.speech.container)
    access.speech.container = place.container
    access.speech.held = (access.announcer.moved(access.announcer.itemName(drag.item), place), time)
  }

  /// Speaks the held-back placeholder announcement if the pointer has rested long enough (or `now`).
  @inlinable mutating func flushAnnouncement(
    at time: Double, now: Bool = false, into events: inout [CollectionViewEvent<SectionID, ItemID>]
  ) {
    guard let (text, since) = access.speech.held, now || time - since >= access.announcer.pointerDelay else { return }
    access.speech.held = nil
    events.append(.announcement(text))
  }
}

extension CollectionView {
  /// What an undo or a redo says: where `item`, the first item of the gesture, stands now.
  @inlinable func historyAnnouncement(of item: ItemID, undoing: Bool) -> CollectionViewEvent<SectionID, ItemID>? {
    guard let place = spokenPlace(ofItem: item) else { return nil }
    let name = access.announcer.itemName(item)
    return .announcement(undoing ? access.announcer.undone(name, place) : access.announcer.redone(name, place))
  }
}

extension CollectionView {
  /// The drop's or the cancel's announcement, where the item stands now (see `end(_:time:)`, which
  /// has dropped a held-back move and forgets the spoken container after it).
  @inlinable mutating func announceEnd(
    of drag: Session, cancelled: Bool, into events: inout [CollectionViewEvent<SectionID, ItemID>], item: ItemID? = nil
  ) {
    let id = item ?? drag.item
    guard let p = snapshot.position(of: id) else { return }
    let place = spokenPlace(of: p, travelling: [], lastContainer: access.speech.container)
    let name = access.announcer.itemName(drag.item)
    events.append(
      .announcement(cancelled ? access.announcer.cancelled(name, place) : access.announcer.dropped(name, place)))
  }
}

extension CollectionView {
  /// What a view has yet to say and what it said last: the speech of a drag, one concern of the
  /// view's state.
  @usableFromInline struct Speech: Sendable {
    /// A placeholder move's announcement, held back while the pointer sweeps, and when it was made.
    @usableFromInline var held: (text: String, time: Double)?
    /// The section or group the last announcement named.
    @usableFromInline var container: String?
    /// Words the next move into the view begins with (a board's views passed for their limit).
    @usableFromInline var prefix: String?

    @inlinable init() {}
  }
}
