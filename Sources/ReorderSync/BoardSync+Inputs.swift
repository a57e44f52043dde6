extension BoardSync {
  /// The connection asked for is open: says `hello`.
  ///
  /// ```swift
  /// socket.onopen = { perform(sync.connected(now: clock())) }   // [.send(.hello(…)), .wakeAt(…)]
  /// ```
  public mutating func connected(now: Int64) -> [SyncAction] {
    var out: [SyncAction] = []
    let since: Int64
    if case .connecting(let t) = link { since = t } else { since = now }
    link = .open(Session(since: since, heard: now))
    sendHello(whole: epoch == nil, now: now, &out)
    return finish(out, now: now)
  }

  /// The connection ended, or the attempt failed: what was in flight is lost (sent again on the
  /// next connection); the next attempt after the back-off. `code` 1008 is the server refusing the
  /// token: said once, and retried only after the longest back-off.
  ///
  /// ```swift
  /// socket.onclose = { event in perform(sync.disconnected(now: clock(), code: event.code, reason: event.reason)) }
  /// ```
  public mutating func disconnected(now: Int64, code: Int? = nil, reason: String? = nil) -> [SyncAction] {
    var out: [SyncAction] = []
    if case .offline = link { return finish(out, now: now) }
    if code == CloseCode.policyViolation {
      let why = reason.map { $0.isEmpty ? "refused" : $0 } ?? "refused"
      if refusal != why {
        out.append(.report(.refused(why)))
        out.append(.announce("The server refused this token: \(why)."))
      }
      refusal = why
      backoff = configuration.maximumBackoffMs
    }
    goOffline(now: now, &out)
    return finish(out, now: now)
  }

  /// The transport heard from the server without a message (a pong).
  ///
  /// ```swift
  /// onPong = { perform(sync.heard(now: clock())) }
  /// ```
  public mutating func heard(now: Int64) -> [SyncAction] {
    if case .open(var s) = link {
      s.heard = now
      s.pinged = nil
      link = .open(s)
    }
    return finish([], now: now)
  }

  /// A move the person made on the board shown (``shown``): it waits in the outbox (persisted
  /// first) and goes to the server when it can. The view shows it already, so no
  /// ``SyncAction/apply(_:)`` follows. A `before` that is no longer in the container (someone
  /// else moved it a moment ago) means its end, as the server places it. A change that does not
  /// fit the board shown otherwise (an item or column not there, or of the other kind), a gesture
  /// id used already or not an identifier (``WireIdentifier``), a deletion, or a viewer's token,
  /// is reported and not taken.
  ///
  /// ```swift
  /// perform(sync.local(.moveCards(items: ["c1"], column: "done", before: nil), gesture: "g-1", now: clock()))
  /// ```
  public mutating func local(_ change: WireChange, gesture: String, now: Int64) -> [SyncAction] {
    var out: [SyncAction] = []
    if role == .viewer {
      out.append(.report(.local("a viewer's token does not move cards")))
      out.append(.announce("This board is read-only: your token may view it, not move cards."))
      return finish(out, now: now)
    }
    guard WireIdentifier.isValid(gesture), !pending.contains(where: { $0.gesture == gesture }) else {
      out.append(.report(.local("the gesture id is used already, or not \(WireIdentifier.rule)")))
      return finish(out, now: now)
    }
    if case .deleteItems = change {
      out.append(.report(.local("the board server takes moves only")))
      return finish(out, now: now)
    }
    var board = shown
    guard board.apply(change, strict: false) else {
      out.append(.report(.local("the move does not fit the board shown")))
      return finish(out, now: now)
    }
    pending.append(PendingGesture(gesture: gesture, change: change))
    out.append(.persist(record))
    pump(now: now, &out)
    return finish(out, now: now)
  }

  /// Time passed: connection attempts, timeouts, the heartbeat, a gap that stays open, the end of
  /// a rate-limit hold. Calling it more often than asked is harmless.
  ///
  /// ```swift
  /// timer.fire = { perform(sync.tick(now: clock())) }
  /// ```
  public mutating func tick(now: Int64) -> [SyncAction] {
    var out: [SyncAction] = []
    switch link {
    case .offline(let retryAt):
      if now >= retryAt {
        link = .connecting(since: now)
        out.append(.connect)
      }
    case .connecting(let since):
      if now >= Self.later(since, configuration.connectTimeoutMs) {
        out.append(.close(reason: "no connection within \(configuration.connectTimeoutMs) ms"))
        goOffline(now: now, &out)
      }
    case .open(var s):
      if !s.welcomed, now >= Self.later(s.since, configuration.connectTimeoutMs) {
        out.append(.close(reason: "no welcome within \(configuration.connectTimeoutMs) ms"))
        goOffline(now: now, &out)
      } else if s.hello != nil, now >= Self.later(s.helloSent, configuration.connectTimeoutMs) {
        out.append(.close(reason: "no welcome within \(configuration.connectTimeoutMs) ms"))
        goOffline(now: now, &out)
      } else if let pinged = s.pinged, now >= Self.later(pinged, configuration.heartbeatMs) {
        out.append(
          .close(reason: "no answer within \(Self.later(configuration.heartbeatMs, configuration.heartbeatMs)) ms"))
        goOffline(now: now, &out)
      } else {
        if s.pinged == nil, now >= Self.later(s.heard, configuration.heartbeatMs) {
          s.pinged = now
          link = .open(s)
          out.append(.ping)
        }
        if s.hello == nil, let at = s.helloAt, now >= at {
          sendHello(whole: s.wantsWhole || epoch == nil, now: now, &out)
        } else if s.hello == nil, s.welcomed, let gap = s.gapSince, now >= Self.later(gap, configuration.gapTimeoutMs) {
          sendHello(whole: false, now: now, &out)
        }
        pump(now: now, &out)
      }
    }
    return finish(out, now: now)
  }

  // MARK: Helpers shared by the inputs

  /// The connection is gone: nothing is in flight; the next attempt after the back-off.
  mutating func goOffline(now: Int64, _ out: inout [SyncAction]) {
    if case .open(let s) = link, s.welcomed {
      out.append(.announce("Offline: the board's moves wait and go out when the server is back."))
    }
    link = .offline(retryAt: Self.later(now, backoff))
    backoff = min(Self.later(backoff, backoff), configuration.maximumBackoffMs)
  }

  /// Says `hello` now, or once the one in flight is answered.
  mutating func sendHello(whole: Bool, now: Int64, _ out: inout [SyncAction]) {
    guard case .open(var s) = link else { return }
    if s.hello != nil {
      s.wantsWhole = s.wantsWhole || whole
      link = .open(s)
      return
    }
    let after: Int64? = whole || epoch == nil ? nil : revision
    s.hello = .some(after)
    s.helloSent = now
    s.helloAt = nil
    s.wantsWhole = false
    s.gapSince = nil
    link = .open(s)
    let hello = ClientMessage.Hello(token: configuration.token, after: after, epoch: after == nil ? nil : epoch)
    out.append(.send(.hello(hello)))
  }

  /// Sends the oldest move not yet answered, when welcomed as an editor, nothing in flight and no
  /// hold.
  mutating func pump(now: Int64, _ out: inout [SyncAction]) {
    guard case .open(var s) = link, s.welcomed, s.inFlight == nil, role == .editor else { return }
    if let holdUntil {
      guard now >= holdUntil else { return }
      self.holdUntil = nil
    }
    guard let move = pending.first(where: { $0.committed == nil }) else { return }
    s.inFlight = move.gesture
    link = .open(s)
    out.append(.send(.commit(ClientMessage.Commit(gesture: move.gesture, change: move.change))))
  }

  /// The next time something is due, if anything is.
  var nextWake: Int64? {
    switch link {
    case .offline(let retryAt): return retryAt
    case .connecting(let since): return Self.later(since, configuration.connectTimeoutMs)
    case .open(let s):
      var next = Self.later(s.pinged ?? s.heard, configuration.heartbeatMs)
      if !s.welcomed { next = min(next, Self.later(s.since, configuration.connectTimeoutMs)) }
      if s.hello != nil { next = min(next, Self.later(s.helloSent, configuration.connectTimeoutMs)) }
      if s.hello == nil, let at = s.helloAt { next = min(next, at) }
      if s.hello == nil, s.welcomed, let gap = s.gapSince {
        next = min(next, Self.later(gap, configuration.gapTimeoutMs))
      }
      if let holdUntil, s.welcomed, role == .editor, s.inFlight == nil, unsentCount > 0 {
        next = min(next, holdUntil)
      }
      return next
    }
  }

  /// A time `milliseconds` after `time`, never past `Int64.max` (a clock near its end does not trap).
  static func later(_ time: Int64, _ milliseconds: Int64) -> Int64 {
    let (sum, overflow) = time.addingReportingOverflow(milliseconds)
    return overflow ? (milliseconds > 0 ? Int64.max : Int64.min) : sum
  }

  /// Ends an input: the wake-up time last, and the invariants checked in debug builds.
  func finish(_ actions: [SyncAction], now: Int64) -> [SyncAction] {
    if configuration.assertsInvariants { assert(checkInvariants() == nil, checkInvariants() ?? "") }
    var out = actions
    if let next = nextWake { out.append(.wakeAt(max(next, now))) }
    return out
  }
}
