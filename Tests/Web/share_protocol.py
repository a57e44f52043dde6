"""The shared Board's side of the wire protocol where a real server rarely goes (DESIGN "The board
server"): the page on a board's link with the browser's WebSocket replaced, before the page loads,
by a scripted server in the page itself (FAKE below). Checks: a commit answered `rateLimited` stays
in the outbox and is sent again, same gesture, after `retryAfterMs` (then acknowledged; nothing
reported `rejected`); a `remote` whose revision skips one makes the page say `hello` again with
`after` (its last revision) and the epoch once it has stayed open 500 ms; after a lost connection a
`welcome` with `reset: true` replaces the whole board (the report's `remote` views); others' move
arriving while a card is lifted waits for the end of the drag; `invalid` leaves the outbox,
reported and announced. No console error.

    python3 Tests/Web/share_protocol.py http://127.0.0.1:PORT/ [SHOTS]   # run by Scripts/web-test.sh
"""
import sys
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import check_console, open_browser, report, wait_for

# A scripted server: answers hello with a small board (or window.fake.welcome once), each commit
# first with rateLimited (200 ms) and then with ack, or as window.fake.next says; records what the
# page sent in window.fake.sent. The page's protocol is BoardSync's (issue 44), in the .wasm.
FAKE = """
localStorage.setItem("reorderkit:share:token:proto", JSON.stringify("tok-1"));
// The server's revision is kept in localStorage, so that every tab's fake (share_tabs.py) and a
// reload agree on it; `down` makes every connection fail (the server unreachable).
window.fake = { sent: [], revision: Number(localStorage.getItem("fake:revision") ?? 10), tried: new Set(), next: null,
  socket: null, down: false };
class FakeSocket extends EventTarget {
  static OPEN = 1;
  constructor(url) {
    super();
    this.url = url; this.readyState = 0; window.fake.socket = this;
    if (window.fake.down) {
      setTimeout(() => { this.readyState = 3; this.onclose?.({ code: 1006, reason: "" }); }, 10);
      return;
    }
    setTimeout(() => { this.readyState = 1; this.onopen?.(new Event("open")); }, 10);
  }
  send(text) {
    const m = JSON.parse(text), fake = window.fake;
    fake.sent.push(m);
    if (m.type === "hello") {
      if (fake.welcome) { const answer = fake.welcome; fake.welcome = null; this.deliver(answer); return; }
      this.deliver({ type: "welcome", role: "editor", epoch: "e1", revision: fake.revision, views: [
        { id: "todo", sections: [{ id: "todo", items: ["card-1", "card-2", "card-3"] }] },
        { id: "doing", sections: [{ id: "doing", items: ["card-4"] }] }] });
    } else if (m.type === "commit") {
      if (fake.next) { const answer = fake.next; fake.next = null; this.deliver({ ...answer, gesture: m.gesture }); return; }
      if (!fake.tried.has(m.gesture)) {
        fake.tried.add(m.gesture);
        this.deliver({ type: "rejected", gesture: m.gesture, reason: "rateLimited", retryAfterMs: 200 });
      } else {
        fake.revision += 1;
        localStorage.setItem("fake:revision", String(fake.revision));
        this.deliver({ type: "ack", gesture: m.gesture, revision: fake.revision });
      }
    }
  }
  deliver(message) {
    setTimeout(() => {
      const event = new MessageEvent("message", { data: JSON.stringify(message) });
      this.onmessage?.(event);
      this.dispatchEvent(event);
    }, 5);
  }
  // The connection lost (a server restart): the page reconnects and says hello again.
  drop() { this.readyState = 3; this.onclose?.({ code: 1006, reason: "" }); }
  close() {}
}
window.WebSocket = FakeSocket;
"""


def sent(driver, kind):
    return [m for m in driver.execute_script("return window.fake.sent") if m["type"] == kind]


def shown(driver):
    for entry in reversed(report(driver)):
        if entry["event"] == "remote":
            return {v["id"]: [i for s in v["sections"] for i in s["items"]] for v in entry["views"]}
        if entry["event"] in ("ready", "changed"):
            return {s["id"]: s["items"] for s in entry["sections"]}


def move_to(driver, card, column):
    """A card moved by its actions menu ("Move to Doing"): the engine's accessibility action."""
    driver.find_element(By.CSS_SELECTOR, '[data-id="%s"] .actions' % card).click()
    wait_for("%s's menu" % card, lambda: driver.find_elements(By.CSS_SELECTOR, "[role=menu] [role=menuitem]"))
    driver.find_element(By.XPATH, "//*[@role='menuitem'][.='Move to %s']" % column).click()


