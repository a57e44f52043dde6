#!/usr/bin/env bash
# ReorderKit as a new user gets it: clones this repository (its work tree, uncommitted changes
# included) into a temporary folder, tags the clone with the version CHANGELOG.md names, then
# builds and runs, in debug and in release, a package of its own that depends on the clone by
# `file://` URL and `from:` that version, imports only ReorderKit and runs the README's example
# ("The engine in a few lines"), comparing what it prints with the example's `// Prints:` line.
# Fails on an unsafe flag (SwiftPM refuses them in a versioned dependency), a link error, a
# resolution to anything but the tag, or other output.
#
#   Scripts/outside-in.sh            # KEEP_OUTSIDE_IN=1 keeps the temporary folder
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

version=$(sed -nE 's/^## \[?([0-9]+\.[0-9]+\.[0-9]+)\]?.*/\1/p' CHANGELOG.md | head -n1)
[ -n "$version" ] || { echo "outside-in: no version heading (## x.y.z) in CHANGELOG.md" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/reorderkit-outside-in.XXXXXX")
cleanup() { if [ "${KEEP_OUTSIDE_IN:-0}" = 1 ]; then echo "outside-in: kept $tmp"; else rm -rf "$tmp"; fi; }
trap cleanup EXIT

# The clone: HEAD, plus the work tree's changes and new files, committed and tagged.
clone="$tmp/ReorderKit"
git clone --quiet --no-hardlinks "$repo" "$clone"
git diff --binary HEAD | git -C "$clone" apply --allow-empty --whitespace=nowarn
git ls-files --others --exclude-standard -z | while IFS= read -r -d '' f; do
  mkdir -p "$clone/$(dirname "$f")" && cp -p "$f" "$clone/$f"
done
git -C "$clone" tag -l | xargs -r git -C "$clone" tag -d >/dev/null
git -C "$clone" add -A
git -C "$clone" -c user.name=outside-in -c user.email=outside-in@localhost \
  commit --quiet --allow-empty -m "The work tree under test"
git -C "$clone" tag "$version"

# The user's package: the README's example as its main.swift.
app="$tmp/UsesReorderKit"
mkdir -p "$app/Sources/UsesReorderKit"
cat >"$app/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "UsesReorderKit",
  dependencies: [.package(url: "file://$clone", from: "$version")],
  targets: [
    .executableTarget(
      name: "UsesReorderKit", dependencies: [.product(name: "ReorderKit", package: "ReorderKit")])
  ]
)
EOF
main="$app/Sources/UsesReorderKit/main.swift"
awk '/^## The engine in a few lines/ { section = 1; next }
     section && /^```swift/ { code = 1; next }
     code && /^```/ { exit }
     code { print }' README.md >"$main"
[ -s "$main" ] || { echo "outside-in: no swift block under \"## The engine in a few lines\" in README.md" >&2; exit 1; }
imports=$(grep -E '^import ' "$main" | sort -u | tr '\n' ' ')
[ "$imports" = "import ReorderKit " ] || { echo "outside-in: the example imports '$imports', not only ReorderKit" >&2; exit 1; }
expected=$(sed -nE 's|^// Prints: (.*)$|\1|p' "$main" | tail -n1)
[ -n "$expected" ] || { echo "outside-in: the README's example has no '// Prints:' line" >&2; exit 1; }

cd "$app"
swift package resolve >"$tmp/resolve.log" 2>&1 || { cat "$tmp/resolve.log" >&2; echo "outside-in: resolution failed" >&2; exit 1; }
if ! swift package show-dependencies --format json >"$tmp/dependencies.json" 2>"$tmp/dependencies.log"; then
  cat "$tmp/dependencies.log" >&2
  grep -qi "unsafe" "$tmp/dependencies.log" && echo "outside-in: a product target carries unsafe build flags" >&2
  echo "outside-in: FAIL loading the package graph" >&2
  exit 1
fi
resolved=$(jq -r '.dependencies[] | select(.identity == "reorderkit") | .version' "$tmp/dependencies.json")
[ "$resolved" = "$version" ] || { echo "outside-in: ReorderKit resolved to '$resolved', not the tag $version" >&2; exit 1; }

status=0
for configuration in debug release; do
  log="$tmp/build-$configuration.log"
  if ! swift build -c "$configuration" >"$log" 2>&1; then
    cat "$log" >&2
    grep -qi "unsafe" "$log" && echo "outside-in: a product target carries unsafe build flags" >&2
    grep -qiE "undefined reference|linker command failed" "$log" && echo "outside-in: link error" >&2
    echo "outside-in: FAIL $configuration build" >&2
    status=1
    continue
  fi
  output=$("$(swift build -c "$configuration" --show-bin-path)/UsesReorderKit")
  if [ "$output" = "$expected" ]; then
    echo "outside-in: ok $configuration (ReorderKit $version by file:// URL): $output"
  else
    echo "outside-in: FAIL $configuration: printed '$output', the README says '$expected'" >&2
    status=1
  fi
done
exit $status
