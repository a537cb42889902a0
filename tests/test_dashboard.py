"""The dashboard through WebTest: sign-in and sessions, CSRF, scopes, rate limits, every
page, form, redirect, escape and header."""

import re
import urllib.parse

import pytest
import webtest

import browser
import tracker
from conftest import make_api, near_miss, report_figure

PAGES = ("/", "/prompts", "/prompts/1", "/chats", "/chats/1", "/sources",
         "/sources?groupBy=url&domain=stark.example",
         "/sources?groupBy=category",
         "/traffic", "/divergence", "/brands", "/brands/1", "/topics", "/tags", "/settings")
SCRIPT = "<script>alert(1)</script>"


@pytest.fixture
def site(db):
    """The browser tests' workspace (a brand named like a script among them), answered by
    two simulated engines at once."""
    app = tracker.make_app(db, engines=tracker.configure_engines(list(browser.ENGINES)),
                           seed=browser.SEED, runs="instant")
    client = webtest.TestApp(app)
    client.key = app.config["tracker.seed_keys"][0]
    return client


def sign_in(client, key, status=303):
    """Sign in afresh (a signed-in visitor's / is the overview, not the form)."""
    client.reset()
    form = client.get("/").forms["sign-in"]
    form["key"] = key
    return form.submit(status=status)


def csrf_of(page):
    return page.html.find("input", {"name": "csrf"})["value"]


def post(client, path, fields, status=303, page="/"):
    """POST a dashboard form with the session's CSRF token."""
    return client.post(path, dict(fields, csrf=csrf_of(client.get(page))), status=status)


def test_a_visitor_without_a_session_gets_the_sign_in_form_and_nothing_else(site):
    page = site.get("/", status=200)
    assert page.headers["Content-Security-Policy"] == tracker.DASHBOARD_CSP
    assert "default-src 'self'" in tracker.DASHBOARD_CSP and "unsafe" not in tracker.DASHBOARD_CSP
    # the one script is a file (the CSP allows no inline script), and only rewrites times
    assert [tag.attrs for tag in page.html.find_all("script")] == [
        {"src": "/static/local-time.js", "defer": ""}]
    assert (page.headers["X-Frame-Options"], page.headers["X-Content-Type-Options"],
            page.headers["Cache-Control"]) == ("DENY", "nosniff", "no-store")
    assert page.content_type == "text/html"
    field = page.html.find("input", id="key")
    assert field["type"] == "password" and page.html.find("label", {"for": "key"}).text == "API key"
    assert page.html.find("nav") is None  # no workspace to show
    for path in PAGES[1:]:
        moved = site.get(path, status=303)
        assert moved.headers["Location"] == "/"
        assert moved.headers["Content-Security-Policy"] == tracker.DASHBOARD_CSP
    refused = site.post("/topics", {"name": "x", "csrf": "x"}, status=401)
    assert "Your session has ended" in refused.text


def test_a_wrong_key_gets_a_clear_message_on_the_sign_in_page(site):
    for wrong in ("trk_wrong", "", near_miss(site.key["key"])):
        page = sign_in(site, wrong, status=200)
        assert page.html.find(id="sign-in-problem").text == \
            "That is not a valid API key, or it was revoked or has expired."
        assert page.html.find("input", id="key")["aria-invalid"] == "true"
        assert site.key["key"] not in page.text and (not wrong or wrong not in page.text)
    assert SCRIPT not in site.get("/").text


def test_signing_in_opens_a_session_in_a_strict_cookie_and_the_key_shows_nowhere(site):
    signed = sign_in(site, site.key["key"])
    assert signed.headers["Location"] == "/"
    cookie = next(value for value in signed.headers.getall("Set-Cookie")
                  if value.startswith(tracker.SESSION_COOKIE + "="))
    assert re.fullmatch(r"tracker_session=[\w-]{43}; HttpOnly; Max-Age=43200; Path=/; "
                        r"SameSite=strict", cookie), cookie
    token = cookie.split(";")[0].split("=", 1)[1]
    assert token not in site.key["key"]
    for path in PAGES:
        page = site.get(path, status=200)
        assert site.key["key"] not in page.text and token not in page.text
        assert page.headers["Content-Security-Policy"] == tracker.DASHBOARD_CSP
        assert page.headers["X-Frame-Options"] == "DENY"
        assert page.headers["X-Ratelimit-Limit"] == str(tracker.SESSION_RATE_LIMIT)
        assert page.html.find("link", rel="stylesheet")["href"] == "/static/dashboard.css"
    css = site.get("/static/dashboard.css")
    assert css.content_type == "text/css" and css.headers["Content-Security-Policy"]


def test_the_session_cookie_is_secure_behind_https(site):
    page = site.get("/", extra_environ={"wsgi.url_scheme": "https"})
    assert "; Secure" in page.headers["Set-Cookie"]


def test_forms_need_the_session_csrf_token(site, db):
    sign_in(site, site.key["key"])
    for token in ("", "wrong"):
        page = site.post("/topics", {"name": "Sneaky", "csrf": token}, status=403)
        assert "The form has expired" in page.text
    assert [t["name"] for t in tracker.list_topics(db.connection(), 1)] == ["CRM", "Pricing"]
    post(site, "/topics", {"name": "Fine"})
    assert "Fine" in [t["name"] for t in tracker.list_topics(db.connection(), 1)]


def test_the_sign_in_form_needs_its_own_csrf_cookie(site):
    form = site.get("/").forms["sign-in"]
    form["key"] = site.key["key"]
    site.reset()  # the cookie is gone: a form posted from elsewhere
    page = form.submit(status=403)
    assert "cookies are off" in page.text
    assert tracker.SESSION_COOKIE not in site.cookies


def test_signing_out_ends_the_session_for_good(site):
    sign_in(site, site.key["key"])
    token = site.cookies[tracker.SESSION_COOKIE]
    done = post(site, "/sign-out", {})
    assert done.headers["Location"] == "/"
    assert tracker.SESSION_COOKIE not in site.cookies
    site.set_cookie(tracker.SESSION_COOKIE, token)  # a copy of the old cookie
    assert site.get("/prompts", status=303).headers["Location"] == "/"


def test_a_session_lasts_its_lifetime_and_no_longer(site, clock):
    sign_in(site, site.key["key"])
    clock.advance(tracker.DASHBOARD_SESSION_SECONDS - 0.001)
    site.get("/prompts", status=200)
    clock.advance(0.001)
    site.get("/prompts", status=303)


def test_revoking_the_key_ends_its_sessions(site, db):
    sign_in(site, site.key["key"])
    tracker.revoke_key(db, site.key["id"])
    site.get("/", status=200)  # the sign-in form again
    assert site.get("/").html.find("input", id="key") is not None
    site.get("/brands", status=303)


def test_expired_sessions_are_swept_at_sign_in(site, db, clock):
    for _ in range(3):
        sign_in(site, site.key["key"])
    clock.advance(tracker.DASHBOARD_SESSION_SECONDS)
    sign_in(site, site.key["key"])
    assert tracker.query_one(db.connection(), "SELECT count(*) AS n FROM dashboard_sessions")["n"] == 1


