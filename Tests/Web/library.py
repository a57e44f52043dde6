#!/usr/bin/env python3
"""The web library (issue 43) in headless Chromium, as a web developer uses it: the examples of
Examples/web (a to-do list on a plain <ul>, a kanban board with `group`) and a page written for
SortableJS with only its <script src> swapped, driven by mouse, touch (CDP) and keyboard alone, with
the live region read back, SortableJS's events in SortableJS's order, idle with no frame asked for,
and bad input answered by one console.error or a TypeError.

    python3 Tests/Web/library.py http://127.0.0.1:PORT/ SHOTS_DIR
"""
import os
import sys
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(__file__))
from browser import check_console, open_browser, wait_for  # noqa: E402

BASE, SHOTS = sys.argv[1], sys.argv[2]
AXE = os.path.join(os.path.dirname(__file__), "..", "..", ".build-wasm", "axe", "axe.min.js")


def accessible(driver, name):
    """axe-core (4.12, from PyPI's axe-playwright-python wheel; Scripts/browser-tools.sh) finds no
    violation on the page as it stands."""
    with open(AXE) as f:
        driver.execute_script(f.read())
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, { resultTypes: ['violations'] }).then((r) => done(r.violations.map((v) => [v.id, v.nodes.length, v.nodes[0].target.join(' ')])), (e) => done(String(e)));")
    assert result == [], "%s: axe-core violations %s" % (name, result)

# Every requestAnimationFrame, timer and observer callback the page asks for or gets, counted
# (idle is idle: none while nothing moves).
COUNT_FRAMES = """
window.__frames = 0;
const raf = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (f) => { window.__frames++; return raf(f); };
for (const name of ["setTimeout", "setInterval"]) {
  const original = window[name].bind(window);
  window[name] = (f, ...rest) => { window.__frames++; return original(f, ...rest); };
}
for (const name of ["ResizeObserver", "MutationObserver", "IntersectionObserver"]) {
  const Original = window[name];
  window[name] = class extends Original { constructor(callback) { super((...a) => { window.__frames++; return callback(...a); }); } };
}
"""


def ready(driver, selector):
    """The list is measured and wired once its items have a roving tabindex."""
    wait_for("the list %s to be ready" % selector, lambda: driver.execute_script(
        "const i = document.querySelector(arguments[0]); return i && i.getAttribute('tabindex') !== null", selector + " > *"))


def ids(driver, list_id):
    return driver.execute_script(
        "return [...document.getElementById(arguments[0]).children].filter(e => !e.hasAttribute('data-reorderkit-ghost')).map(e => e.dataset.id)", list_id)


def center(driver, selector):
    return driver.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2, r.top, r.bottom]", selector)


def mouse(driver, kind, x, y, buttons=1):
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1})


