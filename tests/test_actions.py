"""Actions (issue 41): each of the six kinds on a workspace built to hold exactly one of it
beside a near miss that must not make one, the order of a mixed list, the API (filters,
paging, status, one refresh at a time), the worker's daily compute after the signal scan,
and a done action measured again once its window has passed."""


import collections
import csv
import io
import json
import random

import pytest
import webtest

import tracker
from conftest import START, make_api
from test_analytics import add_chat
from test_traffic import CHROME, SEARCHBOT, combined, post_log
from test_webhooks import Receiver

DAY = 86400
MOMENT = "2026-11-20T10:00:00.000Z"  # inside the 7-day window ending at START


def add_brands(api):
    """Acme (own, acme.com), Northwind (northwind.com) and Globex (globex.com)."""
    return {name: api.post("/brands", dict(body, name=name)).json["data"]["id"]
            for name, body in (("Acme", {"type": "own", "domains": ["acme.com"]}),
                               ("Northwind", {"domains": ["northwind.com"]}),
                               ("Globex", {"domains": ["globex.com"]}))}


@pytest.fixture
def brands(api):
    return add_brands(api)


def prompt(api, text, **fields):
    return api.post("/prompts", dict(fields, text=text)).json["data"]["prompts"][0]


def refresh(api, db):
    """Ask for a compute, as a client does, and take the worker's step that does it."""
    assert api.post("/actions/refresh", {}, status=202).json["data"] == {
        "requestedAt": tracker.iso_timestamp(db.clock())}
    assert tracker.refresh_due_actions(db) is True
    return api.get("/actions", perPage="100").json["data"]


def of_kind(document, kind):
    return [action for action in document["data"] if action["kind"] == kind]


def test_a_cited_page_gap_is_a_page_cited_for_two_gap_prompts(api, db, brands):
    first, second = prompt(api, "best crm"), prompt(api, "crm for startups")
    competitors = [(brands["Northwind"], 1, 0), (brands["Globex"], 2, 0)]
    for engine in ("one", "two"):
        add_chat(db, api.workspace_id, first, engine, MOMENT, competitors,
                 urls=["https://review.example/best-crm", "https://solo.example/a",
                       "https://northwind.com/compare"])
    add_chat(db, api.workspace_id, second, "one", MOMENT, competitors[:1],
             urls=["https://review.example/best-crm", "https://northwind.com/compare"])
    # near misses: solo.example is cited for one prompt only, northwind.com is a competitor's
    # own domain, and a page cited where Acme is named is no gap
    add_chat(db, api.workspace_id, second, "two", MOMENT, [(brands["Acme"], 1, 0)],
             urls=["https://review.example/best-crm"])
    (action,) = of_kind(refresh(api, db), "cited-page-gap")
    assert action["title"] == ("Get onto https://review.example/best-crm: cited in 3 answers to "
                               "2 prompts naming Northwind and Globex, never you")
    evidence = action["evidence"]
    assert (evidence["url"], evidence["domain"], evidence["answers"]) == (
        "https://review.example/best-crm", "review.example", 3)
    assert evidence["prompts"] == {"count": 2, "ids": sorted([first["id"], second["id"]])}
    assert evidence["chats"]["count"] == 3
    assert evidence["competitors"] == [
        {"brandId": brands["Northwind"], "name": "Northwind", "answers": 3},
        {"brandId": brands["Globex"], "name": "Globex", "answers": 2}]
    # the page is cited in 4 answers, one of which names Acme: 1 of 4
    low, high = tracker.wilson_interval(1, 4)
    assert evidence["figure"] == {"name": "own brands named where the page is cited",
                                  "value": 25.0, "lower": round(100 * low, 2),
                                  "upper": round(100 * high, 2), "k": 1, "n": 4}
    # 3 of the window's 4 answers: at most 75 points
    low, high = tracker.wilson_interval(3, 4)
    assert action["impact"]["value"] == 75.0
    assert (action["impact"]["lower"], action["impact"]["upper"]) == (
        round(100 * low, 2), round(100 * high, 2))
    assert action["impact"]["basis"].startswith("3 of the window's 4 answers cite this page")
    assert (action["brandIds"], action["engines"], action["status"]) == (
        sorted([brands["Northwind"], brands["Globex"]]), ["one", "two"], "open")