def test_a_sign_in_sweeps_at_most_a_batch_of_expired_sessions(site, db, clock):
    for index in range(tracker.SESSION_SWEEP_BATCH + 1):  # a key holds at most 20 sessions
        tracker.sign_in(db, tracker.create_key(db, 1, name="k%d" % index)["key"])
    clock.advance(tracker.DASHBOARD_SESSION_SECONDS)
    tracker.sign_in(db, site.key["key"])
    count = "SELECT count(*) AS n FROM dashboard_sessions WHERE expires_at <= ?"
    assert tracker.query_one(db.connection(), count, (db.now(),))["n"] == 1  # the batch's one more
    tracker.sign_in(db, site.key["key"])
    assert tracker.query_one(db.connection(), count, (db.now(),))["n"] == 0


def test_a_key_holds_at_most_20_sessions_and_the_21st_sign_in_ends_the_oldest(site, db, clock):
    """Issue 37: a read-only key made 5,270 sessions in 30 s, each a row for 12 hours."""
    reader = tracker.create_key(db, 1, name="reader", scopes="read")
    browsers = [webtest.TestApp(site.app) for _ in range(tracker.MAX_SESSIONS_PER_KEY + 1)]
    for browser_ in browsers[:-1]:  # the largest number of sessions: all of them live
        sign_in(browser_, reader["key"])
        clock.advance(0.001)
    count = "SELECT count(*) AS n FROM dashboard_sessions WHERE api_key_id = ?"
    assert tracker.query_one(db.connection(), count, (reader["id"],))["n"] == 20
    assert all(b.get("/prompts", status=200) for b in browsers[:-1])
    sign_in(browsers[-1], reader["key"])  # one more: the oldest goes
    assert tracker.query_one(db.connection(), count, (reader["id"],))["n"] == 20
    assert browsers[0].get("/prompts", status=303).headers["Location"] == "/"  # signed out
    for browser_ in browsers[1:]:
        browser_.get("/prompts", status=200)
    sign_in(site, site.key["key"])  # another key's sessions are its own
    assert tracker.query_one(db.connection(), count, (site.key["id"],))["n"] == 1
    # many sign-ins in one millisecond: the newest session is always the one kept
    for _ in range(30):
        sign_in(browsers[1], reader["key"])
        browsers[1].get("/prompts", status=200)
    assert tracker.query_one(db.connection(), count, (reader["id"],))["n"] == 20
    report_figure("sessions: 51 sign-ins of one key keep its 20 newest sessions; the oldest is "
                  "signed out")


def attempt(client, key, address, status, forwarded=None):
    """Sign in with key from a client address (or, through a proxy, with X-Forwarded-For)."""
    client.reset()
    environ = {"REMOTE_ADDR": address}
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    form = client.get("/", extra_environ=environ).forms["sign-in"]
    form["key"] = key
    return form.submit(status=status, extra_environ=environ, headers=headers)


def test_ten_failed_sign_ins_a_minute_per_address_then_429_even_for_the_right_key(site, clock):
    """Issue 37: 1,000 wrong keys at sign-in took 2.6 s, with no delay and no limit."""
    clock.advance(60 - clock() % 60 + 30)  # the middle of a one-minute window
    wrong = near_miss(site.key["key"])
    for _ in range(tracker.SIGN_IN_FAILURES_PER_MINUTE - 1):
        attempt(site, wrong, "192.0.2.7", 200)
    attempt(site, site.key["key"], "192.0.2.7", 303)  # a right key counts no failure
    page = attempt(site, wrong, "192.0.2.7", 200)  # the 10th failure: still the plain refusal
    assert page.html.find(id="sign-in-problem").text == \
        "That is not a valid API key, or it was revoked or has expired."
    for key in (wrong, site.key["key"]):  # the 11th attempt, then the right key: both refused
        page = attempt(site, key, "192.0.2.7", 429)
        assert page.headers["Retry-After"] == "30" and page.content_type == "text/html"
        assert page.html.find(id="sign-in-problem").text == (
            "Too many failed sign-ins from your address: at most 10 a minute. "
            "Try again in 30 seconds.")
        assert tracker.SESSION_COOKIE not in site.cookies
    attempt(site, site.key["key"], "192.0.2.8", 303)  # another address is not held back
    clock.advance(29.999)
    attempt(site, site.key["key"], "192.0.2.7", 429)
    clock.advance(0.001)  # the minute is over
    attempt(site, site.key["key"], "192.0.2.7", 303)
    report_figure("sign-in: 10 failed sign-ins a minute per address; the 11th, and a right key "
                  "after it, get a 429 with Retry-After until the minute ends")


def test_an_ipv6_client_is_its_64_and_behind_a_proxy_the_forwarded_address(db, clock):
    app = tracker.make_app(db, trusted_proxies=tracker.trusted_proxies(["10.0.0.1"]))
    client = webtest.TestApp(app)
    key = make_api(client, db).key
    clock.advance(60 - clock() % 60)
    for index in range(tracker.SIGN_IN_FAILURES_PER_MINUTE):  # one /64, many addresses
        attempt(client, "trk_wrong", "2001:db8:1:2::%x" % index, 200)
    attempt(client, key, "2001:db8:1:2:ffff::1", 429)
    attempt(client, key, "2001:db8:1:3::1", 303)  # the next /64
    attempt(client, key, "::ffff:192.0.2.1", 303)  # an IPv4 peer on a dual-stack socket
    # through the trusted proxy: the address it appended, whatever the client put before it
    for index in range(tracker.SIGN_IN_FAILURES_PER_MINUTE):
        attempt(client, "trk_wrong", "10.0.0.1", 200, forwarded="198.51.100.%d, 203.0.113.9" % index)
    attempt(client, key, "10.0.0.1", 429, forwarded="198.51.100.99, 203.0.113.9")
    attempt(client, key, "10.0.0.1", 303, forwarded="203.0.113.10")
    # from a peer that is no proxy, X-Forwarded-For is the client's own word: not read
    attempt(client, key, "203.0.113.10", 303, forwarded="203.0.113.9")
    attempt(client, key, "203.0.113.9", 429)
    assert tracker.sign_in_bucket("2001:db8::1") == "2001:db8::/64"
    assert tracker.sign_in_bucket("::ffff:192.0.2.1") == "192.0.2.1"


def test_a_read_key_sees_every_page_without_controls(site, db):
    reader = tracker.create_key(db, 1, name="reader", scopes="read")
    sign_in(site, reader["key"])
    for path in PAGES:
        page = site.get(path)
        assert [form["action"] for form in page.html.find_all("form", method="post")] == ["/sign-out"]
    assert "(read only)" in site.get("/").text
    page = post(site, "/topics", {"name": "Nope"}, status=403)
    assert "lacks the write scope" in page.text
    assert "lacks the write scope" in site.get("/topics/1/delete", status=403).text
    post(site, "/sign-out", {})


def test_pages_spend_the_sessions_own_budget_never_the_keys(client, db, clock):
    limited = make_api(client, db, rate_limit=3)
    sign_in(client, limited.key)
    clock.advance(60 - clock() % 60)  # the start of a one-minute window
    for used in range(1, tracker.SESSION_RATE_LIMIT + 1):  # the largest budget passes
        page = client.get("/topics")
    assert page.headers["X-Ratelimit-Remaining"] == "0"
    for _ in range(3):  # the key's own 3 a minute are all still there for the API
        limited.get("/workspace", status=200)
    limited.get("/workspace", status=429)
    page = client.get("/prompts", status=429)  # one more page
    assert "Too many pages: %d a minute per session" % tracker.SESSION_RATE_LIMIT in page.text
    assert int(page.headers["Retry-After"]) >= 1 and page.content_type == "text/html"
    for path in ("/static/dashboard.css", "/favicon.ico", "/sign-in"):  # never counted
        assert "X-Ratelimit-Remaining" not in client.get(path, status=200).headers
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text).group(1)
    assert client.post("/sign-out", {"csrf": csrf}, status=303).headers["Location"] == \
        "/"  # leaving is never refused
    assert client.get("/", status=200).html.find("input", id="key") is not None
    assert client.post("/sign-out", {"csrf": csrf}, status=303).headers["Location"] == \
        "/"  # even with the session ended already
    clock.advance(60)
    sign_in(client, limited.key)
    assert client.get("/prompts").headers["X-Ratelimit-Remaining"] == \
        str(tracker.SESSION_RATE_LIMIT - 1)


