import NIOCore

extension ConnectionGuard {
  /// DESIGN's limits ("The board server, hardened"); tests make some of them smaller.
  struct Limits: Sendable {
    /// A request line over this: 414.
    var requestLine = 8 * 1024
    /// Header lines over this many bytes in all: 431.
    var headerBytes = 16 * 1024
    /// More header lines than this: 431.
    var headerCount = 100
    /// A body over this (the API takes none): 413.
    var body = 1024
    /// A chunked body's size lines, CRLFs and trailers over this: 413.
    var chunkFraming = 4 * 1024
    /// A request's head (and its small body) not read within this of the connection's start, or of
    /// its first byte after a keep-alive pause: 408.
    var headTime = TimeAmount.seconds(10)
    /// A keep-alive connection with nothing sent either way for this long is closed.
    var idleTime = TimeAmount.seconds(60)
    /// A WebSocket message over this, however fragmented: 1009.
    var message = LiveConnection.maximumMessage
    /// What a client may send after its upgrade request before the server answers it.
    var beforeUpgrade = 2 * LiveConnection.maximumMessage
    /// After an answer that closes, how long what the client still sends is read and dropped
    /// before the connection is cut (so that the client reads the answer rather than a reset).
    var linger = TimeAmount.seconds(2)
    /// Open connections from one remote address: the next is answered 503.
    var connectionsPerAddress = ServeOptions.defaultMaxConnectionsPerAddress
  }

  /// Why the guard ends a connection, and what it answers.
  enum Refusal: Equatable, Sendable {
    /// A small HTTP/1.1 answer with `Connection: close` and this text.
    case http(status: Int, phrase: String, text: String)
    /// A WebSocket close frame with this code and reason.
    case webSocket(code: UInt16, reason: String)
    /// A close with no answer (an idle keep-alive connection).
    case quiet

    static let requestLineTooLong = Self.http(
      status: 414, phrase: "URI Too Long", text: "The request line is over 8 KB.")
    static let headersTooLarge = Self.http(
      status: 431, phrase: "Request Header Fields Too Large", text: "The headers are over 16 KB or more than 100.")
    static let bodyTooLarge = Self.http(
      status: 413, phrase: "Content Too Large", text: "This server takes no request body over 1 KB.")
    static let timeout = Self.http(
      status: 408, phrase: "Request Timeout", text: "The request was not read within 10 s.")
    static let tooManyConnections = Self.http(
      status: 503, phrase: "Service Unavailable", text: "Too many connections from this address.")
    static func badRequest(_ text: String) -> Self { .http(status: 400, phrase: "Bad Request", text: text + ".") }
    static let messageTooBig = Self.webSocket(code: 1009, reason: "message over 64 KB")
    static func protocolError(_ reason: String) -> Self { .webSocket(code: 1002, reason: reason) }

    /// The status or close code, for logs.
    var code: Int {
      switch self {
      case .http(let status, _, _): status
      case .webSocket(let code, _): Int(code)
      case .quiet: 0
      }
    }
  }

  /// The guard's state for one connection: HTTP requests read to their end and let through whole
  /// once they are within the limits, then (after an upgrade the server accepted) WebSocket frames
  /// let through up to the first that breaks a rule. Its inputs return what the handler does; it
  /// holds at most one request being read (under 30 KB), the bytes sent after an upgrade request
  /// until the server answers it, or the start of a frame header (under 14 bytes).
  ///
  /// ```swift
  /// var machine = ConnectionGuard.Machine(limits: .init(), now: .now())
  /// machine.received(ByteBuffer(string: "GET / HTTP/1.1\r\n"), now: .now())  // .wait
  /// machine.received(ByteBuffer(string: "\r\n"), now: .now())  // .forward(the whole request)
  /// ```
  struct Machine {
    /// What to do with bytes read.
    enum ReadAction: Equatable {
      /// Nothing yet (the bytes are held, or dropped once the connection is refused).
      case wait
      /// Pass these bytes on.
      case forward(ByteBuffer)
      /// Pass these bytes on (when there are any), then answer and close.
      case refuse(forwarding: ByteBuffer?, Refusal)
    }

