// Compiled on macOS only (AppKit, not Mac Catalyst); on Linux this file is empty, so it is not
// compiled by this repository's CI. It is kept to conversions written against the signatures in
// Apple's documentation of NSCollectionView, so that it is right by reading:
//   func performBatchUpdates(_ updates: (() -> Void)?, completionHandler: ((Bool) -> Void)? = nil)
//   func insertSections(_ sections: IndexSet), func deleteSections(_ sections: IndexSet)
//   func moveSection(_ section: Int, toSection newSection: Int)
//   func insertItems(at indexPaths: Set<IndexPath>), func deleteItems(at indexPaths: Set<IndexPath>)
//   func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath)
//   func reloadItems(at indexPaths: Set<IndexPath>), func reloadData()
//   var numberOfSections: Int { get }, func numberOfItems(inSection section: Int) -> Int
// AppKit names the completion `completionHandler:`, so performBatchUpdates is forwarded; moveSection,
// reloadData and the counts satisfy the protocol as they are. To animate, call
// `reload(using:interrupt:setData:completion:)` on `collectionView.animator()`.
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit

  extension NSCollectionView: @preconcurrency BatchUpdatingView {
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
      performBatchUpdates(updates, completionHandler: completion)
    }

    public func insertSections(_ sections: [Int]) { insertSections(IndexSet(sections)) }

    public func deleteSections(_ sections: [Int]) { deleteSections(IndexSet(sections)) }

    public func insertItems(at paths: [ItemPath]) { insertItems(at: Set(paths.map(IndexPath.init(_:)))) }

    public func deleteItems(at paths: [ItemPath]) { deleteItems(at: Set(paths.map(IndexPath.init(_:)))) }

    public func moveItem(at path: ItemPath, to newPath: ItemPath) {
      moveItem(at: IndexPath(path), to: IndexPath(newPath))
    }

    public func reloadItems(at paths: [ItemPath]) { reloadItems(at: Set(paths.map(IndexPath.init(_:)))) }
  }

  extension IndexPath {
    /// The index path of an item path: the same item and section.
    fileprivate init(_ path: ItemPath) { self.init(item: path.item, section: path.section) }
  }
#endif
