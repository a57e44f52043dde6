#!/usr/bin/env bash
# The page's speed in a real headless Chromium (issue 32), not part of `make test`: prints, in one run,
#
#   - the engine's drag step in WebAssembly, in Colors at 1,000 and at 1,000,000 items, with c1
#     lifted by the mouse: rk_pointer_move (the target rule, the gap, the relayout of what is
#     visible) called directly by the bench on the page's view along a path across the first rows,
#     2,000 calls timed in batches of 50; beside it the native step, measured right after it on the
#     same machine: Tests/Web/bench/NativeStep.swift, compiled in release (-O, whole module) with the
#     engine and the export layer, calls the same rk_ functions on a view of the same size along the
#     same path, timed the same way. Ratios: WebAssembly / native at each size (the goal, within 3×,
#     is at 1M) and WebAssembly 1M / 1k (goal within 1.5×);
#   - the main-thread time per pointer move at the same sizes: performance.now() around the page's
#     own pointermove handler (the DOM event, the page's JavaScript and the engine's step) over 300
#     real mouse moves (DevTools protocol) along the same path; the median, the 90th percentile and
#     the ratio 1M / 1k;
#   - first interaction: from navigation start (performance.now() = 0) to the moment the page sets
#     window.reorderKit.ready (its first frame drawn and its input listeners in place, so the next
#     pointerdown is handled), in a fresh browser (nothing cached); the bench then presses and drags
#     the first item and checks that it lifts. The default page (Colors, 50 items; goal under 1 s),
#     and for scale the Board, Colors at 1,000,000 and the Board at 5 × 20,000;
#   - frame intervals (between requestAnimationFrame timestamps) while dragging, the pointer moving
#     every 16 ms for 4 s: Colors at 100,000 items and the Board at 5 × 20,000 cards
#     (`?scene=board&items=100000`); the median and the 95th percentile (goal under 16.7 ms: headless
#     Chromium paces frames at 60 Hz, so an interval is a multiple of 16.67 ms and p95 = 16.7 means
#     no frame missed at p95);
#   - SortableJS side by side (forceFallback, animation 150 ms), in one Chromium: the same grid of
#     1,000 and of 10,000 coloured cells (the page's Colors cell size and columns), the same scripted
#     pointer (a press on c1, then a move every 16 ms for 4 s along the same path): frame interval p95
#     and the main-thread time per pointer move (the DevTools protocol's Performance metrics: the main
#     thread's task time over the drag, divided by the moves; SortableJS's fallback does its hit test
#     and reordering in a 50 ms timer, not in the pointermove handler, so only the whole main thread
#     compares). Goal: ReorderKit ahead at 10,000.
#
# Served cross-origin isolated (COOP and COEP headers), so that performance.now() counts in 5 µs
# steps rather than 100 µs. Saving is off (IndexedDB made to fail before the page loads): a first
# visit at a million items would write a million records in the background meanwhile.
# SortableJS is never in the repository: the bench reads Sortable.min.js from SORTABLE_JS (default
# $TMPDIR/reorderkit-web-bench/Sortable.min.js) and, when it is absent, clones SortableJS/Sortable
# there (network needed) or says what to do.
#
#   Scripts/web-bench.sh                     # builds Web/dist (Scripts/web.sh build), then measures
#   WEB_BENCH_BUILD=0 Scripts/web-bench.sh   # measures the Web/dist there is
#   SORTABLE_JS=/path/to/Sortable.min.js Scripts/web-bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."

[ "${WEB_BENCH_BUILD:-1}" = 0 ] || Scripts/web.sh build
[ -f Web/dist/reorderkit.wasm ] || { echo "web-bench: no Web/dist/reorderkit.wasm (Scripts/web.sh build)" >&2; exit 1; }
python3 -c 'import selenium' 2>/dev/null || { echo "web-bench: needs selenium (Scripts/web-test.sh installs it)" >&2; exit 1; }

