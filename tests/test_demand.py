"""Demand behind each prompt (issue 44): the worker's monthly fetch from a loopback stand-in
of DataForSEO's two search volume endpoints, speaking their documented shapes (batching,
status codes, no second charge for a month already fetched, the budget at its edge), the
prompt's `demand` in the API, and share of demand (weight=demand) worked out by hand."""

import json
import math
import threading

import bottle
import pytest
from cheroot import wsgi

import tracker
from surfaces import dataforseo_reply

AI_PATH = "/v3/ai_optimization/ai_keyword_data/keywords_search_volume/live"
ADS_PATH = "/v3/keywords_data/google_ads/search_volume/live"


class FakeDataForSEO:
    """DataForSEO's two live endpoints on loopback. Each request's task holds `keywords`,
    location_code and language_code; the reply holds the known keywords' volumes
    (``ai`` and ``ads``: {keyword: volume}) in each endpoint's documented result shape, and
    charges ``cost`` per request. ``errors`` holds (HTTP status, reply) answered first."""

    def __init__(self, ai=None, ads=None, cost=0.5):
        self.ai, self.ads, self.cost = ai or {}, ads or {}, cost
        self.calls, self.errors = [], []
        app = bottle.Bottle()
        app.route("/v3/<path:path>", "POST", self.answer)
        self.server = wsgi.Server(("127.0.0.1", 0), app, numthreads=2)
        self.server.prepare()
        self.url = "http://127.0.0.1:%d/v3" % self.server.bind_addr[1]
        threading.Thread(target=self.server.serve, daemon=True).start()

    def answer(self, path):
        request = bottle.request
        task, = json.loads(request.body.read())
        self.calls.append(("/v3/" + path, task, request.headers.get("Authorization")))
        if self.errors:
            status, body = self.errors.pop(0)
            return bottle.HTTPResponse(json.dumps(body), status, content_type="application/json")
        monthly = lambda name, volume: [{"year": 2026, "month": 10, name: volume},
                                        {"year": 2026, "month": 9, name: volume}]
        if "/" + path == AI_PATH[3:]:
            items = [{"keyword": k.lower(), "ai_search_volume": self.ai[k],
                      "ai_monthly_searches": monthly("ai_search_volume", self.ai[k])}
                     for k in task["keywords"] if k in self.ai]
            result = {"location_code": task["location_code"], "language_code": "en",
                      "items_count": len(items), "items": items}
            body = dataforseo_reply(result, cost=self.cost)
        else:
            body = dataforseo_reply(None, cost=self.cost)
            body["tasks"][0]["result"] = [
                {"keyword": k.lower(), "spell": None, "location_code": task["location_code"],
                 "language_code": "en", "search_partners": False, "competition": "LOW",
                 "competition_index": 10, "search_volume": self.ads.get(k), "cpc": 1.2,
                 "monthly_searches": monthly("search_volume", self.ads.get(k))}
                for k in task["keywords"]]  # a keyword without data: search_volume null
        return bottle.HTTPResponse(json.dumps(body), 200, content_type="application/json")

    def stop(self):
        self.server.stop()


@pytest.fixture
def dataforseo():
    fake = FakeDataForSEO()
    yield fake
    fake.stop()


def demand_app(db, fake, budget=10.0):
    client = tracker.configure_demand("dataforseo@" + fake.url, budget,
                                      {"DATAFORSEO_LOGIN": "login", "DATAFORSEO_PASSWORD": "pw"})
    client.retries = 0
    return tracker.make_app(db, runs="off", demand=client)


def demand_step(app):
    return next(step for step in app.config["tracker.worker"].later_steps
                if isinstance(step, tracker.DemandStep))


def run_step(app):
    """The demand step until it has nothing to do; the steps it took."""
    step, taken = demand_step(app), 0
    while step():
        taken += 1
    return taken


LONG = "which crm should a five person startup pick for sales and support this year"  # 14 words


def make_api(db, app, name="Acme"):
    import webtest
    from conftest import Api
    workspace = tracker.create_workspace(db, name)
    key = tracker.create_key(db, workspace["id"], rate_limit=100000)
    return Api(webtest.TestApp(app), key["key"], workspace["id"])


