import Foundation
import ReorderKit
import ReorderSync

extension RemoteBoard {
  /// The machine's clock: milliseconds since ``origin``.
  var now: Int64 { Self.milliseconds(ContinuousClock.now - origin) }

  /// One input of the machine, and its actions performed. `moves`: the moves waiting before it
  /// (a settled one is named by its items).
  func input(_ body: (inout BoardSync, Int64) -> [SyncAction]) {
    let moves = sync.pending
    let actions = body(&sync, now)
    perform(actions, moves: moves)
  }

  /// Does what the machine asks, in order; then tells the app, each event with the board after
  /// all of it.
  func perform(_ actions: [SyncAction], moves: [PendingGesture]) {
    var told = Told()
    for action in actions {
      switch action {
      case .connect: connect()
      case .send(let message): send(.text(message.text))
      case .ping: send(.ping)
      case .close(let reason): drop(reason: reason)
      case .apply(let view):
        state = BoardState(view.board, revision: sync.revision)
        told.views.append(view)
      case .persist(let record): keep(record)
      case .announce(let text):
        // BoardSync's words for a settled move are said by its event, with the cards' names.
        if let i = told.plain.firstIndex(of: text) { told.plain.remove(at: i) } else { told.free.append(text) }
      case .report(let problem):
        debugLog("\(board): \(problem)")
        if case .refused = problem { told.refusedToken = true }
      case .settled(let gesture, let outcome):
        settle(gesture, outcome, change: moves.first { $0.gesture == gesture }?.change, &told)
      case .wakeAt(let time): wake(at: time)
      }
    }
    // Own moves the server placed as made change nothing shown, but the revision moved on.
    state.revision = sync.revision
    tell(told)
    wakeSentWaiters()
  }

  /// What a batch of actions tells the app.
  struct Told {
    var views: [SyncView] = []
    /// Lost races and refusals, in order.
    var settled: [SharedBoardEvent] = []
    /// BoardSync's own words for those (the `announce` that follows each), not said twice.
    var plain: [String] = []
    /// Everything else it said: the connection's caption, or a remote update's.
    var free: [String] = []
    var refusedToken = false
  }

  /// A gesture's fate: its outcome kept, a lost race or a refusal told (set aside in the outbox's
  /// `refused` table before the record that drops it is kept).
  func settle(
    _ gesture: String, _ outcome: ReorderSync.GestureOutcome, change: ReorderSync.WireChange?, _ told: inout Told
  ) {
    let change = change ?? .moveCards(items: [], column: "", before: nil)
    let words = BoardSync.announcement(outcome, of: change, name: configuration.name) ?? ""
    if let plain = BoardSync.announcement(outcome, of: change) { told.plain.append(plain) }
    switch outcome {
    case .committed(let revision):
      outcomes[gesture] = .committed(revision: revision)
    case .lost:
      outcomes[gesture] = .lost(items: change.items)
      told.settled.append(
        .lostRace(LostRace(gesture: gesture, items: change.items, announcement: words, state: state)))
    case .refused(let reason, let message):
      let why = message.map { "\(reason.text): \($0)" } ?? reason.text
      outcomes[gesture] = .refused(reason: why)
      do {
        try outbox.refuse(gesture, reason: why)
      } catch {
        debugLog("\(board): the local file could not be written: \(error)")
      }
      told.settled.append(
        .refused(
          RefusedGesture(gesture: gesture, items: change.items, reason: why, announcement: words, state: state)))
    }
  }

