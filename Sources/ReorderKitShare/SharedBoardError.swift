import Foundation

/// Why a shared board refused a call: a change that names something not on the board, an address
/// that is not a PostgreSQL URL, or a local outbox that cannot be opened.
///
/// ```swift
/// do {
///   try await board.commit(.moved(ReorderDifference(items: ["nope"], section: "todo")))
/// } catch {
///   print(error)   // unknown card or column "nope"
/// }
/// ```
public struct SharedBoardError: Error, Hashable, Sendable, CustomStringConvertible {
  package enum Kind: Hashable, Sendable {
    case unknownItem(String)
    case unknownColumn(String)
    case duplicateItem(String)
    case beforeElsewhere(String)
    case noItems
    case groups
    case keys(String)
    case versionLimit(String)
    case url(String)
    case outbox(String)
    case offline
    case server(String)
    case link(String)
    case unsupported(String)
    case readOnly
    case move(String)
  }

  package let kind: Kind

  package init(_ kind: Kind) { self.kind = kind }

  public var description: String {
    switch kind {
    case .unknownItem(let id): "unknown card or column \"\(id)\""
    case .unknownColumn(let id): "unknown column \"\(id)\""
    case .duplicateItem(let id): "\"\(id)\" is named twice, or is already on the board"
    case .beforeElsewhere(let id): "\"\(id)\" does not stand in that column, or is itself moved"
    case .noItems: "the change names no items"
    case .groups: "a shared board has no groups (a difference's parent must be nil)"
    case .keys(let message): "no order keys for that change: \(message)"
    case .versionLimit(let id): "\"\(id)\" has a version at Int64.max or below 0 on the server: it cannot change"
    case .url(let text):
      "not a PostgreSQL URL (postgresql://user[:password]@host[:port]/database): \(redactingPassword(text))"
    case .outbox(let message): "the local outbox cannot be used: \(message)"
    case .offline: "the server is not reachable now"
    case .server(let message): "the server refused: \(message)"
    case .link(let text): "not a board's link (http(s)://host[:port]/boards/NAME): \(text)"
    case .unsupported(let what): "the board server does not take \(what); it takes moves of cards and columns"
    case .readOnly: "this board is shared with you read-only (a viewer's token): moves are not shared"
    case .move(let why): "the move is not made: \(why)"
    }
  }
}

/// A PostgreSQL URL as it may be shown in a message or a log line: the password (in the user part
/// or a `password=` parameter) replaced by `***`. Works on text that is not a valid URL too
/// (`SharedBoard.redacting` in ReorderKitPostgres is this).
///
/// ```swift
/// redactingPassword("postgresql://me:s3cret@db:5432/team")   // "postgresql://me:***@db:5432/team"
/// ```
package func redactingPassword(_ url: String) -> String {
  var text = Substring(url)
  var scheme = Substring("")
  if let range = text.range(of: "://") {
    scheme = text[..<range.upperBound]
    text = text[range.upperBound...]
  }
  if let at = text.lastIndex(of: "@"), let colon = text[..<at].firstIndex(of: ":") {
    text = text[...colon] + "***" + text[at...]
  }
  var result = String(scheme) + text
  if let range = result.range(of: "password=", options: .caseInsensitive) {
    let end = result[range.upperBound...].firstIndex(of: "&") ?? result.endIndex
    result.replaceSubrange(range.upperBound..<end, with: "***")
  }
  return result
}
