"""The dashboard in a real browser: headless Chromium (Debian's, through Selenium) against
a real `tracker serve`, as a person uses it, with nothing in the browser's console.

``./build test`` installs chromium and chromium-driver when they are missing; without them
these tests fail rather than skip.
"""

import shutil

import pytest
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

import browser


@pytest.fixture(scope="module")
def history(tmp_path_factory):
    """(path, key) of a database of two weeks of answers, written once: each server below
    serves a copy of it."""
    path = tmp_path_factory.mktemp("history") / "tracker.db"
    return path, browser.history_database(path)


def serve_copy(history, tmp_path_factory, name):
    """`tracker serve` on a copy of the history, runs answered at once."""
    from conftest import ServerProcess

    path = tmp_path_factory.mktemp(name) / "tracker.db"
    shutil.copyfile(history[0], path)
    return ServerProcess(path, "--runs", "instant",
                         *("--engine=" + engine for engine in browser.ENGINES)).start()


@pytest.fixture(scope="module")
def served(history, tmp_path_factory):
    """(url, key, server) of `tracker serve` on two weeks of answers, runs answered at once."""
    server = serve_copy(history, tmp_path_factory, "dashboard")
    yield server.url, history[1], server
    server.stop()


@pytest.fixture(scope="module")
def chromiums():
    """Headless Chromium at each width, started once for the module (a start costs seconds
    of CPU); chrome(size) below hands it to a test as a new visitor's."""
    started = {}

    def at(size):
        if size not in started:
            started[size] = browser.chrome(size)
        return started[size]
    yield at
    for driver in started.values():
        driver.quit()


@pytest.fixture
def chrome(chromiums):
    """chrome(size): Chromium at that width as a new visitor's, as a fresh profile would
    be: no cookie (signed out), no cache, the browser's time zone, nothing in its console."""
    used = []

    def at(size=browser.DESKTOP):
        driver = chromiums(size)
        used.append(driver)
        return driver
    yield at
    for driver in used:
        driver.get("about:blank")
        for command, parameters in (("Network.clearBrowserCookies", {}),
                                    ("Network.clearBrowserCache", {}),
                                    ("Emulation.setTimezoneOverride", {"timezoneId": ""})):
            driver.execute_cdp_cmd(command, parameters)
        browser.console_errors(driver)  # read: the next test's console starts empty


@pytest.fixture
def chromium(chrome):
    return chrome()


def no_console_errors(driver):
    assert browser.console_errors(driver) == []


# While the next page replaces the last, an element just found may be gone: Chromium says
# so as a stale reference, or as "Node with given id does not belong to the document".
IN_FLUX = [StaleElementReferenceException, WebDriverException]


def arrived(driver, heading=None, url_part=None):
    """Wait until the page a click led to is in: its h1 says heading, its URL has url_part
    (a click that submits a form returns before the next page is in)."""
    WebDriverWait(driver, 10, ignored_exceptions=IN_FLUX).until(
        lambda d: (heading is None or d.find_element(By.TAG_NAME, "h1").text == heading)
        and (url_part is None or url_part in d.current_url))


