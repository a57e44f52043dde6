import ReorderKit

/// What an app needs of a shared board, whichever way it reaches it: ``RemoteBoard`` (through
/// `reorder-server`, what a team uses) or `SharedBoard` (straight to PostgreSQL, for a server's
/// own tools and tests on loopback).
///
/// Both show the board at once with the app's own moves on top (``state``), keep every committed
/// move in a local outbox until the server has it, and report others' moves, lost races, refusals
/// and the connection on ``events``.
///
/// ```swift
/// let board: any SharedBoardClient = try RemoteBoard(
///   .init(link: "https://boards.example.com/boards/sprint", token: token, outboxPath: "sprint.sqlite"))
/// await board.start()
/// try await board.commit(.moved(ReorderDifference(items: ["c7"], section: "doing", before: "c2")))
/// for await event in board.events { /* SharedBoardEvent */ }
/// ```
public protocol SharedBoardClient: Actor {
  /// Others' commits, lost races, refusals and connection changes, in order (one consumer).
  nonisolated var events: AsyncStream<SharedBoardEvent> { get }
  /// The board to show: the server's state with this client's unsent moves on top.
  var state: BoardState { get }
  /// The number of moves the server has not confirmed yet.
  var unsentCount: Int { get }
  /// Connects (and keeps reconnecting) in the background.
  func start()
  /// Stops talking to the server and ends ``events``; unsent moves stay in the outbox.
  func close() async
  /// Records a committed change as the collection view reported it; `nil` for one that moves
  /// nothing (a placeholder move, `.replaced`).
  @discardableResult func commit(_ change: Change<String, String>) throws(SharedBoardError) -> String?
  /// Moves columns, in order, before the column `before` (or to the end).
  @discardableResult func moveColumns(_ columns: [String], before: String?) throws(SharedBoardError) -> String
  /// Waits until the server has answered every move made so far (or the board is closed).
  func waitUntilSent() async
}

extension RemoteBoard: SharedBoardClient {}
