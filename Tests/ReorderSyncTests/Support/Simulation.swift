import ReorderTestSupport

@testable import ReorderSync

/// Several ``BoardSync`` clients, a ``ReferenceServer`` and a transport between them, driven by one
/// seed: local moves, connections that open late or fail, frames delayed (in order within a
/// connection, as TCP keeps them), connections cut (what was in flight is lost; the client may
/// not be told, and must find out by its heartbeat), clients restarted from what they persisted,
/// cards deleted behind everyone's back, the log compacted and the board given a new epoch.
struct Simulation {
  /// A frame on its way, and when it arrives.
  struct Frame<Message> {
    var at: Int64
    var message: Message
  }

  /// What goes to a client: a server message (as text when the run goes through the wire's
  /// JSON) or the pong of its ping.
  enum Down {
    case message(ServerMessage)
    case text(String)
    case pong
  }

  /// What goes to the server: a client message, typed or as text.
  enum Up {
    case message(ClientMessage)
    case text(String)
  }

  /// One open connection.
  struct Link {
    var client: Int
    var up: [Frame<Up>] = []
    var down: [Frame<Down>] = []
    /// Cut without either side told: frames go nowhere.
    var silent = false
  }

  /// The connections by id (ids count up from 1 and are not reused).
  struct Links {
    var slots: [Link?] = [nil]
    /// The ids of open connections, in order.
    private(set) var ids: [Int] = []

    subscript(id: Int) -> Link? {
      get { id < slots.count ? slots[id] : nil }
      _modify {
        while slots.count <= id { slots.append(nil) }
        let wasOpen = slots[id] != nil
        // In place: a frame taken off a connection does not copy its queues.
        yield &slots[id]
        let isOpen = slots[id] != nil
        if wasOpen, !isOpen { ids.removeAll { $0 == id } }
        if isOpen, !wasOpen { ids.insert(id, at: ids.firstIndex { $0 > id } ?? ids.count) }
      }
    }

    var values: [Link] { ids.compactMap { slots[$0] } }
  }

  struct Client {
    var sync: BoardSync
    var wake: Int64?
    var link: Int?
    /// A `.connect` asked: when it opens (or fails).
    var opening: (at: Int64, succeeds: Bool)?
    var persisted: SyncRecord?
    var made: [String] = []
    var outcomes: [String: [GestureOutcome]] = [:]
    var shown: SyncBoard?
  }

  var random: SplitMix
  var now: Int64 = 0
  var server: ReferenceServer
  var clients: [Client] = []
  var links = Links()
  var nextLink = 1
  var moves = 0
  let configuration: BoardSync.Configuration
  let seed: UInt64
  /// Frames go through the wire's JSON (one run in 8: the rest pass the typed messages, faster).
  let wire: Bool
  var failure: String?

  init(seed: UInt64) {
    self.seed = seed
    wire = seed % 8 == 0
    random = SplitMix(seed: seed)
    let columns = 2 + random.below(3)
    var cols: [SyncBoard.Column] = []
    var card = 0
    for c in 0..<columns {
      let count = random.below(5)
      cols.append(SyncBoard.Column(id: "col\(c)", cards: (0..<count).map { "k\(card + $0)" }))
      card += count
    }
    server = ReferenceServer(board: SyncBoard(columns: cols) ?? SyncBoard(), seed: seed)
    var configuration = BoardSync.Configuration(token: "t")
    configuration.initialBackoffMs = 10
    configuration.maximumBackoffMs = 200
    configuration.connectTimeoutMs = 400
    configuration.gapTimeoutMs = 50
    configuration.heartbeatMs = 150
    // Checked after every input here, so that a broken one names its seed instead of trapping.
    configuration.assertsInvariants = false
    self.configuration = configuration
    let count = 2 + random.below(7)
    for i in 0..<count {
      clients.append(Client(sync: BoardSync(configuration)))
      if random.chance(5) { server.viewers.insert(i) }
    }
  }

  /// The run: `steps` of activity, then quiet until every client has settled (or a deadline).
  mutating func run(steps: Int) -> String? {
    for i in clients.indices { perform(i, clients[i].sync.tick(now: now)) }
    for _ in 0..<steps {
      now += 1 + Int64(random.below(12))
      disturb()
      deliver()
      if failure != nil { return failure }
    }
    let deadline = now + 20_000
    while now < deadline, !settled {
      now = max(now + 1, nextEvent ?? deadline)
      deliver()
      if failure != nil { return failure }
    }
    return failure ?? check()
  }

