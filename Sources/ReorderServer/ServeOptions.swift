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

  /// Options for a server.
  public init(
    host: String = "127.0.0.1", port: Int, staticRoot: String? = nil, databaseURL: String? = nil,
    tlsCertificate: String? = nil, tlsKey: String? = nil
  ) {
    self.host = host
    self.port = port
    self.staticRoot = staticRoot
    self.databaseURL = databaseURL
    self.tlsCertificate = tlsCertificate
    self.tlsKey = tlsKey
  }
}
