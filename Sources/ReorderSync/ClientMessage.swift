/// What a client sends the board server.
///
/// ```swift
/// ClientMessage.hello(Hello(token: "t0k", after: 7, epoch: "e1")).text
/// // {"after":7,"epoch":"e1","token":"t0k","type":"hello"}
/// ClientMessage.commit(Commit(gesture: "g1", change: .moveColumns(items: ["done"], before: nil))).text
/// // {"change":{"before":null,"items":["done"],"kind":"moveColumns"},"gesture":"g1","type":"commit"}
/// ```
public enum ClientMessage: Equatable, Sendable {
  /// `{"type": "hello", "token", "after"?, "epoch"?}`: first on every connection, and again to ask
  /// for the changes after a revision (or the whole board without `after`).
  case hello(Hello)
  /// `{"type": "commit", "gesture", "change"}`: one gesture.
  case commit(Commit)

  /// A `hello`.
  ///
  /// ```swift
  /// Hello(token: "t0k")   // the whole board
  /// ```
  public struct Hello: Equatable, Sendable {
    /// The person's token (never logged).
    public var token: String
    /// The revision the client has: the server answers the changes after it when it can.
    public var after: Int64?
    /// The board's epoch the client last saw.
    public var epoch: String?

    /// A hello.
    ///
    /// ```swift
    /// Hello(token: "t0k", after: 12, epoch: "e1")
    /// ```
    public init(token: String, after: Int64? = nil, epoch: String? = nil) {
      self.token = token
      self.after = after
      self.epoch = epoch
    }
  }

  /// A `commit`.
  ///
  /// ```swift
  /// Commit(gesture: "g1", change: .moveCards(items: ["c1"], column: "done", before: nil))
  /// ```
  public struct Commit: Equatable, Sendable {
    /// The gesture's identifier (a replay of it is answered, never committed twice).
    public var gesture: String
    /// What it changes.
    public var change: WireChange

    /// A commit.
    ///
    /// ```swift
    /// Commit(gesture: "g2", change: .moveColumns(items: ["done"], before: "todo"))
    /// ```
    public init(gesture: String, change: WireChange) {
      self.gesture = gesture
      self.change = change
    }
  }

  /// The message as JSON, keys sorted, as the clients write it today.
  ///
  /// ```swift
  /// ClientMessage.hello(Hello(token: "t")).json.text   // {"token":"t","type":"hello"}
  /// ```
  public var json: SyncJSON {
    var w = ObjectWriter()
    switch self {
    case .hello(let hello):
      w.add("after", hello.after.map(SyncJSON.integer))
      w.add("epoch", hello.epoch.map { .string($0) })
      w.add("token", .string(hello.token))
      w.add("type", .string("hello"))
    case .commit(let commit):
      w.add("change", commit.change.json)
      w.add("gesture", .string(commit.gesture))
      w.add("type", .string("commit"))
    }
    return w.value
  }

  /// The text frame.
  ///
  /// ```swift
  /// socket.send(message.text)
  /// ```
  public var text: String { json.text }

  /// Reads a client's frame, as the server does.
  ///
  /// ```swift
  /// let message = try ClientMessage(json: #"{"type":"hello","token":"t0k"}"#)
  /// ```
  /// - Throws: ``WireError`` whose ``WireError/code`` is the `error` to answer (``ErrorCode/malformed``
  ///   or ``ErrorCode/unknownType``), and whose ``WireError/gesture`` names a commit whose change
  ///   could not be read (answered `rejected` `invalid`).
  public init(json text: String) throws(WireError) {
    let value: SyncJSON
    do {
      value = try SyncJSON.parse(text)
    } catch {
      throw WireError("Not a JSON object with a type.", code: .malformed)
    }
    guard let type = value["type"]?.string else { throw WireError("Not a JSON object with a type.", code: .malformed) }
    let f = try Fields(value, type)
    switch type {
    case "hello":
      do {
        self = .hello(
          Hello(token: try f.string("token"), after: try f.optionalInt64("after"), epoch: try f.optionalString("epoch"))
        )
      } catch {
        throw WireError(error.message, code: .malformed)
      }
    case "commit":
      let gesture: String
      do {
        gesture = try f.string("gesture")
      } catch {
        throw WireError(error.message, code: .malformed)
      }
      do throws(WireError) {
        guard let change = f.raw("change") else { throw f.fail("change", "missing") }
        self = .commit(Commit(gesture: gesture, change: try WireChange(json: change)))
      } catch {
        throw WireError(error.message, code: .malformed, gesture: gesture)
      }
    default:
      throw WireError("Messages are hello and commit.", code: .unknownType)
    }
  }
}
