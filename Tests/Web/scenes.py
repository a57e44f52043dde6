#!/usr/bin/env python3
"""The other scenes of the web build, in a real headless Chromium (issue 32, item 4):

    python3 Tests/Web/scenes.py http://127.0.0.1:PORT/ [screenshot-dir]

Lessons: a mouse drag of "Functions" onto the middle of the "Basics" folder drops it into the
folder (the changed report lists it among Basics' children); "Generics" held over the closed
"Concurrency" folder springs it open; "Welcome" (pinned) over a folder shows the forbidden marker.
Students: with the page's clock driven by the test, "Birthday" re-sorts through the engine's
differ: the frames at 0, 0.1 s and 3 s after differ (the tiles glide) and the end state is the
birthday order (January: Daichi, Mateo …). Photos: a mouse drag moves IMG_1001 after IMG_1002 in
the paged flow; a wheel's turn, Page Down and Up and the page control each turn one page. Board: a card from To do into Doing, a fourth card refused by Doing's limit, the
Review column moved before Doing, "Move to Doing" in a card's actions menu (and not once Doing is
full), card-1 carried into To do with the keyboard, and a board's link /boards/team-a asking for
its token. A screenshot of each scene. No error in the console.
"""
import sys
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import check_console, events_of, load, open_browser, order, report, sections, spoken, still, wait_for

FRAMES = """return Object.fromEntries([...document.querySelectorAll('[data-id]')].map(e => {
  const r = e.getBoundingClientRect(); return [e.dataset.id, [Math.round(r.x), Math.round(r.y)]]; }))"""
TWO_FRAMES = "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()))"


def element(driver, item):
    return driver.find_element(By.CSS_SELECTOR, '[data-id="%s"]' % item)


def lessons(base, shots):
    driver = open_browser()
    try:
        driver.set_window_size(900, 900)  # every row in view, the closed Concurrency folder too
        load(driver, base + "?scene=lessons")
        basics = element(driver, "Basics")
        chain = ActionChains(driver, duration=50)
        chain.move_to_element(element(driver, "Functions")).click_and_hold().move_by_offset(0, -10).pause(0.2)
        chain.move_to_element(basics).pause(0.3).perform()
        wait_for("the drop highlight on Basics", lambda: driver.execute_script(
            "return document.querySelector('.drop-highlight')"))
        # Into the folder: no dashed gap among the rows as well (issue 43: one showed beneath the row).
        driver.execute_async_script(TWO_FRAMES)
        assert driver.execute_script("return document.querySelector('.gap')") is None, "a gap beside the highlight"
        if shots:
            driver.save_screenshot(shots + "/lessons.png")
        ActionChains(driver).release().perform()
        wait_for("the drop of Functions", lambda: ("dropped", "Functions") in events_of(driver))
        course = order(driver)
        folder = next(e for e in course if isinstance(e, dict) and e["id"] == "Basics")
        assert "Functions" in folder["children"], course
        assert "Functions" not in course, course

        # Spring loading: Concurrency is closed; a lesson held over it opens it.
        assert element(driver, "Concurrency").get_attribute("data-expanded") == "false"
        chain = ActionChains(driver, duration=50)
        chain.move_to_element(element(driver, "Generics")).click_and_hold().move_by_offset(0, -10).pause(0.2)
        chain.move_to_element(element(driver, "Concurrency")).perform()
        wait_for("Concurrency to spring open", lambda: element(driver, "Concurrency").get_attribute(
            "data-expanded") == "true")
        ActionChains(driver).release().perform()
        wait_for("the drop of Generics", lambda: ("dropped", "Generics") in events_of(driver))

        # A pinned lesson over a folder: the forbidden marker.
        chain = ActionChains(driver, duration=50)
        chain.move_to_element(element(driver, "Welcome")).click_and_hold().move_by_offset(0, 10).pause(0.2)
        chain.move_to_element(element(driver, "Collections")).pause(0.3).perform()
        wait_for("the forbidden marker", lambda: driver.execute_script("return document.querySelector('.forbidden')"))
        ActionChains(driver).release().perform()
        wait_for("Welcome back at the top", lambda: order(driver)[0] == "Welcome" or ("cancelled", "Welcome") in
                 events_of(driver) or ("dropped", "Welcome") in events_of(driver))
        assert all("Welcome" not in e.get("children", []) for e in order(driver) if isinstance(e, dict))
        check_console(driver)
        print("lessons ok: Functions into Basics, Concurrency sprang open, Welcome refused by folders")
    finally:
        driver.quit()


