import Foundation
import ReorderKitShare

/// What a NOTIFY of `reorder_commit` says (``Schema``): `board revision`, then the commit itself as
/// JSON when it fit in the payload.
///
/// Only a wake-up: anyone may NOTIFY, so a client applies nothing from a notice. A notice of a
/// revision already applied is skipped; any other sends the client to the log, which stays the
/// truth (``SharedBoard``'s `received(_:)`).
///
/// ```swift
/// CommitNotice(#"sprint 8 {"client":"a","gesture":"g","at":1.5,"rows":[["c1","todo","a0",2,false]]}"#,
///              board: "sprint")   // .commit(revision 8, …)
/// CommitNotice("sprint 9", board: "sprint")    // .revision(9): read the log
/// CommitNotice("other 9", board: "sprint")     // nil: another board's
/// ```
enum CommitNotice: Equatable {
  /// The whole commit, as the log has it.
  case commit(LoggedCommit)
  /// Only that this revision was committed (the commit did not fit, or could not be read).
  case revision(Int64)
  /// A payload of this board that says nothing usable: read the log.
  case unreadable

  /// Parses a payload; `nil` when it is another board's.
  init?(_ payload: String, board: String) {
    let prefix = board + " "
    guard payload.hasPrefix(prefix) else { return nil }
    let rest = payload.utf8.dropFirst(prefix.utf8.count)
    let digits = rest.prefix { $0 != UInt8(ascii: " ") }
    guard let revision = Int64(Substring(digits)), revision > 0 else {
      self = .unreadable
      return
    }
    let json = rest.dropFirst(digits.count + 1)
    guard !json.isEmpty else {
      self = .revision(revision)
      return
    }
    guard let body = try? JSONDecoder().decode(Body.self, from: Data(json)), !body.rows.isEmpty else {
      self = .revision(revision)
      return
    }
    self = .commit(
      LoggedCommit(
        revision: revision, client: body.client, gesture: body.gesture, committedAt: body.at,
        writes: body.rows.map {
          RowWrite(id: $0.id, parent: $0.parent, key: $0.key, expected: $0.version - 1, deleted: $0.deleted)
        }))
  }

  /// The JSON `reorder_commit` sends.
  private struct Body: Decodable {
    var client: String
    var gesture: String
    var at: Double
    var rows: [Row]
  }

  /// One written row: `[id, parent, key, version, deleted]`.
  private struct Row: Decodable {
    var id: String
    var parent: String
    var key: String
    var version: Int64
    var deleted: Bool

    init(from decoder: any Decoder) throws {
      var fields = try decoder.unkeyedContainer()
      id = try fields.decode(String.self)
      parent = try fields.decode(String.self)
      key = try fields.decode(String.self)
      version = try fields.decode(Int64.self)
      deleted = try fields.decode(Bool.self)
      guard fields.isAtEnd, version > 0 else {
        throw DecodingError.dataCorruptedError(
          in: fields, debugDescription: "a row is [id, parent, key, version, deleted]")
      }
    }
  }
}
