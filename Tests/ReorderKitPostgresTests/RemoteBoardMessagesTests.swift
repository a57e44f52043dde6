import Foundation
import GRDB
import ReorderKit
import ReorderSync
import Synchronization
import Testing

@testable import ReorderKitShare

/// The server's side of a ``RemoteBoard`` whose connections a test opens by hand: what the board
/// sent, and the connections it asked for.
final class ScriptedServer: Sendable {
  let sent = Mutex<[String]>([])
  let asked = Mutex<[Int]>([])

  var connector: LiveConnector {
    LiveConnector { _, session, outgoing in
      self.asked.withLock { $0.append(session) }
      return Task {
        for await item in outgoing { if case .text(let text) = item { self.sent.withLock { $0.append(text) } } }
      }
    }
  }

  /// The texts sent so far, once there are at least `count` (a hang guard of 5 s).
  func texts(_ count: Int) async -> [String] {
    for _ in 0..<500 {
      let texts = sent.withLock { $0 }
      if texts.count >= count { return texts }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return sent.withLock { $0 }
  }
}

/// A board whose first connection is open, and its server; `welcome` (if any) received on it.
func scripted(
  _ welcome: String? = nil, outbox: String? = nil, name: @escaping @Sendable (String) -> String = { $0 }
) async throws -> (RemoteBoard, ScriptedServer) {
  let server = ScriptedServer()
  var configuration = RemoteBoard.Configuration(
    link: "http://127.0.0.1:1/boards/b", token: "t", outboxPath: outbox, name: name)
  // A slow run (the suites run side by side) never reaches the machine's timers.
  configuration.connectTimeout = .seconds(600)
  configuration.gapTimeout = .seconds(600)
  let board = try RemoteBoard(configuration, connector: server.connector)
  await board.start()
  #expect(server.asked.withLock { $0 } == [1])
  #expect(await board.opened(session: 1))
  if let welcome { await board.received(welcome, session: 1) }
  return (board, server)
}

/// What a hostile or broken `reorder-server` can send ``RemoteBoard``: nothing traps, nothing is
/// applied blindly, and the board stays the last one that made sense.
@Suite("RemoteBoard distrusts what the server sends")
struct RemoteBoardMessagesTests {
  let welcome =
    #"{"type":"welcome","role":"editor","epoch":"e1","revision":4,"views":[{"id":"todo","sections":[{"id":"todo","items":["c1","c2"]}]},{"id":"done","sections":[{"id":"done","items":["c3"]}]}]}"#

  @Test func hostileMessagesNeitherTrapNorChangeTheBoard() async throws {
    let (board, _) = try await scripted(welcome)
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
      await board.received(hostile, session: 1)
      #expect(await board.state == before, "\(hostile)")
    }
  }

  @Test func aBoardWithAnIdentifierTwiceIsNotTaken() async throws {
    let (board, _) = try await scripted()
    let before = await board.state
    await board.received(
      #"{"type":"welcome","role":"editor","epoch":"e2","revision":9,"views":[{"id":"todo","sections":[{"id":"todo","items":["c1","todo"]}]}]}"#,
      session: 1)
    #expect(await board.state == before)
    // The connection is closed, and the next one reads the board whole.
    #expect(await board.connection != .online)
    await board.received(welcome, session: 1)
    #expect(await board.state == before)
  }

  @Test func revisionsAreAppliedInOrderWhateverOrderTheyArriveIn() async throws {
    let (board, _) = try await scripted(welcome)
    // Revision 6 before 5: kept until 5 arrives, then both, in order.
    await board.received(
      #"{"type":"remote","revision":6,"changes":[{"kind":"moveColumns","items":["done"],"before":"todo"}]}"#,
      session: 1)
    let early = await board.state
    #expect(early.revision == 4 && early.columns == ["todo", "done"])
    await board.received(
      #"{"type":"remote","revision":5,"changes":[{"kind":"moveCards","items":["c2"],"view":"done","section":"done","before":null}]}"#,
      session: 1)
    let state = await board.state
    #expect(state.revision == 6)
    #expect(state.columns == ["done", "todo"] && state.cards(inColumn: "done") == ["c3", "c2"])
    // A change that names a card the board does not have is not applied (the client reads the
    // board again instead).
    await board.received(
      #"{"type":"remote","revision":7,"changes":[{"kind":"moveCards","items":["ghost"],"view":"done","section":"done","before":null}]}"#,
      session: 1)
    #expect(await board.state == state)
  }