def resort_by_birthday(driver):
    """Holds the page's clock, clicks "Birthday" and waits for its report: the frames before and
    at the instant after."""
    driver.execute_script("window.__t = performance.now() / 1000 + 1; window.reorderKit.clock = () => window.__t;")
    driver.execute_async_script(TWO_FRAMES)
    before = driver.execute_script(FRAMES)
    driver.find_element(By.CSS_SELECTOR, 'button[data-sort="birthday"]').click()
    wait_for("the re-sort's changed report", lambda: sections(driver)[0]["id"] == "month-1")
    driver.execute_async_script(TWO_FRAMES)
    return before, driver.execute_script(FRAMES)


def students(base, shots):
    driver = open_browser()
    try:
        load(driver, base + "?scene=students")
        before, start = resort_by_birthday(driver)
        driver.execute_script("window.__t += 0.1")
        driver.execute_async_script(TWO_FRAMES)
        middle = driver.execute_script(FRAMES)
        if shots:
            driver.save_screenshot(shots + "/students-resort.png")
        driver.execute_script("window.__t += 3")
        driver.execute_async_script(TWO_FRAMES)
        end = driver.execute_script(FRAMES)
        if shots:
            driver.save_screenshot(shots + "/students.png")
        stayed = [k for k in before if k in start]
        assert stayed and all(start[k] == before[k] for k in stayed), ("the tiles jumped at once", before, start)
        common = [k for k in start if k in middle and k in end]
        moving = [k for k in common if middle[k] != start[k] and middle[k] != end[k]]
        assert moving, ("no tile between its places at 0.1 s", start, middle, end)
        assert any(end[k] != start[k] for k in common)
        after = sections(driver)
        assert after[0] == {"id": "month-1", "items": ["s4", "s13"]}, after[0]
        months = [int(s["id"].split("-")[1]) for s in after]
        assert months == [1, 2, 3, 5, 6, 7, 9, 10, 11, 12], months  # no birthdays in April and August
        # The frames at the end are where the engine says: Daichi then Mateo in January's row.
        assert end["s4"][1] == end["s13"][1] and end["s4"][0] < end["s13"][0], (end["s4"], end["s13"])
        check_console(driver)
        print("students ok: %d of %d tiles between places at 0.1 s; January: Daichi, Mateo" % (
            len(moving), len(common)))
    finally:
        driver.quit()


def students_reduced_motion(base):
    """With prefers-reduced-motion the re-sort puts every tile in its new place at once (issue 43:
    it glided)."""
    driver = open_browser(reduced_motion=True)
    try:
        load(driver, base + "?scene=students&reset")
        _, start = resort_by_birthday(driver)
        driver.execute_script("window.__t += 3")
        driver.execute_async_script(TWO_FRAMES)
        end = driver.execute_script(FRAMES)
        common = [k for k in start if k in end]
        assert common and all(start[k] == end[k] for k in common), ("tiles still on their way", start, end)
        check_console(driver)
        print("students ok with reduced motion: %d tiles in their new places at once" % len(common))
    finally:
        driver.quit()


