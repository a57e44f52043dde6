#!/usr/bin/env bash
# End-to-end tests of the desktop app: Xvfb, the app with --report, driven by
# xdotool like a person, checked through its report, its state file and
# screenshots. Prints "N passed, N failed"; exits non-zero on any failure.
#
#   Scripts/e2e.sh                 # every test
#   Scripts/e2e.sh escape restart  # the tests whose names contain these words
#   REORDER_DEMO=path Scripts/e2e.sh   # test an already built binary
set -uo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=../Tests/E2E/share.sh
source Tests/E2E/share.sh
# The share tests need a PostgreSQL server: without one given (REORDERKIT_PG_URL), the run goes on
# under Scripts/with-postgres.sh, which starts one for it and stops it at the end.
if [ -z "${REORDERKIT_PG_URL:-}" ]; then
  wants_share=$([ $# = 0 ] && echo 1 || echo 0)
  for t in "${share_tests[@]}"; do
    for word in "$@"; do [[ $t == *"$word"* ]] && wants_share=1; done
  done
  [ "$wants_share" = 1 ] && exec Scripts/with-postgres.sh "$0" "$@"
fi

for tool in Xvfb xdotool convert import jq sqlite3 psql; do
  command -v "$tool" >/dev/null || { echo "e2e: $tool is missing (run Scripts/setup.sh)" >&2; exit 1; }
done

BIN=${REORDER_DEMO:-}
if [ -z "$BIN" ]; then
  # The app with sharing (the share tests need it), built as `make test` builds it.
  # shellcheck disable=SC2086
  swift build ${REORDERKIT_TRAITS:---traits Sharing} --product reorder-demo >/dev/null || { echo "e2e: build failed" >&2; exit 1; }
  BIN="$(swift build --show-bin-path)/reorder-demo"
fi
SERVER_BIN=${REORDER_SERVER_BIN:-}
if [ -z "$SERVER_BIN" ]; then
  # The board server the share tests share through, built with the same traits.
  # shellcheck disable=SC2086
  swift build ${REORDERKIT_TRAITS:---traits Sharing} --product reorder-server >/dev/null || { echo "e2e: build failed" >&2; exit 1; }
  SERVER_BIN="$(swift build --show-bin-path)/reorder-server"
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/reorder-e2e.XXXXXX")
export HOME="$TMP/home" XDG_STATE_HOME="$TMP/state-home"
mkdir -p "$HOME"
unset SDL_VIDEODRIVER

# shellcheck source=../Tests/E2E/lib.sh
source Tests/E2E/lib.sh
# shellcheck source=../Tests/E2E/tests.sh
source Tests/E2E/tests.sh
# shellcheck source=../Tests/E2E/keyboard.sh
source Tests/E2E/keyboard.sh
# shellcheck source=../Tests/E2E/persistence.sh
source Tests/E2E/persistence.sh
# shellcheck source=../Tests/E2E/faults.sh
source Tests/E2E/faults.sh
# shellcheck source=../Tests/E2E/board.sh
source Tests/E2E/board.sh

cleanup() {
  [ -n "$APP_PID" ] && kill -KILL "$APP_PID" 2>/dev/null
  [ -n "${SHARE_SERVER_PID:-}" ] && kill -KILL "$SHARE_SERVER_PID" 2>/dev/null
  stop_xvfb
  if [ "${KEEP_E2E:-0}" = 1 ]; then echo "e2e: kept $TMP"; else rm -rf "$TMP"; fi
}
trap cleanup EXIT

start_xvfb || exit 1

tests=(
  test_colors_long_press_drag
  test_lifted_cell_pixels
  test_escape_cancels_drag
  test_restart_restores_arrangement
  test_corrupt_state_starts_clean
  test_students_resort
  test_lessons_drop_into_folder
  test_lessons_drop_onto_folder_row
  test_lessons_spring_loaded_folder
  test_lessons_forbidden_drop
  test_resize_reflows
  test_wheel_scroll_then_drag
  test_auto_scroll_near_edge
  test_ten_thousand_items_frame_time
  test_keyboard_reorders_colors
  test_keyboard_escape_cancels
  "${persistence_tests[@]}"
  "${fault_tests[@]}"
  "${board_tests[@]}"
  "${share_tests[@]}"
)

passed=0
failed=0
failures=()
for t in "${tests[@]}"; do
  if [ $# -gt 0 ]; then
    wanted=0
    for word in "$@"; do [[ $t == *"$word"* ]] && wanted=1; done
    [ $wanted = 1 ] || continue
  fi
  echo "e2e: ${t#test_}"
  if "$t"; then
    passed=$((passed + 1))
    echo "  ok"
  else
    failed=$((failed + 1))
    failures+=("${t#test_}")
    echo "  FAILED"
    [ -n "$APP_PID" ] && kill -KILL "$APP_PID" 2>/dev/null
    APP_PID=""
  fi
done
[ $failed -gt 0 ] && echo "e2e: failed: ${failures[*]}"
echo "$passed passed, $failed failed"
[ $failed = 0 ]
