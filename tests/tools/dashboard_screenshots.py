"""Screenshots of every dashboard page at desktop and phone width, for people to look at.

    ./build screenshots [OUT_DIR]        # default: screenshots/

Builds a workspace with two weeks of simulated answers (tests/browser.py), serves it with
`tracker serve`, signs in with headless Chromium and saves OUT_DIR/<page>-<width>.png.
"""

import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import browser  # noqa: E402

PAGES = (("sign-in", "/"), ("overview", "/"), ("overview-7-days", "/?days=7"),
         ("actions", "/actions"),
         ("prompts", "/prompts"), ("prompts-by-visibility", "/prompts?sort=-visibility"),
         ("suggestions", "/suggestions"),
         ("prompt", "/prompts/1"), ("delete-prompt", "/prompts/1/delete"), ("not-found", "/nowhere"),
         ("chats", "/chats"), ("chat", "/chats/1"), ("sources", "/sources"),
         ("divergence", "/divergence"),
         ("urls", "/sources?groupBy=url&domain=stark.example"),
         ("traffic", "/traffic"), ("brands", "/brands"), ("topics", "/topics"), ("tags", "/tags"),
         ("settings", "/settings"), ("settings-preview", "/settings?samplesPerRun=5"),
         ("manual", "/docs"), ("manual-analytics", "/docs/analytics"))


def serve(db_path):
    """(process, url) of `tracker serve` on db_path, on a free port."""
    server = subprocess.Popen(
        [sys.executable, "-m", "tracker", "serve", "--db", db_path, "--port", "0", "--runs", "instant"]
        + ["--engine=" + engine for engine in browser.ENGINES], stderr=subprocess.PIPE, text=True)
    for line in server.stderr:
        found = re.search(r"listening on (http://\S+)", line)
        if found:
            return server, found.group(1)
    sys.exit("the server did not start")


def full_page(driver, path, size):
    """Save the whole page: the screen grows to the page's height first."""
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": size[0], "height": min(height, 6000), "deviceScaleFactor": 1,
        "mobile": size == browser.PHONE})
    driver.save_screenshot(path)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size == browser.PHONE})


def main():
    out = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "screenshots")
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        db_path = os.path.join(work, "tracker.db")
        key = browser.history_database(db_path, seed=browser.SHOWCASE_SEED)
        server, url = serve(db_path)
        try:
            for width_name, size in (("desktop", browser.DESKTOP), ("phone", browser.PHONE)):
                driver = browser.chrome(size)
                try:
                    for name, path in PAGES:
                        if name == "overview":
                            browser.sign_in(driver, url, "trk_not_a_key")  # the message, then in
                            full_page(driver, os.path.join(out, "sign-in-problem-%s.png" % width_name),
                                      size)
                            browser.sign_in(driver, url, key)
                        driver.get(url + path)
                        full_page(driver, os.path.join(out, "%s-%s.png" % (name, width_name)), size)
                        print(os.path.join(out, "%s-%s.png" % (name, width_name)))
                finally:
                    driver.quit()
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
