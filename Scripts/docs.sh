#!/usr/bin/env bash
# Builds the DocC catalogs of the libraries, ReorderKit, ReorderKitSDL, ReorderKitUIKit, ReorderSync and
# ReorderKitShare, and of ReorderKitPostgres (no product, but documented for the server's side), from their
# modules' symbol graphs; fails on any warning (a broken link, an undocumented parameter), so the docs stay
# current. Output: .build/docs/ReorderKit, …/ReorderKitSDL, …/ReorderKitUIKit, …/ReorderSync,
# …/ReorderKitShare and …/ReorderKitPostgres (or under DOCS_OUT).
set -euo pipefail
cd "$(dirname "$0")/.."
# The symbol graphs come from the modules as `make test` builds them (the same traits, so nothing is
# rebuilt: extra compiler flags would rebuild every module, and the next build would rebuild them again).
# shellcheck disable=SC2206
traits=(${REORDERKIT_TRAITS:---traits Sharing})
log=$(swift package "${traits[@]}" dump-symbol-graph 2>&1) || {
  echo "docs: the build for the symbol graphs failed:" >&2
  tail -20 <<<"$log" >&2
  exit 1
}
graphs=$(sed -n 's/^Files written to //p' <<<"$log" | tail -1)
[[ -d "$graphs" ]] || {
  echo "docs: swift package dump-symbol-graph named no folder of symbol graphs:" >&2
  tail -5 <<<"$log" >&2
  exit 1
}
modules=(ReorderKit ReorderKitSDL ReorderKitUIKit ReorderSync)
[ -z "${REORDERKIT_WITHOUT_POSTGRES:-}" ] && modules+=(ReorderKitShare ReorderKitPostgres)
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