# SortableJS, from a scratch folder (never the repository).
sortable=${SORTABLE_JS:-${TMPDIR:-/tmp}/reorderkit-web-bench/Sortable.min.js}
if [ ! -f "$sortable" ]; then
  scratch=$(dirname "$sortable")
  echo "web-bench: no $sortable: cloning SortableJS/Sortable into $scratch/Sortable" >&2
  mkdir -p "$scratch"
  if git clone --quiet --depth 1 https://github.com/SortableJS/Sortable "$scratch/Sortable" 2>/dev/null &&
    [ -f "$scratch/Sortable/Sortable.min.js" ]; then
    cp "$scratch/Sortable/Sortable.min.js" "$sortable"
  else
    echo "web-bench: could not fetch SortableJS; put its Sortable.min.js (github.com/SortableJS/Sortable) at" \
      "$sortable or name it with SORTABLE_JS=/path/to/Sortable.min.js" >&2
    exit 1
  fi
fi

# The native drag step: the engine and the export layer with Tests/Web/bench/NativeStep.swift, one
# release module (compiled again only when a source is newer than the binary).
native=.build-wasm/native-step/native-step
mapfile -t native_sources < <(find Sources/ReorderKit Web/Exports -name '*.swift' | sort)
if [ ! -x "$native" ] || [ -n "$(find "${native_sources[@]}" Tests/Web/bench/NativeStep.swift -newer "$native" | head -1)" ]; then
  echo "web-bench: compiling the native step (release, a few minutes)" >&2
  mkdir -p "$(dirname "$native")"
  if ! swiftc -O -wmo -parse-as-library -module-name ReorderKit -package-name ReorderKit -o "$native" \
    "${native_sources[@]}" Tests/Web/bench/NativeStep.swift -lm >"$(dirname "$native")/compile.log" 2>&1; then
    echo "web-bench: the native step does not compile (log: $(dirname "$native")/compile.log):" >&2
    grep -E -A4 'error:' "$(dirname "$native")/compile.log" | head -40 >&2
    exit 1
  fi
fi

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
# Web/dist at /, and /bench/: the SortableJS harness (Tests/Web/bench) with Sortable.min.js from the
# scratch folder.
python3 - "$port" Web/dist Tests/Web/bench "$sortable" >/dev/null 2>&1 <<'PY' &
import functools, http.server, os, sys


class Isolated(http.server.SimpleHTTPRequestHandler):
    def translate_path(self, path):
        path = path.split("?", 1)[0]
        if path == "/bench/Sortable.min.js":
            return os.path.abspath(sys.argv[4])
        if path.startswith("/bench/"):
            return os.path.join(os.path.abspath(sys.argv[3]), os.path.basename(path))
        return super().translate_path(path)

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

python3 - "http://127.0.0.1:$port/" "$native" <<'PY'
import statistics, subprocess, sys, time
sys.path.insert(0, "Tests/Web")
from browser import check_console, load, open_browser, wait_for

BASE, NATIVE = sys.argv[1], sys.argv[2]
NO_STORE = ("Object.defineProperty(IDBFactory.prototype, 'open', { value() {"
            " throw new DOMException('benchmark: saving off', 'SecurityError'); } });")
ALLOWED = ("benchmark: saving off",)
# The engine's exports, kept where the bench can call them (the page never exposes them).
EXPORTS = """
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = async function (...args) {
    const result = await instantiate.apply(this, args);
    window.__rk = (result.instance ?? result).exports;
    return result;
  };
"""
# When the page says it is ready: performance.now() (from navigation start) as it sets
# window.reorderKit.ready, its first frame drawn and its input listeners in place.
READY_AT = """
  let __kit;
  Object.defineProperty(window, "reorderKit", { configurable: true, get() { return __kit; }, set(kit) {
    __kit = kit;
    let ready = kit.ready;
    Object.defineProperty(kit, "ready", { configurable: true, enumerable: true, get() { return ready; }, set(value) {
      if (value && !ready) window.__readyAt = performance.now();
      ready = value;
    } });
  } });
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
  const v = document.getElementById("view").getBoundingClientRect();
  return [crossOriginIsolated, ...(() => {
    const r = document.querySelector('[data-id="c1"]').getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2, r.width + 12];
  })(), v.x, v.y, document.getElementById("view").clientWidth, document.getElementById("view").clientHeight];
"""
FRAMES = """
  window.__frames = []; window.__recording = true;
  const record = (t) => { window.__frames.push(t); if (window.__recording) requestAnimationFrame(record); };
  requestAnimationFrame(record);"""


