/// A shared board's whole client protocol as one value (DESIGN, "One sync machine"): what the
/// server confirmed, the moves waiting, the connection's phase, the timers. Every input is a
/// `mutating` method that returns the ``SyncAction``s its owner performs; time is a number of
/// milliseconds passed in, so a run is deterministic. The owner is a transport (a WebSocket), an
/// outbox (``SyncAction/persist(_:)``) and a timer (``SyncAction/wakeAt(_:)``), nothing more.
///
/// ```swift
/// var sync = BoardSync(BoardSync.Configuration(token: token), restoring: outbox.load())
/// perform(sync.tick(now: clock()))                 // .connect
/// perform(sync.connected(now: clock()))            // .send(.hello(…))
/// perform(sync.received(text: frame, now: clock()))
/// perform(sync.local(.moveCards(items: ["c1"], column: "done", before: nil), gesture: "g1", now: clock()))
/// ```
///
/// The protocol, as `RemoteBoard` speaks it:
/// - **Connection.** Offline, it asks to ``SyncAction/connect`` when its back-off is over (100 ms,
///   doubled after each failure up to 5 s; the maximum after the server refused the token with
///   1008); a connection that brings no `welcome` within 5 s is closed.
/// - **Hello.** `after` (with the epoch) is the confirmed revision once the board is known;
///   without it the server sends the whole board. One hello is in flight at a time.
/// - **Commits.** One at a time, the oldest waiting move first; a `rateLimited` answer holds every
///   commit until its `retryAfterMs` (1 ms to 60 s; 1 s when absent) and sends the same one again.
///   `lostRace` undoes the move, anything else sets it aside: neither blocks the outbox.
/// - **Revisions.** Acks and remotes apply in revision order; one that comes early waits, and a
///   gap still open after 500 ms asks `hello` with `after`. A change that does not fit the board
///   reads the board whole again.
/// - **Heartbeat.** Connected and 10 s without a frame, it asks for a ``SyncAction/ping``; 10 s
///   more in silence and it closes the connection and reconnects.
public struct BoardSync: Sendable {
  /// The token and the timings.
  ///
  /// ```swift
  /// var configuration = BoardSync.Configuration(token: token)
  /// configuration.heartbeatMs = 1000
  /// ```
  public struct Configuration: Equatable, Sendable {
    /// The person's token, sent in `hello` only.
    public var token: String
    /// The first wait before reconnecting, doubled after each failure up to ``maximumBackoffMs``.
    public var initialBackoffMs: Int64 = 100
    /// The longest wait before reconnecting (also the wait after a refused token).
    public var maximumBackoffMs: Int64 = 5000
    /// How long connecting and a `welcome` may take.
    public var connectTimeoutMs: Int64 = 5000
    /// How long a revision gap may stay open before the client asks for the changes again.
    public var gapTimeoutMs: Int64 = 500
    /// Silence on an open connection before a ping; as long again after it, and it is closed.
    public var heartbeatMs: Int64 = 10_000
    /// The longest `retryAfterMs` honoured.
    public var maximumRetryAfterMs: Int64 = 60_000
    /// Whether debug builds check ``BoardSync/checkInvariants(deep:)`` after every input (an `assert`).
    /// A test that checks them itself, to say which seed broke them, turns this off.
    public var assertsInvariants = true

    /// A configuration with the default timings.
    ///
    /// ```swift
    /// BoardSync.Configuration(token: "t0k")
    /// ```
    public init(token: String) { self.token = token }
  }

  /// An ack or remote that came before the revisions below it.
  enum Early: Equatable, Sendable {
    /// This client's gesture, with the server's changes when its ack carried them.
    case own(gesture: String, changes: [WireChange]?)
    /// Another client's changes.
    case remote([WireChange])
  }

  /// One open connection.
  struct Session: Equatable, Sendable {
    /// When the attempt began (the welcome must come within the connect timeout).
    var since: Int64
    /// When the server was last heard, and when a ping asked for it since (if one did).
    var heard: Int64
    var pinged: Int64?
    /// The first welcome came.
    var welcomed = false
    /// The hello in flight: the `after` it asked for (`.some(nil)`: the whole board), and since when.
    var hello: Int64??
    var helloSent: Int64 = 0
    /// A hello to send once the one in flight is answered (the whole board), or at a time.
    var wantsWhole = false
    var helloAt: Int64?
    /// The gesture sent and not yet answered.
    var inFlight: String?
    /// Since when a revision gap has been open.
    var gapSince: Int64?
  }

