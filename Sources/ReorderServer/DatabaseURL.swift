import Foundation
import PostgresNIO

/// `postgresql://user[:password]@host[:port]/database` (also `postgres://`), as `--database` takes
/// it. A URL that cannot be read is refused without repeating it (it may hold a password).
///
/// ```swift
/// let url = try DatabaseURL("postgresql://reorder_server:secret@127.0.0.1:5432/team")
/// url.user   // "reorder_server"
/// ```
public struct DatabaseURL: Sendable {
  /// The user the URL logs in as.
  public let user: String
  let host: String
  let port: Int
  let password: String?
  let database: String?

  /// Reads a URL.
  ///
  /// - Throws: ``ServerError`` for anything but a `postgresql://` URL with a host.
  public init(_ url: String) throws(ServerError) {
    guard let parts = URLComponents(string: url), parts.scheme == "postgresql" || parts.scheme == "postgres",
      let host = parts.host, !host.isEmpty
    else { throw ServerError("--database is not a postgresql://user@host:port/database URL") }
    guard (parts.port ?? 5432) > 0, (parts.port ?? 5432) <= 65535 else {
      throw ServerError("--database has a port outside 1…65535")
    }
    let database = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
    self.user = parts.user?.removingPercentEncoding ?? "postgres"
    self.host = host
    self.port = parts.port ?? 5432
    self.password = parts.password?.removingPercentEncoding
    self.database = database.isEmpty ? nil : database
  }

  /// The configuration of one connection.
  var connection: PostgresConnection.Configuration {
    PostgresConnection.Configuration(
      host: host, port: port, username: user, password: password, database: database, tls: .disable)
  }

  /// The configuration of a pool.
  var client: PostgresClient.Configuration {
    PostgresClient.Configuration(
      host: host, port: port, username: user, password: password, database: database, tls: .disable)
  }

  /// One connection, for a command or the LISTEN of a server.
  func connect(logger: Logger) async throws -> PostgresConnection {
    do {
      return try await PostgresConnection.connect(configuration: connection, id: 1, logger: logger)
    } catch {
      throw ServerError.failure("cannot reach the database at \(host):\(port) as \(user): \(Self.reason(error))")
    }
  }

  /// A short reason for a database error (PostgreSQL's own message when there is one, never the URL).
  static func reason(_ error: any Error) -> String {
    if let error = error as? PSQLError {
      if let message = error.serverInfo?[.message] { return message }
      return "\(error.code)"
    }
    return "\(error)"
  }
}

extension Logger {
  /// A logger that says nothing below `critical` (PostgresNIO's own chatter stays out of the output).
  static var quiet: Logger {
    var logger = Logger(label: "reorder-server.database")
    logger.logLevel = .critical
    return logger
  }
}

/// A URL printed, interpolated, dumped or mirrored (ServiceLifecycle logs its services at the debug
/// level, and the server's service holds one) shows `***` for the password, never the password.
extension DatabaseURL: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// `postgresql://user:***@host:port/database`.
  public var description: String {
    "postgresql://\(user)\(password == nil ? "" : ":***")@\(host):\(port)/\(database ?? "")"
  }

  public var debugDescription: String { description }

  public var customMirror: Mirror { Mirror(self, children: ["url": description]) }
}
