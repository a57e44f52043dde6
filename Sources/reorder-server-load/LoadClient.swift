import Foundation
import NIOCore
import NIOPosix
import ReorderSync
import ReorderTestSupport
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Seconds of the machine's monotonic clock (`CLOCK_MONOTONIC`, Python's `time.monotonic()`): one
/// clock for every client of this process and of the others that Scripts/net-faults.sh runs in
/// other network namespaces, so that send and receipt times compare directly.
func now() -> Double {
  var t = timespec()
  clock_gettime(CLOCK_MONOTONIC, &t)
  return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// The same clock in whole milliseconds, as ``BoardSync`` takes time.
func milliseconds(_ seconds: Double) -> Int64 { Int64(seconds * 1000) }

/// When editors commit: a number of moves each as fast as acks come, or paced until a deadline.
struct Plan: Sendable {
  var start = 0.0
  var movesPerEditor: Int?
  var interval: Double?
  var deadline: Double?
}

/// What every client shares: the start signal, the plan, the end.
final class Shared: Sendable {
  let go = Atomic<Bool>(false)
  let stopped = Atomic<Bool>(false)
  let plan = Mutex(Plan())
  /// Gesture ids are this run's (a board used by an earlier run already has `c0-0`, …).
  let run = String(UUID().uuidString.prefix(8).lowercased())
}

/// What one client holds, under its lock: its ``BoardSync``, the connection it asked for, its
/// timer, and what it measured. Nothing here decides anything of the protocol.
struct ClientState {
  var sync: BoardSync
  /// The attempt the machine asked for last (``SyncAction/connect``), and its channel once upgraded.
  var link: (attempt: Int, channel: (any Channel)?)?
  var attempts = 0
  /// The server's close frame on the current connection, if it sent one.
  var closeFrame: (code: Int?, reason: String?)?
  /// The machine's wake-up (``SyncAction/wakeAt(_:)``) as scheduled: the earliest asked.
  var timer: (at: Int64, task: Scheduled<Void>)?
  /// An editor's next paced move, scheduled.
  var pacer: Scheduled<Void>?
  var random: SplitMix

  // What it measured.
  /// The revision of the first welcome (`nil`: not welcomed yet).
  var firstRevision: Int64?
  /// When each revision first reached this client: the frame of its remote, or of the welcome
  /// whose changes (or board) brought it after a reconnect.
  var receipts: [Int64: Double] = [:]
  /// Remotes the machine refused as ones it has (``SyncProblem/unexpected(_:)``).
  var duplicates = 0
  var misfits = 0
  var sessions = 0
  /// Whole boards asked for after the first welcome (a misfit, an unexpected answer).
  var reloads = 0
  var errors: [String] = []
  var closeReasons: [String] = []
  // An editor's side.
  var moves = 0
  /// When each gesture was first sent, and as what.
  var sent: [String: (at: Double, change: WireChange)] = [:]
  /// This client's gestures by the revision they were committed as, and when their ack came.
  var own: [Int64: String] = [:]
  var acked: [Int64: Double] = [:]
  var committed = 0
  var rejected: [String: Int] = [:]
  var rateLimited = 0
  /// Acks whose changes are not the move as sent (the server placed it: its `before` had moved).
  var placedElsewhere = 0
  var lastAck = 0.0
  var slowestAck = 0.0
  /// A follower's frames read while the editors run, each with the time it was read: given to the
  /// machine after the run (``LoadClient/catchUp()``), or before it hears the connection ended, so
  /// that a thousand clients' decoding in this one process does not delay the frames it times (the
  /// server's propagation).
  var deferred: [(text: String, at: Double)] = []
  var deferring = false

  var welcomed: Bool { firstRevision != nil }
  /// Revisions received or acked and not yet applied (waiting behind a gap).
  var waiting: Bool {
    sync.pending.contains { $0.committed != nil } || receipts.keys.contains { $0 > sync.revision }
  }
}

/// One WebSocket client of the board, a follower or an editor: a ``BoardSync`` whose actions it
/// performs over ``LoadSocket`` (connect, send, ping, close, wake me at), counting what the actions
/// say (apply, settled, report). Every input runs on the client's event loop.
final class LoadClient: Sendable {
  let index: Int
  let editor: Bool
  let host: String
  let ports: [Int]
  let first: Int
  let path: String
  let shared: Shared
  let cardIDs: [String]
  let loop: any EventLoop
  let connectTimeoutMs: Int64
  let state: Mutex<ClientState>

  /// A client of `board` through `ports[first]` of `host` (the next port after each connection
  /// ends). With `heartbeatMs` its machine pings after that much silence and reconnects as often.
  init(
    index: Int, token: String, editor: Bool, board: String, shared: Shared, cards: [String], host: String,
    ports: [Int], first: Int, heartbeatMs: Int64? = nil
  ) {
    self.index = index
    self.editor = editor
    self.host = host
    self.ports = ports
    self.first = first
    self.path = "/api/boards/\(board)/live"
    self.shared = shared
    self.cardIDs = cards
    self.loop = MultiThreadedEventLoopGroup.singleton.next()
    var configuration = BoardSync.Configuration(token: token)
    if let heartbeatMs {
      configuration.heartbeatMs = heartbeatMs
      configuration.maximumBackoffMs = min(configuration.maximumBackoffMs, heartbeatMs)
      configuration.connectTimeoutMs = max(2 * heartbeatMs, 2000)
    }
    connectTimeoutMs = configuration.connectTimeoutMs
    state = Mutex(
      ClientState(sync: BoardSync(configuration), random: SplitMix(seed: UInt64(index) &* 1_000_003 &+ 17)))
  }

  /// Starts the machine (its first tick asks to connect).
  func start() { onLoop { s in self.perform(s.sync.tick(now: milliseconds(now())), &s) } }

  /// Starts an editor's moves (``Shared/go`` is set).
  func kick() { onLoop { s in self.edit(&s) } }

  func onLoop(_ body: @escaping @Sendable (inout ClientState) -> Void) {
    loop.execute { self.state.withLock { body(&$0) } }
  }

  // MARK: The transport's inputs (on the loop)

  func opened(attempt: Int, channel: any Channel) {
    state.withLock { s in
      guard s.link?.attempt == attempt, !shared.stopped.load(ordering: .relaxed) else {
        LoadSocket.close(channel)
        return
      }
      s.link = (attempt, channel)
      s.closeFrame = nil
      s.sessions += 1
      perform(s.sync.connected(now: milliseconds(now())), &s)
    }
  }

  func received(_ text: String, attempt: Int) {
    let at = now()
    state.withLock { s in
      guard s.link?.attempt == attempt else { return }
      if s.deferring {
        s.deferred.append((text, at))
        perform(s.sync.heard(now: milliseconds(at)), &s)
      } else {
        handle(text, at: at, &s)
      }
    }
  }

  func heard(attempt: Int) {
    state.withLock { s in
      guard s.link?.attempt == attempt else { return }
      perform(s.sync.heard(now: milliseconds(now())), &s)
    }
  }

  func closing(attempt: Int, code: Int?, reason: String?) {
    state.withLock { s in if s.link?.attempt == attempt { s.closeFrame = (code, reason) } }
  }

  /// The attempt's channel closed, or it never opened: the machine hears it, unless it closed it.
  func ended(attempt: Int, error: (any Error)?) {
    state.withLock { s in
      guard let link = s.link, link.attempt == attempt else { return }
      // What it set aside came on this connection: the machine reads it first.
      if link.channel != nil { catchUp(&s) }
      let frame = s.closeFrame
      let why =
        error.map { "error \($0)" } ?? frame.map { "closed \($0.code.map(String.init) ?? "-") \($0.reason ?? "")" }
      s.closeReasons.append("attempt \(attempt): \(why ?? "closed without a frame") at \(now())")
      s.link = nil
      s.closeFrame = nil
      perform(s.sync.disconnected(now: milliseconds(now()), code: frame?.code, reason: frame?.reason), &s)
    }
  }

  /// Gives the machine what a follower set aside, in order (the times they were read kept for the
  /// figures), and stops setting aside.
  func catchUp(_ s: inout ClientState) {
    s.deferring = false
    let frames = s.deferred
    s.deferred = []
    for (text, at) in frames { handle(text, at: at, &s) }
  }

  /// ``catchUp(_:)`` on the client's loop.
  func catchUp() async {
    try? await loop.submit { self.state.withLock { self.catchUp(&$0) } }.get()
  }

  // MARK: A frame, to the machine

  /// One frame, read as the server's message and given to the machine; what it brought counted.
  func handle(_ text: String, at: Double, _ s: inout ClientState) {
    let time = milliseconds(now())
    guard let message = try? ServerMessage(json: text) else {
      perform(s.sync.received(text: text, now: time), &s, at: at)
      return
    }
    let before = s.sync.revision
    let wasWelcomed = s.sync.isOnline
    let actions = s.sync.received(message, now: time)
    switch message {
    case .remote(let remote):
      let refused = actions.contains {
        if case .report(.unexpected) = $0 { return true }
        return false
      }
      if refused {
        s.duplicates += 1
      } else if s.receipts[remote.revision] == nil {
        s.receipts[remote.revision] = at
      }
    case .rejected(let rejected) where rejected.reason == .rateLimited:
      s.rateLimited += 1
    case .ack(let ack):
      if let changes = ack.changes, let sent = s.sent[ack.gesture], changes != [sent.change] { s.placedElsewhere += 1 }
    default:
      break
    }
    perform(actions, &s, at: at)
    if s.firstRevision == nil {
      if s.sync.isOnline && !wasWelcomed { s.firstRevision = s.sync.revision }
    } else if s.sync.revision > before {
      // Revisions a welcome brought (after a reconnect, or the whole board again).
      for r in (before + 1)...s.sync.revision where s.receipts[r] == nil && s.own[r] == nil { s.receipts[r] = at }
    }
    edit(&s)
  }

  // MARK: The machine's actions

  func perform(_ actions: [SyncAction], _ s: inout ClientState, at: Double? = nil) {
    for action in actions {
      switch action {
      case .connect:
        guard !shared.stopped.load(ordering: .relaxed) else { continue }
        s.attempts += 1
        s.link = (s.attempts, nil)
        s.closeFrame = nil
        let port = ports[(first + s.attempts - 1) % ports.count]
        LoadSocket.open(
          self, attempt: s.attempts, on: loop, host: host, port: port, path: path, timeoutMs: connectTimeoutMs)
      case .send(let message):
        guard let channel = s.link?.channel else {
          s.errors.append("a message to send with no connection open")
          continue
        }
        switch message {
        case .hello(let hello) where hello.after == nil && s.welcomed: s.reloads += 1
        case .commit(let commit) where s.sent[commit.gesture] == nil: s.sent[commit.gesture] = (now(), commit.change)
        default: break
        }
        LoadSocket.send(channel, text: message.text)
      case .ping:
        if let channel = s.link?.channel { LoadSocket.ping(channel) }
      case .close(let reason):
        if let link = s.link {
          link.channel.map(LoadSocket.close)
          s.closeReasons.append("attempt \(link.attempt): closed by the client, \(reason) at \(now())")
        }
        s.link = nil
      case .wakeAt(let time):
        schedule(time, &s)
      case .settled(let gesture, .committed(let revision)):
        let t = at ?? now()
        s.committed += 1
        s.own[revision] = gesture
        s.acked[revision] = t
        s.lastAck = t
        if let sent = s.sent[gesture] { s.slowestAck = max(s.slowestAck, t - sent.at) }
      case .settled(_, .lost):
        s.rejected["lostRace", default: 0] += 1
      case .settled(_, .refused(let reason, _)):
        s.rejected[reason.text, default: 0] += 1
      case .report(let problem):
        if case .misfit = problem { s.misfits += 1 }
        s.errors.append("\(problem)")
      case .apply, .persist, .announce:
        break
      }
    }
  }

  /// A tick at `time`, unless one is due before it (a tick earlier than asked is harmless, and
  /// its answer asks again).
  func schedule(_ time: Int64, _ s: inout ClientState) {
    if let timer = s.timer, timer.at <= time { return }
    s.timer?.task.cancel()
    let delay = max(0, time - milliseconds(now()))
    let task = loop.scheduleTask(in: .milliseconds(delay)) {
      self.state.withLock { s in
        guard s.timer?.at == time else { return }
        s.timer = nil
        self.perform(s.sync.tick(now: milliseconds(now())), &s)
        self.edit(&s)
      }
    }
    s.timer = (time, task)
  }

  // MARK: An editor's moves

  /// An editor's next move, when it has none waiting for an answer: at once, or when the plan's
  /// pace says; none past the plan's moves or deadline. It moves a random card of the board the
  /// machine shows into a random column, before a random card there or at its end.
  func edit(_ s: inout ClientState) {
    guard editor, s.pacer == nil, s.sync.unsentCount == 0, shared.go.load(ordering: .acquiring) else { return }
    let plan = shared.plan.withLock { $0 }
    if let budget = plan.movesPerEditor, s.moves >= budget { return }
    if let interval = plan.interval {
      // Each editor its own phase within the interval, then one move per interval.
      let phase = (Double(index) * 0.0537).truncatingRemainder(dividingBy: interval)
      let wait = plan.start + phase + Double(s.moves) * interval - now()
      if wait > 0 {
        s.pacer = loop.scheduleTask(in: .microseconds(Int64(wait * 1e6))) {
          self.state.withLock { s in
            s.pacer = nil
            self.edit(&s)
          }
        }
        return
      }
    }
    if let deadline = plan.deadline, now() >= deadline { return }
    let board = s.sync.shown
    guard !board.columns.isEmpty else { return }
    let card = cardIDs[Int(s.random.next() % UInt64(cardIDs.count))]
    let column = board.columns[Int(s.random.next() % UInt64(board.columns.count))]
    let there = column.cards.filter { $0 != card }
    let before = there.isEmpty || s.random.next() % 5 == 0 ? nil : there[Int(s.random.next() % UInt64(there.count))]
    let gesture = "\(shared.run)-c\(index)-\(s.moves)"
    s.moves += 1
    let change = WireChange.moveCards(items: [card], column: column.id, before: before)
    perform(s.sync.local(change, gesture: gesture, now: milliseconds(now())), &s)
  }

  /// Whether an editor has made its moves and every one is answered.
  func editorDone(_ s: ClientState, plan: Plan) -> Bool {
    guard s.sync.unsentCount == 0 else { return false }
    if let budget = plan.movesPerEditor { return s.moves >= budget }
    return now() >= (plan.deadline ?? 0)
  }
}
