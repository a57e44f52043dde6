import Benchmark
import EngineWorkloads
import ReorderKit

/// The engine at 1,000, 100,000 and 1,000,000 items: layout builds, hit tests, visible-rect
/// queries, drag steps and render lists. Thresholds: the goals of the foundation issue.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    timeUnits: .microseconds,
    maxDuration: .seconds(3),
    maxIterations: 1_000)
  let perOperation = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, scalingFactor: .kilo, maxDuration: .seconds(3))

  for n in [1_000, 100_000, 1_000_000] {
    Benchmark("Grid layout build (fixed columns) \(n)") { benchmark in
      for _ in benchmark.scaledIterations { blackHole(GridLayout(EngineWorkloads.grid, itemCounts: [n])) }
    }
    let sizes = EngineWorkloads.sizes(n)
    Benchmark("Grid layout build (per-item sizes) \(n)", configuration: .init(timeUnits: .milliseconds, maxIterations: 30)) { benchmark in
      for _ in benchmark.scaledIterations { blackHole(GridLayout(EngineWorkloads.flow, itemSizes: [sizes])) }
    }
    let outline = EngineWorkloads.outlineSnapshot(rows: n)
    Benchmark("Outline list build \(n)", configuration: .init(timeUnits: .milliseconds, maxIterations: 30)) { benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(CollectionView(snapshot: outline, layout: .list(EngineWorkloads.list), viewSize: EngineWorkloads.viewSize))
      }
    }
    let layout = GridLayout(EngineWorkloads.grid, itemCounts: [n])
    let points = EngineWorkloads.probePoints(in: layout.contentSize)
    Benchmark("Hit test \(n)", configuration: perOperation) { benchmark in
      var i = 0
      for _ in benchmark.scaledIterations {
        blackHole(layout.itemPath(at: points[i & 1023]))
        i += 1
      }
    }
    Benchmark("Visible-rect query \(n)", configuration: perOperation) { benchmark in
      var i = 0
      for _ in benchmark.scaledIterations {
        let p = points[i & 1023]
        blackHole(layout.items(in: Rect(origin: Point(x: 0, y: p.y), size: EngineWorkloads.viewSize)))
        i += 1
      }
    }
    // One lifted view per size, made once: a sample measures drag steps, not building a million items.
    let dragging = ViewBox(EngineWorkloads.draggingGrid(n))
    Benchmark("Drag step \(n)", configuration: perOperation) { benchmark in
      for _ in benchmark.scaledIterations {
        EngineWorkloads.dragStep(&dragging.view, step: dragging.step, time: 2 + Double(dragging.step) * 0.016)
        dragging.step += 1
      }
    }
    Benchmark("Render list during a drag \(n)", configuration: perOperation) { benchmark in
      let time = 2 + Double(dragging.step) * 0.016 + 1
      for _ in benchmark.scaledIterations { blackHole(dragging.view.renderList(at: time)) }
    }
  }
}

/// A view shared by the samples of a benchmark, which run one after another.
final class ViewBox: @unchecked Sendable {
  var view: CollectionView<Int, Int>
  var step = 0
  init(_ view: CollectionView<Int, Int>) { self.view = view }
}
