/// A board: several collection views (its columns) in one coordinate space, each with an
/// identifier and a frame, under one drag context, as UIKit drags between collection views and
/// SwiftUI between `reorderable` containers that share a `collectionID`. Pointer and key events go
/// to the board; there is one drag at a time, and it may cross views.
///
/// The view whose frame holds the pointer is the destination, and its own target rule applies
/// (grid, list, drag and drop). While the items are over another view, the source closes up; over
/// no view there is no gap, and a release there cancels. A drop in another view is one gesture: one
/// undo step, one difference that names the view. A board of one view behaves exactly as that view.
///
/// ```swift
/// var todo = Snapshot<String, String>()
/// try todo.appendSection("todo", items: ["a", "b", "c"])
/// var doing = Snapshot<String, String>()
/// try doing.appendSection("doing", items: ["d"])
/// let list = LayoutConfiguration.list(.init(width: 300, rowHeight: 44))
/// var board = try Board<String, String, String>(columns: [
///   .init(id: "todo", frame: Rect(x: 0, y: 0, width: 300, height: 600),
///         view: CollectionView(snapshot: todo, layout: list, viewSize: Size(width: 300, height: 600), mode: .dragDrop)),
///   .init(id: "doing", frame: Rect(x: 310, y: 0, width: 300, height: 600),
///         view: CollectionView(snapshot: doing, layout: list, viewSize: Size(width: 300, height: 600), mode: .dragDrop),
///         accepts: BoardAcceptance(sources: ["todo"], limit: 3)),
/// ])
/// _ = board.pointerDown(at: Point(x: 150, y: 22), time: 0)
/// _ = board.tick(time: 0.5)                                   // [.view("todo", .lifted("a")), …]
/// _ = board.pointerMoved(to: Point(x: 460, y: 30), time: 0.6)  // the gap opens after "d"
/// _ = board.pointerUp(at: Point(x: 460, y: 30), time: 1.0)     // [.moved("a", …), .view("doing", .committed(…)), …]
/// board.column("doing")?.view.snapshot.items(inSection: 0)     // ["d", "a"]
/// ```
///
/// - Complexity: a pointer step within a view costs what it costs in that view (O(log n + v)) plus
///   O(number of views): only views with something going on are ticked, and that view's calls are
///   specialized for your types (the board is `@inlinable`). The first step into another view
///   moves no data in the source (it keeps the items, hidden, until the drop) and appends them to
///   the destination's section (a list shows them at the gap from its rows): O(k) for k items plus
///   the visible rows. The rows are not rebuilt. The drop moves the data once: out of the source's
///   section and into the destination's at the gap (memory moves, no rehashing; the index of a
///   long section is corrected lazily and rebuilt every 64 such changes, amortized).
public struct Board<ViewID: Hashable & Sendable, SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable
{
  /// A collection view of the board.
  public typealias View = CollectionView<SectionID, ItemID>
  /// What the board reports after an event.
  public typealias Event = BoardEvent<ViewID, SectionID, ItemID>

  /// One view of the board: its identifier, its frame in board coordinates, the view, and what it accepts.
  public struct Column: Sendable {
    /// The view's identifier, unique on the board.
    public let id: ViewID
    /// Where the view stands, in board coordinates. It never changes because items enter or leave.
    public var frame: Rect
    /// The view. Change it through ``Board/updateView(_:_:)``.
    @inlinable public var view: View { _view }
    /// The storage of `view`: internal, so that the board's inlinable code can change it.
    @usableFromInline var _view: View
    /// What the view takes from other views.
    public var accepts: BoardAcceptance<ViewID, ItemID>
    /// The column's header in board coordinates, by which the column itself is dragged (`nil`: none).
    public var header: Rect?
    /// The view's name, spoken when items move into it ("Moved to Doing, position 3 of 5.") and in
    /// its accessibility action ("Move to Doing"). `nil`: the board's ``Board/viewName``, by default
    /// the identifier.
    public var title: String?

