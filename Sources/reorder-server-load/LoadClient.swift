import Foundation
import HummingbirdWSClient
import Logging
import NIOWebSocket
import ReorderKitPostgres
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

/// A server message, whatever its type (only what the load client reads).
struct Incoming: Decodable {
  var type: String
  var revision: Int64?
  var epoch: String?
  var views: [WireView]?
  var changes: [WireChange]?
  var gesture: String?
  var reason: String?
  var retryAfterMs: Int?
  var code: String?
}

struct HelloOut: Encodable {
  var type = "hello"
  var token: String
  var after: Int64?
  var epoch: String?
}

struct CommitOut: Encodable {
  var type = "commit"
  var gesture: String
  var change: WireChange
}

func jsonText(_ value: some Encodable) -> String {
  String(decoding: (try? JSONEncoder().encode(value)) ?? Data(), as: UTF8.self)
}

/// What an editor's commit came to.
enum Outcome: Sendable {
  case ack
  case rejected(String)
  case retry(milliseconds: Int)
}

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

/// A small seeded generator, so a run can be repeated.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// What one client knows, under its lock.
struct ClientState {
  var board = PlainBoard(columns: [], cards: [:])
  /// The revision applied (every one up to it).
  var revision: Int64 = 0
  var firstRevision: Int64 = 0
  var epoch: String?
  var welcomed = false
  /// This session's welcome came.
  var ready = false
  /// Revisions received ahead of one still missing (a remote before the ack of the one before).
  var pending: [Int64: [WireChange]] = [:]
  /// Revisions in `pending` that are this editor's own commits (its `before` may have left the
  /// column meanwhile: the server then places the card at the column's end, as `apply` does).
  var ownPending: Set<Int64> = []
  var ownElsewhere = 0
  /// An own commit whose `before` had left the column: the server placed the card against its
  /// replica of that moment, which the ack does not say, so the editor reloads the whole board
  /// (`hello` without `after`) before its next commit; misfits meanwhile are not counted.
  var reload = false
  var reloadAsked = false
  var reloads = 0
  /// When each revision first reached this client (remote, or a welcome's changes after a reconnect).
  var receipts: [Int64: Double] = [:]
  var duplicates = 0
  var misfits = 0
  var sessions = 0
  /// The attempt that holds the session (``LoadClient/run(host:ports:first:heartbeat:)``), if any.
  var live: Int?
  var errors: [String] = []
  var closeReasons: [String] = []
  // An editor's side.
  var inFlight: (gesture: String, change: WireChange)?
  var outcomes: AsyncStream<Outcome>.Continuation?
  var sent: [String: Double] = [:]
  var own: [Int64: String] = [:]
  /// When each own revision's ack came.
  var acked: [Int64: Double] = [:]
  var committed = 0
  var rejected: [String: Int] = [:]
  var rateLimited = 0
  var moves = 0
  var lastAck = 0.0
  var slowestAck = 0.0
  /// A follower's messages read while the editors run, each with the time it was read: decoded and
  /// applied after the run (``LoadClient/catchUpDeferred()``), so that a thousand clients' JSON
  /// decoding in this one process does not delay the frames it times (the server's propagation).
  var deferred: [(text: String, at: Double)] = []
  var deferring = false

  mutating func drain() {
    while let changes = pending.removeValue(forKey: revision + 1) {
      let own = ownPending.remove(revision + 1) != nil
      for change in changes where !board.apply(change) {
        if own {
          ownElsewhere += 1
          reload = true
          continue
        }
        if reload { continue }
        misfits += 1
        errors.append("misfit at \(revision + 1): \(change)")
      }
      revision += 1
    }
  }
}

/// One WebSocket client of the board: a follower (applies remotes) or an editor (also commits).
final class LoadClient: Sendable {
  let index: Int
  let token: String
  let editor: Bool
  let board: String
  let state = Mutex(ClientState())
  let shared: Shared
  let cardIDs: [String]

  init(index: Int, token: String, editor: Bool, board: String, shared: Shared, cards: [String]) {
    self.index = index
    self.token = token
    self.editor = editor
    self.board = board
    self.shared = shared
    self.cardIDs = cards
  }

