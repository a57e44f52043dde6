import ArgumentParser
import Foundation
import ReorderKitShare
import ReorderServer

/// The board server and its administration (DESIGN, "The board server").
struct ReorderServerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reorder-server",
    abstract: "Serves shared boards (HTTP and WebSocket) and the web build; installs the schema; manages tokens.",
    subcommands: [Serve.self, Migrate.self, BoardCommand.self, TokenCommand.self])
}

struct Serve: ServerSubcommand {
  static let configuration = CommandConfiguration(
    abstract: "Serves the API, the board links and the web build's files until SIGTERM.")

  @Option(help: "The port to listen on (0: a free one, printed on the `listening` line).")
  var port: Int

  @Option(help: "The address to listen on (0.0.0.0 for every interface).")
  var host = "127.0.0.1"

  @Option(name: .customLong("static"), help: "The web build's folder (Web/dist) to serve.")
  var staticRoot: String?

  @Option(
    name: .customLong("database-file"),
    help: "A file holding the postgresql:// URL (kept out of `ps`; first line, trimmed).")
  var databaseFile: String?

  @Option(
    help:
      "postgresql://reorder_server:PASSWORD@HOST:PORT/DB. Prefer --database-file or REORDER_DATABASE_URL: a password here shows in `ps`."
  )
  var database: String?

  @Option(
    name: .customLong("allow-origin"),
    help:
      "An origin (https://example.com) whose pages may open a live connection; repeatable. The server's own is always allowed."
  )
  var allowOrigin: [String] = []

  @Option(
    name: .customLong("max-connections-per-address"),
    help: "The most connections open at once from one remote address (the next gets 503).")
  var maxConnectionsPerAddress = ServeOptions.defaultMaxConnectionsPerAddress

  @Option(
    name: .customLong("keep-revisions"), help: "Compaction keeps at least this many of each board's last revisions.")
  var keepRevisions = ServeOptions.defaultKeepRevisions

  @Option(name: .customLong("keep-hours"), help: "Compaction keeps at least this many hours of each board's log.")
  var keepHours = ServeOptions.defaultKeepHours

  @Option(name: .customLong("compact-every"), help: "Seconds between the compactor's passes over the boards.")
  var compactEvery = 60.0

  @Option(
    name: .customLong("wait-for-database"),
    help: "Seconds to keep trying to reach the database at start before exiting 1 (default 8).")
  var waitForDatabase = 8.0

  @Option(
    name: .customLong("metrics-token-file"),
    help:
      "A file holding the bearer token GET /metrics asks for (or REORDER_METRICS_TOKEN). Without one, /metrics answers this machine only."
  )
  var metricsTokenFile: String?

  @Option(name: .customLong("tls-cert"), help: "The TLS certificate chain (PEM).")
  var tlsCertificate: String?

