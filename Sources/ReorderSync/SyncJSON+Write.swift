extension SyncJSON {
  /// The value as one line of JSON: no spaces, members in the order given, strings escaped as
  /// `JSONEncoder` does (`"`, `\`, and control characters; `/` and non-ASCII kept as they are).
  ///
  /// ```swift
  /// SyncJSON.object([.init(key: "a", value: .array([.number("1"), .null]))]).text   // {"a":[1,null]}
  /// ```
  /// - Complexity: O(n) in the output's length.
  public var text: String {
    var out: [UInt8] = []
    write(into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  func write(into out: inout [UInt8]) {
    switch self {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
    case .number(let n): out.append(contentsOf: n.utf8)
    case .string(let s): Self.write(string: s, into: &out)
    case .array(let elements):
      out.append(UInt8(ascii: "["))
      for (i, element) in elements.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        element.write(into: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (i, member) in members.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        Self.write(string: member.key, into: &out)
        out.append(UInt8(ascii: ":"))
        member.value.write(into: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  static func write(string: String, into out: inout [UInt8]) {
    let hex: [UInt8] = Array("0123456789abcdef".utf8)
    out.append(UInt8(ascii: "\""))
    for b in string.utf8 {
      switch b {
      case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), b])
      case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), b])
      case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
      case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
      case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0..<0x20:
        out.append(contentsOf: "\\u00".utf8)
        out.append(hex[Int(b >> 4)])
        out.append(hex[Int(b & 0xF)])
      default: out.append(b)
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  /// A whole number.
  ///
  /// ```swift
  /// SyncJSON.integer(-3)   // .number("-3")
  /// ```
  public static func integer(_ value: Int64) -> SyncJSON { .number("\(value)") }

  /// An array of strings.
  ///
  /// ```swift
  /// SyncJSON.strings(["c1", "c2"])   // .array([.string("c1"), .string("c2")])
  /// ```
  public static func strings(_ values: [String]) -> SyncJSON { .array(values.map { .string($0) }) }
}
