extension CollectionView {
  /// What is going on in the view: one value whose cases carry their own state, so that no two
  /// optionals can disagree about it (swift-nio's state machines are the model). The pointer, the
  /// keyboard and the tool drive it through the same session calls: lift, ``movePlaceholder(to:time:)``,
  /// drop and cancel.
  enum Interaction: Sendable {
    /// Nothing is pressed or lifted.
    case idle
    /// The pointer is down on an item, waiting for the long press (or a tap).
    case pressing(ItemID)
    /// Items are lifted and follow the pointer (or the keyboard).
    case dragging(Session)
  }

  /// A drag in progress: the lifted item, the items that travel with it, where the pointer holds
  /// them, and how to take a live drag back. Where the placeholder stands is the arrangement's
  /// (``CollectionView/grid``, ``CollectionView/outline`` or the drop grid).
  struct Session: Sendable {
    /// The item that was lifted (it leads the stack).
    var item: ItemID
    /// Every item of the session in its original reading order: `[item]` unless a drag and drop added more.
    var items: [ItemID]
    /// Whether a group is among the items (it lands only at the top level).
    var hasGroup: Bool
    /// The lifted item's position when it was lifted.
    var start: OutlinePosition<ItemID>
    /// The changes that put the item back where it was at the lift (live mode commits as it goes).
    var undo: [Change<SectionID, ItemID>] = []
    /// Whether new data came during a live drag: the owner's data may then have the item elsewhere
    /// than the view, so the end of the drag reports where it stands.
    var newDataArrived = false
    /// The pointer, in view coordinates.
    var pointer: Point
    /// Where the pointer holds the lifted cell, from its top-left corner.
    var grab: Point
    /// The lifted cell's size.
    var size: Size
    /// When the item lifted (the lift animation starts here).
    var liftTime: Double
    /// Whether the keyboard lifted the items: then the lifted cell stands over its placeholder, and
    /// neither the pointer's target rule nor auto-scroll moves it.
    var isKeyboard = false

    /// Whether an item travels in this session.
    func contains(_ id: ItemID) -> Bool { items.contains(id) }
  }

  /// The slots of a grid during an interactive or live movement, derived from the movement
  /// machine, which holds the original path and the placeholder: one source of truth.
  var grid: PlaceholderArrangement? {
    guard let original = movement.originalPath, let placeholder = movement.placeholderPath else { return nil }
    return PlaceholderArrangement(original: original, placeholder: placeholder)
  }

  /// The drag in progress, if any.
  var drag: Session? {
    get {
      if case .dragging(let session) = interaction { return session }
      return nil
    }
    set {
      if let newValue {
        interaction = .dragging(newValue)
      } else if case .dragging = interaction {
        interaction = .idle
      }
    }
  }

  /// The item under a press that has not lifted yet.
  var pressedItem: ItemID? {
    if case .pressing(let id) = interaction { return id }
    return nil
  }
}
