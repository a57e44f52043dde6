"""The web page's Board shared through reorder-server (issue 31 item 6, issue 32): real PostgreSQL,
real server processes, two headless Chromium sessions on the same board's link /boards/B.

Run by Scripts/web-share-test.sh (which migrates the database, creates the board and the tokens):

    REORDER_SERVER=… REORDER_SERVER_URL=… SHARE_EDITOR=… SHARE_VIEWER=… python3 Tests/Web/share.py BOARD SHOTS

Checks: the token form (pasted once, Enter), the board from the server's welcome; drags in each
page, a column move and its undo reach the other (its report's `remote` views); a viewer's page
follows but cannot move (read-only in the caption); the server killed (SIGKILL) mid-session:
`connection` offline in both reports, a move made offline waits in the outbox ("Offline · 1 move
waiting", kept over a reload while the server is down), the server started again: both pages converge and equal GET /api/boards/B; a reload
restores the board without asking for the token (and nothing is written to the Board's IndexedDB
records); a waiting move the server refuses (lostRace) leaves the outbox, announced and reported as
`rejected`; 150 waiting moves sent at once all committed; a wrong token gets one clear message and
the form again. No console error but the browser's own lines about WebSocket connections refused
while the server is down.
"""
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import check_console, open_browser, report, still, wait_for

# While the server is down Chromium logs each refused WebSocket connection: not the page's error.
OFFLINE = ("WebSocket connection to", "ERR_CONNECTION_REFUSED")


class Server:
    """`reorder-server serve` on one port, started again on the same port after a kill."""

    def __init__(self):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        self.port = s.getsockname()[1]
        s.close()
        self.process = None
        self.log = open(os.environ.get("SHARE_LOG", "/dev/null"), "a")

    def start(self):
        self.process = subprocess.Popen(
            [os.environ["REORDER_SERVER"], "serve", "--database", os.environ["REORDER_SERVER_URL"],
             "--port", str(self.port), "--static", "Web/dist"], stdout=self.log, stderr=self.log)
        wait_for("the server to answer /healthz", self.healthy, guard=60)

    def healthy(self):
        try:
            return urllib.request.urlopen("http://127.0.0.1:%d/healthz" % self.port, timeout=2).status == 200
        except OSError:
            return False

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def board(self, name, token):
        request = urllib.request.Request("http://127.0.0.1:%d/api/boards/%s" % (self.port, name),
                                         headers={"Authorization": "Bearer " + token})
        answer = json.load(urllib.request.urlopen(request, timeout=10))
        return {v["id"]: [i for s in v["sections"] for i in s["items"]] for v in answer["views"]}, answer


def shown(driver):
    """The board the page shows, by its report: the last `remote` views, `changed` or `ready` sections."""
    for entry in reversed(report(driver)):
        if entry["event"] == "remote":
            return {v["id"]: [i for s in v["sections"] for i in s["items"]] for v in entry["views"]}
        if entry["event"] in ("ready", "changed"):
            return {s["id"]: s["items"] for s in entry["sections"]}
    return None


def order_of(board):
    return [(column, items) for column, items in board.items()]


def remotes(driver):
    return [e for e in report(driver) if e["event"] == "remote"]


# The page's outbox (issue 44): this tab's record in the "reorderkit-share" IndexedDB, under
# `${board}/${tab}` (the tab's id in sessionStorage). arguments: board, moves to add (or null).
# Returns the number of moves waiting.
OUTBOX = """const [board, add, done] = arguments;
  const tab = sessionStorage.getItem(`reorderkit:share:tab:${board}`);
  const open = indexedDB.open("reorderkit-share", 1);
  open.onerror = () => done(-1);
  open.onsuccess = () => {
    const db = open.result, key = `${board}/${tab}`;
    const tx = db.transaction("outbox", "readwrite"), store = tx.objectStore("outbox");
    const get = store.get(key);
    let waiting = -1;
    get.onsuccess = () => {
      if (get.result === undefined) return;
      const record = JSON.parse(get.result);
      if (add) { record.pending.push(...add); store.put(JSON.stringify(record), key); }
      waiting = record.pending.length;
    };
    tx.oncomplete = () => { db.close(); done(waiting); };
    tx.onerror = () => { db.close(); done(-1); };
  };"""


def outbox(driver, board, add=None):
    return driver.execute_async_script(OUTBOX, board, add)


def connections(driver):
    return [e["state"] for e in report(driver) if e["event"] == "connection"]


def caption(driver):
    return driver.execute_script("return document.getElementById('caption').textContent")


def enter_token(driver, token):
    field = wait_for("the token form", lambda: driver.find_elements(By.CSS_SELECTOR, "form.token input"))[0]
    field.send_keys(token + Keys.ENTER)


def open_board(driver, url, token):
    driver.get(url)
    if token is not None:
        enter_token(driver, token)
    wait_for("the shared board to be ready", lambda: driver.execute_script(
        "return window.reorderKit && (window.reorderKit.ready || window.reorderKit.report.some(e => e.event === 'error'))"))
    errors = [e for e in report(driver) if e["event"] == "error"]
    assert not errors, errors
    wait_for("online", lambda: "online" in connections(driver))


