import Foundation

/// The web build's files (`Web/dist/`), served read-only: a request path names a file under the root
/// or nothing. `..`, `.`, backslashes, NUL bytes and symbolic links that lead out of the root all
/// answer "no such file" (404), never a file elsewhere.
///
/// ```swift
/// let site = try StaticSite(root: "Web/dist")
/// site.file(forPath: "/reorderkit.wasm")   // …/Web/dist/reorderkit.wasm
/// site.file(forPath: "/../etc/passwd")     // nil
/// StaticSite.contentType(of: "reorderkit.wasm")   // "application/wasm"
/// ```
public struct StaticSite: Sendable {
  /// The folder served, with symbolic links resolved.
  public let root: URL

  /// A site for a folder that exists.
  ///
  /// - Throws: ``ServerError`` when `root` is not a folder.
  public init(root: String) throws(ServerError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw ServerError("--static \(root) is not a folder")
    }
    self.root = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath()
  }

  /// The file a request path names (`/` is `index.html`), or `nil` when there is none, the path is
  /// malformed, or it would leave the root.
  ///
  /// `path` is the request's path as sent (percent-encoded); it is decoded once.
  /// - Complexity: O(n) in the path's length, plus one look-up in the file system.
  public func file(forPath path: String) -> URL? {
    guard path.utf8.count <= 1024, path.hasPrefix("/"), let decoded = path.removingPercentEncoding else { return nil }
    var components: [String] = []
    for component in decoded.split(separator: "/", omittingEmptySubsequences: true) {
      if component == "." || component == ".." || component.contains("\\") || component.contains("\0") {
        return nil
      }
      components.append(String(component))
    }
    if components.isEmpty { components = ["index.html"] }
    var url = root
    for component in components { url.appendPathComponent(component) }
    let resolved = url.resolvingSymlinksInPath()
    guard resolved.path.hasPrefix(root.path + "/") else { return nil }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isDirectory), !isDirectory.boolValue
    else { return nil }
    return resolved
  }

  /// The `Content-Type` of a file, from its extension (`application/octet-stream` when unknown).
  ///
  /// ```swift
  /// StaticSite.contentType(of: "index.html")   // "text/html; charset=utf-8"
  /// ```
  public static func contentType(of name: String) -> String {
    let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
    switch ext {
    case "html", "htm": return "text/html; charset=utf-8"
    case "js", "mjs": return "text/javascript; charset=utf-8"
    case "css": return "text/css; charset=utf-8"
    case "wasm": return "application/wasm"
    case "json", "map": return "application/json"
    case "txt": return "text/plain; charset=utf-8"
    case "svg": return "image/svg+xml"
    case "png": return "image/png"
    case "jpg", "jpeg": return "image/jpeg"
    case "gif": return "image/gif"
    case "webp": return "image/webp"
    case "ico": return "image/x-icon"
    case "woff2": return "font/woff2"
    case "woff": return "font/woff"
    case "ttf": return "font/ttf"
    default: return "application/octet-stream"
    }
  }

  /// The build's `index.html` for a board's link (`/boards/{board}`): the same page with
  /// `<base href="/">` as the first thing in its `<head>`, so that its relative assets
  /// (`reorderkit.js`, `style.css`) load from the root and not from `/boards/`. The page reads the
  /// board from `location.pathname`.
  ///
  /// - Returns: `nil` when the build has no `index.html`.
  public func boardPage() -> [UInt8]? {
    guard let index = file(forPath: "/index.html"), let data = FileManager.default.contents(atPath: index.path)
    else { return nil }
    return Self.injectingBase(into: String(decoding: data, as: UTF8.self))
  }

  /// `html` with `<base href="/">` right after its `<head>` tag (or first, when it has none); an
  /// existing `<base>` is left as it is.
  static func injectingBase(into html: String) -> [UInt8] {
    let base = "<base href=\"/\">"
    let lower = html.lowercased()
    if lower.contains("<base ") { return Array(html.utf8) }
    guard let head = lower.range(of: "<head"), let close = lower[head.upperBound...].firstIndex(of: ">") else {
      return Array((base + html).utf8)
    }
    // `lower` has the same UTF-8 length as `html` for ASCII tags; work on bytes to stay exact.
    let offset = lower.utf8.distance(from: lower.startIndex, to: close) + 1
    let bytes = Array(html.utf8)
    guard offset <= bytes.count else { return Array((base + html).utf8) }
    return Array(bytes[..<offset]) + Array(base.utf8) + Array(bytes[offset...])
  }
}