def main(base, shots):
    driver = open_browser(before_load=FAKE)
    try:
        driver.set_window_size(1400, 800)
        driver.get(base + "boards/proto")
        wait_for("the board from the welcome", lambda: driver.execute_script("return window.reorderKit.ready"))
        assert shown(driver) == {"todo": ["card-1", "card-2", "card-3"], "doing": ["card-4"]}, shown(driver)
        assert sent(driver, "hello") == [{"type": "hello", "token": "tok-1"}], sent(driver, "hello")

        # rateLimited: the same commit again after 200 ms, then acknowledged.
        move_to(driver, "card-1", "Doing")
        wait_for("card-1 in Doing", lambda: "card-1" in shown(driver)["doing"])
        commits = wait_for("the commit sent twice", lambda: len(sent(driver, "commit")) == 2 and sent(driver, "commit"))
        assert commits[0] == commits[1], commits
        assert commits[0]["change"]["kind"] == "moveCards" and commits[0]["change"]["items"] == ["card-1"] \
            and commits[0]["change"]["view"] == commits[0]["change"]["section"] == "doing", commits[0]
        wait_for("the outbox to drain", lambda: "Shared · connected" in driver.execute_script(
            "return document.getElementById('caption').textContent"))
        assert not [e for e in report(driver) if e["event"] == "rejected"], report(driver)

        # A revision gap that stays open (500 ms): hello again, with after (the last revision, 11)
        # and the epoch; the server's answer brings the changes since.
        driver.execute_script("""window.fake.welcome = { type: "welcome", role: "editor", epoch: "e1", revision: 14,
          changes: [{ kind: "moveCards", items: ["card-2"], view: "doing", section: "doing", before: null },
                    { kind: "moveCards", items: ["card-3"], view: "doing", section: "doing", before: null }] };
          window.fake.socket.deliver({ type: "remote", revision: 14, changes: [
          { kind: "moveCards", items: ["card-3"], view: "doing", section: "doing", before: null }] })""")
        hellos = wait_for("a second hello", lambda: len(sent(driver, "hello")) == 2 and sent(driver, "hello"))
        assert hellos[1] == {"type": "hello", "token": "tok-1", "epoch": "e1", "after": 11}, hellos[1]
        wait_for("the changes since 11", lambda: shown(driver) == {"todo": [], "doing": ["card-4", "card-1", "card-2", "card-3"]})
        time.sleep(0.7)
        assert len(sent(driver, "hello")) == 2, "the gap stayed open: %r" % sent(driver, "hello")

        # reset: the connection lost, and the server's answer to the next hello is another epoch's
        # board, which replaces the whole board.
        driver.execute_script("""window.fake.welcome = { type: "welcome", role: "editor", epoch: "e2", revision: 3, reset: true,
          views: [{ id: "doing", sections: [{ id: "doing", items: ["card-3"] }] },
                  { id: "todo", sections: [{ id: "todo", items: ["card-4", "card-2", "card-1"] }] }] };
          window.fake.socket.drop();""")
        wait_for("the reset board", lambda: shown(driver) == {"doing": ["card-3"], "todo": ["card-4", "card-2", "card-1"]})
        wait_for("the reset board drawn", lambda: driver.execute_script(
            "return [...document.querySelectorAll('.column-header')].sort((a, b) => a.getBoundingClientRect().x - "
            "b.getBoundingClientRect().x).map(e => e.dataset.column).join()") == "doing,todo")
        if shots:
            time.sleep(0.5)
            driver.save_screenshot(shots + "/board-shared-reset.png")

        # Others' move while a card is lifted (Space): shown once the drag ends (Escape), not under it.
        driver.execute_script("document.querySelector('[data-id=\"card-4\"]').focus()")
        ActionChains(driver).send_keys(Keys.SPACE).perform()
        wait_for("card-4 lifted", lambda: any(e["event"] == "lifted" and e["item"] == "card-4" for e in report(driver)))
        remote_count = len([e for e in report(driver) if e["event"] == "remote"])
        driver.execute_script("""window.fake.socket.deliver({ type: "remote", revision: 4, changes: [
          { kind: "moveCards", items: ["card-3"], view: "todo", section: "todo", before: null }] })""")
        time.sleep(0.5)
        assert len([e for e in report(driver) if e["event"] == "remote"]) == remote_count, "applied under the drag"
        ActionChains(driver).send_keys(Keys.ESCAPE).perform()
        wait_for("the remote move after the drag", lambda: shown(driver) == {"doing": [], "todo": ["card-4", "card-2", "card-1", "card-3"]})

        # invalid: out of the outbox, reported, announced; the page shows the server's board (the
        # move set aside).
        driver.execute_script("""window.fake.next = { type: "rejected", reason: "invalid", message: "An item is named twice." }""")
        move_to(driver, "card-2", "Doing")
        rejected = wait_for("the rejection", lambda: [e for e in report(driver) if e["event"] == "rejected"])
        assert rejected[0]["reason"] == "invalid", rejected
        wait_for("the announcement", lambda: "An item is named twice." in driver.execute_script(
            "return document.querySelector('[aria-live]').textContent"))
        wait_for("the move set aside", lambda: shown(driver) == {"doing": [], "todo": ["card-4", "card-2", "card-1", "card-3"]})
        assert "could not be shared" in driver.execute_script("return document.getElementById('notice').textContent")
        check_console(driver)
        print("share_protocol.py: rateLimited sent again after 200 ms, a revision gap said hello after 11, "
              "reset replaced the board, a remote move waited for the drag's end, invalid set the move aside")
    finally:
        driver.quit()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None)
