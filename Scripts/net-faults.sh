#!/usr/bin/env bash
# Faults of a real network (issue 46), on this machine: the board server on a veth address of its
# own, its clients in network namespaces of their own, PostgreSQL on loopback (Scripts/with-postgres.sh).
# Needs root (ip netns, veth, tc or iptables); where namespaces are refused it says so and FAILS.
#
#   198.18.N.1/24   a bridge in this namespace: reorder-server --host 198.18.N.1 (RFC 2544's range)
#   198.18.N.11-14  namespaces e1, e2 (4 editors each, 10 moves/s each) and f1, f2 (followers),
#                   each on a veth pair whose outer end is on the bridge; one reorder-server-load
#                   --faults process in each (Sources/reorder-server-load/Faults.swift)
#
# The run, from the start every process shares (seconds):
#    4-16  f1's link delayed 200 ms each way: p95 propagation, an editor's send to a follower's
#          receipt, for moves sent from 5.5 to 15.5 (goal: 200 + 100 ms)
#   18-30  every link loses 5 % of its packets, each way
#   32-42  e2 and f2 cut off (100 % loss each way), then healed: the time until every client of
#          theirs has every revision the server had at the heal (goal: 2 s)
#   46-50  PostgreSQL stopped (`$REORDERKIT_PG_CONTROL stop`), then started again
#      60  the editors stop; every commit in flight is answered (within 60 s more)
# Faults are made with `tc qdisc … netem` on both ends of a link where the kernel has netem, and
# otherwise (this project's hosts: CONFIG_NET_SCH_NETEM is off) by Scripts/net-faults-link.py, which
# holds or drops each of the link's packets in the kernel through NFQUEUE (iptables in the namespace).
#
# Checks (exit 1 when one fails): every process's own (every client equal to GET /api/boards/B at the
# end, nothing missing or twice, the cards intact); every acked move in the log exactly once, at the
# revision it was acked (reorder_changes and reorder_gestures, read as the owner), and nothing in the
# log that was not acked; commits acked again once PostgreSQL is back; the faults were applied (packets delayed, dropped); the two figures within
# 5x their goals (a guard against a hang: the figures are printed, not asserted).
# Everything it made (namespaces, veths, the bridge, qdiscs, rules, processes) goes at the end,
# whatever happens.
#
#   Scripts/net-faults.sh
#   NET_FAULTS_FOLLOWERS=100 Scripts/net-faults.sh     # followers in each of f1, f2 (default 40)
#   NET_FAULTS_SHAPER=nfqueue Scripts/net-faults.sh    # the NFQUEUE link even where netem exists
#   NET_FAULTS_BIN=DIR Scripts/net-faults.sh           # reorder-server and reorder-server-load from DIR
#   NET_FAULTS_KEEP=1 Scripts/net-faults.sh            # keep the run's files (logs, reports) in /tmp
#   NET_FAULTS_HEARTBEAT_MS=0 Scripts/net-faults.sh    # clients without a heartbeat (default 1000 ms:
#                                                      # ping, and reconnect attempts that race)
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "net-faults: $*" >&2; }

