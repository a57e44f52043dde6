#!/bin/bash
# Whole-process timing of `reorder diff` against a program that reads the same
# files and runs the standard library's `difference(from:).inferringMoves()`,
# on the flat 100,000-item workload (delete 10,000, insert 10,000, shuffle the
# first 2,000). Release builds; hyperfine (apt-get install hyperfine) runs both
# in the same session and reports medians.
#
#   Benchmarks/Scripts/compare-whole-process.sh [RUNS]
set -euo pipefail
runs=${1:-5}
here=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$here/.." && pwd)
inputs=$(mktemp -d)
trap 'rm -rf "$inputs"' EXIT

(cd "$root" && swift build -c release --scratch-path .build-release --product reorder >/dev/null)
(cd "$here" && swift build -c release --product stdlib-diff >/dev/null && swift build -c release --product diff-report >/dev/null)
reorder="$root/.build-release/release/reorder"
stdlib="$here/.build/release/stdlib-diff"
"$here/.build/release/diff-report" --write-inputs "$inputs"

echo "reorder diff: $("$reorder" diff "$inputs/flat-100k-old.json" "$inputs/flat-100k-new.json" | wc -c) bytes of output"
echo "stdlib-diff: $("$stdlib" "$inputs/flat-100k-old.json" "$inputs/flat-100k-new.json")"
hyperfine --runs "$runs" --warmup 1 --export-json "$inputs/times.json" \
  -n "reorder diff" "$reorder diff $inputs/flat-100k-old.json $inputs/flat-100k-new.json" \
  -n "stdlib-diff" "$stdlib $inputs/flat-100k-old.json $inputs/flat-100k-new.json"
python3 - "$inputs/times.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
print("| command | median (ms) | user (ms, mean) | runs |")
print("|---|---:|---:|---:|")
for r in results:
    print(f"| `{r['command']}` | {r['median'] * 1000:.0f} | {r['user'] * 1000:.0f} | {len(r['times'])} |")
print(f"\nreorder diff is {results[1]['median'] / results[0]['median']:.0f}× faster (medians)")
PY
