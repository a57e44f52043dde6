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
  /// Gestures being committed here: the connection that sent each (it gets `ack`, not `remote`).
  var committing: [String: Int] = [:]
  /// Boards with a commit running here, and the commits waiting for it.
  var busyBoards: Set<String> = []
  var waitingCommits: [String: [CheckedContinuation<Void, Never>]] = [:]
  /// Changes waiting for their board's commit, and the answers of those committed for them.
  var queued: [String: [Queued]] = [:]
  var replies: [Int: Result<CommitReply, any Error>] = [:]
  var nextTicket = 0

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
    let sender = committing[commit.gesture]
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

  /// What a commit came to, as the message to send.
  enum CommitReply {
    case ack(Int64, [WireChange]?)
    case rejected(reason: RejectReason, message: String)
  }

  /// Commits one change of an editor: keys placed on the board as the log has it now, written by
  /// `reorder_server_commit`; a version race between instances is placed again (up to five times).
  /// An item or column that is gone is `lostRace`; a change that breaks a rule, `invalid`.
  ///
  /// One commit of a board at a time on this instance, and it takes every change waiting for that
  /// board: placed in turn on a copy of the replica, written in one round trip
  /// (`reorder_server_commit_many`), each in a savepoint of its own. Eight editors then cost about
  /// one round trip per batch instead of one each.
  func commit(board name: String, from id: Int, gesture: String, change: WireChange) async throws -> CommitReply {
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
    -> CommitReply
  {
    // A connection whose token was revoked meanwhile (its close is on its way) writes nothing.
    guard feeds[name]?.subscribers[id] != nil else {
      return .rejected(reason: .forbidden, message: "The token was revoked.")
    }
    nextTicket += 1
    let ticket = nextTicket
    queued[name, default: []].append(Queued(ticket: ticket, connection: id, gesture: gesture, change: change))
    // Interleaved at their awaits, two commits placed on the same replica collide (a stale version,
    // a key taken), and a move could lose five times in a row to moves of this very instance (seen
    // in RemoteBoardTests' SIGTERM test: one of 240 moves lost). Only another instance's commits
    // race now.
    await lock(name)
    defer { unlock(name) }
    if replies[ticket] == nil { await commitQueued(name) }
    let reply =
      replies.removeValue(forKey: ticket) ?? .success(.rejected(reason: .lostRace, message: "Not committed."))
    return try reply.get()
  }

  /// A change waiting for its board's commit.
  struct Queued {
    var ticket: Int
    var connection: Int
    var gesture: String
    var change: WireChange
    /// How many times another instance's commit came first.
    var attempts = 0
  }

  /// The most changes written in one round trip.
  static let batchLimit = 64
  /// The longest a commit's round trip may take before its changes fail.
  static let commitTimeLimit = Duration.seconds(10)

  /// Commits every change waiting for `board` (the caller holds its lock), and leaves each one's
  /// answer in `replies`.
  func commitQueued(_ name: String) async {
    var batch = queued.removeValue(forKey: name) ?? []
    var refresh = false
    while !batch.isEmpty {
      do {
        // Only a refusal (another instance's commit came first) makes it read the log first: the
        // replica is as NOTIFY and the poll keep it, and the database checks every version and key.
        if refresh { try await catchUp(name) }
        (batch, refresh) = try await commitRound(name, batch)
      } catch {
        for waiting in batch { replies[waiting.ticket] = .failure(error) }
        return
      }
    }
  }

  /// One round trip: places `batch` in turn on a copy of the replica and writes it. Answers the
  /// changes that committed or were refused, and returns those to place again (`refresh`: after
  /// the log is read, since another instance's commit came first).
  func commitRound(_ name: String, _ batch: [Queued]) async throws -> (rest: [Queued], refresh: Bool) {
    guard var board = feeds[name]?.board else {
      for waiting in batch {
        replies[waiting.ticket] = .success(.rejected(reason: .lostRace, message: "The board is gone."))
      }
      return ([], false)
    }
    var placed: [(waiting: Queued, writes: [PlacedRow])] = []
    var later: [Queued] = []
    for (index, waiting) in batch.enumerated() {
      // At the revision's limit one goes alone (the database refuses it).
      guard placed.count < Self.batchLimit, placed.isEmpty || board.revision < Int64.max else {
        later = Array(batch[index...])
        break
      }
      guard feeds[name]?.subscribers[waiting.connection] != nil else {
        replies[waiting.ticket] = .success(.rejected(reason: .forbidden, message: "The token was revoked."))
        continue
      }
      guard waiting.attempts < 5 else {
        replies[waiting.ticket] = .success(
          .rejected(reason: .lostRace, message: "Others moved the same cards at the same time."))
        continue
      }
      do {
        let writes = try Self.place(waiting.change, on: board, tag: tag)
        // The next change is placed as if this one had committed (the database stops at the first
        // that did not, and the server places the rest again).
        for write in writes {
          board.rows[write.id] = Board.Row(parent: write.parent, key: write.key, version: write.expected + 1)
        }
        if board.revision < Int64.max { board.revision += 1 }
        placed.append((waiting, writes))
      } catch let refusal as Refusal {
        // Moves add and remove nothing: a change refused here is refused whatever came before it.
        replies[waiting.ticket] = .success(.rejected(reason: refusal.reason, message: refusal.message))
      }
    }
    guard !placed.isEmpty else { return (later, false) }
    for entry in placed { committing[entry.waiting.gesture] = entry.waiting.connection }
    defer { for entry in placed { committing[entry.waiting.gesture] = nil } }
    let gestures = placed.map {
      BoardStore.Gesture(id: $0.waiting.gesture, change: $0.waiting.change, writes: $0.writes)
    }
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
    var acked: [(waiting: Queued, revision: Int64)] = []
    var readLog = false
    var gone = false
    var retry: [Queued] = []
    for (index, entry) in placed.enumerated() {
      guard index < answers.count else {
        // Not tried: placed after one that did not commit.
        retry.append(entry.waiting)
        continue
      }
      switch answers[index] {
      case .committed(let revision):
        if !readLog, let current = feeds[name]?.board.revision, current < Int64.max, revision == current + 1 {
          // The next revision, as placed: followers get it without a read of the log.
          let writes = entry.writes.map {
            Board.Write(id: $0.id, parent: $0.parent, key: $0.key, version: $0.expected + 1, deleted: false)
          }
          publish(
            name, BoardStore.Commit(revision: revision, gesture: entry.waiting.gesture, writes: writes),
            since: answered)
        } else {
          readLog = true
        }
        acked.append((entry.waiting, revision))
      case .noBoard:
        gone = true
        replies[entry.waiting.ticket] = .success(.rejected(reason: .lostRace, message: "The board is gone."))
      case .refused(let reason, let message):
        replies[entry.waiting.ticket] = .success(.rejected(reason: reason, message: message))
      case .stale, .duplicateKey:
        var again = entry.waiting
        again.attempts += 1
        retry.append(again)
      }
    }
    if readLog { try await catchUp(name) }
    for (waiting, revision) in acked {
      // The change as committed, by identity: where the server placed it (its replica may have
      // been behind what the client saw), so that the committer shows what everyone else does.
      replies[waiting.ticket] = .success(.ack(revision, feeds[name]?.history.last { $0.revision == revision }?.changes))
    }
    if gone {
      for waiting in retry + later {
        replies[waiting.ticket] = .success(.rejected(reason: .lostRace, message: "The board is gone."))
      }
      return ([], false)
    }
    return (retry + later, retry.contains { $0.attempts > 0 })
  }

  /// Waits until no other commit of `board` runs here, and marks it running.
  func lock(_ board: String) async {
    guard busyBoards.insert(board).inserted else {
      // Handed over by `unlock`, which leaves the board marked.
      await withCheckedContinuation { waitingCommits[board, default: []].append($0) }
      return
    }
  }

  /// Lets the next commit of `board` run.
  func unlock(_ board: String) {
    guard var queue = waitingCommits[board], !queue.isEmpty else {
      busyBoards.remove(board)
      return
    }
    let next = queue.removeFirst()
    waitingCommits[board] = queue.isEmpty ? nil : queue
    next.resume()
  }

  /// A refused change: `invalid` (it breaks a rule) or `lostRace` (what it names is gone).
  struct Refusal: Error {
    var reason: RejectReason
    var message: String
  }

  /// The rows a change writes on a board.
  static func place(_ change: WireChange, on board: Board, tag: String) throws -> [PlacedRow] {
    let items: [String]
    let parent: String
    let before: String?
    switch change {
    case .moveCards(let cards, let column, let b):
      (items, parent, before) = (cards, column, b)
    case .moveColumns(let columns, let b):
      (items, parent, before) = (columns, "", b)
    case .deleteItems:
      throw Refusal(reason: .invalid, message: "Only moveCards and moveColumns are committed.")
    }
    guard !items.isEmpty, items.count <= 1000 else {
      throw Refusal(reason: .invalid, message: "A change moves 1 to 1000 items.")
    }
    for id in items + [parent].filter({ !$0.isEmpty }) + [before].compactMap({ $0 }) where !Identifier.isValid(id) {
      throw Refusal(reason: .invalid, message: "\(Identifier.quoted(id)) is not an identifier (\(Identifier.rule)).")
    }
    guard Set(items).count == items.count else { throw Refusal(reason: .invalid, message: "An item is named twice.") }
    if let before, items.contains(before) {
      throw Refusal(reason: .invalid, message: "before names one of the moved items.")
    }
    if !parent.isEmpty {
      guard let column = board.rows[parent] else {
        throw Refusal(reason: .lostRace, message: "The column \(parent) is not on the board (deleted meanwhile?).")
      }
      guard column.parent.isEmpty else {
        throw Refusal(reason: .invalid, message: "\(parent) is a card, not a column.")
      }
    }
    for id in items {
      guard let row = board.rows[id] else {
        throw Refusal(reason: .lostRace, message: "\(id) is not on the board (deleted meanwhile?).")
      }
      guard row.parent.isEmpty == parent.isEmpty else {
        throw Refusal(
          reason: .invalid,
          message: parent.isEmpty ? "\(id) is a card, not a column." : "\(id) is a column, not a card.")
      }
      // A card whose column is gone is not on the board as clients see it.
      if !row.parent.isEmpty, board.rows[row.parent] == nil {
        throw Refusal(reason: .lostRace, message: "\(id) is not on the board (its column was deleted).")
      }
    }
    let rows = board.rows.mapValues { PlacementRow(parent: $0.parent, key: $0.key, version: $0.version) }
    do {
      return try placeExisting(items, parent: parent, before: before, rows: rows, tag: tag)
    } catch {
      throw Refusal(reason: .invalid, message: "The change cannot be placed: \(error).")
    }
  }
}
