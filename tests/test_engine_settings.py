"""The server's engines as a workspace sees them (GET /engines), a workspace's switch for
each (PATCH /engines/{label}), the daily call limit that holds runs queued until the next
UTC day, and what a chat costs (issue 16)."""

import json

import pytest
import webtest

import tracker
from conftest import START, make_api

NEXT_DAY = 1795305600.0  # 2026-11-22T00:00:00Z, the UTC day after START's


class CountingEngine(tracker.Engine):
    """An engine that answers at once, counting its calls, with the usage it is given."""
    kind = "simulated"

    def __init__(self, name, daily_limit=None, price=None, usage=None, cost=None):
        self.name, self.model = name, name + "-1"
        self.daily_limit, self.price = daily_limit, price
        self.usage = usage or {"inputTokens": 1000, "outputTokens": 500, "searches": 2}
        self.cost = cost
        self.calls = 0

    def ask(self, text, location=None, brands=(), deadline=None):
        self.calls += 1
        return tracker.Answer("An answer to " + text, usage=dict(self.usage), cost=self.cost,
                              searches=["q"], retrieval="searched")


def served(db, engines):
    """(app, api) of an app whose worker asks engines, with a workspace key."""
    app = tracker.make_app(db, engines=engines)
    return app, make_api(webtest.TestApp(app), db, rate_limit=100000)


def run_states(db):
    return tracker.query_all(db.connection(), "SELECT prompt_id, state, attempts, not_before, "
                                              "last_error FROM runs ORDER BY id")


# GET /engines ---------------------------------------------------------------------------

def test_the_default_engine_is_listed_free_and_enabled(api):
    assert api.get("/engines").json["data"] == [{
        "label": "simulated", "kind": "simulated", "model": "simulated-1", "webSearch": True,
        "enabled": True, "chatsToday": 0, "dailyLimit": None, "dailyLimitReached": False,
        "price": {"inputPerMillionTokens": 0.0, "outputPerMillionTokens": 0.0, "perSearch": 0.0,
                  "perAnswer": 0.0, "cachedInputPerMillionTokens": 0.0,
                  "cacheWritePerMillionTokens": 0.0, "perCall": 0.0},
        "lastCallAt": None, "lastOutcome": None, "lastError": None, "lastErrorAt": None,
        "failuresToday": 0, "failing": False, "expectedDailyCalls": 0, "expectedDailyCost": 0.0}]


def test_configured_engines_show_kind_model_search_price_and_limit():
    engines = tracker.configure_engines(
        ["chatgpt=openai-responses:gpt-4.1-mini-2025-04-14", "router=openai:perplexity/sonar:online",
         "local=openai:llama3.1@http://127.0.0.1:1/v1", "sim=simulated"], {},
        daily_limits=["50", "chatgpt=10"])
    listed = [tracker.engine_json(engine, True, 0, 0, None, 0.0, (0, 0.0)) for engine in engines]
    assert [(e["label"], e["kind"], e["model"], e["webSearch"], e["dailyLimit"]) for e in listed] == [
        ("chatgpt", "openai-responses", "gpt-4.1-mini-2025-04-14", True, 10),
        ("router", "openai", "perplexity/sonar:online", True, 50),
        ("local", "openai", "llama3.1", False, 50),
        ("sim", "simulated", "simulated-1", True, 50)]
    # the longest listed name the model begins with: gpt-4.1-mini, not gpt-4.1
    assert listed[0]["price"] == {"inputPerMillionTokens": 0.4, "outputPerMillionTokens": 1.6,
                                  "perSearch": 0.01, "perAnswer": 0.0,
                                  "cachedInputPerMillionTokens": 0.1,
                                  "cacheWritePerMillionTokens": 0.4, "perCall": 0.0}
    assert listed[2]["price"] is None  # not in the table: its chats cost null


@pytest.mark.parametrize("option, message", [
    ("0", "is not N or LABEL=N with N a whole number from 1"),
    ("-1", "is not N or LABEL=N"), ("1.5", "is not N or LABEL=N"), ("x", "is not N or LABEL=N"),
    ("1000000000", "is not N or LABEL=N"),
    ("claude=5", "no engine is labelled 'claude' (engines: simulated)"),
])
def test_a_bad_daily_limit_is_refused_at_start(option, message):
    with pytest.raises(tracker.ProvisioningError, match=message.replace("(", r"\(").replace(")", r"\)")):
        tracker.configure_engines([], {}, daily_limits=[option])


def test_the_largest_daily_limit_is_taken():
    (engine,) = tracker.configure_engines([], {}, daily_limits=["999999999"])
    assert engine.daily_limit == 999999999


def test_an_engine_label_is_at_most_100_characters():
    assert tracker.configure_engines(["%s=simulated" % ("a" * 100)], {})[0].name == "a" * 100
    with pytest.raises(tracker.ProvisioningError, match="is over 100 characters"):
        tracker.configure_engines(["%s=simulated" % ("a" * 101)], {})


# PATCH /engines/{label} ----------------------------------------------------------------