def test_a_prompt_gap_groups_the_gap_prompts_by_topic(api, db, brands):
    gap, near = prompt(api, "best crm", topic="CRM"), prompt(api, "cheap crm", topic="CRM")
    topic = gap["topicId"]
    add_chat(db, api.workspace_id, gap, "one", MOMENT, [(brands["Northwind"], 1, 0)],
             urls=["https://g2.example/crm"])
    # near miss: a prompt where Acme is named beside Northwind is no gap
    add_chat(db, api.workspace_id, near, "one", MOMENT,
             [(brands["Northwind"], 1, 0), (brands["Acme"], 2, 0)])
    (action,) = of_kind(refresh(api, db), "prompt-gap")
    assert action["title"] == "Appear in 1 prompt about CRM where Northwind is named and you never are"
    assert action["evidence"]["prompts"] == [{
        "promptId": gap["id"], "text": "best crm", "answers": 1,
        "winner": {"brandId": brands["Northwind"], "name": "Northwind", "chats": 1},
        "pages": ["https://g2.example/crm"]}]
    assert (action["evidence"]["topic"], action["topicIds"]) == ("CRM", [topic])
    assert action["impact"]["value"] == 50.0  # 1 of the window's 2 answers
    assert (action["evidence"]["figure"]["k"], action["evidence"]["figure"]["n"]) == (0, 1)


def test_own_page_uncited_is_where_you_are_named_but_others_are_cited(api, db, brands):
    named, near = prompt(api, "acme crm", topic="CRM"), prompt(api, "acme pricing", topic="CRM")
    topic = named["topicId"]
    add_chat(db, api.workspace_id, named, "one", MOMENT, [(brands["Acme"], 1, 0)],
             urls=["https://wiki.example/acme"])
    # near miss: named and cited through its own page
    add_chat(db, api.workspace_id, near, "one", MOMENT, [(brands["Acme"], 1, 1)],
             urls=["https://acme.com/pricing"])
    post_log(api, combined("192.0.2.10", "20/Nov/2026:08:00:00", "/about", CHROME),
             host="acme.com")
    (action,) = of_kind(refresh(api, db), "own-page-uncited")
    assert action["title"] == "Be cited where you are named: 1 answer names Acme but cites only others' pages"
    evidence = action["evidence"]
    assert (evidence["brandId"], evidence["answers"], evidence["domains"]) == (
        brands["Acme"], 1, ["wiki.example"])
    assert evidence["byTopic"] == [{"topicId": topic, "answers": 1,
                                    "candidatePages": ["https://acme.com/pricing"]}]
    assert evidence["pagesNeverCited"] == {"count": 1, "urls": ["https://acme.com/about"]}
    assert (evidence["figure"]["k"], evidence["figure"]["n"]) == (1, 2)
    assert action["impact"] == "unknown"


def test_robots_blocks_quote_the_rule_that_keeps_an_ai_agent_off_a_cited_page(api, db, brands):
    cited = prompt(api, "acme vs northwind")
    add_chat(db, api.workspace_id, cited, "one", MOMENT, [(brands["Acme"], 1, 1)],
             urls=["https://acme.com/compare/northwind"])
    # near misses: /private is blocked but nobody cites or visits it; GPTBot, a training
    # crawler, is kept off /compare too (the site's choice, no action)
    api.put("/traffic/robots?domain=acme.com",
            b"User-agent: OAI-SearchBot\nDisallow: /compare  # not for search\n\n"
            b"User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private\n",
            headers={"Content-Type": "application/octet-stream"})
    (action,) = of_kind(refresh(api, db), "robots-blocks")
    assert action["evidence"]["rule"] == "Disallow: /compare"
    assert action["evidence"]["agents"] == [{"agent": "OAI-SearchBot", "operator": "OpenAI"}]
    assert action["evidence"]["pages"] == [
        {"url": "https://acme.com/compare/northwind", "citingChats": 1, "humanVisits": 0}]
    assert action["title"] == ("Let the engines in: Disallow: /compare on acme.com keeps "
                               "OAI-SearchBot off 1 page engines cite or people visit")
    assert (action["evidence"]["figure"]["k"], action["evidence"]["figure"]["n"]) == (0, 1)


