import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOWebSocket
import ReorderKitPostgres
import ServiceLifecycle

/// One `live` WebSocket: `hello` first (within 5 s), then `commit`s, each answered; `remote`s
/// pushed by the hub in between. Every outgoing frame goes through one ``Outbox``, written in
/// order. Anything malformed gets an `error` and the connection stays.
struct LiveConnection {
  /// The largest message read (a larger frame closes the connection with 1009).
  static let maximumMessage = 1 << 16
  /// The most commits a connection may make in one second.
  static let commitsPerSecond = 100
  /// How long a client has to say `hello`.
  static let helloTimeout = Duration.seconds(5)
  /// How long a shutdown waits for connections to answer the close (1001) before it cuts them.
  static let shutdownGrace = Duration.seconds(10)

  let hub: LiveHub
  let store: BoardStore
  let board: String
  let logger: Logger

  /// Where the connection is.
  enum State {
    case waitingForHello
    case following(id: Int, access: Access)
  }

  /// What a connection keeps between messages.
  struct Session: Sendable {
    var state = State.waitingForHello
    /// When its recent commits came (at most ``commitsPerSecond`` in the last second).
    var recent: [ContinuousClock.Instant] = []
    /// The first commit refused for the rate, until it comes again, and when it may.
    var held: (gesture: String, until: ContinuousClock.Instant)?
    /// Its place in the hub's ``HelloWatch`` until the hello comes.
    let watch: Int
  }

  /// What handling a message came to: go on reading, or stop (the close is queued).
  enum Next {
    case read
    case stop
  }

