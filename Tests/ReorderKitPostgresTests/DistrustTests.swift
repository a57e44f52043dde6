import Foundation
import GRDB
import PostgresNIO
import ReorderKit
import Testing

@testable import ReorderKitPostgres
@testable import ReorderKitShare

/// What a client reads can be wrong (a forged NOTIFY, a row or a log entry at Int64.max or
/// Int64.min, a gesture the server refuses, a local file that cannot be written): the client never
/// traps, never skips the truth, never blocks its outbox. In the server suite (one test at a time).
extension SharedBoardServerTests {
  @Test func aForgedNotifyForTheNextRevisionDoesNotSkipTheRealCommit() async throws {
    let name = try await makeBoard("forged", [("todo", ["c1", "c2"]), ("done", [])])
    let a = try Client("a", board: name)
    let b = try Client("b", board: name)
    try await a.start()
    try await b.start()
    let revision = await b.board.state.revision
    // Anyone may NOTIFY: a commit of the next revision that was never written (c1 into done).
    try await withRawConnection { connection in
      let forged =
        "\(name) \(revision + 1) {\"client\":\"x\",\"gesture\":\"g\",\"at\":0,\"rows\":[[\"c1\",\"done\",\"a\",2,false]]}"
      try await connection.query("SELECT pg_notify('reorder_board_changes', \(forged))", logger: rawLogger)
    }
    try await Task.sleep(for: .milliseconds(300))
    // The real commit of that revision (c2 into done).
    let gesture = try #require(try await a.board.commit(.moved(ReorderDifference(items: ["c2"], section: "done"))))
    #expect(isCommitted(await a.board.outcome(of: gesture)))
    let truth = try await serverColumns(name)
    #expect(truth == [["c1"], ["c2"]])
    try await eventually("b equals the server", seconds: 5) { await b.columns() == truth }
    #expect(await b.board.state.revision == revision + 1)
    await a.close()
    await b.close()
  }

  @Test func aRevisionAtInt64MaxInTheLogDoesNotTrap() async throws {
    let name = try await makeBoard("max-revision", [("todo", ["c1", "c2"]), ("done", [])])
    let b = try Client("b", board: name)
    try await b.start()
    // A commit logged at revision Int64.max (a restored or tampered database), announced.
    try await withRawConnection { connection in
      try await connection.query(
        """
        WITH b AS (UPDATE reorder_boards SET revision = 9223372036854775807 WHERE board = \(name) RETURNING revision),
        r AS (UPDATE reorder_rows SET parent = 'done', version = version + 1
              WHERE board = \(name) AND id = 'c1' RETURNING id, parent, key, version)
        INSERT INTO reorder_changes (board, revision, client, gesture, committed_at, id, parent, key, version, deleted)
        SELECT \(name), b.revision, 'sql', 'at-max', clock_timestamp(), r.id, r.parent, r.key, r.version, false
        FROM b, r
        """, logger: rawLogger)
      try await connection.query(
        "SELECT pg_notify('reorder_board_changes', \(name + " 9223372036854775807"))", logger: rawLogger)
    }
    try await eventually("b read the commit at Int64.max") { await b.board.state.revision == Int64.max }
    // Another NOTIFY, carrying a commit, and b's own move (which the server cannot number): no
    // trap, b keeps working.
    try await withRawConnection { connection in
      let payload =
        "\(name) 9223372036854775807 {\"client\":\"x\",\"gesture\":\"g\",\"at\":0,\"rows\":[[\"c2\",\"done\",\"a\",2,false]]}"
      try await connection.query("SELECT pg_notify('reorder_board_changes', \(payload))", logger: rawLogger)
    }
    try await Task.sleep(for: .milliseconds(300))
    let move = try await b.board.commit(.moved(ReorderDifference(items: ["c2"], section: "done")))
    #expect(move != nil)
    try await eventually("b's move answered") { await b.board.unsentCount == 0 }
    // The server cannot number it (revision + 1 overflows, SQLSTATE 22003): set aside, not resent.
    #expect(await b.columns() == [["c2"], ["c1"]])
    // The event is collected by a task of its own: under a busy test run it can come a moment later.
    try await eventually("the refusal reported") {
      b.events.contains { if case .refused(let r) = $0 { r.reason.hasPrefix("22003") } else { false } }
    }
    await b.close()
  }

