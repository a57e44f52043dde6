import Foundation
import NIOWebSocket
import Testing

extension LiveTests {
  /// Sends `frame` and waits (a hang guard of 30 s) for exactly one more text frame; returns it.
  static func reply(_ client: LiveClient, to frame: String) async throws -> String? {
    let count = client.raw.all.count
    client.send(frame)
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      let all = client.raw.all
      if all.count > count { return all[count] }
      try await Task.sleep(for: .milliseconds(5))
    }
    Issue.record("no answer to \(frame)")
    return nil
  }

  /// Each branch of a live frame's decoding (``LiveFrame``), over a real connection, answered with
  /// the exact bytes the server sent before it read frames with ReorderSync's `ClientMessage`.
  @Test func everyKindOfBadFrameHasItsExactAnswer() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, editor, _) = try await makeBoard("frames", [("todo", ["c1"]), ("done", [])])
    let server = try await ServerProcess(["--database", database.server])
    let malformed = #"{"code":"malformed","message":"Not a JSON object with a type.","type":"error"}"#
    let helloIs =
      #"{"code":"malformed","message":"hello is {\"type\", \"token\", \"after\"?, \"epoch\"?}.","type":"error"}"#

    // Before the hello: counted refusals, then a hello whose token is not a string closes.
    let early = LiveClient(port: server.port, board: board)
    let before: [(String, String)] = [
      (
        #"{"type":"commit","gesture":"g1"}"#,
        #"{"code":"helloFirst","message":"Say hello before anything else.","type":"error"}"#
      ),
      ("[1]", malformed),
      (
        #"{"type":"shout"}"#,
        #"{"code":"unknownType","message":"Messages are hello and commit, not \"shout\".","type":"error"}"#
      ),
    ]
    for (frame, answer) in before { #expect(try await Self.reply(early, to: frame) == answer, "\(frame)") }
    early.send(#"{"type":"hello","token":1}"#)
    let close = try await early.closed()
    #expect(close?.closeCode == .policyViolation && close?.reason == "hello needs a token")

    // After the hello: each frame answered, the connection stays.
    let ann = LiveClient(port: server.port, board: board)
    ann.hello(editor)
    _ = try await ann.next("welcome")
    let after: [(String, String)] = [
      (#"{"type":"hello","token":1}"#, helloIs),
      (#"{"type":"hello","token":"\#(editor)","after":9223372036854775808}"#, helloIs),
      (
        #"{"type":"commit","gesture":"g-7"}"#,
        #"{"gesture":"g-7","message":"change is {\"kind\": \"moveCards\" | \"moveColumns\", \"items\", …}.","reason":"invalid","type":"rejected"}"#
      ),
      (
        #"{"type":"commit","gesture":"g-8","change":{"kind":"teleport","items":["c1"]}}"#,
        #"{"gesture":"g-8","message":"change is {\"kind\": \"moveCards\" | \"moveColumns\", \"items\", …}.","reason":"invalid","type":"rejected"}"#
      ),
      (
        #"{"type":"commit","gesture":7,"change":{}}"#,
        #"{"code":"malformed","message":"commit is {\"type\", \"gesture\", \"change\"}.","type":"error"}"#
      ),
      (
        #"{"type":"commit","gesture":"g 1","change":{"kind":"moveColumns","items":["todo"],"before":null}}"#,
        #"{"code":"malformed","message":"gesture: 1 to 64 characters of A-Z a-z 0-9 . _ - :.","type":"error"}"#
      ),
      (
        #"{"type":"ping"}"#,
        #"{"code":"unknownType","message":"Messages are hello and commit, not \"ping\".","type":"error"}"#
      ),
      (#""hello""#, malformed),
      ("{not json", malformed),
    ]
    for (frame, answer) in after { #expect(try await Self.reply(ann, to: frame) == answer, "\(frame)") }
    // An `after` written as 7.0 is read as 7, as before (answered within the hello's second).
    ann.send(#"{"type":"hello","token":"\#(editor)","after":7.0}"#)
    _ = try await ann.next("welcome", skip: 1)
    ann.commit("ok-1", moveCards(["c1"], to: "done", before: nil))
    #expect(try await ann.next("ack")["gesture"] as? String == "ok-1")
    ann.close()
    #expect(try await server.terminate() == 0)
  }
}
