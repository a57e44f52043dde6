import DiffWorkloads
import Foundation
import ReorderKit

// diff-report [--runs N] [--write-inputs DIR]
// Prints, as a Markdown table, the median time and the move count of the
// sectioned diff and of the standard library's diff on the same arrays.
// With --write-inputs, writes the flat 100,000-item workload as
// DIR/flat-100k-old.json and DIR/flat-100k-new.json for `reorder diff`.
// A second table does the same for issue 13's UUID workloads (small ones
// timed over enough repetitions to last about a millisecond per sample).

var runs = 11
var inputsDirectory: String?
var oursOnly = false
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
  switch argument {
  case "--runs": runs = Int(arguments.next() ?? "") ?? runs
  case "--write-inputs": inputsDirectory = arguments.next()
  case "--ours-only": oursOnly = true  // for profiling
  default:
    FileHandle.standardError.write(Data("usage: diff-report [--runs N] [--ours-only] [--write-inputs DIR]\n".utf8))
    exit(2)
  }
}

func write(_ sections: [DiffWorkload.Section], to path: String) {
  var text = "{\"sections\": ["
  for (s, section) in sections.enumerated() {
    text += (s == 0 ? "" : ", ") + "{\"id\": \(section.id), \"items\": ["
    text += section.items.map(String.init).joined(separator: ", ")
    text += "]}"
  }
  text += "]}\n"
  FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
}

if let directory = inputsDirectory {
  let workload = DiffWorkload.flat(100_000)
  write(workload.old, to: "\(directory)/flat-100k-old.json")
  write(workload.new, to: "\(directory)/flat-100k-new.json")
  print("wrote \(directory)/flat-100k-old.json and \(directory)/flat-100k-new.json")
  exit(0)
}

/// The median of `count` timed runs, in milliseconds, and the last result.
func median<T>(_ count: Int, _ body: () -> T) -> (ms: Double, result: T) {
  var times: [Double] = []
  var result: T?
  let clock = ContinuousClock()
  for _ in 0..<count {
    let start = clock.now
    result = body()
    let elapsed = clock.now - start
    times.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
  }
  times.sort()
  return (times[times.count / 2], result!)
}

/// The median over `count` samples of the time per call, in milliseconds; each sample repeats
/// `body` enough times to last about a millisecond. Also the last result.
func medianPerCall<T>(_ count: Int, _ body: () -> T) -> (ms: Double, result: T) {
  let once = median(1, body)
  let repeats = max(1, Int(1 / max(once.ms, 1e-4)))
  var result = once.result
  let samples = median(count) { () -> T in
    for _ in 0..<repeats { result = body() }
    return result
  }
  return (samples.ms / Double(repeats), samples.result)
}

func format(_ ms: Double) -> String {
  ms >= 100 ? String(Int(ms.rounded())) : ms >= 1 ? String(format: "%.2f", ms) : String(format: "%.4f", ms)
}

let workloads = [DiffWorkload.flat(10_000), .flat(100_000), .sectioned(100, 1_000), .reversal(10_000)]
// The sectioned diff: rounds over all workloads, so that a busy moment of the machine hits them alike.
var times = [[Double]](repeating: [], count: workloads.count)
var results: [StagedChangeset<Int, Int>?] = Array(repeating: nil, count: workloads.count)
for _ in 0..<runs {
  for (w, workload) in workloads.enumerated() {
    let run = median(1) { workload.stagedChangeset() }
    times[w].append(run.ms)
    results[w] = run.result
  }
}
let ours = times.map { $0.sorted()[$0.count / 2] }

print(
  "| workload | items | sectioned diff (ms) | stages | moves | stdlib inferringMoves (ms) | stdlib moves | speed-up |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for (w, workload) in workloads.enumerated() {
  let (old, new) = (workload.flatOld, workload.flatNew)
  let stdlibRuns = oursOnly ? 1 : old.count > 10_000 ? 3 : runs
  let stdlib =
    oursOnly ? (ms: 0, result: 0) : median(stdlibRuns) { DiffWorkload.standardLibraryMoves(old: old, new: new) }
  print(
    "| \(workload.name) | \(old.count) | \(format(ours[w])) | \(results[w]!.stages.count) | \(results[w]!.moveCount) | \(format(stdlib.ms)) | \(stdlib.result) | \(Int((stdlib.ms / ours[w]).rounded()))× |"
  )
}
print("\nsectioned 100 × 1000 / flat 100000 time: \(String(format: "%.2f", ours[2] / ours[1]))×")
print(
  "(medians of \(runs) interleaved runs for the sectioned diff; of \(runs) runs for the standard library at 10,000 items, of 3 above)"
)

// UUID identifiers (issue 13): the sizes a screen diffs most often and DifferenceKit's README cases.
print("\nUUID identifiers (issue 13):\n")
print(
  "| workload | items | sectioned diff (ms) | stages | moves | stdlib inferringMoves (ms) | stdlib moves | speed-up |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
var uuidFlat100kSpeedUp = 0.0
for workload in UUIDDiffWorkload.all {
  let (old, new) = (workload.flatOld, workload.flatNew)
  let ours = medianPerCall(runs) { workload.stagedChangeset() }
  let stdlib =
    oursOnly
    ? (ms: 0, result: 0)
    : old.count >= 10_000
      ? median(3) { UUIDDiffWorkload.standardLibraryMoves(old: old, new: new) }
      : medianPerCall(runs) { UUIDDiffWorkload.standardLibraryMoves(old: old, new: new) }
  let speedUp = stdlib.ms / ours.ms
  if workload.name == "uuid flat 100000" { uuidFlat100kSpeedUp = speedUp }
  print(
    "| \(workload.name) | \(old.count) | \(format(ours.ms)) | \(ours.result.stages.count) | \(ours.result.moveCount) | \(format(stdlib.ms)) | \(stdlib.result) | \(Int(speedUp.rounded()))× |"
  )
}
if !oursOnly {
  print("\nuuid flat 100000: \(Int(uuidFlat100kSpeedUp.rounded()))× the standard library (goal: 250×)")
}
