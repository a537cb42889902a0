"""Samples per run, stability and annotations (issue 30): the workspace's and a prompt's
samples per run, a chat per sample, the expected calls and cost, GET /analytics/stability,
GET /analytics/annotations, and the dashboard's settings, stability table and chart marks."""

import json
import os
import re

import apsw
import pytest
import webtest

import tracker
from conftest import Api, make_api
from test_dashboard import csrf_of, sign_in

VALIDATION = "Validation failed"


def workspace_samples(api):
    return api.get("/workspace").json["data"]["workspace"]["samplesPerRun"]


# Settings ------------------------------------------------------------------------------

@pytest.mark.parametrize("samples", [1, 10])
def test_the_workspace_takes_1_to_10_samples_per_run(api, samples):
    assert workspace_samples(api) == 1  # the default
    reply = api.patch("/workspace", {"samplesPerRun": samples}).json
    assert (reply["message"], reply["data"]["workspace"]["samplesPerRun"]) == (
        "Workspace updated", samples)
    assert workspace_samples(api) == samples


@pytest.mark.parametrize("samples", [0, 11, "3", None, 2.5, True])
def test_samples_per_run_outside_1_to_10_is_a_422(api, samples):
    reply = api.patch("/workspace", {"samplesPerRun": samples}, status=422).json
    assert reply["errors"] == [{"field": "samplesPerRun", "message": "must be an integer from 1 "
                                "to 10"} if samples is not None else
                               {"field": "samplesPerRun", "message": "must not be null"}]
    assert workspace_samples(api) == 1


def test_a_read_key_cannot_change_the_workspace(client, db):
    reader = make_api(client, db, scopes="read")
    reader.patch("/workspace", {"samplesPerRun": 2}, status=403)
    assert workspace_samples(reader) == 1


@pytest.mark.parametrize("samples, status", [(1, 201), (10, 201), (0, 422), (11, 422)])
def test_a_prompt_takes_its_own_samples_per_run_on_create(api, samples, status):
    reply = api.post("/prompts", {"text": "Best CRM?", "samplesPerRun": samples}, status=status)
    if status == 201:
        assert reply.json["data"]["prompts"][0]["samplesPerRun"] == samples
    else:
        assert reply.json["errors"] == [{"field": "samplesPerRun",
                                         "message": "must be an integer from 1 to 10"}]


def test_a_prompt_update_sets_or_clears_its_samples_per_run(api):
    prompt = api.post("/prompts", {"text": "Best CRM?"}).json["data"]["prompts"][0]
    assert prompt["samplesPerRun"] is None  # the workspace's
    path = "/prompts/%d" % prompt["id"]
    assert api.patch(path, {"samplesPerRun": 10}).json["data"]["samplesPerRun"] == 10
    api.patch(path, {"samplesPerRun": 11}, status=422)
    assert api.patch(path, {"samplesPerRun": None}).json["data"]["samplesPerRun"] is None


# Runs ------------------------------------------------------------------------------------

def chat_samples(db):
    return tracker.query_all(db.connection(), "SELECT prompt_id, run_id, engine, sample "
                                              "FROM chats ORDER BY prompt_id, engine, sample")


