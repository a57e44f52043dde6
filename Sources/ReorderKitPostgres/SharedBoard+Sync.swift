import Foundation
import PostgresNIO
import ReorderKit
import ReorderKitShare
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
      try keep { try outbox.setClient(number) }
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
    do {
      try saveConfirmed(force: true)
    } catch {
      // Kept in memory: the next save writes it (and the log brings back whatever a quit loses).
      debugLog("\(clientID): the local board could not be saved: \(error)")
    }
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
    let changed = new.isNews(after: connection, announced: announcedConnection)
    connection = new
    guard changed else { return }
    announcedConnection = true
    sink.yield(.connection(new, announcement: new.announcement()))
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
          if loaded.revision > confirmed.revision { try applyLoaded(loaded) }
        } else {
          do {
            let commits = try await reader.changes(configuration.board, after: confirmed.revision)
            lastHeard = .now
            try applyCommits(commits)
          } catch  where error is InvalidLog || error is LogCompacted {
            // The log was compacted past this client's revision ("too old, reload"), or holds an
            // entry no commit writes: take the whole board as the server has it now.
            debugLog("\(clientID): \(error); reloading the board")
            let loaded = try await reader.load(configuration.board)
            lastHeard = .now
            try applyLoaded(loaded)
          }
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

  /// A NOTIFY of this board: only a wake-up. Anyone may send one (a forged commit of the next
  /// revision must not take the place of the real one), so nothing is applied from it: one about a
  /// revision already applied is skipped, anything else reads the log, which stays the truth.
  func received(_ notice: CommitNotice) async throws {
    switch notice {
    case .commit(let commit) where commit.revision <= confirmed.revision:
      return
    case .revision(let revision) where revision <= confirmed.revision:
      return
    case .commit, .revision, .unreadable:
      try await catchUp()
    }
  }

  /// The whole board read at once (first connection).
  func applyLoaded(_ loaded: BoardState) throws(SharedBoardError) {
    confirmed = loaded
    unsavedWrites = []
    try rebuild(remote: [])
    try keep { try outbox.replaceConfirmed(loaded) }
  }

  /// Applies commits read from the log, in order.
  func applyCommits(_ commits: [LoggedCommit]) throws(SharedBoardError) {
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
    unsavedDone += done
    try rebuild(remote: remote)
    // Gestures leave the outbox only once the file's confirmed board has them (one transaction).
    try saveConfirmed(force: false)
  }

  /// Writes the confirmed rows to the local file, at most every quarter second unless forced: a
  /// cache (the log brings back whatever it misses), unlike the outbox, which is written at once.
  /// Gestures the confirmed rows include leave the outbox in the same transaction (and force the
  /// write). A write that fails throws, and forgets nothing: the rows and gestures stay for the next
  /// write (else the file would hold a later revision without them, and skip them for good).
  func saveConfirmed(force: Bool) throws(SharedBoardError) {
    guard !unsavedWrites.isEmpty else {
      let done = unsavedDone
      try keep { try outbox.remove(done) }
      unsavedDone = []
      return
    }
    let now = ContinuousClock.now
    guard force || !unsavedDone.isEmpty || now - lastSaved >= .milliseconds(250) else { return }
    let (writes, done, revision) = (unsavedWrites, unsavedDone, confirmed.revision)
    try keep { try outbox.updateConfirmed(writes, revision: revision, removing: done) }
    unsavedWrites = []
    unsavedDone = []
    lastSaved = now
  }

  /// Runs a write of the local file; its failure is a `SharedBoardError` that says so.
  func keep(_ write: () throws -> Void) throws(SharedBoardError) {
    do {
      try write()
    } catch let error as SharedBoardError {
      throw error
    } catch {
      throw SharedBoardError(.outbox("\(error)"))
    }
  }

  /// The board to show: the confirmed board with the pending gestures on top. A pending gesture
  /// whose rows moved on (someone else's commit came first), or that builds on one that lost, lost
  /// its race: it is dropped and reported.
  func rebuild(remote: [RemoteCommit]) throws(SharedBoardError) {
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
    for (gesture, items) in lost {
      resolve(gesture, .lost(items: items))
      sink.yield(
        .lostRace(LostRace(gesture: gesture, items: items, announcement: announcement(lost: items), state: visible)))
    }
    wakeSentWaiters()
    if !lost.isEmpty { try keep { try outbox.remove(lost.map(\.gesture)) } }
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
}

/// Whether `revision` is the one right after `previous` (no `+ 1` past Int64.max).
func follows(_ revision: Int64, _ previous: Int64) -> Bool {
  previous < Int64.max && revision == previous + 1
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
