import Testing

@testable import ReorderSync

/// Each input of the machine alone, with the server's answers written by hand.
@Suite struct BoardSyncTests {
  let moveC1 = WireChange.moveCards(items: ["c1"], column: "done", before: nil)
  let moveC2 = WireChange.moveCards(items: ["c2"], column: "done", before: "c3")

  @Test func connectsAndSaysHelloWithoutAfterFirst() {
    var sync = BoardSync(BoardSync.Configuration(token: "t0k"))
    let first = sync.tick(now: 0)
    #expect(first.first == .connect)
    #expect(sent(sync.connected(now: 5)) == [.hello(.init(token: "t0k"))])
    let welcome = sync.received(.welcome(.init(role: .editor, epoch: "e1", revision: 4, views: todoDone.views)), now: 9)
    #expect(applied(welcome) == todoDone)
    #expect(announced(welcome) == ["Shared board connected."])
    #expect(welcome.contains(.persist(SyncRecord(epoch: "e1", revision: 4, confirmed: todoDone, pending: []))))
    #expect(sync.isOnline && sync.role == .editor && sync.revision == 4)
    #expect(sync.checkInvariants() == nil)
  }

  @Test func aMoveIsPersistedThenSentAndAckedWithChanges() {
    var sync = welcomed()
    let actions = sync.local(moveC1, gesture: "g1", now: 10)
    // The outbox keeps it before it goes out.
    guard case .persist(let record) = actions.first else {
      Issue.record("not persisted first: \(actions)")
      return
    }
    #expect(record.pending == [PendingGesture(gesture: "g1", change: moveC1)])
    #expect(sent(actions) == [.commit(.init(gesture: "g1", change: moveC1))])
    #expect(sync.shown == board(["todo": ["c2"], "done": ["c3", "c1"]]))
    let ack = sync.received(.ack(.init(gesture: "g1", revision: 5, changes: [moveC1])), now: 20)
    #expect(settled(ack).map(\.0) == ["g1"])
    #expect(sync.revision == 5 && sync.pending.isEmpty)
    #expect(sync.confirmed == board(["todo": ["c2"], "done": ["c3", "c1"]]))
  }

  @Test func oneCommitInFlightTheNextAfterItsAnswer() {
    var sync = welcomed()
    #expect(sent(sync.local(moveC1, gesture: "g1", now: 1)).count == 1)
    #expect(sent(sync.local(moveC2, gesture: "g2", now: 2)).isEmpty)
    let ack = sync.received(.ack(.init(gesture: "g1", revision: 5)), now: 3)
    #expect(sent(ack) == [.commit(.init(gesture: "g2", change: moveC2))])
    // An ack without changes: the move as this client made it.
    #expect(sync.confirmed == board(["todo": ["c2"], "done": ["c3", "c1"]]))
  }

  @Test func reconnectsWithAfterAndEpochAndSendsAgainWhatWasInFlight() {
    var sync = welcomed()
    _ = sync.local(moveC1, gesture: "g1", now: 1)
    let gone = sync.disconnected(now: 2)
    #expect(announced(gone).count == 1)
    #expect(wake(gone) == 102)
    #expect(sync.tick(now: 50).contains(.connect) == false)
    #expect(sync.tick(now: 102).contains(.connect))
    #expect(sent(sync.connected(now: 103)) == [.hello(.init(token: "t0k", after: 4, epoch: "e1"))])
    let welcome = sync.received(.welcome(.init(role: .editor, epoch: "e1", revision: 4, changes: [])), now: 104)
    #expect(sent(welcome) == [.commit(.init(gesture: "g1", change: moveC1))])
  }

  @Test func backOffDoublesUpToTheMaximumAndResetsOnWelcome() {
    var sync = BoardSync(BoardSync.Configuration(token: "t"))
    var now: Int64 = 0
    var waits: [Int64] = []
    for _ in 0..<8 {
      #expect(sync.tick(now: now).contains(.connect))
      let next = wake(sync.disconnected(now: now)) ?? 0
      waits.append(next - now)
      now = next
    }
    #expect(waits == [100, 200, 400, 800, 1600, 3200, 5000, 5000])
    _ = sync.tick(now: now)
    _ = sync.connected(now: now)
    _ = sync.received(.welcome(.init(role: .editor, epoch: "e", revision: 0, views: [])), now: now)
    let last = wake(sync.disconnected(now: now))
    #expect(last == Optional(now + 100))
  }

