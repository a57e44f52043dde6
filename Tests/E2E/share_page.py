#!/usr/bin/env python3
"""The web page on a shared board, for the e2e share tests (Tests/E2E/share.sh): headless Chromium
opens the board's link, pastes the token once, and then answers commands on stdin, one per line:

    board                  prints the board the page shows: "column|card,card;column|…"
    drag CARD TARGET DY    drags CARD onto TARGET's centre moved DY pixels down, prints "ok"
    shot PATH              saves a screenshot, prints "ok"
    quit

It prints "ready" once the board is online, and "error: …" for anything that fails.

    share_page.py LINK TOKEN_FILE
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Web"))

from selenium.webdriver.common.by import By  # noqa: E402

from browser import check_console, open_browser, report, wait_for  # noqa: E402
from share import drag, enter_token, connections  # noqa: E402


def board_line(driver):
    for entry in reversed(report(driver)):
        if entry["event"] == "remote":
            columns = [(v["id"], [i for s in v["sections"] for i in s["items"]]) for v in entry["views"]]
            break
        if entry["event"] in ("ready", "changed"):
            columns = [(s["id"], s["items"]) for s in entry["sections"]]
            break
    else:
        return ""
    return ";".join("%s|%s" % (column, ",".join(items)) for column, items in columns)


def main(link, token_file):
    token = open(token_file).read().strip()
    driver = open_browser()
    try:
        driver.set_window_size(1400, 800)
        driver.get(link)
        enter_token(driver, token)
        wait_for("the shared board online", lambda: "online" in connections(driver))
        print("ready", flush=True)
        for line in sys.stdin:
            words = line.split()
            try:
                if not words:
                    continue
                if words[0] == "quit":
                    break
                if words[0] == "board":
                    print(board_line(driver), flush=True)
                elif words[0] == "drag":
                    drag(driver, words[1], words[2], 0, int(words[3]))
                    print("ok", flush=True)
                elif words[0] == "shot":
                    driver.save_screenshot(words[1])
                    print("ok", flush=True)
                else:
                    print("error: unknown command %s" % words[0], flush=True)
            except Exception as error:  # one line back to the test, which fails on it
                print("error: %s" % str(error).splitlines()[0], flush=True)
        check_console(driver)
    finally:
        driver.quit()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
