import Benchmark
import DiffWorkloads
import ReorderKit

/// The sectioned diff against the standard library's `difference(from:).inferringMoves()`
/// on the same (flattened) arrays. Move counts are printed once per workload. The `uuid`
/// workloads are issue 13's (UUID identifiers; the sizes a screen diffs most often, and
/// DifferenceKit's README cases), in microseconds.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    timeUnits: .milliseconds,
    maxDuration: .seconds(5),
    maxIterations: 30)
  // The standard library is quadratic in the number of edits: a few runs are enough.
  let slow = Benchmark.Configuration(
    metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 0, maxDuration: .seconds(60), maxIterations: 3)

  let workloads: [DiffWorkload] = [
    .flat(10_000), .flat(100_000), .sectioned(100, 1_000), .reversal(10_000),
  ]
  let small = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(3))
  for workload in UUIDDiffWorkload.all {
    let (old, new) = (workload.flatOld, workload.flatNew)
    // This runs once per benchmark process: the standard library's count only where it is quick
    // (diff-report prints them all).
    let stdlibMoves =
      old.count < 10_000 ? ", standard library \(UUIDDiffWorkload.standardLibraryMoves(old: old, new: new)) moves" : ""
    print("\(workload.name): sectioned diff \(workload.stagedChangeset().moveCount) moves\(stdlibMoves)")
    let large = workload.itemCount > 10_000
    Benchmark("Diff \(workload.name): staged changeset", configuration: large ? Benchmark.defaultConfiguration : small)
    {
      benchmark in
      for _ in benchmark.scaledIterations { blackHole(workload.stagedChangeset()) }
    }
    Benchmark(
      "Diff \(workload.name): stdlib inferringMoves",
      configuration: large ? slow : workload.itemCount >= 5_000 ? Benchmark.defaultConfiguration : small
    ) { benchmark in
      for _ in benchmark.scaledIterations { blackHole(UUIDDiffWorkload.standardLibraryMoves(old: old, new: new)) }
    }
  }
  for workload in workloads {
    let (old, new) = (workload.flatOld, workload.flatNew)
    print("\(workload.name): sectioned diff \(workload.stagedChangeset().moveCount) moves", terminator: "")
    if old.count <= 100_000 {
      print(", standard library \(DiffWorkload.standardLibraryMoves(old: old, new: new)) moves")
    } else {
      print()
    }

    Benchmark("Diff \(workload.name): staged changeset") { benchmark in
      for _ in benchmark.scaledIterations { blackHole(workload.stagedChangeset()) }
    }
    guard old.count <= 100_000 else { continue }
    Benchmark(
      "Diff \(workload.name): stdlib inferringMoves",
      configuration: old.count > 10_000 ? slow : Benchmark.defaultConfiguration
    ) { benchmark in
      for _ in benchmark.scaledIterations { blackHole(DiffWorkload.standardLibraryMoves(old: old, new: new)) }
    }
  }
}
