import NIOCore
import ReorderTestSupport
import Testing

@testable import ReorderServer

extension GuardTests {
  /// The guard's parsers and state machine alone, with time given by hand (no sockets).
  @Suite("the guard's parsers")
  struct Parsers {
    typealias Machine = ConnectionGuard.Machine

    /// A request scanned at once, and byte by byte: both must agree.
    func scan(_ text: String, limits: ConnectionGuard.Limits = .init()) -> ConnectionGuard.RequestScanner.Step {
      let bytes = ByteBuffer(string: text)
      var whole = ConnectionGuard.RequestScanner(limits: limits)
      let (step, _) = whole.scan(bytes.readableBytesView, from: 0)
      var single = ConnectionGuard.RequestScanner(limits: limits)
      var last = ConnectionGuard.RequestScanner.Step.more
      for index in 0..<bytes.readableBytes where last == .more {
        last = single.scan(bytes.getSlice(at: index, length: 1)!.readableBytesView, from: 0).step
      }
      #expect(last == step, "byte by byte: \(last), at once: \(step)")
      return step
    }

    @Test func requestLimitsAtTheirBoundaries() {
      let host = "Host: a\r\n"
      #expect(scan("GET / HTTP/1.1\r\n\(host)\r\n") == .complete(upgrade: false))
      // The request line: 8192 bytes before its CRLF pass, 8193 do not (nor without the CR).
      let line = { (length: Int) in "GET /" + String(repeating: "a", count: length - 14) + " HTTP/1.1" }
      #expect(line(8192).utf8.count == 8192)
      #expect(scan(line(8192) + "\r\n\(host)\r\n") == .complete(upgrade: false))
      #expect(scan(line(8193) + "\r\n\(host)\r\n") == .refuse(.requestLineTooLong))
      #expect(scan(line(8193) + "\n\(host)\n") == .refuse(.requestLineTooLong))
      #expect(scan(line(100_000)) == .refuse(.requestLineTooLong))
      // Headers: 16,384 bytes with their CRLFs pass, one more does not; 100 lines pass, 101 do not.
      let header = { (size: Int) in "X: " + String(repeating: "v", count: size - 5) + "\r\n" }
      #expect(scan("GET / HTTP/1.1\r\n\(header(16384))\r\n") == .complete(upgrade: false))
      #expect(scan("GET / HTTP/1.1\r\n\(header(16385))\r\n") == .refuse(.headersTooLarge))
      let headers = { (count: Int) in (0..<count).map { "X-\($0): v\r\n" }.joined() }
      #expect(scan("GET / HTTP/1.1\r\n\(headers(100))\r\n") == .complete(upgrade: false))
      #expect(scan("GET / HTTP/1.1\r\n\(headers(101))\r\n") == .refuse(.headersTooLarge))
      // Bodies: 1024 bytes pass, 1025 do not, by length or chunked.
      let body = String(repeating: "b", count: 1024)
      #expect(scan("POST / HTTP/1.1\r\nContent-Length: 1024\r\n\r\n\(body)") == .complete(upgrade: false))
      #expect(scan("POST / HTTP/1.1\r\nContent-Length: 1025\r\n\r\n") == .refuse(.bodyTooLarge))
      #expect(scan("POST / HTTP/1.1\r\ncontent-length: 99999999999999999999\r\n\r\n") == .refuse(.bodyTooLarge))
      let chunked = "POST / HTTP/1.1\r\nTransfer-Encoding: gzip, Chunked\r\n\r\n"
      #expect(
        scan(chunked + "200\r\n\(body.prefix(512))\r\n200;x=y\r\n\(body.prefix(512))\r\n0\r\nT: 1\r\n\r\n")
          == .complete(upgrade: false))
      #expect(scan(chunked + "400\r\n\(body)\r\n1\r\n") == .refuse(.bodyTooLarge))
      #expect(scan(chunked + "fffffffffffffffffffff\r\n") == .refuse(.bodyTooLarge))
      #expect(scan(chunked + "zz\r\n") == .refuse(.badRequest("a chunk size that is not a number")))
      // Malformed: CL with TE, a last coding that is not chunked, two lengths, a folded line.
      #expect(
        scan("POST / HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n")
          == .refuse(.badRequest("Content-Length with Transfer-Encoding")))
      #expect(
        scan("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nCONTENT-LENGTH: 5\r\n\r\n")
          == .refuse(.badRequest("Content-Length with Transfer-Encoding")))
      #expect(scan("POST / HTTP/1.1\r\nTransfer-Encoding: chunked, gzip\r\n\r\n").isBadRequest)
      #expect(scan("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n").isBadRequest)
      #expect(scan("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n").isBadRequest)
      #expect(scan("GET / HTTP/1.1\r\nX: a\r\n folded\r\n\r\n").isBadRequest)
      #expect(scan("GET / HTTP/1.1\r\nX : a\r\n\r\n").isBadRequest)
      #expect(scan("GET / HTTP/1.1\r\nno colon\r\n\r\n").isBadRequest)
      // The upgrade, among other protocols, in any case.
      #expect(
        scan("GET / HTTP/1.1\r\nUpgrade: h2c, WebSocket\r\nConnection: Upgrade\r\n\r\n") == .complete(upgrade: true))
      #expect(scan("GET / HTTP/1.1\r\nUpgrade: websocket/13\r\n\r\n") == .complete(upgrade: false))
    }

    /// Frames scanned at once: the result (refusals carry where the bad frame starts).
    func frames(_ bytes: [UInt8]) -> ConnectionGuard.FrameScanner.Scan {
      var scanner = ConnectionGuard.FrameScanner(maximumMessage: 1 << 16)
      return scanner.scan(ByteBuffer(bytes: bytes).readableBytesView, from: 0)
    }

    @Test func messageSizesAtThe64KBBoundary() {
      let kb = [UInt8](repeating: 0x61, count: 1024)
      // 64 fragments of 1 KB: exactly 65,536 bytes pass; a 65th byte in a continuation does not.
      let exact = (0..<64).flatMap { clientFrame(opcode: $0 == 0 ? 1 : 0, fin: $0 == 63, kb) }
      #expect(frames(exact) == .fine(complete: exact.count))
      let over = (0..<64).flatMap { clientFrame(opcode: $0 == 0 ? 1 : 0, fin: false, kb) }
      #expect(frames(over + clientFrame(opcode: 0, [1])) == .violation(frameStart: over.count, .messageTooBig))
      // 65,535 then 1 passes; then a next message starts from 0; a ping in the middle does not count.
      let big = clientFrame(opcode: 2, fin: false, [UInt8](repeating: 0, count: 65535))
      let ping = clientFrame(opcode: 9, [UInt8](repeating: 0, count: 125))
      let stream =
        big + ping + clientFrame(opcode: 0, [1]) + clientFrame(opcode: 1, [UInt8](repeating: 0, count: 65536))
      #expect(frames(stream) == .fine(complete: stream.count))
      #expect(
        frames(big + ping + clientFrame(opcode: 0, [1, 2]))
          == .violation(frameStart: big.count + ping.count, .messageTooBig))
      #expect(
        frames(clientFrame(opcode: 1, [UInt8](repeating: 0, count: 65537))) == .violation(frameStart: 0, .messageTooBig)
      )
    }

    @Test func sixtyFourBitLengthsNeverTrap() {
      let mask: [UInt8] = [0, 0, 0, 0]
      let top: [UInt8] = [0x82, 0xFF] + [UInt8](repeating: 0xFF, count: 8) + mask
      #expect(frames(top) == .violation(frameStart: 0, .protocolError("frame length with its top bit set")))
      let largest: [UInt8] = [0x82, 0xFF, 0x7F] + [UInt8](repeating: 0xFF, count: 7) + mask
      #expect(frames(largest) == .violation(frameStart: 0, .messageTooBig))
      // Within a message of 65,535 bytes: the largest lengths still compare without overflow.
      let started = clientFrame(opcode: 1, fin: false, [UInt8](repeating: 0, count: 65535))
      let continuation: [UInt8] = [0x80, 0xFF, 0x7F] + [UInt8](repeating: 0xFF, count: 7) + mask
      #expect(frames(started + continuation) == .violation(frameStart: started.count, .messageTooBig))
      let one: [UInt8] = [0x80, 0xFF] + [UInt8](repeating: 0, count: 7) + [1] + mask + [0]
      #expect(frames(started + one) == .fine(complete: started.count + one.count))
      // A payload longer than Int.max on 64 bits is never converted to Int: only its header is read.
      var scanner = ConnectionGuard.FrameScanner(maximumMessage: Int.max)
      let huge: [UInt8] = [0x82, 0xFF, 0x7F] + [UInt8](repeating: 0xFF, count: 7) + mask + [1, 2, 3]
      #expect(scanner.scan(ByteBuffer(bytes: huge).readableBytesView, from: 0) == .fine(complete: huge.count))
    }

    @Test func protocolErrors() {
      #expect(
        frames(clientFrame(opcode: 1, [0x7B], masked: false))
          == .violation(frameStart: 0, .protocolError("unmasked frame")))
      for opcode in [3, 4, 5, 6, 7, 11, 12, 13, 14, 15] as [UInt8] {
        #expect(frames(clientFrame(opcode: opcode, [])) == .violation(frameStart: 0, .protocolError("reserved opcode")))
      }
      for rsv in [0x40, 0x20, 0x10] as [UInt8] {
        #expect(
          frames(clientFrame(opcode: 1, [1], rsv: rsv))
            == .violation(frameStart: 0, .protocolError("reserved bits set")))
      }
      #expect(
        frames(clientFrame(opcode: 0, [1])) == .violation(frameStart: 0, .protocolError("continuation without a start"))
      )
      let start = clientFrame(opcode: 1, fin: false, [1])
      #expect(
        frames(start + clientFrame(opcode: 2, [1]))
          == .violation(frameStart: start.count, .protocolError("new message inside a fragmented one")))
      #expect(
        frames(clientFrame(opcode: 9, [UInt8](repeating: 0, count: 126)))
          == .violation(frameStart: 0, .protocolError("control frame over 125 bytes")))
      #expect(
        frames(clientFrame(opcode: 10, fin: false, []))
          == .violation(frameStart: 0, .protocolError("fragmented control frame")))
      let ok = clientFrame(opcode: 8, [0x03, 0xE8]) + clientFrame(opcode: 10, [UInt8](repeating: 0, count: 125))
      #expect(frames(ok) == .fine(complete: ok.count))
    }

    /// A stream of frames cut at random places: what the machine lets through is the stream up to
    /// the first bad frame, exactly, wherever the cuts fall (seeded).
    @Test(arguments: 0..<20)
    func framesSplitAnywhereLetThroughTheSamePrefix(seed: UInt64) {
      var random = SplitMix(seed: seed)
      var good: [UInt8] = []
      for _ in 0..<Int.random(in: 1...12, using: &random) {
        let size = [0, 1, 125, 126, 1000, 65535, 65536][Int.random(in: 0..<7, using: &random)]
        let fragments = Int.random(in: 1...3, using: &random)
        let share = size / fragments
        for index in 0..<fragments {
          let count = index == fragments - 1 ? size - share * (fragments - 1) : share
          good += clientFrame(
            opcode: index == 0 ? 1 : 0, fin: index == fragments - 1, [UInt8](repeating: 7, count: count))
          if Bool.random(using: &random) { good += clientFrame(opcode: 9, [1, 2]) }
        }
      }
      let bad = seed % 2 == 0 ? clientFrame(opcode: 3, [1]) : []
      let stream = good + bad + clientFrame(opcode: 1, [2])
      var machine = upgradedMachine()
      var forwarded: [UInt8] = []
      var refused: ConnectionGuard.Refusal?
      var index = 0
      while index < stream.count, refused == nil {
        let cut = min(stream.count, index + Int.random(in: 1...20_000, using: &random))
        switch machine.received(ByteBuffer(bytes: stream[index..<cut]), now: .uptimeNanoseconds(0)) {
        case .wait: break
        case .forward(let bytes): forwarded += bytes.readableBytesView
        case .refuse(let bytes, let refusal):
          forwarded += bytes?.readableBytesView ?? ByteBuffer().readableBytesView
          refused = refusal
        }
        index = cut
      }
      if bad.isEmpty {
        #expect(refused == nil && forwarded == stream)
      } else {
        #expect(refused == .protocolError("reserved opcode") && forwarded == good)
      }
    }

    /// A machine past an accepted upgrade (at time 0).
    func upgradedMachine() -> Machine {
      var machine = Machine(limits: .init(), now: .uptimeNanoseconds(0))
      _ = machine.received(
        ByteBuffer(string: "GET /live HTTP/1.1\r\nUpgrade: websocket\r\n\r\n"), now: .uptimeNanoseconds(0))
      _ = machine.answerStarts(
        with: ByteBuffer(string: "HTTP/1.1 101 Switching").readableBytesView, now: .uptimeNanoseconds(0))
      return machine
    }

    @Test func requestsGoThroughWholeAndInTime() {
      let second: Int64 = 1_000_000_000
      let at = { (seconds: Int64) in NIODeadline.uptimeNanoseconds(UInt64(seconds * second)) }
      var machine = Machine(limits: .init(), now: at(100))
      #expect(machine.deadline == at(110))
      // Held until the request ends, then let through whole (two of them at once when they come so).
      #expect(machine.received(ByteBuffer(string: "GET /a HTTP/1.1\r\n"), now: at(101)) == .wait)
      let both = "Host: x\r\n\r\nGET /b HTTP/1.1\r\n\r\n"
      #expect(
        machine.received(ByteBuffer(string: both), now: at(102))
          == .forward(ByteBuffer(string: "GET /a HTTP/1.1\r\n" + both)))
      // Idle: 60 s from the end, moved by what the server writes.
      #expect(machine.deadline == at(162) && machine.watchesWrites)
      machine.wrote(now: at(130))
      #expect(machine.deadline == at(190))
      #expect(machine.timerFired(now: at(162)) == .wait)
      // A next request's first byte: its head is due 10 s after it.
      #expect(machine.received(ByteBuffer(string: "G"), now: at(150)) == .wait)
      #expect(machine.deadline == at(160) && !machine.watchesWrites)
      #expect(machine.timerFired(now: at(159)) == .wait)
      #expect(machine.timerFired(now: at(160)) == .refuse(.timeout))
      #expect(machine.deadline == nil)
      #expect(machine.received(ByteBuffer(string: "ET / HTTP/1.1\r\n\r\n"), now: at(161)) == .wait)
      // A connection idle after its request is closed with no answer.
      var idle = Machine(limits: .init(), now: at(0))
      _ = idle.received(ByteBuffer(string: "GET / HTTP/1.1\r\n\r\n"), now: at(1))
      #expect(idle.timerFired(now: at(61)) == .refuse(.quiet))
      // A request, then a bad one: the first goes through, then the refusal.
      var bad = Machine(limits: .init(), now: at(0))
      #expect(
        bad.received(ByteBuffer(string: "GET / HTTP/1.1\r\n\r\nGET / HTTP/1.1\r\nA: 1\r\n b\r\n"), now: at(1))
          == .refuse(forwarding: ByteBuffer(string: "GET / HTTP/1.1\r\n\r\n"), .badRequest("a folded header line")))
    }

    @Test func theUpgradeWaitsForTheServersAnswer() {
      let now = NIODeadline.uptimeNanoseconds(0)
      let upgrade = "GET /live HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"
      let hello = clientFrame(opcode: 1, Array(#"{"type":"hello"}"#.utf8))
      for accepted in [true, false] {
        var machine = Machine(limits: .init(), now: now)
        var bytes = ByteBuffer(string: upgrade)
        bytes.writeBytes(hello)
        #expect(machine.received(bytes, now: now) == .forward(ByteBuffer(string: upgrade)))
        #expect(machine.awaitsUpgradeAnswer && machine.deadline == nil)
        let answer = accepted ? "HTTP/1.1 101 Switching Protocols\r\n" : "HTTP/1.1 400 Bad Request\r\n"
        let action = machine.answerStarts(with: ByteBuffer(string: answer).readableBytesView, now: now)
        if accepted {
          // The frames sent meanwhile go through; an unmasked one then closes with 1002.
          #expect(action == .forward(ByteBuffer(bytes: hello)))
          #expect(
            machine.received(ByteBuffer(bytes: clientFrame(opcode: 1, [1], masked: false)), now: now)
              == .refuse(forwarding: nil, .protocolError("unmasked frame")))
        } else {
          // Not upgraded: the bytes are read as HTTP, the start of a request due in 10 s.
          #expect(action == .wait && machine.deadline == now + .seconds(10) && !machine.awaitsUpgradeAnswer)
        }
      }
    }

    @Test func forceCloseAndItsFrame() {
      var machine = upgradedMachine()
      let close = ConnectionGuard.ForceClose(code: 1008, reason: "slow consumer")
      #expect(machine.forceClose(close) == .webSocket(code: 1008, reason: "slow consumer"))
      #expect(machine.forceClose(close) == nil)
      #expect(machine.received(ByteBuffer(bytes: clientFrame(opcode: 1, [1])), now: .uptimeNanoseconds(0)) == .wait)
      var http = Machine(limits: .init(), now: .uptimeNanoseconds(0))
      #expect(http.forceClose(close) == .quiet)
      let frame = ConnectionGuard.answer(.messageTooBig, allocator: .init())!
      #expect(Array(frame.readableBytesView) == [0x88, 20, 0x03, 0xF1] + Array("message over 64 KB".utf8))
      let answer = ConnectionGuard.answer(.timeout, allocator: .init())!
      let parsed = try? parseAnswer(Array(answer.readableBytesView))
      #expect(parsed?.status == 408 && parsed?.headers["connection"] == "close")
      #expect(parsed?.text == "The request was not read within 10 s.\n")
    }
  }
}

extension ConnectionGuard.RequestScanner.Step {
  var isBadRequest: Bool {
    if case .refuse(.http(400, _, _)) = self { return true }
    return false
  }
}
