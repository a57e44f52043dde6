#!/usr/bin/env bash
# Builds the DocC catalog of ReorderKit from the module's symbol graph; fails on any warning
# (a broken link, an undocumented parameter), so the docs stay current.
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=.build/symbol-graphs
rm -rf "$graphs" && mkdir -p "$graphs"
swift build --target ReorderKit -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >/dev/null
out=${DOCS_OUT:-.build/docs}
log=$(docc convert Sources/ReorderKit/Documentation.docc --additional-symbol-graph-dir "$graphs" \
  --output-path "$out" --fallback-display-name ReorderKit --fallback-bundle-identifier org.reorderkit.ReorderKit 2>&1)
if grep -qE "warning|error" <<<"$log"; then
  echo "docs: DocC reported problems:" >&2
  grep -E "warning|error" <<<"$log" >&2
  exit 1
fi
echo "docs: built $out (no warnings)"
