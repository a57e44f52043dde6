import Foundation
import Synchronization
import Testing

@testable import ReorderServer

#if canImport(Glibc)
  import Glibc
#endif

/// The log's compaction (`reorder_server_compact` and the server's compactor), `/metrics` and
/// `/readyz`, against real server processes and a real PostgreSQL.
@Suite("compaction, metrics and readiness", .enabled(if: serverBuilt && ownerURL != nil))
struct CompactionTests {
  /// The board's log as the owner reads it: the lowest and highest revision, and its rows.
  func logExtent(_ owner: String, _ board: String) async throws -> (low: Int, high: Int, rows: Int) {
    let row = try await sql(
      owner,
      """
      SELECT concat_ws(' ', min(revision), max(revision), count(*)) FROM reorder_changes WHERE board = '\(board)'
      """)
    let parts = (row.first ?? nil)?.split(separator: " ").compactMap { Int($0) } ?? []
    guard parts.count == 3 else { return (0, 0, 0) }
    return (parts[0], parts[1], parts[2])
  }

  /// One call of the compaction function as the server's role: the rows it deleted.
  func compact(_ server: String, _ board: String, keep: Int, hours: String) async throws -> Int {
    let answer = try await sql(
      server, "SELECT public.reorder_server_compact('\(board)', \(keep), \(hours))::text")
    return Int((answer.first ?? nil) ?? "") ?? -1
  }

  @Test func theGesturesOfACompactedLogGoInBatchesToo() async throws {
    let database = try await OwnDatabases.shared.make()
    let (board, _, _) = try await makeBoard(on: database.owner, "gestures", [("todo", ["c1"])])
    // A database of the version before: its log compacted through revision 2,400, its 2,500 gestures
    // all kept (nothing trimmed them).
    for statement in [
      "UPDATE reorder_boards SET revision = 3000 WHERE board = '\(board)'",
      """
      INSERT INTO reorder_gestures (board, gesture, change, revision)
        SELECT '\(board)', 'g' || r, '{}', r FROM generate_series(1, 2500) r
      """,
      "INSERT INTO reorder_server_compacted (board, through) VALUES ('\(board)', 2400)",
    ] {
      try await sql(database.owner, statement)
    }
    // Listed though its log has nothing old left, and trimmed in batches of 1,000, oldest first.
    let listed = try await sql(database.server, "SELECT public.reorder_server_boards_to_compact(10000)")
    #expect(listed.contains(board))
    var batches: [Int] = []
    while batches.count < 10 {
      let deleted = try await compact(database.server, board, keep: 10000, hours: "0")
      batches.append(deleted)
      if deleted < 1000 { break }
    }
    #expect(batches == [1000, 1000, 400], "\(batches)")
    let left = try await sql(
      database.owner,
      "SELECT count(*) || ' ' || min(revision) || ' ' || max(revision) FROM reorder_gestures WHERE board = '\(board)'")
    #expect(left == ["100 2401 2500"], "the gestures after the compacted revision stay: \(left)")
    #expect(!(try await sql(database.server, "SELECT public.reorder_server_boards_to_compact(10000)")).contains(board))
  }

