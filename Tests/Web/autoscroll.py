#!/usr/bin/env python3
"""Auto-scroll near the edges while a drag is held, in a real headless Chromium (issue 32):

    python3 Tests/Web/autoscroll.py http://127.0.0.1:PORT/ [screenshot-dir]

The engine scrolls; the page only ticks it every frame with the pointer where it is. The page's
clock is driven by the test (window.reorderKit.clock), so the scroll does not depend on how fast
this machine is. Colors at 500 items: c1 lifted by the mouse and held near the bottom edge for 3 s
of the page's clock: the cells at the top are now far down the list (c100 or later), the release
drops c1 there (the report's order puts it after c100), and the page draws c1 where the report says,
after the item before it. Photos (a paged horizontal flow): IMG_1001 held near the right edge pages
on to the last page and lands there. The Board: a card of To do held near the bottom of its column
scrolls the column to its end and lands last there; a card held near the board's right edge (card-1,
from Backlog) scrolls the board sideways until Done shows, and lands in Done. No error in the
console.
"""
import sys

from browser import check_console, events_of, load, open_browser, report, sections, wait_for

TWO_FRAMES = "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()))"
DRIVE = "window.__t = performance.now() / 1000 + 1; window.reorderKit.clock = () => window.__t;"


class Page:
    """The page with its clock driven by the test and the mouse driven through the DevTools protocol."""

    def __init__(self, driver):
        self.driver = driver
        driver.execute_script(DRIVE)

    def mouse(self, kind, x, y):
        self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1,
            "buttons": 0 if kind == "mouseReleased" else 1})

    def advance(self, seconds):
        """The page's clock moves on, and the page draws two frames at the new time."""
        self.driver.execute_script("window.__t += arguments[0]", seconds)
        self.driver.execute_async_script(TWO_FRAMES)

    def lift_and_hold(self, start, end, hold):
        """Presses the mouse at `start`, moves 10 px (the engine lifts a mouse's item at 4 px),
        glides to `end` in ten steps and holds it there for `hold` seconds of the page's clock."""
        (x0, y0), (x1, y1) = start, end
        self.mouse("mousePressed", x0, y0)
        self.advance(0.05)
        dx, dy = (10, 0) if abs(x1 - x0) < abs(y1 - y0) else (0, 10)
        self.mouse("mouseMoved", x0 + dx, y0 + dy)
        self.advance(0.05)
        for i in range(1, 11):
            self.mouse("mouseMoved", x0 + (x1 - x0) * i / 10, y0 + (y1 - y0) * i / 10)
            self.advance(0.03)
        for _ in range(int(hold / 0.1)):
            self.advance(0.1)

    def box(self, item):
        return self.driver.execute_script(
            "const e = document.querySelector(`[data-id='${arguments[0]}']:not(.floating)`);"
            "if (!e) return null; const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height];", item)


def colors(base, shots):
    driver = open_browser()
    try:
        load(driver, base + "?scene=colors&items=500&reset")
        page = Page(driver)
        view = driver.execute_script("const r = document.getElementById('view').getBoundingClientRect();"
                                     "return [r.x, r.y, r.width, r.height];")
        x, y, w, h = page.box("c1")
        top = "return [...document.querySelectorAll('#view .cell:not(.lifted)')]" \
              ".map(e => [Number(e.dataset.n), e.getBoundingClientRect().y]).sort((a, b) => a[1] - b[1] || a[0] - b[0])[0][0]"
        assert driver.execute_script(top) == 1, driver.execute_script(top)
        bottom = view[1] + view[3] - 15  # within the engine's 60 px band, at full speed
        page.lift_and_hold((x + w / 2, y + h / 2), (x + w / 2 + 10, bottom), hold=3)
        assert ("lifted", "c1") in events_of(driver), events_of(driver)
        first = driver.execute_script(top)
        assert first >= 100, "the top visible cell after 3 s near the bottom edge is c%d" % first
        if shots:
            driver.save_screenshot(shots + "/colors-autoscroll.png")
        page.mouse("mouseReleased", x + w / 2 + 10, bottom)
        page.advance(1)  # the settle
        wait_for("the drop of c1", lambda: ("dropped", "c1") in events_of(driver))
        items = [e for e in report(driver) if e["event"] == "changed"][-1]["sections"][0]["items"]
        at = items.index("c1")
        assert at > 100 and len(items) == 500, (at, len(items))
        assert items[:at] + items[at + 1:] == ["c%d" % n for n in range(2, 501)], items[at - 2:at + 2]
        # Drawn where the report says: after the item before it (beside it, or first on the next row).
        cx, cy, _, _ = page.box("c1")
        px, py, pw, _ = page.box(items[at - 1])
        assert (abs(cy - py) < 1 and cx > px + pw - 1) or (cy > py + 1 and cx < px), ((cx, cy), (px, py))
        assert view[1] <= cy <= view[1] + view[3], (cy, view)  # in view, near where it was released
        check_console(driver)
        print("autoscroll.py: Colors scrolled to c%d at the top in 3 s; c1 dropped at index %d, drawn after %s"
              % (first, at, items[at - 1]))
    finally:
        driver.quit()


