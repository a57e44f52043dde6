import Testing

@testable import ReorderSync

/// The wire's messages, as `reorder-server` writes them (`jsonLine`: keys sorted, no spaces) and
/// as the clients write theirs.
@Suite struct WireTests {
  /// Frames as the server sends them, each read and written back byte for byte.
  static let serverFrames = [
    #"{"epoch":"e1","revision":4,"role":"editor","type":"welcome","views":[{"id":"todo","sections":[{"id":"todo","items":["c1","c2"]}]},{"id":"done","sections":[{"id":"done","items":["c3"]}]}]}"#,
    #"{"changes":[{"before":"c3","items":["c1"],"kind":"moveCards","section":"done","view":"done"}],"epoch":"e1","revision":5,"role":"viewer","type":"welcome"}"#,
    #"{"epoch":"e2","reset":true,"revision":9,"role":"editor","type":"welcome","views":[]}"#,
    #"{"changes":[],"epoch":"e1","revision":4,"role":"editor","type":"welcome"}"#,
    #"{"gesture":"g1","revision":7,"type":"ack"}"#,
    #"{"changes":[{"before":null,"items":["c1","c2"],"kind":"moveCards","section":"doing","view":"doing"}],"gesture":"g-1","revision":2,"type":"ack"}"#,
    #"{"gesture":"g1","reason":"rateLimited","retryAfterMs":50,"type":"rejected"}"#,
    #"{"gesture":"g1","message":"The column todo is not on the board (deleted meanwhile?).","reason":"lostRace","type":"rejected"}"#,
    #"{"gesture":"g1","message":"A viewer's token does not move cards.","reason":"forbidden","type":"rejected"}"#,
    #"{"gesture":"g1","message":"An item is named twice.","reason":"invalid","type":"rejected"}"#,
    #"{"changes":[{"before":"todo","items":["done"],"kind":"moveColumns"}],"revision":6,"type":"remote"}"#,
    #"{"changes":[{"items":["c9","old"],"kind":"deleteItems"}],"revision":8,"type":"remote"}"#,
    #"{"code":"malformed","message":"Not a JSON object with a type.","type":"error"}"#,
    #"{"code":"helloFirst","message":"Say hello before anything else.","type":"error"}"#,
    #"{"code":"unknownType","message":"Messages are hello and commit, not \"shout\".","type":"error"}"#,
    #"{"code":"rateLimited","message":"One hello a second: the last one is answered then.","retryAfterMs":600,"type":"error"}"#,
    #"{"code":"binaryFrame","message":"Messages are JSON text frames.","type":"error"}"#,
  ]

  @Test(arguments: serverFrames) func serverFrameRoundTrips(_ frame: String) throws {
    let message = try ServerMessage(json: frame)
    #expect(message.text == frame)
  }

