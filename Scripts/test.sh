#!/usr/bin/env bash
# Every test, stage by stage (`make test` runs this). Each stage's output goes to its log in
# test-out/; every stage runs even when an earlier one failed, and the end is a one-screen summary:
# each stage, its time, its result and, for a failed stage, the log to read. Exits non-zero when any
# stage failed.
#
#   Scripts/test.sh                 # every stage, in two lanes side by side (below)
#   Scripts/test.sh unit e2e        # only these stages, one after another, output on the terminal too
#   TEST_LANES=1 Scripts/test.sh    # every stage one after another, output on the terminal too
#
# The two lanes: the stages that build in .build/ (and so wait for each other's builds) run one after
# another in the first, with the web page's (.build-wasm/web and headless Chromium: short, and the
# second lane is the longer); the stages with scratch folders of their own (.build-availability,
# .build-wasm, the outside package, Examples/TodoSDL, .build-fuzz, .build-asan, .build-tsan) run one
# after another in the second, beside the first. A 2-core machine is busy about half the time in
# one lane (linking, one-file compiles, the end-to-end tests' waits); two lanes fill it. Meanwhile
# the terminal shows each stage's start and end, a line a minute with what is running, and the end
# of the log of a stage that failed.
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

# No file of the engine over 400 lines (DESIGN, "One drag, one machine"): a file that grows past
# it holds more than one concern and is split by concern.
short_files() {
  local long
  long=$(find Sources/ReorderKit -name '*.swift' -exec wc -l {} + | awk '$2 != "total" && $1 > 400 { print "  " $2 ": " $1 " lines" }')
  [[ -z $long ]] && return 0
  echo "lint: files of Sources/ReorderKit over 400 lines (split them by concern):" >&2
  echo "$long" >&2
  return 1
}

stages=(unit lint docs availability wasm outside-in todo e2e web netfaults monkey fuzz sanitizers)
run_stage() {
  case $1 in
  # The test that stops PostgreSQL runs apart: the board server's suites share that server.
  unit) Scripts/with-postgres.sh swift test "${traits[@]}" &&
    REORDERKIT_PG_OUTAGES=1 Scripts/with-postgres.sh swift test "${traits[@]}" --filter theServerStoppedAndStartedMidSequenceLosesNothing ;;
  lint) swift format lint --strict --recursive Sources Tests Package.swift Examples/TodoSDL && short_files ;;
  docs) Scripts/docs.sh ;;
  availability) Scripts/availability.sh && Scripts/adapter-stubs.sh ;;
  wasm) Scripts/wasm-check.sh ;;
  outside-in) Scripts/outside-in.sh ;;
  todo) Scripts/todo-example.sh ;;
  e2e) Scripts/e2e.sh ;;
  # The page's own tests, then its Board shared through reorder-server (built above by unit).
  web) Scripts/web-test.sh && Scripts/web-share-test.sh ;;
  # reorder-server (built above by unit) through network namespaces: delay, loss, a partition, a
  # PostgreSQL restart; every acked move once, every client equal to the server. Needs root.
  netfaults) Scripts/net-faults.sh ;;
  monkey) Scripts/monkey.sh 60 ;;
  fuzz) FUZZ_SECONDS=20 Scripts/fuzz.sh ;;
  sanitizers) Scripts/sanitizers.sh ;;
  *) return 2 ;;
  esac
}

lane_a=(unit lint docs e2e web netfaults monkey)
lane_b=(availability wasm outside-in todo fuzz sanitizers)
# Every stage is in exactly one lane (a stage left out would never run and read as interrupted).
[[ "$(printf '%s\n' "${lane_a[@]}" "${lane_b[@]}" | sort | paste -sd ' ')" == "$(printf '%s\n' "${stages[@]}" | sort | paste -sd ' ')" ]] || {
  echo "test: the lanes (${lane_a[*]} | ${lane_b[*]}) do not hold each stage once (${stages[*]})" >&2
  exit 2
}