def add_prompts(api, *items):
    return [api.post("/prompts", item if isinstance(item, dict) else {"text": item}
                     ).json["data"]["prompts"][0]["id"] for item in items]


def demands(api):
    return {(p["text"], p["location"]): p["demand"]
            for p in api.get("/prompts", perPage="100").json["data"]["data"]}


def test_monthly_fetch_batches_reads_both_sources_and_never_charges_twice(db, clock, dataforseo,
                                                                          monkeypatch):
    monkeypatch.setattr(tracker, "DEMAND_BATCH", 2)
    dataforseo.ai = {"best crm": 900, LONG: 40}
    dataforseo.ads = {"best crm": 1000, "crm for startups": 300}
    app = demand_app(db, dataforseo)
    api = make_api(db, app)
    add_prompts(api, "best crm", "crm for startups", LONG, "obscure thing",
                {"text": "best crm", "location": "Paris, France"})
    assert all(value is None for value in demands(api).values())  # nothing fetched yet
    assert run_step(app) == 6
    calls = [(path, task["keywords"], task["location_code"], task["language_code"])
             for path, task, _ in dataforseo.calls]
    # batches of at most 2 keywords per location; LONG is over Google Ads' 10 words
    assert calls == [
        (AI_PATH, ["best crm", "crm for startups"], 2840, "en"),
        (AI_PATH, ["obscure thing", LONG], 2840, "en"),
        (AI_PATH, ["best crm"], 2250, "en"),
        (ADS_PATH, ["best crm", "crm for startups"], 2840, "en"),
        (ADS_PATH, ["obscure thing"], 2840, "en"),
        (ADS_PATH, ["best crm"], 2250, "en")]
    assert {auth for _, _, auth in dataforseo.calls} == {"Basic bG9naW46cHc="}  # login:pw
    assert demands(api) == {
        ("best crm", None): {"volume": 900, "source": "ai", "month": "2026-10"},
        ("crm for startups", None): {"volume": 300, "source": "google-ads", "month": "2026-10"},
        (LONG, None): {"volume": 40, "source": "ai", "month": "2026-10"},
        ("obscure thing", None): None,
        ("best crm", "Paris, France"): {"volume": 900, "source": "ai", "month": "2026-10"}}
    exported = api.client.get("/api/v1/prompts", {"format": "csv"}, headers=api._headers({})).text
    assert exported.splitlines()[0].endswith(",demand.volume,demand.source,demand.month")
    assert ",900,ai,2026-10" in exported
    spend = db.connection().execute("SELECT month, source, spent, calls FROM demand_spend "
                                    "ORDER BY source").fetchall()
    assert [tuple(row.values()) for row in spend] == [("2026-11", "ai", 1.5, 3),
                                                      ("2026-11", "google-ads", 1.5, 3)]
    # the same month: nothing asked again, not even the keyword that had no data
    demand_step(app).idle_until = -math.inf
    assert run_step(app) == 0 and len(dataforseo.calls) == 6
    # the next month: asked again
    clock.advance(10 * 86400)
    assert run_step(app) == 6 and len(dataforseo.calls) == 12


def test_the_budget_lets_the_largest_spend_within_it_and_refuses_one_more_call(
        db, clock, dataforseo, monkeypatch, caplog):
    monkeypatch.setattr(tracker, "DEMAND_BATCH", 1)
    app = demand_app(db, dataforseo, budget=1.0)  # 0.5 a request: two fit exactly
    api = make_api(db, app)
    add_prompts(api, "one", "two", "three")
    assert run_step(app) == 2 and len(dataforseo.calls) == 2
    assert "demand: the budget of $1.00 for 2026-11 is spent ($1.0000)" in caplog.text
    # a restart does not reset it: a new application over the same file asks nothing more
    restarted = demand_app(db, dataforseo, budget=1.0)
    assert run_step(restarted) == 0 and len(dataforseo.calls) == 2
    clock.advance(10 * 86400)  # next month, a budget one cent short of two requests
    demand_step(restarted).client.budget = 0.99
    assert run_step(restarted) == 1 and len(dataforseo.calls) == 3


