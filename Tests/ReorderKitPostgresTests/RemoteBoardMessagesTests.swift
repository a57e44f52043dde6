import Foundation
import ReorderKit
import Testing

@testable import ReorderKitPostgres

/// What a hostile or broken `reorder-server` can send ``RemoteBoard``: nothing traps, nothing is
/// applied blindly, and the board stays the last one that made sense.
@Suite("RemoteBoard distrusts what the server sends")
struct RemoteBoardMessagesTests {
  let welcome =
    #"{"type":"welcome","role":"editor","epoch":"e1","revision":4,"views":[{"id":"todo","sections":[{"id":"todo","items":["c1","c2"]}]},{"id":"done","sections":[{"id":"done","items":["c3"]}]}]}"#

  func board() throws -> RemoteBoard {
    try RemoteBoard(.init(link: "http://127.0.0.1:1/boards/b", token: "t"))
  }

  @Test func hostileMessagesNeitherTrapNorChangeTheBoard() async throws {
    let board = try board()
    await board.received(welcome, session: 0)
    let before = await board.state
    #expect(before.columns == ["todo", "done"] && before.cards(inColumn: "todo") == ["c1", "c2"])
    #expect(before.revision == 4)
    for hostile in [
      #"{"type":"remote","revision":9223372036854775807,"changes":[]}"#,
      #"{"type":"remote","revision":-1,"changes":[]}"#,
      #"{"type":"remote","revision":1e30,"changes":[]}"#,
      #"{"type":"ack","gesture":"nobody","revision":9223372036854775807}"#,
      #"{"type":"ack","gesture":"nobody","revision":-9223372036854775808}"#,
      #"{"type":"rejected","gesture":"nobody","reason":"rateLimited","retryAfterMs":-5}"#,
      #"{"type":"welcome","role":"editor","epoch":"e1","revision":-3,"views":[]}"#,
      #"{"type":"welcome","role":"root","epoch":"e1","revision":5,"views":[]}"#,
      #"{"type":"remote","revision":5,"changes":[{"kind":"teleport","items":["c1"]}]}"#,
      #"{"type":"nonsense"}"#, "not json", "[]", "{}", "",
    ] {
      await board.received(hostile, session: 0)
      #expect(await board.state == before, "\(hostile)")
    }
  }

  @Test func aBoardWithAnIdentifierTwiceIsNotTaken() async throws {
    let board = try board()
    await board.received(welcome, session: 0)
    let before = await board.state
    await board.received(
      #"{"type":"welcome","role":"editor","epoch":"e2","revision":9,"views":[{"id":"todo","sections":[{"id":"todo","items":["c1","todo"]}]}]}"#,
      session: 0)
    #expect(await board.state == before)
  }

  @Test func revisionsAreAppliedInOrderWhateverOrderTheyArriveIn() async throws {
    let board = try board()
    await board.received(welcome, session: 0)
    // Revision 6 before 5: kept until 5 arrives, then both, in order.
    await board.received(
      #"{"type":"remote","revision":6,"changes":[{"kind":"moveColumns","items":["done"],"before":"todo"}]}"#,
      session: 0)
    let early = await board.state
    #expect(early.revision == 4 && early.columns == ["todo", "done"])
    await board.received(
      #"{"type":"remote","revision":5,"changes":[{"kind":"moveCards","items":["c2"],"view":"done","section":"done","before":null}]}"#,
      session: 0)
    let state = await board.state
    #expect(state.revision == 6)
    #expect(state.columns == ["done", "todo"] && state.cards(inColumn: "done") == ["c3", "c2"])
    // A change that names a card the board does not have is not applied (the client reads the
    // board again instead).
    await board.received(
      #"{"type":"remote","revision":7,"changes":[{"kind":"moveCards","items":["ghost"],"view":"done","section":"done","before":null}]}"#,
      session: 0)
    #expect(await board.state == state)
  }