def test_a_person_signs_in_reads_filters_adds_opens_a_chat_and_signs_out(served, chromium):
    url, key, server = served
    driver = chromium
    browser.sign_in(driver, url, "trk_not_a_key")
    assert driver.find_element(By.ID, "sign-in-problem").text.startswith("That is not a valid API key")
    no_console_errors(driver)

    browser.sign_in(driver, url, key)
    arrived(driver, "Overview")
    charts = driver.find_elements(By.CSS_SELECTOR, "svg.chart")
    assert len(charts) == 2
    for chart in charts:  # drawn: lines with a length on screen, one per brand
        lines = chart.find_elements(By.TAG_NAME, "polyline")
        assert len(lines) == 4
        assert all(line.size["width"] > 100 for line in lines)
    assert len(driver.find_elements(By.CSS_SELECTOR, "table.ranks tbody tr")) == 4
    no_console_errors(driver)

    Select(driver.find_element(By.ID, "f-engine")).select_by_visible_text("gemini")
    driver.find_element(By.CSS_SELECTOR, "form.filters button").click()
    arrived(driver, url_part="engine=gemini")
    assert Select(driver.find_element(By.ID, "f-engine")).first_selected_option.text == "gemini"
    assert driver.find_elements(By.CSS_SELECTOR, "svg.chart polyline")
    no_console_errors(driver)

    driver.find_element(By.LINK_TEXT, "Prompts").click()
    arrived(driver, "Prompts")
    driver.find_element(By.CSS_SELECTOR, "details.add summary").click()
    driver.find_element(By.ID, "a-lines").send_keys("Which CRM do agencies use?\nBest CRM for nonprofits?")
    driver.find_element(By.ID, "a-topic").send_keys("Browser")
    driver.find_element(By.CSS_SELECTOR, "details.add button").click()
    assert driver.find_element(By.CSS_SELECTOR, "[role=status] p").text == "2 created, 0 not created."
    driver.find_element(By.LINK_TEXT, "Best CRM for nonprofits?").click()
    arrived(driver, "Prompt")
    assert driver.find_element(By.CSS_SELECTOR, "p.prompt-text").text == "Best CRM for nonprofits?"
    no_console_errors(driver)

    driver.find_element(By.CSS_SELECTOR, "#latest-title + .scroll tbody a").click()  # its newest chat
    arrived(driver, "Chat")
    assert driver.find_element(By.CSS_SELECTOR, "dl.facts dd a").text == "Best CRM for nonprofits?"
    assert "Simulated answer from tracker" in driver.find_element(By.CSS_SELECTOR, ".answer").text
    assert driver.find_elements(By.CSS_SELECTOR, "ol.sources a")
    no_console_errors(driver)

    driver.find_element(By.CSS_SELECTOR, "form.who button").click()
    arrived(driver, "Sign in")
    assert driver.find_element(By.ID, "key").get_attribute("type") == "password"
    driver.get(url + "/prompts")
    arrived(driver, "Sign in")
    no_console_errors(driver)
    assert " POST /sign-in 303 " in server.log() and key not in server.log()


def test_pages_fit_a_phone_and_work_by_keyboard(served, chrome):
    url, key, _ = served
    driver = chrome(browser.PHONE)
    browser.sign_in(driver, url, key)
    for path in ("/", "/prompts", "/chats", "/sources", "/brands", "/tags"):
        driver.get(url + path)
        # nothing wider than the screen but the tables' own scrolling boxes
        assert driver.execute_script(
            "return document.documentElement.scrollWidth <= window.innerWidth"), path
    driver.get(url + "/")
    first = driver.switch_to.active_element
    first.send_keys("\t")  # the first Tab lands on the skip link
    assert driver.switch_to.active_element.text == "Skip to content"
    no_console_errors(driver)


def signed_in(driver, served):
    """Sign in to the served dashboard; its URL once the overview is in."""
    url, key, _ = served
    browser.sign_in(driver, url, key)
    arrived(driver, "Overview")
    return url


EVERY_PAGE = ("/", "/?days=7", "/prompts", "/prompts?sort=-visibility", "/prompts/1", "/prompts/3",
              "/prompts/1/delete", "/chats", "/chats/1", "/sources", "/sources?groupBy=category",
              "/sources?groupBy=url&domain=stark.example", "/brands", "/brands/1",
              "/brands/1/delete", "/topics", "/topics/1/delete", "/tags", "/tags/1/delete",
              "/traffic", "/divergence", "/divergence?a=gemini&b=chatgpt", "/settings",
              "/settings?samplesPerRun=5", "/actions", "/suggestions", "/suggestions?source=gap",
              "/nowhere")

