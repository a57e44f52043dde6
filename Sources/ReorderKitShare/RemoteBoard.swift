import Foundation
import NIOSSL
import ReorderKit
import ReorderSync

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
/// Every one of those decisions is `BoardSync`'s (ReorderSync), the protocol every client of the board runs
/// (DESIGN, "One sync machine"). This actor holds one and performs what it asks: it opens and
/// closes the WebSocket, sends its messages, keeps its record in the outbox, shows its board,
/// turns what it says into ``events``, and calls it back at the time it asks.
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

  /// The largest message read: a whole board of a few hundred thousand cards.
  static let maximumMessage = 1 << 25

  let configuration: Configuration
  /// The board's name on the server.
  ///
  /// ```swift
  /// try RemoteBoard(.init(link: "http://127.0.0.1:8080/boards/sprint", token: t)).board   // "sprint"
  /// ```
  public nonisolated let board: String
  nonisolated let outbox: Outbox
  /// Opens the live connections: the WebSocket, or a test's script.
  let connector: LiveConnector
  /// Time zero of the machine's clock (its times are milliseconds since).
  let origin = ContinuousClock.now

  /// The protocol: every decision of what to send, show, keep and say.
  var sync: BoardSync
  /// The record last written to the outbox (what the next one is written over).
  var kept: SyncRecord
  /// The live connection now, if any.
  var link: Link = .none
  /// The last connection's number (a closed one's callbacks are ignored).
  var session = 0
  /// The one timer: the machine's next ``BoardSync/tick(now:)``, and when.
  var timer: (task: Task<Void, Never>, at: Int64)?
  var phase: Phase = .idle

  /// The board to show: the one the server confirmed, with this client's waiting moves on top.
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
  /// Whether a connection state was announced yet (the first offline one is news).
  var announcedConnection = false
  var outcomes: [String: GestureOutcome] = [:]
  var sentWaiters: [CheckedContinuation<Void, Never>] = []

  /// Others' moves, lost races, refusals and the connection, in order (one consumer).
  ///
  /// ```swift
  /// for await event in board.events {
  ///   if case .remote(let update) = event { view.apply(update.state.snapshot, time: now) }
  /// }
  /// ```
  public nonisolated let events: AsyncStream<SharedBoardEvent>
  let sink: AsyncStream<SharedBoardEvent>.Continuation

  /// Before ``start()``, running, or after ``close()``.
  enum Phase {
    case idle, running, closed
  }

  /// The role the server gave the token (`"viewer"` or `"editor"`), once it answered.
  ///
  /// ```swift
  /// if await board.role == "viewer" { caption = "Shared read-only" }
  /// ```
  public var role: String? { sync.role?.text }

  /// Why the server last refused the connection (a revoked or wrong token, another board's), in
  /// its words; `nil` once it accepts one.
  ///
  /// ```swift
  /// if let why = await board.refusal { print("not allowed:", why) }   // "invalid token"
  /// ```
  public var refusal: String? { sync.refusal }

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
    let link = try Self.parse(configuration.link)
    if let file = configuration.trustedCertificates {
      // Read now: a file that cannot be read is one clear error, not a client that never connects.
      guard (try? NIOSSLCertificate.fromPEMFile(file))?.isEmpty == false else {
        throw SharedBoardError(.link("no certificate can be read from \(file)"))
      }
    }
    try self.init(
      configuration,
      connector: .webSocket(
        url: link.live, trusting: configuration.trustedCertificates,
        pingEvery: .milliseconds(Self.machine(configuration).heartbeatMs / 2)))
  }

  /// A board whose connections `connector` opens (a test's script in place of the WebSocket).
  init(_ configuration: Configuration, connector: LiveConnector) throws(SharedBoardError) {
    self.configuration = configuration
    let link = try Self.parse(configuration.link)
    board = link.board
    guard !configuration.token.isEmpty, !configuration.token.contains(where: \.isWhitespace) else {
      throw SharedBoardError(.link("the token is empty or has spaces in it"))
    }
    self.connector = connector
    outbox = try Outbox(path: configuration.outboxPath, board: link.key)
    let (record, setAside) = try outbox.record()
    sync = BoardSync(Self.machine(configuration), restoring: record)
    kept = record
    state = BoardState(sync.shown, revision: sync.revision)
    (events, sink) = AsyncStream.makeStream(of: SharedBoardEvent.self, bufferingPolicy: .unbounded)
    for (gesture, items) in setAside {
      outcomes[gesture] = .refused(reason: Outbox.notAMove)
      sink.yield(
        .refused(
          RefusedGesture(
            gesture: gesture, items: items, reason: Outbox.notAMove,
            announcement: "A move kept from an earlier run could not be shared and was set aside (\(Outbox.notAMove)).",
            state: state)))
    }
  }

  /// Connects (and keeps reconnecting) in the background. Returns at once;
  /// ``SharedBoardEvent/connection(_:announcement:)`` tells when the board is online.
  ///
  /// ```swift
  /// await board.start()
  /// ```
  public func start() {
    guard case .idle = phase else { return }
    phase = .running
    input { sync, now in sync.tick(now: now) }
  }

  /// Stops talking to the server and ends ``events``. Unsent moves stay in the outbox.
  ///
  /// ```swift
  /// await board.close()
  /// ```
  public func close() async {
    guard phase != .closed else { return }
    phase = .closed
    let open = drop(reason: "closing")
    timer?.task.cancel()
    timer = nil
    await open?.value
    sink.finish()
    for waiter in sentWaiters { waiter.resume() }
    sentWaiters = []
  }

  /// The number of moves the server has not confirmed yet.
  ///
  /// ```swift
  /// caption = "Offline · \(await board.unsentCount) moves waiting"
  /// ```
  public var unsentCount: Int { sync.unsentCount }

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
      return try record(.moveCards(items: d.items, column: d.section, before: d.before))
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
    return try record(.moveColumns(items: columns, before: before))
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
    guard unsentCount > 0, phase != .closed else { return }
    await withCheckedContinuation { sentWaiters.append($0) }
  }

  /// Hands a move to the machine: taken (the outbox keeps it, the board shows it), or refused
  /// with the machine's reason.
  func record(_ change: ReorderSync.WireChange) throws(SharedBoardError) -> String {
    let gesture = UUID().uuidString
    var refused: String?
    input { sync, now in
      let actions = sync.local(change, gesture: gesture, now: now)
      for case .report(.local(let why)) in actions { refused = why }
      return actions
    }
    if let refused {
      throw SharedBoardError(sync.role == .viewer ? .readOnly : .move(refused))
    }
    // The app shows the move already (the machine asks no apply for it): the board does too.
    state = BoardState(sync.shown, revision: sync.revision)
    return gesture
  }

  /// The machine's token and timings.
  static func machine(_ configuration: Configuration) -> BoardSync.Configuration {
    var machine = BoardSync.Configuration(token: configuration.token)
    machine.initialBackoffMs = milliseconds(configuration.initialBackoff)
    machine.maximumBackoffMs = milliseconds(configuration.maximumBackoff)
    machine.connectTimeoutMs = milliseconds(configuration.connectTimeout)
    machine.gapTimeoutMs = milliseconds(configuration.gapTimeout)
    return machine
  }

  static func milliseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    let (ms, overflow) = seconds.multipliedReportingOverflow(by: 1000)
    return overflow ? (seconds > 0 ? Int64.max : Int64.min) : ms &+ attoseconds / 1_000_000_000_000_000
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
