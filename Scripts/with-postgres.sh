#!/usr/bin/env bash
# Runs a command with a PostgreSQL server of its own: Debian's `postgresql` package (installed with
# apt-get when missing), a temporary data folder owned by the `postgres` user, a free port on
# 127.0.0.1, stopped and deleted at the end whatever the command did. PostgreSQL refuses to run as
# root, so as root the server runs as `postgres` (runuser); as anyone else, as that user.
#
# The command sees:
#   REORDERKIT_PG_URL      postgresql://postgres@127.0.0.1:PORT/postgres
#   REORDERKIT_PG_CONTROL  a script: `$REORDERKIT_PG_CONTROL stop` / `start` stops or starts the same
#                          server on the same port (the tests take the server away mid-sequence);
#                          `kill` stops it at once, as a crash would (pg_ctl stop -m immediate)
#
#   Scripts/with-postgres.sh swift test --filter ReorderKitPostgresTests
#   Scripts/with-postgres.sh psql '$REORDERKIT_PG_URL'   # (quote the variable for the inner shell)
set -euo pipefail

[ $# -gt 0 ] || { echo "usage: Scripts/with-postgres.sh COMMAND [ARGUMENTS...]" >&2; exit 2; }

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

BIN=$(pg_bin)
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  echo "with-postgres: installing Debian's postgresql package" >&2
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
  BIN=$(pg_bin)
fi
[ -n "$BIN" ] && [ -x "$BIN/initdb" ] || { echo "with-postgres: no initdb after installing postgresql" >&2; exit 1; }

if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || { echo "with-postgres: the postgres user is missing" >&2; exit 1; }
  AS_PG=(runuser -u postgres --)
  OWNER=postgres
else
  AS_PG=()
  OWNER=$(id -un)
fi

DIR=$(mktemp -d /tmp/reorderkit-pg.XXXXXX)
chmod 755 "$DIR"
mkdir "$DIR/data"
chown "$OWNER" "$DIR/data"
chmod 700 "$DIR/data"
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

stop_server() {
  "${AS_PG[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap stop_server EXIT
trap 'exit 130' INT TERM

"${AS_PG[@]}" "$BIN/initdb" -D "$DIR/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 \
  || { cat "$DIR/initdb.log" >&2; echo "with-postgres: initdb failed" >&2; exit 1; }
# Fast and disposable: nothing here needs to survive a crash of the machine.
OPTIONS="-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$DIR/data -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"

# The control script the tests call to take the server away and bring it back.
# It closes every descriptor it inherited past stderr first: the server would keep them open,
# and a caller waiting for them to close (Foundation's Process does) would wait forever.
cat >"$DIR/control" <<EOF
#!/usr/bin/env bash
for fd in \$(ls /proc/\$\$/fd); do [ "\$fd" -gt 2 ] && eval "exec \$fd>&-"; done 2>/dev/null
case "\${1:-}" in
  stop) exec ${AS_PG[*]} "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null ;;
  kill) exec ${AS_PG[*]} "$BIN/pg_ctl" -D "$DIR/data" -m immediate -w stop >/dev/null ;;
  start) exec ${AS_PG[*]} "$BIN/pg_ctl" -D "$DIR/data" -w -l "$DIR/data/server.log" -o "$OPTIONS" start >/dev/null ;;
  *) echo "usage: \$0 stop|kill|start" >&2; exit 2 ;;
esac
EOF
chmod 755 "$DIR/control"

"$DIR/control" start || { cat "$DIR/data/server.log" >&2 || true; echo "with-postgres: the server did not start" >&2; exit 1; }

export REORDERKIT_PG_URL="postgresql://postgres@127.0.0.1:$PORT/postgres"
export REORDERKIT_PG_CONTROL="$DIR/control"
echo "with-postgres: PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT" >&2
set +e
"$@"
status=$?
set -e
exit $status
