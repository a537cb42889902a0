"""No AI answer shown as an outcome (issue 39): chats.shown, simulated:app, the answer
rate, the shown= filter and the API-vs-app divergence (packaging/docs/analytics.md)."""

import json

import pytest

import tracker

BRANDS = [{"id": n, "name": name, "tracked_names": [], "domains": [domain]}
          for n, (name, domain) in enumerate((("Acme", "acme.com"), ("Beta", "beta.io"),
                                              ("Gamma", "gamma.net")), 1)]


def app_engine():
    return tracker.parse_engine("app=simulated:app", {})


def test_simulated_app_shows_an_answer_on_60_percent_of_prompt_days_seeded():
    engine = app_engine()
    assert isinstance(engine, tracker.SimulatedAppEngine) and engine.model == "app"
    prompts = [{"text": "best crm %d" % n, "location": ("US", None)[n % 2]} for n in range(40)]
    days = [1_795_000_000 + 86400 * day for day in range(50)]
    shown = [engine.ask_sample(prompt, 1, now, BRANDS).shown for prompt in prompts for now in days]
    assert len(shown) == 2000 and 0.57 <= sum(shown) / len(shown) <= 0.63
    # the same prompt-day, the same outcome, whatever the sample or the hour
    again = [engine.ask_sample(prompt, 2, now + 3600, BRANDS).shown for prompt in prompts
             for now in days]
    assert again == shown


def test_simulated_app_diverges_from_simulated_on_some_prompts_the_same_way_every_day():
    api, engine = tracker.SimulatedEngine(), app_engine()
    same, different = set(), set()
    for n in range(60):
        prompt = {"text": "best crm %d" % n, "location": None}
        expected = api.ask(prompt["text"], None, BRANDS)
        for day in range(10):
            answer = engine.ask_sample(prompt, 1, 1_795_000_000 + 86400 * day, BRANDS)
            if not answer.shown:
                assert (answer.text, answer.citations) == ("", [])
                continue
            (same if (answer.text, answer.citations) == (expected.text, expected.citations)
             else different).add(n)
    assert same and different and not same & different  # a prompt diverges every day or never
    assert 0.15 <= len(different) / 60 <= 0.45


def engines():
    return [tracker.SimulatedEngine(), app_engine()]


@pytest.fixture
def worked(api, db, clock):
    """Two brands, ten prompts, five days of runs on simulated and simulated:app."""
    for name, domain, kind in (("Acme", "acme.com", "own"), ("Beta", "beta.io", "competitor")):
        api.post("/brands", {"name": name, "type": kind, "domains": [domain]})
    api.post("/prompts", {"prompts": [{"text": "best crm for a team of %d" % n}
                                      for n in range(10)]})
    worker = tracker.Worker(db, engines())
    for _ in range(5):
        worker.run_pending()
        clock.advance(86400)
    return worker


def test_a_chat_with_no_answer_shown_is_stored_done_with_no_text_sources_or_mentions(api, db,
                                                                                    worked):
    connection = db.connection()
    chats = tracker.query_all(connection, "SELECT * FROM chats ORDER BY id")
    unshown = [chat for chat in chats if not chat["shown"]]
    assert len(chats) == 100 and 0 < len(unshown) < 50
    assert {chat["engine"] for chat in unshown} == {"app"}
    assert {(chat["answer"], chat["citations"]) for chat in unshown} == {("", "[]")}
    ids = json.dumps([chat["id"] for chat in unshown])
    for table in ("chat_brands", "chat_sources", "chat_names"):
        assert tracker.query_one(connection, "SELECT count(*) AS n FROM %s WHERE chat_id IN "
                                 "(SELECT value FROM json_each(?))" % table, (ids,))["n"] == 0
    # an outcome, not a failure: every run done at its first attempt, nothing retried
    assert tracker.query_all(connection, "SELECT DISTINCT state, attempts, last_error FROM runs") \
        == [{"state": "done", "attempts": 1, "last_error": None}]
    listed = api.get("/analytics/chats", params={"engine": "app", "perPage": "100"}
                     ).json["data"]["data"]
    assert sorted(chat["id"] for chat in listed if not chat["shown"]) == \
        [chat["id"] for chat in unshown]
    one = next(chat for chat in listed if not chat["shown"])
    assert (one["answer"], one["sources"], one["mentions"]) == ("", [], [])
    assert all(chat["shown"] for chat in api.get("/analytics/chats", params={
        "engine": "simulated", "perPage": "100"}).json["data"]["data"])


