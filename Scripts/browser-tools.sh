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
# axe-core, for the accessibility checks: the axe.min.js that PyPI's axe-playwright-python wheel
# carries (nothing from npm), unpacked once into .build-wasm/axe/.
axe_dir="$(cd "$(dirname "$0")/.." && pwd)/.build-wasm/axe"
axe=$axe_dir/axe.min.js
if [ ! -s "$axe" ]; then
  echo "browser-tools: fetching axe-core (PyPI's axe-playwright-python wheel)" >&2
  mkdir -p "$axe_dir"
  python3 -m pip download --quiet --no-deps --dest "$axe_dir" axe-playwright-python==0.1.8
  python3 - "$axe_dir" <<'PY'
import glob, sys, zipfile
wheel = glob.glob(sys.argv[1] + "/axe_playwright_python-*.whl")[0]
with zipfile.ZipFile(wheel) as z, open(sys.argv[1] + "/axe.min.js", "wb") as out:
    out.write(z.read("axe_playwright_python/axe.min.js"))
PY
fi
