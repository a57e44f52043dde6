@preconcurrency internal import CSDL2

/// A failure reported by SDL, carrying SDL's own message.
///
/// ```swift
/// guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw SDLError.last("SDL_Init") }
/// ```
public struct SDLError: Error, CustomStringConvertible, Sendable {
  /// What failed and why.
  public let description: String

  /// An error with a message of its own.
  public init(_ description: String) { self.description = description }

  /// The error SDL reported last, prefixed with the call that failed.
  public static func last(_ call: String) -> SDLError {
    SDLError("\(call) failed: \(String(cString: SDL_GetError()))")
  }
}
