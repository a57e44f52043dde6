#!/usr/bin/env bash
# The page's speed in a real headless Chromium (issue 32), not part of `make test`: prints
#
#   - the engine's drag step in WebAssembly, in Colors at 1,000 and at 1,000,000 items, with c1
#     lifted by the mouse: rk_pointer_move (the target rule, the gap, the relayout of what is
#     visible) called directly by the bench on the page's view along a path across the first rows,
#     2,000 calls timed in batches of 50; and the ratio 1M / 1k;
#   - the main-thread time per pointer move at the same sizes: performance.now() around the page's
#     own pointermove handler (the DOM event, the page's JavaScript and the engine's step) over 300
#     real mouse moves (DevTools protocol) along the same path; the median, the 90th percentile and
#     the ratio 1M / 1k;
#   - the frame interval (between requestAnimationFrame timestamps) while dragging at 100,000 items
#     in Colors: the pointer moves every 16 ms for 4 s; the median and the 95th percentile.
#
# Served cross-origin isolated (COOP and COEP headers), so that performance.now() counts in 5 µs
# steps rather than 100 µs. Saving is off (IndexedDB made to fail before the page loads): a first
# visit at a million items would write a million records in the background meanwhile.
#
#   Scripts/web-bench.sh            # builds Web/dist (Scripts/web.sh build), then measures
#   WEB_BENCH_BUILD=0 Scripts/web-bench.sh   # measures the Web/dist there is
set -euo pipefail
cd "$(dirname "$0")/.."

[ "${WEB_BENCH_BUILD:-1}" = 0 ] || Scripts/web.sh build
[ -f Web/dist/reorderkit.wasm ] || { echo "web-bench: no Web/dist/reorderkit.wasm (Scripts/web.sh build)" >&2; exit 1; }
python3 -c 'import selenium' 2>/dev/null || { echo "web-bench: needs selenium (Scripts/web-test.sh installs it)" >&2; exit 1; }

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
python3 - "$port" Web/dist >/dev/null 2>&1 <<'PY' &
import functools, http.server, sys


class Isolated(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])),
                                functools.partial(Isolated, directory=sys.argv[2])).serve_forever()
PY
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT

python3 - "http://127.0.0.1:$port/" <<'PY'
import statistics, sys, time
sys.path.insert(0, "Tests/Web")
from browser import check_console, load, open_browser, wait_for

BASE = sys.argv[1]
NO_STORE = ("Object.defineProperty(IDBFactory.prototype, 'open', { value() {"
            " throw new DOMException('benchmark: saving off', 'SecurityError'); } });")
# The engine's exports, kept where the bench can call them (the page never exposes them).
EXPORTS = """
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = async function (...args) {
    const result = await instantiate.apply(this, args);
    window.__rk = (result.instance ?? result).exports;
    return result;
  };
"""
# The engine's own drag step: rk_pointer_move called directly on the page's view (handle 1, c1
# lifted) along the same path, in batches of 50 calls timed together (a step is shorter than the
# timer's 5 µs); the median of the batches' means.
ENGINE_STEP = """
  const [points, view] = arguments;
  const rk = window.__rk, origin = document.getElementById("view").getBoundingClientRect();
  const means = [];
  for (let b = 0; b + 50 <= points.length; b += 50) {
    const t0 = performance.now();
    for (let i = b; i < b + 50; i++) rk.rk_pointer_move(1, points[i][0] - origin.x, points[i][1] - origin.y, performance.now() / 1000);
    means.push((performance.now() - t0) / 50);
  }
  means.sort((a, b) => a - b);
  return means[Math.floor(means.length / 2)];
"""
# performance.now() before the page's pointermove handler (a capturing listener on the window) and
# after it (a listener on the view added after the page's own, so it runs next).
TIMING = """
  window.__steps = [];
  window.addEventListener("pointermove", () => { window.__t0 = performance.now(); }, true);
  document.getElementById("view").addEventListener("pointermove", () => {
    window.__steps.push(performance.now() - window.__t0);
  });
  return [crossOriginIsolated, ...(() => {
    const r = document.querySelector('[data-id="c1"]').getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2, r.width + 12];
  })()];
"""


def mouse(driver, kind, x, y):
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
        "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1, "buttons": 0 if kind == "mouseReleased" else 1})


