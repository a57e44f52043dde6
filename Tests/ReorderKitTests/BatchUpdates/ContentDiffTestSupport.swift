import ReorderTestSupport

@testable import ReorderKit

/// A pair of sectioned data with content changes: the items and the sections (present on both
/// sides) whose content differs.
struct ContentPair {
  var old: [IntSection]
  var new: [IntSection]
  var changed: Set<Int> = []
  var changedSections: Set<Int> = []

  /// A random pair (``RandomPair`` of the same seed) whose surviving sections change content
  /// too: none, a few, or all of them.
  init(seed: UInt64) {
    let pair = RandomPair(seed: seed)
    old = pair.old
    new = pair.new
    changed = pair.changed
    var rng = SplitMix(spreading: seed ^ 0x5EC7_1015)
    let p = [0, 0.2, 0.5, 1][rng.int(0...3)]
    let survivors = Set(old.map(\.id)).intersection(new.map(\.id))
    changedSections = Set(survivors.sorted().filter { _ in rng.chance(p) })
  }

  init(old: [IntSection], new: [IntSection], changed: Set<Int> = [], changedSections: Set<Int> = []) {
    self.old = old
    self.new = new
    self.changed = changed
    self.changedSections = changedSections
  }

  func staged(_ style: ItemUpdateStyle = .reload) throws -> StagedChangeset<Int, Int> {
    try StagedChangeset(
      from: old, to: new, itemUpdates: style, contentChanged: { changed.contains($0) },
      sectionContentChanged: { changedSections.contains($0) })
  }
}

/// Runs the content-aware changeset of a pair against every check; returns the failures:
/// every stage passes the validator and the independent UIKit model, the replay ends at the new
/// data, each changed item and section is updated exactly once (and nothing else is), moves are
/// at the minimum, and updates are where the design places them: those of items and sections
/// that neither move nor sit in a moving or reloaded section in the first stage; those of items
/// or sections that move after every stage that inserts, deletes or moves anything.
func contentChangesetErrors(_ pair: ContentPair, style: ItemUpdateStyle = .reload) -> [String] {
  let staged: StagedChangeset<Int, Int>
  do {
    staged = try pair.staged(style)
  } catch {
    return ["threw \(error)"]
  }
  var errors: [String] = []
  var current = pair.old
  var updated: [Int: Int] = [:]  // item -> stage
  var reloadedSections: [Int: Int] = [:]  // section -> stage
  var lastStructural = 0  // the last stage (1-based) that inserts, deletes or moves anything
  for (t, stage) in staged.stages.enumerated() {
    let u = stage.updates
    if !(u.deleteSections.isEmpty && u.insertSections.isEmpty && u.moveSections.isEmpty && u.deleteItems.isEmpty
      && u.insertItems.isEmpty && u.moveItems.isEmpty)
    {
      lastStructural = t + 1
    }
  }
  for (t, stage) in staged.stages.enumerated() {
    let violations = stage.updates.violations(countsBefore: current.map(\.items.count), countsAfter: stage.itemCounts)
    errors += violations.map { "stage \(t): \($0)" }
    let (modelErrors, _) = UIKitBatchModel(stage.updates).judge(before: current, after: stage.sections)
    errors += modelErrors.map { "stage \(t), UIKit model: \($0)" }
    if violations.isEmpty {
      errors += semanticErrors(before: current, batch: stage.updates, after: stage.sections).map { "stage \(t): \($0)" }
      let wrong = style == .reload ? stage.reconfigureItems : stage.reloadItems
      if !wrong.isEmpty { errors.append("stage \(t): item updates \(wrong) in the other list") }
      for path in stage.reloadItems + stage.reconfigureItems {
        let item = current[path.section].items[path.item]
        if updated.updateValue(t, forKey: item) != nil { errors.append("item \(item) is updated twice") }
      }
      for s in stage.reloadSections {
        let id = current[s].id
        if reloadedSections.updateValue(t, forKey: id) != nil { errors.append("section \(id) is reloaded twice") }
      }
    }
    if stage.updates.isEmpty { errors.append("stage \(t) is empty") }
    current = stage.sections
  }
  if current != pair.new { errors.append("the last stage gives \(current), not \(pair.new)") }
  if Set(updated.keys) != pair.changed {
    errors.append("updates items \(updated.keys.sorted()), changed \(pair.changed.sorted())")
  }
  if Set(reloadedSections.keys) != pair.changedSections {
    errors.append("reloads sections \(reloadedSections.keys.sorted()), changed \(pair.changedSections.sorted())")
  }
  let minimum = referenceMinimumMoves(old: pair.old, new: pair.new)
  if staged.moveCount != minimum { errors.append("\(staged.moveCount) moves; the minimum is \(minimum)") }
  guard errors.isEmpty else { return errors }

  // Placement. Which sections and items move: a section or an item moves when some stage moves
  // it; an item also when its section moves.
  var movedSections = Set<Int>()
  var movedItems = Set<Int>()
  var carried = Set<Int>()  // items whose section moves: they move too
  current = pair.old
  for stage in staged.stages {
    for move in stage.moveSections {
      movedSections.insert(current[move.from].id)
      carried.formUnion(current[move.from].items)
    }
    for move in stage.moveItems { movedItems.insert(current[move.from.section].items[move.from.item]) }
    current = stage.sections
  }
  let oldSection = Dictionary(uniqueKeysWithValues: pair.old.flatMap { s in s.items.map { ($0, s.id) } })
  let newSection = Dictionary(uniqueKeysWithValues: pair.new.flatMap { s in s.items.map { ($0, s.id) } })
  for (id, t) in reloadedSections {
    if movedSections.contains(id) {
      if t != staged.stages.count - 1 || t < lastStructural {
        errors.append("section \(id) moves and changes: reloaded in stage \(t), not last after the moves")
      }
    } else if t != 0 {
      errors.append("section \(id) stays and changes: reloaded in stage \(t), not the first")
    }
  }
  for (item, t) in updated {
    let inReloaded =
      pair.changedSections.contains(oldSection[item]!) || pair.changedSections.contains(newSection[item]!)
    if movedItems.contains(item) || carried.contains(item) {
      if t < lastStructural { errors.append("item \(item) moves and changes: updated in stage \(t), before a move") }
    } else if t != 0 && !inReloaded {
      errors.append("item \(item) stays and changes: updated in stage \(t), not the first")
    }
  }
  return errors
}
