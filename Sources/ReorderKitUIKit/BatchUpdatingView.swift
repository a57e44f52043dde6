import ReorderKit

/// A view that applies batch updates the way UIKit's `UICollectionView` does, named as UIKit names them.
///
/// `UICollectionView` (and `NSCollectionView` on macOS) do not conform: they get their own
/// `reload(using:interrupt:setData:completion:)`, which wraps the view in an internal conformance,
/// so none of these requirements is added to your collection views. Conform your own views, and
/// test doubles (on Linux too), to apply a `StagedChangeset` with
/// ``reload(using:interrupt:setData:completion:)``. Paths follow UIKit's batch semantics (see
/// `BatchUpdate`): deletes, reloads and move sources are positions before the batch, inserts and
/// move destinations positions after it. Isolated to the main actor, as UIKit's views are.
///
/// ```swift
/// @MainActor final class LoggingView: BatchUpdatingView {
///   var sections: [Snapshot<String, Int>.Section] = []
///   var shown: [Snapshot<String, Int>.Section] = []
///   func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
///     updates?()
///     shown = sections
///     completion?(true)
///   }
///   func insertSections(_ sections: [Int]) { print("insert sections", sections) }
///   func deleteSections(_ sections: [Int]) { print("delete sections", sections) }
///   func moveSection(_ section: Int, toSection newSection: Int) { print("move section", section, newSection) }
///   func insertItems(at paths: [ItemPath]) { print("insert", paths) }
///   func deleteItems(at paths: [ItemPath]) { print("delete", paths) }
///   func moveItem(at path: ItemPath, to newPath: ItemPath) { print("move", path, newPath) }
///   func reloadItems(at paths: [ItemPath]) { print("reload", paths) }
///   func reloadSections(_ sections: [Int]) { print("reload sections", sections) }
///   func reconfigureItems(at paths: [ItemPath]) { print("reconfigure", paths) }
///   func reloadData() { shown = sections }
///   var numberOfSections: Int { shown.count }
///   func numberOfItems(inSection section: Int) -> Int { shown[section].items.count }
/// }
///
/// let view = LoggingView()
/// let staged = try StagedChangeset(from: view.shown, to: [.init(id: "A", items: [1, 2])])
/// view.reload(using: staged, setData: { view.sections = $0 })
/// ```
@MainActor
public protocol BatchUpdatingView: AnyObject {
  /// Runs `updates`, in which the data source's data changes and the insert, delete, move and
  /// reload calls are made, as one animated batch; `completion` runs when its animations end,
  /// with `false` if they were interrupted.
  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?)
  /// Inserts sections, by index after the batch.
  func insertSections(_ sections: [Int])
  /// Deletes sections, with their items, by index before the batch.
  func deleteSections(_ sections: [Int])
  /// Moves a section, from its index before the batch to its index after it.
  func moveSection(_ section: Int, toSection newSection: Int)
  /// Inserts items, by path after the batch.
  func insertItems(at paths: [ItemPath])
  /// Deletes items, by path before the batch.
  func deleteItems(at paths: [ItemPath])
  /// Moves an item, from its path before the batch to its path after it.
  func moveItem(at path: ItemPath, to newPath: ItemPath)
  /// Reloads items (same identifier, new content), by path before the batch.
  func reloadItems(at paths: [ItemPath])
  /// Reloads sections (same identifier, new content: a header's title, a count), by index before
  /// the batch. The default reloads every item of those sections.
  func reloadSections(_ sections: [Int])
  /// Reconfigures items (same identifier, new content, the cell kept: UIKit's `reconfigureItems`,
  /// iOS 15), by path before the batch. The default reloads them.
  func reconfigureItems(at paths: [ItemPath])
  /// Forgets what the view shows and asks the data source again, without animation.
  func reloadData()
  /// The number of sections the view shows.
  var numberOfSections: Int { get }
  /// The number of items the view shows in a section.
  func numberOfItems(inSection section: Int) -> Int
}

extension BatchUpdatingView {
  /// Reloads every item of the sections, for views without a section reload of their own.
  ///
  /// ```swift
  /// view.reloadSections([0])   // reloadItems(at: [[0, 0], [0, 1]]) on a view that shows two items in section 0
  /// ```
  public func reloadSections(_ sections: [Int]) {
    let paths = sections.flatMap { s in (0..<numberOfItems(inSection: s)).map { ItemPath(item: $0, section: s) } }
    if !paths.isEmpty { reloadItems(at: paths) }
  }

  /// Reloads the items, for views that cannot reconfigure a cell in place.
  ///
  /// ```swift
  /// view.reconfigureItems(at: [ItemPath(item: 1, section: 0)])   // reloadItems(at: [[0, 1]])
  /// ```
  public func reconfigureItems(at paths: [ItemPath]) { reloadItems(at: paths) }

