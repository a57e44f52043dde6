#!/usr/bin/env bash
# Installs what the tests in a real Chromium need when it is missing: Debian's chromium and
# chromium-driver, and selenium from PyPI (never `make demo`'s business). Used by
# Scripts/web-test.sh and the e2e share test that opens the web page beside the app.
#
#   Scripts/browser-tools.sh      # exit 0 once all three are there
set -euo pipefail
need=()
command -v chromium >/dev/null || need+=(chromium)
command -v chromedriver >/dev/null || need+=(chromium-driver)
if ((${#need[@]})); then
  echo "browser-tools: installing ${need[*]} (Debian)" >&2
  apt-get install -y "${need[@]}" >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y "${need[@]}" >/dev/null; }
fi
if ! python3 -c 'import selenium' 2>/dev/null; then
  echo "browser-tools: installing selenium (PyPI)" >&2
  python3 -m pip install --quiet selenium
fi
