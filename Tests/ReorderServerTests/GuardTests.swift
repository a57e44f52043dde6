import Foundation
import NIOCore
import Synchronization
import Testing

@testable import ReorderServer

#if canImport(Glibc)
  import Glibc
#endif

/// DESIGN's HTTP limits and RFC 6455's rules on a real `reorder-server serve`, from bare sockets
/// (each test has a server of its own: the per-address count is the process's). The parsers alone
/// are in ``Parsers``.
@Suite("the connection guard")
struct GuardTests {
  @Test(.enabled(if: serverBuilt)) func oversizedAndMalformedRequestsAreAnsweredAndClosed() async throws {
    let server = try await ServerProcess([])
    let host = "Host: 127.0.0.1\r\n"
    let cases: [(String, [UInt8], Int)] = [
      (
        "100,000-character request line",
        Array("GET /\(String(repeating: "a", count: 100_000)) HTTP/1.1\r\n\(host)\r\n".utf8), 414
      ),
      (
        "1 MB header", Array("GET / HTTP/1.1\r\n\(host)X-Big: \(String(repeating: "b", count: 1 << 20))\r\n\r\n".utf8),
        431
      ),
      (
        "10,000 headers", Array("GET / HTTP/1.1\r\n\(host)\((0..<10_000).map { "X-H\($0): v\r\n" }.joined())\r\n".utf8),
        431
      ),
      (
        "Content-Length with Transfer-Encoding",
        Array("POST /healthz HTTP/1.1\r\n\(host)Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".utf8),
        400
      ),
      (
        "a 2 KB body",
        Array(
          "POST /healthz HTTP/1.1\r\n\(host)Content-Length: 2048\r\n\r\n\(String(repeating: "c", count: 2048))".utf8),
        413
      ),
      (
        "a 2 KB chunked body",
        Array(
          "POST /healthz HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n800\r\n\(String(repeating: "c", count: 2048))\r\n0\r\n\r\n"
            .utf8), 413
      ),
    ]
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (label, request, status) in cases {
        group.addTask {
          let start = ContinuousClock.now
          let socket = try RawSocket(port: server.port)
          socket.send(request)
          let answer = socket.readToEnd(seconds: 20)
          let took = ContinuousClock.now - start
          let parsed = try? parseAnswer(answer.bytes)
          #expect(parsed?.status == status, "\(label): \(answer.bytes.count) bytes, closed \(answer.closed)")
          #expect(parsed?.headers["connection"] == "close", "\(label)")
          #expect(answer.closed && took < .seconds(5), "\(label): closed \(answer.closed) after \(took)")
          print("guard: \(label) -> \(parsed?.status ?? 0) and closed after \(took)")
        }
      }
      try await group.waitForAll()
    }
    // A request within the limits is served, on a connection that stays open (keep-alive).
    let socket = try RawSocket(port: server.port)
    for _ in 0..<2 {
      socket.send(Array("GET /healthz HTTP/1.1\r\n\(host)Content-Length: 4\r\n\r\nabcd".utf8))
      let answer = socket.readUntil(seconds: 10) { (try? parseAnswer($0))?.text == "ok\n" }
      #expect((try? parseAnswer(answer.bytes))?.status == 200 && !answer.closed)
    }
    #expect(try await server.terminate() == 0)
  }

  /// Slowloris: a socket that sends nothing, and one that sends a byte every 2 s, both get 408 and
  /// a close 10 s after they connected.
  @Test(.enabled(if: serverBuilt)) func slowClientsGet408After10Seconds() async throws {
    let server = try await ServerProcess([])
    let request = Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for trickle in [false, true] {
        group.addTask {
          let start = ContinuousClock.now
          let socket = try RawSocket(port: server.port)
          let sender = Task.detached {
            guard trickle else { return }
            for byte in request {
              socket.send([byte])
              try await Task.sleep(for: .seconds(2))
            }
          }
          defer { sender.cancel() }
          let answer = socket.readToEnd(seconds: 50)
          let took = ContinuousClock.now - start
          let label = trickle ? "a byte every 2 s" : "a silent socket"
          #expect((try? parseAnswer(answer.bytes))?.status == 408, "\(label): \(answer.bytes.count) bytes")
          #expect(answer.closed && took > .seconds(9.5) && took < .seconds(15), "\(label): after \(took)")
          print("guard: \(label) -> 408 and closed after \(took)")
        }
      }
      try await group.waitForAll()
    }
    #expect(try await server.terminate() == 0)
  }

  @Test(.enabled(if: serverBuilt), arguments: [3, nil as Int?])
  func connectionsPerAddressAreBounded(limit: Int?) async throws {
    let server = try await ServerProcess(limit.map { ["--max-connections-per-address", "\($0)"] } ?? [])
    let open = limit ?? ServeOptions.defaultMaxConnectionsPerAddress
    let request = Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
    // Each answered, so that the server counts them before the next.
    var sockets: [RawSocket] = []
    for _ in 0..<open {
      let socket = try RawSocket(port: server.port)
      socket.send(request)
      let answer = socket.readUntil(seconds: 10) { (try? parseAnswer($0))?.text == "ok\n" }
      #expect((try? parseAnswer(answer.bytes))?.status == 200)
      sockets.append(socket)
    }
    let refused = try RawSocket(port: server.port)
    refused.send(request)
    let answer = refused.readToEnd(seconds: 10)
    #expect((try? parseAnswer(answer.bytes))?.status == 503 && answer.closed, "\(answer.bytes.count) bytes")
    print("guard: connection \(open + 1) from 127.0.0.1 -> \((try? parseAnswer(answer.bytes))?.status ?? 0)")
    // One closes: a new one is let in.
    sockets.removeFirst().close()
    var again: Int?
    for _ in 0..<100 where again != 200 {
      try await Task.sleep(for: .milliseconds(20))
      let socket = try RawSocket(port: server.port)
      socket.send(request)
      again = (try? parseAnswer(socket.readUntil(seconds: 10) { (try? parseAnswer($0))?.text == "ok\n" }.bytes))?.status
      socket.close()
    }
    #expect(again == 200)
    for socket in sockets { socket.close() }
    #expect(try await server.terminate() == 0)
  }

  @Test(.enabled(if: serverBuilt && ownerURL != nil))
  func webSocketRulesCloseWithTheirCodes() async throws {
    let database = try await TestDatabase.shared.prepare()
    let (board, editor, _) = try await makeBoard("guard", [("todo", ["c1", "c2"]), ("done", [])])
    let server = try await ServerProcess(["--database", database.server], environment: ["LOG_LEVEL": "debug"])
    func fragmented(_ size: Int) -> [UInt8] {
      let pieces = stride(from: 0, to: size, by: 1024).map { min(1024, size - $0) }
      return pieces.enumerated().flatMap { index, count in
        clientFrame(opcode: index == 0 ? 1 : 0, fin: index == pieces.count - 1, Array(repeating: 0x20, count: count))
      }
    }
    let cases: [(String, [UInt8], UInt16)] = [
      ("65 KB in 1 KB fragments", fragmented(65 * 1024), 1009),
      ("200 KB in 1 KB fragments", fragmented(200 * 1024), 1009),
      ("an unmasked frame", clientFrame(opcode: 1, Array("{}".utf8), masked: false), 1002),
      ("opcode 3", clientFrame(opcode: 3, Array("x".utf8)), 1002),
      ("a continuation first", clientFrame(opcode: 0, Array("x".utf8)), 1002),
      ("a 126-byte ping", clientFrame(opcode: 9, Array(repeating: 1, count: 126)), 1002),
      ("a reserved bit", clientFrame(opcode: 1, Array("{}".utf8), rsv: 0x40), 1002),
    ]
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (label, frames, code) in cases {
        group.addTask {
          let socket = try RawSocket(port: server.port)
          let upgraded = try socket.upgrade(port: server.port, path: "/api/boards/\(board)/live")
          #expect(upgraded, "\(label): no 101")
          let start = ContinuousClock.now
          socket.send(frames)
          let answer = socket.readToEnd(seconds: 20)
          let took = ContinuousClock.now - start
          let close = serverCloseCode(answer.bytes)
          #expect(close == code && answer.closed, "\(label): close \(close.map(String.init) ?? "none")")
          print("guard: \(label) -> close \(close.map(String.init) ?? "none") after \(took)")
        }
      }
      try await group.waitForAll()
    }
    // A message of exactly 64 KB in 1 KB fragments is let through (and answered: it is no hello).
    let exact = try RawSocket(port: server.port)
    #expect(try exact.upgrade(port: server.port, path: "/api/boards/\(board)/live"))
    exact.send(fragmented(64 * 1024))
    let answer = exact.readUntil(seconds: 10) { !$0.isEmpty }
    #expect(serverCloseCode(answer.bytes) != 1009, "\(answer.bytes.count) bytes")
    exact.close()
    // And a normal client still works after all that: a bare one, and the tests' client.
    let bare = try RawSocket(port: server.port)
    #expect(try bare.upgrade(port: server.port, path: "/api/boards/\(board)/live"))
    bare.send(clientFrame(opcode: 1, Array(#"{"type":"hello","token":"\#(editor)"}"#.utf8)))
    let welcome = bare.readUntil(seconds: 10) { String(decoding: $0, as: UTF8.self).contains("welcome") }
    #expect(
      String(decoding: welcome.bytes, as: UTF8.self).contains("welcome"),
      "\(welcome.bytes.count) bytes, closed \(welcome.closed): \(server.stderrLines.all.suffix(20))")
    bare.close()
    let client = LiveClient(port: server.port, board: board)
    client.hello(editor)
    _ = try await client.next("welcome")
    client.commit("g-1", moveCards(["c1"], to: "done", before: nil))
    #expect(try await client.next("ack")["revision"] as? Int == 2)
    client.close()
    #expect(try await server.terminate() == 0)
  }
}

