/// A column as the wire writes it: `{"id", "sections": [{"id", "items"}]}` (one section, of the
/// column's id).
///
/// ```swift
/// WireView(id: "doing", sections: [WireSection(id: "doing", items: ["c4"])])
/// ```
public struct WireView: Equatable, Sendable {
  /// The column's identifier.
  public var id: String
  /// Its sections (the board server writes one, of the column's id), with the cards.
  public var sections: [WireSection]

  /// A column with its sections.
  ///
  /// ```swift
  /// WireView(id: "todo", sections: [WireSection(id: "todo", items: [])])
  /// ```
  public init(id: String, sections: [WireSection]) {
    self.id = id
    self.sections = sections
  }
}

/// A section: `{"id", "items"}`.
///
/// ```swift
/// WireSection(id: "doing", items: ["c4", "c9"])
/// ```
public struct WireSection: Equatable, Sendable {
  /// The section's identifier (the column's).
  public var id: String
  /// The cards, in order.
  public var items: [String]

  /// A section with its cards.
  ///
  /// ```swift
  /// WireSection(id: "done", items: ["c1"])
  /// ```
  public init(id: String, items: [String]) {
    self.id = id
    self.items = items
  }
}

/// A difference by identity, as a `commit` sends it and `ack`, `remote` and `welcome` carry it.
///
/// ```json
/// {"before":"c7","items":["c1"],"kind":"moveCards","section":"doing","view":"doing"}
/// {"before":null,"items":["review"],"kind":"moveColumns"}
/// {"items":["c3"],"kind":"deleteItems"}
/// ```
/// `before: null` is the end of the container. The moved items are taken out first, then put
/// before `before`. `deleteItems` only ever comes from the server.
public enum WireChange: Equatable, Sendable {
  /// Cards, in order, into a column before a card (or at its end).
  case moveCards(items: [String], column: String, before: String?)
  /// Columns, in order, before a column (or at the end).
  case moveColumns(items: [String], before: String?)
  /// Cards or columns gone (a column's cards go with it).
  case deleteItems([String])

  /// The items the change names.
  ///
  /// ```swift
  /// WireChange.moveColumns(items: ["done"], before: nil).items   // ["done"]
  /// ```
  public var items: [String] {
    switch self {
    case .moveCards(let items, _, _), .moveColumns(let items, _), .deleteItems(let items): items
    }
  }

  /// Reads a change.
  ///
  /// ```swift
  /// try WireChange(json: SyncJSON.parse(#"{"kind":"moveColumns","items":["a"],"before":null}"#))
  /// ```
  /// - Throws: ``WireError``: an unknown kind, a field missing or of the wrong type, a
  ///   `moveCards` whose `section` is not its `view`.
  public init(json: SyncJSON) throws(WireError) {
    let f = try Fields(json, "a change")
    let kind = try f.string("kind")
    let items = try f.strings("items")
    switch kind {
    case "moveCards":
      let view = try f.string("view")
      let section = try f.string("section")
      guard view == section else { throw f.fail("section", "the column's id (the view's)") }
      self = .moveCards(items: items, column: view, before: try f.optionalString("before"))
    case "moveColumns":
      self = .moveColumns(items: items, before: try f.optionalString("before"))
    case "deleteItems":
      self = .deleteItems(items)
    default:
      throw f.fail("kind", "moveCards, moveColumns or deleteItems")
    }
  }

  /// The change as JSON, keys sorted (`before` written as `null` at the end), as the server writes it.
  ///
  /// ```swift
  /// WireChange.moveColumns(items: ["a"], before: nil).json.text
  /// // {"before":null,"items":["a"],"kind":"moveColumns"}
  /// ```
  public var json: SyncJSON {
    var w = ObjectWriter()
    switch self {
    case .moveCards(let items, let column, let before):
      w.add("before", before.map { .string($0) } ?? .null)
      w.add("items", .strings(items))
      w.add("kind", .string("moveCards"))
      w.add("section", .string(column))
      w.add("view", .string(column))
    case .moveColumns(let items, let before):
      w.add("before", before.map { .string($0) } ?? .null)
      w.add("items", .strings(items))
      w.add("kind", .string("moveColumns"))
    case .deleteItems(let items):
      w.add("items", .strings(items))
      w.add("kind", .string("deleteItems"))
    }
    return w.value
  }
}

extension WireView {
  /// Reads a view.
  ///
  /// ```swift
  /// try WireView(json: SyncJSON.parse(#"{"id":"todo","sections":[{"id":"todo","items":["c1"]}]}"#))
  /// ```
  /// - Throws: ``WireError`` for a field missing or of the wrong type.
  public init(json: SyncJSON) throws(WireError) {
    let f = try Fields(json, "a view")
    var sections: [WireSection] = []
    for section in try f.array("sections") {
      let s = try Fields(section, "a section")
      sections.append(WireSection(id: try s.string("id"), items: try s.strings("items")))
    }
    self.init(id: try f.string("id"), sections: sections)
  }

  /// The view as JSON, keys sorted.
  ///
  /// ```swift
  /// WireView(id: "a", sections: [WireSection(id: "a", items: [])]).json.text
  /// // {"id":"a","sections":[{"id":"a","items":[]}]}
  /// ```
  public var json: SyncJSON {
    .object([
      .init(key: "id", value: .string(id)),
      .init(
        key: "sections",
        value: .array(
          sections.map {
            .object([.init(key: "id", value: .string($0.id)), .init(key: "items", value: .strings($0.items))])
          }
        )),
    ])
  }
}
