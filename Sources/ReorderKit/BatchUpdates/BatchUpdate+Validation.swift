/// A rule of UIKit's batch updates that a ``BatchUpdate`` breaks, with a message
/// that names the offending paths.
///
/// ```swift
/// let batch = BatchUpdate(deleteSections: [0], moveItems: [
///   ItemMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 0, section: 0))])
/// for violation in batch.violations(countsBefore: [1, 0], countsAfter: [1]) {
///   print(violation)   // "moves item [0, 0] out of section 0, which is deleted in the same batch"
/// }
/// ```
public struct BatchUpdateViolation: Error, Hashable, Sendable, CustomStringConvertible {
  private enum Kind: Hashable, Sendable {
    case outOfRange(String)
    case duplicate(String)
    case conflict(String)
    case sectionChange(String)
    case count(String)
  }
  private let kind: Kind

  static func outOfRange(_ message: String) -> Self { Self(kind: .outOfRange(message)) }
  static func duplicate(_ message: String) -> Self { Self(kind: .duplicate(message)) }
  static func conflict(_ message: String) -> Self { Self(kind: .conflict(message)) }
  static func sectionChange(_ message: String) -> Self { Self(kind: .sectionChange(message)) }
  static func count(_ message: String) -> Self { Self(kind: .count(message)) }

  public var description: String {
    switch kind {
    case .outOfRange(let m), .duplicate(let m), .conflict(let m), .sectionChange(let m), .count(let m): m
    }
  }
}

