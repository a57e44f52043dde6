import ReorderTestSupport

@testable import ReorderKit

typealias IntSection = Snapshot<Int, Int>.Section

/// A random pair of sectioned data: 0–8 sections of 0–50 items, with section
/// inserts, deletes and moves, items moving within and between sections,
/// inserts, deletes and content changes.
struct RandomPair {
  var old: [IntSection] = []
  var new: [IntSection] = []
  var changed: Set<Int> = []

  init(seed: UInt64) {
    var rng = SplitMix(spreading: seed)
    let maxItems = [0, 2, 4, 8, 20, 50][rng.int(0...5)]
    var nextSection = 0
    var nextItem = 0
    for _ in 0..<rng.int(0...8) {
      old.append(IntSection(id: nextSection, items: Array(nextItem..<nextItem + rng.int(0...maxItems))))
      nextItem += old.last!.items.count
      nextSection += 1
    }
    let pSectionDelete = [0, 0.2, 0.5][rng.int(0...2)]
    let pItemDelete = [0, 0.05, 0.3][rng.int(0...2)]
    let pCross = [0, 0.05, 0.3][rng.int(0...2)]
    let pWithin = [0, 0.05, 0.3, 1][rng.int(0...3)]
    let pChange = [0, 0.1][rng.int(0...1)]
    // Sections: delete some, insert some, move some.
    var sections = old.filter { _ in !rng.chance(pSectionDelete) }.map { IntSection(id: $0.id, items: []) }
    for _ in 0..<[0, 0, 1, 3][rng.int(0...3)] where sections.count < 8 {
      sections.insert(IntSection(id: nextSection, items: []), at: rng.int(0...sections.count))
      nextSection += 1
    }
    switch rng.int(0...3) {
    case 0: sections.shuffle(using: &rng)
    case 1 where sections.count > 1:
      for _ in 0..<rng.int(1...2) { sections.swapAt(rng.int(0...sections.count - 1), rng.int(0...sections.count - 1)) }
    default: break
    }
    let newIndex = Dictionary(uniqueKeysWithValues: sections.enumerated().map { ($1.id, $0) })
    // Items: those that stay in their section first (keeping order), then the rest placed at random.
    var arriving: [(Int, Int)] = []
    for section in old {
      for item in section.items where !rng.chance(pItemDelete) {
        if let s = newIndex[section.id], !rng.chance(pCross) {
          sections[s].items.append(item)
        } else if !sections.isEmpty && (newIndex[section.id] != nil || rng.chance(0.7)) {
          arriving.append((item, rng.int(0...sections.count - 1)))
        }
      }
    }
    for s in sections.indices where rng.chance(pWithin) {
      let count = sections[s].items.count
      guard count > 1 else { continue }
      if rng.chance(0.3) {
        sections[s].items.shuffle(using: &rng)
      } else {
        for _ in 0..<rng.int(1...3) { sections[s].items.swapAt(rng.int(0...count - 1), rng.int(0...count - 1)) }
      }
    }
    for s in sections.indices where rng.chance(0.5) {
      for _ in 0..<rng.int(0...min(maxItems, 6)) {
        arriving.append((nextItem, s))
        nextItem += 1
      }
    }
    for (item, s) in arriving { sections[s].items.insert(item, at: rng.int(0...sections[s].items.count)) }
    new = sections
    let survivors = Set(new.flatMap(\.items)).intersection(old.flatMap(\.items))
    changed = survivors.filter { _ in rng.chance(pChange) }
  }
}

