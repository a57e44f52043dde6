# End-to-end tests of keyboard reordering and announcements in reorder-demo.
# Sourced by Scripts/e2e.sh after lib.sh and tests.sh.

# announcements: the texts of the report's announcement lines, one per line.
announcements() { jq -r 'select(.event == "announcement") | .text' "$OUT"; }

# Colors with the keyboard alone: Tab focuses c1, Space lifts it, Right, Right, Down move its
# placeholder to slot 5 (0 → 1 → 2 → 5 on three columns), Space drops it there; the report
# carries every step's announcement. Then Ctrl+Z undoes the keyboard move, Ctrl+Y redoes it, each
# announced.
test_keyboard_reorders_colors() {
  launch --report --reset --state "$TMP/keyboard.sqlite" --scene colors || return 1
  local before expected actual
  before=$(colors_order)
  key Tab
  expect "Tab announces the first item" wait_for_line '"text": "Color 1. Position 1 of 50 in Colors."' 3 || return 1
  key space
  expect "Space lifts c1" wait_for_line '"event": "lifted", "scene": "colors", "item": "c1"' 3 || return 1
  key Right
  key Right
  key Down
  expect "the third move is announced" wait_for_line '"text": "Moved to position 6 of 50."' 3 || return 1
  screenshot "$TMP/keyboard-lifted.png"
  key space
  expect "a changed line after the drop" wait_for_line '"event": "changed"' 3 || return 1
  expected=$(jq -c '(. - ["c1"]) as $rest | $rest[:5] + ["c1"] + $rest[5:]' <<<"$before")
  actual=$(last_event changed | jq -c '.sections[0].items')
  expect "order $expected, got $actual" [ "$expected" = "$actual" ] || return 1
  local said
  said=$(announcements | tr '\n' '|')
  expect "the announcements in order, got: $said" [ "$said" = "Color 1. Position 1 of 50 in Colors.|Color 1, lifted. Position 1 of 50 in Colors.|Moved to position 2 of 50.|Moved to position 3 of 50.|Moved to position 6 of 50.|Dropped at position 6 of 50.|" ] || return 1
  key ctrl+z
  expect "Ctrl+Z: a second changed line" wait_for_count '"event": "changed"' 2 3 || return 1
  actual=$(last_event changed | jq -c '.sections[0].items')
  expect "undo restores $before, got $actual" [ "$before" = "$actual" ] || return 1
  expect "the undo is announced" wait_for_line '"text": "Undone. Color 1 is at position 1 of 50 in Colors."' 3 || return 1
  key ctrl+y
  expect "Ctrl+Y: a third changed line" wait_for_count '"event": "changed"' 3 3 || return 1
  actual=$(last_event changed | jq -c '.sections[0].items')
  expect "redo gives $expected again, got $actual" [ "$expected" = "$actual" ] || return 1
  expect "the redo is announced" wait_for_line '"text": "Redone. Color 1 is at position 6 of 50 in Colors."' 3 || return 1
  stop_app
  expect "exit status 0 after SIGTERM (got $APP_STATUS)" [ "$APP_STATUS" = 0 ] || return 1
}

# Escape during a keyboard drag: the item returns, the cancel is announced, nothing is saved.
test_keyboard_escape_cancels() {
  launch --report --reset --state "$TMP/keyboard-escape.sqlite" --scene colors || return 1
  key Tab
  key Tab
  key space
  expect "Space lifts c2" wait_for_line '"item": "c2"' 3 || return 1
  key Down
  key Down
  key Escape
  expect "the cancel is announced" wait_for_line '"text": "Cancelled. Color 2 returned to position 2 of 50."' 3 || return 1
  sleep 0.3
  stop_app
  expect "no changed line" [ "$(count_lines '"event": "changed"')" = 0 ] || return 1
}
