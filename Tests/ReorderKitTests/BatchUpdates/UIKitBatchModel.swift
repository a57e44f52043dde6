@testable import ReorderKit

/// UIKit's rules for one `performBatchUpdates`, as a collection view applies it, written from
/// UIKit's documentation and exceptions and not from ReorderKit's code: it shares nothing with
/// `BatchUpdate.violations` (the adapter's own check) nor with the differ's tests' `semanticErrors`.
///
/// The rules: the index semantics of Apple's documentation of `performBatchUpdates(_:completion:)`
/// (deletes are processed before inserts, relative to the state before the batch; inserts relative
/// to the state after it), the counts and duplicates that UIKit's `NSInternalInconsistencyException`s
/// name, and the section and item interactions as the project's design states UIKit's rules:
/// - the calls' order inside the batch does not matter: UIKit applies every delete before every
///   insert. Section and item deletes, reloads and move sources are indexes before the batch;
///   inserts and move destinations, indexes after it;
/// - each index before the batch is deleted, moved or reloaded at most once, and each index after
///   it is inserted or moved into at most once;
/// - an item is not deleted, reloaded, or moved out of a section the batch deletes or moves, and
///   not inserted, or moved into, a section it inserts or moves (the section's own change carries
///   its items);
/// - the counts the data source answers after the batch are those before it, less what is
///   deleted and moved out, plus what is inserted and moved in; for sections as for items;
/// - a reconfigure (`reconfigureItems`, iOS 15) names an item as a reload does: by its index
///   before the batch, an item that exists then and neither goes nor moves (an inserted item
///   has no cell to reconfigure), and never one the batch also reloads;
/// - a reloaded section (`reloadSections`: UIKit deletes and inserts it again) is named by its
///   index before the batch, is neither deleted nor moved, and none of its items is deleted,
///   reloaded, reconfigured, inserted or moved in or out: UIKit throws "attempt to delete and
///   reload the same index path" for the like of it.
///
/// On top of the counts, which are all UIKit can check, the model replays the batch on the
/// identities the view showed: sections and items that stay keep their order, moves carry their
/// item, inserts take what the data source answers there. The result must be exactly what the data
/// source answers after the batch, or the animation would show items where they are not.
struct UIKitBatchModel {
  /// The calls of one batch, as the view received them (any order).
  var deleteSections: [Int] = []
  var insertSections: [Int] = []
  var moveSections: [(from: Int, to: Int)] = []
  var deleteItems: [ItemPath] = []
  var insertItems: [ItemPath] = []
  var moveItems: [(from: ItemPath, to: ItemPath)] = []
  var reloadItems: [ItemPath] = []
  var reconfigureItems: [ItemPath] = []
  var reloadSections: [Int] = []

