#!/usr/bin/env bash
# 8 editors' throughput with the log's compaction running, beside it off, in one run (issue 46's
# figure: within 10 %). Release builds, one real PostgreSQL (Scripts/with-postgres.sh), loopback.
#
# Rounds alternate, so that both see the same moments of the machine: each round is one fresh board
# (5 columns × 40 cards) and one fresh `reorder-server serve`, then reorder-server-load's throughput
# run (8 editors, each sending its next move when the last was answered, MOVES moves each).
#   on   --keep-revisions 500 --keep-hours 0 --compact-every 0.5: the compactor trims the board's log
#        in batches of 1,000 rows all through the run (its 8,000 revisions down to the last 500)
#   off  --compact-every 86400: the compactor never runs within the round
# Prints one JSON line per round and a summary: each mode's median moves/s and on ÷ off.
# Checks (exit 1): every round's own checks (reorder-server-load: every move answered, every client
# equal to the server, nothing missing or twice); the "on" rounds compacted (their log ends at the
# last 500 revisions and /metrics counts the rows) and the "off" ones did not. The ratio is printed,
# not asserted (a figure of this machine).
#
#   Scripts/compaction-load.sh
#   COMPACTION_LOAD_ROUNDS=5 COMPACTION_LOAD_MOVES=2000 Scripts/compaction-load.sh
#   COMPACTION_LOAD_BIN=DIR Scripts/compaction-load.sh     # reorder-server and reorder-server-load from DIR
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" != "--inside" ]; then
  if [ -n "${COMPACTION_LOAD_BIN:-}" ]; then
    BIN=$COMPACTION_LOAD_BIN
  else
    # Its own build folder (as Scripts/server-load.sh), so that it does not wait for the debug builds.
    for product in reorder-server reorder-server-load; do
      swift build -c release --traits Sharing --scratch-path .build-release --product "$product" >/dev/null
    done
    BIN="$(swift build -c release --traits Sharing --scratch-path .build-release --show-bin-path)"
  fi
  for product in reorder-server reorder-server-load; do
    [ -x "$BIN/$product" ] || { echo "compaction-load: FAILED: no $BIN/$product" >&2; exit 1; }
  done
  exec Scripts/with-postgres.sh "$0" --inside "$(cd "$BIN" && pwd -P)"
fi

