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