# What a person would see cut off: the page wider than the screen; a heading, a table's
# header cell or a chart wider than its own box (a table's box scrolls, the page does not);
# a header word wider than its cell (cut, or broken mid-word: "Statu|s"); a control (select,
# button, input) whose text does not fit it, a select's chosen option included; a chart's
# axis labels under 11 px on screen, over 1.2 times the page's text, or past the chart's edge.
FIT_PROBLEMS = """
const problems = [];
const canvas = document.createElement("canvas").getContext("2d");
function textWidth(text, node) {
  const style = getComputedStyle(node);
  canvas.font = style.fontWeight + " " + style.fontSize + " " + style.fontFamily;
  return canvas.measureText(text).width;
}
function contentWidth(node) {
  const style = getComputedStyle(node);
  return node.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
}
if (document.documentElement.scrollWidth > window.innerWidth)
  problems.push("page " + document.documentElement.scrollWidth + " > " + window.innerWidth);
for (const node of document.querySelectorAll("h1, h2, thead th, figure, .card, svg.chart")) {
  if (node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflowX !== "auto")
    problems.push("clipped " + node.tagName + " " + node.textContent.slice(0, 40));
  const box = node.getBoundingClientRect(), scroller = node.closest(".scroll");
  if (!scroller && box.right > document.documentElement.clientWidth + 1)
    problems.push("past the edge " + node.tagName + " " + node.textContent.slice(0, 40));
}
for (const header of document.querySelectorAll("thead th")) {
  // read aloud but not shown, or folded away
  if (header.querySelector(".visually-hidden") || header.closest("details:not([open])")) continue;
  for (const word of header.textContent.split(/\\s+/).filter(Boolean))
    if (textWidth(word, header) > contentWidth(header) + 1)
      problems.push("header word cut: " + word);
}
for (const control of document.querySelectorAll("select, button, input:not([type=hidden]):not([type=checkbox]):not([type=radio])")) {
  if (!control.getClientRects().length) continue;  // folded away
  if (control.scrollWidth > control.clientWidth + 1)
    problems.push("control clipped: " + (control.id || control.textContent.slice(0, 30)));
  if (control.tagName === "SELECT" && control.selectedIndex >= 0) {
    const chosen = control.options[control.selectedIndex].text;
    // Chromium draws the select's arrow in its last 20 px or so, inside the padding
    if (textWidth(chosen, control) > contentWidth(control) - 16)
      problems.push("select text cut: " + chosen);
  }
}
const pageFont = parseFloat(getComputedStyle(document.body).fontSize);
for (const label of document.querySelectorAll("svg.chart text.axis")) {
  const svg = label.ownerSVGElement;
  const px = parseFloat(getComputedStyle(label).fontSize) * svg.getBoundingClientRect().width
             / svg.viewBox.baseVal.width;
  if (px < 11 || px > 1.2 * pageFont) problems.push("axis label " + px.toFixed(1) + " px");
  const drawn = label.getBBox();
  if (drawn.x < 0 || drawn.x + drawn.width > svg.viewBox.baseVal.width)
    problems.push("axis label cut off: " + label.textContent);
}
return [...new Set(problems)];
"""


@pytest.mark.parametrize("size", [browser.DESKTOP, browser.PHONE], ids=["desktop", "phone"])
def test_no_page_scrolls_sideways_or_cuts_off_a_heading_at_desktop_and_phone_width(served, chrome,
                                                                                      size):
    url, key, _ = served
    driver = chrome(size)
    driver.get(url + "/sign-in")
    assert driver.execute_script(FIT_PROBLEMS) == []
    browser.sign_in(driver, url, key)
    arrived(driver, "Overview")
    for path in EVERY_PAGE:
        driver.get(url + path)
        assert driver.execute_script(FIT_PROBLEMS) == [], path
    for path in ("/", "/?days=7"):  # without changes, and with them
        driver.get(url + path)
        box = driver.find_element(By.CSS_SELECTOR, "table.ranks").find_element(By.XPATH, "..")
        # the rankings fit their card at 1280 px (their headers wrap); on a phone each row
        # is a block, each cell labelled with its column's header
        assert driver.execute_script(
            "return arguments[0].scrollWidth <= arguments[0].clientWidth", box), path
    cells = driver.find_elements(By.CSS_SELECTOR, "table.ranks td.num")
    assert cells and {cell.value_of_css_property("text-align") for cell in cells} == {"right"}
    headers = [th.text for th in driver.find_elements(By.CSS_SELECTOR, "table.ranks thead th")]
    first_row = driver.find_elements(By.CSS_SELECTOR, "table.ranks tbody tr:first-child td")
    assert [cell.get_attribute("data-label") for cell in first_row] == headers[1:]
    displays = {cell.value_of_css_property("display") for cell in first_row}
    assert displays == ({"table-cell"} if size == browser.DESKTOP else {"flow-root"})


