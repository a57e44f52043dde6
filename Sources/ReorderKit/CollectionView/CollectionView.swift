/// The headless collection view: a snapshot, a layout, a scroll position,
/// gestures and animations. It takes pointer, key and tick events (with their
/// times) and yields a ``RenderList`` for any moment; a front end only draws.
///
/// ```swift
/// var snapshot = Snapshot<String, String>()
/// try snapshot.appendSection("S0", items: (0..<50).map { "color\($0)" })
/// var view = CollectionView(
///   snapshot: snapshot,
///   layout: .grid(.init(width: 390, columns: 3, itemSpacing: 20, lineSpacing: 20)),
///   viewSize: Size(width: 390, height: 844))
/// _ = view.pointerDown(at: Point(x: 58, y: 58), time: 0)
/// _ = view.tick(time: 0.5)                                   // [.lifted("color0")]
/// _ = view.pointerMoved(to: Point(x: 195, y: 58), time: 0.6)
/// _ = view.pointerUp(at: Point(x: 195, y: 58), time: 1.0)    // [.moved("color0", …), .dropped("color0")]
/// view.snapshot.items(inSection: 0).prefix(2)                // ["color1", "color0"]
/// ```
///
/// - Complexity: a pointer move during a drag costs O(log n + v): one hit
///   test and the reflow of the v visible items.
public struct CollectionView<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  /// The data, with every committed change.
  @inlinable public var snapshot: Snapshot<SectionID, ItemID> { _snapshot }
  /// The storage of `snapshot`: internal, so that the engine's inlinable code can set it.
  @usableFromInline var _snapshot: Snapshot<SectionID, ItemID>
  /// The layout and its parameters.
  @inlinable public var layoutConfiguration: LayoutConfiguration { geometry.configuration }
  /// When moves are committed.
  public let mode: ReorderMode
  /// Which items may move, where, and what a drag and drop does there, in every mode and layout.
  public var policy: ReorderPolicy<SectionID, ItemID> {
    // A drag and drop asks again for the destination under the pointer.
    didSet { modifySession { $0.drop.cachedTarget = nil } }
  }
  /// The long-press recogniser that lifts items (and a mouse's move); change its duration or
  /// distances to taste.
  public var longPress = LongPressRecognizer()
  /// How long items take to flow out of the way, and to settle after a drop, in seconds.
  @inlinable public var reflowDuration: Double {
    get { motion.reflowDuration }
    set { motion.reflowDuration = newValue }
  }
  /// The scale of a lifted cell.
  @inlinable public var liftedScale: Double {
    get { motion.liftedScale }
    set { motion.liftedScale = newValue }
  }
  /// The words a screen reader speaks: item and section names, and the strings, to localise.
  @inlinable public var announcer: Announcer<SectionID, ItemID> {
    get { access.announcer }
    set { access.announcer = newValue }
  }

  /// Per-item sizes: every item's size in a grid without fixed columns (a flow of tiles); in a
  /// list, the height of an item's row (its width is the list's), for rows whose titles wrap.
  /// A list row without a size is ``ListLayout/Configuration/rowHeight`` tall.
  @inlinable public var itemSizes: [ItemID: Size] { geometry.itemSizes }
  /// The size of the view.
  @inlinable public var viewSize: Size { geometry.viewSize }

  /// The layout's parameters, the sizes, the layout and a list's resting rows (see ``LayoutState``).
  @usableFromInline var geometry: LayoutState
  /// What is going on: idle, a press, or a drag with its session.
  @usableFromInline var interaction = Interaction.idle
  /// The scroll position, animations, settling and crossfades, and the time (see ``Motion``).
  @usableFromInline var motion = Motion()
  /// How drag and drop and auto-scroll behave, and the last drop (see CollectionView+DragDrop.swift).
  @usableFromInline var dropConfiguration = DragDropConfiguration<ItemID>()
  /// Undo and redo: the changes that take each committed gesture back, and forward again.
  @usableFromInline var history = History()
  /// Events of calls that return none (``apply(_:animatingDifferences:itemSizes:contentChanged:sectionContentChanged:time:)`` mid-drag,
  /// ``perform(_:itemSizes:time:)``): delivered with the next call that returns events.
  @usableFromInline var pendingEvents: [CollectionViewEvent<SectionID, ItemID>] = []
  /// The keyboard focus, the announcer and what the view has yet to say (see ``Accessibility``).
  @usableFromInline var access = Accessibility()

  /// Creates a collection view.
  ///
  /// - Parameters:
  ///   - snapshot: the data.
  ///   - layout: the layout and its parameters.
  ///   - viewSize: the size of the view (the visible part of the content).
  ///   - mode: when moves are committed: at the end of a drag (UIKit), on every step, or by drag and drop.
  ///   - itemSizes: the size of every item, for a grid without fixed columns; in a list, the rows'
  ///     heights (rows without one are the configuration's `rowHeight` tall). Sizes are keyed by
  ///     identity: a row's height moves with its item, through moves and new data.
  ///   - policy: which items may move, and where.
  /// - Precondition: a grid without columns has a size for every item; the layout's parameters
  ///   are valid (at least one column, a positive row height). See <doc:Preconditions>.
  @inlinable public init(
    snapshot: Snapshot<SectionID, ItemID>, layout: LayoutConfiguration, viewSize: Size,
    mode: ReorderMode = .interactive, itemSizes: [ItemID: Size] = [:],
    policy: ReorderPolicy<SectionID, ItemID> = .init()
  ) {
    self._snapshot = snapshot
    self.geometry = LayoutState(configuration: layout, itemSizes: itemSizes, viewSize: viewSize)
    self.mode = mode
    self.policy = policy
    rebuildArrangement()
    rebuildLayout()
  }

  // MARK: Queries

  /// The scroll position: the content point at the view's top-left corner.
  @inlinable public var contentOffset: Point { motion.offset }

  /// The size of the whole content.
  @inlinable public var contentSize: Size { geometry.layout.contentSize }

  /// Whether an item is lifted and following the pointer.
  @inlinable public var isDragging: Bool {
    if case .dragging = interaction { return true }
    return false
  }

  /// The identifier of the lifted item, if any.
  @inlinable public var draggedItem: ItemID? { drag?.item }

  /// The item shown under a point in view coordinates (not the lifted one).
  @inlinable public func itemIdentifier(at viewPoint: Point) -> ItemID? {
    guard let path = geometry.layout.itemPath(at: toContent(viewPoint)) else { return nil }
    return displayedItem(at: path)
  }

  /// The frame of an item's slot in content coordinates, in the arrangement shown now.
  @inlinable public func frame(of id: ItemID) -> Rect? {
    slot(of: id).map { geometry.layout.frame(ofItem: $0) }
  }

  /// The frames of the items and headers that intersect the view, in content coordinates.
  @inlinable public func visibleItems() -> [(id: ItemID, frame: Rect)] {
    let shown = shown
    return geometry.layout.items(in: visibleRect).compactMap { path in
      displayedItem(at: path, in: shown).map { ($0, geometry.layout.frame(ofItem: path)) }
    }
  }

  // MARK: Changing the view

  /// Resizes the view (a window resize): the layout reflows, and items glide to their new places.
  @inlinable public mutating func setViewSize(_ size: Size, time: Double? = nil) {
    let t = time ?? motion.now
    geometry.viewSize = size
    relayout(at: t) { view in
      view.geometry.configuration = view.layoutConfiguration.resized(to: size)
      view.rebuildLayout()
    }
    clampOffset()
  }

  /// Replaces the layout's parameters; items glide to their new places. A drag in progress goes
  /// on over a layout of the same kind (other columns, sizes or spacing); a switch between a grid
  /// and a list ends it as a cancel, reported with the next call's events.
  ///
  /// ```swift
  /// // From three columns to a flow of tiles: every item needs a size.
  /// view.setLayout(.grid(.init(width: 390, itemSpacing: 10)), itemSizes: sizes, time: now)
  /// ```
  ///
  /// - Parameters:
  ///   - configuration: the new parameters.
  ///   - itemSizes: sizes of items, kept with those the view knows (a grid without columns needs one per item).
  ///   - time: now, in seconds: the animation starts here.
  /// - Precondition: a grid without columns has a size for every item, known or given (see
  ///   <doc:Preconditions>).
  @inlinable public mutating func setLayout(
    _ configuration: LayoutConfiguration, itemSizes: [ItemID: Size] = [:], time: Double? = nil
  ) {
    let t = time ?? motion.now
    geometry.recordSizes(itemSizes)
    if case .list = configuration, !isList { pendingEvents += cancel(at: t) }
    if case .grid = configuration, isList { pendingEvents += cancel(at: t) }
    relayout(at: t) { view in
      view.geometry.configuration = configuration
      view.rebuildArrangement()
      view.rebuildLayout()
    }
    clampOffset()
  }

  /// Shows or hides a group's children (lists), animating the rows below.
  @inlinable public mutating func setExpanded(_ isExpanded: Bool, for group: ItemID, time: Double) {
    guard snapshot.isGroup(group), snapshot.isExpanded(group) != isExpanded, !isDragging else { return }
    relayout(at: time) { view in
      var events = view.pendingEvents
      view.commitDerived(isExpanded ? .expanded(group) : .collapsed(group), into: &events)
      view.pendingEvents = events
      view.rebuildArrangement()
      view.rebuildLayout()
    }
  }

  // MARK: Internals shared by the extensions

  @inlinable var visibleRect: Rect { Rect(origin: motion.offset, size: viewSize) }

  @inlinable func toContent(_ p: Point) -> Point { Point(x: p.x + motion.offset.x, y: p.y + motion.offset.y) }

  /// What is shown now: the drag's arrangement, a list's resting rows, or `nil` for a grid at
  /// rest (the data itself). A pass over many slots reads it once (reading it copies the session).
  @inlinable var shown: Arrangement? {
    if case .dragging(let session) = interaction { return session.arrangement }
    return geometry.listRows.map { .rows($0) }
  }

  /// A list's rows as shown now: the drag's, or the resting ones; `nil` for a grid.
  @inlinable var outline: OutlineArrangement<SectionID, ItemID>? {
    if case .rows(let rows)? = shown { return rows }
    return nil
  }

  /// A grid's slots during a drag; `nil` in a list or with nothing dragged (the snapshot is shown).
  @inlinable var gridSlots: GridSlots? {
    if case .slots(let slots)? = shown { return slots }
    return nil
  }

  /// The item shown at a slot of the current arrangement, or `nil` for the placeholder.
  @inlinable func displayedItem(at path: ItemPath) -> ItemID? { displayedItem(at: path, in: shown) }

  /// The item shown at a slot of an arrangement, or `nil` for the placeholder.
  @inlinable func displayedItem(at path: ItemPath, in shown: Arrangement?) -> ItemID? {
    switch shown {
    case .rows(let rows)?:
      if case .row(let row) = rows.slot(section: path.section, row: path.item) { return row.id }
      return nil
    case .slots(let slots)?:
      return slots.snapshotPath(forSlot: path).map { snapshot.itemIdentifier(at: $0) }
    case nil:
      return snapshot.itemIdentifier(at: path)
    }
  }

  /// The slot of an item in the current arrangement.
  @inlinable func slot(of id: ItemID) -> ItemPath? {
    if let outline {
      // Lists: O(1) when nothing is dragged; during a drag a scan of the section (drops, settling).
      guard let position = snapshot.position(of: id) else { return nil }
      let s = position.section
      if outline.placeholder == nil {
        // Nothing dragged: the row comes from the top-level rows and the groups' rows, in O(1).
        guard let parent = position.parent else {
          return ItemPath(item: outline.topRows[s][position.index], section: s)
        }
        guard snapshot.isExpanded(parent), let g = outline.groupRows[parent] else { return nil }
        return ItemPath(item: g.row + 1 + position.index, section: s)
      }
      for d in 0..<outline.rowCount(inSection: s) {
        if case .row(let row) = outline.slot(section: s, row: d), row.id == id { return ItemPath(item: d, section: s) }
      }
      return nil
    }
    guard let path = snapshot.path(of: id) else { return nil }
    guard let slots = gridSlots else { return path }
    return slots.slot(forSnapshotPath: path)
  }

  /// The number of items shown in a section of a grid: without the travelling items, with the placeholder.
  @inlinable func displayCount(inSection s: Int) -> Int {
    let count = snapshot.numberOfItems(inSection: s)
    return gridSlots?.slotCount(inSection: s, snapshotCount: count) ?? count
  }

  /// The sizes of the items shown in a section of a flow grid; the placeholder has the lifted item's size.
  @inlinable func displaySizes(inSection s: Int) -> [Size] {
    let shown = shown
    let lifted = drag?.item
    return (0..<displayCount(inSection: s)).map { i in
      guard let id = displayedItem(at: ItemPath(item: i, section: s), in: shown) ?? lifted else { return .zero }
      guard let size = itemSizes[id] else { preconditionFailure("no size for item \(id) in a grid without columns") }
      return size
    }
  }

  /// The resting arrangement: a list's visible rows; a grid shows the snapshot.
  @inlinable mutating func rebuildArrangement() {
    if case .list = layoutConfiguration {
      geometry.listRows = OutlineArrangement(snapshot)
    } else {
      geometry.listRows = nil
    }
  }

  @inlinable mutating func rebuildLayout() {
    switch layoutConfiguration {
    case .grid(let config):
      if config.columns != nil {
        geometry.layout = .grid(
          GridLayout(config, itemCounts: (0..<snapshot.numberOfSections).map(displayCount(inSection:))))
      } else {
        geometry.layout = .grid(
          GridLayout(config, itemSizes: (0..<snapshot.numberOfSections).map(displaySizes(inSection:))))
      }
    case .list(let config):
      guard !geometry.itemSizes.isEmpty, let outline else {
        // Rows of one height: no per-row work, whatever the number of rows.
        geometry.layout = .list(ListLayout(config, rowCounts: outline?.rowCounts ?? []))
        return
      }
      let sizes = geometry.itemSizes
      let height = { (row: OutlineRow<ItemID>) in Self.rowHeight(of: row.id, in: sizes, default: config.rowHeight) }
      geometry.layout = .list(
        ListLayout(
          config, baseHeights: outline.base.map { $0.map(height) }, block: outline.block.map(height),
          at: outline.placeholder != nil ? outline.insertion : nil))
    }
  }

  /// A list row's height: its item's size's height in ``itemSizes``, or the list's row height
  /// when it has none (or one that is not positive and finite).
  @inlinable static func rowHeight(of id: ItemID, in sizes: [ItemID: Size], default rowHeight: Double) -> Double {
    guard let h = sizes[id]?.height, h > 0, h.isFinite else { return rowHeight }
    return h
  }

  /// Updates the layout for changed display counts in one or two sections only (where the
  /// placeholder was and where it is), without allocating.
  @inlinable mutating func updateLayout(sections a: Int, _ b: Int) {
    switch geometry.layout {
    case .grid(var g):
      if g.hasFixedColumns {
        // The counts of the one or two sections, from one read of the session's slots.
        let slots = gridSlots
        let countA = snapshot.numberOfItems(inSection: a)
        g.setNumberOfItems(slots?.slotCount(inSection: a, snapshotCount: countA) ?? countA, inSection: a)
        if b != a {
          let countB = snapshot.numberOfItems(inSection: b)
          g.setNumberOfItems(slots?.slotCount(inSection: b, snapshotCount: countB) ?? countB, inSection: b)
        }
      } else {
        update(&g, section: a)
        if b != a { update(&g, section: b) }
      }
      geometry.layout = .grid(g)
    case .list(var l):
      guard let outline else { return }
      if l.hasPerRowHeights {
        // The base rows keep their heights; only the travelling block moves.
        l.placeBlock(at: outline.placeholder != nil ? outline.insertion : nil)
        geometry.layout = .list(l)
        return
      }
      l.setNumberOfRows(outline.rowCount(inSection: a), inSection: a)
      if b != a { l.setNumberOfRows(outline.rowCount(inSection: b), inSection: b) }
      geometry.layout = .list(l)
    }
  }

  @inlinable func update(_ g: inout GridLayout, section s: Int) {
    if g.hasFixedColumns {
      g.setNumberOfItems(displayCount(inSection: s), inSection: s)
    } else {
      g.setItemSizes(displaySizes(inSection: s), inSection: s)
    }
  }
}
