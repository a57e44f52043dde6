import Foundation
import PostgresNIO
import ReorderKitShare

/// One commit read back from the server's change log.
struct LoggedCommit: Equatable, Sendable {
  var revision: Int64
  var client: String
  var gesture: String
  /// The server's clock at the commit, in seconds since 1970.
  var committedAt: Double
  var writes: [RowWrite]
}

/// What the server answered to a gesture.
enum CommitAnswer: Sendable {
  case committed(revision: Int64)
  /// These rows moved on since the gesture was made: it lost a race and nothing was written.
  case stale([String])
  /// Another row of the container already has one of the keys (never with tagged keys; possible
  /// only after two rebalances met): place the keys again.
  case duplicateKey
  /// The server refused the gesture for a reason that sending it again cannot change (a value it
  /// does not take, a limit: SQLSTATE classes 22, 23, 54, a function's own refusal), in its words.
  case refused(String)
}

/// The log no longer holds the commits right after a client's revision (compacted): "too old,
/// reload". The client reads the whole board instead.
struct LogCompacted: Error, CustomStringConvertible {
  var after: Int64
  var description: String { "the log no longer holds the commits after revision \(after)" }
}

/// A log entry that no commit writes (a revision or version below 1): the log cannot be trusted
/// from there, the board is read whole instead.
struct InvalidLog: Error, CustomStringConvertible {
  var revision: Int64
  var id: String
  var version: Int64
  var description: String {
    "the log's entry for \"\(id.prefix(64))\" at revision \(revision) has version \(version)"
  }
}

/// A connection to the server and the few statements a shared board runs.
struct ServerConnection: Sendable {
  let connection: PostgresConnection
  let logger: Logger

  /// Parses `postgresql://user[:password]@host[:port]/database` (also `postgres://`).
  static func configuration(url: String, connectTimeout: Duration) throws(SharedBoardError)
    -> PostgresConnection.Configuration
  {
    guard let parts = URLComponents(string: url), parts.scheme == "postgresql" || parts.scheme == "postgres",
      let host = parts.host, !host.isEmpty
    else { throw SharedBoardError(.url(url)) }
    let database = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
    var configuration = PostgresConnection.Configuration(
      host: host, port: parts.port ?? 5432, username: parts.user ?? "postgres", password: parts.password,
      database: database.isEmpty ? nil : database, tls: .disable)
    let (seconds, attoseconds) = connectTimeout.components
    configuration.options.connectTimeout = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    return configuration
  }