if [ "${1:-}" != "--inside" ]; then
  [ "$(id -u)" = 0 ] || { say "FAILED: needs root for ip netns (not root: nothing was tested)"; exit 1; }
  need=()
  command -v ip >/dev/null && command -v tc >/dev/null || need+=(iproute2)
  command -v iptables >/dev/null || need+=(iptables)
  if [ ${#need[@]} -gt 0 ]; then
    say "installing ${need[*]}"
    apt-get update -qq >/dev/null 2>&1 || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null 2>&1 || true
  fi
  command -v ip >/dev/null || { say "FAILED: no ip (iproute2) and it could not be installed: nothing was tested"; exit 1; }
  probe=rknf-probe-$$
  if ! out=$(ip netns add "$probe" 2>&1); then
    say "FAILED: ip netns add is refused here ($out): nothing was tested"
    exit 1
  fi
  ip netns del "$probe"
  # The debug builds of the unit stage (`make test` builds them there), built here only when missing:
  # a build here would wait for every other SwiftPM of .build (a `swift test` holds it to its end).
  BIN=${NET_FAULTS_BIN:-.build/debug}
  # shellcheck disable=SC2206
  traits=(${REORDERKIT_TRAITS:---traits Sharing})
  for product in reorder-server reorder-server-load; do
    [ -x "$BIN/$product" ] && continue
    [ -z "${NET_FAULTS_BIN:-}" ] || { say "FAILED: no $BIN/$product"; exit 1; }
    say "building $product (debug)"
    swift build "${traits[@]}" --product "$product" >/dev/null || { say "FAILED: $product did not build"; exit 1; }
  done
  exec Scripts/with-postgres.sh "$0" --inside "$(cd "$BIN" && pwd -P)"
fi

BIN=$2
OWNER=$REORDERKIT_PG_URL
PGPORT=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.urlsplit(sys.argv[1]).port)' "$OWNER")
export REORDER_SERVER_PASSWORD="nf-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
SERVER_URL="postgresql://reorder_server:$REORDER_SERVER_PASSWORD@127.0.0.1:$PGPORT/postgres"
FOLLOWERS=${NET_FAULTS_FOLLOWERS:-40}
SECONDS_RUN=60
WORK=$(mktemp -d /tmp/net-faults.XXXXXX)
ID=$(printf '%x' $$)
GROUPS_ALL=(e1 e2 f1 f2)
PIDS=()       # every process started here and not yet waited for, ended by its id
SERVER_PID=""
NAMESPACES=()
LINKS=()

# A /24 of 198.18.0.0/15 no interface of this machine uses (another run may be going on).
NET=""
for n in $(seq 1 254); do
  ip -4 -o addr show | grep -q " 198\.18\.$n\." || { NET=198.18.$n; break; }
done
[ -n "$NET" ] || { say "FAILED: no free /24 in 198.18.0.0/15"; exit 1; }
SERVER_IP=$NET.1
BRIDGE=rknf${ID}br

cleanup() {
  local status=$?
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  if [ -n "$SERVER_PID" ]; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 150); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
  fi
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  # A namespace takes its end of each veth pair (and so the pair, its qdiscs and rules) with it.
  for ns in "${NAMESPACES[@]}"; do ip netns del "$ns" 2>/dev/null || true; done
  for link in "${LINKS[@]}"; do ip link del "$link" 2>/dev/null || true; done
  ip link del "$BRIDGE" 2>/dev/null || true
  local left
  left=$(ip -o link show | grep -c "rknf$ID" || true)
  [ "$left" = 0 ] || say "cleanup: $left links of this run are left: $(ip -o link show | grep "rknf$ID" | cut -d: -f2 | paste -sd ' ')"
  if [ -n "${NET_FAULTS_KEEP:-}" ]; then say "the run's files are in $WORK"; else rm -rf "$WORK"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

mono() { python3 -c 'import time; print(f"{time.monotonic():.3f}")'; }
sleep_until() { python3 -c 'import sys, time; time.sleep(max(0.0, float(sys.argv[1]) - time.monotonic()))' "$1"; }
plus() { python3 -c 'import sys; print(f"{float(sys.argv[1]) + float(sys.argv[2]):.3f}")' "$1" "$2"; }
# mark NAME COMMAND...: runs it and writes NAME, the time before and the time after to marks.
mark() {
  local name=$1 before after
  shift
  before=$(mono)
  "$@"
  after=$(mono)
  echo "$name $before $after" >>"$WORK/marks"
  say "$name at +$(python3 -c 'import sys; print(round(float(sys.argv[1]) - float(sys.argv[2]), 1))' "$before" "$START")s"
}

# The bridge, and a namespace on it for each group.
ip link add "$BRIDGE" type bridge
LINKS+=("$BRIDGE")
ip addr add "$SERVER_IP/24" dev "$BRIDGE"
ip link set "$BRIDGE" up
declare -A NS ADDR OUTER
k=11
for g in "${GROUPS_ALL[@]}"; do
  NS[$g]=rknf$ID-$g
  OUTER[$g]=rknf$ID$g
  ADDR[$g]=$NET.$k
  k=$((k + 1))
  ip netns add "${NS[$g]}"
  NAMESPACES+=("${NS[$g]}")
  ip link add "${OUTER[$g]}" type veth peer name "${OUTER[$g]}i"
  LINKS+=("${OUTER[$g]}")
  ip link set "${OUTER[$g]}i" netns "${NS[$g]}"
  ip netns exec "${NS[$g]}" ip link set "${OUTER[$g]}i" name eth0
  ip netns exec "${NS[$g]}" ip addr add "${ADDR[$g]}/24" dev eth0
  ip netns exec "${NS[$g]}" ip link set eth0 up
  ip netns exec "${NS[$g]}" ip link set lo up
  ip link set "${OUTER[$g]}" master "$BRIDGE"
  ip link set "${OUTER[$g]}" up
done

# netem where the kernel has it, else the NFQUEUE link.
SHAPER=${NET_FAULTS_SHAPER:-}
if [ -z "$SHAPER" ]; then
  if tc qdisc add dev "${OUTER[e1]}" root netem delay 0ms 2>/dev/null; then
    tc qdisc del dev "${OUTER[e1]}" root
    SHAPER=netem
  else
    SHAPER=nfqueue
  fi
fi
case $SHAPER in
netem | nfqueue) ;;
*) say "FAILED: NET_FAULTS_SHAPER is netem or nfqueue, not $SHAPER"; exit 1 ;;
esac
if [ "$SHAPER" = nfqueue ] && ! command -v iptables >/dev/null; then
  say "FAILED: this kernel has no netem, and iptables (for NFQUEUE) is missing: nothing was tested"
  exit 1
