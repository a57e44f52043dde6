import Logging
import PostgresNIO
import ServiceLifecycle

/// Compaction of the change log (DESIGN, "The board server, hardened"): every
/// ``ServeOptions/compactionInterval``, each board whose log holds more than its last
/// ``ServeOptions/keepRevisions`` revisions is trimmed, in batches of at most
/// ``ServerSchema/compactionBatch`` rows, each batch one call of `reorder_server_compact` (one
/// transaction of its own, which never locks the board's row: commits go on beside it). A row goes
/// only when it is both older than the last `keepRevisions` revisions and older than `keepHours`.
/// The rules are the function's; this only calls it. Several instances compacting at once is
/// harmless: the second to reach a board skips it.
///
/// ```swift
/// let compactor = Compactor(store: store, options: options, metrics: metrics, logger: logger)
/// // one of the services of the ServiceGroup; it ends at graceful shutdown
/// ```
struct Compactor: Service {
  let store: BoardStore
  let keepRevisions: Int
  let keepHours: Double
  let interval: Duration
  let metrics: ServerMetrics
  let logger: Logger

  init(store: BoardStore, options: ServeOptions, metrics: ServerMetrics, logger: Logger) {
    self.store = store
    keepRevisions = options.keepRevisions
    keepHours = options.keepHours
    interval = options.compactionInterval
    self.metrics = metrics
    self.logger = logger
  }

  func run() async throws {
    try await cancelWhenGracefulShutdown {
      while !Task.isCancelled {
        try? await Task.sleep(for: interval)
        if Task.isCancelled { break }
        await pass()
      }
    }
  }

  /// One pass over the boards; a failure (the database away) waits for the next pass.
  func pass() async {
    do {
      for board in try await store.boardsToCompact(keepRevisions: keepRevisions) {
        var total = 0
        while !Task.isCancelled {
          let rows = try await store.compact(board, keepRevisions: keepRevisions, keepHours: keepHours)
          total += rows
          metrics.compacted(rows: rows)
          if rows < ServerSchema.compactionBatch { break }
        }
        if total > 0 { logger.debug("board \(board): \(total) log rows compacted") }
      }
    } catch {
      logger.debug("compaction failed: \(DatabaseURL.reason(error))")
    }
  }
}

extension BoardStore {
  /// The boards whose log holds revisions older than their last `keepRevisions`.
  func boardsToCompact(keepRevisions: Int) async throws -> [String] {
    let rows = try await client.query(
      "SELECT public.reorder_server_boards_to_compact(\(Int64(keepRevisions)))", logger: logger)
    var boards: [String] = []
    for try await board in rows.decode(String.self) { boards.append(board) }
    return boards
  }

  /// One batch of `board`'s compaction: the rows deleted (fewer than a batch when it is done).
  func compact(_ board: String, keepRevisions: Int, keepHours: Double) async throws -> Int {
    let rows = try await client.query(
      "SELECT public.reorder_server_compact(\(board), \(Int64(keepRevisions)), \(keepHours))", logger: logger)
    var deleted = 0
    for try await count in rows.decode(Int32.self) { deleted = Int(count) }
    return deleted
  }
}

extension Compactor: CustomStringConvertible {
  /// How ServiceLifecycle names it in its log.
  var description: String { "Compactor(every \(interval), keeping \(keepRevisions) revisions and \(keepHours) h)" }
}
