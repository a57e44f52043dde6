import NIOCore

extension ConnectionGuard {
  /// Reads one HTTP/1.1 request (its head and body) as its bytes come, to where it ends, against
  /// DESIGN's limits: a request line over 8 KB is refused with 414; headers over 16 KB in all or
  /// more than 100 of them with 431; `Content-Length` with `Transfer-Encoding`, a coding other than
  /// `chunked` last, an unreadable length or a folded header line with 400; a body over 1 KB with 413.
  ///
  /// ```swift
  /// var scanner = ConnectionGuard.RequestScanner(limits: .init())
  /// let bytes = ByteBuffer(string: "GET / HTTP/1.1\r\nHost: a\r\n\r\n")
  /// scanner.scan(bytes.readableBytesView, from: 0)  // (.complete(upgrade: false), 27)
  /// ```
  ///
  /// It keeps only the header line being read (at most the 16 KB of the headers), and looks only at
  /// `Content-Length`, `Transfer-Encoding` and `Upgrade`: the HTTP decoder after it checks the rest.
  struct RequestScanner {
    /// Where a scan stopped.
    enum Step: Equatable {
      /// Every byte was read; the request goes on in the next ones.
      case more
      /// The request ended: `upgrade` when it asks for a WebSocket (`Upgrade: websocket`).
      case complete(upgrade: Bool)
      /// The request breaks a limit or is malformed.
      case refuse(Refusal)
    }

    private enum Phase {
      /// The request line so far (bytes before its LF, and empty lines before it).
      case requestLine(length: Int)
      /// A header line, in `line`.
      case header
      /// A body of `Content-Length`: this many bytes still to come.
      case body(remaining: Int)
      /// A chunked body's size line, in `line`.
      case chunkSize
      /// A chunk's data: this many bytes still to come.
      case chunkData(remaining: Int)
      /// The CRLF after a chunk's data.
      case chunkEnd
      /// A trailer line after the last chunk, in `line`.
      case trailer
    }

    let limits: Limits
    private var phase = Phase.requestLine(length: 0)
    private var line: [UInt8] = []
    private var headerBytes = 0
    private var headerCount = 0
    private var contentLength: Int?
    private var transferEncoding = false
    private var chunked = false
    private var upgrade = false
    private var bodyBytes = 0
    private var framingBytes = 0
    private var lastWasCR = false
    private var skippedEmptyLines = 0

    init(limits: Limits) { self.limits = limits }

    /// Reads `bytes` from index `start` (counted from the view's start) until the request ends or
    /// breaks a limit; returns where that happened (the index after the last byte read).
    mutating func scan(_ bytes: ByteBufferView, from start: Int) -> (step: Step, end: Int) {
      var index = bytes.startIndex + start
      while index < bytes.endIndex {
        switch phase {
        case .body(let remaining):
          let taken = min(remaining, bytes.endIndex - index)
          index += taken
          if taken == remaining { return (.complete(upgrade: upgrade), index - bytes.startIndex) }
          phase = .body(remaining: remaining - taken)
        default:
          let step = next(bytes[index])
          index += 1
          if step != .more { return (step, index - bytes.startIndex) }
        }
      }
      return (.more, index - bytes.startIndex)
    }

    private mutating func next(_ byte: UInt8) -> Step {
      switch phase {
      case .requestLine(let length):
        // An LF ends the line (a CR before it is not counted); a few empty lines before it are
        // skipped.
        if byte == lf {
          let counted = lastWasCR ? length - 1 : length
          lastWasCR = false
          if counted == 0 {
            skippedEmptyLines += 1
            phase = .requestLine(length: 0)
            return skippedEmptyLines > Self.maximumEmptyLines
              ? .refuse(.badRequest("empty lines for a request")) : .more
          }
          if counted > limits.requestLine { return .refuse(.requestLineTooLong) }
          phase = .header
          return .more
        }
        lastWasCR = byte == cr
        // One byte past the limit may still be the CR before the LF.
        if length > limits.requestLine { return .refuse(.requestLineTooLong) }
        phase = .requestLine(length: length + 1)
        return .more
      case .header:
        // `headerBytes` counts the lines that ended, with their CRLFs (not the empty line after
        // them); a line being read may go one byte over, which may be the CR of the empty line.
        if byte != lf {
          line.append(byte)
          if headerBytes + line.count > limits.headerBytes + 1 { return .refuse(.headersTooLarge) }
          return .more
        }
        headerBytes += line.count + 1
        if line.last == cr { line.removeLast() }
        if line.isEmpty { return headEnded() }
        if headerBytes > limits.headerBytes { return .refuse(.headersTooLarge) }
        headerCount += 1
        if headerCount > limits.headerCount { return .refuse(.headersTooLarge) }
        defer { line.removeAll(keepingCapacity: true) }
        return header(line)
      case .body:
        preconditionFailure("a body is read in bulk by scan(_:from:)")
      case .chunkSize:
        if let refusal = countFraming() { return .refuse(refusal) }
        guard byte == lf else {
          line.append(byte)
          return .more
        }
        if line.last == cr { line.removeLast() }
        let size = Self.trimmed(line.prefix { $0 != UInt8(ascii: ";") })
        line.removeAll(keepingCapacity: true)
        guard let length = Self.hex(size) else {
          return .refuse(.badRequest("a chunk size that is not a number"))
        }
        if length == 0 {
          phase = .trailer
          return .more
        }
        guard length <= limits.body - bodyBytes else { return .refuse(.bodyTooLarge) }
        bodyBytes += length
        phase = .chunkData(remaining: length)
        return .more
      case .chunkData(let remaining):
        phase = remaining == 1 ? .chunkEnd : .chunkData(remaining: remaining - 1)
        return .more
      case .chunkEnd:
        if let refusal = countFraming() { return .refuse(refusal) }
        if byte == cr, !lastWasCR {
          lastWasCR = true
          return .more
        }
        lastWasCR = false
        guard byte == lf else { return .refuse(.badRequest("a chunk without its CRLF")) }
        phase = .chunkSize
        return .more
      case .trailer:
        if let refusal = countFraming() { return .refuse(refusal) }
        guard byte == lf else {
          line.append(byte)
          return .more
        }
        if line.last == cr { line.removeLast() }
        let ended = line.isEmpty
        line.removeAll(keepingCapacity: true)
        return ended ? .complete(upgrade: upgrade) : .more
      }
    }

