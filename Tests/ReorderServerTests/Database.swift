import Foundation
import Logging
import PostgresNIO
import Testing

/// One database of the test server for every test of this target, migrated once: the owner's and
/// the server role's URLs. (The role `reorder_server` is the cluster's; one migration at a time.)
actor TestDatabase {
  static let shared = TestDatabase()
  /// The server role's password: it must never be printed.
  static let serverPassword = "pw-\(UUID().uuidString.prefix(12))"

  private var preparing: Task<(owner: String, server: String, migrate: CommandResult), any Error>?

  /// Creates the database and migrates it (once: callers that come meanwhile wait for the same
  /// task), returning both URLs and what migrate printed.
  func prepare() async throws -> (owner: String, server: String, migrate: CommandResult) {
    if preparing == nil { preparing = Task { try await Self.create() } }
    return try await preparing!.value
  }

  private static func create() async throws -> (owner: String, server: String, migrate: CommandResult) {
    let admin = try #require(ownerURL)
    let name = "reorder_server_test_\(UUID().uuidString.prefix(8).lowercased())"
    try await sql(admin, "CREATE DATABASE \(name)")
    let parts = try #require(URLComponents(string: admin))
    let port = parts.port ?? 5432
    let owner = "postgresql://postgres@127.0.0.1:\(port)/\(name)"
    let server = "postgresql://reorder_server:\(serverPassword)@127.0.0.1:\(port)/\(name)"
    let result = try await runServerCommand(
      ["migrate", "--database", owner], environment: ["REORDER_SERVER_PASSWORD": serverPassword])
    return (owner, server, result)
  }
}

/// Runs one statement and returns the first column of every row as text (`nil` for NULL).
@discardableResult
func sql(_ url: String, _ statement: String) async throws -> [String?] {
  let parts = try #require(URLComponents(string: url))
  var logger = Logger(label: "test")
  logger.logLevel = .critical
  let configuration = PostgresConnection.Configuration(
    host: parts.host ?? "127.0.0.1", port: parts.port ?? 5432, username: parts.user ?? "postgres",
    password: parts.password, database: String(parts.path.dropFirst()), tls: .disable)
  let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
  do {
    var values: [String?] = []
    for try await row in try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) {
      let cell = row.first
      values.append(try cell.flatMap { try $0.decode(String?.self) })
    }
    try await connection.close()
    return values
  } catch {
    try? await connection.close()
    throw error
  }
}

/// The SQLSTATE of a statement's failure, or `nil` when it succeeded.
func sqlState(_ url: String, _ statement: String) async -> String? {
  do {
    try await sql(url, statement)
    return nil
  } catch let error as PSQLError {
    return error.serverInfo?[.sqlState] ?? "no state"
  } catch {
    return "\(error)"
  }
}

/// A board file of columns and cards.
func boardFile(_ columns: [(String, [String])]) throws -> String {
  let views = columns.map { id, cards in
    ["id": id, "sections": [["id": id, "items": cards]]] as [String: Any]
  }
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("board-\(UUID().uuidString.prefix(8)).json")
  try JSONSerialization.data(withJSONObject: ["views": views]).write(to: url)
  return url.path
}

/// A new board on the test database, with an editor's and a viewer's token.
func makeBoard(_ label: String, _ columns: [(String, [String])]) async throws -> (
  board: String, editor: String, viewer: String
) {
  let database = try await TestDatabase.shared.prepare()
  let board = "\(label)-\(UUID().uuidString.prefix(8).lowercased())"
  let file = try boardFile(columns)
  defer { try? FileManager.default.removeItem(atPath: file) }
  let created = try await runServerCommand([
    "board", "create", "--database", database.owner, "--board", board, "--from", file,
  ])
  #expect(created.status == 0, "board create: \(created.stderr)")
  let editor = try await runServerCommand(
    ["token", "create", "--database", database.owner, "--board", board, "--role", "editor", "--name", "Ann"])
  let viewer = try await runServerCommand(
    ["token", "create", "--database", database.owner, "--board", board, "--role", "viewer", "--name", "Vic"])
  #expect(editor.status == 0 && viewer.status == 0, "token create: \(editor.stderr) \(viewer.stderr)")
  return (
    board, editor.stdout.trimmingCharacters(in: .newlines), viewer.stdout.trimmingCharacters(in: .newlines)
  )
}
