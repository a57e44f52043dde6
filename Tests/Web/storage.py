#!/usr/bin/env python3
"""Saved in IndexedDB (issue 32, item 6), in a real headless Chromium:

    python3 Tests/Web/storage.py http://127.0.0.1:PORT/

A first visit writes one record per item with the engine's order key; a mouse drag (c1 onto c3)
writes one record (c1's); a reload restores c2, c3, c1; the keyboard moves c4 to the end and a
second reload keeps both moves; `&reset` starts from the built-in order. A record whose key is not
an order key makes the page say so in the caption and start from the built-in order, working. A
store that cannot be opened (indexedDB.open throws, as in some private modes) warns in the caption
and the report, and a drag still works, in memory. Photos is restored after a reload too. No
error in the console.

The Board is saved the same way: a first visit writes a record per card (its column and key) and
per column (a negative id); a card dragged from To do into Doing writes one record (its own, now in
Doing), "Move down" in Backlog and Review's header dragged before Doing's write one each, "Move to
Review" and Ctrl+Z write card-14's record there and back; a reload
restores every column's cards and the column order. Without IndexedDB the Board warns in the
caption and still moves cards, in memory.
"""
import sys

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import check_console, events_of, load, open_browser, order, report, sections, still, wait_for

RECORDS = """
  const done = arguments[arguments.length - 1];
  const open = indexedDB.open("reorderkit");
  open.onsuccess = () => {
    const request = open.result.transaction("items").objectStore("items").getAll();
    request.onsuccess = () => { open.result.close(); done(request.result); };
  };
  open.onerror = () => done(null);
"""


def saved(driver, scene="colors:50"):
    driver.execute_async_script("window.reorderKit.saved().then(arguments[0])")
    return {r["id"]: r for r in driver.execute_async_script(RECORDS) if r["scene"] == scene}


def mouse_drag(driver, source, target):
    a = driver.find_element(By.CSS_SELECTOR, '[data-id="%s"]' % source)
    b = driver.find_element(By.CSS_SELECTOR, '[data-id="%s"]' % target)
    ActionChains(driver, duration=50).move_to_element(a).click_and_hold().move_by_offset(10, 0).pause(0.2) \
        .move_to_element(b).pause(0.4).release().perform()
    wait_for("the drop of %s" % source, lambda: ("dropped", source) in events_of(driver))


def reload_restores(base):
    driver = open_browser()
    try:
        load(driver, base + "?scene=colors&items=50")
        first = saved(driver)
        assert len(first) == 50, len(first)
        keys = [first[i]["key"] for i in range(1, 51)]
        assert keys == sorted(keys), keys[:5]  # the built-in order, in key order
        mouse_drag(driver, "c1", "c3")
        moved = order(driver)
        assert moved[:3] == ["c2", "c3", "c1"], moved[:5]
        after = saved(driver)
        changed = [i for i in after if after[i]["key"] != first[i]["key"]]
        assert changed == [1], changed  # one record written for the move
        assert first[3]["key"] < after[1]["key"] < first[4]["key"], (after[1], first[3], first[4])

        load(driver, base + "?scene=colors&items=50")  # a reload
        assert order(driver) == moved, order(driver)[:5]
        ActionChains(driver).send_keys(Keys.TAB).perform()
        wait_for("c2 focused", lambda: driver.execute_script("return document.activeElement.dataset.id") == "c2")
        ActionChains(driver).send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT).perform()  # c1 (third)
        wait_for("c1 focused", lambda: driver.execute_script("return document.activeElement.dataset.id") == "c1")
        ActionChains(driver).send_keys(Keys.SPACE, Keys.END, Keys.SPACE).perform()
        wait_for("c1 at the end", lambda: order(driver)[-1] == "c1")
        twice = order(driver)
        saved(driver)
        load(driver, base + "?scene=colors&items=50")  # a reload
        assert order(driver) == twice, (order(driver)[:4], order(driver)[-2:])

        load(driver, base + "?scene=colors&items=50&reset")
        assert order(driver) == ["c%d" % i for i in range(1, 51)], order(driver)[:5]
        assert len(saved(driver)) == 50
        load(driver, base + "?scene=colors&items=50")  # the reset was saved
        assert order(driver)[:3] == ["c1", "c2", "c3"]
        check_console(driver)
        print("storage.py: a drag wrote 1 record; two reloads restored %s… %s; &reset went back" % (
            ", ".join(twice[:3]), twice[-1]))

        # A saved key that is not an order key: the caption says so, the built-in order stands.
        driver.execute_async_script("""
          const done = arguments[0];
          const open = indexedDB.open("reorderkit");
          open.onsuccess = () => {
            const t = open.result.transaction("items", "readwrite");
            t.objectStore("items").put({ scene: "colors:50", id: 7, section: 0, key: "not-a-key!" });
            t.oncomplete = () => { open.result.close(); done(); };
          };""")
        load(driver, base + "?scene=colors&items=50")  # a reload
        caption = driver.find_element(By.ID, "notice").text
        assert "could not be restored (an order key is not valid)" in caption, caption
        assert order(driver)[:3] == ["c1", "c2", "c3"], order(driver)[:5]
        mouse_drag(driver, "c2", "c1")
        assert order(driver)[:2] == ["c2", "c1"], order(driver)[:5]
        check_console(driver)
        print("storage.py: a bad saved key says %r" % caption)
    finally:
        driver.quit()