    private static let maximumEmptyLines = 8

    /// One header line, without its CRLF.
    private mutating func header(_ line: [UInt8]) -> Step {
      if line.first == space || line.first == tab { return .refuse(.badRequest("a folded header line")) }
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0 else {
        return .refuse(.badRequest("a header line without a name and a colon"))
      }
      let name = line[..<colon]
      if name.contains(space) || name.contains(tab) { return .refuse(.badRequest("a space in a header name")) }
      let value = Self.trimmed(line[(colon + 1)...])
      if Self.equalsLowercased(name, "content-length") {
        guard let length = Self.decimal(value), contentLength == nil || contentLength == length else {
          return .refuse(.badRequest("an unreadable Content-Length"))
        }
        contentLength = length
      } else if Self.equalsLowercased(name, "transfer-encoding") {
        transferEncoding = true
        let last = value.split(separator: UInt8(ascii: ",")).last.map { Self.trimmed($0) } ?? []
        chunked = Self.equalsLowercased(last, "chunked")
      } else if Self.equalsLowercased(name, "upgrade") {
        if value.split(separator: UInt8(ascii: ",")).contains(where: {
          Self.equalsLowercased(Self.trimmed($0), "websocket")
        }) {
          upgrade = true
        }
      }
      return .more
    }

    /// The empty line after the headers: what body follows.
    private mutating func headEnded() -> Step {
      if transferEncoding {
        if contentLength != nil { return .refuse(.badRequest("Content-Length with Transfer-Encoding")) }
        guard chunked else { return .refuse(.badRequest("a Transfer-Encoding that does not end in chunked")) }
        phase = .chunkSize
        return .more
      }
      let length = contentLength ?? 0
      if length > limits.body { return .refuse(.bodyTooLarge) }
      if length == 0 { return .complete(upgrade: upgrade) }
      phase = .body(remaining: length)
      return .more
    }

    /// Counts one byte of a chunked body's framing (size lines, CRLFs, trailers).
    private mutating func countFraming() -> Refusal? {
      framingBytes += 1
      return framingBytes > limits.chunkFraming ? .bodyTooLarge : nil
    }

    private static func trimmed(_ bytes: some Collection<UInt8>) -> ArraySlice<UInt8> {
      let array = Array(bytes)
      guard let first = array.firstIndex(where: { $0 != space && $0 != tab }),
        let last = array.lastIndex(where: { $0 != space && $0 != tab })
      else { return [] }
      return array[first...last]
    }

    /// Whether `bytes`, lower-cased (ASCII), are `text`.
    private static func equalsLowercased(_ bytes: some Collection<UInt8>, _ text: StaticString) -> Bool {
      guard bytes.count == text.utf8CodeUnitCount else { return false }
      return zip(bytes, UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)).allSatisfy {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 == $1 : $0 == $1
      }
    }

    /// Digits as a length (a number with more than 9 digits saturates past every limit).
    private static func decimal(_ bytes: ArraySlice<UInt8>) -> Int? {
      guard !bytes.isEmpty, bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
        return nil
      }
      let digits = bytes.drop { $0 == UInt8(ascii: "0") }
      guard digits.count <= 9 else { return Int.max }
      return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// Hex digits as a chunk size (more than 8 saturates past every limit).
    private static func hex(_ bytes: ArraySlice<UInt8>) -> Int? {
      guard !bytes.isEmpty else { return nil }
      var value = 0
      var significant = 0
      for byte in bytes {
        let digit: Int
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
        if significant > 0 || digit > 0 { significant += 1 }
        if significant > 8 { return Int.max / 2 }
        value = value * 16 + digit
      }
      return value
    }
  }
}

private let cr = UInt8(ascii: "\r")
private let lf = UInt8(ascii: "\n")
private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")