def rankings(api, **params):
    return api.get("/analytics/rankings", params=params).json["data"]


def test_answer_rate_counts_every_chat_and_shown_filters_every_figure(api, db, worked):
    connection = db.connection()
    count = {row["engine"]: (row["shown"], row["chats"]) for row in tracker.query_all(
        connection, "SELECT engine, sum(shown) AS shown, count(*) AS chats FROM chats GROUP BY 1")}
    shown, chats = count["app"]
    app = rankings(api, engine="app")
    assert (app["chats"], app["answerRate"]["numerator"], app["answerRate"]["denominator"]) == \
        (chats, shown, chats) == (50, shown, 50)
    assert app["answerRate"]["value"] == shown / 50
    assert app["answerRate"]["lower"] < shown / 50 < app["answerRate"]["upper"]
    assert rankings(api, engine="simulated")["answerRate"]["value"] == 1.0
    both = rankings(api)["answerRate"]
    assert (both["numerator"], both["denominator"]) == (50 + shown, 100)
    # visibility among all the app's chats, and among its shown answers only
    acme = {row["name"]: row for row in app["brands"]}["Acme"]["visibility"]
    among_shown = rankings(api, engine="app", shown="true")
    assert among_shown["chats"] == shown
    assert {row["name"]: row for row in among_shown["brands"]}["Acme"]["visibility"][
        "numerator"] == acme["numerator"]
    assert {row["name"]: row for row in among_shown["brands"]}["Acme"]["visibility"][
        "denominator"] == shown
    none_shown = rankings(api, engine="app", shown="false")
    assert none_shown["chats"] == 50 - shown and none_shown["answerRate"]["value"] == 0.0
    assert all(row["visibility"]["numerator"] == 0 for row in none_shown["brands"])
    # per day: every day of the window, each day's share
    daily = rankings(api, engine="app", interval="day")["answerRate"]["series"]
    per_day = {row["day"]: row["shown"] for row in tracker.query_all(
        connection, "SELECT substr(created_at, 1, 10) AS day, sum(shown) AS shown FROM chats "
        "WHERE engine = 'app' GROUP BY 1")}
    assert {row["start"]: row["numerator"] for row in daily if row["denominator"]} == per_day
    assert all(row["denominator"] == 10 for row in daily if row["denominator"])


def rounded(document):
    """document with its floats to 9 places: sums of sentiment scores added in another order
    differ in the last bits."""
    return json.loads(json.dumps(document), parse_float=lambda text: round(float(text), 9))


@pytest.mark.parametrize("path", ["/analytics/rankings", "/analytics/chats", "/analytics/sources",
                                  "/analytics/queries", "/analytics/discovered-brands",
                                  "/analytics/gaps/prompts", "/analytics/gaps/domains",
                                  "/analytics/stability"])
def test_shown_filters_every_analytics_endpoint_as_the_per_chat_rows_do(api, db, worked, path):
    from test_operations import rolled_up_and_per_chat
    for shown in ("true", "false"):
        rolled_up, per_chat = rolled_up_and_per_chat(api, [path], {"shown": shown})
        assert rounded(rolled_up) == rounded(per_chat)
    assert api.get(path, params={"shown": "maybe"}, status=422).json["errors"] == [
        {"field": "shown", "message": "must be one of: true, false"}]


