import Foundation
import ReorderKit

/// The server's messages as the client reads them: every field checked, nothing trusted.
enum ServerMessage {
  case welcome(role: String, epoch: String, revision: Int64, views: [WireView]?, changes: [WireChange]?)
  case ack(gesture: String, revision: Int64, changes: [WireChange]?)
  case rejected(gesture: String, reason: String, message: String?, retryAfterMs: Int?)
  case remote(revision: Int64, changes: [WireChange])
  case error(code: String, message: String)

  private struct Envelope: Decodable { var type: String }
  private struct Welcome: Decodable {
    var role: String
    var epoch: String
    var revision: Int64
    var views: [WireView]?
    var changes: [WireChange]?
  }
  private struct Ack: Decodable {
    var gesture: String
    var revision: Int64
    var changes: [WireChange]?
  }
  private struct Rejected: Decodable {
    var gesture: String
    var reason: String
    var message: String?
    var retryAfterMs: Int?
  }
  private struct Remote: Decodable {
    var revision: Int64
    var changes: [WireChange]
  }
  private struct Failure: Decodable {
    var code: String
    var message: String
  }

  /// Reads one text frame, or says in a line why it cannot (a type it does not know included).
  static func read(_ text: String) -> Result<ServerMessage, Unreadable> {
    let data = Data(text.utf8)
    let decoder = JSONDecoder()
    do {
      switch try decoder.decode(Envelope.self, from: data).type {
      case "welcome":
        let w = try decoder.decode(Welcome.self, from: data)
        guard w.revision >= 0, w.role == "viewer" || w.role == "editor", !w.epoch.isEmpty else {
          return .failure(Unreadable("a welcome with revision \(w.revision), role \(w.role.prefix(16))"))
        }
        return .success(
          .welcome(role: w.role, epoch: w.epoch, revision: w.revision, views: w.views, changes: w.changes))
      case "ack":
        let a = try decoder.decode(Ack.self, from: data)
        guard a.revision > 0 else { return .failure(Unreadable("an ack of revision \(a.revision)")) }
        return .success(.ack(gesture: a.gesture, revision: a.revision, changes: a.changes))
      case "rejected":
        let r = try decoder.decode(Rejected.self, from: data)
        return .success(
          .rejected(gesture: r.gesture, reason: r.reason, message: r.message, retryAfterMs: r.retryAfterMs))
      case "remote":
        let r = try decoder.decode(Remote.self, from: data)
        guard r.revision > 0 else { return .failure(Unreadable("a remote of revision \(r.revision)")) }
        return .success(.remote(revision: r.revision, changes: r.changes))
      case "error":
        let e = try decoder.decode(Failure.self, from: data)
        return .success(.error(code: e.code, message: e.message))
      case let other:
        return .failure(Unreadable("a message of type \(other.prefix(32))"))
      }
    } catch {
      return .failure(Unreadable("\(text.prefix(80))… (\(error))"))
    }
  }

  struct Unreadable: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}

extension RemoteBoard {
  /// One text frame from the server.
  func received(_ text: String, session number: Int) async {
    guard number == session, !closed else { return }
    switch ServerMessage.read(text) {
    case .failure(let why):
      debugLog("\(board): unreadable message from the server: \(why)")
    case .success(.welcome(let role, let epoch, let revision, let views, let changes)):
      if welcome(role: role, epoch: epoch, revision: revision, views: views, changes: changes), !welcomed {
        welcomed = true
        refusal = nil
        setConnection(.online)
      }
    case .success(.ack(let gesture, let revision, let changes)):
      if inFlight == gesture { inFlight = nil }
      acknowledged(gesture, revision: revision, changes: changes)
    case .success(.rejected(let gesture, let reason, let message, let retryAfterMs)):
      if inFlight == gesture { inFlight = nil }
      rejected(gesture, reason: reason, message: message, retryAfterMs: retryAfterMs)
    case .success(.remote(let revision, let changes)):
      if revision > confirmed.revision, known[revision] == nil { known[revision] = .remote(changes) }
      advance()
    case .success(.error(let code, let message)):
      debugLog("\(board): the server says \(code): \(message)")
    }
    await pump()
  }