  /// Applies a staged changeset, one animated batch per stage, in UIKit's order.
  ///
  /// Each stage is one `performBatchUpdates`. Inside it, `setData` is called first with the
  /// stage's sections (what the data source must answer after the batch), then the section
  /// deletes, inserts, moves and reloads, then the item deletes, inserts, moves, reloads and
  /// reconfigures. A stage that reloads or reconfigures items or reloads sections and also changes
  /// anything else is applied as two batches, the changes and then the updates alone (at the
  /// paths after the changes): a reload is a delete and insert in place, and UIKit mishandles it
  /// when the same batch shifts the item.
  ///
  /// The view reloads without animation, with `setData` called once with the final sections,
  /// instead of animating, when:
  /// - `interrupt`, asked before each stage, returns `true` (pass
  ///   `{ _ in collectionView.window == nil }` to skip animating a view that is off screen);
  /// - a stage does not fit what the view shows (the changeset was made from other data than
  ///   the view displays, or a stage breaks one of UIKit's rules; see ReorderKit's
  ///   `BatchUpdate.violations(countsBefore:countsAfter:)`). The first stage is checked
  ///   against the view's own counts, so a stale changeset never reaches UIKit.
  ///
  /// `completion` runs once: when the animations of every batch have ended (with `true` if
  /// none was interrupted), at once with `true` for an empty changeset, or with `false` after
  /// a fallback reload.
  ///
  /// ```swift
  /// let staged = try StagedChangeset(from: sections, to: sections(by: .birthday))
  /// collectionView.reload(
  ///   using: staged,
  ///   interrupt: { _ in collectionView.window == nil },
  ///   setData: { self.sections = $0 },
  ///   completion: { finished in print("re-sorted", finished) })
  /// ```
  ///
  /// - Parameters:
  ///   - staged: The stages, from what the view shows now to the new data.
  ///   - interrupt: Asked before each stage; `true` ends the animation with a reload.
  ///   - setData: Sets the data source's data; called inside each batch before the view's calls.
  ///   - completion: Runs once when everything is applied.
  /// - Complexity: O(s + p) per stage, where s is the number of sections and p the number of
  ///   paths in the stage, besides the view's own work.
  public func reload<SectionID, ItemID>(
    using staged: StagedChangeset<SectionID, ItemID>,
    interrupt: ((Changeset<SectionID, ItemID>) -> Bool)? = nil,
    setData: @escaping ([Snapshot<SectionID, ItemID>.Section]) -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    guard let final = staged.stages.last?.sections else {
      completion?(true)
      return
    }
    let tracker = BatchCompletionTracker(completion)
    var counts = (0..<numberOfSections).map { numberOfItems(inSection: $0) }
    for stage in staged.stages {
      let fits = stage.updates.violations(countsBefore: counts, countsAfter: stage.itemCounts).isEmpty
      if !fits || interrupt?(stage) == true {
        setData(final)
        reloadData()
        tracker.finish(interrupted: true)
        return
      }
      for batch in stage.updates.batches(countsAfter: stage.itemCounts) {
        let sections = stage.sections
        tracker.batchStarted()
        performBatchUpdates(
          {
            setData(sections)
            self.applyCalls(of: batch)
          }, completion: { tracker.batchEnded($0) })
      }
      counts = stage.itemCounts
    }
    tracker.finish(interrupted: false)
  }

  /// Makes the calls of one batch, in UIKit's order: sections, then items; deletes, inserts,
  /// moves, reloads (then reconfigures).
  private func applyCalls(of batch: BatchUpdate) {
    if !batch.deleteSections.isEmpty { deleteSections(batch.deleteSections) }
    if !batch.insertSections.isEmpty { insertSections(batch.insertSections) }
    for move in batch.moveSections { moveSection(move.from, toSection: move.to) }
    if !batch.reloadSections.isEmpty { reloadSections(batch.reloadSections) }
    if !batch.deleteItems.isEmpty { deleteItems(at: batch.deleteItems) }
    if !batch.insertItems.isEmpty { insertItems(at: batch.insertItems) }
    for move in batch.moveItems { moveItem(at: move.from, to: move.to) }
    if !batch.reloadItems.isEmpty { reloadItems(at: batch.reloadItems) }
    if !batch.reconfigureItems.isEmpty { reconfigureItems(at: batch.reconfigureItems) }
  }
}

/// Counts the batches whose animations are still running, and calls the completion once when
/// the last one ends after the sequence is over.
private final class BatchCompletionTracker {
  private var completion: ((Bool) -> Void)?
  private var running = 0
  private var finished = true
  private var sequenceOver = false

  init(_ completion: ((Bool) -> Void)?) { self.completion = completion }

  func batchStarted() { running += 1 }

  func batchEnded(_ batchFinished: Bool) {
    running -= 1
    finished = finished && batchFinished
    callIfDone()
  }

  func finish(interrupted: Bool) {
    sequenceOver = true
    if interrupted { finished = false }
    callIfDone()
  }

  private func callIfDone() {
    guard sequenceOver, running == 0, let completion else { return }
    self.completion = nil
    completion(finished)
  }
}
