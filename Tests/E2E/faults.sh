# End-to-end tests of storage faults: the database locked by another process, deleted or replaced
# underneath, the disk full (a tiny tmpfs; needs root). Each: one warning line on stderr (and the
# caption, through a "storage" report line), no "changed" line while the move is not saved, the
# arrangement kept, the save retried, and once the fault clears everything saved and reported.
# Sourced by Scripts/e2e.sh after lib.sh, tests.sh and persistence.sh (it uses rows helpers).

# drag_slots FROM_ID TO_ID: long-press drag between the slots those items held in the ready line;
# waits for the drop.
drag_slots() {
  read -r x0 y0 <<<"$(center "$1")"
  read -r x1 y1 <<<"$(center "$2")"
  local dropped
  dropped=$(count_lines '"event": "dropped"')
  press "$x0" "$y0"
  wait_for_count '"event": "lifted"' $((dropped + 1)) 5 || { echo "    nothing lifted at $1"; release; return 1; }
  glide "$x0" "$y0" "$x1" "$y1" 12
  sleep 0.3
  release
  wait_for_count '"event": "dropped"' $((dropped + 1)) 5 || { echo "    no drop"; return 1; }
}

# wait_for_err TEXT SECONDS: until stderr holds TEXT.
wait_for_err() {
  for _ in $(seq 1 $(($2 * 20 * GUARD_SCALE))); do
    grep -qF -- "$1" "$ERR" 2>/dev/null && return 0
    sleep 0.05
  done
  return 1
}

# saved_colors DB: the whole saved Colors order, as JSON.
saved_colors() { saved_order "$1" colors 1000; }

# after_fault DB EXPECTED_STDERR_LINES: the fault cleared: "saved again", a changed line for the
# unsaved moves, the database sound and equal to the last one, both moves in it; then a move saves at once.
after_fault() {
  local db=$1 lines=$2
  expect "the warning and \"saved again\" in stderr" wait_for_err "saved again" 8 || return 1
  expect "a changed line once saved" wait_for_count '"event": "changed"' 1 5 || return 1
  sleep 0.5 # a move queued behind the successful retry is written (and reported) as usual
  local reported changed
  changed=$(count_lines '"event": "changed"')
  reported=$(last_event changed | jq -c '.sections[0].items')
  expect "both moves kept (c1 and c2 moved): $reported" [ "$(jq -c '.[0:2]' <<<"$reported")" != '["c1","c2"]' ] || return 1
  expect "the database sound" [ "$(sqlite3 "$db" 'PRAGMA integrity_check')" = ok ] || return 1
  expect "the database holds the reported order" [ "$(saved_colors "$db")" = "$reported" ] || return 1
  expect "a storage line for the caption: $(last_event storage)" [ "$(last_event storage | jq -r .text)" = "Saved again." ] || return 1
  drag_slots c5 c9 || return 1
  expect "the next move saved at once" wait_for_count '"event": "changed"' $((changed + 1)) 5 || return 1
  reported=$(last_event changed | jq -c '.sections[0].items')
  stop_app
  expect "the database holds the last reported order" [ "$(saved_colors "$db")" = "$reported" ] || return 1
  expect "$lines stderr lines, got: $(cat "$ERR")" [ "$(wc -l <"$ERR")" = "$lines" ] || return 1
}

# during_fault REASON: two moves while saves fail: a warning naming the reason, no changed line.
during_fault() {
  drag_slots c1 c8 || return 1
  expect "a warning: $1" wait_for_err "$1" 8 || return 1
  expect "one warning line: $(cat "$ERR")" [ "$(grep -c warning "$ERR")" = 1 ] || return 1
  # The warning reaches stderr from the writer's thread; the caption (and its report line) follow
  # on the app's next frame.
  expect "a storage line for the caption" wait_for_count '"event": "storage"' 1 5 || return 1
  expect "the caption says why: $(last_event storage)" \
    bash -c "jq -r 'select(.event == \"storage\") | .text' '$OUT' | grep -qF 'Not saved: $1'" || return 1
  drag_slots c2 c6 || return 1
  sleep 0.5
  expect "no changed line for unsaved moves" [ "$(count_lines '"event": "changed"')" = 0 ] || return 1
}

# Another process holds the write lock (BEGIN EXCLUSIVE) until told to let go.
test_fault_database_locked() {
  local db="$TMP/locked.sqlite"
  launch --report --reset --state "$db" --scene colors || return 1
  expect "the rows saved" wait_rows_all "$db" || return 1
  # sqlite3 reads its commands from a pipe kept open: the write lock stays until ROLLBACK.
  mkfifo "$TMP/lock.fifo"
  sqlite3 "$db" <"$TMP/lock.fifo" >"$TMP/lock.out" 2>&1 &
  local locker=$!
  exec 7>"$TMP/lock.fifo"
  echo "BEGIN EXCLUSIVE; SELECT 'locked';" >&7
  for _ in $(seq 1 $((100 * GUARD_SCALE))); do grep -q locked "$TMP/lock.out" && break; sleep 0.05; done
  expect "sqlite3 holds the lock: $(cat "$TMP/lock.out")" grep -q locked "$TMP/lock.out" || { exec 7>&-; return 1; }
  during_fault "the database is locked by another process" || { exec 7>&-; return 1; }
  echo "ROLLBACK;" >&7
  exec 7>&-
  wait "$locker"
  after_fault "$db" 2
}

