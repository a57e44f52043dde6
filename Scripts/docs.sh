#!/usr/bin/env bash
# Builds the DocC catalogs of the libraries, ReorderKit, ReorderKitSDL, ReorderKitUIKit and ReorderKitPostgres,
# from their modules' symbol graphs; fails on any warning (a broken link, an undocumented parameter), so the docs stay
# current. Output: .build/docs/ReorderKit, …/ReorderKitSDL and …/ReorderKitUIKit (or under DOCS_OUT).
set -euo pipefail
cd "$(dirname "$0")/.."
# Kept between runs: an up-to-date build emits no new graphs, and the last ones are still current.
graphs=.build/symbol-graphs
mkdir -p "$graphs"
swift build --target ReorderKitSDL -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir \
  -Xswiftc "$PWD/$graphs" >/dev/null 2>&1 || {
  echo "docs: the build for the symbol graphs failed" >&2
  exit 1
}
swift build --target ReorderKitUIKit -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir \
  -Xswiftc "$PWD/$graphs" >/dev/null 2>&1 || {
  echo "docs: the build for ReorderKitUIKit's symbol graph failed" >&2
  exit 1
}
modules=(ReorderKit ReorderKitSDL ReorderKitUIKit)
# The shared board's library, unless the build leaves PostgreSQL out.
if [ -z "${REORDERKIT_WITHOUT_POSTGRES:-}" ]; then
  swift build --target ReorderKitPostgres -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir \
    -Xswiftc "$PWD/$graphs" >/dev/null 2>&1 || {
    echo "docs: the build for ReorderKitPostgres's symbol graph failed" >&2
    exit 1
  }
  modules+=(ReorderKitPostgres)
fi
out=${DOCS_OUT:-.build/docs}
mkdir -p "$out"
status=0
for module in "${modules[@]}"; do
  # Each catalog gets its own module's graphs only (DocC documents one module per catalog).
  dir="$graphs/catalog-$module"
  rm -rf "$dir" && mkdir -p "$dir"
  cp "$graphs/$module.symbols.json" "$dir/"
  log=$(docc convert "Sources/$module/Documentation.docc" --additional-symbol-graph-dir "$dir" \
    --output-path "$out/$module" --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.reorderkit.$module" 2>&1)
  if grep -qE "warning|error" <<<"$log"; then
    echo "docs: DocC reported problems in $module:" >&2
    grep -E "warning|error" <<<"$log" >&2
    status=1
  else
    echo "docs: built $out/$module (no warnings)"
  fi
done
exit $status