  static func open(_ configuration: PostgresConnection.Configuration, id: Int, logger: Logger) async throws
    -> ServerConnection
  {
    let connection = try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger)
    return ServerConnection(connection: connection, logger: logger)
  }

  func close() async {
    try? await connection.close()
  }

  /// Creates the tables and the commit function if they are missing, and replaces the function
  /// when the server has an older version of it (``Schema/version``; never a newer one).
  func installSchema() async throws {
    guard try await installedSchemaVersion() < Schema.version else { return }
    try await connection.query("BEGIN", logger: logger)
    do {
      try await connection.query("SELECT pg_advisory_xact_lock(\(Schema.lock))", logger: logger)
      // Another client may have installed it while this one waited for the lock.
      if try await installedSchemaVersion() < Schema.version {
        for statement in Schema.statements {
          try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
      }
      try await connection.query("COMMIT", logger: logger)
    } catch {
      _ = try? await connection.query("ROLLBACK", logger: logger)
      throw error
    }
  }

  /// The schema version on the server: 0 when there is none (or the first, which had no number).
  func installedSchemaVersion() async throws -> Int {
    let rows = try await connection.query(PostgresQuery(unsafeSQL: Schema.installedVersion), logger: logger)
    var version = 0
    for try await installed in rows.decode(Int32.self) { version = Int(installed) }
    return version
  }

  /// A new client number, the source of a client's key tag.
  func registerClient(name: String) async throws -> Int64 {
    let rows = try await connection.query(
      "INSERT INTO reorder_clients (name) VALUES (\(name)) RETURNING number", logger: logger)
    for try await number in rows.decode(Int64.self) { return number }
    throw SharedBoardError(.server("no client number"))
  }

  /// Creates the board row if it is missing; `true` when it was created.
  func createBoard(_ board: String) async throws -> Bool {
    let rows = try await connection.query(
      "INSERT INTO reorder_boards (board) VALUES (\(board)) ON CONFLICT DO NOTHING RETURNING revision",
      logger: logger)
    var created = false
    for try await _ in rows.decode(Int64.self) { created = true }
    return created
  }

  /// The whole board, as of one revision.
  func load(_ board: String) async throws -> BoardState {
    try await connection.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
    do {
      var state = BoardState()
      for try await revision in try await connection.query(
        "SELECT revision FROM reorder_boards WHERE board = \(board)", logger: logger
      ).decode(Int64.self) {
        state.revision = revision
      }
      let rows = try await connection.query(
        "SELECT id, parent, key, version FROM reorder_rows WHERE board = \(board)", logger: logger)
      for try await (id, parent, key, version) in rows.decode((String, String, String, Int64).self) {
        state.rows[id] = BoardState.Row(parent: parent, key: key, version: version)
      }
      try await connection.query("COMMIT", logger: logger)
      return state
    } catch {
      _ = try? await connection.query("ROLLBACK", logger: logger)
      throw error
    }
  }

  /// The commits after `revision`, in order, read with the board's revision in one snapshot.
  ///
  /// - Throws: ``LogCompacted`` when they do not start right after `revision` (the log was
  ///   compacted past it: `reorder_compact`), ``InvalidLog`` for an entry no commit writes.
  func changes(_ board: String, after revision: Int64) async throws -> [LoggedCommit] {
    try await connection.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
    do {
      var latest: Int64 = 0
      for try await value in try await connection.query(
        "SELECT revision FROM reorder_boards WHERE board = \(board)", logger: logger
      ).decode(Int64.self) {
        latest = value
      }
      let commits = try await loggedCommits(board, after: revision)
      try await connection.query("COMMIT", logger: logger)
      if let first = commits.first, !follows(first.revision, revision) { throw LogCompacted(after: revision) }
      if commits.isEmpty, latest > revision { throw LogCompacted(after: revision) }
      return commits
    } catch {
      _ = try? await connection.query("ROLLBACK", logger: logger)
      throw error
    }
  }

  private func loggedCommits(_ board: String, after revision: Int64) async throws -> [LoggedCommit] {
    let rows = try await connection.query(
      """
      SELECT revision, client, gesture, extract(epoch FROM committed_at)::float8, id, parent, key, version, deleted
      FROM reorder_changes WHERE board = \(board) AND revision > \(revision) ORDER BY revision, seq
      """, logger: logger)
    var commits: [LoggedCommit] = []
    for try await (revision, client, gesture, at, id, parent, key, version, deleted) in rows.decode(
      (Int64, String, String, Double, String, String, String, Int64, Bool).self)
    {
      guard revision > 0, version > 0 else { throw InvalidLog(revision: revision, id: id, version: version) }
      let write = RowWrite(id: id, parent: parent, key: key, expected: version - 1, deleted: deleted)
      if commits.last?.revision == revision {
        commits[commits.count - 1].writes.append(write)
      } else {
        commits.append(
          LoggedCommit(revision: revision, client: client, gesture: gesture, committedAt: at, writes: [write]))
      }
    }
    return commits
  }

  /// Sends one gesture: all its rows in one transaction, or none.
  func commit(_ gesture: Gesture, board: String, client: String) async throws -> CommitAnswer {
    let w = gesture.writes
    let ids = w.map(\.id)
    let parents = w.map(\.parent)
    let keys = w.map(\.key)
    let expected = w.map(\.expected)
    let deleted = w.map(\.deleted)
    do {
      let rows = try await connection.query(
        """
        SELECT o_revision, o_stale FROM reorder_commit(\(board), \(client), \(gesture.id), \(ids), \(parents), \
        \(keys), \(expected), \(deleted))
        """, logger: logger)
      // The whole answer is read before it counts: the distinct-keys constraint is deferred, so a
      // duplicate key fails at COMMIT, after the function's row has arrived.
      var answer: CommitAnswer?
      for try await (revision, stale) in rows.decode((Int64?, [String]?).self) where answer == nil {
        answer = revision.map { .committed(revision: $0) } ?? .stale(stale ?? [])
      }
      if let answer { return answer }
      throw SharedBoardError(.server("reorder_commit answered nothing"))
    } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
      return .duplicateKey
    } catch let error as PSQLError where error.serverInfo?[.sqlState] == "P0002" {
      throw SharedBoardError(.server("the board \(board) is not on the server"))
    } catch let error as PSQLError {
      // A connection that failed (class 08, 57, …) says nothing of the gesture: it is sent again.
      guard let state = error.serverInfo?[.sqlState], Self.refusingClasses.contains(String(state.prefix(2))) else {
        throw error
      }
      return .refused("\(state): \((error.serverInfo?[.message] ?? "refused").prefix(200))")
    }
  }

  /// The SQLSTATE classes of an answer about the gesture itself: data (22), integrity (23, but a
  /// duplicate key is placed again), a limit (54), a function's refusal (P0; `RK…`: the board
  /// server's).
  static let refusingClasses: Set<String> = ["22", "23", "54", "P0", "RK"]
}

extension SharedBoard {
  /// A PostgreSQL URL as it may be shown in a message or a log line: the password (in the user
  /// part or a `password=` parameter) replaced by `***`. Works on text that is not a valid URL too.
  ///
  /// ```swift
  /// SharedBoard.redacting("postgresql://me:s3cret@db:5432/team")   // "postgresql://me:***@db:5432/team"
  /// ```
  public static func redacting(_ url: String) -> String { redactingPassword(url) }
}
