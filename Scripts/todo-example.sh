#!/usr/bin/env bash
# The example app Examples/TodoSDL (a separate package that depends on this repository by path):
# builds it, then under Xvfb drags a chore to another place like a person (xdotool), quits it with
# SIGTERM, checks the list it wrote, starts it again and drags once more: the second order only
# comes out right if the first one was restored. Then, started a third time, types a new chore and
# presses Enter, ticks one chore off with a click and the new one with the keyboard (Tab, the
# arrows, Space), and checks the file and the window (the ticked boxes are filled, the others not).
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

# shellcheck source=../Tests/E2E/lib.sh
source Tests/E2E/lib.sh
start_scratch_display todo || exit 1

FILE="$TMP/todo.txt"
# start_todo: launches the app on $FILE and waits for its window.
start_todo() {
  "$BIN" "$FILE" >"$TMP/out.txt" 2>"$TMP/err.txt" &
  APP_PID=$!
  wait_for_window '^To do$' 20 || { echo "todo-example: no window; stderr:" >&2; cat "$TMP/err.txt" >&2; return 1; }
  sleep 0.5
}

# The rows: a 64-point title, then 56 points a row. The tick box is a 22-point circle centred 37
# points from the left; a point in its upper left is blue when ticked (clear of the white check
# mark), white when not.
row_y() { echo $((64 + 56 * $1 + 28)); }
field_y() { echo $((680 - 68 + 12 + 22)); }

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
# check WANT [LINES]: the first LINES (3) lines of the file, joined by '|', are WANT.
check() {
  local want=$1 got
  got=$(head -n"${2:-3}" "$FILE" 2>/dev/null | paste -sd '|')
  if [ "$got" = "$want" ]; then echo "todo-example: ok: $got"; else
    echo "todo-example: FAIL: the first lines of the list file are '$got', expected '$want'" >&2
    failed=1
  fi
}

# settle WANT [LINES]: waits until the first LINES (3) lines of the list file, joined by '|', are
# WANT (the app saves after every change: on a busy machine it may get there a while after the
# gesture), at most 10 seconds; `check` then reads the file the app leaves at its exit.
settle() {
  local want=$1
  for _ in $(seq 1 $((200 * GUARD_SCALE))); do
    [ "$(head -n"${2:-3}" "$FILE" 2>/dev/null | paste -sd '|')" = "$want" ] && return 0
    sleep 0.05
  done
  return 1
}

# ticked SHOT ROW: whether the tick box of ROW is filled (blue) in the screenshot.
ticked() {
  local rgb
  rgb=$(pixel "$1" 31 $(($(row_y "$2") - 5)))
  close_colors "$rgb" "0 122 255" 40
}

start_todo || exit 1
drag 0 2
settle "- [ ] Buy coffee beans|- [ ] Call the dentist|- [ ] Water the plants"
stop_app
[ "$APP_STATUS" = 0 ] || { echo "todo-example: FAIL: exit status $APP_STATUS after SIGTERM" >&2; failed=1; }
check "- [ ] Buy coffee beans|- [ ] Call the dentist|- [ ] Water the plants"

start_todo || exit 1
drag 0 1
settle "- [ ] Call the dentist|- [ ] Buy coffee beans|- [ ] Water the plants"
stop_app
check "- [ ] Call the dentist|- [ ] Buy coffee beans|- [ ] Water the plants"

# Add a chore (the field has the keyboard at start), tick the first row off with a click, then the
# new chore with the keyboard: Esc leaves the field, Tab focuses the first chore, Down eight times
# reaches the ninth, Space ticks it. The list is first turned into the previous version's file (a
# title a line), which the app reads as chores not done and writes back as a task list.
sed -i 's/^- \[ \] //' "$FILE"
start_todo || exit 1
xdotool windowfocus --sync "$WID" 2>/dev/null || true
xdotool type --delay 40 "Buy oat milk"
xdotool key Return
sleep 0.4
click 180 "$(row_y 0)"
sleep 0.4
xdotool key Escape Tab
for _ in $(seq 1 8); do xdotool key Down; done
xdotool key space
# The window shows rows 0 and 8 ticked and 1 and 7 not: looked at until it does (a busy machine
# draws late), at most 10 seconds; then each row that is still wrong is a failure.
settle "- [x] Call the dentist|- [ ] Buy coffee beans" 2
for _ in $(seq 1 $((20 * GUARD_SCALE))); do
  sleep 0.5
  screenshot "$TMP/ticked.png"
  ticked "$TMP/ticked.png" 0 && ticked "$TMP/ticked.png" 8 && ! ticked "$TMP/ticked.png" 1 && ! ticked "$TMP/ticked.png" 7 && break
done
for row in 0 8; do
  ticked "$TMP/ticked.png" "$row" || { echo "todo-example: FAIL: row $row is not shown ticked" >&2; failed=1; }
done
for row in 1 7; do
  ! ticked "$TMP/ticked.png" "$row" || { echo "todo-example: FAIL: row $row is shown ticked" >&2; failed=1; }
done
stop_app
check "- [x] Call the dentist|- [ ] Buy coffee beans" 2
last=$(tail -n1 "$FILE")
if [ "$last" = "- [x] Buy oat milk" ] && [ "$(wc -l <"$FILE")" -eq 9 ]; then echo "todo-example: ok: added and ticked: $last"; else
  echo "todo-example: FAIL: after adding and ticking, the list ends with '$last' ($(wc -l <"$FILE") lines)" >&2
  failed=1
fi

if [ "${TODO_DOCS:-0}" = 1 ]; then
  # The picture: one chore added and ticked, one typed in the field, one in the air.
  rm -f "$FILE"
  start_todo || exit 1
  xdotool windowfocus --sync "$WID" 2>/dev/null || true
  xdotool type --delay 40 "Buy oat milk"
  xdotool key Return
  sleep 0.3
  click 180 "$(row_y 2)"
  click 180 "$(row_y 8)"
  click 180 "$(field_y)"
  xdotool type --delay 40 "Pick up the parcel"
  press 180 "$(row_y 1)"
  sleep 0.8
  glide 180 "$(row_y 1)" 186 "$(($(row_y 4) + 14))" 14
  sleep 0.6
  screenshot "$root/docs/todo.png"
  release
  sleep 0.3
  stop_app
  echo "todo-example: wrote docs/todo.png"
fi
exit $failed