  func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
    let sink = Outbox(outbound)
    // Messages are handled in this task; the hello's token check and join, which go deep, run in a
    // task of their own (`join(_:_:)`), so that an idle follower does not keep their stack. (Each
    // message in an `async let` child did the same, but hung twice in 3 runs of the unit stage.)
    var session = Session(watch: hub.hellos.watch(sink))
    await withGracefulShutdownHandler {
      do {
        guard BoardName.isValid(board) else {
          sink.yield(.close(code: CloseCode.policyViolation, reason: "no such board"))
          return
        }
        for try await message in inbound.messages(maxSize: Self.maximumMessage) {
          if try await handle(message, &session, sink) == .stop { return }
        }
      } catch {
        logger.debug("live connection on \(board) ended: \(error)")
      }
    } onGracefulShutdown: {
      sink.yield(.close(code: CloseCode.goingAway, reason: "server shutting down"))
    }
    hub.hellos.forget(session.watch)
    if case .following(let id, _) = session.state { await hub.leave(board: board, id: id) }
    await sink.finish()
  }

  /// One message read: answered, or the connection closed.
  func handle(_ message: WebSocketMessage, _ session: inout Session, _ sink: Outbox)
    async throws -> Next
  {
    guard case .text(let text) = message else {
      sink.yield(.text(jsonLine(ErrorMessage(code: "binaryFrame", message: "Messages are JSON text frames."))))
      return .read
    }
    let bytes = Data(text.utf8)
    guard let envelope = try? JSONDecoder().decode(Envelope.self, from: bytes) else {
      sink.yield(.text(jsonLine(ErrorMessage(code: "malformed", message: "Not a JSON object with a type."))))
      return .read
    }
    switch (envelope.type, session.state) {
    case ("hello", .waitingForHello):
      // The hello came in time: checking its token and joining may take longer (a thousand
      // clients connecting at once queue for the database) without the timer closing it.
      hub.hellos.forget(session.watch)
      guard let hello = try? JSONDecoder().decode(HelloMessage.self, from: bytes) else {
        sink.yield(.close(code: CloseCode.policyViolation, reason: "hello needs a token"))
        return .stop
      }
      switch try await join(hello, sink) {
      case .invalidToken:
        sink.yield(.close(code: CloseCode.policyViolation, reason: "invalid token"))
        return .stop
      case .otherBoard:
        sink.yield(.close(code: CloseCode.policyViolation, reason: "the token is for another board"))
        return .stop
      case .joined(_, .noBoard):
        sink.yield(.close(code: CloseCode.policyViolation, reason: "no such board"))
        return .stop
      case .joined(_, .tooManyConnections):
        sink.yield(
          .close(
            code: CloseCode.policyViolation,
            reason: "more than \(LiveHub.connectionsPerToken) connections for this token"))
        return .stop
      case .joined(let access, .joined(let id, let welcome)):
        // The welcome goes first: the hub yields remotes into the same queue only after join.
        sink.yield(.text(jsonLine(welcome)))
        session.state = .following(id: id, access: access)
      }
    case ("hello", .following(_, let access)):
      guard let hello = try? JSONDecoder().decode(HelloMessage.self, from: bytes) else {
        sink.yield(
          .text(
            jsonLine(
              ErrorMessage(code: "malformed", message: "hello is {\"type\", \"token\", \"after\"?, \"epoch\"?}."))
          ))
        return .read
      }
      if let welcome = try await hub.rewelcome(
        board: board, role: access.role, after: hello.after, epoch: hello.epoch)
      {
        sink.yield(.text(jsonLine(welcome)))
      }
    case ("commit", .waitingForHello):
      sink.yield(.text(jsonLine(ErrorMessage(code: "helloFirst", message: "Say hello before anything else."))))
    case ("commit", .following(let id, let access)):
      guard let commit = try? JSONDecoder().decode(CommitMessage.self, from: bytes) else {
        if let gesture = try? JSONDecoder().decode(GestureOnly.self, from: bytes) {
          sink.yield(
            .text(
              jsonLine(
                RejectedMessage(
                  gesture: gesture.gesture, reason: "invalid",
                  message: "change is {\"kind\": \"moveCards\" | \"moveColumns\", \"items\", …}."))))
        } else {
          sink.yield(
            .text(
              jsonLine(ErrorMessage(code: "malformed", message: "commit is {\"type\", \"gesture\", \"change\"}."))
            ))
        }
        return .read
      }
      guard Identifier.isValid(commit.gesture) else {
        sink.yield(.text(jsonLine(ErrorMessage(code: "malformed", message: "gesture: \(Identifier.rule)."))))
        return .read
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
        let milliseconds = max(
          1, Int(wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000))
        sink.yield(
          .text(
            jsonLine(RejectedMessage(gesture: commit.gesture, reason: "rateLimited", retryAfterMs: milliseconds)))
        )
        return .read
      }
      session.held = nil
      session.recent.append(now)
      guard access.role == .editor else {
        sink.yield(
          .text(
            jsonLine(
              RejectedMessage(
                gesture: commit.gesture, reason: "forbidden", message: "A viewer's token does not move cards."))))
        return .read
      }
      switch try await hub.commit(board: board, from: id, gesture: commit.gesture, change: commit.change) {
      case .ack(let revision, let changes):
        sink.yield(.text(jsonLine(AckMessage(gesture: commit.gesture, revision: revision, changes: changes))))
      case .rejected(let reason, let message):
        sink.yield(.text(jsonLine(RejectedMessage(gesture: commit.gesture, reason: reason, message: message))))
      }
    default:
      sink.yield(
        .text(
          jsonLine(
            ErrorMessage(
              code: "unknownType",
              message: "Messages are hello and commit, not \(Identifier.quoted(envelope.type))."))))
    }
    return .read
  }

  /// What a `hello` came to.
  enum HelloOutcome {
    case invalidToken
    case otherBoard
    case joined(Access, LiveHub.JoinResult)
  }

  /// Checks a hello's token and joins the board's feed, in a task of its own: the token check and
  /// the join go deep into PostgresNIO, and a Swift task keeps the largest stack it ever had until
  /// it ends (heaptrack: 33 KB of every idle follower's connection, when this ran in the
  /// connection's task).
  func join(_ hello: HelloMessage, _ sink: Outbox) async throws -> HelloOutcome {
    let (hub, store, board) = (hub, store, board)
    let (token, after, epoch) = (hello.token, hello.after, hello.epoch)
    return try await Task {
      guard let access = try await store.access(token: token) else { return HelloOutcome.invalidToken }
      guard access.board == board else { return .otherBoard }
      return .joined(access, try await hub.join(board: board, access: access, after: after, epoch: epoch, sink: sink))
    }.value
  }
}