def test_names_that_look_like_html_stay_text_on_every_page(site):
    sign_in(site, site.key["key"])
    post(site, "/topics", {"name": SCRIPT})
    post(site, "/tags", {"name": SCRIPT, "color": "red"})
    post(site, "/prompts", {"lines": SCRIPT, "topic": SCRIPT, "tags": SCRIPT, "location": SCRIPT},
         status=201)
    seen = 0
    for path in PAGES + ("/prompts/4",):
        page = site.get(path)
        assert page.text.lower().count("<script") == 1, path  # the layout's own file
        seen += page.text.count("&lt;script&gt;alert(1)&lt;/script&gt;")
    assert seen > 20


ANSWER = """# Top picks
Acme CRM leads; see [Acme](https://acme.example/) and [bad](javascript:alert(1)).

- **Northwind Suite** <img src=x onerror=alert(1)>
- `<b>code</b>` and https://contoso.example/page.

```
<script>alert(1)</script>
```
> quoted *Acme*"""


def test_answers_render_as_markdown_with_every_byte_escaped():
    brands = [{"id": 1, "name": "Acme CRM", "tracked_names": ["Acme"], "name_regex": None,
               "use_regex": 0, "domains": []},
              {"id": 2, "name": "Northwind Suite", "tracked_names": [], "name_regex": None,
               "use_regex": 0, "domains": []}]
    rendered = tracker.AnswerRenderer(brands, ANSWER).render(ANSWER)
    assert rendered == (
        '<h3>Top picks</h3><p><mark class="brand-1">Acme CRM</mark> leads; see <a href="https://'
        'acme.example/" rel="nofollow noopener noreferrer"><mark class="brand-1">Acme</mark></a> '
        'and [bad](javascript:alert(1)).</p><ul><li><strong><mark class="brand-2">Northwind '
        'Suite</mark></strong> &lt;img src=x onerror=alert(1)&gt;</li><li><code>&lt;b&gt;code'
        '&lt;/b&gt;</code> and <a href="https://contoso.example/page" rel="nofollow noopener '
        'noreferrer">https://contoso.example/page</a>.</li></ul><pre><code>&lt;script&gt;alert(1)'
        '&lt;/script&gt;</code></pre><blockquote>quoted <em><mark class="brand-1">Acme</mark>'
        '</em></blockquote>')


# The answer of issue 42: one mention counted ("Notion AI"), and "notion" inside the link
# text notion.so, a domain, which extraction blanks.
NOTION_ANSWER = ("For a small team, **Notion AI** drafts and summarises pages. Pricing: "
                 "[notion.so](https://www.notion.so/pricing), or see notion.so/product/ai.")


def test_an_answer_marks_exactly_the_mentions_extraction_counts():
    brands = [{"id": 7, "name": "Notion", "tracked_names": ["Notion AI"], "name_regex": None,
               "use_regex": 0, "domains": ["notion.so"]}]
    question = "Which wiki with AI should a small team use?"
    counted = tracker.BrandMatcher(brands).match(NOTION_ANSWER, [], question)
    assert [(row["brand_id"], row["mentions"]) for row in counted] == [(7, 1)]
    rendered = tracker.AnswerRenderer(brands, NOTION_ANSWER, question).render(NOTION_ANSWER)
    assert re.findall(r"<mark[^>]*>(.*?)</mark>", rendered) == ["Notion AI"]
    assert rendered == (
        '<p>For a small team, <strong><mark class="brand-7">Notion AI</mark></strong> drafts and '
        'summarises pages. Pricing: <a href="https://www.notion.so/pricing" rel="nofollow noopener '
        'noreferrer">notion.so</a>, or see notion.so/product/ai.</p>')
    # the question repeated is not a mention, and is not marked either
    repeated = "Which wiki with Notion AI should a small team use? Notion AI."
    rendered = tracker.AnswerRenderer(brands, repeated, "Which wiki with Notion AI should a "
                                      "small team use?").render(repeated)
    assert re.findall(r"<mark[^>]*>(.*?)</mark>", rendered) == ["Notion AI"]
    assert rendered.startswith("<p>Which wiki with Notion AI should")


def test_the_chat_page_marks_as_many_mentions_as_the_api_counts(site, db):
    """Issue 42, through the page: a chat answered with NOTION_ANSWER, read by extraction as
    the worker reads it, is shown with one mark, where the API counts one mention."""
    from test_analytics import add_chat

    brand = site.post_json("/api/v1/brands", {"name": "Notion", "trackedNames": ["Notion AI"],
                                              "domains": ["notion.so"]}, headers=bearer(site)).json["data"]
    prompt = dict(tracker.query_one(db.connection(), "SELECT * FROM prompts ORDER BY id LIMIT 1"))
    with db.read() as connection:
        brands = tracker.brand_rows(connection, prompt["workspace_id"])
    found = tracker.BrandMatcher(brands).match(NOTION_ANSWER, [], prompt["text"])
    chat_id = add_chat(db, prompt["workspace_id"], prompt, "chatgpt", "2026-11-20T10:00:00.000Z",
                       brands=[(row["brand_id"], row["position"], row["cited"]) for row in found],
                       text=NOTION_ANSWER)
    assert [(row["brand_id"], row["mentions"]) for row in found] == [(brand["id"], 1)]
    chat = site.get("/api/v1/analytics/chats/%d" % chat_id, headers=bearer(site)).json["data"]
    assert [(m["brandId"], m["count"]) for m in chat["mentions"]] == [(brand["id"], 1)]
    sign_in(site, site.key["key"])
    marks = site.get("/chats/%d" % chat_id).html.select(".answer mark")
    assert [(mark.text, mark["class"]) for mark in marks] == [("Notion AI", ["brand-%d" % brand["id"]])]


def test_the_chat_page_shows_the_answer_brands_and_sources(site, db):
    sign_in(site, site.key["key"])
    chat = tracker.query_one(db.connection(), "SELECT * FROM chats WHERE answer LIKE '%Acme%' "
                                              "ORDER BY id LIMIT 1")
    page = site.get("/chats/%d" % chat["id"])
    assert page.html.find("mark").text in ("Acme CRM", "Acme")
    listed = {}
    for cited in (1, 0):
        shown = page.html.find(id="sources-%d" % cited)
        shown = [a["href"] for a in shown.parent.select("ol.sources a")] if shown else []
        stored = [row["url"] for row in tracker.query_all(
            db.connection(), "SELECT url FROM chat_sources WHERE chat_id = ? AND cited = ? "
                             "ORDER BY position, id", (chat["id"], cited))]
        assert shown == stored
        listed[cited] = stored
    assert listed[1]  # the simulated engine cites
    searches = [li.text for li in page.html.find(id="searches-title").parent.find_all("li")]
    assert searches == tracker.json.loads(chat["search_queries"])
    assert page.html.find("a", href="/prompts/%d" % chat["prompt_id"]) is not None