  @Test func aRefusedTokenIsSaidOnceAndRetriedSlowly() {
    var sync = BoardSync(BoardSync.Configuration(token: "t"))
    _ = sync.tick(now: 0)
    let first = sync.disconnected(now: 0, code: 1008, reason: "invalid token")
    #expect(reported(first) == [.refused("invalid token")])
    #expect(announced(first) == ["The server refused this token: invalid token."])
    #expect(wake(first) == 5000)
    _ = sync.tick(now: 5000)
    let again = sync.disconnected(now: 5000, code: 1008, reason: "invalid token")
    #expect(reported(again).isEmpty && announced(again).isEmpty)
    #expect(sync.refusal == "invalid token")
  }

  @Test func remotesApplyInOrderAndAGapAsksAgain() {
    var sync = welcomed()
    let r5 = WireChange.moveCards(items: ["c2"], column: "done", before: nil)
    let r6 = WireChange.moveColumns(items: ["done"], before: "todo")
    let early = sync.received(.remote(.init(revision: 6, changes: [r6])), now: 10)
    #expect(applied(early) == nil && sync.revision == 4)
    #expect(wake(early) == 510)
    #expect(sent(sync.tick(now: 400)).isEmpty)
    #expect(sent(sync.tick(now: 510)) == [.hello(.init(token: "t0k", after: 4, epoch: "e1"))])
    let welcome = sync.received(.welcome(.init(role: .editor, epoch: "e1", revision: 6, changes: [r5, r6])), now: 520)
    #expect(applied(welcome) == board(["done": ["c3", "c2"], "todo": ["c1"]]))
    #expect(sync.revision == 6)
    // Filled by the remote itself, before the timer.
    var other = welcomed()
    _ = other.received(.remote(.init(revision: 6, changes: [r6])), now: 10)
    let filled = other.received(.remote(.init(revision: 5, changes: [r5])), now: 11)
    #expect(
      filled.contains(
        .apply(SyncView(board: board(["done": ["c3", "c2"], "todo": ["c1"]]), remoteChanges: [r5, r6]))))
    #expect(sent(other.tick(now: 600)).isEmpty)
  }

  @Test func rateLimitedHoldsEveryCommitAndSendsTheSameAgain() {
    var sync = welcomed()
    _ = sync.local(moveC1, gesture: "g1", now: 0)
    _ = sync.local(moveC2, gesture: "g2", now: 0)
    let held = sync.received(.rejected(.init(gesture: "g1", reason: .rateLimited, retryAfterMs: 40)), now: 10)
    #expect(sent(held).isEmpty && wake(held) == 50)
    #expect(sent(sync.tick(now: 49)).isEmpty)
    #expect(sent(sync.tick(now: 50)) == [.commit(.init(gesture: "g1", change: moveC1))])
    #expect(sync.pending.count == 2)
    // A wait out of range is bounded: none below 1 ms, none past a minute.
    _ = sync.received(.rejected(.init(gesture: "g1", reason: .rateLimited, retryAfterMs: -5)), now: 60)
    #expect(sync.holdUntil == 61)
    _ = sync.tick(now: 61)
    _ = sync.received(.rejected(.init(gesture: "g1", reason: .rateLimited, retryAfterMs: Int64.max)), now: 70)
    #expect(sync.holdUntil == 60_070)
  }

  @Test func lostRaceUndoesTheMoveAndTheNextGoesOut() {
    var sync = welcomed()
    _ = sync.local(moveC1, gesture: "g1", now: 0)
    _ = sync.local(moveC2, gesture: "g2", now: 0)
    let lost = sync.received(.rejected(.init(gesture: "g1", reason: .lostRace, message: "gone")), now: 5)
    #expect(settled(lost).first?.1 == .lost)
    #expect(announced(lost) == ["c1 was moved by someone else."])
    #expect(applied(lost) == board(["todo": ["c1"], "done": ["c2", "c3"]]))
    #expect(sent(lost) == [.commit(.init(gesture: "g2", change: moveC2))])
  }

  @Test func anInvalidMoveIsSetAsideNotBlocking() {
    var sync = welcomed()
    _ = sync.local(moveC1, gesture: "g1", now: 0)
    _ = sync.local(moveC2, gesture: "g2", now: 0)
    let refused = sync.received(.rejected(.init(gesture: "g1", reason: .invalid, message: "no")), now: 5)
    #expect(settled(refused).first?.1 == .refused(.invalid, message: "no"))
    #expect(announced(refused) == ["The move of c1 could not be shared and was set aside (invalid: no)."])
    #expect(sent(refused).count == 1)
    let other = sync.received(.rejected(.init(gesture: "g2", reason: .other("tooLate"))), now: 6)
    #expect(settled(other).first?.1 == .refused(.other("tooLate"), message: nil))
    #expect(sync.pending.isEmpty)
  }

  @Test func aResetWelcomeReplacesTheBoardAndKeepsTheMovesOnTop() {
    var sync = welcomed()
    _ = sync.local(moveC1, gesture: "g1", now: 0)
    _ = sync.disconnected(now: 1)
    _ = sync.tick(now: 200)
    _ = sync.connected(now: 200)
    let fresh = board(["todo": ["c1", "c2", "c4"], "done": []])
    let reset = sync.received(
      .welcome(.init(role: .editor, epoch: "e2", revision: 2, views: fresh.views, reset: true)), now: 210)
    #expect(announced(reset).contains("The board was recreated on the server: showing it as it is now."))
    #expect(sync.confirmed == fresh && sync.epoch == "e2" && sync.revision == 2)
    #expect(applied(reset) == board(["todo": ["c2", "c4"], "done": ["c1"]]))
    #expect(sent(reset) == [.commit(.init(gesture: "g1", change: moveC1))])
  }

  @Test func anAckForWhatTheBoardHasAlreadyRemovesTheMove() {
    var sync = welcomed()
    _ = sync.local(moveC1, gesture: "g1", now: 0)
    _ = sync.disconnected(now: 1)
    _ = sync.tick(now: 200)
    _ = sync.connected(now: 200)
    // The first ack was lost; the welcome's changes carry the move, and its replay is answered.
    _ = sync.received(.welcome(.init(role: .editor, epoch: "e1", revision: 5, changes: [moveC1])), now: 201)
    let ack = sync.received(.ack(.init(gesture: "g1", revision: 5)), now: 202)
    #expect(settled(ack).first?.1 == .committed(revision: 5))
    #expect(sync.pending.isEmpty && sync.revision == 5)
    #expect(sync.confirmed == board(["todo": ["c2"], "done": ["c3", "c1"]]))
  }

  @Test func badMessagesAreReportedNeverApplied() {
    var sync = welcomed()
    let before = sync.confirmed
    #expect(reported(sync.received(.ack(.init(gesture: "nobody", revision: 9)), now: 1)).count == 1)
    #expect(reported(sync.received(.rejected(.init(gesture: "nobody", reason: .invalid)), now: 1)).count == 1)
    #expect(reported(sync.received(.remote(.init(revision: 3, changes: [])), now: 1)).count == 1)
    #expect(reported(sync.received(text: "not json", now: 1)).count == 1)
    #expect(
      reported(sync.received(text: #"{"type":"remote","revision":9223372036854775808,"changes":[]}"#, now: 1)).count
        == 1)
    // A revision that can never be reached waits, then asks again; never a trap.
    _ = sync.received(.remote(.init(revision: Int64.max, changes: [])), now: 2)
    #expect(sync.revision == 4 && sync.confirmed == before)
    // A change that does not fit: reported, and the whole board asked.
    let misfit = sync.received(
      .remote(.init(revision: 5, changes: [.moveCards(items: ["ghost"], column: "done", before: nil)])), now: 3)
    #expect(reported(misfit) == [.misfit(revision: 5)])
    #expect(sent(misfit) == [.hello(.init(token: "t0k"))])
    #expect(sync.confirmed == before)
    // A board that names an id twice: reported, the connection closed.
    let twice = board(["todo": ["c1"]]).views + [WireView(id: "c1", sections: [])]
    let bad = sync.received(.welcome(.init(role: .editor, epoch: "e1", revision: 6, views: twice)), now: 4)
    #expect(reported(bad).count == 1)
    #expect(bad.contains(.close(reason: "the server's board cannot be read")))
    #expect(sync.confirmed == before && !sync.isOnline)
    #expect(sync.checkInvariants() == nil)
  }

  @Test func aWelcomeForAnotherEpochWithChangesAsksForTheWholeBoard() {
    var sync = welcomed()
    _ = sync.disconnected(now: 1)
    _ = sync.tick(now: 200)
    _ = sync.connected(now: 200)
    let other = sync.received(.welcome(.init(role: .editor, epoch: "e9", revision: 5, changes: [moveC1])), now: 201)
    #expect(reported(other).count == 1)
    #expect(sent(other) == [.hello(.init(token: "t0k"))])
    #expect(sync.confirmed == todoDone)
  }

  @Test func heartbeatPingsThenCloses() {
    var sync = welcomed(at: 0)
    #expect(sync.tick(now: 9_999).contains(.ping) == false)
    #expect(sync.tick(now: 10_000).contains(.ping))
    #expect(sync.tick(now: 15_000).contains(.ping) == false)
    let dead = sync.tick(now: 20_000)
    #expect(dead.contains(.close(reason: "no answer within 20000 ms")))
    #expect(!sync.isOnline && wake(dead) == 20_100)
    // A pong keeps it open.
    var alive = welcomed(at: 0)
    _ = alive.tick(now: 10_000)
    _ = alive.heard(now: 10_001)
    #expect(alive.tick(now: 20_000).contains(where: { if case .close = $0 { true } else { false } }) == false)
  }

  @Test func noWelcomeWithinTheTimeoutCloses() {
    var sync = BoardSync(BoardSync.Configuration(token: "t"))
    _ = sync.tick(now: 0)
    _ = sync.connected(now: 10)
    #expect(sync.tick(now: 4_999).isEmpty == false)
    #expect(sync.tick(now: 5_000).contains(.close(reason: "no welcome within 5000 ms")))
    // A connect that never opens is given up the same way.
    var stuck = BoardSync(BoardSync.Configuration(token: "t"))
    _ = stuck.tick(now: 0)
    #expect(stuck.tick(now: 5_000).contains(.close(reason: "no connection within 5000 ms")))
  }

  @Test func aViewerMovesNothing() {
    var sync = welcomed(role: .viewer)
    let refused = sync.local(moveC1, gesture: "g1", now: 1)
    #expect(reported(refused).count == 1 && sent(refused).isEmpty && sync.pending.isEmpty)
    // Moves kept from before are set aside at the welcome (the server would refuse each).
    var restored = BoardSync(
      BoardSync.Configuration(token: "t"),
      restoring: SyncRecord(
        epoch: "e1", revision: 4, confirmed: todoDone, pending: [.init(gesture: "g1", change: moveC1)]))
    _ = restored.tick(now: 0)
    _ = restored.connected(now: 0)
    let welcome = restored.received(.welcome(.init(role: .viewer, epoch: "e1", revision: 4, changes: [])), now: 1)
    #expect(settled(welcome).first?.1 == .refused(.forbidden, message: "a viewer's token"))
    #expect(restored.pending.isEmpty)
  }

  @Test func localChangesThatDoNotFitAreNotTaken() {
    var sync = welcomed()
    #expect(
      reported(sync.local(.moveCards(items: ["ghost"], column: "done", before: nil), gesture: "g1", now: 0)).count == 1)
    #expect(
      reported(sync.local(.moveCards(items: ["c1"], column: "nowhere", before: nil), gesture: "g1", now: 0)).count == 1)
    #expect(reported(sync.local(.deleteItems(["c1"]), gesture: "g1", now: 0)).count == 1)
    _ = sync.local(moveC1, gesture: "g1", now: 0)
    #expect(reported(sync.local(moveC2, gesture: "g1", now: 0)).count == 1)
    #expect(sync.pending.count == 1)
  }

  /// A move made on the board as it was a moment ago: its `before` went elsewhere (someone else
  /// moved it), so it goes to the end of the column, as the server places it.
  @Test func aMoveBeforeACardMovedAwayGoesToTheEnd() {
    var sync = welcomed()
    let late = WireChange.moveCards(items: ["c1"], column: "done", before: "c2")
    let actions = sync.local(late, gesture: "g1", now: 0)
    #expect(reported(actions).isEmpty)
    #expect(sent(actions) == [.commit(.init(gesture: "g1", change: late))])
    #expect(sync.shown == board(["todo": ["c2"], "done": ["c3", "c1"]]))
    // A column moved before a card is still not a move.
    #expect(reported(sync.local(.moveColumns(items: ["done"], before: "c2"), gesture: "g2", now: 0)).isEmpty)
    #expect(reported(sync.local(.moveColumns(items: ["c2"], before: nil), gesture: "g3", now: 0)).count == 1)
  }

  @Test func offlineItSaysWhenItTriesAgain() {
    var sync = welcomed()
    #expect(sync.nextAttempt == nil)
    _ = sync.disconnected(now: 2)
    #expect(sync.nextAttempt == 102)
    _ = sync.tick(now: 102)
    #expect(sync.nextAttempt == nil)
  }

  /// The words said of a refused move, with the owner's names for its items.
  @Test func aRefusalIsSaidWithTheOwnersNames() {
    let two = WireChange.moveCards(items: ["c1", "c2"], column: "done", before: nil)
    #expect(
      BoardSync.announcement(.lost, of: two) { "Card " + $0.dropFirst() }
        == "Card 1 and Card 2 were moved by someone else.")
    #expect(
      BoardSync.announcement(.refused(.invalid, message: "no"), of: moveC1)
        == "The move of c1 could not be shared and was set aside (invalid: no).")
    #expect(BoardSync.announcement(.committed(revision: 5), of: moveC1) == nil)
  }

  @Test func aRestoredOutboxGoesOutAfterTheWelcome() {
    let record = SyncRecord(
      epoch: "e1", revision: 4, confirmed: todoDone, pending: [.init(gesture: "g1", change: moveC1)])
    var sync = BoardSync(BoardSync.Configuration(token: "t"), restoring: record)
    #expect(sync.shown == board(["todo": ["c2"], "done": ["c3", "c1"]]))
    _ = sync.tick(now: 0)
    #expect(sent(sync.connected(now: 0)) == [.hello(.init(token: "t", after: 4, epoch: "e1"))])
    let welcome = sync.received(.welcome(.init(role: .editor, epoch: "e1", revision: 4, changes: [])), now: 1)
    #expect(sent(welcome) == [.commit(.init(gesture: "g1", change: moveC1))])
  }

  @Test func aHelloAnsweredRateLimitedIsSaidAgainLater() {
    var sync = welcomed()
    _ = sync.received(.remote(.init(revision: 6, changes: [])), now: 0)
    _ = sync.tick(now: 500)
    let limited = sync.received(.error(.init(code: .rateLimited, message: "m", retryAfterMs: 300)), now: 510)
    #expect(reported(limited).count == 1 && wake(limited) == 810)
    #expect(sent(sync.tick(now: 810)) == [.hello(.init(token: "t0k", after: 4, epoch: "e1"))])
  }
}