def test_each_run_asks_each_engine_its_samples_and_each_sample_is_a_chat(db, clock):
    app = tracker.make_app(db, engines=tracker.configure_engines(["one=simulated",
                                                                  "two=simulated"], {}))
    api = make_api(webtest.TestApp(app), db)
    api.patch("/workspace", {"samplesPerRun": 3})
    first = api.post("/prompts", {"text": "Best CRM?"}).json["data"]["prompts"][0]["id"]
    second = api.post("/prompts", {"text": "Cheap CRM?", "samplesPerRun": 2}).json["data"][
        "prompts"][0]["id"]
    app.config["tracker.worker"].run_pending()
    rows = chat_samples(db)
    runs = {row["prompt_id"]: row["run_id"] for row in rows}
    assert [(r["prompt_id"], r["engine"], r["sample"]) for r in rows] == [
        (first, "one", 1), (first, "one", 2), (first, "one", 3),
        (first, "two", 1), (first, "two", 2), (first, "two", 3),
        (second, "one", 1), (second, "one", 2), (second, "two", 1), (second, "two", 2)]
    assert {row["run_id"] for row in rows if row["prompt_id"] == first} == {runs[first]}
    chats = api.get("/analytics/chats", perPage="100").json["data"]
    assert chats["total"] == 10  # a chat is a chat: every sample counts as one
    assert sorted((c["promptId"], c["runId"], c["engine"], c["sample"]) for c in chats["data"]) \
        == sorted((r["prompt_id"], r["run_id"], r["engine"], r["sample"]) for r in rows)
    exported = [json.loads(line) for line in api.get("/analytics/chats", format="ndjson")
                .text.splitlines()]
    assert sorted((c["runId"], c["sample"]) for c in exported) == sorted(
        (r["run_id"], r["sample"]) for r in rows)
    csv_head = api.get("/analytics/chats", format="csv").text.splitlines()[0].split(",")
    assert csv_head[:5] == ["id", "promptId", "prompt", "runId", "sample"]
    # each sample was one call
    assert tracker.calls_on(db.connection(), tracker.utc_day(clock())) == {"one": 5, "two": 5}


def test_a_daily_limit_counts_every_sample_and_the_rest_wait_for_the_next_day(db, clock):
    app = tracker.make_app(db, engines=tracker.configure_engines(["sim=simulated"], {},
                                                                 daily_limits=["5"]))
    api = make_api(webtest.TestApp(app), db)
    api.patch("/workspace", {"samplesPerRun": 3})
    api.post("/prompts", {"prompts": [{"text": "Best CRM?"}, {"text": "Cheap CRM?"}]})
    app.config["tracker.worker"].run_pending()
    assert len(chat_samples(db)) == 5
    assert tracker.calls_on(db.connection(), tracker.utc_day(clock())) == {"sim": 5}
    waiting = tracker.query_all(db.connection(), "SELECT state, last_error FROM runs "
                                                 "WHERE state = 'queued'")
    assert waiting == [{"state": "queued", "last_error": "waiting for the next UTC day: sim "
                                                         "reached its daily call limit"}]
    clock.advance(86400)
    app.config["tracker.worker"].run_pending()
    per_run = tracker.query_all(db.connection(), "SELECT run_id, group_concat(sample ORDER BY "
                                                 "sample) AS samples FROM chats GROUP BY run_id")
    # the missing sample was asked (and the day's new run of the first prompt too)
    assert [row["samples"] for row in per_run] == ["1,2,3", "1,2,3", "1,2,3"]


def add_chat(db, workspace_id, run_id, prompt_id, engine, sample, created_at, brands=(),
             domains=(), cost=None):
    """A chat of a given run and sample naming brands (ids, in order) and citing domains."""
    with db.write() as connection:
        chat = tracker.query_one(connection, """
            INSERT INTO chats (workspace_id, run_id, prompt_id, prompt_text, engine, model,
                               answer, latency_ms, created_at, sample, cost)
            VALUES (?, ?, ?, 'p', ?, 'm', 'text', 5, ?, ?, ?)
            RETURNING id, workspace_id, prompt_id, engine, created_at""",
            (workspace_id, run_id, prompt_id, engine, created_at, sample, cost))
        reader = tracker.ChatReader(connection, workspace_id)
        answer = tracker.Answer("text", [{"url": "https://%s/" % domain} for domain in domains])
        tracker.write_chat_sources(connection, chat, reader.categorised(
            tracker.extract_sources(answer)))
        found = [{"brand_id": brand_id, "position": position, "mentions": 1, "cited": 0,
                  "sentiment": None, "sentiment_score": None}
                 for position, brand_id in enumerate(brands, 1)]
        tracker.write_chat_brands(connection, chat, found, reader.named(found))


def add_run(db, workspace_id, prompt_id, scheduled_at):
    with db.write() as connection:
        return tracker.query_one(connection, """
            INSERT INTO runs (workspace_id, prompt_id, scheduled_at, not_before, created_at,
                              updated_at, state) VALUES (?, ?, ?, ?, ?, ?, 'done') RETURNING id""",
            (workspace_id, prompt_id, scheduled_at, scheduled_at, scheduled_at,
             scheduled_at))["id"]


