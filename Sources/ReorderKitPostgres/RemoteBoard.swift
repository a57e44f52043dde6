import Foundation
import Logging
import NIOSSL
import ReorderKit
import WSClient

/// A board shared through `reorder-server`: the client a person's app uses (DESIGN, "The board
/// server"). It holds a token, never database credentials.
///
/// It talks to the board's live WebSocket (`/api/boards/{board}/live`): `hello` with the token
/// (and, once it has the board, the revision and epoch it last saw), `welcome` with the whole
/// board or the changes since, `commit` for each move and `ack` or `rejected` for it, and `remote`
/// for others' moves. The board is shown at once with this client's moves on top (``state``);
/// every move waits in a local SQLite outbox until the server has confirmed it, so a move made
/// offline, or before a crash, goes out when the server is back. What the server sends is
/// distrusted: a message that cannot be read, a revision that skips or overflows, a change that
/// does not fit the board, makes the client read the board again, never trap or apply it blindly.
///
/// ```swift
/// let board = try RemoteBoard(.init(link: "https://boards.example.com/boards/sprint",
///                                   token: try String(contentsOfFile: "sprint.token", encoding: .utf8),
///                                   outboxPath: "sprint-outbox.sqlite"))
/// await board.start()
/// try await board.commit(.moved(ReorderDifference(items: ["c7"], section: "doing", before: "c2")))
/// for await event in board.events { /* others' moves, lost races, the connection */ }
/// ```
public actor RemoteBoard {
  /// Where the board is, who is asking, and how the client behaves.
  public struct Configuration: Sendable {
    /// The board's link: `http(s)://host[:port]/boards/NAME` (`http` belongs on loopback).
    public var link: String
    /// The person's token (`reorder-server token create`); sent in `hello` only, never logged.
    public var token: String
    /// The local SQLite file with the outbox and the last confirmed board; `nil`: in memory only.
    public var outboxPath: String?
    /// The name of a card or column in announcements (default: its identifier).
    public var name: @Sendable (String) -> String
    /// A PEM file of certificates trusted for an `https` link besides the system's: a server with
    /// a certificate of its own (`reorder-server serve --tls-cert`), or a company's authority.
    ///
    /// ```swift
    /// var configuration = RemoteBoard.Configuration(link: "https://boards.lan:8443/boards/sprint", token: token)
    /// configuration.trustedCertificates = "/etc/reorder/boards-ca.pem"
    /// ```
    public var trustedCertificates: String?
    /// The first wait before reconnecting, doubled after each failure up to `maximumBackoff`.
    public var initialBackoff: Duration = .milliseconds(100)
    /// The longest wait before reconnecting.
    public var maximumBackoff: Duration = .seconds(5)
    /// How long connecting and the `welcome` may take.
    public var connectTimeout: Duration = .seconds(5)
    /// How long a revision gap may stay open before the client asks for the changes again.
    public var gapTimeout: Duration = .milliseconds(500)

    /// A configuration.
    ///
    /// ```swift
    /// var configuration = RemoteBoard.Configuration(link: link, token: token, outboxPath: "outbox.sqlite")
    /// configuration.name = { "Card \($0.dropFirst())" }
    /// ```
    public init(
      link: String, token: String, outboxPath: String? = nil, name: @escaping @Sendable (String) -> String = { $0 }
    ) {
      self.link = link
      self.token = token
      self.outboxPath = outboxPath
      self.name = name
    }
  }

  /// A move on its way: the gesture, and the revision the server committed it as once it said so.
  struct Waiting: Sendable {
    var gesture: Gesture
    var sent: Int64?
  }

  /// A revision known before the ones below it arrived.
  enum Known: Sendable {
    /// This client's gesture, with the server's changes when its ack carried them.
    case own(String, [WireChange]?)
    /// Another client's changes.
    case remote([WireChange])
  }

  /// The largest message read: a whole board of a few hundred thousand cards.
  static let maximumMessage = 1 << 25

  let configuration: Configuration
  /// The board's name on the server.
  ///
  /// ```swift
  /// try RemoteBoard(.init(link: "http://127.0.0.1:8080/boards/sprint", token: t)).board   // "sprint"
  /// ```
  public nonisolated let board: String
  /// `ws(s)://host:port/api/boards/{board}/live`.
  nonisolated let liveURL: String
  nonisolated let outbox: Outbox
  let logger: Logger

  /// The board as the server last confirmed it (its revision the server's).
  var confirmed: BoardState
  /// The board's epoch the confirmed state belongs to (`nil`: never loaded).
  var epoch: String?
  /// Moves not yet in `confirmed`, in the order they were made.
  var pending: [Waiting] = []
  /// Revisions past `confirmed`'s that arrived early.
  var known: [Int64: Known] = [:]
  /// The board to show: `confirmed` with `pending` on top.
  ///
  /// ```swift
  /// view.apply(await board.state.snapshot, time: now)
  /// ```
  public internal(set) var state: BoardState
  /// The connection now.
  ///
  /// ```swift
  /// if await board.connection == .online { caption = "Shared · connected" }
  /// ```
  public internal(set) var connection: SharedBoardConnection = .offline(retryIn: .zero)
  /// The role the server gave the token (`"viewer"` or `"editor"`), once it answered.
  ///
  /// ```swift
  /// if await board.role == "viewer" { caption = "Shared read-only" }
  /// ```
  public internal(set) var role: String?
  /// Why the server last refused the connection (a revoked or wrong token, another board's), in
  /// its words; `nil` once it accepts one.
  ///
  /// ```swift
  /// if let why = await board.refusal { print("not allowed:", why) }   // "invalid token"
  /// ```
  public internal(set) var refusal: String?

  var closed = false
  var runTask: Task<Void, Never>?
  /// The session now: its number (answers of an older one are ignored), its writer, whether its
  /// welcome came, the gesture it has sent and awaits the answer to.
  var session = 0
  var outbound: WebSocketOutboundWriter?
  var welcomed = false
  /// A `hello` is on its way: the revision it asked for changes after (`nil`: the whole board).
  var awaitingWelcome = false
  var askedAfter: Int64?
  var inFlight: String?
  /// A `rateLimited` answer's wait: nothing is sent before it.
  var resendAfter: ContinuousClock.Instant?
  var gapCheck: Task<Void, Never>?
  var announcedConnection = false
  var outcomes: [String: GestureOutcome] = [:]
  var sentWaiters: [CheckedContinuation<Void, Never>] = []
  /// Ends the running session's wait (once).
  var endSession: (@Sendable () -> Void)?

  /// Others' moves, lost races, refusals and the connection, in order (one consumer).
  ///
  /// ```swift
  /// for await event in board.events {
  ///   if case .remote(let update) = event { view.apply(update.state.snapshot, time: now) }
  /// }
  /// ```
  public nonisolated let events: AsyncStream<SharedBoardEvent>
  let sink: AsyncStream<SharedBoardEvent>.Continuation

  /// Opens the local outbox and shows the board as last confirmed, with the moves still waiting;
  /// nothing talks to the server until ``start()``.
  ///
  /// ```swift
  /// let board = try RemoteBoard(.init(link: "http://127.0.0.1:8080/boards/sprint", token: token))
  /// ```
  /// - Throws: ``SharedBoardError`` for a link that is not a board's (or carries a user or
  ///   password), an empty token, a ``Configuration/trustedCertificates`` file with no certificate,
  ///   or an outbox that cannot be opened or read.
  public init(_ configuration: Configuration) throws(SharedBoardError) {
    self.configuration = configuration
    let link = try Self.parse(configuration.link)
    board = link.board
    liveURL = link.live
    guard !configuration.token.isEmpty, !configuration.token.contains(where: \.isWhitespace) else {
      throw SharedBoardError(.link("the token is empty or has spaces in it"))
    }
    if let file = configuration.trustedCertificates {
      // Read now: a file that cannot be read is one clear error, not a client that never connects.
      guard (try? NIOSSLCertificate.fromPEMFile(file))?.isEmpty == false else {
        throw SharedBoardError(.link("no certificate can be read from \(file)"))
      }
    }
    outbox = try Outbox(path: configuration.outboxPath, board: link.key)
    var logger = Logger(label: "ReorderKitPostgres.RemoteBoard")
    logger.logLevel = .critical
    self.logger = logger
    let saved: BoardState
    let waiting: [Gesture]
    do {
      saved = try outbox.confirmed().state
      epoch = try outbox.epoch()
      waiting = try outbox.pending()
    } catch {
      throw SharedBoardError(.outbox("\(error)"))
    }
    (events, sink) = AsyncStream.makeStream(of: SharedBoardEvent.self, bufferingPolicy: .unbounded)
    var loaded = saved
    // Rows without an epoch were never confirmed by reorder-server: the first hello reads it whole.
    if epoch == nil { loaded.revision = 0 }
    let waitingMoves = waiting.map { Waiting(gesture: $0) }
    confirmed = loaded
    pending = waitingMoves
    state = Self.shown(loaded, with: waitingMoves)
  }

  /// Connects (and keeps reconnecting) in the background. Returns at once;
  /// ``SharedBoardEvent/connection(_:announcement:)`` tells when the board is online.
  ///
  /// ```swift
  /// await board.start()
  /// ```
  public func start() {
    guard runTask == nil, !closed else { return }
    runTask = Task { await run() }
  }

  /// Stops talking to the server and ends ``events``. Unsent moves stay in the outbox.
  ///
  /// ```swift
  /// await board.close()
  /// ```
  public func close() async {
    closed = true
    if let outbound { try? await outbound.close(.normalClosure, reason: "closing") }
    endSession?()
    runTask?.cancel()
    gapCheck?.cancel()
    await runTask?.value
    runTask = nil
    sink.finish()
    for waiter in sentWaiters { waiter.resume() }
    sentWaiters = []
  }

  /// The number of moves the server has not confirmed yet.
  ///
  /// ```swift
  /// caption = "Offline · \(await board.unsentCount) moves waiting"
  /// ```
  public var unsentCount: Int { pending.count { $0.sent == nil } }

  /// Records a committed change, as the collection view reported it: the board shows it at once,
  /// the outbox keeps it, and it goes to the server as soon as it can. Returns the gesture's
  /// identifier, or `nil` for a change that moves nothing (a placeholder move, `.replaced`).
  ///
  /// ```swift
  /// try await board.commit(.moved(ReorderDifference(items: ["c7"], section: "doing", before: "c2")))
  /// ```
  /// - Throws: ``SharedBoardError``: a card or column not on the board, groups, an insertion or a
  ///   deletion (the server takes moves only), or a viewer's token. Nothing is recorded then.
  @discardableResult
  public func commit(_ change: Change<String, String>) throws(SharedBoardError) -> String? {
    switch change {
    case .moved(let d):
      guard d.parent == nil else { throw SharedBoardError(.groups) }
      guard state.rows[d.section]?.parent == "" else { throw SharedBoardError(.unknownColumn(d.section)) }
      return try record(.place(items: d.items, parent: d.section, before: d.before, inserting: false))
    case .inserted:
      throw SharedBoardError(.unsupported("new cards"))
    case .deleted:
      throw SharedBoardError(.unsupported("deletions"))
    case .expanded, .collapsed, .placeholderMoved, .replaced:
      return nil
    }
  }

  /// Moves columns, in order, before the column `before` (or to the end).
  ///
  /// ```swift
  /// try await board.moveColumns(["done"], before: "todo")
  /// ```
  /// - Throws: ``SharedBoardError`` for an unknown column or a viewer's token.
  @discardableResult
  public func moveColumns(_ columns: [String], before: String?) throws(SharedBoardError) -> String {
    for id in columns where state.rows[id]?.parent != "" { throw SharedBoardError(.unknownColumn(id)) }
    return try record(.place(items: columns, parent: "", before: before, inserting: false))
  }

  /// What became of a gesture so far: `nil` while the server has not answered it.
  ///
  /// ```swift
  /// let id = try await board.commit(change)!
  /// await board.waitUntilSent()
  /// await board.outcome(of: id)   // .committed(revision: 7)
  /// ```
  public func outcome(of gesture: String) -> GestureOutcome? { outcomes[gesture] }

  /// Waits until the server has answered every move made so far (or ``close()``).
  ///
  /// ```swift
  /// try await board.commit(change)
  /// await board.waitUntilSent()
  /// ```
  public func waitUntilSent() async {
    guard unsentCount > 0, !closed else { return }
    await withCheckedContinuation { sentWaiters.append($0) }
  }

  func record(_ intent: Gesture.Intent) throws(SharedBoardError) -> String {
    guard role != "viewer" else { throw SharedBoardError(.readOnly) }
    let writes = try Self.rows(intent, on: state)
    let gesture = Gesture(id: UUID().uuidString, intent: intent, writes: writes)
    try outbox.append(gesture)
    pending.append(Waiting(gesture: gesture))
    state.apply(writes)
    Task { await pump() }
    return gesture.id
  }

  func wakeSentWaiters() {
    guard unsentCount == 0 else { return }
    let waiters = sentWaiters
    sentWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  /// The link's board, its live WebSocket address, and the key of its rows in the local file.
  static func parse(_ text: String) throws(SharedBoardError) -> (board: String, live: String, key: String) {
    guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
    else { throw SharedBoardError(.link(text)) }
    guard url.user == nil, url.password == nil else {
      throw SharedBoardError(.link("a board's link carries no user or password; the token goes in --token-file"))
    }
    let parts = url.path.split(separator: "/", omittingEmptySubsequences: true)
    guard parts.count == 2, parts[0] == "boards", BoardName.isValid(parts[1]), url.query == nil else {
      throw SharedBoardError(.link(text))
    }
    // TLS names the server (SNI) and checks its certificate against that name; the WebSocket
    // client cannot do either for an address, so such a link would never connect.
    if scheme == "https", host.contains(":") || host.split(separator: ".").allSatisfy({ UInt8($0) != nil }) {
      throw SharedBoardError(
        .link("an https link names the server as its certificate does (https://boards.example.com/…), not \(host)"))
    }
    let board = String(parts[1])
    let port = url.port.map { ":\($0)" } ?? ""
    let bracketed = host.contains(":") ? "[\(host)]" : host
    let live = "\(scheme == "https" ? "wss" : "ws")://\(bracketed)\(port)/api/boards/\(board)/live"
    return (board, live, "\(scheme)://\(bracketed)\(port)/boards/\(board)")
  }
}
