/// What a view of a ``Board`` takes from other views: items from some source views only, items
/// that pass a test, and at most `limit` items in all (a column's work-in-progress limit). A view
/// always takes its own items back.
///
/// ```swift
/// // Doing takes cards from To do only, and holds at most 3.
/// let doing = BoardAcceptance<String, String>(sources: ["todo"], limit: 3)
/// ```
public struct BoardAcceptance<ViewID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  /// The source views it takes items from; `nil`: every view.
  public var sources: Set<ViewID>?
  /// The most items it holds; `nil`: no limit.
  public var limit: Int?
  /// Whether it takes an item from a source view; `nil`: every item.
  public var item: (@Sendable (ItemID, ViewID) -> Bool)?

  /// Creates an acceptance rule.
  @inlinable public init(
    sources: Set<ViewID>? = nil, limit: Int? = nil, item: (@Sendable (ItemID, ViewID) -> Bool)? = nil
  ) {
    self.sources = sources
    self.limit = limit
    self.item = item
  }

  /// Everything, from every view.
  @inlinable public static var everything: Self { Self() }

  /// Whether items from a source view may enter a view that holds `count` items now.
  @inlinable public func accepts(_ items: [ItemID], from source: ViewID, count: Int) -> Bool {
    if let sources, !sources.contains(source) { return false }
    if let limit, count + items.count > limit { return false }
    if let item, !items.allSatisfy({ item($0, source) }) { return false }
    return true
  }
}

/// Why a ``Board`` cannot be made from its columns.
///
/// ```swift
/// do { _ = try Board(columns: columns) } catch { print(error) }   // view "todo" is named twice
/// ```
public struct BoardError: Error, Hashable, Sendable, CustomStringConvertible {
  private enum Kind: Hashable, Sendable {
    case duplicateView(String)
    case badFrame(String)
    case itemInTwoViews(String, String, String)
  }
  private let kind: Kind

  @usableFromInline static func duplicateView(_ id: String) -> Self { Self(kind: .duplicateView(id)) }
  @usableFromInline static func badFrame(_ id: String) -> Self { Self(kind: .badFrame(id)) }
  @usableFromInline static func itemInTwoViews(item: String, _ a: String, _ b: String) -> Self {
    Self(kind: .itemInTwoViews(item, a, b))
  }

  public var description: String {
    switch kind {
    case .duplicateView(let id): "view \"\(id)\" is named twice"
    case .badFrame(let id): "view \"\(id)\" has a frame that is not four finite numbers with a size of zero or more"
    case .itemInTwoViews(let item, let a, let b): "item \"\(item)\" is in two views, \"\(a)\" and \"\(b)\""
    }
  }
}

/// Where an item stands on a board: its view and its position there.
public struct BoardPosition<ViewID: Hashable & Sendable, ItemID: Hashable & Sendable>: Hashable, Sendable {
  /// The view.
  public var view: ViewID
  /// The position in the view (destination counted after the removal, as UIKit's moves).
  public var position: OutlinePosition<ItemID>

  /// Creates a position.
  @inlinable public init(view: ViewID, position: OutlinePosition<ItemID>) {
    self.view = view
    self.position = position
  }
}

/// Something a ``Board`` reports after an event.
///
/// ```swift
/// for event in board.pointerUp(at: p, time: t) {
///   switch event {
///   case .view(let view, .changed(let change)): save(change, in: view)
///   case .view(_, .announcement(let text)): caption = text
///   default: break
///   }
/// }
/// ```
public enum BoardEvent<ViewID: Hashable & Sendable, SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
  Hashable, Sendable
{
  /// What a view reports, named by the view. A gesture across views comes as the destination's
  /// `.changed(.moved(…))` and `.committed(…)`: the items were taken from wherever they were.
  case view(ViewID, CollectionViewEvent<SectionID, ItemID>)
  /// An item moved from one view to another (a UIKit move across views: removed at `from`, then
  /// inserted at `to`, counted after the removal); moves within a view come as the view's `.moved`.
  case moved(ItemID, from: BoardPosition<ViewID, ItemID>, to: BoardPosition<ViewID, ItemID>)
  /// The dragged items are over a view that refuses them: no gap opens, a release cancels.
  case refused(ViewID)
  /// A column moved (dragged by its header, undone or redone): from one index of the board to another.
  case columnMoved(ViewID, from: Int, to: Int)
}