  @Test func aVersionAtInt64MaxOrMinFromTheServerDoesNotTrap() async throws {
    let name = try await makeBoard("max-version", [("todo", ["c1", "c2", "c3"]), ("done", [])])
    try await withRawConnection { connection in
      try await connection.query(
        "UPDATE reorder_rows SET version = 9223372036854775807 WHERE board = \(name) AND id = 'c1'",
        logger: rawLogger)
    }
    let b = try Client("b", board: name)
    try await b.start()
    #expect(await b.board.state.version(of: "c1") == Int64.max)
    // Moving c1 would need version Int64.max + 1: refused at once, nothing recorded.
    await #expect(throws: SharedBoardError.self) {
      try await b.board.commit(.moved(ReorderDifference(items: ["c1"], section: "done")))
    }
    #expect(await b.board.unsentCount == 0)
    // A log entry with version Int64.min (it would be expected Int64.min - 1).
    try await withRawConnection { connection in
      try await connection.query(
        """
        WITH b AS (UPDATE reorder_boards SET revision = revision + 1 WHERE board = \(name) RETURNING revision),
        r AS (UPDATE reorder_rows SET parent = 'done', version = -9223372036854775808
              WHERE board = \(name) AND id = 'c2' RETURNING id, parent, key, version)
        INSERT INTO reorder_changes (board, revision, client, gesture, committed_at, id, parent, key, version, deleted)
        SELECT \(name), b.revision, 'sql', 'at-min', clock_timestamp(), r.id, r.parent, r.key, r.version, false
        FROM b, r
        """, logger: rawLogger)
      try await connection.query("SELECT pg_notify('reorder_board_changes', \(name + " 1000"))", logger: rawLogger)
    }
    // b takes the board as the server has it (reloaded), and keeps working.
    try await eventually("b has c2 in done") { await b.columns() == [["c1", "c3"], ["c2"]] }
    let move = try #require(try await b.board.commit(.moved(ReorderDifference(items: ["c3"], section: "done"))))
    #expect(isCommitted(await b.board.outcome(of: move)))
    await b.close()
  }

  @Test func aPoisonGestureLeavesTheOutboxAndLaterMovesGoOut() async throws {
    let name = try await makeBoard("poison", [("todo", ["c1", "c2"]), ("done", [])])
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("poison-\(UUID()).sqlite").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let a = try Client("a", board: name, outbox: path)
    try await a.start()
    // A card whose id (8,000 random characters) is past PostgreSQL's index row limit: the server
    // refuses it whatever happens, every time.
    let long = (0..<250).map { _ in UUID().uuidString.replacingOccurrences(of: "-", with: "") }.joined()
    _ = try await a.board.commit(
      .inserted(ReorderDifference(items: [long], section: "todo"), children: [:], expanded: []))
    let later = try #require(try await a.board.commit(.moved(ReorderDifference(items: ["c1"], section: "done"))))
    try await eventually("the later move went out", seconds: 10) { await a.board.unsentCount == 0 }
    #expect(isCommitted(await a.board.outcome(of: later)))
    #expect(try await serverColumns(name) == [["c2"], ["c1"]])
    #expect(await a.columns() == [["c2"], ["c1"]])
    #expect(try Outbox(path: path, board: name).pending().isEmpty)
    // Set aside, announced, reported: the refusal is the server's (index row size, SQLSTATE 54000).
    let refused = a.events.compactMap { if case .refused(let r) = $0 { r } else { nil } }
    #expect(refused.count == 1 && refused.first?.items == [long])
    #expect(refused.first?.reason.hasPrefix("54000: index row size") == true, "\(refused.first?.reason ?? "none")")
    #expect(refused.first?.announcement.contains("could not be shared and was set aside") == true)
    #expect(try Outbox(path: path, board: name).refused().map(\.gesture) == refused.map(\.gesture))
    if let gesture = refused.first?.gesture {
      #expect(await a.board.outcome(of: gesture) == .refused(reason: refused.first?.reason ?? ""))
    }
    await a.close()
  }

  @Test func aFailedCacheWriteIsNotForgotten() async throws {
    let name = try await makeBoard("cache", [("todo", ["c1", "c2", "c3"]), ("done", [])])
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID()).sqlite").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let a = try Client("a", board: name)
    let b = try Client("b", board: name, outbox: path)
    try await a.start()
    try await b.start()
    try await Task.sleep(for: .milliseconds(400))
    // Another process holds b's file locked for writing for 1.5 s: b's next cache write fails.
    let other = try DatabaseQueue(path: path)
    let held = Task.detached {
      try other.writeWithoutTransaction { db in
        try db.inTransaction(.immediate) {
          Thread.sleep(forTimeInterval: 1.5)
          return .commit
        }
      }
    }
    try await Task.sleep(for: .milliseconds(200))
    let first = try #require(try await a.board.commit(.moved(ReorderDifference(items: ["c1"], section: "done"))))
    #expect(isCommitted(await a.board.outcome(of: first)))
    try await eventually("b has the first move") { await b.columns() == [["c2", "c3"], ["c1"]] }
    try await held.value
    try other.close()
    let second = try #require(try await a.board.commit(.moved(ReorderDifference(items: ["c2"], section: "done"))))
    #expect(isCommitted(await a.board.outcome(of: second)))
    try await eventually("b has the second move") { await b.columns() == [["c3"], ["c1", "c2"]] }
    await b.close()
    // The file has both moves: a client opening it offline shows the board as it is.
    let reopened = try Outbox(path: path, board: name).confirmed().state
    #expect(reopened.snapshot.sections.map(\.items) == [["c3"], ["c1", "c2"]])
    #expect(reopened.revision == (try await serverRevision(name)))
    await a.close()
  }
}

