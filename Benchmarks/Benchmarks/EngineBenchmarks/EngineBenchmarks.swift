import Benchmark
import EngineWorkloads
import ReorderKit

/// The engine at 1,000, 100,000 and 1,000,000 items: layout builds, hit tests, visible-rect
/// queries, drag steps and render lists.
///
/// Static thresholds live in `Benchmarks/Thresholds/EngineBenchmarks.*.p90.json` and are checked by
/// `swift package benchmark thresholds check --target EngineBenchmarks`: the p90 wall clock may not
/// exceed the goals (a drag step 50 µs, a 1,000,000-item grid 200 ms), and no benchmark may make more
/// allocations than it does today. Other times are not thresholded: on a shared machine they vary
/// too much to tell a regression from a neighbour's build. The names have no spaces:
/// package-benchmark 1.38.1 writes threshold files with spaces turned into `_` but looks them up
/// by the name as given.
let benchmarks: @Sendable () -> Void = {
  let noGrowth: [BenchmarkMetric: BenchmarkThresholds] = [
    .wallClock: .init(relative: [.p90: 0]), .mallocCountTotal: .init(relative: [.p90: 0]),
  ]
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    timeUnits: .microseconds,
    maxDuration: .seconds(3),
    maxIterations: 1_000,
    thresholds: noGrowth)
  let perOperation = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, scalingFactor: .kilo, maxDuration: .seconds(3),
    thresholds: noGrowth)

  for n in [1_000, 100_000, 1_000_000] {
    Benchmark("Grid_layout_build_(fixed_columns)_\(n)") { benchmark in
      for _ in benchmark.scaledIterations { blackHole(GridLayout(EngineWorkloads.grid, itemCounts: [n])) }
    }
    let sizes = EngineWorkloads.sizes(n)
    Benchmark(
      "Grid_layout_build_(per-item_sizes)_\(n)",
      configuration: .init(timeUnits: .milliseconds, maxIterations: 30, thresholds: noGrowth)
    ) { benchmark in
      for _ in benchmark.scaledIterations { blackHole(GridLayout(EngineWorkloads.flow, itemSizes: [sizes])) }
    }
    let outline = EngineWorkloads.outlineSnapshot(rows: n)
    Benchmark(
      "Outline_list_build_\(n)", configuration: .init(timeUnits: .milliseconds, maxIterations: 30, thresholds: noGrowth)
    ) { benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(
          CollectionView(snapshot: outline, layout: .list(EngineWorkloads.list), viewSize: EngineWorkloads.viewSize))
      }
    }
    let layout = GridLayout(EngineWorkloads.grid, itemCounts: [n])
    let points = EngineWorkloads.probePoints(in: layout.contentSize)
    Benchmark("Hit_test_\(n)", configuration: perOperation) { benchmark in
      var i = 0
      for _ in benchmark.scaledIterations {
        blackHole(layout.itemPath(at: points[i & 1023]))
        i += 1
      }
    }
    Benchmark("Visible-rect_query_\(n)", configuration: perOperation) { benchmark in
      var i = 0
      for _ in benchmark.scaledIterations {
        let p = points[i & 1023]
        blackHole(layout.items(in: Rect(origin: Point(x: 0, y: p.y), size: EngineWorkloads.viewSize)))
        i += 1
      }
    }
    // One lifted view per size, made once: a sample measures drag steps, not building a million items.
    let dragging = ViewBox(EngineWorkloads.draggingGrid(n))
    Benchmark("Drag_step_\(n)", configuration: perOperation) { benchmark in
      for _ in benchmark.scaledIterations {
        EngineWorkloads.dragStep(&dragging.view, step: dragging.step, time: 2 + Double(dragging.step) * 0.016)
        dragging.step += 1
      }
    }
    let keyboard = ViewBox(EngineWorkloads.keyboardGrid(n))
    Benchmark("Key_step_\(n)", configuration: perOperation) { benchmark in
      for _ in benchmark.scaledIterations {
        EngineWorkloads.keyStep(&keyboard.view, step: keyboard.step, time: 2 + Double(keyboard.step) * 0.016)
        keyboard.step += 1
      }
    }
    Benchmark("Render_list_during_a_drag_\(n)", configuration: perOperation) { benchmark in
      let time = 2 + Double(dragging.step) * 0.016 + 1
      for _ in benchmark.scaledIterations { blackHole(dragging.view.renderList(at: time)) }
    }
  }
  applyBenchmarks()
}

/// New data for 100,000 items, applied idle and in the middle of a drag: the drag may cost at most
/// 1.2× (the diff dominates). The view goes back and forth between its data and the new data.
let applyBenchmarks: @Sendable () -> Void = {
  let n = 100_000
  let data = [EngineWorkloads.flatSnapshot(n), EngineWorkloads.newData(n)]
  for dragging in [false, true] {
    let box = ViewBox(EngineWorkloads.applyView(n, dragging: dragging))
    Benchmark(
      "Apply_new_data_\(dragging ? "mid-drag" : "idle")_\(n)",
      configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds, maxIterations: 200)
    ) { benchmark in
      for _ in benchmark.scaledIterations {
        box.step += 1
        do {
          try box.view.apply(data[box.step % 2], time: 2 + Double(box.step))
        } catch {
          preconditionFailure("a grid with fixed columns needs no sizes: \(error)")
        }
      }
    }
  }
}

/// A view shared by the samples of a benchmark, which run one after another.
final class ViewBox: @unchecked Sendable {
  var view: CollectionView<Int, Int>
  var step = 0
  init(_ view: CollectionView<Int, Int>) { self.view = view }
}
