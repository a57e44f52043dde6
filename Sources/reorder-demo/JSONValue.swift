import Foundation

/// A JSON value whose objects keep their keys in order, so the report and
/// the state file read the way the issue writes them.
enum JSONValue: Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }

  /// Parses JSON text; throws on malformed or truncated input.
  static func parse(_ data: Data) throws -> JSONValue {
    var parser = JSONParser(bytes: Array(data))
    return try parser.parseDocument()
  }

  subscript(key: String) -> JSONValue? {
    guard case .object(let pairs) = self else { return nil }
    return pairs.first { $0.0 == key }?.1
  }

  var stringValue: String? { if case .string(let s) = self { s } else { nil } }
  var doubleValue: Double? { if case .number(let n) = self { n } else { nil } }
  var intValue: Int? { doubleValue.flatMap { $0 == $0.rounded() && abs($0) < 1e15 ? Int($0) : nil } }
  var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
  var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }

  /// Compact JSON text on one line.
  func serialized() -> String {
    var out = ""
    write(to: &out)
    return out
  }

  private func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n):
      if n.isFinite, n == n.rounded(), abs(n) < 1e15 {
        out += String(Int(n))
      } else if n.isFinite {
        out += "\(n)"
      } else {
        out += "null"
      }
    case .string(let s): Self.writeString(s, to: &out)
    case .array(let a):
      out += "["
      for (i, v) in a.enumerated() {
        if i > 0 { out += ", " }
        v.write(to: &out)
      }
      out += "]"
    case .object(let pairs):
      out += "{"
      for (i, (k, v)) in pairs.enumerated() {
        if i > 0 { out += ", " }
        Self.writeString(k, to: &out)
        out += ": "
        v.write(to: &out)
      }
      out += "}"
    }
  }

  private static func writeString(_ s: String, to out: inout String) {
    out += "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where u.value < 0x20:
        let hex = String(u.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(u)
      }
    }
    out += "\""
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
  init(stringLiteral value: String) { self = .string(value) }
  init(floatLiteral value: Double) { self = .number(value) }
  init(integerLiteral value: Int) { self = .number(Double(value)) }
  init(booleanLiteral value: Bool) { self = .bool(value) }
  init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}