def test_pages_not_crawled_are_visited_or_cited_with_no_ai_fetch(api, db, brands):
    cited = prompt(api, "acme docs")
    add_chat(db, api.workspace_id, cited, "one", MOMENT, [(brands["Acme"], 1, 1)],
             urls=["https://acme.com/docs", "https://acme.com/pricing"])
    post_log(api, "".join([
        combined("192.0.2.10", "20/Nov/2026:08:00:00", "/pricing", CHROME),
        combined("192.0.2.11", "20/Nov/2026:08:00:00", "/team", CHROME),
        # near miss: /docs is cited and was fetched by OpenAI's search crawler (from its range)
        combined("104.210.140.130", "20/Nov/2026:09:30:00", "/docs", SEARCHBOT)]), host="acme.com")
    (action,) = of_kind(refresh(api, db), "pages-not-crawled")
    assert action["evidence"]["host"] == "acme.com"
    assert action["evidence"]["pages"] == [
        {"url": "https://acme.com/pricing", "citingChats": 1, "humanVisits": 1},
        {"url": "https://acme.com/team", "citingChats": 0, "humanVisits": 1}]
    assert action["evidence"]["figure"] == dict(action["evidence"]["figure"], k=0, n=2)
    assert action["title"] == ("Pages the AI crawlers never read: 2 pages of acme.com that "
                               "engines cite or people visit had no AI agent fetch")


def test_no_logs_no_pages_not_crawled(api, db, brands):
    """tracker sees only the site's own logs: a cited page of a host it has none of is not
    called uncrawled."""
    cited = prompt(api, "acme docs")
    add_chat(db, api.workspace_id, cited, "one", MOMENT, [(brands["Acme"], 1, 1)],
             urls=["https://acme.com/docs"])
    assert of_kind(refresh(api, db), "pages-not-crawled") == []


def visibility_signal(brand_id, effect):
    before, after = 0.8, 0.8 + effect
    return {"figure": "visibility", "brandId": brand_id,
            "scope": tracker.signal_scope("engine", "one"),
            "before": {"value": before, "lower": before - 0.1, "upper": before + 0.1, "n": 40},
            "after": {"value": after, "lower": after - 0.1, "upper": after + 0.1, "n": 40},
            "effect": effect, "prompts": 5, "pValue": 0.001, "qValue": 0.004, "explanations": []}


def test_a_visibility_drop_is_an_own_brands_falling_signal(api, db, brands):
    ask = prompt(api, "best crm")
    add_chat(db, api.workspace_id, ask, "one", "2026-11-10T10:00:00.000Z", [(brands["Acme"], 1, 0)],
             urls=["https://old.example/a"])
    add_chat(db, api.workspace_id, ask, "one", MOMENT, [(brands["Northwind"], 1, 0)],
             urls=["https://new.example/b"])
    windows = tracker.signal_windows(START, 7)
    with db.write() as connection:  # the scan's own store: a fall of Acme, near misses beside
        for signal in (visibility_signal(brands["Acme"], -0.4),
                       visibility_signal(brands["Acme"], 0.1),       # a rise
                       visibility_signal(brands["Northwind"], -0.4)):  # a competitor's fall
            tracker.store_signal(connection, api.workspace_id, signal, windows, 7,
                                 tracker.iso_timestamp(START))
    (action,) = of_kind(refresh(api, db), "visibility-drop")
    assert action["title"] == "Prompts slipping: Acme's visibility fell from 80% to 40% (one)"
    evidence = action["evidence"]
    assert (evidence["before"]["chats"]["count"], evidence["after"]["chats"]["count"]) == (1, 1)
    assert (evidence["domainsGained"], evidence["domainsLost"]) == (["new.example"], ["old.example"])
    assert action["impact"] == {"value": 40.0, "lower": 20.0, "upper": 60.0,
                                "basis": action["impact"]["basis"]}
    assert action["engines"] == ["one"]


def mixed(api, db, brands):
    """A cited-page gap (2 answers of 5), a prompt gap (1 topic-less group: 3 of 5) and an
    own brand named where others are cited (unknown impact)."""
    first, second, third = prompt(api, "a"), prompt(api, "b"), prompt(api, "c")
    for ask in (first, second):
        add_chat(db, api.workspace_id, ask, "one", MOMENT, [(brands["Globex"], 1, 0)],
                 urls=["https://review.example/x"])
    add_chat(db, api.workspace_id, third, "one", MOMENT, [(brands["Globex"], 1, 0)])
    for _ in range(2):
        add_chat(db, api.workspace_id, prompt(api, "acme?%d" % _), "two", MOMENT,
                 [(brands["Acme"], 1, 0)], urls=["https://wiki.example/acme"])


