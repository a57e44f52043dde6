import Foundation
import Logging
import NIOSSL
import NIOWebSocket
import ReorderSync
import WSClient

/// What goes out on a live connection, in order.
enum Outgoing: Sendable {
  case text(String)
  /// The machine asks whether the server is still there (``SyncAction/ping``).
  case ping
  /// Close it, with this reason.
  case close(String)
}

/// Opens a board's live connections: the WebSocket, or a test's script. `open` starts connection
/// `session` of `board` and calls it back: ``RemoteBoard/opened(session:)`` once it is open (it
/// says whether to go on), ``RemoteBoard/received(_:session:)`` for each text frame,
/// ``RemoteBoard/heard(session:)`` for the server's answer to a ping, and
/// ``RemoteBoard/ended(session:code:reason:)`` once, when it ends or cannot open; it sends what
/// `outgoing` carries until that ends.
struct LiveConnector: Sendable {
  let open: @Sendable (_ board: RemoteBoard, _ session: Int, _ outgoing: AsyncStream<Outgoing>) -> Task<Void, Never>
}

extension RemoteBoard {
  /// A connection and what it sends.
  struct Live {
    let session: Int
    let outgoing: AsyncStream<Outgoing>.Continuation
    let task: Task<Void, Never>
  }

  /// The live connection: none, asked for, or open.
  enum Link {
    case none
    case connecting(Live)
    case open(Live)
  }

  /// Opens a connection (``SyncAction/connect``).
  func connect() {
    drop(reason: "a new connection")
    session += 1
    let (stream, outgoing) = AsyncStream.makeStream(of: Outgoing.self, bufferingPolicy: .unbounded)
    link = .connecting(Live(session: session, outgoing: outgoing, task: connector.open(self, session, stream)))
  }

  /// Sends on the open connection.
  func send(_ item: Outgoing) {
    if case .open(let live) = link { live.outgoing.yield(item) }
  }

  /// Closes the connection and forgets it (``SyncAction/close(reason:)``, ``close()``): what it
  /// still reports is ignored. Returns the open connection's task, which ends once it is closed.
  @discardableResult
  func drop(reason: String) -> Task<Void, Never>? {
    switch link {
    case .none:
      return nil
    case .connecting(let live):
      link = .none
      live.outgoing.finish()
      live.task.cancel()
      return nil
    case .open(let live):
      link = .none
      live.outgoing.yield(.close(reason))
      live.outgoing.finish()
      return live.task
    }
  }

  /// The connection asked for is open; `false`: it is not wanted any more (close it).
  func opened(session number: Int) -> Bool {
    guard phase == .running, case .connecting(let live) = link, live.session == number else { return false }
    link = .open(live)
    input { sync, now in sync.connected(now: now) }
    return true
  }

  /// A text frame on the open connection.
  func received(_ text: String, session number: Int) {
    guard phase == .running, case .open(let live) = link, live.session == number else { return }
    input { sync, now in sync.received(text: text, now: now) }
  }

  /// The server answered a ping.
  func heard(session number: Int) {
    guard phase == .running, case .open(let live) = link, live.session == number else { return }
    input { sync, now in sync.heard(now: now) }
  }

  /// The connection ended, or could not open; `code` and `reason` are the server's close frame's.
  func ended(session number: Int, code: Int?, reason: String?) {
    switch link {
    case .connecting(let live) where live.session == number, .open(let live) where live.session == number:
      link = .none
      live.outgoing.finish()
    default:
      return
    }
    guard phase == .running else { return }
    input { sync, now in sync.disconnected(now: now, code: code, reason: reason) }
  }
}

extension LiveConnector {
  /// The board's live WebSocket (`ws(s)://…/api/boards/{board}/live`), TLS verified against the
  /// system's certificates and those in `file`.
  ///
  /// The WebSocket client answers for its own pings and does not show their pongs: it pings every
  /// `period` and closes a connection whose pong has not come by the next ping. So a ping the
  /// machine asks for is answered when the connection is still open one period later.
  static func webSocket(url: String, trusting file: String?, pingEvery period: Duration) -> LiveConnector {
    let tls = file.map { file in
      var tls = TLSConfiguration.makeClientConfiguration()
      tls.additionalTrustRoots = [.file(file)]
      return tls
    }
    let logger = {
      var logger = Logger(label: "ReorderKitShare.RemoteBoard")
      logger.logLevel = .critical
      return logger
    }()
    let configuration = WebSocketClientConfiguration(
      maxFrameSize: RemoteBoard.maximumMessage, closeTimeout: .seconds(1), autoPing: .enabled(timePeriod: period))
    return LiveConnector { board, session, outgoing in
      Task {
        do {
          let close = try await WebSocketClient.connect(
            url: url, configuration: configuration, tlsConfiguration: tls, logger: logger
          ) { inbound, outbound, _ in
            guard await board.opened(session: session) else { return }
            try await withThrowingTaskGroup(of: Void.self) { group in
              group.addTask {
                for await item in outgoing {
                  switch item {
                  case .text(let text):
                    try await outbound.write(.text(text))
                  case .ping:
                    Task {
                      try? await Task.sleep(for: period + .milliseconds(50))
                      await board.heard(session: session)
                    }
                  case .close(let reason):
                    try await outbound.close(.normalClosure, reason: reason)
                    // The server's answering close ends the reading; a server gone does not answer.
                    try? await Task.sleep(for: .seconds(1))
                    return
                  }
                }
              }
              group.addTask {
                for try await message in inbound.messages(maxSize: RemoteBoard.maximumMessage) {
                  guard case .text(let text) = message else { continue }
                  await board.received(text, session: session)
                }
              }
              try await group.next()
              group.cancelAll()
            }
          }
          await board.ended(
            session: session, code: close.map { Int(UInt16(webSocketErrorCode: $0.closeCode)) }, reason: close?.reason)
        } catch {
          debugLog("\(url): connection ended: \(error)")
          await board.ended(session: session, code: nil, reason: nil)
        }
      }
    }
  }
}