/// Times at the ends of `Int64`: deadlines saturate, nothing traps.
@Test func aClockAtItsEndDoesNotTrap() {
  var sync = welcomed(at: Int64.max - 5)
  _ = sync.local(.moveCards(items: ["c1"], column: "done", before: nil), gesture: "g1", now: Int64.max - 4)
  let held = sync.received(
    .rejected(.init(gesture: "g1", reason: .rateLimited, retryAfterMs: 60_000)), now: Int64.max - 3)
  #expect(wake(held) == Int64.max)
  _ = sync.tick(now: Int64.max)
  _ = sync.disconnected(now: Int64.max)
  #expect(sync.checkInvariants(deep: true) == nil)
}

/// A commit answered with a `malformed` error (the server refuses it before it can name it) is
/// set aside, never left in flight.
@Test func aCommitAnsweredWithAnErrorIsSetAside() {
  var sync = welcomed()
  _ = sync.local(.moveCards(items: ["c1"], column: "done", before: nil), gesture: "g1", now: 0)
  _ = sync.local(.moveCards(items: ["c2"], column: "done", before: nil), gesture: "g2", now: 0)
  let error = sync.received(.error(.init(code: .malformed, message: "gesture: 1 to 64 characters")), now: 1)
  #expect(settled(error).first?.1 == .refused(.invalid, message: "gesture: 1 to 64 characters"))
  #expect(
    sent(error) == [.commit(.init(gesture: "g2", change: .moveCards(items: ["c2"], column: "done", before: nil)))])
  // A gesture id the server would refuse so is not taken at all.
  #expect(reported(sync.local(.moveColumns(items: ["done"], before: nil), gesture: "g 3", now: 2)).count == 1)
  #expect(WireIdentifier.isValid("g-1:a.b_c") && !WireIdentifier.isValid(String(repeating: "a", count: 65)))
}