  @Test func theFunctionKeepsTheLastRevisionsAndTheHoursInBatchesOfAThousand() async throws {
    let database = try await OwnDatabases.shared.make()
    let (board, _, _) = try await makeBoard(on: database.owner, "compact", [("todo", ["c1", "c2"]), ("done", [])])
    // A log of 3,000 revisions: the first (the board's creation) and a second of 1,500 rows, then
    // one row each; everything up to 2,000 two days old, the rest an hour old.
    for statement in [
      "UPDATE reorder_changes SET committed_at = now() - interval '48 hours' WHERE board = '\(board)'",
      """
      INSERT INTO reorder_changes (board, revision, client, gesture, committed_at, id, parent, key, version, deleted)
        SELECT '\(board)', 2, 't', 'big', now() - interval '48 hours', 'x' || n, 'todo', 'V', 1, false
        FROM generate_series(1, 1500) n
      """,
      """
      INSERT INTO reorder_changes (board, revision, client, gesture, committed_at, id, parent, key, version, deleted)
        SELECT '\(board)', r, 't', 'g' || r,
          CASE WHEN r <= 2000 THEN now() - interval '48 hours' ELSE now() - interval '1 hour' END,
          'c1', 'todo', 'V', r, false
        FROM generate_series(3, 3000) r
      """,
      "UPDATE reorder_boards SET revision = 3000 WHERE board = '\(board)'",
    ] {
      try await sql(database.owner, statement)
    }
    let created = try await logExtent(database.owner, board)
    let first = created.rows - 1500 - 2998
    #expect(created.low == 1 && created.high == 3000 && first >= 3)

    // Listed while it has revisions older than its last 500.
    let listed = try await sql(database.server, "SELECT public.reorder_server_boards_to_compact(500)")
    #expect(listed.contains(board))

    // Keep 500 revisions and 24 hours: batches of 1,000 rows, the second revision split between
    // two of them (and never read half: the log starts after it once a part of it is gone).
    var batches: [Int] = []
    while batches.count < 20 {
      let deleted = try await compact(database.server, board, keep: 500, hours: "24")
      batches.append(deleted)
      if deleted < 1000 { break }
      if batches.count == 1 {
        let read = try await sql(
          database.server, "SELECT min(revision)::text FROM public.reorder_server_changes('\(board)', 0)")
        #expect(read == ["3"], "the half-deleted revision 2 is not read")
      }
    }
    #expect(batches.allSatisfy { $0 <= 1000 } && batches.dropLast().allSatisfy { $0 == 1000 }, "\(batches)")
    #expect(batches.reduce(0, +) == first + 1500 + 1998)
    // What is left: revisions 2,001 on, less than 24 hours old though older than the last 500.
    var left = try await logExtent(database.owner, board)
    #expect(left.low == 2001 && left.high == 3000 && left.rows == 1000)
    #expect(try await compact(database.server, board, keep: 500, hours: "24") == 0)

    // No hours kept: the last 500 revisions stay.
    #expect(try await compact(database.server, board, keep: 500, hours: "0") == 500)
    left = try await logExtent(database.owner, board)
    #expect(left.low == 2501 && left.high == 3000 && left.rows == 500)
    #expect(try await compact(database.server, board, keep: 500, hours: "0") == 0)
    #expect(!(try await sql(database.server, "SELECT public.reorder_server_boards_to_compact(500)")).contains(board))
    // The last revision stays whatever is asked, and an unknown board has nothing to compact.
    #expect(try await compact(database.server, board, keep: 1, hours: "0") == 499)
    #expect(try await logExtent(database.owner, board).low == 3000)
    #expect(try await compact(database.server, "no-such-board", keep: 1, hours: "0") == 0)

    // Bad bounds are refused; the server's role may touch neither the log nor the record.
    for (keep, hours) in [("0", "1"), ("-5", "1"), ("1", "-1"), ("1", "'NaN'"), ("1", "'Infinity'"), ("NULL", "1")] {
      let state = await sqlState(database.server, "SELECT public.reorder_server_compact('\(board)', \(keep), \(hours))")
      #expect(state == ServerSchema.invalidState, "keep \(keep), hours \(hours): \(state ?? "accepted")")
    }
    for statement in [
      "DELETE FROM reorder_changes WHERE board = '\(board)'",
      "SELECT * FROM reorder_server_compacted",
      "UPDATE reorder_server_compacted SET through = 0",
    ] {
      #expect(await sqlState(database.server, statement) == "42501", "\(statement)")
    }
  }

