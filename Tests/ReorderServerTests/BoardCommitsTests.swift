import ReorderKitPostgres
import Testing

import enum ReorderSync.RejectReason

@testable import ReorderServer

/// `BoardCommits` alone: the commit lock, the round's placement and the settling of the database's
/// answers, with no socket and no database.
@Suite("a board's commits, as a value")
struct BoardCommitsTests {
  typealias Queued = BoardCommits.Queued

  /// This test's key tag, as an instance's.
  let tag = keyTag(5)

  /// A board of two columns, `todo` (cards c0…c(n-1), keys in order) and `done` (empty).
  static func board(cards: Int = 3, revision: Int64 = 9) -> Board {
    var rows: [String: Board.Row] = [
      "todo": .init(parent: "", key: "V", version: 1), "done": .init(parent: "", key: "W", version: 1),
    ]
    let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    for n in 0..<cards {
      rows["c\(n)"] = .init(parent: "todo", key: "a\(digits[n / 62])\(digits[n % 62])", version: 1)
    }
    return Board(revision: revision, epoch: "e1", rows: rows)
  }

  static func move(_ card: String, to column: String = "done") -> WireChange {
    .moveCards(items: [card], column: column, before: nil)
  }

  static func queued(_ ticket: Int, connection: Int = 1, _ change: WireChange, attempts: Int = 0) -> Queued {
    Queued(ticket: ticket, connection: connection, gesture: "g\(ticket)", change: change, attempts: attempts)
  }

  /// The reply's text, for comparisons (`ack 10`, `lostRace: The board is gone.`).
  static func text(_ reply: BoardCommits.Reply) -> String {
    switch reply {
    case .ack(let revision, _): "ack \(revision)"
    case .rejected(let reason, let message): "\(reason.text): \(message)"
    }
  }

  static func text(_ result: Result<BoardCommits.Reply, any Error>) -> String {
    switch result {
    case .success(let reply): text(reply)
    case .failure(let error): "failed: \(error)"
    }
  }

  static func texts(_ answers: [(ticket: Int, reply: BoardCommits.Reply)]) -> [String] {
    answers.map { "\($0.ticket) \(text($0.reply))" }
  }

  // MARK: The lock

  @Test func theLockIsHandedOverInTheOrderChangesCame() {
    var commits = BoardCommits()
    let a = commits.enqueue(board: "b", connection: 1, gesture: "g1", change: Self.move("c0"))
    let other = commits.enqueue(board: "c", connection: 9, gesture: "g9", change: Self.move("c0"))
    let b = commits.enqueue(board: "b", connection: 2, gesture: "g2", change: Self.move("c1"))
    let c = commits.enqueue(board: "b", connection: 3, gesture: "g3", change: Self.move("c2"))
    #expect([a.turn, other.turn, b.turn, c.turn] == [.go, .go, .wait, .wait])
    // The holder takes every change of its board, in order; the other board's stays.
    let batch = commits.takeQueue(of: "b")
    #expect(batch.map(\.ticket) == [a.ticket, b.ticket, c.ticket])
    #expect(commits.takeQueue(of: "b").isEmpty)
    commits.answer(batch.map { ($0.ticket, .ack(10, nil)) })
    #expect(commits.isAnswered(b.ticket) && commits.isAnswered(c.ticket) && !commits.isAnswered(other.ticket))
    // A change that comes while the batch is written waits behind those already waiting.
    let d = commits.enqueue(board: "b", connection: 4, gesture: "g4", change: Self.move("c0"))
    #expect(d.turn == .wait)
    let first = commits.finish(a.ticket, board: "b")
    #expect(Self.text(first.reply) == "ack 10" && first.next == b.ticket)
    #expect(commits.finish(b.ticket, board: "b").next == c.ticket)
    #expect(commits.finish(c.ticket, board: "b").next == d.ticket)
    // d holds the lock with its change unanswered: it commits what waits (d alone).
    #expect(!commits.isAnswered(d.ticket))
    #expect(commits.takeQueue(of: "b").map(\.ticket) == [d.ticket])
    let last = commits.finish(d.ticket, board: "b")
    #expect(Self.text(last.reply) == "lostRace: Not committed." && last.next == nil)
    // Free again.
    #expect(commits.enqueue(board: "b", connection: 1, gesture: "g5", change: Self.move("c0")).turn == .go)
    #expect(commits.finish(other.ticket, board: "c").next == nil)
  }

