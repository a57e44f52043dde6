#!/usr/bin/env bash
# Fuzzes the engine and the headless tool with libFuzzer (swiftc -sanitize=fuzzer,address).
#
#   Scripts/fuzz.sh [SECONDS] [TARGET...]   # each target for SECONDS (default FUZZ_SECONDS or 600)
#   Scripts/fuzz.sh --build                 # builds the targets only
#
# Targets (Fuzz/Targets/<name>.swift): run, diff, json, changes, orderkey. The sources of ReorderKit
# and ReorderTool are compiled with swiftc into .build-fuzz/ (instrumented for coverage and
# AddressSanitizer, optimized, assertions and DEBUG invariant checks on); each target links them.
# Each target starts from its committed seeds in Fuzz/corpus/<name>/ and grows a working corpus in
# .build-fuzz/corpus/<name>/ (git-ignored). A crash, leak, timeout or trap fails the script; the
# input that caused it is left in .build-fuzz/crashes/<name>/ (keep it as a regression test, see
# docs/RELIABILITY.md).
set -euo pipefail
cd "$(dirname "$0")/.."

build_only=0
if [[ "${1:-}" == "--build" ]]; then
  build_only=1
  shift
fi
seconds=${1:-${FUZZ_SECONDS:-600}}
[[ $# -gt 0 ]] && shift
targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=(run diff json changes orderkey)

out=.build-fuzz
mkdir -p "$out/obj"
flags=(-sanitize=fuzzer,address -O -assert-config Debug -D DEBUG -g -parse-as-library -package-name ReorderKit
  -swift-version 6)

# A module is rebuilt when any of its sources (or the module it imports) is newer than its object.
stale() { # stamp sources...
  local stamp=$1
  shift
  [[ ! -f "$stamp" ]] && return 0
  [[ -n "$(find "$@" -newer "$stamp" -print -quit)" ]]
}

build_module() { # name sources-dir deps-stamp
  local name=$1 dir=$2 dep=${3:-}
  local obj="$out/obj/$name.o"
  if stale "$obj" "$dir" ${dep:+"$dep"}; then
    echo "fuzz: compiling $name" >&2
    local sources
    mapfile -t sources < <(find "$dir" -name '*.swift' | sort)
    swiftc "${flags[@]}" -module-name "$name" -whole-module-optimization -emit-module \
      -emit-module-path "$out/obj/$name.swiftmodule" -I "$out/obj" -c "${sources[@]}" -o "$obj" \
      >"$out/build-$name.log" 2>&1 || {
      cat "$out/build-$name.log" >&2
      exit 1
    }
    touch "$obj" # swiftc leaves an unchanged object as it was; the stamp must be newer than the sources
  fi
}

build_module ReorderKit Sources/ReorderKit
build_module ReorderTool Sources/ReorderTool "$out/obj/ReorderKit.o"

# The harnesses live with the tests that replay the inputs they once failed on.
harness() {
  case $1 in
  changes) echo Tests/ReorderKitTests/Fuzzing/FuzzBytes.swift Tests/ReorderKitTests/Fuzzing/ChangeFuzzMachine.swift ;;
  orderkey) echo Tests/ReorderKitTests/Fuzzing/FuzzBytes.swift Tests/ReorderKitTests/Fuzzing/OrderKeyFuzz.swift Sources/ReorderTestSupport/SplitMix.swift ;;
  run | diff | json) echo Tests/ReorderToolTests/Fuzzing/ToolFuzz.swift ;;
  *) return 1 ;;
  esac
}

for t in "${targets[@]}"; do
  src=Fuzz/Targets/$t.swift
  read -r -a files <<<"$(harness "$t")" || true
  [[ -f "$src" && ${#files[@]} -gt 0 ]] || {
    echo "fuzz: no target $t (run, diff, json, changes, orderkey)" >&2
    exit 2
  }
  exe="$out/fuzz-$t"
  if stale "$exe" "$src" "${files[@]}" "$out/obj/ReorderTool.o"; then
    echo "fuzz: linking $t" >&2
    # (The log keeps the linker's warnings about AddressSanitizer's local symbols out of sight.)
    swiftc "${flags[@]}" -module-name "Fuzz_$t" -I "$out/obj" "$src" "${files[@]}" \
      "$out/obj/ReorderKit.o" "$out/obj/ReorderTool.o" -lm -o "$exe" >"$out/build-$t.log" 2>&1 || {
      grep -v "Cannot export local symbol" "$out/build-$t.log" >&2
      exit 1
    }
    touch "$exe"
  fi
done
[[ $build_only -eq 1 ]] && exit 0

# A trap is reported by libFuzzer with its input; Swift's own backtracer would only slow that down.
export SWIFT_BACKTRACE=enable=no
status=0
for t in "${targets[@]}"; do
  corpus="$out/corpus/$t"
  crashes="$out/crashes/$t"
  mkdir -p "$corpus" "$crashes"
  log="$out/fuzz-$t.log"
  echo "fuzz: $t for ${seconds}s" >&2
  # -rss_limit_mb: ASan's shadow memory counts; a leak is reported (detect_leaks) and fails.
  seeds=("Fuzz/corpus/$t")
  [[ -d "Fuzz/regressions/$t" ]] && seeds+=("Fuzz/regressions/$t")
  if "$out/fuzz-$t" "$corpus" "${seeds[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="$crashes/" >"$log" 2>&1; then
    runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo '?')
    cov=$(grep -Eo 'cov: [0-9]+' "$log" | tail -1 || true)
    echo "fuzz: $t: $runs executions in ${seconds}s, $cov, no crash" >&2
  else
    echo "fuzz: $t FAILED; the input is in $crashes/, the log in $log:" >&2
    grep -E "ERROR|Fatal error|SUMMARY|Test unit written|crash-|leak-|timeout-" "$log" | head -20 >&2
    status=1
  fi
done
exit $status