def test_pasted_lines_are_one_bulk_create(site, db):
    sign_in(site, site.key["key"])
    page = post(site, "/prompts", {"lines": "Alpha question\n\n  Beta question  \nAlpha question\n"
                                             "Best CRM for a small team?", "topic": "New topic",
                                   "tags": "one, two", "location": ""}, status=201, page="/prompts")
    assert page.html.find(role="status").p.text == "2 created, 2 not created."
    assert [li.text for li in page.html.find(role="status").find_all("li")] == [
        "Line 3: Alpha question — Duplicate prompt: same as item 0",
        "Line 4: Best CRM for a small team? — Duplicate prompt: already in the workspace"]
    rows = tracker.query_all(db.connection(), "SELECT p.text, p.status, t.name AS topic, "
                             "(SELECT count(*) FROM chats c WHERE c.prompt_id = p.id) AS chats "
                             "FROM prompts p JOIN topics t ON t.id = p.topic_id "
                             "WHERE p.text LIKE '%question' ORDER BY p.id")
    assert rows == [{"text": "Alpha question", "status": "active", "topic": "New topic", "chats": 2},
                    {"text": "Beta question", "status": "active", "topic": "New topic", "chats": 2}]


def test_a_paste_holds_at_most_the_bulk_limit(client, db):
    api = make_api(client, db, rate_limit=10 ** 6)
    sign_in(client, api.key)
    lines = "\n".join("prompt %d" % n for n in range(tracker.MAX_BULK_PROMPTS + 1))
    page = post(client, "/prompts", {"lines": lines}, status=422, page="/prompts")
    assert page.html.find(id="a-lines").find_next("p", class_="field-problem").text == \
        "must have 1 to %d items" % tracker.MAX_BULK_PROMPTS
    assert page.html.find(id="a-lines").text == lines  # nothing typed is lost
    page = post(client, "/prompts", {"lines": lines.rsplit("\n", 1)[0]}, status=201, page="/prompts")
    assert "%d created, 0 not created." % tracker.MAX_BULK_PROMPTS in page.text


def test_prompts_pause_activate_and_edit(site, db):
    sign_in(site, site.key["key"])
    listed = site.get("/prompts")
    pause = listed.html.find("button", attrs={"aria-label": "Pause: Best CRM for a small team?"})
    assert pause["value"] == "paused"
    post(site, "/prompts/1", {"status": "paused", "back": "list"}).follow()
    assert site.get("/prompts").html.find(
        "button", attrs={"aria-label": "Activate: Best CRM for a small team?"}) is not None
    moved = post(site, "/prompts/1", {"status": "active", "text": "Best CRM for teams?",
                                      "topic": "", "tags": "core, fresh", "location": "DE"})
    assert moved.headers["Location"] == "/prompts/1"
    prompt = tracker.prompt_documents(tracker.load_prompt(db.connection(), 1, 1))
    assert (prompt["status"], prompt["text"], prompt["topicId"], prompt["location"],
            [tag["name"] for tag in prompt["tags"]]) == ("active", "Best CRM for teams?", None,
                                                        "DE", ["core", "fresh"])
    page = post(site, "/prompts/1", {"status": "nonsense"}, status=422)
    assert page.html.find(id="e-status").find_next("p", class_="field-problem").text.startswith(
        "must be one of")
    post(site, "/prompts/1/delete", {}, status=200)
    site.get("/prompts/1", status=404)
    post(site, "/prompts/1/delete", {}, status=404)


def test_prompt_list_filters_and_pages(site, db):
    sign_in(site, site.key["key"])
    page = site.get("/prompts?search=free+tier&status=&topicId=&tagId=")
    assert [a.text for a in page.html.select("tbody th a")] == ["Which CRM has the best free tier?"]
    page = site.get("/prompts?perPage=2&page=2")
    assert page.html.find("nav", class_="pager").span.text == "Page 2 of 2 (3 in all)"
    assert page.html.find("a", rel="prev")["href"] == "?page=1&perPage=2"
    assert site.get("/prompts?topicId=abc", status=422).html.find("div", class_="problem").li.text == \
        "topicId: must be an integer from 1 to %d" % tracker.MAX_ID
    expected = site.get("/api/v1/prompts", {"branded": "true"}, headers=bearer(site)).json["data"]
    page = site.get("/prompts?branded=true")
    assert [a.text for a in page.html.select("tbody th a")] == [row["text"] for row in expected["data"]]
    assert {row.find_all("td")[7].text for row in page.html.select("tbody tr")} <= {"yes"}
    others = site.get("/prompts?branded=false").html.select("tbody tr")
    assert {row.find_all("td")[7].text for row in others} == {"no"}
    assert len(others) + len(expected["data"]) == 3


def test_brands_topics_and_tags_are_created_changed_and_deleted(site, db):
    sign_in(site, site.key["key"])
    post(site, "/brands", {"name": "Globex", "type": "competitor", "status": "active",
                           "color": "#123456", "domains": "globex.example, globex.co.uk",
                           "trackedNames": "Globex One"})
    brand = tracker.query_one(db.connection(), "SELECT * FROM brands WHERE name = 'Globex'")
    assert (brand["color"], brand["domains"], brand["tracked_names"]) == (
        "#123456", '["globex.example", "globex.co.uk"]', '["Globex One"]')
    form = site.get("/brands/%d" % brand["id"]).forms[1]
    assert form["name"].value == "Globex" and form["domains"].value == "globex.example, globex.co.uk"
    post(site, "/brands/%d" % brand["id"], {"name": "Globex Corp", "type": "own", "status": "hidden",
                                            "color": "", "domains": "", "trackedNames": ""})
    changed = tracker.query_one(db.connection(), "SELECT * FROM brands WHERE id = ?", (brand["id"],))
    assert (changed["name"], changed["type"], changed["status"], changed["domains"]) == (
        "Globex Corp", "own", "hidden", "[]")
    page = post(site, "/brands", {"name": "Acme CRM", "type": "own", "status": "active"}, status=422)
    assert page.html.find(id="b-name").find_next("p").text == "a brand with this name already exists"
    post(site, "/brands/%d/delete" % brand["id"], {}, status=200)
    assert site.get("/brands/%d" % brand["id"], status=404).html.find("h1").text == "Not done"

    post(site, "/topics/1", {"name": "CRM software"})
    post(site, "/tags", {"name": "later", "color": "teal"})
    tag = tracker.query_one(db.connection(), "SELECT id FROM tags WHERE name = 'later'")["id"]
    post(site, "/tags/%d" % tag, {"name": "sooner", "color": "rose"})
    assert [(t["name"], t["color"]) for t in tracker.query_all(
        db.connection(), "SELECT name, color FROM tags ORDER BY id")] == [("core", "blue"), ("sooner", "rose")]
    post(site, "/tags/%d/delete" % tag, {}, status=200)
    post(site, "/topics/2/delete", {}, status=200)
    assert [t["name"] for t in tracker.list_topics(db.connection(), 1)] == ["CRM software"]
    refused = post(site, "/tags", {"name": "x", "color": "plaid"}, status=422)
    assert refused.html.find(id="add-color").find_next("p").text.startswith("must be one of")


