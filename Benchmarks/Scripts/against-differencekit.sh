#!/usr/bin/env bash
# Issue 33: ReorderKit's sectioned diff side by side with DifferenceKit 1.3.0 in one process
# (package-benchmark's DifferenceKitBenchmarks: issue 13's UUID workloads with no content and with
# 10 % of the items and sections changing content). DifferenceKit is cloned into a scratch folder
# that is removed afterwards; neither its code nor anything derived from it is committed.
#
#   Benchmarks/Scripts/against-differencekit.sh [package-benchmark options, e.g. --filter "Content uuid 10 × 20.*"]
#   DIFFERENCEKIT_PATH=/scratch/DifferenceKit Benchmarks/Scripts/against-differencekit.sh   (a copy at hand, 1.3.0)
#
# Wall clock: on a shared machine read the ratios of one run, not the absolute times.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${DIFFERENCEKIT_PATH:-}" ]; then
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  git clone -q --depth 1 --branch 1.3.0 https://github.com/ra1028/DifferenceKit "$scratch/DifferenceKit"
  export DIFFERENCEKIT_PATH="$scratch/DifferenceKit"
fi
swift package benchmark --target DifferenceKitBenchmarks --no-progress "$@"
