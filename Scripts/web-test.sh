#!/usr/bin/env bash
# The web build in a real Chromium (issue 32), a stage of `make test`: builds Web/dist
# (Scripts/web.sh build), serves it on a free local port (Tests/Web/serve.py, which also answers a
# board's link /boards/{B} as reorder-server does) and runs the tests of Tests/Web in headless
# Chromium: drag.py (a mouse drag, a touch long-press drag at 100,000 items, a resize and the
# wheel), keyboard.py (keyboard reordering read back from the aria-live region, undo, Escape, the
# accessibility actions, reduced motion), storage.py (IndexedDB: a reload restores the order) and
# bad_input.py (bad addresses and a .wasm that fails to load), autoscroll.py (a drag held near the
# bottom edge of Colors, the right edge of Photos, the bottom of a Board column and the board's right
# edge scrolls, on a driven clock, and drops where the report says) and scenes.py (Lessons' folders
# and spring loading, the Students re-sort on a driven clock, Photos, the Board: a card into Doing, the
# limit, a column move, "Move to Doing", the keyboard, undo, a board's link, &items=N shared by the
# columns) and share_protocol.py (a board's link against a scripted server in the page: rateLimited
# sent again, a revision gap, reset, invalid), with screenshots in test-out/web/. Installs what the tests need when it is missing:
# Debian's chromium and chromium-driver, and selenium from PyPI (never `make demo`'s business).
#
#   Scripts/web-test.sh          # exit 0 when every check passes
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/browser-tools.sh

Scripts/web.sh build
# The library's test pages (a page written for SortableJS, with its script swapped), served beside
# the examples.
mkdir -p Web/dist/tests
cp Tests/Web/pages/*.html Web/dist/tests/

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
log=.build-wasm/web/http.log
python3 Tests/Web/serve.py "$port" Web/dist >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
python3 - "$port" <<'PY'
import sys, time, urllib.request
deadline = time.time() + 30
while True:
    try:
        urllib.request.urlopen("http://127.0.0.1:%s/index.html" % sys.argv[1], timeout=2).read()
        break
    except OSError:
        if time.time() > deadline:
            sys.exit("web-test: the static server never answered")
        time.sleep(0.1)
PY
shots=${WEB_SHOTS:-test-out/web}
mkdir -p "$shots"
for test in drag keyboard storage bad_input autoscroll scenes share_protocol share_tabs library; do
  python3 "Tests/Web/$test.py" "http://127.0.0.1:$port/" "$shots"
done
# The shared board's conformance script (issue 44), which BoardSync passes in Swift too.
python3 Tests/Web/conformance.py "http://127.0.0.1:$port/"
echo "web-test: passed (screenshots in $shots)"