def test_engines_show_the_expected_daily_calls_and_cost_and_preview_another_setting(api, db):
    api.patch("/workspace", {"samplesPerRun": 2})
    prompts = api.post("/prompts", {"prompts": [{"text": "A?"}, {"text": "B?"},
                                                {"text": "C?", "samplesPerRun": 5}]}).json
    prompt_id = prompts["data"]["prompts"][0]["id"]
    api.post("/prompts", {"text": "Off?"})  # paused below: it makes no call
    off = api.get("/prompts", search="Off?").json["data"]["data"][0]["id"]
    api.patch("/prompts/%d" % off, {"status": "paused"})
    now = tracker.iso_timestamp(db.clock() - 1)  # before the run its creation queued
    run_id = add_run(db, api.workspace_id, prompt_id, now)
    for sample, cost in ((1, 0.002), (2, 0.004)):  # a mean of 0.003 a chat
        add_chat(db, api.workspace_id, run_id, prompt_id, "simulated", sample, now, cost=cost)
    (engine,) = api.get("/engines").json["data"]
    assert (engine["expectedDailyCalls"], engine["expectedDailyCost"]) == (9, 0.027)  # 2 + 2 + 5
    (preview,) = api.get("/engines", samplesPerRun="10").json["data"]
    assert (preview["expectedDailyCalls"], preview["expectedDailyCost"]) == (25, 0.075)
    (preview,) = api.get("/engines", samplesPerRun="1").json["data"]
    assert preview["expectedDailyCalls"] == 7
    for wrong in ("0", "11"):
        assert api.get("/engines", status=422, samplesPerRun=wrong).json["errors"][0]["field"] \
            == "samplesPerRun"
    api.patch("/engines/simulated", {"enabled": False})
    (engine,) = api.get("/engines").json["data"]
    assert (engine["expectedDailyCalls"], engine["expectedDailyCost"]) == (0, 0.0)


# Stability -------------------------------------------------------------------------------

@pytest.fixture
def sampled(api, db):
    """One prompt on engine e: a run of 3 samples naming {A, B}, {A}, {A, B} and citing
    {x}, {x, y}, {}; then a run of 2 naming {A}, {} and citing {y}, {}. Another prompt
    (topic T) has single-sample runs only."""
    brand_a = api.post("/brands", {"name": "Alpha"}).json["data"]["id"]
    brand_b = api.post("/brands", {"name": "Bravo"}).json["data"]["id"]
    prompts = api.post("/prompts", {"prompts": [{"text": "P1"}, {"text": "P2", "topic": "T"}]})
    p1, p2 = prompts.json["data"]["prompts"]
    day = "2026-11-20T10:00:00.000Z"
    run = add_run(db, api.workspace_id, p1["id"], day)
    for sample, brands, domains in ((1, [brand_a, brand_b], ["x.com"]),
                                    (2, [brand_a], ["x.com", "y.com"]),
                                    (3, [brand_a, brand_b], [])):
        add_chat(db, api.workspace_id, run, p1["id"], "e", sample, day, brands, domains)
    day = "2026-11-21T10:00:00.000Z"
    run = add_run(db, api.workspace_id, p1["id"], day)
    for sample, brands, domains in ((1, [brand_a], ["y.com"]), (2, [], [])):
        add_chat(db, api.workspace_id, run, p1["id"], "e", sample, day, brands, domains)
    for day in ("2026-11-20T11:00:00.000Z", "2026-11-21T11:00:00.000Z"):
        run = add_run(db, api.workspace_id, p2["id"], day)
        add_chat(db, api.workspace_id, run, p2["id"], "e", 1, day, [brand_b], ["z.com"])
    return {"A": brand_a, "B": brand_b, "p1": p1, "p2": p2}


WINDOW = {"from": "2026-11-01", "to": "2026-11-25"}


def figure(numerator, denominator):
    return {"value": numerator / denominator, "numerator": numerator,
            "denominator": denominator}


