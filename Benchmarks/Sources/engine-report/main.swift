import CMallocStats
import EngineWorkloads
import Foundation
import ReorderKit

// engine-report [--quick]
// Times the engine's operations at 1,000, 100,000 and 1,000,000 items, prints a Markdown table of
// medians and p90s, how each cost grows with n, the heap bytes per item of each layout, and the
// goals with pass or miss. Exits 1 when a goal is missed, so a regression is visible.

let quick = CommandLine.arguments.contains("--quick")
let sizes = [1_000, 100_000, 1_000_000]

let seconds = Timing.seconds

/// Bytes a value keeps allocated, per item, from the allocator's own counters.
func bytesPerItem<T>(_ n: Int, _ make: () -> T) -> Double {
  let before = malloc_stats_bytes_in_use()
  let value = make()
  let after = malloc_stats_bytes_in_use()
  withExtendedLifetime(value) {}
  return (Double(after) - Double(before)) / Double(n)
}

/// Per-operation times (seconds) of `samples` batches of `batch` operations: (median, p90).
func measure(samples: Int, batch: Int, _ body: (Int) -> Void) -> (median: Double, p90: Double) {
  Timing.measure(samples: samples, batch: batch, body)
}

func format(_ s: Double) -> String {
  if s >= 1e-3 { return String(format: "%.1f ms", s * 1e3) }
  if s >= 1e-6 { return String(format: "%.2f µs", s * 1e6) }
  return String(format: "%.0f ns", s * 1e9)
}

struct Row {
  var name: String
  var figures: [Int: (median: Double, p90: Double)] = [:]
}
var rows: [Row] = []
let samples = quick ? 7 : 21

var gridFixed = Row(name: "Grid layout build, fixed columns")
var gridFlow = Row(name: "Grid layout build, per-item sizes")
var outline = Row(name: "Outline list build (rows + layout)")
var hit = Row(name: "Hit test")
var visible = Row(name: "Visible-rect query (one screen)")
var drag = Row(name: "Drag step (target update + visible reflow)")
var render = Row(name: "Render list of one frame during a drag")
var key = Row(name: "Key step (placeholder one row, keyboard)")
var memory: [(String, Int, Double)] = []

for n in sizes {
  gridFixed.figures[n] = measure(samples: samples, batch: 100) { _ in
    withExtendedLifetime(GridLayout(EngineWorkloads.grid, itemCounts: [n])) {}
  }
  let itemSizes = EngineWorkloads.sizes(n)
  gridFlow.figures[n] = measure(samples: quick ? 3 : 7, batch: 1) { _ in
    withExtendedLifetime(GridLayout(EngineWorkloads.flow, itemSizes: [itemSizes])) {}
  }
  let snapshot = EngineWorkloads.outlineSnapshot(rows: n)
  outline.figures[n] = measure(samples: quick ? 3 : 7, batch: 1) { _ in
    withExtendedLifetime(
      CollectionView(snapshot: snapshot, layout: .list(EngineWorkloads.list), viewSize: EngineWorkloads.viewSize)
    ) {}
  }
  if n == sizes.last {
    memory.append(("grid, fixed columns", n, bytesPerItem(n) { GridLayout(EngineWorkloads.grid, itemCounts: [n]) }))
    memory.append(
      ("grid, per-item sizes", n, bytesPerItem(n) { GridLayout(EngineWorkloads.flow, itemSizes: [itemSizes]) }))
    memory.append(
      (
        "outline list (rows + layout)", n,
        bytesPerItem(n) {
          CollectionView(snapshot: snapshot, layout: .list(EngineWorkloads.list), viewSize: EngineWorkloads.viewSize)
        }
      ))
  }

  let layout = GridLayout(EngineWorkloads.grid, itemCounts: [n])
  let points = EngineWorkloads.probePoints(in: layout.contentSize)
  var sink = 0
  hit.figures[n] = measure(samples: samples, batch: 10_000) { k in
    sink &+= layout.itemPath(at: points[k & 1023])?.item ?? 0
  }
  visible.figures[n] = measure(samples: samples, batch: 2_000) { k in
    sink &+= layout.items(in: Rect(origin: Point(x: 0, y: points[k & 1023].y), size: EngineWorkloads.viewSize)).count
  }
  var view = EngineWorkloads.draggingGrid(n)
  drag.figures[n] = measure(samples: samples, batch: 2_000) { k in
    EngineWorkloads.dragStep(&view, step: k, time: 2 + Double(k) * 0.016)
  }
  var keyboard = EngineWorkloads.keyboardGrid(n)
  key.figures[n] = measure(samples: samples, batch: 2_000) { k in
    EngineWorkloads.keyStep(&keyboard, step: k, time: 2 + Double(k) * 0.016)
  }
  let t = 2 + Double(samples * 2_000 + 10) * 0.016
  render.figures[n] = measure(samples: samples, batch: 2_000) { _ in
    sink &+= view.renderList(at: t).elements.count
  }
  if sink == 42 { print("") }
}
rows = [gridFixed, gridFlow, outline, hit, visible, drag, key, render]