  @Test func aMoveStaysInTheOutboxUntilItsRevisionIsApplied() async throws {
    let board = try board()
    await board.received(welcome, session: 0)
    let id = try #require(try await board.commit(.moved(ReorderDifference(items: ["c1"], section: "done"))))
    #expect(await board.state.cards(inColumn: "done") == ["c3", "c1"])
    #expect(await board.unsentCount == 1)
    // Acked as revision 6 while 5 (someone else's) has not arrived: still shown, not yet confirmed.
    await board.received(#"{"type":"ack","gesture":"\#(id)","revision":6}"#, session: 0)
    #expect(await board.confirmed.revision == 4)
    #expect(await board.pending.count == 1)
    await board.received(
      #"{"type":"remote","revision":5,"changes":[{"kind":"moveCards","items":["c2"],"view":"done","section":"done","before":"c3"}]}"#,
      session: 0)
    #expect(await board.confirmed.revision == 6)
    #expect(await board.pending.isEmpty)
    #expect(await board.state.cards(inColumn: "done") == ["c2", "c3", "c1"])
  }
}

@Suite("RemoteBoard takes its move as the server placed it")
struct RemoteBoardAckTests {
  @Test func anAcksChangesWinOverTheMoveAsMade() async throws {
    let board = try RemoteBoard(.init(link: "http://127.0.0.1:1/boards/b", token: "t"))
    await board.received(
      #"{"type":"welcome","role":"editor","epoch":"e1","revision":1,"views":[{"id":"todo","sections":[{"id":"todo","items":["c1","c2"]}]},{"id":"done","sections":[{"id":"done","items":["c3"]}]}]}"#,
      session: 0)
    let id = try #require(try await board.commit(.moved(ReorderDifference(items: ["c1"], section: "done"))))
    #expect(await board.state.cards(inColumn: "done") == ["c3", "c1"])
    // The server's replica placed it before c3 (it was behind): the board shows what everyone sees.
    await board.received(
      #"{"type":"ack","gesture":"\#(id)","revision":2,"changes":[{"kind":"moveCards","items":["c1"],"view":"done","section":"done","before":"c3"}]}"#,
      session: 0)
    #expect(await board.confirmed.revision == 2)
    #expect(await board.state.cards(inColumn: "done") == ["c1", "c3"])
    #expect(await board.unsentCount == 0)
  }
}

@Suite("RemoteBoard's answers to a refused move")
struct RemoteBoardRefusalTests {
  func welcomed() async throws -> RemoteBoard {
    let board = try RemoteBoard(.init(link: "http://127.0.0.1:1/boards/b", token: "t"))
    await board.received(
      #"{"type":"welcome","role":"editor","epoch":"e1","revision":1,"views":[{"id":"todo","sections":[{"id":"todo","items":["c1","c2"]}]},{"id":"done","sections":[{"id":"done","items":[]}]}]}"#,
      session: 0)
    return board
  }

  @Test func rateLimitedStaysInTheOutbox() async throws {
    let board = try await welcomed()
    let id = try #require(try await board.commit(.moved(ReorderDifference(items: ["c1"], section: "done"))))
    await board.received(
      #"{"type":"rejected","gesture":"\#(id)","reason":"rateLimited","retryAfterMs":50}"#, session: 0)
    #expect(await board.unsentCount == 1)
    #expect(await board.state.cards(inColumn: "done") == ["c1"])
    #expect(await board.outcome(of: id) == nil)
  }

  @Test func lostRaceLeavesAndSaysWhy() async throws {
    let board = try await welcomed()
    let id = try #require(try await board.commit(.moved(ReorderDifference(items: ["c1"], section: "done"))))
    await board.received(#"{"type":"rejected","gesture":"\#(id)","reason":"lostRace","message":"gone"}"#, session: 0)
    #expect(await board.unsentCount == 0)
    #expect(await board.state.cards(inColumn: "done").isEmpty)
    #expect(await board.outcome(of: id) == .lost(items: ["c1"]))
    // The welcome's board and the connection came first.
    var events = board.events.makeAsyncIterator()
    var kinds: [String] = []
    var announcement: String?
    while kinds.count < 3, let event = await events.next() {
      switch event {
      case .remote: kinds.append("remote")
      case .connection(let state, _): kinds.append("\(state)")
      case .lostRace(let race):
        kinds.append("lostRace")
        announcement = race.announcement
      case .refused: kinds.append("refused")
      }
    }
    #expect(kinds == ["remote", "online", "lostRace"])
    #expect(announcement == "c1 was moved by someone else.")
  }

  @Test func invalidIsSetAsideAndLaterMovesGoOn() async throws {
    let board = try await welcomed()
    let first = try #require(try await board.commit(.moved(ReorderDifference(items: ["c1"], section: "done"))))
    _ = try await board.commit(.moved(ReorderDifference(items: ["c2"], section: "done")))
    await board.received(#"{"type":"rejected","gesture":"\#(first)","reason":"invalid","message":"no"}"#, session: 0)
    #expect(await board.unsentCount == 1)
    #expect(await board.state.cards(inColumn: "done") == ["c2"])
    #expect(await board.outcome(of: first) == .refused(reason: "invalid: no"))
    #expect(try board.outbox.refused().map(\.gesture) == [first])
  }
}
