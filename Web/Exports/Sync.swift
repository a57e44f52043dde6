// The shared board's protocol in the page (issue 44): ReorderSync's `BoardSync`, compiled into the
// page's engine, makes every decision; JavaScript carries bytes (the WebSocket's frames, the
// outbox's record in IndexedDB) and timers, and shows what it is told. Every input is an rk_sync_
// call whose text comes in the input buffer; each writes the machine's actions into the text
// buffer as one JSON object and returns its length:
//
//   {"actions": [{"do": "send", "text": "…"}, {"do": "apply", "views": […], "remote": […]},
//                {"do": "persist", "record": {…}}, {"do": "announce", "text": "…"},
//                {"do": "report", "problem": "unreadable", "text": "…"},
//                {"do": "settled", "gesture": "g1", "outcome": "committed", "revision": 8},
//                {"do": "wakeAt", "at": 1234}, {"do": "connect"}, {"do": "close"}, {"do": "ping"}],
//    "state": {"online": true, "role": "editor", "waiting": 2, "unsent": 1}}
//
// A record (what `persist` carries, and what rk_sync_create restores) is
// {"epoch": "e1" | null, "revision": 7, "confirmed": [views], "pending": [{"gesture", "change", "committed"?}]}.

nonisolated(unsafe) var syncs: [BoardSync?] = []

private func inputText(_ length: Int32) -> String? {
  guard length >= 0, Int(length) <= inputBuffer.capacity else { return nil }
  return String(decoding: UnsafeBufferPointer(start: inputBuffer.base, count: Int(length)), as: UTF8.self)
}

private func withSync(_ h: Int32, _ body: (inout BoardSync) -> [SyncAction]) -> Int32 {
  let index = Int(h) - 1
  guard index >= 0, index < syncs.count, syncs[index] != nil else { return writeActions(nil, []) }
  let actions = body(&syncs[index]!)
  return writeActions(syncs[index], actions)
}

/// Writes `{"actions": […], "state": {…}}` into the text buffer and returns its length.
private func writeActions(_ sync: BoardSync?, _ actions: [SyncAction]) -> Int32 {
  var members: [SyncJSON.Member] = [.init(key: "actions", value: .array(actions.map(actionJSON)))]
  if let sync {
    let role: SyncJSON = sync.role.map { .string($0 == .viewer ? "viewer" : "editor") } ?? .null
    members.append(
      .init(
        key: "state",
        value: .object([
          .init(key: "online", value: .bool(sync.isOnline)),
          .init(key: "role", value: role),
          .init(key: "waiting", value: .integer(Int64(sync.pending.count))),
          .init(key: "unsent", value: .integer(Int64(sync.unsentCount))),
          .init(key: "refused", value: sync.refusal.map { .string($0) } ?? .null),
        ])))
  } else {
    members.append(.init(key: "error", value: .string("no such shared board")))
  }
  textBuffer.count = 0
  for byte in SyncJSON.object(members).text.utf8 { textBuffer.append(byte) }
  return Int32(textBuffer.count)
}

private func member(_ key: String, _ value: SyncJSON) -> SyncJSON.Member { .init(key: key, value: value) }

