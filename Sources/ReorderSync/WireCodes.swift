/// Why the server refused a commit (`rejected`'s `reason`). A reason this version does not know
/// is kept as ``other(_:)``: the gesture is set aside like an ``invalid`` one.
///
/// ```swift
/// RejectReason("lostRace")   // .lostRace
/// RejectReason("tooLate")    // .other("tooLate")
/// ```
public enum RejectReason: Equatable, Sendable {
  /// What the change names is gone (a column or card deleted meanwhile): the move is undone.
  case lostRace
  /// The token is a viewer's.
  case forbidden
  /// The change breaks a rule.
  case invalid
  /// Over the connection's rate: sent again after `retryAfterMs`, never dropped.
  case rateLimited
  /// A reason this client does not know.
  case other(String)

  /// The reason its wire text names.
  ///
  /// ```swift
  /// RejectReason("rateLimited")   // .rateLimited
  /// ```
  public init(_ text: String) {
    switch text {
    case "lostRace": self = .lostRace
    case "forbidden": self = .forbidden
    case "invalid": self = .invalid
    case "rateLimited": self = .rateLimited
    default: self = .other(text)
    }
  }

  /// Its wire text.
  ///
  /// ```swift
  /// RejectReason.invalid.text   // "invalid"
  /// ```
  public var text: String {
    switch self {
    case .lostRace: "lostRace"
    case .forbidden: "forbidden"
    case .invalid: "invalid"
    case .rateLimited: "rateLimited"
    case .other(let text): text
    }
  }
}

/// An `error` message's `code`: the connection stays. A code this version does not know is kept
/// as ``other(_:)``.
///
/// ```swift
/// ErrorCode("helloFirst")   // .helloFirst
/// ```
public enum ErrorCode: Equatable, Sendable {
  /// Not a JSON object with a type, or a message missing a field.
  case malformed
  /// A commit before the hello.
  case helloFirst
  /// A type that is neither hello nor commit.
  case unknownType
  /// A `hello` again within a second of the last one answered (`retryAfterMs` says when).
  case rateLimited
  /// A binary frame.
  case binaryFrame
  /// A code this client does not know.
  case other(String)

  /// The code its wire text names.
  ///
  /// ```swift
  /// ErrorCode("malformed")   // .malformed
  /// ```
  public init(_ text: String) {
    switch text {
    case "malformed": self = .malformed
    case "helloFirst": self = .helloFirst
    case "unknownType": self = .unknownType
    case "rateLimited": self = .rateLimited
    case "binaryFrame": self = .binaryFrame
    default: self = .other(text)
    }
  }

  /// Its wire text.
  ///
  /// ```swift
  /// ErrorCode.unknownType.text   // "unknownType"
  /// ```
  public var text: String {
    switch self {
    case .malformed: "malformed"
    case .helloFirst: "helloFirst"
    case .unknownType: "unknownType"
    case .rateLimited: "rateLimited"
    case .binaryFrame: "binaryFrame"
    case .other(let text): text
    }
  }
}

/// What a token may do (`welcome`'s `role`). Any other text is an unreadable welcome.
///
/// ```swift
/// Role(wire: "viewer")   // .viewer
/// Role(wire: "root")     // nil
/// ```
public enum Role: Equatable, Sendable {
  /// Reads and follows live.
  case viewer
  /// Also moves.
  case editor

  /// The role its wire text names, or `nil`.
  ///
  /// ```swift
  /// Role(wire: "editor")   // .editor
  /// ```
  public init?(wire text: String) {
    switch text {
    case "viewer": self = .viewer
    case "editor": self = .editor
    default: return nil
    }
  }

  /// Its wire text.
  ///
  /// ```swift
  /// Role.editor.text   // "editor"
  /// ```
  public var text: String {
    switch self {
    case .viewer: "viewer"
    case .editor: "editor"
    }
  }
}

/// The WebSocket close codes the board server uses.
///
/// ```swift
/// if code == CloseCode.policyViolation { /* the token: do not retry quickly */ }
/// ```
public enum CloseCode {
  /// The server is shutting down.
  public static let goingAway: Int = 1001
  /// A protocol error in the frames (RFC 6455).
  public static let protocolError: Int = 1002
  /// A bad token, another board's, no hello within 5 s, too many connections, a revoked token,
  /// an origin not allowed, a slow consumer.
  public static let policyViolation: Int = 1008
  /// A message over 64 KB.
  public static let messageTooBig: Int = 1009
}

/// The board server's rule for identifiers (gestures, cards, columns): 1 to 64 characters of
/// `A-Z a-z 0-9 . _ - :`. A commit whose gesture breaks it is answered with an `error`, not a
/// refusal, so the machine takes no local move with such an id.
///
/// ```swift
/// WireIdentifier.isValid("g-1:a")   // true
/// WireIdentifier.isValid("g 1")     // false
/// ```
public enum WireIdentifier {
  /// The rule, in words.
  public static let rule = "1 to 64 characters of A-Z a-z 0-9 . _ - :"

  /// Whether `id` follows the rule.
  ///
  /// ```swift
  /// WireIdentifier.isValid(String(repeating: "a", count: 65))   // false
  /// ```
  public static func isValid(_ id: String) -> Bool {
    guard !id.isEmpty, id.utf8.count <= 64 else { return false }
    for byte in id.utf8 {
      let ok =
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: ":")
      guard ok else { return false }
    }
    return true
  }
}