/// Checks a batch against UIKit's semantics on real data: removing the
/// deleted items and move sources from `before` and the inserted items and
/// move destinations from `after` leaves the same items in every surviving
/// section; moves carry the same item; inserted things are new and deleted
/// things are gone. Returns every discrepancy.
func semanticErrors(before: [IntSection], batch: BatchUpdate, after: [IntSection]) -> [String] {
  var errors: [String] = []
  let deletedSections = Set(batch.deleteSections)
  let insertedSections = Set(batch.insertSections)
  let movedTo = Dictionary(uniqueKeysWithValues: batch.moveSections.map { ($0.from, $0.to) })
  let moveDestinations = Set(batch.moveSections.map(\.to))
  var free = after.indices.filter { !insertedSections.contains($0) && !moveDestinations.contains($0) }.makeIterator()
  let beforeItems = Set(before.flatMap(\.items))
  let afterItems = Set(after.flatMap(\.items))
  let beforeSectionIDs = Set(before.map(\.id))
  for (b, section) in before.enumerated() {
    if deletedSections.contains(b) {
      if after.contains(where: { $0.id == section.id }) {
        errors.append("deleted section \(section.id) is still there")
      }
      for item in section.items where afterItems.contains(item) {
        errors.append("item \(item) of deleted section \(section.id) is still there")
      }
      continue
    }
    guard let a = movedTo[b] ?? free.next() else {
      errors.append("section \(b) has no place after the batch")
      continue
    }
    guard after[a].id == section.id else {
      errors.append("section \(b) (\(section.id)) lands on \(a) (\(after[a].id))")
      continue
    }
    let gone = Set(
      batch.deleteItems.filter { $0.section == b }.map(\.item)
        + batch.moveItems.filter { $0.from.section == b }.map(\.from.item))
    let came = Set(
      batch.insertItems.filter { $0.section == a }.map(\.item)
        + batch.moveItems.filter { $0.to.section == a }.map(\.to.item))
    let left = section.items.indices.filter { !gone.contains($0) }.map { section.items[$0] }
    let right = after[a].items.indices.filter { !came.contains($0) }.map { after[a].items[$0] }
    if left != right { errors.append("section \(section.id): untouched items \(left) before, \(right) after") }
  }
  for s in insertedSections {
    if beforeSectionIDs.contains(after[s].id) { errors.append("inserted section \(after[s].id) existed before") }
    for item in after[s].items where beforeItems.contains(item) {
      errors.append("item \(item) arrives with inserted section \(after[s].id) but existed before")
    }
  }
  for move in batch.moveItems {
    let x = before[move.from.section].items[move.from.item]
    let y = after[move.to.section].items[move.to.item]
    if x != y { errors.append("move \(move) takes \(x) but lands \(y)") }
  }
  for path in batch.insertItems where beforeItems.contains(after[path.section].items[path.item]) {
    errors.append("inserted item \(after[path.section].items[path.item]) existed before")
  }
  for path in batch.deleteItems where afterItems.contains(before[path.section].items[path.item]) {
    errors.append("deleted item \(before[path.section].items[path.item]) is still there")
  }
  return errors
}

/// The length of a longest strictly increasing subsequence, by trying every
/// subset when short, and by the quadratic recurrence otherwise.
func referenceLongestIncreasing(_ values: [Int]) -> Int {
  if values.count <= 10 {
    var best = 0
    for mask in 0..<(1 << values.count) {
      var last = Int.min
      var length = 0
      var increasing = true
      for i in values.indices where mask & (1 << i) != 0 {
        if values[i] <= last {
          increasing = false
          break
        }
        last = values[i]
        length += 1
      }
      if increasing { best = max(best, length) }
    }
    return best
  }
  var length = [Int](repeating: 1, count: values.count)
  for i in values.indices {
    for j in 0..<i where values[j] < values[i] { length[i] = max(length[i], length[j] + 1) }
  }
  return length.max() ?? 0
}

/// The fewest moves any sequence of batches needs: a surviving item that
/// changes sections moves at least once; within a surviving section the
/// items that never move keep their relative order, so at most a longest
/// increasing subsequence of them stays; the same holds for sections.
func referenceMinimumMoves(old: [IntSection], new: [IntSection]) -> Int {
  let newSection = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1.id, $0) })
  let survivingSections = old.compactMap { newSection[$0.id] }
  var moves = survivingSections.count - referenceLongestIncreasing(survivingSections)
  var oldPlace: [Int: (section: Int, index: Int)] = [:]
  for section in old { for (i, item) in section.items.enumerated() { oldPlace[item] = (section.id, i) } }
  for section in new {
    var order: [Int] = []
    for item in section.items {
      guard let place = oldPlace[item] else { continue }
      if place.section == section.id { order.append(place.index) } else { moves += 1 }
    }
    moves += order.count - referenceLongestIncreasing(order)
  }
  return moves
}

/// Runs a staged changeset against every check; returns the failures.
func stagedChangesetErrors(old: [IntSection], new: [IntSection], changed: Set<Int>) -> [String] {
  let staged: StagedChangeset<Int, Int>
  do {
    staged = try StagedChangeset(from: old, to: new, contentChanged: { changed.contains($0) })
  } catch {
    return ["threw \(error)"]
  }
  var errors: [String] = []
  var current = old
  var reloaded: [Int] = []
  for (t, stage) in staged.stages.enumerated() {
    let violations = stage.updates.violations(countsBefore: current.map(\.items.count), countsAfter: stage.itemCounts)
    errors += violations.map { "stage \(t): \($0)" }
    if violations.isEmpty {
      errors += semanticErrors(before: current, batch: stage.updates, after: stage.sections).map { "stage \(t): \($0)" }
      reloaded += stage.reloadItems.map { current[$0.section].items[$0.item] }
    }
    if stage.updates.isEmpty { errors.append("stage \(t) is empty") }
    current = stage.sections
  }
  if current != new { errors.append("the last stage gives \(current), not \(new)") }
  if reloaded.sorted() != changed.sorted() {
    errors.append("reloads \(reloaded.sorted()), changed \(changed.sorted())")
  }
  let minimum = referenceMinimumMoves(old: old, new: new)
  if staged.moveCount != minimum { errors.append("\(staged.moveCount) moves; the minimum is \(minimum)") }
  if staged.stages.count > 3 { errors.append("\(staged.stages.count) stages") }
  return errors
}