  @Test func aMoveStaysInTheOutboxUntilItsRevisionIsApplied() async throws {
    let (board, _) = try await scripted(welcome)
    let id = try #require(try await board.commit(.moved(ReorderDifference(items: ["c1"], section: "done"))))
    #expect(await board.state.cards(inColumn: "done") == ["c3", "c1"])
    #expect(await board.unsentCount == 1)
    // Acked as revision 6 while 5 (someone else's) has not arrived: still shown, not yet confirmed.
    await board.received(#"{"type":"ack","gesture":"\#(id)","revision":6}"#, session: 1)
    #expect(await board.sync.revision == 4)
    #expect(await board.sync.pending.count == 1)
    await board.received(
      #"{"type":"remote","revision":5,"changes":[{"kind":"moveCards","items":["c2"],"view":"done","section":"done","before":"c3"}]}"#,
      session: 1)
    #expect(await board.sync.revision == 6)
    #expect(await board.sync.pending.isEmpty)
    #expect(await board.state.cards(inColumn: "done") == ["c2", "c3", "c1"])
  }
}

@Suite("RemoteBoard takes its move as the server placed it")
struct RemoteBoardAckTests {
  @Test func anAcksChangesWinOverTheMoveAsMade() async throws {
    let (board, _) = try await scripted(
      #"{"type":"welcome","role":"editor","epoch":"e1","revision":1,"views":[{"id":"todo","sections":[{"id":"todo","items":["c1","c2"]}]},{"id":"done","sections":[{"id":"done","items":["c3"]}]}]}"#
    )
    let id = try #require(try await board.commit(.moved(ReorderDifference(items: ["c1"], section: "done"))))
    #expect(await board.state.cards(inColumn: "done") == ["c3", "c1"])
    // The server's replica placed it before c3 (it was behind): the board shows what everyone sees.
    await board.received(
      #"{"type":"ack","gesture":"\#(id)","revision":2,"changes":[{"kind":"moveCards","items":["c1"],"view":"done","section":"done","before":"c3"}]}"#,
      session: 1)
    #expect(await board.sync.revision == 2)
    #expect(await board.state.cards(inColumn: "done") == ["c1", "c3"])
    #expect(await board.unsentCount == 0)
  }
}

@Suite("RemoteBoard's answers to a refused move")
struct RemoteBoardRefusalTests {
  func welcomed(name: @escaping @Sendable (String) -> String = { $0 }) async throws -> RemoteBoard {
    try await scripted(
      #"{"type":"welcome","role":"editor","epoch":"e1","revision":1,"views":[{"id":"todo","sections":[{"id":"todo","items":["c1","c2"]}]},{"id":"done","sections":[{"id":"done","items":[]}]}]}"#,
      name: name
    ).0
  }

