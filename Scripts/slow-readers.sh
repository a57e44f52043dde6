#!/usr/bin/env bash
# The memory of an instance with slow readers (issue 46): N viewers (default 1,000) connect, say
# hello, read their welcome and then never read again, while 8 editors commit; the server's VmRSS
# with none, with the N idle, and at its peak while the editors commit (sampled every 0.2 s), against
# DESIGN's bound (256 KB of unread frames per connection: idle + 256 KB × N). A figure, not a
# check: exits non-zero only when the run itself fails. The debug builds in .build (as net-faults.sh),
# or SLOW_READERS_BIN=.build/release.
#
#   Scripts/slow-readers.sh
#   SLOW_READERS=200 SLOW_READERS_MOVES=500 Scripts/slow-readers.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" != "--inside" ]; then
  BIN=${SLOW_READERS_BIN:-.build/debug}
  for product in reorder-server reorder-server-load; do
    [ -x "$BIN/$product" ] || swift build --traits Sharing --product "$product" >/dev/null
  done
  exec Scripts/with-postgres.sh "$0" --inside "$(cd "$BIN" && pwd -P)"
fi

BIN=$2
N=${SLOW_READERS:-1000}
MOVES=${SLOW_READERS_MOVES:-250}
OWNER=$REORDERKIT_PG_URL
PGPORT=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.urlsplit(sys.argv[1]).port)' "$OWNER")
export REORDER_SERVER_PASSWORD="sr-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
SERVER_URL="postgresql://reorder_server:$REORDER_SERVER_PASSWORD@127.0.0.1:$PGPORT/postgres"
WORK=$(mktemp -d /tmp/slow-readers.XXXXXX)
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
SERVER_PID=""
READERS_PID=""
cleanup() {
  [ -z "$READERS_PID" ] || kill -TERM "$READERS_PID" 2>/dev/null || true
  if [ -n "$SERVER_PID" ]; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 150); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

"$BIN/reorder-server" migrate --database "$OWNER" >/dev/null
python3 - "$WORK/sr.json" <<'PY'
import json, sys
views = [{"id": f"col{c}", "sections": [{"id": f"col{c}", "items": [f"card{n}" for n in range(200) if n % 5 == c]}]}
         for c in range(5)]
json.dump({"views": views}, open(sys.argv[1], "w"))
PY
"$BIN/reorder-server" board create --database "$OWNER" --board sr --from "$WORK/sr.json" >/dev/null
for ((n = 0; n < (N + 9) / 10; n++)); do
  "$BIN/reorder-server" token create --database "$OWNER" --board sr --role viewer --name "v$n" | tail -n 1
done >"$WORK/viewers"
"$BIN/reorder-server" token create --database "$OWNER" --board sr --role editor --name e | tail -n 1 >"$WORK/editors"

# Port 80 (see net-faults.sh: the WebSocket client library's Origin is then the server's own).
serve=("$BIN/reorder-server" serve --database "$SERVER_URL" --host 127.0.0.1 --port 80)
"$BIN/reorder-server" serve --help 2>&1 | grep -q -- --max-connections-per-address \
  && serve+=(--max-connections-per-address $((N + 100)))
"${serve[@]}" >"$WORK/server.out" 2>"$WORK/server.err" &
SERVER_PID=$!
for _ in $(seq 300); do grep -q "listening on" "$WORK/server.out" && break; sleep 0.1; done
grep -q "listening on" "$WORK/server.out" || { tail "$WORK/server.err" >&2; echo "slow-readers: no server" >&2; exit 1; }
rss() { awk '/^VmRSS/ { print $2 }' "/proc/$SERVER_PID/status"; }
fds() { ls "/proc/$SERVER_PID/fd" | wc -l; }
sleep 2
NONE_KB=$(rss)
NONE_FDS=$(fds)

# The slow readers: raw sockets with a small receive buffer; the welcome is read, nothing after.
python3 - "$WORK/viewers" "$N" "$WORK/readers.ready" >"$WORK/readers.out" 2>&1 <<'PY' &
import base64, json, os, socket, struct, sys, time
tokens = [l.strip() for l in open(sys.argv[1]) if l.strip()]
n = int(sys.argv[2])
socks = []
def frame(text):
    data = text.encode()
    mask = os.urandom(4)
    head = bytes([0x81]) + (bytes([0x80 | len(data)]) if len(data) < 126 else bytes([0x80 | 126]) + struct.pack("!H", len(data)))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))
