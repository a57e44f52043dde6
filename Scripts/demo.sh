#!/usr/bin/env bash
# Until the desktop app lands: run `reorder run` on the example scenario and print the result.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product reorder >/dev/null
echo "reorder run Examples/nine-tiles.json"
.build/debug/reorder run Examples/nine-tiles.json