wanted=("$@")
lanes=${TEST_LANES:-2}
if [ ${#wanted[@]} -gt 0 ]; then
  for w in "${wanted[@]}"; do
    [[ " ${stages[*]} " == *" $w "* ]] || { echo "test: no stage named $w (stages: ${stages[*]})" >&2; exit 2; }
  done
  stages=("${wanted[@]}")
  lanes=1
fi
[[ "$lanes" == 1 || "$lanes" == 2 ]] || { echo "test: TEST_LANES is 1 or 2, not $lanes" >&2; exit 2; }

logs=test-out
mkdir -p "$logs"
rm -f "$logs"/*.log "$logs"/*.result "$logs"/*.started
mmss() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }

# run_logged STAGE: runs it into its log (and the terminal, with one lane), then writes
# test-out/STAGE.result: its exit status and seconds.
run_logged() {
  local stage=$1 log="$logs/$1.log" start status seconds
  start=$(date +%s)
  echo "$start" >"$logs/$stage.started"
  echo "==> test: $stage (log: $log)"
  if [ "$lanes" = 1 ]; then
    run_stage "$stage" 2>&1 | tee "$log"
    status=${PIPESTATUS[0]}
  else
    run_stage "$stage" >"$log" 2>&1 </dev/null
    status=$?
  fi
  seconds=$(($(date +%s) - start))
  echo "$status $seconds" >"$logs/$stage.result"
  if [ "$status" = 0 ]; then
    echo "<== test: $stage ok in $(mmss "$seconds")"
  else
    echo "<== test: $stage FAILED (exit $status) in $(mmss "$seconds"); the end of $log:"
    [ "$lanes" = 1 ] || tail -n 15 "$log" | sed 's/^/    /'
  fi
}

begin=$(date +%s)
if [ "$lanes" = 1 ]; then
  for stage in "${stages[@]}"; do run_logged "$stage"; done
else
  trap 'trap - INT TERM; echo "test: interrupted" >&2; kill 0' INT TERM
  (for stage in "${lane_a[@]}"; do run_logged "$stage"; done) &
  lane_a_pid=$!
  (for stage in "${lane_b[@]}"; do run_logged "$stage"; done) &
  lane_b_pid=$!
  # A line a minute: what is running, and for how long.
  while kill -0 "$lane_a_pid" 2>/dev/null || kill -0 "$lane_b_pid" 2>/dev/null; do
    for _ in $(seq 1 60); do
      sleep 1
      kill -0 "$lane_a_pid" 2>/dev/null || kill -0 "$lane_b_pid" 2>/dev/null || break 2
    done
    now=$(date +%s)
    running=()
    for stage in "${stages[@]}"; do
      if [ -f "$logs/$stage.started" ] && [ ! -f "$logs/$stage.result" ]; then
        running+=("$stage $(mmss $((now - $(cat "$logs/$stage.started"))))")
      fi
    done
    [ ${#running[@]} -gt 0 ] && echo "... test: $(mmss $((now - begin))) in; running: $(IFS=,; echo "${running[*]}" | sed 's/,/, /g')"
  done
  wait
  trap - INT TERM
fi
total=$(($(date +%s) - begin))

passed=0
failed=0
echo
echo "test: summary ($(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $lanes lane(s), load average $(cut -d' ' -f1-3 /proc/loadavg))"
printf '  %-13s %7s  %s\n' stage "m:ss" result
for stage in "${stages[@]}"; do
  if [ -f "$logs/$stage.result" ]; then
    read -r status seconds <"$logs/$stage.result"
  else
    status=none seconds=0
  fi
  if [ "$status" = 0 ]; then
    passed=$((passed + 1))
    printf '  %-13s %7s  ok\n' "$stage" "$(mmss "$seconds")"
  elif [ "$status" = none ]; then
    failed=$((failed + 1))
    printf '  %-13s %7s  NOT RUN (interrupted)\n' "$stage" -
  else
    failed=$((failed + 1))
    printf '  %-13s %7s  FAILED (exit %d): read %s\n' "$stage" "$(mmss "$seconds")" "$status" "$logs/$stage.log"
  fi
done
printf '  %-13s %7s\n' total "$(mmss "$total")"
echo "stages: $passed passed, $failed failed"
# The end of each failed stage's log again, last, where a reader of only the tail (CI) sees it.
if [ "$lanes" != 1 ]; then
  for stage in "${stages[@]}"; do
    [ -f "$logs/$stage.result" ] || continue
    read -r status _ <"$logs/$stage.result"
    [ "$status" = 0 ] && continue
    echo
    echo "test: the end of $logs/$stage.log:"
    grep -v '^\s*$' "$logs/$stage.log" | tail -n 20 | sed 's/^/    /'
  done
fi
rm -f "$logs"/*.started
[ "$failed" = 0 ]
