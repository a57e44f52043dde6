import Foundation
import PostgresNIO
import ReorderKit
import ReorderKitShare

/// A board kept in PostgreSQL and shared by several people: each client shows the board, commits
/// its gestures, and sees the others' live.
///
/// Every column and card is one row (container, order key, version). A committed gesture writes its
/// rows in one transaction, and only if each row still has the version the client saw: commit
/// order on the server decides, and a gesture that lost a race is reported
/// (`SharedBoardEvent/lostRace(_:)`) while the board takes the server's state. Others' commits
/// arrive through LISTEN/NOTIFY as `SharedBoardEvent/remote(_:)`: apply the new state to the
/// collection views, mid-drag included. When the server is away the client keeps working: gestures
/// wait in a local SQLite outbox and go out, in order, when it is back (reconnecting with back-off).
///
/// ```swift
/// let board = try SharedBoard(.init(url: "postgresql://me@127.0.0.1:5432/team", board: "sprint",
///                                   outboxPath: "sprint-outbox.sqlite"))
/// await board.start()
/// view.apply(await board.state.snapshot, time: now)
/// Task { for await event in board.events { /* apply, announce (SharedBoardEvent) */ } }
/// // A committed gesture, as the collection view reports it in `.changed(change)`:
/// try await board.commit(.moved(ReorderDifference(items: ["c7"], section: "doing", before: "c2")))
/// ```
public actor SharedBoard {
  /// Where the board lives and how the client behaves.
  public struct Configuration: Sendable {
    /// `postgresql://user[:password]@host[:port]/database`.
    public var url: String
    /// The board's identifier on the server (several boards share the tables).
    public var board: String
    /// The local SQLite file with the outbox and the last confirmed board; `nil`: in memory only.
    public var outboxPath: String?
    /// The client's name on the server (for people reading the log).
    public var clientName: String
    /// The name of a card or column in announcements (default: its identifier).
    public var name: @Sendable (String) -> String
    /// The first wait before reconnecting, doubled after each failure up to `maximumBackoff`.
    public var initialBackoff: Duration = .milliseconds(100)
    /// The longest wait before reconnecting.
    public var maximumBackoff: Duration = .seconds(5)
    /// How long a connection attempt may take.
    public var connectTimeout: Duration = .seconds(2)
    /// How often the client reads the log without a NOTIFY (a missed wake-up, a dead connection).
    public var heartbeat: Duration = .seconds(1)
    /// Keys past this length make the gesture rebalance a few neighbours.
    public var maximumKeyLength: Int = OrderKey.maximumLength

    /// A configuration.
    ///
    /// ```swift
    /// var configuration = SharedBoard.Configuration(url: url, board: "sprint", outboxPath: "outbox.sqlite")
    /// configuration.name = { "Card \($0.dropFirst())" }
    /// ```
    public init(
      url: String, board: String, outboxPath: String? = nil, clientName: String = "reorderkit",
      name: @escaping @Sendable (String) -> String = { $0 }
    ) {
      self.url = url
      self.board = board
      self.outboxPath = outboxPath
      self.clientName = clientName
      self.name = name
    }
  }

  struct Pending: Sendable {
    var gesture: Gesture
    /// The revision the server committed it as, once it answered (until the log brings it).
    var sent: Int64?
    var placements = 0
  }

  let configuration: Configuration
  let server: PostgresConnection.Configuration
  let outbox: Outbox
  let logger: Logger
  /// The client's identity in the log (its ``Configuration/clientName`` and a random suffix).
  ///
  /// ```swift
  /// print(board.clientID)   // "reorderkit-1A2B3C4D"
  /// ```
  public nonisolated let clientID: String

  /// The board as last read from the server.
  var confirmed: BoardState
  /// Gestures not yet in `confirmed`, in the order they were made.
  var pending: [Pending] = []
  /// The board to show: the server's state with this client's unsent gestures on top.
  ///
  /// ```swift
  /// view.apply(await board.state.snapshot, time: now)
  /// ```
  public internal(set) var state: BoardState
  /// The server connection now.
  ///
  /// ```swift
  /// if await board.connection == .online { caption = "Shared · connected" }
  /// ```
  public internal(set) var connection: SharedBoardConnection = .offline(retryIn: .zero)
  var clientNumber: Int64?
  var tag: String

  var reader: ServerConnection?
  var writer: ServerConnection?
  var sendSignal: AsyncStream<Void>.Continuation?
  var runTask: Task<Void, Never>?
  var closed = false
  var catchingUp = false
  var catchUpAgain = false
  var catchUpWaiters: [CheckedContinuation<Void, any Error>] = []
  var outcomes: [String: GestureOutcome] = [:]
  var outcomeWaiters: [String: [CheckedContinuation<GestureOutcome, Never>]] = [:]
  var sentWaiters: [CheckedContinuation<Void, Never>] = []
  var announcedConnection = false
  /// Confirmed rows not yet in the local file, the gestures they confirm (to leave the file's
  /// outbox in the same write), and when it was last written.
  var unsavedWrites: [RowWrite] = []
  var unsavedDone: [String] = []
  var lastSaved = ContinuousClock.now
  /// When the server last answered (the watchdog's clock).
  var lastHeard = ContinuousClock.now
  /// How often the client read the log (tests and measurements read it).
  var logReads = 0
  /// The running session and its watchdog.
  var sessionTasks: [Task<Void, Never>] = []
  /// Ends the running session's wait in ``runSession()`` (once).
  var endSession: (@Sendable () -> Void)?

  /// Others' commits, lost races and connection changes, in order (one consumer).
  ///
  /// ```swift
  /// for await event in board.events {
  ///   if case .remote(let update) = event { view.apply(update.state.snapshot, time: now) }
  /// }
  /// ```
  public nonisolated let events: AsyncStream<SharedBoardEvent>
  let sink: AsyncStream<SharedBoardEvent>.Continuation

  /// Opens the local outbox and shows the board as last confirmed, with the gestures still waiting
  /// in the outbox; nothing talks to the server until ``start()``.
  ///
  /// ```swift
  /// let board = try SharedBoard(.init(url: url, board: "sprint", outboxPath: "outbox.sqlite"))
  /// ```
  /// A gesture in the outbox that no client could have made (a version at Int64.max or below 0, a
  /// key that is not an order key: the file was edited or damaged) is set aside in its `refused`
  /// table and reported as `SharedBoardEvent/refused(_:)` first thing on ``events``.
  ///
  /// - Throws: `SharedBoardError` for a URL that is not PostgreSQL's or an outbox that cannot
  ///   be opened or read (a value of the wrong type in it, say).
  public init(_ configuration: Configuration) throws(SharedBoardError) {
    self.configuration = configuration
    server = try ServerConnection.configuration(url: configuration.url, connectTimeout: configuration.connectTimeout)
    outbox = try Outbox(path: configuration.outboxPath, board: configuration.board)
    var logger = Logger(label: "ReorderKitPostgres")
    logger.logLevel = .critical
    self.logger = logger
    clientID = "\(configuration.clientName)-\(UUID().uuidString.prefix(8))"
    let saved: (state: BoardState, client: Int64?)
    let waiting: [Gesture]
    do {
      saved = try outbox.confirmed()
      waiting = try outbox.pending()
    } catch {
      throw SharedBoardError(.outbox("\(error)"))
    }
    (events, sink) = AsyncStream.makeStream(of: SharedBoardEvent.self, bufferingPolicy: .unbounded)
    confirmed = saved.state
    clientNumber = saved.client
    tag = clientTag(saved.client ?? Int64.random(in: 0..<238_328))
    var visible = saved.state
    var kept: [Pending] = []
    var refused: [RefusedGesture] = []
    for gesture in waiting {
      if let reason = gesture.flaw {
        refused.append(
          RefusedGesture(
            gesture: gesture.id, items: gesture.writes.map(\.id), reason: reason,
            announcement: "A move kept from an earlier run could not be shared and was set aside: \(reason)",
            state: visible))
      } else {
        visible.apply(gesture.writes)
        kept.append(Pending(gesture: gesture))
      }
    }
    pending = kept
    state = visible
    for refusal in refused {
      do {
        try outbox.refuse(refusal.gesture, reason: refusal.reason)
      } catch {
        throw SharedBoardError(.outbox("\(error)"))
      }
      outcomes[refusal.gesture] = .refused(reason: refusal.reason)
      sink.yield(.refused(RefusedGesture(refusal, state: visible)))
    }
  }

  /// Connects (and keeps reconnecting) in the background: reads the board, sends the outbox,
  /// listens for others' commits. Returns at once; `SharedBoardEvent/connection(_:announcement:)`
  /// tells when the board is online.
  ///
  /// ```swift
  /// await board.start()
  /// ```
  public func start() {
    guard runTask == nil, !closed else { return }
    runTask = Task { await run() }
  }

  /// Stops talking to the server and ends ``events``. Unsent gestures stay in the outbox for the
  /// next run.
  ///
  /// ```swift
  /// await board.close()   // at exit; the outbox keeps what was not sent
  /// ```
  public func close() async {
    closed = true
    runTask?.cancel()
    for task in sessionTasks { task.cancel() }
    await runTask?.value
    runTask = nil
    sink.finish()
    for waiter in catchUpWaiters { waiter.resume(throwing: SharedBoardError(.offline)) }
    catchUpWaiters = []
    for waiter in sentWaiters { waiter.resume() }
    sentWaiters = []
  }

  /// The number of gestures the server has not confirmed yet.
  ///
  /// ```swift
  /// let waiting = await board.unsentCount
  /// caption = "Offline · \(waiting) moves waiting"
  /// ```
  public var unsentCount: Int { pending.count { $0.sent == nil } }

  /// Creates a board on the server with these columns and cards (keys evenly spread), unless a
  /// board with that identifier is already there. `true` when it created it.
  ///
  /// ```swift
  /// try await SharedBoard.create(url: url, board: "sprint",
  ///                              columns: [("todo", ["c1", "c2"]), ("doing", []), ("done", ["c3"])])
  /// ```
  /// - Throws: `SharedBoardError` for a bad URL or identifiers named twice; the server's error
  ///   when it cannot be reached.
  @discardableResult
  public static func create(url: String, board: String, columns: [(id: String, cards: [String])]) async throws -> Bool {
    let configuration = try ServerConnection.configuration(url: url, connectTimeout: .seconds(5))
    var names = Set<String>()
    for id in columns.map(\.id) + columns.flatMap(\.cards) where !names.insert(id).inserted {
      throw SharedBoardError(.duplicateItem(id))
    }
    var logger = Logger(label: "ReorderKitPostgres")
    logger.logLevel = .critical
    let connection = try await ServerConnection.open(configuration, id: 0, logger: logger)
    do {
      try await connection.installSchema()
      guard try await connection.createBoard(board) else {
        await connection.close()
        return false
      }
      var writes: [RowWrite] = []
      let columnKeys = try OrderKey.keys(count: columns.count, between: nil, nil)
      for (column, key) in zip(columns, columnKeys) {
        writes.append(RowWrite(id: column.id, parent: "", key: key.rawValue, expected: 0, deleted: false))
        for (card, cardKey) in zip(column.cards, try OrderKey.keys(count: column.cards.count, between: nil, nil)) {
          writes.append(RowWrite(id: card, parent: column.id, key: cardKey.rawValue, expected: 0, deleted: false))
        }
      }
      let gesture = Gesture(id: UUID().uuidString, intent: .delete(items: []), writes: writes)
      if !writes.isEmpty { _ = try await connection.commit(gesture, board: board, client: "create") }
      await connection.close()
      return true
    } catch {
      await connection.close()
      throw error
    }
  }
}

extension SharedBoard: SharedBoardClient {}
