import ReorderKit

/// Splitting reloads out of a batch that also changes the data, for ``BatchUpdatingView``.
extension BatchUpdate {
  /// The batches a view applies for this one: itself, or, when it reloads or reconfigures
  /// items or reloads sections and also changes anything else, the changes first and then the
  /// updates alone, at the paths after the changes.
  ///
  /// UIKit implements a reload as a delete and an insert at the same place, and mishandles it
  /// when other operations of the batch shift the item; in a batch of their own nothing shifts.
  func batches(countsAfter: [Int]) -> [BatchUpdate] {
    var changes = self
    changes.reloadItems = []
    changes.reconfigureItems = []
    changes.reloadSections = []
    guard changes != self, !changes.isEmpty,
      let reloads = pathsAfter(ofKept: reloadItems, countsAfter: countsAfter),
      let reconfigures = pathsAfter(ofKept: reconfigureItems, countsAfter: countsAfter),
      let destination = sectionDestinations(countsAfter: countsAfter)
    else { return [self] }
    var sections: [Int] = []
    for s in reloadSections {
      guard destination.indices.contains(s), let to = destination[s] else { return [self] }
      sections.append(to)
    }
    return [changes, BatchUpdate(reloadItems: reloads, reloadSections: sections, reconfigureItems: reconfigures)]
  }

  /// Where each section before this batch is after it (`nil`: deleted), or `nil` when the batch
  /// does not add up. A kept section goes where the batch moves it, or else to the next index
  /// after the batch that no inserted or moved section takes.
  func sectionDestinations(countsAfter: [Int]) -> [Int?]? {
    let sectionsBefore = countsAfter.count - insertSections.count + deleteSections.count
    guard sectionsBefore >= 0 else { return nil }
    var taken = [Bool](repeating: false, count: countsAfter.count)
    var destination = [Int?](repeating: nil, count: sectionsBefore)
    var settled = [Bool](repeating: false, count: sectionsBefore)  // deleted or moved
    for s in deleteSections {
      guard (0..<sectionsBefore).contains(s) else { return nil }
      settled[s] = true
    }
    for s in insertSections {
      guard countsAfter.indices.contains(s) else { return nil }
      taken[s] = true
    }
    for move in moveSections {
      guard (0..<sectionsBefore).contains(move.from), countsAfter.indices.contains(move.to) else { return nil }
      settled[move.from] = true
      taken[move.to] = true
      destination[move.from] = move.to
    }
    var free = countsAfter.indices.lazy.filter { !taken[$0] }.makeIterator()
    for s in 0..<sectionsBefore where !settled[s] {
      guard let slot = free.next() else { return nil }
      destination[s] = slot
    }
    return destination
  }

  /// Where items that this batch neither deletes nor moves are after it, from their paths before it.
  ///
  /// A kept section goes where the batch moves it, or else to the next index after the batch
  /// that no inserted or moved section takes; a kept item keeps its order among the kept items
  /// of its section, which fill the indices no inserted or moved-in item takes. `nil` when the
  /// batch does not add up (it breaks a rule that `violations(countsBefore:countsAfter:)` reports).
  ///
  /// - Complexity: O(s + b log b), where s is the number of sections and b the number of paths in
  ///   the batch and in `paths`.
  func pathsAfter(ofKept paths: [ItemPath], countsAfter: [Int]) -> [ItemPath]? {
    if paths.isEmpty { return [] }
    guard let destination = sectionDestinations(countsAfter: countsAfter) else { return nil }
    let sectionsBefore = destination.count
    // Items: removed ones before, arrived ones after, by section, sorted.
    var removed = [[Int]](repeating: [], count: sectionsBefore)
    var arrived = [[Int]](repeating: [], count: countsAfter.count)
    for path in deleteItems + moveItems.map(\.from) where removed.indices.contains(path.section) {
      removed[path.section].append(path.item)
    }
    for path in insertItems + moveItems.map(\.to) where arrived.indices.contains(path.section) {
      arrived[path.section].append(path.item)
    }
    for s in removed.indices { removed[s].sort() }
    for s in arrived.indices { arrived[s].sort() }
    var result: [ItemPath] = []
    result.reserveCapacity(paths.count)
    for path in paths {
      guard destination.indices.contains(path.section), let section = destination[path.section] else { return nil }
      let gone = removed[path.section]
      let kept = path.item - (0..<gone.count).firstIndex(partitionedBy: { gone[$0] >= path.item })
      // The kept-th index (from 0) after the batch that no arrived item takes: kept + j, where j
      // arrived items come before it, the first j with arrived[j] - j > kept (arrived[j] - j never falls).
      let before = arrived[section]
      let j = (0..<before.count).firstIndex(partitionedBy: { before[$0] - $0 > kept })
      let index = kept + j
      guard index < countsAfter[section] else { return nil }
      result.append(ItemPath(item: index, section: section))
    }
    return result
  }
}

extension Range where Bound == Int {
  /// The first value satisfying a predicate that is false and then true along the range (`upperBound` if none does).
  fileprivate func firstIndex(partitionedBy predicate: (Int) -> Bool) -> Int {
    var (low, high) = (lowerBound, upperBound)
    while low < high {
      let middle = (low + high) / 2
      if predicate(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
