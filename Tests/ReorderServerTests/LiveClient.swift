import Foundation
import HummingbirdWSClient
import Logging
import NIOWebSocket
import Synchronization
import Testing

/// A WebSocket client of `/api/boards/{board}/live` for the tests: what it received, in order, and
/// how the server closed it.
final class LiveClient: Sendable {
  let raw = Lines()
  let outgoing: AsyncStream<String>.Continuation
  let task: Task<WebSocketCloseFrame?, any Error>

  init(port: Int, board: String) {
    let (stream, outgoing) = AsyncStream.makeStream(of: String.self)
    self.outgoing = outgoing
    let raw = raw
    var logger = Logger(label: "test-client")
    logger.logLevel = .critical
    task = Task {
      try await WebSocketClient.connect(
        url: "ws://127.0.0.1:\(port)/api/boards/\(board)/live", configuration: .init(maxFrameSize: 1 << 21),
        logger: logger
      ) { inbound, outbound, _ in
        let sender = Task {
          for await text in stream { try? await outbound.write(.text(text)) }
        }
        defer { sender.cancel() }
        for try await message in inbound.messages(maxSize: 1 << 22) {
          guard case .text(let text) = message else { continue }
          raw.value.withLock { $0.append(text) }
        }
      }
    }
  }

  func send(_ text: String) { outgoing.yield(text) }

  func send(_ object: [String: Any]) {
    let data = try! JSONSerialization.data(withJSONObject: object)
    outgoing.yield(String(decoding: data, as: UTF8.self))
  }

  func hello(_ token: String, after: Int64? = nil, epoch: String? = nil) {
    var message: [String: Any] = ["type": "hello", "token": token]
    if let after { message["after"] = after }
    if let epoch { message["epoch"] = epoch }
    send(message)
  }

  func commit(_ gesture: String, _ change: [String: Any]) {
    send(["type": "commit", "gesture": gesture, "change": change])
  }

  /// Every message received, parsed (one that is not a JSON object is left out).
  var messages: [[String: Any]] {
    raw.all.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
  }

  /// Waits (up to `seconds`, a hang guard) for a message of this type after the first `skip` of it.
  func next(_ type: String, skip: Int = 0, seconds: Double = 60) async throws -> [String: Any] {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let matching = messages.filter { $0["type"] as? String == type }
      if matching.count > skip { return matching[skip] }
      try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("no \(type) message within \(seconds) s; got \(raw.all)")
    throw CancellationError()
  }

  /// The close frame the server sent (waits up to `seconds`).
  func closed(seconds: Double = 60) async throws -> WebSocketCloseFrame? {
    let deadline = Date().addingTimeInterval(seconds)
    let task = task
    return try await withThrowingTaskGroup(of: WebSocketCloseFrame?.self) { group in
      group.addTask { try await task.value }
      group.addTask {
        try await Task.sleep(for: .seconds(deadline.timeIntervalSinceNow))
        Issue.record("the connection was not closed within \(seconds) s")
        throw CancellationError()
      }
      let frame = try await group.next() ?? nil
      group.cancelAll()
      return frame
    }
  }

  func close() {
    outgoing.finish()
    task.cancel()
  }
}

/// A moveCards change.
func moveCards(_ items: [String], to column: String, before: String?) -> [String: Any] {
  ["kind": "moveCards", "items": items, "view": column, "section": column, "before": before as Any? ?? NSNull()]
}
