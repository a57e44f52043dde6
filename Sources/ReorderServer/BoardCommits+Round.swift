import ReorderKitPostgres

extension BoardCommits {
  /// One round trip's plan: the changes placed in turn on a copy of the replica (each as if those
  /// before it had committed), those refused at once, and those left for the next round.
  struct Round {
    /// A change placed, with the rows it writes.
    struct Placed {
      var waiting: Queued
      var writes: [Board.Placed]
    }

    /// What goes to the database, in order.
    var placed: [Placed] = []
    /// What is answered without the database: a revoked connection, a change past its attempts, a
    /// change that breaks a rule or names what is gone.
    var refused: [(ticket: Ticket, reply: Reply)] = []
    /// What waits for the next round: past the batch limit, or past a revision at `Int64.max`.
    var later: [Queued] = []

    /// The gestures to write, as the store takes them.
    var gestures: [BoardStore.Gesture] {
      placed.map { BoardStore.Gesture(id: $0.waiting.gesture, change: $0.waiting.change, writes: $0.writes) }
    }
  }

  /// Places `batch` in turn on a copy of `board`: at most ``batchLimit`` changes, and one alone at
  /// the revision's limit (the database refuses it); a change of a connection that no longer
  /// follows (`following` is false) is refused `forbidden`, one that lost ``attemptLimit`` times
  /// `lostRace`, one that ``place(_:on:tag:)`` refuses with its reason. Pure: nothing is recorded.
  ///
  /// ```swift
  /// let round = BoardCommits.place(batch, on: replica, tag: "aB") { connection in connection != 7 }
  /// round.placed.count   // up to 64 changes, each placed after the one before
  /// round.refused        // [(ticket of connection 7's change, .revoked)]
  /// round.later          // the 65th change on, for the next round
  /// ```
  /// - Complexity: O(*b* · *n* log *n*), *b* the changes placed and *n* the board's rows.
  static func place(_ batch: [Queued], on board: Board, tag: String, following: (Int) -> Bool) -> Round {
    var board = board
    var round = Round()
    for (index, waiting) in batch.enumerated() {
      // At the revision's limit one goes alone (the database refuses it).
      guard round.placed.count < batchLimit, round.placed.isEmpty || board.revision < Int64.max else {
        round.later = Array(batch[index...])
        break
      }
      guard following(waiting.connection) else {
        round.refused.append((waiting.ticket, .revoked))
        continue
      }
      guard waiting.attempts < attemptLimit else {
        round.refused.append(
          (waiting.ticket, .rejected(reason: .lostRace, message: "Others moved the same cards at the same time.")))
        continue
      }
      do {
        let writes = try place(waiting.change, on: board, tag: tag)
        // The next change is placed as if this one had committed (the database stops at the first
        // that did not, and the server places the rest again).
        for write in writes {
          board.rows[write.id] = Board.Row(parent: write.parent, key: write.key, version: write.expected + 1)
        }
        if board.revision < Int64.max { board.revision += 1 }
        round.placed.append(Round.Placed(waiting: waiting, writes: writes))
      } catch {
        // Moves add and remove nothing: a change refused here is refused whatever came before it.
        round.refused.append((waiting.ticket, .rejected(reason: error.reason, message: error.message)))
      }
    }
    return round
  }

  /// What the database's answers to a round come to.
  struct Settlement {
    /// Commits that are the replica's next revisions, as placed: followers get them without a read
    /// of the log (in order, before anything else is read).
    var published: [BoardStore.Commit] = []
    /// Whether the log must be read (a commit that was not the replica's next revision) before the
    /// acks are answered with the changes as committed.
    var readLog = false
    /// The changes committed, with their revisions (answered `ack` once the replica has them).
    var acked: [(ticket: Ticket, revision: Int64)] = []
    /// The changes answered at once: refused by the database, or (the board gone) lost.
    var refused: [(ticket: Ticket, reply: Reply)] = []
    /// The changes to place again in the next round: not tried, raced (one attempt more), or left
    /// for later by ``place(_:on:tag:following:)``.
    var rest: [Queued] = []
    /// Whether the next round reads the log first (another instance's commit came first).
    var refresh = false
  }

  /// Settles the database's `answers` to `round`'s placed changes, given the replica's revision
  /// when they came (`nil`: no follower here any more). The answers are those of the first
  /// changes, up to and including the first that did not commit as the board's next revision; the
  /// rest were not tried. `stale` and `duplicateKey` are placed again with one attempt more;
  /// `noBoard` loses every change not committed. Pure: nothing is recorded.
  ///
  /// ```swift
  /// // Three placed on a replica at revision 9; the third raced another instance.
  /// let settled = BoardCommits.settle(round, answers: [.committed(10), .committed(11), .stale(["c1"])], replica: 9)
  /// settled.published.map(\.revision)   // [10, 11]: pushed as placed, no read of the log
  /// settled.acked.map(\.revision)       // [10, 11]
  /// settled.rest                        // the third, attempts 1; refresh: true
  /// ```
  static func settle(_ round: Round, answers: [BoardStore.CommitAnswer], replica: Int64?) -> Settlement {
    var settled = Settlement()
    var current = replica
    var gone = false
    var retry: [Queued] = []
    for (index, entry) in round.placed.enumerated() {
      guard index < answers.count else {
        // Not tried: placed after one that did not commit.
        retry.append(entry.waiting)
        continue
      }
      switch answers[index] {
      case .committed(let revision):
        if !settled.readLog, let last = current, last < Int64.max, revision == last + 1 {
          // The next revision, as placed: followers get it without a read of the log.
          let writes = entry.writes.map {
            Board.Write(id: $0.id, parent: $0.parent, key: $0.key, version: $0.expected + 1, deleted: false)
          }
          settled.published.append(
            BoardStore.Commit(revision: revision, gesture: entry.waiting.gesture, writes: writes))
          current = revision
        } else {
          settled.readLog = true
        }
        settled.acked.append((entry.waiting.ticket, revision))
      case .noBoard:
        gone = true
        settled.refused.append((entry.waiting.ticket, .boardGone))
      case .refused(let reason, let message):
        settled.refused.append((entry.waiting.ticket, .rejected(reason: reason, message: message)))
      case .stale, .duplicateKey:
        var again = entry.waiting
        again.attempts += 1
        retry.append(again)
      }
    }
    if gone {
      settled.refused += (retry + round.later).map { ($0.ticket, .boardGone) }
      return settled
    }
    settled.rest = retry + round.later
    settled.refresh = retry.contains { $0.attempts > 0 }
    return settled
  }
}