BIN=$2
ROUNDS=${COMPACTION_LOAD_ROUNDS:-3}
MOVES=${COMPACTION_LOAD_MOVES:-1000}
OWNER=$REORDERKIT_PG_URL
PGPORT=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.urlsplit(sys.argv[1]).port)' "$OWNER")
export REORDER_SERVER_PASSWORD="cl-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
export REORDER_DATABASE_URL="postgresql://reorder_server:$REORDER_SERVER_PASSWORD@127.0.0.1:$PGPORT/postgres"
WORK=$(mktemp -d /tmp/compaction-load.XXXXXX)
SERVER=
cleanup() {
  if [ -n "$SERVER" ]; then
    kill -TERM "$SERVER" 2>/dev/null || true
    wait "$SERVER" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT
say() { echo "compaction-load: $*" >&2; }

"$BIN/reorder-server" migrate --database "$OWNER" >/dev/null
python3 - "$WORK/board.json" <<'PY'
import json, sys
views = [{"id": f"col{c}", "sections": [{"id": f"col{c}", "items": [f"card{n}" for n in range(200) if n % 5 == c]}]}
         for c in range(5)]
json.dump({"views": views}, open(sys.argv[1], "w"))
PY

STATUS=0
: >"$WORK/rounds"
for ((round = 1; round <= ROUNDS; round++)); do
  # Which goes first alternates too.
  if ((round % 2)); then modes="on off"; else modes="off on"; fi
  for mode in $modes; do
    board="cl-$round-$mode"
    "$BIN/reorder-server" board create --database "$OWNER" --board "$board" --from "$WORK/board.json" >/dev/null
    "$BIN/reorder-server" token create --database "$OWNER" --board "$board" --role editor --name load \
      | tail -n 1 >"$WORK/$board.editors"
    case $mode in
    on) flags=(--keep-revisions 500 --keep-hours 0 --compact-every 0.5) ;;
    off) flags=(--compact-every 86400) ;;
    esac
    "$BIN/reorder-server" serve --port 0 "${flags[@]}" >"$WORK/server.out" 2>"$WORK/server.err" &
    SERVER=$!
    port=
    for _ in $(seq 600); do
      port=$(sed -nE 's#.*listening on [a-z]+://[^:]+:([0-9]+)/.*#\1#p' "$WORK/server.out" | head -n 1)
      [ -n "$port" ] && break
      sleep 0.1
    done
    [ -n "$port" ] || { say "FAILED: reorder-server did not start: $(tail -n 3 "$WORK/server.err")"; exit 1; }
    if ! line=$("$BIN/reorder-server-load" --board "$board" --ports "$port" --pids "$SERVER" \
      --editor-tokens "$WORK/$board.editors" --clients 8 --editors 8 --moves "$MOVES" 2>"$WORK/load.err" | tail -n 1); then
      say "round $round ($mode): a check failed: $(tail -n 3 "$WORK/load.err")"
      STATUS=1
    fi
    # The "on" rounds: the compactor has caught up with the last pass of the run within a few passes.
    for _ in $(seq 50); do
      low=$(psql "$OWNER" -Atc "SELECT coalesce(min(revision), 0) FROM reorder_changes WHERE board = '$board'")
      high=$(psql "$OWNER" -Atc "SELECT revision FROM reorder_boards WHERE board = '$board'")
      [ "$mode" = off ] || [ "$low" -gt $((high - 500)) ] && break
      sleep 0.2
    done
    compacted=$(curl -s "http://127.0.0.1:$port/metrics" | awk '$1 == "reorder_compacted_rows_total" { print $2 }')
    kill -TERM "$SERVER"
    wait "$SERVER" 2>/dev/null || true
    SERVER=
    python3 - "$line" "$round" "$mode" "$low" "$high" "${compacted:-0}" "$MOVES" >>"$WORK/rounds" <<'PY'
import json, sys
report = json.loads(sys.argv[1])
round_, mode, low, high, compacted, moves = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), float(sys.argv[6]), int(sys.argv[7])
print(json.dumps({"round": int(round_), "compaction": mode, "committedPerSecond": report["committedPerSecond"],
                  "committed": report["committed"], "revisions": high, "logFrom": low,
                  "compactedRows": int(compacted), "checks": report["checks"]}, sort_keys=True))
PY
    tail -n 1 "$WORK/rounds"
  done
done

python3 - "$WORK/rounds" <<'PY' || STATUS=1
import json, statistics, sys
rounds = [json.loads(line) for line in open(sys.argv[1])]
failures = []
for r in rounds:
    if not all(r["checks"].values()):
        failures.append(f"round {r['round']} ({r['compaction']}): {[k for k, v in r['checks'].items() if not v]}")
    if r["compaction"] == "on" and not (r["compactedRows"] > 0 and r["logFrom"] > r["revisions"] - 500):
        failures.append(f"round {r['round']}: compaction on, yet the log starts at {r['logFrom']} of {r['revisions']}")
    if r["compaction"] == "off" and (r["compactedRows"] != 0 or r["logFrom"] != 1):
        failures.append(f"round {r['round']}: compaction off, yet {r['compactedRows']} rows went")
on = statistics.median(r["committedPerSecond"] for r in rounds if r["compaction"] == "on")
off = statistics.median(r["committedPerSecond"] for r in rounds if r["compaction"] == "off")
print(json.dumps({"run": "compaction-load", "rounds": len(rounds) // 2,
                  "medianPerSecond": {"on": on, "off": off}, "onOverOff": round(on / off, 3),
                  "goal": "within 10 %", "met": abs(on / off - 1) <= 0.10}, sort_keys=True))
for f in failures:
    print(f"compaction-load: FAILED: {f}", file=sys.stderr)
sys.exit(1 if failures else 0)
PY
exit $STATUS