  /// Every sequence of up to 6 steps on two boards (a change comes; the lock's holder finishes),
  /// against a naive model: per board, a list of tickets in the order they came, the first holding.
  @Test func theLockAgreesWithAQueuePerBoardInEverySequence() {
    let steps = ["enqueue b", "enqueue c", "finish b", "finish c"]
    var sequences: [[String]] = [[]]
    var longest: [[String]] = [[]]
    for _ in 0..<6 {
      longest = longest.flatMap { sequence in steps.map { sequence + [$0] } }
      sequences += longest
    }
    for sequence in sequences {
      var commits = BoardCommits()
      var model: [String: [Int]] = [:]
      for step in sequence {
        let board = String(step.suffix(1))
        if step.hasPrefix("enqueue") {
          let (ticket, turn) = commits.enqueue(board: board, connection: 1, gesture: "g", change: Self.move("c0"))
          #expect(turn == (model[board, default: []].isEmpty ? .go : .wait), "\(sequence)")
          model[board, default: []].append(ticket)
        } else if let holder = model[board]?.first {
          let (_, next) = commits.finish(holder, board: board)
          model[board]?.removeFirst()
          #expect(next == model[board]?.first, "\(sequence)")
        }
      }
    }
    #expect(sequences.count == 5461)
  }

  @Test func aFailedRoundTripFailsItsWholeBatch() {
    struct Lost: Error {}
    var commits = BoardCommits()
    let a = commits.enqueue(board: "b", connection: 1, gesture: "g1", change: Self.move("c0"))
    let b = commits.enqueue(board: "b", connection: 2, gesture: "g2", change: Self.move("c1"))
    let batch = commits.takeQueue(of: "b")
    commits.answer([(b.ticket, .revoked)])
    // A failure replaces an answer already given in the round (as the round trip's error does).
    commits.fail(batch, with: Lost())
    #expect(Self.text(commits.finish(a.ticket, board: "b").reply) == "failed: Lost()")
    #expect(Self.text(commits.finish(b.ticket, board: "b").reply) == "failed: Lost()")
  }

  @Test func theGesturesOfARoundAreCommittingUntilItEnds() {
    var commits = BoardCommits()
    let round = BoardCommits.place(
      [Self.queued(1, connection: 7, Self.move("c0")), Self.queued(2, connection: 8, .deleteItems(["c1"]))],
      on: Self.board(), tag: tag, following: { _ in true })
    commits.begin(round)
    #expect(commits.sender(of: "g1") == 7)
    #expect(commits.sender(of: "g2") == nil)  // refused: not written
    #expect(commits.isAnswered(2))
    commits.end(round)
    #expect(commits.sender(of: "g1") == nil)
  }

  // MARK: Placing a round

  @Test func aBatchOverTheLimitIsSplit() {
    let board = Self.board(cards: 70)
    let batch = (0..<70).map { Self.queued($0 + 1, Self.move("c\($0)")) }
    let round = BoardCommits.place(batch, on: board, tag: tag, following: { _ in true })
    #expect(round.placed.map(\.waiting.ticket) == Array(1...64))
    #expect(round.later.map(\.ticket) == Array(65...70))
    #expect(round.refused.isEmpty)
    #expect(round.gestures.map(\.id) == (1...64).map { "g\($0)" })
    // The rest goes whole into the next round.
    let next = BoardCommits.place(round.later, on: board, tag: tag, following: { _ in true })
    #expect(next.placed.count == 6 && next.later.isEmpty)
  }

  @Test func eachChangeIsPlacedAsIfTheOneBeforeHadCommitted() throws {
    let board = Self.board()
    let round = BoardCommits.place(
      [Self.queued(1, Self.move("c0")), Self.queued(2, Self.move("c0", to: "todo")), Self.queued(3, Self.move("c0"))],
      on: board, tag: tag, following: { _ in true })
    #expect(round.placed.map { $0.writes.map(\.expected) } == [[1], [2], [3]])
    #expect(round.placed.map { $0.writes.map(\.parent) } == [["done"], ["todo"], ["done"]])
    // The first as placed alone.
    let alone = try BoardCommits.place(Self.move("c0"), on: board, tag: tag)
    #expect(round.placed[0].writes == alone)
  }