fi
say "PostgreSQL on 127.0.0.1:$PGPORT, the server on $SERVER_IP, namespaces ${NAMESPACES[*]}; faults by $SHAPER"

"$BIN/reorder-server" migrate --database "$OWNER" >/dev/null
python3 - "$WORK/nf.json" <<'PY'
import json, sys
views = [{"id": f"col{c}", "sections": [{"id": f"col{c}", "items": [f"card{n}" for n in range(200) if n % 5 == c]}]}
         for c in range(5)]
json.dump({"views": views}, open(sys.argv[1], "w"))
PY
"$BIN/reorder-server" board create --database "$OWNER" --board nf --from "$WORK/nf.json" >/dev/null
tokens() { # FILE ROLE COUNT
  : >"$1"
  for ((n = 0; n < $3; n++)); do
    "$BIN/reorder-server" token create --database "$OWNER" --board nf --role "$2" --name "$2$n" | tail -n 1 >>"$1"
  done
}
tokens "$WORK/e1.editors" editor 4
tokens "$WORK/e2.editors" editor 4
tokens "$WORK/f1.viewers" viewer $(((FOLLOWERS + 4) / 5))
tokens "$WORK/f2.viewers" viewer $(((FOLLOWERS + 4) / 5))

# Port 80: the WebSocket client library sends `Origin: http://HOST` for an http:// URL without a
# port, which is the server's own origin (it sends `ws://HOST` for ws://HOST:PORT, which a server
# checking origins refuses). The address is this run's, so the port is free.
PORT=80
serve=("$BIN/reorder-server" serve --database "$SERVER_URL" --host "$SERVER_IP" --port "$PORT")
if "$BIN/reorder-server" serve --help 2>&1 | grep -q -- --max-connections-per-address; then
  serve+=(--max-connections-per-address 10000)
fi
"${serve[@]}" >"$WORK/server.out" 2>"$WORK/server.err" &
SERVER_PID=$!
listening=""
for _ in $(seq 600); do
  grep -q "listening on" "$WORK/server.out" && { listening=yes; break; }
  kill -0 "$SERVER_PID" 2>/dev/null || break
  sleep 0.1
done
[ -n "$listening" ] || { tail -n 20 "$WORK/server.err" >&2; say "FAILED: reorder-server did not start"; exit 1; }

# impair GROUP DELAY_MS LOSS_PERCENT: the group's link, each way, from now on.
impair() {
  if [ "$SHAPER" = netem ]; then
    tc qdisc replace dev "${OUTER[$1]}" root netem delay "${2}ms" loss "${3}%"
    ip netns exec "${NS[$1]}" tc qdisc replace dev eth0 root netem delay "${2}ms" loss "${3}%"
  else
    echo "$2 $3" >"$WORK/$1.link.tmp"
    mv "$WORK/$1.link.tmp" "$WORK/$1.link"
  fi
}
for g in "${GROUPS_ALL[@]}"; do
  impair "$g" 0 0
  if [ "$SHAPER" = nfqueue ]; then
    ip netns exec "${NS[$g]}" python3 Scripts/net-faults-link.py "$WORK/$g.link" "$WORK/$g.stats" 600 \
      2>"$WORK/$g.link.err" &
    PIDS+=("$!")
    for _ in $(seq 100); do [ -s "$WORK/$g.stats" ] && break; sleep 0.1; done
    [ -s "$WORK/$g.stats" ] || { cat "$WORK/$g.link.err" >&2; say "FAILED: the NFQUEUE link of $g did not start"; exit 1; }
    ip netns exec "${NS[$g]}" iptables -A INPUT -p tcp -s "$SERVER_IP" --sport "$PORT" -j NFQUEUE --queue-num 0
    ip netns exec "${NS[$g]}" iptables -A OUTPUT -p tcp -d "$SERVER_IP" --dport "$PORT" -j NFQUEUE --queue-num 0
  fi