def photos(base, shots):
    driver = open_browser()
    try:
        load(driver, base + "?scene=photos")
        if shots:
            driver.save_screenshot(shots + "/photos.png")
        chain = ActionChains(driver, duration=50)
        chain.move_to_element(element(driver, "IMG_1001")).click_and_hold().move_by_offset(10, 0).pause(0.2)
        chain.move_to_element(element(driver, "IMG_1002")).move_by_offset(20, 0).pause(0.4).release().perform()
        wait_for("the drop of IMG_1001", lambda: ("dropped", "IMG_1001") in events_of(driver))
        assert order(driver)[:3] == ["IMG_1002", "IMG_1001", "IMG_1003"], order(driver)[:4]

        # Paging (issue 43: a vertical wheel and Page Down did nothing, and there was no control):
        # a wheel's turn down, Page Down, the Next and Previous buttons each turn one page, and the
        # control says which.
        pager = "return document.querySelector('.pager span').textContent"
        assert driver.execute_script(pager) == "Page 1 of 4", driver.execute_script(pager)
        driver.execute_script(
            "document.getElementById('view').dispatchEvent(new WheelEvent('wheel', "
            "{deltaY: 120, clientX: 300, clientY: 300, bubbles: true, cancelable: true}))")
        wait_for("a wheel's turn to show page 2", lambda: driver.execute_script(pager) == "Page 2 of 4")
        wait_for("the flow to settle on page 2", lambda: driver.execute_script(
            "return document.querySelector('[data-id=IMG_1001]') === null"
            " || document.querySelector('[data-id=IMG_1001]').getBoundingClientRect().right <= 0"))
        driver.find_element(By.CSS_SELECTOR, ".pager button[aria-label='Next page']").click()
        wait_for("Next to show page 3", lambda: driver.execute_script(pager) == "Page 3 of 4")
        driver.find_element(By.CSS_SELECTOR, ".pager button[aria-label='Previous page']").click()
        wait_for("Previous to show page 2", lambda: driver.execute_script(pager) == "Page 2 of 4")
        driver.execute_script("document.activeElement.blur()")
        ActionChains(driver).send_keys(Keys.PAGE_DOWN).perform()
        wait_for("Page Down to show page 3", lambda: driver.execute_script(pager) == "Page 3 of 4")
        ActionChains(driver).send_keys(Keys.PAGE_UP).perform()
        wait_for("Page Up to show page 2", lambda: driver.execute_script(pager) == "Page 2 of 4")
        check_console(driver)
        print("photos ok: IMG_1001 after IMG_1002; a wheel's turn, Page Down and Up, Next and Previous each turn a page")
    finally:
        driver.quit()


def press(driver, *keys):
    chain = ActionChains(driver)
    for key in keys:
        chain.send_keys(key)
    chain.perform()


def columns(driver):
    """The Board's columns from its last report line, read from `views` as the desktop app writes
    them (one view per column, its one section), which must say what the page's `sections` says."""
    line = next(e for e in reversed(report(driver)) if e["event"] in ("ready", "changed"))
    from_views = {v["id"]: v["sections"][0]["items"] for v in line["views"]}
    assert all(len(v["sections"]) == 1 and v["sections"][0]["id"] == v["id"] for v in line["views"]), line["views"]
    assert from_views == {s["id"]: s["items"] for s in line["sections"]}, (line["views"], line["sections"])
    return from_views


def drag(driver, source, target, dx=0, dy=0, hold=0.4):
    chain = ActionChains(driver, duration=50)
    chain.move_to_element(source).click_and_hold().move_by_offset(0, 10).pause(0.2)
    chain.move_to_element_with_offset(target, dx, dy).pause(hold).release().perform()


