import Foundation

/// A column as DESIGN writes it: `{"id", "sections": [{"id", "items"}]}`.
public struct WireView: Codable, Sendable, Equatable {
  /// The column's identifier.
  public var id: String
  /// Its one section (same identifier), with the cards.
  public var sections: [WireSection]

  /// A column with its one section.
  ///
  /// ```swift
  /// WireView(id: "doing", sections: [WireSection(id: "doing", items: ["c4"])])
  /// ```
  public init(id: String, sections: [WireSection]) {
    self.id = id
    self.sections = sections
  }
}

/// A section: `{"id", "items"}`.
public struct WireSection: Codable, Sendable, Equatable {
  /// The section's identifier (the column's).
  public var id: String
  /// The cards, in order.
  public var items: [String]

  /// A section with its cards.
  ///
  /// ```swift
  /// WireSection(id: "doing", items: ["c4", "c9"])
  /// ```
  public init(id: String, items: [String]) {
    self.id = id
    self.items = items
  }
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
    case "deleteItems":
      // Read so that a client can follow it; `reorder-server` refuses to commit one.
      self = .deleteItems(items)
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .kind, in: c, debugDescription: "kind is moveCards, moveColumns or deleteItems")
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
