#!/usr/bin/env bash
# The board server under load (issue 31): WebSocket clients of `reorder-server`, all in one process
# (reorder-server-load, NIO's WebSocket client), against real server processes and a real PostgreSQL
# (Scripts/with-postgres.sh), on loopback, release builds. One JSON line a run:
#
#   baseline    Scripts/pg-load.sh's first run (reorder-load: 8 clients straight to PostgreSQL),
#               measured here so that the ratio compares the same moment of the machine
#   throughput  8 editors through one instance, each sending its next move when the last was
#               answered, 1,000 moves each; committed moves/s and the server's cost (baseline ÷ this)
#   fanout      1,000 clients across 2 instances on one board, 20 of them editors committing
#               20 moves/s in all for 30 s; propagation from an editor's send to each client's
#               receipt (p95), every client equal to GET /api/boards/B at the end, nothing missing or
#               duplicated, the servers' memory per idle connection (VmRSS with 1,000 minus with none)
#   fanout-kill the same with the second instance killed (SIGKILL) halfway: its clients say hello to
#               the first with `after` and `epoch` and converge
#
# Exits non-zero when a check fails; a figure that misses its goal is reported, not a failure.
#
#   Scripts/server-load.sh
#   SERVER_LOAD_SECONDS=60 SERVER_LOAD_CLIENTS=500 SERVER_LOAD_MOVES=200 Scripts/server-load.sh
#   SERVER_LOAD_BIN=DIR Scripts/server-load.sh    # the three executables from DIR (no build)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" != "--inside" ]; then
  if [ -n "${SERVER_LOAD_BIN:-}" ]; then
    BIN=$SERVER_LOAD_BIN
  else
    # Its own build folder, so that it neither waits for nor blocks the debug builds.
    for product in reorder-server reorder-server-load reorder-load; do
      swift build -c release --scratch-path .build-release --product "$product" >/dev/null
    done
    BIN="$(swift build -c release --scratch-path .build-release --show-bin-path)"
  fi
  MOVES=${SERVER_LOAD_MOVES:-1000}
  echo "server-load: the baseline, reorder-load straight to PostgreSQL" >&2
  BASE=$(Scripts/with-postgres.sh "$BIN/reorder-load" --moves "$MOVES" | tail -n 1)
  echo "{\"run\":\"baseline\",\"reorderLoad\":$BASE}"
  RATE=$(python3 -c 'import json, sys; print(json.loads(sys.argv[1])["committedPerSecond"])' "$BASE")
  exec Scripts/with-postgres.sh "$0" --inside "$BIN" "$RATE"
fi

BIN=$2
BASELINE=$3
CLIENTS=${SERVER_LOAD_CLIENTS:-1000}
SECONDS_RUN=${SERVER_LOAD_SECONDS:-30}
# 1,000 sockets here and as many in the servers (they inherit the limit).
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"

OWNER=$REORDERKIT_PG_URL
PGPORT=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.urlsplit(sys.argv[1]).port)' "$OWNER")
export REORDER_SERVER_PASSWORD="load-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
SERVER_URL="postgresql://reorder_server:$REORDER_SERVER_PASSWORD@127.0.0.1:$PGPORT/postgres"
WORK=$(mktemp -d /tmp/server-load.XXXXXX)
PIDS=()
PORTS=()
stop_servers() {
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$pid" 2>/dev/null; then
      echo "server-load: reorder-server (pid $pid) still running 15 s after SIGTERM: SIGKILL" >&2
      kill -KILL "$pid" 2>/dev/null || true
    fi
    wait "$pid" 2>/dev/null || true
  done
  PIDS=()
  PORTS=()
}
cleanup() {
  stop_servers
  rm -rf "$WORK"
}
trap cleanup EXIT

"$BIN/reorder-server" migrate --database "$OWNER" >/dev/null

# A board of 5 columns × 40 cards (the 200 cards of reorder-load), and its tokens (10 connections
# each): one editor's per 10 editors, one viewer's per 10 followers.
new_board() { # BOARD EDITOR_TOKENS VIEWER_TOKENS
  python3 - "$WORK/$1.json" <<'PY'
import json, sys
views = [{"id": f"col{c}", "sections": [{"id": f"col{c}", "items": [f"card{n}" for n in range(200) if n % 5 == c]}]}
         for c in range(5)]
json.dump({"views": views}, open(sys.argv[1], "w"))
PY
  "$BIN/reorder-server" board create --database "$OWNER" --board "$1" --from "$WORK/$1.json" >/dev/null
  : >"$WORK/$1.editors"
  : >"$WORK/$1.viewers"
  for ((n = 0; n < $2; n++)); do
    "$BIN/reorder-server" token create --database "$OWNER" --board "$1" --role editor --name "editor$n" \
      | tail -n 1 >>"$WORK/$1.editors"
  done
  for ((n = 0; n < $3; n++)); do
    "$BIN/reorder-server" token create --database "$OWNER" --board "$1" --role viewer --name "viewer$n" \
      | tail -n 1 >>"$WORK/$1.viewers"
  done
}

# Every client connects from 127.0.0.1: past the server's 64 open connections per address (issue 46)
# the next is answered 503, so the servers take as many as the run makes.
SERVE=("$BIN/reorder-server" serve --database "$SERVER_URL" --port 0)
"$BIN/reorder-server" serve --help 2>&1 | grep -q -- --max-connections-per-address \
  && SERVE+=(--max-connections-per-address $((CLIENTS + 100)))

start_server() { # N
  local log="$WORK/server$1.out"
  "${SERVE[@]}" >"$log" 2>"$WORK/server$1.err" &
  PIDS+=("$!")
  for _ in $(seq 600); do
    if grep -q "listening on" "$log"; then
      PORTS+=("$(sed -nE 's#.*listening on [a-z]+://[^:]+:([0-9]+)/.*#\1#p' "$log" | head -n 1)")
      return
    fi
    sleep 0.1
  done
  echo "server-load: reorder-server did not start: $(cat "$WORK/server$1.err")" >&2
  exit 1
}

join() { local IFS=,; echo "$*"; }
STATUS=0

echo "server-load: throughput, 8 editors through one instance" >&2
new_board load-a 1 0
start_server 1
"$BIN/reorder-server-load" --board load-a --ports "$(join "${PORTS[@]}")" --pids "$(join "${PIDS[@]}")" \
  --editor-tokens "$WORK/load-a.editors" --clients 8 --editors 8 --moves "${SERVER_LOAD_MOVES:-1000}" --baseline "$BASELINE" || STATUS=1
stop_servers

EDITORS=20
new_board load-b $(((EDITORS + 9) / 10)) $(((CLIENTS - EDITORS + 9) / 10))
for kill in "" --kill; do
  echo "server-load: fan-out, $CLIENTS clients on 2 instances ${kill:+(one killed mid-run)}" >&2
  start_server 1
  start_server 2
  "$BIN/reorder-server-load" --board load-b --ports "$(join "${PORTS[@]}")" --pids "$(join "${PIDS[@]}")" \
    --editor-tokens "$WORK/load-b.editors" --viewer-tokens "$WORK/load-b.viewers" --clients "$CLIENTS" \
    --editors "$EDITORS" --seconds "$SECONDS_RUN" --rate 20 $kill || STATUS=1
  stop_servers
done
exit $STATUS