extension BatchUpdate {
  /// Every rule of UIKit's batch updates that this batch breaks, given the
  /// number of items in each section before and after it; empty when a
  /// collection view can apply it.
  ///
  /// The rules: deletes, reloads and move sources name valid paths before
  /// the batch, inserts and move destinations valid paths after it; no path
  /// is named twice in one list, or both deleted and moved or reloaded, or
  /// both inserted and moved to; nothing is inserted into, moved into or out
  /// of, or reloaded in a section inserted or deleted in the same batch;
  /// nothing is deleted, inserted, moved or reloaded in a section that itself
  /// moves; the number of sections and of items in each surviving section
  /// add up. (Deleting items of a section that the same batch deletes is
  /// allowed and changes nothing: they go with their section.)
  /// Reconfigured items follow the rules of reloaded ones (a path before the
  /// batch, of an item that is neither deleted nor moved; never an inserted
  /// item), and an item is not both reloaded and reconfigured. A reloaded
  /// section (by index before the batch) is neither deleted nor moved, and
  /// none of its items is deleted, reloaded, reconfigured, inserted or moved
  /// in or out in the same batch.
  ///
  /// ```swift
  /// let batch = BatchUpdate(insertItems: [ItemPath(item: 0, section: 0)])
  /// batch.violations(countsBefore: [2], countsAfter: [3])   // []
  /// batch.violations(countsBefore: [2], countsAfter: [2]).map(\.description)
  /// // ["section 0 has 2 items after the batch; expected 3 = 2 before - 0 deleted or moved out + 1 inserted or moved in"]
  /// ```
  ///
  /// - Complexity: O(s + p), where s is the number of sections and p the number of paths in the batch.
  public func violations(countsBefore before: [Int], countsAfter after: [Int]) -> [BatchUpdateViolation] {
    var out: [BatchUpdateViolation] = []
    var sections = SectionRoles(before: before.count, after: after.count)
    sections.collect(self, into: &out)
    var deleted = Set<ItemPath>()
    var reloaded = Set<ItemPath>()
    var reconfigured = Set<ItemPath>()
    var movedFrom = Set<ItemPath>()
    var inserted = Set<ItemPath>()
    var movedTo = Set<ItemPath>()
    var lost = [Int](repeating: 0, count: before.count)  // deletes and moves out, by section before
    var gained = [Int](repeating: 0, count: after.count)  // inserts and moves in, by section after

    func valid(_ path: ItemPath, _ counts: [Int], _ what: String, _ when: String) -> Bool {
      guard counts.indices.contains(path.section), (0..<counts[path.section]).contains(path.item) else {
        let range =
          counts.indices.contains(path.section)
          ? "section \(path.section) has \(counts[path.section]) items" : "there are \(counts.count) sections"
        out.append(.outOfRange("\(what) \(path) is out of range \(when) the batch (\(range))"))
        return false
      }
      return true
    }
    for path in deleteItems where valid(path, before, "deleted item", "before") {
      if !deleted.insert(path).inserted {
        out.append(.duplicate("item \(path) is deleted twice"))
        continue
      }
      if sections.isDeleted(before: path.section) { continue }  // implied by the section's deletion
      lost[path.section] += 1
      if sections.isReloaded(before: path.section) {
        out.append(
          .sectionChange("deletes item \(path) in section \(path.section), which is reloaded in the same batch"))
      }
      if sections.isMoved(before: path.section) {
        out.append(.sectionChange("deletes item \(path) in section \(path.section), which moves in the same batch"))
      }
    }
    for path in reloadItems where valid(path, before, "reloaded item", "before") {
      if !reloaded.insert(path).inserted {
        out.append(.duplicate("item \(path) is reloaded twice"))
        continue
      }
      if deleted.contains(path) { out.append(.conflict("item \(path) is both deleted and reloaded")) }
      if sections.isDeleted(before: path.section) {
        out.append(
          .sectionChange("reloads item \(path) in section \(path.section), which is deleted in the same batch"))
      }
      if sections.isMoved(before: path.section) {
        out.append(.sectionChange("reloads item \(path) in section \(path.section), which moves in the same batch"))
      }
      if sections.isReloaded(before: path.section) {
        out.append(
          .sectionChange("reloads item \(path) in section \(path.section), which is reloaded in the same batch"))
      }
    }
    for path in reconfigureItems {
      guard before.indices.contains(path.section), (0..<before[path.section]).contains(path.item) else {
        out.append(
          .outOfRange(
            "reconfigured item \(path) does not exist before the batch (an inserted item is configured when it is inserted)"
          ))
        continue
      }
      if !reconfigured.insert(path).inserted {
        out.append(.duplicate("item \(path) is reconfigured twice"))
        continue
      }
      if deleted.contains(path) { out.append(.conflict("item \(path) is both deleted and reconfigured")) }
      if reloaded.contains(path) { out.append(.conflict("item \(path) is both reloaded and reconfigured")) }
      let what = "reconfigures item \(path) in section \(path.section), which"
      if sections.isDeleted(before: path.section) { out.append(.sectionChange("\(what) is deleted in the same batch")) }
      if sections.isMoved(before: path.section) { out.append(.sectionChange("\(what) moves in the same batch")) }
      if sections.isReloaded(before: path.section) {
        out.append(.sectionChange("\(what) is reloaded in the same batch"))
      }
    }
    let reloadedAfter = sections.reloadedAfter()
    for path in insertItems where valid(path, after, "inserted item", "after") {
      if !inserted.insert(path).inserted {
        out.append(.duplicate("item \(path) is inserted twice"))
        continue
      }
      gained[path.section] += 1
      if sections.isInserted(after: path.section) {
        out.append(
          .sectionChange("inserts item \(path) into section \(path.section), which is inserted in the same batch"))
      }
      if sections.isMoved(after: path.section) {
        out.append(.sectionChange("inserts item \(path) into section \(path.section), which moves in the same batch"))
      }
      if reloadedAfter.contains(path.section) {
        out.append(
          .sectionChange("inserts item \(path) into section \(path.section), which is reloaded in the same batch"))
      }
    }
    for move in moveItems {
      let (from, to) = (move.from, move.to)
      if valid(from, before, "move source", "before") {
        if !movedFrom.insert(from).inserted {
          out.append(.duplicate("item \(from) is moved twice"))
        } else {
          if deleted.contains(from) { out.append(.conflict("item \(from) is both deleted and moved")) }
          if reloaded.contains(from) { out.append(.conflict("item \(from) is both moved and reloaded")) }
          if reconfigured.contains(from) { out.append(.conflict("item \(from) is both moved and reconfigured")) }
          if sections.isReloaded(before: from.section) {
            out.append(
              .sectionChange("moves item \(from) out of section \(from.section), which is reloaded in the same batch"))
          }
          if sections.isDeleted(before: from.section) {
            out.append(
              .sectionChange("moves item \(from) out of section \(from.section), which is deleted in the same batch"))
          } else {
            lost[from.section] += 1
          }
          if sections.isMoved(before: from.section) {
            out.append(
              .sectionChange("moves item \(from) out of section \(from.section), which moves in the same batch"))
          }
        }
      }
      if valid(to, after, "move destination", "after") {
        if !movedTo.insert(to).inserted {
          out.append(.duplicate("two items are moved to \(to)"))
          continue
        }
        if inserted.contains(to) { out.append(.conflict("item \(to) is both inserted and moved to")) }
        gained[to.section] += 1
        if sections.isInserted(after: to.section) {
          out.append(
            .sectionChange("moves item \(from) into section \(to.section), which is inserted in the same batch"))
        }
        if sections.isMoved(after: to.section) {
          out.append(.sectionChange("moves item \(from) into section \(to.section), which moves in the same batch"))
        }
        if reloadedAfter.contains(to.section) {
          out.append(
            .sectionChange("moves item \(from) into section \(to.section), which is reloaded in the same batch"))
        }
      }
    }
    if let destination = sections.destinations() {
      for (b, a) in destination.enumerated() {
        guard let a else { continue }
        let expected = before[b] - lost[b] + gained[a]
        if after[a] != expected {
          let origin = a == b ? "section \(a)" : "section \(b) (\(a) after the batch)"
          out.append(
            .count(
              "\(origin) has \(after[a]) items after the batch; expected \(expected) = \(before[b]) before - \(lost[b]) deleted or moved out + \(gained[a]) inserted or moved in"
            ))
        }
      }
    }
    return out
  }
}

