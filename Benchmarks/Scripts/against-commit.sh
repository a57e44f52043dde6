#!/usr/bin/env bash
# Issue 30: the engine at commit BASE and the engine of the working tree in ONE package-benchmark
# run, for the drag operations issue 30 must keep within 5 % of its baseline: a drag step within a
# view of 1,000,000 items (EngineBenchmarks' Drag_step_1000000), and on a board of 5 × 200,000
# cards a drag step within a view mid-drag, the first step into another view, the drop in another
# view, and the undo of that drop.
#
#   Benchmarks/Scripts/against-commit.sh BASE [package-benchmark options]
#   Benchmarks/Scripts/against-commit.sh 47676ec
#   BENCH_MAX_SECONDS=1 Benchmarks/Scripts/against-commit.sh 47676ec     (seconds per benchmark; default 3)
#   BENCH_SCRATCH=/tmp/against Benchmarks/Scripts/against-commit.sh 47676ec (kept; a second run reuses its build)
#
# A scratch package is generated in a temporary folder (never in the repo; removed afterwards
# unless BENCH_SCRATCH names it): Sources/ReorderKit at BASE (git archive) as the module
# ReorderKitBase, the working tree's Sources/ReorderKit as ReorderKitHead (the .docc catalog left
# out of both), and the workloads twice, AgainstBase and AgainstHead, generated with sed from one
# template: EngineWorkloads.swift (modules WorkloadsBase, WorkloadsHead) and BoardBenchmarks.swift's
# BoardWorkload and WarmBoard as they are in the working tree, `import ReorderKit` turned into the
# module's engine. One benchmark
# target registers each operation for both engines; package-benchmark runs the benchmarks sorted
# by name, each in a process of its own, so the names ("1 … (base)", "1 … (head)", "2 … (base)", …)
# interleave the two engines operation by operation.
#
# The board's operations run on one board built once per process (a board in use), so that a
# sample is one operation and a run gives hundreds of samples, not BoardBenchmarks' 8 to 10 fresh
# boards: the step within a view after 200 steps not measured (mid-drag), 1,000 steps a sample;
# each crossing, drop and undo after a lift (and a crossing, and a drop) that is not measured.
# Every time is in nanoseconds (package-benchmark's exports round to whole units).
#
# Prints a table: operation, base median, head median, head ÷ base, within 5 % (head ≤ 1.05 ×
# base). A ratio over 1.05 is a figure, not a failure: the exit status is non-zero only when the
# build or the run fails. On a shared machine read the ratios of one run, and run it again.
set -euo pipefail

if [ $# -lt 1 ] || [ "${1#-}" != "$1" ]; then
  sed -n '8,11p' "$0" | sed 's/^# *//' >&2
  exit 2
fi
base=$1
shift
repo=$(cd "$(dirname "$0")/../.." && pwd -P)
baseCommit=$(git -C "$repo" rev-parse --verify --quiet "$base^{commit}") || {
  echo "against-commit: no commit $base" >&2
  exit 2
}
headCommit=$(git -C "$repo" rev-parse --short HEAD)
changed=$(git -C "$repo" status --porcelain -- Sources/ReorderKit Benchmarks/Sources/EngineWorkloads \
  Benchmarks/Benchmarks/BoardBenchmarks | head -1)
maxSeconds=${BENCH_MAX_SECONDS:-3}
case $maxSeconds in '' | *[!0-9]*)
  echo "against-commit: BENCH_MAX_SECONDS must be a whole number of seconds" >&2
  exit 2
  ;;
esac

if [ -n "${BENCH_SCRATCH:-}" ]; then
  mkdir -p "$BENCH_SCRATCH"
  scratch=$(cd "$BENCH_SCRATCH" && pwd -P)
else
  scratch=$(mktemp -d "${TMPDIR:-/tmp}/against-commit.XXXXXX")
  scratch=$(cd "$scratch" && pwd -P)
  trap 'rm -rf "$scratch"' EXIT