def test_every_delete_asks_first_on_a_page_and_the_result_says_what_was_done(served, chromium):
    driver = chromium
    url = signed_in(driver, served)
    driver.get(url + "/tags")
    driver.find_element(By.ID, "add-name").send_keys("to go")
    driver.find_element(By.ID, "add-name").submit()
    arrived(driver, "Tags")
    driver.find_element(By.CSS_SELECTOR, 'a[aria-label="Delete to go"]').click()
    arrived(driver, "Delete this tag?")
    assert "0 prompts lose this tag" in driver.find_element(By.TAG_NAME, "main").text
    driver.find_element(By.LINK_TEXT, "Cancel: keep it").click()  # nothing happened
    arrived(driver, "Tags")
    driver.find_element(By.CSS_SELECTOR, 'a[aria-label="Delete to go"]').click()
    arrived(driver, "Delete this tag?")
    driver.find_element(By.CSS_SELECTOR, "form.danger button").click()
    arrived(driver, "Tag deleted")
    assert driver.find_element(By.CSS_SELECTOR, "[role=status]").text == \
        "The tag “to go” is deleted: 0 prompts lost this tag; the prompts and their chats stay."
    for listing in ("/prompts/1", "/brands", "/topics", "/tags"):  # no delete without a question
        driver.get(url + listing)
        assert driver.find_elements(By.CSS_SELECTOR, 'form[action$="/delete"]') == [], listing
    no_console_errors(driver)


def test_a_refused_form_keeps_what_was_typed_and_says_why_beside_the_field(served, chromium):
    driver = chromium
    url = signed_in(driver, served)
    driver.get(url + "/brands")
    for field, text in (("b-name", "Acme CRM"), ("b-color", "teal"), ("b-domains", "acme.example")):
        driver.find_element(By.ID, field).send_keys(text)
    driver.find_element(By.ID, "b-names").submit()
    arrived(driver, "Brands")
    assert driver.find_element(By.ID, "b-name").get_attribute("value") == "Acme CRM"
    assert driver.find_element(By.ID, "b-color").get_attribute("value") == "teal"
    assert driver.find_element(By.ID, "b-domains").get_attribute("value") == "acme.example"
    problem = driver.find_element(By.ID, driver.find_element(By.ID, "b-color")
                                  .get_attribute("aria-describedby"))
    assert problem.text == "must be # followed by 6 or 3 hexadecimal digits"
    assert problem.location["y"] - driver.find_element(By.ID, "b-color").location["y"] < 60


def test_thirty_quick_pages_meet_no_429_and_signing_out_always_works(served, chromium):
    driver, server = chromium, served[2]
    url = signed_in(driver, served)
    for number in range(30):
        driver.get(url + ("/prompts", "/topics", "/tags")[number % 3])
        assert driver.find_element(By.TAG_NAME, "h1").text in ("Prompts", "Topics", "Tags")
    driver.find_element(By.CSS_SELECTOR, "form.who button").click()
    arrived(driver, "Sign in")
    assert " 429 " not in server.log()
    no_console_errors(driver)


