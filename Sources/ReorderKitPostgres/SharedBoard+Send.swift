import Foundation
import ReorderKit
import ReorderKitShare

extension SharedBoard {
  /// Sends the pending gestures, oldest first, one transaction each.
  func sendAll(_ writer: ServerConnection) async throws {
    while let p = pending.first(where: { $0.sent == nil }) {
      let answer = try await writer.commit(p.gesture, board: configuration.board, client: clientID)
      lastHeard = .now
      switch answer {
      case .committed(let revision) where follows(revision, confirmed.revision):
        // Nothing came between: the gesture's rows are the server's next revision as they were
        // sent, so the board confirms them without reading the log (nor waiting for the NOTIFY).
        try applyCommits([
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
        if pending.contains(where: { $0.gesture.id == p.gesture.id }) { try drop(p.gesture.id, items: items) }
      case .duplicateKey:
        try await catchUp()
        try replace(p.gesture.id)
      case .refused(let reason):
        // Not a lost race: sending it again would be refused again, and block every later move.
        try refuse(p.gesture.id, reason: reason)
      }
    }
  }

  /// Takes a gesture out of the outbox for good (kept aside in the file's `refused` table) and
  /// reports it: the server refused it for a reason other than a lost race.
  func refuse(_ gesture: String, reason: String) throws(SharedBoardError) {
    let items = pending.first { $0.gesture.id == gesture }?.gesture.writes.map(\.id) ?? []
    pending.removeAll { $0.gesture.id == gesture }
    var visible = confirmed
    for p in pending { visible.apply(p.gesture.writes) }
    state = visible
    resolve(gesture, .refused(reason: reason))
    sink.yield(.refused(refusal(gesture, items: items, reason: reason)))
    wakeSentWaiters()
    try keep { try outbox.refuse(gesture, reason: reason) }
  }

  /// Drops a gesture the server refused, and reports it.
  func drop(_ gesture: String, items: [String]) throws(SharedBoardError) {
    pending.removeAll { $0.gesture.id == gesture }
    var visible = confirmed
    for p in pending { visible.apply(p.gesture.writes) }
    state = visible
    resolve(gesture, .lost(items: items))
    sink.yield(
      .lostRace(LostRace(gesture: gesture, items: items, announcement: announcement(lost: items), state: visible)))
    wakeSentWaiters()
    try keep { try outbox.remove([gesture]) }
  }

  /// Places a gesture's keys again (the server found one already taken in its container).
  func replace(_ gesture: String) throws(SharedBoardError) {
    guard let i = pending.firstIndex(where: { $0.gesture.id == gesture }) else { return }
    var before = confirmed
    for p in pending[..<i] { before.apply(p.gesture.writes) }
    pending[i].placements += 1
    guard pending[i].placements <= 3,
      let writes = try? pending[i].gesture.intent.writes(
        on: before, tag: tag, maximumLength: configuration.maximumKeyLength)
    else {
      try drop(gesture, items: pending[i].gesture.writes.map(\.id))
      return
    }
    pending[i].gesture.writes = writes
    let replaced = pending[i].gesture
    try keep { try outbox.replace(replaced) }
    try rebuild(remote: [])
  }
}