done

# One load process in each namespace.
COMMITS="$WORK/e1.commits,$WORK/e2.commits"
for g in "${GROUPS_ALL[@]}"; do
  case $g in
  e*) args=(--editor-tokens "$WORK/$g.editors" --clients 4 --editors 4 --per-token 1 --commits-out "$WORK/$g.commits") ;;
  f*) args=(--viewer-tokens "$WORK/$g.viewers" --clients "$FOLLOWERS" --editors 0 --per-token 5) ;;
  esac
  ip netns exec "${NS[$g]}" "$BIN/reorder-server-load" --faults --board nf --host "$SERVER_IP" --ports "$PORT" \
    --pids "$SERVER_PID" "${args[@]}" --seconds "$SECONDS_RUN" --rate 10 --ready-file "$WORK/$g.ready" \
    --go-file "$WORK/go" --wait-for "$COMMITS" --heartbeat-ms "${NET_FAULTS_HEARTBEAT_MS:-1000}" >"$WORK/$g.json" 2>"$WORK/$g.err" &
  PIDS+=("$!")
  eval "LOAD_$g=$!"
done
for _ in $(seq 900); do
  ready=0
  for g in "${GROUPS_ALL[@]}"; do [ -s "$WORK/$g.ready" ] && ready=$((ready + 1)); done
  [ "$ready" = ${#GROUPS_ALL[@]} ] && break
  for g in "${GROUPS_ALL[@]}"; do
    pid_var=LOAD_$g
    kill -0 "${!pid_var}" 2>/dev/null || { tail -n 3 "$WORK/$g.err" >&2; say "FAILED: the $g process ended before the start"; exit 1; }
  done
  sleep 0.1
done
[ "$ready" = ${#GROUPS_ALL[@]} ] || { tail -n 5 "$WORK"/*.err >&2; say "FAILED: the clients were not all connected within 90 s"; exit 1; }
declare -A CLIENTS=([e1]=4 [e2]=4 [f1]=$FOLLOWERS [f2]=$FOLLOWERS)
for g in "${GROUPS_ALL[@]}"; do
  [ "$(cat "$WORK/$g.ready")" = "${CLIENTS[$g]}" ] || { tail -n 3 "$WORK/$g.err" >&2; say "FAILED: $(cat "$WORK/$g.ready") of ${CLIENTS[$g]} clients of $g welcomed"; exit 1; }
done
say "every client welcomed: ${CLIENTS[*]}"

START=$(plus "$(mono)" 1)
echo "$START" >"$WORK/go.tmp"
mv "$WORK/go.tmp" "$WORK/go"
at() { sleep_until "$(plus "$START" "$1")"; }
pg() { "$REORDERKIT_PG_CONTROL" "$1"; }
partition() { impair e2 0 "$1"; impair f2 0 "$1"; }
loss_all() { for g in "${GROUPS_ALL[@]}"; do impair "$g" 0 "$1"; done; }
# after NAME SECONDS: waits until SECONDS after NAME's mark began (a fault lasts what it says, however
# late a loaded machine began it).
after() { sleep_until "$(plus "$(awk -v n="$1" '$1 == n { print $3 }' "$WORK/marks")" "$2")"; }
at 4; mark delay-on impair f1 200 0
after delay-on 12; mark delay-off impair f1 0 0
at 18; mark loss-on loss_all 5
after loss-on 12; mark loss-off loss_all 0
at 32; mark partition partition 100
after partition 10; mark heal partition 0
at 46; mark pg-stop pg stop
after pg-stop 4; mark pg-start pg start

# The processes end by themselves (each bounded); 5 minutes is a guard against a hang.
status=0
for g in "${GROUPS_ALL[@]}"; do
  pid_var=LOAD_$g
  pid=${!pid_var}
  for _ in $(seq 3000); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then
    say "the $g process did not end within 5 minutes"
    kill -KILL "$pid" 2>/dev/null || true
  fi
  if ! wait "$pid"; then
    status=1
    say "the $g process failed: $(tail -n 3 "$WORK/$g.err" | paste -sd ' ')"
  fi
  for i in "${!PIDS[@]}"; do [ "${PIDS[$i]}" = "$pid" ] && unset 'PIDS[i]'; done
done
# The links' counts: written at their end.
for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
PIDS=()

# The log, as the owner: each gesture's revisions, and the gestures the server remembers.
psql "$OWNER" -XAt -F ' ' -c "SELECT gesture, count(DISTINCT revision), min(revision) FROM reorder_changes
  WHERE board = 'nf' GROUP BY gesture" >"$WORK/log.changes"
psql "$OWNER" -XAt -F ' ' -c "SELECT gesture, revision FROM reorder_gestures WHERE board = 'nf'" >"$WORK/log.gestures"
psql "$OWNER" -XAt -F ' ' -c "SELECT revision, count(DISTINCT gesture) FROM reorder_changes WHERE board = 'nf'
  GROUP BY revision" >"$WORK/log.revisions"

python3 - "$WORK" "$SHAPER" "$status" <<'PY' || status=1
import json, os, sys

work, shaper, status = sys.argv[1], sys.argv[2], int(sys.argv[3])
failures = []
marks = {}
for line in open(os.path.join(work, "marks")):
    name, before, after = line.split()
    marks[name] = (float(before), float(after))
start = float(open(os.path.join(work, "go")).read())
reports = {}
for g in ("e1", "e2", "f1", "f2"):
    try:
        reports[g] = json.loads(open(os.path.join(work, f"{g}.json")).read().strip().splitlines()[-1])
    except (OSError, IndexError, ValueError):
        failures.append(f"{g}: no report")
commits = []
for g in ("e1", "e2"):
    try:
        commits += json.load(open(os.path.join(work, f"{g}.commits")))
    except (OSError, ValueError):
        failures.append(f"{g}: no commits file")
for g, r in reports.items():
    bad = sorted(k for k, ok in r["checks"].items() if not ok)
    if bad:
        failures.append(f"{g}: {', '.join(bad)}")

# Every acked move in the log exactly once, at its revision; nothing in the log not acked.
changes = {}
for line in open(os.path.join(work, "log.changes")):
    gesture, count, revision = line.split()
    changes[gesture] = (int(count), int(revision))
gestures = dict((g, int(r)) for g, r in (line.split() for line in open(os.path.join(work, "log.gestures"))))
twice_per_revision = [l for l in open(os.path.join(work, "log.revisions")) if int(l.split()[1]) != 1]
acked = {c["gesture"]: c["revision"] for c in commits}
not_once = [g for g, rev in acked.items() if changes.get(g) != (1, rev) or gestures.get(g) != rev]
initial = min((r["initialRevision"] for r in reports.values()), default=0)
not_acked = [g for g, (_, rev) in changes.items() if g not in acked and rev > initial]
revisions = sorted(c["revision"] for c in commits)
if not_once:
    failures.append(f"{len(not_once)} acked moves not in the log exactly once at their revision: {not_once[:3]}")
if not_acked:
    failures.append(f"{len(not_acked)} moves in the log never acked: {not_acked[:3]}")
if twice_per_revision:
    failures.append(f"revisions with more than one gesture: {twice_per_revision[:3]}")
if len(set(revisions)) != len(revisions):
    failures.append("two acks of one revision")
server_revisions = {r["serverRevision"] for r in reports.values()}
if len(server_revisions) != 1:
    failures.append(f"the processes read different server revisions: {server_revisions}")
elif reports:
    r = next(iter(reports.values()))
    if r["serverRevision"] - r["initialRevision"] != len(acked):
        failures.append(f"{r['serverRevision'] - r['initialRevision']} revisions for {len(acked)} acked moves")
if len(acked) < 200:
    failures.append(f"only {len(acked)} moves acked")

sent = {c["revision"]: c["sent"] for c in commits}
ack_time = {c["revision"]: c["acked"] for c in commits}

def propagation(groups, since, until):
    out = []
    for g in groups:
        for client in reports.get(g, {}).get("clientRecords", []):
            if client["editor"]:
                continue
            for rev, at in client["receipts"].items():
                t = sent.get(int(rev))
                if t is not None and since <= t <= until:
                    out.append((at - t) * 1000)
    return sorted(out)

def p(values, q):
    return round(values[min(len(values) - 1, int(round((len(values) - 1) * q)))], 1) if values else None

delay_on, delay_off = marks["delay-on"][1], marks["delay-off"][0]
delayed = propagation(["f1"], delay_on + 1.5, delay_off - 0.5)
clean = propagation(["f1", "f2"], start + 0.5, delay_on - 0.3)
lossy = propagation(["f1", "f2"], marks["loss-on"][1] + 1, marks["loss-off"][0] - 0.5)

# Convergence after the heal: the server's revisions at the heal, in every client of e2 and f2.
heal = marks["heal"][0]
at_heal = max((r for r, t in ack_time.items() if t < heal), default=0)
convergence = []
for g in ("e2", "f2"):
    for client in reports.get(g, {}).get("clientRecords", []):
        own = set(client["own"])
        need = [r for r in range(client["first"] + 1, at_heal + 1) if r not in own]
        times = [client["receipts"].get(str(r)) for r in need]
        if any(t is None for t in times):
            convergence.append(float("inf"))
        else:
            convergence.append(max([heal] + times) - heal)
convergence.sort()
pg_start = marks["pg-start"][1]
resumed = min((t for t in ack_time.values() if t > pg_start), default=None)
stalled = [r for r, t in ack_time.items() if marks["pg-stop"][0] <= t <= pg_start]
if resumed is None:
    failures.append("no move was acked after PostgreSQL started again: the server's commits hang")

links = {}
for g in ("e1", "e2", "f1", "f2"):
    try:
        links[g] = json.load(open(os.path.join(work, f"{g}.stats")))
    except (OSError, ValueError):
        pass
if shaper == "nfqueue":
    if links.get("f1", {}).get("delayed", 0) < 100:
        failures.append(f"f1's link delayed {links.get('f1', {}).get('delayed', 0)} packets: the delay was not applied")
    for g in ("e1", "e2", "f1", "f2"):
        if links.get(g, {}).get("dropped", 0) < 10:
            failures.append(f"{g}'s link dropped {links.get(g, {}).get('dropped', 0)} packets: the loss was not applied")

p95_delayed = p(delayed, 0.95)
worst = convergence[-1] if convergence else None
if len(delayed) < 100:
    failures.append(f"{len(delayed)} propagation samples under the delay")
elif p95_delayed >= 5 * 300:
    failures.append(f"p95 propagation under 200 ms {p95_delayed} ms: 5x its goal or more")
if worst is None or worst >= 10:
    failures.append(f"convergence after the heal {worst} s: 5x its goal or more (or a client never got there)")

figure = {
    "run": "net-faults", "shaper": shaper, "acked": len(acked),
    "followers": sum(r["clients"] for g, r in reports.items() if g.startswith("f")),
    "propagationMs": {
        "clean": {"p50": p(clean, 0.5), "p95": p(clean, 0.95), "count": len(clean)},
        "delay200": {"p50": p(delayed, 0.5), "p95": p95_delayed, "max": p(delayed, 1), "count": len(delayed)},
        "loss5": {"p50": p(lossy, 0.5), "p95": p(lossy, 0.95), "max": p(lossy, 1), "count": len(lossy)},
    },
    "convergenceAfterHealS": {"max": round(worst, 3) if worst is not None else None,
                              "p50": round(convergence[len(convergence) // 2], 3) if convergence else None,
                              "clients": len(convergence), "revisionAtHeal": at_heal},
    "postgres": {"stopS": round(pg_start - marks["pg-stop"][0], 1),
                 "firstAckAfterStartS": round(resumed - pg_start, 3) if resumed else None,
                 "ackedWhileStopped": len(stalled)},
    "rejected": {g: r.get("rejected") for g, r in reports.items()},
    "rateLimited": sum(r.get("rateLimited", 0) for r in reports.values()),
    "reconnectedClients": {g: r.get("reconnectedClients") for g, r in reports.items()},
    "links": {g: {k: v for k, v in s.items() if k != "modes"} for g, s in links.items()},
    "goal": {"delay200P95Ms": 300, "convergenceAfterHealS": 2},
    "met": {"delay200P95": p95_delayed is not None and p95_delayed <= 300,
            "convergenceAfterHeal": worst is not None and worst <= 2},
    "load": open("/proc/loadavg").read().split()[:3],
}
if failures:
    figure["failures"] = failures
print(json.dumps(figure, sort_keys=True))
for f in failures:
    print(f"net-faults: FAILED: {f}", file=sys.stderr)
sys.exit(1 if failures or status else 0)
PY
if [ "$status" != 0 ]; then
  say "the server's log ends:"
  tail -n 15 "$WORK/server.err" >&2 || true
  for g in "${GROUPS_ALL[@]}"; do python3 -c 'import json, sys
r = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
r.pop("clientRecords", None)
print(sys.argv[2] + ": " + json.dumps(r, sort_keys=True))' "$WORK/$g.json" "$g" >&2 2>/dev/null || true; done
  exit 1
fi
say "passed"
