#!/usr/bin/env bash
# Every test, stage by stage (`make test` runs this). Each stage's output goes to the terminal and to
# its log in test-out/; every stage runs even when an earlier one failed, and the end is a one-screen
# summary: each stage, its time, its result and, for a failed stage, the log to read. Exits non-zero
# when any stage failed.
#
#   Scripts/test.sh                 # every stage
#   Scripts/test.sh unit e2e        # only these stages (names as in the summary)
#
# The stages assert what happens, never how fast this machine is: a bound on time is only a guard
# against a hang, five times its goal or more. The speed goals are measured in release by
# Scripts/million.sh, Scripts/board-frames.sh and the benchmarks (BENCHMARKS.md).
set -uo pipefail
cd "$(dirname "$0")/.."

# The traits `make test` builds with: `Sharing` gives the app its `--share` (the e2e share tests).
# Every stage that builds the app or the tests uses the same ones, so nothing is built twice.
export REORDERKIT_TRAITS=${REORDERKIT_TRAITS:---traits Sharing}
# shellcheck disable=SC2206
traits=($REORDERKIT_TRAITS)

stages=(unit lint docs availability wasm outside-in todo e2e monkey fuzz sanitizers)
run_stage() {
  case $1 in
  unit) Scripts/with-postgres.sh swift test "${traits[@]}" ;;
  lint) swift format lint --strict --recursive Sources Tests Package.swift Examples/TodoSDL ;;
  docs) Scripts/docs.sh ;;
  availability) Scripts/availability.sh && Scripts/adapter-stubs.sh ;;
  wasm) Scripts/wasm-check.sh ;;
  outside-in) Scripts/outside-in.sh ;;
  todo) Scripts/todo-example.sh ;;
  e2e) Scripts/e2e.sh ;;
  monkey) Scripts/monkey.sh 60 ;;
  fuzz) FUZZ_SECONDS=20 Scripts/fuzz.sh ;;
  sanitizers) Scripts/sanitizers.sh ;;
  *) return 2 ;;
  esac
}

wanted=("$@")
if [ ${#wanted[@]} -gt 0 ]; then
  for w in "${wanted[@]}"; do
    [[ " ${stages[*]} " == *" $w "* ]] || { echo "test: no stage named $w (stages: ${stages[*]})" >&2; exit 2; }
  done
  stages=("${wanted[@]}")
fi

logs=test-out
mkdir -p "$logs"
rm -f "$logs"/*.log
results=()
passed=0
failed=0
begin=$(date +%s)
for stage in "${stages[@]}"; do
  log="$logs/$stage.log"
  echo "==> test: $stage (log: $log)"
  start=$(date +%s)
  run_stage "$stage" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  seconds=$(($(date +%s) - start))
  if [ "$status" = 0 ]; then
    passed=$((passed + 1))
    results+=("$(printf '  %-13s %4d:%02d  ok' "$stage" $((seconds / 60)) $((seconds % 60)))")
  else
    failed=$((failed + 1))
    results+=("$(printf '  %-13s %4d:%02d  FAILED (exit %d): read %s' "$stage" $((seconds / 60)) $((seconds % 60)) "$status" "$log")")
  fi
done
total=$(($(date +%s) - begin))

echo
echo "test: summary ($(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg))"
printf '  %-13s %7s  %s\n' stage "m:ss" result
for line in "${results[@]}"; do echo "$line"; done
printf '  %-13s %4d:%02d\n' total $((total / 60)) $((total % 60))
echo "stages: $passed passed, $failed failed"
[ "$failed" = 0 ]
