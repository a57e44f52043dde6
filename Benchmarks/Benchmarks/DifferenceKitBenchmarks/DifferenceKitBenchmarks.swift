import Benchmark
import DiffWorkloads
import DifferenceKit
import Foundation
import ReorderKit

/// Issue 33: ReorderKit's sectioned diff side by side with DifferenceKit's in one process, on
/// the same data: issue 13's UUID workloads, with no content and with 10 % of the items and
/// sections changing content (``ContentDiffWorkload``). Built only when `DIFFERENCEKIT_PATH`
/// names a checkout (`Benchmarks/Scripts/against-differencekit.sh` clones one into a scratch
/// folder: DifferenceKit's code is never part of this repository).
///
/// DifferenceKit diffs `ArraySection<Row, Row>` whose `isContentEqual(to:)` compares an `Int`
/// (`[Row]` for the one-section workloads); ReorderKit asks about content by position.
struct Row: Differentiable {
  var id: UUID
  var content: Int
  var differenceIdentifier: UUID { id }
  func isContentEqual(to source: Row) -> Bool { content == source.content }
}

/// One workload in DifferenceKit's types.
struct DifferenceKitData {
  var old: [ArraySection<Row, Row>]
  var new: [ArraySection<Row, Row>]
  var flatOld: [Row]
  var flatNew: [Row]
  var isFlat: Bool

  init(_ w: ContentDiffWorkload, content: Bool) {
    func sections(_ s: [UUIDDiffWorkload.Section], _ items: [[Int]], _ headers: [Int]) -> [ArraySection<Row, Row>] {
      s.indices.map { k in
        ArraySection(
          model: Row(id: s[k].id, content: content ? headers[k] : 0),
          elements: s[k].items.indices.map { Row(id: s[k].items[$0], content: content ? items[k][$0] : 0) })
      }
    }
    old = sections(w.base.old, w.oldContent, w.oldHeader)
    new = sections(w.base.new, w.newContent, w.newHeader)
    flatOld = old.flatMap(\.elements)
    flatNew = new.flatMap(\.elements)
    isFlat = w.base.old.count == 1 && w.base.new.count == 1
  }

  func stageCount() -> Int {
    isFlat
      ? DifferenceKit.StagedChangeset(source: flatOld, target: flatNew).count
      : DifferenceKit.StagedChangeset(source: old, target: new).count
  }
}

let benchmarks: @Sendable () -> Void = {
  let small = Benchmark.Configuration(metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(3))
  let large = Benchmark.Configuration(
    metrics: [.wallClock], timeUnits: .milliseconds, maxDuration: .seconds(5), maxIterations: 30)
  for w in ContentDiffWorkload.all {
    let configuration = w.base.itemCount > 10_000 ? large : small
    let (plain, withContent) = (DifferenceKitData(w, content: false), DifferenceKitData(w, content: true))
    print("\(w.name): \(w.changedItems) items and \(w.changedSections) sections change content")
    Benchmark("Content \(w.name): ReorderKit, no content", configuration: configuration) { benchmark in
      for _ in benchmark.scaledIterations { blackHole(w.base.stagedChangeset()) }
    }
    Benchmark("Content \(w.name): DifferenceKit, no content", configuration: configuration) { benchmark in
      for _ in benchmark.scaledIterations { blackHole(plain.stageCount()) }
    }
    Benchmark("Content \(w.name): ReorderKit, 10 % content", configuration: configuration) { benchmark in
      for _ in benchmark.scaledIterations { blackHole(w.stagedChangeset()) }
    }
    Benchmark("Content \(w.name): DifferenceKit, 10 % content", configuration: configuration) { benchmark in
      for _ in benchmark.scaledIterations { blackHole(withContent.stageCount()) }
    }
  }
}
