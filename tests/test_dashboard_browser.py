"""The dashboard in a real browser: headless Chromium (Debian's, through Selenium) against
a real `tracker serve`, as a person uses it, with nothing in the browser's console.

``./build test`` installs chromium and chromium-driver when they are missing; without them
these tests fail rather than skip.
"""

import pytest
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

import browser


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """(url, key, server) of `tracker serve` on two weeks of answers, runs answered at once."""
    from conftest import ServerProcess

    path = tmp_path_factory.mktemp("dashboard") / "tracker.db"
    key = browser.history_database(path)
    server = ServerProcess(path, "--runs", "instant",
                           *("--engine=" + engine for engine in browser.ENGINES)).start()
    yield server.url, key, server
    server.stop()


@pytest.fixture
def chromium():
    driver = browser.chrome()
    yield driver
    driver.quit()


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
    assert "Best CRM for nonprofits?" in driver.find_element(By.CSS_SELECTOR, ".answer").text
    assert driver.find_elements(By.CSS_SELECTOR, "ol.sources a")
    no_console_errors(driver)

    driver.find_element(By.CSS_SELECTOR, "form.who button").click()
    arrived(driver, "Sign in")
    assert driver.find_element(By.ID, "key").get_attribute("type") == "password"
    driver.get(url + "/prompts")
    arrived(driver, "Sign in")
    no_console_errors(driver)
    assert " POST /sign-in 303 " in server.log() and key not in server.log()


def test_pages_fit_a_phone_and_work_by_keyboard(served):
    url, key, _ = served
    driver = browser.chrome(browser.PHONE)
    try:
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
    finally:
        driver.quit()