@pytest.fixture
def paired(api, db):
    """Divergence worked out by hand (packaging/docs/analytics.md, "API vs app"):

        day 19  P1  api: Acme        cites acme.com, g2.com   app: Acme, Beta  cites g2.com
                P2  api: Beta        cites beta.io            app: (none)      cites nothing
        day 20  P1  api: Acme        cites acme.com           app: Acme        cites acme.com
                P2  api: Beta        cites nothing            app: Beta, Acme  cites nothing
                P3  api: Acme        (no app chat: not a prompt-day of both)

    citationOverlap (1/2 + 0 + 1 + 1) / 4. Acme: a 2/4, b 3/4; Beta: a 2/4, b 2/4."""
    from test_analytics import add_chat
    acme = api.post("/brands", {"name": "Acme", "type": "own", "domains": ["acme.com"]}).json["data"]["id"]
    beta = api.post("/brands", {"name": "Beta", "domains": ["beta.io"]}).json["data"]["id"]
    p1, p2, p3 = api.post("/prompts", {"prompts": [{"text": "P1"}, {"text": "P2"}, {"text": "P3"}]}
                          ).json["data"]["prompts"]
    day19, day20 = "2026-11-19T10:00:00.000Z", "2026-11-20T10:00:00.000Z"
    chats = {}
    for name, prompt, engine, at, brands, urls in (
            ("P1 19 api", p1, "api", day19, [(acme, 1, 1)], ["https://acme.com/x", "https://g2.com/a"]),
            ("P1 19 app", p1, "app", day19, [(acme, 1, 0), (beta, 2, 0)], ["https://g2.com/b"]),
            ("P2 19 api", p2, "api", day19, [(beta, 1, 1)], ["https://beta.io/"]),
            ("P2 19 app", p2, "app", day19, [], []),
            ("P1 20 api", p1, "api", day20, [(acme, 1, 1)], ["https://acme.com/y"]),
            ("P1 20 app", p1, "app", day20, [(acme, 1, 1)], ["https://acme.com/z"]),
            ("P2 20 api", p2, "api", day20, [(beta, 1, 0)], []),
            ("P2 20 app", p2, "app", day20, [(beta, 1, 0), (acme, 2, 0)], []),
            ("P3 20 api", p3, "api", day20, [(acme, 1, 0)], [])):
        chats[name] = add_chat(db, api.workspace_id, prompt, engine, at, brands, urls)
    return {"acme": acme, "beta": beta, "p1": p1["id"], "p2": p2["id"], "chats": chats}


def visibility(named, chats):
    return tracker.figure_of(named, chats, tracker.Interval(2).share(named, chats))


def test_divergence_on_a_workspace_worked_out_by_hand(api, paired):
    chats = paired["chats"]
    body = api.get("/analytics/divergence", params={
        "a": "api", "b": "app", "from": "2026-11-19", "to": "2026-11-21"}).json["data"]
    assert body == {
        "from": "2026-11-19T00:00:00.000Z", "to": "2026-11-21T00:00:00.000Z", "a": "api",
        "b": "app", "promptDays": 4, "prompts": 2, "citationOverlap": 0.625,
        "answerRate": {"a": visibility(4, 4), "b": visibility(4, 4)}, "brands": [
            {"brandId": paired["acme"], "name": "Acme", "a": visibility(2, 4), "b": visibility(3, 4),
             "difference": {"value": 0.25, "lower": -1.0, "upper": 1.0, "interval": None},
             "disagreementCount": 1, "disagreements": [
                 {"promptId": paired["p2"], "namedOn": "b", "days": 1,
                  "chatIds": {"a": [chats["P2 20 api"]], "b": [chats["P2 20 app"]]}}]},
            {"brandId": paired["beta"], "name": "Beta", "a": visibility(2, 4), "b": visibility(2, 4),
             "difference": {"value": 0.0, "lower": -1.0, "upper": 1.0, "interval": None},
             "disagreementCount": 2, "disagreements": [
                 {"promptId": paired["p1"], "namedOn": "b", "days": 1,
                  "chatIds": {"a": [chats["P1 19 api"]], "b": [chats["P1 19 app"]]}},
                 {"promptId": paired["p2"], "namedOn": "a", "days": 1,
                  "chatIds": {"a": [chats["P2 19 api"]], "b": [chats["P2 19 app"]]}}]}]}
    # one prompt only: no interval for the difference
    one = api.get("/analytics/divergence", params={
        "a": "api", "b": "app", "from": "2026-11-19", "to": "2026-11-21",
        "promptId": str(paired["p1"]), "disagreements": "0"}).json["data"]
    assert (one["promptDays"], one["citationOverlap"]) == (2, 0.75)
    assert one["brands"][0]["difference"] == {"value": 0.0, "lower": None, "upper": None,
                                              "interval": "fewer than 2 prompts"}
    assert [row["disagreements"] for row in one["brands"]] == [[], []]
    assert [row["disagreementCount"] for row in one["brands"]] == [0, 1]