def test_the_filter_forms_locations_are_sought_in_the_prompts_index(db):
    """The filter form offers each location of the workspace's prompts once, in order (none
    for a prompt without one, none of another workspace's), each sought in the prompts' index
    by location (PROMPT_LOCATIONS) rather than read from every prompt's row."""
    first, other = (tracker.create_workspace(db, name)["id"] for name in ("One", "Two"))
    with db.write() as connection:
        connection.executemany(
            "INSERT INTO prompts (workspace_id, text, status, location, dedupe_key, created_at, "
            "updated_at) VALUES (?, 'p', 'active', ?, 'p', '', '')",
            [(first, "US"), (first, None), (first, "DE"), (first, "US"), (first, "BR"),
             (other, "AA"), (other, "ZZ"), (other, None)])
    connection = db.connection()
    assert tracker.filter_choices(connection, first)["locations"] == ["BR", "DE", "US"]
    assert tracker.filter_choices(connection, other)["locations"] == ["AA", "ZZ"]
    plan = " ".join(row["detail"] for row in connection.execute(
        "EXPLAIN QUERY PLAN " + tracker.PROMPT_LOCATIONS, (first,)))
    assert "prompts_workspace_location" in plan and "SCAN prompts" not in plan


def test_the_overview_shows_what_the_api_answers_for_the_same_filters(site):
    sign_in(site, site.key["key"])
    for query in ({}, {"engine": "gemini"}, {"topicId": "1"}, {"tagId": "1", "location": "US"},
                  {"branded": "false"}, {"branded": "true", "truncated": "false"}):
        expected = site.get("/api/v1/analytics/rankings", query, headers=bearer(site)).json["data"]
        page = site.get("/", dict({"topicId": "", "tagId": "", "interval": ""}, **query))
        shown = [(row.th.text, row.find_all("td")[1].text)
                 for row in page.html.select("table.ranks tbody tr")]
        assert shown == [(row["name"] + (" (own)" if row["type"] == "own" else ""),
                          tracker.percent(row["visibility"]["value"])
                          + margin_text(row["visibility"]))
                         for row in expected["brands"]], query
        assert page.html.find("p", class_="summary").text.startswith(
            "The last 30 days: %d chats" % expected["chats"])
    page = site.get("/?engine=gemini&branded=false")
    assert page.html.find("select", id="f-engine").find("option", selected=True).text == "gemini"
    assert page.html.find("select", id="f-branded").find("option", selected=True)["value"] == "false"
    charts = page.html.select("svg.chart")
    assert [chart["aria-label"] for chart in charts] == ["Visibility", "Share of voice"]
    assert len(charts[0].select("g.series")) == 4 and charts[0].select("circle")


def margin_text(figure, is_share=True):
    """The text of a figure's interval under it (its title says why there is none)."""
    return re.sub("<[^>]+>", "", tracker.margin(figure, is_share))


def test_an_interval_is_shown_as_its_range_never_as_plus_or_minus_half_its_width():
    """Issue 42: 100.0 % with the API's 34 %-100 % was shown "± 32.9 pts", read as 67-133 %."""
    lopsided = {"value": 1.0, "lower": 0.34, "upper": 1.0, "interval": None}
    assert tracker.margin(lopsided) == ('<small class="margin" title="95 % interval">'
                                        '(34.0–100.0 %)</small>')
    position = {"value": 1.5, "lower": 1.25, "upper": 1.75, "interval": None}
    assert tracker.margin(position, False) == ('<small class="margin" title="95 % interval">'
                                               '(1.25 to 1.75)</small>')
    sentiment = {"value": 0.1, "lower": -0.25, "upper": 0.4, "interval": None}
    assert margin_text(sentiment, False) == "(-0.25 to 0.40)"
    few = {"value": 1.0, "lower": None, "upper": None, "interval": "fewer than 2 prompts"}
    assert tracker.margin(few) == ('<small class="margin" title="fewer than 2 prompts">'
                                   '(no interval)</small>')
    assert tracker.margin({"value": None, "lower": None, "upper": None, "interval": "nothing to measure"}) == ""


def test_every_interval_on_the_dashboard_is_a_range(site):
    """The overview's rankings and the sources pages show the API's bounds, and no "±"."""
    sign_in(site, site.key["key"])
    rankings = site.get("/api/v1/analytics/rankings", headers=bearer(site)).json["data"]["brands"]
    page = site.get("/")
    shown = [row.find_all("td")[1].find("small").text for row in page.html.select("table.ranks tbody tr")]
    assert shown == ["(%.1f–%.1f %%)" % (row["visibility"]["lower"] * 100,
                                          row["visibility"]["upper"] * 100) for row in rankings]
    for path in PAGES:
        assert not re.search(r"±\s*[\d.]*[1-9]", site.get(path).html.find("main").text), path


def bearer(client):
    return {"Authorization": "Bearer " + client.key["key"]}


def test_the_overview_and_the_chat_page_show_sentiment_and_categories(site, db):
    sign_in(site, site.key["key"])
    expected = site.get("/api/v1/analytics/rankings", {"compare": "previous"},
                        headers=bearer(site)).json["data"]
    page = site.get("/")
    shown = [row.find_all("td")[8].text for row in page.html.select("table.ranks tbody tr")]
    assert shown == [tracker.sentiment_text(row["sentiment"]) + margin_text(row["sentiment"], False)
                     for row in expected["brands"]]
    assert any(text.startswith(("+", "-")) for text in shown)  # the simulated engine judges
    chat = site.get("/api/v1/analytics/chats", headers=bearer(site)).json["data"]["data"][0]
    page = site.get("/chats/%d" % chat["id"])
    hosts = [span.text for span in page.html.select("ol.sources span.domain")]
    assert hosts[:len(chat["sources"])] == [
        "%s · %s" % (source["host"], source["category"]) + (
            " · " + tracker.query_one(db.connection(), "SELECT name FROM brands WHERE id = ?",
                                      (source["brandId"],))["name"] if source["brandId"] else "")
        for source in chat["sources"]]


def test_bidi_controls_in_user_text_are_isolated_and_forms_send_the_text_back_as_it_was(site, db):
    """Issue 37: a brand named with U+202E (RIGHT-TO-LEFT OVERRIDE) reordered the rest of
    the page's line. Text holding a bidi control is shown between U+2068 and U+2069 (what
    <bdi> does), which closes what it opened; a form sends it back unchanged."""
    sign_in(site, site.key["key"])
    name, tracked = "Evil\u202eCorp", "Evil\u202dOne"
    post(site, "/brands", {"name": name, "type": "competitor", "status": "active",
                           "trackedNames": tracked})
    brand = tracker.query_one(db.connection(), "SELECT * FROM brands WHERE name = ?", (name,))
    for path in ("/brands", "/brands/%d" % brand["id"], "/"):
        page = site.get(path).text
        controls = page.count("\u202e") + page.count("\u202d")
        isolated = re.findall("\u2068[^\u2068\u2069]*[\u202d\u202e][^\u2068\u2069]*\u2069", page)
        assert controls and len(isolated) == controls, path  # every one closed where it ends
    assert "\u2068%s\u2069" % name in site.get("/brands").text
    form = site.get("/brands/%d" % brand["id"]).forms[1]
    assert form["name"].value == "\u2068%s\u2069" % name
    form.fields["csrf"][0].value = csrf_of(site.get("/"))
    form.submit(status=303)  # the form sent back unchanged
    kept = tracker.query_one(db.connection(), "SELECT * FROM brands WHERE id = ?", (brand["id"],))
    assert (kept["name"], kept["tracked_names"], kept["updated_at"]) == (
        name, '["%s"]' % tracked, brand["updated_at"])
    assert tracker.escape("plain <b>") == "plain &lt;b&gt;"  # other text as it was