/// The board's revision on the server.
func serverRevision(_ board: String) async throws -> Int64 {
  var revision: Int64 = 0
  try await withRawConnection { connection in
    for try await value in try await connection.query(
      "SELECT revision FROM reorder_boards WHERE board = \(board)", logger: rawLogger
    ).decode(Int64.self) {
      revision = value
    }
  }
  return revision
}

/// What the local file holds can be edited or damaged: opening it never traps.
@Suite("a local outbox that was edited")
struct EditedOutboxTests {
  func scratch() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("edited-\(UUID()).sqlite").path
  }

  @Test func aGestureAtInt64MaxInTheOutboxDoesNotTrapAtLaunch() async throws {
    let path = scratch()
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let outbox = try Outbox(path: path, board: "b")
      var state = BoardState()
      state.revision = 3
      state.rows["todo"] = .init(parent: "", key: "V", version: 1)
      state.rows["c1"] = .init(parent: "todo", key: "V", version: Int64.max)
      try outbox.replaceConfirmed(state)
      try outbox.append(
        Gesture(
          id: "g-max", intent: .place(items: ["c1"], parent: "todo", before: nil, inserting: false),
          writes: [RowWrite(id: "c1", parent: "todo", key: "k", expected: Int64.max, deleted: false)]))
      try outbox.append(
        Gesture(
          id: "g-min", intent: .place(items: ["c1"], parent: "todo", before: nil, inserting: false),
          writes: [RowWrite(id: "c1", parent: "todo", key: "k", expected: Int64.min, deleted: false)]))
    }
    let board = try SharedBoard(.init(url: "postgresql://u@127.0.0.1:1/db", board: "b", outboxPath: path))
    // Both set aside (kept in `refused`), reported first thing; the board shows c1 where it was.
    #expect(await board.unsentCount == 0)
    #expect(await board.state.cards(inColumn: "todo") == ["c1"])
    #expect(try Outbox(path: path, board: "b").refused().map(\.gesture) == ["g-max", "g-min"])
    #expect(try Outbox(path: path, board: "b").pending().isEmpty)
    var reported: [String] = []
    for await event in board.events {
      if case .refused(let refused) = event { reported.append(refused.gesture) }
      if reported.count == 2 { break }
    }
    #expect(reported == ["g-max", "g-min"])
    #expect(await board.outcome(of: "g-max") == .refused(reason: "\"c1\" expects version 9223372036854775807"))
  }

  @Test func aConfirmedRowOfTheWrongTypeIsAClearError() throws {
    let path = scratch()
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let outbox = try Outbox(path: path, board: "b")
      var state = BoardState()
      state.revision = 3
      state.rows["todo"] = .init(parent: "", key: "V", version: 1)
      try outbox.replaceConfirmed(state)
      try outbox.queue.write { db in
        try db.execute(sql: "UPDATE confirmed SET version = 'not a number'")
        try db.execute(sql: "UPDATE boards SET revision = x'00ff'")
      }
    }
    #expect {
      _ = try SharedBoard(.init(url: "postgresql://u@127.0.0.1:1/db", board: "b", outboxPath: path))
    } throws: { error in
      "\(error)".contains("the local file's confirmed.version holds what no client writes")
        || "\(error)".contains("the local file's boards.revision holds what no client writes")
    }
  }

  @Test func noPasswordInAnErrorOrAWarning() throws {
    #expect(SharedBoard.redacting("postgresql://me:s3cret@db:5432/team") == "postgresql://me:***@db:5432/team")
    #expect(
      SharedBoard.redacting("postgresql://me@db/team?password=s3cret&x=1") == "postgresql://me@db/team?password=***&x=1"
    )
    #expect(SharedBoard.redacting("postgresql://db/team") == "postgresql://db/team")
    for url in ["postgresql://u:s3cret@", "http://u:s3cret@example/x", "postgresql://u:s3cret@:99999/x"] {
      #expect {
        _ = try SharedBoard(.init(url: url, board: "b"))
      } throws: { error in
        !"\(error)".contains("s3cret") && "\(error)".contains("***")
      }
    }
  }
}

