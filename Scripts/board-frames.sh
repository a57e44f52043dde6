#!/usr/bin/env bash
# Frame times of the Board while a card is dragged back and forth across columns (release build,
# --no-vsync --stats, under Xvfb): the drag frames' percentiles, and the app's own work before
# presenting. A run per call; the figures are the app's own --stats lines.
#
#   Scripts/board-frames.sh [RUNS]                        # the 40 built-in cards, 1400x800, 2 runs
#   BOARD_ITEMS=1000000 Scripts/board-frames.sh 1         # 5 columns of 200,000 cards
#   BOARD_SIZE=1000x700 DRAG_SECONDS=5 Scripts/board-frames.sh
#   REORDER_DEMO=path/to/reorder-demo Scripts/board-frames.sh
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

args=(--scene board --size "$SIZE")
[ -n "${BOARD_ITEMS:-}" ] && args+=(--items "$BOARD_ITEMS")
for run in $(seq 1 "$RUNS"); do
  echo "run $run: board ${BOARD_ITEMS:-40} cards, $SIZE (load average $(cut -d' ' -f1-3 /proc/loadavg))"
  launch --report --reset --stats --no-vsync --state "$TMP/frames-$run.db" "${args[@]}" || exit 1
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
  release
  sleep 0.5
  stop_app
  grep -E 'drags:|before present|renderer' "$ERR" | sed 's/^reorder-demo: /  /'
done
