extension ServerMessage {
  /// Reads one text frame from the server.
  ///
  /// ```swift
  /// let message = try ServerMessage(json: #"{"changes":[],"revision":9,"type":"remote"}"#)
  /// ```
  /// - Throws: ``WireError``: not JSON, an unknown type, a field missing or of the wrong type, a
  ///   number past `Int64`, a revision below 1 (0 for a welcome), a role that is neither viewer nor
  ///   editor, an empty epoch, a welcome with neither or both of `views` and `changes`.
  public init(json text: String) throws(WireError) {
    let value = try SyncJSON.parse(text)
    guard case .object = value else { throw WireError("a message is a JSON object") }
    let f = try Fields(value, "a message")
    let type = try f.string("type")
    switch type {
    case "welcome":
      let f = try Fields(value, "welcome")
      guard let role = Role(wire: try f.string("role")) else { throw f.fail("role", "viewer or editor") }
      let epoch = try f.string("epoch")
      guard !epoch.isEmpty else { throw f.fail("epoch", "not empty") }
      let revision = try f.int64("revision")
      guard revision >= 0 else { throw f.fail("revision", "0 or more") }
      let views = try f.optionalArray("views")
      let changes = try f.optionalArray("changes")
      guard (views == nil) != (changes == nil) else { throw f.fail("views", "there, or changes, not both") }
      self = .welcome(
        Welcome(
          role: role, epoch: epoch, revision: revision, views: try views.map(Self.views),
          changes: try changes.map(Self.changes), reset: try f.flag("reset")))
    case "ack":
      let f = try Fields(value, "ack")
      let revision = try f.int64("revision")
      guard revision > 0 else { throw f.fail("revision", "1 or more") }
      self = .ack(
        Ack(
          gesture: try f.string("gesture"), revision: revision,
          changes: try f.optionalArray("changes").map(Self.changes)))
    case "rejected":
      let f = try Fields(value, "rejected")
      self = .rejected(
        Rejected(
          gesture: try f.string("gesture"), reason: RejectReason(try f.string("reason")),
          message: try f.optionalString("message"), retryAfterMs: try f.optionalInt64("retryAfterMs")))
    case "remote":
      let f = try Fields(value, "remote")
      let revision = try f.int64("revision")
      guard revision > 0 else { throw f.fail("revision", "1 or more") }
      self = .remote(Remote(revision: revision, changes: try Self.changes(try f.array("changes"))))
    case "error":
      let f = try Fields(value, "error")
      self = .error(
        Failure(
          code: ErrorCode(try f.string("code")), message: try f.string("message"),
          retryAfterMs: try f.optionalInt64("retryAfterMs")))
    default:
      throw WireError("a message of an unknown type", code: .unknownType)
    }
  }

  static func views(_ values: [SyncJSON]) throws(WireError) -> [WireView] {
    var out: [WireView] = []
    out.reserveCapacity(values.count)
    for value in values { out.append(try WireView(json: value)) }
    return out
  }

  static func changes(_ values: [SyncJSON]) throws(WireError) -> [WireChange] {
    var out: [WireChange] = []
    out.reserveCapacity(values.count)
    for value in values { out.append(try WireChange(json: value)) }
    return out
  }

  /// The message as JSON, keys sorted and `nil`s left out, as `reorder-server` writes it.
  ///
  /// ```swift
  /// ServerMessage.ack(Ack(gesture: "g1", revision: 7)).json.text
  /// // {"gesture":"g1","revision":7,"type":"ack"}
  /// ```
  public var json: SyncJSON {
    var w = ObjectWriter()
    switch self {
    case .welcome(let m):
      w.add("changes", m.changes.map { .array($0.map { $0.json }) })
      w.add("epoch", .string(m.epoch))
      w.add("reset", m.reset ? SyncJSON.bool(true) : nil)
      w.add("revision", .integer(m.revision))
      w.add("role", .string(m.role.text))
      w.add("type", .string("welcome"))
      w.add("views", m.views.map { .array($0.map { $0.json }) })
    case .ack(let m):
      w.add("changes", m.changes.map { .array($0.map { $0.json }) })
      w.add("gesture", .string(m.gesture))
      w.add("revision", .integer(m.revision))
      w.add("type", .string("ack"))
    case .rejected(let m):
      w.add("gesture", .string(m.gesture))
      w.add("message", m.message.map { .string($0) })
      w.add("reason", .string(m.reason.text))
      w.add("retryAfterMs", m.retryAfterMs.map(SyncJSON.integer))
      w.add("type", .string("rejected"))
    case .remote(let m):
      w.add("changes", .array(m.changes.map { $0.json }))
      w.add("revision", .integer(m.revision))
      w.add("type", .string("remote"))
    case .error(let m):
      w.add("code", .string(m.code.text))
      w.add("message", .string(m.message))
      w.add("retryAfterMs", m.retryAfterMs.map(SyncJSON.integer))
      w.add("type", .string("error"))
    }
    return w.value
  }

  /// The text frame.
  ///
  /// ```swift
  /// outbound.write(.text(ServerMessage.remote(Remote(revision: 8, changes: changes)).text))
  /// ```
  public var text: String { json.text }
}