def drag(driver, start, end, steps=24):
    (x0, y0), (x1, y1) = start, end
    mouse(driver, "mousePressed", x0, y0)
    for i in range(1, steps + 1):
        mouse(driver, "mouseMoved", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
        time.sleep(0.016)
    time.sleep(0.2)
    mouse(driver, "mouseReleased", x1, y1, 0)


def settled(driver):
    wait_for("the drop to settle", lambda: driver.execute_script("return !document.querySelector('[data-reorderkit-ghost]')"))


def spoken(driver):
    return driver.execute_script("return document.querySelector('.reorderkit-live')?.textContent ?? ''")


def keys(driver, *sequence):
    for key in sequence:
        ActionChains(driver).send_keys(key).perform()
        time.sleep(0.05)


def chord(driver, *held_and_key):
    """Modifiers held down around a key (Shift+Tab, Ctrl+Z, Ctrl+Shift+Z)."""
    *held, key = held_and_key
    actions = ActionChains(driver)
    for modifier in held:
        actions = actions.key_down(modifier)
    actions = actions.send_keys(key)
    for modifier in reversed(held):
        actions = actions.key_up(modifier)
    actions.perform()
    time.sleep(0.05)


def todo_by_mouse_keyboard_and_undo():
    driver = open_browser(before_load=COUNT_FRAMES)
    try:
        driver.get(BASE + "examples/todo.html")
        ready(driver, "#todo")
        assert ids(driver, "todo") == ["milk", "ada", "taxes", "bike", "book", "plants"]
        # Idle is idle: a second with nothing moving asks for no frame.
        time.sleep(0.3)
        before = driver.execute_script("return window.__frames")
        time.sleep(1.0)
        assert driver.execute_script("return window.__frames") == before, "a frame, timer or observer callback while idle"

        # The mouse: Buy milk below File the taxes.
        x, y, _, _ = center(driver, "[data-id=milk]")
        _, _, top, bottom = center(driver, "[data-id=taxes]")
        drag(driver, (x, y), (x, bottom - 4))
        settled(driver)
        assert ids(driver, "todo") == ["ada", "taxes", "milk", "bike", "book", "plants"], ids(driver, "todo")
        assert driver.execute_script("return document.getElementById('order').value") == "ada, taxes, milk, bike, book, plants"
        assert "position 3 of 6" in spoken(driver), spoken(driver)
        assert driver.execute_script("return [...document.querySelectorAll('#todo li')].every(e => !e.style.transform)")
        driver.save_screenshot(os.path.join(SHOTS, "library-todo.png"))
        accessible(driver, "todo.html")

        # The keyboard alone: one Tab stop for the whole list.
        driver.execute_script("document.activeElement.blur(); document.querySelector('h1').setAttribute('tabindex', '-1'); document.querySelector('h1').focus()")
        keys(driver, Keys.TAB)
        first = driver.execute_script("return document.activeElement.dataset.id")
        assert first is not None, "Tab did not reach the list"
        keys(driver, Keys.TAB)
        assert driver.execute_script("return document.activeElement.id") == "task", "a second Tab must leave the list"
        chord(driver, Keys.SHIFT, Keys.TAB)
        assert driver.execute_script("return document.activeElement.dataset.id") == first
        driver.execute_script("document.querySelector('[data-id=ada]').focus()")
        keys(driver, Keys.SPACE)
        assert "lifted" in spoken(driver), spoken(driver)
        keys(driver, Keys.ARROW_DOWN, Keys.ARROW_DOWN)
        assert "position 3 of 6" in spoken(driver), spoken(driver)
        keys(driver, Keys.SPACE)
        settled(driver)
        assert ids(driver, "todo") == ["taxes", "milk", "ada", "bike", "book", "plants"], ids(driver, "todo")
        assert "Dropped" in spoken(driver), spoken(driver)
        assert driver.execute_script("return document.activeElement.dataset.id") == "ada", "the focus stays on the dropped item"
        # Escape puts a lifted item back.
        keys(driver, Keys.SPACE, Keys.ARROW_UP, Keys.ESCAPE)
        settled(driver)
        assert ids(driver, "todo") == ["taxes", "milk", "ada", "bike", "book", "plants"]
        # Ctrl+Z (keyboardUndo: true) takes the keyboard move back, then the mouse's.
        chord(driver, Keys.CONTROL, "z")
        wait_for("the undo", lambda: ids(driver, "todo") == ["ada", "taxes", "milk", "bike", "book", "plants"])
        chord(driver, Keys.CONTROL, "z")
        wait_for("the second undo", lambda: ids(driver, "todo") == ["milk", "ada", "taxes", "bike", "book", "plants"])
        chord(driver, Keys.CONTROL, Keys.SHIFT, "z")
        wait_for("the redo", lambda: ids(driver, "todo") == ["ada", "taxes", "milk", "bike", "book", "plants"])

        # The store: a reload keeps the order.
        driver.refresh()
        ready(driver, "#todo")
        wait_for("the stored order", lambda: ids(driver, "todo") == ["ada", "taxes", "milk", "bike", "book", "plants"])
        # An item the page adds is sortable at once.
        driver.find_element("id", "task").send_keys("Book the dentist" + Keys.ENTER)
        wait_for("the new item", lambda: len(ids(driver, "todo")) == 7)
        time.sleep(0.2)
        x, y, _, _ = center(driver, "#todo li:last-child")
        _, _, top, _ = center(driver, "#todo li:first-child")
        drag(driver, (x, y), (x, top + 4))
        settled(driver)
        assert driver.execute_script("return document.querySelector('#todo li').textContent") == "Book the dentist"
        # The page adds another: the list is measured again, and undo still knows the drag before it
        # (issue 43: rk_lib_update started a new history). Book the dentist goes back to the end.
        driver.find_element("id", "task").send_keys("Water the garden" + Keys.ENTER)
        wait_for("the second new item", lambda: len(ids(driver, "todo")) == 8)
        time.sleep(0.2)
        driver.execute_script("document.querySelector('#todo li').focus()")
        chord(driver, Keys.CONTROL, "z")
        wait_for("the undo of the drag made before the item came", lambda: driver.execute_script(
            "return document.querySelector('#todo li').textContent") != "Book the dentist")
        texts = driver.execute_script("return [...document.querySelectorAll('#todo li')].map(e => e.textContent)")
        assert texts[-1] == "Book the dentist" and "Water the garden" in texts, texts
        check_console(driver)
    finally:
        driver.quit()


def kanban_across_lists():
    driver = open_browser()
    try:
        driver.get(BASE + "examples/kanban.html")
        ready(driver, "#todo")
        driver.execute_script("""window.log = [];
          for (const name of ['choose','unchoose','start','end','add','update','sort','remove'])
            document.addEventListener(name, (e) => window.log.push([name, e.target.id, e.from.id, e.to.id, e.oldIndex, e.newIndex]));""")
        x, y, _, _ = center(driver, "[data-id=login]")
        x2, _, _, bottom = center(driver, "[data-id=docs]")
        drag(driver, (x, y), (x2, bottom - 4), steps=30)
        settled(driver)
        assert ids(driver, "todo") == ["export", "search", "icons"]
        assert ids(driver, "doing") == ["sync", "login", "docs"], ids(driver, "doing")
        assert driver.execute_script("return document.getElementById('last').value") == "login to doing before docs"
        log = driver.execute_script("return window.log")
        assert [e[0] for e in log] == ["choose", "start", "unchoose", "add", "remove", "sort", "sort", "end"], log
        assert log[-1][2:] == ["todo", "doing", 0, 1], log[-1]
        # The keyboard carries a card to another column and keeps the focus on it.
        driver.execute_script("document.querySelector('[data-id=export]').focus()")
        keys(driver, Keys.SPACE, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
        assert "Done" in spoken(driver), spoken(driver)
        keys(driver, Keys.SPACE)
        settled(driver)
        assert ids(driver, "done") == ["export", "dark"], ids(driver, "done")
        assert driver.execute_script("return document.activeElement.dataset.id") == "export"
        driver.save_screenshot(os.path.join(SHOTS, "library-kanban.png"))
        accessible(driver, "kanban.html")
        check_console(driver)
    finally:
        driver.quit()


def touch(driver, kind, points):
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y} for x, y in points]})