def load_average():
    return " ".join(open("/proc/loadavg").read().split()[:3])


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


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))]


def lifted(driver, url, item="c1"):
    """The page at `url` with `item` lifted by the mouse; returns its centre."""
    load(driver, url)
    return lift(driver, item)


def lift(driver, item):
    """`item` lifted by the mouse (pressed at its centre, moved 10 px); returns its centre."""
    r = driver.execute_script("const r = document.querySelector(`[data-id='${arguments[0]}']`).getBoundingClientRect();"
                              "return [r.x + r.width / 2, r.y + r.height / 2]", item)
    mouse(driver, "mousePressed", *r)
    mouse(driver, "mouseMoved", r[0] + 10, r[1])
    wait_for("%s lifted" % item, lambda: any(e["event"] == "lifted" for e in driver.execute_script("return reorderKit.report")))
    return r


def native_step(items, width, height, x, y, points):
    """The native step (µs) on a view of the same size along the same path (view coordinates)."""
    text = "%d %r %r %r %r\n" % (items, width, height, x, y) + "".join("%r %r\n" % p for p in points)
    return float(subprocess.run([NATIVE], input=text, capture_output=True, text=True, check=True).stdout)


def drag_step(items, moves=300):
    driver = open_browser(before_load=NO_STORE + EXPORTS)
    try:
        load(driver, BASE + "?scene=colors&items=%d" % items)
        isolated, x, y, pitch, ox, oy, width, height = driver.execute_script(TIMING)
        mouse(driver, "mousePressed", x, y)
        mouse(driver, "mouseMoved", x + 10, y)
        wait_for("c1 lifted", lambda: any(e["event"] == "lifted" for e in driver.execute_script("return reorderKit.report")))
        engine_path = path(x, y, pitch, 2000)
        engine = driver.execute_script(ENGINE_STEP, engine_path)
        # The native step right after, on the same path (the browser idle meanwhile).
        native = native_step(items, width, height, x - ox, y - oy, [(px - ox, py - oy) for px, py in engine_path]) / 1000
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
        check_console(driver, allowed=ALLOWED)
        assert len(steps) >= moves * 0.9, len(steps)
        kept = sorted(steps[20:])
        return statistics.median(kept), kept[int(0.9 * (len(kept) - 1))], engine, native, len(steps), isolated
    finally:
        driver.quit()


def drive(driver, x, y, pitch, seconds=4.0):
    """Moves the pointer every 16 ms for `seconds` along the path, recording frames and the main
    thread's task time; returns the frame intervals, the moves and the task time in ms."""
    driver.execute_cdp_cmd("Performance.enable", {})
    driver.execute_script(FRAMES)
    metrics = lambda: {m["name"]: m["value"] for m in driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}
    before = metrics()
    points = path(x, y, pitch, 10_000)
    start = time.monotonic()
    i = 0
    while time.monotonic() - start < seconds:
        mouse(driver, "mouseMoved", *points[i])
        i += 1
        wait = start + i * 0.016 - time.monotonic()
        if wait > 0:
            time.sleep(wait)
    after = metrics()
    stamps = driver.execute_script("window.__recording = false; return window.__frames")
    mouse(driver, "mouseReleased", *points[i - 1])
    intervals = [b - a for a, b in zip(stamps, stamps[1:])]
    return intervals, i, (after["TaskDuration"] - before["TaskDuration"]) * 1000, points[i - 1]


