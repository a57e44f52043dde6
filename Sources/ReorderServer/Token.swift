import Crypto
import Foundation

/// A bearer token: 32 random bytes in URL-safe base64 behind `rk_`. The database keeps only its
/// SHA-256 hash; the token itself is printed once, when it is made.
///
/// ```swift
/// let token = Token.generate()   // "rk_3q2-7w…" (46 characters)
/// Token.hash(token)              // 32 bytes, what reorder_tokens.hash holds
/// ```
public enum Token {
  /// The longest token the server reads (anything longer is refused before hashing).
  public static let maximumLength = 128

  /// A new random token.
  public static func generate() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let base64 = Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
    return "rk_" + base64
  }

  /// The SHA-256 of a token's UTF-8 bytes.
  public static func hash(_ token: String) -> [UInt8] {
    Array(SHA256.hash(data: Array(token.utf8)))
  }

  /// The token of an `Authorization: Bearer T` header, or `nil` when the header is missing, not a
  /// bearer, or too long.
  public static func bearer(_ header: String?) -> String? {
    guard let header, header.utf8.count <= maximumLength + 7 else { return nil }
    let parts = header.split(separator: " ", omittingEmptySubsequences: true)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
    return String(parts[1])
  }
}

/// What a person may do on a board with a token.
public enum Role: String, Sendable, CaseIterable, Codable {
  /// Reads the board and follows it live.
  case viewer
  /// Also moves cards and columns.
  case editor
}
