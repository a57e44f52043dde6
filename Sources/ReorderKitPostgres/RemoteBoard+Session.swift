import Foundation
import NIOSSL
import NIOWebSocket
import ReorderKit
import WSClient

extension RemoteBoard {
  /// Connects, works until the connection ends, waits (doubling the wait), and again, until closed.
  func run() async {
    var delay = configuration.initialBackoff
    while !closed, !Task.isCancelled {
      await runSession()
      let wasOnline = welcomed
      endConnection()
      if closed || Task.isCancelled { break }
      if wasOnline { delay = configuration.initialBackoff }
      // A token the server refuses is not retried quickly: a person must give another.
      if refusal != nil { delay = configuration.maximumBackoff }
      setConnection(.offline(retryIn: delay))
      try? await Task.sleep(for: delay)
      delay = min(delay * 2, configuration.maximumBackoff)
    }
    endConnection()
  }

  /// One connection, until it ends, or until no `welcome` came within the connect timeout.
  func runSession() async {
    session += 1
    let number = session
    let url = liveURL
    let logger = logger
    let timeout = configuration.connectTimeout
    let tls = configuration.trustedCertificates.map { file in
      var tls = TLSConfiguration.makeClientConfiguration()
      tls.additionalTrustRoots = [.file(file)]
      return tls
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let once = Once()
      endSession = { if once.claim() { continuation.resume() } }
      Task {
        do {
          let close = try await WebSocketClient.connect(
            url: url,
            configuration: .init(
              maxFrameSize: Self.maximumMessage, autoPing: .enabled(timePeriod: .seconds(10))),
            tlsConfiguration: tls,
            logger: logger
          ) { inbound, outbound, _ in
            guard await self.opened(outbound, session: number) else { return }
            for try await message in inbound.messages(maxSize: Self.maximumMessage) {
              guard case .text(let text) = message else { continue }
              await self.received(text, session: number)
            }
          }
          self.ended(session: number, close: close)
        } catch {
          debugLog("\(self.board): connection ended: \(error)")
        }
        if once.claim() { continuation.resume() }
      }
      Task {
        try? await Task.sleep(for: timeout)
        if !self.isWelcomed(session: number), once.claim() { continuation.resume() }
      }
    }
    endSession = nil
  }

  func isWelcomed(session number: Int) -> Bool { session != number || welcomed }

  /// The connection is open: say `hello` (with the revision and epoch the board has, if any).
  func opened(_ writer: WebSocketOutboundWriter, session number: Int) async -> Bool {
    guard number == session, !closed else { return false }
    outbound = writer
    welcomed = false
    inFlight = nil
    await hello(after: epoch == nil ? nil : confirmed.revision)
    return true
  }

  /// `hello` with the token, and `after` (the changes since it, or the whole board without it).
  /// Until its `welcome` comes, revisions that arrive wait in `known`: the welcome's changes start
  /// at `after`, and the board must still be there when they are applied.
  func hello(after: Int64?) async {
    var message: [String: Any] = ["type": "hello", "token": configuration.token]
    if let after, let epoch {
      message["after"] = after
      message["epoch"] = epoch
    }
    askedAfter = message["after"] as? Int64
    awaitingWelcome = true
    await write(message)
  }

  /// How the server closed it: a refusal (1008: the token) is kept to say.
  func ended(session number: Int, close: WebSocketCloseFrame?) {
    guard number == session, let close else { return }
    if close.closeCode == .policyViolation {
      refusal = close.reason ?? "refused"
      sink.yield(
        .connection(
          .offline(retryIn: configuration.maximumBackoff),
          announcement: "The server refused this token: \(refusal ?? "refused")."))
      announcedConnection = true
    }
  }

  /// The session is over: nothing is in flight, the next one says `hello` again.
  func endConnection() {
    outbound = nil
    awaitingWelcome = false
    inFlight = nil
    gapCheck?.cancel()
    gapCheck = nil
    welcomed = false
  }

  func write(_ message: [String: Any]) async {
    guard let outbound,
      let data = try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys]),
      let text = String(data: data, encoding: .utf8)
    else { return }
    do {
      try await outbound.write(.text(text))
    } catch {
      endSession?()
    }
  }

  /// Sends the oldest unsent move, one at a time, when online and not held back.
  func pump() async {
    guard outbound != nil, welcomed, inFlight == nil, role == "editor",
      let waiting = pending.first(where: { $0.sent == nil })
    else { return }
    if let resendAfter, resendAfter > .now { return }
    resendAfter = nil
    let gesture = waiting.gesture
    guard let change = Self.wire(gesture.intent) else {
      refuse(gesture.id, reason: "invalid: the board server takes moves only")
      await pump()
      return
    }
    inFlight = gesture.id
    let body: [String: Any] = ["type": "commit", "gesture": gesture.id, "change": change]
    await write(body)
  }

  /// A move as the wire's change (`nil`: an insertion or deletion, which the server does not take).
  static func wire(_ intent: Gesture.Intent) -> [String: Any]? {
    guard case .place(let items, let parent, let before, false) = intent else { return nil }
    let end: Any = before ?? NSNull()
    if parent.isEmpty { return ["kind": "moveColumns", "items": items, "before": end] }
    return ["kind": "moveCards", "items": items, "view": parent, "section": parent, "before": end]
  }

  func setConnection(_ new: SharedBoardConnection) {
    let changed = new.isNews(after: connection, announced: announcedConnection)
    connection = new
    guard changed else { return }
    announcedConnection = true
    let readOnly = role == "viewer" ? " (read-only: a viewer's token)" : ""
    sink.yield(.connection(new, announcement: new.announcement(readOnly)))
  }

}
