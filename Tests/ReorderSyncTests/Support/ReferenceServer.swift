import ReorderTestSupport

@testable import ReorderSync

/// A naive board server, as DESIGN's "The board server" says it behaves: one board, a log of
/// every revision, gesture ids answered once and replayed after, a per-connection rate limit that
/// holds later commits behind the one it refused, `lostRace` for what is gone, `invalid` for a rule
/// the client does not know, and `reset` for an `after` compacted away or another epoch.
struct ReferenceServer {
  struct Entry {
    var revision: Int64
    var changes: [WireChange]
    var gesture: String?
  }

  struct Connection {
    var client: Int
    var welcomed = false
    /// The commit refused for the rate, and when it may come again: until then it and every later
    /// one are refused too.
    var held: (gesture: String, until: Int64)?
  }

  var board: SyncBoard
  var revision: Int64 = 0
  var epochNumber = 1
  var epoch: String { "e\(epochNumber)" }
  /// Every revision ever committed, in order (the checks read it; `floor` says what a hello can get).
  var log: [Entry] = []
  /// Revisions up to this one are compacted away (a hello after one below it gets the whole board).
  var floor: Int64 = 0
  var gestures: [String: Int64] = [:]
  var connections: [Int: Connection] = [:]
  /// The clients whose token is a viewer's.
  var viewers: Set<Int> = []
  var random: SplitMix
  /// Percent of fresh commits answered `rateLimited`.
  var rateLimitPercent = 8
  /// How often it answered `rateLimited`, a replay, and a hello with the whole board and `reset`.
  var counts = (rateLimited: 0, replays: 0, resets: 0)

  init(board: SyncBoard, seed: UInt64) {
    self.board = board
    random = SplitMix(seed: seed ^ 0x5EED)
  }

  /// What one message from a connection comes to: answers to it, and remotes to others.
  mutating func handle(_ message: ClientMessage, from id: Int, now: Int64) -> [(to: Int, ServerMessage)] {
    guard var connection = connections[id] else { return [] }
    switch message {
    case .hello(let hello):
      connection.welcomed = true
      connections[id] = connection
      let answer = welcome(after: hello.after, epoch: hello.epoch, viewer: viewers.contains(connection.client))
      if case .welcome(let w) = answer, w.reset { counts.resets += 1 }
      return [(id, answer)]
    case .commit(let commit):
      guard connection.welcomed else {
        return [(id, .error(.init(code: .helloFirst, message: "Say hello before anything else.")))]
      }
      if let held = connection.held, held.gesture != commit.gesture || now < held.until {
        counts.rateLimited += 1
        let wait = max(1, held.until - now)
        return [(id, .rejected(.init(gesture: commit.gesture, reason: .rateLimited, retryAfterMs: wait)))]
      }
      if connection.held == nil, random.chance(rateLimitPercent) {
        let wait = 1 + Int64(random.below(40))
        counts.rateLimited += 1
        connection.held = (commit.gesture, now + wait)
        connections[id] = connection
        return [(id, .rejected(.init(gesture: commit.gesture, reason: .rateLimited, retryAfterMs: wait)))]
      }
      connection.held = nil
      connections[id] = connection
      if viewers.contains(connection.client) {
        return [(id, .rejected(.init(gesture: commit.gesture, reason: .forbidden)))]
      }
      if let done = gestures[commit.gesture] {
        // A replay: its revision, and its changes while the log still has them.
        counts.replays += 1
        let changes = done > floor ? log.first { $0.revision == done }?.changes : nil
        return [(id, .ack(.init(gesture: commit.gesture, revision: done, changes: changes)))]
      }
      if Self.breaksARule(commit.gesture) {
        return [(id, .rejected(.init(gesture: commit.gesture, reason: .invalid, message: "a rule")))]
      }
      guard let changes = place(commit.change) else {
        return [(id, .rejected(.init(gesture: commit.gesture, reason: .lostRace, message: "gone")))]
      }
      revision += 1
      log.append(Entry(revision: revision, changes: changes, gesture: commit.gesture))
      gestures[commit.gesture] = revision
      // An older server's ack carries no changes: the client replays its move as made.
      let ack = ServerMessage.ack(
        .init(gesture: commit.gesture, revision: revision, changes: random.chance(80) ? changes : nil))
      return [(id, ack)] + broadcast(changes, except: id)
    }
  }

  /// The hub's `welcome`: the changes after `after` when the log has them and the epoch is this
  /// one, else the whole board (with `reset` when the client asked for changes).
  func welcome(after: Int64?, epoch: String?, viewer: Bool) -> ServerMessage {
    let role: Role = viewer ? .viewer : .editor
    if let after, epoch == self.epoch, after <= revision, after >= floor {
      let changes = log.filter { $0.revision > after }.flatMap(\.changes)
      return .welcome(.init(role: role, epoch: self.epoch, revision: revision, changes: changes))
    }
    return .welcome(.init(role: role, epoch: self.epoch, revision: revision, views: board.views, reset: after != nil))
  }

  /// The change placed on the board, as the server's changes say it (the run of moved items, before
  /// the item that now follows it); `nil` when what it names is gone.
  mutating func place(_ change: WireChange) -> [WireChange]? {
    switch change {
    case .moveCards(let items, let column, _):
      guard board.cards(of: column) != nil, items.allSatisfy({ board.column(of: $0) != nil }) else { return nil }
      guard board.apply(change, strict: false), let cards = board.cards(of: column) else { return nil }
      let end = (cards.firstIndex(of: items[items.count - 1]) ?? cards.count - 1) + 1
      return [.moveCards(items: items, column: column, before: end < cards.count ? cards[end] : nil)]
    case .moveColumns(let items, _):
      guard items.allSatisfy({ board.cards(of: $0) != nil }), board.apply(change, strict: false) else { return nil }
      let ids = board.columns.map(\.id)
      let end = (ids.firstIndex(of: items[items.count - 1]) ?? ids.count - 1) + 1
      return [.moveColumns(items: items, before: end < ids.count ? ids[end] : nil)]
    case .deleteItems:
      return nil
    }
  }

  /// A card (or a column with its cards) deleted by someone outside the board's clients.
  mutating func deleteSomething() -> [(to: Int, ServerMessage)] {
    let columns = board.columns
    guard !columns.isEmpty else { return [] }
    let cards = columns.flatMap(\.cards)
    let id: String
    if columns.count > 2, random.chance(20) {
      id = columns[random.below(columns.count)].id
    } else if let card = random.pick(cards) {
      id = card
    } else {
      return []
    }
    let change = WireChange.deleteItems([id])
    board.apply(change, strict: true)
    revision += 1
    log.append(Entry(revision: revision, changes: [change], gesture: nil))
    return broadcast([change], except: nil)
  }

  /// The log trimmed: only the last few revisions can be answered as changes.
  mutating func compact() { floor = max(floor, revision - Int64(random.below(3))) }

  /// The board restored under a new epoch: every client reads it whole.
  mutating func newEpoch() {
    epochNumber += 1
    floor = revision
  }

  func broadcast(_ changes: [WireChange], except: Int?) -> [(to: Int, ServerMessage)] {
    connections.filter { $0.key != except && $0.value.welcomed }.keys.sorted().map {
      ($0, .remote(.init(revision: revision, changes: changes)))
    }
  }

  /// A rule the clients do not know, stable for a gesture (a replay is answered the same).
  static func breaksARule(_ gesture: String) -> Bool {
    var h: UInt64 = 1_469_598_103_934_665_603
    for b in gesture.utf8 { h = (h ^ UInt64(b)) &* 1_099_511_628_211 }
    return h % 17 == 0
  }
}
