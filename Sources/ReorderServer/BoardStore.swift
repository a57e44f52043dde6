import Foundation
import NIOCore
import PostgresNIO
import ReorderKitPostgres

/// Who a token is: its id (to close its connections when revoked), its board and its role.
public struct Access: Sendable, Equatable {
  /// The token's id in `reorder_tokens`.
  public var token: Int64
  /// The one board it opens.
  public var board: String
  /// What it may do there.
  public var role: Role
}

/// What the server asks the database, as `reorder_server`: only the `public.reorder_server_…`
/// functions (the role may do nothing else).
struct BoardStore: Sendable {
  let client: PostgresClient
  let logger: Logger

  /// The person a token belongs to, or `nil` for an unknown, revoked or malformed token.
  func access(token: String) async throws -> Access? {
    guard !token.isEmpty, token.utf8.count <= Token.maximumLength else { return nil }
    let hash = ByteBuffer(bytes: Token.hash(token))
    let rows = try await client.query(
      "SELECT token, board, role FROM public.reorder_server_token(\(hash))", logger: logger)
    for try await (id, board, role) in rows.decode((Int64, String, String).self) {
      guard let role = Role(rawValue: role) else { return nil }
      return Access(token: id, board: board, role: role)
    }
    return nil
  }

  /// Counts a live connection of `token` against its limit across every instance: `false` when the
  /// token has `limit` open already.
  func open(instance: String, connection: Int, token: Int64, limit: Int) async throws -> Bool {
    let rows = try await client.query(
      "SELECT public.reorder_server_open(\(instance), \(Int64(connection)), \(token), \(Int32(limit)))",
      logger: logger)
    var opened = false
    for try await flag in rows.decode(Bool.self) { opened = flag }
    return opened
  }

  /// A live connection closed.
  func close(instance: String, connection: Int) async throws {
    try await client.query("SELECT public.reorder_server_close(\(instance), \(Int64(connection)))", logger: logger)
  }

  /// This instance is alive (each second), or gone (at shutdown: its connections count no more).
  func instance(_ instance: String, alive: Bool) async throws {
    if alive {
      try await client.query("SELECT public.reorder_server_alive(\(instance))", logger: logger)
    } else {
      try await client.query("SELECT public.reorder_server_gone(\(instance))", logger: logger)
    }
  }

  /// Whether a token is still active.
  func isActive(token: Int64) async throws -> Bool {
    let rows = try await client.query("SELECT public.reorder_server_token_active(\(token))", logger: logger)
    for try await active in rows.decode(Bool.self) { return active }
    return false
  }

  /// The whole board as of one revision, or `nil` when there is no such board.
  func board(_ name: String) async throws -> Board? {
    let rows = try await client.query(
      "SELECT revision, epoch, id, parent, key, version FROM public.reorder_server_board(\(name))", logger: logger)
    var board: Board?
    for try await (revision, epoch, id, parent, key, version) in rows.decode(
      (Int64, String, String?, String?, String?, Int64?).self)
    {
      if board == nil { board = Board(revision: revision, epoch: epoch, rows: [:]) }
      if let id, let parent, let key, let version {
        board?.rows[id] = Board.Row(parent: parent, key: key, version: version)
      }
    }
    return board
  }

  /// One commit read from the log.
  struct Commit: Sendable {
    var revision: Int64
    var gesture: String
    var writes: [Board.Write]
  }

  /// The commits after `revision`, in order (at most `limit` rows' worth, whole commits).
  func changes(_ board: String, after revision: Int64) async throws -> [Commit] {
    let rows = try await client.query(
      """
      SELECT revision, gesture, id, parent, key, version, deleted
      FROM public.reorder_server_changes(\(board), \(revision))
      """, logger: logger)
    var commits: [Commit] = []
    for try await (revision, gesture, id, parent, key, version, deleted) in rows.decode(
      (Int64, String, String, String, String, Int64, Bool).self)
    {
      let write = Board.Write(id: id, parent: parent, key: key, version: version, deleted: deleted)
      if commits.last?.revision == revision {
        commits[commits.count - 1].writes.append(write)
      } else {
        commits.append(Commit(revision: revision, gesture: gesture, writes: [write]))
      }
    }
    return commits
  }

  /// What the database answered to a commit.
  enum CommitAnswer: Sendable {
    case committed(Int64)
    case stale([String])
    case duplicateKey
    case noBoard
    /// The function refused it (``ServerSchema/commit``): `invalid` or `lostRace`, and why.
    case refused(reason: String, message: String)
  }

  /// Writes one gesture's rows through `reorder_server_commit`, which checks every rule again;
  /// `change` is the change as the client sent it (a replayed gesture must bring the same one).
  func commit(board: String, client: String, gesture: String, change: WireChange, writes: [Board.Placed])
    async throws -> CommitAnswer
  {
    let ids = writes.map(\.id)
    let parents = writes.map(\.parent)
    let keys = writes.map(\.key)
    let expected = writes.map(\.expected)
    let body = jsonLine(change)
    do {
      let rows = try await self.client.query(
        """
        SELECT o_revision, o_stale FROM public.reorder_server_commit(\(board), \(client), \(gesture), \(body), \
        \(ids), \(parents), \(keys), \(expected))
        """, logger: logger)
      // The whole answer is read before it counts: the rows' distinct-keys constraint is deferred,
      // so a duplicate key fails at COMMIT, after the function's row has arrived. Returning at the
      // row acked commits that were rolled back (found by RemoteBoardTests' SIGTERM test: 12 of
      // 120 acked moves were not in the log).
      var answer = CommitAnswer.stale([])
      var first = true
      for try await (revision, stale) in rows.decode((Int64?, [String]?).self) where first {
        first = false
        answer = revision.map { .committed($0) } ?? .stale(stale ?? [])
      }
      return answer
    } catch let error as PSQLError {
      switch error.serverInfo?[.sqlState] {
      case "23505": return .duplicateKey
      case "P0002": return .noBoard
      case ServerSchema.invalidState:
        return .refused(reason: "invalid", message: error.serverInfo?[.message] ?? "The change breaks a rule.")
      case ServerSchema.lostRaceState:
        return .refused(reason: "lostRace", message: error.serverInfo?[.message] ?? "What it names is gone.")
      default: throw error
      }
    }
  }

  /// The schema version the owner installed (`reorder-server migrate`), or `nil` when the function
  /// is missing or the role may not call it.
  func schemaVersion() async -> Int? {
    do {
      let rows = try await client.query("SELECT public.reorder_server_version()", logger: logger)
      for try await version in rows.decode(Int32?.self) { return version.map(Int.init) }
      return nil
    } catch {
      return nil
    }
  }
}
