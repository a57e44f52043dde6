# End-to-end tests of `--share`: two windows of the app side by side, sharing one board through
# reorder-server (the way a team shares one), which keeps it in a real PostgreSQL (Scripts/e2e.sh
# runs them under Scripts/with-postgres.sh, which exports REORDERKIT_PG_URL and
# REORDERKIT_PG_CONTROL). A drag in one window appears in the other; the server killed mid-session
# (SIGKILL) while a move is made offline, then started again: both windows converge, equal to the
# database; a move made cut off from the server loses a race. Sourced by Scripts/e2e.sh after lib.sh.

SHARE_ARGS=(--report --size 620x640 --scene board)
SHARE_BOARD=reorder-demo

# sql QUERY: runs a query on the test server, unaligned, no headers.
sql() { psql "$REORDERKIT_PG_URL" -X -q -At -v ON_ERROR_STOP=1 -c "$1"; }

# share_server_start: reorder-server serving the test database on SHARE_PORT (a free port the first
# time, the same one after a kill), its log in $TMP/server.log. share_server_kill: SIGKILL.
share_server_start() {
  SHARE_PORT=${SHARE_PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
  # The web build's files when there is one (the test beside the page builds it first, then starts
  # the server again: the other tests need none, and a fresh clone has none before the web stage).
  local static=()
  if [ -d Web/dist ]; then static=(--static Web/dist); fi
  SHARE_STATIC=${#static[@]}
  "$SERVER_BIN" serve --database "postgresql://reorder_server:$SHARE_SERVER_PASSWORD@127.0.0.1:$SHARE_PG_PORT/postgres" \
    --port "$SHARE_PORT" "${static[@]}" >>"$TMP/server.log" 2>&1 &
  SHARE_SERVER_PID=$!
  for _ in $(seq 1 $((100 * GUARD_SCALE))); do
    curl -fs "http://127.0.0.1:$SHARE_PORT/healthz" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "    reorder-server did not answer /healthz"; sed 's/^/    /' "$TMP/server.log" | tail -5
  return 1
}
share_server_kill() {
  [ -n "${SHARE_SERVER_PID:-}" ] && kill -KILL "$SHARE_SERVER_PID" 2>/dev/null && wait "$SHARE_SERVER_PID" 2>/dev/null
  SHARE_SERVER_PID=""
}

# share_setup: once per run, the schema migrated with the owner role, an editor's token for the
# board in $TMP/share.token, the built-in board written as a board file (from the app's own ready
# line), and the server started.
share_setup() {
  [ -n "${SHARE_LINK:-}" ] && return 0
  SHARE_PG_PORT=${REORDERKIT_PG_URL##*:}
  SHARE_PG_PORT=${SHARE_PG_PORT%%/*}
  SHARE_SERVER_PASSWORD="e2e-$RANDOM$RANDOM"
  REORDER_SERVER_PASSWORD=$SHARE_SERVER_PASSWORD "$SERVER_BIN" migrate --database "$REORDERKIT_PG_URL" >"$TMP/migrate.log" 2>&1 ||
    { echo "    migrate failed"; cat "$TMP/migrate.log"; return 1; }
  launch "${SHARE_ARGS[@]}" --state "$TMP/share-seed.db" --reset || return 1
  jq -c 'select(.event == "ready") | {views}' "$OUT" | head -n1 >"$TMP/board.json"
  stop_app
  share_server_start || return 1
  SHARE_LINK="http://127.0.0.1:$SHARE_PORT/boards/$SHARE_BOARD"
}

# share_reset: the shared board created again from the built-in board (a new epoch), a new editor's
# token, and the windows' local outboxes gone.
share_reset() {
  share_setup || return 1
  sql "DELETE FROM reorder_changes WHERE board = '$SHARE_BOARD'; DELETE FROM reorder_rows WHERE board = '$SHARE_BOARD';
    DELETE FROM reorder_gestures WHERE board = '$SHARE_BOARD'; DELETE FROM reorder_boards WHERE board = '$SHARE_BOARD'" \
    >/dev/null 2>&1 || true
  "$SERVER_BIN" board create --database "$REORDERKIT_PG_URL" --board "$SHARE_BOARD" --from "$TMP/board.json" \
    >>"$TMP/admin.log" 2>&1 || { echo "    board create failed"; tail -3 "$TMP/admin.log"; return 1; }
  "$SERVER_BIN" token create --database "$REORDERKIT_PG_URL" --board "$SHARE_BOARD" --role editor --name e2e \
    >"$TMP/share.token" 2>>"$TMP/admin.log" || { echo "    token create failed"; return 1; }
  rm -f "$TMP"/share-[ab].db*
}

# share_launch NAME X [LINK]: a window at (X, 0), its report and process kept as NAME_OUT, NAME_PID,
# …; sharing the board's LINK (default: the test server's) with the editor's token.
share_launch() {
  local name=$1 x=$2 url=${3:-${SHARE_LINK:-}}
  [ -n "$url" ] || { echo "    no shared board (share_reset first)"; return 1; }
  local others=()
  [ -n "${a_PID:-}" ] && [ "$name" != a ] && others+=("$a_WID")
  launch "${SHARE_ARGS[@]}" --state "$TMP/share-$name.db" --share "$url" --token-file "$TMP/share.token" || return 1
  # xdotool's search by process may answer the other window (the windows carry no process id):
  # this one is the window that was not there before.
  if [ ${#others[@]} -gt 0 ]; then
    WID=$(xdotool search --name '^ReorderKit$' | grep -vxF "${others[@]/#/-e}" | head -n1)
    [ -n "$WID" ] || { echo "    no second window"; return 1; }
  fi
  xdotool windowmove "$WID" "$x" 0
  sleep 0.3
  printf -v "${name}_PID" %s "$APP_PID"
  printf -v "${name}_OUT" %s "$OUT"
  printf -v "${name}_ERR" %s "$ERR"
  printf -v "${name}_WID" %s "$WID"
}

# use NAME: lib.sh's helpers work on that window from now on (raised above the other).
use() {
  local v
  for v in PID OUT ERR WID; do
    local from="${1}_$v"
    case $v in PID) APP_PID=${!from} ;; OUT) OUT=${!from} ;; ERR) ERR=${!from} ;; WID) WID=${!from} ;; esac
  done
  xdotool windowraise "$WID" 2>/dev/null
  sleep 0.1
}

# share_stop_all: both windows quit (SIGTERM).
share_stop_all() {
  local name
  for name in a b; do
    local pid="${name}_PID"
    if [ -n "${!pid:-}" ]; then
      use "$name" 2>/dev/null
      stop_app
      printf -v "${name}_PID" %s ""
    fi
  done
  APP_PID=""
}

# window_board: the board the current window shows now, one "column|card,card" line per column:
# its latest ready, changed or remote line.
window_board() {
  jq -r 'select(.event == "ready" or .event == "changed" or .event == "remote") | select(.views)
    | .views | map("\(.id)|\(.sections[0].items | join(","))") | join(";")' "$OUT" | tail -n1
}

# database_board: the board as the server keeps it, in the same form (key order, then id order).
database_board() {
  sql "SELECT c.id || '|' || coalesce(string_agg(r.id, ',' ORDER BY r.key COLLATE \"C\", r.id COLLATE \"C\"), '')
    FROM reorder_rows c LEFT JOIN reorder_rows r ON r.board = c.board AND r.parent = c.id
    WHERE c.board = '$SHARE_BOARD' AND c.parent = ''
    GROUP BY c.id, c.key ORDER BY c.key COLLATE \"C\", c.id COLLATE \"C\"" | paste -sd';'
}

# column_of BOARD ID: the cards of one column in a board line.
column_of() { tr ';' '\n' <<<"$1" | sed -n "s/^$2|//p"; }

# wait_until_equal NAME SECONDS: waits until the window's board equals the database's.
wait_until_equal() {
  use "$1"
  for _ in $(seq 1 $(($2 * 5 * GUARD_SCALE))); do
    [ "$(window_board)" = "$(database_board)" ] && return 0
    sleep 0.2
  done
  echo "    window $1: $(window_board)"
  echo "    database: $(database_board)"
  return 1
}

# outbox_count NAME: the moves waiting in a window's local outbox.
outbox_count() { sqlite3 "$TMP/share-$1.db.shared.sqlite" "SELECT count(*) FROM outbox"; }

# carry_first_into_todo CARD: in the current window, the keyboard lifts the first Backlog card (CARD)
# and carries it into To do, where it stays lifted.
carry_first_into_todo() {
  xdotool windowfocus "$WID" 2>/dev/null
  sleep 0.2
  key Tab
  sleep 0.2
  key space
  expect "lifts $1" wait_for_line "\"event\": \"lifted\", \"scene\": \"board\", \"item\": \"$1\"" 5 || return 1
  key Right
  expect "carries it into To do" wait_for_line 'Moved to To do' 5 || return 1
}

# A drag in window A shows in window B (a `remote` line) as A committed it, and in the database.
check_share_drag_shows_in_other_window() {
  share_reset || return 1
  share_launch a 0 || return 1
  share_launch b 650 || return 1
  use a
  expect "window A online" wait_for_line '"event": "connection", "state": "online"' 10 || return 1
  local start
  start=$(window_board)
  use b
  expect "window B online" wait_for_line '"event": "connection", "state": "online"' 10 || return 1
  expect "both windows start from the same board" [ "$(window_board)" = "$start" ] || return 1
  expect "the built-in board, Backlog first: $start" [ "$(column_of "$start" backlog | cut -d, -f1)" = card-1 ] || return 1
  use a
  drag_onto card-1 card-14 || return 1
  expect "a changed line in A" wait_for_line '"event": "changed", "scene": "board"' 5 || return 1
  local moved
  moved=$(window_board)
  expect "card-1 in To do in A, got $(column_of "$moved" todo)" \
    grep -q "card-1" <<<"$(column_of "$moved" todo)" || return 1
  use b
  expect "a remote line in B within 10 s" wait_for_line '"event": "remote", "scene": "board"' 10 || return 1
  expect "B shows A's board: $(window_board) vs $moved" [ "$(window_board)" = "$moved" ] || return 1
  expect "the database holds it" wait_until_equal a 10 || return 1
  screenshot "$TMP/share-b.png"
  expect "no warning from A" [ ! -s "$a_ERR" ] || return 1
  expect "no warning from B" [ ! -s "$b_ERR" ] || return 1
}

# The server killed (SIGKILL) and started again while window A makes a move:
# A keeps it in its outbox and says so, sends it on reconnecting, and both windows converge on the
# database's board.
check_share_server_killed_and_back() {
  [ -n "$(database_board)" ] || { echo "    needs test_share_drag_shows_in_other_window"; return 1; }
  share_launch a 0 || return 1
  share_launch b 650 || return 1
  use a
  expect "window A online" wait_for_line '"event": "connection", "state": "online"' 10 || return 1
  use b
  expect "window B online" wait_for_line '"event": "connection", "state": "online"' 10 || return 1
  share_server_kill
  use a
  expect "A reports offline" wait_for_line '"event": "connection", "state": "offline"' 20 || return 1
  use b
  expect "B reports offline" wait_for_line '"event": "connection", "state": "offline"' 20 || return 1
  use a
  drag_onto card-2 card-15 || return 1
  expect "a changed line in A, offline" wait_for_line '"event": "changed", "scene": "board"' 5 || return 1
  local offline
  offline=$(window_board)
  sleep 0.5
  screenshot "$TMP/share-offline.png"
  expect "card-2 in To do in A, got $(column_of "$offline" todo)" grep -q "card-2" <<<"$(column_of "$offline" todo)" || return 1
  expect "the move waits in A's outbox (found $(outbox_count a))" [ "$(outbox_count a)" = 1 ] || return 1
  share_server_start || { echo "    the server did not start again"; return 1; }
  expect "A online again" wait_for_count '"event": "connection", "state": "online"' 2 30 || return 1
  use b
  expect "B online again" wait_for_count '"event": "connection", "state": "online"' 2 30 || return 1
  expect "B shows A's offline move (a remote line)" wait_for_line '"event": "remote", "scene": "board"' 15 || return 1
  expect "A equals the database" wait_until_equal a 15 || return 1
  expect "B equals the database" wait_until_equal b 15 || return 1
  use a
  expect "A's board is the one it made offline" [ "$(window_board)" = "$offline" ] || return 1
  for _ in $(seq 1 $((50 * GUARD_SCALE))); do [ "$(outbox_count a)" = 0 ] && break; sleep 0.2; done
  expect "A's outbox empty after the reconnection (found $(outbox_count a))" [ "$(outbox_count a)" = 0 ] || return 1
}

# A move in window B arrives in window A while A drags a card (lifted with the keyboard, carried
# into To do): the drag goes on, and A's drop lands with B's move kept.
check_share_remote_move_during_drag() {
  [ -n "$(database_board)" ] || { echo "    needs test_share_drag_shows_in_other_window"; return 1; }
  share_launch a 0 || return 1
  share_launch b 650 || return 1
  use a
  expect "window A online" wait_for_line '"event": "connection", "state": "online"' 10 || return 1
  local a_first b_card
  a_first=$(column_of "$(window_board)" backlog | cut -d, -f1)
  b_card=$(column_of "$(window_board)" backlog | cut -d, -f2)
  use b
  expect "window B online" wait_for_line '"event": "connection", "state": "online"' 10 || return 1
  # A lifts its first Backlog card and carries it into To do, and holds it there.
  use a
  carry_first_into_todo "$a_first" || return 1
  # Meanwhile B drags the next Backlog card into To do with the pointer.
  use b
  local x y w h
  read -r x y w h <<<"$(frame_of card-16)"
  drag_card "$b_card" $((x + w / 2)) $((y + h / 4)) || { echo "    $b_card did not lift in B"; return 1; }
  release
  expect "B's move committed" wait_for_line '"event": "changed", "scene": "board"' 5 || return 1
  use a
  expect "A receives it mid-drag" wait_for_line '"event": "remote", "scene": "board"' 10 || return 1
  expect "A's drag goes on (no cancel)" [ "$(count_lines '"event": "cancelled"')" = 0 ] || return 1
  expect "A's drag goes on (no drop yet)" [ "$(count_lines '"event": "changed"')" = 0 ] || return 1
  key space
  expect "A's drop committed" wait_for_line '"event": "changed", "scene": "board"' 5 || return 1
  local a_todo
  a_todo=$(column_of "$(window_board)" todo)
  expect "A's To do starts with $a_first and holds $b_card: $a_todo" \
    bash -c "[ '${a_todo%%,*}' = '$a_first' ] && grep -q '$b_card' <<<'$a_todo'" || return 1
  expect "A equals the database" wait_until_equal a 15 || return 1
  expect "B equals the database" wait_until_equal b 15 || return 1
}

# proxy_start: a relay (Tests/E2E/tcp_proxy.py) to the test server on a free port; PROXY_URL reaches
# the server through it. proxy_stop ends it and every connection through it.
proxy_start() {
  PROXY_PORT=${PROXY_PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
  python3 Tests/E2E/tcp_proxy.py "$PROXY_PORT" "$SHARE_PORT" &
  PROXY_PID=$!
  PROXY_URL="http://127.0.0.1:$PROXY_PORT/boards/$SHARE_BOARD"
  sleep 0.3
}
proxy_stop() {
  [ -n "${PROXY_PID:-}" ] && kill "$PROXY_PID" 2>/dev/null && wait "$PROXY_PID" 2>/dev/null
  PROXY_PID=""
}

# Two moves of one card, one made offline: A, cut off from the server (its relay stopped), carries
# its first Backlog card into To do (the move waits in its outbox); meanwhile B, online, drags the
# same card next to To do's second card. A back online sends its move. Through reorder-server a move
# is a difference by identity, so it is not lost for coming late: the server commits it after B's
# (the card ends first in To do, where A put it), both windows equal the database, and the card is
# on the board once. (A move into a column deleted meanwhile is the race a mover loses: the
# server's own tests, RemoteBoardTests and LiveTests, cover it.)
check_share_late_move() {
  [ -n "$(database_board)" ] || { echo "    needs test_share_drag_shows_in_other_window"; return 1; }
  proxy_start
  share_launch a 0 "$PROXY_URL" || return 1
  share_launch b 650 || return 1
  use a
  expect "window A online" wait_for_line '"event": "connection", "state": "online"' 10 || return 1
  local card second
  card=$(column_of "$(window_board)" backlog | cut -d, -f1)
  use b
  expect "window B online" wait_for_line '"event": "connection", "state": "online"' 10 || return 1
  second=$(column_of "$(window_board)" todo | cut -d, -f2)
  [ -n "$card" ] && [ -n "$second" ] || { echo "    no card in Backlog or two in To do"; return 1; }
  proxy_stop
  use a
  expect "A reports offline" wait_for_line '"event": "connection", "state": "offline"' 20 || return 1
  carry_first_into_todo "$card" || return 1
  key space
  expect "A's move, offline" wait_for_line '"event": "changed", "scene": "board"' 5 || return 1
  expect "it waits in A's outbox (found $(outbox_count a))" [ "$(outbox_count a)" = 1 ] || return 1
  use b
  local x y w h
  read -r x y w h <<<"$(frame_of "$second")"
  drag_card "$card" $((x + w / 2)) $((y + h - 4)) || { echo "    $card did not lift in B"; return 1; }
  release
  expect "B's move committed" wait_for_line '"event": "changed", "scene": "board"' 5 || return 1
  local server
  for _ in $(seq 1 $((25 * GUARD_SCALE))); do
    server=$(column_of "$(database_board)" todo)
    grep -qw "$card" <<<"$server" && break
    sleep 0.2
  done
  expect "the server has B's move, $card in To do, not first (where A put it): $server" \
    bash -c "[ '${server%%,*}' != '$card' ] && grep -qw '$card' <<<'$server'" || return 1
  proxy_start
  use a
  expect "A online again" wait_for_count '"event": "connection", "state": "online"' 2 30 || return 1
  expect "A equals the database" wait_until_equal a 15 || return 1
  expect "B equals the database" wait_until_equal b 15 || return 1
  local todo
  todo=$(column_of "$(database_board)" todo)
  expect "A's later move stands: $card first in To do ($todo)" [ "${todo%%,*}" = "$card" ] || return 1
  expect "$card is on the board once: $(database_board)" \
    [ "$(database_board | tr ';,|' '\n\n\n' | grep -cx "$card")" = 1 ] || return 1
  for _ in $(seq 1 $((50 * GUARD_SCALE))); do [ "$(outbox_count a)" = 0 ] && break; sleep 0.2; done
  expect "A's outbox empty (found $(outbox_count a))" [ "$(outbox_count a)" = 0 ] || return 1
}

# drag_onto CARD TARGET: in the current window, CARD dragged to the top quarter of TARGET (where it
# lands before TARGET) and released.
drag_onto() {
  local x y w h
  read -r x y w h <<<"$(frame_of "$2")"
  drag_card "$1" $((x + w / 2)) $((y + h / 4)) || { echo "    $1 did not lift"; return 1; }
  release
}

# page_say COMMAND: one command to the page (Tests/E2E/share_page.py, a coprocess); PAGE_ANSWER is
# its one-line answer (waits up to 30 s).
page_say() {
  echo "$1" >&"${PAGE[1]}"
  IFS= read -r -t $((30 * GUARD_SCALE)) PAGE_ANSWER <&"${PAGE[0]}" || PAGE_ANSWER="error: no answer"
}

# page_until_board BOARD SECONDS: waits until the page shows BOARD.
page_until_board() {
  for _ in $(seq 1 $(($2 * 4 * GUARD_SCALE))); do
    page_say board
    [ "$PAGE_ANSWER" = "$1" ] && return 0
    sleep 0.25
  done
  echo "    page: $PAGE_ANSWER"
  echo "    want: $1"
  return 1
}

# The desktop app and the web page share one board through the same server: the app's drag shows
# on the page (its report's remote views), the page's drag in the app (a remote line), and both
# equal the database. The page is headless Chromium on the board's link, the token pasted once.
check_share_app_and_page() {
  share_reset || return 1
  Scripts/browser-tools.sh || { echo "    Chromium, chromedriver or selenium could not be installed"; return 1; }
  [ -f Web/dist/reorderkit.wasm ] || Scripts/web.sh build >"$TMP/web-build.log" 2>&1 ||
    { echo "    the web build failed"; tail -5 "$TMP/web-build.log"; return 1; }
  if [ "$SHARE_STATIC" = 0 ]; then
    share_server_kill
    share_server_start || return 1
  fi
  share_launch a 0 || return 1
  expect "the app online" wait_for_line '"event": "connection", "state": "online"' 10 || return 1
  coproc PAGE { python3 Tests/E2E/share_page.py "$SHARE_LINK" "$TMP/share.token" 2>"$TMP/page.err"; }
  IFS= read -r -t $((60 * GUARD_SCALE)) PAGE_ANSWER <&"${PAGE[0]}" || PAGE_ANSWER="no answer"
  expect "the page online ($PAGE_ANSWER)" [ "$PAGE_ANSWER" = ready ] || { cat "$TMP/page.err"; return 1; }
  local start
  start=$(window_board)
  expect "the page shows the app's board" page_until_board "$start" 10 || return 1
  drag_onto card-1 card-14 || return 1
  expect "the app's move" wait_for_line '"event": "changed", "scene": "board"' 5 || return 1
  local moved
  moved=$(window_board)
  expect "the page shows the app's move" page_until_board "$moved" 15 || return 1
  # The page drags card-2 (Backlog) to the end of Doing (below its last card, card-24).
  page_say "drag card-2 card-24 40"
  expect "the page's drag ($PAGE_ANSWER)" [ "$PAGE_ANSWER" = ok ] || return 1
  expect "a remote line in the app" wait_for_line '"event": "remote", "scene": "board"' 15 || return 1
  local doing
  doing=$(column_of "$(window_board)" doing)
  expect "card-2 ends Doing in the app: $doing" [ "${doing##*,}" = card-2 ] || return 1
  expect "the app equals the database" wait_until_equal a 15 || return 1
  expect "the page equals the database" page_until_board "$(database_board)" 15 || return 1
  screenshot "$TMP/share-app.png"
  page_say "shot $TMP/share-page.png"
}

test_share_app_and_page() {
  check_share_app_and_page
  local status=$?
  if [ -n "${PAGE_PID:-}" ]; then
    echo quit >&"${PAGE[1]}" 2>/dev/null
    wait "$PAGE_PID" 2>/dev/null
  fi
  share_stop_all
  return $status
}

test_share_drag_shows_in_other_window() {
  check_share_drag_shows_in_other_window
  local status=$?
  share_stop_all
  return $status
}

test_share_server_killed_and_back() {
  check_share_server_killed_and_back
  local status=$?
  # Whatever happened, the server runs again for the next test.
  [ -n "${SHARE_SERVER_PID:-}" ] || share_server_start >/dev/null 2>&1
  share_stop_all
  return $status
}

test_share_remote_move_during_drag() {
  check_share_remote_move_during_drag
  local status=$?
  share_stop_all
  return $status
}

test_share_late_move() {
  check_share_late_move
  local status=$?
  share_stop_all
  proxy_stop
  return $status
}

# Over TLS: window A shares through a second instance serving https with a certificate of its own
# (trusted with --trust), window B through the plain one; A's drag reaches B and the database.
check_share_over_tls() {
  share_reset || return 1
  openssl req -x509 -newkey rsa:2048 -nodes -keyout "$TMP/tls-key.pem" -out "$TMP/tls-cert.pem" -days 1 \
    -subj /CN=localhost -addext "subjectAltName=DNS:localhost" >/dev/null 2>&1 || { echo "    openssl failed"; return 1; }
  local port
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  "$SERVER_BIN" serve --database "postgresql://reorder_server:$SHARE_SERVER_PASSWORD@127.0.0.1:$SHARE_PG_PORT/postgres" \
    --port "$port" --tls-cert "$TMP/tls-cert.pem" --tls-key "$TMP/tls-key.pem" >>"$TMP/server-tls.log" 2>&1 &
  SHARE_TLS_PID=$!
  expect "the TLS instance answers" wait_for_url "https://localhost:$port/healthz" 10 || return 1
  local plain=("${SHARE_ARGS[@]}")
  SHARE_ARGS+=(--trust "$TMP/tls-cert.pem")
  share_launch a 0 "https://localhost:$port/boards/$SHARE_BOARD"
  local launched=$?
  SHARE_ARGS=("${plain[@]}")
  [ $launched -eq 0 ] || return 1
  share_launch b 650 || return 1
  use a
  expect "window A online over wss" wait_for_line '"event": "connection", "state": "online"' 10 || return 1
  use b
  expect "window B online" wait_for_line '"event": "connection", "state": "online"' 10 || return 1
  use a
  drag_onto card-1 card-14 || return 1
  expect "a changed line in A" wait_for_line '"event": "changed", "scene": "board"' 5 || return 1
  use b
  expect "a remote line in B within 10 s" wait_for_line '"event": "remote", "scene": "board"' 10 || return 1
  expect "the database holds A's move" wait_until_equal a 10 || return 1
  expect "B equals the database" wait_until_equal b 10 || return 1
  expect "no warning from A" [ ! -s "$a_ERR" ] || return 1
}

# wait_for_url URL SECONDS: until curl (certificate unchecked) gets an answer.
wait_for_url() {
  for _ in $(seq 1 $(($2 * 10 * GUARD_SCALE))); do
    curl -fsk "$1" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  return 1
}

test_share_over_tls() {
  check_share_over_tls
  local status=$?
  share_stop_all
  if [ -n "${SHARE_TLS_PID:-}" ]; then
    kill -TERM "$SHARE_TLS_PID" 2>/dev/null
    wait "$SHARE_TLS_PID" 2>/dev/null
    SHARE_TLS_PID=""
  fi
  return $status
}

share_tests=(test_share_drag_shows_in_other_window test_share_server_killed_and_back test_share_remote_move_during_drag
  test_share_app_and_page
  test_share_late_move test_share_over_tls)