def store_unavailable(base):
    broken = ("Object.defineProperty(IDBFactory.prototype, 'open', { value() {"
              " throw new DOMException('The user denied permission to access the database.', 'SecurityError'); } });")
    driver = open_browser(before_load=broken)
    try:
        load(driver, base + "?scene=colors&items=50")
        caption = driver.find_element(By.ID, "notice").text
        assert caption.startswith("Not saved: IndexedDB cannot be opened"), caption
        assert any(e["event"] == "storage" for e in report(driver)), report(driver)
        mouse_drag(driver, "c1", "c2")
        assert order(driver)[:2] == ["c2", "c1"], order(driver)[:4]
        # The Board too.
        load(driver, base + "?scene=board")
        board_caption = driver.find_element(By.ID, "notice").text
        assert board_caption.startswith("Not saved: IndexedDB cannot be opened"), board_caption
        driver.find_element(By.CSS_SELECTOR, '[data-id="card-13"] .actions').click()
        wait_for("card-13's menu", lambda: driver.find_elements(By.XPATH, "//*[@role='menuitem'][.='Move to Doing']"))
        driver.find_element(By.XPATH, "//*[@role='menuitem'][.='Move to Doing']").click()
        wait_for("card-13 in Doing", lambda: "card-13" in sections(driver)[2]["items"])
        check_console(driver)
        print("storage.py: no IndexedDB: %r, and a drag (Colors) and a move (Board) still work" % caption)
    finally:
        driver.quit()


def photos_restored(base):
    """Photos (a paged flow of photos of their own sizes) is saved the same way."""
    driver = open_browser()
    try:
        load(driver, base + "?scene=photos")
        chain = ActionChains(driver, duration=50)
        chain.move_to_element(driver.find_element(By.CSS_SELECTOR, '[data-id="IMG_1001"]')).click_and_hold() \
            .move_by_offset(10, 0).pause(0.2)
        chain.move_to_element(driver.find_element(By.CSS_SELECTOR, '[data-id="IMG_1002"]')).move_by_offset(20, 0) \
            .pause(0.4).release().perform()
        wait_for("the drop of IMG_1001", lambda: ("dropped", "IMG_1001") in events_of(driver))
        moved = order(driver)
        assert moved[:2] == ["IMG_1002", "IMG_1001"], moved[:4]
        driver.execute_async_script("window.reorderKit.saved().then(arguments[0])")
        load(driver, base + "?scene=photos")  # a reload
        assert order(driver) == moved, order(driver)[:4]
        check_console(driver)
        print("storage.py: Photos restored %s… after a reload" % ", ".join(moved[:3]))
    finally:
        driver.quit()


