import Foundation
import PostgresNIO
import ReorderKit
import Synchronization

/// The connection ended (the server went away, or a wake-up stream closed).
struct ConnectionLost: Error {}

extension SharedBoard {
  /// Connects, works until the connection fails, waits (doubling the wait), and again, until closed.
  func run() async {
    var delay = configuration.initialBackoff
    while !closed, !Task.isCancelled {
      await runSession()
      await disconnect()
      if closed || Task.isCancelled { break }
      if connection == .online { delay = configuration.initialBackoff }
      setConnection(.offline(retryIn: delay))
      try? await Task.sleep(for: delay)
      delay = min(delay * 2, configuration.maximumBackoff)
    }
    await disconnect()
  }

  /// Runs one session until it fails, or until the server has not answered for a while: a server
  /// that goes away can leave a query waiting forever (even closing the connection may not end it),
  /// so the session is then abandoned, its connections closed, and a new one starts.
  func runSession() async {
    lastHeard = .now
    let heartbeat = configuration.heartbeat
    let limit = configuration.connectTimeout + heartbeat * 3
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let once = Once()
      let session = Task {
        do {
          try await self.session()
        } catch {
          debugLog("\(self.clientID) session ended: \(error)")
        }
        if once.claim() { continuation.resume() }
      }
      let watchdog = Task {
        while !Task.isCancelled {
          try? await Task.sleep(for: heartbeat)
          if self.silence() > limit {
            debugLog("\(self.clientID): no answer for \(limit), abandoning the session")
            break
          }
        }
        // Abandoned, or closed (cancelled): stop waiting for the session either way.
        if once.claim() { continuation.resume() }
      }
      sessionTasks = [session, watchdog]
      endSession = { if once.claim() { continuation.resume() } }
    }
    endSession = nil
    for task in sessionTasks { task.cancel() }
    sessionTasks = []
    await closeConnections()
  }

  /// One connection's life: connect, catch up, then listen, send and poll until something fails.
  func session() async throws {
    let reader = try await ServerConnection.open(server, id: 1, logger: logger)
    self.reader = reader
    lastHeard = .now
    let writer = try await ServerConnection.open(server, id: 2, logger: logger)
    self.writer = writer
    lastHeard = .now
    try await writer.installSchema()
    if clientNumber == nil {
      let number = try await writer.registerClient(name: clientID)
      clientNumber = number
      tag = clientTag(number)
      try? outbox.setClient(number)
    }
    _ = try await writer.createBoard(configuration.board)
    let board = configuration.board
    let heartbeat = configuration.heartbeat
    let (signals, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    sendSignal = signal
    defer { signal.finish() }
    try await reader.connection.listen(on: Schema.channel) { notifications in
      try await self.catchUp()
      debugLog("\(self.clientID) online")
      self.setConnection(.online)
      signal.yield()
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
          for try await notification in notifications {
            // Other boards' commits are not ours to read.
            guard let notice = CommitNotice(notification.payload, board: board) else { continue }
            try await self.received(notice)
          }
          throw ConnectionLost()
        }
        group.addTask {
          for await _ in signals { try await self.sendAll(writer) }
          throw ConnectionLost()
        }
        group.addTask {
          while true {
            try await Task.sleep(for: heartbeat)
            try await self.catchUp()
          }
        }
        do {
          try await group.next()
        } catch {
          // One part failed (the connection went away): the session ends now. The group would
          // wait for its other parts, and one may be waiting for an answer that a dead connection
          // never gives (seen with the server stopped under load: 7 of 8 clients waited for the
          // watchdog, 5 s).
          self.abandonSession()
          throw error
        }
        group.cancelAll()
      }
    }
  }

  /// Ends the running session at once (``runSession()`` then closes its connections and
  /// reconnects), without waiting for its tasks.
  func abandonSession() {
    endSession?()
    endSession = nil
  }

  /// How long since the server last answered.
  func silence() -> Duration { ContinuousClock.now - lastHeard }

  /// Closes the connections without forgetting them (the session then fails and cleans up).
  func closeConnections() async {
    for connection in [reader, writer] { await connection?.close() }
  }

  func disconnect() async {
    saveConfirmed(force: true)
    sendSignal?.finish()
    sendSignal = nil
    let connections = [reader, writer]
    reader = nil
    writer = nil
    for connection in connections { await connection?.close() }
    catchingUp = false
    let waiters = catchUpWaiters
    catchUpWaiters = []
    for waiter in waiters { waiter.resume(throwing: SharedBoardError(.offline)) }
  }

  func setConnection(_ new: SharedBoardConnection) {
    let changed: Bool
    switch (connection, new) {
    case (.online, .online): changed = false
    case (.offline, .offline): changed = !announcedConnection
    default: changed = true
    }
    connection = new
    guard changed else { return }
    announcedConnection = true
    switch new {
    case .online:
      sink.yield(.connection(.online, announcement: "Online: the board is shared."))
    case .offline(let retry):
      let seconds = Double(retry.components.seconds) + Double(retry.components.attoseconds) / 1e18
      let text = "Offline: your moves are kept and sent when the server is back (retrying in \(seconds) s)."
      sink.yield(.connection(new, announcement: text))
    }
  }

  // MARK: Reading the server's changes

  /// Reads the commits after the last one applied (the whole board the first time) and applies
  /// them. Calls that come while one runs wait for it, and it reads once more for them.
  func catchUp() async throws {
    if catchingUp {
      catchUpAgain = true
      try await withCheckedThrowingContinuation { catchUpWaiters.append($0) }
      return
    }
    guard let reader else { throw SharedBoardError(.offline) }
    catchingUp = true
    defer { catchingUp = false }
    do {
      repeat {
        catchUpAgain = false
        logReads += 1
        if confirmed.revision == 0 {
          let loaded = try await reader.load(configuration.board)
          lastHeard = .now
          if loaded.revision > confirmed.revision { applyLoaded(loaded) }
        } else {
          let commits = try await reader.changes(configuration.board, after: confirmed.revision)
          lastHeard = .now
          applyCommits(commits)
        }
      } while catchUpAgain
    } catch {
      let waiters = catchUpWaiters
      catchUpWaiters = []
      for waiter in waiters { waiter.resume(throwing: error) }
      throw error
    }
    let waiters = catchUpWaiters
    catchUpWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  /// A NOTIFY of this board: the next commit is applied as it came, without reading the log; one
  /// already applied is skipped; anything else (a revision ahead of the next, so one was missed; a
  /// commit too long to carry; a payload that cannot be read) reads the log.
  ///
  /// No buffer of commits that arrive ahead is needed: the commits of a board are serialized (the
  /// board row's lock is held until commit, and PostgreSQL queues a transaction's notifications
  /// before it releases its locks), so notifications arrive in revision order, and one ahead
  /// means one missed.
  func received(_ notice: CommitNotice) async throws {
    switch notice {
    case .commit(let commit) where commit.revision == confirmed.revision + 1:
      lastHeard = .now
      appliedFromNotices += 1
      applyCommits([commit])
    case .commit(let commit) where commit.revision <= confirmed.revision:
      return
    case .revision(let revision) where revision <= confirmed.revision:
      return
    case .commit, .revision, .unreadable:
      try await catchUp()
    }
  }

  /// The whole board read at once (first connection).
  func applyLoaded(_ loaded: BoardState) {
    confirmed = loaded
    unsavedWrites = []
    try? outbox.replaceConfirmed(loaded)
    rebuild(remote: [])
  }

  /// Applies commits read from the log, in order.
  func applyCommits(_ commits: [LoggedCommit]) {
    var remote: [RemoteCommit] = []
    var written: [RowWrite] = []
    var done: [String] = []
    for commit in commits where commit.revision > confirmed.revision {
      confirmed.apply(commit.writes)
      confirmed.revision = commit.revision
      written += commit.writes
      if let i = pending.firstIndex(where: { $0.gesture.id == commit.gesture }) {
        done.append(pending.remove(at: i).gesture.id)
        resolve(commit.gesture, .committed(revision: commit.revision))
      } else if commit.client != clientID {
        remote.append(
          RemoteCommit(
            revision: commit.revision, client: commit.client, committedAt: commit.committedAt,
            changes: describe(commit.writes, on: confirmed)))
      }
    }
    guard !written.isEmpty else { return }
    unsavedWrites += written
    // Gestures leave the outbox only once the file's confirmed board has them (one transaction).
    saveConfirmed(force: false, removing: done)
    rebuild(remote: remote)
  }

  /// Writes the confirmed rows to the local file, at most every quarter second unless forced: a
  /// cache (the log brings back whatever it misses), unlike the outbox, which is written at once.
  /// Gestures removed from the outbox go in the same transaction (and force the write).
  func saveConfirmed(force: Bool, removing done: [String] = []) {
    guard !unsavedWrites.isEmpty else {
      try? outbox.remove(done)
      return
    }
    let now = ContinuousClock.now
    guard force || !done.isEmpty || now - lastSaved >= .milliseconds(250) else { return }
    try? outbox.updateConfirmed(unsavedWrites, revision: confirmed.revision, removing: done)
    unsavedWrites = []
    lastSaved = now
  }

  /// The board to show: the confirmed board with the pending gestures on top. A pending gesture
  /// whose rows moved on (someone else's commit came first), or that builds on one that lost, lost
  /// its race: it is dropped and reported.
  func rebuild(remote: [RemoteCommit]) {
    var visible = confirmed
    var kept: [Pending] = []
    var lost: [(gesture: String, items: [String])] = []
    var tainted = Set<String>()
    for p in pending {
      var stale = p.sent == nil ? visible.stale(p.gesture.writes) : []
      let ids = p.gesture.writes.map(\.id)
      if stale.isEmpty, p.sent == nil, ids.contains(where: tainted.contains) {
        stale = ids.filter(tainted.contains)
      }
      if stale.isEmpty {
        visible.apply(p.gesture.writes)
        kept.append(p)
      } else {
        tainted.formUnion(ids)
        lost.append((p.gesture.id, stale))
      }
    }
    pending = kept
    state = visible
    if !remote.isEmpty { sink.yield(.remote(RemoteUpdate(state: visible, commits: remote))) }
    if !lost.isEmpty { try? outbox.remove(lost.map(\.gesture)) }
    for (gesture, items) in lost {
      resolve(gesture, .lost(items: items))
      sink.yield(
        .lostRace(LostRace(gesture: gesture, items: items, announcement: announcement(lost: items), state: visible)))
    }
    wakeSentWaiters()
  }

  /// Others' rows as changes by identity: each card where it now stands, or deleted.
  func describe(_ writes: [RowWrite], on board: BoardState) -> [Change<String, String>] {
    var changes: [Change<String, String>] = []
    let deleted = writes.filter { $0.deleted && !$0.parent.isEmpty }.map(\.id)
    if !deleted.isEmpty { changes.append(.deleted(deleted)) }
    for write in writes where !write.deleted && !write.parent.isEmpty && board.contains(write.id) {
      // The card after it in its column: one pass over the rows, not a sort of the column per write
      // (which was a sixth of a loaded client's time).
      let before = board.successor(of: write.id)
      changes.append(.moved(ReorderDifference(items: [write.id], section: write.parent, before: before)))
    }
    return changes
  }

  // MARK: Sending the outbox

  /// Sends the pending gestures, oldest first, one transaction each.
  func sendAll(_ writer: ServerConnection) async throws {
    while let p = pending.first(where: { $0.sent == nil }) {
      let answer = try await writer.commit(p.gesture, board: configuration.board, client: clientID)
      lastHeard = .now
      switch answer {
      case .committed(let revision) where revision == confirmed.revision + 1:
        // Nothing came between: the gesture's rows are the server's next revision as they were
        // sent, so the board confirms them without reading the log (nor waiting for the NOTIFY).
        applyCommits([
          LoggedCommit(
            revision: revision, client: clientID, gesture: p.gesture.id,
            committedAt: Date().timeIntervalSince1970, writes: p.gesture.writes)
        ])
      case .committed(let revision):
        // It leaves the outbox when the NOTIFY or the log brings it into the confirmed board (a
        // resend after a crash in between is answered with the same revision).
        if let i = pending.firstIndex(where: { $0.gesture.id == p.gesture.id }) { pending[i].sent = revision }
        resolve(p.gesture.id, .committed(revision: revision))
        wakeSentWaiters()
      case .stale(let items):
        // Take the server's state: the gesture is then stale and dropped as lost.
        try await catchUp()
        if pending.contains(where: { $0.gesture.id == p.gesture.id }) { drop(p.gesture.id, items: items) }
      case .duplicateKey:
        try await catchUp()
        replace(p.gesture.id)
      }
    }
  }

  /// Drops a gesture the server refused, and reports it.
  func drop(_ gesture: String, items: [String]) {
    pending.removeAll { $0.gesture.id == gesture }
    try? outbox.remove([gesture])
    var visible = confirmed
    for p in pending { visible.apply(p.gesture.writes) }
    state = visible
    resolve(gesture, .lost(items: items))
    sink.yield(
      .lostRace(LostRace(gesture: gesture, items: items, announcement: announcement(lost: items), state: visible)))
    wakeSentWaiters()
  }

  /// Places a gesture's keys again (the server found one already taken in its container).
  func replace(_ gesture: String) {
    guard let i = pending.firstIndex(where: { $0.gesture.id == gesture }) else { return }
    var before = confirmed
    for p in pending[..<i] { before.apply(p.gesture.writes) }
    pending[i].placements += 1
    guard pending[i].placements <= 3,
      let writes = try? pending[i].gesture.intent.writes(
        on: before, tag: tag, maximumLength: configuration.maximumKeyLength)
    else {
      drop(gesture, items: pending[i].gesture.writes.map(\.id))
      return
    }
    pending[i].gesture.writes = writes
    try? outbox.replace(pending[i].gesture)
    rebuild(remote: [])
  }
}

func debugLog(_ text: String) {
  if ProcessInfo.processInfo.environment["REORDERKIT_PG_DEBUG"] != nil {
    FileHandle.standardError.write(Data("[shared] \(text)\n".utf8))
  }
}

/// A flag that one caller claims.
final class Once: Sendable {
  private let claimed = Mutex(false)

  /// `true` for the first caller only.
  func claim() -> Bool {
    claimed.withLock { claimed in
      defer { claimed = true }
      return !claimed
    }
  }
}
