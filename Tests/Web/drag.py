#!/usr/bin/env python3
"""A mouse drag in the web build's Colors scene, in a real headless Chromium (issue 32).

Serve Web/dist first (Scripts/web.sh build; python3 -m http.server PORT --directory Web/dist), then:

    python3 Tests/Web/drag.py http://127.0.0.1:PORT/ [screenshot-dir]

Presses the mouse on c1, moves it 10 px (the engine lifts at 4 px), moves it to c3, releases,
and checks that window.reorderKit.report has lifted and dropped for c1 and a changed order with
c1 after c3's old place; fails on any error in the console. Needs python3-selenium and Debian's
chromium and chromium-driver.
"""
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By


def main():
    base = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8032/"
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=900,700", "--hide-scrollbars"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get(base + "?scene=colors&items=50")
        deadline = time.time() + 10
        while not driver.execute_script("return window.reorderKit && window.reorderKit.ready"):
            assert time.time() < deadline, "the page never became ready: %r" % driver.execute_script(
                "return window.reorderKit && window.reorderKit.report")
            time.sleep(0.05)
        ready = driver.execute_script("return window.reorderKit.report[0]")
        assert ready["event"] == "ready", ready
        before = ready["sections"][0]["items"]
        assert before[:4] == ["c1", "c2", "c3", "c4"], before[:4]

        source = driver.find_element(By.CSS_SELECTOR, '[data-id="c1"]')
        target = driver.find_element(By.CSS_SELECTOR, '[data-id="c3"]')
        actions = ActionChains(driver, duration=50)
        actions.move_to_element(source).click_and_hold().move_by_offset(10, 0).pause(0.2)
        actions.move_to_element(target).pause(0.5).perform()
        if shots:
            driver.save_screenshot(shots + "/colors-drag.png")
        ActionChains(driver).release().perform()
        time.sleep(0.6)  # the settle animation
        if shots:
            driver.save_screenshot(shots + "/colors-dropped.png")

        report = driver.execute_script("return window.reorderKit.report")
        events = [(e["event"], e.get("item")) for e in report]
        assert ("lifted", "c1") in events, events
        assert ("dropped", "c1") in events, events
        changed = [e for e in report if e["event"] == "changed"]
        assert changed, events
        after = changed[-1]["sections"][0]["items"]
        assert after != before and sorted(after) == sorted(before), after[:6]
        assert after[:3] == ["c2", "c3", "c1"], after[:6]
        shown = driver.execute_script(
            "return [...document.querySelectorAll('[data-id]')].length")
        errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        assert not errors, errors
        print("drag.py: ok: %s; order now %s…; %d item elements" % (
            " ".join(e for e, _ in events), ", ".join(after[:5]), shown))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
