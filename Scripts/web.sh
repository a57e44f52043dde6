#!/usr/bin/env bash
# The engine in the browser (issue 32): compiles Sources/ReorderKit and the export layer
# Web/Exports (its C ABI, rk_…) as one Embedded Swift whole-module compile for
# wasm32-unknown-none-wasm, links it with wasm-ld against Debian's wasi-libc (malloc, memcpy),
# compiler-rt's wasm32 builtins (128-bit multiplication) and the toolchain's Unicode tables, and
# copies the page (Web/Page) beside it: Web/dist/ is a static site that any static file server
# serves.
#
#   Scripts/web.sh build     # Web/dist/{index.html, reorderkit.js, reorderkit.wasm, style.css}
#   Scripts/web.sh serve     # builds, then serves Web/dist on http://localhost:${PORT:-8032}/ with
#                            # reorder-server (static files only: no database needed)
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build-wasm/web
dist=Web/dist

build() {
  swiftc_bin=$(command -v swiftc) || { echo "web: swiftc is not on PATH" >&2; exit 1; }
  embedded="$(dirname "$(dirname "$(readlink -f "$swiftc_bin")")")/lib/swift/embedded/wasm32-unknown-none-wasm"
  [ -d "$embedded" ] || { echo "web: this toolchain has no Embedded Swift for wasm32 ($embedded)" >&2; exit 1; }
  need=()
  dpkg -s wasi-libc >/dev/null 2>&1 || need+=(wasi-libc)
  dpkg -s libclang-rt-dev-wasm32 >/dev/null 2>&1 || need+=(libclang-rt-dev-wasm32)
  command -v wasm-opt >/dev/null 2>&1 || need+=(binaryen)
  if ((${#need[@]})); then
    # wasi-libc: malloc and friends; compiler-rt's wasm32 builtins: 128-bit arithmetic (__multi3,
    # the order keys' full-width multiplications).
    echo "web: installing Debian's ${need[*]}" >&2
    apt-get install -y "${need[@]}" >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y "${need[@]}" >/dev/null; }
  fi
  builtins=$(find /usr/lib/llvm-*/lib/clang/*/lib/wasi -name libclang_rt.builtins-wasm32.a 2>/dev/null | sort -V | tail -n 1)
  [ -f "$builtins" ] || { echo "web: compiler-rt has no libclang_rt.builtins-wasm32.a" >&2; exit 1; }
  # awk reads the whole list: `grep -m1` stopped early, and under pipefail dpkg's SIGPIPE failed
  # the pipeline now and then (the script then ended in silence, or linked a path twice).
  libc=$(dpkg -L wasi-libc | awk '/\/wasm32-wasi\/libc\.a$/ && !found { print; found = 1 }')
  [ -f "$libc" ] || { echo "web: Debian's wasi-libc has no wasm32-wasi/libc.a" >&2; exit 1; }
  mkdir -p "$out" "$dist"
  # The shared board's protocol (Sources/ReorderSync, issue 44) is compiled in too: the page's
  # BoardSync (Web/Exports/Sync.swift). The library's engine exports none of it, so the linker
  # drops it there.
  mapfile -t sources < <(find Sources/ReorderKit Sources/ReorderSync Web/Exports -name '*.swift' | sort)
  start=$(date +%s)
  # The compile takes a minute or two: it is skipped when the object file is newer than every source.
  if [ -f "$out/reorderkit.o" ] && [ -z "$(find Sources/ReorderKit Sources/ReorderSync Web/Exports -name '*.swift' -newer "$out/reorderkit.o" | head -1)" ]; then
    echo "web: $out/reorderkit.o is up to date, not compiled again" >&2
  elif ! swiftc -enable-experimental-feature Embedded -enable-experimental-feature Extern -target wasm32-unknown-none-wasm -wmo -parse-as-library \
    -Osize -Xfrontend -disable-stack-protector -module-name ReorderKit -package-name ReorderKit -c -o "$out/reorderkit.o" "${sources[@]}" \
    >"$out/compile.log" 2>&1; then
    echo "web: the engine does not compile for wasm32 (log: $out/compile.log):" >&2
    grep -E -A4 'error:' "$out/compile.log" | head -60 >&2
    exit 1
  fi
  compiled=$(date +%s)
  # Only the rk_ functions (and the memory) are exported; the linker drops what nobody calls.
  exports=()
  while read -r symbol; do exports+=("--export=$symbol"); done < <(grep -oh '@_cdecl("rk_[a-z_]*")' Web/Exports/*.swift | sed 's/@_cdecl("\(.*\)")/\1/')
  # Shrunk by binaryen's wasm-opt -Oz as the library's is (issue 44: the page's BoardSync costs
  # 61 KB gzipped after -Oz; the pass takes 15–20 s).
  wasm-ld --no-entry --gc-sections --strip-all -z stack-size=1048576 "${exports[@]}" \
    -o "$out/page.wasm" "$out/reorderkit.o" "$libc" "$embedded/libswiftUnicodeDataTables.a" "$builtins"
  wasm-opt -Oz --enable-bulk-memory --enable-sign-ext --enable-mutable-globals --enable-nontrapping-float-to-int \
    "$out/page.wasm" -o "$dist/reorderkit.wasm"
  cp Web/Page/index.html Web/Page/reorderkit.js Web/Page/share.js Web/Page/style.css "$dist/"
  # The library (issue 43): the ES modules, the classic script and the engine beside them, and the
  # examples a developer copies, which load it from ../lib/.
  mkdir -p "$dist/lib" "$dist/examples"
  cp Web/Lib/*.js "$dist/lib/"
  # Its own engine: only what the library calls is exported (the linker drops the scenes, the
  # shared board and the order keys' restore), then binaryen's wasm-opt -Oz.
  lib_exports=()
  while read -r symbol; do
    grep -q "@_cdecl(\"$symbol\")" Web/Exports/*.swift && lib_exports+=("--export=$symbol")
  done < <(grep -oh 'rk_[a-z_]*' Web/Lib/*.js | sort -u)
  wasm-ld --no-entry --gc-sections --strip-all -z stack-size=1048576 "${lib_exports[@]}" \
    -o "$out/lib.wasm" "$out/reorderkit.o" "$libc" "$embedded/libswiftUnicodeDataTables.a" "$builtins"
  wasm-opt -Oz --enable-bulk-memory --enable-sign-ext --enable-mutable-globals --enable-nontrapping-float-to-int \
    "$out/lib.wasm" -o "$dist/lib/reorderkit.wasm"
  cp Examples/web/*.html "$dist/examples/"
  echo "web: $dist built: reorderkit.wasm $(stat -c %s "$dist/reorderkit.wasm") bytes" \
    "($(gzip -9c "$dist/reorderkit.wasm" | wc -c) gzipped) in $((compiled - start)) s;" \
    "lib/: $(cat "$dist"/lib/*.js | gzip -9c | wc -c) bytes of JavaScript and $(gzip -9c "$dist/lib/reorderkit.wasm" | wc -c) of engine, gzipped"
}

case "${1:-build}" in
build) build ;;
serve)
  build
  port=${PORT:-8032}
  # The board server serves the build (no database needed for files alone): the same traits as
  # `make test`, so that the build in .build/ is shared and not redone.
  # shellcheck disable=SC2206
  traits=(${REORDERKIT_TRAITS:---traits Sharing})
  swift build "${traits[@]}" --product reorder-server >&2
  bin=$(swift build "${traits[@]}" --show-bin-path)
  echo "web: http://localhost:$port/?scene=colors&items=50 (a board's link: http://localhost:$port/boards/NAME)"
  exec "$bin/reorder-server" serve --static "$dist" --port "$port"
  ;;
*)
  echo "usage: Scripts/web.sh build | serve" >&2
  exit 2
  ;;
esac
