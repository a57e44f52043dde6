import HummingbirdCore
import Logging
import NIOCore
import Synchronization

/// The first handler of every connection after TLS, on its raw bytes: it lets an HTTP request
/// through only once the whole request has been read within DESIGN's limits, and after an accepted
/// upgrade only the WebSocket frames that keep RFC 6455's rules (see ``RequestScanner`` and
/// ``FrameScanner`` for which). What breaks a limit is answered by the guard itself, with a small
/// HTTP/1.1 answer (`Connection: close`) or a close frame, and nothing after it is let through;
/// the connection then closes its output, reads and drops what the client still sends for at most
/// ``Limits/linger``, and closes.
///
/// Also:
/// - a request's head not read within 10 s of the connection's start, or of the first byte of a
///   next request after a keep-alive pause: 408;
/// - a keep-alive connection with nothing sent either way for 60 s: closed (no answer);
/// - more open connections from one remote address than ``Limits/connectionsPerAddress`` (counted
///   across the process by ``Addresses``): the next is answered 503.
///
/// The live connection ends a WebSocket with ``ForceClose``, sent down the pipeline:
///
/// ```swift
/// channel.triggerUserOutboundEvent(ConnectionGuard.ForceClose(code: 1008, reason: "slow consumer"), promise: nil)
/// ```
///
/// Bytes the server writes pass untouched. The guard logs sizes and codes, never bytes.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundIn = IOData
  typealias OutboundOut = IOData

  /// Ends a WebSocket connection at once, as the guard ends one that breaks a rule: a close frame
  /// with `code` and `reason` is written (unmasked, after what was written before it), the output
  /// is closed (once what was queued before it is written), and the connection is cut when the
  /// client closes its side or after ``Limits/linger`` (2 s), whichever comes first: a client that
  /// does not read holds it no longer than that. Frames the client sends after it are dropped. Before the upgrade it is a plain close; on a connection
  /// already ending it does nothing. The event's promise succeeds either way.
  ///
  /// ```swift
  /// try await channel.triggerUserOutboundEvent(ConnectionGuard.ForceClose(code: 1008, reason: "no hello")).get()
  /// ```
  struct ForceClose: Sendable, Equatable {
    /// The close code (1000…4999).
    let code: UInt16
    /// At most 123 bytes of UTF-8.
    let reason: String

    /// A close with this code and reason.
    init(code: UInt16, reason: String) {
      precondition((1000...4999).contains(code), "close code \(code) is not 1000…4999")
      precondition(reason.utf8.count <= 123, "a close reason is at most 123 bytes: \(reason.utf8.count)")
      self.code = code
      self.reason = reason
    }
  }

  /// Open connections per remote address, shared by every connection of a server.
  final class Addresses: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    /// Counts a connection from `address` unless `limit` are open already.
    func open(_ address: String, limit: Int) -> Bool {
      counts.withLock { counts in
        let open = counts[address, default: 0]
        guard open < limit else { return false }
        counts[address] = open + 1
        return true
      }
    }

    /// A counted connection from `address` closed.
    func close(_ address: String) {
      counts.withLock { counts in
        let open = counts[address, default: 0]
        precondition(open > 0, "a close from \(address) that has no open connection")
        counts[address] = open > 1 ? open - 1 : nil
      }
    }

    /// The connections open from `address`.
    func count(_ address: String) -> Int { counts.withLock { $0[address, default: 0] } }
  }

  private let limits: Limits
  private let addresses: Addresses
  private let logger: Logger
  private var machine: Machine?
  /// The address counted for this connection (released once at its end).
  private var counted: String?
  private var timer: Scheduled<Void>?
  private var timerDeadline: NIODeadline?
  /// Set once the guard answered and closed the output: the connection ends when the client ends
  /// its side or this fires.
  private var lingering: Scheduled<Void>?

  init(limits: Limits, addresses: Addresses, logger: Logger) {
    self.limits = limits
    self.addresses = addresses
    self.logger = logger
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { start(context: context) }
  }

  func handlerRemoved(context: ChannelHandlerContext) { end() }

  func channelActive(context: ChannelHandlerContext) {
    start(context: context)
    context.fireChannelActive()
  }

  func channelInactive(context: ChannelHandlerContext) {
    end()
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard lingering == nil else { return }
    guard machine != nil else {
      context.fireChannelRead(data)
      return
    }
    let action = machine!.received(unwrapInboundIn(data), now: .now())
    perform(action, context: context)
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if lingering != nil, let event = event as? ChannelEvent, event == .inputClosed {
      context.close(promise: nil)
      return
    }
    context.fireUserInboundEventTriggered(event)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard machine != nil else {
      context.write(data, promise: promise)
      return
    }
    if machine!.awaitsUpgradeAnswer {
      let action: Machine.ReadAction
      if case .byteBuffer(let bytes) = unwrapOutboundIn(data) {
        action = machine!.answerStarts(with: bytes.readableBytesView, now: .now())
      } else {
        action = machine!.answerStarts(with: ByteBuffer().readableBytesView, now: .now())
      }
      context.write(data, promise: promise)
      perform(action, context: context)
      return
    }
    if machine!.watchesWrites { machine!.wrote(now: .now()) }
    context.write(data, promise: promise)
  }

  func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
    guard let close = event as? ForceClose else {
      context.triggerUserOutboundEvent(event, promise: promise)
      return
    }
    promise?.succeed(())
    guard machine != nil, let refusal = machine!.forceClose(close) else { return }
    refuse(refusal, context: context, forced: true)
  }

  private func start(context: ChannelHandlerContext) {
    guard machine == nil else { return }
    machine = Machine(limits: limits, now: .now())
    if let address = context.channel.remoteAddress?.ipAddress {
      guard addresses.open(address, limit: limits.connectionsPerAddress) else {
        refuse(machine!.tooManyConnections(), context: context)
        return
      }
      counted = address
    }
    arm(context: context)
  }

  private func end() {
    timer?.cancel()
    timer = nil
    timerDeadline = nil
    lingering?.cancel()
    if let counted {
      addresses.close(counted)
      self.counted = nil
    }
  }

  private func perform(_ action: Machine.ReadAction, context: ChannelHandlerContext) {
    switch action {
    case .wait:
      break
    case .forward(let bytes):
      context.fireChannelRead(wrapInboundOut(bytes))
    case .refuse(let forwarding, let refusal):
      if let forwarding { context.fireChannelRead(wrapInboundOut(forwarding)) }
      refuse(refusal, context: context)
    }
    arm(context: context)
  }

  /// Arms the timer for the machine's deadline, unless one fires before it (it arms again then).
  private func arm(context: ChannelHandlerContext) {
    guard lingering == nil, let deadline = machine?.deadline else {
      timer?.cancel()
      timer = nil
      timerDeadline = nil
      return
    }
    if let timerDeadline, timerDeadline <= deadline { return }
    timer?.cancel()
    timerDeadline = deadline
    timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
      self.timer = nil
      self.timerDeadline = nil
      guard self.machine != nil else { return }
      switch self.machine!.timerFired(now: .now()) {
      case .wait: self.arm(context: context)
      case .refuse(let refusal): self.refuse(refusal, context: context)
      }
    }
  }

  /// Answers (or not, for `.quiet`), closes the output and lingers.
  private func refuse(_ refusal: Refusal, context: ChannelHandlerContext, forced: Bool = false) {
    guard lingering == nil else { return }
    timer?.cancel()
    timer = nil
    timerDeadline = nil
    logger.debug(
      forced ? "connection closed by the server" : "connection refused",
      metadata: ["reorder.guard.code": "\(refusal.code)", "reorder.guard.reason": "\(refusal.reason)"])
    guard let answer = Self.answer(refusal, allocator: context.channel.allocator) else {
      context.close(promise: nil)
      return
    }
    lingering = context.eventLoop.assumeIsolated().scheduleTask(in: limits.linger) {
      context.close(promise: nil)
    }
    context.writeAndFlush(wrapOutboundOut(.byteBuffer(answer)), promise: nil)
    let closed = context.eventLoop.makePromise(of: Void.self)
    closed.futureResult.assumeIsolated().whenFailure { _ in context.close(promise: nil) }
    context.close(mode: .output, promise: closed)
  }

  /// The bytes of an answer: an HTTP/1.1 response or an unmasked close frame (`nil`: none).
  static func answer(_ refusal: Refusal, allocator: ByteBufferAllocator) -> ByteBuffer? {
    switch refusal {
    case .http(let status, let phrase, let text):
      let body = text + "\n"
      return allocator.buffer(
        string: "HTTP/1.1 \(status) \(phrase)\r\nContent-Type: text/plain; charset=utf-8\r\n"
          + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
    case .webSocket(let code, let reason):
      var frame = allocator.buffer(capacity: 4 + reason.utf8.count)
      frame.writeInteger(UInt8(0x88))
      frame.writeInteger(UInt8(2 + reason.utf8.count))
      frame.writeInteger(code)
      frame.writeString(reason)
      return frame
    case .quiet:
      return nil
    }
  }
}