def phone():
    driver = open_browser()
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 2})
        driver.get(BASE + "examples/kanban.html")
        ready(driver, "#todo")
        # A swipe that moves at once scrolls the board natively (no lift).
        x, y, _, _ = center(driver, "[data-id=export]")
        touch(driver, "touchStart", [(x, y)])
        for i in range(1, 13):
            touch(driver, "touchMove", [(x - 20 * i, y)])
            time.sleep(0.016)
        touch(driver, "touchEnd", [])
        wait_for("the board to scroll", lambda: driver.execute_script("return document.querySelector('.board').scrollLeft") > 100)
        assert ids(driver, "todo") == ["login", "export", "search", "icons"]
        # The fling ends, then the board goes back to its start.
        last = [None]
        def stopped():
            now = driver.execute_script("return document.querySelector('.board').scrollLeft")
            still, last[0] = now == last[0], now
            return still or time.sleep(0.15)
        wait_for("the fling to stop", stopped)
        driver.execute_script("document.querySelector('.board').scrollLeft = 0")
        wait_for("the board back at its start", lambda: driver.execute_script("return document.querySelector('.board').scrollLeft") == 0)
        # A long press lifts; the finger carries the card down its column.
        x, y, _, _ = center(driver, "[data-id=login]")
        _, _, _, bottom = center(driver, "[data-id=search]")
        touch(driver, "touchStart", [(x, y)])
        time.sleep(0.8)
        assert "lifted" in spoken(driver), spoken(driver)
        for i in range(1, 21):
            touch(driver, "touchMove", [(x, y + (bottom - 4 - y) * i / 20)])
            time.sleep(0.02)
        assert driver.execute_script("return window.scrollY") == 0, "the page scrolled under a lifted card"
        touch(driver, "touchEnd", [])
        settled(driver)
        assert ids(driver, "todo") == ["export", "search", "login", "icons"], ids(driver, "todo")
        driver.save_screenshot(os.path.join(SHOTS, "library-kanban-phone.png"))
        accessible(driver, "kanban.html on a phone")
        check_console(driver)
    finally:
        driver.quit()