  @Test func migrateUpgradesAVersion4Database() async throws {
    let (owner, server) = try await OwnDatabases.shared.make()
    // Back to what version 4 installed: no compaction record or functions, the log read whole.
    for statement in [
      "DROP FUNCTION public.reorder_server_compact(text, bigint, double precision)",
      "DROP FUNCTION public.reorder_server_boards_to_compact(bigint)",
      """
      CREATE OR REPLACE FUNCTION public.reorder_server_changes(p_board text, p_after bigint)
        RETURNS TABLE (revision bigint, gesture text, id text, parent text, key text, version bigint, deleted boolean)
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
      AS $$
        SELECT c.revision, c.gesture, c.id, c.parent, c.key, c.version, c.deleted
        FROM reorder_changes c WHERE c.board = p_board AND c.revision > p_after ORDER BY c.revision, c.seq
      $$
      """,
      "DROP TABLE reorder_server_compacted",
      "UPDATE reorder_server_meta SET version = 4",
    ] {
      try await sql(owner, statement)
    }
    let refused = try await runServerCommand(["serve", "--port", "0", "--database", server])
    #expect(refused.status != 0, "a version-4 database is not served")

    let upgraded = try await OwnDatabases.shared.migrate(owner)
    #expect(upgraded.status == 0, "\(upgraded.stderr)")
    #expect(upgraded.stdout.contains("schema upgraded from 4 to \(ServerSchema.version)"), "\(upgraded.stdout)")
    #expect(try await sql(server, "SELECT public.reorder_server_version()::text") == ["\(ServerSchema.version)"])
    #expect(try await sql(server, "SELECT public.reorder_server_compact('none', 10, 1)::text") == ["0"])
    #expect(try await sql(server, "SELECT count(*)::text FROM public.reorder_server_boards_to_compact(10)") == ["0"])
    #expect(
      try await sql(owner, "SELECT to_regclass('reorder_server_compacted')::text") == ["reorder_server_compacted"])
  }

  @Test func aLogCompactedUnderLoadWhileEightEditorsCommitLosesNothing() async throws {
    // A database of its own: its servers compact every board there, with bounds no other test expects.
    let database = try await OwnDatabases.shared.make()
    let cards = (1...8).map { "c\($0)" }
    let columns = ["todo", "doing", "done"]
    let (board, editor, viewer) = try await makeBoard(
      on: database.owner, "load", [("todo", cards), ("doing", []), ("done", [])])
    let compaction = ["--keep-revisions", "50", "--keep-hours", "0", "--compact-every", "0.2"]
    let one = try await ServerProcess(["--database", database.server] + compaction)
    let two = try await ServerProcess(["--database", database.server] + compaction)
    // A follower on the other instance, which is stopped mid-load until the log is compacted past
    // its replica.
    let follower = LiveClient(port: two.port, board: board)
    follower.hello(viewer)
    let epoch = try #require(try await follower.next("welcome")["epoch"] as? String)
    // And one on the editors' instance for the whole run: its feed keeps the recent commits.
    let watcher = LiveClient(port: one.port, board: board)
    watcher.hello(viewer)
    _ = try await watcher.next("welcome")

    let moves = 60
    let acked = Acks()
    let stopped = Task {
      let deadline = Date().addingTimeInterval(60)
      while acked.value.withLock({ $0.count }) < 40, Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
      let atStop = acked.value.withLock { $0.map(\.revision).max() ?? 1 }
      kill(two.process.processIdentifier, SIGSTOP)
      // Stopped until the log was compacted past what it had (a busy machine commits a few moves a
      // second: a fixed 3 s could pass with nothing compacted), at least 3 s, at most 120 s.
      let started = Date()
      while Date().timeIntervalSince(started) < 120 {
        if Date().timeIntervalSince(started) >= 3, try await logExtent(database.owner, board).low > atStop + 1 { break }
        try await Task.sleep(for: .milliseconds(100))
      }
      kill(two.process.processIdentifier, SIGCONT)
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, card) in cards.enumerated() {
        group.addTask {
          let client = LiveClient(port: one.port, board: board)
          defer { client.close() }
          client.hello(editor)
          _ = try await client.next("welcome")
          for move in 0..<moves {
            let column = columns[(index + move + 1) % 3]
            let gesture = "g-\(card)-\(move)"
            client.commit(gesture, moveCards([card], to: column, before: nil))
            let answer = try await client.next("ack", skip: move)
            #expect(answer["gesture"] as? String == gesture)
            let revision = try #require(answer["revision"] as? Int)
            acked.value.withLock { $0.append((gesture, card, column, revision)) }
          }
        }
      }
      try await group.waitForAll()
    }
    try await stopped.value
    let acks = acked.value.withLock { $0 }.sorted { $0.revision < $1.revision }
    let last = 1 + 8 * moves
    #expect(acks.map(\.revision) == Array(2...last), "every move acked once, at a revision of its own")

    // What the editors expect: each card in the column of its last move, in the order they came.
    var expected = Dictionary(uniqueKeysWithValues: columns.map { ($0, [String]()) })
    for ack in acks {
      for column in columns { expected[column]?.removeAll { $0 == ack.card } }
      expected[ack.column]?.append(ack.card)
    }

    // The compactor keeps the last 50 revisions.
    var extent = try await logExtent(database.owner, board)
    let deadline = Date().addingTimeInterval(20)
    while extent.low != last - 49, Date() < deadline {
      try await Task.sleep(for: .milliseconds(100))
      extent = try await logExtent(database.owner, board)
    }
    #expect(extent.low == last - 49 && extent.high == last, "log \(extent)")
    // Every acked move committed once: the server's record of gestures holds each kept move at its
    // revision and nothing else (the compacted ones' gestures went with their log), and what is left
    // of the log is those moves.
    let kept = Set(acks.filter { $0.revision > last - 50 }.map { "\($0.gesture) \($0.revision)" })
    let gesturesQuery = "SELECT gesture || ' ' || revision FROM reorder_gestures WHERE board = '\(board)'"
    var gestures = try await sql(database.owner, gesturesQuery)
    while gestures.count != kept.count, Date() < deadline {
      try await Task.sleep(for: .milliseconds(100))
      gestures = try await sql(database.owner, gesturesQuery)
    }
    #expect(Set(gestures.compactMap { $0 }) == kept)
    #expect(gestures.count == kept.count)
    let logged = try await sql(
      database.owner, "SELECT DISTINCT revision || ' ' || gesture FROM reorder_changes WHERE board = '\(board)'")
    #expect(
      Set(logged.compactMap { $0 })
        == Set(acks.filter { $0.revision > last - 50 }.map { "\($0.revision) \($0.gesture)" }))

    // The board is what the editors expect, on both instances' API.
    for port in [one.port, two.port] {
      let api = try await rawRequest(port: port, "/api/boards/\(board)", headers: ["Authorization": "Bearer \(viewer)"])
      let answer = try #require(try JSONSerialization.jsonObject(with: Data(api.body)) as? [String: Any])
      #expect(answer["revision"] as? Int == last)
      #expect(try viewColumns(answer["views"]) == expected)
    }

    // The follower on the stopped instance was sent the whole board (`reset`) when that instance
    // found its log compacted, and with the remotes after it sees what the editors expect.
    let caughtUp = Date().addingTimeInterval(30)
    while followed(follower.messages).revision != last, Date() < caughtUp {
      try await Task.sleep(for: .milliseconds(50))
    }
    let seen = followed(follower.messages)
    #expect(seen.revision == last)
    #expect(seen.columns == expected)
    #expect(seen.resets >= 1, "a reset was pushed")
    #expect(two.stderrLines.all.contains { $0.contains("the log no longer holds revisions") })

    // A follower coming back with an old `after` gets the whole board and `reset` (from the
    // instance that read the board again: what it holds of the log starts there); with a recent
    // one, the changes since.
    let back = LiveClient(port: two.port, board: board)
    back.hello(viewer, after: 5, epoch: epoch)
    let welcome = try await back.next("welcome")
    #expect(welcome["reset"] as? Bool == true && welcome["revision"] as? Int == last)
    #expect(try viewColumns(welcome["views"]) == expected)
    let recent = LiveClient(port: one.port, board: board)
    recent.hello(viewer, after: Int64(last - 10), epoch: epoch)
    let changes = try await recent.next("welcome")
    #expect(changes["reset"] == nil && (changes["changes"] as? [Any])?.count == 10)

    // Compaction shows in /metrics: both instances compacted (the one that came first to a board
    // at each pass), at least a row for each revision gone.
    var compacted = 0.0
    for port in [one.port, two.port] {
      compacted += metricValue(try await rawRequest(port: port, "/metrics").text, "reorder_compacted_rows_total") ?? 0
    }
    #expect(compacted >= Double(last - 50), "\(compacted) rows compacted")
    for client in [follower, watcher, back, recent] { client.close() }
    #expect(try await one.terminate() == 0)
    #expect(try await two.terminate() == 0)
  }

  @Test func metricsCarryEachFamilyWithItsValues() async throws {
    let database = try await OwnDatabases.shared.make()
    let (board, editor, viewer) = try await makeBoard(
      on: database.owner, "metrics", [("todo", ["c1", "c2"]), ("done", [])])
    let server = try await ServerProcess(
      ["--database", database.server, "--keep-revisions", "2", "--keep-hours", "0", "--compact-every", "0.2"])
    let before = try await rawRequest(port: server.port, "/metrics")
    #expect(before.status == 200)
    #expect(before.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true, "\(before.headers)")
    #expect(metricValue(before.text, #"reorder_commits_total{outcome="ack"}"#) == 0)

    let watcher = LiveClient(port: server.port, board: board)
    watcher.hello(viewer)
    _ = try await watcher.next("welcome")
    let ann = LiveClient(port: server.port, board: board)
    ann.hello(editor)
    _ = try await ann.next("welcome")
    for move in 0..<5 {
      ann.commit("g-\(move)", moveCards(["c1"], to: move % 2 == 0 ? "done" : "todo", before: nil))
      _ = try await ann.next("ack", skip: move)
    }
    ann.commit("g-gone", moveCards(["nope"], to: "done", before: nil))
    _ = try await ann.next("rejected")
    _ = try await watcher.next("remote", skip: 4)

    let deadline = Date().addingTimeInterval(10)
    var text = ""
    repeat {
      try await Task.sleep(for: .milliseconds(100))
      text = try await rawRequest(port: server.port, "/metrics").text
    } while (metricValue(text, "reorder_compacted_rows_total") ?? 0) < 10 && Date() < deadline
    for family in [
      "reorder_connections gauge", "reorder_commits_total counter", "reorder_commit_seconds histogram",
      "reorder_fanout_seconds histogram", "reorder_slow_consumers_total counter",
      "reorder_rate_limited_total counter", "reorder_queued_bytes gauge", "reorder_compacted_rows_total counter",
    ] {
      #expect(text.contains("# TYPE \(family)"), "\(family) in \(text)")
    }
    #expect(metricValue(text, #"reorder_commits_total{outcome="ack"}"#) == 5, "\(text)")
    #expect(metricValue(text, #"reorder_commits_total{outcome="lostRace"}"#) == 1)
    #expect(metricValue(text, "reorder_commit_seconds_count") == 6)
    #expect(metricValue(text, #"reorder_commit_seconds_bucket{le="+Inf"}"#) == 6)
    #expect((metricValue(text, "reorder_commit_seconds_sum") ?? 0) > 0)
    // Each ack's remote went to the watcher.
    #expect(metricValue(text, "reorder_fanout_seconds_count") == 5)
    // Six revisions (the board's and five moves), two kept: four compacted, one row each but the
    // first (the board's four: two columns, two cards), and the three moves' gestures.
    #expect(metricValue(text, "reorder_compacted_rows_total") == 10, "\(text)")
    #expect(metricValue(text, "reorder_slow_consumers_total") == 0)
    #expect((metricValue(text, "reorder_queued_bytes") ?? -1) >= 0)
    for client in [watcher, ann] { client.close() }
    #expect(try await server.terminate() == 0)
  }

  @Test func readyWhileTheDatabaseAnswersAndNotWhileItIsAway() async throws {
    let database = try await TestDatabase.shared.prepare()
    // The server reaches PostgreSQL through a relay the test takes away and brings back (PostgreSQL
    // itself stays up for the suites running beside this one).
    let target = try #require(URLComponents(string: database.server)?.port)
    var relay = try await Relay(port: 0, target: target)
    let port = relay.port
    var url = try #require(URLComponents(string: database.server))
    url.port = port
    let server = try await ServerProcess(["--database", try #require(url.string)])
    func ready(within seconds: Double, _ wanted: Int) async throws -> HTTPAnswer {
      let deadline = Date().addingTimeInterval(seconds)
      var answer = try await rawRequest(port: server.port, "/readyz")
      while answer.status != wanted, Date() < deadline {
        try await Task.sleep(for: .milliseconds(100))
        answer = try await rawRequest(port: server.port, "/readyz")
      }
      return answer
    }
    let up = try await ready(within: 10, 200)
    #expect(up.status == 200 && up.text == "ready\n")

    // The database unreachable: unready within the check's 3 s (and a margin), still alive.
    relay.stop()
    let away = try await ready(within: 10, 503)
    #expect(away.status == 503 && away.text == "not ready\n")
    #expect(try await rawRequest(port: server.port, "/healthz").status == 200)
    // Back: ready again.
    relay = try await Relay(port: port, target: target)
    let back = try await ready(within: 30, 200)
    #expect(back.status == 200)
    #expect(try await server.terminate() == 0)
    relay.stop()
  }
}

/// A TCP relay on 127.0.0.1 (a python3 process): `stop()` kills it, which drops every connection
/// through it and refuses new ones, as a database gone from the network does.
struct Relay {
  let process: Process
  let port: Int

  static let script = """
    import socket, sys, threading
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", int(sys.argv[1])))
    server.listen(64)
    def pipe(a, b):
        try:
            while True:
                data = a.recv(65536)
                if not data:
                    break
                b.sendall(data)
        except OSError:
            pass
        for s in (a, b):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
    while True:
        client, _ = server.accept()
        try:
            upstream = socket.create_connection(("127.0.0.1", int(sys.argv[2])))
        except OSError:
            client.close()
            continue
        threading.Thread(target=pipe, args=(client, upstream), daemon=True).start()
        threading.Thread(target=pipe, args=(upstream, client), daemon=True).start()
    """

  /// Starts relaying `port` (0: a free one) to `target`, and waits (up to 10 s) until it listens.
  /// (No pipe to the process: its port is picked here.)
  init(port: Int, target: Int) async throws {
    let listening = port == 0 ? try Self.freePort() : port
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", Self.script, "\(listening)", "\(target)"]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    self.process = process
    self.port = listening
    let deadline = Date().addingTimeInterval(10)
    while !Self.accepts(listening) {
      guard Date() < deadline, process.isRunning else {
        stop()
        Issue.record("the relay did not listen on \(listening)")
        throw CancellationError()
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// A port nothing listens on now.
  static func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard bound else { throw POSIXError(.EADDRINUSE) }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// Whether something accepts connections on 127.0.0.1:`port`.
  static func accepts(_ port: Int) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return (try? connectLoopback(fd, port: port)) != nil
  }

  /// Kills the relay, and with it every connection through it.
  func stop() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }
}

/// Databases of their own, migrated one after the other (the role `reorder_server` is the cluster's,
/// and two migrations at once may collide on it), for tests whose servers compact every board of
/// their database or whose boards no other test's server may compact.
actor OwnDatabases {
  static let shared = OwnDatabases()
  private var last: Task<CommandResult, any Error>?

  /// A new database, migrated: the owner's and the server role's URLs.
  func make() async throws -> (owner: String, server: String) {
    _ = try await TestDatabase.shared.prepare()
    let admin = try #require(ownerURL)
    let name = "reorder_server_own_\(UUID().uuidString.prefix(8).lowercased())"
    try await sql(admin, "CREATE DATABASE \(name)")
    let port = try #require(URLComponents(string: admin)).port ?? 5432
    let owner = "postgresql://postgres@127.0.0.1:\(port)/\(name)"
    let migrated = try await migrate(owner)
    #expect(migrated.status == 0, "migrate: \(migrated.stderr)")
    return (owner, "postgresql://reorder_server:\(TestDatabase.serverPassword)@127.0.0.1:\(port)/\(name)")
  }

  /// `reorder-server migrate` on `owner`, after every migration asked for before it.
  func migrate(_ owner: String) async throws -> CommandResult {
    let previous = last
    let task = Task {
      _ = try? await previous?.value
      return try await runServerCommand(
        ["migrate", "--database", owner, "--server-password", TestDatabase.serverPassword])
    }
    last = task
    return try await task.value
  }
}

/// A new board on the database of `owner`, with an editor's and a viewer's token.
func makeBoard(on owner: String, _ label: String, _ columns: [(String, [String])]) async throws -> (
  board: String, editor: String, viewer: String
) {
  let board = "\(label)-\(UUID().uuidString.prefix(8).lowercased())"
  let file = try boardFile(columns)
  defer { try? FileManager.default.removeItem(atPath: file) }
  let created = try await runServerCommand(["board", "create", "--database", owner, "--board", board, "--from", file])
  #expect(created.status == 0, "board create: \(created.stderr)")
  var tokens: [String] = []
  for (role, name) in [("editor", "Ann"), ("viewer", "Vic")] {
    let token = try await runServerCommand(
      ["token", "create", "--database", owner, "--board", board, "--role", role, "--name", name])
    #expect(token.status == 0, "token create: \(token.stderr)")
    tokens.append(token.stdout.trimmingCharacters(in: .newlines))
  }
  return (board, tokens[0], tokens[1])
}

/// The value of one series (`name` or `name{labels}`) in Prometheus's text format.
func metricValue(_ text: String, _ series: String) -> Double? {
  for line in text.split(separator: "\n") where line.hasPrefix(series + " ") {
    return Double(line.dropFirst(series.count + 1).split(separator: " ").first ?? "")
  }
  return nil
}

/// A board's `views` as its columns' cards.
func viewColumns(_ views: Any?) throws -> [String: [String]] {
  let views = try #require(views as? [[String: Any]])
  var columns: [String: [String]] = [:]
  for view in views {
    let id = try #require(view["id"] as? String)
    columns[id] = ((view["sections"] as? [[String: Any]])?.first?["items"] as? [String]) ?? []
  }
  return columns
}

/// What a follower's messages come to: the last whole board it was sent and the remotes after it.
func followed(_ messages: [[String: Any]]) -> (revision: Int, columns: [String: [String]], resets: Int) {
  var revision = 0
  var columns: [String: [String]] = [:]
  var resets = 0
  for message in messages {
    switch message["type"] as? String {
    case "welcome":
      guard let views = try? viewColumns(message["views"]), let at = message["revision"] as? Int else { continue }
      if message["reset"] as? Bool == true { resets += 1 }
      (revision, columns) = (at, views)
    case "remote":
      guard let at = message["revision"] as? Int, at == revision + 1 else { continue }
      for change in message["changes"] as? [[String: Any]] ?? [] {
        guard change["kind"] as? String == "moveCards", let items = change["items"] as? [String],
          let target = change["view"] as? String
        else { continue }
        for column in columns.keys { columns[column]?.removeAll { items.contains($0) } }
        var cards = columns[target] ?? []
        let index = (change["before"] as? String).flatMap { cards.firstIndex(of: $0) } ?? cards.count
        cards.insert(contentsOf: items, at: index)
        columns[target] = cards
      }
      revision = at
    default: continue
    }
  }
  return (revision, columns, resets)
}

/// The moves acked, shared by the editors' tasks.
final class Acks: Sendable {
  let value = Mutex<[(gesture: String, card: String, column: String, revision: Int)]>([])
}
