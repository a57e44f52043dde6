import Foundation
import HTTPTypes
import Hummingbird

/// Serves the web build's files for `GET` requests that no route answers: the file's bytes with
/// its content type, or the router's 404. `/api/…` and `/healthz` never reach the files.
struct StaticFilesMiddleware<Context: RequestContext>: RouterMiddleware {
  let site: StaticSite

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    let path = request.uri.path
    guard request.method == .get, !path.hasPrefix("/api/"), path != "/api", path != "/healthz",
      let file = site.file(forPath: path)
    else { return try await next(request, context) }
    guard let data = FileManager.default.contents(atPath: file.path) else {
      throw HTTPError(.notFound, message: "No such file.")
    }
    return Response(
      status: .ok,
      headers: StaticSite.securityHeaders.merging([
        .contentType: StaticSite.contentType(of: file.lastPathComponent), .cacheControl: "no-cache",
      ]),
      body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }
}

extension StaticSite {
  /// The headers of every static response (DESIGN, "The board server, hardened"): scripts only from
  /// this origin (and WebAssembly compiled from them), connections only to it, no framing, no
  /// sniffing of types, no referrer sent on. Images may also be `data:` URLs (the page's empty
  /// favicon is `data:,`, so that the browser asks for no `/favicon.ico`): an image runs nothing.
  static let securityHeaders: HTTPFields = [
    .contentSecurityPolicy:
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; img-src 'self' data:; "
      + "frame-ancestors 'none'",
    HTTPField.Name("X-Content-Type-Options")!: "nosniff",
    HTTPField.Name("Referrer-Policy")!: "no-referrer",
  ]
}

extension HTTPFields {
  /// These fields with `other`'s added (each of `other`'s names replacing this one's).
  func merging(_ other: HTTPFields) -> HTTPFields {
    var fields = self
    for field in other { fields[field.name] = field.value }
    return fields
  }
}
