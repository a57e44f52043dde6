/// Why a frame could not be read: not JSON, or JSON that is not the message it claims to be.
///
/// ```swift
/// do { _ = try ServerMessage(json: "[]") } catch { print(error.message) }   // "a message is a JSON object"
/// ```
public struct WireError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, in a line (it never quotes the input).
  public var message: String
  /// The `error` code a server answers it with.
  public var code: ErrorCode
  /// A commit whose gesture could be read but not its change: answered `rejected` (`invalid`).
  public var gesture: String?

  /// An error with its message.
  ///
  /// ```swift
  /// WireError("revision: a whole number from 1")
  /// ```
  public init(_ message: String, code: ErrorCode = .malformed, gesture: String? = nil) {
    self.message = message
    self.code = code
    self.gesture = gesture
  }

  /// The message.
  public var description: String { message }
}

extension SyncJSON {
  /// The deepest nesting read: the wire's messages go 6 levels deep.
  public static let maximumDepth = 32

  /// Parses one JSON document (RFC 8259): strict, no trailing text, a repeated key refused, at most
  /// ``maximumDepth`` levels.
  ///
  /// ```swift
  /// let value = try SyncJSON.parse(#"{"type": "ack", "gesture": "g1", "revision": 7}"#)
  /// ```
  /// - Complexity: O(n) in the text's length.
  /// - Throws: ``WireError`` naming the byte offset of the first problem.
  public static func parse(_ text: String) throws(WireError) -> SyncJSON {
    var parser = Parser(bytes: Array(text.utf8))
    parser.skipSpace()
    let value = try parser.value(depth: 0)
    parser.skipSpace()
    guard parser.at == parser.bytes.count else { throw parser.error("text after the JSON value") }
    return value
  }
}

/// A recursive descent over UTF-8 bytes.
private struct Parser {
  let bytes: [UInt8]
  var at = 0

  func error(_ what: String) -> WireError { WireError("JSON at byte \(at): \(what)") }

  mutating func skipSpace() {
    while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0A || bytes[at] == 0x0D {
      at += 1
    }
  }

  mutating func value(depth: Int) throws(WireError) -> SyncJSON {
    guard depth < SyncJSON.maximumDepth else { throw error("nested deeper than \(SyncJSON.maximumDepth) levels") }
    guard at < bytes.count else { throw error("unexpected end") }
    switch bytes[at] {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default: throw error("unexpected byte \(bytes[at])")
    }
  }

  mutating func literal(_ word: StaticString) throws(WireError) {
    let count = word.utf8CodeUnitCount
    guard at + count <= bytes.count else { throw error("unexpected end") }
    var i = 0
    while i < count {
      guard bytes[at + i] == word.utf8Start[i] else { throw error("not true, false or null") }
      i += 1
    }
    at += count
  }

  mutating func object(depth: Int) throws(WireError) -> SyncJSON {
    at += 1
    var members: [SyncJSON.Member] = []
    skipSpace()
    if at < bytes.count, bytes[at] == UInt8(ascii: "}") {
      at += 1
      return .object([])
    }
    while true {
      skipSpace()
      guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw error("a key is a string") }
      let key = try string()
      for member in members where member.key == key { throw error("a key named twice") }
      skipSpace()
      guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw error("':' after a key") }
      at += 1
      skipSpace()
      members.append(SyncJSON.Member(key: key, value: try value(depth: depth + 1)))
      skipSpace()
      guard at < bytes.count else { throw error("unexpected end") }
      if bytes[at] == UInt8(ascii: ",") {
        at += 1
        continue
      }
      guard bytes[at] == UInt8(ascii: "}") else { throw error("',' or '}' in an object") }
      at += 1
      return .object(members)
    }
  }

  mutating func array(depth: Int) throws(WireError) -> SyncJSON {
    at += 1
    var elements: [SyncJSON] = []
    skipSpace()
    if at < bytes.count, bytes[at] == UInt8(ascii: "]") {
      at += 1
      return .array([])
    }
    while true {
      skipSpace()
      elements.append(try value(depth: depth + 1))
      skipSpace()
      guard at < bytes.count else { throw error("unexpected end") }
      if bytes[at] == UInt8(ascii: ",") {
        at += 1
        continue
      }
      guard bytes[at] == UInt8(ascii: "]") else { throw error("',' or ']' in an array") }
      at += 1
      return .array(elements)
    }
  }

  mutating func number() throws(WireError) -> String {
    let start = at
    if bytes[at] == UInt8(ascii: "-") { at += 1 }
    guard at < bytes.count, isDigit(bytes[at]) else { throw error("a digit") }
    if bytes[at] == UInt8(ascii: "0") {
      at += 1
    } else {
      while at < bytes.count, isDigit(bytes[at]) { at += 1 }
    }
    if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
      at += 1
      guard at < bytes.count, isDigit(bytes[at]) else { throw error("a digit after '.'") }
      while at < bytes.count, isDigit(bytes[at]) { at += 1 }
    }
    if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
      at += 1
      if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
      guard at < bytes.count, isDigit(bytes[at]) else { throw error("a digit in the exponent") }
      while at < bytes.count, isDigit(bytes[at]) { at += 1 }
    }
    return String(decoding: bytes[start..<at], as: UTF8.self)
  }

  func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

  mutating func string() throws(WireError) -> String {
    at += 1
    var out: [UInt8] = []
    while true {
      guard at < bytes.count else { throw error("a string not closed") }
      let b = bytes[at]
      at += 1
      switch b {
      case UInt8(ascii: "\""):
        return try utf8(out)
      case UInt8(ascii: "\\"):
        guard at < bytes.count else { throw error("a string not closed") }
        let e = bytes[at]
        at += 1
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"): try escapedScalar(into: &out)
        default: throw error("an unknown escape")
        }
      case 0..<0x20:
        throw error("a control character in a string")
      default:
        out.append(b)
      }
    }
  }

  /// `\uXXXX`, with a surrogate pair for a scalar past U+FFFF.
  mutating func escapedScalar(into out: inout [UInt8]) throws(WireError) {
    var scalar = try hex4()
    if scalar >= 0xD800, scalar < 0xDC00 {
      guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
        throw error("a lone surrogate")
      }
      at += 2
      let low = try hex4()
      guard low >= 0xDC00, low < 0xE000 else { throw error("a lone surrogate") }
      scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
    } else if scalar >= 0xDC00, scalar < 0xE000 {
      throw error("a lone surrogate")
    }
    guard let value = Unicode.Scalar(scalar) else { throw error("not a Unicode scalar") }
    out.append(contentsOf: UTF8.encode(value).map { Array($0) } ?? [])
  }

  mutating func hex4() throws(WireError) -> UInt32 {
    guard at + 4 <= bytes.count else { throw error("four hex digits after \\u") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let b = bytes[at]
      let digit: UInt32
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
      default: throw error("four hex digits after \\u")
      }
      value = value << 4 | digit
      at += 1
    }
    return value
  }

  /// The bytes as a string, refusing invalid UTF-8 (never replaced in silence).
  func utf8(_ bytes: [UInt8]) throws(WireError) -> String {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return String(decoding: bytes, as: UTF8.self)
      case .error: throw error("a string that is not UTF-8")
      }
    }
  }
}