@pytest.mark.parametrize("status, body, error", [
    (200, dataforseo_reply(None, status_code=40100, message="You are not authorized."),
     "DataForSEO reply status 40100: You are not authorized."),
    (200, dataforseo_reply(None, task_status=40200, task_message="Payment Required."),
     "DataForSEO task status 40200: Payment Required."),
    (200, dataforseo_reply(None, status_code=50000, message="Internal Error."),
     "DataForSEO reply status 50000: Internal Error. (after 1 attempts)"),
    (502, "<html>bad gateway</html>", "HTTP 502 from"),
])
def test_an_error_is_an_engines_failure_logged_and_shown(db, dataforseo, caplog, status, body,
                                                         error):
    dataforseo.errors.append((status, body))
    app = demand_app(db, dataforseo)
    api = make_api(db, app)
    add_prompts(api, "best crm")
    assert run_step(app) == 1  # then it waits an hour
    assert "demand: DataForSEO's ai volumes for workspace %d failed: %s" % (
        api.workspace_id, error) in caplog.text
    shown = api.get("/demand").json["data"]
    assert (shown["lastOutcome"], shown["lastError"][:len(error)]) == ("failed", error)
    assert demands(api) == {("best crm", None): None}
    assert db.connection().execute("SELECT count(*) AS n FROM demand_spend").fetchall() == [{"n": 0}]


def test_share_of_demand_by_hand(db, clock):
    """The manual's worked example (/docs/demand): prompts a and b of 1,000 searches a month
    (Acme in 1 of 2 chats each), c of 500 (2 of 2), e of 500 (1 of 2), and d without a
    demand (3 of 3: left out). R = (1000 * .5 + 1000 * .5 + 500 * 1 + 500 * .5) / 3000 = 0.5833;
    var = 4/3 * (1000^2 * .0833^2 * 2 + 500^2 * .4167^2 + 500^2 * .0833^2) / 3000^2 = 0.008745;
    R +- t(3) * 0.09351, t(3) = 3.1786: [0.2861, 0.8806]."""
    from conftest import Api
    import webtest
    from test_analytics import add_chat
    app = tracker.make_app(db, runs="off")
    workspace = tracker.create_workspace(db, "Acme")
    api = Api(webtest.TestApp(app), tracker.create_key(db, workspace["id"], rate_limit=100000)["key"],
              workspace["id"])
    acme = api.post("/brands", {"name": "Acme", "type": "own"}).json["data"]["id"]
    prompts = {text: api.post("/prompts", {"text": text}).json["data"]["prompts"][0]
               for text in "abcde"}
    with db.write() as connection:
        tracker.store_demand(connection, workspace["id"], "", "ai", "2026-11",
                             {"a": (1000, "2026-10"), "b": (1000, "2026-10"),
                              "c": (500, "2026-10"), "e": (500, "2026-10")},
                             list("abce"), set("abce"), 0.0, clock())
    at = tracker.iso_timestamp(clock() - 3600)
    for text, named, chats in (("a", 1, 2), ("b", 1, 2), ("c", 2, 2), ("e", 1, 2), ("d", 3, 3)):
        for n in range(chats):
            add_chat(db, workspace["id"], prompts[text], "e%d" % n, at,
                     brands=[(acme, 1, 0)] if n < named else ())
    document = api.get("/analytics/rankings", weight="demand", interval="day").json["data"]
    assert document["demand"] == {"prompts": 4, "promptsWithoutDemand": 1, "chatsWithoutDemand": 3}
    brand, = document["brands"]
    share = brand["shareOfDemand"]
    assert (share["numerator"], share["denominator"], share["interval"]) == (1750.0, 3000, None)
    assert (round(share["value"], 4), round(share["lower"], 4), round(share["upper"], 4)) == (
        0.5833, 0.2861, 0.8806)
    assert brand["visibility"]["value"] == 8 / 11  # beside it, plain visibility counts d too
    day = next(point for point in brand["series"] if point["start"] == at[:10])
    assert day["shareOfDemand"] == share
    assert "shareOfDemand" not in api.get("/analytics/rankings").json["data"]["brands"][0]
    header = api.get("/analytics/rankings", weight="demand", format="csv").text.splitlines()[0]
    assert header.endswith(",shareOfDemand.value,shareOfDemand.numerator,shareOfDemand.denominator,"
                           "shareOfDemand.lower,shareOfDemand.upper,shareOfDemand.interval")
    # the dashboard: share of demand beside visibility, and each prompt's demand
    from test_dashboard import sign_in
    sign_in(api.client, api.key)
    ranks = api.client.get("/").html.find("table", class_="ranks")
    assert [th.text for th in ranks.find_all("th", scope="col")][2:5] == [
        "Visibility", "Change", "Share of demand"]
    assert ranks.find("tbody").find_all("td")[3].text.startswith("58")
    listed = {row.th.text: row.find_all("td")[9].text
              for row in api.client.get("/prompts").html.find("table", class_="prompts").tbody("tr")}
    assert listed == {"a": "1,000 AI", "b": "1,000 AI", "c": "500 AI", "e": "500 AI", "d": ""}


