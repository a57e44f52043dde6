#!/usr/bin/env bash
# Checks, on Linux, that the engine builds for the Apple platforms Package.swift declares:
# 1. the engine (Sources/ReorderKit) imports no module (the standard library only: no UIKit, AppKit,
#    Foundation);
# 2. the engine type-checks for each declared platform at its declared minimum version, with the
#    Apple availability of the standard library enforced. The toolchain's Linux standard library
#    interface (Swift.swiftinterface) carries the same `@available(macOS …, iOS …)` attributes as
#    Apple's; the script rebuilds it for an Apple target (in a stand-in SDK that holds only the
#    standard library) and type-checks the engine's sources against it, so a call to an API above
#    the declared versions (`String(unsafeUninitializedCapacity:…)` below macOS 11 / iOS 14, say)
#    is an error here as in Xcode. A canary file that makes such a call must be rejected, so the
#    check is known to bite.
# What it cannot see: Apple-only modules (Foundation, UIKit: the engine has none, by check 1),
# 32-bit layouts (the interface is the 64-bit one, so arm64_32 is not checked) and visionOS (below).
# Cost: about 35 s of CPU per platform the first time (the standard library is rebuilt from its
# interface into .build-availability/), 2 s per platform after that; macOS and iOS by default,
# tvOS and watchOS too with AVAILABILITY_ALL=1.
set -euo pipefail
cd "$(dirname "$0")/.."

status=0

# 1. No imports in the engine.
imports=$(grep -rnE '^[[:space:]]*(@[A-Za-z_]+(\([^)]*\))?[[:space:]]+)*import[[:space:]]' Sources/ReorderKit \
  --include='*.swift' || true)
if [[ -n "$imports" ]]; then
  echo "availability: the engine imports a module (it may use the standard library only):" >&2
  echo "$imports" >&2
  status=1
else
  echo "availability: the engine imports no module"
fi

# 2. The standard library's availability, per declared platform.
swift_bin=$(command -v swift)
resource=$(dirname "$(readlink -f "$swift_bin")")/../lib/swift
interface=$(ls "$resource"/linux/Swift.swiftmodule/*-unknown-linux-gnu.swiftinterface 2>/dev/null | head -1 || true)
if [[ -z "$interface" ]]; then
  echo "availability: no Swift.swiftinterface under $resource/linux; cannot check" >&2
  exit 1
fi
frontend=$(dirname "$(readlink -f "$swift_bin")")/swift-frontend
scratch=.build-availability
mkdir -p "$scratch"

# The declared minimum versions: `.macOS(.v10_15)` and the like, in Package.swift's `platforms:`.
declared=$(sed -n 's/^ *platforms: *\[\(.*\)\].*/\1/p' Package.swift)
if [[ -z "$declared" ]]; then
  echo "availability: Package.swift declares no platforms:" >&2
  exit 1
fi
version() { # version macOS -> 10.15
  sed -n "s/.*\.$1(\.v\([0-9_]*\)).*/\1/p" <<<"$declared" | tr _ .
}

engine_sources=$(find Sources/ReorderKit -name '*.swift' | sort)
canary="$scratch/Canary.swift"
cat >"$canary" <<'EOF'
// Uses an API from macOS 11 / iOS 14 / tvOS 14 / watchOS 7 without a check: must be rejected below them.
func canary() -> String { String(unsafeUninitializedCapacity: 1) { $0[0] = 65; return 1 } }
EOF

# The x86_64 triples (the Mac, the simulators), as the Linux interface is x86_64's (Float80 and
# all); availability is the same on a device. visionOS is not type-checked: the Linux interface
# lacks the visionOS versions Apple's own carries (visionOS 1 has iOS 17's standard library, so
# the iOS check at 13 covers it).
# platform  os  module-os (the interface's file name)  triple suffix
for entry in "macOS macosx macos -" "iOS ios ios-simulator -simulator" "tvOS tvos tvos-simulator -simulator" \
  "watchOS watchos watchos-simulator -simulator"; do
  read -r platform os module_os suffix <<<"$entry"
  # tvOS and watchOS move in step with iOS in every availability attribute of the standard
  # library; they are checked with AVAILABILITY_ALL=1 (a minute more of CPU the first time).
  if [[ "$platform" == tvOS || "$platform" == watchOS ]] && [[ "${AVAILABILITY_ALL:-0}" != 1 ]]; then
    echo "availability: $platform skipped (AVAILABILITY_ALL=1 checks it)"
    continue
  fi
  [[ "$suffix" == - ]] && suffix=""
  arch=x86_64
  v=$(version "$platform")
  if [[ -z "$v" ]]; then
    echo "availability: $platform not declared; skipped"
    continue
  fi
  [[ "$v" == *.* ]] || v="$v.0"
  target="$arch-apple-$os$v$suffix"
  sdk="$scratch/sdk-$module_os"
  mkdir -p "$sdk/usr/lib/swift/Swift.swiftmodule" "$scratch/cache-$module_os"
  # The Linux interface for the Apple target; `@backDeployed` (whose bodies the Linux interface
  # leaves out) only marks how an API is shipped, not when it is available, so it goes.
  sed -e "s/-target [a-z0-9_]*-unknown-linux-gnu/-target $target/" \
    -e 's/^\( *\)@backDeployed([^)]*)/\1/' "$interface" >"$sdk/usr/lib/swift/Swift.swiftmodule/$arch-apple-$module_os.swiftinterface.new"
  if ! cmp -s "$sdk/usr/lib/swift/Swift.swiftmodule/$arch-apple-$module_os.swiftinterface.new" \
    "$sdk/usr/lib/swift/Swift.swiftmodule/$arch-apple-$module_os.swiftinterface"; then
    mv "$sdk/usr/lib/swift/Swift.swiftmodule/$arch-apple-$module_os.swiftinterface.new" \
      "$sdk/usr/lib/swift/Swift.swiftmodule/$arch-apple-$module_os.swiftinterface"
  else
    rm "$sdk/usr/lib/swift/Swift.swiftmodule/$arch-apple-$module_os.swiftinterface.new"
  fi
  typecheck() {
    "$frontend" -typecheck "$@" -target "$target" -sdk "$sdk" -module-cache-path "$scratch/cache-$module_os" \
      -swift-version 6 -disable-implicit-concurrency-module-import \
      -disable-implicit-string-processing-module-import -disable-objc-interop 2>&1
  }
  # shellcheck disable=SC2086
  if ! out=$(typecheck $engine_sources -module-name ReorderKit -package-name ReorderKit); then
    echo "availability: the engine does not type-check for $target:" >&2
    grep -E "error:" <<<"$out" | sort -u >&2 || echo "$out" | tail -20 >&2
    status=1
    continue
  fi
  if out=$(typecheck "$canary" -module-name Canary) || ! grep -q "is only available in" <<<"$out"; then
    echo "availability: the canary type-checks for $target, so the check cannot catch anything:" >&2
    echo "$out" | tail -5 >&2
    status=1
    continue
  fi
  echo "availability: the engine type-checks for $target (standard library availability enforced; the canary is caught)"
done
exit $status
