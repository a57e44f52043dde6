#!/usr/bin/env bash
# The web library beside SortableJS in one headless Chromium (issue 43), not part of `make test`:
# Tests/Web/bench/list.html, a <ul> of 1,000 and of 10,000 of the page's own <li>, its script swapped
# between SortableJS (forceFallback, animation 150) and reorderkit-sortable.js; the same scripted mouse.
# Prints, for each: time to first interaction, bytes loaded (gzipped), main-thread time per idle
# second, frame interval p50/p95 while dragging and main-thread time per pointer move, then the
# ratios; then ReorderKit.virtual's frames with a million rows (Tests/Web/bench/million_frames.py).
# SortableJS is never in the repository: Sortable.min.js comes from SORTABLE_JS (default
# $TMPDIR/reorderkit-web-bench/Sortable.min.js, which Scripts/web-bench.sh fetches).
#
#   Scripts/web-lib-bench.sh                 # builds Web/dist, then measures
#   SIZES="1000" Scripts/web-lib-bench.sh    # one size
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/browser-tools.sh
[ "${WEB_BENCH_BUILD:-1}" = 0 ] || Scripts/web.sh build
sortable=${SORTABLE_JS:-${TMPDIR:-/tmp}/reorderkit-web-bench/Sortable.min.js}
[ -f "$sortable" ] || { echo "web-lib-bench: no $sortable: run Scripts/web-bench.sh once (it fetches SortableJS), or set SORTABLE_JS" >&2; exit 1; }
mkdir -p Web/dist/bench
cp Tests/Web/bench/list.html Web/dist/bench/
cp "$sortable" Web/dist/bench/Sortable.min.js
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
python3 Tests/Web/serve.py "$port" Web/dist >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
sleep 1
python3 Tests/Web/bench/library_bench.py "http://127.0.0.1:$port/" Web/dist
# ReorderKit.virtual with a million rows (SortableJS has no such mode: a million <li> is the page).
mkdir -p Web/dist/tests
cp Tests/Web/pages/million.html Web/dist/tests/
python3 Tests/Web/bench/million_frames.py "http://127.0.0.1:$port/"
