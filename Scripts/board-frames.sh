#!/usr/bin/env bash
# Frame times of the Board while a card is dragged back and forth across columns (release build,
# --no-vsync --stats, under Xvfb): the drag frames' percentiles, and the app's own work before
# presenting. A run per call; the figures are the app's own --stats lines, and each run's drag
# p95 beside its goal (8.3 ms on the board; 16.7 ms for Colors).
#
#   Scripts/board-frames.sh [RUNS]                        # the 40 built-in cards, 1400x800, 2 runs
#   BOARD_ITEMS=1000000 Scripts/board-frames.sh 1         # 5 columns of 200,000 cards
#   BOARD_SIZE=1000x700 DRAG_SECONDS=5 Scripts/board-frames.sh
#   REORDER_DEMO=path/to/reorder-demo Scripts/board-frames.sh
#   FRAMES_SCENE=colors Scripts/board-frames.sh 3         # Colors with 10,000 cells (BOARD_ITEMS sets
#                                                         # the count), dragged down and across
#
# Needs Xvfb, xdotool, jq (Scripts/setup.sh) and a release build:
# swift build -c release --product reorder-demo
set -uo pipefail
cd "$(dirname "$0")/.."

BIN=${REORDER_DEMO:-.build/release/reorder-demo}
RUNS=${1:-2}
SIZE=${BOARD_SIZE:-1400x800}
SECONDS_OF_DRAG=${DRAG_SECONDS:-3}
[ -x "$BIN" ] || { echo "board-frames: no $BIN (swift build -c release --product reorder-demo)" >&2; exit 1; }

# shellcheck source=../Tests/E2E/lib.sh
source Tests/E2E/lib.sh
start_scratch_display frames || exit 1

SCENE=${FRAMES_SCENE:-board}
case "$SCENE" in
  board)
    args=(--scene board --size "$SIZE")
    [ -n "${BOARD_ITEMS:-}" ] && args+=(--items "$BOARD_ITEMS")
    goal=8.3
    ;;
  colors)
    args=(--scene colors --items "${BOARD_ITEMS:-10000}")
    goal=16.7
    ;;
  *) echo "board-frames: FRAMES_SCENE is board or colors, not $SCENE" >&2; exit 2 ;;
esac
# finish_run: drops, quits, prints the app's --stats lines and the drag p95 beside its goal.
finish_run() {
  release
  sleep 0.5
  stop_app
  grep -E 'drags:|before present|renderer' "$ERR" | sed 's/^reorder-demo: /  /'
  p95=$(grep -F 'drags:' "$ERR" | sed -n 's/.*p95 \([0-9.]*\) ms.*/\1/p')
  awk -v p="$p95" -v g="$goal" 'BEGIN { printf "  drag p95 %s ms: %s (goal under %s ms)\n", p, (p != "" && p < g ? "goal met" : "GOAL MISSED"), g }'
}
for run in $(seq 1 "$RUNS"); do
  echo "run $run: ${args[*]} (load average $(cut -d' ' -f1-3 /proc/loadavg))"
  launch --report --reset --stats --no-vsync --state "$TMP/frames-$run.db" "${args[@]}" || exit 1
  if [ "$SCENE" = colors ]; then
    # The first cell, dragged down and across the grid in 60 steps, 30 ms apart (the e2e test's drag).
    read -r x0 y0 <<<"$(center c1)"
    press "$x0" "$y0"
    wait_for_line '"event": "lifted"' 5 || { echo "  c1 did not lift"; exit 1; }
    moves=()
    for i in $(seq 1 60); do moves+=(mousemove --window "$WID" $((x0 + (i % 20) * 12)) $((y0 + i * 9)) sleep 0.03); done
    xdotool "${moves[@]}"
    finish_run
    continue
  fi
  # The first card of the second column, dragged right and left across three columns for the
  # given time, 60 steps a second, then dropped back over its own column.
  first=$(last_event ready | jq -r '.views[1].sections[0].items[0]')
  read -r x0 y0 <<<"$(center "$first")"
  press "$x0" "$y0"
  wait_for_line "\"event\": \"lifted\"" 5 || { echo "  $first did not lift"; exit 1; }
  # One xdotool process for the whole drag (a process per step would load the machine measured).
  steps=$((SECONDS_OF_DRAG * 60))
  moves=()
  for i in $(seq 0 "$steps"); do
    # A triangle wave over 550 points, about one column each way in a second.
    t=$((i % 120))
    [ "$t" -lt 60 ] && dx=$((t * 550 / 60)) || dx=$(((120 - t) * 550 / 60))
    moves+=(mousemove --window "$WID" $((x0 + dx)) $((y0 + (i % 40) * 3)) sleep 0.016)
  done
  xdotool "${moves[@]}"
  xdotool mousemove --window "$WID" "$x0" "$y0"
  sleep 0.1
  finish_run
done
