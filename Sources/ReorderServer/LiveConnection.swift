import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import ReorderKitShare
import ServiceLifecycle

import enum ReorderSync.ClientMessage
import enum ReorderSync.ErrorCode

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
  /// The most error replies before the hello: the next bad message closes the connection (1008).
  static let refusalsBeforeHello = 4
  /// The shortest time between two answered `hello`s of one connection.
  static let helloInterval = Duration.seconds(1)

  let hub: LiveHub
  let store: BoardStore
  let board: String
  let logger: Logger
  /// The connection's channel, closed at once by a close that must not wait behind unread frames.
  var channel: (any Channel)?
  /// Whether the page that opened it may (its `Origin` is allowed, or it sent none).
  var originAllowed = true

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
    /// Bad messages answered before the hello (the fifth closes the connection).
    var refusedBeforeHello = 0
    /// When its last `hello` was answered, and the one waiting for the next second (if any).
    var lastHello: ContinuousClock.Instant?
    var deferredHello: DeferredHello?
    /// Messages read.
    var received = 0
  }

  /// What handling a message came to: go on reading, or stop (the close is queued).
  enum Next {
    case read
    case stop
  }

  func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
    let started = ContinuousClock.now
    let sink = Outbox(outbound, metrics: hub.metrics, abort: Self.closer(channel))
    hub.metrics.connectionOpened(role: nil)
    // Messages are handled in this task; the hello's token check and join, which go deep, run in a
    // task of their own (`join(_:_:)`), so that an idle follower does not keep their stack. (Each
    // message in an `async let` child did the same, but hung twice in 3 runs of the unit stage.)
    var session = Session(watch: hub.hellos.watch(sink))
    await withGracefulShutdownHandler {
      do {
        guard originAllowed else {
          sink.yield(.close(code: CloseCode.policyViolation, reason: "origin not allowed"))
          return
        }
        guard BoardName.isValid(board) else {
          sink.yield(.close(code: CloseCode.policyViolation, reason: "no such board"))
          return
        }
        for try await message in inbound.messages(maxSize: Self.maximumMessage) {
          session.received += 1
          if try await handle(message, &session, sink) == .stop { return }
          // A client that does not read its replies is not read from either, until they drain.
          await sink.waitForRoom()
        }
      } catch {
        // The error's type only: a description may quote what the client sent.
        sink.noteEnd("error \(type(of: error))")
      }
    } onGracefulShutdown: {
      sink.yield(.close(code: CloseCode.goingAway, reason: "server shutting down"))
    }
    hub.hellos.forget(session.watch)
    session.deferredHello?.cancel()
    var role: Role?
    if case .following(let id, let access) = session.state {
      role = access.role
      await hub.leave(board: board, id: id)
    }
    hub.metrics.connectionClosed(role: role)
    await sink.finish()
    let seconds =
      Double((ContinuousClock.now - started).components.seconds)
      + Double((ContinuousClock.now - started).components.attoseconds) / 1e18
    logger.info(
      "live connection ended",
      metadata: [
        "board": .string(board), "role": .string(role?.rawValue ?? "none"),
        "reason": .string(sink.closeReason ?? "client closed, or no pong within 30 s"),
        "messages": .stringConvertible(session.received), "seconds": .string(String(format: "%.1f", seconds)),
      ])
  }

  /// Closes a channel at once: the ``ConnectionGuard`` writes a close frame below the queue and
  /// cuts the connection; in any case it is closed 3 s later.
  static func closer(_ channel: (any Channel)?) -> @Sendable (UInt16, String) -> Void {
    { code, reason in
      guard let channel else { return }
      channel.triggerUserOutboundEvent(ConnectionGuard.ForceClose(code: code, reason: reason), promise: nil)
      channel.eventLoop.scheduleTask(in: .seconds(3)) { channel.close(promise: nil) }
    }
  }

  /// An error reply; before the hello, the fifth closes the connection instead (1008).
  func refuse(_ error: ErrorMessage, _ session: inout Session, _ sink: Outbox) -> Next {
    if case .waitingForHello = session.state {
      session.refusedBeforeHello += 1
      guard session.refusedBeforeHello <= Self.refusalsBeforeHello else {
        // Queued after the four answers (nothing else can be queued before a hello).
        sink.yield(.closeNow(code: CloseCode.policyViolation, reason: "too many bad messages before hello"))
        return .stop
      }
    }
    sink.yield(.text(jsonLine(error)))
    return .read
  }

  /// One message read, decoded once (``LiveFrame``): answered, or the connection closed.
  func handle(_ message: WebSocketMessage, _ session: inout Session, _ sink: Outbox)
    async throws -> Next
  {
    guard case .text(let text) = message else {
      return refuse(ErrorMessage(code: .binaryFrame, message: "Messages are JSON text frames."), &session, sink)
    }
    switch (LiveFrame(text), session.state) {
    case (.malformed, _):
      return refuse(ErrorMessage(code: .malformed, message: "Not a JSON object with a type."), &session, sink)
    case (.unknownType(let type), _):
      return refuse(
        ErrorMessage(code: .unknownType, message: "Messages are hello and commit, not \(Identifier.quoted(type))."),
        &session, sink)
    case (.message(.hello(let hello)), .waitingForHello):
      return try await firstHello(hello, &session, sink)
    case (.unreadableHello, .waitingForHello):
      hub.hellos.forget(session.watch)
      sink.yield(.close(code: CloseCode.policyViolation, reason: "hello needs a token"))
      return .stop
    case (.message(.hello(let hello)), .following(_, let access)):
      try await helloAgain(hello, role: access.role, &session, sink)
    case (.unreadableHello, .following):
      sink.yield(
        .text(
          jsonLine(ErrorMessage(code: .malformed, message: "hello is {\"type\", \"token\", \"after\"?, \"epoch\"?}."))
        ))
    case (.message(.commit), .waitingForHello), (.unreadableCommit, .waitingForHello),
      (.unreadableChange, .waitingForHello):
      return refuse(ErrorMessage(code: .helloFirst, message: "Say hello before anything else."), &session, sink)
    case (.unreadableChange(let gesture), .following):
      sink.yield(
        .text(
          jsonLine(
            RejectedMessage(
              gesture: gesture, reason: .invalid,
              message: "change is {\"kind\": \"moveCards\" | \"moveColumns\", \"items\", …}."))))
    case (.unreadableCommit, .following):
      sink.yield(
        .text(jsonLine(ErrorMessage(code: .malformed, message: "commit is {\"type\", \"gesture\", \"change\"}."))))
    case (.message(.commit(let commit)), .following(let id, let access)):
      try await self.commit(commit, from: id, access: access, &session, sink)
    }
    return .read
  }

  /// The first `hello`, in time: checking its token and joining may take longer (a thousand
  /// clients connecting at once queue for the database) without the timer closing it.
  func firstHello(_ hello: ClientMessage.Hello, _ session: inout Session, _ sink: Outbox) async throws -> Next {
    hub.hellos.forget(session.watch)
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
      session.lastHello = .now
      hub.metrics.connectionClosed(role: nil)
      hub.metrics.connectionOpened(role: access.role)
      return .read
    }
  }

  /// A `hello` on a connection that follows already: answered at once when the last was a second
  /// ago or more; else it waits for that second (one task, no database query), a later one taking
  /// its place, and each one it replaces is answered `rateLimited`.
  func helloAgain(_ hello: ClientMessage.Hello, role: Role, _ session: inout Session, _ sink: Outbox) async throws {
    let now = ContinuousClock.now
    if let deferred = session.deferredHello, deferred.isWaiting {
      let wait = deferred.replace(with: hello) - now
      hub.metrics.rateLimited()
      sink.yield(.text(jsonLine(ErrorMessage.rateLimited(wait))))
      return
    }
    if let last = session.lastHello, now - last < Self.helloInterval {
      let (hub, board) = (hub, board)
      session.lastHello = last + Self.helloInterval
      session.deferredHello = DeferredHello(hello, at: last + Self.helloInterval) { hello in
        if let welcome = try? await hub.rewelcome(board: board, role: role, after: hello.after, epoch: hello.epoch) {
          sink.yield(.text(jsonLine(welcome)))
        }
      }
      return
    }
    session.lastHello = now
    if let welcome = try await hub.rewelcome(board: board, role: role, after: hello.after, epoch: hello.epoch) {
      sink.yield(.text(jsonLine(welcome)))
    }
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
  func join(_ hello: ClientMessage.Hello, _ sink: Outbox) async throws -> HelloOutcome {
    let (hub, store, board) = (hub, store, board)
    let (token, after, epoch) = (hello.token, hello.after, hello.epoch)
    return try await Task {
      guard let access = try await store.access(token: token) else { return HelloOutcome.invalidToken }
      guard access.board == board else { return .otherBoard }
      return .joined(access, try await hub.join(board: board, access: access, after: after, epoch: epoch, sink: sink))
    }.value
  }
}
