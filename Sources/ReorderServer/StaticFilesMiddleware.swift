import Foundation
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
      headers: [.contentType: StaticSite.contentType(of: file.lastPathComponent), .cacheControl: "no-cache"],
      body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }
}