def test_divergence_refuses_a_missing_unknown_or_identical_label_and_bounds_its_lists(api, paired):
    def errors(**params):
        return api.get("/analytics/divergence", params=params, status=422).json["errors"]
    assert errors() == [{"field": "a", "message": "is required: an engine's label"},
                        {"field": "b", "message": "is required: an engine's label"}]
    assert errors(a="api", b="nope") == [{"field": "b", "message": "is not an engine of this "
                                          "server or of the workspace's chats: one of api, app, "
                                          "simulated"}]
    assert errors(a="app", b="app") == [{"field": "b", "message": "must be another engine than a"}]
    assert errors(a="api", b="app", disagreements="101") == [
        {"field": "disagreements", "message": "must be an integer from 0 to 100"}]
    assert api.get("/analytics/divergence", params={"a": "api", "b": "app",
                                                    "disagreements": "100"}).status_int == 200
    csv = api.get("/analytics/divergence", params={"a": "api", "b": "app", "format": "csv",
                                                   "from": "2026-11-19", "to": "2026-11-21"})
    assert csv.text.splitlines()[0].startswith("brandId,name,a.value,")
    assert len(csv.text.splitlines()) == 3
    header = csv.text.splitlines()[0].split(",")  # each row carries both engines' answer rates
    assert [csv.text.splitlines()[1].split(",")[header.index(name)]
            for name in ("answerRate.a.value", "answerRate.b.denominator")] == ["1.0", "4"]


def test_divergence_of_simulated_and_simulated_app(api, worked):
    body = api.get("/analytics/divergence", params={"a": "simulated", "b": "app"}).json["data"]
    # the app shows an answer on some prompt-days only, but every prompt-day has both chats
    assert (body["promptDays"], body["prompts"]) == (50, 10)
    assert 0 < body["citationOverlap"] < 1
    assert any(row["disagreements"] for row in body["brands"])
    for row in body["brands"]:
        assert row["b"]["value"] <= row["a"]["value"] + 0.5
        assert row["difference"]["value"] == pytest.approx(row["b"]["value"] - row["a"]["value"])


def test_the_dashboard_compares_two_engines_and_says_the_answer_rate(api, db, worked, client):
    from test_dashboard import sign_in
    sign_in(client, api.key)
    page = client.get("/divergence?a=simulated&b=app")
    assert page.html.find("h1").text == "API vs app"
    assert [option.text for option in page.html.find(id="d-a").find_all("option")] == [
        "app", "simulated"]
    assert page.html.find(id="d-b").find("option", selected=True).text == "app"
    rows = page.html.select("table.ranks tbody tr")
    assert [row.find("th").text for row in rows] == ["Acme", "Beta"]
    body = api.get("/analytics/divergence", params={"a": "simulated", "b": "app"}).json["data"]
    assert "50 prompt-days asked on both simulated and app (10 prompts)" in page.text
    assert rows[0].find_all("td")[0].text.startswith(tracker.percent(body["brands"][0]["a"]["value"]))
    exported = client.get(page.html.find("a", string="CSV")["href"])
    assert exported.text.splitlines()[0].startswith("brandId,name,a.value,")
    assert len(exported.text.splitlines()) == 3
    overview = client.get("/?engine=app")
    shown = api.get("/analytics/rankings", params={"engine": "app"}).json["data"]["answerRate"]
    assert "An AI answer was shown in %s" % tracker.percent(shown["value"]) in overview.text
    assert client.get("/?shown=false&engine=app").html.find(id="f-shown").find(
        "option", selected=True).text == "None shown only"


