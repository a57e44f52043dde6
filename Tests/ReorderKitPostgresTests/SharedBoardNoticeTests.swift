import Foundation
import PostgresNIO
import ReorderKit
import Testing

@testable import ReorderKitPostgres

/// NOTIFY (``CommitNotice``) against the real server: only a wake-up. A notice of a revision not
/// yet applied reads the log (whatever commit it carries: anyone may send one); one already applied
/// is skipped; a gap, a payload too long to carry and a payload that cannot be read read the log as
/// well. In the server suite (one test at a time: another one stops the server). The clients'
/// heartbeat is a minute, so that only a NOTIFY can bring a commit within the test's time.
extension SharedBoardServerTests {
  @Test func aNotifyWakesTheClientWhichReadsTheCommitFromTheLog() async throws {
    let name = try await makeBoard("notice", [("todo", ["c1", "c2", "c3"]), ("doing", []), ("done", [])])
    let a = try Client("a", board: name, heartbeat: .seconds(60))
    let b = try Client("b", board: name, heartbeat: .seconds(60))
    try await a.start()
    try await b.start()
    let readsB = await b.board.logReads
    let moves = [
      ReorderDifference(items: ["c1"], section: "doing"),
      ReorderDifference(items: ["c3"], section: "done"),
      ReorderDifference(items: ["c2"], section: "doing", before: "c1"),
    ]
    for move in moves {
      let gesture = try #require(try await a.board.commit(.moved(move)))
      #expect(isCommitted(await a.board.outcome(of: gesture)))
    }
    let expected = [[], ["c2", "c1"], ["c3"]]
    try await eventually("b applied a's moves") { await b.columns() == expected }
    #expect(await b.board.logReads > readsB, "b did not read the log")
    try await eventually("a confirmed its moves") { await a.board.unsentCount == 0 }
    #expect(await a.board.state.revision == b.board.state.revision)
    // The events reach the test's listener a moment after the board has them.
    func remoteRevisions() -> [Int64] {
      b.events.compactMap { if case .remote(let update) = $0 { update } else { nil } }.flatMap(\.commits).map(
        \.revision)
    }
    try await eventually("b's three remote events") { remoteRevisions().count == 3 }
    #expect(remoteRevisions() == [2, 3, 4])
    #expect(try await serverColumns(name) == expected)
    await a.close()
    await b.close()
  }

  @Test func aGapInRevisionsReadsTheLog() async throws {
    let name = try await makeBoard("gap", [("todo", ["c1", "c2", "c3"]), ("done", [])])
    let a = try Client("a", board: name, heartbeat: .seconds(60))
    let b = try Client("b", board: name, heartbeat: .seconds(60))
    try await a.start()
    try await b.start()
    let readsB = await b.board.logReads
    // A commit no NOTIFY announces (written as reorder_commit writes, without its pg_notify).
    try await withRawConnection { connection in
      try await connection.query(
        """
        WITH b AS (UPDATE reorder_boards SET revision = revision + 1 WHERE board = \(name) RETURNING revision),
        r AS (UPDATE reorder_rows SET parent = 'done', version = version + 1
              WHERE board = \(name) AND id = 'c1' RETURNING id, parent, key, version)
        INSERT INTO reorder_changes (board, revision, client, gesture, committed_at, id, parent, key, version, deleted)
        SELECT \(name), b.revision, 'sql', 'unannounced', clock_timestamp(), r.id, r.parent, r.key, r.version, false
        FROM b, r
        """, logger: rawLogger)
    }
    // The next commit's NOTIFY is a revision ahead of b's next one: b reads the log, and has both.
    let gesture = try #require(try await a.board.commit(.moved(ReorderDifference(items: ["c3"], section: "todo"))))
    #expect(isCommitted(await a.board.outcome(of: gesture)))
    let expected = [["c2", "c3"], ["c1"]]
    try await eventually("b has both commits") { await b.columns() == expected }
    #expect(await b.board.logReads > readsB, "b did not read the log")
    try await eventually("a has both commits") { await a.columns() == expected }
    #expect(try await serverColumns(name) == expected)
    await a.close()
    await b.close()
  }