def frames(url, item):
    """Frame intervals while `item` is dragged along the path (a 144 px pitch: across Colors' first
    rows; on the Board from Backlog across To do into Doing)."""
    driver = open_browser(before_load=NO_STORE)
    try:
        x, y = lifted(driver, url, item)
        intervals, moved, task, _ = drive(driver, x, y, 144)
        check_console(driver, allowed=ALLOWED)
        return statistics.median(intervals), percentile(intervals, 0.95), len(intervals), moved, task / moved
    finally:
        driver.quit()


def first_interaction(query, item):
    """Navigation start to window.reorderKit.ready, in a fresh browser; then `item` must lift."""
    driver = open_browser(before_load=NO_STORE + READY_AT)
    try:
        x, y = lifted(driver, BASE + query, item)
        ready = driver.execute_script("return window.__readyAt")
        mouse(driver, "mouseReleased", x + 10, y)
        check_console(driver, allowed=ALLOWED)
        return ready
    finally:
        driver.quit()


def side_by_side(items_list):
    """ReorderKit's Colors and SortableJS's harness, the same grid and pointer, in one browser."""
    driver = open_browser(before_load=NO_STORE)
    results = {}
    try:
        for items in items_list:
            # ReorderKit: c1 lifted by the mouse, then the scripted pointer.
            load(driver, BASE + "?scene=colors&items=%d" % items)
            size, columns = driver.execute_script(
                "const c = [...document.querySelectorAll('#view .cell')].map(e => e.getBoundingClientRect());"
                "return [c[0].width, c.filter(r => Math.abs(r.y - c[0].y) < 1).length]")
            x, y = lift(driver, "c1")
            intervals, moved, task, end = drive(driver, x, y, size + 12)
            wait_for("the drop", lambda: driver.execute_script(
                "return reorderKit.report.some(e => e.event === 'changed')"))
            check_console(driver, allowed=ALLOWED)
            results[("ReorderKit", items)] = (percentile(intervals, 0.95), statistics.median(intervals), task / moved, moved)
            # SortableJS: the same cells and place, pressed on c1 and moved 10 px, then the same pointer.
            driver.get(BASE + "bench/sortable.html?items=%d&size=%r&columns=%d" % (items, size, columns))
            wait_for("the SortableJS harness", lambda: driver.execute_script("return window.harnessReady === true"))
            sx, sy = driver.execute_script("const r = document.querySelector('[data-id=c1]').getBoundingClientRect();"
                                           "return [r.x + r.width / 2, r.y + r.height / 2]")
            assert abs(sx - x) < 2 and abs(sy - y) < 2, ((sx, sy), (x, y))
            mouse(driver, "mousePressed", x, y)
            mouse(driver, "mouseMoved", x + 10, y)
            time.sleep(0.1)
            intervals, moved, task, end = drive(driver, x, y, size + 12)
            time.sleep(0.4)
            moved_away = driver.execute_script("return [...document.querySelectorAll('#list > .cell')].slice(0, 50)"
                                               ".findIndex(e => e.dataset.id === 'c1')")
            assert moved_away != 0, "SortableJS did not drag c1"
            check_console(driver)
            results[("SortableJS", items)] = (percentile(intervals, 0.95), statistics.median(intervals), task / moved, moved)
        return results
    finally:
        driver.quit()


def ratio(a, b):
    return a / b if b > 0 else float("inf")


def verdict(ok):
    return "PASS" if ok else "MISS"


print("web-bench: load average %s at the start" % load_average())
small, small90, engine_small, native_small, n_small, isolated = drag_step(1_000)
large, large90, engine_large, native_large, n_large, _ = drag_step(1_000_000)
timer = "" if isolated else " (NOT cross-origin isolated: 100 µs timer steps)"
print("web-bench: the engine's drag step (Colors, c1 lifted, rk_pointer_move along the same path, median of 40"
      " batches of 50)%s; load average %s:" % (timer, load_average()))
