#!/usr/bin/env bash
# The load benchmark of the shared board (ReorderKitPostgres): 8 headless clients, each making
# 1,000 random card moves at once against one local PostgreSQL (Scripts/with-postgres.sh), then
# every client compared with the database; once as is, once with the server stopped and started
# when half the moves are in. One JSON line a run: committed moves per second, propagation latency
# from one client's commit to another's apply (p50/p95/p99 ms), lost races, the longest order key,
# and the checks (every client equals the database, no card lost or duplicated, one revision per
# commit). Exits non-zero when a check fails. A release build; the first takes several minutes.
#
#   Scripts/pg-load.sh                          # both runs
#   Scripts/pg-load.sh --clients 4 --moves 200  # other sizes (arguments go to reorder-load)
set -euo pipefail
cd "$(dirname "$0")/.."
# Its own build folder, so that it neither waits for nor blocks the debug builds.
swift build -c release --scratch-path .build-release --product reorder-load >/dev/null
BIN="$(swift build -c release --scratch-path .build-release --show-bin-path)/reorder-load"
echo "reorder-load: one server, no restart" >&2
Scripts/with-postgres.sh "$BIN" "$@"
echo "reorder-load: the server stopped and started mid-run" >&2
Scripts/with-postgres.sh "$BIN" --restart "$@"
