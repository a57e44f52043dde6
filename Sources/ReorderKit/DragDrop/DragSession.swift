/// The items of a drag and drop, from the lift to the drop: UIKit's `UIDragSession` as a state machine.
///
/// A long press begins the session with one item; while it is live, a tap on another item adds
/// it (UIKit's `itemsForAddingTo`). The owner orders the items by their original positions and
/// lands them together on ``drop()``, or puts them back on ``cancel()``.
///
/// ```swift
/// var session = DragSession<String>()
/// session.begin(with: "Loops")       // .began(["Loops"])
/// session.add("Intro")               // .added("Intro")
/// session.add("Loops")               // .none: already in the session
/// session.drop()                     // .drop(["Loops", "Intro"])
/// ```
public struct DragSession<ItemID: Hashable & Sendable>: Sendable {
  /// What the owner should do after an event.
  public enum Action: Hashable, Sendable {
    /// Nothing to do.
    case none
    /// A session began with these items: lift them.
    case began([ItemID])
    /// The item joined the session: take it out of its row and onto the stack.
    case added(ItemID)
    /// Land these items (in the order added; the owner sorts them by original position).
    case drop([ItemID])
    /// Put these items back where they were.
    case cancelled([ItemID])
  }

  private enum State: Hashable, Sendable {
    case idle
    case dragging([ItemID], Set<ItemID>)
  }

  private var state: State = .idle

  /// Creates an idle session.
  public init() {}

  /// Whether a session is live.
  public var isActive: Bool { state != .idle }

  /// The items of the live session, in the order they joined; empty when idle.
  public var items: [ItemID] {
    if case .dragging(let items, _) = state { return items }
    return []
  }

  /// Whether an item is in the live session. O(1).
  public func contains(_ item: ItemID) -> Bool {
    if case .dragging(_, let set) = state { return set.contains(item) }
    return false
  }

  /// Begins a session with the lifted item. Does nothing while a session is live.
  @discardableResult
  public mutating func begin(with item: ItemID) -> Action {
    guard state == .idle else { return .none }
    state = .dragging([item], [item])
    return .began([item])
  }

  /// Adds an item to the live session. Does nothing when idle or when the item is already in it.
  @discardableResult
  public mutating func add(_ item: ItemID) -> Action {
    guard case .dragging(var items, var set) = state, set.insert(item).inserted else { return .none }
    items.append(item)
    state = .dragging(items, set)
    return .added(item)
  }

  /// Ends the session with a drop.
  @discardableResult
  public mutating func drop() -> Action {
    guard case .dragging(let items, _) = state else { return .none }
    state = .idle
    return .drop(items)
  }

  /// Ends the session without a drop.
  @discardableResult
  public mutating func cancel() -> Action {
    guard case .dragging(let items, _) = state else { return .none }
    state = .idle
    return .cancelled(items)
  }
}