welcomed = 0
for i in range(n):
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.settimeout(20)
    s.connect(("127.0.0.1", 80))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(f"GET /api/boards/sr/live HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
              f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    got = b""
    while b"\r\n\r\n" not in got:
        chunk = s.recv(4096)
        if not chunk:
            break
        got += chunk
    s.sendall(frame(json.dumps({"type": "hello", "token": tokens[i // 10]})))
    # The welcome (the whole board, ~5 KB): read until its end is in.
    deadline = time.monotonic() + 20
    while b'"welcome"' not in got or not got.rstrip().endswith(b"}"):
        if time.monotonic() > deadline:
            break
        chunk = s.recv(65536)
        if not chunk:
            break
        got += chunk
    if b'"welcome"' in got:
        welcomed += 1
    socks.append(s)
open(sys.argv[3], "w").write(f"{welcomed}\n")
time.sleep(600)
PY
READERS_PID=$!
for _ in $(seq 1800); do [ -s "$WORK/readers.ready" ] && break; sleep 0.1; done
[ -s "$WORK/readers.ready" ] || { cat "$WORK/readers.out" >&2; echo "slow-readers: the readers did not connect" >&2; exit 1; }
sleep 3
IDLE_KB=$(rss)
IDLE_FDS=$(fds)

: >"$WORK/samples"
(while kill -0 "$SERVER_PID" 2>/dev/null; do echo "$(date +%s.%N) $(rss) $(fds)" >>"$WORK/samples"; sleep 0.2; done) &
SAMPLER=$!
START=$(date +%s.%N)
"$BIN/reorder-server-load" --board sr --host 127.0.0.1 --ports 80 --pids "$SERVER_PID" --editor-tokens "$WORK/editors" \
  --clients 8 --editors 8 --per-token 10 --moves "$MOVES" >"$WORK/editors.json" 2>"$WORK/editors.err" || true
END=$(date +%s.%N)
sleep 15 # past the 10 s grace of a slow consumer
kill "$SAMPLER" 2>/dev/null || true
wait "$SAMPLER" 2>/dev/null || true
python3 - "$WORK" "$N" "$(cat "$WORK/readers.ready")" "$NONE_KB" "$IDLE_KB" "$NONE_FDS" "$IDLE_FDS" "$START" "$END" \
  "$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources || echo ' with uncommitted changes to Sources')" \
  "$(case "$BIN" in */release*) echo release ;; *) echo debug ;; esac)" <<'PY'
import collections, json, re, sys
work, n, welcomed, none_kb, idle_kb, none_fds, idle_fds, start, end, commit, build = sys.argv[1:]
# Why the server's connections ended (its one line per connection's end).
reasons = collections.Counter(m.group(1).strip() for m in
                              (re.search(r"reason=(.*?) role=", l) for l in open(f"{work}/server.err")) if m)
samples = [tuple(float(x) for x in l.split()) for l in open(f"{work}/samples") if len(l.split()) == 3]
peak = max(s[1] for s in samples) if samples else 0
last = samples[-1] if samples else (0, 0, 0)
try:
    editors = json.loads(open(f"{work}/editors.json").read().strip().splitlines()[-1])
except Exception:
    editors = {}
bound_kb = int(idle_kb) + 256 * int(n)
print(json.dumps({
    "run": "slow-readers", "readers": int(n), "welcomed": int(welcomed), "head": commit, "build": build,
    "committed": editors.get("committed"), "committedPerSecond": editors.get("committedPerSecond"),
    "serverKB": {"none": int(none_kb), "idle": int(idle_kb), "peak": int(peak), "end": int(last[1])},
    "overIdleKB": {"peak": int(peak) - int(idle_kb), "perReader": round((int(peak) - int(idle_kb)) / int(n), 1)},
    "boundKB": bound_kb, "withinBound": peak <= bound_kb,
    "serverFds": {"none": int(none_fds), "idle": int(idle_fds), "end": int(last[2])},
    "editorsSeconds": round(float(end) - float(start), 1), "connectionEnds": dict(reasons),
}, sort_keys=True))
PY
