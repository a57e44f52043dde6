// A drag step on a list of 200,000 rows, rows of one height and (argument `heights`) rows of their own
// heights, compiled with the engine's sources into one module (no package build needed):
//   swiftc -O -wmo -module-name ReorderKit $(find Sources/ReorderKit -name '*.swift') \
//     Benchmarks/Scripts/list-row-heights-step/main.swift -o /tmp/list-step
//   /tmp/list-step; /tmp/list-step heights
// Instructions per step: SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind /tmp/list-step [heights]
// minus the same with `nosteps`, divided by 20,000 steps.
#if canImport(Glibc)
import Glibc
#endif

func now() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

let n = 200_000
var snapshot = Snapshot<Int, Int>()
try! snapshot.appendSection(0, items: Array(0..<n))
let heights = CommandLine.arguments.contains("heights")
var sizes: [Int: Size] = [:]
if heights { for i in 0..<n { sizes[i] = Size(width: 320, height: Double(44 + 19 * (i % 3))) } }
let config = ListLayout.Configuration(width: 320, rowHeight: 44, headerHeight: 28)
let viewSize = Size(width: 390, height: 844)
let t0 = now()
var view = heights
  ? CollectionView(snapshot: snapshot, layout: .list(config), viewSize: viewSize, itemSizes: sizes)
  : CollectionView(snapshot: snapshot, layout: .list(config), viewSize: viewSize)
let tBuild = now() - t0
_ = view.scroll(by: Point(x: 0, y: view.contentSize.height / 2), time: 0)
// Lift the row under y = 300.
let t1 = now()
_ = view.pointerDown(at: Point(x: 100, y: 300), time: 1)
_ = view.tick(time: 1.5)
let tLift = now() - t1
precondition(view.isDragging, "the drag did not begin")
// Steps: the pointer alternates between two rows far apart, so every step moves the placeholder.
var samples: [Double] = []
var step = 0
let rounds = CommandLine.arguments.contains("nosteps") ? 0 : 200
for _ in 0..<rounds {
  let start = now()
  for _ in 0..<100 {
    let p = step % 2 == 0 ? Point(x: 100, y: 620) : Point(x: 100, y: 150)
    _ = view.pointerMoved(to: p, time: 2 + Double(step) * 0.016)
    step += 1
  }
  samples.append((now() - start) / 100)
}
samples.sort()
guard rounds > 0 else { print("no steps"); exit(0) }
print("\(heights ? "heights" : "uniform") n=\(n): build \(Int(tBuild * 1e3)) ms, lift \(Int(tLift * 1e3)) ms, drag step median \(String(Int(samples[100] * 1e9))) ns, p90 \(Int(samples[180] * 1e9)) ns")