def sortablejs_page():
    driver = open_browser()
    try:
        driver.get(BASE + "tests/sortablejs.html")
        ready(driver, "#a")
        assert driver.execute_script("return Sortable.get(document.getElementById('a')) === window.first")
        assert driver.execute_script("return first.toArray()") == ["a1", "a2", "a3", "a4"]
        assert driver.execute_script("return first.option('animation')") == 150
        # Not by the handle: nothing happens.
        x, y, _, _ = center(driver, "[data-id=a1]")
        _, _, _, bottom = center(driver, "[data-id=a2]")
        drag(driver, (x + 60, y), (x + 60, bottom - 2))
        time.sleep(0.3)
        assert ids(driver, "a") == ["a1", "a2", "a3", "a4"]
        assert driver.execute_script("return window.log") == []
        # The filtered item: onFilter, no drag.
        hx, hy, _, _ = center(driver, "[data-id=a3] .handle")
        drag(driver, (hx, hy), (hx, hy + 60))
        time.sleep(0.3)
        log = driver.execute_script("return window.log")
        assert [e["name"] for e in log] == ["filter"] and log[0]["item"] == "a3", log
        driver.execute_script("window.log = []")
        # By the handle, within the list: choose, start, unchoose, update, sort, end.
        hx, hy, _, _ = center(driver, "[data-id=a1] .handle")
        drag(driver, (hx, hy), (hx, bottom - 2))
        settled(driver)
        assert ids(driver, "a") == ["a2", "a1", "a3", "a4"], ids(driver, "a")
        log = driver.execute_script("return window.log")
        assert [e["name"] for e in log] == ["choose", "start", "unchoose", "update", "sort", "end"], log
        end = log[-1]
        assert (end["oldIndex"], end["newIndex"], end["from"], end["to"]) == (0, 1, "a", "a"), end
        assert end["difference"] == {"items": ["a1"], "from": "a", "to": "a", "before": "a3"}, end
        # Into the second list (group "shared"): add, remove, sort, sort around them.
        driver.execute_script("window.log = []")
        hx, hy, _, _ = center(driver, "[data-id=a4] .handle")
        bx, _, _, bbottom = center(driver, "[data-id=b2]")
        drag(driver, (hx, hy), (bx - 80, bbottom - 4), steps=30)
        settled(driver)
        assert ids(driver, "b") == ["b1", "b2", "a4"] or ids(driver, "b") == ["b1", "a4", "b2"], ids(driver, "b")
        log = driver.execute_script("return window.log")
        assert [e["name"] for e in log] == ["choose", "start", "unchoose", "add", "remove", "sort", "sort", "end"], log
        # The third list takes nothing (put: false): the card goes back.
        driver.execute_script("window.log = []")
        hx, hy, _, _ = center(driver, "[data-id=b1] .handle")
        cx, _, _, cbottom = center(driver, "[data-id=c1]")
        drag(driver, (hx, hy), (cx - 80, cbottom - 4), steps=30)
        settled(driver)
        assert ids(driver, "c") == ["c1"], ids(driver, "c")
        assert "b1" in ids(driver, "b")
        # sort() and destroy().
        driver.execute_script("first.sort(['a4', 'a3', 'a2', 'a1'].filter(id => first.toArray().includes(id)))")
        assert driver.execute_script("return first.toArray()") == ["a3", "a2", "a1"]
        driver.execute_script("first.destroy()")
        assert driver.execute_script("return Sortable.get(document.getElementById('a'))") is None
        driver.save_screenshot(os.path.join(SHOTS, "library-sortablejs-page.png"))
        accessible(driver, "a page written for SortableJS")
        check_console(driver)
    finally:
        driver.quit()


