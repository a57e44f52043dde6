import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built `reorder-server`, beside the test bundle.
let serverExecutable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  .appendingPathComponent("reorder-server")

/// Whether the executable is there (the tests that start it are skipped otherwise).
let serverBuilt = FileManager.default.isExecutableFile(atPath: serverExecutable.path)

/// The PostgreSQL of Scripts/with-postgres.sh (its owner's URL), or nil: the database tests are
/// then skipped.
let ownerURL = ProcessInfo.processInfo.environment["REORDERKIT_PG_URL"]

/// What a finished command printed.
struct CommandResult {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// Runs `reorder-server` with these arguments to its end (a hang guard of 60 s).
func runServerCommand(_ arguments: [String], environment: [String: String] = [:]) async throws -> CommandResult {
  let process = Process()
  process.executableURL = serverExecutable
  process.arguments = arguments
  process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  process.standardInput = FileHandle.nullDevice
  try process.run()
  async let o = Task.detached { out.fileHandleForReading.readDataToEndOfFile() }.value
  async let e = Task.detached { err.fileHandleForReading.readDataToEndOfFile() }.value
  let (stdout, stderr) = await (o, e)
  let deadline = Date().addingTimeInterval(60)
  while process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
  if process.isRunning {
    process.terminate()
    Issue.record("reorder-server \(arguments.first ?? "") did not end within 60 s")
  }
  process.waitUntilExit()
  return CommandResult(
    status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
    stderr: String(decoding: stderr, as: UTF8.self))
}

/// Lines read from a pipe, shared with its reader.
final class Lines: Sendable {
  let value = Mutex<[String]>([])

  func append(_ data: Data) {
    value.withLock {
      $0.append(contentsOf: String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }
  }

  var all: [String] { value.withLock { $0 } }
}

/// A running `reorder-server serve` on a port it picked (`--port 0`), read from its `listening`
/// line.
final class ServerProcess: @unchecked Sendable {
  let process: Process
  let port: Int
  let scheme: String
  let stderrLines: Lines

  /// Starts `reorder-server serve --port 0` with more arguments and waits (up to 60 s) for its
  /// `listening` line.
  init(_ arguments: [String], environment: [String: String] = [:], port fixed: Int = 0) async throws {
    let process = Process()
    process.executableURL = serverExecutable
    process.arguments = ["serve", "--port", "\(fixed)"] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    let lines = Lines()
    let errLines = Lines()
    out.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      guard !data.isEmpty else {
        handle.readabilityHandler = nil
        return
      }
      lines.append(data)
    }
    err.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      guard !data.isEmpty else {
        handle.readabilityHandler = nil
        return
      }
      errLines.append(data)
    }
    try process.run()
    self.process = process
    stderrLines = errLines
    let deadline = Date().addingTimeInterval(60)
    var found: (String, Int)?
    // The line, if the server wrote it (also asked once more after the deadline: a test run that
    // keeps the cooperative threads busy can resume this loop only after it, the line long there).
    func listening() -> (String, Int)? {
      for line in lines.all {
        guard let range = line.range(of: "reorder-server: listening on ") else { continue }
        let url = line[range.upperBound...]
        guard let scheme = url.split(separator: ":").first,
          let port = url.split(separator: ":").last.flatMap({
            Int($0.trimmingCharacters(in: .init(charactersIn: "/")))
          })
        else { continue }
        return (String(scheme), port)
      }
      return nil
    }
    while found == nil, Date() < deadline, process.isRunning {
      found = listening()
      if found == nil { try await Task.sleep(for: .milliseconds(20)) }
    }
    if found == nil { found = listening() }
    guard let found else {
      if process.isRunning { process.terminate() }
      let stderr = errLines.all.joined(separator: "\n")
      Issue.record("reorder-server did not say it was listening within 60 s: \(stderr)")
      throw CancellationError()
    }
    scheme = found.0
    port = found.1
  }

  /// Sends SIGTERM and waits (up to 30 s) for the exit; returns the exit status.
  func terminate() async throws -> Int32 {
    if process.isRunning { kill(process.processIdentifier, SIGTERM) }
    let deadline = Date().addingTimeInterval(30)
    while process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      Issue.record("reorder-server did not end within 30 s of SIGTERM")
    }
    process.waitUntilExit()
    return process.terminationStatus
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }
}

/// One HTTP/1.1 answer.
struct HTTPAnswer {
  var status: Int
  var headers: [String: String]
  var body: [UInt8]
  var text: String { String(decoding: body, as: UTF8.self) }
}

