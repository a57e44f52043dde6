import Foundation
import Logging
import PostgresNIO

extension DatabaseURL {
  /// Connects once and lets go, trying again every half second until `wait` has passed: `serve`
  /// calls it before it listens, so that a database it cannot reach, or one that refuses it, ends
  /// the server with one line (exit 1) instead of a server that listens and answers nothing.
  ///
  /// A refusal (a wrong password, no such role or database: SQLSTATE classes 28 and 3D) is final
  /// at once; anything else (refused, unreachable, starting up) is tried again until the time is up.
  ///
  /// ```swift
  /// try await url.reach(within: .seconds(8))   // ServerError: "cannot reach the database at …"
  /// ```
  func reach(within wait: Duration) async throws(ServerError) {
    let deadline = ContinuousClock.now + wait
    while true {
      let left = deadline - .now
      var configuration = connection
      let tryFor = min(max(left, .milliseconds(500)), .seconds(3))
      configuration.options.connectTimeout = .milliseconds(Int64(tryFor.wholeMilliseconds))
      do {
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: .quiet)
        try? await connection.close()
        return
      } catch {
        if Self.isRefusal(error) {
          throw ServerError.failure("the database at \(host):\(port) refused \(user): \(Self.reason(error))")
        }
        guard ContinuousClock.now + .milliseconds(500) < deadline else {
          let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
          throw ServerError.failure(
            "cannot reach the database at \(host):\(port) as \(user) within \(String(format: "%g", seconds)) s: "
              + "\(Self.reason(error)) (--wait-for-database S waits longer)")
        }
        try? await Task.sleep(for: .milliseconds(500))
      }
    }
  }

  /// Whether the server answered and said no: authentication (class 28) or no such database (3D).
  static func isRefusal(_ error: any Error) -> Bool {
    guard let error = error as? PSQLError, let state = error.serverInfo?[.sqlState] else { return false }
    return state.hasPrefix("28") || state.hasPrefix("3D")
  }
}
