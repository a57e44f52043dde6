import ReorderKitPostgres

import enum ReorderSync.RejectReason

/// The commits of one server instance as a value: the changes waiting for each board, the tickets
/// that name them, the answers left for their senders, each board's commit lock and who waits for
/// it, and the gestures being written. `LiveHub` keeps only what must be async around it: the round
/// trips to the database, one continuation per waiting ticket (resumed when ``finish(_:board:)``
/// hands the lock over), and the replica's reads and pushes.
///
/// One commit of a board at a time, and it takes every change waiting for that board
/// (``takeQueue(of:)``): placed in turn on a copy of the replica (``place(_:on:tag:following:)``),
/// written in one round trip, then settled (``settle(_:answers:replica:)``). The lock is handed over
/// in the order the changes came (first in, first out).
///
/// ```swift
/// var commits = BoardCommits()
/// let a = commits.enqueue(board: "b", connection: 1, gesture: "g1", change: change)  // turn: .go
/// let b = commits.enqueue(board: "b", connection: 2, gesture: "g2", change: change)  // turn: .wait
/// let batch = commits.takeQueue(of: "b")     // g1 and g2: a's commit writes both
/// // … place, write, settle: both answered …
/// commits.finish(a.ticket, board: "b")       // (a's reply, next: b.ticket): resume b
/// commits.finish(b.ticket, board: "b")       // (b's reply, next: nil): the board is free
/// ```
struct BoardCommits {
  /// Names one change from its `enqueue` to its `finish`.
  typealias Ticket = Int

  /// What a commit came to, as the message to send.
  enum Reply {
    case ack(Int64, [WireChange]?)
    case rejected(reason: RejectReason, message: String)

    /// A change of a board that is gone (deleted meanwhile).
    static let boardGone = Self.rejected(reason: .lostRace, message: "The board is gone.")
    /// A change of a connection whose token was revoked meanwhile (its close is on its way).
    static let revoked = Self.rejected(reason: .forbidden, message: "The token was revoked.")
  }

  /// A change waiting for its board's commit.
  struct Queued: Equatable {
    var ticket: Ticket
    var connection: Int
    var gesture: String
    var change: WireChange
    /// How many times another instance's commit came first.
    var attempts = 0
  }

  /// Whether a change's sender holds its board's lock now.
  enum Turn: Equatable {
    /// It does: it commits what waits (unless its change was answered already).
    case go
    /// Another commit of the board runs: the sender waits until ``finish(_:board:)`` names it.
    case wait
  }

  /// The most changes written in one round trip.
  static let batchLimit = 64
  /// How many times a change is placed again after another instance's commit came first.
  static let attemptLimit = 5

  private var lastTicket: Ticket = 0
  /// Changes waiting for their board's commit, in the order they came.
  private var queued: [String: [Queued]] = [:]
  /// The answers of changes committed (or not) for their senders, until ``finish(_:board:)``.
  private var replies: [Ticket: Result<Reply, any Error>] = [:]
  /// Boards with a commit running (one holds the lock).
  private var busy: Set<String> = []
  /// The tickets waiting for each busy board's lock, first come first.
  private var waiters: [String: [Ticket]] = [:]
  /// Gestures being written: the connection that sent each (it gets `ack`, not `remote`).
  private var committing: [String: Int] = [:]

  /// Queues a change for its board and says whether its sender commits now or waits for the lock.
  ///
  /// ```swift
  /// var commits = BoardCommits()
  /// commits.enqueue(board: "b", connection: 1, gesture: "g1", change: change).turn  // .go
  /// commits.enqueue(board: "b", connection: 2, gesture: "g2", change: change).turn  // .wait
  /// commits.enqueue(board: "c", connection: 3, gesture: "g3", change: change).turn  // .go
  /// ```
  mutating func enqueue(board: String, connection: Int, gesture: String, change: WireChange)
    -> (ticket: Ticket, turn: Turn)
  {
    lastTicket += 1
    let ticket = lastTicket
    queued[board, default: []].append(Queued(ticket: ticket, connection: connection, gesture: gesture, change: change))
    let turn: Turn
    if busy.insert(board).inserted {
      turn = .go
    } else {
      waiters[board, default: []].append(ticket)
      turn = .wait
    }
    _checkInvariants()
    return (ticket, turn)
  }

  /// Whether a ticket's change has its answer (another commit of its board took it along): its
  /// sender, holding the lock, then commits nothing.
  func isAnswered(_ ticket: Ticket) -> Bool { replies[ticket] != nil }

  /// Takes every change waiting for `board` (its lock's holder commits them).
  mutating func takeQueue(of board: String) -> [Queued] {
    queued.removeValue(forKey: board) ?? []
  }

  /// Gives changes their answers (a later answer for a ticket replaces an earlier one).
  mutating func answer(_ answers: [(ticket: Ticket, reply: Reply)]) {
    for (ticket, reply) in answers { replies[ticket] = .success(reply) }
  }

  /// Answers each change of `batch` with `error` (its round trip failed: its sender's connection
  /// ends, and the client sends it again).
  mutating func fail(_ batch: [Queued], with error: any Error) {
    for waiting in batch { replies[waiting.ticket] = .failure(error) }
  }

  /// Hands a ticket's answer to its sender, which held the lock, and lets the next commit of the
  /// board run: `next` is the ticket to resume (the board stays locked for it), or `nil` when none
  /// waits (the board is free).
  ///
  /// ```swift
  /// let (reply, next) = commits.finish(ticket, board: "b")
  /// if let next { continuations.removeValue(forKey: next)?.resume() }
  /// return try reply.get()
  /// ```
  mutating func finish(_ ticket: Ticket, board: String) -> (reply: Result<Reply, any Error>, next: Ticket?) {
    precondition(busy.contains(board), "ticket \(ticket) finished on \(board), which holds no lock")
    let reply = replies.removeValue(forKey: ticket) ?? .success(.rejected(reason: .lostRace, message: "Not committed."))
    var next: Ticket?
    if var queue = waiters[board], !queue.isEmpty {
      next = queue.removeFirst()
      waiters[board] = queue.isEmpty ? nil : queue
    } else {
      busy.remove(board)
    }
    _checkInvariants()
    return (reply, next)
  }

  /// The connection that sent a gesture being written here, if any (it gets `ack`, not `remote`).
  func sender(of gesture: String) -> Int? { committing[gesture] }

  /// Marks a round's placed gestures as being written, and answers the changes it refused.
  mutating func begin(_ round: Round) {
    answer(round.refused)
    for entry in round.placed { committing[entry.waiting.gesture] = entry.waiting.connection }
  }

  /// The round's gestures are written (or failed): they are no longer being committed.
  mutating func end(_ round: Round) {
    for entry in round.placed { committing[entry.waiting.gesture] = nil }
  }

  /// Checks that every waiter waits on a busy board, once, and that no board keeps an empty queue.
  /// Debug builds only.
  func _checkInvariants() {
    #if DEBUG
      for (board, tickets) in waiters {
        precondition(!tickets.isEmpty, "board \(board) keeps an empty list of waiters")
        precondition(busy.contains(board), "tickets \(tickets) wait for \(board), which is not busy")
        precondition(Set(tickets).count == tickets.count, "a ticket waits twice for \(board): \(tickets)")
      }
    #endif
  }
}
