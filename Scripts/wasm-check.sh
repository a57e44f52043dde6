#!/usr/bin/env bash
# The engine compiles for WebAssembly from the same sources: every file of Sources/ReorderKit, whole
# module, with the toolchain's Embedded Swift for wasm32-unknown-none-wasm (no key paths, no
# `String(describing:)`, no existentials that need runtime metadata). `make test` runs it so the
# engine stays that way; the object file lands in .build-wasm/ (its own scratch folder).
#
#   Scripts/wasm-check.sh            # fails, with the compiler's errors, when the engine or ReorderSync does not compile
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build-wasm
mkdir -p "$out"
swiftc_bin=$(command -v swiftc) || { echo "wasm-check: swiftc is not on PATH" >&2; exit 1; }
embedded="$(dirname "$(dirname "$(readlink -f "$swiftc_bin")")")/lib/swift/embedded"
[ -d "$embedded" ] || { echo "wasm-check: this toolchain has no Embedded Swift standard library ($embedded)" >&2; exit 1; }

log=$out/wasm-check.log
start=$(date +%s)
mapfile -t sources < <(find Sources/ReorderKit -name '*.swift' | sort)
if swiftc -enable-experimental-feature Embedded -target wasm32-unknown-none-wasm -wmo -parse-as-library -Osize \
  -module-name ReorderKit -package-name ReorderKit -emit-module -emit-module-path "$out/ReorderKit.swiftmodule" \
  -c -o "$out/ReorderKit.o" "${sources[@]}" >"$log" 2>&1; then
  echo "wasm-check: ${#sources[@]} files of Sources/ReorderKit compiled for wasm32 (Embedded Swift) in $(($(date +%s) - start)) s: $(stat -c %s "$out/ReorderKit.o") bytes of object code"
else
  echo "wasm-check: Sources/ReorderKit does not compile for wasm32 with Embedded Swift (log: $log):" >&2
  grep -E -A4 'error:' "$log" | head -60 >&2
  exit 1
fi

# The board client's protocol (Sources/ReorderSync, issue 44) holds the same promise: it imports
# nothing and compiles for wasm32 with Embedded Swift, so that the page can run the one sync machine.
start=$(date +%s)
mapfile -t sync_sources < <(find Sources/ReorderSync -name '*.swift' | sort)
if swiftc -enable-experimental-feature Embedded -target wasm32-unknown-none-wasm -wmo -parse-as-library -Osize \
  -module-name ReorderSync -c -o "$out/ReorderSync.o" "${sync_sources[@]}" >"$out/wasm-check-sync.log" 2>&1; then
  echo "wasm-check: ${#sync_sources[@]} files of Sources/ReorderSync compiled for wasm32 (Embedded Swift) in $(($(date +%s) - start)) s: $(stat -c %s "$out/ReorderSync.o") bytes of object code"
else
  echo "wasm-check: Sources/ReorderSync does not compile for wasm32 with Embedded Swift (log: $out/wasm-check-sync.log):" >&2
  grep -E -A4 'error:' "$out/wasm-check-sync.log" | head -60 >&2
  exit 1
fi
