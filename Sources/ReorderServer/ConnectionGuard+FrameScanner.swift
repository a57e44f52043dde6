import NIOCore

extension ConnectionGuard {
  /// Reads a client's WebSocket frames (RFC 6455 §5) as their bytes come, headers only (payloads
  /// are skipped in bulk, never looked at), against the live endpoint's rules:
  /// - a message over ``Limits/message`` bytes, however it is fragmented: 1009;
  /// - an unmasked frame, a reserved opcode (3–7, 11–15), a reserved bit set (no extension is
  ///   negotiated), a continuation with no message started, a text or binary frame inside a
  ///   fragmented message, a control frame over 125 bytes or not final, a 64-bit length with its
  ///   top bit set: 1002.
  ///
  /// ```swift
  /// var frames = ConnectionGuard.FrameScanner(maximumMessage: 65_536)
  /// // An unmasked text frame "hi":
  /// frames.scan(ByteBuffer(bytes: [0x81, 0x02, 0x68, 0x69]).readableBytesView, from: 0)
  /// // .violation(frameStart: 0, .webSocket(code: 1002, reason: "unmasked frame"))
  /// ```
  ///
  /// Lengths are read as `UInt64` and compared without arithmetic that could overflow.
  struct FrameScanner {
    /// Where a scan stopped.
    enum Scan: Equatable {
      /// Every byte was read; the first `complete` of them end where a frame's header is whole
      /// (the rest are the start of a header still to come).
      case fine(complete: Int)
      /// The frame whose header begins at this index breaks a rule.
      case violation(frameStart: Int, Refusal)
    }

    private enum Phase {
      /// A frame's header: `collected` of its bytes read so far.
      case header(Header)
      /// A payload: this many bytes still to come.
      case payload(remaining: UInt64)
    }

    private struct Header {
      var collected = 0
      var first: UInt8 = 0
      var second: UInt8 = 0
      var length: UInt64 = 0
      /// 2, 4 or 10, and 4 more for the mask (once the second byte is read).
      var size = 2
    }

    let maximumMessage: UInt64
    private var phase = Phase.header(Header())
    /// Whether a text or binary frame without FIN started a message its continuations go on.
    private var inMessage = false
    /// The payload bytes of the message so far (at most ``maximumMessage``).
    private var messageBytes: UInt64 = 0

    init(maximumMessage: Int) { self.maximumMessage = UInt64(maximumMessage) }

    /// Reads `bytes` from index `start` (counted from the view's start). The bytes before `start`
    /// must be the part of the current header read by the last scan (its `count - complete`).
    mutating func scan(_ bytes: ByteBufferView, from start: Int) -> Scan {
      var index = start
      let count = bytes.count
      while index < count {
        switch phase {
        case .payload(let remaining):
          let available = UInt64(count - index)
          if remaining <= available {
            index += Int(remaining)
            phase = .header(Header())
          } else {
            index = count
            phase = .payload(remaining: remaining - available)
          }
        case .header(var header):
          let byte = bytes[bytes.startIndex + index]
          index += 1
          if let refusal = read(byte, into: &header) {
            return .violation(frameStart: index - header.collected, refusal)
          }
          if header.collected == header.size {
            if let refusal = ended(header) { return .violation(frameStart: index - header.collected, refusal) }
            phase = header.length == 0 ? .header(Header()) : .payload(remaining: header.length)
          } else {
            phase = .header(header)
          }
        }
      }
      if case .header(let header) = phase { return .fine(complete: count - header.collected) }
      return .fine(complete: count)
    }

    /// One byte of a header; the first two are checked as soon as they are read.
    private func read(_ byte: UInt8, into header: inout Header) -> Refusal? {
      defer { header.collected += 1 }
      switch header.collected {
      case 0:
        header.first = byte
        return nil
      case 1:
        header.second = byte
        let opcode = header.first & 0x0F
        let final = header.first & 0x80 != 0
        let length = byte & 0x7F
        if header.first & 0x70 != 0 { return .protocolError("reserved bits set") }
        if (3...7).contains(opcode) || opcode >= 11 { return .protocolError("reserved opcode") }
        if byte & 0x80 == 0 { return .protocolError("unmasked frame") }
        if opcode >= 8 {
          if !final { return .protocolError("fragmented control frame") }
          if length > 125 { return .protocolError("control frame over 125 bytes") }
        } else if opcode == 0, !inMessage {
          return .protocolError("continuation without a start")
        } else if opcode != 0, inMessage {
          return .protocolError("new message inside a fragmented one")
        }
        header.length = length < 126 ? UInt64(length) : 0
        header.size = 2 + (length == 126 ? 2 : length == 127 ? 8 : 0) + 4
        return nil
      case let n where n < header.size - 4:
        header.length = header.length << 8 | UInt64(byte)
        return nil
      default:
        return nil  // the mask key
      }
    }

    /// A whole header: its length against the message's.
    private mutating func ended(_ header: Header) -> Refusal? {
      if header.length >> 63 != 0 { return .protocolError("frame length with its top bit set") }
      let opcode = header.first & 0x0F
      guard opcode < 8 else { return nil }
      // messageBytes <= maximumMessage, so the subtraction cannot overflow.
      if header.length > maximumMessage - messageBytes { return .messageTooBig }
      if header.first & 0x80 != 0 {
        inMessage = false
        messageBytes = 0
      } else {
        inMessage = true
        messageBytes += header.length
      }
      return nil
    }
  }
}