# The file deleted (with its log): a new database at the same path gets every scene.
test_fault_database_deleted() {
  local db="$TMP/deleted.sqlite"
  launch --report --reset --state "$db" --scene colors || return 1
  expect "the rows saved" wait_rows_all "$db" || return 1
  rm -f "$db" "$db-wal" "$db-shm"
  drag_slots c1 c8 || return 1
  expect "a warning: deleted" wait_for_err "was deleted" 8 || return 1
  drag_slots c2 c6 || return 1
  after_fault "$db" 2 || return 1
  expect "every scene saved again" [ "$(sqlite3 "$db" 'SELECT count(*) FROM scene')" = 5 ] || return 1
}

# The file replaced by garbage (renamed over it): the garbage is kept aside, a new database gets every scene.
test_fault_database_replaced() {
  local db="$TMP/replaced.sqlite"
  launch --report --reset --state "$db" --scene colors || return 1
  expect "the rows saved" wait_rows_all "$db" || return 1
  head -c 5000 /dev/urandom >"$TMP/garbage.bin"
  cp "$TMP/garbage.bin" "$TMP/garbage.new"
  mv "$TMP/garbage.new" "$db"
  drag_slots c1 c8 || return 1
  expect "a warning: replaced" wait_for_err "was replaced by another file" 8 || return 1
  drag_slots c2 c6 || return 1
  after_fault "$db" 3 || return 1
  expect "the garbage kept aside" cmp -s "$TMP/garbage.bin" "$db.corrupt-1" || return 1
  expect "every scene saved again" [ "$(sqlite3 "$db" 'SELECT count(*) FROM scene')" = 5 ] || return 1
}

# The disk full: the database on a 4 MB tmpfs filled up by another file, which is then removed.
test_fault_disk_full() {
  local mnt="$TMP/full"
  mkdir -p "$mnt"
  if ! mount -t tmpfs -o size=4m tmpfs "$mnt" 2>/dev/null; then
    echo "    skipped: cannot mount a tmpfs here (needs root)"
    return 0
  fi
  local status=0
  disk_full_on "$mnt" || status=1
  [ -n "$APP_PID" ] && kill -KILL "$APP_PID" 2>/dev/null && wait "$APP_PID" 2>/dev/null
  APP_PID=""
  umount "$mnt" || umount -l "$mnt"
  return $status
}

disk_full_on() {
  local db="$1/state.sqlite"
  launch --report --reset --state "$db" --scene colors || return 1
  expect "the rows saved" wait_rows_all "$db" || return 1
  stop_app
  # A restart reads the rows (the log and shared memory exist); then nothing is left on the disk.
  launch --report --state "$db" --scene colors || return 1
  dd if=/dev/zero of="$1/filler" bs=4k 2>/dev/null
  expect "the disk full" [ "$(df --output=avail "$1" | tail -n1 | tr -d ' ')" = 0 ] || return 1
  during_fault "the disk is full" || return 1
  rm -f "$1/filler"
  after_fault "$db" 2
}

# wait_rows_all DB: every scene's rows on disk (the first start writes them in the background).
wait_rows_all() {
  for _ in $(seq 1 $((200 * GUARD_SCALE))); do
    [ "$(sqlite3 "$1" 'SELECT count(*) FROM scene' 2>/dev/null)" = 5 ] && return 0
    sleep 0.05
  done
  return 1
}

# The default file of earlier versions, state.json (a SQLite database), is moved to state.sqlite once.
test_state_old_name_moved_once() {
  local folder="$XDG_STATE_HOME/reorderkit"
  rm -rf "$folder"
  launch --report --reset --state "$TMP/old.sqlite" --scene colors || return 1
  drag_slots c1 c8 || return 1
  wait_for_line '"event": "changed"' 5 || return 1
  local order
  order=$(last_event changed | jq -c '.sections[0].items')
  stop_app
  mkdir -p "$folder"
  mv "$TMP/old.sqlite" "$folder/state.json"
  launch --report --scene colors || return 1
  stop_app
  expect "a note naming both files: $(cat "$ERR")" grep -qF "moved the state file $folder/state.json to $folder/state.sqlite" "$ERR" || return 1
  expect "state.json gone" [ ! -e "$folder/state.json" ] || return 1
  expect "the saved order shown" [ "$(colors_order)" = "$order" ] || return 1
  launch --report --scene colors || return 1
  stop_app
  expect "moved once: no note the second time, got: $(cat "$ERR")" [ ! -s "$ERR" ] || return 1
  expect "still the saved order" [ "$(colors_order)" = "$order" ] || return 1
}

fault_tests=(test_state_old_name_moved_once test_fault_database_locked test_fault_database_deleted test_fault_database_replaced test_fault_disk_full)