private func actionJSON(_ action: SyncAction) -> SyncJSON {
  switch action {
  case .connect: return .object([member("do", .string("connect"))])
  case .send(let message): return .object([member("do", .string("send")), member("text", .string(message.text))])
  case .ping: return .object([member("do", .string("ping"))])
  case .close(let reason): return .object([member("do", .string("close")), member("reason", .string(reason))])
  case .apply(let view):
    return .object([
      member("do", .string("apply")), member("views", .array(view.board.views.map { $0.json })),
      member("remote", .array(view.remoteChanges.map { $0.json })),
    ])
  case .persist(let record): return .object([member("do", .string("persist")), member("record", recordJSON(record))])
  case .announce(let text): return .object([member("do", .string("announce")), member("text", .string(text))])
  case .report(let problem):
    let (kind, text): (String, String) =
      switch problem {
      case .unreadable(let text): ("unreadable", text)
      case .unexpected(let text): ("unexpected", text)
      case .misfit(let revision): ("misfit", "revision \(revision) does not fit the board")
      case .server(let failure): ("server", "\(failure.code.text): \(failure.message)")
      case .refused(let text): ("refused", text)
      case .local(let text): ("local", text)
      }
    return .object([member("do", .string("report")), member("problem", .string(kind)), member("text", .string(text))])
  case .settled(let gesture, let outcome):
    var members = [member("do", .string("settled")), member("gesture", .string(gesture))]
    switch outcome {
    case .committed(let revision):
      members += [member("outcome", .string("committed")), member("revision", .integer(revision))]
    case .lost:
      members += [member("outcome", .string("lost")), member("reason", .string("lostRace"))]
    case .refused(let reason, let message):
      members += [member("outcome", .string("refused")), member("reason", .string(reason.text))]
      if let message { members.append(member("message", .string(message))) }
    }
    return .object(members)
  case .wakeAt(let time): return .object([member("do", .string("wakeAt")), member("at", .integer(time))])
  }
}

private func recordJSON(_ record: SyncRecord) -> SyncJSON {
  .object([
    member("epoch", record.epoch.map { .string($0) } ?? .null),
    member("revision", .integer(record.revision)),
    member("confirmed", .array(record.confirmed.views.map { $0.json })),
    member(
      "pending",
      .array(
        record.pending.map { pending in
          var members = [member("gesture", .string(pending.gesture)), member("change", pending.change.json)]
          if let committed = pending.committed { members.append(member("committed", .integer(committed))) }
          return .object(members)
        })),
  ])
}

/// A record read back; `nil` for one that breaks a rule (the page then starts from the server's board).
private func record(_ json: SyncJSON) -> SyncRecord? {
  guard let revision = json["revision"]?.int64, revision >= 0, let confirmedJSON = json["confirmed"]?.array,
    let pendingJSON = json["pending"]?.array
  else { return nil }
  let epoch = json["epoch"]?.string
  var views: [WireView] = []
  for view in confirmedJSON {
    guard let read = try? WireView(json: view) else { return nil }
    views.append(read)
  }
  guard let confirmed = try? SyncBoard(views: views) else { return nil }
  var pending: [PendingGesture] = []
  for entry in pendingJSON {
    guard let gesture = entry["gesture"]?.string, !gesture.isEmpty, let changeJSON = entry["change"],
      let change = try? WireChange(json: changeJSON)
    else { return nil }
    let committed = entry["committed"]?.int64
    pending.append(PendingGesture(gesture: gesture, change: change, committed: committed))
  }
  return SyncRecord(epoch: epoch, revision: revision, confirmed: confirmed, pending: pending)
}

/// Makes a shared board's machine: the token is the first line of the input buffer's `length`
/// bytes, and the record to restore (JSON, see the file's comment), if any, follows on the next
/// line. Returns its handle (1…), or 0 when the input cannot be read. `restored` tells whether the
/// record was taken: rk_sync_restored.
@_cdecl("rk_sync_create")
public func rk_sync_create(_ length: Int32, _ heartbeatMs: Double) -> Int32 {
  guard let text = inputText(length) else { return 0 }
  let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
  guard let token = lines.first, !token.isEmpty else { return 0 }
  var configuration = BoardSync.Configuration(token: String(token))
  // A browser's WebSocket cannot ping (nor hear a pong), so the page asks for no heartbeat (a
  // negative value): an idle board then wakes nothing, and a dead connection ends in the browser.
  if heartbeatMs < 0 {
    configuration.heartbeatMs = Int64.max
  } else if heartbeatMs > 0, heartbeatMs < 3_600_000 {
    configuration.heartbeatMs = Int64(heartbeatMs)
  }
  var restored: SyncRecord?
  lastRestoreFailed = false
  if lines.count > 1, !lines[1].isEmpty {
    if let json = try? SyncJSON.parse(String(lines[1])), let read = record(json) {
      restored = read
    } else {
      lastRestoreFailed = true
    }
  }
  syncs.append(BoardSync(configuration, restoring: restored))
  return Int32(syncs.count)
}

