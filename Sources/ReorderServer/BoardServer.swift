import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import HummingbirdWebSocket
import Logging
import NIOCore
import PostgresNIO
import ReorderKitPostgres
import ReorderKitShare
import ServiceLifecycle

/// `reorder-server serve`: the HTTP routes of DESIGN's "The board server" and the web build's
/// files, until SIGTERM or SIGINT (then it stops accepting, finishes what it was doing and returns).
///
/// ```swift
/// try await BoardServer(ServeOptions(port: 8032, staticRoot: "Web/dist")).run()
/// ```
public struct BoardServer: Sendable {
  let options: ServeOptions
  let site: StaticSite?
  let logger: Logger
  let database: DatabaseURL?

  /// A server for these options; nothing listens until ``run()``.
  ///
  /// - Throws: ``ServerError`` for a static folder that is not there, or only one of the TLS files.
  public init(_ options: ServeOptions) throws(ServerError) {
    guard (0...65535).contains(options.port) else { throw ServerError("--port \(options.port) is not 0…65535") }
    guard (options.tlsCertificate == nil) == (options.tlsKey == nil) else {
      throw ServerError("--tls-cert and --tls-key go together")
    }
    self.options = options
    database = try options.databaseURL.map { url throws(ServerError) in try DatabaseURL(url) }
    site = try options.staticRoot.map { path throws(ServerError) in try StaticSite(root: path) }
    var logger = Logger(label: "reorder-server")
    logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0) } ?? .info
    self.logger = logger
  }

  /// The routes: `/healthz`, `/readyz`, `/metrics`, `/boards/{board}`, the API (when there is a
  /// database: `503` without one) and the static files.
  func router(
    store: BoardStore?, hub: LiveHub?, readiness: Readiness? = nil, metrics: ServerMetrics = ServerMetrics()
  ) -> Router<ServerContext> {
    let router = Router(context: ServerContext.self)
    let api = router.group("api/boards")
    if let store, let hub {
      let logger = logger
      api.add(middleware: TokenAuthenticator(store: store))
        .get(":board") { _, context -> Response in
          let board = try context.parameters.require("board")
          guard let access = context.access else { throw HTTPError(.unauthorized) }
          guard access.board == board else {
            throw HTTPError(.forbidden, message: "The token is for another board.")
          }
          guard let state = try await store.board(board) else { throw HTTPError(.notFound, message: "No such board.") }
          let answer = BoardAnswer(board: board, revision: state.revision, views: state.views)
          return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: jsonLine(answer))))
        }
      // The live route has no Authorization header (browsers cannot set one): its `hello` says who.
      router.ws("/api/boards/:board/live") { inbound, outbound, context in
        let board = context.requestContext.parameters.get("board") ?? ""
        var connection = LiveConnection(hub: hub, store: store, board: board, logger: logger)
        connection.channel = context.requestContext.channel
        connection.originAllowed = originAllowed(context.request)
        await connection.run(inbound: inbound, outbound: outbound)
      }
    } else {
      api.get("**") { _, _ -> Response in
        throw HTTPError(.serviceUnavailable, message: "This server has no database (--database): it serves files only.")
      }
    }
    if let site { router.add(middleware: StaticFilesMiddleware(site: site)) }
    router.get("/healthz") { _, _ in "ok\n" }
    // Unready while the database does not answer, and from the start of a graceful shutdown.
    router.get("/readyz") { _, _ -> Response in
      let ready = readiness?.isReady ?? true
      return Response(
        status: ready ? .ok : .serviceUnavailable,
        headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
        body: .init(byteBuffer: ByteBuffer(string: ready ? "ready\n" : "not ready\n")))
    }
    router.get("/metrics") { [options] request, context -> Response in
      switch Self.metricsAccess(request, from: context.channel.remoteAddress, token: options.metricsToken) {
      case .allowed: break
      case .unauthorized:
        return Response(
          status: .unauthorized,
          headers: [.contentType: "text/plain; charset=utf-8", .wwwAuthenticate: "Bearer", .cacheControl: "no-store"],
          body: .init(byteBuffer: ByteBuffer(string: "/metrics needs the metrics token (Authorization: Bearer …).\n")))
      case .forbidden:
        return Response(
          status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
          body: .init(
            byteBuffer: ByteBuffer(
              string:
                "/metrics answers this machine only; give the server --metrics-token-file to scrape it from elsewhere.\n"
            )))
      }
      return Response(
        status: .ok, headers: [.contentType: ServerMetrics.contentType, .cacheControl: "no-store"],
        body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
    }
    router.get("/boards/:board") { [site] _, context -> Response in
      let board = try context.parameters.require("board")
      guard BoardName.isValid(board) else { throw HTTPError(.notFound, message: "No such board link.") }
      guard let site, let page = site.boardPage() else {
        throw HTTPError(.notFound, message: "This server serves no web build (--static).")
      }
      return Response(
        status: .ok,
        headers: StaticSite.securityHeaders.merging([
          .contentType: "text/html; charset=utf-8", .cacheControl: "no-cache",
        ]),
        body: .init(byteBuffer: ByteBuffer(bytes: page)))
    }
    return router
  }

  /// What `GET /metrics` answers a request.
  enum MetricsAccess: Equatable {
    case allowed
    /// A token is configured and the request does not carry it: 401.
    case unauthorized
    /// No token is configured and the request is not from a loopback address: 403.
    case forbidden
  }

  /// `/metrics` with ``ServeOptions/metricsToken``: the request's `Authorization: Bearer` must be it
  /// (compared in time independent of where they differ). Without one, only loopback addresses.
  ///
  /// ```swift
  /// BoardServer.metricsAccess(request, from: channel.remoteAddress, token: nil)   // .allowed from 127.0.0.1
  /// ```
  static func metricsAccess(_ request: Request, from address: SocketAddress?, token: String?) -> MetricsAccess {
    guard let token else {
      guard let ip = address?.ipAddress else { return .forbidden }
      return ip.hasPrefix("127.") || ip == "::1" || ip.hasPrefix("::ffff:127.") ? .allowed : .forbidden
    }
    guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else { return .unauthorized }
    let given = Array(header.utf8.dropFirst(7))
    let wanted = Array(token.utf8)
    var difference = UInt8(given.count == wanted.count ? 0 : 1)
    for i in 0..<wanted.count { difference |= wanted[i] ^ (i < given.count ? given[i] : 0) }
    return difference == 0 ? .allowed : .unauthorized
  }

  /// Whether a live request may connect: it has no `Origin`, or a `ws://`/`wss://` one (neither is
  /// a browser: a page's origin is `http(s)://` or `null`, and native clients such as
  /// swift-websocket's send the socket's URL), or its `Origin` is the server's own (the scheme it
  /// serves and the request's `Host`) or one of ``ServeOptions/allowedOrigins``.
  func originAllowed(_ request: Request) -> Bool {
    guard let origin = request.headers[.origin] else { return true }
    if origin.hasPrefix("ws://") || origin.hasPrefix("wss://") { return true }
    let scheme = options.tlsCertificate == nil ? "http" : "https"
    if let host = request.head.authority, origin == "\(scheme)://\(host)" { return true }
    return options.allowedOrigins.contains(origin)
  }

  /// Listens and serves until SIGTERM or SIGINT. Prints `reorder-server: listening on URL` once the
  /// port is open (with the port picked when ``ServeOptions/port`` is 0).
  ///
  /// - Throws: ``ServerError`` for TLS files that cannot be read; the system's error when the port
  ///   cannot be opened.
  public func run() async throws {
    let scheme = options.tlsCertificate == nil ? "http" : "https"
    let host = options.host
    let onRunning: @Sendable (any Channel) async -> Void = { channel in
      let port = channel.localAddress?.port ?? 0
      FileHandle.standardOutput.write(Data("reorder-server: listening on \(scheme)://\(host):\(port)/\n".utf8))
    }
    // A database that cannot be reached, or refuses the server, ends it here with one line.
    if let database { try await database.reach(within: options.waitForDatabase) }
    var store: BoardStore?
    var hub: LiveHub?
    var services: [any Service] = []
    let metrics = ServerMetrics()
    var readiness: Readiness?
    if let database {
      let client = PostgresClient(configuration: database.client, backgroundLogger: .quiet)
      let boardStore = BoardStore(client: client, logger: .quiet)
      let liveHub = LiveHub(store: boardStore, logger: logger, metrics: metrics)
      store = boardStore
      hub = liveHub
      let ready = Readiness(store: boardStore)
      readiness = ready
      services = [
        client, HubService(hub: liveHub, database: database), ready,
        Compactor(store: boardStore, options: options, metrics: metrics, logger: logger),
      ]
    }
    let router = self.router(store: store, hub: hub, readiness: readiness, metrics: metrics)
    var app = Application(
      router: router, server: try serverBuilder(webSocketRouter: router),
      configuration: .init(address: .hostname(options.host, port: options.port), serverName: "reorder-server"),
      services: services, onServerRunning: onRunning, logger: logger.forLibraries)
    if let store {
      app.beforeServerStarts {
        let installed = await store.schemaVersion()
        guard installed == ServerSchema.version else {
          throw ServerError.failure(
            "the database has no board server schema version \(ServerSchema.version) that reorder_server may read"
              + " (run reorder-server migrate with the owner's URL; serve with reorder_server's)")
        }
      }
    }
    // SIGTERM and SIGINT: graceful shutdown. Every live connection is told (1001) and answers; one
    // that never answers (a client gone quiet with its socket open) is cut after the grace, or the
    // shutdown would wait for it for ever.
    var group = ServiceGroupConfiguration(
      services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger.forLibraries)
    group.maximumGracefulShutdownDuration = LiveConnection.shutdownGrace
    try await ServiceGroup(configuration: group).run()
  }

  /// HTTP/1.1 with the WebSocket upgrade (frames up to 64 KB), each connection behind a
  /// ``ConnectionGuard`` (DESIGN's HTTP limits and RFC 6455's rules), with TLS before it when the
  /// options give a certificate and key. (What `HTTPServerBuilder.http1WebSocketUpgrade` builds,
  /// with the guard's handler added first.)
  func serverBuilder(webSocketRouter: Router<ServerContext>) throws -> HTTPServerBuilder {
    let webSocketResponder = webSocketRouter.buildResponder()
    let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
      ws: .init(maxFrameSize: LiveConnection.maximumMessage))
    var limits = ConnectionGuard.Limits()
    limits.connectionsPerAddress = options.maxConnectionsPerAddress
    let addresses = ConnectionGuard.Addresses()
    let http = HTTPServerBuilder { [limits] responder in
      GuardedChannel(
        base: HTTP1WebSocketUpgradeChannel(
          responder: responder, webSocketResponder: webSocketResponder, configuration: configuration),
        limits: limits, addresses: addresses)
    }
    guard let certificate = options.tlsCertificate, let key = options.tlsKey else { return http }
    let chain: [NIOSSLCertificate]
    let privateKey: NIOSSLPrivateKey
    do {
      chain = try NIOSSLCertificate.fromPEMFile(certificate)
      privateKey = try NIOSSLPrivateKey(file: key, format: .pem)
    } catch {
      throw ServerError("the TLS certificate or key cannot be read (--tls-cert \(certificate) --tls-key \(key))")
    }
    let tls = TLSConfiguration.makeServerConfiguration(
      certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
    return try .tls(http, tlsConfiguration: tls)
  }
}

