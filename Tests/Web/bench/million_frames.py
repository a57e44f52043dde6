"""Frames of ReorderKit.virtual with a million rows (Tests/Web/pages/million.html), in headless
Chromium: a mouse press on row 1, then a move every 16 ms for 4 s down to the list's bottom edge,
where the engine auto-scrolls, and the release. Prints the rAF intervals' p50, p95 and maximum
while it runs, the main thread's time per pointer move (the DevTools protocol's TaskDuration), and
where row 1 was dropped. Scripts/web-lib-bench.sh runs it; alone:

    python3 Tests/Web/bench/million_frames.py http://127.0.0.1:PORT/    # Web/dist served, tests/ copied
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from browser import open_browser, wait_for
d = open_browser()
d.get(sys.argv[1] + "tests/million.html")
wait_for("rows", lambda: d.execute_script("return document.querySelectorAll('[data-reorderkit-item]').length > 5"))
time.sleep(0.5)
r = d.execute_script("const b = document.querySelector('[data-reorderkit-item=\"1\"]').getBoundingClientRect(); return [b.x + b.width/2, b.y + b.height/2]")
x, y = r
bottom = d.execute_script("return document.getElementById('rows').getBoundingClientRect().bottom") - 8
def mouse(kind, x, y, buttons=1):
    d.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1})
d.execute_script("window.__iv = []; let last = performance.now(); const f = (t) => { window.__iv.push(t - last); last = t; if (window.__iv.length < 100000) requestAnimationFrame(f); }; requestAnimationFrame(f);")
d.execute_cdp_cmd("Performance.enable", {})
m0 = {m["name"]: m["value"] for m in d.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}
mouse("mousePressed", x, y)
moves = 0
start = time.time()
# hold, then down to the list's bottom edge (auto-scroll) and wander there for 4 s
for i in range(250):
    yy = min(y + i * 4, bottom)
    mouse("mouseMoved", x + (i % 3), yy)
    moves += 1
    time.sleep(0.016)
mouse("mouseReleased", x, bottom, 0)
m1 = {m["name"]: m["value"] for m in d.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}
time.sleep(0.5)
iv = d.execute_script("return window.__iv")[5:]
iv = sorted(iv)
p = lambda q: iv[min(len(iv) - 1, int(len(iv) * q))]
ends = d.execute_script("return window.ends")
print(json.dumps({"rows": 1000000, "frames": len(iv), "frameP50Ms": round(p(0.5), 1), "frameP95Ms": round(p(0.95), 1),
                  "frameMaxMs": round(iv[-1], 1), "mainThreadPerMoveMs": round((m1["TaskDuration"] - m0["TaskDuration"]) * 1000 / moves, 2),
                  "dropped": ends[-1][:2] if ends else None}))
d.quit()