def test_a_mixed_list_ranks_known_impacts_first_then_the_most_evidence(api, db, brands):
    mixed(api, db, brands)
    document = refresh(api, db)
    assert [(action["kind"], action["impact"] if action["impact"] == "unknown"
             else action["impact"]["value"]) for action in document["data"]] == [
        ("prompt-gap", 60.0), ("cited-page-gap", 40.0), ("own-page-uncited", "unknown")]
    page = api.get("/actions", perPage="1", page="2").json["data"]
    assert (page["total"], page["lastPage"], [a["kind"] for a in page["data"]]) == (
        3, 3, ["cited-page-gap"])
    assert [a["kind"] for a in api.get("/actions", kind="own-page-uncited").json["data"]["data"]] \
        == ["own-page-uncited"]
    assert [a["kind"] for a in api.get("/actions", engine="two").json["data"]["data"]] == [
        "own-page-uncited"]
    assert [a["kind"] for a in api.get("/actions", brandId=str(brands["Acme"])).json["data"]
            ["data"]] == ["own-page-uncited"]
    assert api.get("/actions", kind="nope", status=422).json["errors"][0]["field"] == "kind"


def test_a_recompute_updates_an_action_rather_than_adding_one(api, db, brands):
    mixed(api, db, brands)
    first = refresh(api, db)["data"]
    second = refresh(api, db)["data"]
    assert [a["id"] for a in first] == [a["id"] for a in second]


def test_status_changes_and_their_errors(api, db, brands):
    mixed(api, db, brands)
    action = refresh(api, db)["data"][2]
    path = "/actions/%d" % action["id"]
    dismissed = api.patch(path, {"status": "dismissed"}).json["data"]
    assert (dismissed["status"], dismissed["outcome"], dismissed["statusChangedAt"]) == (
        "dismissed", None, tracker.iso_timestamp(START))
    assert api.get(path).json["data"]["status"] == "dismissed"
    assert api.patch(path, {"status": "closed"}, status=422).json["errors"] == [
        {"field": "status", "message": "must be one of open, done, dismissed"}]
    assert api.patch(path, {"status": "open", "colour": "red"}, status=422).json["errors"][0][
        "field"] == "colour"
    api.patch("/actions/999999", {"status": "done"}, status=404)
    api.get("/actions/0", status=404)
    # a recompute keeps the status the user set
    assert refresh(api, db)["data"][2]["status"] == "dismissed"


def test_one_refresh_at_a_time(api, db, brands):
    api.post("/actions/refresh", {}, status=202)
    reply = api.post("/actions/refresh", {}, status=409)
    assert reply.json["code"] == "ACTIONS_REFRESH_IN_PROGRESS"
    assert reply.headers["Retry-After"] == "5"
    assert tracker.refresh_due_actions(db) is True
    assert tracker.refresh_due_actions(db) is False  # nothing due: the day's compute is done
    api.post("/actions/refresh", {}, status=202)  # once it ended, another may be asked


def test_the_worker_computes_after_the_days_signal_scan(api, db, brands, clock):
    worker = api.client.app.config["tracker.worker"]
    worker.run_pending()  # the brands' refresh, before the chats (it reads answers again)
    mixed(api, db, brands)
    for item in api.get("/prompts").json["data"]["data"]:  # no simulated answers beside ours
        api.patch("/prompts/%d" % item["id"], {"status": "paused"})
    clock.advance(DAY)  # the next day's scan, then its actions
    worker.run_pending()
    with db.read() as connection:
        assert tracker.query_one(connection, "SELECT day FROM action_refreshes")["day"] == "2026-11-22"
    kinds = {a["kind"] for a in api.get("/actions").json["data"]["data"]}
    assert {"cited-page-gap", "own-page-uncited"} <= kinds