def test_sign_in_is_a_form_an_unknown_path_a_page_and_times_are_the_browsers(served, chromium):
    url, key, _ = served
    driver = chromium
    driver.get(url + "/sign-in")
    assert driver.find_element(By.ID, "key").get_attribute("type") == "password"
    driver.get(url + "/no/such/page")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Page not found"
    assert [entry["message"].split(" - ")[1] for entry in browser.console_errors(driver)] == [
        "Failed to load resource: the server responded with a status of 404 (Not Found)"]
    driver.find_element(By.LINK_TEXT, "Go to the overview").click()
    arrived(driver, "Sign in")
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Asia/Kolkata"})
    browser.sign_in(driver, url, key)
    arrived(driver, "Overview")
    driver.get(url + "/chats/1")
    shown = driver.find_element(By.CSS_SELECTOR, "dd time")
    utc = shown.get_attribute("title")  # what the page said before the script ran
    assert utc.endswith(" UTC") and shown.text != utc
    hour, minute = map(int, utc[11:16].split(":"))
    local = (hour * 60 + minute + 330) % (24 * 60)  # India is UTC+5:30
    assert ("%d:%02d" % ((local // 60) % 12 or 12, local % 60)) in shown.text
    no_console_errors(driver)


@pytest.mark.parametrize("size", [browser.DESKTOP, browser.PHONE], ids=["desktop", "phone"])
def test_the_overview_opens_with_actions_and_one_click_marks_one_done(served, chrome, size):
    import json
    import urllib.request
    url, key, _ = served
    asked = urllib.request.Request(url + "/api/v1/actions/refresh", data=b"{}", method="POST",
                                   headers={"Authorization": "Bearer " + key,
                                            "Content-Type": "application/json"})
    with urllib.request.urlopen(asked, timeout=30) as reply:  # runs="instant": computed at once
        assert reply.status == 202
    listed = urllib.request.Request(url + "/api/v1/actions?perPage=100",
                                    headers={"Authorization": "Bearer " + key})
    with urllib.request.urlopen(listed, timeout=30) as reply:
        actions = json.load(reply)["data"]["data"]
    opened = [action for action in actions if action["status"] == "open"]
    assert opened, "the history holds gaps: a cited-page or prompt gap at least"
    driver = chrome(size)
    browser.sign_in(driver, url, key)
    arrived(driver, "Overview")
    first = driver.find_element(By.CSS_SELECTOR, "main section.card h2")
    assert first.text == "What to do next"
    # the answer rate's interval stays in its sentence, on one line, inside the page
    summary = driver.find_element(By.CSS_SELECTOR, "p.summary")
    assert "An AI answer was shown in 100.0 % (" in summary.text
    interval = summary.find_element(By.CSS_SELECTOR, ".margin")
    assert driver.execute_script(
        "const r = arguments[0].getClientRects(), p = arguments[1].getBoundingClientRect();"
        "return [r.length, r[0].left >= p.left && r[0].right <= p.right + 1,"
        " arguments[1].scrollWidth <= arguments[1].clientWidth + 1]", interval, summary) \
        == [1, True, True]
    assert len(driver.find_elements(By.CSS_SELECTOR, "li.action")) == min(5, len(actions))
    driver.get(url + "/actions")
    assert driver.execute_script(FIT_PROBLEMS) == []
    item = driver.find_element(By.CSS_SELECTOR, "li.action")
    title = item.find_element(By.TAG_NAME, "strong").text
    action = next(action for action in actions if action["title"] == title)
    if action["status"] != "open":  # the other width's run marked it done: reopen it
        item.find_element(By.CSS_SELECTOR, "button[value=open]").click()
        arrived(driver, "Actions")
        item = driver.find_element(By.CSS_SELECTOR, "li.action")
    item.find_element(By.CSS_SELECTOR, "button[value=done]").click()
    arrived(driver, "Actions")
    shown = [li for li in driver.find_elements(By.CSS_SELECTOR, "li.action")
             if li.find_element(By.TAG_NAME, "strong").text == title]
    assert shown and "· done" in shown[0].text
    no_console_errors(driver)


@pytest.fixture(scope="module")
def served_markets(history, tmp_path_factory):
    """(url, key, server) of the history workspace with two markets, a persona and a prompt
    asked in them (issue 40), answered at once."""
    import json
    import urllib.request

    key = history[1]
    server = serve_copy(history, tmp_path_factory, "markets")
    for resource, body in (("markets", {"name": "Germany", "country": "DE", "language": "de"}),
                           ("markets", {"name": "United States", "country": "US",
                                        "language": "en-US", "city": "Austin"}),
                           ("personas", {"name": "CFO", "description": "a CFO"}),
                           ("prompts", {"text": "Which CRM do you recommend?",
                                        "marketIds": [1, 2], "personaIds": [1]})):
        urllib.request.urlopen(urllib.request.Request(
            server.url + "/api/v1/" + resource, json.dumps(body).encode(), method="POST",
            headers={"Authorization": "Bearer " + key, "Content-Type": "application/json"}))
    yield server.url, key, server
    server.stop()


@pytest.mark.parametrize("size", [browser.DESKTOP, browser.PHONE], ids=["desktop", "phone"])
def test_the_market_by_brand_table_and_the_persona_filter_fit_desktop_and_phone(served_markets,
                                                                                 chrome, size):
    url, key, _ = served_markets
    driver = chrome(size)
    browser.sign_in(driver, url, key)
    arrived(driver, "Overview")
    table = driver.find_element(By.CSS_SELECTOR, "table.markets")
    assert [th.text for th in table.find_elements(By.CSS_SELECTOR, "thead th")][:3] == [
        "Brand", "Germany", "United States"]
    assert driver.execute_script(FIT_PROBLEMS) == []
    Select(driver.find_element(By.NAME, "personaId")).select_by_visible_text("CFO")
    driver.find_element(By.NAME, "personaId").submit()
    arrived(driver, "Overview", "personaId=1")
    assert driver.find_element(By.CSS_SELECTOR, "table.markets").is_displayed()
    assert driver.execute_script(FIT_PROBLEMS) == []
    no_console_errors(driver)
