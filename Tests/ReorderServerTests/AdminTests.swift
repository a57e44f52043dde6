import Crypto
import Foundation
import Testing

@testable import ReorderServer

/// `migrate`, `board create` and `token …` against a real PostgreSQL (Scripts/with-postgres.sh),
/// and what the server's role may and may not do there.
@Suite("administration and least privilege", .enabled(if: serverBuilt && ownerURL != nil))
struct AdminTests {
  @Test func migrateCreatesARoleThatMayOnlyExecuteTheBoardFunctions() async throws {
    let database = try await TestDatabase.shared.prepare()
    #expect(database.migrate.status == 0, "migrate: \(database.migrate.stderr)")
    #expect(
      database.migrate.stdout.hasPrefix(
        "migrate: schema version \(ServerSchema.version) installed; role reorder_server"))
    #expect(!(database.migrate.stdout + database.migrate.stderr).contains(TestDatabase.serverPassword))
    // Again: nothing to install, the role updated, the password still unprinted.
    let again = try await runServerCommand(
      ["migrate", "--database", database.owner, "--server-password", TestDatabase.serverPassword])
    #expect(again.status == 0 && again.stdout.contains("already installed") && again.stdout.contains("(password set)"))
    #expect(!(again.stdout + again.stderr).contains(TestDatabase.serverPassword))

    let server = database.server
    #expect(try await sql(server, "SELECT public.reorder_server_version()::text") == ["\(ServerSchema.version)"])
    for statement in [
      "SELECT * FROM reorder_rows", "SELECT * FROM reorder_boards", "SELECT * FROM reorder_tokens",
      "SELECT * FROM reorder_changes", "SELECT * FROM reorder_gestures",
      "UPDATE reorder_boards SET revision = revision + 1",
      "DELETE FROM reorder_rows", "INSERT INTO reorder_server_meta VALUES (true, 99)",
      "UPDATE reorder_server_meta SET version = 99", "DROP TABLE reorder_rows", "CREATE TABLE public.x (a int)",
      "CREATE FUNCTION public.reorder_server_version() RETURNS int LANGUAGE sql AS 'SELECT 99'",
      "SELECT * FROM public.reorder_commit('b', 'c', 'g', '{}', '{}', '{}', '{}', '{}')",
      "SELECT public.reorder_compact('b', 0)",
      "ALTER TABLE reorder_rows ADD COLUMN x int",
    ] {
      let state = await sqlState(server, statement)
      #expect(
        state == "42501" || state == "42P06" || state == "42723",
        "\(statement) as reorder_server: \(state ?? "allowed")")
      #expect(state != nil, "\(statement) was allowed for reorder_server")
    }
    #expect(
      try await sql(database.owner, "SELECT version::text FROM reorder_server_meta") == ["\(ServerSchema.version)"])
  }

  @Test func tokensAreStoredHashedAndRevocable() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, editor, viewer) = try await makeBoard("tokens", [("todo", ["c1", "c2"]), ("done", [])])
    for token in [editor, viewer] {
      #expect(token.wholeMatch(of: /rk_[A-Za-z0-9_-]{43}/) != nil, "token \(token)")
      let hex = Token.hash(token).map { String(format: "%02x", $0) }.joined()
      #expect(
        try await sql(
          database.owner,
          "SELECT encode(hash, 'hex') FROM reorder_tokens WHERE board = '\(board)' AND encode(hash, 'hex') = '\(hex)'")
          == [hex])
      // Nowhere in the row is the token itself.
      let rows = try await sql(database.owner, "SELECT t::text FROM reorder_tokens t WHERE board = '\(board)'")
      #expect(
        rows.count == 2
          && rows.allSatisfy { !($0 ?? "").contains(token) && !($0 ?? "").contains(String(token.dropFirst(3))) })
    }
    #expect(Array(SHA256.hash(data: Array(editor.utf8))) == Token.hash(editor))

    let list = try await runServerCommand(["token", "list", "--database", database.owner, "--board", board])
    let lines = list.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    #expect(list.status == 0 && lines.count == 2)
    #expect(lines.map { Array($0.dropFirst()) } == [["editor", "Ann", "active"], ["viewer", "Vic", "active"]])
    #expect(!list.stdout.contains(editor) && !list.stdout.contains(viewer))

    let id = try #require(lines.first?.first)
    let revoked = try await runServerCommand(["token", "revoke", "--database", database.owner, id])
    #expect(revoked.status == 0 && revoked.stdout == "token revoke: \(id) revoked\n")
    let twice = try await runServerCommand(["token", "revoke", "--database", database.owner, id])
    #expect(twice.status == 1 && twice.stderr == "reorder-server: no active token \(id)\n")
    let after = try await runServerCommand(["token", "list", "--database", database.owner, "--board", board])
    #expect(after.stdout.split(separator: "\n").first?.hasSuffix("\trevoked") == true)

    let noBoard = try await runServerCommand(
      ["token", "create", "--database", database.owner, "--board", "nowhere-x", "--role", "viewer", "--name", "N"])
    #expect(
      noBoard.status == 1 && noBoard.stdout.isEmpty && noBoard.stderr.hasPrefix("reorder-server: no board nowhere-x"))
    let twiceBoard = try await runServerCommand(
      ["board", "create", "--database", database.owner, "--board", board, "--from", try boardFile([("a", [])])])
    #expect(twiceBoard.status == 1 && twiceBoard.stderr == "reorder-server: the board \(board) exists already\n")
  }

  @Test func badArgumentsExit2WithOneLine() async throws {
    let file = try boardFile([("a", ["b"])])
    let badFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bad-\(UUID().uuidString.prefix(6)).json")
    try Data(#"{"views": [{"id": "a", "sections": [{"id": "a", "items": ["!! not a key"]}]}]}"#.utf8).write(to: badFile)
    defer { try? FileManager.default.removeItem(at: badFile) }
    let url = "postgresql://postgres@127.0.0.1:1/none"
    for arguments in [
      ["migrate"], ["migrate", "--database", "http://example/x"],
      ["token", "create", "--database", url, "--board", "b", "--role", "admin", "--name", "N"],
      ["token", "create", "--database", url, "--board", "../b", "--role", "viewer", "--name", "N"],
      ["token", "create", "--database", url, "--board", "b", "--role", "viewer", "--name", ""],
      ["token", "revoke", "--database", url, "abc"], ["token", "list", "--database", url],
      ["board", "create", "--database", url, "--board", "b"],
      ["board", "create", "--database", url, "--board", "b", "--from", "/nonexistent.json"],
      ["board", "create", "--database", url, "--board", "b", "--from", badFile.path],
      ["board", "create", "--database", "postgresql://u:hunter2@", "--board", "b", "--from", file],
    ] {
      let result = try await runServerCommand(arguments)
      #expect(result.status == 2, "\(arguments) exited \(result.status): \(result.stderr)")
      #expect(
        result.stderr.hasPrefix("reorder-server: ") && result.stderr.filter { $0 == "\n" }.count == 1,
        "\(arguments): \(result.stderr)")
      #expect(!result.stderr.contains("hunter2"))
    }
    // The database away: one line, exit 1, no password.
    let away = try await runServerCommand([
      "token", "list", "--database", "postgresql://u:hunter2@127.0.0.1:1/none", "--board", "b",
    ])
    #expect(away.status == 1 && away.stderr.filter { $0 == "\n" }.count == 1 && !away.stderr.contains("hunter2"))
  }

  @Test func serveRefusesADatabaseWithoutTheSchema() async throws {
    let admin = try #require(ownerURL)
    let name = "reorder_server_empty_\(UUID().uuidString.prefix(6).lowercased())"
    try await sql(admin, "CREATE DATABASE \(name)")
    let parts = try #require(URLComponents(string: admin))
    let result = try await runServerCommand(
      ["serve", "--port", "0", "--database", "postgresql://postgres@127.0.0.1:\(parts.port ?? 5432)/\(name)"])
    #expect(result.status == 1 && result.stderr.contains("run reorder-server migrate"), "\(result.stderr)")
  }
}