  @Test func serverFramesReadAsTyped() throws {
    #expect(
      try ServerMessage(json: Self.serverFrames[4]) == .ack(.init(gesture: "g1", revision: 7)))
    #expect(
      try ServerMessage(json: Self.serverFrames[6])
        == .rejected(.init(gesture: "g1", reason: .rateLimited, retryAfterMs: 50)))
    #expect(
      try ServerMessage(json: Self.serverFrames[10])
        == .remote(.init(revision: 6, changes: [.moveColumns(items: ["done"], before: "todo")])))
    guard case .welcome(let w) = try ServerMessage(json: Self.serverFrames[0]) else {
      Issue.record("not a welcome")
      return
    }
    #expect(w.role == .editor && w.epoch == "e1" && w.revision == 4 && !w.reset)
    #expect(try SyncBoard(views: w.views ?? []).cards(of: "todo") == ["c1", "c2"])
    guard case .welcome(let reset) = try ServerMessage(json: Self.serverFrames[2]) else { return }
    #expect(reset.reset && reset.views == [])
  }

  /// Messages in any key order, with spaces, as another writer might send them.
  @Test func readsAnyKeyOrderAndSpacing() throws {
    let frame =
      #" { "type" : "remote", "revision": 5, "changes": [ {"kind": "moveCards", "items": ["c2"], "view": "done", "section": "done", "before": null} ] } "#
    #expect(
      try ServerMessage(json: frame)
        == .remote(.init(revision: 5, changes: [.moveCards(items: ["c2"], column: "done", before: nil)])))
    // `before` left out is the end, as `decodeIfPresent` reads it.
    let noBefore = #"{"type":"remote","revision":5,"changes":[{"kind":"moveColumns","items":["a"]}]}"#
    #expect(
      try ServerMessage(json: noBefore)
        == .remote(.init(revision: 5, changes: [.moveColumns(items: ["a"], before: nil)])))
  }

  @Test func unknownReasonsAndCodesAreKept() throws {
    let rejected = try ServerMessage(json: #"{"type":"rejected","gesture":"g","reason":"tooLate"}"#)
    #expect(rejected == .rejected(.init(gesture: "g", reason: .other("tooLate"))))
    #expect(rejected.text == #"{"gesture":"g","reason":"tooLate","type":"rejected"}"#)
    let error = try ServerMessage(json: #"{"type":"error","code":"slowDown","message":"m"}"#)
    #expect(error == .error(.init(code: .other("slowDown"), message: "m")))
  }

  /// Frames that break a rule: each an error value, never a trap, never a message.
  static let badFrames = [
    #"{"type":"remote","revision":9223372036854775808,"changes":[]}"#,
    #"{"type":"remote","revision":-1,"changes":[]}"#,
    #"{"type":"remote","revision":0,"changes":[]}"#,
    #"{"type":"remote","revision":1e30,"changes":[]}"#,
    #"{"type":"remote","revision":5.5,"changes":[]}"#,
    #"{"type":"remote","revision":"5","changes":[]}"#,
    #"{"type":"remote","revision":5}"#,
    #"{"type":"remote","revision":5,"changes":[{"kind":"teleport","items":["c1"]}]}"#,
    #"{"type":"remote","revision":5,"changes":[{"kind":"moveCards","items":["c1"],"view":"a","section":"b","before":null}]}"#,
    #"{"type":"remote","revision":5,"changes":[{"kind":"moveCards","items":[1],"view":"a","section":"a"}]}"#,
    #"{"type":"ack","gesture":"nobody","revision":-9223372036854775808}"#,
    #"{"type":"ack","gesture":"nobody","revision":-9223372036854775809}"#,
    #"{"type":"ack","revision":3}"#,
    #"{"type":"ack","gesture":7,"revision":3}"#,
    #"{"type":"welcome","role":"editor","epoch":"e1","revision":-3,"views":[]}"#,
    #"{"type":"welcome","role":"root","epoch":"e1","revision":5,"views":[]}"#,
    #"{"type":"welcome","role":"editor","epoch":"","revision":5,"views":[]}"#,
    #"{"type":"welcome","role":"editor","epoch":"e1","revision":5}"#,
    #"{"type":"welcome","role":"editor","epoch":"e1","revision":5,"views":[],"changes":[]}"#,
    #"{"type":"welcome","role":"editor","epoch":"e1","revision":5,"views":[{"id":"a"}]}"#,
    #"{"type":"welcome","role":"editor","epoch":"e1","revision":5,"views":[],"reset":"yes"}"#,
    #"{"type":"rejected","gesture":"g","reason":"rateLimited","retryAfterMs":"soon"}"#,
    #"{"type":"error","code":"malformed"}"#,
    #"{"type":"nonsense"}"#,
    #"{"type":"ack","type":"ack","gesture":"g","revision":3}"#,
    "not json", "[]", "{}", "", "null", #"{"type":"ack""#, #"{"type":"ack"} x"#,
    #"{"type":"error","code":"x","message":"\ud800"}"#,
    "{\"type\":\"error\",\"code\":\"x\",\"message\":\"a\u{1}b\"}",
    String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
    #"{"type":"welcome","role":"editor","epoch":"e1","revision":5,"views":"#
      + String(repeating: #"[{"id":"#, count: 40) + "1" + String(repeating: "}]", count: 40) + "}",
  ]

  @Test(arguments: badFrames) func badFrameIsAnError(_ frame: String) {
    #expect(throws: WireError.self) { try ServerMessage(json: frame) }
  }

  @Test func controlCharactersAreEscapedAndRead() throws {
    let failure = ServerMessage.error(.init(code: .malformed, message: "a\"b\\c\nd\u{1}é/"))
    #expect(failure.text == #"{"code":"malformed","message":"a\"b\\c\nd\u0001é/","type":"error"}"#)
    #expect(try ServerMessage(json: failure.text) == failure)
    #expect(try SyncJSON.parse(#""\ud83d\ude00""#) == .string("😀"))
  }

  @Test func numbersAtTheEdges() throws {
    #expect(try SyncJSON.parse("9223372036854775807").int64 == Int64.max)
    #expect(try SyncJSON.parse("-9223372036854775808").int64 == Int64.min)
    #expect(try SyncJSON.parse("9223372036854775808").int64 == nil)
    #expect(try SyncJSON.parse("-0").int64 == 0)
    #expect(throws: WireError.self) { try SyncJSON.parse("01") }
    #expect(throws: WireError.self) { try SyncJSON.parse("1.") }
    #expect(throws: WireError.self) { try SyncJSON.parse("-") }
  }

  /// What the clients write today: `RemoteBoard` (JSONSerialization, keys sorted) and the page.
  @Test func clientMessagesAsTheClientsWriteThem() throws {
    let hello = ClientMessage.hello(.init(token: "t0k", after: 7, epoch: "e1"))
    #expect(hello.text == #"{"after":7,"epoch":"e1","token":"t0k","type":"hello"}"#)
    #expect(ClientMessage.hello(.init(token: "t0k")).text == #"{"token":"t0k","type":"hello"}"#)
    let commit = ClientMessage.commit(
      .init(gesture: "g1", change: .moveCards(items: ["c1"], column: "doing", before: "c7")))
    #expect(
      commit.text
        == #"{"change":{"before":"c7","items":["c1"],"kind":"moveCards","section":"doing","view":"doing"},"gesture":"g1","type":"commit"}"#
    )
    #expect(try ClientMessage(json: hello.text) == hello)
    #expect(try ClientMessage(json: commit.text) == commit)
    // The page's hello: epoch without after.
    #expect(
      try ClientMessage(json: #"{"type":"hello","token":"t","epoch":"e1"}"#)
        == .hello(.init(token: "t", epoch: "e1")))
  }

  /// What the server answers a bad client frame with: the error's code, or `rejected` for a
  /// commit whose change cannot be read.
  @Test func clientFramesTheServerRefuses() {
    func failure(_ text: String) -> WireError? {
      do {
        _ = try ClientMessage(json: text)
        return nil
      } catch { return error }
    }
    #expect(failure("not json")?.code == .malformed)
    #expect(failure(#"{"type": 3}"#)?.code == .malformed)
    #expect(failure(#"{"type": "shout"}"#)?.code == .unknownType)
    #expect(failure(#"{"type": "hello"}"#)?.code == .malformed)
    #expect(failure(#"{"type":"commit"}"#)?.code == .malformed)
    #expect(failure(#"{"type":"commit"}"#)?.gesture == nil)
    let teleport = failure(#"{"type": "commit", "gesture": "bad-1", "change": {"kind": "teleport", "items": ["c1"]}}"#)
    #expect(teleport?.gesture == "bad-1")
    #expect(failure(#"{"type":"hello","token":"t","after":99999999999999999999}"#)?.code == .malformed)
  }
}