nonisolated(unsafe) var lastRestoreFailed = false

/// 1 when the last rk_sync_create was given a record it could not read (and started without it).
@_cdecl("rk_sync_restore_failed")
public func rk_sync_restore_failed() -> Int32 { lastRestoreFailed ? 1 : 0 }

/// Forgets a shared board's machine.
@_cdecl("rk_sync_destroy")
public func rk_sync_destroy(_ h: Int32) {
  let index = Int(h) - 1
  guard index >= 0, index < syncs.count else { return }
  syncs[index] = nil
}

/// The WebSocket opened.
@_cdecl("rk_sync_connected")
public func rk_sync_connected(_ h: Int32, _ now: Double) -> Int32 {
  withSync(h) { $0.connected(now: Int64(now)) }
}

/// A text frame arrived: `length` bytes of UTF-8 in the input buffer.
@_cdecl("rk_sync_received")
public func rk_sync_received(_ h: Int32, _ length: Int32, _ now: Double) -> Int32 {
  guard let text = inputText(length) else { return withSync(h) { _ in [] } }
  return withSync(h) { $0.received(text: text, now: Int64(now)) }
}

/// The WebSocket closed (or never opened): its code (0 for none) and reason (`length` bytes of the
/// input buffer).
@_cdecl("rk_sync_disconnected")
public func rk_sync_disconnected(_ h: Int32, _ code: Int32, _ length: Int32, _ now: Double) -> Int32 {
  let reason = inputText(length).flatMap { $0.isEmpty ? nil : $0 }
  return withSync(h) { $0.disconnected(now: Int64(now), code: code == 0 ? nil : Int(code), reason: reason) }
}

/// The person committed a gesture: `{"gesture": "g-…", "change": {…}}` in the input buffer.
@_cdecl("rk_sync_local")
public func rk_sync_local(_ h: Int32, _ length: Int32, _ now: Double) -> Int32 {
  guard let text = inputText(length), let json = try? SyncJSON.parse(text), let gesture = json["gesture"]?.string,
    let changeJSON = json["change"]
  else { return withSync(h) { _ in [.report(.local("a local change that cannot be read"))] } }
  guard let change = try? WireChange(json: changeJSON) else {
    return withSync(h) { _ in [.report(.local("a local change that cannot be read"))] }
  }
  return withSync(h) { $0.local(change, gesture: gesture, now: Int64(now)) }
}

/// The time the machine asked for (wakeAt) came.
@_cdecl("rk_sync_tick")
public func rk_sync_tick(_ h: Int32, _ now: Double) -> Int32 {
  withSync(h) { $0.tick(now: Int64(now)) }
}

/// The board to show now (the confirmed board with the waiting moves on top), for a page that
/// restored a record: `{"views": […], "known": true}`; `known` is false while the board was never
/// loaded from the server and no move waits (nothing to show yet).
@_cdecl("rk_sync_shown")
public func rk_sync_shown(_ h: Int32) -> Int32 {
  let index = Int(h) - 1
  textBuffer.count = 0
  guard index >= 0, index < syncs.count, let sync = syncs[index] else { return 0 }
  let known = sync.epoch != nil || !sync.confirmed.views.isEmpty
  let json = SyncJSON.object([member("views", .array(sync.shown.views.map { $0.json })), member("known", .bool(known))])
  for byte in json.text.utf8 { textBuffer.append(byte) }
  return Int32(textBuffer.count)
}

/// The machine's state and no action (for a page that starts and wants the status).
@_cdecl("rk_sync_state")
public func rk_sync_state(_ h: Int32) -> Int32 {
  withSync(h) { _ in [] }
}