    /// Creates a column.
    ///
    /// ```swift
    /// Board<String, String, String>.Column(id: "doing", frame: frame, view: view, title: "Doing")
    /// ```
    @inlinable public init(
      id: ViewID, frame: Rect, view: View, accepts: BoardAcceptance<ViewID, ItemID> = .everything, header: Rect? = nil,
      title: String? = nil
    ) {
      self.id = id
      self.frame = frame
      self._view = view
      self.accepts = accepts
      self.header = header
      self.title = title
    }
  }

  /// The views, in board order (a view listed later is on top where frames overlap).
  @inlinable public var columns: [Column] { _columns }
  /// The storage of `columns`: internal, so that the board's inlinable code can change it.
  @usableFromInline var _columns: [Column]
  /// A view's name, for announcements ("Moved to Doing, position 3 of 5.") and accessibility
  /// actions, when its column gives no ``Board/Column/title``. Default: its identifier.
  public var viewName: @Sendable (ViewID) -> String = { "\($0)" }
  /// The announcement of items entering a view: "Moved to Doing, position 3 of 5."
  public var movedToView: @Sendable (_ view: String, _ place: SpokenPlace) -> String = { view, p in
    "Moved to \(view), position \(p.position) of \(p.count)."
  }
  /// What a keyboard move across views says of a view it passed because of its limit: "Doing is
  /// full (3 of 3)." It comes before the move's own words, or alone when no view took the items.
  public var fullView: @Sendable (_ view: String, _ limit: Int) -> String = { view, limit in
    "\(view) is full (\(limit) of \(limit))."
  }
  /// The size of the board's visible area (the window), for the board's own auto-scroll.
  public var visibleSize: Size
  /// The board's scroll position: the board point at the window's top-left corner (sideways boards).
  @inlinable public var contentOffset: Point { _contentOffset }
  /// The storage of `contentOffset`: internal, so that the board's inlinable code can change it.
  @usableFromInline var _contentOffset: Point = .zero
  /// The board's own auto-scroll near the left and right edges of its visible area.
  public var autoScroll = AutoScroll()
  /// Whether the columns stand side by side (Left/Right cross views) or stack (Up/Down do).
  public var axis: ScrollDirection = .horizontal

  @usableFromInline var interaction = Interaction.idle
  @usableFromInline var history = History()
  /// Events of calls that return none (new data, a removed view): delivered with the next call's events.
  @usableFromInline var pendingEvents: [Event] = []
  @usableFromInline var now: Double = 0

  /// What is going on: nothing, a press in a view, a drag of items, or a column dragged by its header.
  @usableFromInline enum Interaction: Sendable {
    case idle
    case pressing(ViewID)
    case dragging(Drag)
    case movingColumn(ColumnDrag)
  }

  /// A drag of items, wherever they are: its phases and what each input means (BoardDrag.swift).
  @usableFromInline typealias Drag = BoardDrag<ViewID, SectionID, ItemID>

  /// A column dragged by its header.
  @usableFromInline struct ColumnDrag: Sendable {
    @usableFromInline var column: ViewID
    @usableFromInline var from: Int
    @usableFromInline var pointer: Point
    /// The header's press: the items' recogniser (the long press; a mouse also lifts by moving).
    @usableFromInline var press: LongPressRecognizer

    @inlinable init(column: ViewID, from: Int, pointer: Point, press: LongPressRecognizer) {
      self.column = column
      self.from = from
      self.pointer = pointer
      self.press = press
    }

    /// Whether the column is lifted (the press began).
    @inlinable var lifted: Bool { press.isActive }
  }

  /// The board's undo and redo steps.
  @usableFromInline struct History: Sendable {
    @usableFromInline var undo: [Step] = []
    @usableFromInline var redo: [Step] = []

    @inlinable init() {}
  }