  @Option(name: .customLong("tls-key"), help: "The TLS private key (PEM).")
  var tlsKey: String?

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is not 0…65535") }
    guard (tlsCertificate == nil) == (tlsKey == nil) else {
      throw ValidationError("--tls-cert and --tls-key go together")
    }
    guard database == nil || databaseFile == nil else {
      throw ValidationError("--database and --database-file go alone: give one")
    }
    guard (1...100_000).contains(maxConnectionsPerAddress) else {
      throw ValidationError("--max-connections-per-address \(maxConnectionsPerAddress) is not 1…100000")
    }
    guard keepRevisions >= 1 else { throw ValidationError("--keep-revisions must be at least 1") }
    guard keepHours >= 0, keepHours.isFinite else { throw ValidationError("--keep-hours must be 0 or more") }
    guard compactEvery > 0, compactEvery.isFinite else { throw ValidationError("--compact-every must be more than 0") }
    guard waitForDatabase >= 0, waitForDatabase <= 86_400 else {
      throw ValidationError("--wait-for-database must be 0…86400 seconds")
    }
    for origin in allowOrigin where !ServeOptions.isOrigin(origin) {
      throw ValidationError("--allow-origin \(origin) is not an origin like https://example.com")
    }
  }

  func execute() async throws {
    let options = ServeOptions(
      host: host, port: port, staticRoot: staticRoot, databaseURL: try databaseURL(), tlsCertificate: tlsCertificate,
      tlsKey: tlsKey, allowedOrigins: allowOrigin, maxConnectionsPerAddress: maxConnectionsPerAddress,
      keepRevisions: keepRevisions, keepHours: keepHours, compactionInterval: .milliseconds(Int64(compactEvery * 1000)),
      waitForDatabase: .milliseconds(Int64(waitForDatabase * 1000)), metricsToken: try metricsToken())
    try await BoardServer(options).run()
  }

  /// The metrics token: `--metrics-token-file`'s first line, else `REORDER_METRICS_TOKEN`; 16 to 256
  /// visible ASCII characters (a short one is guessed; a header holds no more).
  func metricsToken() throws(ServerError) -> String? {
    var token: String?
    if let metricsTokenFile {
      guard let data = FileManager.default.contents(atPath: metricsTokenFile) else {
        throw ServerError(
          "--metrics-token-file \(metricsTokenFile) \(FileManager.default.fileExists(atPath: metricsTokenFile) ? "cannot be read" : "does not exist")"
        )
      }
      token =
        String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first
        .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    } else if let value = ProcessInfo.processInfo.environment["REORDER_METRICS_TOKEN"], !value.isEmpty {
      token = value
    }
    guard let token else { return nil }
    guard (16...256).contains(token.utf8.count), token.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
      throw ServerError(
        "the metrics token must be 16 to 256 visible ASCII characters (no spaces); the one given is not")
    }
    return token
  }

  /// The database URL: `--database`, else `--database-file`'s first line, else `REORDER_DATABASE_URL`.
  func databaseURL() throws(ServerError) -> String? {
    if let database { return database }
    if let databaseFile {
      guard let data = FileManager.default.contents(atPath: databaseFile) else {
        throw ServerError(
          "--database-file \(databaseFile) \(FileManager.default.fileExists(atPath: databaseFile) ? "cannot be read" : "does not exist")"
        )
      }
      let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first
      guard let url = line?.trimmingCharacters(in: .whitespaces), !url.isEmpty else {
        throw ServerError("--database-file \(databaseFile) holds no URL")
      }
      return url
    }
    if let url = ProcessInfo.processInfo.environment["REORDER_DATABASE_URL"], !url.isEmpty { return url }
    return nil
  }
}

struct Migrate: ServerSubcommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Installs or upgrades the schema with the owner's role and creates the login role reorder_server (EXECUTE on the board functions only)."
  )

  @Option(help: "The owner's postgresql:// URL.")
  var database: String

  @Option(
    name: .customLong("server-password"),
    help: "reorder_server's password (or the environment's REORDER_SERVER_PASSWORD; unchanged when neither).")
  var serverPassword: String?

  func execute() async throws {
    let password = serverPassword ?? ProcessInfo.processInfo.environment["REORDER_SERVER_PASSWORD"]
    print(try await Admin(database: database).migrate(serverPassword: password))
  }
}

/// A board name as an option's value: the rule of ``BoardName``, or exit 2.
func validBoard(_ board: String) throws {
  guard BoardName.isValid(board) else {
    throw ValidationError("--board must be 1 to 64 characters of A-Z a-z 0-9 . _ - (not starting with .)")
  }
}

