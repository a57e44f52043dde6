// Compiled on Apple platforms only (UIKit with UICollectionView: iOS, iPadOS, tvOS, visionOS, Mac
// Catalyst); on Linux this file is empty. Scripts/adapter-stubs.sh type-checks it on Linux against a
// stub UIKit module that declares the signatures of Apple's documentation of UICollectionView:
//   func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil)
//   func insertSections(_ sections: IndexSet), func deleteSections(_ sections: IndexSet)
//   func moveSection(_ section: Int, toSection newSection: Int)
//   func insertItems(at indexPaths: [IndexPath]), func deleteItems(at indexPaths: [IndexPath])
//   func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath)
//   func reloadItems(at indexPaths: [IndexPath]), func reloadData()
//   func reloadSections(_ sections: IndexSet)
//   @available(iOS 15.0, tvOS 15.0, *) func reconfigureItems(at indexPaths: [IndexPath])
//   var numberOfSections: Int { get }, func numberOfItems(inSection section: Int) -> Int
// UICollectionView does not conform to BatchUpdatingView: an internal wrapper does, so no method
// taking ReorderKit's types is added to the app's collection views besides `reload(using:…)`.
#if canImport(UIKit) && !os(watchOS)
  import Foundation
  import ReorderKit
  import UIKit

  extension UICollectionView {
    /// Applies a staged changeset, one animated `performBatchUpdates` per stage, in UIKit's order.
    ///
    /// The same as ``BatchUpdatingView/reload(using:interrupt:setData:completion:)``, which
    /// describes the batches, the fallback reload and the completion.
    ///
    /// ```swift
    /// let staged = try StagedChangeset(from: sections, to: grouped(students, by: .birthday))
    /// collectionView.reload(
    ///   using: staged,
    ///   interrupt: { [weak self] _ in self?.collectionView.window == nil },
    ///   setData: { [weak self] in self?.sections = $0 })
    /// ```
    ///
    /// - Parameters:
    ///   - staged: The stages, from what the view shows now to the new data.
    ///   - interrupt: Asked before each stage; `true` ends the animation with a reload.
    ///   - setData: Sets the data source's data; called inside each batch before the view's calls.
    ///   - completion: Runs once when everything is applied.
    public func reload<SectionID, ItemID>(
      using staged: StagedChangeset<SectionID, ItemID>,
      interrupt: ((Changeset<SectionID, ItemID>) -> Bool)? = nil,
      setData: @escaping ([Snapshot<SectionID, ItemID>.Section]) -> Void,
      completion: ((Bool) -> Void)? = nil
    ) {
      UICollectionViewBatchTarget(self).reload(
        using: staged, interrupt: interrupt, setData: setData, completion: completion)
    }
  }

  /// A collection view seen as a ``BatchUpdatingView``: ReorderKit's paths turned into UIKit's.
  @MainActor
  final class UICollectionViewBatchTarget: BatchUpdatingView {
    let view: UICollectionView

    init(_ view: UICollectionView) { self.view = view }

    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
      view.performBatchUpdates(updates, completion: completion)
    }

    func insertSections(_ sections: [Int]) { view.insertSections(IndexSet(sections)) }

    func deleteSections(_ sections: [Int]) { view.deleteSections(IndexSet(sections)) }

    func moveSection(_ section: Int, toSection newSection: Int) { view.moveSection(section, toSection: newSection) }

    func insertItems(at paths: [ItemPath]) { view.insertItems(at: paths.map(IndexPath.init(_:))) }

    func deleteItems(at paths: [ItemPath]) { view.deleteItems(at: paths.map(IndexPath.init(_:))) }

    func moveItem(at path: ItemPath, to newPath: ItemPath) {
      view.moveItem(at: IndexPath(path), to: IndexPath(newPath))
    }

    func reloadItems(at paths: [ItemPath]) { view.reloadItems(at: paths.map(IndexPath.init(_:))) }

    func reloadSections(_ sections: [Int]) { view.reloadSections(IndexSet(sections)) }

    /// `reconfigureItems` from iOS 15 (the cell is kept and configured again), `reloadItems` before.
    func reconfigureItems(at paths: [ItemPath]) {
      if #available(iOS 15.0, tvOS 15.0, *) {
        view.reconfigureItems(at: paths.map(IndexPath.init(_:)))
      } else {
        view.reloadItems(at: paths.map(IndexPath.init(_:)))
      }
    }

    func reloadData() { view.reloadData() }

    var numberOfSections: Int { view.numberOfSections }

    func numberOfItems(inSection section: Int) -> Int { view.numberOfItems(inSection: section) }
  }

  extension IndexPath {
    /// The index path of an item path: the same item and section.
    fileprivate init(_ path: ItemPath) { self.init(item: path.item, section: path.section) }
  }
#endif