/// `GET /api/boards/{board}` with bearer tokens.
@Suite("the board API", .enabled(if: serverBuilt && ownerURL != nil))
struct BoardAPITests {
  @Test func answersTheBoardToItsTokensOnly() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, editor, viewer) = try await makeBoard(
      "api", [("todo", ["c1", "c2", "c3"]), ("doing", ["c4"]), ("done", [])])
    let (_, otherEditor, _) = try await makeBoard("other", [("x", [])])
    let server = try await ServerProcess(["--database", database.server])
    let path = "/api/boards/\(board)"

    for token in [viewer, editor] {
      let answer = try await rawRequest(port: server.port, path, headers: ["Authorization": "Bearer \(token)"])
      #expect(answer.status == 200 && answer.headers["content-type"] == "application/json")
      #expect(
        answer.text
          == #"{"board":"\#(board)","revision":1,"views":[{"id":"todo","sections":[{"id":"todo","items":["c1","c2","c3"]}]},{"id":"doing","sections":[{"id":"doing","items":["c4"]}]},{"id":"done","sections":[{"id":"done","items":[]}]}]}"#,
        "\(answer.text)")
    }
    #expect(try await rawRequest(port: server.port, path).status == 401)
    #expect(try await rawRequest(port: server.port, path).headers["www-authenticate"] == "Bearer")
    for header in ["Bearer rk_nope", "Basic \(editor)", "Bearer", "Bearer \(String(repeating: "x", count: 5000))"] {
      let answer = try await rawRequest(port: server.port, path, headers: ["Authorization": header])
      #expect(answer.status == 401, "\(header.prefix(20)) answered \(answer.status)")
    }
    let other = try await rawRequest(port: server.port, path, headers: ["Authorization": "Bearer \(otherEditor)"])
    #expect(other.status == 403)
    let log = server.stderrLines.all.joined(separator: "\n")
    #expect(!log.contains(editor) && !log.contains(TestDatabase.serverPassword))
    #expect(try await server.terminate() == 0)
  }
}
