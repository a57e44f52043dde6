import Foundation
import Logging
import PostgresNIO
import ReorderKitPostgres
import ReorderKitShare

extension LiveHub {
  /// Listens on one connection of its own, for as long as the task runs: a commit notice wakes the
  /// feed of its board (its first word), a revocation notice checks that token; the connection is
  /// opened again after a failure (every followed board is then read again, for what was missed).
  /// A poll each second does the same reads, in case a notice was lost.
  nonisolated func listen(database: DatabaseURL) async {
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        while !Task.isCancelled {
          try? await Task.sleep(for: .seconds(1))
          await self.beat()
          await self.catchUpAll()
          await self.checkTokens()
        }
      }
      group.addTask {
        var delay = Duration.milliseconds(100)
        while !Task.isCancelled {
          do {
            let connection = try await database.connect(logger: .quiet)
            delay = .milliseconds(100)
            await self.catchUpAll()
            do {
              try await self.consume(connection)
            } catch {
              self.logger.debug("LISTEN ended: \(DatabaseURL.reason(error))")
            }
            try? await connection.close()
          } catch {
            self.logger.warning("the database is not reachable for LISTEN: \(DatabaseURL.reason(error))")
          }
          try? await Task.sleep(for: delay)
          delay = min(delay * 2, .seconds(5))
        }
      }
      await group.next()
      group.cancelAll()
    }
  }

  /// Reads both channels' notices until the connection ends.
  nonisolated func consume(_ connection: PostgresConnection) async throws {
    try await connection.listen(on: SharedBoardSchema.channel) { commits in
      try await connection.listen(on: ServerSchema.revokedChannel) { revocations in
        try await withThrowingTaskGroup(of: Void.self) { group in
          group.addTask {
            for try await notice in commits {
              // `board revision …`: anyone may send one, so it only wakes the feed (what is applied
              // is read from the log), and one for a revision the replica has already (this
              // instance's own commits, published as placed) reads nothing.
              let words = notice.payload.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
              guard let board = words.first, BoardName.isValid(board) else { continue }
              let revision = words.count > 1 && words[1].utf8.count <= 20 ? Int64(words[1]) : nil
              await self.wake(String(board), revision: revision)
            }
          }
          group.addTask {
            for try await notice in revocations {
              guard notice.payload.utf8.count <= 20, let token = Int64(notice.payload) else { continue }
              await self.revoke(token: token)
            }
          }
          try await group.next()
          group.cancelAll()
        }
      }
    }
  }

  /// A commit notice for `board`: reads the log after the replica's revision, unless the notice's
  /// revision is one the replica has (a forged low one costs nothing: every commit sends its own
  /// notice, and the poll reads the log each second).
  func wake(_ board: String, revision: Int64?) async {
    if let revision, let current = feeds[board]?.board.revision, revision <= current { return }
    do {
      try await catchUp(board)
    } catch {
      logger.debug("catch-up of \(board) failed: \(DatabaseURL.reason(error))")
    }
  }
}