  /// When the next frame arrives, connection opens or client wakes.
  var nextEvent: Int64? {
    var next: Int64?
    func consider(_ t: Int64?) {
      if let t { next = min(next ?? t, t) }
    }
    for client in clients {
      consider(client.wake)
      consider(client.opening?.at)
    }
    for link in links.values {
      consider(link.up.first?.at)
      consider(link.down.first?.at)
    }
    return next
  }

  // MARK: What happens by chance

  mutating func disturb() {
    let i = random.below(clients.count)
    if random.chance(35) { localMove(i) }
    if random.chance(3), let id = random.pick(links.ids) { cut(id, silent: random.chance(30)) }
    if random.chance(1) { restart(random.below(clients.count)) }
    if random.chance(1) { send(server.deleteSomething()) }
    if random.chance(3) { server.compact() }
    if random.chance(1), random.chance(30) {
      // A board restored: its followers are closed, and each reads it whole under the new epoch.
      server.newEpoch()
      for id in links.ids { cut(id, silent: false) }
    }
  }

  mutating func localMove(_ i: Int) {
    // The person moves what the view shows (the machine's `shown`, if it said every change).
    let board = clients[i].shown ?? clients[i].sync.shown
    let gesture = "c\(i)-\(clients[i].made.count)-\(moves)"
    moves += 1
    var change: WireChange?
    if random.chance(15), board.columns.count > 1 {
      let ids = board.columns.map(\.id)
      if let item = random.pick(ids) {
        let rest = ids.filter { $0 != item }
        change = .moveColumns(items: [item], before: random.chance(30) ? nil : random.pick(rest))
      }
    } else {
      let cards = board.columns.flatMap(\.cards)
      if let card = random.pick(cards), let column = random.pick(board.columns) {
        var items = [card]
        if random.chance(20), let other = random.pick(cards), other != card { items.append(other) }
        let there = column.cards.filter { !items.contains($0) }
        change = .moveCards(items: items, column: column.id, before: random.chance(30) ? nil : random.pick(there))
      }
    }
    guard let change else { return }
    let actions = clients[i].sync.local(change, gesture: gesture, now: now)
    if !actions.contains(where: { if case .report = $0 { true } else { false } }) {
      clients[i].made.append(gesture)
      // The view made the move: it shows it already.
      var view = board
      view.apply(change, strict: true)
      clients[i].shown = view
    }
    perform(i, actions)
  }

  mutating func cut(_ id: Int, silent: Bool) {
    guard let link = links[id] else { return }
    server.connections[id] = nil
    if silent {
      links[id]?.silent = true
      links[id]?.up = []
      links[id]?.down = []
    } else {
      links[id] = nil
      clients[link.client].link = nil
      perform(link.client, clients[link.client].sync.disconnected(now: now))
    }
  }

  /// The client process ends and starts again from what it persisted.
  mutating func restart(_ i: Int) {
    if let id = clients[i].link {
      links[id] = nil
      server.connections[id] = nil
    }
    clients[i].link = nil
    clients[i].opening = nil
    clients[i].wake = nil
    clients[i].sync = BoardSync(configuration, restoring: clients[i].persisted)
    clients[i].shown = clients[i].sync.shown
    perform(i, clients[i].sync.tick(now: now))
  }

  // MARK: The transport

  mutating func deliver() {
    var moved = true
    var rounds = 0
    while moved {
      moved = false
      rounds += 1
      guard rounds < 10_000 else {
        failure = "seed \(seed): at \(now), the clients and the server never stop (a wake-up in the past?)"
        return
      }
      for i in clients.indices {
        if let opening = clients[i].opening, opening.at <= now {
          clients[i].opening = nil
          moved = true
          if opening.succeeds {
            let id = nextLink
            nextLink += 1
            links[id] = Link(client: i)
            server.connections[id] = ReferenceServer.Connection(client: i)
            clients[i].link = id
            perform(i, clients[i].sync.connected(now: now))
          } else {
            perform(i, clients[i].sync.disconnected(now: now))
          }
        }
        if let wake = clients[i].wake, wake <= now {
          clients[i].wake = nil
          moved = true
          perform(i, clients[i].sync.tick(now: now))
        }
      }
      for id in links.ids {
        while let frame = links[id]?.up.first, frame.at <= now {
          links[id]?.up.removeFirst()
          moved = true
          let message: ClientMessage
          switch frame.message {
          case .message(let m): message = m
          case .text(let text):
            do {
              message = try ClientMessage(json: text)
            } catch {
              failure = "seed \(seed): the server cannot read \(text): \(error)"
              return
            }
          }
          send(server.handle(message, from: id, now: now))
        }
        while let frame = links[id]?.down.first, frame.at <= now, let link = links[id] {
          links[id]?.down.removeFirst()
          moved = true
          switch frame.message {
          case .message(let message): perform(link.client, clients[link.client].sync.received(message, now: now))
          case .text(let text): perform(link.client, clients[link.client].sync.received(text: text, now: now))
          case .pong: perform(link.client, clients[link.client].sync.heard(now: now))
          }
        }
      }
      if failure != nil { return }
    }
  }