def test_a_workspace_turns_an_engine_off_and_its_prompts_skip_it(db):
    cheap, dear = CountingEngine("cheap"), CountingEngine("dear")
    app, api = served(db, [cheap, dear])
    other = make_api(webtest.TestApp(app), db, name="Other", rate_limit=100000)
    answer = api.patch("/engines/dear", {"enabled": False}).json
    assert (answer["message"], answer["data"]["label"], answer["data"]["enabled"]) == (
        "Engine disabled", "dear", False)
    assert [e["enabled"] for e in api.get("/engines").json["data"]] == [True, False]
    assert [e["enabled"] for e in other.get("/engines").json["data"]] == [True, True]
    api.post("/prompts", {"text": "mine"})
    other.post("/prompts", {"text": "theirs"})
    app.config["tracker.worker"].run_pending()
    mine = api.get("/analytics/chats").json["data"]["data"]
    theirs = other.get("/analytics/chats").json["data"]["data"]
    assert [c["engine"] for c in mine] == ["cheap"]
    assert sorted(c["engine"] for c in theirs) == ["cheap", "dear"]
    assert [r["state"] for r in run_states(db)] == ["done", "done"]
    assert (cheap.calls, dear.calls) == (2, 1)
    # each workspace sees its own chats, never another's calls
    assert [e["chatsToday"] for e in api.get("/engines").json["data"]] == [1, 0]
    assert [e["chatsToday"] for e in other.get("/engines").json["data"]] == [1, 1]
    # on again: the next run asks it
    assert api.patch("/engines/dear", {"enabled": True}).json["data"]["enabled"] is True
    api.post("/prompts", {"text": "mine again"})
    app.config["tracker.worker"].run_pending()
    assert dear.calls == 2


def test_engine_switch_errors(db, client):
    app, api = served(db, [CountingEngine("one")])
    reader = make_api(api.client, db, name="Reader", scopes="read")
    assert api.patch("/engines/nope", {"enabled": False}, status=404).json["message"] == \
        "Engine not found"
    for body, message in (({}, "is required"), ({"enabled": "no"}, "must be true or false"),
                          ({"enabled": None}, "must not be null"), ({"enabled": 0}, "must be true or false")):
        errors = api.patch("/engines/one", body, status=422).json["errors"]
        assert errors == [{"field": "enabled", "message": message}]
    assert reader.patch("/engines/one", {"enabled": False}, status=403).json["code"] == \
        "INSUFFICIENT_SCOPE"
    assert api.send("PUT", "/engines/one", {"enabled": False}, status=405).json["success"] is False
    assert [e["enabled"] for e in api.get("/engines").json["data"]] == [True]


# Daily call limits ----------------------------------------------------------------------

def test_runs_past_the_daily_limit_wait_queued_for_the_next_utc_day(db, clock):
    limited, free = CountingEngine("limited", daily_limit=2), CountingEngine("free")
    app, api = served(db, [limited, free])
    for text in ("one", "two", "three"):
        api.post("/prompts", {"text": text})
    worker = app.config["tracker.worker"]
    assert worker.run_pending() == 3
    assert (limited.calls, free.calls) == (2, 3)  # the limit's two calls pass, the third waits
    states = run_states(db)
    assert [(r["state"], r["attempts"]) for r in states] == [("done", 1), ("done", 1), ("queued", 0)]
    assert states[2]["not_before"] == "2026-11-22T00:00:00.000Z"
    assert states[2]["last_error"] == \
        "waiting for the next UTC day: limited reached its daily call limit"
    assert [(e["label"], e["chatsToday"], e["dailyLimit"], e["dailyLimitReached"])
            for e in api.get("/engines").json["data"]] == [("limited", 2, 2, True),
                                                           ("free", 3, None, False)]
    clock.now = NEXT_DAY - 0.001
    assert worker.run_pending() == 0  # still today
    clock.now = NEXT_DAY
    assert worker.run_pending() == 1
    assert (limited.calls, free.calls) == (3, 3)  # only the engine that had not answered
    assert [(r["state"], r["last_error"]) for r in run_states(db)][2] == ("done", None)
    chats = api.get("/analytics/chats", params={"from": "2026-11-20"}).json["data"]["data"]
    assert sorted(c["engine"] for c in chats) == ["free"] * 3 + ["limited"] * 3
    assert [(e["chatsToday"], e["dailyLimitReached"]) for e in api.get("/engines").json["data"]] \
        == [(1, False), (0, False)]


def test_a_held_run_that_also_failed_waits_for_the_later_of_backoff_and_next_day(db):
    class Failing(CountingEngine):
        def ask(self, *args, **kwargs):
            self.calls += 1
            raise tracker.EngineError("down")
    limited = CountingEngine("limited", daily_limit=1)
    app, api = served(db, [limited, Failing("failing")])
    api.post("/prompts", {"text": "one"})
    api.post("/prompts", {"text": "two"})
    app.config["tracker.worker"].run_pending()
    first, second = run_states(db)
    # the first run only failed: its backoff; the second was also held: the next day
    assert (first["state"], first["attempts"], first["not_before"]) == (
        "queued", 1, tracker.iso_timestamp(START + 30))
    assert (second["state"], second["attempts"], second["not_before"]) == (
        "queued", 1, "2026-11-22T00:00:00.000Z")
    assert second["last_error"] == "failing: down"


