import Foundation
import NIOCore
import ReorderKitPostgres

import enum ReorderSync.ErrorCode
import enum ReorderSync.RejectReason

/// What a `live` connection sends the client: a text frame, or the close that ends it.
enum Outgoing: Sendable {
  case text(String)
  /// A text frame encoded once for every follower of a board (a `remote`): each connection writes
  /// the same bytes, with no copy of its own.
  case shared(ByteBuffer)
  case close(code: UInt16, reason: String)
  /// A close written after the frames before it and then the connection cut (by the
  /// ``ConnectionGuard``, 2 s later at most), not waiting for the client's answer.
  case closeNow(code: UInt16, reason: String)
}

/// The close codes the server uses.
enum CloseCode {
  /// A bad token, another board's token, no hello within 5 s, too many connections, a revoked token.
  static let policyViolation: UInt16 = 1008
  /// The server is shutting down.
  static let goingAway: UInt16 = 1001
}

/// `{"type": "welcome", "role", "epoch", "revision", "views" | "changes", "reset"?}`.
struct WelcomeMessage: Encodable {
  var type = "welcome"
  var role: String
  var epoch: String
  var revision: Int64
  var views: [WireView]?
  var changes: [WireChange]?
  var reset: Bool?
}

/// `{"type": "ack", "gesture", "revision", "changes"?}`: `changes`, the commit as placed, by
/// identity (left out for a gesture replayed from long ago).
struct AckMessage: Encodable {
  var type = "ack"
  var gesture: String
  var revision: Int64
  var changes: [WireChange]?
}

/// `{"type": "rejected", "gesture", "reason", "message"?, "retryAfterMs"?}`.
struct RejectedMessage: Encodable {
  var type = "rejected"
  var gesture: String
  var reason: String
  var message: String?
  var retryAfterMs: Int?

  /// A refusal, its reason one of ``RejectReason``'s.
  init(gesture: String, reason: RejectReason, message: String? = nil, retryAfterMs: Int? = nil) {
    self.gesture = gesture
    self.reason = reason.text
    self.message = message
    self.retryAfterMs = retryAfterMs
  }
}

/// `{"type": "remote", "revision", "changes"}`.
struct RemoteMessage: Encodable {
  var type = "remote"
  var revision: Int64
  var changes: [WireChange]
}

/// `{"type": "error", "code", "message"}`: the connection stays.
struct ErrorMessage: Encodable {
  var type = "error"
  var code: String
  var message: String
  var retryAfterMs: Int?

  /// An error, its code one of ``ErrorCode``'s.
  init(code: ErrorCode, message: String, retryAfterMs: Int? = nil) {
    self.code = code.text
    self.message = message
    self.retryAfterMs = retryAfterMs
  }

  /// A `hello` again within a second of the last one answered.
  static func rateLimited(_ wait: Duration) -> ErrorMessage {
    ErrorMessage(
      code: .rateLimited, message: "One hello a second: the last one is answered then.",
      retryAfterMs: wait.wholeMilliseconds)
  }
}

extension Duration {
  /// Whole milliseconds, at least 1.
  var wholeMilliseconds: Int {
    max(1, Int(components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000))
  }
}
