# End-to-end tests of the Board scene (key 5): cards across columns by pointer and keyboard,
# Doing's limit, undo across columns, a column moved by its header, and a restart that restores
# it all. The tests run in order on one state file. Sourced by Scripts/e2e.sh.

BOARD_ARGS=(--report --size 1100x720 --scene board)

# board_views: the columns of the last ready or changed line, "id:item,item;id:…".
board_views() {
  jq -r 'select(.event == "ready" or .event == "changed") | select(.views) | .views
    | map("\(.id):\(.sections[0].items | join(","))") | join(";")' "$OUT" | tail -n1
}

# board_column ID: the cards of one column in the last ready or changed line, comma-separated.
board_column() {
  jq -r --arg id "$1" 'select(.event == "ready" or .event == "changed") | select(.views) | .views[]
    | select(.id == $id) | .sections[0].items | join(",")' "$OUT" | tail -n1
}

# saved_column ID: the cards the state file holds in a column, in order.
saved_column() {
  sqlite3 "$TMP/board.db" "SELECT item FROM item WHERE scene = 'board' AND section = '$1' ORDER BY key" | paste -sd,
}

# drag_card ID X Y: long-presses a card, glides it to (X, Y) and releases.
drag_card() {
  local x0 y0
  read -r x0 y0 <<<"$(center "$1")"
  press "$x0" "$y0"
  wait_for_line "\"event\": \"lifted\", \"scene\": \"board\", \"item\": \"$1\"" 3 || return 1
  glide "$x0" "$y0" "$2" "$3" 16
  sleep 0.3
}

test_board_card_into_doing() {
  rm -f "$TMP/board.db"
  launch "${BOARD_ARGS[@]}" --reset --state "$TMP/board.db" || return 1
  expect "Doing starts with card-23,card-24" [ "$(board_column doing)" = "card-23,card-24" ] || return 1
  local x y w h
  read -r x y w h <<<"$(frame_of card-24)"
  drag_card card-13 $((x + w / 2)) $((y + h + 30)) || return 1
  screenshot "$TMP/board-drag.png"
  release
  wait_for_line '"event": "changed", "scene": "board"' 5 || { echo "    no changed line"; stop_app; return 1; }
  stop_app
  expect "Doing holds card-13 at its end, got $(board_column doing)" \
    [ "$(board_column doing)" = "card-23,card-24,card-13" ] || return 1
  expect "To do lost card-13" [ "$(board_column todo | cut -d, -f1)" = "card-14" ] || return 1
  expect "saved: Doing is card-23,card-24,card-13, got $(saved_column doing)" \
    [ "$(saved_column doing)" = "card-23,card-24,card-13" ] || return 1
}

test_board_limit_refuses_fourth() {
  launch "${BOARD_ARGS[@]}" --state "$TMP/board.db" || return 1
  local x y w h
  read -r x y w h <<<"$(frame_of card-13)"
  drag_card card-14 $((x + w / 2)) $((y + h + 30)) || return 1
  expect "a refused line for Doing" wait_for_line '"event": "refused", "scene": "board", "view": "doing"' 3 || {
    release
    stop_app
    return 1
  }
  screenshot "$TMP/board-refused.png"
  release
  sleep 0.6
  stop_app
  expect "a cancelled line" grep -qF '"event": "cancelled", "scene": "board", "item": "card-14"' "$OUT" || return 1
  expect "no changed line" [ "$(count_lines '"event": "changed"')" = 0 ] || return 1
  expect "Doing still holds three cards, saved $(saved_column doing)" \
    [ "$(saved_column doing)" = "card-23,card-24,card-13" ] || return 1
}

test_board_keyboard_across_and_undo() {
  launch "${BOARD_ARGS[@]}" --state "$TMP/board.db" || return 1
  key Tab
  sleep 0.2
  key space
  expect "card-1 lifts" wait_for_line '"event": "lifted", "scene": "board", "item": "card-1"' 3 || { stop_app; return 1; }
  key Right
  expect "the announcement names To do" wait_for_line 'Moved to To do, position 1 of' 3 || { stop_app; return 1; }
  key space
  wait_for_count '"event": "changed"' 1 5
  local after_move
  after_move=$(board_column todo)
  key ctrl+z
  wait_for_count '"event": "changed"' 2 5
  local after_undo
  after_undo=$(board_column backlog)
  sleep 0.3
  stop_app
  expect "card-1 first in To do after the keyboard move, got $after_move" [ "${after_move%%,*}" = card-1 ] || return 1
  expect "card-1 back first in Backlog after Ctrl+Z, got $after_undo" [ "${after_undo%%,*}" = card-1 ] || return 1
  expect "saved: Backlog starts with card-1" [ "$(saved_column backlog | cut -d, -f1)" = card-1 ] || return 1
  expect "saved: To do starts with card-14" [ "$(saved_column todo | cut -d, -f1)" = card-14 ] || return 1
}

test_board_column_by_header() {
  launch "${BOARD_ARGS[@]}" --state "$TMP/board.db" || return 1
  local x0 y0 x1 y1
  read -r x0 y0 <<<"$(center review)"
  read -r x1 y1 <<<"$(center todo)"
  press "$x0" "$y0"
  sleep 0.8
  glide "$x0" "$y0" "$x1" "$y1" 16
  sleep 0.3
  screenshot "$TMP/board-column.png"
  release
  wait_for_line '"event": "changed", "scene": "board"' 5 || { echo "    no changed line"; stop_app; return 1; }
  stop_app
  local order
  order=$(jq -r 'select(.event == "changed") | .views | map(.id) | join(",")' "$OUT" | tail -n1)
  expect "Review moved before To do, got $order" [ "$order" = "backlog,review,todo,doing,done" ] || return 1
  expect "saved column order" [ "$(sqlite3 "$TMP/board.db" "SELECT sections FROM scene WHERE name = 'board'" |
    jq -r 'join(",")')" = "backlog,review,todo,doing,done" ] || return 1
}

test_board_restart_restores() {
  [ -f "$TMP/board.db" ] || { echo "    needs the board tests before it"; return 1; }
  launch "${BOARD_ARGS[@]}" --state "$TMP/board.db" || return 1
  local views
  views=$(board_views)
  screenshot "$TMP/board-restart.png"
  stop_app
  expect "the columns in their saved order" [ "$(sed 's/:[^;]*//g' <<<"$views")" = "backlog;review;todo;doing;done" ] || return 1
  expect "Doing restored, got $(board_column doing)" [ "$(board_column doing)" = "card-23,card-24,card-13" ] || return 1
  expect "card-1 first in Backlog" [ "$(board_column backlog | cut -d, -f1)" = card-1 ] || return 1
  expect "no warning" [ ! -s "$ERR" ] || return 1
}

board_tests=(
  test_board_card_into_doing
  test_board_limit_refuses_fourth
  test_board_keyboard_across_and_undo
  test_board_column_by_header
  test_board_restart_restores
)
