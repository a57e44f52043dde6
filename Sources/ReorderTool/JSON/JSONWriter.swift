/// Writes compact, deterministic JSON in the tool's output style: `", "` between
/// elements and `": "` after keys, members in the order written.
///
/// ```swift
/// var w = JSONWriter()
/// w.object { w.key("items"); w.array(["a", "b"]) { w.string($0) } }
/// w.text   // {"items": ["a", "b"]}
/// ```
package struct JSONWriter: Sendable {
  /// The JSON written so far.
  package private(set) var text = ""
  private var needsComma: [Bool] = [false]

  /// Creates an empty writer.
  package init() {}

  private mutating func separate() {
    if needsComma[needsComma.count - 1] { text += ", " }
    needsComma[needsComma.count - 1] = true
  }

  /// Writes an object whose members the closure writes with ``key(_:)`` and a value each.
  package mutating func object(_ body: (inout JSONWriter) -> Void) {
    separate()
    text += "{"
    needsComma.append(false)
    body(&self)
    needsComma.removeLast()
    text += "}"
  }

  /// Writes an array of elements.
  package mutating func array<S: Sequence>(_ elements: S, _ body: (inout JSONWriter, S.Element) -> Void) {
    separate()
    text += "["
    needsComma.append(false)
    for e in elements { body(&self, e) }
    needsComma.removeLast()
    text += "]"
  }

  /// Writes an object key; the next value written is its value.
  package mutating func key(_ k: String) {
    separate()
    Self.escape(k, into: &text)
    text += ": "
    needsComma[needsComma.count - 1] = false
  }

  /// Writes a string.
  package mutating func string(_ s: String) {
    separate()
    Self.escape(s, into: &text)
  }

  /// Writes an integer.
  package mutating func int(_ i: Int) {
    separate()
    text += String(i)
  }

  /// Writes a number: integers without a fraction, others in the shortest exact form; `null` for
  /// infinity and NaN, which JSON cannot hold.
  package mutating func number(_ d: Double) {
    separate()
    if !d.isFinite {
      text += "null"
    } else if d == d.rounded(), abs(d) < 1e15 {
      text += String(Int64(d))  // Int64: also where Int has 32 bits
    } else {
      text += "\(d)"
    }
  }

  /// Writes a boolean.
  package mutating func bool(_ b: Bool) {
    separate()
    text += b ? "true" : "false"
  }

  /// Writes null.
  package mutating func null() {
    separate()
    text += "null"
  }

  /// Writes any JSON value, object members in their order.
  package mutating func value(_ value: JSONValue) {
    switch value {
    case .null: null()
    case .bool(let b): bool(b)
    case .number(let n): number(n)
    case .string(let s): string(s)
    case .array(let a): array(a) { w, e in w.value(e) }
    case .object(let o):
      object { w in
        for (k, v) in o.members {
          w.key(k)
          w.value(v)
        }
      }
    }
  }

  /// Appends a JSON string literal for `s` to `out`.
  package static func escape(_ s: String, into out: inout String) {
    out += "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}

extension JSONValue {
  /// The value as compact JSON on one line, in ``JSONWriter``'s style (`", "` between elements,
  /// `": "` after keys, object members in their order).
  ///
  /// ```swift
  /// JSONValue.object(["event": "ready", "size": [800, 600]]).serialized()
  /// // {"event": "ready", "size": [800, 600]}
  /// ```
  package func serialized() -> String {
    var w = JSONWriter()
    w.value(self)
    return w.text
  }
}