print("web-bench:   1,000 items      WebAssembly %.1f µs, native %.1f µs, ratio %.2f"
      % (engine_small * 1000, native_small * 1000, ratio(engine_small, native_small)))
print("web-bench:   1,000,000 items  WebAssembly %.1f µs, native %.1f µs, ratio %.2f (goal within 3: %s)"
      % (engine_large * 1000, native_large * 1000, ratio(engine_large, native_large), verdict(ratio(engine_large, native_large) <= 3)))
print("web-bench:   WebAssembly 1M / 1k  %.2f (goal within 1.5: %s); native 1M / 1k %.2f"
      % (ratio(engine_large, engine_small), verdict(ratio(engine_large, engine_small) <= 1.5), ratio(native_large, native_small)))
print("web-bench: main-thread time per pointer move (the page's pointermove handler: the DOM event, the"
      " page's JavaScript and the engine's step; %d and %d real mouse moves)%s:" % (n_small, n_large, timer))
print("web-bench:   1,000 items      median %.3f ms, p90 %.3f ms" % (small, small90))
print("web-bench:   1,000,000 items  median %.3f ms, p90 %.3f ms" % (large, large90))
print("web-bench:   ratio 1M / 1k    %.2f" % ratio(large, small))

print("web-bench: first interaction (navigation start to reorderKit.ready, a fresh browser; the item then"
      " lifts); load average %s:" % load_average())
for label, query, item, goal in (("Colors, 50 items (the default page)", "?scene=colors", "c1", True),
                                 ("Board, built-in (40 cards)", "?scene=board", "card-1", False),
                                 ("Colors, 1,000,000 items", "?scene=colors&items=1000000", "c1", False),
                                 ("Board, 5 × 20,000 cards", "?scene=board&items=100000", "card-1", False)):
    ms = first_interaction(query, item)
    print("web-bench:   %-38s %6.0f ms%s" % (label, ms, " (goal under 1000 ms: %s)" % verdict(ms < 1000) if goal else ""))

print("web-bench: frame intervals while dragging (the pointer moving every 16 ms for 4 s); load average %s:"
      % load_average())
for label, url, item in (("Colors, 100,000 items", BASE + "?scene=colors&items=100000", "c1"),
                         ("Board, 5 × 20,000 cards", BASE + "?scene=board&items=100000", "card-1")):
    median, p95, count, moved, per_move = frames(url, item)
    print("web-bench:   %-24s median %.1f ms, p95 %.1f ms (%d frames, %d moves; goal p95 under 16.7 ms: %s);"
          " main thread %.2f ms per move" % (label, median, p95, count, moved, verdict(p95 < 16.7 + 0.05), per_move))

results = side_by_side((1_000, 10_000))
print("web-bench: ReorderKit and SortableJS (forceFallback, animation 150 ms) side by side in one Chromium:"
      " the same grid, the same pointer (a move every 16 ms for 4 s); load average %s:" % load_average())
for items in (1_000, 10_000):
    for who in ("ReorderKit", "SortableJS"):
        p95, median, per_move, moved = results[(who, items)]
        print("web-bench:   %-10s %6s items  frame p95 %5.1f ms (median %.1f), main thread %.3f ms per pointer move (%d moves)"
              % (who, "{:,}".format(items), p95, median, per_move, moved))
rk, so = results[("ReorderKit", 10_000)], results[("SortableJS", 10_000)]
ahead = rk[2] < so[2] and rk[0] <= so[0]
print("web-bench:   at 10,000: ReorderKit's main thread per move %.2f× SortableJS's, frame p95 %.1f vs %.1f ms"
      " (goal ReorderKit ahead: %s)" % (ratio(rk[2], so[2]), rk[0], so[0], verdict(ahead)))
PY
