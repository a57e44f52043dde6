#!/usr/bin/env python3
"""The web library beside SortableJS in one headless Chromium (issue 43; Scripts/web-lib-bench.sh):
the same page (Tests/Web/bench/list.html, a <ul> of N of the page's own <li>), its script swapped,
the same scripted mouse (a press on the first item, then a move every 16 ms for 4 s down the list).
For each library and size: time to first interaction (navigation start to the list being ready),
bytes it loads (gzipped), main-thread time per idle second, frame interval p50/p95 during the drag
and main-thread time per pointer move (the DevTools protocol's task time over the drag / moves).

    python3 Tests/Web/bench/library_bench.py http://127.0.0.1:PORT/ DIST
"""
import gzip
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from browser import open_browser, wait_for  # noqa: E402

BASE, DIST = sys.argv[1], sys.argv[2]
SIZES = [int(n) for n in os.environ.get("SIZES", "1000 10000").split()]


def gz(path):
    with open(path, "rb") as f:
        return len(gzip.compress(f.read(), 9))


def loaded_bytes(lib):
    if lib == "sortable":
        return gz(os.path.join(DIST, "bench", "Sortable.min.js"))
    lib_dir = os.path.join(DIST, "lib")
    return sum(gz(os.path.join(lib_dir, f)) for f in os.listdir(lib_dir) if f.endswith((".js", ".wasm")))


def task_ms(driver):
    metrics = driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]
    return 1000 * next(m["value"] for m in metrics if m["name"] == "TaskDuration")


def mouse(driver, kind, x, y, buttons=1):
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1})


def run(lib, n):
    driver = open_browser()
    try:
        driver.execute_cdp_cmd("Performance.enable", {})
        driver.get("%sbench/list.html?lib=%s&n=%d" % (BASE, lib, n))
        ready = wait_for("the list to be ready", lambda: driver.execute_script("return window.readyAt"), guard=60)
        time.sleep(1.0)
        before = task_ms(driver)
        time.sleep(2.0)
        idle = (task_ms(driver) - before) / 2.0
        x, y = driver.execute_script("const r = document.querySelector('#list li').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]")
        driver.execute_script("""window.frames_ = []; window.recording = true;
          const step = (t) => { window.frames_.push(t); if (window.recording) requestAnimationFrame(step); };
          requestAnimationFrame(step);""")
        mouse(driver, "mousePressed", x, y)
        moves = 0
        start = time.time()
        before = task_ms(driver)
        while time.time() - start < 4.0:
            t = time.time() - start
            mouse(driver, "mouseMoved", x + 3 * (moves % 2), y + 100 * t)
            moves += 1
            time.sleep(0.016)
        per_move = (task_ms(driver) - before) / moves
        mouse(driver, "mouseReleased", x, y + 400, 0)
        frames = driver.execute_script("window.recording = false; return window.frames_")
        wait_for("the drop", lambda: driver.execute_script("return window.ends") >= 1, guard=30)
        intervals = sorted(b - a for a, b in zip(frames, frames[1:]))
        p = lambda q: intervals[min(len(intervals) - 1, int(q * len(intervals)))]
        moved = driver.execute_script("return sortable.toArray().indexOf('i1')")
        return {"ready": ready, "bytes": loaded_bytes(lib), "idle": idle, "p50": p(0.5), "p95": p(0.95),
                "per_move": per_move, "moves": moves, "moved_to": moved}
    finally:
        driver.quit()


results = {}
for n in SIZES:
    for lib in ("sortable", "reorderkit"):
        results[(lib, n)] = r = run(lib, n)
        print("%-10s %6d items: ready %6.0f ms, %7d bytes gz, idle %5.2f ms/s, frames p50 %5.1f p95 %5.1f ms, "
              "%5.2f ms main thread per move (%d moves; i1 now at %d)" % (
                  lib, n, r["ready"], r["bytes"], r["idle"], r["p50"], r["p95"], r["per_move"], r["moves"], r["moved_to"]))
for n in SIZES:
    s, k = results[("sortable", n)], results[("reorderkit", n)]
    print("ratios at %d (ReorderKit / SortableJS): ready %.2f, bytes %.1f, frame p95 %.2f, main thread per move %.2f, idle %.2f" % (
        n, k["ready"] / s["ready"], k["bytes"] / s["bytes"], k["p95"] / s["p95"], k["per_move"] / max(s["per_move"], 1e-9),
        k["idle"] / max(s["idle"], 1e-9)))