def test_a_done_action_is_measured_again_once_its_window_passed(api, db, brands, clock):
    mixed(api, db, brands)
    (action,) = of_kind(refresh(api, db), "cited-page-gap")
    done = api.patch("/actions/%d" % action["id"], {"status": "done"}).json["data"]
    assert done["remeasureAt"] == tracker.iso_timestamp(START + 7 * DAY)
    assert done["outcome"] == {"before": action["evidence"]["figure"], "after": None,
                               "change": None, "moved": None, "measuredAt": None}
    clock.advance(3 * DAY)
    refresh(api, db)
    assert api.get("/actions/%d" % action["id"]).json["data"]["outcome"]["after"] is None
    clock.advance(5 * DAY)  # past the window: the page is now cited where Acme is named
    later = tracker.iso_timestamp(clock() - DAY)
    for n in range(10):
        add_chat(db, api.workspace_id, prompt(api, "again %d" % n), "one", later,
                 [(brands["Acme"], 1, 0)], urls=["https://review.example/x"])
    refresh(api, db)
    outcome = api.get("/actions/%d" % action["id"]).json["data"]["outcome"]
    low, high = tracker.wilson_interval(10, 10)
    assert outcome["after"] == {"name": "own brands named where the page is cited",
                                "value": 100.0, "lower": round(100 * low, 2),
                                "upper": round(100 * high, 2), "k": 10, "n": 10}
    # before: 0 of 2, at most 65.76; after: at least 72.25
    assert outcome["before"]["upper"] < outcome["after"]["lower"]
    assert (outcome["before"]["value"], outcome["change"], outcome["moved"]) == (0.0, 100.0, "up")
    assert outcome["measuredAt"] == tracker.iso_timestamp(clock())
    listed = api.get("/actions", params={"status": "done"}).json["data"]["data"]
    assert [a["id"] for a in listed] == [action["id"]]


def test_actions_are_the_workspaces_own(api, other_api, db, brands):
    mixed(api, db, brands)
    action = refresh(api, db)["data"][0]
    other_api.get("/actions/%d" % action["id"], status=404)
    other_api.patch("/actions/%d" % action["id"], {"status": "done"}, status=404)
    assert other_api.get("/actions").json["data"]["total"] == 0


def test_actions_are_an_mcp_tool_whose_answers_are_data():
    app = tracker.make_app(tracker.Database(":memory:"))
    specs = {spec[0]: spec for spec in tracker.mcp_tool_specs(app)}
    _, _, schema, method, rule, _ = specs["list_actions"]
    assert (method, rule) == ("GET", "/api/v1/actions")
    assert set(schema["properties"]) == {"page", "perPage", "kind", "status", "brandId",
                                         "topicId", "engine"}
    assert "list_actions" in tracker.MCP_UNTRUSTED_TOOLS  # pages cited, robots.txt lines


def test_actions_export_as_csv_and_ndjson_with_the_lists_filters(api, db, brands):
    mixed(api, db, brands)
    listed = refresh(api, db)["data"]
    lines = api.get("/actions", format="ndjson", perPage="1").body.decode().splitlines()
    assert [json.loads(line) for line in lines] == listed  # every one, paging ignored
    reply = api.get("/actions", format="csv", kind="own-page-uncited")
    assert reply.headers["Content-Disposition"] == (
        'attachment; filename="actions_kind-own-page-uncited.csv"')
    (row,) = csv.DictReader(io.StringIO(reply.body.decode()))
    assert list(row) == [name for name, _ in tracker.export_columns("Action")]
    assert (row["kind"], row["impact.value"], row["evidence.figure.name"], row["brandIds"]) == (
        "own-page-uncited", "unknown", "answers naming the brand that cite its pages",
        str(brands["Acme"]))


def test_the_dashboard_opens_with_the_top_five_and_marks_one_done(api, db, brands):
    from test_dashboard import sign_in
    mixed(api, db, brands)
    refresh(api, db)
    client = api.client
    sign_in(client, api.key)
    overview = client.get("/")
    titles = [li.find("strong").text for li in overview.html.select("li.action")]
    assert titles == [a["title"] for a in api.get("/actions").json["data"]["data"]]
    assert overview.html.select("section.card")[0].h2.text == "What to do next"
    page = client.get("/actions")
    assert "rule" not in page.text and "page: https://review.example/x" in page.text
    form = page.forms[[f for f in page.forms if page.forms[f].action.startswith("/actions/")][1]]
    done = form.submit("status", value="done", status=303)
    assert done.headers["Location"] == "/actions"
    action_id = int(form.action.rsplit("/", 1)[1])
    assert api.get("/actions/%d" % action_id).json["data"]["status"] == "done"
    client.post("/actions/%d" % action_id, {"status": "closed", "csrf": form["csrf"].value},
                status=422)