def all_shown(chats, runs):
    """The answer rate of chats all shown: its interval counts each run as one."""
    lower, upper = tracker.wilson_interval(runs, runs)
    return dict(figure(chats, chats), lower=lower, upper=upper, interval=None)


def test_stability_per_prompt_from_the_samples_of_each_run(api, sampled):
    data = api.get("/analytics/stability", params=WINDOW).json["data"]
    assert (data["total"], data["groupBy"], data["chats"]) == (2, "prompt", 7)
    first, second = data["data"]
    assert first == {
        "group": {"id": sampled["p1"]["id"], "name": "P1"}, "runs": 2, "sampledRuns": 2,
        "samples": 5,
        # run 1: pairs 1/2, 1, 1/2 -> 2/3; run 2: {A} and {} -> 0; mean 1/3
        "listOverlap": pytest.approx(1 / 3), "citationOverlap": 0.5, "label": "volatile",
        "answerRate": all_shown(5, runs=2),
        "brands": [
            {"brandId": sampled["A"], "name": "Alpha", "mentionRate": figure(4, 5),
             "allSamples": figure(1, 2), "someSamples": figure(2, 2), "label": "variable"},
            {"brandId": sampled["B"], "name": "Bravo", "mentionRate": figure(2, 5),
             "allSamples": figure(0, 2), "someSamples": figure(1, 2), "label": "volatile"}]}
    # one sample a run: nothing to compare within a run, but consecutive runs' citations
    assert second == {"group": {"id": sampled["p2"]["id"], "name": "P2"}, "runs": 2,
                      "sampledRuns": 0, "samples": 0, "listOverlap": None,
                      "citationOverlap": 1.0, "label": None, "answerRate": all_shown(2, runs=2),
                      "brands": []}


def test_stability_by_engine_and_topic_and_filtered(api, sampled):
    by_engine = api.get("/analytics/stability", params=dict(WINDOW, groupBy="engine")).json
    (row,) = by_engine["data"]["data"]
    assert (row["group"], row["runs"], row["sampledRuns"], row["citationOverlap"]) == (
        {"id": None, "name": "e"}, 4, 2, 0.75)  # the pairs' mean: 1/2 (P1) and 1 (P2)
    by_topic = api.get("/analytics/stability", params=dict(WINDOW, groupBy="topic")).json
    assert [(r["group"], r["sampledRuns"]) for r in by_topic["data"]["data"]] == [
        ({"id": None, "name": None}, 2), ({"id": sampled["p2"]["topicId"], "name": "T"}, 0)]
    one = api.get("/analytics/stability", params=dict(WINDOW, promptId=sampled["p2"]["id"])).json
    assert [r["group"]["name"] for r in one["data"]["data"]] == ["P2"]
    day = api.get("/analytics/stability", params={"from": "2026-11-20",
                                                  "to": "2026-11-21"}).json["data"]
    assert day["data"][0]["citationOverlap"] is None  # one run each: no consecutive pair
    paged = api.get("/analytics/stability", params=dict(WINDOW, perPage="1", page="2")).json
    assert (paged["data"]["lastPage"], [r["group"]["name"] for r in paged["data"]["data"]]) == (
        2, ["P2"])


def test_stability_refuses_an_unknown_grouping_and_exports(api, sampled):
    reply = api.get("/analytics/stability", status=422, groupBy="brand").json
    assert reply["errors"] == [{"field": "groupBy", "message": "must be one of: prompt, engine, "
                                                               "topic"}]
    lines = api.get("/analytics/stability", params=dict(WINDOW, format="csv")).text.splitlines()
    assert lines[0].startswith("group.id,group.name,runs,sampledRuns,samples,listOverlap,")
    assert lines[1].startswith("%d,P1,2,2,5," % sampled["p1"]["id"])
    rows = [json.loads(line) for line in api.get("/analytics/stability",
                                                 params=dict(WINDOW, format="ndjson")).text
            .splitlines()]
    assert [row["group"]["name"] for row in rows] == ["P1", "P2"]


# Annotations -----------------------------------------------------------------------------

