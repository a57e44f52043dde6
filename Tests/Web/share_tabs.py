"""Two tabs of one browser on one shared board (issue 44: one outbox per tab), with share_protocol.py's
scripted server in each tab. Checks:
- each tab keeps its own record in the "reorderkit-share" IndexedDB (two keys for the board);
- a tab that is offline when the other commits is told to reload (its notice, with a Reload button);
- a move made in a tab that is then closed is not lost: the next tab to start adopts it, sends it
  with its gesture id, and deletes the closed tab's record;
- a duplicated tab (its sessionStorage copied, the id's lock held) takes an id of its own;
- 0.3.0's outbox in localStorage is taken in once (its move sent) and removed.
No console error.

    python3 Tests/Web/share_tabs.py http://127.0.0.1:PORT/ [SHOTS]   # run by Scripts/web-test.sh
"""
import sys

from browser import check_console, open_browser, report, wait_for
from share_protocol import FAKE, move_to, sent, shown

# The board's records in this origin's "reorderkit-share" database: their keys.
KEYS = """const done = arguments[arguments.length - 1];
  const open = indexedDB.open("reorderkit-share", 1);
  open.onerror = () => done(null);
  open.onsuccess = () => {
    const db = open.result, keys = db.transaction("outbox").objectStore("outbox").getAllKeys();
    keys.onsuccess = () => { db.close(); done(keys.result); };
  };"""


def keys(driver):
    return sorted(k for k in driver.execute_async_script(KEYS) if k.startswith("proto/"))


def tab_id(driver):
    return driver.execute_script("return sessionStorage.getItem('reorderkit:share:tab:proto')")


def ready(driver, url):
    driver.get(url)
    wait_for("the board from the welcome", lambda: driver.execute_script("return window.reorderKit && window.reorderKit.ready"))
    wait_for("online", lambda: "Shared · connected" in driver.execute_script(
        "return document.getElementById('caption').textContent"))


def open_tab(driver, url):
    driver.switch_to.new_window("tab")
    # The scripted server in this tab too (a script for new documents is set per tab).
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE})
    ready(driver, url)
    return driver.current_window_handle


def main(base, shots):
    url = base + "boards/proto"
    driver = open_browser(before_load=FAKE)
    try:
        driver.set_window_size(1400, 800)
        ready(driver, url)
        first = driver.current_window_handle
        second = open_tab(driver, url)
        second_id = tab_id(driver)
        driver.switch_to.window(first)
        assert second_id and tab_id(driver) and second_id != tab_id(driver), (second_id, tab_id(driver))
        wait_for("a record per tab", lambda: len(keys(driver)) == 2)

        # The second tab offline; the first commits: the second is told to reload.
        driver.switch_to.window(second)
        driver.execute_script("window.fake.down = true; window.fake.socket.drop()")
        wait_for("the second tab offline", lambda: "Offline" in driver.execute_script(
            "return document.getElementById('caption').textContent"))
        driver.switch_to.window(first)
        move_to(driver, "card-1", "Doing")
        wait_for("the first tab's move committed", lambda: "Shared · connected" in driver.execute_script(
            "return document.getElementById('caption').textContent") and len(sent(driver, "commit")) == 2)
        driver.switch_to.window(second)
        notice = wait_for("the reload notice", lambda: driver.execute_script(
            "const n = document.getElementById('notice'); return n.querySelector('button.reload') && n.textContent"))
        assert "Another tab saved moves to this board" in notice, notice
        if shots:
            driver.save_screenshot(shots + "/board-shared-tabs.png")

        # A move in the offline tab, then the tab closed: the first tab, reloaded, adopts and sends it.
        move_to(driver, "card-2", "Doing")
        wait_for("the move waiting", lambda: "Offline · 1 move waiting" in driver.execute_script(
            "return document.getElementById('caption').textContent"))
        orphan = tab_id(driver)
        check_console(driver)
        driver.close()
        driver.switch_to.window(first)
        ready(driver, url)
        adopted = wait_for("the adoption", lambda: [e for e in report(driver) if e["event"] == "adopted"])
        assert adopted == [{"event": "adopted", "scene": "board", "moves": 1}], adopted
        commits = wait_for("the adopted move sent", lambda: [c for c in sent(driver, "commit") if c["change"]["items"] == ["card-2"]])
        wait_for("the adopted move committed", lambda: "Shared · connected" in driver.execute_script(
            "return document.getElementById('caption').textContent") and "card-2" in shown(driver)["doing"])
        assert keys(driver) == ["proto/" + tab_id(driver)], (keys(driver), orphan)

        # A duplicated tab: sessionStorage copied (the same id), its lock held by this tab.
        mine = tab_id(driver)
        driver.switch_to.new_window("tab")
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE + (
            "sessionStorage.setItem('reorderkit:share:tab:proto', %r);" % mine)})
        ready(driver, url)
        assert tab_id(driver) != mine, "a duplicated tab took the same outbox"
        wait_for("a record per tab", lambda: len(keys(driver)) == 2)
        # 0.3.0's outbox in localStorage (one per board): its move taken in once, and removed.
        driver.execute_script("""localStorage.setItem("reorderkit:share:state:proto", JSON.stringify({ epoch: "e1",
          revision: 11, views: [{ id: "todo", sections: [{ id: "todo", items: ["card-3"] }] }], outbox: [{ gesture: "g-legacy",
          change: { kind: "moveCards", items: ["card-3"], view: "doing", section: "doing", before: null } }] }))""")
        ready(driver, url)
        wait_for("the old outbox's move sent", lambda: [c for c in sent(driver, "commit") if c["gesture"] == "g-legacy"])
        assert driver.execute_script("return localStorage.getItem('reorderkit:share:state:proto')") is None
        check_console(driver)
        print("share_tabs.py: a record per tab, an offline tab told to reload, a closed tab's move adopted "
              "and sent (%s), a duplicated tab given its own id, 0.3.0's outbox taken in" % commits[0]["gesture"])
    finally:
        driver.quit()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None)