/// A bare TCP connection to 127.0.0.1 (no SIGPIPE: a send to a closed socket just fails).
final class RawSocket: @unchecked Sendable {
  let fd: Int32

  init(port: Int) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    do { try connectLoopback(fd, port: port) } catch {
      close()
      throw error
    }
  }

  /// Sends every byte it can (stops at the first failure: the server may have closed).
  func send(_ bytes: [UInt8]) {
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard n > 0 else { return }
      sent += n
    }
  }

  /// Reads until `done` says so, the server closes, or `seconds` pass.
  func readUntil(seconds: Double, _ done: ([UInt8]) -> Bool = { _ in false }) -> (bytes: [UInt8], closed: Bool) {
    let deadline = Date().addingTimeInterval(seconds)
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while !done(received) {
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return (received, false) }
      var timeout = timeval(tv_sec: Int(left), tv_usec: Int((left - left.rounded(.down)) * 1_000_000))
      setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      let n = read(fd, &buffer, buffer.count)
      if n == 0 { return (received, true) }
      if n < 0 {
        if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
        return (received, true)  // reset
      }
      received += buffer[..<n]
    }
    return (received, false)
  }

  /// Reads to the server's close (or `seconds`).
  func readToEnd(seconds: Double) -> (bytes: [UInt8], closed: Bool) { readUntil(seconds: seconds) }

  /// Sends a WebSocket upgrade request and reads the answer's head: whether it is a 101.
  func upgrade(port: Int, path: String) throws -> Bool {
    send(
      Array(
        ("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
          + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8))
    let head = readUntil(seconds: 10) { $0.count >= 4 && $0.suffix(4) == [13, 10, 13, 10] }
    return String(decoding: head.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 101")
  }

  private let closed = Mutex(false)

  /// Closes the socket (once: a second close could close a descriptor the process opened since).
  func close() {
    guard
      closed.withLock({ (closed: inout Bool) in
        defer { closed = true }
        return !closed
      })
    else { return }
    Glibc.close(fd)
  }

  deinit { close() }
}

/// A client's frame: masked unless asked, final unless asked.
func clientFrame(opcode: UInt8, fin: Bool = true, _ payload: [UInt8], masked: Bool = true, rsv: UInt8 = 0)
  -> [UInt8]
{
  var frame: [UInt8] = [(fin ? 0x80 : 0) | rsv | opcode]
  let mask: UInt8 = masked ? 0x80 : 0
  switch payload.count {
  case ..<126: frame.append(mask | UInt8(payload.count))
  case ..<65536: frame += [mask | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
  default: frame += [mask | 127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
  }
  guard masked else { return frame + payload }
  let key: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
  return frame + key + payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
}

/// The code of the first close frame among a server's (unmasked) frames.
func serverCloseCode(_ bytes: [UInt8]) -> UInt16? {
  var index = 0
  while index + 2 <= bytes.count {
    let opcode = bytes[index] & 0x0F
    var length = Int(bytes[index + 1] & 0x7F)
    var start = index + 2
    if length == 126 {
      guard start + 2 <= bytes.count else { return nil }
      length = Int(bytes[start]) << 8 | Int(bytes[start + 1])
      start += 2
    } else if length == 127 {
      guard start + 8 <= bytes.count else { return nil }
      length = bytes[start..<start + 8].reduce(0) { $0 << 8 | Int($1) }
      start += 8
    }
    if opcode == 8 {
      guard length >= 2, start + 2 <= bytes.count else { return nil }
      return UInt16(bytes[start]) << 8 | UInt16(bytes[start + 1])
    }
    index = start + length
  }
  return nil
}
