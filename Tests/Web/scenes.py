#!/usr/bin/env python3
"""The other scenes of the web build, in a real headless Chromium (issue 32, item 4):

    python3 Tests/Web/scenes.py http://127.0.0.1:PORT/ [screenshot-dir]

Lessons: a mouse drag of "Functions" onto the middle of the "Basics" folder drops it into the
folder (the changed report lists it among Basics' children); "Generics" held over the closed
"Concurrency" folder springs it open; "Welcome" (pinned) over a folder shows the forbidden marker.
Students: with the page's clock driven by the test, "Birthday" re-sorts through the engine's
differ: the frames at 0, 0.1 s and 3 s after differ (the tiles glide) and the end state is the
birthday order (January: Daichi, Mateo …). Photos: a mouse drag moves IMG_1001 after IMG_1002 in
the paged flow. A screenshot of each scene. No error in the console.
"""
import sys

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from browser import check_console, events_of, load, open_browser, order, sections, wait_for

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


def students(base, shots):
    driver = open_browser()
    try:
        load(driver, base + "?scene=students")
        driver.execute_script("window.__t = performance.now() / 1000 + 1; window.reorderKit.clock = () => window.__t;")
        driver.execute_async_script(TWO_FRAMES)
        before = driver.execute_script(FRAMES)
        driver.find_element(By.CSS_SELECTOR, 'button[data-sort="birthday"]').click()
        wait_for("the re-sort's changed report", lambda: sections(driver)[0]["id"] == "month-1")
        driver.execute_async_script(TWO_FRAMES)
        start = driver.execute_script(FRAMES)
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
        check_console(driver)
        print("photos ok: IMG_1001 after IMG_1002")
    finally:
        driver.quit()


def main():
    base = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8032/"
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    lessons(base, shots)
    students(base, shots)
    photos(base, shots)


if __name__ == "__main__":
    main()