  /// The events of a batch: the board others changed, the moves lost or refused, the connection.
  func tell(_ told: Told) {
    var told = told
    var update: RemoteUpdate?
    let remote = told.views.flatMap(\.remoteChanges)
    // A view that only takes a lost or refused move off is that event's board.
    if !told.views.isEmpty, !remote.isEmpty || told.settled.isEmpty {
      update = RemoteUpdate(state: state, commits: remote.isEmpty ? [] : [commit(remote)])
    }
    var caption: SharedBoardEvent?
    if phase == .running, let new = currentConnection {
      let news = told.refusedToken || new.isNews(after: connection, announced: announcedConnection)
      connection = new
      if news {
        announcedConnection = true
        caption = .connection(
          new, announcement: told.free.isEmpty ? new.announcement() : told.free.joined(separator: " "))
        told.free = []
      }
    }
    if !told.free.isEmpty {
      update = update ?? RemoteUpdate(state: state, commits: [])
      update?.announcement = told.free.joined(separator: " ")
    }
    if let update { sink.yield(.remote(update)) }
    for event in told.settled { sink.yield(event.with(state)) }
    if let caption { sink.yield(caption) }
  }

  /// The connection as the machine has it (`nil` while connecting: unchanged).
  var currentConnection: SharedBoardConnection? {
    if sync.isOnline { return .online }
    guard let at = sync.nextAttempt else { return nil }
    let t = now
    return .offline(retryIn: .milliseconds(at > t ? at - t : 0))
  }

  /// Others' changes since the last view, as one commit of the revision the board is at.
  func commit(_ changes: [ReorderSync.WireChange]) -> RemoteCommit {
    RemoteCommit(
      revision: sync.revision, client: "", committedAt: Date().timeIntervalSince1970,
      changes: changes.compactMap { change in
        switch change {
        case .moveCards(let items, let column, let before):
          .moved(ReorderDifference(items: items, section: column, before: before))
        case .moveColumns: nil
        case .deleteItems(let items): .deleted(items)
        }
      })
  }

  /// Keeps the machine's record in the local file (a write that fails is said in the log; the
  /// next one writes what it missed).
  func keep(_ record: SyncRecord) {
    do {
      try outbox.save(record, over: kept)
      kept = record
    } catch {
      debugLog("\(board): the local file could not be written: \(error)")
    }
  }

  /// The one timer: the machine's next tick at `time` (at most an hour ahead: calling it early is
  /// harmless).
  func wake(at time: Int64) {
    guard phase == .running else { return }
    let t = now
    let at = min(time, t < Int64.max - 3_600_000 ? t + 3_600_000 : Int64.max)
    if let timer, timer.at == at { return }
    timer?.task.cancel()
    let deadline = origin + .milliseconds(at)
    timer = (
      Task {
        try? await Task.sleep(until: deadline, clock: .continuous)
        guard !Task.isCancelled else { return }
        self.fire(at)
      }, at
    )
  }

  func fire(_ at: Int64) {
    guard phase == .running, timer?.at == at else { return }
    timer = nil
    input { sync, now in sync.tick(now: now) }
  }

  func wakeSentWaiters() {
    guard unsentCount == 0 || phase == .closed else { return }
    let waiters = sentWaiters
    sentWaiters = []
    for waiter in waiters { waiter.resume() }
  }
}

extension SharedBoardEvent {
  /// The event with the board after its batch.
  func with(_ state: BoardState) -> SharedBoardEvent {
    switch self {
    case .lostRace(var race):
      race.state = state
      return .lostRace(race)
    case .refused(let refused): return .refused(RefusedGesture(refused, state: state))
    default: return self
    }
  }
}

extension BoardState {
  /// The board a ``SyncBoard`` is, its rows keyed in order (the keys never leave this client).
  init(_ board: SyncBoard, revision: Int64) {
    self.init()
    self.revision = revision
    let keys = (try? OrderKey.keys(count: board.columns.count, between: nil, nil)) ?? []
    for (column, key) in zip(board.columns, keys) {
      rows[column.id] = Row(parent: "", key: key.rawValue, version: 1)
      let cardKeys = (try? OrderKey.keys(count: column.cards.count, between: nil, nil)) ?? []
      for (card, cardKey) in zip(column.cards, cardKeys) {
        rows[card] = Row(parent: column.id, key: cardKey.rawValue, version: 1)
      }
    }
  }
}
