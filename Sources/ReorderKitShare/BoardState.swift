import ReorderKit

/// A board as one client sees it: columns in order, each with its cards in order, every one a row
/// with its container, order key and version. Columns and cards share one set of identifiers.
///
/// Order is by key, then by identifier (equal keys, which the store never writes, still sort the
/// same way everywhere). A card whose column is gone is not shown.
///
/// ```swift
/// let state = board.state
/// state.columns                    // ["backlog", "todo", "doing"]
/// state.cards(inColumn: "todo")    // ["c3", "c1"]
/// view.apply(state.snapshot, time: now)   // one section per column
/// ```
public struct BoardState: Hashable, Sendable {
  /// One stored row: a column (container `""`) or a card (container: its column's identifier).
  package struct Row: Hashable, Sendable, Codable {
    package var parent: String
    package var key: String
    package var version: Int64

    package init(parent: String, key: String, version: Int64) {
      self.parent = parent
      self.key = key
      self.version = version
    }
  }

  /// The last change of the server's sequence this state includes (0: none).
  ///
  /// ```swift
  /// try await board.refresh()
  /// print(await board.state.revision)   // the server's latest
  /// ```
  public package(set) var revision: Int64 = 0
  package var rows: [String: Row] = [:]

  /// An empty board.
  public init() {}

  /// The columns, in order.
  /// - Complexity: O(n log n), n the number of columns.
  public var columns: [String] { children(of: "") }

  /// The cards of a column, in order (empty for an unknown column).
  /// - Complexity: O(n + m log m): n rows in all, m in the column.
  public func cards(inColumn column: String) -> [String] {
    column.isEmpty ? [] : children(of: column)
  }

  /// The column a card stands in, or `nil` for an unknown card (or a column).
  public func column(ofCard id: String) -> String? {
    guard let row = rows[id], !row.parent.isEmpty else { return nil }
    return row.parent
  }

  /// The order key of a card or column.
  ///
  /// ```swift
  /// state.key(of: "c7")?.rawValue   // "V3k0V"
  /// ```
  public func key(of id: String) -> OrderKey? { rows[id].flatMap { try? OrderKey($0.key) } }

  /// The version of a card or column (0: not on the board). Each committed change of a row adds one.
  ///
  /// ```swift
  /// state.version(of: "c7")   // 3: created, then moved twice
  /// ```
  public func version(of id: String) -> Int64 { rows[id]?.version ?? 0 }

  /// Whether the board has a card or column with this identifier.
  public func contains(_ id: String) -> Bool { rows[id] != nil }

  /// The number of cards and columns.
  public var rowCount: Int { rows.count }

  /// The board as the data of a collection view: one section per column (identified by the
  /// column), its cards as items, both in order.
  ///
  /// ```swift
  /// view.apply(board.state.snapshot, time: now)
  /// ```
  /// - Complexity: O(n log n), n the number of rows.
  public var snapshot: Snapshot<String, String> {
    var cards: [String: [(id: String, key: String)]] = [:]
    for (id, row) in rows where !row.parent.isEmpty { cards[row.parent, default: []].append((id, row.key)) }
    var sections: [Snapshot<String, String>.Section] = []
    for column in columns {
      let sorted = (cards[column] ?? []).sorted(by: Self.precedes)
      sections.append(.init(id: column, items: sorted.map(\.id)))
    }
    do {
      return try Snapshot(sections: sections)
    } catch {
      // Every row has one identifier, so a section or an item cannot appear twice.
      preconditionFailure("a board's rows made an invalid snapshot: \(error)")
    }
  }

  /// The longest order key on the board, in characters (the store keeps it at 64 or under).
  ///
  /// ```swift
  /// assert(state.longestKey <= 64)
  /// ```
  public var longestKey: Int { rows.values.map(\.key.utf8.count).max() ?? 0 }

  /// The children of a container, in order.
  package func children(of parent: String) -> [String] {
    rows.compactMap { $0.value.parent == parent ? (id: $0.key, key: $0.value.key) : nil }
      .sorted(by: Self.precedes).map(\.id)
  }

  /// The children of a container with their keys, in order.
  package func keyedChildren(of parent: String) -> [(id: String, key: OrderKey)] {
    // Sorted as text (an order key's order is its bytes'), then made keys: a key is checked once.
    rows.compactMap { id, row in row.parent == parent ? (id: id, key: row.key) : nil }
      .sorted(by: Self.precedes)
      .compactMap { child in (try? OrderKey(child.key)).map { (id: child.id, key: $0) } }
  }

  /// The row after `id` in its container (key order, then identifier order), or `nil` at the end.
  /// - Complexity: O(n), n the number of rows.
  package func successor(of id: String) -> String? {
    guard let row = rows[id] else { return nil }
    let me = (id: id, key: row.key)
    var best: (id: String, key: String)?
    for (other, r) in rows where r.parent == row.parent && other != id {
      let candidate = (id: other, key: r.key)
      guard Self.precedes(me, candidate) else { continue }
      if let b = best, !Self.precedes(candidate, b) { continue }
      best = candidate
    }
    return best?.id
  }

  /// Key order, then identifier order.
  package static func precedes(_ a: (id: String, key: String), _ b: (id: String, key: String)) -> Bool {
    bytesPrecede(a.key, b.key) || (a.key == b.key && bytesPrecede(a.id, b.id))
  }

  /// Writes rows as a committed gesture does: each row takes its new place and version.
  package mutating func apply(_ writes: [RowWrite]) {
    for write in writes {
      if write.deleted {
        rows[write.id] = nil
      } else {
        rows[write.id] = Row(parent: write.parent, key: write.key, version: write.version)
      }
    }
  }

  /// The identifiers of rows whose version is not the one the writes expect.
  package func stale(_ writes: [RowWrite]) -> [String] {
    writes.filter { version(of: $0.id) != $0.expected }.map(\.id)
  }
}

/// Whether `a` comes before `b` byte by byte (UTF-8): the order of order keys and identifiers, as
/// PostgreSQL's `COLLATE "C"` has it. The same answer as `a.utf8.lexicographicallyPrecedes(b.utf8)`,
/// which, unspecialised, was the server's hottest function under load (a board's column sorted at
/// every commit).
package func bytesPrecede(_ a: String, _ b: String) -> Bool {
  let answer = a.utf8.withContiguousStorageIfAvailable { x in
    b.utf8.withContiguousStorageIfAvailable { y in
      for index in 0..<min(x.count, y.count) where x[index] != y[index] { return x[index] < y[index] }
      return x.count < y.count
    }
  }
  return (answer ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
}
