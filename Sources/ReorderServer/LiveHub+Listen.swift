import Foundation
import Logging
import PostgresNIO
import ReorderKitPostgres

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
              let board = notice.payload.prefix { $0 != " " }
              guard BoardName.isValid(board) else { continue }
              try? await self.catchUp(String(board))
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
}