fi
case $scratch/ in "$repo"/*)
  echo "against-commit: the scratch folder $scratch is inside the repository" >&2
  exit 2
  ;;
esac

pkg=$scratch/pkg
out=$scratch/results
rm -rf "$pkg/Sources" "$pkg/Benchmarks" "$out"
mkdir -p "$pkg/Benchmarks/AgainstCommit" "$out"

# The two engines: the same sources under two module names. The engine imports nothing and never
# names its module, so a copy compiles as any name (checked below, outside the .docc catalog).
mkdir -p "$pkg/Sources/ReorderKitBase" "$pkg/Sources/ReorderKitHead"
git -C "$repo" archive "$baseCommit" Sources/ReorderKit |
  tar -x -C "$pkg/Sources/ReorderKitBase" --strip-components=2 --exclude='*.docc'
(cd "$repo/Sources/ReorderKit" && tar -c --exclude='*.docc' .) | tar -x -C "$pkg/Sources/ReorderKitHead"
for engine in Base Head; do
  if grep -rqE '\bReorderKit\.[A-Za-z_]|^ *(@_exported +)?import ' "$pkg/Sources/ReorderKit$engine"; then
    echo "against-commit: the engine ($engine) imports a module or names ReorderKit; the copy would not be the same code:" >&2
    grep -rnE '\bReorderKit\.[A-Za-z_]|^ *(@_exported +)?import ' "$pkg/Sources/ReorderKit$engine" >&2
    exit 1
  fi
done

# The workloads, once per engine, from the working tree's benchmark sources and one template.
template=$scratch/template
rm -rf "$template"
mkdir -p "$template"
# EngineWorkloads.swift makes a module of its own (WorkloadsBase, WorkloadsHead), as in Benchmarks/:
# in a module that imports Benchmark, its overloads are visible in every file, and the expression
# of EngineWorkloads.sizes no longer type-checks in reasonable time.
sed 's/^import ReorderKit$/import ReorderKit@ENGINE@/' "$repo/Benchmarks/Sources/EngineWorkloads/EngineWorkloads.swift" \
  >"$template/EngineWorkloads.swift"
{
  echo 'import ReorderKit@ENGINE@'
  echo
  sed -n '/^enum BoardWorkload {/,$p' "$repo/Benchmarks/Benchmarks/BoardBenchmarks/BoardBenchmarks.swift"
} >"$template/BoardWorkload.swift"
grep -q '^final class WarmBoard' "$template/BoardWorkload.swift" || {
  echo "against-commit: BoardBenchmarks.swift no longer ends with BoardWorkload and WarmBoard" >&2
  exit 1
}
cat >"$template/Against.swift" <<'SWIFT'
import Benchmark
import ReorderKit@ENGINE@
import Workloads@ENGINE@

/// The operations of issue 30 for one engine, registered under "N name (engine)".
public enum Against {
  public static let operations = [
    "drag step within a view, 1000000 items",
    "board 5 x 200000: drag step within a view, mid-drag",
    "board 5 x 200000: first step into another view",
    "board 5 x 200000: drop in another view",
    "board 5 x 200000: undo of that drop",
  ]

  public static func register(_ index: Int, engine: String, maxSeconds: Int) {
    let name = "\(index + 1) \(operations[index]) (\(engine))"
    let perStep = Benchmark.Configuration(
      metrics: [.wallClock], timeUnits: .nanoseconds, scalingFactor: .kilo, maxDuration: .seconds(maxSeconds),
      maxIterations: 10_000)
    let perOperation = Benchmark.Configuration(
      metrics: [.wallClock], timeUnits: .nanoseconds, maxDuration: .seconds(maxSeconds), maxIterations: 2_000)
    switch index {
    case 0:
      // EngineBenchmarks' Drag_step_1000000: a grid of 1,000,000 items, lifted once; 1,000 steps a sample.
      Benchmark(name, configuration: perStep) { benchmark in
        let box = GridBox.shared
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
          EngineWorkloads.dragStep(&box.view, step: box.step, time: 2 + Double(box.step) * 0.016)
          box.step += 1
        }
        benchmark.stopMeasurement()
      }
    case 1:
      // BoardBenchmarks' step within a view mid-drag, on one lifted board: 1,000 steps a sample.
      Benchmark(name, configuration: perStep) { benchmark in
        let box = LiftedBoardBox.shared
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
          box.time += 0.001
          blackHole(box.board.pointerMoved(to: BoardWorkload.withinPoint(box.step), time: box.time))
          box.step += 1
        }
        benchmark.stopMeasurement()
      }
    case 2:
      // BoardBenchmarks' first step into another view on a board in use: lift, (step), cancel.
      Benchmark(name, configuration: perOperation) { benchmark in
        let warm = WarmBoard.shared
        let t = warm.lift()
        benchmark.startMeasurement()
        blackHole(warm.board.pointerMoved(to: BoardWorkload.acrossPoint(0), time: t + 0.1))
        benchmark.stopMeasurement()
        precondition(warm.board.destinationView == 3, "the card is over the fourth column")
        warm.cancel(time: t + 0.2)
      }
    case 3:
      // BoardBenchmarks' drop in another view on a board in use: lift, cross, (drop), undo.
      Benchmark(name, configuration: perOperation) { benchmark in
        let warm = WarmBoard.shared
        let t = warm.lift()
        _ = warm.board.pointerMoved(to: BoardWorkload.acrossPoint(0), time: t + 0.1)
        precondition(warm.board.destinationView == 3, "the card is over the fourth column")
        benchmark.startMeasurement()
        blackHole(warm.board.pointerUp(at: BoardWorkload.acrossPoint(0), time: t + 0.2))
        benchmark.stopMeasurement()
        precondition(warm.board.canUndo, "the drop moved the card")
        _ = warm.board.undo(time: t + 1.2)
        _ = warm.board.tick(time: t + 3)
      }
    case 4:
      // The undo of that drop, a second after it (as BoardBenchmarks' undo): lift, cross, drop, (undo).
      Benchmark(name, configuration: perOperation) { benchmark in
        let warm = WarmBoard.shared
        let t = warm.lift()
        _ = warm.board.pointerMoved(to: BoardWorkload.acrossPoint(0), time: t + 0.1)
        precondition(warm.board.destinationView == 3, "the card is over the fourth column")
        _ = warm.board.pointerUp(at: BoardWorkload.acrossPoint(0), time: t + 0.2)
        precondition(warm.board.canUndo, "the drop moved the card")
        benchmark.startMeasurement()
        blackHole(warm.board.undo(time: t + 1.2))
        benchmark.stopMeasurement()
        _ = warm.board.tick(time: t + 3)
      }
    default:
      preconditionFailure("no operation \(index)")
    }
  }
}

/// One lifted grid of 1,000,000 items per process, built at its first sample (not measured).
final class GridBox: @unchecked Sendable {
  static let shared = GridBox()
  var view = EngineWorkloads.draggingGrid(1_000_000)
  var step = 0
}

/// One lifted board per process, 200 steps into its drag (not measured).
final class LiftedBoardBox: @unchecked Sendable {
  static let shared = LiftedBoardBox()
  var board = BoardWorkload.liftedBoard()
  var time = 1.0
  var step = 0
  init() {
    while step < 200 {
      time += 0.001
      blackHole(board.pointerMoved(to: BoardWorkload.withinPoint(step), time: time))
      step += 1
    }
  }
}
SWIFT
for engine in Base Head; do
  mkdir -p "$pkg/Sources/Workloads$engine" "$pkg/Sources/Against$engine"
  sed "s/@ENGINE@/$engine/" "$template/EngineWorkloads.swift" >"$pkg/Sources/Workloads$engine/EngineWorkloads.swift"
  for file in Against BoardWorkload; do
    sed "s/@ENGINE@/$engine/" "$template/$file.swift" >"$pkg/Sources/Against$engine/$file.swift"
  done
done

cat >"$pkg/Benchmarks/AgainstCommit/AgainstCommit.swift" <<SWIFT
import AgainstBase
import AgainstHead
import Benchmark

let benchmarks: @Sendable () -> Void = {
  for index in AgainstBase.Against.operations.indices {
    AgainstBase.Against.register(index, engine: "base", maxSeconds: $maxSeconds)
    AgainstHead.Against.register(index, engine: "head", maxSeconds: $maxSeconds)
  }
}
SWIFT

# package-benchmark as Benchmarks/Package.swift declares it, at exactly 1.38.1.
cat >"$pkg/Package.swift" <<'SWIFT'
// swift-tools-version: 6.1
// Generated by Benchmarks/Scripts/against-commit.sh: two copies of ReorderKit side by side.
import PackageDescription

let benchmark = Target.Dependency.product(name: "Benchmark", package: "package-benchmark")
let libm = [LinkerSetting.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
  name: "AgainstCommit",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(url: "https://github.com/ordo-one/package-benchmark", exact: "1.38.1", traits: ["MallocInterposer"])
  ],
  targets: [
    .target(name: "ReorderKitBase", linkerSettings: libm),
    .target(name: "ReorderKitHead", linkerSettings: libm),
    .target(name: "WorkloadsBase", dependencies: ["ReorderKitBase"]),
    .target(name: "WorkloadsHead", dependencies: ["ReorderKitHead"]),
    .target(name: "AgainstBase", dependencies: ["ReorderKitBase", "WorkloadsBase", benchmark]),
    .target(name: "AgainstHead", dependencies: ["ReorderKitHead", "WorkloadsHead", benchmark]),
    .executableTarget(
      name: "AgainstCommit",
      dependencies: [benchmark, "AgainstBase", "AgainstHead"],
      path: "Benchmarks/AgainstCommit",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
SWIFT

echo "against-commit: base $(git -C "$repo" rev-parse --short "$baseCommit"), head $headCommit${changed:+ with uncommitted changes}; scratch $scratch" >&2
start=$(date +%s)
(cd "$pkg" && swift build -c release --scratch-path "$scratch/build" --product AgainstCommit >&2)
built=$(date +%s)
(cd "$pkg" && swift package --scratch-path "$scratch/build" --allow-writing-to-directory "$out" \
  benchmark --target AgainstCommit --no-progress --format histogramPercentiles --path "$out" "$@" >&2)
done=$(date +%s)

# The medians (the 50th percentile of package-benchmark's histogram, in ns; per step for the
# steps, which are measured 1,000 at a time).
median() {
  local file
  file=$(ls "$out"/*.AgainstCommit."$1"_*_\("$2"\).wallClock.histogram.percentiles.tsv 2>/dev/null | head -1)
  [ -n "$file" ] || return 1
  awk -F'\t' '$1 == "50" { print $2 }' "$file"
}
format() {
  awk -v ns="$1" 'BEGIN {
    if (ns >= 1000000) printf "%.2f ms", ns / 1000000
    else if (ns >= 1000) printf "%.2f µs", ns / 1000
    else printf "%d ns", ns
  }'
}
names=(
  "Drag step within a view, 1,000,000 items"
  "Board 5 × 200,000: drag step within a view, mid-drag"
  "Board 5 × 200,000: first step into another view"
  "Board 5 × 200,000: drop in another view"
  "Board 5 × 200,000: undo of that drop"
)
echo
echo "Base $(git -C "$repo" rev-parse --short "$baseCommit"), head $headCommit${changed:+ + uncommitted changes}; build $((built - start)) s, run $((done - built)) s; load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
echo
echo "| Operation | Base median | Head median | Head ÷ base | Within 5 % |"
echo "|---|---:|---:|---:|---|"
missing=0
for i in 0 1 2 3 4; do
  b=$(median $((i + 1)) base) || b=
  h=$(median $((i + 1)) head) || h=
  if [ -z "$b" ] || [ -z "$h" ]; then
    echo "| ${names[$i]} | ${b:+$(format "$b")}${b:-—} | ${h:+$(format "$h")}${h:-—} | — | not measured |"
    missing=1
    continue
  fi
  awk -v name="${names[$i]}" -v b="$b" -v h="$h" -v fb="$(format "$b")" -v fh="$(format "$h")" 'BEGIN {
    r = (b > 0) ? h / b : 0
    printf "| %s | %s | %s | %.3f | %s |\n", name, fb, fh, r, (r <= 1.05 ? "yes" : "no")
  }'
done
# A benchmark left out by a --filter is not a failure of the run; a run that measured nothing is.
if [ "$missing" = 1 ] && [ $# -eq 0 ]; then
  echo "against-commit: some operations have no results in $out" >&2
  exit 1
fi
