import Foundation
import ReorderKitShare
import Testing

@testable import ReorderServer

/// `reorder-server serve` without a database: the web build's files, the board link, `/healthz`,
/// what it refuses, and SIGTERM. The real binary on a port it picked, fetched over TCP.
@Suite("serve: static files and board links", .enabled(if: serverBuilt))
struct ServeTests {
  /// A small web build: `site/` with an index, a script, a `.wasm` and a subfolder; beside it a
  /// file that must never be served, and a link from inside to it.
  static func makeSite() throws -> (root: URL, site: URL) {
    let root = try scratchFolder("site")
    let site = root.appendingPathComponent("dist")
    try FileManager.default.createDirectory(
      at: site.appendingPathComponent("assets"), withIntermediateDirectories: true)
    try Data("<!doctype html><html><head><title>t</title></head><body>page</body></html>".utf8)
      .write(to: site.appendingPathComponent("index.html"))
    try Data("export const x = 1;\n".utf8).write(to: site.appendingPathComponent("reorderkit.js"))
    try Data([0, 0x61, 0x73, 0x6D, 1, 0, 0, 0]).write(to: site.appendingPathComponent("reorderkit.wasm"))
    try Data("body{}".utf8).write(to: site.appendingPathComponent("assets/style.css"))
    try Data("SECRET-OUTSIDE".utf8).write(to: root.appendingPathComponent("secret.txt"))
    try FileManager.default.createSymbolicLink(
      at: site.appendingPathComponent("escape.txt"), withDestinationURL: root.appendingPathComponent("secret.txt"))
    return (root, site)
  }

  @Test func servesFilesLinksAndRefusesTheRest() async throws {
    let (root, site) = try Self.makeSite()
    defer { try? FileManager.default.removeItem(at: root) }
    let server = try await ServerProcess(["--static", site.path])

    let health = try await rawRequest(port: server.port, "/healthz")
    #expect(health.status == 200 && health.text == "ok\n")

    let index = try await rawRequest(port: server.port, "/")
    #expect(index.status == 200)
    #expect(index.headers["content-type"] == "text/html; charset=utf-8")
    #expect(index.text.contains("<body>page</body>") && !index.text.contains("<base"))

    let wasm = try await rawRequest(port: server.port, "/reorderkit.wasm")
    #expect(wasm.status == 200 && wasm.headers["content-type"] == "application/wasm")
    #expect(wasm.body == [0, 0x61, 0x73, 0x6D, 1, 0, 0, 0])
    let js = try await rawRequest(port: server.port, "/reorderkit.js")
    #expect(js.headers["content-type"] == "text/javascript; charset=utf-8" && js.text == "export const x = 1;\n")
    let css = try await rawRequest(port: server.port, "/assets/style.css")
    #expect(css.status == 200 && css.headers["content-type"] == "text/css; charset=utf-8")

    // A board's link: the same page, its assets resolved from the root.
    let board = try await rawRequest(port: server.port, "/boards/team-1")
    #expect(board.status == 200 && board.headers["content-type"] == "text/html; charset=utf-8")
    #expect(board.text == "<!doctype html><html><head><base href=\"/\"><title>t</title></head><body>page</body></html>")
    for bad in ["/boards/a%2Fb", "/boards/..", "/boards/%2e%2e", "/boards/" + String(repeating: "x", count: 65)] {
      let answer = try await rawRequest(port: server.port, bad)
      #expect(answer.status == 404, "\(bad) answered \(answer.status)")
    }

    // Unknown paths, and every way out of the folder, are 404 and never the file outside.
    for path in [
      "/nope", "/assets", "/../secret.txt", "/assets/../../secret.txt", "/%2e%2e/secret.txt",
      "/assets/%2e%2e%2f%2e%2e%2fsecret.txt", "/..%5csecret.txt", "/escape.txt", "/index.html%00.js",
    ] {
      let answer = try await rawRequest(port: server.port, path)
      #expect(answer.status == 404, "\(path) answered \(answer.status)")
      #expect(!answer.text.contains("SECRET-OUTSIDE"), "\(path) served the file outside the folder")
    }

    // No database: the API says so rather than pretending.
    let api = try await rawRequest(port: server.port, "/api/boards/team-1")
    #expect(api.status == 503)

    #expect(try await server.terminate() == 0)
  }

  @Test func withoutAStaticFolderBoardLinksAre404() async throws {
    let server = try await ServerProcess([])
    #expect(try await rawRequest(port: server.port, "/healthz").status == 200)
    #expect(try await rawRequest(port: server.port, "/boards/team").status == 404)
    #expect(try await rawRequest(port: server.port, "/index.html").status == 404)
    #expect(try await server.terminate() == 0)
  }

  @Test func badArgumentsExit2WithOneLine() async throws {
    for arguments in [
      ["serve", "--port", "70000"], ["serve"], ["serve", "--port", "0", "--static", "/nonexistent/dist"],
      ["serve", "--port", "0", "--tls-cert", "/tmp/x.pem"], ["serve", "--port", "x"], ["frobnicate"],
    ] {
      let result = try await runServerCommand(arguments)
      #expect(result.status == 2, "\(arguments) exited \(result.status)")
      #expect(
        result.stderr.hasPrefix("reorder-server: ") && result.stderr.filter { $0 == "\n" }.count == 1,
        "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")))
  func servesOverTLS() async throws {
    let (root, site) = try Self.makeSite()
    defer { try? FileManager.default.removeItem(at: root) }
    let cert = root.appendingPathComponent("cert.pem").path
    let key = root.appendingPathComponent("key.pem").path
    #expect(
      try await runTool(
        "/usr/bin/openssl",
        [
          "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj",
          "/CN=localhost",
        ]
      ).status == 0)
    let server = try await ServerProcess(["--static", site.path, "--tls-cert", cert, "--tls-key", key])
    #expect(server.scheme == "https")
    let fetched = try await runTool(
      "/usr/bin/curl", ["-sk", "--max-time", "30", "https://127.0.0.1:\(server.port)/boards/b1"])
    #expect(fetched.status == 0 && fetched.stdout.contains("<base href=\"/\">"))
    #expect(try await server.terminate() == 0)
  }

  @Test func boardPageInjection() {
    #expect(
      StaticSite.injectingBase(into: "<html><HEAD lang=x>x") == Array("<html><HEAD lang=x><base href=\"/\">x".utf8))
    #expect(StaticSite.injectingBase(into: "<p>no head") == Array("<base href=\"/\"><p>no head".utf8))
    #expect(StaticSite.injectingBase(into: "<head><base href=\"/x/\">") == Array("<head><base href=\"/x/\">".utf8))
    #expect(BoardName.isValid("Sprint_12.b-3") && !BoardName.isValid(".hidden") && !BoardName.isValid("a b"))
    #expect(!BoardName.isValid("") && !BoardName.isValid("é"))
  }
}

/// Runs a tool to its end.
func runTool(_ path: String, _ arguments: [String]) async throws -> CommandResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  process.standardInput = FileHandle.nullDevice
  try process.run()
  async let o = Task.detached { out.fileHandleForReading.readDataToEndOfFile() }.value
  async let e = Task.detached { err.fileHandleForReading.readDataToEndOfFile() }.value
  let (stdout, stderr) = await (o, e)
  process.waitUntilExit()
  return CommandResult(
    status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
    stderr: String(decoding: stderr, as: UTF8.self))
}