def options_page():
    driver = open_browser()
    try:
        driver.get(BASE + "tests/options.html")
        ready(driver, "#fixed")
        # sort: false: its own items keep their places.
        x, y, _, _ = center(driver, "[data-id=f1]")
        _, _, _, bottom = center(driver, "[data-id=f3]")
        drag(driver, (x, y), (x, bottom - 4))
        settled(driver)
        assert ids(driver, "fixed") == ["f1", "f2", "f3"], ids(driver, "fixed")
        # ... but it still gives them to another list of its group.
        wx, _, _, wbottom = center(driver, "[data-id=w1]")
        drag(driver, (x, y), (wx, wbottom - 4), steps=30)
        settled(driver)
        assert "f1" in ids(driver, "walled") and ids(driver, "fixed") == ["f2", "f3"], (ids(driver, "fixed"), ids(driver, "walled"))
        # onMove: nothing passes the wall; the page's handler saw dragged, related and willInsertAfter.
        order = ids(driver, "walled")
        x, y, _, _ = center(driver, "[data-id=w1]")
        _, _, _, bottom = center(driver, "[data-id=w3]")
        drag(driver, (x, y), (x, bottom - 4), steps=30)
        settled(driver)
        walled = ids(driver, "walled")
        assert walled.index("w1") < walled.index("wall"), walled
        moves = driver.execute_script("return window.moves")
        assert moves and all(m[0] == "w1" for m in moves[-3:]), moves
        assert any(m[1] == "wall" for m in moves), moves
        # disabled: its items do not lift, and it takes none.
        x, y, _, _ = center(driver, "[data-id=o1]")
        _, _, _, bottom = center(driver, "[data-id=o2]")
        drag(driver, (x, y), (x, bottom - 4))
        time.sleep(0.3)
        assert ids(driver, "off") == ["o1", "o2"]
        x, y, _, _ = center(driver, "[data-id=f2]")
        ox, _, _, obottom = center(driver, "[data-id=o2]")
        drag(driver, (x, y), (ox, obottom - 4), steps=30)
        settled(driver)
        assert ids(driver, "off") == ["o1", "o2"] and "f2" in ids(driver, "fixed"), (ids(driver, "off"), ids(driver, "fixed"))
        driver.save_screenshot(os.path.join(SHOTS, "library-options.png"))
        accessible(driver, "the options page")
        check_console(driver)
    finally:
        driver.quit()


def page_autoscroll():
    """A list longer than the window: an item held near the window's bottom edge scrolls the page
    (the engine's auto-scroll, which the page follows), and drops far below where it started."""
    driver = open_browser()
    try:
        driver.get(BASE + "tests/long.html")
        ready(driver, "#list")
        height = driver.execute_script("return window.innerHeight")
        x, y, _, _ = center(driver, "[data-id=i1]")
        mouse(driver, "mousePressed", x, y)
        steps = 30
        for i in range(1, steps + 1):
            mouse(driver, "mouseMoved", x, y + (height - 20 - y) * i / steps)
            time.sleep(0.016)
        wait_for("the page to scroll to the list's end", lambda: driver.execute_script(
            "return document.querySelector('[data-id=i60]').getBoundingClientRect().bottom <= window.innerHeight"))
        # Back up over the last items (below the last row there is no place to drop), and release.
        for i in range(1, 11):
            mouse(driver, "mouseMoved", x, height - 20 - 15 * i)
            time.sleep(0.03)
        time.sleep(0.5)
        mouse(driver, "mouseReleased", x, height - 170, 0)
        settled(driver)
        at = ids(driver, "list").index("i1")
        assert at >= 50, (at, spoken(driver))
        assert "Dropped" in spoken(driver), spoken(driver)
        check_console(driver)
    finally:
        driver.quit()


