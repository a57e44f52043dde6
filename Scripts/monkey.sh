#!/usr/bin/env bash
# A monkey in the real window: drives reorder-demo under Xvfb with random long-press drags (some
# cancelled with Esc), taps, wheel turns, keys (Tab, Space, arrows, Page Up/Down, Home, End, Esc,
# Enter), keyboard moves, undo and redo (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y), scene switches (keys 1-5, the Board included)
# and window resizes, all drawn from a seed it prints. Afterwards it checks that the app is alive
# and still answers a key, that every "changed" line holds each of its scene's items exactly once,
# that the database passes PRAGMA integrity_check and holds what the last "changed" line of each
# scene says, and that memory (VmRSS from /proc) has not kept growing.
#
#   Scripts/monkey.sh 60            # a minute, a seed from the clock
#   Scripts/monkey.sh 600 12345     # ten minutes, that seed again
#   REORDER_DEMO=path MONKEY_ITEMS=2000 Scripts/monkey.sh 60
#
# Exits 0 when every check passes; on a failure prints the seed, keeps the run's files and exits 1.
set -uo pipefail
cd "$(dirname "$0")/.."

DURATION=${1:-60}
SEED=${2:-$(($(date +%s%N) % 1000000))}
ITEMS=${MONKEY_ITEMS:-500}
[[ $DURATION =~ ^[0-9]+$ && $SEED =~ ^[0-9]+$ ]] || { echo "usage: Scripts/monkey.sh SECONDS [SEED]" >&2; exit 2; }
for tool in Xvfb xdotool jq sqlite3; do
  command -v "$tool" >/dev/null || { echo "monkey: $tool is missing (run Scripts/setup.sh)" >&2; exit 1; }
done

BIN=${REORDER_DEMO:-}
if [ -z "$BIN" ]; then
  # The app with sharing (the share tests need it), built as `make test` builds it.
  # shellcheck disable=SC2086
  swift build ${REORDERKIT_TRAITS:---traits Sharing} --product reorder-demo >/dev/null || { echo "monkey: build failed" >&2; exit 1; }
  BIN="$(swift build --show-bin-path)/reorder-demo"
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/reorder-monkey.XXXXXX")
export HOME="$TMP/home" XDG_STATE_HOME="$TMP/state-home"
mkdir -p "$HOME"
unset SDL_VIDEODRIVER
# shellcheck source=../Tests/E2E/lib.sh
source Tests/E2E/lib.sh

KEEP=${MONKEY_KEEP:-0}
cleanup() {
  xdotool mouseup 1 2>/dev/null
  [ -n "$APP_PID" ] && kill -KILL "$APP_PID" 2>/dev/null
  stop_xvfb
  if [ $KEEP = 1 ]; then echo "monkey: kept $TMP"; else rm -rf "$TMP"; fi
}
trap cleanup EXIT

fail() {
  echo "monkey: FAILED (seed $SEED, $DURATION s): $*"
  echo "monkey: repeat with: Scripts/monkey.sh $DURATION $SEED"
  [ -s "${ERR:-/dev/null}" ] && sed 's/^/monkey: stderr: /' "$ERR" | head -20
  KEEP=1
  exit 1
}

echo "monkey: seed $SEED, $DURATION s, Colors with $ITEMS items"
RANDOM=$SEED
start_xvfb || exit 1
DB="$TMP/monkey.sqlite"
launch --report --reset --state "$DB" --scene colors --items "$ITEMS" || fail "the app did not start"

W=390
H=720
rnd() { echo $(($1 + RANDOM % ($2 - $1 + 1))); } # rnd LO HI
point() { echo "$(rnd 2 $((W - 3))) $(rnd 2 $((H - 3)))"; }
keys=(Tab shift+Tab space space Left Right Up Down Page_Up Page_Down Home End Escape Return)

drag() {
  read -r x0 y0 <<<"$(point)"
  read -r x1 y1 <<<"$(point)"
  xdotool mousemove --window "$WID" "$x0" "$y0"
  xdotool mousedown 1
  sleep "0.$(rnd 1 7)" # sometimes shorter than the long press: a scroll, not a lift
  local steps
  steps=$(rnd 2 15)
  for i in $(seq 1 "$steps"); do
    xdotool mousemove --window "$WID" $((x0 + (x1 - x0) * i / steps)) $((y0 + (y1 - y0) * i / steps))
    sleep 0.0$(rnd 1 4)
  done
  [ $((RANDOM % 4)) = 0 ] && sleep 0.$(rnd 3 9) # hover: spring-loaded folders, auto-scroll at the edges
  [ $((RANDOM % 8)) = 0 ] && key Escape
  xdotool mouseup 1
}

keyboard_move() {
  key Tab
  key space
  for _ in $(seq 1 "$(rnd 1 5)"); do key "${keys[$(rnd 4 7)]}"; done
  if [ $((RANDOM % 6)) = 0 ]; then key Escape; else key space; fi
}