    /// What to do when the deadline comes.
    enum TimerAction: Equatable {
      /// It moved: arm the timer again for ``deadline``.
      case wait
      case refuse(Refusal)
    }

    private enum State {
      case http(HTTP)
      /// An upgrade request went through; what the client sent since waits for the answer.
      case upgrading(held: ByteBuffer)
      case webSocket(WebSocket)
      case closed
      /// Only while an input changes the state (so that no copy of a held buffer is made).
      case modifying
    }

    private struct HTTP {
      var scanner: RequestScanner
      /// The request read so far (its bytes are let through once it has ended).
      var held: ByteBuffer?
      /// When the request must have been read, or when the idle connection closes.
      var deadline: NIODeadline
      /// Whether the deadline is the idle one (no byte of a next request yet).
      var idle: Bool
    }

    private struct WebSocket {
      var scanner: FrameScanner
      /// The start of a frame header, let through once the header is whole and fine.
      var held: ByteBuffer?
    }

    let limits: Limits
    private var state: State

    /// A connection that opened at `now`: its first request's head is due by `now + headTime`.
    init(limits: Limits, now: NIODeadline) {
      self.limits = limits
      state = .http(HTTP(scanner: RequestScanner(limits: limits), deadline: now + limits.headTime, idle: false))
    }

    /// When ``timerFired(now:)`` is due, if ever (never for a WebSocket or a closed connection).
    var deadline: NIODeadline? {
      if case .http(let http) = state { return http.deadline }
      return nil
    }

    /// Whether the server's next write tells if an upgrade was accepted (``answerStarts(with:now:)``).
    var awaitsUpgradeAnswer: Bool {
      if case .upgrading = state { return true }
      return false
    }

    /// Whether writes move the idle deadline (``wrote(now:)``).
    var watchesWrites: Bool {
      if case .http(let http) = state { return http.idle }
      return false
    }

    /// The connection is one too many from its address.
    mutating func tooManyConnections() -> Refusal {
      state = .closed
      return .tooManyConnections
    }

    /// Bytes the client sent.
    mutating func received(_ buffer: ByteBuffer, now: NIODeadline) -> ReadAction {
      switch state {
      case .http(var http):
        state = .modifying
        let action = read(buffer, http: &http, now: now)
        if case .modifying = state { state = .http(http) }
        return action
      case .upgrading(var held):
        state = .modifying
        var buffer = buffer
        held.writeBuffer(&buffer)
        guard held.readableBytes <= limits.beforeUpgrade else {
          state = .closed
          return .refuse(forwarding: nil, .quiet)
        }
        state = .upgrading(held: held)
        return .wait
      case .webSocket(var webSocket):
        state = .modifying
        let action = read(buffer, webSocket: &webSocket)
        if case .modifying = state { state = .webSocket(webSocket) }
        return action
      case .closed:
        return .wait
      case .modifying:
        preconditionFailure("received(_:now:) while the state is being changed")
      }
    }

    /// The server's answer to an upgrade request begins with `bytes`: a 101 turns the connection
    /// to WebSocket frames, anything else back to HTTP requests. What the client sent meanwhile is
    /// read as such.
    mutating func answerStarts(with bytes: ByteBufferView, now: NIODeadline) -> ReadAction {
      guard case .upgrading(let held) = state else { return .wait }
      if bytes.starts(with: "HTTP/1.1 101".utf8) {
        state = .webSocket(WebSocket(scanner: FrameScanner(maximumMessage: limits.message)))
      } else {
        state = .http(
          HTTP(scanner: RequestScanner(limits: limits), deadline: now + limits.idleTime, idle: true))
      }
      return held.readableBytes == 0 ? .wait : received(held, now: now)
    }

    /// The server wrote to an idle keep-alive connection: it is not idle.
    mutating func wrote(now: NIODeadline) {
      guard case .http(var http) = state, http.idle else { return }
      http.deadline = now + limits.idleTime
      state = .http(http)
    }

    /// The timer armed for ``deadline`` fired.
    mutating func timerFired(now: NIODeadline) -> TimerAction {
      guard case .http(let http) = state, now >= http.deadline else { return .wait }
      state = .closed
      return .refuse(http.idle ? .quiet : .timeout)
    }