def students_restored(base):
    """Students keeps its sort choice and the order within it: re-sorted by birthday, January's
    first student moved down by the actions menu, a reload shows the birthday sort and that order."""
    driver = open_browser()
    try:
        load(driver, base + "?scene=students&reset")
        driver.find_element(By.CSS_SELECTOR, '[data-sort="birthday"]').click()
        wait_for("the birthday sections", lambda: sections(driver)[0]["id"] == "month-1")
        january = sections(driver)[0]["items"]
        assert len(january) >= 2, sections(driver)[0]
        first, second = january[0], january[1]
        # The re-sort glides the tiles for a while: the ⋯ button is clicked once its tile stands
        # still and nothing covers it (uncovered for a moment mid-glide is not enough under load).
        still(driver, first)
        wait_for("%s's actions button uncovered" % first, lambda: driver.execute_script(
            "const b = document.querySelector(arguments[0]); const r = b && b.getBoundingClientRect();"
            "return !!r && document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === b",
            '[data-id="%s"] .actions' % first))
        driver.find_element(By.CSS_SELECTOR, '[data-id="%s"] .actions' % first).click()
        wait_for("the actions menu", lambda: driver.find_elements(By.XPATH, "//*[@role='menuitem'][.='Move down']"))
        driver.find_element(By.XPATH, "//*[@role='menuitem'][.='Move down']").click()
        wait_for("%s after %s" % (first, second), lambda: sections(driver)[0]["items"][:2] == [second, first])
        moved = sections(driver)
        saved(driver)
        load(driver, base + "?scene=students")  # a reload
        assert sections(driver) == moved, (sections(driver)[:2], moved[:2])
        checked = driver.find_element(By.CSS_SELECTOR, '[data-sort="birthday"]').get_attribute("aria-checked")
        assert checked == "true", checked
        check_console(driver)
        print("storage.py: Students restored the birthday sort with %s after %s after a reload" % (first, second))
    finally:
        driver.quit()


def lessons_restored(base):
    """Lessons keeps the order inside its folders: Functions dropped into the Basics folder and
    Variables moved down inside it (the actions menu), then a reload shows both."""
    driver = open_browser()
    try:
        driver.set_window_size(900, 900)  # every row in view
        load(driver, base + "?scene=lessons&reset")
        chain = ActionChains(driver, duration=50)
        chain.move_to_element(driver.find_element(By.CSS_SELECTOR, '[data-id="Functions"]')).click_and_hold() \
            .move_by_offset(0, -10).pause(0.2)
        chain.move_to_element(driver.find_element(By.CSS_SELECTOR, '[data-id="Basics"]')).pause(0.3).release().perform()
        wait_for("the drop of Functions", lambda: ("dropped", "Functions") in events_of(driver))

        def basics():
            return next(e for e in order(driver) if isinstance(e, dict) and e["id"] == "Basics")["children"]
        assert "Functions" in basics(), order(driver)
        driver.find_element(By.CSS_SELECTOR, '[data-id="Variables"] .actions').click()
        wait_for("the actions menu", lambda: driver.find_elements(By.XPATH, "//*[@role='menuitem'][.='Move down']"))
        driver.find_element(By.XPATH, "//*[@role='menuitem'][.='Move down']").click()
        wait_for("Variables moved down in Basics", lambda: basics()[1] == "Variables")
        moved = order(driver)
        saved(driver)
        load(driver, base + "?scene=lessons")  # a reload
        assert order(driver) == moved, (order(driver), moved)
        check_console(driver)
        print("storage.py: Lessons restored Basics as %s after a reload" % ", ".join(basics()))
    finally:
        driver.quit()