/// Sends one request exactly as written (no client normalizes its path: `/../x` goes out as
/// `/../x`) over a plain TCP connection to `host` (127.0.0.1) and reads the answer to the connection's end.
func rawRequest(
  port: Int, _ target: String, method: String = "GET", headers: [String: String] = [:], host: String = "127.0.0.1"
) async throws -> HTTPAnswer {
  try await Task.detached {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    defer { close(fd) }
    try connectLoopback(fd, port: port, host: host)
    var request = "\(method) \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n"
    for (name, value) in headers { request += "\(name): \(value)\r\n" }
    request += "\r\n"
    let bytes = Array(request.utf8)
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      guard n > 0 else { throw POSIXError(.EIO) }
      sent += n
    }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = read(fd, &buffer, buffer.count)
      if n <= 0 { break }
      answer += buffer[..<n]
    }
    return try parseAnswer(answer)
  }.value
}

/// Splits an HTTP/1.1 answer into status, headers (lower-cased names) and body (plain or chunked).
func parseAnswer(_ bytes: [UInt8]) throws -> HTTPAnswer {
  let separator: [UInt8] = [13, 10, 13, 10]
  guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else {
    throw POSIXError(.EBADMSG)
  }
  let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
  guard let statusLine = head.first, let status = Int(statusLine.split(separator: " ")[1]) else {
    throw POSIXError(.EBADMSG)
  }
  var headers: [String: String] = [:]
  for line in head.dropFirst() {
    guard let colon = line.firstIndex(of: ":") else { continue }
    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
  }
  var body = Array(bytes[(end + 4)...])
  if headers["transfer-encoding"] == "chunked" {
    var plain: [UInt8] = []
    var i = 0
    while i < body.count {
      guard let lineEnd = (i..<body.count - 1).first(where: { body[$0] == 13 && body[$0 + 1] == 10 }),
        let size = Int(String(decoding: body[i..<lineEnd], as: UTF8.self), radix: 16)
      else { break }
      if size == 0 { break }
      plain += body[(lineEnd + 2)..<min(body.count, lineEnd + 2 + size)]
      i = lineEnd + 2 + size + 2
    }
    body = plain
  }
  return HTTPAnswer(status: status, headers: headers, body: body)
}

/// A scratch folder, deleted by the caller.
func scratchFolder(_ label: String) throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "reorder-server-\(label)-\(UUID().uuidString.prefix(8))")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// A WebSocket client on a bare socket that says `hello`, reads until its `welcome`, and then
/// neither reads nor answers anything while its socket stays open (as a client on a network that
/// went quiet does): `close()` ends it.
final class MuteClient: @unchecked Sendable {
  let fd: Int32

  /// Connects, upgrades, sends `hello` with `token` and waits (up to 30 s) for the `welcome`.
  init(port: Int, board: String, token: String) async throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    self.fd = fd
    try await Task.detached { [fd] in
      try connectLoopback(fd, port: port)
      let upgrade =
        "GET /api/boards/\(board)/live HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
        + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
      // A masked text frame (a client's frames are masked), the hello under 126 bytes.
      let hello = Array(#"{"type":"hello","token":"\#(token)"}"#.utf8)
      guard hello.count < 126 else { throw POSIXError(.EMSGSIZE) }
      let mask: [UInt8] = [1, 2, 3, 4]
      let frame =
        [0x81, 0x80 | UInt8(hello.count)] + mask + hello.enumerated().map { $0.element ^ mask[$0.offset % 4] }
      for bytes in [Array(upgrade.utf8), frame] {
        var sent = 0
        while sent < bytes.count {
          let n = bytes[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
          guard n > 0 else { throw POSIXError(.EIO) }
          sent += n
        }
      }
      var received: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while !String(decoding: received, as: UTF8.self).contains(#""type":"welcome""#) {
        let n = read(fd, &buffer, buffer.count)
        guard n > 0 else { throw POSIXError(.ECONNRESET) }
        received += buffer[..<n]
      }
    }.value
  }

  func close() { _ = Glibc.close(fd) }
}

/// Connects a TCP socket to 127.0.0.1:`port`, reads on it timing out after 30 s.
func connectLoopback(_ fd: Int32, port: Int, host: String = "127.0.0.1") throws {
  var timeout = timeval(tv_sec: 30, tv_usec: 0)
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = in_port_t(UInt16(port).bigEndian)
  address.sin_addr.s_addr = inet_addr(host)
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
}