def annotations(api, **params):
    return [(a["kind"], a["description"]) for a in
            api.get("/analytics/annotations", params=dict(perPage="100", **params))
            .json["data"]["data"]][::-1]  # oldest first


def test_every_change_that_moves_figures_is_annotated_once(api, clock):
    api.patch("/workspace", {"samplesPerRun": 3})
    api.patch("/workspace", {"samplesPerRun": 3})  # no change: no note
    prompt = api.post("/prompts", {"text": "Best CRM?"}).json["data"]["prompts"][0]
    path = "/prompts/%d" % prompt["id"]
    api.patch(path, {"status": "paused"})
    api.patch(path, {"status": "active"})
    api.patch(path, {"samplesPerRun": 5})
    api.patch(path, {"text": "Best CRM for startups?"})  # not a figure mover
    brand = api.post("/brands", {"name": "Acme"}).json["data"]["id"]
    api.patch("/brands/%d" % brand, {"trackedNames": ["Acme Inc"], "domains": ["acme.com"]})
    api.patch("/brands/%d" % brand, {"color": "#ff0000"})  # not a figure mover
    api.patch("/engines/simulated", {"enabled": False})
    api.patch("/engines/simulated", {"enabled": False})
    api.patch("/engines/simulated", {"enabled": True})
    api.delete("/brands/%d" % brand)
    api.delete(path)
    assert annotations(api) == [
        ("samples.changed", "Samples per run changed from 1 to 3"),
        ("prompt.added", "Prompt added: Best CRM?"),
        ("prompt.paused", "Prompt turned off: Best CRM?"),
        ("prompt.activated", "Prompt turned on: Best CRM?"),
        ("prompt.samples_changed", "Samples per run of a prompt changed: Best CRM?"),
        ("brand.added", "Brand added: Acme"),
        ("brand.edited", "Brand edited: Acme (domains, tracked_names)"),
        ("engine.disabled", "Engine simulated turned off"),
        ("engine.enabled", "Engine simulated turned on"),
        ("brand.deleted", "Brand deleted: Acme"),
        ("prompt.deleted", "Prompt deleted: Best CRM for startups?")]
    edited = api.get("/analytics/annotations", perPage="100").json["data"]["data"][4]
    assert edited["details"] == {"trackedNames": {"before": [], "after": ["Acme Inc"]},
                                 "domains": {"before": [], "after": ["acme.com"]},
                                 "domain": {"before": None, "after": "acme.com"}}
    assert edited["brandId"] == brand


def test_a_change_of_an_engine_model_is_annotated_when_its_first_chat_shows_it(db, clock):
    api = None
    for model in ("model-a", "model-a", "model-b"):
        engine = tracker.SimulatedEngine(name="sim", model=model)
        app = tracker.make_app(db, engines=[engine])
        if api is None:
            api = make_api(webtest.TestApp(app), db)
            api.post("/prompts", {"text": "Best CRM?"})
        api = Api(webtest.TestApp(app), api.key, api.workspace_id)
        app.config["tracker.worker"].run_pending()
        clock.advance(86400)
    assert annotations(api, **{"from": "2026-01-01"}) == [
        ("prompt.added", "Prompt added: Best CRM?"),
        ("engine.model_changed", "Engine sim: model model-a, then model-b")]
    (changed,) = [a for a in api.get("/analytics/annotations", **{"from": "2026-01-01"})
                  .json["data"]["data"] if a["engine"]]
    assert (changed["engine"], changed["details"]) == (
        "sim", {"model": {"before": "model-a", "after": "model-b"}})


