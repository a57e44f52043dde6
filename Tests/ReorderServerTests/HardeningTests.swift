import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 46, the live connection's side (DESIGN, "The board server, hardened"): bounded per client,
/// the hello deadline whatever the client does, `hello` again at most once a second, no secret in
/// any log, a database that cannot be reached ends `serve`, `Origin`, and the static headers.
@Suite(.serialized, .enabled(if: serverBuilt && ownerURL != nil, "needs reorder-server and Scripts/with-postgres.sh"))
struct HardeningTests {
  /// A live server on the test database.
  static func server(_ more: [String] = [], environment: [String: String] = [:]) async throws -> ServerProcess {
    let database = try await TestDatabase.shared.prepare()
    return try await ServerProcess(["--database", database.server] + more, environment: environment)
  }

  /// The resident memory of a process, in bytes (`VmRSS` of /proc/PID/status).
  static func residentBytes(_ pid: Int32) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kilobytes * 1024
  }

  /// The value of a metric without labels in the server's `/metrics`.
  static func metric(_ name: String, port: Int) async throws -> Double? {
    let text = try await rawRequest(port: port, "/metrics").text
    let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
    return line.flatMap { Double($0.split(separator: " ").last ?? "") }
  }

  /// A client that sends `frame` as fast as the socket takes it for `seconds` (or until the server
  /// closes), reading nothing; returns how many were sent and whether the server closed it.
  static func flood(_ socket: RawWebSocket, _ frame: [UInt8], seconds: Double) async -> (sent: Int, closed: Bool) {
    await Task.detached {
      let deadline = Date().addingTimeInterval(seconds)
      var sent = 0
      let batch = Array((0..<64).map { _ in frame }.joined())
      while Date() < deadline {
        guard socket.write(batch, waitMilliseconds: 100) else { return (sent, true) }
        sent += 64
      }
      return (sent, false)
    }.value
  }

  @Test func aClientThatNeverReadsAndNeverSaysHelloIsClosedAndCostsLittle() async throws {
    let server = try await Self.server()
    defer { Task { _ = try? await server.terminate() } }
    let (board, _, _) = try await makeBoard("slow-anon", [("todo", ["a", "b"])])
    let idle = Self.residentBytes(server.process.processIdentifier)
    let socket = try await RawWebSocket(port: server.port, board: board)
    let started = Date()
    // Bad messages without a hello: four answers, then the fifth closes (before: an error reply
    // each, queued unread: 41 -> 117 MB in 4.5 s, and the socket still open at 60 s).
    let (sent, closed) = await Self.flood(socket, RawWebSocket.frame(text: #"{"type":"commit"}"#), seconds: 20)
    let peak = Self.residentBytes(server.process.processIdentifier)
    #expect(closed, "the server kept a client that sent \(sent) bad messages without a hello")
    #expect(Date().timeIntervalSince(started) < 10)
    #expect(peak - idle < 24 << 20, "RSS grew from \(idle >> 20) to \(peak >> 20) MB")
    let answers = socket.readAll(seconds: 10)
    #expect(answers.texts.filter { $0.contains(#""type":"error""#) }.count == 4)
    #expect(answers.close?.code == 1008, "\(String(describing: answers.close))")
    socket.close()
  }

  @Test func theHelloDeadlineHoldsForAClientThatDoesNotRead() async throws {
    let server = try await Self.server()
    defer { Task { _ = try? await server.terminate() } }
    let (board, _, _) = try await makeBoard("slow-deadline", [("todo", ["a"])])
    let socket = try await RawWebSocket(port: server.port, board: board)
    let started = Date()
    for _ in 0..<3 { _ = socket.write(RawWebSocket.frame(text: "not json"), waitMilliseconds: 1000) }
    let answers = socket.readAll(seconds: 30)
    let elapsed = Date().timeIntervalSince(started)
    #expect(answers.close?.code == 1008 && answers.close?.reason.contains("hello") == true, "\(answers)")
    #expect(elapsed >= 4.5 && elapsed < 25, "closed after \(elapsed) s")
    socket.close()
  }

  @Test func aViewerThatNeverReadsIsClosedAsASlowConsumer() async throws {
    let server = try await Self.server()
    defer { Task { _ = try? await server.terminate() } }
    let (board, _, viewer) = try await makeBoard("slow-viewer", [("todo", ["a", "b"])])
    let socket = try await RawWebSocket(port: server.port, board: board)
    try socket.helloAndWelcome(token: viewer)
    let idle = Self.residentBytes(server.process.processIdentifier)
    // A viewer's commits are each refused (before: 49 -> 273 MB, the replies queued unread).
    let commit = RawWebSocket.frame(
      text: #"{"type":"commit","gesture":"g1","change":{"kind":"moveCards","items":["a"],"view":"todo","before":null}}"#
    )
    let started = Date()
    let (sent, closed) = await Self.flood(socket, commit, seconds: 40)
    let peak = Self.residentBytes(server.process.processIdentifier)
    #expect(closed, "a viewer that read nothing of \(sent) refusals was never closed")
    #expect(Date().timeIntervalSince(started) < 40)
    #expect(peak - idle < 24 << 20, "RSS grew from \(idle >> 20) to \(peak >> 20) MB")
    // The close frame is written, but a client that reads nothing is cut 2 s later, and what it had
    // not read (the close among it) is gone with the reset; when it does arrive, it says why.
    let answers = socket.readAll(seconds: 10)
    if let close = answers.close { #expect(close.code == 1008 && close.reason == "slow consumer") }
    socket.close()
    try await Task.sleep(for: .milliseconds(300))
    #expect(server.stderrLines.all.contains { $0.contains("live connection ended") && $0.contains("slow consumer") })
    #expect(try await Self.metric("reorder_slow_consumers_total", port: server.port) == 1)
  }

  @Test func helloAgainIsAnsweredAtMostOnceASecondWithoutADatabaseQuery() async throws {
    let database = try await TestDatabase.shared.prepare()
    let server = try await Self.server()
    defer { Task { _ = try? await server.terminate() } }
    let (board, _, viewer) = try await makeBoard("rehello", [("todo", ["a"])])
    let socket = try await RawWebSocket(port: server.port, board: board)
    try socket.helloAndWelcome(token: viewer)
    let name = String(database.owner.split(separator: "/").last ?? "")
    let transactions = "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = '\(name)'"
    let before = Int(try await sql(database.owner, transactions).first??.description ?? "") ?? 0
    let hello = RawWebSocket.frame(text: #"{"type":"hello","token":"\#(viewer)"}"#)
    let started = Date()
    for _ in 0..<50 { _ = socket.write(Array((0..<100).map { _ in hello }.joined()), waitMilliseconds: 1000) }
    let sending = Date().timeIntervalSince(started)
    try await Task.sleep(for: .milliseconds(1500))
    let after = Int(try await sql(database.owner, transactions).first??.description ?? "") ?? 0
    // The server may still be reading the last of them: read until each is answered (at most 15 s).
    var texts: [String] = []
    let reading = Date()
    while texts.count < 5000, Date().timeIntervalSince(reading) < 15 {
      texts += socket.readAll(seconds: 2, untilClosed: false).texts
    }
    let welcomes = texts.filter { $0.contains(#""type":"welcome""#) }.count
    let limited = texts.filter { $0.contains(#""code":"rateLimited""#) }.count
    // 5,000 hellos: one answered a second (the last that came before it, at that second), every
    // other one rateLimited; before, each was answered and each was a query.
    let answered = Date().timeIntervalSince(started)
    #expect(
      welcomes >= 1 && Double(welcomes) <= answered + 1, "\(welcomes) welcomes in \(answered) s (sent in \(sending) s)")
    #expect(welcomes + limited == 5000, "\(welcomes) welcomes and \(limited) rateLimited")
    #expect(after - before < 500, "\(after - before) transactions for 5,000 hellos")
    #expect(try await Self.metric("reorder_rate_limited_total", port: server.port) == Double(limited))
    socket.close()
  }

  @Test func noLogLineHoldsATokenAHashOrAPasswordEvenAtTrace() async throws {
    let database = try await TestDatabase.shared.prepare()
    let server = try await Self.server(environment: ["LOG_LEVEL": "trace"])
    let (board, editor, viewer) = try await makeBoard("trace", [("todo", ["a", "b"]), ("done", [])])
    let client = try await LiveClient(port: server.port, board: board)
    client.hello(editor)
    _ = try await client.next("welcome")
    client.commit("t1", moveCards(["a"], to: "done", before: nil))
    _ = try await client.next("ack")
    client.close()
    let socket = try await RawWebSocket(port: server.port, board: board)
    try socket.helloAndWelcome(token: viewer)
    socket.close()
    try await Task.sleep(for: .milliseconds(300))
    #expect(try await server.terminate() == 0)
    let log = server.stderrLines.all.joined(separator: "\n")
    #expect(log.contains("live connection ended"), "no trace output at all?")
    for (what, secret) in [
      ("editor token", editor), ("viewer token", viewer), ("password", TestDatabase.serverPassword),
    ] {
      #expect(!log.contains(secret), "the log holds the \(what)")
      #expect(!log.contains(String(secret.prefix(11))), "the log holds the start of the \(what)")
    }
    // The frame dumps were hex: the token's first bytes in hex must not appear either.
    let hex = Array(#"{"token":"rk_"#.utf8).map { String(format: "%02x", $0) }.joined()
    #expect(!log.lowercased().replacingOccurrences(of: " ", with: "").contains(hex))
    _ = database
  }

  @Test func serveExitsOneWithOneLineWhenTheDatabaseIsAwayOrRefusesIt() async throws {
    let database = try await TestDatabase.shared.prepare()
    // Nothing listens on port 1.
    var started = Date()
    var result = try await runServerCommand([
      "serve", "--port", "0", "--database", "postgresql://reorder_server:secret-pw@127.0.0.1:1/x",
    ])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(Date().timeIntervalSince(started) < 15)
    #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("cannot reach the database"))
    #expect(!result.stderr.contains("secret-pw") && !result.stdout.contains("listening"))
    // A role the database does not know: refused, at once (the test server trusts loopback, so a
    // wrong password alone would be let in).
    let wrong = database.server.replacingOccurrences(
      of: "reorder_server:\(TestDatabase.serverPassword)", with: "no_such_role:wrong-password")
    started = Date()
    result = try await runServerCommand(["serve", "--port", "0", "--database", wrong])
    #expect(result.status == 1 && result.stderr.contains("refused"), "\(result.stderr)")
    #expect(Date().timeIntervalSince(started) < 10)
    #expect(result.stderr.split(separator: "\n").count == 1 && !result.stderr.contains("wrong-password"))
    // --wait-for-database 0 gives up after one try.
    result = try await runServerCommand([
      "serve", "--port", "0", "--wait-for-database", "0", "--database", "postgresql://u@127.0.0.1:1/x",
    ])
    #expect(result.status == 1 && result.stderr.contains("cannot reach"), "\(result.stderr)")
  }

  @Test func theDatabaseURLComesFromAFileOrTheEnvironment() async throws {
    let database = try await TestDatabase.shared.prepare()
    let folder = try scratchFolder("dburl")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("database-url")
    try Data("\(database.server)\n".utf8).write(to: file)
    for (arguments, environment) in [
      (["--database-file", file.path], [String: String]()), ([], ["REORDER_DATABASE_URL": database.server]),
    ] {
      let server = try await ServerProcess(arguments, environment: environment)
      let answer = try await rawRequest(port: server.port, "/api/boards/x")
      #expect(answer.status == 401, "the API has no database with \(arguments) \(environment.keys)")
      #expect(try await server.terminate() == 0)
    }
    let missing = try await runServerCommand([
      "serve", "--port", "0", "--database-file", folder.appendingPathComponent("none").path,
    ])
    #expect(missing.status == 2 && missing.stderr.contains("does not exist"), "\(missing.stderr)")
    let both = try await runServerCommand([
      "serve", "--port", "0", "--database-file", file.path, "--database", database.server,
    ])
    #expect(both.status == 2, "\(both.stderr)")
  }

  @Test func aLiveConnectionFromAnotherOriginIsClosed() async throws {
    let server = try await Self.server(["--allow-origin", "https://boards.example.com"])
    defer { Task { _ = try? await server.terminate() } }
    let (board, _, viewer) = try await makeBoard("origin", [("todo", ["a"])])
    for origin in ["https://evil.example", "null", "http://127.0.0.1:1"] {
      let other = try await RawWebSocket(port: server.port, board: board, origin: origin)
      let refused = other.readAll(seconds: 10)
      #expect(
        refused.close?.code == 1008 && refused.close?.reason == "origin not allowed",
        "\(origin): \(String(describing: refused.close))")
      other.close()
    }
    for origin in ["http://127.0.0.1:\(server.port)", "https://boards.example.com", "ws://127.0.0.1", nil] {
      let socket = try await RawWebSocket(port: server.port, board: board, origin: origin)
      try socket.helloAndWelcome(token: viewer)
      socket.close()
    }
    let badFlag = try await runServerCommand(["serve", "--port", "0", "--allow-origin", "https://x.example/path"])
    #expect(badFlag.status == 2 && badFlag.stderr.contains("--allow-origin"), "\(badFlag.stderr)")
  }
  /// An IPv4 address of this machine that is not loopback (`getifaddrs`), if it has one.
  static func outsideAddress() -> String? {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0, let first = list else { return nil }
    defer { freeifaddrs(list) }
    var entry: UnsafeMutablePointer<ifaddrs>? = first
    while let e = entry {
      defer { entry = e.pointee.ifa_next }
      guard let address = e.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
      var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
      address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { a in
        var ip = a.pointee.sin_addr
        _ = inet_ntop(AF_INET, &ip, &text, socklen_t(INET_ADDRSTRLEN))
      }
      let ip = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if !ip.hasPrefix("127.") { return ip }
    }
    return nil
  }

  @Test func metricsAnswerThisMachineOrTheTokenOnly() async throws {
    // Without a token: this machine only. A request to the machine's own outside address comes from
    // that address, which is not loopback.
    let open = try await Self.server(["--host", "0.0.0.0"])
    let local = try await rawRequest(port: open.port, "/metrics")
    #expect(local.status == 200 && local.text.contains("# TYPE reorder_connections gauge"), "\(local.status)")
    if let outside = Self.outsideAddress() {
      let far = try await rawRequest(port: open.port, "/metrics", host: outside)
      #expect(far.status == 403 && far.text.contains("--metrics-token-file"), "\(far.status) \(far.text)")
      #expect(!far.text.contains("reorder_"), "no metric is shown")
    } else {
      print("HardeningTests: this machine has no IPv4 address but loopback: the 403 from elsewhere was not tried")
    }
    #expect(try await open.terminate() == 0)

    // With a token (from a file, or the environment): 401 without it or with another, 200 with it.
    let folder = try scratchFolder("metrics")
    defer { try? FileManager.default.removeItem(at: folder) }
    let token = "m-" + UUID().uuidString
    let file = folder.appendingPathComponent("metrics-token")
    try Data("\(token)\n".utf8).write(to: file)
    for (arguments, environment) in [
      (["--metrics-token-file", file.path], [String: String]()), ([], ["REORDER_METRICS_TOKEN": token]),
    ] {
      let server = try await Self.server(arguments, environment: environment)
      let none = try await rawRequest(port: server.port, "/metrics")
      #expect(none.status == 401 && none.headers["www-authenticate"] == "Bearer", "\(none.status) \(none.headers)")
      #expect(!none.text.contains("reorder_"))
      let wrongs = ["Bearer \(token.dropLast())x", "Bearer \(token)x", "Bearer ", "Basic \(token)", token]
      for wrong in wrongs {
        let answer = try await rawRequest(port: server.port, "/metrics", headers: ["Authorization": wrong])
        #expect(answer.status == 401, "\(wrong.prefix(8))…: \(answer.status)")
      }
      let right = try await rawRequest(port: server.port, "/metrics", headers: ["Authorization": "Bearer \(token)"])
      #expect(right.status == 200 && right.text.contains("reorder_commits_total"), "\(right.status)")
      #expect(try await server.terminate() == 0)
      #expect(!server.stderrLines.all.joined().contains(token), "the token is never logged")
    }
    let short = try await runServerCommand(["serve", "--port", "0"], environment: ["REORDER_METRICS_TOKEN": "short"])
    #expect(short.status == 2 && short.stderr.contains("metrics token"), "\(short.stderr)")
    #expect(!short.stderr.contains("short"), "the refused token is not repeated")
  }
}

/// A WebSocket client on a bare socket: it upgrades, then writes frames and reads only when told.
final class RawWebSocket: @unchecked Sendable {
  let fd: Int32
  /// Bytes read after the upgrade's answer.
  var pending: [UInt8] = []

  /// Connects and upgrades (the answer's head is read; frames after it are kept for later reads).
  init(port: Int, board: String, origin: String? = nil) async throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    self.fd = fd
    pending = try await Task.detached { [fd] in
      try connectLoopback(fd, port: port)
      let upgrade =
        "GET /api/boards/\(board)/live HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
        + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        + (origin.map { "Origin: \($0)\r\n" } ?? "") + "\r\n"
      guard Self.writeAll(fd, Array(upgrade.utf8)) else { throw POSIXError(.EIO) }
      var received: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        if let end = received.firstRange(of: [13, 10, 13, 10]) {
          guard String(decoding: received[..<end.lowerBound], as: UTF8.self).hasPrefix("HTTP/1.1 101") else {
            throw POSIXError(.EPROTO)
          }
          return Array(received[end.upperBound...])
        }
        let n = read(fd, &buffer, buffer.count)
        guard n > 0 else { throw POSIXError(.ECONNRESET) }
        received += buffer[..<n]
      }
    }.value
  }

  static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard n > 0 else { return false }
      sent += n
    }
    return true
  }

  /// A masked text frame.
  static func frame(text: String) -> [UInt8] {
    let payload = Array(text.utf8)
    let mask: [UInt8] = [7, 1, 9, 3]
    var frame: [UInt8] = [0x81]
    if payload.count < 126 {
      frame.append(0x80 | UInt8(payload.count))
    } else {
      frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    }
    return frame + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
  }

  /// Writes, waiting at most `waitMilliseconds` for room; false when the connection is closed or
  /// stays full for that long.
  func write(_ bytes: [UInt8], waitMilliseconds: Int32) -> Bool {
    var sent = 0
    while sent < bytes.count {
      var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
      guard poll(&poller, 1, waitMilliseconds) > 0 else { return true }
      if poller.revents & Int16(POLLERR | POLLHUP) != 0 { return false }
      let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
      if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { continue }
      guard n > 0 else { return false }
      sent += n
    }
    return true
  }

  /// `hello` with `token`, and reads until the `welcome`.
  func helloAndWelcome(token: String) throws {
    guard Self.writeAll(fd, Self.frame(text: #"{"type":"hello","token":"\#(token)"}"#)) else { throw POSIXError(.EIO) }
    let answers = readAll(seconds: 30, untilClosed: false, until: #""type":"welcome""#)
    guard answers.texts.contains(where: { $0.contains(#""type":"welcome""#) }) else { throw POSIXError(.EPROTO) }
  }

  /// What the server sent: text messages and its close frame, if any.
  struct Answers {
    var texts: [String] = []
    var close: (code: Int, reason: String)?
  }

  /// Reads frames for up to `seconds`: to the close (or the connection's end), or, when
  /// `untilClosed` is false, until nothing more came for 300 ms or a text holds `until`.
  func readAll(seconds: Double, untilClosed: Bool = true, until: String? = nil) -> Answers {
    var answers = Answers()
    var bytes = pending
    pending = []
    let deadline = Date().addingTimeInterval(seconds)
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      // Whole frames in `bytes` (the server's are unmasked).
      while bytes.count >= 2 {
        var length = Int(bytes[1] & 0x7F)
        var offset = 2
        if length == 126 {
          guard bytes.count >= 4 else { break }
          length = Int(bytes[2]) << 8 | Int(bytes[3])
          offset = 4
        } else if length == 127 {
          guard bytes.count >= 10 else { break }
          length = bytes[2..<10].reduce(0) { $0 << 8 | Int($1) }
          offset = 10
        }
        guard bytes.count >= offset + length else { break }
        let opcode = bytes[0] & 0x0F
        let payload = Array(bytes[offset..<offset + length])
        bytes.removeFirst(offset + length)
        if opcode == 1 {
          answers.texts.append(String(decoding: payload, as: UTF8.self))
        } else if opcode == 8 {
          let code = payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : 1005
          answers.close = (code, String(decoding: payload.dropFirst(2), as: UTF8.self))
        }
        if let until, answers.texts.last?.contains(until) == true {
          pending = bytes
          return answers
        }
        if answers.close != nil { return answers }
      }
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return answers }
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let wait = untilClosed ? Int32(min(left, 1) * 1000) : 300
      if poll(&poller, 1, wait) <= 0 {
        if !untilClosed { return answers }
        continue
      }
      let n = read(fd, &buffer, buffer.count)
      if n <= 0 { return answers }
      bytes += buffer[..<n]
    }
  }

  func close() { _ = Glibc.close(fd) }
}
