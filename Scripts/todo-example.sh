#!/usr/bin/env bash
# The example app Examples/TodoSDL (a separate package that depends on this repository by path):
# builds it, then under Xvfb drags a chore to another place like a person (xdotool), quits it with
# SIGTERM, checks the order it wrote, starts it again and drags once more: the second order only
# comes out right if the first one was restored.
#
#   Scripts/todo-example.sh                 # build and test
#   TODO_DOCS=1 Scripts/todo-example.sh     # also refresh docs/todo.png (a screenshot mid-drag)
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD

for tool in Xvfb xdotool import; do
  command -v "$tool" >/dev/null || { echo "todo-example: $tool is missing (run Scripts/setup.sh)" >&2; exit 1; }
done
# SwiftPM may keep a stale build plan of a path dependency whose files were deleted ("missing
# inputs"): on a failure, build once more from clean.
if ! swift build --package-path Examples/TodoSDL >/dev/null 2>&1; then
  swift package --package-path Examples/TodoSDL clean
  swift build --package-path Examples/TodoSDL >/dev/null || { echo "todo-example: build failed" >&2; exit 1; }
fi
BIN="$(swift build --package-path Examples/TodoSDL --show-bin-path)/TodoSDL"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/reorder-todo.XXXXXX")
unset SDL_VIDEODRIVER
# shellcheck source=../Tests/E2E/lib.sh
source Tests/E2E/lib.sh
cleanup() {
  [ -n "$APP_PID" ] && kill -KILL "$APP_PID" 2>/dev/null
  stop_xvfb
  rm -rf "$TMP"
}
trap cleanup EXIT
start_xvfb || exit 1

FILE="$TMP/todo.txt"
# start_todo: launches the app on $FILE and waits for its window.
start_todo() {
  "$BIN" "$FILE" >"$TMP/out.txt" 2>"$TMP/err.txt" &
  APP_PID=$!
  wait_for_window '^To do$' 10 || { echo "todo-example: no window; stderr:" >&2; cat "$TMP/err.txt" >&2; return 1; }
  sleep 0.5
}

# The rows: a 64-point title, then 56 points a row.
row_y() { echo $((64 + 56 * $1 + 28)); }

# drag FROM TO: press and hold on row FROM, glide to row TO, release.
drag() {
  press 180 "$(row_y "$1")"
  sleep 0.8
  glide 180 "$(row_y "$1")" 180 "$(row_y "$2")" 14
  sleep 0.4
  release
  sleep 0.6
}

failed=0
check() {
  local want=$1 got
  got=$(head -n3 "$FILE" 2>/dev/null | paste -sd '|')
  if [ "$got" = "$want" ]; then echo "todo-example: ok: $got"; else
    echo "todo-example: FAIL: the first three lines of the order file are '$got', expected '$want'" >&2
    failed=1
  fi
}

start_todo || exit 1
drag 0 2
stop_app
[ "$APP_STATUS" = 0 ] || { echo "todo-example: FAIL: exit status $APP_STATUS after SIGTERM" >&2; failed=1; }
check "Buy coffee beans|Call the dentist|Water the plants"

start_todo || exit 1
drag 0 1
stop_app
check "Call the dentist|Buy coffee beans|Water the plants"

if [ "${TODO_DOCS:-0}" = 1 ]; then
  rm -f "$FILE"
  start_todo || exit 1
  press 180 "$(row_y 1)"
  sleep 0.8
  glide 180 "$(row_y 1)" 186 "$(($(row_y 3) + 14))" 14
  sleep 0.6
  screenshot "$root/docs/todo.png"
  release
  sleep 0.3
  stop_app
  echo "todo-example: wrote docs/todo.png"
fi
exit $failed
