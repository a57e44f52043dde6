import Foundation
import NIOCore
import PostgresNIO
import ReorderKitPostgres

/// The administration commands, each with the owner's URL (`--database OWNER_URL`): the schema and
/// the server's role, boards, tokens. Nothing here prints or logs a password or a token, except
/// ``createToken(board:role:name:)``'s answer, which is the token itself, once.
///
/// ```swift
/// let admin = try Admin(database: "postgresql://postgres@127.0.0.1:5432/team")
/// try await admin.migrate(serverPassword: "s3cret")
/// let token = try await admin.createToken(board: "sprint", role: .editor, name: "Ann")
/// ```
public struct Admin: Sendable {
  let url: DatabaseURL
  /// The URL as given (for ReorderKitPostgres; never printed: it may hold a password).
  let urlString: String
  let logger = Logger.quiet

  /// Administration through the owner's URL.
  ///
  /// - Throws: ``ServerError`` for a URL that is not PostgreSQL's.
  public init(database: String) throws(ServerError) {
    url = try DatabaseURL(database)
    urlString = database
  }

  /// Runs `body` on one connection of the owner, in the schema `public`.
  func withConnection<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
    let connection = try await url.connect(logger: logger)
    do {
      try await connection.query("SET search_path = public", logger: logger)
      let result = try await body(connection)
      try? await connection.close()
      return result
    } catch let error as ServerError {
      try? await connection.close()
      throw error
    } catch {
      try? await connection.close()
      throw ServerError.failure("the database refused: \(DatabaseURL.reason(error))")
    }
  }

  /// Installs or upgrades the schema (the shared board's tables and function, the tokens, the
  /// server's functions) in one transaction, and creates or updates the login role
  /// `reorder_server`, which may only execute the server's functions. `serverPassword`: the role's
  /// password (unchanged when `nil`; a new role then has none, for `trust`, peer or certificate
  /// authentication).
  ///
  /// - Returns: what it did, in one line.
  public func migrate(serverPassword: String?) async throws -> String {
    try await withConnection { connection in
      let logger = self.logger
      try await connection.query("BEGIN", logger: logger)
      do {
        try await connection.query("SELECT pg_advisory_xact_lock(\(SharedBoardSchema.lock))", logger: logger)
        let before = try await Self.installedVersion(connection, logger: logger)
        // Running servers commit meanwhile: take the tables in the order a commit does (boards,
        // rows, log), all at once, so that the statements below never deadlock with one.
        try await connection.query(
          """
          DO $$ BEGIN
            IF to_regclass('public.reorder_changes') IS NOT NULL THEN
              LOCK TABLE reorder_boards, reorder_rows, reorder_changes, reorder_clients IN ACCESS EXCLUSIVE MODE;
            END IF;
          END $$
          """, logger: logger)
        for statement in SharedBoardSchema.statements + ServerSchema.statements {
          try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        try await connection.query(
          """
          INSERT INTO reorder_server_meta (singleton, version) VALUES (true, \(ServerSchema.version))
          ON CONFLICT (singleton) DO UPDATE SET version = excluded.version
          """, logger: logger)
        var roleExists = false
        for try await _ in try await connection.query(
          "SELECT 1 FROM pg_roles WHERE rolname = \(ServerSchema.role)", logger: logger
        ).decode(Int32.self) {
          roleExists = true
        }
        let attributes = "LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT"
        let verb = roleExists ? "ALTER" : "CREATE"
        try await connection.query(
          PostgresQuery(unsafeSQL: "\(verb) ROLE \(ServerSchema.role) \(attributes)"), logger: logger)
        if let serverPassword {
          // PostgreSQL quotes the password itself (format's %L): no literal is built here.
          var statement = ""
          for try await text in try await connection.query(
            "SELECT format('ALTER ROLE reorder_server PASSWORD %L', \(serverPassword)::text)", logger: logger
          ).decode(String.self) {
            statement = text
          }
          try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        for statement in Self.privileges() {
          try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        try await connection.query("COMMIT", logger: logger)
        let schema =
          before == ServerSchema.version
          ? "schema version \(ServerSchema.version) already installed"
          : before == 0
            ? "schema version \(ServerSchema.version) installed"
            : "schema upgraded from \(before) to \(ServerSchema.version)"
        let role =
          "role \(ServerSchema.role) \(roleExists ? "updated" : "created")"
          + (serverPassword == nil ? (roleExists ? " (password unchanged)" : " (no password)") : " (password set)")
        return "migrate: \(schema); \(role)"
      } catch {
        _ = try? await connection.query("ROLLBACK", logger: logger)
        throw error
      }
    }
  }

  /// Least privilege: no table, sequence or DDL right for the server's role (nor for PUBLIC on
  /// these), EXECUTE on its functions only.
  static func privileges() -> [String] {
    let role = ServerSchema.role
    var statements = [
      "REVOKE CREATE ON SCHEMA public FROM PUBLIC",
      "REVOKE ALL ON SCHEMA public FROM \(role)",
      "GRANT USAGE ON SCHEMA public TO \(role)",
      "REVOKE ALL ON \(ServerSchema.tables.joined(separator: ", ")) FROM PUBLIC, \(role)",
      "REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM \(role)",
      """
      REVOKE ALL ON FUNCTION public.reorder_commit(text, text, text, text[], text[], text[], bigint[], boolean[])
      FROM PUBLIC
      """,
      "REVOKE ALL ON FUNCTION public.reorder_compact(text, bigint) FROM PUBLIC",
    ]
    for function in ServerSchema.functions {
      statements.append("REVOKE ALL ON FUNCTION public.\(function) FROM PUBLIC")
      statements.append("GRANT EXECUTE ON FUNCTION public.\(function) TO \(role)")
    }
    return statements
  }

  /// The server schema's version on the database (0: none).
  static func installedVersion(_ connection: PostgresConnection, logger: Logger) async throws -> Int {
    let rows = try await connection.query(
      "SELECT CASE WHEN to_regclass('public.reorder_server_meta') IS NULL THEN 0 ELSE 1 END", logger: logger)
    var exists = false
    for try await flag in rows.decode(Int32.self) { exists = flag == 1 }
    guard exists else { return 0 }
    var version = 0
    for try await v in try await connection.query(
      "SELECT version FROM public.reorder_server_meta", logger: logger
    ).decode(Int32.self) {
      version = Int(v)
    }
    return version
  }

  /// Fails unless `migrate` installed this version.
  func requireSchema(_ connection: PostgresConnection) async throws {
    let installed = try await Self.installedVersion(connection, logger: logger)
    guard installed == ServerSchema.version else {
      throw ServerError.failure(
        installed == 0
          ? "the database has no board server schema: run reorder-server migrate first"
          : "the database has schema version \(installed), this reorder-server \(ServerSchema.version): run reorder-server migrate"
      )
    }
  }

  /// Whether a board is on the database.
  func boardExists(_ board: String, _ connection: PostgresConnection) async throws -> Bool {
    var found = false
    for try await _ in try await connection.query(
      "SELECT revision FROM reorder_boards WHERE board = \(board)", logger: logger
    ).decode(Int64.self) {
      found = true
    }
    return found
  }

  /// Creates a board from its columns and cards (``BoardFile``).
  ///
  /// - Throws: ``ServerError`` when the board exists already or the schema is missing.
  public func createBoard(_ board: String, from file: BoardFile) async throws {
    try await withConnection { connection in
      try await requireSchema(connection)
      if try await boardExists(board, connection) { throw ServerError.failure("the board \(board) exists already") }
    }
    let columns = file.columns.map { (id: $0.id, cards: $0.cards) }
    let created: Bool
    do {
      created = try await SharedBoard.create(url: urlString, board: board, columns: columns)
    } catch {
      throw ServerError.failure("the board \(board) could not be created: \(DatabaseURL.reason(error))")
    }
    guard created else { throw ServerError.failure("the board \(board) exists already") }
  }

  /// Makes a token for one person on one board and returns it (the database keeps its hash).
  ///
  /// - Throws: ``ServerError`` for a board that does not exist.
  public func createToken(board: String, role: Role, name: String) async throws -> String {
    try await withConnection { connection in
      try await requireSchema(connection)
      guard try await boardExists(board, connection) else {
        throw ServerError.failure("no board \(board) on the database (reorder-server board create)")
      }
      let token = Token.generate()
      let hash = ByteBuffer(bytes: Token.hash(token))
      try await connection.query(
        "INSERT INTO reorder_tokens (board, role, name, hash) VALUES (\(board), \(role.rawValue), \(name), \(hash))",
        logger: logger)
      return token
    }
  }

  /// One token as `token list` shows it (never the token or its hash).
  public struct TokenInfo: Sendable, Equatable {
    /// The id `token revoke` takes.
    public var id: Int64
    /// Viewer or editor.
    public var role: String
    /// The person's name.
    public var name: String
    /// Whether it was revoked.
    public var revoked: Bool
  }

  /// The tokens of a board, oldest first.
  public func tokens(board: String) async throws -> [TokenInfo] {
    try await withConnection { connection in
      try await requireSchema(connection)
      var tokens: [TokenInfo] = []
      for try await (id, role, name, revoked) in try await connection.query(
        "SELECT id, role, name, revoked_at IS NOT NULL FROM reorder_tokens WHERE board = \(board) ORDER BY id",
        logger: logger
      ).decode((Int64, String, String, Bool).self) {
        tokens.append(TokenInfo(id: id, role: role, name: name, revoked: revoked))
      }
      return tokens
    }
  }

  /// Revokes a token; servers close its connections (they hear it through NOTIFY).
  ///
  /// - Throws: ``ServerError`` when no active token has this id.
  public func revokeToken(_ id: Int64) async throws {
    try await withConnection { connection in
      try await requireSchema(connection)
      var revoked = false
      for try await _ in try await connection.query(
        "UPDATE reorder_tokens SET revoked_at = now() WHERE id = \(id) AND revoked_at IS NULL RETURNING id",
        logger: logger
      ).decode(Int64.self) {
        revoked = true
      }
      guard revoked else { throw ServerError.failure("no active token \(id)") }
      try await connection.query("SELECT pg_notify(\(ServerSchema.revokedChannel), \(String(id)))", logger: logger)
    }
  }
}
