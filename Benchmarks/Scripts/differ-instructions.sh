#!/bin/bash
# Instructions per `StagedChangeset(from:to:)` (valgrind's callgrind, which does not depend on the
# machine's load), for the working tree and a base revision, in the same run: a program that
# depends on each copy of ReorderKit (release, as a package that depends on it builds it) diffs a
# workload R times; per diff = (Ir(R) - Ir(0)) / R. Hashing is made deterministic
# (SWIFT_DETERMINISTIC_HASHING=1) so both copies do the same work.
#
#   Benchmarks/Scripts/differ-instructions.sh [BASE_REV]     (default: main)
#
# Workloads: UUID identifiers in 10 × 20, 10 × 100 and 1 × 1,000 items; Int identifiers in
# 100 × 1,000 and 1 × 100,000; each with about 10 % of the items deleted, 10 % inserted, 5 %
# moved between sections, and (with more than three sections) two sections swapped.
# Needs valgrind (apt-get install valgrind). Takes about 6 minutes on two cores.
set -euo pipefail
base=${1:-main}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/base-rk"
git -C "$root" archive "$base" | tar -x -C "$work/base-rk"

# One driver package per copy of ReorderKit.
driver() {  # driver NAME ROOT
  local dir="$work/$1"
  mkdir -p "$dir/Sources/driver"
  # The project's one seeded generator (Sources/ReorderTestSupport), compiled into the driver.
  cp "$root/Sources/ReorderTestSupport/SplitMix.swift" "$dir/Sources/driver/"
  cat >"$dir/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
  name: "driver", platforms: [.macOS(.v13)],
  dependencies: [.package(path: "$2")],
  targets: [.executableTarget(name: "driver", dependencies: [.product(name: "ReorderKit", package: "$(basename "$2")")])])
EOF
  cat >"$dir/Sources/driver/main.swift" <<'EOF'
import Foundation
import ReorderKit

typealias I = Snapshot<Int, Int>.Section
typealias U = Snapshot<UUID, UUID>.Section
func uuid(_ n: Int) -> UUID {
  var r = SplitMix(seed: UInt64(n))
  return withUnsafeBytes(of: (r.next(), r.next())) { UUID(uuid: $0.load(as: uuid_t.self)) }
}
func workload(_ sections: Int, _ per: Int) -> ([I], [I]) {
  var r = SplitMix(seed: 7)
  var next = 0
  var old: [I] = []
  for s in 0..<sections {
    old.append(I(id: s, items: Array(next..<next + per)))
    next += per
  }
  var new = old
  for s in new.indices { new[s].items.removeAll { _ in r.below(10) == 0 } }
  for _ in 0..<(sections * per / 10) {
    let s = r.below(sections)
    new[s].items.insert(next, at: r.below(new[s].items.count + 1))
    next += 1
  }
  for _ in 0..<(sections * per / 20) {
    let (a, b) = (r.below(sections), r.below(sections))
    if let x = new[a].items.popLast() { new[b].items.insert(x, at: r.below(new[b].items.count + 1)) }
  }
  if sections > 3 { new.swapAt(1, 3) }
  return (old, new)
}
func uuids(_ sections: [I]) -> [U] { sections.map { U(id: uuid(1_000_000 + $0.id), items: $0.items.map(uuid)) } }
let (name, reps) = (CommandLine.arguments[1], Int(CommandLine.arguments[2])!)
var moves = 0
let shape = ["uuid-10x20": (10, 20), "uuid-10x100": (10, 100), "uuid-1x1000": (1, 1000),
             "int-100x1000": (100, 1000), "int-1x100000": (1, 100_000)][name]!
let (old, new) = workload(shape.0, shape.1)
if name.hasPrefix("uuid") {
  let (o, n) = (uuids(old), uuids(new))
  for _ in 0..<reps { moves &+= try! StagedChangeset(from: o, to: n).moveCount }
} else {
  for _ in 0..<reps { moves &+= try! StagedChangeset(from: old, to: new).moveCount }
}
print(name, reps, moves)
EOF
  (cd "$dir" && swift build -c release >"$work/$1.log" 2>&1) || {
    cat "$work/$1.log" >&2
    exit 1
  }
}
driver base "$work/base-rk"
driver head "$root"

ir() {  # ir BINARY WORKLOAD REPS
  SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" "$2" "$3" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
echo "| workload | $base | working tree | ratio |"
echo "|---|---:|---:|---:|"
for w in "uuid-10x20 51" "uuid-10x100 21" "uuid-1x1000 11" "int-100x1000 2" "int-1x100000 2"; do
  set -- $w
  per=()
  for copy in base head; do
    b="$work/$copy/.build/release/driver"
    per+=($(( ($(ir "$b" "$1" "$2") - $(ir "$b" "$1" 0)) / $2 )))
  done
  printf "| %s | %d | %d | %.4f× |\n" "$1" "${per[0]}" "${per[1]}" "$(echo "${per[1]} / ${per[0]}" | bc -l)"
done