def board(base, shots):
    driver = open_browser()
    try:
        driver.set_window_size(1400, 800)  # all five columns in view
        load(driver, base + "?scene=board&reset")
        start = columns(driver)
        headers = driver.execute_script(
            "return [...document.querySelectorAll('.column-header')].map(e => e.textContent)")
        assert headers == ["Backlog · 12", "To do · 10", "Doing · 2/3", "Review · 6", "Done · 10"], headers
        assert start["todo"][:2] == ["card-13", "card-14"] and start["doing"] == ["card-23", "card-24"], start
        # A card from To do into Doing (2 of 3 there): it goes in.
        chain = ActionChains(driver, duration=50)
        chain.move_to_element(element(driver, "card-13")).click_and_hold().move_by_offset(0, 10).pause(0.2)
        chain.move_to_element_with_offset(element(driver, "card-24"), 0, 40).pause(0.4).perform()
        wait_for("Doing as the destination", lambda: driver.execute_script(
            "return document.querySelector('.column.destination')"))
        if shots:
            driver.save_screenshot(shots + "/board.png")
        ActionChains(driver).release().perform()
        wait_for("the drop of card-13", lambda: ("dropped", "card-13") in events_of(driver))
        wait_for("card-13 in Doing", lambda: columns(driver)["doing"] == ["card-23", "card-24", "card-13"])
        assert "card-13" not in columns(driver)["todo"]
        wait_for("Doing's header to count 3/3", lambda: driver.find_element(
            By.CSS_SELECTOR, '[data-column="doing"]').text == "Doing · 3/3")
        # A fourth card: the limit refuses it and it goes back.
        drag(driver, element(driver, "card-14"), element(driver, "card-13"), 0, 40)
        wait_for("Doing to refuse card-14", lambda: any(
            e["event"] == "refused" and e.get("view") == "doing" for e in driver.execute_script(
                "return window.reorderKit.report")))
        wait_for("card-14 back", lambda: ("dropped", "card-14") in events_of(driver) or ("cancelled", "card-14") in
                 events_of(driver))
        assert columns(driver)["doing"] == ["card-23", "card-24", "card-13"], columns(driver)["doing"]
        assert "card-14" in columns(driver)["todo"], columns(driver)["todo"]
        # A column move: Review's header before Doing's.
        review = driver.find_element(By.CSS_SELECTOR, '[data-column="review"]')
        doing = driver.find_element(By.CSS_SELECTOR, '[data-column="doing"]')
        drag(driver, review, doing, -100, 0, hold=0.6)
        wait_for("Review before Doing", lambda: [s["id"] for s in sections(driver)] == [
            "backlog", "todo", "review", "doing", "done"])
        check_console(driver)

        # "Move to Doing" from a card's actions menu, on a fresh board (&reset: the Board is saved);
        # then Doing is full and the next card's menu has no such action.
        load(driver, base + "?scene=board&reset")
        driver.find_element(By.CSS_SELECTOR, '[data-id="card-15"] .actions').click()
        entries = wait_for("card-15's menu", lambda: driver.execute_script(
            "return [...document.querySelectorAll('[role=menu] [role=menuitem]')].map(e => e.textContent)"))
        assert "Move to Doing" in entries, entries
        driver.find_element(By.XPATH, "//*[@role='menuitem'][.='Move to Doing']").click()
        wait_for("card-15 in Doing", lambda: "card-15" in columns(driver)["doing"])
        # card-16 glides up into card-15's place: click its button once it stands still (a click
        # mid-glide can land beside it on a loaded machine).
        still(driver, "card-16")
        driver.find_element(By.CSS_SELECTOR, '[data-id="card-16"] .actions').click()
        entries = wait_for("card-16's menu", lambda: driver.execute_script(
            "return [...document.querySelectorAll('[role=menu] [role=menuitem]')].map(e => e.textContent)"))
        assert "Move to Doing" not in entries and "Move to Review" in entries, entries
        check_console(driver)

        # The keyboard: Tab focuses Backlog's first card, Space lifts it, Right carries it into To
        # do (the next column that takes it), Space drops it there; the aria-live region says so.
        load(driver, base + "?scene=board&reset")
        press(driver, Keys.TAB)
        wait_for("card-1 focused", lambda: driver.execute_script(
            "return document.activeElement.dataset.id") == "card-1")
        press(driver, Keys.SPACE)
        wait_for("card-1 lifted", lambda: ("lifted", "card-1") in events_of(driver))
        press(driver, Keys.ARROW_RIGHT)
        wait_for("the aria-live region to name To do", lambda: "To do" in spoken(driver))
        focused = "return document.activeElement.dataset.id"
        # The card keeps the keyboard focus as it goes into another column, and after the drop
        # (issue 43: it fell to the page's body).
        wait_for("card-1 focused in To do", lambda: driver.execute_script(focused) == "card-1")
        press(driver, Keys.SPACE)
        wait_for("the keyboard drop of card-1", lambda: ("dropped", "card-1") in events_of(driver))
        wait_for("card-1 in To do", lambda: "card-1" in columns(driver)["todo"])
        wait_for("card-1 focused after the drop", lambda: driver.execute_script(focused) == "card-1")
        assert "card-1" not in columns(driver)["backlog"], columns(driver)
        assert spoken(driver).startswith("Dropped"), spoken(driver)
        # Ctrl+Z takes the move across columns back (the engine's Board.undo), Ctrl+Shift+Z redoes it.
        ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
        wait_for("card-1 back in Backlog", lambda: columns(driver)["backlog"][0] == "card-1")
        assert "card-1" not in columns(driver)["todo"], columns(driver)
        ActionChains(driver).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys("z").key_up(Keys.SHIFT).key_up(
            Keys.CONTROL).perform()
        wait_for("card-1 in To do again", lambda: "card-1" in columns(driver)["todo"])
        check_console(driver)

        # A board's link, as reorder-server answers it: the shared Board asks for its token first
        # (Tests/Web/share.py shares it through a real server).
        driver.get(base + "boards/team-a")
        caption = wait_for("the token form", lambda: driver.find_elements(By.CSS_SELECTOR, "form.token h2"))[0].text
        assert caption == 'Board "team-a" is shared', caption
        check_console(driver)
        print("board ok: card-13 into Doing, card-14 refused by the limit, Review moved before Doing, "
              "Move to Doing offered then withheld, card-1 into To do by keyboard, undone and redone, /boards/team-a shows %r" % caption)
    finally:
        driver.quit()


