#!/usr/bin/env bash
# Installs what ReorderKit needs on a fresh Debian machine, and nothing that is already there.
set -euo pipefail
need=()
for pkg in libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libsqlite3-dev sqlite3 fontconfig fonts-dejavu-core xvfb xdotool x11-utils imagemagick jq; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing ${need[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need[@]}" >/dev/null
fi
command -v swift >/dev/null || { echo "setup: swift is not on PATH (Swift 6.1 or later is required)" >&2; exit 1; }