  /// One undoable gesture: a view's own (its history holds it), or one that crossed views.
  @usableFromInline enum Step: Sendable {
    case view(ViewID)
    case across(Across)
    case column(from: Int, to: Int)
  }

  /// A gesture across views, as the changes that take it back and forward again.
  @usableFromInline struct Across: Sendable {
    @usableFromInline var items: [ItemID]
    @usableFromInline var from: [(view: ViewID, changes: [Change<SectionID, ItemID>])]
    @usableFromInline var to: [(view: ViewID, changes: [Change<SectionID, ItemID>])]
    /// The items' own sizes, given to whichever view takes them in.
    @usableFromInline var sizes: [ItemID: Size] = [:]

    @inlinable init(
      items: [ItemID], from: [(view: ViewID, changes: [Change<SectionID, ItemID>])],
      to: [(view: ViewID, changes: [Change<SectionID, ItemID>])], sizes: [ItemID: Size]
    ) {
      self.items = items
      self.from = from
      self.to = to
      self.sizes = sizes
    }
  }

  /// Creates a board.
  ///
  /// - Parameters:
  ///   - columns: the views, with unique identifiers, finite frames and items in one view each.
  ///   - visibleSize: the visible size of the board (default: the union of the frames).
  /// - Throws: ``BoardError`` for a view named twice, a frame that is not finite, or an item in two views.
  @inlinable public init(columns: [Column], visibleSize: Size? = nil) throws(BoardError) {
    var ids: Set<ViewID> = []
    var owner: [ItemID: ViewID] = [:]
    for column in columns {
      guard ids.insert(column.id).inserted else { throw .duplicateView("\(column.id)") }
      let f = column.frame
      guard f.origin.isFinite, f.width.isFinite, f.height.isFinite, f.width >= 0, f.height >= 0 else {
        throw .badFrame("\(column.id)")
      }
      for id in column._view.snapshot.allItems {
        if let other = owner.updateValue(column.id, forKey: id) {
          throw .itemInTwoViews(item: "\(id)", "\(other)", "\(column.id)")
        }
      }
    }
    self._columns = columns
    let right = columns.map { $0.frame.maxX }.max() ?? 0
    let bottom = columns.map { $0.frame.maxY }.max() ?? 0
    self.visibleSize = visibleSize ?? Size(width: right, height: bottom)
  }

  // MARK: Queries

  /// The index of a view, by identifier.
  @inlinable public func index(of id: ViewID) -> Int? {
    // By index, not by element: an element is a copy of the column (its view's every field retained).
    for i in _columns.indices where _columns[i].id == id { return i }
    return nil
  }

  /// A view, by identifier.
  @inlinable public func column(_ id: ViewID) -> Column? { index(of: id).map { _columns[$0] } }

  /// A view's name as spoken: its column's ``Board/Column/title``, else ``Board/viewName``.
  ///
  /// ```swift
  /// board.name(of: "doing")   // "Doing"
  /// ```
  @inlinable public func name(of id: ViewID) -> String {
    // By index (a closure over the columns would copy one).
    guard let i = index(of: id), let title = _columns[i].title else { return viewName(id) }
    return title
  }

  /// The view under a point in window coordinates (the one listed later where frames overlap).
  @inlinable public func viewID(at point: Point) -> ViewID? {
    let p = toBoard(point)
    return _columns.last { $0.frame.contains(p) }?.id
  }

  /// Whether items are lifted.
  @inlinable public var isDragging: Bool {
    if case .dragging = interaction { return true }
    return false
  }

  /// The items of the drag in progress, the lifted one first.
  @inlinable public var draggedItems: [ItemID] {
    guard case .dragging(let drag) = interaction else { return [] }
    return [drag.lead] + drag.items.filter { $0 != drag.lead }
  }

  /// The view that shows the gap, if any: the source before the items leave it.
  @inlinable public var destinationView: ViewID? {
    guard case .dragging(let drag) = interaction else { return nil }
    return drag.holder
  }