/// Change-log compaction: a client whose last revision is no longer in the log reloads the board.
extension SharedBoardServerTests {
  @Test func aClientBehindACompactedLogReloadsTheBoard() async throws {
    let name = try await makeBoard("compacted", [("todo", ["c1", "c2", "c3"]), ("done", [])])
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("compacted-\(UUID()).sqlite").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let a = try Client("a", board: name)
    try await a.start()
    do {
      let b = try Client("b", board: name, outbox: path)
      try await b.start()
      await b.close()
    }
    for card in ["c1", "c2"] {
      let move = try #require(try await a.board.commit(.moved(ReorderDifference(items: [card], section: "done"))))
      #expect(isCommitted(await a.board.outcome(of: move)))
    }
    // The log before the last commit is compacted away: b's revision is no longer in it.
    try await withRawConnection { connection in
      var deleted: Int64 = 0
      for try await count in try await connection.query("SELECT reorder_compact(\(name), 1)", logger: rawLogger)
        .decode(Int64.self)
      {
        deleted = count
      }
      // The board's creation (5 rows) and the move of c1.
      #expect(deleted == 6)
    }
    let b = try Client("b", board: name, outbox: path)
    try await b.start()
    try await b.board.refresh()
    let truth = try await serverColumns(name)
    #expect(truth == [["c3"], ["c1", "c2"]])
    #expect(await b.columns() == truth)
    await b.close()
    await a.close()
  }
}