struct BoardCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "board", abstract: "Boards on the database.", subcommands: [Create.self])

  struct Create: ServerSubcommand {
    static let configuration = CommandConfiguration(
      abstract: "Creates a board from a file of views: {\"views\": [{\"id\", \"sections\": [{\"id\", \"items\"}]}]}.")

    @Option(help: "The owner's postgresql:// URL.")
    var database: String

    @Option(help: "The board's name.")
    var board: String

    @Option(help: "The file of views (one per column).")
    var from: String

    func validate() throws { try validBoard(board) }

    func execute() async throws {
      guard let data = FileManager.default.contents(atPath: from) else {
        throw ServerError(
          "\(from) \(FileManager.default.fileExists(atPath: from) ? "cannot be read" : "does not exist")")
      }
      let file = try BoardFile(json: Array(data))
      try await Admin(database: database).createBoard(board, from: file)
      print(
        "board create: \(board) with \(file.columns.count) columns and \(file.columns.map(\.cards.count).reduce(0, +)) cards"
      )
    }
  }
}

extension Role: ExpressibleByArgument {}

struct TokenCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "token", abstract: "Bearer tokens: one per person and board, stored hashed.",
    subcommands: [Create.self, List.self, Revoke.self])

  struct Create: ServerSubcommand {
    static let configuration = CommandConfiguration(abstract: "Makes a token and prints it, alone on its line, once.")

    @Option(help: "The owner's postgresql:// URL.")
    var database: String

    @Option(help: "The board the token opens.")
    var board: String

    @Option(help: "viewer (reads and follows live) or editor (also moves).")
    var role: Role

    @Option(help: "The person's name (for token list).")
    var name: String

    func validate() throws {
      try validBoard(board)
      guard !name.isEmpty, name.count <= 100,
        !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
      else {
        throw ValidationError("--name must be 1 to 100 characters without control characters")
      }
    }

    func execute() async throws {
      print(try await Admin(database: database).createToken(board: board, role: role, name: name))
    }
  }

  struct List: ServerSubcommand {
    static let configuration = CommandConfiguration(
      abstract: "Lists a board's tokens: id, role, name, active or revoked (never the token).")

    @Option(help: "The owner's postgresql:// URL.")
    var database: String

    @Option(help: "The board.")
    var board: String

    func validate() throws { try validBoard(board) }

    func execute() async throws {
      for token in try await Admin(database: database).tokens(board: board) {
        print("\(token.id)\t\(token.role)\t\(token.name)\t\(token.revoked ? "revoked" : "active")")
      }
    }
  }

  struct Revoke: ServerSubcommand {
    static let configuration = CommandConfiguration(
      abstract: "Revokes a token: its person's open connections close within a second.")

    @Option(help: "The owner's postgresql:// URL.")
    var database: String

    @Argument(help: "The token's id (token list).")
    var id: Int64

    func execute() async throws {
      try await Admin(database: database).revokeToken(id)
      print("token revoke: \(id) revoked")
    }
  }
}

/// A command that does its work asynchronously (the parser's own async dispatch is not used: usage
/// errors exit 2 here, not 64).
protocol ServerSubcommand: ParsableCommand {
  func execute() async throws
}

/// Prints one line on standard error and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("reorder-server: \(message)\n".utf8))
  exit(status)
}

// Usage errors exit 2 with one line, as every other bad input; help exits 0; a failure while running
// (a port in use, the database away) exits 1 with one line.
let command: any ParsableCommand
do {
  command = try ReorderServerCommand.parseAsRoot(Array(CommandLine.arguments.dropFirst()))
} catch {
  if ReorderServerCommand.exitCode(for: error) == .success {
    print(ReorderServerCommand.fullMessage(for: error))
    exit(0)
  }
  var message = ReorderServerCommand.fullMessage(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
  if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
  fail(message, status: 2)
}
do {
  if let subcommand = command as? any ServerSubcommand {
    try await subcommand.execute()
  } else {
    var group = command
    try group.run()
  }
} catch let error as ServerError {
  fail(error.description, status: error.exitStatus)
} catch {
  // A command group run alone shows its help.
  if ReorderServerCommand.exitCode(for: error) == .success {
    print(ReorderServerCommand.fullMessage(for: error))
    exit(0)
  }
  fail("\(error)", status: 1)
}