def test_annotations_follow_the_window_and_the_filters(api, clock):
    first = api.post("/prompts", {"text": "One?", "topic": "T"}).json["data"]["prompts"][0]
    clock.advance(3600)
    api.post("/prompts", {"text": "Two?"})
    api.patch("/engines/simulated", {"enabled": False})
    api.patch("/workspace", {"samplesPerRun": 2})
    assert [kind for kind, _ in annotations(api, promptId=str(first["id"]))] == [
        "prompt.added", "engine.disabled", "samples.changed"]  # and the workspace's
    assert [kind for kind, _ in annotations(api, topicId=str(first["topicId"]))] == [
        "prompt.added", "engine.disabled", "samples.changed"]
    assert [kind for kind, _ in annotations(api, engine="other")] == [
        "prompt.added", "prompt.added", "samples.changed"]
    since = tracker.iso_timestamp(clock() - 60)
    assert [d for _, d in annotations(api, **{"from": since})] == [
        "Prompt added: Two?", "Engine simulated turned off", "Samples per run changed from 1 to 2"]
    page = api.get("/analytics/annotations", perPage="1", page="2").json["data"]
    assert (page["total"], page["lastPage"], page["data"][0]["kind"]) == (4, 4, "engine.disabled")
    lines = api.get("/analytics/annotations", format="csv").text.splitlines()
    assert lines[0] == "id,kind,description,promptId,brandId,engine,details,createdAt"
    assert '"{""samplesPerRun"": {""before"": 1, ""after"": 2}}"' in lines[1]


def test_annotations_are_the_workspace_s_own(api, other_api):
    api.patch("/workspace", {"samplesPerRun": 2})
    assert other_api.get("/analytics/annotations").json["data"]["total"] == 0


# Dashboard -------------------------------------------------------------------------------

@pytest.fixture
def site(db):
    app = tracker.make_app(db, runs="instant")
    client = webtest.TestApp(app)
    client.api = make_api(client, db)
    sign_in(client, client.api.key)
    return client


def test_the_settings_page_previews_calls_and_cost_then_saves(site):
    site.api.post("/prompts", {"prompts": [{"text": "A?"}, {"text": "B?"}]})
    page = site.get("/settings")
    assert "Expected a day: now at 1 sample per run</p>" in page.text
    assert '<td class="num">2</td>' in page.text and "disabled>Save: 1 sample per run" in page.text
    preview = site.get("/settings", {"samplesPerRun": "4"})
    assert "Expected a day: now at 1 sample per run, and at 4</p>" in preview.text
    assert '<th scope="col" class="num">Calls at 4</th>' in preview.text
    assert '<td class="num">8</td>' in preview.text
    assert workspace_samples(site.api) == 1  # a preview saves nothing
    site.get("/settings", {"samplesPerRun": "11"}, status=422)
    site.post("/settings", {"samplesPerRun": "4", "csrf": csrf_of(preview)}, status=303)
    assert workspace_samples(site.api) == 4
    site.post("/settings", {"samplesPerRun": "0", "csrf": csrf_of(preview)}, status=422)


def test_the_prompt_page_shows_stability_and_the_charts_mark_annotations(site):
    site.api.patch("/workspace", {"samplesPerRun": 3})
    site.api.post("/brands", {"name": "Acme"})  # the simulated engine names it
    prompt = site.api.post("/prompts", {"text": "Best CRM?"}).json["data"]["prompts"][0]
    page = site.get("/prompts/%d" % prompt["id"])
    stability = page.html.find("section", {"aria-labelledby": "stability-title"})
    cells = [td.text for td in stability.find("tbody").find_all(["th", "td"])][:5]
    assert cells == ["simulated", "1", "100.0 %", "–", "stable"]
    marks = page.html.select("svg.chart g.annotation title")
    assert marks and "Prompt added: Best CRM?" in marks[0].text
    overview = site.get("/")
    assert "Samples per run changed from 1 to 3" in overview.html.select(
        "svg.chart g.annotation title")[0].text
    edit = page.forms[1]
    edit["samplesPerRun"] = "7"
    edit.submit(status=303)
    assert site.api.get("/prompts/%d" % prompt["id"]).json["data"]["samplesPerRun"] == 7


# Upgrade ---------------------------------------------------------------------------------