def element(driver, item):
    return driver.find_element(By.CSS_SELECTOR, '[data-id="%s"]' % item)


def drag(driver, source, target, dx=0, dy=0, hold=0.4):
    chain = ActionChains(driver, duration=50)
    chain.move_to_element(element(driver, source)).click_and_hold().move_by_offset(0, 10).pause(0.2)
    chain.move_to_element_with_offset(element(driver, target), dx, dy).pause(hold).release().perform()


def main(board, shots):
    editor, viewer = os.environ["SHARE_EDITOR"], os.environ["SHARE_VIEWER"]
    server = Server()
    server.start()
    url = "http://127.0.0.1:%d/boards/%s" % (server.port, board)
    started = time.time()
    a = b = None
    try:
        a, b = open_browser(), open_browser()
        for driver in (a, b):
            driver.set_window_size(1400, 800)
        # The token, asked for once: pasted, Enter.
        a.get(url)
        wait_for("the token form", lambda: a.find_elements(By.CSS_SELECTOR, "form.token input"))
        if shots:
            a.save_screenshot(shots + "/board-shared-token.png")
        enter_token(a, editor)
        wait_for("the shared board to be ready", lambda: a.execute_script("return window.reorderKit.ready"))
        wait_for("online", lambda: "online" in connections(a))
        open_board(b, url, editor)
        truth, _ = server.board(board, editor)
        assert shown(a) == truth and shown(b) == truth, (shown(a), truth)
        wait_for("the caption to say connected", lambda: "Shared · connected" in caption(a))

        # A drag in A (card-13 from To do into Doing): B's report shows it as `remote`.
        drag(a, "card-13", "card-24", 0, 40)
        wait_for("card-13 in Doing on A", lambda: shown(a)["doing"] == ["card-23", "card-24", "card-13"])
        wait_for("card-13 in Doing on B (remote)", lambda: remotes(b) and shown(b)["doing"] == ["card-23", "card-24", "card-13"])
        wait_for("the server to have it", lambda: server.board(board, editor)[0] == shown(a))
        # And back from B: card-1 to the top of To do.
        drag(b, "card-1", "card-14", 0, -20)
        wait_for("card-1 in To do on B", lambda: "card-1" in shown(b)["todo"])
        wait_for("B's move on A", lambda: "card-1" in shown(a)["todo"] and shown(a) == shown(b))
        # A column move (Review's header before Doing's) and Ctrl+Z on A: both reach B.
        review = a.find_element(By.CSS_SELECTOR, '[data-column="review"]')
        doing = a.find_element(By.CSS_SELECTOR, '[data-column="doing"]')
        chain = ActionChains(a, duration=50)
        chain.move_to_element(review).click_and_hold().move_by_offset(0, 10).pause(0.2)
        chain.move_to_element_with_offset(doing, -100, 0).pause(0.6).release().perform()
        wait_for("Review before Doing on B", lambda: list(shown(b)) == ["backlog", "todo", "review", "doing", "done"])
        ActionChains(a).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
        wait_for("the undone column move on B", lambda: list(shown(b)) == ["backlog", "todo", "doing", "review", "done"])
        wait_for("the server to agree", lambda: server.board(board, editor)[0] == shown(a) == shown(b))
        print("share: drags, a column move and its undo seen on the other page (%.1f s)" % (time.time() - started))

        # A viewer follows but cannot move: its drag changes nothing, the caption says read-only.
        v = open_browser()
        try:
            v.set_window_size(1400, 800)
            open_board(v, url, viewer)
            wait_for("read-only in the caption", lambda: "read-only" in caption(v))
            before = shown(v)
            drag(v, "card-2", "card-14", 0, 40)
            time.sleep(0.5)
            assert shown(v) == before, "a viewer's drag moved a card"
            assert not any(e["event"] == "lifted" for e in report(v)), "a viewer's card lifted"
            drag(a, "card-2", "card-3", 0, 30)
            wait_for("A's move on the viewer's page", lambda: shown(v) == shown(a) and remotes(v))
            if shots:
                still(v, "card-2")
                v.save_screenshot(shots + "/board-shared-viewer.png")
            check_console(v)
        finally:
            v.quit()
        print("share: the viewer follows and cannot move (%.1f s)" % (time.time() - started))

        # The server killed mid-session: both pages go offline; a move on A waits in its outbox.
        server.kill()
        for driver in (a, b):
            wait_for("offline", lambda: connections(driver)[-1:] == ["offline"], guard=30)
        drag(a, "card-5", "card-31", 0, -20)
        wait_for("card-5 at the top of Done on A", lambda: shown(a)["done"][0] == "card-5")
        wait_for("the outbox in the caption", lambda: "Offline · 1 move waiting" in caption(a))
        if shots:
            still(a, "card-5")
            a.save_screenshot(shots + "/board-shared-offline.png")
        # A reload while the server is down (the page cannot load: the server serves it), then the
        # server back and the page opened again: the move kept in the outbox reaches the server.
        a.refresh()
        server.start()
        a.get(url)
        wait_for("the board after the reload", lambda: a.execute_script("return window.reorderKit && window.reorderKit.ready"))
        assert not a.find_elements(By.CSS_SELECTOR, "form.token"), "the reload asked for the token again"
        assert shown(a)["done"][0] == "card-5", shown(a)["done"]
        for driver in (a, b):
            wait_for("online again", lambda: connections(driver)[-1:] == ["online"], guard=60)
        wait_for("both pages and the server to agree", lambda: shown(a) == shown(b) == server.board(board, editor)[0], guard=30)
        assert shown(a)["done"][0] == "card-5", shown(a)["done"]
        wait_for("the caption to say connected", lambda: "Shared · connected" in caption(a))
        print("share: killed, a move made offline, restarted, converged (%.1f s)" % (time.time() - started))
        if shots:
            still(b, "card-5")
            still(b, "card-6")
            b.save_screenshot(shots + "/board-shared.png")

        # A reload: the board again, without asking for the token.
        before = shown(a)
        a.refresh()
        wait_for("the board after the reload", lambda: a.execute_script("return window.reorderKit.ready"))
        assert not a.find_elements(By.CSS_SELECTOR, "form.token"), "the reload asked for the token again"
        wait_for("online after the reload", lambda: "online" in connections(a))
        assert shown(a) == before, (shown(a), before)
        # The shared board keeps nothing in the Board's IndexedDB records (the local Board's).
        records = a.execute_async_script("""const done = arguments[arguments.length - 1];
          const open = indexedDB.open("reorderkit", 1);
          open.onupgradeneeded = () => open.result.createObjectStore("items", { keyPath: ["scene", "id"] }).createIndex("scene", "scene");
          open.onsuccess = () => { const all = open.result.transaction("items").objectStore("items").getAll();
            all.onsuccess = () => done(all.result.length); };
          open.onerror = () => done(-1);""")
        assert records == 0, "%d IndexedDB records on a shared board" % records
        for driver in (a, b):
            check_console(driver, OFFLINE)

        # A waiting move the server refuses (into a column deleted meanwhile: lostRace): it leaves
        # the outbox, is announced and reported, and the page takes the server's board.
        assert outbox(a, board, [{"gesture": "g-stale", "change": {"kind": "moveCards", "items": ["card-6"], "view": "gone", "section": "gone", "before": None}}]) == 1
        a.refresh()
        rejected = wait_for("the rejection", lambda: [e for e in report(a) if e["event"] == "rejected"])
        assert rejected == [{"event": "rejected", "scene": "board", "gesture": "g-stale", "reason": "lostRace"}], rejected
        wait_for("the announcement", lambda: "card-6 was moved by someone else" in
                 a.execute_script("return document.querySelector('[aria-live]').textContent"))
        wait_for("the server's board", lambda: shown(a) == server.board(board, editor)[0] and "Shared · connected" in caption(a))
        wait_for("the outbox empty", lambda: outbox(a, board) == 0)
        print("share: a stale waiting move rejected (lostRace), announced, dropped (%.1f s)" % (time.time() - started))

        # 150 waiting moves sent at once: all committed (150 revisions), none dropped; any answered
        # rateLimited is sent again after retryAfterMs.
        _, answer = server.board(board, editor)
        burst = [{"gesture": "g-burst-%d" % i, "change": {"kind": "moveCards", "items": ["card-7"], "view": column,
                  "section": column, "before": None}} for i, column in ((i, "review" if i % 2 else "done") for i in range(150))]
        assert outbox(a, board, burst) == 150
        a.refresh()
        wait_for("the outbox to drain", lambda: a.execute_script("return window.reorderKit && window.reorderKit.ready")
                 and outbox(a, board) == 0, guard=60)
        truth, after = server.board(board, editor)
        assert after["revision"] - answer["revision"] == 150, (answer["revision"], after["revision"])
        assert truth["review"][-1] == "card-7", truth["review"]
        assert not [e for e in report(a) if e["event"] == "rejected"], "a rate-limited move was dropped"
        # (Whether any was answered rateLimited depends on the machine; share_protocol.py answers
        # rateLimited for sure.)
        wait_for("the page to show the server's board", lambda: shown(a) == server.board(board, editor)[0])
        print("share: 150 moves at once, all committed, none lost (%.1f s)" % (time.time() - started))

        # A wrong token: one clear message, and the form again.
        b.execute_script("localStorage.clear()")
        b.get(url)
        enter_token(b, "not-a-token")
        message = wait_for("the refusal", lambda: b.find_elements(By.CSS_SELECTOR, "form.token .error"))[0].text
        assert "refused the token" in message, message
        assert b.find_elements(By.CSS_SELECTOR, "form.token input")
        check_console(b, OFFLINE)
        print("share: reload without the token form; a wrong token says %r (%.1f s)" % (message, time.time() - started))
    finally:
        for driver in (a, b):
            if driver:
                driver.quit()
        server.stop()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None)