  @Test func rateLimitedStaysInTheOutbox() async throws {
    let board = try await welcomed()
    let id = try #require(try await board.commit(.moved(ReorderDifference(items: ["c1"], section: "done"))))
    await board.received(
      #"{"type":"rejected","gesture":"\#(id)","reason":"rateLimited","retryAfterMs":50}"#, session: 1)
    #expect(await board.unsentCount == 1)
    #expect(await board.state.cards(inColumn: "done") == ["c1"])
    #expect(await board.outcome(of: id) == nil)
  }

  @Test func lostRaceLeavesAndSaysWhy() async throws {
    let board = try await welcomed()
    let id = try #require(try await board.commit(.moved(ReorderDifference(items: ["c1"], section: "done"))))
    await board.received(#"{"type":"rejected","gesture":"\#(id)","reason":"lostRace","message":"gone"}"#, session: 1)
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

  /// The announcement names the cards as the app does.
  @Test func aLostRaceIsSaidWithTheCardsNames() async throws {
    let board = try await welcomed(name: { "Card " + $0.dropFirst() })
    let id = try #require(try await board.commit(.moved(ReorderDifference(items: ["c1"], section: "done"))))
    await board.received(#"{"type":"rejected","gesture":"\#(id)","reason":"lostRace"}"#, session: 1)
    for await event in board.events {
      guard case .lostRace(let race) = event else { continue }
      #expect(race.announcement == "Card 1 was moved by someone else.")
      #expect(race.items == ["c1"] && race.state.cards(inColumn: "done").isEmpty)
      break
    }
  }

  @Test func aViewersMoveIsRefusedBeforeItGoesAnywhere() async throws {
    let (board, server) = try await scripted(
      #"{"type":"welcome","role":"viewer","epoch":"e1","revision":1,"views":[{"id":"todo","sections":[{"id":"todo","items":["c1"]}]},{"id":"done","sections":[{"id":"done","items":[]}]}]}"#
    )
    #expect(await board.role == "viewer")
    await #expect(throws: SharedBoardError(.readOnly)) {
      try await board.commit(.moved(ReorderDifference(items: ["c1"], section: "done")))
    }
    #expect(await board.unsentCount == 0)
    #expect(await board.state.cards(inColumn: "done").isEmpty)
    try await Task.sleep(for: .milliseconds(50))
    #expect(server.sent.withLock { $0.count } == 1)
  }

  @Test func invalidIsSetAsideAndLaterMovesGoOn() async throws {
    let board = try await welcomed()
    let first = try #require(try await board.commit(.moved(ReorderDifference(items: ["c1"], section: "done"))))
    _ = try await board.commit(.moved(ReorderDifference(items: ["c2"], section: "done")))
    await board.received(#"{"type":"rejected","gesture":"\#(first)","reason":"invalid","message":"no"}"#, session: 1)
    #expect(await board.unsentCount == 1)
    #expect(await board.state.cards(inColumn: "done") == ["c2"])
    #expect(await board.outcome(of: first) == .refused(reason: "invalid: no"))
    #expect(try board.outbox.refused().map(\.gesture) == [first])
  }
}

@Suite("RemoteBoard's outbox across a restart")
struct RemoteBoardOutboxTests {
  let welcome =
    #"{"type":"welcome","role":"editor","epoch":"e1","revision":4,"views":[{"id":"todo","sections":[{"id":"todo","items":["c1","c2"]}]},{"id":"done","sections":[{"id":"done","items":["c3"]}]}]}"#

  func path(_ label: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remote-outbox-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("\(label).sqlite").path
  }

  /// What the board sent is the machine's messages, byte for byte: the hello, then each move.
  @Test func movesGoOutInOrderAsTheMachineWritesThem() async throws {
    let (board, server) = try await scripted(welcome)
    #expect(await server.texts(1).first == #"{"token":"t","type":"hello"}"#)
    let first = try #require(try await board.commit(.moved(ReorderDifference(items: ["c1"], section: "done"))))
    let second = try await board.moveColumns(["done"], before: "todo")
    let texts = await server.texts(2)
    #expect(texts.count == 2, "one commit in flight")
    #expect(
      texts.last
        == #"{"change":{"before":null,"items":["c1"],"kind":"moveCards","section":"done","view":"done"},"gesture":"\#(first)","type":"commit"}"#
    )
    await board.received(#"{"type":"ack","gesture":"\#(first)","revision":5}"#, session: 1)
    #expect(
      await server.texts(3).last
        == #"{"change":{"before":"todo","items":["done"],"kind":"moveColumns"},"gesture":"\#(second)","type":"commit"}"#
    )
    await board.close()
  }

  /// A move the server acked as revision 6 while 5 has not arrived waits as committed; the outbox
  /// keeps that, and the next run waits for 5 instead of sending it again.
  @Test func aMoveAckedAheadOfAGapIsKeptAsCommitted() async throws {
    let file = try path("gap")
    let (board, _) = try await scripted(welcome, outbox: file)
    let id = try #require(try await board.commit(.moved(ReorderDifference(items: ["c1"], section: "done"))))
    await board.received(#"{"type":"ack","gesture":"\#(id)","revision":6}"#, session: 1)
    await board.close()

    let (again, server) = try await scripted(outbox: file)
    #expect(
      await again.sync.pending
        == [PendingGesture(gesture: id, change: .moveCards(items: ["c1"], column: "done", before: nil), committed: 6)])
    #expect(await again.unsentCount == 0)
    #expect(await again.state.cards(inColumn: "done") == ["c3", "c1"])
    #expect(await server.texts(1) == [#"{"after":4,"epoch":"e1","token":"t","type":"hello"}"#])
    await again.received(
      #"{"type":"welcome","role":"editor","epoch":"e1","revision":6,"changes":[{"kind":"moveCards","items":["c2"],"view":"done","section":"done","before":null},{"kind":"moveCards","items":["c1"],"view":"done","section":"done","before":null}]}"#,
      session: 1)
    #expect(await again.sync.pending.isEmpty)
    #expect(await again.sync.revision == 6)
    #expect(await again.state.cards(inColumn: "done") == ["c3", "c2", "c1"])
    try await Task.sleep(for: .milliseconds(50))
    #expect(server.sent.withLock { $0.count } == 1, "nothing sent again")
    await again.close()
    let rows = try await DatabaseQueue(path: file).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM outbox")
    }
    #expect(rows == 0)
  }

  /// A file of the version before (no `committed` column; bodies with their rows' keys, as the
  /// RemoteBoard of then wrote them): its board and every move waiting are there, and go out.
  @Test func anOutboxOfTheVersionBeforeKeepsItsMoves() async throws {
    let file = try path("old")
    let key = "http://127.0.0.1:1/boards/b"
    do {
      let queue = try DatabaseQueue(path: file)
      var migrator = DatabaseMigrator()
      migrator.registerMigration("shared board v1") { db in
        try db.execute(
          sql: """
            CREATE TABLE outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, board TEXT NOT NULL, gesture TEXT NOT NULL UNIQUE,
              body BLOB NOT NULL);
            CREATE TABLE confirmed (board TEXT NOT NULL, id TEXT NOT NULL, parent TEXT NOT NULL, key TEXT NOT NULL,
              version INTEGER NOT NULL, PRIMARY KEY (board, id));
            CREATE TABLE boards (board TEXT PRIMARY KEY, revision INTEGER NOT NULL, client INTEGER);
            """)
      }
      migrator.registerMigration("shared board v2: refused gestures") { db in
        try db.execute(
          sql: """
            CREATE TABLE refused (seq INTEGER PRIMARY KEY AUTOINCREMENT, board TEXT NOT NULL, gesture TEXT NOT NULL,
              body BLOB NOT NULL, reason TEXT NOT NULL, at REAL NOT NULL);
            """)
      }
      migrator.registerMigration("shared board v3: the server's epoch") { db in
        try db.execute(sql: "ALTER TABLE boards ADD COLUMN epoch TEXT")
      }
      try migrator.migrate(queue)
      let keys = try OrderKey.keys(count: 2, between: nil, nil).map(\.rawValue)
      try await queue.write { db in
        try db.execute(
          sql: "INSERT INTO boards (board, revision, client, epoch) VALUES (?, 4, NULL, 'e1')", arguments: [key])
        for (id, parent, k) in [
          ("todo", "", keys[0]), ("done", "", keys[1]), ("c1", "todo", keys[0]), ("c2", "todo", keys[1]),
          ("c3", "done", keys[0]),
        ] {
          try db.execute(
            sql: "INSERT INTO confirmed (board, id, parent, key, version) VALUES (?, ?, ?, ?, 1)",
            arguments: [key, id, parent, k])
        }
        let moves = [
          Gesture(
            id: "old-1", intent: .place(items: ["c1"], parent: "done", before: nil, inserting: false),
            writes: [RowWrite(id: "c1", parent: "done", key: keys[1] + "rb0V", expected: 1, deleted: false)]),
          Gesture(
            id: "old-2", intent: .place(items: ["done"], parent: "", before: "todo", inserting: false),
            writes: [RowWrite(id: "done", parent: "", key: "0V", expected: 1, deleted: false)]),
        ]
        for move in moves {
          try db.execute(
            sql: "INSERT INTO outbox (board, gesture, body) VALUES (?, ?, ?)",
            arguments: [key, move.id, try JSONEncoder().encode(move)])
        }
      }
    }
    let (board, server) = try await scripted(outbox: file)
    #expect(await board.state.columns == ["done", "todo"])
    #expect(await board.state.cards(inColumn: "done") == ["c3", "c1"])
    #expect(await board.unsentCount == 2)
    #expect(await server.texts(1) == [#"{"after":4,"epoch":"e1","token":"t","type":"hello"}"#])
    await board.received(#"{"type":"welcome","role":"editor","epoch":"e1","revision":4,"changes":[]}"#, session: 1)
    #expect(await server.texts(2).last?.contains(#""gesture":"old-1""#) == true)
    await board.received(#"{"type":"ack","gesture":"old-1","revision":5}"#, session: 1)
    #expect(await server.texts(3).last?.contains(#""gesture":"old-2""#) == true)
    await board.close()
    // What is left goes on waiting in the next run.
    let (again, _) = try await scripted(outbox: file)
    #expect(await again.sync.pending.map(\.gesture) == ["old-2"])
    #expect(await again.sync.revision == 5)
    #expect(await again.state.columns == ["done", "todo"])
    await again.close()
  }

  /// A move made on the board as it was a moment ago (its `before` went to another column) goes
  /// to the end of the column, as the server places it.
  @Test func aMoveBeforeACardThatLeftGoesToTheEnd() async throws {
    let (board, _) = try await scripted(welcome)
    try await board.commit(.moved(ReorderDifference(items: ["c2"], section: "done", before: "c1")))
    #expect(await board.state.cards(inColumn: "done") == ["c3", "c2"])
    await #expect(throws: SharedBoardError.self) {
      try await board.commit(.moved(ReorderDifference(items: ["ghost"], section: "done")))
    }
    await board.close()
  }
}