def test_an_upgraded_file_keeps_its_chats_as_sample_1_and_takes_more(tmp_path):
    path = str(tmp_path / "old.db")
    old = apsw.Connection(path)
    with open(os.path.join(os.path.dirname(__file__), "schemas", "v11.sql"),
              encoding="utf-8") as dump:
        old.execute(dump.read()).fetchall()
    before = old.execute("SELECT seq FROM sqlite_sequence WHERE name = 'chats'").fetchall()
    chat = old.execute("SELECT * FROM chats ORDER BY id LIMIT 1").fetchall()[0]
    old.close()
    db = tracker.Database(path)
    connection = db.connection()
    assert tracker.query_all(connection, "SELECT DISTINCT sample FROM chats") == [{"sample": 1}]
    assert connection.execute("SELECT seq FROM sqlite_sequence WHERE name = 'chats'") \
        .fetchall() == [{"seq": before[0][0]}]  # no id is used twice
    with db.write() as connection:
        connection.execute("""
            INSERT INTO chats (workspace_id, run_id, prompt_id, prompt_text, engine, model,
                               answer, latency_ms, created_at, sample)
            SELECT workspace_id, run_id, prompt_id, prompt_text, engine, model, answer,
                   latency_ms, created_at, 2 FROM chats WHERE id = ?""", (chat[0],))
        with pytest.raises(apsw.ConstraintError):
            connection.execute("""
                INSERT INTO chats (workspace_id, run_id, prompt_id, prompt_text, engine, model,
                                   answer, latency_ms, created_at, sample)
                SELECT workspace_id, run_id, prompt_id, prompt_text, engine, model, answer,
                       latency_ms, created_at, 2 FROM chats WHERE id = ?""", (chat[0],))
    # the rollups count the new sample as a chat
    day = tracker.query_one(db.connection(), "SELECT sum(chats) AS n FROM daily_chats")["n"]
    assert day == 61


@pytest.mark.parametrize("name", ["branded", "truncated", "shown"])
def test_stability_reads_each_filters_chats(api, sampled, name):
    """stability_rows reads through the scope's index (ChatScope.chats_index), a partial one
    for truncated=true and shown=false: each filter's conditions imply its WHERE."""
    for value in ("true", "false"):
        api.get("/analytics/stability", params=dict(WINDOW, **{name: value}), status=200)
    api.get("/analytics/stability", params=dict(WINDOW, truncated="true", promptId=sampled[
        "p1"]["id"]), status=200)


def test_a_prompts_chats_are_read_through_its_index_whatever_the_planners_statistics(
        api, db, sampled):
    """A user's ANALYZE with a sample (PRAGMA optimize's) can say the workspace holds few of
    its chats: the prompt's page then read its year through the window's index (14.8 million
    VM steps at the benchmark's full size, tests/perf/README.md). Its statistics written here,
    the prompt's stability rows, chat list and chat export still seek the prompt's chats."""
    connection = db.connection()
    connection.execute("ANALYZE; DELETE FROM sqlite_stat1 WHERE tbl = 'chats';"
                       "INSERT INTO sqlite_stat1 VALUES ('chats', 'chats_workspace_created', "
                       "'2920000 957 4'), ('chats', 'chats_prompt', '2920000 1460 4 4 4 4');"
                       "ANALYZE sqlite_schema")
    statements = []
    connection.exec_trace = lambda cursor, sql, bindings: statements.append((sql, bindings)) or True
    scope = tracker.ChatScope(api.workspace_id, "2026-11-01T00:00:00.000Z",
                              "2026-11-25T00:00:00.000Z", prompt_id=sampled["p2"]["id"])
    assert len(tracker.stability_rows(connection, scope)) == 2
    assert len(tracker.list_chats(connection, scope, None, 1, 20)["data"]) == 2
    assert db.connection() is connection  # the export's, on this thread
    assert len(list(tracker.chat_export_items(db, scope, None, None))) == 2
    connection.exec_trace = None
    reads = [(sql, bindings) for sql, bindings in statements
             if re.search(r"FROM chats c\b", sql) and "c.prompt_id = +?" in sql]
    assert len(reads) == 3, reads  # the stability rows, the page, the export's batch
    for sql, bindings in reads:
        plan = " ".join(row["detail"] for row in connection.execute("EXPLAIN QUERY PLAN " + sql,
                                                                      bindings))
        assert "USING INDEX chats_prompt" in plan, plan
