import Foundation

/// A strict JSON parser (RFC 8259) that reports where the text goes wrong.
struct JSONParser {
  struct Error: Swift.Error, CustomStringConvertible {
    var description: String
  }

  let bytes: [UInt8]
  var i = 0
  var depth = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  mutating func parseDocument() throws -> JSONValue {
    let value = try parseValue()
    skipSpace()
    guard i == bytes.count else { throw fail("trailing characters") }
    return value
  }

  private func fail(_ what: String) -> Error {
    Error(description: i >= bytes.count ? "unexpected end of file" : "\(what) at byte \(i)")
  }

  private mutating func skipSpace() {
    while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
  }

  private mutating func expect(_ literal: String) throws {
    for b in literal.utf8 {
      guard i < bytes.count, bytes[i] == b else { throw fail("invalid literal") }
      i += 1
    }
  }

  private mutating func parseValue() throws -> JSONValue {
    skipSpace()
    guard i < bytes.count else { throw fail("") }
    switch bytes[i] {
    case UInt8(ascii: "{"):
      depth += 1
      guard depth < 200 else { throw fail("nesting too deep") }
      defer { depth -= 1 }
      i += 1
      var pairs: [(String, JSONValue)] = []
      skipSpace()
      if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
        i += 1
        return .object(pairs)
      }
      while true {
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a key") }
        let key = try parseString()
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
        i += 1
        pairs.append((key, try parseValue()))
        skipSpace()
        guard i < bytes.count else { throw fail("") }
        if bytes[i] == UInt8(ascii: ",") {
          i += 1
          continue
        }
        guard bytes[i] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
        i += 1
        return .object(pairs)
      }
    case UInt8(ascii: "["):
      depth += 1
      guard depth < 200 else { throw fail("nesting too deep") }
      defer { depth -= 1 }
      i += 1
      var items: [JSONValue] = []
      skipSpace()
      if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
        i += 1
        return .array(items)
      }
      while true {
        items.append(try parseValue())
        skipSpace()
        guard i < bytes.count else { throw fail("") }
        if bytes[i] == UInt8(ascii: ",") {
          i += 1
          continue
        }
        guard bytes[i] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
        i += 1
        return .array(items)
      }
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expect("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expect("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expect("null")
      return .null
    default: return .number(try parseNumber())
    }
  }

  private mutating func parseNumber() throws -> Double {
    let start = i
    while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
    guard i > start, let text = String(bytes: bytes[start..<i], encoding: .utf8), let value = Double(text),
      value.isFinite
    else { throw fail("invalid number") }
    return value
  }

  private mutating func parseString() throws -> String {
    i += 1  // the opening quote
    var out: [UInt8] = []
    while i < bytes.count {
      let b = bytes[i]
      i += 1
      switch b {
      case UInt8(ascii: "\""):
        guard let s = String(bytes: out, encoding: .utf8) else { throw fail("invalid UTF-8") }
        return s
      case UInt8(ascii: "\\"):
        guard i < bytes.count else { throw fail("") }
        let e = bytes[i]
        i += 1
        switch e {
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "u"):
          guard i + 4 <= bytes.count, let text = String(bytes: bytes[i..<i + 4], encoding: .utf8),
            let code = UInt32(text, radix: 16)
          else { throw fail("invalid escape") }
          i += 4
          var scalar = Unicode.Scalar(code)
          if (0xD800..<0xDC00).contains(code), i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"),
            let low = String(bytes: bytes[i + 2..<i + 6], encoding: .utf8).flatMap({ UInt32($0, radix: 16) })
          {
            i += 6
            scalar = Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))
          }
          out.append(contentsOf: Array(String(Character(scalar ?? "\u{FFFD}")).utf8))
        default: out.append(e)
        }
      default:
        guard b >= 0x20 else { throw fail("control character in a string") }
        out.append(b)
      }
    }
    throw fail("")
  }
}
