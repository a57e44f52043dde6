#!/usr/bin/env bash
# The benchmark suite: package-benchmark's runs of every benchmark target, then the reports that
# BENCHMARKS.md quotes (medians, p90s, growth with n, bytes per item, ratios against the standard
# library, goals with pass or miss), the engine as another package sees it against a
# cross-module-optimized build (Benchmarks/Scripts/outside-in.sh), the shared board under load against a
# local PostgreSQL (Benchmarks/Scripts/shared-board-load.sh), then whole-process timings of `reorder diff`.
# The first build of package-benchmark takes several minutes.
#
#   make bench                 # everything
#   BENCH_QUICK=1 make bench   # the reports only, fewer samples
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
command -v hyperfine >/dev/null || { echo "bench: installing hyperfine"; apt-get install -y -qq hyperfine >/dev/null || true; }
status=0
if [ "${BENCH_QUICK:-0}" != 1 ]; then
  swift package --allow-writing-to-package-directory benchmark --no-progress || status=1
  # The checked-in thresholds (Benchmarks/Thresholds). `swift package` turns the tool's exit codes
  # (0 equal, 4 only improvements, 2 a regression) into 1, so read its verdict instead.
  echo; echo "## Thresholds"; echo
  verdict=$(swift package benchmark thresholds check --target EngineBenchmarks --no-progress 2>&1 | tee /dev/stderr || true)
  if grep -q "WORSE than the defined thresholds" <<<"$verdict" || ! grep -qE "BETTER than|equal to|EQUAL to" <<<"$verdict"; then
    echo "bench: a threshold regressed, or the check did not run" >&2
    status=1
  fi
fi
swift build -c release --product engine-report >/dev/null
swift build -c release --product diff-report >/dev/null
quick=(); [ "${BENCH_QUICK:-0}" = 1 ] && quick=(--quick)
echo; echo "## Engine"; echo
.build/release/engine-report "${quick[@]}" || status=1
echo; echo "## From another package"; echo
Scripts/outside-in.sh || status=1
echo; echo "## Sectioned diff"; echo
.build/release/diff-report || status=1
if [ -z "${REORDERKIT_WITHOUT_POSTGRES:-}" ]; then
  echo; echo "## A shared board under load (PostgreSQL)"; echo
  Scripts/shared-board-load.sh || status=1
fi
if command -v hyperfine >/dev/null; then
  echo; echo "## reorder diff as a whole process"; echo
  Scripts/compare-whole-process.sh || status=1
fi
exit $status
