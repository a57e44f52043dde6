/// The rule for a board's name, wherever one comes in (a link, an API path, a command's argument):
/// 1 to 64 characters of `A–Z a–z 0–9 . _ -`, not starting with `.` (so a name is always one safe
/// path component and one safe NOTIFY word).
///
/// ```swift
/// BoardName.isValid("sprint-12")   // true
/// BoardName.isValid("../etc")      // false
/// ```
public enum BoardName {
  /// The longest board name.
  public static let maximumLength = 64

  /// Whether `name` follows the rule.
  public static func isValid(_ name: some StringProtocol) -> Bool {
    guard !name.isEmpty, name.utf8.count <= maximumLength, name.utf8.first != UInt8(ascii: ".") else { return false }
    return name.utf8.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
  }
}
