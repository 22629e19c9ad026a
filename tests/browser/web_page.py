#!/usr/bin/python3
"""The kinrow page end to end in a real headless Chromium (Debian packages
chromium, chromium-driver, python3-selenium): play a whole tic-tac-toe game
against the engine to its drawn end, read the Connect Four heatmap against
`kinrow analyze --json`, open and use the search-tree viewer, and check that
text from the server is shown as text.

    /usr/bin/python3 tests/browser/web_page.py --kinrow build/kinrow [--screenshots docs]

Exits 77 (CTest's SKIP_RETURN_CODE) when Chromium, its driver or Selenium is
not installed; 0 when every check passes; 1 otherwise.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    webdriver = None


def start_server(kinrow):
    server = subprocess.Popen([kinrow, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"serving on (http://\S+)", line)
    if not match:
        server.kill()
        raise RuntimeError(f"kinrow serve did not start: {line!r}")
    return server, match.group(1)


def start_browser(width, height, phone=False):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"):
        options.add_argument(flag)
    options.add_argument("--user-data-dir=" + tempfile.mkdtemp(prefix="kinrow-chromium-"))
    if phone:  # a desktop window cannot be narrower than about 500 pixels
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height,
                                                                              "pixelRatio": 1}})
    else:
        options.add_argument(f"--window-size={width},{height}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(DRIVER), options=options)


class Page:
    def __init__(self, driver, url):
        self.driver, self.url = driver, url

    def open(self, fragment):
        self.driver.get("about:blank")  # a fresh load: a new fragment alone would not reload the page
        self.driver.get(f"{self.url}/#{fragment}")

    def wait(self, what, condition, timeout=30):
        return WebDriverWait(self.driver, timeout).until(lambda d: condition(), message=f"waiting for {what}")

    def js(self, script):
        return self.driver.execute_script(script)

    def settled(self):
        return self.js("return document.body.dataset.busy") == "false"

    def click(self, css):
        self.wait("the page to settle", self.settled)
        self.driver.find_element(By.CSS_SELECTOR, css).click()

    def status(self):
        return self.driver.find_element(By.ID, "status").text

    def stones(self):
        return self.js("return document.querySelectorAll('#board .stone:not(.ghost)').length")

    def labels(self):
        """move -> heatmap label of every cell that shows one."""
        return self.js("const out = {}; for (const c of document.querySelectorAll('#board .cell[data-label]'))"
                       " out[c.dataset.move] = c.dataset.label; return out;")

    def legal_count(self):
        return self.js("return new Set([...document.querySelectorAll('#board .cell[data-move]')]"
                       ".map(c => c.dataset.move)).size")

    def hints_ready(self):
        return self.legal_count() > 0 and len(self.labels()) == self.legal_count()

    def shot(self, directory, name):
        if directory:
            self.driver.save_screenshot(os.path.join(directory, name))


def label_rank(label):
    """Best first: the fastest win, then a draw, then the slowest loss."""
    if label.startswith("W"):
        return (0, int(label[1:] or 0))
    if label == "D":
        return (1, 0)
    return (2, -int(label[1:] or 0))


def play_tictactoe_to_a_draw(page, shots):
    page.open("game=tictactoe&mode=x")
    while True:
        page.wait("the page to settle", page.settled)
        if "Game over" in page.status():
            break
        assert page.hints_ready(), page.labels()
        labels = page.labels()
        move = min(labels, key=lambda m: (label_rank(labels[m]), m))
        if page.stones() == 2:
            page.shot(shots, "web-tictactoe.png")
        before = page.stones()
        page.click(f'#board .cell[data-move="{move}"]')
        page.wait("the engine's reply", lambda: page.stones() >= before + 2 or "Game over" in page.status())
    assert page.status() == "Game over: a draw", page.status()
    assert page.stones() == 9, page.stones()
    print("ok: a whole tic-tac-toe game against the engine ends in a draw")


def connect_four_heatmap_matches_the_cli(page, kinrow, shots):
    page.open("game=connect4&mode=both")
    for column in "4453":
        before = page.stones()
        # Any cell of a column drops the stone into it: click the top one.
        page.click(f'#board .cell[data-row="0"][data-col="{int(column) - 1}"]')
        page.wait("the stone", lambda: page.stones() == before + 1)
    page.wait("the heatmap", page.settled)
    cli = json.loads(subprocess.run([kinrow, "analyze", "connect4", "--moves", "4453", "--json"],
                                    capture_output=True, text=True, check=True).stdout)
    expected = {m["move"]: m["label"] for m in cli["moves"]}
    shown = page.labels()
    assert shown == expected, (shown, expected)
    page.wait("the principal variation", lambda: page.js("return document.querySelectorAll('.stone.ghost').length") > 0)
    page.shot(shots, "web-connect4.png")
    print(f"ok: the Connect Four heatmap after 4453 equals kinrow analyze --json ({expected})")


def tree_viewer_opens_and_expands(page, shots):
    page.open("game=tictactoe&mode=both&moves=1,1 0,0")
    page.click("#open-tree")
    nodes = lambda: page.js("return document.querySelectorAll('#tree-view .tnode').length")
    page.wait("the tree", lambda: nodes() > 1)
    if shots:
        page.js("document.getElementById('tree-panel').scrollIntoView()")
        page.driver.find_element(By.ID, "tree-panel").screenshot(os.path.join(shots, "web-tree.png"))
    shown = nodes()
    closed = page.driver.find_element(By.CSS_SELECTOR, "#tree-view .tnode.closed")
    closed.click()
    page.wait("a node to open", lambda: nodes() > shown)
    # The keyboard does the same: focus a closed node, press Enter.
    more = nodes()
    page.js("document.querySelector('#tree-view .tnode.closed').focus()")
    page.driver.switch_to.active_element.send_keys(Keys.ENTER)
    page.wait("a node to open by keyboard", lambda: nodes() > more)
    assert page.js("return document.querySelectorAll('#tree-view .tedge.pruned').length") > 0
    print(f"ok: the search tree viewer draws {nodes()} nodes, opens nodes by click and by Enter, marks pruned branches")


def keyboard_undo_and_engine_against_engine(page):
    page.open("game=tictactoe&mode=x")
    page.wait("the page to settle", page.settled)
    # Tab onto the board, walk to the centre with the arrows, play it with Enter.
    page.js("document.querySelector('#board .cell[tabindex=\"0\"]').focus()")
    for key in (Keys.ARROW_RIGHT, Keys.ARROW_DOWN):
        page.driver.switch_to.active_element.send_keys(key)
    page.driver.switch_to.active_element.send_keys(Keys.ENTER)
    page.wait("the engine's reply", lambda: page.stones() == 2 and page.settled())
    assert page.js("return document.querySelector('#board .cell[data-row=\"1\"][data-col=\"1\"] .stone.X') !== null")
    page.driver.find_element(By.TAG_NAME, "body").send_keys("u")  # undo: back to X's turn, empty board
    page.wait("the undo", lambda: page.stones() == 0 and page.settled())
    page.open("game=tictactoe&mode=none")
    page.wait("the engines' game", lambda: "Game over" in page.status())
    assert page.status() == "Game over: a draw", page.status()
    print("ok: a move by keyboard, undo by 'u', and engine against engine to a draw")


def phone_layout_fits(driver, url):
    page = Page(driver, url)
    page.open("game=connect4&mode=x&moves=4453")
    page.wait("the page to settle", page.settled)
    width = page.js("return document.documentElement.clientWidth")
    overflow = page.js("return document.documentElement.scrollWidth")
    board = page.js("return document.getElementById('board').getBoundingClientRect().right")
    assert overflow <= width and board <= width, (width, overflow, board)
    print(f"ok: on a {width} px wide phone the page needs no sideways scrolling")
    return page


def server_text_is_shown_as_text(page):
    hostile = "<img src=x onerror=window.pwned=1>"
    page.open("game=" + hostile)
    page.wait("the error", lambda: page.driver.find_element(By.ID, "error").text != "")
    error = page.driver.find_element(By.ID, "error").text
    assert hostile in error, error
    assert page.js("return document.querySelectorAll('img').length") == 0
    assert page.js("return window.pwned === undefined")
    print("ok: an error naming markup shows the markup as text")


def more_screenshots(page, shots):
    page.open("game=gomoku&mode=both&moves=7,7 7,8 8,8 6,6 8,7")
    page.wait("the Gomoku ranking", page.settled, timeout=60)
    page.shot(shots, "web-gomoku.png")
    page.open("game=weighted:3&mode=both&moves=1,1 0,0")
    page.wait("the weighted heatmap", page.settled)
    page.shot(shots, "web-weighted.png")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kinrow", required=True)
    parser.add_argument("--screenshots", help="save the views' screenshots (PNG) into this directory")
    args = parser.parse_args()
    if not CHROMIUM or not DRIVER or webdriver is None:
        print("skipped: needs chromium, chromium-driver and python3-selenium (scripts/install-deps.sh)")
        return SKIP
    server, url = start_server(args.kinrow)
    driver = None
    try:
        driver = start_browser(1280, 900)
        page = Page(driver, url)
        page.open("game=tictactoe")
        page.wait("the first board", lambda: page.js("return performance.getEntriesByName('kinrow-ready').length"))
        ready = page.js("return performance.getEntriesByName('kinrow-ready')[0].startTime")
        print(f"ok: the page shows its first board {ready:.0f} ms after navigation started")
        play_tictactoe_to_a_draw(page, args.screenshots)
        connect_four_heatmap_matches_the_cli(page, args.kinrow, args.screenshots)
        tree_viewer_opens_and_expands(page, args.screenshots)
        keyboard_undo_and_engine_against_engine(page)
        server_text_is_shown_as_text(page)
        errors = [e for e in driver.get_log("browser")
                  if e["level"] == "SEVERE" and "status of 400" not in e["message"]]
        assert not errors, errors
        if args.screenshots:
            more_screenshots(page, args.screenshots)
        driver.quit()
        driver = start_browser(390, 844, phone=True)
        phone_layout_fits(driver, url).shot(args.screenshots, "web-phone.png")
        return 0
    except AssertionError as e:
        print(f"FAILED: {e}")
        return 1
    finally:
        if driver:
            driver.quit()
        server.terminate()
        server.wait()


if __name__ == "__main__":
    sys.exit(main())