/// Which sections a batch deletes, inserts and moves, and where each surviving section goes.
private struct SectionRoles {
  var deleted: [Bool], movedFrom: [Int?], reloaded: [Bool]
  var inserted: [Bool], movedTo: [Int?]
  var countsAddUp = true

  init(before: Int, after: Int) {
    deleted = Array(repeating: false, count: before)
    movedFrom = Array(repeating: nil, count: before)
    reloaded = Array(repeating: false, count: before)
    inserted = Array(repeating: false, count: after)
    movedTo = Array(repeating: nil, count: after)
  }

  func isDeleted(before s: Int) -> Bool { deleted[s] }
  func isMoved(before s: Int) -> Bool { movedFrom[s] != nil }
  func isInserted(after s: Int) -> Bool { inserted[s] }
  func isMoved(after s: Int) -> Bool { movedTo[s] != nil }
  func isReloaded(before s: Int) -> Bool { reloaded[s] }

  /// The indexes after the batch of the reloaded sections that survive it (none when the sections don't add up).
  func reloadedAfter() -> Set<Int> {
    guard reloaded.contains(true), let destination = destinations() else { return [] }
    var result = Set<Int>()
    for (s, isReloaded) in reloaded.enumerated() where isReloaded {
      if let to = destination[s] { result.insert(to) }
    }
    return result
  }

  mutating func collect(_ batch: BatchUpdate, into out: inout [BatchUpdateViolation]) {
    let (before, after) = (deleted.count, inserted.count)
    for s in batch.deleteSections {
      guard (0..<before).contains(s) else {
        out.append(.outOfRange("deleted section \(s) is out of range before the batch (there are \(before) sections)"))
        countsAddUp = false
        continue
      }
      if deleted[s] { out.append(.duplicate("section \(s) is deleted twice")) }
      deleted[s] = true
    }
    for s in batch.insertSections {
      guard (0..<after).contains(s) else {
        out.append(.outOfRange("inserted section \(s) is out of range after the batch (there are \(after) sections)"))
        countsAddUp = false
        continue
      }
      if inserted[s] { out.append(.duplicate("section \(s) is inserted twice")) }
      inserted[s] = true
    }
    for move in batch.moveSections {
      guard (0..<before).contains(move.from), (0..<after).contains(move.to) else {
        out.append(.outOfRange("section move \(move) is out of range (\(before) sections before, \(after) after)"))
        countsAddUp = false
        continue
      }
      if movedFrom[move.from] != nil {
        out.append(.duplicate("section \(move.from) is moved twice"))
        countsAddUp = false
        continue
      }
      if movedTo[move.to] != nil {
        out.append(.duplicate("two sections are moved to \(move.to)"))
        countsAddUp = false
        continue
      }
      if deleted[move.from] { out.append(.conflict("section \(move.from) is both deleted and moved")) }
      if inserted[move.to] { out.append(.conflict("section \(move.to) is both inserted and moved to")) }
      movedFrom[move.from] = move.to
      movedTo[move.to] = move.from
    }
    for s in batch.reloadSections {
      guard (0..<before).contains(s) else {
        out.append(.outOfRange("reloaded section \(s) is out of range before the batch (there are \(before) sections)"))
        continue
      }
      if reloaded[s] {
        out.append(.duplicate("section \(s) is reloaded twice"))
        continue
      }
      reloaded[s] = true
      if deleted[s] { out.append(.conflict("section \(s) is both deleted and reloaded")) }
      if movedFrom[s] != nil { out.append(.conflict("section \(s) is both moved and reloaded")) }
    }
    let kept = (0..<before).count { !deleted[$0] }
    let filled = (0..<after).count { inserted[$0] && movedTo[$0] == nil }
    if kept + filled != after {
      out.append(
        .count(
          "there are \(after) sections after the batch; expected \(kept + filled) = \(before) before - \(before - kept) deleted + \(filled) inserted"
        ))
      countsAddUp = false
    }
  }

  /// The index after the batch of each section before it (`nil` if deleted), or `nil` when the sections don't add up.
  func destinations() -> [Int?]? {
    guard countsAddUp else { return nil }
    var result = [Int?](repeating: nil, count: deleted.count)
    var free = (0..<inserted.count).filter { !inserted[$0] && movedTo[$0] == nil }.makeIterator()
    for s in deleted.indices where !deleted[s] {
      if let to = movedFrom[s] {
        result[s] = to
        continue
      }
      guard let slot = free.next() else { return nil }
      result[s] = slot
    }
    return result
  }
}
