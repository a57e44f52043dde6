#!/usr/bin/env python3
"""Colors with the keyboard alone, in a real headless Chromium (issue 32, items 4 and 5).

    python3 Tests/Web/keyboard.py http://127.0.0.1:PORT/ [screenshot-dir]

Tab focuses c1 (its cell holds the browser's focus and shows a ring); Space lifts, two Right
arrows move, Space drops: the order is c2, c3, c1 and every step's words are read back from the
page's aria-live region ("Color 1, lifted. Position 1 of 50 in Colors." … "Dropped at position 3
of 50."). Ctrl+Z puts c1 back, Ctrl+Shift+Z moves it again, each said ("Undone. Color 1 is at
position 1 of 50 in Colors."). Escape cancels a keyboard drag and a
mouse drag (the order stays). Shift+F10 opens c4's accessibility-actions menu and "Move to end"
puts it last. With prefers-reduced-motion, c2 flows into c1's slot at once (the page's clock held
still), while without it c2 has not moved yet at the same instant. The view is one Tab stop in
Colors, Lessons and the Board: a second Tab leaves it (issue 43: it took 50 in Colors), and
Shift+Tab comes back to the item that had the focus. No error in the console.
"""
import sys

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import check_console, events_of, load, open_browser, order, report, spoken, wait_for


def press(driver, *keys, modifiers=()):
    chain = ActionChains(driver)
    for m in modifiers:
        chain.key_down(m)
    for k in keys:
        chain.send_keys(k)
    for m in reversed(modifiers):
        chain.key_up(m)
    chain.perform()


def says(driver, text):
    wait_for("the aria-live region to say %r (it says %r)" % (text, spoken(driver)), lambda: spoken(driver) == text)


def keyboard_reorder(base, shots):
    driver = open_browser()
    try:
        load(driver, base + "?scene=colors&items=50")
        press(driver, Keys.TAB)
        says(driver, "Color 1. Position 1 of 50 in Colors.")
        focused = driver.execute_script("return document.activeElement.dataset.id")
        assert focused == "c1", focused
        outline = driver.execute_script("return getComputedStyle(document.activeElement).outlineStyle")
        assert outline != "none", outline
        press(driver, Keys.SPACE)
        says(driver, "Color 1, lifted. Position 1 of 50 in Colors.")
        press(driver, Keys.ARROW_RIGHT)
        says(driver, "Moved to position 2 of 50.")
        press(driver, Keys.ARROW_RIGHT)
        says(driver, "Moved to position 3 of 50.")
        if shots:
            driver.save_screenshot(shots + "/colors-keyboard.png")
        press(driver, Keys.SPACE)
        says(driver, "Dropped at position 3 of 50.")
        assert order(driver)[:4] == ["c2", "c3", "c1", "c4"], order(driver)[:6]
        assert ("lifted", "c1") in events_of(driver) and ("dropped", "c1") in events_of(driver), events_of(driver)

        # Undo and redo: one step for the whole keyboard drag.
        press(driver, "z", modifiers=(Keys.CONTROL,))
        wait_for("the undo", lambda: order(driver)[:3] == ["c1", "c2", "c3"])
        says(driver, "Undone. Color 1 is at position 1 of 50 in Colors.")
        press(driver, "z", modifiers=(Keys.CONTROL, Keys.SHIFT))
        wait_for("the redo", lambda: order(driver)[:3] == ["c2", "c3", "c1"])
        says(driver, "Redone. Color 1 is at position 3 of 50 in Colors.")
        press(driver, "z", modifiers=(Keys.CONTROL,))
        wait_for("the undo again", lambda: order(driver)[:3] == ["c1", "c2", "c3"])

        # Escape cancels a keyboard drag: c1 is still focused.
        changes = len([e for e in report(driver) if e["event"] == "changed"])
        press(driver, Keys.SPACE)
        says(driver, "Color 1, lifted. Position 1 of 50 in Colors.")
        press(driver, Keys.ARROW_DOWN)
        wait_for("a move down a row", lambda: spoken(driver).startswith("Moved to position"))
        press(driver, Keys.ESCAPE)
        says(driver, "Cancelled. Color 1 returned to position 1 of 50.")
        assert ("cancelled", "c1") in events_of(driver), events_of(driver)
        assert len([e for e in report(driver) if e["event"] == "changed"]) == changes
        assert order(driver)[:3] == ["c1", "c2", "c3"], order(driver)[:5]

        # Escape cancels a mouse drag too.
        source = driver.find_element(By.CSS_SELECTOR, '[data-id="c5"]')
        target = driver.find_element(By.CSS_SELECTOR, '[data-id="c7"]')
        ActionChains(driver, duration=50).move_to_element(source).click_and_hold().move_by_offset(10, 0) \
            .pause(0.2).move_to_element(target).pause(0.3).perform()
        wait_for("the mouse to lift c5", lambda: ("lifted", "c5") in events_of(driver))
        press(driver, Keys.ESCAPE)
        wait_for("the cancel of c5", lambda: ("cancelled", "c5") in events_of(driver))
        ActionChains(driver).release().perform()
        assert ("dropped", "c5") not in events_of(driver), events_of(driver)
        assert len([e for e in report(driver) if e["event"] == "changed"]) == changes
        check_console(driver)
        print("keyboard.py: keyboard reorder, undo, redo and Escape ok; the page said %r" % spoken(driver))
    finally:
        driver.quit()