def test_an_evidence_list_keeps_50_ids_and_counts_them_all():
    assert tracker.shown(set(range(50))) == {"count": 50, "ids": list(range(50))}
    assert tracker.shown(set(range(51))) == {"count": 51, "ids": list(range(50))}


def test_each_kind_keeps_its_100_strongest(api, db, brands):
    """101 pages each cited in the gap answers of 2 prompts: the 100 cited most are kept."""
    urls = ["https://review.example/%03d" % n for n in range(100)]
    for text in ("a", "b"):
        add_chat(db, api.workspace_id, prompt(api, text), "one", MOMENT,
                 [(brands["Globex"], 1, 0)], urls=urls)
    add_chat(db, api.workspace_id, prompt(api, "c"), "one", MOMENT, [(brands["Globex"], 1, 0)],
             urls=urls[:1] + ["https://review.example/extra"])
    add_chat(db, api.workspace_id, prompt(api, "d"), "one", MOMENT, [(brands["Globex"], 1, 0)],
             urls=["https://review.example/extra"])
    refresh(api, db)
    document = api.get("/actions", kind="cited-page-gap", perPage="100").json["data"]
    found = document["data"]
    assert document["total"] == len(found) == 100
    assert found[0]["evidence"]["url"] == urls[0]  # 3 answers: the strongest
    # the rest cited in 2 answers each, the ties taken by URL: /extra is the one left out
    assert "https://review.example/extra" not in {a["evidence"]["url"] for a in found}


def test_a_refresh_started_over_120_seconds_ago_is_taken_as_dead(api, db, clock):
    with db.write() as connection:  # what a process stopped mid-compute leaves behind
        connection.execute("INSERT INTO action_refreshes (workspace_id, started_at) VALUES (?, ?)",
                           (api.workspace_id, tracker.iso_timestamp(clock())))
    clock.advance(tracker.ACTION_REFRESH_STALE_SECONDS - 1)
    assert api.post("/actions/refresh", {}, status=409).json["code"] == "ACTIONS_REFRESH_IN_PROGRESS"
    clock.advance(1)
    api.post("/actions/refresh", {}, status=202)
    assert tracker.refresh_due_actions(db) is True


def test_a_weekly_digest_sends_each_weeks_new_and_remeasured_actions_once(db, clock, tmp_path):
    """To a real local receiver, from the first step on or after Monday 00:00 UTC; a week
    with nothing in it sends nothing, and a restart sends no week twice."""
    app = tracker.make_app(db, allow_private_webhooks=True, webhook_timeout=2)
    api, receiver = make_api(webtest.TestApp(app), db, rate_limit=100000), Receiver()
    try:
        webhook = api.post("/webhooks", {"url": receiver.url, "laterEvents": ["actions.digest"]}
                           ).json["data"]
        assert (webhook["events"], webhook["laterEvents"]) == ([], ["actions.digest"])
        brands = add_brands(api)
        mixed(api, db, brands)
        found = refresh(api, db)["data"]  # on Saturday 2026-11-21
        assert tracker.publish_due_digest(db) is True  # the week of 11-09: nothing in it
        assert tracker.publish_due_digest(db) is False
        clock.advance(2 * DAY - 9.5 * 3600 - 1)  # Sunday 23:59:59: the week is not over
        assert tracker.publish_due_digest(db) is False
        clock.advance(1)
        assert tracker.publish_due_digest(db) is True
        restarted = tracker.Database(str(tmp_path / "tracker.db"), clock)
        assert tracker.publish_due_digest(restarted) is False
        restarted.close()
        assert app.config["tracker.webhooks"].deliver_due() == 1
        ((headers, body),) = receiver.received
        event = json.loads(body)
        assert (headers["Tracker-Event"], event["type"]) == ("actions.digest", "actions.digest")
        digest = event["data"]
        assert (digest["from"], digest["to"]) == ("2026-11-16T00:00:00.000Z",
                                                  "2026-11-23T00:00:00.000Z")
        assert digest["new"]["count"] == 3 and digest["remeasured"] == {"count": 0, "actions": []}
        assert [a["id"] for a in digest["new"]["actions"]] == [a["id"] for a in found]
        assert digest["new"]["actions"][0] == {name: found[0][name] for name in (
            "id", "kind", "title", "status", "impact", "outcome")}
        # the 1.0 log lists 1.0's events only: the digest's delivery is neither shown nor sent again
        assert api.get("/webhooks/%d/deliveries" % webhook["id"]).json["data"]["total"] == 0
        with db.read() as connection:
            delivery = tracker.query_one(connection, "SELECT id FROM webhook_deliveries")["id"]
        api.post("/webhooks/%d/redeliver" % webhook["id"], {"deliveryId": delivery}, status=404)
        done = found[1]
        api.patch("/actions/%d" % done["id"], {"status": "done"})  # Monday 11-23
        clock.advance(8 * DAY)  # Tuesday 12-01, past its window: measured again
        refresh(api, db)
        assert tracker.publish_due_digest(db) is True  # the week of 11-23: none new, none measured
        clock.advance(6 * DAY)  # Monday 12-07
        assert tracker.publish_due_digest(db) is True
        assert app.config["tracker.webhooks"].deliver_due() == 1
        remeasured = receiver.events()[1]["data"]["remeasured"]
        assert remeasured["count"] == 1
        assert remeasured["actions"][0]["id"] == done["id"]
        assert remeasured["actions"][0]["outcome"]["measuredAt"] == "2026-12-01T00:00:00.000Z"
    finally:
        receiver.close()


