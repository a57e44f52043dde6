@testable import ReorderKit
@testable import ReorderKitUIKit

/// A collection view that takes batch updates as UIKit's `UICollectionView` does, and checks them.
///
/// It keeps its own data: what it shows, which it loads from its data source the first time it
/// is asked (as UIKit does, even at the start of `performBatchUpdates`), and changes only at the
/// end of a batch or on `reloadData()`. At the end of each batch it asks the data source for the
/// data after it, as UIKit asks for the counts, and judges the batch with ``UIKitBatchModel``,
/// UIKit's rules written apart from the adapter's own check (`BatchUpdate.violations`): what UIKit
/// would refuse, or animate wrongly, goes to `errors`.
///
/// The adapter's own choices, which UIKit does not require, go to `adapterChoiceErrors`: the data
/// source's data is set inside the batch before any call (UIKit reads it only at the end); the
/// calls come in one fixed order (sections before items; deletes, inserts, moves, reloads; UIKit
/// takes them in any order); every call is inside a batch, no batch inside another; a reload is
/// in a batch of its own. Completions wait, as UIKit's animations do, until `finishAnimations()`.
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
    case reloadSections([Int])
    case reconfigureItems([ItemPath])

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
      case .reloadSections(let s): "  reloadSections(\(s))"
      case .reconfigureItems(let p): "  reconfigureItems(at: \(p))"
      }
    }
  }

  /// The app's data, as the view's data source answers it.
  private(set) var dataSource: [IntSection]
  private var loaded: [IntSection]?
  private(set) var calls: [Call] = []
  /// Every one of UIKit's rules broken (``UIKitBatchModel``), with the batch it was broken in.
  private(set) var errors: [String] = []
  /// Every choice of the adapter's not kept (the data set first, the call order, reloads alone,
  /// calls inside batches), with the batch.
  private(set) var adapterChoiceErrors: [String] = []
  /// The identifiers of the items reloaded or reconfigured, in order.
  private(set) var reloadedItems: [Int] = []
  /// The identifiers of the sections reloaded, in order.
  private(set) var reloadedSections: [Int] = []
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
      adapterChoiceErrors.append("batch \(n): performBatchUpdates inside a batch")
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
    let (broken, reloaded) = UIKitBatchModel(recorded).judge(before: before, after: after)
    errors += broken.map { "batch \(n): \($0)" }
    reloadedItems += reloaded
    if broken.isEmpty { reloadedSections += recorded.reloadSections.map { before[$0].id } }
    let updatesAlone = BatchUpdate(
      reloadItems: recorded.reloadItems, reloadSections: recorded.reloadSections,
      reconfigureItems: recorded.reconfigureItems)
    if !updatesAlone.isEmpty && recorded != updatesAlone {
      adapterChoiceErrors.append("batch \(n): reloads items while other changes shift them")
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
  func reloadSections(_ sections: [Int]) {
    record(.reloadSections(sections), rank: 3) { $0.reloadSections += sections }
  }
  func deleteItems(at paths: [ItemPath]) { record(.deleteItems(paths), rank: 4) { $0.deleteItems += paths } }
  func insertItems(at paths: [ItemPath]) { record(.insertItems(paths), rank: 5) { $0.insertItems += paths } }
  func moveItem(at path: ItemPath, to newPath: ItemPath) {
    record(.moveItem(path, newPath), rank: 6) { $0.moveItems.append(ItemMove(from: path, to: newPath)) }
  }
  func reloadItems(at paths: [ItemPath]) { record(.reloadItems(paths), rank: 7) { $0.reloadItems += paths } }
  func reconfigureItems(at paths: [ItemPath]) {
    record(.reconfigureItems(paths), rank: 8) { $0.reconfigureItems += paths }
  }

  func reloadData() {
    if batch != nil { adapterChoiceErrors.append("batch \(batchCount - 1): reloadData inside a batch") }
    calls.append(.reloadData)
    loaded = dataSource
  }

  private func record(_ call: Call, rank: Int, _ add: (inout BatchUpdate) -> Void) {
    calls.append(call)
    guard batch != nil else {
      adapterChoiceErrors.append("\(call) outside performBatchUpdates")
      return
    }
    let n = batchCount - 1
    if !dataSetInBatch { adapterChoiceErrors.append("batch \(n): \(call) before the data source's data was set") }
    if rank < lastRank { adapterChoiceErrors.append("batch \(n): \(call) out of the adapter's order") }
    lastRank = rank
    add(&batch!)
  }
}
