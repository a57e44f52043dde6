import ReorderKit

/// One row a gesture writes: its new container and key, or its deletion, and the version it must
/// still have on the server (0: the row must not exist yet).
package struct RowWrite: Hashable, Sendable, Codable {
  package var id: String
  package var parent: String
  package var key: String
  package var expected: Int64
  package var deleted: Bool

  package init(id: String, parent: String, key: String, expected: Int64, deleted: Bool) {
    self.id = id
    self.parent = parent
    self.key = key
    self.expected = expected
    self.deleted = deleted
  }

  /// The row's version once written: `expected + 1`. A write at Int64.max is never made
  /// (``Gesture/Intent/writes(on:tag:maximumLength:)`` refuses it, an outbox holding one sets it
  /// aside, the log's versions are checked when read); it stays at Int64.max rather than trap.
  package var version: Int64 { expected < Int64.max ? expected + 1 : Int64.max }
}

/// A committed gesture on its way to the server: its rows, and what it meant by identity (so that
/// its keys can be placed again if the server turns them down).
package struct Gesture: Hashable, Sendable, Codable {
  package enum Intent: Hashable, Sendable, Codable {
    /// The items now stand, in order, in `parent` before `before` (or at its end).
    case place(items: [String], parent: String, before: String?, inserting: Bool)
    /// The items are gone.
    case delete(items: [String])
  }

  package var id: String
  package var intent: Intent
  package var writes: [RowWrite]

  package init(id: String, intent: Intent, writes: [RowWrite]) {
    self.id = id
    self.intent = intent
    self.writes = writes
  }

  /// Why no client could have made this gesture (an outbox edited or damaged), or `nil`: a version
  /// outside 0..<Int64.max, a key that is not an order key.
  package var flaw: String? {
    for write in writes {
      guard write.expected >= 0, write.expected < Int64.max else {
        return "\"\(write.id)\" expects version \(write.expected)"
      }
      guard write.deleted || (try? OrderKey(write.key)) != nil else {
        return "\"\(write.id)\" has the key \"\(write.key.prefix(64))\", not an order key"
      }
    }
    return nil
  }
}

extension Gesture.Intent {
  /// The rows this intent writes on `state`: keys between the new neighbours, each gesture's keys
  /// under a prefix of their own that ends with the client's tag, so two clients' keys in one gap
  /// never meet and never interleave; rebalanced (a few neighbours respread) when a key would grow
  /// past `maximumLength`.
  /// - Throws: ``SharedBoardError`` for a row that cannot be written (unknown, or at version
  ///   Int64.max: its next version does not exist).
  package func writes(on state: BoardState, tag: String, maximumLength: Int) throws(SharedBoardError) -> [RowWrite] {
    let writes = try unchecked(on: state, tag: tag, maximumLength: maximumLength)
    for write in writes where write.expected < 0 || write.expected == Int64.max {
      throw SharedBoardError(.versionLimit(write.id))
    }
    return writes
  }

  func unchecked(on state: BoardState, tag: String, maximumLength: Int) throws(SharedBoardError) -> [RowWrite] {
    switch self {
    case .delete(let items):
      for id in items where !state.contains(id) { throw SharedBoardError(.unknownItem(id)) }
      return items.map { RowWrite(id: $0, parent: "", key: "", expected: state.version(of: $0), deleted: true) }
    case .place(let items, let parent, let before, let inserting):
      guard !items.isEmpty else { throw SharedBoardError(.noItems) }
      if !parent.isEmpty, state.rows[parent]?.parent != "" { throw SharedBoardError(.unknownColumn(parent)) }
      for id in items {
        if inserting, state.contains(id) { throw SharedBoardError(.duplicateItem(id)) }
        if !inserting {
          guard let row = state.rows[id] else { throw SharedBoardError(.unknownItem(id)) }
          // A column stays a column, a card a card.
          if row.parent.isEmpty != parent.isEmpty { throw SharedBoardError(.unknownItem(id)) }
        }
      }
      // A `before` that someone else has just moved out of the container (the change was made on
      // the board as it was a moment ago): the end of the container, as new data mid-drag does.
      let moving = Set(items)
      guard moving.count == items.count else { throw SharedBoardError(.duplicateItem(items.joined(separator: ", "))) }
      if let before, moving.contains(before) { throw SharedBoardError(.beforeElsewhere(before)) }
      let siblings = state.keyedChildren(of: parent).filter { !moving.contains($0.id) }
      let gap = before.flatMap { b in siblings.firstIndex { $0.id == b } } ?? siblings.count
      let lower = gap > 0 ? siblings[gap - 1].key : nil
      let upper = gap < siblings.count ? siblings[gap].key : nil
      let version = { (id: String) in inserting ? 0 : state.version(of: id) }
      if let keys = Self.taggedKeys(count: items.count, lower: lower, upper: upper, tag: tag),
        keys.allSatisfy({ $0.count <= maximumLength })
      {
        return zip(items, keys).map {
          RowWrite(id: $0, parent: parent, key: $1.rawValue, expected: version($0), deleted: false)
        }
      }
      // The gap is too narrow for a short tagged key: respread a few neighbours with the items, to
      // keys short enough that the next gestures' tagged keys fit again.
      do {
        let placement = try OrderKey.keys(
          forMoving: items, before: upper == nil ? nil : siblings[gap].id, in: siblings,
          maximumLength: max(8, maximumLength - 8))
        return placement.moved.map {
          RowWrite(id: $0.id, parent: parent, key: $0.key.rawValue, expected: version($0.id), deleted: false)
        }
          + placement.rebalanced.map {
            RowWrite(
              id: $0.id, parent: parent, key: $0.key.rawValue, expected: state.version(of: $0.id), deleted: false)
          }
      } catch {
        throw SharedBoardError(.keys("\(error)"))
      }
    }
  }

  /// `count` ascending keys strictly between `lower` and `upper`, all under one prefix that ends
  /// with `tag`: the shortest key X of the gap whose every extension stays below `upper`, then the
  /// tag, then evenly spread digits. Two tags of the same length make disjoint runs of keys.
  static func taggedKeys(count: Int, lower: OrderKey?, upper: OrderKey?, tag: String) -> [OrderKey]? {
    var low = lower
    for _ in 0..<16 {
      guard let x = try? OrderKey.between(low, upper) else { return nil }
      // X followed by anything is below `upper` unless `upper` itself starts with X.
      if let upper, upper.rawValue.utf8.starts(with: x.rawValue.utf8) {
        low = x
        continue
      }
      guard let suffixes = try? OrderKey.keys(count: count, between: nil, nil) else { return nil }
      return suffixes.compactMap { try? OrderKey(x.rawValue + tag + $0.rawValue) }
    }
    return nil
  }
}

/// A client's tag: its number in three base-62 digits (238,328 clients before two share one).
package func clientTag(_ number: Int64) -> String {
  let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
  var n = Int(number.magnitude % (62 * 62 * 62))
  var tag = ""
  for _ in 0..<3 {
    tag = String(digits[n % 62]) + tag
    n /= 62
  }
  return tag
}
