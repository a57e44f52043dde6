/// A malformed JSON document: where and what.
package struct JSONParseError: Error, CustomStringConvertible, Sendable {
  /// 1-based line of the problem.
  package let line: Int
  /// 1-based column of the problem.
  package let column: Int
  /// What is wrong.
  package let message: String
  package var description: String { "line \(line), column \(column): \(message)" }
}

extension JSONValue {
  /// Parses a JSON document (RFC 8259). Numbers that overflow to infinity are rejected;
  /// duplicate keys in an object are rejected.
  ///
  /// ```swift
  /// let value = try JSONValue.parse(Array("[1, true, null]".utf8))
  /// ```
  /// - Throws: ``JSONParseError`` with the line and column of the first problem.
  package static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    parser.skipSpace()
    let value = try parser.parseValue(depth: 0)
    parser.skipSpace()
    guard parser.pos == bytes.count else { throw parser.error("unexpected text after the JSON value") }
    return value
  }
}

struct JSONParser {
  let bytes: [UInt8]
  var pos = 0

  func error(_ message: String) -> JSONParseError {
    var line = 1
    var column = 1
    for b in bytes[..<min(pos, bytes.count)] {
      if b == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return JSONParseError(line: line, column: column, message: message)
  }

  mutating func skipSpace() {
    while pos < bytes.count {
      switch bytes[pos] {
      case 0x20, 0x09, 0x0A, 0x0D: pos += 1
      default: return
      }
    }
  }

  mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth < 512 else { throw error("nesting deeper than 512 levels") }
    guard pos < bytes.count else { throw error("unexpected end of input") }
    switch bytes[pos] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    case UInt8(ascii: "N"), UInt8(ascii: "I"):
      throw error("NaN and Infinity are not JSON numbers; every number must be finite")
    default:
      let c = bytes[pos]
      let shown = c >= 0x20 && c < 0x7F ? "'\(Character(Unicode.Scalar(c)))'" : "byte \(c)"
      throw error("unexpected \(shown)")
    }
  }

  mutating func literal(_ word: StaticString) throws(JSONParseError) {
    let w = word.withUTF8Buffer { Array($0) }
    guard pos + w.count <= bytes.count, Array(bytes[pos..<pos + w.count]) == w else {
      throw error("invalid literal (expected \(word))")
    }
    pos += w.count
  }

  mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
    pos += 1
    var object = JSONObject()
    skipSpace()
    if pos < bytes.count, bytes[pos] == UInt8(ascii: "}") {
      pos += 1
      return .object(object)
    }
    while true {
      skipSpace()
      guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") else { throw error("expected a string key") }
      let keyPos = pos
      let key = try parseString()
      skipSpace()
      guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
      pos += 1
      skipSpace()
      let value = try parseValue(depth: depth + 1)
      guard object.append(key, value) else {
        pos = keyPos
        throw error("duplicate key \"\(key)\"")
      }
      skipSpace()
      guard pos < bytes.count else { throw error("unexpected end of input in an object") }
      if bytes[pos] == UInt8(ascii: ",") {
        pos += 1
        continue
      }
      guard bytes[pos] == UInt8(ascii: "}") else { throw error("expected ',' or '}' in an object") }
      pos += 1
      return .object(object)
    }
  }

  mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
    pos += 1
    var array: [JSONValue] = []
    skipSpace()
    if pos < bytes.count, bytes[pos] == UInt8(ascii: "]") {
      pos += 1
      return .array(array)
    }
    while true {
      skipSpace()
      array.append(try parseValue(depth: depth + 1))
      skipSpace()
      guard pos < bytes.count else { throw error("unexpected end of input in an array") }
      if bytes[pos] == UInt8(ascii: ",") {
        pos += 1
        continue
      }
      guard bytes[pos] == UInt8(ascii: "]") else { throw error("expected ',' or ']' in an array") }
      pos += 1
      return .array(array)
    }
  }

  mutating func parseNumber() throws(JSONParseError) -> Double {
    let start = pos
    if bytes[pos] == UInt8(ascii: "-") { pos += 1 }
    func digits(_ p: inout Int, _ bytes: [UInt8]) -> Int {
      let s = p
      while p < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[p]) { p += 1 }
      return p - s
    }
    guard digits(&pos, bytes) > 0 else { throw error("invalid number") }
    if pos < bytes.count, bytes[pos] == UInt8(ascii: ".") {
      pos += 1
      guard digits(&pos, bytes) > 0 else { throw error("invalid number: digits expected after '.'") }
    }
    if pos < bytes.count, bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E") {
      pos += 1
      if pos < bytes.count, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-") { pos += 1 }
      guard digits(&pos, bytes) > 0 else { throw error("invalid number: digits expected in the exponent") }
    }
    let text = String(decoding: bytes[start..<pos], as: UTF8.self)
    guard let value = Double(text) else { throw error("invalid number \(text)") }
    guard value.isFinite else {
      pos = start
      throw error("number \(text) is out of range (not finite)")
    }
    return value
  }

  mutating func parseString() throws(JSONParseError) -> String {
    pos += 1
    let start = pos
    // Fast path: no escapes.
    while pos < bytes.count {
      let b = bytes[pos]
      if b == UInt8(ascii: "\"") {
        let s = String(decoding: bytes[start..<pos], as: UTF8.self)
        pos += 1
        return s
      }
      if b == UInt8(ascii: "\\") { break }
      if b < 0x20 { throw error("control character in a string") }
      pos += 1
    }
    var out = Array(bytes[start..<min(pos, bytes.count)])
    while pos < bytes.count {
      let b = bytes[pos]
      if b == UInt8(ascii: "\"") {
        pos += 1
        return String(decoding: out, as: UTF8.self)
      }
      if b < 0x20 { throw error("control character in a string") }
      if b != UInt8(ascii: "\\") {
        out.append(b)
        pos += 1
        continue
      }
      pos += 1
      guard pos < bytes.count else { break }
      let e = bytes[pos]
      pos += 1
      switch e {
      case UInt8(ascii: "\""): out.append(0x22)
      case UInt8(ascii: "\\"): out.append(0x5C)
      case UInt8(ascii: "/"): out.append(0x2F)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var code = try hex4()
        if (0xD800..<0xDC00).contains(code) {
          guard pos + 1 < bytes.count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") else {
            throw error("unpaired surrogate in a string")
          }
          pos += 2
          let low = try hex4()
          guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair in a string") }
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw error("invalid escape \\u in a string") }
        out.append(contentsOf: Array(String(Character(scalar)).utf8))
      default:
        pos -= 1
        throw error("invalid escape in a string")
      }
    }
    throw error("unterminated string")
  }

  mutating func hex4() throws(JSONParseError) -> UInt32 {
    guard pos + 4 <= bytes.count else { throw error("incomplete \\u escape") }
    var v: UInt32 = 0
    for _ in 0..<4 {
      let b = bytes[pos]
      let d: UInt32
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
      default: throw error("invalid hex digit in a \\u escape")
      }
      v = v * 16 + d
      pos += 1
    }
    return v
  }
}