def test_the_digest_is_one_of_the_workers_steps(app):
    steps = app.config["tracker.worker"].later_steps
    assert [getattr(step, "func", type(step)) for step in steps] == [
        tracker.refresh_due_actions, tracker.publish_due_digest, tracker.SearchIndexMerge]


def reference_gap_evidence(db, workspace_id, own, others):
    """The cited-page-gap, prompt-gap pages and own-page-uncited evidence, grouped in Python
    from every chat, brand row and citation of the window (1.1's first compute, the reference
    of the SQL sums): (pages, {prompt id: its 5 pages}, {own brand id: its evidence})."""
    with db.read() as connection:
        def rows(sql):
            return tracker.query_all(connection, sql, (workspace_id,))
        chats = {row["id"]: row for row in rows(
            "SELECT c.id, c.prompt_id, c.engine, p.topic_id FROM chats c JOIN prompts p ON "
            "p.id = c.prompt_id WHERE c.workspace_id = ?")}
        named = collections.defaultdict(set)
        for row in rows("SELECT chat_id, brand_id FROM chat_brands WHERE workspace_id = ? AND "
                        "position IS NOT NULL"):
            named[row["chat_id"]].add(row["brand_id"])
        cited = collections.defaultdict(list)
        for row in rows("SELECT chat_id, url, domain FROM chat_sources WHERE workspace_id = ? "
                        "AND cited"):
            cited[row["chat_id"]].append((row["url"], row["domain"]))
    gaps = [(chat, url, domain) for chat in chats if named[chat] & set(others)
            and not named[chat] & set(own) for url, domain in cited[chat]]
    pages, prompt_pages = {}, collections.defaultdict(collections.Counter)
    for chat, url, domain in gaps:
        prompt_pages[chats[chat]["prompt_id"]][url] += 1
        if domain not in set().union(*own.values(), *others.values()):
            page = pages.setdefault(url, {"domain": domain, "chats": set(), "prompts": set()})
            page["chats"].add(chat)
            page["prompts"].add(chats[chat]["prompt_id"])
    pages = {url: {"domain": page["domain"], "answers": len(page["chats"]),
                   "prompts": {"count": len(page["prompts"]), "ids": sorted(page["prompts"])},
                   "chats": {"count": len(page["chats"]), "ids": sorted(page["chats"])},
                   "competitors": sorted(collections.Counter(
                       brand for chat in page["chats"] for brand in named[chat] & set(others)
                   ).items(), key=lambda item: (-item[1], item[0]))}
             for url, page in pages.items() if len(page["prompts"]) >= 2}
    uncited = {}
    for brand, domains in own.items():
        citing = [chat for chat in chats if brand in named[chat] and cited[chat]]
        mine = [chat for chat in citing if any(d in domains for _, d in cited[chat])]
        rest = sorted(set(citing) - set(mine))
        topics = collections.Counter(chats[chat]["topic_id"] for chat in rest)
        candidates = collections.Counter((chats[chat]["topic_id"], url) for chat in chats
                                         for url, domain in cited[chat] if domain in domains)
        uncited[brand] = {
            "answers": len(rest), "chats": {"count": len(rest), "ids": rest},
            "prompts": tracker.shown({chats[chat]["prompt_id"] for chat in rest}),
            "domains": sorted({domain for chat in rest for _, domain in cited[chat]}),
            "byTopic": [{"topicId": topic, "answers": count, "candidatePages": [
                url for (_, url), _ in sorted(((key, n) for key, n in candidates.items()
                                               if key[0] == topic),
                                              key=lambda item: (-item[1], item[0][1]))[:5]]}
                        for topic, count in sorted(topics.items(),
                                                   key=lambda item: (-item[1], str(item[0])))],
            "figure": (len(mine), len(citing))}
    return pages, {prompt_id: [url for url, _ in sorted(counter.items(),
                                                         key=lambda item: (-item[1], item[0]))[:5]]
                   for prompt_id, counter in prompt_pages.items()}, uncited