def actions_menu(base, shots):
    driver = open_browser()
    try:
        load(driver, base + "?scene=colors&items=50")
        press(driver, Keys.TAB)
        says(driver, "Color 1. Position 1 of 50 in Colors.")
        press(driver, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
        says(driver, "Color 4. Position 4 of 50 in Colors.")
        press(driver, Keys.F10, modifiers=(Keys.SHIFT,))
        entries = wait_for("the actions menu", lambda: driver.execute_script(
            "return [...document.querySelectorAll('[role=menu] [role=menuitem]')].map(e => e.textContent)"))
        assert entries == ["Move up", "Move down", "Move to start", "Move to end"], entries
        if shots:
            driver.save_screenshot(shots + "/colors-actions.png")
        press(driver, Keys.END, Keys.ENTER)
        says(driver, "Moved to position 50 of 50 in Colors.")
        after = order(driver)
        assert after[-1] == "c4" and after[:4] == ["c1", "c2", "c3", "c5"], (after[:5], after[-2:])
        assert not driver.execute_script("return document.querySelector('[role=menu]')")
        # The menu by pointer: c1's ⋯ button, "Move down".
        driver.find_element(By.CSS_SELECTOR, '[data-id="c1"] .actions').click()
        wait_for("the menu by pointer", lambda: driver.execute_script("return document.querySelector('[role=menu]')"))
        entries = driver.execute_script(
            "return [...document.querySelectorAll('[role=menu] [role=menuitem]')].map(e => e.textContent)")
        assert entries == ["Move down", "Move to end"], entries  # c1 is first: no move up
        driver.find_element(By.XPATH, "//*[@role='menuitem'][.='Move down']").click()
        wait_for("c1 moved down", lambda: order(driver)[:2] == ["c2", "c1"])
        check_console(driver)
        print("keyboard.py: accessibility actions ok: c4 moved to the end, c1 down")
    finally:
        driver.quit()


def reduced_motion(base):
    """A keyboard move with the page's clock held still: with reduced motion c2 flows into c1's
    slot at once; without, it has not moved yet (the reflow takes the engine's quarter second)."""
    where = {}
    for reduce in (True, False):
        driver = open_browser(reduced_motion=reduce)
        try:
            load(driver, base + "?scene=colors&items=50")
            driver.execute_script("const t = performance.now() / 1000; window.reorderKit.clock = () => t;")
            press(driver, Keys.TAB, Keys.SPACE, Keys.ARROW_RIGHT, Keys.SPACE)
            says(driver, "Dropped at position 2 of 50.")
            position = "return (() => { const r = document.querySelector(`[data-id='${arguments[0]}']`)" \
                       ".getBoundingClientRect(); return [Math.round(r.x), Math.round(r.y)]; })()"
            # The render is drawn every frame; two frames later the picture is settled for this instant.
            driver.execute_async_script(
                "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()))")
            where[reduce] = (driver.execute_script(position, "c1"), driver.execute_script(position, "c2"))
            check_console(driver)
        finally:
            driver.quit()
    (c1r, c2r), (c1, c2) = where[True], where[False]
    # c2 flows into the first slot as c1 leaves it: at once with reduced motion, not yet without.
    assert c2r[0] < c1r[0], ("reduced motion: c2 should stand left of c1 at once", c1r, c2r)
    assert c2[0] > c2r[0] + 30, ("without reduced motion c2 should still be on its way", c2, c2r)
    print("keyboard.py: reduced motion ok: c2 at %s at once (still at %s without it)" % (c2r, c2))


def one_tab_stop(base):
    driver = open_browser()
    try:
        for scene, first in (("colors&items=50", "c1"), ("lessons", None), ("board&reset", "card-1")):
            load(driver, base + "?scene=" + scene)
            active = "return document.activeElement === document.body ? 'BODY' : (document.activeElement.dataset.id || document.activeElement.tagName)"
            press(driver, Keys.TAB)
            entered = wait_for("an item focused in %s" % scene, lambda: (lambda a: a if a != "BODY" else None)(driver.execute_script(active)))
            assert first is None or entered == first, (scene, entered)
            press(driver, Keys.ARROW_RIGHT if scene.startswith("colors") else Keys.ARROW_DOWN)
            moved = wait_for("the focus to move in %s" % scene, lambda: (lambda a: a if a != entered else None)(driver.execute_script(active)))
            press(driver, Keys.TAB)
            left = wait_for("Tab to leave %s" % scene, lambda: not driver.execute_script(
                "return document.getElementById('view').contains(document.activeElement)"))
            # The focus stays outside (the page does not pull it back into the view a frame later).
            driver.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")
            assert not driver.execute_script("return document.getElementById('view').contains(document.activeElement)"), scene
            press(driver, Keys.TAB, modifiers=(Keys.SHIFT,))
            back = wait_for("Shift+Tab back into %s" % scene, lambda: (lambda a: a if a != "BODY" else None)(driver.execute_script(active)))
            assert back == moved, (scene, back, moved)
            check_console(driver)
        print("keyboard.py: one Tab stop ok in Colors, Lessons and the Board")
    finally:
        driver.quit()


def click_focuses(base):
    """A click on an item focuses it (issue 43: it did not), and the live region says where it is."""
    driver = open_browser()
    try:
        for scene, item, said in (("colors&items=50", "c5", "Color 5. Position 5 of 50 in Colors."),
                                  ("board&reset", "card-3", "Dark mode. Position 3 of 12 in Backlog.")):
            load(driver, base + "?scene=" + scene)
            ActionChains(driver).move_to_element(driver.find_element(By.CSS_SELECTOR, "[data-id='%s']" % item)).click().perform()
            wait_for("%s focused by a click" % item, lambda: driver.execute_script("return document.activeElement.dataset.id") == item)
            says(driver, said)
            check_console(driver)
        print("keyboard.py: a click focuses an item in Colors and the Board")
    finally:
        driver.quit()


def main():
    base = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8032/"
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    one_tab_stop(base)
    click_focuses(base)
    keyboard_reorder(base, shots)
    actions_menu(base, shots)
    reduced_motion(base)


if __name__ == "__main__":
    main()
