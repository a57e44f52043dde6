# Helpers for the end-to-end tests of reorder-demo: an Xvfb display, the app
# launched with --report, xdotool to drive it like a person, ImageMagick to
# take and sample screenshots, jq to read the report.
# Sourced by Scripts/e2e.sh; every function works on the globals below.

# BIN: the app; TMP: the run's scratch folder; DISPLAY: the Xvfb display.
APP_PID=""
WID=""
OUT=""
ERR=""
APP_STATUS=""
RUN=0
# Every wait here is a guard against a hang, never a measure of speed: it returns the moment its
# condition holds, so a generous bound costs a passing run nothing. Each bound a test names is the
# time the thing takes on a quiet machine with room to spare; GUARD_SCALE stretches them all, so that
# a debug build on a slow or busy machine passes (E2E_GUARD_SCALE=1 gives the bare bounds).
GUARD_SCALE=${E2E_GUARD_SCALE:-4}

start_xvfb() {
  local fifo="$TMP/displayfd"
  Xvfb -displayfd 5 -screen 0 1280x1024x24 -nolisten tcp 5>"$fifo" >/dev/null 2>&1 &
  XVFB_PID=$!
  for _ in $(seq 1 100); do
    if [ -s "$fifo" ]; then
      export DISPLAY=":$(head -n1 "$fifo")"
      return 0
    fi
    sleep 0.1
  done
  echo "e2e: Xvfb did not start" >&2
  return 1
}

stop_xvfb() {
  [ -n "${XVFB_PID:-}" ] && kill "$XVFB_PID" 2>/dev/null && wait "$XVFB_PID" 2>/dev/null
  return 0
}

# start_scratch_display NAME [KEEP]: for a script that drives an app under Xvfb: a scratch folder
# TMP (also the app's HOME and XDG_STATE_HOME), no SDL_VIDEODRIVER, and Xvfb started; on exit the
# app is killed, Xvfb stopped and TMP removed (kept, and said, when KEEP is 1).
start_scratch_display() {
  TMP=$(mktemp -d "${TMPDIR:-/tmp}/reorder-$1.XXXXXX")
  SCRATCH_KEEP=${2:-0}
  export HOME="$TMP/home" XDG_STATE_HOME="$TMP/state-home"
  mkdir -p "$HOME"
  unset SDL_VIDEODRIVER
  trap end_scratch_display EXIT
  start_xvfb
}

end_scratch_display() {
  [ -n "$APP_PID" ] && kill -KILL "$APP_PID" 2>/dev/null
  stop_xvfb
  if [ "$SCRATCH_KEEP" = 1 ]; then echo "kept $TMP"; else rm -rf "$TMP"; fi
}

# launch ARGS...: starts the app, waits for its "ready" line (READY_SECONDS, default 20, times
# GUARD_SCALE) and its window.
launch() {
  RUN=$((RUN + 1))
  OUT="$TMP/run$RUN.out.jsonl"
  ERR="$TMP/run$RUN.err.txt"
  "$BIN" "$@" >"$OUT" 2>"$ERR" &
  APP_PID=$!
  wait_for_line '"event": "ready"' "${READY_SECONDS:-20}" || { echo "    the app never reported ready; stderr:"; sed 's/^/    /' "$ERR"; return 1; }
  wait_for_window '^ReorderKit$' 5 || { echo "    no window found"; return 1; }
  sleep 0.3
}

# wait_for_window TITLE-PATTERN [SECONDS]: sets WID to the window of $APP_PID with that title, once
# it is mapped and still the same window a moment later. SDL may create a window and replace it
# with another while it sets up its renderer; on a busy machine a search can catch the first one,
# which is then gone (every later `xdotool --window` fails with BadWindow and the gesture is lost).
wait_for_window() {
  local title=$1 limit=${2:-10} seen=""
  WID=""
  for _ in $(seq 1 $((limit * 10 * GUARD_SCALE))); do
    WID=$(xdotool search --onlyvisible --pid "$APP_PID" --name "$title" 2>/dev/null | tail -n1)
    if [ -n "$WID" ] && [ "$WID" = "$seen" ] && xdotool getwindowname "$WID" >/dev/null 2>&1; then
      return 0
    fi
    seen=$WID
    sleep 0.2
  done
  WID=""
  return 1
}

# stop_app: SIGTERM, as a session manager would; the app saves and exits. Sets APP_STATUS.
stop_app() {
  [ -n "$APP_PID" ] || return 0
  kill -TERM "$APP_PID" 2>/dev/null
  local status=0
  wait "$APP_PID" || status=$?
  APP_STATUS=$status
  APP_PID=""
}

