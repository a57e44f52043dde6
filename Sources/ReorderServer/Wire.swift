import Foundation

/// A column as DESIGN writes it: `{"id", "sections": [{"id", "items"}]}`.
public struct WireView: Codable, Sendable, Equatable {
  /// The column's identifier.
  public var id: String
  /// Its one section (same identifier), with the cards.
  public var sections: [WireSection]
}

/// A section: `{"id", "items"}`.
public struct WireSection: Codable, Sendable, Equatable {
  /// The section's identifier (the column's).
  public var id: String
  /// The cards, in order.
  public var items: [String]
}

/// A difference by identity, as a `commit` sends it and `remote` and `welcome` carry it:
///
/// ```json
/// {"kind": "moveCards", "items": ["c1"], "view": "doing", "section": "doing", "before": "c7"}
/// {"kind": "moveColumns", "items": ["review"], "before": null}
/// ```
/// `before: null` is the end of the container. `deleteItems` (`{"kind": "deleteItems", "items"}`)
/// only ever comes from the server, for rows deleted by a direct client of the database.
public enum WireChange: Codable, Sendable, Equatable {
  /// Cards, in order, into a column before a card (or at its end).
  case moveCards(items: [String], column: String, before: String?)
  /// Columns, in order, before a column (or at the end).
  case moveColumns(items: [String], before: String?)
  /// Cards or columns gone.
  case deleteItems([String])

  enum CodingKeys: String, CodingKey { case kind, items, view, section, before }

  /// Reads a change.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try c.decode(String.self, forKey: .kind)
    let items = try c.decode([String].self, forKey: .items)
    switch kind {
    case "moveCards":
      let view = try c.decode(String.self, forKey: .view)
      let section = try c.decode(String.self, forKey: .section)
      guard view == section else {
        throw DecodingError.dataCorruptedError(
          forKey: .section, in: c, debugDescription: "a column's section has the column's id")
      }
      self = .moveCards(items: items, column: view, before: try c.decodeIfPresent(String.self, forKey: .before))
    case "moveColumns":
      self = .moveColumns(items: items, before: try c.decodeIfPresent(String.self, forKey: .before))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .kind, in: c, debugDescription: "kind is moveCards or moveColumns")
    }
  }

  /// Writes a change (`before` as `null` at the end).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .moveCards(let items, let column, let before):
      try c.encode("moveCards", forKey: .kind)
      try c.encode(items, forKey: .items)
      try c.encode(column, forKey: .view)
      try c.encode(column, forKey: .section)
      try c.encode(before, forKey: .before)
    case .moveColumns(let items, let before):
      try c.encode("moveColumns", forKey: .kind)
      try c.encode(items, forKey: .items)
      try c.encode(before, forKey: .before)
    case .deleteItems(let items):
      try c.encode("deleteItems", forKey: .kind)
      try c.encode(items, forKey: .items)
    }
  }
}

/// `GET /api/boards/{board}`'s answer: `{"board", "revision", "views"}`.
struct BoardAnswer: Codable, Sendable {
  var board: String
  var revision: Int64
  var views: [WireView]
}

/// JSON of a value, as one line (keys sorted, so that the same message is always the same text).
func jsonLine(_ value: some Encodable) -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
  guard let data = try? encoder.encode(value) else {
    // Only strings, numbers and arrays of them are encoded: this cannot fail.
    preconditionFailure("a server message could not be encoded")
  }
  return String(decoding: data, as: UTF8.self)
}