  @Test func aCommitTooLongForItsNotifySendsTheRevisionAndIsReadFromTheLog() async throws {
    let name = try await makeBoard("long", [("todo", ["c1"]), ("done", [])])
    let a = try Client("a", board: name, heartbeat: .seconds(60))
    let b = try Client("b", board: name, heartbeat: .seconds(60))
    try await a.start()
    try await b.start()
    let readsB = await b.board.logReads
    // 120 cards with 60-character names: about 11,000 bytes of JSON, past NOTIFY's 8,000.
    let cards = (0..<120).map { "card-\($0)-" + String(repeating: "x", count: 50) }
    let insert = ReorderDifference(items: cards, section: "done", before: nil)
    let gesture = try #require(try await a.board.commit(.inserted(insert, children: [:], expanded: [])))
    #expect(isCommitted(await a.board.outcome(of: gesture)), "the commit failed: its NOTIFY was too long?")
    try await eventually("b has the 120 cards") { await b.columns() == [["c1"], cards] }
    #expect(await b.board.logReads == readsB + 1)
    // A short commit after it: its NOTIFY carries it, b reads it from the log all the same.
    let move = try #require(try await a.board.commit(.moved(ReorderDifference(items: ["c1"], section: "done"))))
    #expect(isCommitted(await a.board.outcome(of: move)))
    try await eventually("b has the move") { await b.columns() == [[], cards + ["c1"]] }
    #expect(await b.board.logReads == readsB + 2)
    await a.close()
    await b.close()
  }

  @Test func aNotifyThatCannotBeReadIsIgnoredAndTheLogRead() async throws {
    let name = try await makeBoard("corrupt", [("todo", ["c1", "c2"]), ("done", [])])
    let b = try Client("b", board: name, heartbeat: .seconds(60))
    try await b.start()
    let revision = await b.board.state.revision
    var reads = await b.board.logReads
    try await withRawConnection { connection in
      // The commit itself, unannounced (as in the gap test), then payloads b cannot use.
      try await connection.query(
        """
        WITH b AS (UPDATE reorder_boards SET revision = revision + 1 WHERE board = \(name) RETURNING revision),
        r AS (UPDATE reorder_rows SET parent = 'done', version = version + 1
              WHERE board = \(name) AND id = 'c2' RETURNING id, parent, key, version)
        INSERT INTO reorder_changes (board, revision, client, gesture, committed_at, id, parent, key, version, deleted)
        SELECT \(name), b.revision, 'sql', 'unannounced', clock_timestamp(), r.id, r.parent, r.key, r.version, false
        FROM b, r
        """, logger: rawLogger)
      // The right revision with a JSON body cut short: b must not apply a guess, it reads the log.
      let cut = "\(name) \(revision + 1) {\"client\": \"x\", \"gesture\": \"g\", \"rows\": [[\"c2\", \"to"
      try await connection.query("SELECT pg_notify('reorder_board_changes', \(cut))", logger: rawLogger)
    }
    try await eventually("b read the commit from the log") { await b.columns() == [["c1"], ["c2"]] }
    #expect(await b.board.logReads == reads + 1)
    reads += 1
    // A header that is not a revision, and a forged commit claiming rows that were never written:
    // the first reads the log (finding nothing new), the second is old news and skipped.
    try await withRawConnection { connection in
      let forged =
        "\(name) \(revision + 1) {\"client\":\"x\",\"gesture\":\"g\",\"at\":0,\"rows\":[[\"c1\",\"done\",\"a\",9,false]]}"
      for payload in ["\(name) twelve {}", forged] {
        try await connection.query("SELECT pg_notify('reorder_board_changes', \(payload))", logger: rawLogger)
      }
    }
    try await eventually("b read the log again") { await b.board.logReads == reads + 1 }
    try await Task.sleep(for: .milliseconds(200))
    #expect(await b.columns() == [["c1"], ["c2"]])
    #expect(try await serverColumns(name) == [["c1"], ["c2"]])
    await b.close()
  }

  @Test func anOlderSchemaOnTheServerIsReplaced() async throws {
    _ = try await makeBoard("schema", [("todo", ["c1"])])
    try await withRawConnection { connection in
      let server = ServerConnection(connection: connection, logger: rawLogger)
      #expect(try await server.installedSchemaVersion() == Schema.version)
      // The commit function as an older version left it: no version number in its body.
      try await connection.query(
        """
        DO $$ BEGIN EXECUTE replace(pg_get_functiondef('reorder_commit'::regproc), 'reorder-schema', 'reorder'); END $$
        """, logger: rawLogger)
      #expect(try await server.installedSchemaVersion() == 0)
      try await server.installSchema()
      #expect(try await server.installedSchemaVersion() == Schema.version)
    }
  }
}

let rawLogger = Logger(label: "tests")

/// A plain connection to the test server, for what no client would do.
func withRawConnection(_ body: (PostgresConnection) async throws -> Void) async throws {
  let configuration = try ServerConnection.configuration(url: try #require(serverURL), connectTimeout: .seconds(5))
  let connection = try await PostgresConnection.connect(configuration: configuration, id: 99, logger: rawLogger)
  do {
    try await body(connection)
  } catch {
    try? await connection.close()
    throw error
  }
  try await connection.close()
}