    /// The live connection asks for the connection to end (``ForceClose``): the close frame to
    /// write, or `nil` for a plain close (before the upgrade, or once closed: no close at all then).
    mutating func forceClose(_ close: ForceClose) -> Refusal? {
      switch state {
      case .webSocket:
        state = .closed
        return .webSocket(code: close.code, reason: close.reason)
      case .http, .upgrading:
        state = .closed
        return .quiet
      case .closed:
        return nil
      case .modifying:
        preconditionFailure("forceClose(_:) while the state is being changed")
      }
    }

    /// The bytes held from earlier reads (taken: `held` is left `nil`) with `buffer` after them, and
    /// where the new bytes start in them (already scanned before it).
    private static func joining(_ held: inout ByteBuffer?, _ buffer: ByteBuffer) -> (ByteBuffer, Int) {
      guard var joined = held else { return (buffer, 0) }
      held = nil
      let scanFrom = joined.readableBytes
      var buffer = buffer
      joined.writeBuffer(&buffer)
      return (joined, scanFrom)
    }

    private mutating func read(_ buffer: ByteBuffer, http: inout HTTP, now: NIODeadline) -> ReadAction {
      guard buffer.readableBytes > 0 else { return .wait }
      // Whether `bytes` is the guard's own (the held request and these bytes after it), not a read
      // buffer that a slice would keep whole.
      let own = http.held != nil
      var (bytes, scanFrom) = Self.joining(&http.held, buffer)
      if http.idle {
        http.idle = false
        http.deadline = now + limits.headTime
      }
      // Requests that ended are let through together, up to `forwardEnd`.
      var forwardEnd = 0
      let view = bytes.readableBytesView
      while true {
        let (step, end) = http.scanner.scan(view, from: scanFrom)
        switch step {
        case .more:
          if own, forwardEnd == 0 {
            http.held = bytes
          } else if forwardEnd < view.count {
            // The request goes on: keep its bytes (a copy, not a slice of a large read buffer).
            http.held = ByteBuffer(bytes: view[(view.startIndex + forwardEnd)...])
          }
          return forwardEnd > 0 ? .forward(bytes.getSlice(at: bytes.readerIndex, length: forwardEnd)!) : .wait
        case .refuse(let refusal):
          state = .closed
          return .refuse(
            forwarding: forwardEnd > 0 ? bytes.getSlice(at: bytes.readerIndex, length: forwardEnd) : nil, refusal)
        case .complete(let upgrade):
          forwardEnd = end
          scanFrom = end
          http.scanner = RequestScanner(limits: limits)
          let forwarded = bytes.getSlice(at: bytes.readerIndex, length: forwardEnd)!
          if upgrade {
            let rest = bytes.getSlice(at: bytes.readerIndex + end, length: view.count - end)!
            state = .upgrading(held: ByteBuffer(bytes: rest.readableBytesView))
            return .forward(forwarded)
          }
          if end == view.count {
            http.idle = true
            http.deadline = now + limits.idleTime
            return .forward(forwarded)
          }
          // The next request has begun: its head is due from now.
          http.deadline = now + limits.headTime
        }
      }
    }

    private mutating func read(_ buffer: ByteBuffer, webSocket: inout WebSocket) -> ReadAction {
      guard buffer.readableBytes > 0 else { return .wait }
      let (bytes, scanFrom) = Self.joining(&webSocket.held, buffer)
      let view = bytes.readableBytesView
      switch webSocket.scanner.scan(view, from: scanFrom) {
      case .fine(let complete):
        if complete < view.count {
          webSocket.held = ByteBuffer(bytes: view[(view.startIndex + complete)...])
        }
        return complete > 0 ? .forward(bytes.getSlice(at: bytes.readerIndex, length: complete)!) : .wait
      case .violation(let frameStart, let refusal):
        state = .closed
        return .refuse(
          forwarding: frameStart > 0 ? bytes.getSlice(at: bytes.readerIndex, length: frameStart) : nil, refusal)
      }
    }
  }
}
