import Foundation

/// How `reorder-server serve` runs: where it listens, what it serves, which database it uses.
///
/// ```swift
/// let options = ServeOptions(port: 8032, staticRoot: "Web/dist")
/// try await BoardServer(options).run()
/// ```
public struct ServeOptions: Sendable {
  /// The address to listen on (`127.0.0.1`: this machine only; `0.0.0.0`: every interface).
  public var host: String
  /// The port; 0 picks a free one (the `listening` line tells which).
  public var port: Int
  /// The web build's folder (`Web/dist`), or `nil` to serve no files.
  public var staticRoot: String?
  /// `postgresql://reorder_server:…@host:port/db`, or `nil` for a server of static files only
  /// (the API then answers 503).
  public var databaseURL: String?
  /// PEM files of the TLS certificate chain and its private key: both or neither.
  public var tlsCertificate: String?
  /// The private key of ``tlsCertificate``.
  public var tlsKey: String?
  /// The origins whose pages may open a live connection (`--allow-origin`), besides the server's
  /// own (`http(s)://` and the request's `Host`). A request with no `Origin` (not a browser) is let in.
  public var allowedOrigins: [String]
  /// The most connections open at once from one remote address (the next is answered 503).
  public var maxConnectionsPerAddress: Int
  /// Compaction: per board, the log keeps at least the last this many revisions…
  public var keepRevisions: Int
  /// …and at least the commits of the last this many hours.
  public var keepHours: Double
  /// How often the compactor looks at the boards.
  public var compactionInterval: Duration
  /// How long `serve` waits for its database at start before it exits 1 (at least 10 s's worth of
  /// tries is never given: the default gives up within 10 s).
  public var waitForDatabase: Duration
  /// The bearer token `GET /metrics` asks for (`--metrics-token-file`, `REORDER_METRICS_TOKEN`).
  /// Without one, `/metrics` answers only requests from this machine (a loopback address) and 403
  /// to the rest: a scraper elsewhere needs the token.
  public var metricsToken: String?

  /// The defaults of DESIGN's "The board server, hardened".
  public static let defaultMaxConnectionsPerAddress = 64
  /// Revisions kept per board.
  public static let defaultKeepRevisions = 10_000
  /// Hours kept per board.
  public static let defaultKeepHours = 24.0

  /// Options for a server.
  public init(
    host: String = "127.0.0.1", port: Int, staticRoot: String? = nil, databaseURL: String? = nil,
    tlsCertificate: String? = nil, tlsKey: String? = nil, allowedOrigins: [String] = [],
    maxConnectionsPerAddress: Int = Self.defaultMaxConnectionsPerAddress,
    keepRevisions: Int = Self.defaultKeepRevisions, keepHours: Double = Self.defaultKeepHours,
    compactionInterval: Duration = .seconds(60), waitForDatabase: Duration = .seconds(8), metricsToken: String? = nil
  ) {
    self.host = host
    self.port = port
    self.staticRoot = staticRoot
    self.databaseURL = databaseURL
    self.tlsCertificate = tlsCertificate
    self.tlsKey = tlsKey
    self.allowedOrigins = allowedOrigins
    self.maxConnectionsPerAddress = maxConnectionsPerAddress
    self.keepRevisions = keepRevisions
    self.keepHours = keepHours
    self.compactionInterval = compactionInterval
    self.waitForDatabase = waitForDatabase
    self.metricsToken = metricsToken
  }
}

extension ServeOptions {
  /// Whether `text` is an origin as browsers send it: `http://` or `https://`, a host, an optional
  /// port, and nothing after (no path, no trailing slash).
  ///
  /// ```swift
  /// ServeOptions.isOrigin("https://boards.example.com")   // true
  /// ServeOptions.isOrigin("https://example.com/")         // false
  /// ```
  public static func isOrigin(_ text: String) -> Bool {
    guard text.utf8.count <= 255, let parts = URLComponents(string: text),
      parts.scheme == "http" || parts.scheme == "https", let host = parts.host, !host.isEmpty,
      parts.path.isEmpty, parts.query == nil, parts.fragment == nil, parts.user == nil
    else { return false }
    return true
  }
}
