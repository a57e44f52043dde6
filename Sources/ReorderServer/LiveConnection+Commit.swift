import ReorderKitPostgres
import ReorderSync

extension LiveConnection {
  /// A `commit` on a connection that follows: its gesture checked, the connection's rate and its
  /// hold applied, a viewer's refused, then committed through the hub and answered `ack` or
  /// `rejected`.
  func commit(
    _ commit: ClientMessage.Commit, from id: Int, access: Access, _ session: inout Session, _ sink: Outbox
  ) async throws {
    guard Identifier.isValid(commit.gesture) else {
      sink.yield(.text(jsonLine(ErrorMessage(code: .malformed, message: "gesture: \(Identifier.rule)."))))
      return
    }
    let now = ContinuousClock.now
    session.recent.removeAll { now - $0 >= .seconds(1) }
    // A commit refused for the rate holds back every later one of this connection until it comes
    // again: a later one let in as the second slides would overtake it, and the client's moves
    // would commit out of order (seen in the page's test of 150 waiting moves: the card did not
    // end where the last move put it).
    var wait: Duration?
    if let held = session.held, held.gesture != commit.gesture {
      wait = max(held.until - now, .milliseconds(1))
    } else if session.recent.count >= Self.commitsPerSecond, let oldest = session.recent.first {
      wait = (oldest + .seconds(1)) - now
      session.held = (commit.gesture, oldest + .seconds(1))
    }
    if let wait {
      hub.metrics.rateLimited()
      sink.yield(
        .text(
          jsonLine(
            RejectedMessage(gesture: commit.gesture, reason: .rateLimited, retryAfterMs: wait.wholeMilliseconds)))
      )
      return
    }
    session.held = nil
    session.recent.append(now)
    guard access.role == .editor else {
      sink.yield(
        .text(
          jsonLine(
            RejectedMessage(
              gesture: commit.gesture, reason: .forbidden, message: "A viewer's token does not move cards."))))
      return
    }
    let change = ReorderKitPostgres.WireChange(commit.change)
    switch try await hub.commit(board: board, from: id, gesture: commit.gesture, change: change) {
    case .ack(let revision, let changes):
      sink.yield(.text(jsonLine(AckMessage(gesture: commit.gesture, revision: revision, changes: changes))))
    case .rejected(let reason, let message):
      sink.yield(.text(jsonLine(RejectedMessage(gesture: commit.gesture, reason: reason, message: message))))
    }
  }
}

extension ReorderKitPostgres.WireChange {
  /// The change a client's `commit` carries, as the server's store takes it (the same three kinds).
  ///
  /// ```swift
  /// ReorderKitPostgres.WireChange(ReorderSync.WireChange.moveColumns(items: ["a"], before: nil))
  /// ```
  init(_ change: ReorderSync.WireChange) {
    switch change {
    case .moveCards(let items, let column, let before): self = .moveCards(items: items, column: column, before: before)
    case .moveColumns(let items, let before): self = .moveColumns(items: items, before: before)
    case .deleteItems(let items): self = .deleteItems(items)
    }
  }
}
