#!/usr/bin/env bash
# The test suites under the sanitizers; fails on any report.
#
#   Scripts/sanitizers.sh [address|thread]...   # both by default
#
# address: the engine's and the tool's suites (ReorderKitTests, ReorderToolTests) under
#   AddressSanitizer, built in .build-asan/.
# thread: the app's saved state (ReorderDemoTests: the SQLite store and its background writer)
#   under ThreadSanitizer, built in .build-tsan/.
# Each builds only the suites it runs and what they need (REORDERKIT_ONLY=engine or app in
# Package.swift: no SwiftNIO, no PostgreSQL, and no GRDB or SDL for the engine), and reads the
# pinned versions without rewriting Package.resolved, so it can run beside another build.
# See docs/RELIABILITY.md for what each costs.
set -euo pipefail
cd "$(dirname "$0")/.."

kinds=("$@")
[[ ${#kinds[@]} -eq 0 ]] && kinds=(address thread)

# The versions every build uses; pinned here first when this runs before any other build.
[[ -f Package.resolved ]] || swift package resolve >/dev/null

status=0
for kind in "${kinds[@]}"; do
  case $kind in
  address)
    scratch=.build-asan
    filter='ReorderKitTests|ReorderToolTests'
    only=engine
    ;;
  thread)
    scratch=.build-tsan
    filter='ReorderDemoTests'
    only=app
    ;;
  *)
    echo "sanitizers: unknown sanitizer $kind (address or thread)" >&2
    exit 2
    ;;
  esac
  log=$scratch/sanitizers.log
  mkdir -p "$scratch"
  start=$(date +%s)
  # A report stops the process (halt_on_error) and fails the run; the log is grepped as well, in
  # case a report ever ends a child process only.
  if REORDERKIT_ONLY=$only ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 LSAN_OPTIONS=suppressions=$PWD/Scripts/lsan-suppressions.txt \
    TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
    swift test --sanitize="$kind" --scratch-path "$scratch" --force-resolved-versions --filter "$filter" >"$log" 2>&1 &&
    ! grep -qE "ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer" "$log"; then
    echo "sanitizers: $kind: $filter passed in $(($(date +%s) - start)) s" >&2
  else
    echo "sanitizers: $kind: FAILED in $(($(date +%s) - start)) s; the log is $log:" >&2
    grep -E -A12 "ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer|✘|error:" "$log" | head -60 >&2
    status=1
  fi
done
exit $status