  /// Where the connection is.
  enum Link: Equatable, Sendable {
    /// No connection; the next attempt at this time.
    case offline(retryAt: Int64)
    /// ``SyncAction/connect`` was asked at this time.
    case connecting(since: Int64)
    case open(Session)
  }

  /// The token and the timings.
  public let configuration: Configuration
  /// The board as the server last confirmed it.
  public internal(set) var confirmed: SyncBoard
  /// Its revision.
  public internal(set) var revision: Int64
  /// The board's epoch it belongs to (`nil`: never loaded from the server).
  public internal(set) var epoch: String?
  /// The moves not yet in ``confirmed``, in the order made.
  public internal(set) var pending: [PendingGesture]
  /// The token's role, once a welcome said it.
  public internal(set) var role: Role?
  /// The server's words when it last refused the token (1008), until a welcome.
  public internal(set) var refusal: String?
  /// No commit goes out before this time (a `rateLimited` answer).
  public internal(set) var holdUntil: Int64?
  /// Revisions past ``revision`` that came early, in order.
  var early: [(revision: Int64, entry: Early)] = []
  var link: Link
  /// The next back-off.
  var backoff: Int64

  /// A machine with the board and moves an outbox kept (or none), offline; its first
  /// ``tick(now:)`` asks to connect.
  ///
  /// ```swift
  /// var sync = BoardSync(BoardSync.Configuration(token: token))
  /// ```
  public init(_ configuration: Configuration, restoring record: SyncRecord? = nil) {
    self.configuration = configuration
    let record = record ?? SyncRecord(epoch: nil, revision: 0, confirmed: SyncBoard(), pending: [])
    confirmed = record.confirmed
    // A board never confirmed by the server is read whole: its revision means nothing.
    revision = record.epoch == nil ? 0 : max(0, record.revision)
    epoch = record.epoch
    // Moves named once; those the server committed (a prefix, revisions increasing past the
    // board's) wait for their revision as made; any other record of a commit is forgotten, and the
    // move goes again (its replay is answered with its revision).
    var seen = Set<String>()
    var moves: [PendingGesture] = []
    var last = revision
    var committing = epoch != nil
    for move in record.pending where seen.insert(move.gesture).inserted {
      if committing, let committed = move.committed, committed > last {
        moves.append(move)
        early.append((committed, .own(gesture: move.gesture, changes: nil)))
        last = committed
      } else {
        committing = false
        moves.append(PendingGesture(gesture: move.gesture, change: move.change))
      }
    }
    pending = moves
    link = .offline(retryAt: Int64.min)
    backoff = configuration.initialBackoffMs
  }

  /// The board to show: ``confirmed`` with ``pending`` on top, in order (a move that no longer
  /// fits is left out: the server will say so).
  ///
  /// ```swift
  /// render(sync.shown.columns)
  /// ```
  public var shown: SyncBoard { Self.shown(confirmed, with: pending) }

  static func shown(_ confirmed: SyncBoard, with pending: [PendingGesture]) -> SyncBoard {
    var board = confirmed
    for move in pending { board.apply(move.change, strict: false) }
    return board
  }

  /// Whether a connection is open and welcomed.
  ///
  /// ```swift
  /// status = sync.isOnline ? "Shared · connected" : "Offline"
  /// ```
  public var isOnline: Bool {
    if case .open(let s) = link { return s.welcomed }
    return false
  }

  /// When offline, the time of the next connection attempt (a status line's "retrying in 2 s");
  /// `nil` while connecting or connected.
  ///
  /// ```swift
  /// if let at = sync.nextAttempt { caption = "Offline · retrying in \((at - clock()) / 1000) s" }
  /// ```
  public var nextAttempt: Int64? {
    if case .offline(let retryAt) = link { return retryAt }
    return nil
  }

  /// The moves the server has not answered yet.
  ///
  /// ```swift
  /// caption = "Offline · \(sync.unsentCount) moves waiting"
  /// ```
  public var unsentCount: Int { pending.count { $0.committed == nil } }

  var session: Session? {
    if case .open(let s) = link { return s }
    return nil
  }

  /// The current record, as ``SyncAction/persist(_:)`` carries it.
  var record: SyncRecord { SyncRecord(epoch: epoch, revision: revision, confirmed: confirmed, pending: pending) }
}
