import Foundation

/// A board's columns and cards as `board create --from FILE` reads them: `{"views": [{"id",
/// "sections": [{"id", "items"}]}]}`, as `reorder run` version 3 writes views. Each view is a
/// column; its one section has the column's id and holds the cards, in order.
///
/// ```swift
/// let file = try BoardFile(json: Array(#"{"views": [{"id": "todo", "sections": [{"id": "todo", "items": ["c1"]}]}]}"#.utf8))
/// file.columns[0].cards   // ["c1"]
/// ```
public struct BoardFile: Sendable, Equatable {
  /// A column and its cards.
  public struct Column: Sendable, Equatable {
    /// The column's identifier.
    public var id: String
    /// Its cards, in order.
    public var cards: [String]
  }

  /// The columns, in order.
  public var columns: [Column]

  struct Section: Decodable {
    var id: String
    var items: [String]
  }
  struct View: Decodable {
    var id: String
    var sections: [Section]
  }
  struct File: Decodable {
    var views: [View]
  }

  /// Reads a file's bytes.
  ///
  /// - Throws: ``ServerError`` with one line for JSON that is not this shape, an identifier outside
  ///   the rule (``Identifier``), a view without exactly one section of its own id, or an identifier
  ///   named twice.
  public init(json: [UInt8]) throws(ServerError) {
    let file: File
    do {
      file = try JSONDecoder().decode(File.self, from: Data(json))
    } catch {
      throw ServerError("the board file is not {\"views\": [{\"id\", \"sections\": [{\"id\", \"items\"}]}]}")
    }
    var seen = Set<String>()
    var columns: [Column] = []
    for view in file.views {
      guard view.sections.count == 1, view.sections[0].id == view.id else {
        throw ServerError("the view \(Identifier.quoted(view.id)) needs exactly one section with its own id")
      }
      for id in [view.id] + view.sections[0].items {
        guard Identifier.isValid(id) else {
          throw ServerError("\(Identifier.quoted(id)) is not an identifier (\(Identifier.rule))")
        }
        guard seen.insert(id).inserted else { throw ServerError("\(id) is named twice") }
      }
      columns.append(Column(id: view.id, cards: view.sections[0].items))
    }
    self.columns = columns
  }
}

/// The rule for a card's or column's identifier: 1 to 64 characters of `A–Z a–z 0–9 . _ - :`.
public enum Identifier {
  /// The rule, in words.
  public static let rule = "1 to 64 characters of A-Z a-z 0-9 . _ - :"

  /// Whether `id` follows the rule.
  public static func isValid(_ id: some StringProtocol) -> Bool {
    guard !id.isEmpty, id.utf8.count <= 64 else { return false }
    return id.utf8.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: ":")
    }
  }

  /// An identifier for a message: quoted, cut to 64 characters.
  static func quoted(_ id: String) -> String {
    let cut = id.count > 64 ? String(id.prefix(64)) + "…" : id
    return "\"\(cut)\""
  }
}