def test_the_sql_sums_give_the_evidence_python_grouped_from_every_citation(api, db, brands):
    """A generated window (seeded: 9 prompts in 2 topics and none, 3 of them never naming
    Acme, 4 engines, brands named and pages cited at random): the cited-page-gap, prompt-gap
    and own-page-uncited actions summed in SQL hold the evidence grouped in Python from
    every row."""
    rng = random.Random(43)
    prompts = [prompt(api, "crm %d" % n, **({"topic": "T%d" % (n % 3)} if n % 3 else {}))
               for n in range(9)]
    pool = ["https://acme.com/p%d" % n for n in range(3)] + [
        "https://northwind.com/x", "https://globex.com/y"] + [
        "https://site%d.example/page%d" % (n % 4, n) for n in range(8)]
    for n in range(120):
        asked = rng.choice(prompts)
        chosen = [brand for brand in rng.sample(sorted(brands.values()), rng.randint(0, 3))
                  if asked not in prompts[:3] or brand != brands["Acme"]]  # 3 gap prompts
        add_chat(db, api.workspace_id, asked, rng.choice("abcd"),
                 tracker.iso_timestamp(START - rng.randint(1, 6 * DAY)),
                 [(brand, position, 0) for position, brand in enumerate(chosen, 1)],
                 urls=rng.sample(pool, rng.randint(0, 4)))
    document, actions = refresh(api, db), {}
    assert document["total"] == len(document["data"])
    for action in document["data"]:
        actions.setdefault(action["kind"], []).append(action)
    own = {brands["Acme"]: {"acme.com"}}
    others = {brands["Northwind"]: {"northwind.com"}, brands["Globex"]: {"globex.com"}}
    pages, prompt_pages, uncited = reference_gap_evidence(db, api.workspace_id, own, others)
    assert len(actions["cited-page-gap"]) == len(pages) > 3
    for action in actions["cited-page-gap"]:
        evidence = dict(action["evidence"])
        evidence["competitors"] = [(c["brandId"], c["answers"]) for c in evidence["competitors"]]
        assert {key: evidence[key] for key in pages[evidence["url"]]} == pages[evidence["url"]]
    assert [(-action["evidence"]["answers"], action["evidence"]["url"])
            for action in actions["cited-page-gap"]] == sorted(
        (-page["answers"], url) for url, page in pages.items())
    shown_pages = [(item["promptId"], item["pages"]) for action in actions["prompt-gap"]
                   for item in action["evidence"]["prompts"]]
    assert len(shown_pages) > 2 and all(pages == prompt_pages.get(prompt_id, [])
                                        for prompt_id, pages in shown_pages)
    (action,) = actions["own-page-uncited"]
    expected = uncited[brands["Acme"]]
    figure = action["evidence"]["figure"]
    assert {key: action["evidence"][key] for key in expected if key != "figure"} == {
        key: value for key, value in expected.items() if key != "figure"}
    assert (figure["k"], figure["n"]) == expected["figure"]
