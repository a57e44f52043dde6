"""What the web tests share: a headless Chromium through selenium, waits polled with a hang guard,
the page's report, and the console log read for errors (any uncaught exception fails a test)."""
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def open_browser(reduced_motion=False, before_load=None):
    """A headless Chromium at 900 × 700. `before_load`: JavaScript run in every page before its
    own scripts (to break IndexedDB, say)."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=900,700", "--hide-scrollbars"):
        options.add_argument(arg)
    if reduced_motion:
        options.add_argument("--force-prefers-reduced-motion")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    if before_load:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": before_load})
    return driver


def wait_for(what, condition, guard=20):
    """Polls `condition` until it holds; `guard` seconds only stop a hang (the page answers within a
    frame or two), so a busy machine slows the test down but does not fail it."""
    deadline = time.time() + guard
    while True:
        value = condition()
        if value:
            return value
        assert time.time() < deadline, "waited %d s for %s" % (guard, what)
        time.sleep(0.05)


def load(driver, url):
    driver.get(url)
    wait_for("the page to be ready (report: %s)" % url, lambda: driver.execute_script(
        "return window.reorderKit && (window.reorderKit.ready || window.reorderKit.report.some(e => e.event === 'error'))"))
    errors = [e for e in report(driver) if e["event"] == "error"]
    assert not errors, errors


def report(driver):
    return driver.execute_script("return window.reorderKit.report")


def events_of(driver):
    return [(e["event"], e.get("item")) for e in report(driver)]


def order(driver):
    """The last order the page reported (ready or changed), as item names."""
    for entry in reversed(report(driver)):
        if entry["event"] in ("ready", "changed"):
            return entry["sections"][0]["items"]
    raise AssertionError("no order reported")


def spoken(driver):
    """The text of the page's aria-live region, as a screen reader gets it."""
    return driver.execute_script("return document.querySelector('[aria-live]').textContent")


def check_console(driver, allowed=()):
    """Fails on any error in the console (an uncaught exception, a failed load) but those whose
    message holds one of `allowed`."""
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"
              and not any(a in e["message"] for a in allowed)]
    assert not errors, errors


def sections(driver):
    """The last sections the page reported (ready or changed), as the desktop's report writes them."""
    for entry in reversed(report(driver)):
        if entry["event"] in ("ready", "changed"):
            return entry["sections"]
    raise AssertionError("no order reported")


def still(driver, item):
    """Waits until `item`'s element is shown and stands still (the same place in two frames 100 ms
    apart); an element not shown yet (it glides in from outside the view) is waited for."""
    where = lambda: driver.execute_script(
        "const e = document.querySelector(`[data-id='${arguments[0]}']`); if (!e) return null;"
        "const r = e.getBoundingClientRect(); return [r.x, r.y]", item)
    last = [None]

    def same():
        now = where()
        stood, last[0] = now is not None and now == last[0], now
        return stood
    wait_for("%s to stand still" % item, lambda: same() or time.sleep(0.1))
