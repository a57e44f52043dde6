"""The shared board's conformance script (Tests/Conformance/board-sync.json, issue 44) played against
the page in Chromium: the browser's WebSocket replaced, before the page loads, by a socket the
script drives (what the page sends is read back; the script's frames are delivered to it). The
same script passes against BoardSync in Swift (Tests/ReorderSyncTests/ConformanceTests.swift), so
the page's JavaScript adds no decision of its own: every bad frame is never applied, never a
console error, reported once (the report's `problem` lines).

    python3 Tests/Web/conformance.py http://127.0.0.1:PORT/   # run by Scripts/web-test.sh
"""
import json
import os
import sys
import time

from browser import check_console, open_browser, report, wait_for
from share_protocol import move_to, shown

SOCKET = """
localStorage.setItem("reorderkit:share:token:conformance", JSON.stringify("tok-1"));
window.conf = { sent: [], socket: null };
class ScriptSocket extends EventTarget {
  static OPEN = 1;
  constructor(url) {
    super();
    this.readyState = 0; window.conf.socket = this;
    setTimeout(() => { this.readyState = 1; this.onopen?.(new Event("open")); }, 5);
  }
  send(text) { if (window.conf.socket === this) window.conf.sent.push(text); }
  deliver(text) { if (this.readyState === 1) this.onmessage?.(new MessageEvent("message", { data: text })); }
  drop() { this.readyState = 3; this.onclose?.({ code: 1006, reason: "" }); }
  close() { this.readyState = 3; }
}
window.WebSocket = ScriptSocket;
"""

TITLES = {"todo": "To do", "doing": "Doing"}
SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Conformance", "board-sync.json")


def substituted(value, last):
    if value == "$last":
        return last
    if isinstance(value, list):
        return [substituted(v, last) for v in value]
    if isinstance(value, dict):
        return {k: substituted(v, last) for k, v in value.items()}
    return value


def main(base):
    with open(SCRIPT) as f:
        script = json.load(f)
    driver = open_browser(before_load=SOCKET)
    last = None
    counted = 0
    try:
        driver.set_window_size(1400, 800)
        for number, step in enumerate(script["steps"], 1):
            where = "step %d %s" % (number, json.dumps(step)[:160])
            if "say" in step:
                continue
            if "connect" in step:
                driver.get(base + "boards/conformance")
                wait_for("the socket (%s)" % where, lambda: driver.execute_script("return window.conf.socket !== null"))
            elif "expect" in step:
                text = wait_for("a message (%s)" % where, lambda: driver.execute_script("return window.conf.sent.shift()"), guard=10)
                message, wanted = json.loads(text), dict(step["expect"])
                if wanted.get("gesture") == "*":
                    last = wanted["gesture"] = message.get("gesture")
                wanted = substituted(wanted, last)
                assert message == wanted, "%s: sent %s" % (where, text)
            elif "frame" in step:
                frame = step["frame"]
                text = frame["text"] if "text" in frame else json.dumps(substituted(frame, last))
                driver.execute_script("window.conf.socket.deliver(arguments[0])", text)
            elif "local" in step:
                move_to(driver, step["local"]["card"], TITLES[step["local"]["column"]])
            elif "wait" in step:
                time.sleep(step["wait"] / 1000)
            elif "quiet" in step:
                time.sleep(step["quiet"] / 1000)
                extra = driver.execute_script("return window.conf.sent.splice(0)")
                assert not extra, "%s: sent %s" % (where, extra)
            elif "drop" in step:
                driver.execute_script("window.conf.socket.drop()")
            elif "board" in step:
                wanted = step["board"]
                wait_for("the board (%s): %s" % (where, shown(driver)), lambda: shown(driver) == wanted, guard=5)
                assert list(shown(driver)) == list(wanted), (where, shown(driver))
            elif "reports" in step:
                problems = [e for e in report(driver) if e["event"] == "problem"]
                assert len(problems) - counted == step["reports"], "%s: %s" % (where, problems[counted:])
                counted = len(problems)
            else:
                raise AssertionError("an unknown step: %s" % where)
        check_console(driver)
        print("conformance.py: the page passed the conformance script's %d steps (%d problems reported, each once)"
              % (len(script["steps"]), counted))
    finally:
        driver.quit()


if __name__ == "__main__":
    main(sys.argv[1])