  /// What applying the batch to a view that shows `before`, with a data source that answers
  /// `after`, breaks (empty if nothing), and the identifiers of the items it reloads or reconfigures.
  func judge(before: [IntSection], after: [IntSection]) -> (errors: [String], reloaded: [Int]) {
    var errors: [String] = []

    // Sections: the fate of each one before, and what fills each one after.
    enum Fate: Equatable {
      case stays, deleted
      case moved(to: Int)
    }
    var fate = [Fate](repeating: .stays, count: before.count)
    var named = [Bool](repeating: false, count: before.count)
    func nameOld(_ s: Int, _ what: String) -> Bool {
      guard s >= 0 && s < before.count else {
        errors.append("\(what) section \(s), but there are \(before.count) sections before the batch")
        return false
      }
      guard !named[s] else {
        errors.append("\(what) section \(s), which the batch already deletes or moves")
        return false
      }
      named[s] = true
      return true
    }
    enum Source: Equatable {
      case free, inserted
      case movedFrom(Int)
    }
    var filled = [Source](repeating: .free, count: after.count)
    func nameNew(_ s: Int, _ what: String, _ source: Source) -> Bool {
      guard s >= 0 && s < after.count else {
        errors.append("\(what) section \(s), but there are \(after.count) sections after the batch")
        return false
      }
      guard filled[s] == .free else {
        errors.append("\(what) section \(s), which the batch already inserts or moves into")
        return false
      }
      filled[s] = source
      return true
    }
    for s in deleteSections where nameOld(s, "deletes") { fate[s] = .deleted }
    for s in insertSections { _ = nameNew(s, "inserts", .inserted) }
    for move in moveSections where nameOld(move.from, "moves") {
      if nameNew(move.to, "moves into", .movedFrom(move.from)) { fate[move.from] = .moved(to: move.to) }
    }
    var reloadedSection = [Bool](repeating: false, count: before.count)
    for s in reloadSections where nameOld(s, "reloads") { reloadedSection[s] = true }
    let staying = before.indices.filter { fate[$0] == .stays }
    let free = after.indices.filter { filled[$0] == .free }
    guard staying.count == free.count else {
      errors.append(
        "\(after.count) sections after the batch; expected \(before.count) before, \(deleteSections.count) deleted, \(insertSections.count) inserted"
      )
      return (errors, [])
    }
    for (old, new) in zip(staying, free) { filled[new] = .movedFrom(old) }  // stays, in order
    let movedSection = Set(moveSections.map(\.from))
    let movedIntoSection = Set(moveSections.map(\.to))

    // Items before the batch: each path once, in a section that exists and neither goes nor moves.
    var touchedBefore = Set<ItemPath>()
    var leaving = [Set<Int>](repeating: [], count: before.count)
    func nameOldItem(_ path: ItemPath, _ what: String) -> Bool {
      guard path.section >= 0 && path.section < before.count,
        path.item >= 0 && path.item < before[path.section].items.count
      else {
        errors.append("\(what) item \(path), which does not exist before the batch")
        return false
      }
      if fate[path.section] == .deleted {
        errors.append("\(what) item \(path) of section \(path.section), which is deleted in the same batch")
        return false
      }
      if movedSection.contains(path.section) {
        errors.append("\(what) item \(path) of section \(path.section), which moves in the same batch")
        return false
      }
      if reloadedSection[path.section] {
        errors.append("\(what) item \(path) of section \(path.section), which is reloaded in the same batch")
        return false
      }
      guard touchedBefore.insert(path).inserted else {
        errors.append("\(what) item \(path), which the batch already deletes, moves or reloads")
        return false
      }
      return true
    }
    for path in deleteItems where nameOldItem(path, "deletes") { leaving[path.section].insert(path.item) }
    var reloaded: [Int] = []
    for path in reloadItems where nameOldItem(path, "reloads") {
      reloaded.append(before[path.section].items[path.item])
    }
    for path in reconfigureItems where nameOldItem(path, "reconfigures") {
      reloaded.append(before[path.section].items[path.item])
    }

    // Items after the batch: each path once, in a section that was there and stays or was moved into.
    var arriving = [[Int: Int?]](repeating: [:], count: after.count)  // index -> moved item, or nil if inserted
    func nameNewItem(_ path: ItemPath, _ what: String, _ item: Int?) {
      guard path.section >= 0 && path.section < after.count, path.item >= 0 else {
        errors.append("\(what) item \(path), but there are \(after.count) sections after the batch")
        return
      }
      if filled[path.section] == .inserted {
        errors.append("\(what) item \(path) into section \(path.section), which is inserted in the same batch")
        return
      }
      if movedIntoSection.contains(path.section) {
        errors.append("\(what) item \(path) into section \(path.section), which moves in the same batch")
        return
      }
      if case .movedFrom(let old) = filled[path.section], reloadedSection[old] {
        errors.append("\(what) item \(path) into section \(path.section), which is reloaded in the same batch")
        return
      }
      guard arriving[path.section][path.item] == nil else {
        errors.append("\(what) item \(path), where the batch already inserts or moves an item")
        return
      }
      arriving[path.section][path.item] = .some(item)
    }
    for path in insertItems { nameNewItem(path, "inserts", nil) }
    for move in moveItems where nameOldItem(move.from, "moves") {
      leaving[move.from.section].insert(move.from.item)
      nameNewItem(move.to, "moves", before[move.from.section].items[move.from.item])
    }
    guard errors.isEmpty else { return (errors, reloaded) }

    // The replay.
    var replayed: [IntSection] = []
    for (new, source) in filled.enumerated() {
      guard case .movedFrom(let old) = source else {
        replayed.append(after[new])  // inserted: what the data source answers, all of it new
        continue
      }
      var staying = before[old].items.indices.filter { !leaving[old].contains($0) }.map { before[old].items[$0] }
        .makeIterator()
      let count = before[old].items.count - leaving[old].count + arriving[new].count
      guard count == after[new].items.count else {
        errors.append(
          "section \(new) has \(after[new].items.count) items after the batch; expected \(before[old].items.count) before, \(leaving[old].count) deleted or moved out, \(arriving[new].count) inserted or moved in"
        )
        continue
      }
      var items: [Int] = []
      for index in 0..<count {
        if let arrival = arriving[new][index] {
          items.append(arrival ?? after[new].items[index])
        } else if let item = staying.next() {
          items.append(item)
        }
      }
      if let beyond = arriving[new].keys.first(where: { $0 >= count }) {
        errors.append("inserts or moves to item \(beyond) of section \(new), which has \(count) items after the batch")
        continue
      }
      replayed.append(IntSection(id: before[old].id, items: items))
    }
    guard errors.isEmpty else { return (errors, reloaded) }
    // What is inserted is new: no section or item that stays from before (or the data source's
    // answer would hold it twice).
    var stayingSections = Set<Int>()
    var stayingItems = Set<Int>()
    for (new, source) in filled.enumerated() {
      guard case .movedFrom(let old) = source else { continue }
      stayingSections.insert(before[old].id)
      for (index, item) in replayed[new].items.enumerated() where arriving[new][index] != .some(nil) {
        stayingItems.insert(item)
      }
    }
    for (new, source) in filled.enumerated() where source == .inserted {
      if stayingSections.contains(after[new].id) {
        errors.append("inserts section \(new) (\(after[new].id)), which stays from before the batch")
      }
      for item in after[new].items where stayingItems.contains(item) {
        errors.append("inserts item \(item) with section \(new), but it stays from before the batch")
      }
    }
    for path in insertItems where stayingItems.contains(after[path.section].items[path.item]) {
      errors.append(
        "inserts item \(after[path.section].items[path.item]) at \(path), but it stays from before the batch")
    }
    if replayed != after {
      for s in after.indices where replayed[s] != after[s] {
        errors.append("replayed, section \(s) is \(replayed[s]); the data source answers \(after[s])")
      }
    }
    return (errors, reloaded)
  }
}

extension UIKitBatchModel {
  /// The model of the calls of a ``BatchUpdate``, for tests that make batches by hand.
  init(_ batch: BatchUpdate) {
    deleteSections = batch.deleteSections
    insertSections = batch.insertSections
    moveSections = batch.moveSections.map { ($0.from, $0.to) }
    deleteItems = batch.deleteItems
    insertItems = batch.insertItems
    moveItems = batch.moveItems.map { ($0.from, $0.to) }
    reloadItems = batch.reloadItems
    reconfigureItems = batch.reconfigureItems
    reloadSections = batch.reloadSections
  }
}