  /// A view's data as the user sees it now: at rest, its data; mid-drag, the dragged items stand
  /// at the gap of the view that holds them, and in no other view (their source keeps them in its
  /// data until the drop, and the view they visit holds them at the end of a section). For a
  /// report or a save in the middle of a gesture; `nil` for a view the board does not have.
  ///
  /// ```swift
  /// // "b" lifted in To do and held over Doing, between "f" and "g":
  /// board.arrangedData(of: "todo")?.items(inSection: 0)    // ["a", "c", "d"]
  /// board.arrangedData(of: "doing")?.items(inSection: 0)   // ["e", "f", "b", "g", "h"]
  /// ```
  /// - Complexity: O(n) for the view's n items mid-drag (a copy of its data); O(1) at rest.
  @inlinable public func arrangedData(of id: ViewID) -> Snapshot<SectionID, ItemID>? {
    guard let i = index(of: id) else { return nil }
    var data = _columns[i]._view.snapshot
    guard case .dragging(let drag) = interaction, let session = _columns[i]._view.drag else { return data }
    let travelling = drag.trip?.items.filter(data.contains) ?? session.items
    guard !travelling.isEmpty else { return data }
    if drag.holder == id, !session.isAway {
      let place = data.difference(placing: travelling, at: session.placeholder)
      _ = try? data.apply(.moved(place))
    } else {
      _ = try? data.apply(.deleted(travelling))
    }
    return data
  }

  /// The number of items a view shows (top level and children), for a count in its header or a
  /// work-in-progress limit: mid-drag, items over another view count there, not in their source,
  /// which keeps them in its data until the drop. `nil` for a view the board does not have.
  ///
  /// ```swift
  /// let badge = "\(board.itemCount(of: "doing") ?? 0) / 3"   // "3 / 3" with a card hovering over Doing
  /// ```
  /// - Complexity: O(k) for k dragged items.
  @inlinable public func itemCount(of id: ViewID) -> Int? {
    guard let i = index(of: id) else { return nil }
    return _columns[i]._view.itemCount
  }

  /// A view under the pointer that refuses the dragged items: draw a forbidden marker over it.
  @inlinable public var refusingView: ViewID? {
    guard case .dragging(let drag) = interaction else { return nil }
    return drag.refusingView
  }

  /// The lifted cell's frame in window coordinates while the items are over no view or a view
  /// that refuses them (a view that holds them draws them itself).
  @inlinable public var floatingFrame: Rect? {
    guard case .dragging(let drag) = interaction else { return nil }
    return drag.floatingFrame
  }

  /// Whether there is a gesture to undo (and nothing lifted).
  @inlinable public var canUndo: Bool { interaction.isIdle && !history.undo.isEmpty }
  /// Whether there is an undone gesture to redo (and nothing lifted).
  @inlinable public var canRedo: Bool { interaction.isIdle && !history.redo.isEmpty }

  /// Changes a view's settings in place (its announcer, policy, size, layout): `body` receives the view.
  @inlinable public mutating func updateView(_ id: ViewID, _ body: (inout View) -> Void) {
    guard let i = index(of: id) else { return }
    body(&_columns[i]._view)
  }

  // MARK: Coordinates

  /// A window point in board coordinates.
  @inlinable func toBoard(_ p: Point) -> Point { Point(x: p.x + _contentOffset.x, y: p.y + _contentOffset.y) }

  /// A window point in a view's coordinates.
  @inlinable func toView(_ p: Point, _ i: Int) -> Point {
    let b = toBoard(p)
    return Point(x: b.x - _columns[i].frame.minX, y: b.y - _columns[i].frame.minY)
  }
}

extension Board.Interaction {
  @inlinable var isIdle: Bool {
    if case .idle = self { return true }
    return false
  }
}

extension Snapshot {
  /// Every item, top level and children.
  @inlinable var allItems: [ItemID] {
    sections.flatMap { s in s.items + s.items.flatMap { children(of: $0) } }
  }
}