def path(x, y, pitch, n):
    """n points sweeping back and forth across the first three rows of cells, a few px apart."""
    points = []
    for i in range(n):
        phase = (i % 120) / 120
        across = phase * 2 if phase < 0.5 else 2 - phase * 2
        points.append((x + across * pitch * 4, y + ((i // 40) % 3) * pitch * 0.9 + (i % 7)))
    return points


def lifted(driver, items):
    """The page at `items` items with c1 lifted by the mouse; returns whether the page is
    cross-origin isolated, c1's centre and the grid's pitch."""
    load(driver, BASE + "?scene=colors&items=%d" % items)
    isolated, x, y, pitch = driver.execute_script(TIMING)
    mouse(driver, "mousePressed", x, y)
    mouse(driver, "mouseMoved", x + 10, y)
    wait_for("c1 lifted", lambda: any(e["event"] == "lifted" for e in driver.execute_script("return reorderKit.report")))
    return isolated, x, y, pitch


def drag_step(items, moves=300):
    driver = open_browser(before_load=NO_STORE + EXPORTS)
    try:
        isolated, x, y, pitch = lifted(driver, items)
        engine = driver.execute_script(ENGINE_STEP, path(x, y, pitch, 2000))
        driver.execute_script("window.__steps = []")
        points = path(x, y, pitch, moves)
        for px, py in points:
            mouse(driver, "mouseMoved", px, py)
        steps = driver.execute_script("return window.__steps")
        # The moves dragged: released where they ended, c1 lands away from the front.
        mouse(driver, "mouseReleased", *points[-1])
        at = wait_for("the drop", lambda: driver.execute_script(
            "const c = reorderKit.report.filter(e => e.event === 'changed').pop();"
            "return c && c.sections[0].items.slice(0, 50).indexOf('c1')"))
        assert at > 0, at
        check_console(driver, allowed=("benchmark: saving off",))
        assert len(steps) >= moves * 0.9, len(steps)
        kept = sorted(steps[20:])
        return statistics.median(kept), kept[int(0.9 * (len(kept) - 1))], engine, len(steps), isolated
    finally:
        driver.quit()


def frames(items, seconds=4.0):
    driver = open_browser(before_load=NO_STORE)
    try:
        _, x, y, pitch = lifted(driver, items)
        driver.execute_script("""
          window.__frames = []; window.__recording = true;
          const record = (t) => { window.__frames.push(t); if (window.__recording) requestAnimationFrame(record); };
          requestAnimationFrame(record);""")
        points = path(x, y, pitch, 10_000)
        start = time.monotonic()
        i = 0
        while time.monotonic() - start < seconds:
            mouse(driver, "mouseMoved", *points[i])
            i += 1
            wait = start + i * 0.016 - time.monotonic()
            if wait > 0:
                time.sleep(wait)
        stamps = driver.execute_script("window.__recording = false; return window.__frames")
        mouse(driver, "mouseReleased", x, y)
        check_console(driver, allowed=("benchmark: saving off",))
        intervals = sorted(b - a for a, b in zip(stamps, stamps[1:]))
        p95 = intervals[min(len(intervals) - 1, int(round(0.95 * (len(intervals) - 1))))]
        return statistics.median(intervals), p95, len(intervals), i
    finally:
        driver.quit()


small, small90, engine_small, n_small, isolated = drag_step(1_000)
large, large90, engine_large, n_large, _ = drag_step(1_000_000)
timer = "" if isolated else " (NOT cross-origin isolated: 100 µs timer steps)"
print("web-bench: the engine's drag step in WebAssembly (Colors, rk_pointer_move called directly, median of"
      " 40 batches of 50)%s:" % timer)
print("web-bench:   1,000 items      %.1f µs" % (engine_small * 1000))
print("web-bench:   1,000,000 items  %.1f µs" % (engine_large * 1000))
print("web-bench:   ratio 1M / 1k    %.2f" % (engine_large / engine_small if engine_small > 0 else float("inf")))
print("web-bench: main-thread time per pointer move (the page's pointermove handler: the DOM event, the"
      " page's JavaScript and the engine's step; %d and %d real mouse moves)%s:" % (n_small, n_large, timer))
print("web-bench:   1,000 items      median %.3f ms, p90 %.3f ms" % (small, small90))
print("web-bench:   1,000,000 items  median %.3f ms, p90 %.3f ms" % (large, large90))
print("web-bench:   ratio 1M / 1k    %.2f" % (large / small if small > 0 else float("inf")))
median, p95, count, moved = frames(100_000)
print("web-bench: frame interval while dragging at 100,000 items (Colors, %d frames, %d pointer moves in 4 s):"
      % (count, moved))
print("web-bench:   median %.1f ms, p95 %.1f ms" % (median, p95))
PY