def test_the_demand_options_are_checked_before_the_start():
    keys = {"DATAFORSEO_LOGIN": "login", "DATAFORSEO_PASSWORD": "pw"}
    assert tracker.configure_demand(None) is None
    assert tracker.configure_demand("dataforseo", 0.0, keys).base_url == "https://api.dataforseo.com/v3"
    for spec, budget, environ, message in (
            ("dataforseo", 10.0, {"DATAFORSEO_LOGIN": "login"},
             "--demand dataforseo needs DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD"),
            ("serpapi", 10.0, keys, "--demand 'serpapi': the source is dataforseo[@BASE_URL]"),
            ("dataforseo", -0.01, keys, "--demand-budget must be 0 or more US dollars, not -0.01"),
            ("dataforseo", math.inf, keys, "--demand-budget must be 0 or more US dollars, not inf")):
        with pytest.raises(tracker.ProvisioningError) as refused:
            tracker.configure_demand(spec, budget, environ)
        assert str(refused.value) == message


def test_a_prompts_keyword_is_asked_in_its_texts_place_within_google_ads_rules(db, dataforseo):
    """A prompt too long for Google Ads is weighed by its keyword (80 characters, 10 words
    at most); a keyword cleared asks its text again."""
    dataforseo.ai, dataforseo.ads = {"crm for startups": 700}, {"crm for startups": 500}
    app = demand_app(db, dataforseo)
    api = make_api(db, app)
    prompt_id, = add_prompts(api, {"text": LONG, "keyword": "crm for startups"})
    path = "/prompts/%d" % prompt_id
    assert api.get(path).json["data"]["keyword"] == "crm for startups"
    for keyword in ("k" * 80, " ".join(["word"] * 10)):
        assert api.patch(path, {"keyword": keyword}).json["data"]["keyword"] == keyword
    assert api.patch(path, {"keyword": "k" * 81}, 422).json["errors"] == [
        {"field": "keyword", "message": "must be at most 80 characters"}]
    assert api.patch(path, {"keyword": " ".join(["word"] * 11)}, 422).json["errors"] == [
        {"field": "keyword", "message": "must be at most 10 words (Google Ads' rule)"}]
    assert api.post("/prompts", {"text": "x", "keyword": " ".join(["word"] * 11)},
                    422).json["errors"][0]["field"] == "keyword"
    api.patch(path, {"keyword": "crm for startups"})
    assert run_step(app) == 2
    assert [task["keywords"] for _, task, _ in dataforseo.calls] == [["crm for startups"]] * 2
    assert api.get(path).json["data"]["demand"] == {"volume": 700, "source": "ai",
                                                    "month": "2026-10"}
    assert api.patch(path, {"keyword": ""}).json["data"]["keyword"] is None
    assert api.get(path).json["data"]["demand"] is None  # its text's month is not fetched yet