// New data for 100,000 items, idle and mid-drag, measured in turns so that load hits both alike.
let applyN = 100_000
let applyData = [EngineWorkloads.flatSnapshot(applyN), EngineWorkloads.newData(applyN)]
var applyViews = [
  EngineWorkloads.applyView(applyN, dragging: false), EngineWorkloads.applyView(applyN, dragging: true),
]
var applyTimes: [[Double]] = [[], []]
for round in 0..<(quick ? 10 : 30) {
  for which in [round % 2, 1 - round % 2] {
    let start = ContinuousClock.now
    try applyViews[which].apply(applyData[(round + 1) % 2], time: 2 + Double(round))
    applyTimes[which].append(seconds(ContinuousClock.now - start))
  }
}
let applyIdle = applyTimes[0].sorted()[applyTimes[0].count / 2]
let applyDrag = applyTimes[1].sorted()[applyTimes[1].count / 2]
precondition(applyViews[1].isDragging, "the drag ended")

print("| operation | 1,000 items: median / p90 | 100,000 | 1,000,000 |")
print("|---|---|---|---|")
for row in rows {
  let cells = sizes.map { n in row.figures[n].map { "\(format($0.median)) / \(format($0.p90))" } ?? "–" }
  print("| \(row.name) | \(cells.joined(separator: " | ")) |")
}
print()
print("How each cost grows with n (medians):")
print()
for row in rows {
  let line = sizes.map { n in
    "\(format(row.figures[n]!.median)) at \(n >= 1_000_000 ? "\(n / 1_000_000)M" : "\(n / 1_000)k")"
  }
  print("- \(row.name): \(line.joined(separator: ", "))")
}
print()
print(
  "New data (`apply`) for \(applyN) items, medians: idle \(format(applyIdle)), mid-drag \(format(applyDrag)) (\(String(format: "%.2f", applyDrag / applyIdle))×)"
)
print()
print("Heap bytes per item kept by a layout:")
print()
for (name, n, bytes) in memory { print("- \(name), \(n) items: \(String(format: "%.1f", bytes)) B/item") }
print()

nonisolated(unsafe) var missed = 0
func goal(_ text: String, _ ok: Bool) {
  print("- \(ok ? "PASS" : "MISS"): \(text)")
  if !ok { missed += 1 }
}
print("Goals:")
print()
let drag1M = drag.figures[1_000_000]!.median
let drag1k = drag.figures[1_000]!.median
goal("drag step on 1,000,000 items under 50 µs (\(format(drag1M)))", drag1M < 50e-6)
goal(
  "drag step on 1,000,000 items within 3× the 1,000-item figure (\(String(format: "%.2f", drag1M / drag1k))×)",
  drag1M <= 3 * drag1k)
goal("drag step on 1,000,000 items under 20 µs (\(format(drag1M)))", drag1M < 20e-6)
let key1M = key.figures[1_000_000]!.median
goal(
  "key step on 1,000,000 items no dearer than a drag step (\(format(key1M)), \(String(format: "%.2f", key1M / drag1M))×)",
  key1M <= drag1M * 1.1)
goal(
  "apply of new data mid-drag within 1.2× the same apply idle, 100,000 items (\(String(format: "%.2f", applyDrag / applyIdle))×)",
  applyDrag <= 1.2 * applyIdle)
let build1M = gridFixed.figures[1_000_000]!.median
let flow1M = gridFlow.figures[1_000_000]!.median
goal("1,000,000-item grid layout (fixed columns) under 200 ms (\(format(build1M)))", build1M < 0.2)
goal("1,000,000-item grid layout (per-item sizes) under 200 ms (\(format(flow1M)))", flow1M < 0.2)
for (name, n, bytes) in memory where n == 1_000_000 && name.hasPrefix("grid") {
  goal(
    "1,000,000-item grid layout (\(name)) under 100 bytes per item (\(String(format: "%.1f", bytes)) B)", bytes < 100)
}
exit(missed == 0 ? 0 : 1)
