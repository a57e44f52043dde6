/// Drag and drop (``ReorderMode/dragDrop``): drag sessions with one or many items, drop
/// proposals and the policy's drop hooks, drop into groups, spring-loaded groups, the reordering
/// cadence; and auto-scroll, which interactive movement shares.
extension CollectionView {
  // MARK: Configuration

  /// How long the pointer must rest before the gap moves in a drag and drop (UIKit's
  /// `reorderingCadence`; default `.immediate`).
  ///
  /// ```swift
  /// view.reorderingCadence = .slow   // 0.3 s
  /// ```
  @inlinable public var reorderingCadence: ReorderingCadence {
    get { dropConfiguration.cadence }
    set {
      dropConfiguration.cadence = newValue
      modifySession { $0.drop.cadence.cadence = newValue }
    }
  }

  /// Whether a collapsed group hovered during a drag and drop opens (UIKit's `isSpringLoaded`).
  /// On by default here (UIKit's default is off), with UIKit's 0.7 s delay.
  ///
  /// ```swift
  /// view.isSpringLoaded = false
  /// ```
  @inlinable public var isSpringLoaded: Bool {
    get { dropConfiguration.isSpringLoaded }
    set { dropConfiguration.isSpringLoaded = newValue }
  }

  /// How long a collapsed group must be hovered before it springs open, in seconds (0.7).
  ///
  /// ```swift
  /// view.springLoadingDelay = 1.0
  /// ```
  @inlinable public var springLoadingDelay: Double {
    get { dropConfiguration.springLoadingDelay }
    set {
      dropConfiguration.springLoadingDelay = newValue
      modifySession { $0.drop.springLoading.delay = newValue }
    }
  }

  /// The auto-scroll band along the leading and trailing edges (60 pt) and the speed at the
  /// edge (1,200 pt/s), for every mode.
  ///
  /// ```swift
  /// view.autoScroll = AutoScroll(edgeInset: 80, maximumSpeed: 2000)
  /// ```
  @inlinable public var autoScroll: AutoScroll {
    get { dropConfiguration.autoScroll }
    set { dropConfiguration.autoScroll = newValue }
  }

  // MARK: Queries

  /// Whether a drag and drop is live (UIKit's `hasActiveDrag`).
  ///
  /// ```swift
  /// if view.hasActiveDrag { _ = view.addItemToDragSession(at: secondFinger, time: now) }
  /// ```
  @inlinable public var hasActiveDrag: Bool { drag?.rules.proposesDrops ?? false }

  /// The items of the live drag session in their original order (UIKit's `session.items`); empty when none.
  ///
  /// ```swift
  /// view.dragSessionItems   // ["Intro", "Loops"]
  /// ```
  @inlinable public var dragSessionItems: [ItemID] { dropSession?.items ?? [] }

  /// The proposal shown now in a drag and drop, or `nil` when no drag and drop is live.
  ///
  /// ```swift
  /// view.currentDropProposal?.operation == .forbidden   // the marker shows
  /// ```
  @inlinable public var currentDropProposal: DropProposal? {
    dropSession?.drop.shown.proposal
  }

  /// Where the items would land now in a drag and drop (`nil` over nothing or when idle).
  ///
  /// ```swift
  /// if case .insertInto(let group)? = view.currentDropDestination { highlight(group) }
  /// ```
  @inlinable public var currentDropDestination: DropDestination<ItemID>? {
    dropSession?.drop.shown.destination
  }

  /// What the last drag and drop did (landed or not), for reading copies' identifiers after `.dropped`.
  ///
  /// ```swift
  /// if let drop = view.lastDrop, drop.operation == .copy { print(drop.copies) }
  /// ```
  @inlinable public var lastDrop: DropResult<ItemID>? { dropConfiguration.lastDrop }

  // MARK: Adding items to a session

  /// A tap (a second finger, a click) during a live drag and drop: the item shown at the point
  /// (view coordinates) joins the session (UIKit's `itemsForAddingTo`). It leaves its row, the
  /// rows close up, and the stack's badge counts it. Nothing happens over no item, over an item
  /// the policy (``ReorderPolicy/canMoveItem`` or ``ReorderPolicy/canAddItem``) refuses, or over a group whose children are
  /// already in the session.
  ///
  /// ```swift
  /// _ = view.pointerDown(at: Point(x: 50, y: 20), time: 0)
  /// _ = view.tick(time: 0.5)                                  // [.lifted("Intro")]
  /// _ = view.addItemToDragSession(at: Point(x: 50, y: 140), time: 0.8)
  /// view.dragSessionItems                                     // ["Intro", "Loops"]
  /// ```
  /// - Complexity: O(n): the arrangement is rebuilt without the new item.
  @inlinable public mutating func addItemToDragSession(at point: Point, time: Double) -> [CollectionViewEvent<
    SectionID, ItemID
  >] {
    var events = advance(to: time)
    guard let session = dropSession, point.isFinite, let path = geometry.layout.itemPath(at: toContent(point)),
      let id = displayedItem(at: path), !session.contains(id), let position = snapshot.position(of: id)
    else { return events }
    if snapshot.isGroup(id), snapshot.children(of: id).contains(where: session.contains) { return events }
    guard policy.canMoveItem(id, snapshot.policyPosition(position)), policy.canAddItem(id, session.items) else {
      return events
    }
    let items = (session.items + [id]).sorted {
      snapshot.orderKey($0).lexicographicallyPrecedes(snapshot.orderKey($1))
    }
    let gap = session.placeholder
    relayout(at: time) { view in
      let isGroup = view.snapshot.isGroup(id)
      view.modifySession { session in
        session.items = items
        session.hasGroup = session.hasGroup || isGroup
        session.drop.invalidate()
      }
      view.rearrange(keeping: gap, previouslyDragged: Set(session.items))
    }
    events += updateTarget(at: time)
    return events
  }

  // MARK: Re-arranging

  /// Rebuilds the arrangement for the session's items after some joined it, keeping the gap
  /// before the same shown item.
  @inlinable mutating func rearrange(keeping current: OutlinePosition<ItemID>, previouslyDragged old: Set<ItemID>) {
    guard let drag else { return }
    var position = current
    if let parent = current.parent, drag.contains(parent) || drag.hasGroup,
      let index = snapshot.position(of: parent)?.index
    {
      // The gap was inside a group that now travels, or the stack now holds a group: it lands at top level.
      let tops = snapshot.items(inSection: current.section)
      position = OutlinePosition(
        section: current.section, parent: nil,
        index: tops[..<index].lazy.filter { !drag.contains($0) }.count + (drag.contains(parent) ? 0 : 1))
    } else {
      let siblings = current.parent.map { snapshot.children(of: $0) } ?? snapshot.items(inSection: current.section)
      let kept = siblings.filter { !old.contains($0) }
      let anchor = kept[min(current.index, kept.count)...].first { !drag.contains($0) }
      let now = siblings.filter { !drag.contains($0) }
      position.index = anchor.flatMap { a in now.firstIndex(of: a) } ?? now.count
    }
    let data = snapshot
    modifySession { $0.arrange(data, placeholder: position) }
    let home = target(for: .insertAt(position))
    modifySession { $0.drop.shown = home }
    rebuildLayout()
  }
}
