import DiffWorkloads
import EngineWorkloads
import Foundation
import ReorderKit

// outside-in-report [--quick]
// The figures a package that depends on ReorderKit sees: one drag step on a 3-column grid of 1,000
// and 1,000,000 items and a flat 100,000-item sectioned diff, measured in this package, which
// depends on ReorderKit like any other (no flags of its own, nothing of the engine specialised in
// advance). Prints one JSON object of medians and p90s in seconds;
// `Benchmarks/Scripts/outside-in.sh` builds it twice (as a user gets it, and with cross-module
// optimization as if the caller were inside the engine's module), runs both in turns and writes
// the comparison for BENCHMARKS.md.

let quick = CommandLine.arguments.contains("--quick")

let seconds = Timing.seconds

/// Per-operation times (seconds) of `samples` batches of `batch` operations: [median, p90].
func measure(samples: Int, batch: Int, _ body: (Int) -> Void) -> [Double] {
  let m = Timing.measure(samples: samples, batch: batch, body)
  return [m.median, m.p90]
}

var figures: [String: [Double]] = [:]
let samples = quick ? 7 : 21
for n in [1_000, 1_000_000] {
  var view = EngineWorkloads.draggingGrid(n)
  figures["drag\(n)"] = measure(samples: samples, batch: 2_000) { k in
    EngineWorkloads.dragStep(&view, step: k, time: 2 + Double(k) * 0.016)
  }
}
let diff = DiffWorkload.flat(100_000)
var moves = 0
figures["diff100000"] = measure(samples: quick ? 5 : 11, batch: 1) { _ in
  moves &+= diff.stagedChangeset().stages.count
}
if moves == -1 { print("") }

let fields = figures.keys.sorted().map { key in
  "\"\(key)\": [\(figures[key]!.map { String(format: "%.9f", $0) }.joined(separator: ", "))]"
}
print("{\(fields.joined(separator: ", "))}")
