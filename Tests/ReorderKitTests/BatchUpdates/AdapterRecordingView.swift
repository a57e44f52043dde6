@testable import ReorderKit
@testable import ReorderKitUIKit

/// A collection view that takes batch updates as UIKit's `UICollectionView` does, and checks them.
///
/// It keeps its own data: what it shows, which it loads from its data source the first time it
/// is asked (as UIKit does, even at the start of `performBatchUpdates`), and changes only at the
/// end of a batch or on `reloadData()`. At the end of each batch it asks the data source for the
/// data after it, as UIKit asks for the counts, and checks the batch with the project's validator
/// (``BatchUpdate/violations(countsBefore:countsAfter:)``) and with the replay of UIKit's semantics
/// that the differ's tests use (`semanticErrors`). It also checks what UIKit's documentation and
/// experience ask of the caller: the data source's data is set inside the batch before any call;
/// the calls come in UIKit's order (sections before items; deletes, inserts, moves, reloads);
/// nothing is called outside a batch; a reload is in a batch of its own. Completions wait, as
/// UIKit's animations do, until `finishAnimations()`.
@MainActor
final class RecordingView: BatchUpdatingView {
  /// A call the view received, in order; `setData` is the data source's data being set.
  enum Call: Hashable, CustomStringConvertible {
    case beginBatch, setData, endBatch, reloadData
    case deleteSections([Int])
    case insertSections([Int])
    case moveSection(Int, Int)
    case deleteItems([ItemPath])
    case insertItems([ItemPath])
    case moveItem(ItemPath, ItemPath)
    case reloadItems([ItemPath])

    var description: String {
      switch self {
      case .beginBatch: "performBatchUpdates {"
      case .setData: "  setData"
      case .endBatch: "}"
      case .reloadData: "reloadData()"
      case .deleteSections(let s): "  deleteSections(\(s))"
      case .insertSections(let s): "  insertSections(\(s))"
      case .moveSection(let from, let to): "  moveSection(\(from), toSection: \(to))"
      case .deleteItems(let p): "  deleteItems(at: \(p))"
      case .insertItems(let p): "  insertItems(at: \(p))"
      case .moveItem(let from, let to): "  moveItem(at: \(from), to: \(to))"
      case .reloadItems(let p): "  reloadItems(at: \(p))"
      }
    }
  }

  /// The app's data, as the view's data source answers it.
  private(set) var dataSource: [IntSection]
  private var loaded: [IntSection]?
  private(set) var calls: [Call] = []
  /// Every rule broken, with the batch it was broken in.
  private(set) var errors: [String] = []
  /// The identifiers of the items reloaded, in order.
  private(set) var reloadedItems: [Int] = []
  /// What the view showed after each batch.
  private(set) var shownAfterBatches: [[IntSection]] = []
  private var batch: BatchUpdate?
  private var dataSetInBatch = false
  private var lastRank = 0
  private var runningAnimations: [(Bool) -> Void] = []

  /// A view that has loaded `sections` and shows them.
  init(showing sections: [IntSection]) {
    dataSource = sections
    loaded = sections
  }

  /// A view that has not asked its data source yet (never laid out, or marked for a reload).
  init(notLoadedWithDataSource sections: [IntSection]) {
    dataSource = sections
  }

  /// What the view shows, loading it from the data source first if it never has.
  var shown: [IntSection] {
    if let loaded { return loaded }
    loaded = dataSource
    return dataSource
  }

  /// The batches the view received.
  var batchCount: Int { calls.count { $0 == .beginBatch } }

  /// Sets the data source's data: what the app's `setData` closure does.
  func setData(_ sections: [IntSection]) {
    dataSource = sections
    calls.append(.setData)
    if batch != nil { dataSetInBatch = true }
  }

  /// Ends the running animations: their completions run, in order.
  func finishAnimations(finished: Bool = true) {
    let completions = runningAnimations
    runningAnimations = []
    for completion in completions { completion(finished) }
  }

  var numberOfSections: Int { shown.count }

  func numberOfItems(inSection section: Int) -> Int {
    guard shown.indices.contains(section) else {
      errors.append("numberOfItems(inSection: \(section)) with \(shown.count) sections")
      return 0
    }
    return shown[section].items.count
  }

  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
    let n = batchCount
    guard batch == nil else {
      errors.append("batch \(n): performBatchUpdates inside a batch")
      return
    }
    let before = shown
    calls.append(.beginBatch)
    batch = BatchUpdate()
    dataSetInBatch = false
    lastRank = 0
    updates?()
    let recorded = batch ?? BatchUpdate()
    batch = nil
    calls.append(.endBatch)
    let after = dataSource
    let violations = recorded.violations(
      countsBefore: before.map(\.items.count), countsAfter: after.map(\.items.count))
    errors += violations.map { "batch \(n): \($0)" }
    if violations.isEmpty {
      errors += semanticErrors(before: before, batch: recorded, after: after).map { "batch \(n): \($0)" }
      reloadedItems += recorded.reloadItems.map { before[$0.section].items[$0.item] }
    }
    if !recorded.reloadItems.isEmpty && recorded != BatchUpdate(reloadItems: recorded.reloadItems) {
      errors.append("batch \(n): reloads items while other changes shift them")
    }
    loaded = after
    shownAfterBatches.append(after)
    if let completion { runningAnimations.append(completion) }
  }

  func deleteSections(_ sections: [Int]) {
    record(.deleteSections(sections), rank: 0) { $0.deleteSections += sections }
  }
  func insertSections(_ sections: [Int]) {
    record(.insertSections(sections), rank: 1) { $0.insertSections += sections }
  }
  func moveSection(_ section: Int, toSection newSection: Int) {
    record(.moveSection(section, newSection), rank: 2) {
      $0.moveSections.append(SectionMove(from: section, to: newSection))
    }
  }
  func deleteItems(at paths: [ItemPath]) { record(.deleteItems(paths), rank: 3) { $0.deleteItems += paths } }
  func insertItems(at paths: [ItemPath]) { record(.insertItems(paths), rank: 4) { $0.insertItems += paths } }
  func moveItem(at path: ItemPath, to newPath: ItemPath) {
    record(.moveItem(path, newPath), rank: 5) { $0.moveItems.append(ItemMove(from: path, to: newPath)) }
  }
  func reloadItems(at paths: [ItemPath]) { record(.reloadItems(paths), rank: 6) { $0.reloadItems += paths } }

  func reloadData() {
    if batch != nil { errors.append("batch \(batchCount - 1): reloadData inside a batch") }
    calls.append(.reloadData)
    loaded = dataSource
  }

  private func record(_ call: Call, rank: Int, _ add: (inout BatchUpdate) -> Void) {
    calls.append(call)
    guard batch != nil else {
      errors.append("\(call) outside performBatchUpdates")
      return
    }
    let n = batchCount - 1
    if !dataSetInBatch { errors.append("batch \(n): \(call) before the data source's data was set") }
    if rank < lastRank { errors.append("batch \(n): \(call) out of UIKit's order") }
    lastRank = rank
    add(&batch!)
  }
}
