#!/usr/bin/env bash
# "From another package" in BENCHMARKS.md: what a package that depends on ReorderKit sees, against
# the same code built as if the caller were inside the engine's module.
#
# outside: `outside-in-report` as this package builds it. It depends on ReorderKit by path, and a
#          path dependency is compiled exactly as a `.package(url:from:)` one: the engine's own
#          settings only (no unsafe flags), nothing specialised for the caller in advance.
# inside:  the same product built with `-Xswiftc -cross-module-optimization` on every module
#          (what the engine's target used to set for itself), into .build-inside.
#
# Runs the two in turns (ROUNDS times each, quick samples), takes the median of each figure over the
# rounds, prints a Markdown table and the issue's goals; exits 1 when a goal is missed.
#
#   Scripts/outside-in.sh      # from Benchmarks/; ROUNDS=5 by default
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-5}
swift build -c release --product outside-in-report >/dev/null
swift build -c release --product outside-in-report --scratch-path .build-inside \
  -Xswiftc -cross-module-optimization >/dev/null
outside=.build/release/outside-in-report
inside=.build-inside/release/outside-in-report
runs=$(mktemp)
trap 'rm -f "$runs"' EXIT
for _ in $(seq 1 "$rounds"); do
  "$outside" --quick | jq -c '{build: "outside"} + .' >>"$runs"
  "$inside" --quick | jq -c '{build: "inside"} + .' >>"$runs"
done

# median BUILD KEY INDEX: the median over the rounds of figure KEY[INDEX] (0 median, 1 p90), in seconds.
median() {
  jq -s --arg b "$1" --arg k "$2" --argjson i "$3" \
    '[.[] | select(.build == $b) | .[$k][$i]] | sort | .[(length / 2 | floor)]' "$runs"
}
fmt() { awk -v s="$1" 'BEGIN { if (s >= 1e-3) printf "%.2f ms", s * 1e3; else printf "%.1f µs", s * 1e6 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "| workload | outside: median / p90 | inside: median / p90 | outside ÷ inside |"
echo "|---|---|---|---|"
for row in "drag1000:Drag step, 1,000 items" "drag1000000:Drag step, 1,000,000 items" \
  "diff100000:Sectioned diff, flat 100,000 items"; do
  key=${row%%:*} name=${row#*:}
  om=$(median outside "$key" 0) op=$(median outside "$key" 1)
  im=$(median inside "$key" 0) ip=$(median inside "$key" 1)
  echo "| $name | $(fmt "$om") / $(fmt "$op") | $(fmt "$im") / $(fmt "$ip") | $(ratio "$om" "$im")× |"
done
echo
echo "Medians over $rounds interleaved runs of each build (each run: the median and p90 of 7 batches of"
echo "2,000 drag steps, or of 5 diffs)."
echo

missed=0
goal() {
  if [ "$2" = 1 ]; then echo "- PASS: $1"; else echo "- MISS: $1"; missed=$((missed + 1)); fi
}
drag1M=$(median outside drag1000000 0)
drag1k=$(median outside drag1000 0)
diffOut=$(median outside diff100000 0)
diffIn=$(median inside diff100000 0)
echo "Goals (issue 9), from outside:"
echo
goal "drag step on 1,000,000 items under 20 µs ($(fmt "$drag1M"))" "$(awk -v a="$drag1M" 'BEGIN { print (a < 20e-6) }')"
goal "drag step on 1,000,000 items within 1.5× the 1,000-item figure ($(ratio "$drag1M" "$drag1k")×)" \
  "$(awk -v a="$drag1M" -v b="$drag1k" 'BEGIN { print (a <= 1.5 * b) }')"
goal "flat 100,000-item diff within 10 % of the inside figure ($(ratio "$diffOut" "$diffIn")×)" \
  "$(awk -v a="$diffOut" -v b="$diffIn" 'BEGIN { print (a <= 1.1 * b) }')"
[ "$missed" = 0 ]