/// The hub's LISTEN and poll, run beside the server; on shutdown it tells every `live` connection
/// (close 1001) before the server stops.
struct HubService: Service {
  let hub: LiveHub
  let database: DatabaseURL

  func run() async throws {
    try await withGracefulShutdownHandler {
      try await cancelWhenGracefulShutdown { await hub.listen(database: database) }
    } onGracefulShutdown: {
      Task { await hub.shutDown() }
    }
  }
}

/// Puts the person of an `Authorization: Bearer T` header in the context: 401 without a valid
/// token. (Which board it opens is the route's to check: 403.)
struct TokenAuthenticator: RouterMiddleware {
  let store: BoardStore

  func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response)
    async throws -> Response
  {
    guard let token = Token.bearer(request.headers[.authorization]),
      let access = try await store.access(token: token)
    else {
      throw HTTPError(.unauthorized, headers: [.wwwAuthenticate: "Bearer"], message: "A valid bearer token is needed.")
    }
    var context = context
    context.access = access
    return try await next(request, context)
  }
}

extension Logger {
  /// This logger for Hummingbird, its WebSocket and ServiceLifecycle: never below `debug`, since
  /// their `trace` lines quote the bytes of frames (the first 24 of each, a `hello`'s token among
  /// them). The server's own lines keep the level asked for, and they never hold a frame's bytes.
  var forLibraries: Logger {
    var logger = self
    logger.logLevel = Swift.max(logLevel, .debug)
    return logger
  }
}
