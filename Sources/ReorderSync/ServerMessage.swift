/// What the board server sends a client, read with every field checked and nothing trusted.
///
/// ```swift
/// let message = try ServerMessage(json: #"{"gesture":"g1","revision":7,"type":"ack"}"#)
/// // .ack(Ack(gesture: "g1", revision: 7, changes: nil))
/// ```
public enum ServerMessage: Equatable, Sendable {
  /// `{"type": "welcome", "role", "epoch", "revision", "views" | "changes", "reset"?}`.
  case welcome(Welcome)
  /// `{"type": "ack", "gesture", "revision", "changes"?}`.
  case ack(Ack)
  /// `{"type": "rejected", "gesture", "reason", "message"?, "retryAfterMs"?}`.
  case rejected(Rejected)
  /// `{"type": "remote", "revision", "changes"}`: another client's commit.
  case remote(Remote)
  /// `{"type": "error", "code", "message", "retryAfterMs"?}`: the connection stays.
  case error(Failure)

  /// The answer to a `hello`: the whole board (`views`) or the changes after the client's `after`.
  ///
  /// ```swift
  /// Welcome(role: .editor, epoch: "e1", revision: 4, changes: [])
  /// ```
  public struct Welcome: Equatable, Sendable {
    /// What the token may do.
    public var role: Role
    /// The board's epoch (a new one when it is recreated or restored).
    public var epoch: String
    /// The board's revision (0 or more).
    public var revision: Int64
    /// The whole board, or `nil` when ``changes`` carries the changes after `after`.
    public var views: [WireView]?
    /// The changes after the hello's `after`, when ``views`` is `nil`.
    public var changes: [WireChange]?
    /// The client's `after` or epoch could not be answered with changes: this is the whole board.
    public var reset: Bool

    /// A welcome.
    ///
    /// ```swift
    /// Welcome(role: .viewer, epoch: "e1", revision: 0, views: [])
    /// ```
    public init(
      role: Role, epoch: String, revision: Int64, views: [WireView]? = nil, changes: [WireChange]? = nil,
      reset: Bool = false
    ) {
      self.role = role
      self.epoch = epoch
      self.revision = revision
      self.views = views
      self.changes = changes
      self.reset = reset
    }
  }

  /// A commit of this client's, committed as `revision`.
  ///
  /// ```swift
  /// Ack(gesture: "g1", revision: 7, changes: [.moveCards(items: ["c1"], column: "done", before: nil)])
  /// ```
  public struct Ack: Equatable, Sendable {
    /// The gesture.
    public var gesture: String
    /// Its revision (1 or more).
    public var revision: Int64
    /// The commit as the server placed it (`nil` for a gesture replayed from long ago).
    public var changes: [WireChange]?

    /// An ack.
    ///
    /// ```swift
    /// Ack(gesture: "g1", revision: 7)
    /// ```
    public init(gesture: String, revision: Int64, changes: [WireChange]? = nil) {
      self.gesture = gesture
      self.revision = revision
      self.changes = changes
    }
  }

  /// A commit refused.
  ///
  /// ```swift
  /// Rejected(gesture: "g1", reason: .rateLimited, retryAfterMs: 40)
  /// ```
  public struct Rejected: Equatable, Sendable {
    /// The gesture.
    public var gesture: String
    /// Why.
    public var reason: RejectReason
    /// The server's words, if any.
    public var message: String?
    /// For ``RejectReason/rateLimited``: how long to wait before sending it again.
    public var retryAfterMs: Int64?

    /// A refusal.
    ///
    /// ```swift
    /// Rejected(gesture: "g1", reason: .lostRace, message: "c1 is not on the board.")
    /// ```
    public init(gesture: String, reason: RejectReason, message: String? = nil, retryAfterMs: Int64? = nil) {
      self.gesture = gesture
      self.reason = reason
      self.message = message
      self.retryAfterMs = retryAfterMs
    }
  }

  /// Another client's commit.
  ///
  /// ```swift
  /// Remote(revision: 8, changes: [.moveColumns(items: ["done"], before: "todo")])
  /// ```
  public struct Remote: Equatable, Sendable {
    /// Its revision (1 or more).
    public var revision: Int64
    /// What it changed, by identity.
    public var changes: [WireChange]

    /// A remote commit.
    ///
    /// ```swift
    /// Remote(revision: 8, changes: [])
    /// ```
    public init(revision: Int64, changes: [WireChange]) {
      self.revision = revision
      self.changes = changes
    }
  }

  /// An error answer; the connection stays.
  ///
  /// ```swift
  /// Failure(code: .unknownType, message: "Messages are hello and commit.")
  /// ```
  public struct Failure: Equatable, Sendable {
    /// What kind of error.
    public var code: ErrorCode
    /// The server's words.
    public var message: String
    /// For ``ErrorCode/rateLimited``: when the last hello is answered.
    public var retryAfterMs: Int64?

    /// An error.
    ///
    /// ```swift
    /// Failure(code: .rateLimited, message: "One hello a second.", retryAfterMs: 600)
    /// ```
    public init(code: ErrorCode, message: String, retryAfterMs: Int64? = nil) {
      self.code = code
      self.message = message
      self.retryAfterMs = retryAfterMs
    }
  }
}