def photos(base):
    """Photos, a paged horizontal flow: IMG_1001 held near the right edge scrolls page after page."""
    driver = open_browser()
    try:
        load(driver, base + "?scene=photos&reset")
        page = Page(driver)
        visible = "return [...document.querySelectorAll('#view .cell:not(.lifted)')].filter(e => {" \
                  " const r = e.getBoundingClientRect(); return r.right > 0 && r.x < innerWidth; })" \
                  ".map(e => Number(e.dataset.n)).sort((a, b) => a - b)"
        assert driver.execute_script(visible)[0] == 1, driver.execute_script(visible)
        x, y, w, h = page.box("IMG_1001")
        right = driver.execute_script("return document.getElementById('view').getBoundingClientRect().right") - 15
        page.lift_and_hold((x + w / 2, y + h / 2), (right, y + h / 2), hold=3)
        shown = driver.execute_script(visible)
        assert shown[0] >= 30, shown  # the last page
        page.mouse("mouseReleased", right, y + h / 2)
        page.advance(1)
        wait_for("the drop of IMG_1001", lambda: ("dropped", "IMG_1001") in events_of(driver))
        items = [e for e in report(driver) if e["event"] == "changed"][-1]["sections"][0]["items"]
        at = items.index("IMG_1001")
        assert at >= 30 and items[:at] + items[at + 1:] == ["IMG_%d" % n for n in range(1002, 1049)], items
        check_console(driver)
        print("autoscroll.py: Photos paged on to IMG_%d at the left; IMG_1001 dropped at index %d" % (1000 + shown[0], at))
    finally:
        driver.quit()


def board(base, shots):
    driver = open_browser()
    try:
        load(driver, base + "?scene=board&reset")
        page = Page(driver)
        todo = sections(driver)[1]
        assert todo["id"] == "todo" and todo["items"][0] == "card-13", todo
        column = driver.execute_script("const r = document.querySelectorAll('#view .column')[1].getBoundingClientRect();"
                                       "return [r.x, r.y, r.width, r.height];")
        visible = "return [...document.querySelectorAll('#view .column')[1].querySelectorAll('.cell:not(.lifted)')]" \
                  ".map(e => [e.dataset.id, e.getBoundingClientRect().y]).sort((a, b) => a[1] - b[1]).map(e => e[0])"
        shown = driver.execute_script(visible)
        assert shown[0] == "card-13" and "card-22" not in shown, shown
        x, y, w, h = page.box("card-13")
        # 25 px above the column's bottom: in the auto-scroll band, above the list's bottom inset
        # (a release there, over no card, would cancel by the engine's target rule).
        bottom = column[1] + column[3] - 25
        page.lift_and_hold((x + w / 2, y + h / 2), (x + w / 2, bottom), hold=3)
        after = driver.execute_script(visible)
        assert after[0] not in ("card-14", "card-15") and "card-22" in after, after
        if shots:
            driver.save_screenshot(shots + "/board-autoscroll.png")
        page.mouse("mouseReleased", x + w / 2, bottom)
        page.advance(1)
        wait_for("the drop of card-13", lambda: ("dropped", "card-13") in events_of(driver))
        todo = sections(driver)[1]["items"]
        assert todo == ["card-%d" % n for n in range(14, 23)] + ["card-13"], todo
        said = [e["text"] for e in report(driver) if e["event"] == "announcement"][-1]
        assert said == "Dropped at position 10 of 10.", said
        print("autoscroll.py: the To do column scrolled from %s to %s at the top; card-13 dropped last" % (
            shown[0], after[0]))

        # Sideways: Done (the fifth column) is beyond the window's right edge until the board scrolls.
        done = driver.execute_script("const r = document.querySelectorAll('#view .column')[4].getBoundingClientRect();"
                                     "return [r.x, innerWidth];")
        assert done[0] > done[1], done
        x, y, w, h = page.box("card-1")
        right = driver.execute_script("return document.getElementById('view').getBoundingClientRect().right") - 20
        page.lift_and_hold((x + w / 2, y + h / 2), (right, y + h / 2), hold=3)
        moved = driver.execute_script("const r = document.querySelectorAll('#view .column')[4].getBoundingClientRect();"
                                      "return [r.x, r.right];")
        assert moved[0] < right < moved[1], (moved, right)
        page.mouse("mouseReleased", right, y + h / 2)
        page.advance(1)
        wait_for("the drop of card-1", lambda: ("dropped", "card-1") in events_of(driver))
        columns = {s["id"]: s["items"] for s in sections(driver)}
        assert "card-1" in columns["done"] and "card-1" not in columns["backlog"], columns
        check_console(driver)
        print("autoscroll.py: the board scrolled sideways until Done showed; card-1 landed in Done at %d"
              % columns["done"].index("card-1"))
    finally:
        driver.quit()


def main():
    base = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8032/"
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    colors(base, shots)
    photos(base)
    board(base, shots)


if __name__ == "__main__":
    main()
