import Foundation
import NIOCore
import PostgresNIO
import ReorderKitPostgres

import enum ReorderSync.RejectReason

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

  /// The longest a query may take before it fails (``withTimeLimit(_:_:)``): one in flight when
  /// PostgreSQL restarted was seen never to end.
  static let queryTimeLimit = Duration.seconds(10)

  /// `body` within ``queryTimeLimit``.
  private func bounded<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withTimeLimit(Self.queryTimeLimit, body)
  }

  /// The person a token belongs to, or `nil` for an unknown, revoked or malformed token.
  func access(token: String) async throws -> Access? {
    try await bounded {
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
  }

  /// Counts a live connection of `token` against its limit across every instance: `false` when the
  /// token has `limit` open already.
  func open(instance: String, connection: Int, token: Int64, limit: Int) async throws -> Bool {
    try await bounded {
      let rows = try await client.query(
        "SELECT public.reorder_server_open(\(instance), \(Int64(connection)), \(token), \(Int32(limit)))",
        logger: logger)
      var opened = false
      for try await flag in rows.decode(Bool.self) { opened = flag }
      return opened
    }
  }

  /// A live connection closed.
  func close(instance: String, connection: Int) async throws {
    try await bounded {
      _ = try await client.query(
        "SELECT public.reorder_server_close(\(instance), \(Int64(connection)))", logger: logger)
    }
  }

  /// This instance is alive (each second), or gone (at shutdown: its connections count no more).
  func instance(_ instance: String, alive: Bool) async throws {
    try await bounded {
      if alive {
        _ = try await client.query("SELECT public.reorder_server_alive(\(instance))", logger: logger)
      } else {
        _ = try await client.query("SELECT public.reorder_server_gone(\(instance))", logger: logger)
      }
    }
  }

  /// Whether a token is still active.
  func isActive(token: Int64) async throws -> Bool {
    try await bounded {
      let rows = try await client.query("SELECT public.reorder_server_token_active(\(token))", logger: logger)
      for try await active in rows.decode(Bool.self) { return active }
      return false
    }
  }

  /// The whole board as of one revision, or `nil` when there is no such board.
  func board(_ name: String) async throws -> Board? {
    try await bounded {
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
  }

  /// One commit read from the log.
  struct Commit: Sendable {
    var revision: Int64
    var gesture: String
    var writes: [Board.Write]
  }

  /// The commits after `revision`, in order (at most `limit` rows' worth, whole commits).
  func changes(_ board: String, after revision: Int64) async throws -> [Commit] {
    try await bounded {
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
  }

  /// What the database answered to a commit.
  enum CommitAnswer: Sendable {
    case committed(Int64)
    case stale([String])
    case duplicateKey
    case noBoard
    /// The function refused it (``ServerSchema/commit``): `invalid` or `lostRace`, and why.
    case refused(reason: RejectReason, message: String)
  }

  /// One gesture to commit: its id, its change as the client sent it (a replayed gesture must bring
  /// the same one) and the rows the server placed for it.
  struct Gesture: Sendable {
    var id: String
    var change: WireChange
    var writes: [Board.Placed]
  }

  /// Writes gestures in order, in one round trip, through `reorder_server_commit_many`: each one
  /// through `reorder_server_commit`, which checks every rule again, in a savepoint of its own. The
  /// answers are those of the first gestures, up to and including the first that did not commit as
  /// the board's next revision; the rest were not tried (they were placed as if it had).
  func commit(board: String, client: String, gestures: [Gesture]) async throws -> [CommitAnswer] {
    let ids = gestures.flatMap { $0.writes.map(\.id) }
    let parents = gestures.flatMap { $0.writes.map(\.parent) }
    let keys = gestures.flatMap { $0.writes.map(\.key) }
    let expected = gestures.flatMap { $0.writes.map(\.expected) }
    let names = gestures.map(\.id)
    let bodies = gestures.map { jsonLine($0.change) }
    let counts = gestures.map { Int32(clamping: $0.writes.count) }
    do {
      let rows = try await self.client.query(
        """
        SELECT o_revision, o_stale, o_state, o_message FROM public.reorder_server_commit_many(\(board), \(client), \
        \(names), \(bodies), \(counts), \(ids), \(parents), \(keys), \(expected))
        """, logger: logger)
      // The whole answer is read before it counts: an error after the rows (at COMMIT) rolls every
      // gesture back. Returning at the rows acked commits that were rolled back (found by
      // RemoteBoardTests' SIGTERM test: 12 of 120 acked moves were not in the log).
      var answers: [CommitAnswer] = []
      for try await (revision, stale, state, message) in rows.decode((Int64?, [String]?, String?, String?).self) {
        switch state {
        case "23505": answers.append(.duplicateKey)
        case "P0002": answers.append(.noBoard)
        case ServerSchema.invalidState:
          answers.append(.refused(reason: .invalid, message: message ?? "The change breaks a rule."))
        case ServerSchema.lostRaceState:
          answers.append(.refused(reason: .lostRace, message: message ?? "What it names is gone."))
        default: answers.append(revision.map { .committed($0) } ?? .stale(stale ?? []))
        }
      }
      return answers
    } catch let error as PSQLError {
      switch error.serverInfo?[.sqlState] {
      case "23505": return [.duplicateKey]
      case "P0002": return [.noBoard]
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
