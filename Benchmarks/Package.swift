// swift-tools-version: 6.1
// Benchmarks, kept out of the main build: `cd Benchmarks && swift package benchmark`.
import Foundation
import PackageDescription

// The root package, by path; its identity is the name of its folder (the clone's name).
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = root.lastPathComponent.lowercased()

/// A package-benchmark target: `Benchmarks/NAME/NAME.swift`.
func benchmark(_ name: String, dependencies: [Target.Dependency]) -> Target {
  .executableTarget(
    name: name,
    dependencies: [.product(name: "Benchmark", package: "package-benchmark")] + dependencies,
    path: "Benchmarks/\(name)",
    plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
  )
}

let reorderKit = Target.Dependency.product(name: "ReorderKit", package: rootIdentity)

let package = Package(
  name: "ReorderKitBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    .package(path: ".."),
    // The desktop app's SQLite layer, for the saved-state benchmark (the main package's app uses it too).
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    // Workloads shared by the benchmarks and the report.
    .target(name: "DiffWorkloads", dependencies: [reorderKit]),
    benchmark("DiffBenchmarks", dependencies: ["DiffWorkloads", reorderKit]),
    // Medians and move counts of the sectioned diff against the standard library, as a table for BENCHMARKS.md.
    .executableTarget(name: "diff-report", dependencies: ["DiffWorkloads", reorderKit]),
    // The engine's layouts, hit tests, drag steps and render lists at 1k, 100k and 1M items.
    .target(name: "EngineWorkloads", dependencies: [reorderKit]),
    benchmark("EngineBenchmarks", dependencies: ["EngineWorkloads", reorderKit]),
    // Medians, p90s, growth, bytes per item and the goals, as Markdown for BENCHMARKS.md (exit 1 on a miss).
    .executableTarget(name: "engine-report", dependencies: ["EngineWorkloads", "CMallocStats", reorderKit]),
    // The allocator's counters (glibc's mallinfo2), for bytes per item.
    .target(name: "CMallocStats"),
    // Reads two `reorder diff` files and runs the standard library's diff, for whole-process comparisons.
    .executableTarget(name: "stdlib-diff"),
    // A drag step at 1k and 1M items and a flat 100k diff as a package that depends on ReorderKit sees
    // them (JSON, for Scripts/outside-in.sh, which compares them with a cross-module-optimized build).
    .executableTarget(name: "outside-in-report", dependencies: ["DiffWorkloads", "EngineWorkloads", reorderKit]),
    // Drag and drop: one drop proposal update over outlines of 1k, 100k and 1M rows and a 100k grid.
    benchmark("DragDropBenchmarks", dependencies: [reorderKit]),
    // Order keys: one key between two (ns), and saving one move in a 1,000,000-row SQLite database (ms).
    // A board of 5 columns × 200,000 cards: a drag step within a view and the first step into another.
    benchmark("BoardBenchmarks", dependencies: [reorderKit]),
    benchmark("OrderKeyBenchmarks", dependencies: [reorderKit, .product(name: "GRDB", package: "GRDB.swift")]),
    // A shared board's client (issue 44): BoardSync taking one remote move, beside reading its JSON.
    benchmark("SyncBenchmarks", dependencies: [.product(name: "ReorderSync", package: rootIdentity)]),
  ],
  swiftLanguageModes: [.v6]
)

// Issue 33: the sectioned diff side by side with DifferenceKit in one process, built only when
// DIFFERENCEKIT_PATH names a checkout (Scripts/against-differencekit.sh clones DifferenceKit 1.3.0
// into a scratch folder and sets it; its code is never committed here).
if let differenceKit = Context.environment["DIFFERENCEKIT_PATH"] {
  let identity = URL(fileURLWithPath: differenceKit).lastPathComponent.lowercased()
  package.dependencies.append(.package(path: differenceKit))
  package.targets.append(
    benchmark(
      "DifferenceKitBenchmarks",
      dependencies: ["DiffWorkloads", reorderKit, .product(name: "DifferenceKit", package: identity)]))
}
