#if Sharing
  import CSDL2
  import Foundation
  import ReorderKit
  import ReorderKitPostgres
  import ReorderKitShare
  import Synchronization

  /// The Board scene shared (`--share https://host/boards/B` through reorder-server, or
  /// `postgresql://…` on loopback): the link between the app, which runs one frame at a time on the
  /// main thread, and a ``RemoteBoard`` or ``SharedBoard`` (actors).
  ///
  /// The app hands over each committed change as it happens (``send(_:)``); one task gives them to
  /// the shared board in order. What the shared board reports (others' commits, lost races, the
  /// connection) waits in an inbox the app drains each frame (``drain()``), and an SDL event wakes
  /// the frame loop when it sleeps. The board to show is read through the same ordered task, so it
  /// always includes every change the app handed over before it asked, and the app shows it only if
  /// it handed over nothing since.
  final class BoardShare: Sendable {
    /// The board's identifier on the server.
    let boardID: String

    enum Command: Sendable {
      case change(Change<String, String>)
      case moveColumn(String, before: String?)
      /// Reads the board to show; `generation`: the changes handed over before the request.
      case read(generation: Int)
      /// Fills the board with these columns and cards if the server's is empty (a first start offline).
      case seedIfEmpty(Snapshot<String, String>)
    }

    struct Inbox: Sendable {
      var events: [SharedBoardEvent] = []
      /// The board read by the last `.read`, with the generation it includes.
      var read: (state: BoardState, generation: Int)?
      var unsent = 0
      var connection: SharedBoardConnection?
      var errors: [String] = []
      /// The board changed without an event (this client filled it): read it again.
      var reload = false
      /// The columns and cards to fill an empty board with, once online.
      var seed: Snapshot<String, String>?
    }

    /// What the app drains each frame.
    struct Drained {
      var events: [SharedBoardEvent]
      var read: (state: BoardState, generation: Int)?
      var unsent: Int
      var errors: [String]
      var reload: Bool
    }

    let url: String
    let outboxPath: String
    let shared: any SharedBoardClient
    /// The inbox, shared with the tasks.
    final class Mailbox: Sendable {
      let inbox = Mutex(Inbox())
    }
    private let mailbox = Mailbox()
    private let commands: AsyncStream<Command>.Continuation
    /// The changes handed over so far (main thread only, but kept here so the class stays Sendable).
    private let handedOver = Mutex(0)
    private let tasks = Mutex([Task<Void, Never>]())

    /// Opens the local outbox and the shared board (nothing talks to the server yet).
    /// - Throws: a one-line reason: a URL that is not PostgreSQL's, an outbox that cannot be opened.
    convenience init(url: String, board: String, outboxPath: String) throws {
      var configuration = SharedBoard.Configuration(
        url: url, board: board, outboxPath: outboxPath, clientName: "reorder-demo", name: Self.name)
      configuration.maximumBackoff = .seconds(2)
      try self.init(url: url, board: board, outboxPath: outboxPath, shared: SharedBoard(configuration))
    }

    /// Shares through reorder-server: the board's link, the person's token, and the certificates
    /// trusted besides the system's (`--trust`).
    convenience init(link: String, token: String, outboxPath: String, trust: String? = nil) throws {
      var configuration = RemoteBoard.Configuration(link: link, token: token, outboxPath: outboxPath, name: Self.name)
      configuration.maximumBackoff = .seconds(2)
      configuration.trustedCertificates = trust
      let remote = try RemoteBoard(configuration)
      try self.init(url: link, board: remote.board, outboxPath: outboxPath, shared: remote)
    }

    /// A card's or column's name in announcements.
    static let name: @Sendable (String) -> String = { id in
      BoardScene.columns.first { $0.id == id }?.title ?? BoardScene.title(of: id)
    }

    private init(url: String, board: String, outboxPath: String, shared: any SharedBoardClient) throws {
      self.url = url
      self.boardID = board
      self.outboxPath = outboxPath
      self.shared = shared
      let (stream, continuation) = AsyncStream.makeStream(of: Command.self, bufferingPolicy: .unbounded)
      commands = continuation
      let shared = shared
      let mailbox = mailbox
      let work = Task {
        for await command in stream {
          switch command {
          case .change(let change):
            do {
              try await shared.commit(change)
            } catch {
              mailbox.inbox.withLock { $0.errors.append("\(error)") }
            }
          case .moveColumn(let id, let before):
            do {
              try await shared.moveColumns([id], before: before)
            } catch {
              mailbox.inbox.withLock { $0.errors.append("\(error)") }
            }
          case .read(let generation):
            let state = await shared.state
            let unsent = await shared.unsentCount
            mailbox.inbox.withLock {
              $0.read = (state, generation)
              $0.unsent = unsent
            }
            Self.wakeFrameLoop()
          case .seedIfEmpty(let seed):
            guard let shared = shared as? SharedBoard, await shared.state.rowCount == 0 else { continue }
            do {
              try await shared.insertColumns(seed.sections.map(\.id), before: nil)
              for section in seed.sections where !section.items.isEmpty {
                try await shared.commit(
                  .inserted(ReorderDifference(items: section.items, section: section.id), children: [:], expanded: []))
              }
            } catch {
              mailbox.inbox.withLock { $0.errors.append("\(error)") }
            }
            mailbox.inbox.withLock { $0.reload = true }
            Self.wakeFrameLoop()
          }
        }
      }
      let commands = commands
      let listen = Task {
        for await event in shared.events {
          let unsent = await shared.unsentCount
          let seed = mailbox.inbox.withLock { inbox -> Snapshot<String, String>? in
            inbox.events.append(event)
            inbox.unsent = unsent
            guard case .connection(let state, _) = event else { return nil }
            inbox.connection = state
            guard state == .online else { return nil }
            defer { inbox.seed = nil }
            return inbox.seed
          }
          if let seed { commands.yield(.seedIfEmpty(seed)) }
          Self.wakeFrameLoop()
        }
      }
      // The outbox empties without an event (the server confirms the app's own moves): the caption's
      // count follows it.
      let count = Task {
        while !Task.isCancelled {
          try? await Task.sleep(for: .milliseconds(250))
          let unsent = await shared.unsentCount
          let changed = mailbox.inbox.withLock { inbox in
            defer { inbox.unsent = unsent }
            return inbox.unsent != unsent
          }
          if changed { Self.wakeFrameLoop() }
        }
      }
      tasks.withLock { $0 = [work, listen, count] }
    }

    /// Creates the board on the server with the built-in columns and cards unless it is there, then
    /// connects in the background, and waits up to `timeout` for the board to load. Returns a
    /// one-line warning when the server cannot be reached (the app then works offline).
    func start(seed: Snapshot<String, String>, timeout: Duration) -> String? {
      let url = url
      let boardID = boardID
      if let remote = shared as? RemoteBoard { return start(remote, timeout: timeout) }
      let outcome = Self.blocking { () -> String? in
        do {
          try await SharedBoard.create(
            url: url, board: boardID, columns: seed.sections.map { (id: $0.id, cards: $0.items) })
          return nil
        } catch {
          return Self.describe(error)
        }
      }
      let shared = shared
      // Unreachable: the first client online fills the board if it is still empty then.
      if outcome != nil { mailbox.inbox.withLock { $0.seed = seed } }
      Self.blocking { await shared.start() }
      guard outcome == nil else {
        return
          "reorder-demo: warning: cannot reach the shared board at \(SharedBoard.redacting(url)) (\(outcome!)); working offline: moves wait in \(outboxPath) and are sent when the server is back"
      }
      let deadline = ContinuousClock.now + timeout
      while ContinuousClock.now < deadline {
        if mailbox.inbox.withLock({ $0.connection }) == .online { return nil }
        Thread.sleep(forTimeInterval: 0.02)
      }
      return
        "reorder-demo: warning: the shared board at \(SharedBoard.redacting(url)) did not load within \(timeout); working offline until it does"
    }

    /// Connects to reorder-server in the background (the board exists there: `reorder-server board
    /// create` made it) and waits up to `timeout` for it to load; a warning when it did not, with
    /// the server's reason when it refused the token.
    private func start(_ remote: RemoteBoard, timeout: Duration) -> String? {
      Self.blocking { await remote.start() }
      let deadline = ContinuousClock.now + timeout
      while ContinuousClock.now < deadline {
        if mailbox.inbox.withLock({ $0.connection }) == .online { return nil }
        if let refusal = Self.blocking({ await remote.refusal }) {
          return
            "reorder-demo: warning: the server at \(url) refused the token in --token-file (\(refusal)); working offline: moves wait in \(outboxPath)"
        }
        Thread.sleep(forTimeInterval: 0.05)
      }
      return
        "reorder-demo: warning: the shared board at \(url) did not load within \(timeout); working offline: moves wait in \(outboxPath) and are sent when the server is back"
    }

    /// The board as the shared board shows it now (its server state with the moves not yet sent).
    func currentState() -> BoardState {
      let shared = shared
      return Self.blocking { await shared.state }
    }

    /// Hands a committed change to the shared board.
    func send(_ command: Command) {
      handedOver.withLock { $0 += 1 }
      commands.yield(command)
    }

    /// Asks for the board to show (it arrives in a later ``drain()``).
    func requestRead() {
      commands.yield(.read(generation: handedOver.withLock { $0 }))
    }

    /// The changes handed over so far.
    var generation: Int { handedOver.withLock { $0 } }

    /// Takes what arrived since the last call.
    func drain() -> Drained {
      mailbox.inbox.withLock { inbox in
        defer {
          inbox.events = []
          inbox.read = nil
          inbox.errors = []
          inbox.reload = false
        }
        return Drained(
          events: inbox.events, read: inbox.read, unsent: inbox.unsent, errors: inbox.errors, reload: inbox.reload)
      }
    }

    /// Stops talking to the server (the outbox keeps what was not sent, for the next run).
    func close() {
      commands.finish()
      let work = tasks.withLock { $0 }
      let shared = shared
      Self.blocking {
        await work[0].value
        await shared.close()
        for task in work { task.cancel() }
      }
    }

    /// Runs async work to its end from the main thread (at start and at exit only).
    @discardableResult
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
      let result = Mutex<T?>(nil)
      let done = DispatchSemaphore(value: 0)
      Task {
        let value = await body()
        result.withLock { $0 = value }
        done.signal()
      }
      done.wait()
      return result.withLock { $0! }
    }

    /// Wakes the app's frame loop when it sleeps waiting for input.
    static func wakeFrameLoop() {
      var event = SDL_Event()
      event.type = SDL_USEREVENT.rawValue
      _ = SDL_PushEvent(&event)
    }

    /// A short reason for a failed connection.
    static func describe(_ error: any Error) -> String {
      let text = String(reflecting: error)
      if text.contains("Connection refused") { return "connection refused" }
      if text.contains("connectTimeout") || text.contains("timed out") { return "no answer" }
      if let range = text.range(of: "message: ") {
        return String(text[range.upperBound...].prefix { $0 != "," && $0 != ")" && $0 != "\n" })
      }
      return String(describing: error).split(separator: "\n").first.map(String.init) ?? "unknown error"
    }
  }
#endif
