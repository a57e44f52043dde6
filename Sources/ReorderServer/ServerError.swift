/// A mistake in how the server was started or a command was given (a missing folder, a bad URL, a
/// bad argument: exit status 2), or a failure while it ran (the database away or refusing, a board
/// that exists already: exit status 1). One line for the person who typed it; never carries a
/// password or a token.
///
/// ```swift
/// throw ServerError("--static Web/dist is not a folder")          // exits 2
/// throw ServerError.failure("cannot reach the database")         // exits 1
/// ```
public struct ServerError: Error, CustomStringConvertible, Sendable {
  /// The line to print.
  public let description: String
  /// The command's exit status for it: 2 for bad input, 1 for a failure.
  public let exitStatus: Int32

  /// Bad input, in one line (exit status 2).
  public init(_ description: String) {
    self.description = description
    exitStatus = 2
  }

  init(description: String, exitStatus: Int32) {
    self.description = description
    self.exitStatus = exitStatus
  }

  /// A failure while running, in one line (exit status 1).
  public static func failure(_ description: String) -> ServerError {
    ServerError(description: description, exitStatus: 1)
  }
}
