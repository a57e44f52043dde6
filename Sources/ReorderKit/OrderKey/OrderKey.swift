/// A string that sorts between its neighbours: the saved position of an item
/// in an ordered container (fractional indexing).
///
/// A key is a fraction in (0, 1) written in base 62 with the digits
/// `0-9A-Za-z` after the point, without trailing zeros, so every fraction has
/// one spelling and keys compare like the strings they are (byte by byte, as
/// SQLite's default collation does). A key between any two keys always exists,
/// so moving an item rewrites its own key only.
///
/// ```swift
/// let first = try OrderKey.between(nil, nil)          // "V"
/// let second = try OrderKey.between(first, nil)       // "k"
/// let middle = try OrderKey.between(first, second)    // "c"
/// first < middle && middle < second                   // true
/// ```
public struct OrderKey: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The key's text: base-62 digits, at least one, the last not `0`.
  public let rawValue: String

  /// The length past which ``keys(forMoving:before:in:outside:maximumLength:)`` rebalances neighbours.
  public static let maximumLength = 64

  /// Validates a key read from storage.
  ///
  /// ```swift
  /// let key = try OrderKey("a1")
  /// _ = try? OrderKey("a0")   // nil: a trailing zero
  /// ```
  /// - Throws: ``OrderKeyError`` for an empty key, a character outside `0-9A-Za-z`, or a trailing `0`.
  public init(_ text: String) throws(OrderKeyError) {
    var last: UInt8 = 0
    for byte in text.utf8 {
      guard Self.value(ofDigit: byte) != nil else { throw OrderKeyError(.invalidCharacter(text)) }
      last = byte
    }
    guard !text.isEmpty else { throw OrderKeyError(.empty) }
    guard last != UInt8(ascii: "0") else { throw OrderKeyError(.trailingZero(text)) }
    rawValue = text
  }

  /// A key from digit values (0...61), already known to be valid.
  init(values: [UInt8]) {
    // Writing the string's bytes in place needs macOS 11 / iOS 14; below that, one more array.
    if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) {
      rawValue = String(unsafeUninitializedCapacity: values.count) { buffer in
        for (i, v) in values.enumerated() { buffer[i] = Self.digit(ofValue: v) }
        return values.count
      }
    } else {
      rawValue = Self.text(ofValues: values)
    }
  }

  /// The text of digit values (0...61) through an array of digits: the path below macOS 11 / iOS 14.
  static func text(ofValues values: [UInt8]) -> String {
    String(decoding: values.map { digit(ofValue: $0) }, as: UTF8.self)
  }

  /// A key from ASCII digits, already known to be valid.
  init(ascii: ArraySlice<UInt8>) {
    rawValue = String(decoding: ascii, as: UTF8.self)
  }

  /// The digit values (0...61) of the key.
  var values: [UInt8] { rawValue.utf8.map { Self.value(ofDigit: $0)! } }

  /// The number of digits.
  public var count: Int { rawValue.utf8.count }

  public var description: String { rawValue }

  /// Byte order, which is the order of the fractions.
  public static func < (lhs: OrderKey, rhs: OrderKey) -> Bool {
    lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
  }

  public static func == (lhs: OrderKey, rhs: OrderKey) -> Bool {
    lhs.rawValue.utf8.elementsEqual(rhs.rawValue.utf8)
  }

  public func hash(into hasher: inout Hasher) {
    for byte in rawValue.utf8 { hasher.combine(byte) }
  }

  // MARK: Digits

  /// The value of an ASCII digit `0-9A-Za-z`, or `nil`.
  @inline(__always)
  static func value(ofDigit byte: UInt8) -> UInt8? {
    switch byte {
    case 48...57: byte - 48
    case 65...90: byte - 55
    case 97...122: byte - 61
    default: nil
    }
  }

  /// The ASCII digit of a value 0...61.
  @inline(__always)
  static func digit(ofValue value: UInt8) -> UInt8 {
    value < 10 ? value + 48 : value < 36 ? value + 55 : value + 61
  }
}

/// A key that is not valid, bounds in the wrong order, or a move that does not fit its container.
///
/// ```swift
/// do { _ = try OrderKey.between(OrderKey("b"), OrderKey("a")) } catch { print(error) }
/// // the lower bound "b" is not below the upper bound "a"
/// ```
public struct OrderKeyError: Error, Hashable, Sendable, CustomStringConvertible {
  enum Kind: Hashable, Sendable {
    case empty
    case invalidCharacter(String)
    case trailingZero(String)
    case notAscending(lower: String, upper: String)
    case negativeCount(Int)
    case noItems
    case duplicateItem(String)
    case beforeIsMoved(String)
    case unknownItem(String)
  }

  let kind: Kind

  init(_ kind: Kind) { self.kind = kind }

  public var description: String {
    switch kind {
    case .empty: "an order key is empty"
    case .invalidCharacter(let text): "the order key \"\(text)\" has a character outside 0-9A-Za-z"
    case .trailingZero(let text): "the order key \"\(text)\" ends with 0"
    case .notAscending(let lower, let upper): "the lower bound \"\(lower)\" is not below the upper bound \"\(upper)\""
    case .negativeCount(let n): "cannot make \(n) keys"
    case .noItems: "a move names no items"
    case .duplicateItem(let id): "the item \(id) is moved twice"
    case .beforeIsMoved(let id): "the items cannot stand before \(id): it is one of them"
    case .unknownItem(let id): "the item \(id) is not in the container"
    }
  }
}
