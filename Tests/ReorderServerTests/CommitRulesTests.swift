import Foundation
import HummingbirdWSClient
import NIOWebSocket
import PostgresNIO
import Testing

@testable import ReorderServer

/// Every rule of a commit checked by `public.reorder_server_commit` itself, called as the server's
/// role `reorder_server` (as a server with a bug, or someone holding its password, would): each bad
/// input refused with its SQLSTATE and a reason, and nothing written.
@Suite("the commit function's rules", .enabled(if: serverBuilt && ownerURL != nil))
struct CommitRulesTests {
  /// One call of the function: SQL expressions for each argument.
  struct Call {
    var board: String
    var client = "'server-test'"
    var gesture = "'g-\(UUID().uuidString.prefix(8))'"
    var change = "'{\"kind\":\"moveCards\"}'"
    var ids = "ARRAY['c1']"
    var parents = "ARRAY['done']"
    var keys = "ARRAY['V']"
    var expected = "ARRAY[1]::bigint[]"

    init(board: String) { self.board = "'\(board)'" }

    var sql: String {
      """
      SELECT o_revision::text FROM public.reorder_server_commit(\(board), \(client), \(gesture), \(change), \
      \(ids)::text[], \(parents)::text[], \(keys)::text[], \(expected))
      """
    }
  }

  /// The SQLSTATE and message of a statement's failure, or `nil` when it succeeded.
  func refusal(_ url: String, _ statement: String) async -> (state: String, message: String)? {
    do {
      try await sql(url, statement)
      return nil
    } catch let error as PSQLError {
      return (error.serverInfo?[.sqlState] ?? "none", error.serverInfo?[.message] ?? "none")
    } catch {
      return ("\(error)", "")
    }
  }

  /// Everything the board holds, as the owner reads it: its revision, rows and log.
  func written(_ owner: String, _ board: String) async throws -> [String?] {
    try await sql(
      owner,
      """
      SELECT concat_ws(' | ',
        (SELECT revision::text FROM reorder_boards WHERE board = '\(board)'),
        (SELECT string_agg(concat_ws(',', id, parent, key, version), ';' ORDER BY id) FROM reorder_rows
         WHERE board = '\(board)'),
        (SELECT count(*)::text FROM reorder_changes WHERE board = '\(board)'),
        (SELECT count(*)::text FROM reorder_gestures WHERE board = '\(board)'))
      """)
  }

