#!/usr/bin/env python3
"""Refreshes docs/web-library-kanban-phone.gif, the README's picture of the library: the kanban
example (Examples/web/kanban.html) on a phone-sized page (390 × 844), a card carried by a long press
down To do past two cards (CDP touch events), one frame every ~80 ms. Needs Pillow (PyPI).

    python3 Tests/Web/kanban_gif.py http://127.0.0.1:PORT/ docs/web-library-kanban-phone.gif
"""
import base64
import io
import os
import sys
import time

from PIL import Image

sys.path.insert(0, os.path.dirname(__file__))
from browser import open_browser, wait_for  # noqa: E402

BASE, OUT = sys.argv[1], sys.argv[2]
driver = open_browser()
frames = []


def shot():
    data = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"]
    image = Image.open(io.BytesIO(base64.b64decode(data))).convert("RGB")
    frames.append(image.resize((image.width // 2, image.height // 2)))


def touch(kind, points):
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y} for x, y in points]})


try:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 640, "deviceScaleFactor": 2, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 2})
    driver.get(BASE + "examples/kanban.html")
    wait_for("the board", lambda: driver.execute_script("return document.querySelector('#todo li').getAttribute('tabindex') !== null"))
    box = lambda sel: driver.execute_script("const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2, r.bottom]", sel)
    x, y, _ = box("[data-id=export]")
    for _ in range(4):
        shot()
    touch("touchStart", [(x, y)])
    for _ in range(7):
        time.sleep(0.08)
        shot()
    _, _, bottom = box("[data-id=icons]")
    for i in range(1, 13):
        touch("touchMove", [(x, y + (bottom - 6 - y) * i / 12)])
        time.sleep(0.03)
        shot()
    touch("touchEnd", [])
    for _ in range(8):
        time.sleep(0.06)
        shot()
finally:
    driver.quit()
frames[0].save(OUT, save_all=True, append_images=frames[1:], duration=90, loop=0, optimize=True)
print("kanban_gif: %d frames, %d bytes: %s" % (len(frames), os.path.getsize(OUT), OUT))