@available(*, unavailable)
extension ConnectionGuard: Sendable {}

extension ConnectionGuard.Refusal {
  /// What the log says of it (the guard's own words, never the client's bytes).
  var reason: String {
    switch self {
    case .http(_, _, let text): text
    case .webSocket(_, let reason): reason
    case .quiet: "idle"
    }
  }
}

/// A child channel whose connections go through a ``ConnectionGuard`` before `Base`'s handlers
/// (and after TLS, when `TLSChannel` wraps this).
///
/// ```swift
/// HTTPServerBuilder { responder in
///   GuardedChannel(base: HTTP1Channel(responder: responder), limits: .init(), addresses: .init())
/// }
/// ```
struct GuardedChannel<Base: ServerChildChannel>: ServerChildChannel {
  typealias Value = Base.Value

  let base: Base
  let limits: ConnectionGuard.Limits
  let addresses: ConnectionGuard.Addresses

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    channel.eventLoop.makeCompletedFuture {
      try channel.pipeline.syncOperations.addHandler(
        ConnectionGuard(limits: limits, addresses: addresses, logger: logger), position: .last)
    }.flatMap {
      base.setup(channel: channel, logger: logger)
    }
  }

  func handle(value: Value, logger: Logger) async {
    await base.handle(value: value, logger: logger)
  }
}