def test_the_sources_page_groups_by_category_and_lists_discovered_brands_and_gaps(site):
    sign_in(site, site.key["key"])
    expected = site.get("/api/v1/analytics/sources", {"groupBy": "category"},
                        headers=bearer(site)).json["data"]
    page = site.get("/sources?groupBy=category")
    rows = [(row.th.text, row.find_all("td")[3].text) for row in page.html.select("table tbody tr")]
    assert rows == [(row["category"], str(row["citations"])) for row in expected["data"]]
    assert page.html.find("select", id="f-group").find("option", selected=True).text == "category"
    discovered = site.get("/api/v1/analytics/discovered-brands", {"perPage": "10"},
                          headers=bearer(site)).json["data"]["data"]
    listed = page.html.find(id="discovered-title").parent.select("li a")
    assert [(a.text, a["href"]) for a in listed] == [
        (row["name"], "/chats/%d" % row["exampleChatId"]) for row in discovered]
    assert discovered  # the simulated engine invents names
    gaps = site.get("/api/v1/analytics/gaps/prompts", {"perPage": "10"},
                    headers=bearer(site)).json["data"]["data"]
    assert [a["href"] for a in page.html.find(id="gaps-title").parent.select("li a")] == [
        "/prompts/%d" % row["promptId"] for row in gaps]


def test_a_domain_opens_its_urls_and_keeps_the_filters(site, clock):
    sign_in(site, site.key["key"])
    domains = site.get("/sources?days=90&engine=gemini")
    first = domains.html.select("table tbody tr th a")[0]
    domain = first.text
    assert first["href"] == "/sources?days=90&engine=gemini&perPage=20&groupBy=url&domain=" + domain
    page = site.get(first["href"])
    expected = site.get("/api/v1/analytics/sources", {
        "groupBy": "url", "domain": domain, "engine": "gemini",
        "from": tracker.iso_timestamp(clock() - 90 * 86400)}, headers=bearer(site)).json["data"]
    assert [(row.th.text, row.find_all("td")[3].text) for row in page.html.select("table tbody tr")] == [
        (row["url"], str(row["citations"])) for row in expected["data"]]
    assert expected["data"] and page.html.find("h2").text == "Pages of " + domain
    assert page.html.find("a", string="All domains")["href"] == "/sources?days=90&engine=gemini&perPage=20"
    kept = {field["name"]: field["value"] for field in page.html.select("input[type=hidden]")}
    assert (kept["groupBy"], kept["domain"]) == ("url", domain)
    assert page.html.find(id="f-group") is None  # the count-by choice belongs to the domain list
    missing = site.get("/sources?groupBy=url", status=422)
    assert missing.html.find("div", class_="problem").li.text == (
        "domain: is needed with groupBy=url: the page lists one domain's URLs")
    alone = site.get("/sources?domain=stark.example", status=422)
    assert alone.html.find("div", class_="problem").li.text == "domain: needs groupBy=url"


def test_bad_filters_get_a_page_that_says_what_is_wrong(site):
    sign_in(site, site.key["key"])
    page = site.get("/?days=8", status=422)
    assert page.html.find("div", class_="problem").li.text == "days: must be one of: 7, 30, 90, 365"
    assert site.get("/sources?groupBy=path", status=422).content_type == "text/html"
    assert "is not a parameter" in site.get("/?from=2026-01-01", status=422).text
    assert "is not a parameter" in site.get("/sources?interval=day", status=422).text  # no chart
    assert site.get("/sources").html.find(id="f-interval") is None


def test_what_the_dashboard_does_not_have_is_still_the_apis(site):
    sign_in(site, site.key["key"])
    reply = site.get("/api/v1/nowhere", status=404)
    assert reply.json == {"success": False, "message": "Not found"}
    for path in ("/nowhere", "/prompts/1/nowhere", "/favicon.png"):  # the dashboard's 404 page
        page = site.get(path, status=404)
        assert page.content_type == "text/html" and page.html.find("h1").text == "Page not found"
        assert page.html.find("main").find("a", string="Go to the overview")["href"] == "/"
        assert page.headers["Content-Security-Policy"] == tracker.DASHBOARD_CSP
    assert site.get("/healthz").json["data"]["status"] == "ok"
    page = site.get("/chats/999999", status=404)
    assert page.content_type == "text/html" and "Chat not found" in page.text
    assert site.get("/static/nothing.js", status=404).content_type == "text/html"
    refused = site.put("/prompts", status=405)
    assert (refused.content_type, refused.headers["Allow"]) == ("text/html", "GET,POST")
    assert refused.headers["Content-Security-Policy"] == tracker.DASHBOARD_CSP


def test_a_client_asking_for_json_gets_the_json_404_outside_the_api_too(site):
    """Issue 42: a client's 404 on a path outside /api was the dashboard's HTML page."""
    not_found = {"success": False, "message": "Not found"}
    for headers in ({"Accept": "application/json"}, {"Accept": "application/json, */*"},
                    {"Authorization": "Bearer " + site.key["key"]},
                    {"Authorization": "bearer trk_wrong", "Accept": "text/html"}):
        for path in ("/nowhere", "/v1/prompts", "/prompts/1/nowhere"):
            reply = site.get(path, headers=headers, status=404)
            assert (reply.content_type, reply.json) == ("application/json", not_found), headers
    # a browser lists text/html: it keeps the page
    for accept in ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
                   "text/html, application/json", "*/*", ""):
        page = site.get("/nowhere", headers={"Accept": accept}, status=404)
        assert page.content_type == "text/html" and page.html.find("h1").text == "Page not found"


def test_a_path_that_is_not_utf8_names_nothing(site, db):
    sign_in(site, site.key["key"])
    request = webtest.TestRequest.blank("/", method="POST", POST={"csrf": csrf_of(site.get("/"))},
                                        headers={"Cookie": "%s=%s" % (tracker.SESSION_COOKIE,
                                                 site.cookies[tracker.SESSION_COOKIE])})
    request.environ["PATH_INFO"] = "/prompts/1\xff/delete"  # Bottle would read /prompts/1
    reply = request.get_response(site.app)
    assert reply.status_int == 404 and reply.content_type == "text/html"
    assert tracker.load_prompt(db.connection(), 1, 1) is not None


def test_another_workspaces_items_are_not_found(site, db):
    other = tracker.create_workspace(db, "Other")
    key = tracker.create_key(db, other["id"])
    sign_in(site, key["key"])
    for path in ("/prompts/1", "/chats/1", "/brands/1"):
        site.get(path, status=404)
    post(site, "/prompts/1/delete", {}, status=404)
    page = site.get("/")
    assert "Acme CRM" not in page.text and "0 chats" in page.text


