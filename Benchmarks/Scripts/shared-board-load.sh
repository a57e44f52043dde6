#!/usr/bin/env bash
# The shared board under load, as `make bench` runs it: 8 headless clients × 1,000 random card moves
# at once against one local PostgreSQL, then again with the server restarted mid-run
# (Scripts/pg-load.sh, the reorder-load tool of the main package, in release). One JSON line a run;
# exits non-zero when a client differs from the database or a card is lost or duplicated.
#
#   Benchmarks/Scripts/shared-board-load.sh                 # both runs
#   Benchmarks/Scripts/shared-board-load.sh --moves 200     # arguments go to reorder-load
set -euo pipefail
exec "$(dirname "$0")/../../Scripts/pg-load.sh" "$@"