def board_restored(base):
    """The Board: a card into another column, a card down its column and a column moved survive a reload."""
    driver = open_browser()

    def columns():
        return {s["id"]: s["items"] for s in sections(driver)}

    try:
        driver.set_window_size(1400, 800)  # all five columns in view
        load(driver, base + "?scene=board&reset")
        first = saved(driver, "board")
        assert len(first) == 45 and sorted(i for i in first if i < 0) == [-5, -4, -3, -2, -1], sorted(first)
        assert [first[i]["section"] for i in (1, 13, 23, 40)] == [1, 2, 3, 5], first[13]
        # A mouse drag from To do into Doing: one record, card-13's, now in Doing (column 3).
        chain = ActionChains(driver, duration=50)
        chain.move_to_element(driver.find_element(By.CSS_SELECTOR, '[data-id="card-13"]')).click_and_hold() \
            .move_by_offset(0, 10).pause(0.2)
        chain.move_to_element_with_offset(driver.find_element(By.CSS_SELECTOR, '[data-id="card-24"]'), 0, 40) \
            .pause(0.4).release().perform()
        wait_for("card-13 in Doing", lambda: columns()["doing"] == ["card-23", "card-24", "card-13"])
        after = saved(driver, "board")
        changed = sorted(i for i in after if after[i] != first[i])
        assert changed == [13] and after[13]["section"] == 3, (changed, after[13])
        assert after[13]["key"] > first[24]["key"], (after[13], first[24])
        # Within a column: card-1 down one in Backlog (its actions menu).
        driver.find_element(By.CSS_SELECTOR, '[data-id="card-1"] .actions').click()
        wait_for("card-1's menu", lambda: driver.find_elements(By.XPATH, "//*[@role='menuitem'][.='Move down']"))
        driver.find_element(By.XPATH, "//*[@role='menuitem'][.='Move down']").click()
        wait_for("card-1 after card-2", lambda: columns()["backlog"][:2] == ["card-2", "card-1"])
        # A column: Review's header dragged before Doing's.
        review = driver.find_element(By.CSS_SELECTOR, '[data-column="review"]')
        doing = driver.find_element(By.CSS_SELECTOR, '[data-column="doing"]')
        ActionChains(driver, duration=50).move_to_element(review).click_and_hold().move_by_offset(0, 10).pause(0.2) \
            .move_to_element_with_offset(doing, -100, 0).pause(0.6).release().perform()
        wait_for("Review before Doing", lambda: list(columns()) == ["backlog", "todo", "review", "doing", "done"])
        later = saved(driver, "board")
        changed = sorted(i for i in later if later[i] != after[i])
        assert changed == [-4, 1], changed  # the moved column's record and card-1's
        # An accessibility action across columns, then Ctrl+Z: card-14's record follows it both ways.
        driver.find_element(By.CSS_SELECTOR, '[data-id="card-14"] .actions').click()
        wait_for("card-14's menu", lambda: driver.find_elements(By.XPATH, "//*[@role='menuitem'][.='Move to Review']"))
        driver.find_element(By.XPATH, "//*[@role='menuitem'][.='Move to Review']").click()
        wait_for("card-14 in Review", lambda: "card-14" in columns()["review"])
        there = saved(driver, "board")
        assert sorted(i for i in there if there[i] != later[i]) == [14] and there[14]["section"] == 4, there[14]
        ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
        wait_for("card-14 back in To do", lambda: columns()["todo"][0] == "card-14")
        back = saved(driver, "board")
        assert sorted(i for i in back if back[i] != there[i]) == [14] and back[14]["section"] == 2, back[14]
        assert back[14]["key"] < back[15]["key"], (back[14], back[15])
        moved = sections(driver)

        load(driver, base + "?scene=board")  # a reload
        assert sections(driver) == moved, (sections(driver), moved)
        headers = driver.execute_script(
            "return [...document.querySelectorAll('.column-header')].sort((a, b) => a.getBoundingClientRect().x"
            " - b.getBoundingClientRect().x).map(e => e.textContent)")
        assert headers == ["Backlog · 12", "To do · 9", "Review · 6", "Doing · 3/3", "Done · 10"], headers
        # Still working after the restore: Doing is full, so card-14 cannot go there; Move to Review can.
        driver.find_element(By.CSS_SELECTOR, '[data-id="card-14"] .actions').click()
        entries = wait_for("card-14's menu", lambda: driver.execute_script(
            "return [...document.querySelectorAll('[role=menu] [role=menuitem]')].map(e => e.textContent)"))
        assert "Move to Doing" not in entries, entries
        load(driver, base + "?scene=board&reset")
        assert columns()["doing"] == ["card-23", "card-24"], columns()
        check_console(driver)
        print("storage.py: the Board restored card-13 in Doing, card-1 after card-2 and Review before Doing")
    finally:
        driver.quit()


def main():
    base = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8032/"
    reload_restores(base)
    photos_restored(base)
    students_restored(base)
    lessons_restored(base)
    board_restored(base)
    store_unavailable(base)


if __name__ == "__main__":
    main()