act() {
  local r=$((RANDOM % 100))
  if [ $r -lt 28 ]; then
    drag
  elif [ $r -lt 38 ]; then
    read -r x y <<<"$(point)"
    click "$x" "$y"
  elif [ $r -lt 46 ]; then
    read -r x y <<<"$(point)"
    xdotool mousemove --window "$WID" "$x" "$y"
    xdotool click --repeat "$(rnd 1 6)" --delay 20 "$(rnd 4 7)"
  elif [ $r -lt 60 ]; then
    key "${keys[$((RANDOM % ${#keys[@]}))]}"
  elif [ $r -lt 70 ]; then
    local undo=(ctrl+z ctrl+z ctrl+shift+z ctrl+y)
    key "${undo[$((RANDOM % 4))]}"
  elif [ $r -lt 80 ]; then
    key "$(rnd 1 5)"
  elif [ $r -lt 85 ]; then
    W=$(rnd 320 900)
    H=$(rnd 420 900)
    xdotool windowsize "$WID" "$W" "$H"
  else
    keyboard_move
  fi
  sleep 0.0$(rnd 2 9)
}

rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$APP_PID/status" 2>/dev/null; }
RSS=()
actions=0
begin=$(date +%s)
next_sample=$begin
while [ $(($(date +%s) - begin)) -lt "$DURATION" ]; do
  act
  actions=$((actions + 1))
  kill -0 "$APP_PID" 2>/dev/null || fail "the app died after $actions actions (status $(wait "$APP_PID"; echo $?))"
  if [ "$(date +%s)" -ge "$next_sample" ]; then
    RSS+=("$(rss)")
    next_sample=$((next_sample + 5))
  fi
done
xdotool mouseup 1
key Escape
RSS+=("$(rss)")
echo "monkey: $actions actions; $(count_lines '"event": "changed"') changed lines; RSS (kB) every 5 s: ${RSS[*]}"

# Still responsive: a scene switch answers with a "scene" line.
scenes_before=$(count_lines '"event": "scene"')
key 4
key 1
wait_for_count '"event": "scene"' $((scenes_before + 1)) 10 || fail "no scene line within 10 s of keys 4 and 1: the app does not respond"
stop_app
[ "$APP_STATUS" = 0 ] || fail "exit status $APP_STATUS after SIGTERM"
grep -qiE 'warning|fatal|error' "$ERR" && fail "stderr: $(head -3 "$ERR")"

# Every changed line holds each item of its scene exactly once (the same items as the scene's first line).
bad=$(jq -r '
  select(.event == "changed")
  | [(.sections // [.views[].sections[]])[].items[] | if type == "object" then .id, .children[] else . end] as $ids
  | select(($ids | length) != ($ids | unique | length)) | .scene' "$OUT" | head -3)
[ -z "$bad" ] || fail "a changed line of $bad repeats an item"
bad=$(jq -rs '
  map(select(.event == "changed") | {scene, ids: ([(.sections // [.views[].sections[]])[].items[] | if type == "object" then .id, .children[] else . end] | sort)})
  | group_by(.scene)[] | select((map(.ids) | unique | length) > 1) | .[0].scene' "$OUT")
[ -z "$bad" ] || fail "changed lines of $bad do not hold the same items"

# The database is sound and holds each scene's last changed line: "section|parent|item[|expanded]" lines.
[ "$(sqlite3 "$DB" 'PRAGMA integrity_check')" = ok ] || fail "integrity_check: $(sqlite3 "$DB" 'PRAGMA integrity_check' | head -3)"
checked=()
for scene in $(jq -r 'select(.event == "changed") | .scene' "$OUT" | sort -u); do
  key=$scene
  [ "$scene" = colors ] && [ "$ITEMS" != 50 ] && key="colors-$ITEMS"
  jq -r --arg s "$scene" 'select(.event == "changed" and .scene == $s)' "$OUT" | jq -s -r 'last | (.sections // [.views[].sections[]])[] | .id as $sec
    | .items[] | if type == "object"
      then "\($sec)||\(.id)|\(.expanded)", (.id as $g | .children[] | "\($sec)|\($g)|\(.)")
      else "\($sec)||\(.)" end' >"$TMP/reported-$scene.txt"
  sqlite3 "$DB" "SELECT s.value || '|' || ifnull(i.parent, '') || '|' || i.item
      || ifnull('|' || CASE i.expanded WHEN 1 THEN 'true' WHEN 0 THEN 'false' END, '')
    FROM scene JOIN json_each(scene.sections) s JOIN item i ON i.scene = scene.name AND i.section = s.value
    LEFT JOIN item p ON p.scene = i.scene AND p.item = i.parent
    WHERE scene.name = '$key' ORDER BY s.key, ifnull(p.key, i.key), i.parent IS NOT NULL, i.key" >"$TMP/saved-$scene.txt"
  cmp -s "$TMP/reported-$scene.txt" "$TMP/saved-$scene.txt" ||
    fail "the saved $scene differs from its last changed line: $(diff "$TMP/reported-$scene.txt" "$TMP/saved-$scene.txt" | head -5 | tr '\n' ' ')"
  checked+=("$scene")
done

# Memory: the last third of the samples peaks at most 1.5 times the first third's peak plus 30 MB.
n=${#RSS[@]}
if [ "$n" -ge 3 ]; then
  third=$((n / 3))
  early=$(printf '%s\n' "${RSS[@]:0:$third}" | sort -n | tail -n1)
  late=$(printf '%s\n' "${RSS[@]:$((n - third))}" | sort -n | tail -n1)
  [ "$late" -le $((early * 3 / 2 + 30000)) ] || fail "memory grew: early peak $early kB, late peak $late kB"
fi
echo "monkey: ok (seed $SEED): alive and answering, every changed line whole, the database sound and equal to the last report (${checked[*]:-no scene changed})"
