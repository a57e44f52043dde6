extension BoardSync {
  /// A text frame from the server: read, then handled as ``received(_:now:)``; a frame that
  /// cannot be read is reported and changes nothing (it still counts as the server heard).
  ///
  /// ```swift
  /// socket.onmessage = { event in perform(sync.received(text: event.data, now: clock())) }
  /// ```
  public mutating func received(text: String, now: Int64) -> [SyncAction] {
    do {
      return received(try ServerMessage(json: text), now: now)
    } catch {
      if case .open(var s) = link {
        s.heard = now
        s.pinged = nil
        link = .open(s)
      }
      return finish([.report(.unreadable(error.message))], now: now)
    }
  }

  /// A message from the server, on the open connection.
  ///
  /// ```swift
  /// perform(sync.received(.remote(.init(revision: 8, changes: changes)), now: clock()))
  /// ```
  public mutating func received(_ message: ServerMessage, now: Int64) -> [SyncAction] {
    var out: [SyncAction] = []
    guard case .open(var s) = link else {
      out.append(.report(.unexpected("a message with no connection open")))
      return finish(out, now: now)
    }
    s.heard = now
    s.pinged = nil
    link = .open(s)
    switch message {
    case .welcome(let welcome): self.welcome(welcome, now: now, &out)
    case .ack(let ack): acknowledged(ack, now: now, &out)
    case .rejected(let rejected): self.rejected(rejected, now: now, &out)
    case .remote(let remote):
      if remote.revision <= revision || early.contains(where: { $0.revision == remote.revision }) {
        out.append(.report(.unexpected("a remote of revision \(remote.revision), which this client has")))
      } else {
        insertEarly(remote.revision, .remote(remote.changes))
        advance(now: now, &out)
      }
    case .error(let failure):
      out.append(.report(.server(failure)))
      // Answers come in order: a `malformed` error while a commit (and no hello) waits for its
      // answer is that commit's, and it would get the same every time: set aside, not blocking.
      if failure.code == .malformed, let s = session, s.hello == nil, let flying = s.inFlight {
        self.rejected(.init(gesture: flying, reason: .invalid, message: failure.message), now: now, &out)
      }
      if failure.code == .rateLimited, case .open(var s) = link, s.hello != nil {
        // Our hello was not answered: say it again when the server allows.
        let wait = clamp(failure.retryAfterMs ?? 1000)
        s.wantsWhole = s.wantsWhole || s.hello == .some(nil)
        s.hello = nil
        s.helloAt = Self.later(now, wait)
        link = .open(s)
      }
    }
    pump(now: now, &out)
    return finish(out, now: now)
  }

  /// The whole board, or the changes after the hello's `after`.
  mutating func welcome(_ welcome: ServerMessage.Welcome, now: Int64, _ out: inout [SyncAction]) {
    guard case .open(var s) = link, let asked = s.hello else {
      out.append(.report(.unexpected("a welcome that no hello asked for")))
      return
    }
    let before = shown
    let wasWelcomed = s.welcomed
    s.hello = nil
    link = .open(s)
    let previousEpoch = epoch
    if let views = welcome.views {
      let board: SyncBoard
      do {
        board = try SyncBoard(views: views)
      } catch {
        out.append(.report(.unexpected("a welcome whose \(error.message)")))
        out.append(.close(reason: "the server's board cannot be read"))
        goOffline(now: now, &out)
        return
      }
      if welcome.epoch == epoch, welcome.revision < revision {
        out.append(.report(.unexpected("a welcome of revision \(welcome.revision) after \(revision)")))
        out.append(.close(reason: "the server's board went back"))
        goOffline(now: now, &out)
        return
      }
      if welcome.epoch != epoch {
        // Another board's revisions: what came early, and acks of the old one, mean nothing here.
        early = []
        pending.removeAll { $0.committed != nil }
        if previousEpoch != nil, welcome.reset {
          out.append(.announce("The board was recreated on the server: showing it as it is now."))
        }
      }
      confirmed = board
      revision = welcome.revision
      epoch = welcome.epoch
    } else if let changes = welcome.changes, welcome.epoch == epoch, asked == revision, welcome.revision >= revision {
      var next = confirmed
      if next.apply(changes, strict: true) {
        confirmed = next
        revision = welcome.revision
      } else {
        out.append(.report(.misfit(revision: welcome.revision)))
        sendHello(whole: true, now: now, &out)
      }
    } else {
      out.append(.report(.unexpected("a welcome's changes for another epoch or revision")))
      sendHello(whole: true, now: now, &out)
    }
    early.removeAll { $0.revision <= revision }
    pending.removeAll { ($0.committed ?? Int64.max) <= revision }
    // The welcome's revision is the server's last: a revision past it that came before (a remote
    // of Int64.max, say) cannot be, and would hold the gap open for ever. Said once and dropped;
    // a move acknowledged as such a revision goes again (its replay is answered with the real one).
    if welcome.epoch == epoch, early.contains(where: { $0.revision > welcome.revision }) {
      out.append(.report(.unexpected("revisions past the server's last, \(welcome.revision)")))
      early.removeAll { $0.revision > welcome.revision }
      var kept: [PendingGesture] = []
      var unsent: [PendingGesture] = []
      for move in pending {
        if let committed = move.committed, committed <= welcome.revision {
          kept.append(move)
        } else {
          unsent.append(PendingGesture(gesture: move.gesture, change: move.change))
        }
      }
      pending = kept + unsent
    }
    role = welcome.role
    refusal = nil
    if case .open(var s) = link {
      if !s.welcomed {
        s.welcomed = true
        backoff = configuration.initialBackoffMs
      }
      if s.wantsWhole, s.hello == nil {
        link = .open(s)
        sendHello(whole: true, now: now, &out)
      } else {
        link = .open(s)
      }
    }
    if role == .viewer { refuseAll(now: now, &out) }
    if !wasWelcomed { out.append(.announce("Shared board connected.")) }
    out.append(.persist(record))
    advance(now: now, &out)
    let after = shown
    if after != before { out.append(.apply(SyncView(board: after, remoteChanges: []))) }
  }

  /// A viewer's token cannot commit: every waiting move is set aside now (the server would answer
  /// each `forbidden`).
  mutating func refuseAll(now: Int64, _ out: inout [SyncAction]) {
    guard !pending.isEmpty else { return }
    let moves = pending
    pending = []
    for move in moves {
      out.append(.settled(gesture: move.gesture, .refused(.forbidden, message: "a viewer's token")))
    }
    out.append(.announce("This board is read-only: \(Self.count(moves.count)) could not be shared and were set aside."))
  }

  mutating func acknowledged(_ ack: ServerMessage.Ack, now: Int64, _ out: inout [SyncAction]) {
    clearInFlight(ack.gesture)
    guard let i = pending.firstIndex(where: { $0.gesture == ack.gesture }), pending[i].committed == nil else {
      out.append(.report(.unexpected("an ack of a gesture not waiting")))
      return
    }
    if let last = pending.last(where: { $0.committed != nil })?.committed, ack.revision <= last {
      out.append(.report(.unexpected("an ack of revision \(ack.revision) after \(last)")))
      sendHello(whole: true, now: now, &out)
      return
    }
    out.append(.settled(gesture: ack.gesture, .committed(revision: ack.revision)))
    if ack.revision <= revision {
      // In the board already (a move sent again after a lost answer, read back in a welcome).
      let before = shown
      pending.remove(at: i)
      out.append(.persist(record))
      if shown != before { out.append(.apply(SyncView(board: shown, remoteChanges: []))) }
      return
    }
    if early.contains(where: { $0.revision == ack.revision }) {
      out.append(.report(.unexpected("an ack of revision \(ack.revision), which a remote has")))
      sendHello(whole: true, now: now, &out)
      return
    }
    // The move waits for the revisions before it in order; an earlier unsent one goes after.
    let move = pending.remove(at: i)
    let at = pending.firstIndex { $0.committed == nil } ?? pending.count
    pending.insert(PendingGesture(gesture: move.gesture, change: move.change, committed: ack.revision), at: at)
    insertEarly(ack.revision, .own(gesture: ack.gesture, changes: ack.changes))
    out.append(.persist(record))
    advance(now: now, &out)
  }

  mutating func rejected(_ rejected: ServerMessage.Rejected, now: Int64, _ out: inout [SyncAction]) {
    clearInFlight(rejected.gesture)
    guard let i = pending.firstIndex(where: { $0.gesture == rejected.gesture }), pending[i].committed == nil else {
      out.append(.report(.unexpected("a refusal of a gesture not waiting")))
      return
    }
    if rejected.reason == .rateLimited {
      holdUntil = Self.later(now, clamp(rejected.retryAfterMs ?? 1000))
      return
    }
    let before = shown
    let move = pending.remove(at: i)
    let outcome: GestureOutcome =
      rejected.reason == .lostRace ? .lost : .refused(rejected.reason, message: rejected.message)
    out.append(.settled(gesture: move.gesture, outcome))
    if let words = Self.announcement(outcome, of: move.change) { out.append(.announce(words)) }
    out.append(.persist(record))
    if shown != before { out.append(.apply(SyncView(board: shown, remoteChanges: []))) }
  }

  /// Applies the revisions that follow the confirmed one, in order, as far as they are known; a
  /// gap opens the gap timer. Waits while a hello is in flight (its welcome starts at `after`).
  mutating func advance(now: Int64, _ out: inout [SyncAction]) {
    guard case .open(var s) = link, s.hello == nil else { return }
    let (oldConfirmed, oldPending) = (confirmed, pending)
    var next = confirmed
    var at = revision
    var remoteChanges: [WireChange] = []
    var done: [String] = []
    while at < Int64.max, let first = early.first, first.revision == at + 1 {
      early.removeFirst()
      let fits: Bool
      switch first.entry {
      case .own(let gesture, let changes?):
        fits = next.apply(changes, strict: true)
        done.append(gesture)
      case .own(let gesture, nil):
        // An ack without the server's changes: the move as this client made it.
        let change = pending.first { $0.gesture == gesture }?.change
        fits = change.map { next.apply($0, strict: false) } ?? false
        done.append(gesture)
      case .remote(let changes):
        fits = next.apply(changes, strict: true)
        remoteChanges += changes
      }
      guard fits else {
        // It does not fit this board (the server's is another): read the board again.
        out.append(.report(.misfit(revision: at + 1)))
        early = []
        pending.removeAll { $0.committed != nil }
        sendHello(whole: true, now: now, &out)
        return
      }
      at += 1
    }
    let oldRevision = revision
    if at != revision {
      confirmed = next
      revision = at
      pending.removeAll { done.contains($0.gesture) }
      out.append(.persist(record))
    }
    s = session ?? s
    // A gap still open after progress is timed again from now.
    s.gapSince = early.isEmpty ? nil : (at != oldRevision ? now : s.gapSince ?? now)
    link = .open(s)
    guard at != oldRevision else { return }
    // Own moves the server placed as this client made them change nothing on the screen.
    let after = shown
    if !remoteChanges.isEmpty || after != Self.shown(oldConfirmed, with: oldPending) {
      out.append(.apply(SyncView(board: after, remoteChanges: remoteChanges)))
    }
  }

  mutating func insertEarly(_ revision: Int64, _ entry: Early) {
    let at = early.firstIndex { $0.revision > revision } ?? early.count
    early.insert((revision, entry), at: at)
  }

  mutating func clearInFlight(_ gesture: String) {
    if case .open(var s) = link, s.inFlight == gesture {
      s.inFlight = nil
      link = .open(s)
    }
  }

  /// A server's wait, within 1 ms and the configured maximum.
  func clamp(_ milliseconds: Int64) -> Int64 { min(max(milliseconds, 1), configuration.maximumRetryAfterMs) }

  /// What is said of a move the server did not commit (the ``SyncAction/announce(_:)`` that
  /// follows its ``SyncAction/settled(gesture:_:)``), its items named by `name`; `nil` for a
  /// committed one. An owner that knows the cards by their titles says the same words with them.
  ///
  /// ```swift
  /// BoardSync.announcement(.lost, of: .moveCards(items: ["c1"], column: "done", before: nil)) {
  ///   titles[$0] ?? $0
  /// }   // "Card 1 was moved by someone else."
  /// ```
  public static func announcement(
    _ outcome: GestureOutcome, of change: WireChange, name: (String) -> String = { $0 }
  ) -> String? {
    let names = Self.names(change.items.map(name))
    switch outcome {
    case .committed: return nil
    case .lost: return "\(names) \(change.items.count == 1 ? "was" : "were") moved by someone else."
    case .refused(let reason, let message):
      let why = message.map { "\(reason.text): \($0)" } ?? reason.text
      return "The move of \(names) could not be shared and was set aside (\(why))."
    }
  }

  /// "c1", "c1 and c2", "c1, c2 and c3".
  static func names(_ items: [String]) -> String {
    guard let last = items.last else { return "A move" }
    guard items.count > 1 else { return last }
    var text = ""
    for (i, item) in items.dropLast().enumerated() { text += (i > 0 ? ", " : "") + item }
    return text + " and " + last
  }

  static func count(_ moves: Int) -> String { moves == 1 ? "1 move" : "\(moves) moves" }
}