def test_the_rollups_follow_a_chat_read_again_as_shown_or_not(api, db, worked):
    """tracker reextract may find that a surface showed an answer after all (the trigger
    chats_shown_update): the chat-count rollups keep up, and deleting chats too."""
    def rollups_and_chats():
        connection = db.connection()
        return [tracker.query_all(connection, sql) for sql in (
            "SELECT sum(shown) AS shown, sum(chats) AS chats FROM daily_chats",
            "SELECT sum(shown) AS shown, sum(chats) AS chats FROM prompt_weekly_chats",
            "SELECT sum(shown) AS shown, count(*) AS chats FROM chats")]
    with db.write() as connection:
        connection.execute("UPDATE chats SET shown = 1 - shown WHERE id % 3 = 0 AND engine = 'app' "
                           "AND NOT shown")
    first, second, truth = rollups_and_chats()
    assert first == second == truth
    with db.write() as connection:
        connection.execute("DELETE FROM chats WHERE id % 4 = 0")
    first, second, truth = rollups_and_chats()
    assert first == second == truth and truth[0]["chats"] == 75


def test_the_answer_rate_per_prompt_in_stability_exports_and_the_prompt_list(api, db, worked,
                                                                             client):
    """Per prompt: each stability group's answerRate is its chats shown over its chats, the
    interval counting a run's samples as one; the rankings' CSV rows carry the scope's; the
    dashboard's prompt list has an answer-rate column, sortable."""
    counts = {row["prompt_id"]: (row["shown"], row["chats"]) for row in tracker.query_all(
        db.connection(), "SELECT prompt_id, sum(shown) AS shown, count(*) AS chats FROM chats "
        "WHERE engine = 'app' GROUP BY 1")}
    groups = api.get("/analytics/stability", params={"engine": "app", "perPage": "100"}
                     ).json["data"]["data"]
    assert {group["group"]["id"]: (group["answerRate"]["numerator"],
                                   group["answerRate"]["denominator"]) for group in groups} == counts
    some = next(group["answerRate"] for group in groups if 0 < group["answerRate"]["numerator"] < 5)
    lower, upper = tracker.wilson_interval(some["numerator"], 5)  # five runs of one sample each
    assert (some["value"], some["lower"], some["upper"], some["interval"]) == (
        some["numerator"] / 5, lower, upper, None)
    csv = api.get("/analytics/rankings", params={"engine": "app", "format": "csv"}).text.splitlines()
    header = csv[0].split(",")
    rate = rankings(api, engine="app")["answerRate"]
    column = header.index("answerRate.value")
    assert header[column:column + 6] == ["answerRate.value", "answerRate.numerator",
                                         "answerRate.denominator", "answerRate.lower",
                                         "answerRate.upper", "answerRate.interval"]
    assert {row.split(",")[column + 1] for row in csv[1:]} == {str(rate["numerator"])}
    from test_dashboard import sign_in
    sign_in(client, api.key)
    page = client.get("/prompts?sort=-answerRate")
    headings = [th.text.strip(" ▲▼") for th in page.html.select("table.prompts thead th")]
    column = headings.index("Answer rate")
    rows = page.html.select("table.prompts tbody tr")
    shares = {row.find("th").text: row.find_all(["th", "td"])[column].text for row in rows}
    texts = {p["id"]: p["text"] for p in api.get("/prompts", params={"perPage": "100"}
                                                 ).json["data"]["data"]}
    both = {texts[prompt]: (shown + 5) / (chats + 5) for prompt, (shown, chats) in counts.items()}
    assert shares == {text: tracker.percent(value) for text, value in both.items()}
    listed = [both[row.find("th").text] for row in rows]
    assert listed == sorted(listed, reverse=True) and len(listed) == 10
