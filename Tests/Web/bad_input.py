#!/usr/bin/env python3
"""Bad input never leaves a blank page (issue 32): an address naming a scene that does not exist,
`&items=` that is not a number or out of range, and a .wasm that fails to load each show one clear
message on the page and one "error" object in window.reorderKit.report, with no uncaught
exception in the console.

    python3 Tests/Web/bad_input.py http://127.0.0.1:PORT/
"""
import sys

from browser import check_console, open_browser, report, wait_for

CASES = [
    ("?scene=nope", 'There is no scene "nope": choose one of colors, photos, students, lessons, board.'),
    ("?scene=colors&items=abc", "items=abc is not a number of items."),
    ("?scene=colors&items=0", "items=0 is out of range (1 to 1000000)."),
    ("?scene=colors&items=99999999999999999999", "items=99999999999999999999 is out of range (1 to 1000000)."),
    ("?scene=%3Cimg%20src=x%20onerror=alert(1)%3E", 'There is no scene "<img src=x onerror=alert(1)>"'),
]


def shows(driver, url, expected, allowed=()):
    driver.get(url)
    errors = wait_for("an error in the report of %s" % url, lambda: driver.execute_script(
        "return window.reorderKit && window.reorderKit.report.filter(e => e.event === 'error')"))
    assert len(errors) == 1 and errors[0]["message"].startswith(expected), (url, errors)
    shown = driver.execute_script("return [...document.querySelectorAll('[role=alert]')].map(e => e.textContent)")
    assert shown == [errors[0]["message"]], (url, shown)
    assert not driver.execute_script("return document.querySelector('#view img')"), "markup from the address ran"
    assert not driver.execute_script("return window.reorderKit.ready")
    check_console(driver, allowed)


def main():
    base = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8032/"
    driver = open_browser()
    try:
        for query, expected in CASES:
            shows(driver, base + query, expected)
        print("bad_input.py: %d bad addresses each show one message" % len(CASES))
    finally:
        driver.quit()
    # A .wasm that does not load: the request blocked, as a missing file or a dead server would fail.
    driver = open_browser()
    try:
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*reorderkit.wasm"]})
        shows(driver, base + "?scene=colors", "The engine (reorderkit.wasm) failed to load:",
              allowed=("reorderkit.wasm - Failed to load resource: net::ERR_BLOCKED_BY_CLIENT",))
        message = [e for e in report(driver) if e["event"] == "error"][0]["message"]
        print("bad_input.py: a blocked .wasm says %r" % message)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
