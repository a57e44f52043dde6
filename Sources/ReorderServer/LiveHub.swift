import Foundation
import Logging
import NIOCore
import PostgresNIO
import ReorderKitPostgres

import enum ReorderSync.RejectReason

/// The live side of one server instance: a replica of each board someone follows here, read from
/// the log only, and the connections that follow it. One LISTEN connection per instance wakes it
/// (NOTIFY is only a wake-up: what is pushed is read from `reorder_server_changes`); a poll every
/// second catches what a lost notice missed. Commits made on any instance reach every instance's
/// clients this way.
actor LiveHub {
  /// One following connection.
  struct Subscriber {
    var token: Int64
    var role: Role
    var sink: Outbox
  }

  /// A board followed here: its replica, the changes of its recent commits (for `hello` with
  /// `after`), its followers.
  struct Feed {
    var board: Board
    var history: [(revision: Int64, changes: [WireChange])] = []
    var subscribers: [Int: Subscriber] = [:]
  }

  /// How many recent commits a feed keeps for `hello` with `after` (at least; up to a quarter more).
  static let historyLimit = 1000
  /// The most connections one token may have open on this instance.
  static let connectionsPerToken = 10

  let store: BoardStore
  let logger: Logger
  /// What `/metrics` shows (the connections record theirs here too: `hub.metrics`).
  nonisolated let metrics: ServerMetrics
  /// This instance in the log's `client` column.
  let instance: String
  /// The key tag of this instance's commits.
  let tag: String
  /// The connections that have yet to say hello (one sweep closes the silent ones).
  nonisolated let hellos = HelloWatch(timeout: LiveConnection.helloTimeout)
  var feeds: [String: Feed] = [:]
  var nextID = 0
  /// Each board's commit lock, the changes waiting for it and their answers (the decisions; the
  /// database's awaits are here).
  var commits = BoardCommits()
  /// The senders waiting for their board's lock, resumed when `commits` hands it to their ticket.
  var continuations: [BoardCommits.Ticket: CheckedContinuation<Void, Never>] = [:]

  init(store: BoardStore, logger: Logger, metrics: ServerMetrics = ServerMetrics()) {
    self.store = store
    self.logger = logger
    self.metrics = metrics
    let number = Int64.random(in: 0..<238_328)
    instance = "server-\(UUID().uuidString.prefix(8))"
    tag = keyTag(number)
  }

  /// What `join` answered.
  enum JoinResult {
    case joined(id: Int, welcome: WelcomeMessage)
    case noBoard
    case tooManyConnections
  }

  /// Adds a follower of `board` and returns its `welcome`: the changes after `after` when this
  /// feed still has them and the epoch matches, else the whole board (`reset` when the client
  /// asked for changes). Everything committed after the welcome's revision reaches `sink`.
  func join(board name: String, access: Access, after: Int64?, epoch: String?, sink: Outbox)
    async throws -> JoinResult
  {
    // Counted in the database, across every instance serving it.
    nextID += 1
    let id = nextID
    guard try await store.open(instance: instance, connection: id, token: access.token, limit: Self.connectionsPerToken)
    else { return .tooManyConnections }
    do {
      if feeds[name] == nil {
        guard let board = try await store.board(name) else {
          await uncount(id)
          return .noBoard
        }
        if feeds[name] == nil { feeds[name] = Feed(board: board) }
      }
      try await catchUp(name)
      guard var feed = feeds[name] else {
        await uncount(id)
        return .noBoard
      }
      feed.subscribers[id] = Subscriber(token: access.token, role: access.role, sink: sink)
      feeds[name] = feed
      return .joined(id: id, welcome: welcome(feed, role: access.role, after: after, epoch: epoch))
    } catch {
      await uncount(id)
      throw error
    }
  }

  /// A `welcome` for a follower of this feed (also for a `hello` again after a revision gap).
  func welcome(_ feed: Feed, role: Role, after: Int64?, epoch: String?) -> WelcomeMessage {
    let board = feed.board
    var message = WelcomeMessage(role: role.rawValue, epoch: board.epoch, revision: board.revision)
    if let after, epoch == board.epoch, after <= board.revision {
      let oldest = feed.history.first?.revision ?? board.revision + 1
      if after == board.revision || after + 1 >= oldest {
        message.changes = feed.history.filter { $0.revision > after }.flatMap(\.changes)
        return message
      }
    }
    message.views = board.views
    if after != nil { message.reset = true }
    return message
  }

  /// A `welcome` again for a follower that said `hello` once more.
  func rewelcome(board name: String, role: Role, after: Int64?, epoch: String?) async throws -> WelcomeMessage? {
    try await catchUp(name)
    guard let feed = feeds[name] else { return nil }
    return welcome(feed, role: role, after: after, epoch: epoch)
  }

  /// Removes a follower (the feed goes when its last follower does).
  func leave(board name: String, id: Int) async {
    feeds[name]?.subscribers[id] = nil
    if feeds[name]?.subscribers.isEmpty == true { feeds[name] = nil }
    await uncount(id)
  }

  /// Stops counting a connection of this instance. In a task of its own: the connection's task may
  /// be cancelled (its client went away mid-hello), and a cancelled query would leave the slot
  /// counted for as long as this instance lives (seen in LiveTests: 5 of 6 slots came back).
  func uncount(_ id: Int) async {
    let (store, instance, logger) = (store, instance, logger)
    await Task {
      do {
        try await store.close(instance: instance, connection: id)
      } catch {
        // Counted until this instance's rows expire (it stops saying it is alive, or says it is gone).
        logger.debug("a closed connection could not be uncounted: \(DatabaseURL.reason(error))")
      }
    }.value
  }

  /// Says this instance is alive (each second): its connections keep counting.
  func beat() async {
    do {
      try await store.instance(instance, alive: true)
    } catch {
      logger.debug("the instance's heartbeat failed: \(DatabaseURL.reason(error))")
    }
  }

  /// Reads the commits after the replica's revision and pushes each to the followers as `remote`
  /// (not to the connection that committed it: it gets `ack`). Reads that overlap apply each
  /// commit once (only revisions past the replica's are applied). A log compacted past the
  /// replica (it fell that far behind) has the board read whole instead.
  func catchUp(_ name: String) async throws {
    guard let revision = feeds[name]?.board.revision else { return }
    let read = ContinuousClock.now
    let commits = try await store.changes(name, after: revision)
    // Another read may have moved the replica on meanwhile: what counts is the revision after it.
    guard let current = feeds[name]?.board.revision else { return }
    if let next = commits.first(where: { $0.revision > current }), next.revision > current + 1 {
      try await reload(name, missing: current + 1..<next.revision)
      return
    }
    for commit in commits { publish(name, commit, since: read) }
  }

  /// The log no longer holds the commits after the replica's revision (compacted): the board is
  /// read whole, the feed's history starts again there (a `hello` with an older `after` gets
  /// `reset`), and every follower is sent the whole board as a `welcome` with `reset`.
  func reload(_ name: String, missing: Range<Int64>) async throws {
    logger.notice(
      "board \(name): the log no longer holds revisions \(missing.lowerBound)…\(missing.upperBound - 1); reading the board"
    )
    guard let board = try await store.board(name), let current = feeds[name]?.board.revision,
      board.revision > current
    else { return }
    feeds[name]?.board = board
    feeds[name]?.history = []
    guard let subscribers = feeds[name]?.subscribers else { return }
    let views = board.views
    for subscriber in subscribers.values {
      var message = WelcomeMessage(role: subscriber.role.rawValue, epoch: board.epoch, revision: board.revision)
      message.views = views
      message.reset = true
      subscriber.sink.yield(.text(jsonLine(message)))
    }
  }

  /// Applies one commit to the replica and pushes it to the followers (but its sender); `since`:
  /// when this instance learned of it (for `reorder_fanout_seconds`).
  func publish(_ name: String, _ commit: BoardStore.Commit, since: ContinuousClock.Instant) {
    guard let revision = feeds[name]?.board.revision, commit.revision > revision else { return }
    if commit.revision - 1 != revision {
      // A gap the log cannot fill (compacted): the followers reload.
      logger.warning("board \(name): log jumps from \(revision) to \(commit.revision)")
    }
    // In place (a copy of the feed would copy its replica and history at every commit: under load,
    // a tenth of the server's time).
    guard let changes = feeds[name]?.board.apply(revision: commit.revision, writes: commit.writes) else { return }
    feeds[name]?.history.append((commit.revision, changes))
    if let count = feeds[name]?.history.count, count > Self.historyLimit + Self.historyLimit / 4 {
      // Trimmed in steps, not by one at each commit.
      feeds[name]?.history.removeFirst(count - Self.historyLimit)
    }
    guard let subscribers = feeds[name]?.subscribers else { return }
    let sender = commits.sender(of: commit.gesture)
    let frame = ByteBuffer(string: jsonLine(RemoteMessage(revision: commit.revision, changes: changes)))
    var sent = false
    for (id, subscriber) in subscribers where id != sender {
      subscriber.sink.yield(.shared(frame))
      sent = true
    }
    if sent { metrics.fannedOut(seconds: .now - since) }
  }

  /// Catches up every followed board (the poll, and after the LISTEN connection came back).
  func catchUpAll() async {
    for name in feeds.keys {
      do { try await catchUp(name) } catch { logger.debug("catch-up of \(name) failed: \(DatabaseURL.reason(error))") }
    }
  }

  /// The tokens with open connections here.
  var openTokens: Set<Int64> { Set(feeds.values.flatMap { $0.subscribers.values.map(\.token) }) }

  /// Closes every connection of a token that is no longer active (checked: a NOTIFY can be sent
  /// by anyone).
  func revoke(token: Int64) async {
    guard openTokens.contains(token) else { return }
    guard let active = try? await store.isActive(token: token), !active else { return }
    for (name, feed) in feeds {
      for (id, subscriber) in feed.subscribers where subscriber.token == token {
        subscriber.sink.yield(.close(code: CloseCode.policyViolation, reason: "token revoked"))
        feeds[name]?.subscribers[id] = nil
        await uncount(id)
      }
      if feeds[name]?.subscribers.isEmpty == true { feeds[name] = nil }
    }
  }

  /// Checks every open token (the poll's safety net for a lost revocation notice).
  func checkTokens() async {
    for token in openTokens { await revoke(token: token) }
  }

  /// Tells every follower the server is going away.
  func shutDown() async {
    for feed in feeds.values {
      for subscriber in feed.subscribers.values {
        subscriber.sink.yield(.close(code: CloseCode.goingAway, reason: "server shutting down"))
      }
    }
    try? await store.instance(instance, alive: false)
  }

  /// Commits one change of an editor: keys placed on the board as the log has it now, written by
  /// `reorder_server_commit`; a version race between instances is placed again (up to five times).
  /// An item or column that is gone is `lostRace`; a change that breaks a rule, `invalid`.
  ///
  /// One commit of a board at a time on this instance, and it takes every change waiting for that
  /// board: placed in turn on a copy of the replica, written in one round trip
  /// (`reorder_server_commit_many`), each in a savepoint of its own. Eight editors then cost about
  /// one round trip per batch instead of one each.
  func commit(board name: String, from id: Int, gesture: String, change: WireChange) async throws
    -> BoardCommits.Reply
  {
    let started = ContinuousClock.now
    do {
      let reply = try await commitWaiting(board: name, from: id, gesture: gesture, change: change)
      switch reply {
      case .ack: metrics.committed(outcome: "ack", seconds: .now - started)
      case .rejected(let reason, _): metrics.committed(outcome: reason.text, seconds: .now - started)
      }
      return reply
    } catch {
      metrics.committed(outcome: "failed", seconds: .now - started)
      throw error
    }
  }

  /// ``commit(board:from:gesture:change:)`` without its metrics.
  func commitWaiting(board name: String, from id: Int, gesture: String, change: WireChange) async throws
    -> BoardCommits.Reply
  {
    // A connection whose token was revoked meanwhile (its close is on its way) writes nothing.
    guard feeds[name]?.subscribers[id] != nil else { return .revoked }
    // Interleaved at their awaits, two commits placed on the same replica collide (a stale version,
    // a key taken), and a move could lose five times in a row to moves of this very instance (seen
    // in RemoteBoardTests' SIGTERM test: one of 240 moves lost). Only another instance's commits
    // race now.
    let (ticket, turn) = commits.enqueue(board: name, connection: id, gesture: gesture, change: change)
    if turn == .wait {
      // Resumed by the `finish` that hands the board's lock to this ticket.
      await withCheckedContinuation { continuations[ticket] = $0 }
    }
    if !commits.isAnswered(ticket) { await commitQueued(name) }
    let (reply, next) = commits.finish(ticket, board: name)
    if let next {
      guard let waiter = continuations.removeValue(forKey: next) else {
        preconditionFailure("ticket \(next) was handed \(name)'s lock but does not wait for it")
      }
      waiter.resume()
    }
    return try reply.get()
  }

  /// The longest a commit's round trip may take before its changes fail.
  static let commitTimeLimit = Duration.seconds(10)

  /// Commits every change waiting for `board` (the caller holds its lock), and leaves each one's
  /// answer in `commits`.
  func commitQueued(_ name: String) async {
    var batch = commits.takeQueue(of: name)
    var refresh = false
    while !batch.isEmpty {
      do {
        // Only a refusal (another instance's commit came first) makes it read the log first: the
        // replica is as NOTIFY and the poll keep it, and the database checks every version and key.
        if refresh { try await catchUp(name) }
        (batch, refresh) = try await commitRound(name, batch)
      } catch {
        commits.fail(batch, with: error)
        return
      }
    }
  }

  /// One round trip: places `batch` in turn on a copy of the replica and writes it. Answers the
  /// changes that committed or were refused, and returns those to place again (`refresh`: after
  /// the log is read, since another instance's commit came first).
  func commitRound(_ name: String, _ batch: [BoardCommits.Queued]) async throws
    -> (rest: [BoardCommits.Queued], refresh: Bool)
  {
    guard let board = feeds[name]?.board else {
      commits.answer(batch.map { ($0.ticket, .boardGone) })
      return ([], false)
    }
    let round = BoardCommits.place(batch, on: board, tag: tag) { feeds[name]?.subscribers[$0] != nil }
    commits.begin(round)
    guard !round.placed.isEmpty else { return (round.later, false) }
    defer { commits.end(round) }
    let gestures = round.gestures
    let (store, instance) = (store, instance)
    // In a task of its own: a connection that goes away mid-commit cancels its task, and this
    // round trip carries other connections' changes too. Bounded: a round trip in flight when
    // PostgreSQL restarted was seen never to end, holding the board's lock for ever; past the limit
    // its changes fail (their connections end, and the clients send them again: a replay of one
    // that did commit is answered its revision).
    let answers = try await withTimeLimit(Self.commitTimeLimit) {
      try await store.commit(board: name, client: instance, gestures: gestures)
    }
    let answered = ContinuousClock.now
    logger.debug("board \(name): \(answers.count) of \(gestures.count) changes answered in one round trip")
    let settled = BoardCommits.settle(round, answers: answers, replica: feeds[name]?.board.revision)
    for commit in settled.published { publish(name, commit, since: answered) }
    commits.answer(settled.refused)
    if settled.readLog { try await catchUp(name) }
    // The change as committed, by identity: where the server placed it (its replica may have been
    // behind what the client saw), so that the committer shows what everyone else does.
    commits.answer(
      settled.acked.map { acked in
        (acked.ticket, .ack(acked.revision, feeds[name]?.history.last { $0.revision == acked.revision }?.changes))
      })
    return (settled.rest, settled.refresh)
  }
}
