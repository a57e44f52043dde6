// Compiled on Apple platforms only (UIKit with UICollectionView: iOS, iPadOS, tvOS, visionOS, Mac
// Catalyst); on Linux this file is empty, so it is not compiled by this repository's CI. It is kept to
// conversions (ItemPath to IndexPath, [Int] to IndexSet) written against the signatures in Apple's
// documentation of UICollectionView, so that it is right by reading:
//   func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil)
//   func insertSections(_ sections: IndexSet), func deleteSections(_ sections: IndexSet)
//   func moveSection(_ section: Int, toSection newSection: Int)
//   func insertItems(at indexPaths: [IndexPath]), func deleteItems(at indexPaths: [IndexPath])
//   func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath)
//   func reloadItems(at indexPaths: [IndexPath]), func reloadData()
//   var numberOfSections: Int { get }, func numberOfItems(inSection section: Int) -> Int
// performBatchUpdates, moveSection, reloadData and the counts are UIKit's own methods, which satisfy
// the protocol as they are. UICollectionView is main-actor isolated and the protocol is not:
// `@preconcurrency` checks at run time that the calls come on the main thread, as UIKit requires.
#if canImport(UIKit) && !os(watchOS)
  import UIKit

  extension UICollectionView: @preconcurrency BatchUpdatingView {
    public func insertSections(_ sections: [Int]) { insertSections(IndexSet(sections)) }

    public func deleteSections(_ sections: [Int]) { deleteSections(IndexSet(sections)) }

    public func insertItems(at paths: [ItemPath]) { insertItems(at: paths.map(IndexPath.init(_:))) }

    public func deleteItems(at paths: [ItemPath]) { deleteItems(at: paths.map(IndexPath.init(_:))) }

    public func moveItem(at path: ItemPath, to newPath: ItemPath) {
      moveItem(at: IndexPath(path), to: IndexPath(newPath))
    }

    public func reloadItems(at paths: [ItemPath]) { reloadItems(at: paths.map(IndexPath.init(_:))) }
  }

  extension IndexPath {
    /// The index path of an item path: the same item and section.
    fileprivate init(_ path: ItemPath) { self.init(item: path.item, section: path.section) }
  }
#endif