# wait_for_line PATTERN [SECONDS]: waits until the report has a line matching PATTERN (fixed string)
# and ends with a whole line (a million-item line takes a while to write: jq must not read half).
wait_for_line() {
  local pattern=$1 limit=${2:-10}
  local n=$((limit * 20 * GUARD_SCALE))
  for _ in $(seq 1 $n); do
    grep -qF -- "$pattern" "$OUT" 2>/dev/null && report_ends_whole && return 0
    kill -0 "$APP_PID" 2>/dev/null || { grep -qF -- "$pattern" "$OUT" 2>/dev/null; return; }
    sleep 0.05
  done
  return 1
}

# report_ends_whole: whether the report's last line is whole (the file ends with a newline).
report_ends_whole() { [ "$(tail -c1 "$OUT" | od -An -tx1 | tr -d ' ')" = 0a ]; }

# count_lines PATTERN: how many report lines match.
count_lines() { grep -cF -- "$1" "$OUT" 2>/dev/null || true; }

# wait_for_count PATTERN N [SECONDS]: waits until at least N report lines match PATTERN.
wait_for_count() {
  local pattern=$1 want=$2 limit=${3:-10}
  for _ in $(seq 1 $((limit * 20 * GUARD_SCALE))); do
    [ "$(count_lines "$pattern")" -ge "$want" ] && report_ends_whole && return 0
    sleep 0.05
  done
  return 1
}

# last_event NAME: the last report line of that event, as JSON.
last_event() { jq -c --arg e "$1" 'select(.event == $e)' "$OUT" | tail -n1; }

# center ID [EVENT]: "x y", the centre of an item's frame in the last ready/scene line.
center() {
  local event=${2:-ready}
  last_event "$event" | jq -r --arg id "$1" '.items[] | select(.id == $id) | .frame | "\(.[0] + .[2] / 2 | floor) \(.[1] + .[3] / 2 | floor)"'
}

# frame_of ID [EVENT]: "x y w h".
frame_of() {
  local event=${2:-ready}
  last_event "$event" | jq -r --arg id "$1" '.items[] | select(.id == $id) | .frame | map(floor) | join(" ")'
}

# press X Y: moves there and holds the button down until the item lifts (long press).
press() {
  xdotool mousemove --window "$WID" "$1" "$2"
  sleep 0.1
  xdotool mousedown 1
}

# glide X0 Y0 X1 Y1 [STEPS]: moves the held pointer in steps, like a hand.
glide() {
  local x0=$1 y0=$2 x1=$3 y1=$4 steps=${5:-12}
  for i in $(seq 1 "$steps"); do
    xdotool mousemove --window "$WID" $((x0 + (x1 - x0) * i / steps)) $((y0 + (y1 - y0) * i / steps))
    sleep 0.03
  done
}

release() { xdotool mouseup 1; }

click() {
  xdotool mousemove --window "$WID" "$1" "$2"
  sleep 0.05
  xdotool click 1
}

key() { xdotool key --window "$WID" "$1"; }

# screenshot FILE: the window's contents as PNG.
screenshot() { import -window "$WID" "$1"; }

# pixel FILE X Y: "r g b" (0-255).
pixel() {
  convert "$1" -format "%[fx:int(255*p{$2,$3}.r+0.5)] %[fx:int(255*p{$2,$3}.g+0.5)] %[fx:int(255*p{$2,$3}.b+0.5)]" info:
}

# close_colors "r g b" "r g b" [TOLERANCE]: whether two colours match within a tolerance per channel.
close_colors() {
  local tol=${3:-8}
  read -r r1 g1 b1 <<<"$1"
  read -r r2 g2 b2 <<<"$2"
  local d
  for d in $((r1 - r2)) $((g1 - g2)) $((b1 - b2)); do
    [ "${d#-}" -le "$tol" ] || return 1
  done
}

# run_width FILE X Y "r g b": the width of the run of pixels of that colour through (X, Y) on row Y.
run_width() {
  local file=$1 x=$2 y=$3 color=$4
  read -r cr cg cb <<<"$color"
  convert "$file" -crop "x1+0+$y" +repage -depth 8 txt:- 2>/dev/null | awk -F'[(),: ]+' -v px="$x" -v cr="$cr" -v cg="$cg" -v cb="$cb" '
    NR > 1 {
      i = $1; r = $3; g = $4; b = $5
      d = (r > cr ? r - cr : cr - r); e = (g > cg ? g - cg : cg - g); f = (b > cb ? b - cb : cb - b)
      match_[i] = (d <= 10 && e <= 10 && f <= 10)
      if (i > maxi) maxi = i
    }
    END {
      if (!match_[px]) { print 0; exit }
      l = px; while (l > 0 && match_[l - 1]) l--
      r = px; while (r < maxi && match_[r + 1]) r++
      print r - l + 1
    }'
}
