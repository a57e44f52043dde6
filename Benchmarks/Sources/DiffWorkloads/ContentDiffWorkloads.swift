import Foundation
import ReorderKit

/// Issue 33's workloads: a ``UUIDDiffWorkload`` in which 10 % of the items present on both sides
/// and 10 % of the sections present on both sides (at least one when there are several; none in
/// one-section workloads) change content. Content is an `Int` kept beside the identifiers in arrays
/// of the same shape (0 before, 1 after for those that change), as an app keeps its titles and
/// counts, so the differ's question by position costs two array reads, no hash.
public struct ContentDiffWorkload: Sendable {
  public var base: UUIDDiffWorkload
  public var name: String { base.name }
  /// Each item's content, section by section, in the old and the new data.
  public var oldContent: [[Int]]
  public var newContent: [[Int]]
  /// Each section's content (its header), in the old and the new data.
  public var oldHeader: [Int]
  public var newHeader: [Int]
  /// How many items and sections change.
  public var changedItems: Int
  public var changedSections: Int

  /// Draws the changes with `SplitMix(spreading: seed)`.
  public init(_ base: UUIDDiffWorkload, seed: UInt64 = 33) {
    self.base = base
    var rng = SplitMix(spreading: seed)
    func pick(_ ids: [UUID], _ count: Int) -> Set<UUID> {
      var s = ids
      s.shuffle(using: &rng)
      return Set(s.prefix(count))
    }
    let newItems = Set(base.new.flatMap(\.items))
    let newSections = Set(base.new.map(\.id))
    let survivingItems = base.old.flatMap(\.items).filter(newItems.contains)
    let survivingSections = base.old.map(\.id).filter(newSections.contains)
    let items = pick(survivingItems, Int((Double(survivingItems.count) / 10).rounded()))
    let sections =
      base.old.count == 1 ? [] : pick(survivingSections, max(1, Int((Double(survivingSections.count) / 10).rounded())))
    oldContent = base.old.map { [Int](repeating: 0, count: $0.items.count) }
    newContent = base.new.map { $0.items.map { items.contains($0) ? 1 : 0 } }
    oldHeader = [Int](repeating: 0, count: base.old.count)
    newHeader = base.new.map { sections.contains($0.id) ? 1 : 0 }
    changedItems = items.count
    changedSections = sections.count
  }

  /// The content-aware diff, asked by position.
  public func stagedChangeset() -> StagedChangeset<UUID, UUID> {
    do {
      return try StagedChangeset(
        from: base.old, to: base.new, itemUpdates: .reload,
        contentChangedAt: { o, n in oldContent[o.section][o.item] != newContent[n.section][n.item] },
        sectionContentChangedAt: { o, n in oldHeader[o] != newHeader[n] })
    } catch {
      fatalError("\(error)")
    }
  }

  /// Issue 33's workloads: ``UUIDDiffWorkload/all`` with content changes.
  public static let all: [ContentDiffWorkload] = UUIDDiffWorkload.all.map { ContentDiffWorkload($0) }
}
