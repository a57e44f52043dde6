#!/usr/bin/env bash
# The web page's Board shared through reorder-server (issue 31 item 6, issue 32), a part of
# `make test`'s web stage: a real PostgreSQL (Scripts/with-postgres.sh), real reorder-server
# processes and headless Chromium. Migrates a scratch database, creates board "team" with the
# built-in Board's columns and cards, an editor's and a viewer's token, and runs Tests/Web/share.py,
# which starts `reorder-server serve --static Web/dist` on a free port (and kills and restarts it).
#
#   Scripts/web-share-test.sh                                  # exit 0 when every check passes
#   REORDER_SERVER_BIN=/path/to/reorder-server Scripts/web-share-test.sh   # a server already built
#
# Without REORDER_SERVER_BIN the server is built with `make test`'s traits (REORDERKIT_TRAITS,
# default `--traits Sharing`), so that after the unit stage the build is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${REORDERKIT_PG_URL:-}" ]; then exec Scripts/with-postgres.sh "$0" "$@"; fi

if [ -n "${REORDER_SERVER_BIN:-}" ]; then
  server=$REORDER_SERVER_BIN
else
  # shellcheck disable=SC2206
  traits=(${REORDERKIT_TRAITS:---traits Sharing})
  swift build "${traits[@]}" --product reorder-server >&2
  server="$(swift build "${traits[@]}" --show-bin-path)/reorder-server"
fi
[ -x "$server" ] || { echo "web-share-test: no reorder-server at $server" >&2; exit 1; }

# Chromium, chromedriver and selenium as the other web tests have them; Web/dist built.
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null || ! python3 -c 'import selenium' 2>/dev/null; then
  echo "web-share-test: Chromium, chromedriver or selenium is missing: run Scripts/web-test.sh once (it installs them)" >&2
  exit 1
fi
Scripts/web.sh build

scratch=$(mktemp -d /tmp/reorderkit-web-share.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
password="web-share-$$-$RANDOM"
REORDER_SERVER_PASSWORD=$password "$server" migrate --database "$REORDERKIT_PG_URL" >"$scratch/migrate.log"
# The built-in Board: Backlog 12, To do 10, Doing 2, Review 6, Done 10 (card-1 … card-40).
python3 - "$scratch/board.json" <<'PY'
import json, sys
counts = [("backlog", 12), ("todo", 10), ("doing", 2), ("review", 6), ("done", 10)]
views, n = [], 1
for column, count in counts:
    views.append({"id": column, "sections": [{"id": column, "items": ["card-%d" % k for k in range(n, n + count)]}]})
    n += count
json.dump({"views": views}, open(sys.argv[1], "w"))
PY
"$server" board create --database "$REORDERKIT_PG_URL" --board team --from "$scratch/board.json" >/dev/null
token() { "$server" token create --database "$REORDERKIT_PG_URL" --board team --role "$1" --name "$2" | tail -n 1; }
editor=$(token editor Ann)
viewer=$(token viewer Vic)

# The server's login: reorder_server, on the same PostgreSQL.
server_url=$(python3 -c 'import sys, urllib.parse as u; p = u.urlsplit(sys.argv[1]); print(p._replace(netloc="reorder_server:%s@%s:%s" % (sys.argv[2], p.hostname, p.port)).geturl())' \
  "$REORDERKIT_PG_URL" "$password")
shots=${WEB_SHOTS:-test-out/web}
mkdir -p "$shots"
REORDER_SERVER="$server" REORDER_SERVER_URL="$server_url" SHARE_EDITOR="$editor" SHARE_VIEWER="$viewer" \
  SHARE_LOG="$scratch/serve.log" python3 Tests/Web/share.py team "$shots" || { tail -n 40 "$scratch/serve.log" >&2 || true; exit 1; }
echo "web-share-test: passed (screenshots in $shots)"