  /// Connects to `ports[first]` of `host`, and to the next port whenever a connection ends, until
  /// stopped.
  ///
  /// With a `heartbeat` the client also notices a dead link: it pings every `heartbeat` and a
  /// session without a pong by the next ping closes. While it has no session it starts an attempt
  /// every `heartbeat` and lets the earlier ones run on (a connect into a partition waits for TCP's
  /// SYN retransmissions, 1, 3, 7 s apart, and NIO's 10 s connect timeout): after a heal the next
  /// fresh attempt is at most one `heartbeat` away. The first attempt to connect takes the session;
  /// any other closes before its `hello`, so the server never counts it against the token.
  func run(host: String = "127.0.0.1", ports: [Int], first: Int, heartbeat: Duration? = nil) async {
    var at = first
    var random = SplitMix(state: UInt64(index) &* 7919)
    guard let heartbeat else {
      while !shared.stopped.load(ordering: .relaxed) {
        do {
          try await session(host: host, port: ports[at], attempt: 0, heartbeat: nil)
        } catch {
          state.withLock { $0.closeReasons.append("error \(error) at \(now())") }
        }
        if shared.stopped.load(ordering: .relaxed) || Task.isCancelled { break }
        at = (at + 1) % ports.count
        try? await Task.sleep(for: .milliseconds(20 + Int(random.next() % 200)))
      }
      return
    }
    // Each child answers whether it was an attempt (true) or the heartbeat's tick (false).
    await withTaskGroup(of: Bool.self) { group in
      var attempts = 0
      var made = 0
      func attempt(after milliseconds: Int) {
        let port = ports[at]
        at = (at + 1) % ports.count
        attempts += 1
        made += 1
        let number = made
        group.addTask {
          if milliseconds > 0 { try? await Task.sleep(for: .milliseconds(milliseconds)) }
          do {
            try await self.session(host: host, port: port, attempt: number, heartbeat: heartbeat)
          } catch {
            self.state.withLock { $0.closeReasons.append("attempt \(number): error \(error) at \(now())") }
          }
          return true
        }
      }
      attempt(after: 0)
      group.addTask {
        try? await Task.sleep(for: heartbeat)
        return false
      }
      while let wasAttempt = await group.next() {
        if shared.stopped.load(ordering: .relaxed) || Task.isCancelled { break }
        let live = state.withLock { $0.live != nil }
        if wasAttempt {
          attempts -= 1
          // The last attempt ended: the next after a short random wait (a refused connect ends at once).
          if !live && attempts == 0 { attempt(after: 20 + Int(random.next() % 200)) }
        } else {
          group.addTask {
            try? await Task.sleep(for: heartbeat)
            return false
          }
          if !live && attempts < Self.attemptsAtOnce { attempt(after: 0) }
        }
      }
      group.cancelAll()
    }
  }

  /// The most connection attempts a client with a heartbeat keeps in flight at once.
  static let attemptsAtOnce = 12