  @Test func eachBadInputIsRefusedWithItsReasonAndNothingIsWritten() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, _, _) = try await makeBoard("rules", [("todo", ["c1", "c2"]), ("done", [])])
    let before = try await written(database.owner, board)

    var cases: [(String, Call, state: String, message: String)] = []
    func bad(_ label: String, _ state: String, _ message: String, _ edit: (inout Call) -> Void) {
      var call = Call(board: board)
      edit(&call)
      cases.append((label, call, state, message))
    }
    bad("a card's parent is a card", "RKINV", "c2 is a card, not a column") { $0.parents = "ARRAY['c2']" }
    bad("a parent not on the board", "RKLST", "the column gone is not on the board") { $0.parents = "ARRAY['gone']" }
    bad("a column moved into a column", "RKINV", "\"todo\" would change from a column to a card") {
      $0.ids = "ARRAY['todo']"
    }
    bad("a card moved among columns", "RKINV", "\"c1\" would change from a column to a card") {
      $0.parents = "ARRAY['']"
    }
    bad("a key outside the alphabet", "RKINV", "the key \"!! not a key\" is not an order key") {
      $0.keys = "ARRAY['!! not a key']"
    }
    bad("a 200 kB key", "RKINV", "is not an order key") { $0.keys = "ARRAY[repeat('a', 200000)]" }
    bad("a key of 65 digits", "RKINV", "is not an order key") { $0.keys = "ARRAY[repeat('a', 65)]" }
    bad("a key with a trailing 0", "RKINV", "the key \"a0\" is not an order key") { $0.keys = "ARRAY['a0']" }
    bad("an empty key", "RKINV", "is not an order key") { $0.keys = "ARRAY['']" }
    bad("an id of 3,000 characters", "RKINV", "is not an identifier") { $0.ids = "ARRAY[repeat('c', 3000)]" }
    bad("an id with a space", "RKINV", "the id \"c 1\" is not an identifier") { $0.ids = "ARRAY['c 1']" }
    bad("a column of 65 characters", "RKINV", "is not an identifier") { $0.parents = "ARRAY[repeat('d', 65)]" }
    bad("a board name of 9,000 characters", "RKINV", "the board name is not") { $0.board = "repeat('b', 9000)" }
    bad("a board name starting with a dot", "RKINV", "the board name is not") { $0.board = "'.hidden'" }
    bad("a forged client", "RKINV", "the client is not an identifier") { $0.client = "'x y; drop'" }
    bad("a gesture id of 3,000 characters", "RKINV", "the gesture is not") { $0.gesture = "repeat('g', 3000)" }
    bad("an empty gesture id", "RKINV", "the gesture is not") { $0.gesture = "''" }
    bad("a change over 64 KB", "RKINV", "the change is missing or over 64 KB") { $0.change = "repeat('x', 70000)" }
    bad("one card named twice", "RKINV", "\"c1\" is named twice in one gesture") {
      $0.ids = "ARRAY['c1', 'c1']"
      $0.parents = "ARRAY['done', 'done']"
      $0.keys = "ARRAY['V', 'k']"
      $0.expected = "ARRAY[1, 1]::bigint[]"
    }
    bad("arrays of different lengths", "RKINV", "a commit writes 1 to 5000 rows") {
      $0.keys = "ARRAY['V', 'k']"
    }
    bad("no rows", "RKINV", "a commit writes 1 to 5000 rows") {
      ($0.ids, $0.parents, $0.keys, $0.expected) = ("'{}'", "'{}'", "'{}'", "'{}'::bigint[]")
    }
    bad("5,001 rows", "RKINV", "a commit writes 1 to 5000 rows") {
      $0.ids = "array_fill('c1'::text, ARRAY[5001])"
    }
    bad("a null id", "RKINV", "a row has a null field") { $0.ids = "ARRAY[NULL]" }
    bad("a two-dimensional array", "RKINV", "a commit writes 1 to 5000 rows") { $0.ids = "ARRAY[ARRAY['c1']]" }
    bad("a version at Int64.max", "RKINV", "the version of \"c1\" is not between 1 and 2^63 - 2") {
      $0.expected = "ARRAY[9223372036854775807]::bigint[]"
    }
    bad("a version at Int64.min", "RKINV", "the version of \"c1\" is not between") {
      $0.expected = "ARRAY[-9223372036854775808]::bigint[]"
    }
    bad("a version of 0 (a new row)", "RKINV", "the version of \"c1\" is not between") {
      $0.expected = "ARRAY[0]::bigint[]"
    }

    for (label, call, state, message) in cases {
      let answer = await refusal(database.server, call.sql)
      #expect(answer?.state == state, "\(label): \(answer.map { "\($0.state) \($0.message)" } ?? "accepted")")
      #expect(answer?.message.contains(message) == true, "\(label): \(answer?.message ?? "accepted")")
      #expect(
        answer.map { $0.message.utf8.count < 300 } != false, "\(label): a message of \(answer?.message.count ?? 0)")
    }
    #expect(try await written(database.owner, board) == before)

    // The same call with good values commits (the cases above differ from it in one value only).
    #expect(try await sql(database.server, Call(board: board).sql) == ["2"])
  }

  /// One call of `reorder_server_commit_many`: each gesture `(id, rows)`, a row `(id, parent, key,
  /// expected)`; each answer as `revision state stale` (`-` for a null).
  func batch(_ board: String, _ gestures: [(String, [(String, String, String, Int)])], counts: String? = nil)
    -> String
  {
    let rows = gestures.flatMap(\.1)
    func texts(_ values: [String]) -> String { "ARRAY[\(values.map { "'\($0)'" }.joined(separator: ", "))]::text[]" }
    return """
      SELECT concat_ws(' ', coalesce(o_revision::text, '-'), coalesce(o_state, '-'),
        coalesce(array_to_string(o_stale, ','), '-'))
      FROM public.reorder_server_commit_many('\(board)', 'server-test', \(texts(gestures.map(\.0))), \
      \(texts(gestures.map { "{\"gesture\":\"\($0.0)\"}" })), \
      \(counts ?? "ARRAY[\(gestures.map { "\($0.1.count)" }.joined(separator: ", "))]::int[]"), \
      \(texts(rows.map(\.0))), \(texts(rows.map(\.1))), \(texts(rows.map(\.2))), \
      ARRAY[\(rows.map { "\($0.3)" }.joined(separator: ", "))]::bigint[])
      """
  }

  @Test func aBatchCommitsInOrderAndStopsAtTheFirstThatDidNot() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, _, _) = try await makeBoard("batch", [("todo", ["c1", "c2", "c3"]), ("done", [])])
    // The second takes the key the first gave c1: it fails alone, the first stays, the third
    // (placed as if the second had committed) is not tried.
    #expect(
      try await sql(
        database.server,
        batch(
          board,
          [
            ("g1", [("c1", "done", "V", 1)]), ("g2", [("c2", "done", "V", 1)]),
            ("g3", [("c3", "done", "k", 1)]),
          ])) == ["2 - -", "- 23505 -"])
    #expect(try await cards(database.owner, board) == "2: c1 done V 2, c2 todo 1, c3 todo 1")
    // A stale version stops it too (o_stale names the row); a replay is answered its revision and
    // stops it (what follows was placed as if it were new).
    #expect(
      try await sql(
        database.server,
        batch(
          board,
          [
            ("g3", [("c3", "done", "k", 1)]), ("g4", [("c1", "done", "a", 1)]), ("g5", [("c2", "done", "b", 1)]),
          ])) == ["3 - -", "- - c1"])
    #expect(
      try await sql(
        database.server, batch(board, [("g3", [("c3", "done", "k", 1)]), ("g5", [("c2", "done", "b", 1)])]))
        == ["3 - -"])
    // A refusal of the function's own rules: its state, the gestures before it kept.
    #expect(
      try await sql(
        database.server,
        batch(
          board, [("g5", [("c2", "done", "b", 1)]), ("g6", [("c1", "gone", "c", 2)]), ("g7", [("c1", "done", "d", 2)])]
        )) == ["4 - -", "- RKLST -"])
    #expect(try await cards(database.owner, board) == "4: c1 done V 2, c2 done b 2, c3 done k 2")
    let kept = try await written(database.owner, board)
    // A batch whose counts do not add up to its rows: refused whole, nothing written.
    let answer = await refusal(
      database.server, batch(board, [("g8", [("c1", "done", "e", 2)])], counts: "ARRAY[1, 1]::int[]"))
    #expect(answer?.state == "RKINV" && answer?.message.hasPrefix("a batch is 1 to 100 gestures") == true)
    #expect(try await written(database.owner, board) == kept)
  }

  /// The board's revision and its cards (`id column version`, and the key of those in `done`).
  func cards(_ owner: String, _ board: String) async throws -> String? {
    try await sql(
      owner,
      """
      SELECT (SELECT revision::text FROM reorder_boards WHERE board = '\(board)') || ': ' ||
        string_agg(concat_ws(' ', id, parent, CASE WHEN parent = 'done' THEN key END, version), ', ' ORDER BY id)
      FROM reorder_rows WHERE board = '\(board)' AND parent <> ''
      """
    ).first ?? nil
  }

  @Test func aReplayedGestureIsAnsweredWithTheSameChangeAndRefusedWithAnother() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, _, _) = try await makeBoard("replay", [("todo", ["c1", "c2"]), ("done", [])])
    var call = Call(board: board)
    call.gesture = "'g-replay'"
    call.change = "'{\"kind\":\"moveCards\",\"items\":[\"c1\"]}'"
    #expect(try await sql(database.server, call.sql) == ["2"])
    let once = try await written(database.owner, board)
    // Same gesture, same change (the rows placed again by another instance differ): the same revision.
    var again = call
    again.keys = "ARRAY['k']"
    again.expected = "ARRAY[2]::bigint[]"
    #expect(try await sql(database.server, again.sql) == ["2"])
    #expect(try await written(database.owner, board) == once)
    // Same gesture, another change: refused, nothing written.
    var other = call
    other.change = "'{\"kind\":\"moveCards\",\"items\":[\"c2\"]}'"
    other.ids = "ARRAY['c2']"
    let answer = await refusal(database.server, other.sql)
    #expect(
      answer?.state == "RKINV" && answer?.message == "the gesture g-replay was committed already with another change")
    #expect(try await written(database.owner, board) == once)
    // A gesture id a direct client of the database used (`board create`'s): refused.
    let created = try #require(
      try await sql(
        database.owner, "SELECT gesture FROM reorder_changes WHERE board = '\(board)' AND revision = 1 LIMIT 1"
      )
      .first ?? nil)
    var taken = Call(board: board)
    taken.gesture = "'\(created)'"
    taken.expected = "ARRAY[2]::bigint[]"
    #expect(
      await refusal(database.server, taken.sql)?.message == "the gesture id \(created) is taken by another commit")
    #expect(try await written(database.owner, board) == once)
  }

  @Test func versionsAndRevisionsAtTheirLimitAreRefusedBeforeArithmetic() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, _, _) = try await makeBoard("limits", [("todo", ["c1", "c2"]), ("done", [])])
    // A row whose version is at Int64.max: no version to expect that could be raised.
    try await sql(
      database.owner, "UPDATE reorder_rows SET version = 9223372036854775807 WHERE board = '\(board)' AND id = 'c2'")
    var row = Call(board: board)
    row.ids = "ARRAY['c2']"
    row.expected = "ARRAY[9223372036854775807]::bigint[]"
    let before = try await written(database.owner, board)
    #expect(await refusal(database.server, row.sql)?.state == "RKINV")
    // The board's revision at Int64.max: refused with its reason (not PostgreSQL's overflow).
    try await sql(database.owner, "UPDATE reorder_boards SET revision = 9223372036854775807 WHERE board = '\(board)'")
    let atLimit = try await written(database.owner, board)
    let answer = await refusal(database.server, Call(board: board).sql)
    #expect(answer?.state == "RKINV" && answer?.message == "the board's revision is at its limit (2^63 - 1)")
    #expect(try await written(database.owner, board) == atLimit)
    #expect(before != atLimit)
  }

  @Test func theServerAnswersTheFunctionsRefusalAsRejected() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, editor, _) = try await makeBoard("replay-live", [("todo", ["c1", "c2"]), ("done", [])])
    // At the debug level, so that the test also reads every line the server would log.
    let server = try await ServerProcess(["--database", database.server], environment: ["LOG_LEVEL": "debug"])
    let wrong = "rk_" + String(repeating: "W", count: 43)
    let intruder = LiveClient(port: server.port, board: board)
    intruder.hello(wrong)
    #expect(try await intruder.closed(seconds: 10)?.closeCode == .policyViolation)
    let ann = LiveClient(port: server.port, board: board)
    ann.hello(editor)
    _ = try await ann.next("welcome")
    ann.commit("g-1", moveCards(["c1"], to: "done", before: nil))
    #expect(try await ann.next("ack")["revision"] as? Int == 2)
    // Sent again (its ack lost): the same revision, nothing written twice.
    ann.commit("g-1", moveCards(["c1"], to: "done", before: nil))
    #expect(try await ann.next("ack", skip: 1)["revision"] as? Int == 2)
    // The same gesture id with another change: the function refuses it, the server says why.
    ann.commit("g-1", moveCards(["c2"], to: "done", before: nil))
    let rejected = try await ann.next("rejected")
    #expect(rejected["gesture"] as? String == "g-1" && rejected["reason"] as? String == "invalid")
    #expect(rejected["message"] as? String == "the gesture g-1 was committed already with another change")
    #expect(
      try await sql(database.owner, "SELECT revision::text FROM reorder_boards WHERE board = '\(board)'") == ["2"])
    ann.close()
    #expect(try await server.terminate() == 0)
    // No token (good or bad) and no password in any line the server wrote.
    let log = server.stderrLines.all.joined(separator: "\n")
    for secret in [editor, wrong, TestDatabase.serverPassword] { #expect(!log.contains(secret)) }
    #expect(!ann.messages.contains { "\($0)".contains(TestDatabase.serverPassword) })
  }
}