def test_every_delete_asks_first_and_says_what_goes_with_it(site, db):
    sign_in(site, site.key["key"])
    chats = tracker.query_one(db.connection(), "SELECT count(*) AS n FROM chats WHERE prompt_id = 1")["n"]
    mentions = tracker.query_one(db.connection(), "SELECT count(*) AS n FROM chat_brands "
                                 "WHERE brand_id = 1 AND position IS NOT NULL")["n"]
    tagged = tracker.query_one(db.connection(), "SELECT count(*) AS n FROM prompt_tags "
                               "WHERE tag_id = 1")["n"]
    assert chats and mentions and tagged
    asks = {
        "/brands/1/delete": ("Delete the brand “Acme CRM”?", "its %d mentions leave every figure"
                             % mentions, "its %d mentions left every figure" % mentions),
        "/topics/2/delete": ("Delete the topic “Pricing”?", "1 prompts lose this topic",
                             "1 prompts lost this topic"),
        "/tags/1/delete": ("Delete the tag “core”?", "%d prompts lose this tag" % tagged,
                           "%d prompts lost this tag" % tagged),
        "/prompts/1/delete": ("Delete the prompt “Best CRM for a small team?”?",
                              "its %d chats (answers, their sources and brand mentions) are deleted "
                              "with it" % chats, "its %d chats (answers, their sources and brand "
                              "mentions) were deleted with it" % chats),
    }
    for listing, link in (("/prompts/1", "/prompts/1/delete"), ("/brands", "/brands/1/delete"),
                          ("/topics", "/topics/2/delete"), ("/tags", "/tags/1/delete")):
        page = site.get(listing)  # a link to the question, never a form that deletes
        assert page.html.find("a", href=link) is not None
        assert not page.html.select('form[action$="/delete"]'), listing
    for path, (question, consequence, done) in asks.items():
        page = site.get(path)
        assert page.html.find("h2").text == question and consequence in page.text
        assert page.html.find("form", action=path).find("a").text == "Cancel: keep it"
    assert tracker.load_prompt(db.connection(), 1, 1) is not None  # asking deleted nothing
    for path, (question, consequence, done) in asks.items():
        result = post(site, path, {}, status=200)
        assert done in result.html.find(role="status").text, path
        assert result.html.find("h1").text.endswith(" deleted")
    assert tracker.query_one(db.connection(), "SELECT count(*) AS n FROM chats WHERE prompt_id = 1")["n"] == 0
    site.get("/prompts/1/delete", status=404)
    post(site, "/tags/1/delete", {}, status=404)


def test_a_refused_form_comes_back_in_place_with_what_was_typed(site):
    sign_in(site, site.key["key"])
    page = post(site, "/brands/1", {"name": "", "type": "own", "status": "active",
                                    "color": "#12345", "domains": "acme.example, not a domain",
                                    "trackedNames": "Acme"}, status=422)
    assert page.html.find("h1").text == "Brand"  # the same page, not a dead end
    field = page.html.find(id="b-color")
    assert (field["value"], field["aria-invalid"]) == ("#12345", "true")
    assert page.html.find(id=field["aria-describedby"]).text.startswith("must be #")
    assert page.html.find(id="b-domains")["value"] == "acme.example, not a domain"
    assert page.html.find(id="b-names")["value"] == "Acme"
    assert page.html.find("div", class_="problem").p.text == \
        "Not saved: the problems are beside their fields."
    page = post(site, "/topics/1", {"name": "Pricing"}, status=422)  # a rename onto another
    row = page.html.find(id="n-1")
    assert row["value"] == "Pricing" and "already exists" in row.find_next("p").text
    assert page.html.find(id="n-2")["value"] == "Pricing" and not page.html.find(id="n-2").get(
        "aria-invalid")  # the other rows' forms stay as they were
    page = post(site, "/topics", {"name": "x" * (tracker.NAME_MAX_LENGTH + 1)}, status=422)
    assert page.html.find(id="add-name")["value"] == "x" * (tracker.NAME_MAX_LENGTH + 1)
    page = post(site, "/prompts/1", {"status": "active", "text": "", "topic": "CRM",
                                     "tags": "core", "location": "FR"}, status=422)
    assert page.html.find("details", open=True) is not None  # the edit form open again
    assert page.html.find(id="e-location")["value"] == "FR"
    assert page.html.find(id="e-text")["aria-invalid"] == "true"


def test_sign_in_is_a_form_on_get_and_the_favicon_is_there(site):
    page = site.get("/sign-in", status=200)
    assert page.html.find("form", id="sign-in")["action"] == "/sign-in"
    assert page.html.find("input", id="key")["type"] == "password"
    icon = site.get("/favicon.ico", status=200)
    assert icon.content_type == "image/svg+xml" and icon.body == tracker.DASHBOARD_ICON.encode()
    script = site.get("/static/local-time.js", status=200)
    assert script.content_type == "text/javascript" and b"toLocaleString" in script.body


def test_times_are_time_elements_in_utc_for_the_browser_to_localise(site, db):
    sign_in(site, site.key["key"])
    chat = tracker.query_one(db.connection(), "SELECT id, created_at FROM chats ORDER BY id LIMIT 1")
    page = site.get("/chats/%d" % chat["id"])
    shown = page.html.find("dt", string="When").find_next("time")
    assert shown["datetime"] == chat["created_at"]
    assert shown.text == chat["created_at"][:16].replace("T", " ") + " UTC"
    assert site.get("/?days=7").html.find("p", class_="summary").text.startswith("The last 7 days: ")


def test_the_prompt_list_shows_each_prompts_visibility_and_change_sorted_by_any_column(site, db, clock):
    clock.advance(31 * 86400)  # a new window; its previous one holds the seed's answers
    sign_in(site, site.key["key"])
    post(site, "/prompts/1", {"status": "paused", "back": "list"})
    site.app.config["tracker.worker"].run_pending()
    connection = db.connection()

    def visibility(prompt_id, since, until):
        row = tracker.query_one(connection, "SELECT avg(own_named > 0) AS v FROM chats WHERE prompt_id = ? "
                                "AND created_at >= ? AND created_at < ?", (prompt_id, since, until))
        return row["v"]
    window = tracker.prompt_list_window(db)
    page = site.get("/prompts?sort=-visibility")
    rows = page.html.select("table.prompts tbody tr")
    shown = [(row.th.a["href"], row.find_all("td")[0].text, row.find_all("td")[1].text) for row in rows]
    expected = []
    for prompt in tracker.query_all(connection, "SELECT id FROM prompts"):
        now = visibility(prompt["id"], window["start"], window["end"])
        before = visibility(prompt["id"], window["previous"], window["start"])
        expected.append(("/prompts/%d" % prompt["id"], now, before))
    expected.sort(key=lambda e: (e[1] is None, -(e[1] or 0), -int(e[0].split("/")[-1])))
    assert shown == [(href, tracker.percent(now),
                      tracker.change(None if None in (now, before) else now - before, True)
                      .split(">")[1].split("<")[0] if now is not None and before is not None else "–")
                     for href, now, before in expected]
    header = page.html.find("th", attrs={"aria-sort": "descending"})
    assert header.a.text == "Visibility ▼" and header.a["href"] == "?perPage=20&sort=visibility"
    ascending = site.get("/prompts?sort=prompt")
    texts = [row.th.text for row in ascending.html.select("table.prompts tbody tr")]
    assert texts == sorted(texts, key=str.casefold)
    assert [a["href"] for a in ascending.html.select("thead a.sort")][:3] == [
        "?perPage=20&sort=-prompt", "?perPage=20&sort=-visibility",
        "?perPage=20&sort=-trend"]
    assert "is not a parameter" not in site.get("/prompts?sort=-trend&status=paused").text
    assert site.get("/prompts?sort=size", status=422).html.find("div", class_="problem").li.text \
        .startswith("sort: must be one of")