  /// Frames from the server onto their connections, each after the last one there.
  mutating func send(_ messages: [(to: Int, ServerMessage)]) {
    for (id, message) in messages { push(wire ? .text(message.text) : .message(message), to: id) }
  }

  mutating func push(_ down: Down, to id: Int) {
    guard let link = links[id], !link.silent else { return }
    let at = max(link.down.last?.at ?? 0, now + 1 + Int64(random.below(15)))
    links[id]?.down.append(Frame(at: at, message: down))
  }

  /// One client's actions, performed in order as its owner would.
  mutating func perform(_ i: Int, _ actions: [SyncAction]) {
    if let problem = clients[i].sync.checkInvariants() {
      failure = "seed \(seed): client \(i) at \(now): \(problem)"
      return
    }
    for action in actions {
      switch action {
      case .connect:
        clients[i].opening = (now + 1 + Int64(random.below(30)), !random.chance(10))
      case .send(let message):
        guard let id = clients[i].link, let link = links[id], !link.silent else { continue }
        let at = max(link.up.last?.at ?? 0, now + 1 + Int64(random.below(15)))
        links[id]?.up.append(Frame(at: at, message: wire ? .text(message.text) : .message(message)))
      case .ping:
        if let id = clients[i].link { push(.pong, to: id) }
      case .close:
        if let id = clients[i].link {
          links[id] = nil
          server.connections[id] = nil
        }
        clients[i].link = nil
        clients[i].opening = nil
      case .apply(let view):
        clients[i].shown = view.board
      case .persist(let record): clients[i].persisted = record
      case .settled(let gesture, let outcome): clients[i].outcomes[gesture, default: []].append(outcome)
      case .wakeAt(let time): clients[i].wake = time
      case .announce, .report: break
      }
    }
  }

  // MARK: The end

  var settled: Bool {
    for client in clients {
      guard client.sync.isOnline, client.sync.pending.isEmpty, client.sync.revision == server.revision,
        client.sync.epoch == server.epoch
      else { return false }
    }
    return links.values.allSatisfy {
      $0.up.isEmpty && $0.down.allSatisfy { if case .pong = $0.message { true } else { false } }
    }
  }

  func check() -> String? {
    let say = { (what: String) in "seed \(seed) (\(clients.count) clients, \(server.revision) revisions): \(what)" }
    guard settled else {
      let states = clients.map { c in
        "\(c.sync.isOnline ? "online" : "offline") r\(c.sync.revision) \(c.sync.epoch ?? "-") \(c.sync.pending.count)p \(c.sync.early.count)e \(c.sync.link)"
      }
      return say("not settled after the quiet time (server r\(server.revision) \(server.epoch)): \(states)")
    }
    var committed = Set<String>()
    for entry in server.log {
      if let g = entry.gesture, !committed.insert(g).inserted { return say("gesture \(g) committed twice") }
    }
    for (i, client) in clients.enumerated() {
      if client.sync.confirmed != server.board { return say("client \(i) differs from the server") }
      if client.sync.shown != server.board { return say("client \(i) shows another board") }
      if (client.shown ?? SyncBoard()) != server.board { return say("client \(i)'s view shows another board") }
      if let problem = client.sync.checkInvariants(deep: true) { return say("client \(i): \(problem)") }
      var last: Int64 = 0
      for gesture in client.made {
        guard let outcomes = client.outcomes[gesture], outcomes.count == 1, let outcome = outcomes.first else {
          return say("client \(i)'s gesture \(gesture) settled \(client.outcomes[gesture]?.count ?? 0) times")
        }
        let revision = server.gestures[gesture]
        switch outcome {
        case .committed(let r):
          guard revision == r else { return say("gesture \(gesture) acked as \(r), committed as \(revision ?? -1)") }
          // An epoch's revisions start again only in a real restore; here they go on.
          guard r > last else { return say("client \(i)'s gesture \(gesture) committed out of order") }
          last = r
        case .lost, .refused:
          guard revision == nil else { return say("gesture \(gesture) refused but committed") }
        }
      }
    }
    return nil
  }
}
