/// A JSON value as the board's wire carries it, with object members in their original order and
/// numbers kept as their text (so that an `Int64` is read exactly, and a number too large for one
/// is an error, never a rounded value).
///
/// ```swift
/// let value = try SyncJSON.parse(#"{"revision": 7}"#)
/// value["revision"]?.int64   // 7
/// ```
public enum SyncJSON: Equatable, Sendable {
  case null
  case bool(Bool)
  /// A number, as written (`-12`, `3.5`, `1e30`).
  case number(String)
  case string(String)
  case array([SyncJSON])
  /// Members in the order written; a key appears at most once (the parser refuses a repeated key).
  case object([Member])

  /// One member of an object.
  ///
  /// ```swift
  /// SyncJSON.Member(key: "type", value: .string("hello"))
  /// ```
  public struct Member: Equatable, Sendable {
    /// The member's name.
    public var key: String
    /// Its value.
    public var value: SyncJSON

    /// A member.
    ///
    /// ```swift
    /// SyncJSON.Member(key: "after", value: .number("7"))
    /// ```
    public init(key: String, value: SyncJSON) {
      self.key = key
      self.value = value
    }
  }

  /// A member of an object (`nil`: not an object, or no such member).
  ///
  /// ```swift
  /// try SyncJSON.parse(#"{"a": true}"#)["a"]   // .bool(true)
  /// ```
  public subscript(key: String) -> SyncJSON? {
    guard case .object(let members) = self else { return nil }
    for member in members where member.key == key { return member.value }
    return nil
  }

  /// The string, if this is one.
  ///
  /// ```swift
  /// SyncJSON.string("c1").string   // "c1"
  /// ```
  public var string: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The elements, if this is an array.
  ///
  /// ```swift
  /// SyncJSON.array([.null]).array?.count   // 1
  /// ```
  public var array: [SyncJSON]? {
    if case .array(let a) = self { return a }
    return nil
  }

  /// The boolean, if this is one.
  ///
  /// ```swift
  /// SyncJSON.bool(true).bool   // true
  /// ```
  public var bool: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  /// The number as an `Int64`, if it is a whole number written without a fraction or exponent and
  /// fits one (`9223372036854775808` does not: `nil`).
  ///
  /// ```swift
  /// SyncJSON.number("-5").int64   // -5
  /// SyncJSON.number("1e3").int64  // nil
  /// ```
  public var int64: Int64? {
    guard case .number(let text) = self else { return nil }
    return Self.wholeNumber(Array(text.utf8))
  }

  /// A short name of the value's type, for error messages.
  var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// `-?[0-9]+` within `Int64`, or `nil`.
  static func wholeNumber(_ digits: [UInt8]) -> Int64? {
    var index = 0
    let negative = digits.first == UInt8(ascii: "-")
    if negative { index = 1 }
    guard index < digits.count else { return nil }
    var value: Int64 = 0
    while index < digits.count {
      let d = digits[index]
      guard d >= UInt8(ascii: "0"), d <= UInt8(ascii: "9") else { return nil }
      // Accumulated as a negative number: Int64.min has no positive twin.
      let (times, o1) = value.multipliedReportingOverflow(by: 10)
      let (next, o2) = times.subtractingReportingOverflow(Int64(d - UInt8(ascii: "0")))
      guard !o1, !o2 else { return nil }
      value = next
      index += 1
    }
    if negative { return value }
    return value == Int64.min ? nil : -value
  }
}