def virtual_lists():
    """ReorderKit.virtual: the photo grid example (10,000) by mouse and keyboard, and a list of a
    million rows by keyboard alone, with aria-setsize and aria-posinset, and idle with no frame."""
    driver = open_browser(before_load=COUNT_FRAMES)
    try:
        driver.get(BASE + "examples/photos.html")
        wait_for("the photos", lambda: driver.execute_script("return document.querySelectorAll('[data-reorderkit-item]').length > 10"))
        shown = driver.execute_script("return document.querySelectorAll('[data-reorderkit-item]').length")
        assert shown < 100, "only the visible photos are elements: %d" % shown
        assert driver.execute_script("return document.querySelector('[data-reorderkit-item]').getAttribute('aria-setsize')") == "10000"
        time.sleep(0.3)
        before = driver.execute_script("return window.__frames")
        time.sleep(1.0)
        assert driver.execute_script("return window.__frames") == before, "a frame, timer or observer callback while idle"
        x, y, _, _ = center(driver, "[data-reorderkit-item='1']")
        x2, y2, _, _ = center(driver, "[data-reorderkit-item='3']")
        drag(driver, (x, y), (x2 + 20, y2))
        wait_for("the drop", lambda: "Dropped" in driver.execute_script("return document.querySelector('[aria-live]').textContent"))
        posinset = lambda n: driver.execute_script("return document.querySelector(`[data-reorderkit-item='${arguments[0]}']`).getAttribute('aria-posinset')", n)
        assert (posinset(1), posinset(2), posinset(3)) == ("3", "1", "2"), (posinset(1), posinset(2), posinset(3))
        # The keyboard: photo 2 (now first) one place to the right.
        driver.execute_script("document.querySelector(`[data-reorderkit-item='2']`).focus()")
        keys(driver, Keys.SPACE, Keys.ARROW_RIGHT, Keys.SPACE)
        wait_for("the keyboard drop", lambda: posinset(2) == "2")
        assert driver.execute_script("return document.activeElement.dataset.reorderkitItem") == "2"
        # Undo puts it back, and says so (it was silent).
        chord(driver, Keys.CONTROL, "z")
        wait_for("the undo", lambda: posinset(2) == "1")
        wait_for("the undo said", lambda: driver.execute_script(
            "return document.querySelector('[aria-live]').textContent").startswith("Undone."))
        chord(driver, Keys.CONTROL, Keys.SHIFT, "z")
        wait_for("the redo", lambda: posinset(2) == "2")
        driver.save_screenshot(os.path.join(SHOTS, "library-photos.png"))
        accessible(driver, "photos.html")
        check_console(driver)
        # A million rows: End reaches the last, which says where it is; it moves up one by the keyboard.
        driver.get(BASE + "tests/million.html")
        wait_for("the rows", lambda: driver.execute_script("return document.querySelectorAll('[data-reorderkit-item]').length > 5"))
        driver.execute_script("document.querySelector(`[data-reorderkit-item='1']`).focus()")
        keys(driver, Keys.END)
        wait_for("the last row", lambda: driver.execute_script("return document.activeElement.getAttribute('aria-posinset')") == "1000000")
        assert driver.execute_script("return document.activeElement.getAttribute('aria-setsize')") == "1000000"
        assert driver.execute_script("return document.querySelectorAll('[data-reorderkit-item]').length") < 60
        keys(driver, Keys.SPACE, Keys.ARROW_UP, Keys.SPACE)
        wait_for("the move", lambda: driver.execute_script("return window.ends.length") == 1)
        old, new, difference = driver.execute_script("return window.ends[0]")
        assert (old, new) == (999999, 999998), (old, new)
        assert difference == {"items": ["r1000000"], "from": {}, "to": {}, "before": "r999999"} or difference["before"] == "r999999", difference
        assert driver.execute_script("return rows.toArray().slice(-2)") == ["r1000000", "r999999"]
        accessible(driver, "a million rows")
        check_console(driver)
    finally:
        driver.quit()