def test_the_daily_count_is_shared_by_servers_on_one_file(tmp_path, clock):
    first = tracker.Database(str(tmp_path / "t.db"), clock)
    second = tracker.Database(str(tmp_path / "t.db"), clock)
    engine = CountingEngine("limited", daily_limit=3)
    taken = [tracker.reserve_call(db, engine) for db in (first, second, first, second, first)]
    assert taken == [True, True, True, False, False]
    assert tracker.calls_on(second.connection(), "2026-11-21") == {"limited": 3}
    first.close()
    second.close()


# Costs ---------------------------------------------------------------------------------

def test_a_chat_costs_its_usage_at_its_engines_price(db):
    priced = CountingEngine("priced", price=tracker.Price(2.0, 8.0, 0.01))
    reported = CountingEngine("reported", price=tracker.Price(2.0, 8.0, 0.01), cost=0.0062)
    unknown = CountingEngine("unknown")
    partial = CountingEngine("partial", price=tracker.Price(2.0, 8.0),
                             usage={"inputTokens": 10, "outputTokens": None, "searches": 0})
    grounded = CountingEngine("grounded", price=tracker.Price(1.0, 1.0, 0.0, 0.035))
    ungrounded = CountingEngine("ungrounded", price=tracker.Price(1.0, 1.0, 0.0, 0.035),
                                usage={"inputTokens": 1000, "outputTokens": 500, "searches": 0})
    app, api = served(db, [priced, reported, unknown, partial, grounded, ungrounded])
    api.post("/prompts", {"text": "q"})
    app.config["tracker.worker"].run_pending()
    chats = {c["engine"]: c["cost"] for c in api.get("/analytics/chats").json["data"]["data"]}
    # 1000 * 2 / 1e6 + 500 * 8 / 1e6 + 2 * 0.01
    # a grounded request's fee only when the answer searched
    assert chats == {"priced": 0.026, "reported": 0.0062, "unknown": None, "partial": None,
                     "grounded": 0.0365, "ungrounded": 0.0015}


def test_simulated_chats_cost_nothing(api, app):
    api.post("/prompts", {"text": "q"})
    app.config["tracker.worker"].run_pending()
    (chat,) = api.get("/analytics/chats").json["data"]["data"]
    assert chat["cost"] == 0.0


def test_prices_file_adds_and_replaces_models(tmp_path):
    path = tmp_path / "prices.json"
    path.write_text(json.dumps({"gpt-4.1-mini": {"input": 0.5, "output": 2},
                                "llama3.1": {"input": 0, "output": 0, "search": 0, "answer": 0.5},
                                "gpt-4.1": {"input": 2, "output": 8, "cached_input": 0.5,
                                            "cache_write": 2.5}}))
    prices = tracker.read_prices(str(path))
    engines = tracker.configure_engines(["a=openai-responses:gpt-4.1-mini", "b=openai:llama3.1",
                                         "c=openai-responses:gpt-4.1"], {}, prices=prices)
    assert [engine.price for engine in engines] == [
        tracker.Price(0.5, 2.0, 0.0), tracker.Price(0.0, 0.0, 0.0, 0.5),
        tracker.Price(2.0, 8.0, 0.0, 0.0, 0.5, 2.5)]


@pytest.mark.parametrize("content, message", [
    ("[1]", "must be a JSON object of models"),
    ('{"m": {"input": 1}}', "'m' must be"),
    ('{"m": {"input": -1, "output": 1}}', "'m' must be"),
    ('{"m": {"input": 1, "output": true}}', "'m' must be"),
    ('{"m": {"input": 1, "output": 1, "cached": 1}}', "'m' must be"),
    ('{"m": {"input": 1, "output": 1, "answer": "1"}}', "'m' must be"),
    ('{"m": {"input": 1, "output": 1, "cached_input": -0.1}}', "'m' must be"),
    ('{"m": 3}', "'m' must be"),
    ("{", "Expecting property name"),
])
def test_a_bad_prices_file_is_refused(tmp_path, content, message):
    path = tmp_path / "prices.json"
    path.write_text(content)
    with pytest.raises(tracker.ProvisioningError, match=message):
        tracker.read_prices(str(path))


def test_serve_refuses_a_bad_limit_or_prices_file_with_one_line(tmp_path):
    from conftest import run_cli
    code, _, stderr = run_cli(tmp_path / "t.db", "serve", "--port", "0", "--engine-daily-limit", "0")
    assert code != 0 and "is not N or LABEL=N" in stderr and "Traceback" not in stderr
    code, _, stderr = run_cli(tmp_path / "t.db", "serve", "--port", "0", "--prices",
                              str(tmp_path / "missing.json"))
    assert code != 0 and "--prices" in stderr and "Traceback" not in stderr


def test_start_is_a_whole_utc_day_before_next_day():
    assert tracker.next_utc_day(START) == NEXT_DAY and tracker.next_utc_day(NEXT_DAY) == NEXT_DAY + 86400
