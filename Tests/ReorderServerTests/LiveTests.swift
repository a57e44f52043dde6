import Foundation
import HummingbirdWSClient
import NIOWebSocket
import Testing

@testable import ReorderServer

/// `/api/boards/{board}/live` against real server processes and a real PostgreSQL.
@Suite("live boards over WebSocket", .enabled(if: serverBuilt && ownerURL != nil))
struct LiveTests {
  @Test func editorsCommitAndFollowersOnEveryInstanceSeeIt() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, editor, viewer) = try await makeBoard(
      "live", [("todo", ["c1", "c2", "c3"]), ("doing", ["c4"]), ("done", [])])
    let one = try await ServerProcess(["--database", database.server])
    let two = try await ServerProcess(["--database", database.server])

    let ann = LiveClient(port: one.port, board: board)
    ann.hello(editor)
    let welcome = try await ann.next("welcome")
    #expect(welcome["role"] as? String == "editor" && welcome["revision"] as? Int == 1)
    #expect(welcome["epoch"] is String && welcome["changes"] == nil)
    let views = try #require(welcome["views"] as? [[String: Any]])
    #expect(views.map { $0["id"] as? String } == ["todo", "doing", "done"])

    let vic = LiveClient(port: two.port, board: board)
    vic.hello(viewer)
    let vicWelcome = try await vic.next("welcome")
    #expect(vicWelcome["role"] as? String == "viewer")

    // Ann (instance one) moves c1 into Doing before c4; Vic (instance two) sees it.
    ann.commit("g-1", moveCards(["c1"], to: "doing", before: "c4"))
    let ack = try await ann.next("ack")
    #expect(ack["gesture"] as? String == "g-1" && ack["revision"] as? Int == 2)
    let remote = try await vic.next("remote")
    #expect(remote["revision"] as? Int == 2)
    let changes = try #require(remote["changes"] as? [[String: Any]])
    #expect(changes.count == 1)
    #expect(changes.first?["kind"] as? String == "moveCards" && changes.first?["items"] as? [String] == ["c1"])
    #expect(changes.first?["view"] as? String == "doing" && changes.first?["before"] as? String == "c4")

    // A column move, to the end (before: null).
    ann.commit("g-2", ["kind": "moveColumns", "items": ["todo"], "before": NSNull()])
    #expect(try await ann.next("ack", skip: 1)["revision"] as? Int == 3)
    let columns = try await vic.next("remote", skip: 1)
    let columnChange = try #require((columns["changes"] as? [[String: Any]])?.first)
    #expect(columnChange["kind"] as? String == "moveColumns" && columnChange["before"] is NSNull)

    // The committer gets acks, not its own remotes.
    try await Task.sleep(for: .milliseconds(300))
    #expect(ann.messages.filter { $0["type"] as? String == "remote" }.isEmpty)

    // The API agrees with what the followers were told.
    let api = try await rawRequest(
      port: two.port, "/api/boards/\(board)", headers: ["Authorization": "Bearer \(viewer)"])
    #expect(
      api.text.contains(#""revision":3,"views":[{"id":"doing","sections":[{"id":"doing","items":["c1","c4"]}]}"#),
      "\(api.text)")

    // A hello with `after` gets the changes after it; with another epoch, the whole board and reset.
    let late = LiveClient(port: one.port, board: board)
    late.hello(viewer, after: 1, epoch: welcome["epoch"] as? String)
    let catchUp = try await late.next("welcome")
    #expect((catchUp["changes"] as? [[String: Any]])?.count == 2 && catchUp["views"] == nil)
    let reset = LiveClient(port: two.port, board: board)
    reset.hello(viewer, after: 1, epoch: "another-epoch")
    let resetWelcome = try await reset.next("welcome")
    #expect(resetWelcome["reset"] as? Bool == true && resetWelcome["views"] != nil)

    for client in [ann, vic, late, reset] { client.close() }
    #expect(try await one.terminate() == 0)
    #expect(try await two.terminate() == 0)
  }

  @Test func eightEditorsOnOneInstanceShareRoundTripsAndEveryMoveIsAckedOnce() async throws {
    let database = try await TestDatabase.shared.prepare()
    let cards = (1...8).map { "c\($0)" }
    let (board, editor, viewer) = try await makeBoard("batch", [("todo", cards), ("doing", []), ("done", [])])
    let server = try await ServerProcess(["--database", database.server], environment: ["LOG_LEVEL": "debug"])
    let watcher = LiveClient(port: server.port, board: board)
    watcher.hello(viewer)
    _ = try await watcher.next("welcome")
    // Eight editors, each moving its own card 20 times, its next move sent when the last is acked:
    // every commit but the first finds others waiting for the board.
    let moves = 20
    let acks = try await withThrowingTaskGroup(of: [Int].self) { group in
      for (index, card) in cards.enumerated() {
        group.addTask {
          let client = LiveClient(port: server.port, board: board)
          defer { client.close() }
          client.hello(editor)
          _ = try await client.next("welcome")
          var revisions: [Int] = []
          for move in 0..<moves {
            let column = ["todo", "doing", "done"][(index + move + 1) % 3]
            client.commit("g-\(card)-\(move)", moveCards([card], to: column, before: nil))
            let answer = try await client.next("ack", skip: move)
            #expect(answer["gesture"] as? String == "g-\(card)-\(move)")
            revisions.append(try #require(answer["revision"] as? Int))
          }
          return revisions
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    // Each move acked once, at a revision of its own, and nothing else committed.
    #expect(acks.sorted() == Array(2...(1 + 8 * moves)))
    #expect(acks.count == 8 * moves)
    // The follower saw every revision once, in order.
    var seen: [Int] = []
    for skip in 0..<(8 * moves) {
      seen.append(try #require(try await watcher.next("remote", skip: skip)["revision"] as? Int))
    }
    #expect(seen == Array(2...(1 + 8 * moves)))
    // Some round trips carried more than one change (the log line says how many of how many).
    let batches = server.stderrLines.all.compactMap { line -> Int? in
      guard
        let range = line.range(of: #"(\d+) of (\d+) changes answered in one round trip"#, options: .regularExpression)
      else { return nil }
      return Int(line[range].split(separator: " ")[2])
    }
    #expect(batches.reduce(0, +) >= 8 * moves)
    #expect(batches.contains { $0 > 1 }, "round trips: \(batches.count)")
    print("8 editors x \(moves) moves on one instance: \(batches.count) round trips, largest \(batches.max() ?? 0)")
    watcher.close()
    #expect(try await server.terminate() == 0)
  }

  /// A client that stops reading but keeps its socket open never answers the server's close: the
  /// server still ends within its graceful limit after SIGTERM (it waited for that answer for ever:
  /// seen once, in tenConnectionsPerTokenAcrossInstances, as a server that did not end within 30 s).
  @Test func aClientThatNeverAnswersTheCloseDoesNotHoldTheShutdown() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, _, viewer) = try await makeBoard("mute", [("todo", ["c1"])])
    let server = try await ServerProcess(["--database", database.server])
    let mute = try await MuteClient(port: server.port, board: board, token: viewer)
    let start = ContinuousClock.now
    #expect(try await server.terminate() == 0)
    let took = ContinuousClock.now - start
    print("live: exited \(took) after SIGTERM with a client that never answers the close")
    #expect(took < .seconds(LiveConnection.shutdownGrace.components.seconds + 10))
    mute.close()
  }

  /// 200 moves of one card sent at once, and sent again in order after each `rateLimited` (as the
  /// page and the app do): they commit in the order sent, and the card ends where the last put it.
  /// A commit let in as the rate's second slid used to overtake one refused just before it.
  @Test func movesRefusedForTheRateAreNeverOvertaken() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, editor, _) = try await makeBoard("rate", [("todo", ["c1"]), ("doing", []), ("done", [])])
    let server = try await ServerProcess(["--database", database.server])
    let client = LiveClient(port: server.port, board: board)
    client.hello(editor)
    _ = try await client.next("welcome")
    let count = 200
    func column(_ index: Int) -> String { index % 2 == 1 ? "doing" : "done" }
    var acked: [Int: Int] = [:]  // gesture index → revision
    var limited = 0
    var waiting = Array(0..<count)
    var rounds = 0
    while !waiting.isEmpty, rounds < 50 {
      rounds += 1
      let seen = client.messages.count
      for index in waiting { client.commit("g-\(index)", moveCards(["c1"], to: column(index), before: nil)) }
      // Every one answered: ack or rateLimited.
      let deadline = Date().addingTimeInterval(60)
      var answers: [[String: Any]] = []
      while Date() < deadline {
        answers = client.messages.dropFirst(seen).filter { ["ack", "rejected"].contains($0["type"] as? String) }
        if answers.count >= waiting.count { break }
        try await Task.sleep(for: .milliseconds(10))
      }
      #expect(answers.count == waiting.count, "round \(rounds): \(answers.count) of \(waiting.count) answered")
      var wait = 1
      var again: [Int] = []
      for answer in answers {
        let index = Int((answer["gesture"] as? String ?? "").dropFirst(2)) ?? -1
        if answer["type"] as? String == "ack" {
          acked[index] = answer["revision"] as? Int
        } else {
          #expect(answer["reason"] as? String == "rateLimited", "\(answer)")
          limited += 1
          again.append(index)
          wait = max(wait, answer["retryAfterMs"] as? Int ?? 1)
        }
      }
      // What was let in is a prefix of what was sent: nothing overtook a refused move.
      let letIn = waiting.filter { acked[$0] != nil }
      #expect(letIn == Array(waiting.prefix(letIn.count)), "round \(rounds): \(letIn) of \(waiting)")
      waiting = again.sorted()
      if !waiting.isEmpty { try await Task.sleep(for: .milliseconds(wait)) }
    }
    #expect(waiting.isEmpty)
    let revisions = (0..<count).compactMap { acked[$0] }
    #expect(revisions == revisions.sorted() && revisions.count == count)
    let api = try await rawRequest(
      port: server.port, "/api/boards/\(board)", headers: ["Authorization": "Bearer \(editor)"])
    #expect(api.text.contains(#"{"id":"\#(column(count - 1))","items":["c1"]}"#), "\(api.text)")
    print("live: \(count) moves at once, \(limited) answered rateLimited, \(rounds) rounds")
    client.close()
    #expect(try await server.terminate() == 0)
  }

  @Test func viewersAreRefusedAndNothingIsWritten() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, _, viewer) = try await makeBoard("viewer", [("todo", ["c1", "c2"]), ("done", [])])
    let server = try await ServerProcess(["--database", database.server])
    let vic = LiveClient(port: server.port, board: board)
    vic.hello(viewer)
    _ = try await vic.next("welcome")
    vic.commit("v-1", moveCards(["c1"], to: "done", before: nil))
    let rejected = try await vic.next("rejected")
    #expect(rejected["gesture"] as? String == "v-1" && rejected["reason"] as? String == "forbidden")
    #expect(
      try await sql(database.owner, "SELECT revision::text FROM reorder_boards WHERE board = '\(board)'") == ["1"])
    #expect(
      try await sql(
        database.owner, "SELECT count(*)::text FROM reorder_changes WHERE board = '\(board)' AND gesture = 'v-1'") == [
          "0"
        ])
    vic.close()
    #expect(try await server.terminate() == 0)
  }

  @Test func badTokensAnotherBoardAndSilenceAreClosedWith1008() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, _, _) = try await makeBoard("refuse", [("todo", ["c1"])])
    let (_, otherEditor, _) = try await makeBoard("refuse-other", [("x", [])])
    let server = try await ServerProcess(["--database", database.server])

    let wrong = LiveClient(port: server.port, board: board)
    wrong.hello("rk_not-a-token")
    #expect(try await wrong.closed()?.closeCode == .policyViolation)

    let other = LiveClient(port: server.port, board: board)
    other.hello(otherEditor)
    let otherClose = try await other.closed()
    #expect(otherClose?.closeCode == .policyViolation && otherClose?.reason == "the token is for another board")

    let silent = LiveClient(port: server.port, board: board)
    let start = ContinuousClock.now
    let silentClose = try await silent.closed(seconds: 30)
    #expect(silentClose?.closeCode == .policyViolation && silentClose?.reason == "no hello within 5 s")
    let waited = ContinuousClock.now - start
    print("live: a silent connection was closed after \(waited) (goal: 5 s)")
    #expect(waited >= .seconds(4))
    #expect(try await server.terminate() == 0)
  }

  @Test func malformedMessagesFloodsAndHugeFramesAreAnsweredAndOthersKeepBeingServed() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, editor, viewer) = try await makeBoard("abuse", [("todo", ["c1", "c2", "c3"]), ("done", [])])
    let server = try await ServerProcess(["--database", database.server])
    let ann = LiveClient(port: server.port, board: board)
    ann.hello(editor)
    _ = try await ann.next("welcome")

    ann.send("{not json")
    #expect(try await ann.next("error")["code"] as? String == "malformed")
    ann.send(#"{"type": "shout"}"#)
    #expect(try await ann.next("error", skip: 1)["code"] as? String == "unknownType")
    ann.send(#"{"type": "commit", "gesture": "bad-1", "change": {"kind": "teleport", "items": ["c1"]}}"#)
    let invalid = try await ann.next("rejected")
    #expect(invalid["gesture"] as? String == "bad-1" && invalid["reason"] as? String == "invalid")
    ann.commit("bad-2", moveCards(["c1", "c1"], to: "done", before: nil))
    #expect(try await ann.next("rejected", skip: 1)["reason"] as? String == "invalid")
    ann.commit("bad-3", moveCards(["!! not a key"], to: "done", before: nil))
    #expect(try await ann.next("rejected", skip: 2)["reason"] as? String == "invalid")
    ann.commit("bad-4", moveCards(["todo"], to: "done", before: nil))
    #expect(try await ann.next("rejected", skip: 3)["reason"] as? String == "invalid")
    // Still served after all that.
    ann.commit("ok-1", moveCards(["c1"], to: "done", before: nil))
    #expect(try await ann.next("ack")["gesture"] as? String == "ok-1")

    // A flood of commits: past 100 a second they are rateLimited, with a time to retry.
    let vic = LiveClient(port: server.port, board: board)
    vic.hello(viewer)
    _ = try await vic.next("welcome")
    for n in 0..<300 { vic.commit("flood-\(n)", moveCards(["c2"], to: "done", before: nil)) }
    _ = try await vic.next("rejected", skip: 299)
    let answers = vic.messages.filter { $0["type"] as? String == "rejected" }
    let limited = answers.filter { $0["reason"] as? String == "rateLimited" }
    #expect(answers.count == 300 && !limited.isEmpty && limited.count <= 200)
    #expect(limited.allSatisfy { (1...1000).contains($0["retryAfterMs"] as? Int ?? 0) })
    #expect(
      try await sql(
        database.owner, "SELECT count(*)::text FROM reorder_changes WHERE board = '\(board)' AND gesture LIKE 'flood-%'"
      ) == ["0"])

    // A 1 MB frame closes that connection with 1009; the others go on.
    let big = LiveClient(port: server.port, board: board)
    big.hello(viewer)
    _ = try await big.next("welcome")
    big.send(#"{"type": "commit", "gesture": "x", "pad": ""# + String(repeating: "a", count: 1 << 20) + #""}"#)
    #expect(try await big.closed()?.closeCode == .messageTooLarge)
    ann.commit("ok-2", moveCards(["c2"], to: "done", before: nil))
    #expect(try await ann.next("ack", skip: 1)["gesture"] as? String == "ok-2")

    for client in [ann, vic] { client.close() }
    #expect(try await server.terminate() == 0)
  }

  @Test func aMoveIntoADeletedColumnLosesAndARevokedTokenIsClosed() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, editor, _) = try await makeBoard("race", [("todo", ["c1", "c2"]), ("gone", [])])
    let server = try await ServerProcess(["--database", database.server])
    let ann = LiveClient(port: server.port, board: board)
    ann.hello(editor)
    _ = try await ann.next("welcome")
    // Someone deletes the column "gone" straight in the database (its version is 1).
    try await sql(
      database.owner,
      "SELECT o_revision::text FROM reorder_commit('\(board)', 'admin', 'del-1', ARRAY['gone'], ARRAY[''], ARRAY[''], ARRAY[1]::bigint[], ARRAY[true])"
    )
    let deleted = try await ann.next("remote")
    #expect((deleted["changes"] as? [[String: Any]])?.first?["kind"] as? String == "deleteItems")
    ann.commit("into-gone", moveCards(["c1"], to: "gone", before: nil))
    let lost = try await ann.next("rejected")
    #expect(lost["reason"] as? String == "lostRace")
    #expect(
      try await sql(database.owner, "SELECT parent FROM reorder_rows WHERE board = '\(board)' AND id = 'c1'") == [
        "todo"
      ])

    // Revoked: the connection closes (goal: within a second; the test waits up to 5 s).
    let list = try await runServerCommand(["token", "list", "--database", database.owner, "--board", board])
    let id = try #require(list.stdout.split(separator: "\n").first?.split(separator: "\t").first.map(String.init))
    let start = ContinuousClock.now
    #expect(try await runServerCommand(["token", "revoke", "--database", database.owner, id]).status == 0)
    let frame = try await ann.closed(seconds: 5)
    print(
      "live: a revoked token's connection was closed \(ContinuousClock.now - start) after token revoke (goal: under 1 s)"
    )
    #expect(frame?.closeCode == .policyViolation && frame?.reason == "token revoked")
    #expect(try await server.terminate() == 0)
  }

  /// Whether the server welcomes the client within two seconds (a refused one is closed instead).
  func welcomed(_ client: LiveClient) async -> Bool {
    let deadline = Date().addingTimeInterval(2)
    while Date() < deadline {
      if client.messages.contains(where: { $0["type"] as? String == "welcome" }) { return true }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return false
  }

  /// Ten connections per token, counted across instances: five on each, the eleventh refused on
  /// either; one closed makes room; an instance killed stops counting within its timeout (5 s).
  @Test func tenConnectionsPerTokenAcrossInstances() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, _, viewer) = try await makeBoard("ten", [("todo", [])])
    let one = try await ServerProcess(["--database", database.server])
    let two = try await ServerProcess(["--database", database.server])
    var clients: [LiveClient] = []
    for i in 0..<10 {
      let client = LiveClient(port: i < 5 ? one.port : two.port, board: board)
      client.hello(viewer)
      _ = try await client.next("welcome")
      clients.append(client)
    }
    for port in [one.port, two.port] {
      let eleventh = LiveClient(port: port, board: board)
      eleventh.hello(viewer)
      let frame = try await eleventh.closed()
      #expect(frame?.closeCode == .policyViolation && frame?.reason == "more than 10 connections for this token")
    }
    // One of instance two's closes: the next one on instance one is let in.
    clients[9].close()
    let retry = Date().addingTimeInterval(30)
    var admitted: LiveClient?
    while admitted == nil, Date() < retry {
      let client = LiveClient(port: one.port, board: board)
      client.hello(viewer)
      if await welcomed(client) { admitted = client } else { client.close() }
    }
    #expect(admitted != nil, "a closed connection still counted")
    // Instance one killed: its six stop counting once it has been silent for 5 s.
    kill(one.process.processIdentifier, SIGKILL)
    let start = ContinuousClock.now
    var replaced = 0
    let deadline = Date().addingTimeInterval(60)
    while replaced < 6, Date() < deadline {
      let client = LiveClient(port: two.port, board: board)
      client.hello(viewer)
      if await welcomed(client) { replaced += 1 } else { client.close() }
    }
    print("live: a killed instance's connections counted no more \(ContinuousClock.now - start) after the kill")
    #expect(replaced == 6)
    #expect(try await two.terminate() == 0)
  }
}
