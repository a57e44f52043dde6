import ReorderSync

/// A `live` text frame, read once into a ``ClientMessage``, or what is wrong with it (each wrong
/// kind has its own answer, which also depends on whether the hello came: see
/// ``LiveConnection/handle(_:_:_:)``).
///
/// ```swift
/// LiveFrame(#"{"type":"ping"}"#)   // .unknownType("ping")
/// ```
enum LiveFrame {
  /// A hello or a commit.
  case message(ClientMessage)
  /// Not a JSON object with a string `type`.
  case malformed
  /// A type other than hello and commit.
  case unknownType(String)
  /// A `hello` whose token, `after` or `epoch` could not be read.
  case unreadableHello
  /// A `commit` whose gesture could not be read.
  case unreadableCommit
  /// A `commit` whose gesture was read, but not its change (answered `rejected` `invalid`).
  case unreadableChange(gesture: String)

  /// Reads a frame. Only a frame ``ClientMessage`` refuses is read again, for its `type`: the
  /// answer names it.
  init(_ text: String) {
    do {
      self = .message(try ClientMessage(json: text))
    } catch {
      if let gesture = error.gesture {
        self = .unreadableChange(gesture: gesture)
        return
      }
      let value = try? SyncJSON.parse(text)
      switch value?["type"]?.string {
      case nil: self = .malformed
      case "hello": self = value.flatMap(Self.wholeNumberHello).map { .message(.hello($0)) } ?? .unreadableHello
      case "commit": self = .unreadableCommit
      case let type?: self = .unknownType(type)
      }
    }
  }

  /// A hello whose `after` is a whole number written with a fraction or an exponent (`7.0`, `1e2`),
  /// which the server read before ReorderSync (Foundation's `JSONDecoder` did, through a `Double`);
  /// `nil` for any other hello ``ClientMessage`` refused.
  ///
  /// ```swift
  /// LiveFrame.wholeNumberHello(try SyncJSON.parse(#"{"type":"hello","token":"t","after":7.0}"#))?.after   // 7
  /// ```
  static func wholeNumberHello(_ value: SyncJSON) -> ClientMessage.Hello? {
    guard let token = value["token"]?.string else { return nil }
    let epoch: String?
    switch value["epoch"] {
    case nil, .null?: epoch = nil
    case .string(let text)?: epoch = text
    default: return nil
    }
    guard case .number(let text)? = value["after"], text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }),
      let number = Double(text), let after = Int64(exactly: number)
    else { return nil }
    return ClientMessage.Hello(token: token, after: after, epoch: epoch)
  }
}
