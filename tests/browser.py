"""A workspace with two weeks of answers, and headless Chromium to look at its dashboard.

Used by tests/test_dashboard_browser.py and by ``./build screenshots``
(tests/tools/dashboard_screenshots.py). Chromium and its driver are Debian's
(/usr/bin/chromium, /usr/bin/chromedriver); ``./build test`` installs them when missing.
"""

import io
import os
import tempfile
import time

import tracker

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
# Headless, and quiet on the network: the closed network here refuses Chromium's own
# background connections, which would otherwise show up as errors.
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage")
DESKTOP, PHONE = (1280, 800), (390, 844)
ENGINES = ("chatgpt=simulated", "gemini=simulated:gemini-sim")
HISTORY_DAYS = 14

SEED = {"workspaces": [{
    "name": "Acme",
    "brands": [
        {"name": "Acme CRM", "domains": ["acme.example"], "type": "own", "color": "#1d4ed8",
         "trackedNames": ["Acme"]},
        {"name": "Northwind Suite", "domains": ["northwind.example"], "color": "#b91c1c"},
        {"name": "Contoso Cloud", "domains": ["contoso.example"]},
        {"name": "<script>alert(1)</script>"},
    ],
    "topics": [{"name": "CRM"}, {"name": "Pricing"}],
    "tags": [{"name": "core", "color": "blue"}],
    "prompts": [
        {"text": "Best CRM for a small team?", "topic": "CRM", "tags": ["core"]},
        {"text": "Which CRM has the best free tier?", "topic": "Pricing", "location": "US"},
        {"text": "CRM with the best integrations", "topic": "CRM", "samplesPerRun": 3},
    ],
}]}


# The manual's screenshots (packaging/docs/dashboard.md) show the same workspace without the brand named like a script,
# which the tests keep to check that every page escapes it.
SHOWCASE_SEED = {"workspaces": [dict(SEED["workspaces"][0], brands=[
    brand for brand in SEED["workspaces"][0]["brands"] if "<" not in brand["name"]])]}


# A day of the site's access log (combined format), its agents' user agents as their
# operators document them: OpenAI's GPTBot from its published range and from an address
# outside it (spoofed), Anthropic's ClaudeBot, files that are not pages (a script, the
# sitemap, robots.txt), and people sent by ChatGPT and Perplexity.
GPTBOT = ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; "
          "+https://openai.com/gptbot")
CLAUDEBOT = ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; "
             "+claudebot@anthropic.com)")
BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36"
LOG_DAY = (("20.171.206.10", "/pricing", GPTBOT, "-"), ("20.171.206.10", "/static/app.js", GPTBOT, "-"),
           ("20.171.206.10", "/sitemap.xml", GPTBOT, "-"), ("20.171.206.10", "/robots.txt", GPTBOT, "-"),
           ("203.0.113.9", "/pricing", GPTBOT, "-"), ("216.73.216.20", "/docs/setup", CLAUDEBOT, "-"),
           ("192.0.2.10", "/pricing", BROWSER, "https://chatgpt.com/"),
           ("192.0.2.11", "/", BROWSER, "https://www.perplexity.ai/search?q=crm"))


def access_log(now, days):
    """The site's access log of the last `days` days: LOG_DAY's requests each day."""
    lines = []
    for day in range(days, 0, -1):
        moment = time.strftime("%d/%b/%Y:%H:%M:%S", time.gmtime(now - day * 86400))
        lines += ['%s - - [%s +0000] "GET %s HTTP/1.1" 200 512 "%s" "%s"\n'
                  % (address, moment, path, referer, agent) for address, path, agent, referer in LOG_DAY]
    return "".join(lines).encode()


def history_database(path, days=HISTORY_DAYS, seed=SEED):
    """Write a database at path, seeded with seed, with `days` days of daily answers ending
    now; a new prompt every third day moves the figures. Returns the workspace's write key."""
    now = time.time()
    clock = [now - days * 86400]
    db = tracker.Database(str(path), lambda: clock[0])
    app = tracker.make_app(db, engines=tracker.configure_engines(list(ENGINES)), seed=seed,
                           runs="instant")
    key = app.config["tracker.seed_keys"][0]["key"]
    worker = app.config["tracker.worker"]
    workspace_id = app.config["tracker.seed_keys"][0]["workspaceId"]
    for day in range(1, days):
        clock[0] += 86400
        if day % 3 == 0:
            tracker.create_prompts(db, workspace_id, tracker.read_prompt_items({"prompts": [{
                "text": "Is Acme or Northwind better, question %d?" % day, "topic": "CRM"}]})[0])
        worker.run_pending()
    tracker.ingest_log(db, workspace_id, io.BytesIO(access_log(now, days)), host="acme.example")
    db.close()
    return key


def chrome(size=DESKTOP):
    """Headless Chromium through Selenium, with a fresh profile and the browser's console
    kept for console_errors()."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="tracker-chromium-")
    for flag in CHROMIUM_FLAGS + ("--user-data-dir=" + profile, "--window-size=%d,%d" % size):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER, log_output=os.devnull))
    driver.set_page_load_timeout(30)
    driver.implicitly_wait(5)  # elements that a page is still building
    if size == PHONE:  # a window is never narrower than 500 px: emulate the phone's screen
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": True})
    return driver


def console_errors(driver):
    """The browser console's errors and warnings since the last call."""
    return [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]


def sign_in(driver, url, key):
    from selenium.webdriver.common.by import By

    driver.get(url + "/")
    field = driver.find_element(By.ID, "key")
    field.send_keys(key)
    field.submit()