  /// One connection: its `hello`, then every message until it closes. With several attempts in
  /// flight (``run(host:ports:first:heartbeat:)``), the first to connect takes the session and the
  /// others close without a word.
  func session(host: String, port: Int, attempt: Int, heartbeat: Duration?) async throws {
    var logger = Logger(label: "load-client")
    logger.logLevel = .critical
    // The client library sends `Origin: SCHEME://HOST` (no port), which a server checking origins
    // refuses unless it is its own: on port 80 an `http://` URL makes it `http://HOST`, the server's.
    let url = port == 80 ? "http://\(host)" : "ws://\(host):\(port)"
    var configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 21)
    if let heartbeat {
      configuration.autoPing = .enabled(timePeriod: heartbeat)
      // A close handshake over a dead link waits this long (the library's default is 15 s).
      configuration.closeTimeout = heartbeat
    }
    let took = Atomic<Bool>(false)
    let frame = try await WebSocketClient.connect(
      url: "\(url)/api/boards/\(board)/live", configuration: configuration, logger: logger
    ) { inbound, outbound, _ in
      let claimed = self.state.withLock { s in
        guard s.live == nil else { return false }
        s.live = attempt
        return true
      }
      guard claimed else { return }
      took.store(true, ordering: .relaxed)
      defer { self.state.withLock { if $0.live == attempt { $0.live = nil } } }
      let (outcomes, outcomeSink) = AsyncStream.makeStream(of: Outcome.self)
      defer { outcomeSink.finish() }
      // A follower that reconnects says where it is: what it set aside is read first.
      self.catchUpDeferred()
      let hello = self.state.withLock { s in
        s.outcomes = outcomeSink
        s.ready = false
        s.sessions += 1
        return jsonText(
          HelloOut(token: self.token, after: s.welcomed ? s.revision : nil, epoch: s.welcomed ? s.epoch : nil))
      }
      try await outbound.write(.text(hello))
      let editing = self.editor ? Task { await self.edit(outbound, outcomes) } : nil
      defer { editing?.cancel() }
      for try await message in inbound.messages(maxSize: 1 << 22) {
        guard case .text(let text) = message else { continue }
        self.receive(text)
      }
    }
    guard took.load(ordering: .relaxed) else { return }
    let reason = frame.map { "closed \($0.closeCode) \($0.reason ?? "")" } ?? "closed without a frame"
    state.withLock { $0.closeReasons.append("\(reason) at \(now())") }
  }

  func receive(_ text: String) {
    let at = now()
    let deferred = state.withLock { s in
      guard s.deferring else { return false }
      s.deferred.append((text, at))
      return true
    }
    if !deferred { receive(text, at: at) }
  }

  /// Reads the messages a follower set aside during the run, in order, with the times they came,
  /// all under the client's lock (a reconnect's `hello` then says the revision they reached).
  func catchUpDeferred() {
    state.withLock { s in
      s.deferring = false
      for (text, at) in s.deferred {
        if let message = try? JSONDecoder().decode(Incoming.self, from: Data(text.utf8)) {
          _ = handle(message, text: text, at: at, &s)
        } else {
          s.errors.append("unreadable: \(text.prefix(200))")
        }
      }
      s.deferred = []
    }
  }

  func receive(_ text: String, at: Double) {
    guard let message = try? JSONDecoder().decode(Incoming.self, from: Data(text.utf8)) else {
      state.withLock { $0.errors.append("unreadable: \(text.prefix(200))") }
      return
    }
    let (signal, sink) = state.withLock { s in (handle(message, text: text, at: at, &s), s.outcomes) }
    if let signal { sink?.yield(signal) }
  }

  /// One message applied to what the client knows; what an editor's commit came to, if it is an answer.
  func handle(_ message: Incoming, text: String, at: Double, _ s: inout ClientState) -> Outcome? {
    var signal: Outcome?
    switch message.type {
    case "welcome":
      guard let revision = message.revision else { return nil }
      if let views = message.views {
        if s.welcomed {
          for r in (s.revision + 1)...max(s.revision + 1, revision) where r <= revision && s.receipts[r] == nil {
            s.receipts[r] = at
          }
        } else {
          s.firstRevision = revision
        }
        s.board = PlainBoard(views)
        s.revision = revision
        if s.reloadAsked {
          s.reload = false
          s.reloadAsked = false
        }
      } else if let changes = message.changes {
        for change in changes where !s.board.apply(change) {
          s.misfits += 1
          s.errors.append("misfit in welcome \(s.revision)→\(revision): \(change)")
        }
        if revision > s.revision {
          for r in (s.revision + 1)...revision where s.receipts[r] == nil { s.receipts[r] = at }
          s.revision = revision
        }
      }
      s.pending = s.pending.filter { $0.key > s.revision }
      s.ownPending = s.ownPending.filter { $0 > s.revision }
      s.drain()
      s.epoch = message.epoch
      s.welcomed = true
      s.ready = true
    case "remote":
      guard let revision = message.revision, let changes = message.changes else { return nil }
      if revision <= s.revision || s.pending[revision] != nil {
        s.duplicates += 1
        s.errors.append("duplicate remote \(revision) at \(s.revision) (own: \(s.own[revision] ?? "-"))")
      } else {
        s.pending[revision] = changes
        s.receipts[revision] = at
        s.drain()
      }
    case "ack":
      guard let revision = message.revision, let flight = s.inFlight, flight.gesture == message.gesture else {
        s.errors.append("ack of no commit in flight: \(text.prefix(200))")
        return nil
      }
      s.inFlight = nil
      s.committed += 1
      s.lastAck = at
      if let sent = s.sent[flight.gesture] { s.slowestAck = max(s.slowestAck, at - sent) }
      s.own[revision] = flight.gesture
      s.acked[revision] = at
      if revision > s.revision, s.pending[revision] == nil {
        // The ack's changes are the move as the server placed it; an older server sends none.
        s.pending[revision] = message.changes ?? [flight.change]
        if message.changes == nil { s.ownPending.insert(revision) }
        s.drain()
      }
      signal = .ack
    case "rejected":
      if message.reason == "rateLimited" {
        s.rateLimited += 1
        signal = .retry(milliseconds: message.retryAfterMs ?? 10)
      } else {
        s.inFlight = nil
        s.rejected[message.reason ?? "?", default: 0] += 1
        signal = .rejected(message.reason ?? "?")
      }
    default:
      s.errors.append(String(text.prefix(200)))
    }
    return signal
  }

  /// An editor's loop: one commit in flight; the next when its answer came (and, paced, when due).
  func edit(_ outbound: WebSocketOutboundWriter, _ outcomes: AsyncStream<Outcome>) async {
    var answers = outcomes.makeAsyncIterator()
    var random = SplitMix(state: UInt64(index) &* 1_000_003 &+ 17)
    while !Task.isCancelled {
      let ready = state.withLock { $0.ready }
      if ready && shared.go.load(ordering: .acquiring) { break }
      try? await Task.sleep(for: .milliseconds(5))
    }
    let plan = shared.plan.withLock { $0 }
    let reloadHello = jsonText(HelloOut(token: token))
    func reloadIfNeeded() async {
      let ask = state.withLock { s in
        guard s.reload, !s.reloadAsked else { return false }
        s.reloadAsked = true
        s.reloads += 1
        return true
      }
      if ask { try? await outbound.write(.text(reloadHello)) }
    }
    defer { Task { await reloadIfNeeded() } }
    while !Task.isCancelled {
      await reloadIfNeeded()
      var move = state.withLock { $0.inFlight }
      if move == nil {
        let done = state.withLock { $0.moves }
        if let budget = plan.movesPerEditor, done >= budget { return }
        if let interval = plan.interval {
          // Each editor its own phase within the interval, then one move per interval.
          let phase = (Double(index) * 0.0537).truncatingRemainder(dividingBy: interval)
          let wait = plan.start + phase + Double(done) * interval - now()
          if wait > 0 { try? await Task.sleep(for: .milliseconds(Int(wait * 1000))) }
        }
        if let deadline = plan.deadline, now() >= deadline { return }
        move = state.withLock { s in
          let card = cardIDs[Int(random.next() % UInt64(cardIDs.count))]
          let columns = s.board.columns
          let column = columns[Int(random.next() % UInt64(columns.count))]
          let there = (s.board.cards[column] ?? []).filter { $0 != card }
          let before = there.isEmpty || random.next() % 5 == 0 ? nil : there[Int(random.next() % UInt64(there.count))]
          let gesture = "\(shared.run)-c\(index)-\(s.moves)"
          s.moves += 1
          let move = (gesture: gesture, change: WireChange.moveCards(items: [card], column: column, before: before))
          s.inFlight = move
          s.sent[gesture] = now()
          return move
        }
      }
      guard let move else { return }
      do {
        try await outbound.write(.text(jsonText(CommitOut(gesture: move.gesture, change: move.change))))
      } catch { return }
      guard let answer = await answers.next() else { return }
      if case .retry(let milliseconds) = answer {
        try? await Task.sleep(for: .milliseconds(milliseconds))
      }
    }
  }

}