  @Test func aRevokedConnectionsChangeIsRefused() {
    let batch = [
      Self.queued(1, connection: 1, Self.move("c0")), Self.queued(2, connection: 2, Self.move("c1")),
      Self.queued(3, connection: 1, Self.move("c2")),
    ]
    let round = BoardCommits.place(batch, on: Self.board(), tag: tag, following: { $0 != 2 })
    #expect(round.placed.map(\.waiting.ticket) == [1, 3])
    #expect(Self.texts(round.refused) == ["2 forbidden: The token was revoked."])
  }

  @Test func aChangeLosesAfterFiveAttempts() {
    let batch = [Self.queued(1, Self.move("c0"), attempts: 4), Self.queued(2, Self.move("c1"), attempts: 5)]
    let round = BoardCommits.place(batch, on: Self.board(), tag: tag, following: { _ in true })
    #expect(round.placed.map(\.waiting.ticket) == [1])
    #expect(Self.texts(round.refused) == ["2 lostRace: Others moved the same cards at the same time."])
  }

  @Test func aChangeThatBreaksARuleOrNamesWhatIsGoneIsRefusedAlone() {
    let batch = [
      Self.queued(1, .deleteItems(["c0"])), Self.queued(2, Self.move("c1", to: "gone")),
      Self.queued(3, Self.move("c9")), Self.queued(4, Self.move("c1", to: "c2")), Self.queued(5, Self.move("c1")),
    ]
    let round = BoardCommits.place(batch, on: Self.board(), tag: tag, following: { _ in true })
    #expect(round.placed.map(\.waiting.ticket) == [5])
    #expect(
      Self.texts(round.refused) == [
        "1 invalid: Only moveCards and moveColumns are committed.",
        "2 lostRace: The column gone is not on the board (deleted meanwhile?).",
        "3 lostRace: c9 is not on the board (deleted meanwhile?).",
        "4 invalid: c2 is a card, not a column.",
      ])
  }

  @Test func atTheRevisionsLimitOneGoesAlone() {
    let batch = (0..<4).map { Self.queued($0 + 1, connection: $0 + 1, Self.move("c\($0)")) }
    let tried = { (revision: Int64) in
      BoardCommits.place(batch, on: Self.board(cards: 4, revision: revision), tag: tag, following: { _ in true })
    }
    // At Int64.max: the first alone (the database refuses it), the rest waits.
    #expect(tried(.max).placed.map(\.waiting.ticket) == [1])
    #expect(tried(.max).later.map(\.ticket) == [2, 3, 4])
    // Two below: up to the limit, then the rest waits.
    #expect(tried(.max - 2).placed.map(\.waiting.ticket) == [1, 2])
    #expect(tried(.max - 2).later.map(\.ticket) == [3, 4])
    #expect(tried(.max - 5).placed.count == 4)
    // What waits is what comes after the limit, even a change that would be refused.
    let revoked = BoardCommits.place(batch, on: Self.board(cards: 4, revision: .max), tag: tag, following: { $0 != 1 })
    #expect(Self.texts(revoked.refused) == ["1 forbidden: The token was revoked."])
    #expect(revoked.placed.map(\.waiting.ticket) == [2] && revoked.later.map(\.ticket) == [3, 4])
  }

  // MARK: Settling the answers

  /// A round of `count` moves placed on the default board, and (`later`) two left for the next.
  func planned(_ count: Int, later: Bool = true) -> BoardCommits.Round {
    let batch = (0..<count).map { Self.queued($0 + 1, Self.move("c\($0 % 3)")) }
    var round = BoardCommits.place(batch, on: Self.board(), tag: tag, following: { _ in true })
    if later { round.later = [Self.queued(100, Self.move("c0")), Self.queued(101, Self.move("c1"))] }
    return round
  }

  @Test func everyKindOfAnswerIsSettled() {
    let round = planned(5)
    #expect(round.placed.count == 5 && round.later.count == 2)
    let settled = BoardCommits.settle(
      round, answers: [.committed(10), .refused(reason: .invalid, message: "No."), .committed(11), .stale(["c0"])],
      replica: 9)
    #expect(settled.published.map(\.revision) == [10, 11])
    #expect(settled.published.map(\.gesture) == ["g1", "g3"])
    #expect(
      settled.published[0].writes
        == round.placed[0].writes.map {
          Board.Write(id: $0.id, parent: $0.parent, key: $0.key, version: $0.expected + 1, deleted: false)
        })
    #expect(!settled.readLog)
    #expect(settled.acked.map(\.ticket) == [1, 3] && settled.acked.map(\.revision) == [10, 11])
    #expect(Self.texts(settled.refused) == ["2 invalid: No."])
    // The raced one (one attempt more), the untried one (as it was), then what waited.
    #expect(settled.rest.prefix(2).map(\.ticket) == [4, 5])
    #expect(settled.rest.prefix(2).map(\.attempts) == [1, 0])
    #expect(settled.rest.dropFirst(2).map(\.ticket) == round.later.map(\.ticket))
    #expect(settled.refresh)

    // duplicateKey races too.
    let duplicate = BoardCommits.settle(round, answers: [.duplicateKey], replica: 9)
    #expect(duplicate.rest.prefix(5).map(\.attempts) == [1, 0, 0, 0, 0] && duplicate.refresh)
    #expect(duplicate.acked.isEmpty && duplicate.published.isEmpty)

    // Untried only (an answer cut short): placed again, the log not read first.
    let untried = BoardCommits.settle(round, answers: [.committed(10)], replica: 9)
    #expect(untried.rest.count == 4 + round.later.count && !untried.refresh)

    // The database's lostRace is refused as it says.
    let lost = BoardCommits.settle(round, answers: [.refused(reason: .lostRace, message: "Gone.")], replica: 9)
    #expect(Self.texts(lost.refused) == ["1 lostRace: Gone."])
  }

  @Test func noBoardLosesEverythingNotCommitted() {
    let round = planned(4)
    let settled = BoardCommits.settle(round, answers: [.committed(10), .stale([]), .noBoard], replica: 9)
    #expect(settled.acked.map(\.ticket) == [1])
    #expect(settled.published.map(\.revision) == [10])
    // The board's answer first, then the raced and the untried, then what waited.
    let lost = [3, 2, 4] + round.later.map(\.ticket)
    #expect(Self.texts(settled.refused) == lost.map { "\($0) lostRace: The board is gone." })
    #expect(settled.rest.isEmpty && !settled.refresh)
  }

  @Test func onlyTheReplicasNextRevisionIsPublishedWithoutTheLog() {
    let round = planned(3, later: false)
    // The next ones in a row, then a gap: from the gap on, the log is read.
    let gap = BoardCommits.settle(round, answers: [.committed(10), .committed(12), .committed(13)], replica: 9)
    #expect(gap.published.map(\.revision) == [10] && gap.readLog)
    #expect(gap.acked.map(\.revision) == [10, 12, 13])
    // Another instance's commit came first: none is the next, and none is published.
    let behind = BoardCommits.settle(round, answers: [.committed(11), .committed(12)], replica: 9)
    #expect(behind.published.isEmpty && behind.readLog)
    // The replica went ahead meanwhile (a read of the log already applied them).
    #expect(BoardCommits.settle(round, answers: [.committed(10)], replica: 10).published.isEmpty)
    // No follower here any more: nothing to publish to, the log is read (which reads nothing).
    let left = BoardCommits.settle(round, answers: [.committed(10)], replica: nil)
    #expect(left.published.isEmpty && left.readLog)
    // At the limit: Int64.max is the next of Int64.max - 1, and nothing is the next of Int64.max.
    #expect(
      BoardCommits.settle(round, answers: [.committed(.max)], replica: .max - 1).published.map(\.revision) == [.max])
    #expect(BoardCommits.settle(round, answers: [.committed(.max)], replica: .max).published.isEmpty)
    #expect(BoardCommits.settle(round, answers: [.committed(.min)], replica: .max).readLog)
  }
}