def demo_page_axe():
    """The demo page's scenes: no axe-core violation (labels black or white by WCAG contrast, the
    list inside the main landmark; a section's heading inside an item of the list, the Board a
    region of column lists)."""
    driver = open_browser()
    try:
        for scene in ("colors", "photos", "students", "lessons", "board"):
            driver.get(BASE + "index.html?scene=%s&items=50&reset" % scene)
            wait_for("the %s scene" % scene, lambda: driver.execute_script("return window.reorderKit && window.reorderKit.ready"))
            accessible(driver, "the demo page's %s" % scene)
            if scene == "colors":  # each cell's place among all of them (only the visible are drawn)
                first = driver.execute_script("const c = document.querySelector('[data-id=c1]'); return [c.getAttribute('aria-posinset'), c.getAttribute('aria-setsize')]")
                assert first == ["1", "50"], first
            assert driver.execute_script("return document.title") == "%s · ReorderKit" % scene.capitalize()
            assert driver.execute_script("return document.querySelector('nav a[aria-current=page]').textContent") == scene.capitalize()
        check_console(driver, allowed=("Not saved",))
    finally:
        driver.quit()


def bad_input():
    driver = open_browser()
    try:
        driver.get(BASE + "examples/todo.html")
        ready(driver, "#todo")
        thrown = driver.execute_async_script("""
          const done = arguments[arguments.length - 1];
          import('../lib/reorderkit.js').then((mod) => {
            const todo = mod.Sortable.get(document.getElementById('todo'));
            const out = [];
            for (const f of [() => new mod.Sortable(null), () => new mod.Sortable('#todo'), () => mod.Sortable.get(document.body) ?? 'none',
                             () => todo.sort('milk'), () => todo.option(3)]) {
              try { out.push(String(f())); } catch (e) { out.push(e.constructor.name + ': ' + e.message); }
            }
            const ul = document.createElement('ul');
            ul.innerHTML = '<li>x</li>';
            document.body.append(ul);
            new mod.Sortable(ul, { animation: 'fast', sortt: true, onEnd: 5 });
            done(out);
          });""")
        assert thrown[0].startswith("TypeError") and thrown[1].startswith("TypeError"), thrown
        assert thrown[2] == "none" and thrown[3].startswith("TypeError") and thrown[4].startswith("TypeError"), thrown
        messages = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        for name in ('\\"animation\\"', '\\"sortt\\"', '\\"onEnd\\"'):
            assert sum(name in m for m in messages) == 1, (name, messages)
        # The page keeps working: a drag after the errors.
        x, y, _, _ = center(driver, "[data-id=milk]")
        _, _, _, bottom = center(driver, "[data-id=ada]")
        drag(driver, (x, y), (x, bottom - 4))
        settled(driver)
        assert ids(driver, "todo")[:2] == ["ada", "milk"], ids(driver, "todo")
    finally:
        driver.quit()
    # A .wasm that cannot be fetched: one console.error naming it; the list stays as it is.
    driver = open_browser()
    try:
        driver.get(BASE + "tests/missing-engine.html")
        wait_for("the error", lambda: driver.execute_script("return window.settled === true"))
        messages = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        named = [m for m in messages if "nowhere.wasm" in m and "could not be loaded" in m]
        assert len(named) == 1, messages
        assert ids(driver, "list") == ["1", "2", "3"]
    finally:
        driver.quit()


for test in (todo_by_mouse_keyboard_and_undo, kanban_across_lists, phone, sortablejs_page, options_page, page_autoscroll, virtual_lists, demo_page_axe, bad_input):
    started = time.time()
    test()
    print("library: %s passed (%.1f s)" % (test.__name__, time.time() - started))