def board_items(base, shots):
    """`&items=N` on the Board: N cards shared by the five columns as the desktop's `--items N` does
    (the first columns take what does not divide, and Doing has no limit on a board made for scale),
    each header saying its count; a bad value still gives the one clear message."""
    driver = open_browser()
    try:
        driver.set_window_size(1400, 800)
        for items, counts in ((1000, [200] * 5), (1002, [201, 201, 200, 200, 200])):
            load(driver, base + "?scene=board&items=%d&reset" % items)
            got = columns(driver)
            assert [len(got[key]) for key in ("backlog", "todo", "doing", "review", "done")] == counts, \
                {k: len(v) for k, v in got.items()}
            assert got["todo"][0] == "card-%d" % (counts[0] + 1), got["todo"][:3]
            headers = driver.execute_script(
                "return [...document.querySelectorAll('.column-header')].map(e => e.textContent)")
            assert headers == ["Backlog · %d" % counts[0], "To do · %d" % counts[1], "Doing · %d" % counts[2],
                               "Review · %d" % counts[3], "Done · %d" % counts[4]], headers
            # Each card's title fills the lines its height was made for (no blank strip, no overlap):
            # the title's height is 19 px a line and the card's inner height less its 10 px paddings.
            misfits = driver.execute_script(
                "return [...document.querySelectorAll('.card')].map(c => { const t = c.querySelector('.title');"
                " return [c.dataset.id, t.offsetHeight, c.clientHeight - 20, 19 * t.childElementCount]; })"
                ".filter(([, title, inner, lines]) => title !== inner || title !== lines)")
            assert not misfits, misfits
            check_console(driver)
        driver.get(base + "?scene=board&items=lots")
        errors = wait_for("the error", lambda: driver.execute_script(
            "return window.reorderKit && window.reorderKit.report.filter(e => e.event === 'error')"))
        assert [e["message"] for e in errors] == ["items=lots is not a number of items."], errors
        print("scenes.py: the Board at &items=1000 shows five columns of 200, at 1002 201/201/200/200/200, every"
              " card's title filling its height; &items=lots says %r" % errors[0]["message"])
    finally:
        driver.quit()


def main():
    base = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8032/"
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    lessons(base, shots)
    students(base, shots)
    students_reduced_motion(base)
    photos(base, shots)
    board(base, shots)
    board_items(base, shots)


if __name__ == "__main__":
    main()