  /// The whole board (`views`), or the changes since the revision the client said it had.
  /// Returns whether the board took it.
  func welcome(role: String, epoch: String, revision: Int64, views: [WireView]?, changes: [WireChange]?) -> Bool {
    let before = state
    let asked = askedAfter
    awaitingWelcome = false
    if let views {
      guard let loaded = Self.state(views, revision: revision) else {
        debugLog("\(board): the server's board names a card or column twice, or an empty one")
        endSession?()
        return false
      }
      confirmed = loaded
      self.epoch = epoch
      // Revisions past the board's that came meanwhile still apply; those in it are there.
      known = known.filter { $0.key > revision }
      keep { try outbox.replaceConfirmed(confirmed, epoch: epoch) }
    } else if let changes, self.epoch == epoch, asked == confirmed.revision, revision >= confirmed.revision {
      var next = confirmed
      guard Self.apply(changes, to: &next) != nil else {
        Task { await hello(after: nil) }
        return false
      }
      next.revision = revision
      confirmed = next
      known = known.filter { $0.key > revision }
      keep { try outbox.replaceConfirmed(confirmed, epoch: epoch) }
    } else {
      // Changes for another epoch, or from before what the board has: read it whole.
      Task { await hello(after: nil) }
      return false
    }
    self.role = role
    let done = pending.filter { ($0.sent ?? Int64.max) <= revision }.map(\.gesture.id)
    pending.removeAll { ($0.sent ?? Int64.max) <= revision }
    keep { try outbox.remove(done) }
    advance()
    state = rebuilt()
    if state != before { sink.yield(.remote(RemoteUpdate(state: state, commits: []))) }
    return true
  }

  /// The server committed a move of this client's as `revision`.
  /// `changes`: the move as the server placed it (its replica may have been behind this client's
  /// board); without them, the move as this client made it.
  func acknowledged(_ gesture: String, revision: Int64, changes: [WireChange]? = nil) {
    guard let i = pending.firstIndex(where: { $0.gesture.id == gesture }) else { return }
    outcomes[gesture] = .committed(revision: revision)
    if revision <= confirmed.revision {
      // Already in the board (a move sent again after a lost answer, read back in a welcome).
      pending.remove(at: i)
      keep { try outbox.remove([gesture]) }
      state = rebuilt()
    } else {
      pending[i].sent = revision
      known[revision] = .own(gesture, changes)
      advance()
    }
    wakeSentWaiters()
  }

  /// The server refused a move: sent again later (`rateLimited`), dropped as lost (`lostRace`), or
  /// set aside (anything else: it would be refused every time).
  func rejected(_ gesture: String, reason: String, message: String?, retryAfterMs: Int?) {
    guard let waiting = pending.first(where: { $0.gesture.id == gesture }) else { return }
    let items = waiting.gesture.writes.filter { !$0.deleted }.map(\.id)
    switch reason {
    case "rateLimited":
      let wait = Duration.milliseconds(min(max(retryAfterMs ?? 1000, 1), 60_000))
      resendAfter = .now + wait
      Task {
        try? await Task.sleep(for: wait)
        await self.pump()
      }
    case "lostRace":
      pending.removeAll { $0.gesture.id == gesture }
      keep { try outbox.remove([gesture]) }
      state = rebuilt()
      outcomes[gesture] = .lost(items: items)
      let names = items.map(configuration.name)
      let list = names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
      let text = "\(list) \(items.count == 1 ? "was" : "were") moved by someone else."
      sink.yield(.lostRace(LostRace(gesture: gesture, items: items, announcement: text, state: state)))
    default:
      refuse(gesture, reason: message.map { "\(reason): \($0)" } ?? reason)
    }
    wakeSentWaiters()
  }

  /// Takes a move out of the outbox for good (kept aside in the file's `refused` table), and says so.
  func refuse(_ gesture: String, reason: String) {
    let items = pending.first { $0.gesture.id == gesture }?.gesture.writes.map(\.id) ?? []
    pending.removeAll { $0.gesture.id == gesture }
    keep { try outbox.refuse(gesture, reason: reason) }
    state = rebuilt()
    outcomes[gesture] = .refused(reason: reason)
    let names = items.prefix(3).map(configuration.name).joined(separator: ", ")
    let what = names.isEmpty ? "A move" : "The move of \(names)\(items.count > 3 ? " and others" : "")"
    sink.yield(
      .refused(
        RefusedGesture(
          gesture: gesture, items: items, reason: reason,
          announcement: "\(what) could not be shared and was set aside (\(reason)).", state: state)))
    wakeSentWaiters()
  }

  /// Applies the revisions that follow the confirmed one, in order, as far as they are known; a
  /// gap that stays open asks the server for the changes since.
  func advance() {
    // A welcome is on its way: what arrived waits for it (its changes start where the board is).
    guard !awaitingWelcome else { return }
    var commits: [RemoteCommit] = []
    var done: [String] = []
    var written: [RowWrite] = []
    var next = confirmed
    while next.revision < Int64.max, let entry = known.removeValue(forKey: next.revision + 1) {
      let writes: [RowWrite]?
      switch entry {
      case .own(let gesture, let changes?):
        writes = Self.apply(changes, to: &next)
        done.append(gesture)
      case .own(let gesture, nil):
        // An ack without the server's changes: the move as this client made it.
        writes = pending.first { $0.gesture.id == gesture }.flatMap {
          try? Self.rows($0.gesture.intent, on: next)
        }
        if let writes { next.apply(writes) }
        done.append(gesture)
      case .remote(let changes):
        writes = Self.apply(changes, to: &next)
        commits.append(
          RemoteCommit(
            revision: next.revision + 1, client: "", committedAt: Date().timeIntervalSince1970,
            changes: changes.compactMap(Self.change)))
      }
      guard let writes else {
        // It does not fit this board (the server's is another): read the board again.
        known = [:]
        Task { await hello(after: nil) }
        return
      }
      written += writes
      next.revision += 1
    }
    if next.revision != confirmed.revision {
      confirmed = next
      pending.removeAll { done.contains($0.gesture.id) }
      keep { try outbox.updateConfirmed(written, revision: confirmed.revision, removing: done) }
      state = rebuilt()
      if !commits.isEmpty { sink.yield(.remote(RemoteUpdate(state: state, commits: commits))) }
    }
    if !known.isEmpty, gapCheck == nil {
      let wait = configuration.gapTimeout
      let from = confirmed.revision
      gapCheck = Task {
        try? await Task.sleep(for: wait)
        await self.closeGap(from: from)
      }
    }
  }

