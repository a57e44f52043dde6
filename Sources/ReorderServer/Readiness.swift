import ServiceLifecycle
import Synchronization

/// Whether this instance should get traffic (`GET /readyz`): its database answered within the last
/// ``staleAfter``, and no graceful shutdown began. `/healthz` is liveness only and says nothing of
/// the database.
///
/// ```swift
/// let readiness = Readiness(store: store)   // a service of the ServiceGroup
/// readiness.isReady                         // false until the first check succeeds
/// ```
final class Readiness: Service, Sendable {
  /// How often the database is asked.
  static let interval = Duration.seconds(1)
  /// How long after the last answer the instance is still ready (a check that hangs, as one does
  /// while PostgreSQL is away, turns it unready too).
  static let staleAfter = Duration.seconds(3)

  struct State {
    var lastAnswer: ContinuousClock.Instant?
    var shuttingDown = false
  }

  let store: BoardStore
  let state = Mutex(State())

  init(store: BoardStore) { self.store = store }

  /// Ready: the database answered lately, and no shutdown began.
  var isReady: Bool {
    state.withLock { state in
      guard !state.shuttingDown, let last = state.lastAnswer else { return false }
      return ContinuousClock.now - last < Self.staleAfter
    }
  }

  func run() async throws {
    await withGracefulShutdownHandler {
      await cancelWhenGracefulShutdown {
        while !Task.isCancelled {
          // The schema's version: the cheapest call the server's role may make, and the one that
          // says the database is the one this server serves.
          if await self.store.schemaVersion() == ServerSchema.version {
            self.state.withLock { $0.lastAnswer = .now }
          }
          try? await Task.sleep(for: Self.interval)
        }
      }
    } onGracefulShutdown: {
      self.state.withLock { $0.shuttingDown = true }
    }
  }
}

extension Readiness: CustomStringConvertible {
  /// How ServiceLifecycle names it in its log.
  var description: String { "Readiness" }
}