def test_the_overview_opens_with_what_moved_most_or_with_the_first_two_steps(site, db, client, clock):
    clock.advance(7 * 86400 + 3600)  # the seed's answers are the previous week; now a new one
    sign_in(site, site.key["key"])
    post(site, "/prompts", {"lines": "Is Acme or Northwind better?"}, status=201)  # moves them
    expected = site.get("/api/v1/analytics/rankings", {
        "compare": "previous", "from": tracker.iso_timestamp(clock() - 7 * 86400)},
        headers=bearer(site)).json["data"]
    moves = sorted(((row["name"], label, row["change"][figure]) for row in expected["brands"]
                    for figure, label in (("visibility", "visibility"),
                                          ("shareOfVoice", "share of voice"))
                    if row["change"][figure]), key=lambda move: -abs(move[2]))[:4]
    assert expected["previous"]["chats"] and moves
    page = site.get("/?days=7")
    shown = page.html.find(id="movers-title").parent.select("li")
    assert [li.contents[1].strip() for li in shown] == ["%s · %s" % move[:2] for move in moves]
    assert [str(li.find("span")) for li in shown] == [tracker.change(move[2], True) for move in moves]
    assert page.html.find(id="start-title") is None  # brands and prompts are there
    empty = make_api(client, db, rate_limit=100)
    sign_in(client, empty.key)
    steps = client.get("/").html.find(id="start-title").parent
    assert [a["href"] for a in steps.select("ol a")] == ["/brands", "/prompts"]
    assert "Done" not in steps.text
    # the first step taken: it says so, the second still to take
    post(client, "/brands", {"name": "Mine", "type": "own", "status": "active"})
    steps = client.get("/").html.find(id="start-title").parent
    assert [li.text.startswith("Done: ") for li in steps.select("ol li")] == [True, False]


def test_charts_mark_every_point_with_its_date_and_value_and_name_each_lines_latest(site):
    sign_in(site, site.key["key"])
    page = site.get("/")
    chart = page.html.select("figure")[0]
    series = chart.select("svg.chart g.series")
    assert len({(g.find(["circle", "polygon"]).name, g.find(["circle", "polygon"]).get("points", "")[:0])
                for g in series}) == 2  # a circle, then polygons of other shapes
    dashes = [g.polyline.get("stroke-dasharray") for g in series if g.polyline]
    assert len(set(dashes)) == len(dashes)  # each line its own dash
    titles = [t.text for t in chart.select("svg.chart g.series title")]
    assert titles and all(re.fullmatch(r".+, \d{1,2} [A-Z][a-z]{2} \d{4}: \d+\.\d %", t) for t in titles)
    legend = [li.text for li in chart.select("ul.legend li")]
    assert len(legend) == len(series) and all(re.search(r"latest \d+\.\d %$", text) for text in legend)
    cells = chart.select("details.data td")
    assert cells and all(td["class"] == ["num"] for td in cells)


def marker_extent(marker):
    """How far a marker's outline reaches from its point, in the chart's units."""
    if marker.name == "circle":
        return float(marker["r"])
    return max(abs(float(n)) for point in marker["points"].split() for n in point.split(","))


def test_equal_points_of_several_lines_all_show_nested_outlines_never_covered():
    """Issue 42: a white-filled square drawn over the own brand's circle at the same value
    hid it. Every line's marker at an equal point is an unfilled outline, each later line's
    smaller than the one before it, so none covers another's outline."""
    import bs4

    lines = [(name, tracker.CHART_COLORS[number], [0.5, 0.25, 0.75])
             for number, name in enumerate(("Acme", "Northwind", "Contoso", "Globex"))]
    svg = bs4.BeautifulSoup(tracker.line_chart("Visibility", ["2026-11-01", "2026-11-02",
                                                              "2026-11-03"], lines), "html.parser")
    at_middle = [g.find_all(["circle", "polygon"])[1] for g in svg.select("g.series")]
    spots = {(m.get("cx"), m.get("cy")) if m.name == "circle"
             else tuple(re.findall(r"[\d.]+", m["transform"])) for m in at_middle}
    assert len(spots) == 1  # the four points are at one spot
    assert [m.get("fill") for m in at_middle] == ["none"] * 4
    assert [m.find("title").text for m in at_middle] == [
        "%s, 2 Nov 2026: 25.0 %%" % name for name, _, _ in lines]
    extents = [marker_extent(m) for m in at_middle]
    assert extents == sorted(extents, reverse=True) and len(set(extents)) == 4
    assert [m.name for m in at_middle] == ["circle", "polygon", "polygon", "polygon"]


def test_a_logo_url_of_another_scheme_stored_before_1_0_1_is_rendered_nowhere(site, db):
    """Issue 42: the API refuses such a logoUrl now; a row stored before must not reach a page."""
    with db.write() as connection:
        connection.execute("UPDATE brands SET logo_url = 'javascript:alert(1)'")
    sign_in(site, site.key["key"])
    for path in ("/", "/brands", "/brands/1"):
        assert "javascript:" not in site.get(path).text.lower(), path


# Each list page with filters set: the page, and the filters its links must carry.
LIST_PAGES = [("/?days=30&engine=gemini", {"engine": "gemini", "status": "active",
                                           "compare": "previous"}),
              ("/prompts?status=active&search=crm&branded=false",
               {"status": "active", "search": "crm", "branded": "false"}),
              ("/chats?days=7&engine=chatgpt&branded=true",
               {"engine": "chatgpt", "branded": "true"}),
              ("/sources?days=90&groupBy=category", {"groupBy": "category"}),
              ("/traffic?days=7", {})]


def test_every_list_page_links_to_its_export_with_its_filters(site, db):
    """Issue 42: the dashboard had no download link. Each list page links to a CSV and an
    NDJSON export of its list, with the page's filters and window; each answers 200 with
    what the API's export of the same query holds."""
    sign_in(site, site.key["key"])
    api = tracker.API_PREFIX
    for page_path, filters in LIST_PAGES:
        page = site.get(page_path)
        links = [a["href"] for a in page.html.find("p", class_="exports").find_all("a")]
        assert [link.split("format=")[1].split("&")[0] for link in links] == ["csv", "ndjson"]
        for link in links:
            path, _, query = link.partition("?")
            sent = dict(urllib.parse.parse_qsl(query))
            assert {name: sent[name] for name in filters} == filters, link
            if not page_path.startswith("/prompts"):  # the page's window, to the millisecond
                assert sent["to"] == tracker.iso_timestamp(db.clock() + 0.001)
                days = int(re.search(r"days=(\d+)", page_path)[1])
                assert sent["from"] == tracker.iso_timestamp(db.clock() - days * 86400)
            exported = site.get(link, status=200)
            by_key = site.get(path.replace("/export", api, 1), params=sent, status=200,
                              headers={"Authorization": "Bearer " + site.key["key"]})
            assert exported.body == by_key.body, link
            assert exported.headers["Content-Type"] == by_key.headers["Content-Type"]
            assert exported.headers["Content-Disposition"] == \
                by_key.headers["Content-Disposition"]
    assert site.get("/export/analytics/chats?format=csv").body.startswith(b"id,promptId,prompt,")
    # only the lists' exports, and only as files
    assert site.get("/export/workspace?format=csv", status=404).content_type == "text/html"
    refused = site.get("/export/prompts?format=json", status=422)
    assert "format: must be one of: csv, ndjson" in refused.text
    site.reset()  # signed out: back to the sign-in form
    assert site.get(links[0], status=303).headers["Location"] == "/"


def test_the_screenshots_show_every_section_of_the_dashboard():
    """./build screenshots left the Actions and API-vs-app pages out (issue 41's review)."""
    import os
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "tools"))
    import dashboard_screenshots
    shown = {path.split("?")[0] for _, path in dashboard_screenshots.PAGES}
    assert {path for path, _ in tracker.DASHBOARD_SECTIONS} <= shown