  /// The gap is still there: ask for the changes since the confirmed revision.
  func closeGap(from revision: Int64) async {
    gapCheck = nil
    guard !known.isEmpty, confirmed.revision == revision, welcomed, !awaitingWelcome else { return }
    debugLog("\(board): revisions after \(revision) missing; asking again")
    await hello(after: revision)
  }

  /// The board to show: the confirmed one with the moves still waiting on top (a move that no
  /// longer fits, its cards gone, is left out: the server will say so).
  func rebuilt() -> BoardState { Self.shown(confirmed, with: pending) }

  static func shown(_ confirmed: BoardState, with pending: [Waiting]) -> BoardState {
    var shown = confirmed
    for waiting in pending {
      if let writes = try? rows(waiting.gesture.intent, on: shown) {
        shown.apply(writes)
      }
    }
    return shown
  }

  /// Keeps a write to the local file, or says why it failed (the board goes on in memory; the
  /// outbox's rows were written when each move was made).
  func keep(_ write: () throws -> Void) {
    do {
      try write()
    } catch {
      debugLog("\(board): the local file could not be written: \(error)")
    }
  }

  /// A board from the server's views: `nil` when an identifier is empty or named twice.
  static func state(_ views: [WireView], revision: Int64) -> BoardState? {
    var state = BoardState()
    state.revision = revision
    guard let columnKeys = try? OrderKey.keys(count: views.count, between: nil, nil) else { return nil }
    for (view, key) in zip(views, columnKeys) {
      guard !view.id.isEmpty, state.rows[view.id] == nil else { return nil }
      state.rows[view.id] = BoardState.Row(parent: "", key: key.rawValue, version: 1)
      let items = view.sections.flatMap(\.items)
      guard let keys = try? OrderKey.keys(count: items.count, between: nil, nil) else { return nil }
      for (item, key) in zip(items, keys) {
        guard !item.isEmpty, state.rows[item] == nil else { return nil }
        state.rows[item] = BoardState.Row(parent: view.id, key: key.rawValue, version: 1)
      }
    }
    return state
  }

  /// The rows a move writes on this client's copy of the board. The keys never leave the client
  /// (the server places its own), so every placement uses one tag.
  static func rows(_ intent: Gesture.Intent, on state: BoardState) throws(SharedBoardError) -> [RowWrite] {
    try intent.writes(on: state, tag: "rb0", maximumLength: OrderKey.maximumLength)
  }

  /// Applies changes the server committed, in order, and returns their rows; `nil` when one does
  /// not fit this board (the board is then partly changed: the caller drops it).
  static func apply(_ changes: [WireChange], to state: inout BoardState) -> [RowWrite]? {
    var written: [RowWrite] = []
    for change in changes {
      guard let writes = apply(change, to: &state) else { return nil }
      written += writes
    }
    return written
  }

  /// Applies a change the server committed and returns its rows; `nil` when it does not fit this
  /// board.
  static func apply(_ change: WireChange, to state: inout BoardState) -> [RowWrite]? {
    let intent: Gesture.Intent
    switch change {
    case .moveCards(let items, let column, let before):
      intent = .place(items: items, parent: column, before: before, inserting: false)
    case .moveColumns(let items, let before):
      intent = .place(items: items, parent: "", before: before, inserting: false)
    case .deleteItems(let items):
      intent = .delete(items: items.filter { state.contains($0) })
      if items.allSatisfy({ !state.contains($0) }) { return [] }
    }
    // A `before` that is not in the container (the server's board has it elsewhere) cannot be.
    if case .place(_, let parent, let before?, _) = intent, state.rows[before]?.parent != parent { return nil }
    guard let writes = try? rows(intent, on: state) else {
      return nil
    }
    state.apply(writes)
    return writes
  }

  /// A committed change as a collection view's (columns that moved are in the state).
  static func change(_ change: WireChange) -> Change<String, String>? {
    switch change {
    case .moveCards(let items, let column, let before):
      .moved(ReorderDifference(items: items, section: column, before: before))
    case .moveColumns: nil
    case .deleteItems(let items): .deleted(items)
    }
  }
}
