"""Analytics: exact figures on a hand-built workspace (the manual's worked example, packaging/docs/analytics.md).

Brands: Acme (own, acme.com), Beta (competitor, beta.io), Gamma (competitor, hidden).
Prompts: P1 (location US, tag "t1"), P2 (topic "T2"). Four chats:

    chat  day         engine  prompt  mentions (position)   sources
    1     2026-11-19  alpha   P1      Acme 1, Beta 2        acme.com/x, g2.com/a
    2     2026-11-19  bravo   P1      Beta 1                beta.io/
    3     2026-11-20  alpha   P2      Beta 1, Acme 2        g2.com/a, g2.com/b
    4     2026-11-20  alpha   P2      (none)                docs.acme.com/

    Acme: visibility 2/4, averagePosition (1+2)/2 = 1.5, citations 2 (chats 1 and 4)
    Beta: visibility 3/4, averagePosition (2+1+1)/3, citations 1 (chat 2)
    shareOfVoice: Acme 2/5, Beta 3/5. Rank: Beta, then Acme.
"""

import collections
import contextlib
import dataclasses
import itertools
import datetime
import itertools
import json
import random
import unittest.mock

import pytest
import webtest
from hypothesis import HealthCheck, given, settings, strategies as st

import tracker
from conftest import CHAT_GROUPS_SQL, Api

WINDOW = {"from": "2026-11-19", "to": "2026-11-21"}


def add_chat(db, workspace_id, prompt, engine, created_at, brands=(), urls=(), consulted=(),
             text="chat text", cell=(None, None), truncated=0):
    """Insert a chat as the worker would, with known brand rows and sources (urls cited,
    consulted only consulted), asked in a cell (market id, persona id), cut short or not."""
    answer = tracker.Answer(text, [{"url": url} for url in urls], {},
                            consulted=[{"url": url} for url in consulted])
    with db.write() as connection:
        run = tracker.query_one(connection, """
            INSERT INTO runs (workspace_id, prompt_id, scheduled_at, not_before, created_at,
                              updated_at, state)
            VALUES (?, ?, ?, ?, ?, ?, 'done') RETURNING *""",
            (workspace_id, prompt["id"], created_at + engine, created_at, created_at, created_at))
        chat = tracker.query_one(connection, """
            INSERT INTO chats (workspace_id, run_id, prompt_id, prompt_text, engine, model, location,
                               answer, latency_ms, created_at, market_id, persona_id, truncated)
            VALUES (?, ?, ?, ?, ?, 'm', ?, ?, 5, ?, ?, ?, ?)
            RETURNING id, workspace_id, prompt_id, engine, created_at""",
            (workspace_id, run["id"], prompt["id"], prompt["text"], engine, prompt["location"],
             text, created_at) + tuple(cell) + (truncated,))
        reader = tracker.ChatReader(connection, workspace_id)
        tracker.write_chat_sources(connection, chat, reader.categorised(tracker.extract_sources(answer)))
        found = [{"brand_id": brand_id, "position": position, "mentions": int(position is not None),
                  "cited": cited, "sentiment": None, "sentiment_score": None}
                 for brand_id, position, cited in brands]
        tracker.write_chat_brands(connection, chat, found, reader.named(found))
    return chat["id"]


@pytest.fixture
def example(api, db):
    """The worked example; returns ids by name."""
    ids = {}
    for name, body in (("acme", {"name": "Acme", "type": "own", "domains": ["acme.com"]}),
                       ("beta", {"name": "Beta", "domains": ["beta.io"]}),
                       ("gamma", {"name": "Gamma", "status": "hidden", "domains": ["gamma.net"]})):
        ids[name] = api.post("/brands", body).json["data"]["id"]
    created = api.post("/prompts", {"prompts": [
        {"text": "P1", "location": "US", "tags": ["t1"]}, {"text": "P2", "topic": "T2"}]})
    p1, p2 = created.json["data"]["prompts"]
    ids.update(p1=p1["id"], p2=p2["id"], topic=p2["topicId"], tag=p1["tags"][0]["id"])
    acme, beta = ids["acme"], ids["beta"]
    ids["chats"] = [
        add_chat(db, api.workspace_id, p1, "alpha", "2026-11-19T10:00:00.000Z",
                 [(acme, 1, 1), (beta, 2, 0)], ["https://acme.com/x", "https://g2.com/a"]),
        add_chat(db, api.workspace_id, p1, "bravo", "2026-11-19T11:00:00.000Z",
                 [(beta, 1, 1)], ["https://beta.io/"]),
        add_chat(db, api.workspace_id, p2, "alpha", "2026-11-20T10:00:00.000Z",
                 [(beta, 1, 0), (acme, 2, 0)], ["https://g2.com/a", "https://g2.com/b"]),
        add_chat(db, api.workspace_id, p2, "alpha", "2026-11-20T11:00:00.000Z",
                 [(acme, None, 1)], ["https://docs.acme.com/"]),
    ]
    return ids


def rankings(api, **params):
    return api.get("/analytics/rankings", params=dict(WINDOW, **params)).json["data"]


def by_name(document):
    return {row["name"]: row for row in document["brands"]}


def ratio(numerator, denominator):
    return {"value": numerator / denominator if denominator else None,
            "numerator": numerator, "denominator": denominator}


def parts(figure):
    """A figure without its interval (lower, upper and interval: see test_intervals.py)."""
    return {name: value for name, value in figure.items()
            if name not in ("lower", "upper", "interval")}


def without_intervals(row):
    """A ranking row with its figures' parts only."""
    return {name: parts(value) if isinstance(value, dict) else value for name, value in row.items()}


def test_worked_example_figures(api, example):
    document = rankings(api)
    assert (document["from"], document["to"], document["chats"]) == (
        "2026-11-19T00:00:00.000Z", "2026-11-21T00:00:00.000Z", 4)
    acme, beta = by_name(document)["Acme"], by_name(document)["Beta"]
    assert [row["name"] for row in document["brands"]] == ["Beta", "Acme"]
    assert {k: v for k, v in without_intervals(beta).items() if k != "visibility"} == {
        "brandId": example["beta"], "name": "Beta", "type": "competitor", "status": "active",
        "color": "#6b7280", "chats": 4, "mentions": 3, "averagePosition": ratio(4, 3),
        "shareOfVoice": ratio(3, 5), "citations": 1, "rank": 1, "sentiment": {
            "value": None, "numerator": 0.0, "denominator": 0, "positive": 0, "neutral": 0,
            "negative": 0}}  # none scored: these chats' rows were written without a sentiment
    assert acme["mentions"] == 2 and parts(acme["averagePosition"]) == ratio(3, 2)
    assert parts(acme["shareOfVoice"]) == ratio(2, 5) and (acme["citations"], acme["rank"]) == (2, 2)
    assert parts(acme["visibility"]) == ratio(2, 4) and parts(beta["visibility"]) == ratio(3, 4)
    # Two prompts and no estimate of how their chats cluster yet: each prompt counts as one
    # observation, less one for the mean (packaging/docs/analytics.md, Intervals), so the intervals are wide.
    assert (acme["visibility"]["lower"], acme["visibility"]["upper"]) == (
        pytest.approx(0.00154, abs=1e-5), pytest.approx(0.99846, abs=1e-5))
    assert (beta["visibility"]["lower"], beta["visibility"]["upper"]) == (
        pytest.approx(0.00346, abs=1e-5), pytest.approx(0.99961, abs=1e-5))


def test_ties_rank_by_position_then_name(api, example):
    document = rankings(api, engine="alpha")  # chats 1, 3, 4
    acme, beta = by_name(document)["Acme"], by_name(document)["Beta"]
    assert document["chats"] == 3
    assert acme["visibility"]["value"] == beta["visibility"]["value"] == 2 / 3
    assert acme["averagePosition"]["value"] == beta["averagePosition"]["value"] == 1.5
    assert (acme["rank"], beta["rank"]) == (1, 2)  # a full tie goes by name


@pytest.mark.parametrize("params, chats, acme_mentions, beta_mentions", [
    ({"engine": "bravo"}, 1, 0, 1),
    ({"engine": "nobody"}, 0, 0, 0),
    ({"location": "US"}, 2, 1, 2),
    ({"from": "2026-11-20"}, 2, 1, 1),
    ({"to": "2026-11-19T10:30:00Z"}, 1, 1, 1),
    ({"from": "2026-11-19T10:00:00.001Z", "to": "2026-11-20T10:00:00Z"}, 1, 0, 1),
])
def test_filters(api, example, params, chats, acme_mentions, beta_mentions):
    document = rankings(api, **params)
    assert document["chats"] == chats
    assert (by_name(document)["Acme"]["mentions"], by_name(document)["Beta"]["mentions"]) == (
        acme_mentions, beta_mentions)


@pytest.mark.parametrize("name, chats", [("p1", 2), ("p2", 2), ("topic", 2), ("tag", 2)])
def test_prompt_topic_and_tag_filters(api, example, name, chats):
    parameter = {"p1": "promptId", "p2": "promptId", "topic": "topicId", "tag": "tagId"}[name]
    document = rankings(api, **{parameter: str(example[name])})
    assert document["chats"] == chats
    expected = {"p1": 2, "tag": 2, "p2": 1, "topic": 1}[name]
    assert by_name(document)["Acme"]["citations"] == 1 and by_name(document)["Beta"]["mentions"] == expected


def test_nothing_in_scope_gives_nulls_not_zeros(api, example):
    acme = by_name(rankings(api, **{"from": "2025-01-01", "to": "2025-02-01"}))["Acme"]
    nothing = dict(lower=None, upper=None, interval="nothing to measure")
    assert acme["visibility"] == dict(ratio(0, 0), **nothing)
    assert acme["averagePosition"] == dict(ratio(0, 0), **nothing)
    assert acme["shareOfVoice"] == dict(ratio(0, 0), **nothing)
    assert (acme["chats"], acme["mentions"], acme["citations"]) == (0, 0, 0)


def test_hidden_brands_only_on_request(api, example):
    assert set(by_name(rankings(api))) == {"Acme", "Beta"}
    hidden = rankings(api, status="hidden")
    assert [row["name"] for row in hidden["brands"]] == ["Gamma"]
    gamma = hidden["brands"][0]
    assert gamma["visibility"]["value"] == 0.0 and gamma["averagePosition"]["value"] is None
    everyone = rankings(api, status="all")
    assert [row["name"] for row in everyone["brands"]] == ["Beta", "Acme", "Gamma"]
    assert parts(by_name(everyone)["Gamma"]["shareOfVoice"]) == ratio(0, 5)


def test_daily_series_has_every_bucket(api, example):
    document = rankings(api, **{"from": "2026-11-18", "interval": "day"})
    acme = by_name(document)["Acme"]["series"]
    assert [(b["start"], b["end"], b["chats"], b["mentions"]) for b in acme] == [
        ("2026-11-18", "2026-11-19", 0, 0), ("2026-11-19", "2026-11-20", 2, 1),
        ("2026-11-20", "2026-11-21", 2, 1)]
    assert acme[0]["visibility"]["value"] is None and acme[0]["citations"] == 0
    assert parts(acme[1]["averagePosition"]) == ratio(1, 1)
    assert parts(acme[2]["averagePosition"]) == ratio(2, 1)
    assert parts(acme[1]["shareOfVoice"]) == ratio(1, 3) and acme[2]["citations"] == 1
    assert document["interval"] == "day"


def test_weekly_series_starts_on_mondays(api, example):
    document = rankings(api, **{"from": "2026-11-10", "to": "2026-11-21", "interval": "week"})
    beta = by_name(document)["Beta"]["series"]
    assert [(b["start"], b["end"], b["chats"], b["mentions"]) for b in beta] == [
        ("2026-11-09", "2026-11-16", 0, 0), ("2026-11-16", "2026-11-23", 4, 3)]


def test_compare_with_the_previous_period(api, example):
    document = rankings(api, **{"from": "2026-11-20", "to": "2026-11-21", "compare": "previous"})
    assert document["previous"] == {"from": "2026-11-19T00:00:00.000Z",
                                    "to": "2026-11-20T00:00:00.000Z", "chats": 2}
    acme = by_name(document)["Acme"]
    assert acme["previous"]["visibility"]["value"] == 0.5 and acme["previous"]["rank"] == 2
    assert parts(acme["previous"]["averagePosition"]) == ratio(1, 1)
    assert acme["change"] == {"visibility": 0.0, "averagePosition": 1.0,
                              "shareOfVoice": pytest.approx(0.5 - 1 / 3), "citations": 0, "rank": 0,
                              "sentiment": None}


@pytest.mark.parametrize("params, field, message", [
    ({"from": "yesterday"}, "from", "must be an ISO 8601 date or date-time from 1970 to 2999"),
    ({"to": "3000-01-01"}, "to", "must be an ISO 8601 date or date-time from 1970 to 2999"),
    ({"from": "2026-11-20", "to": "2026-11-20"}, "to", "must be after from"),
    ({"interval": "hour"}, "interval", "must be one of: day, week"),
    ({"compare": "lastyear"}, "compare", "must be one of: previous"),
    ({"status": "gone"}, "status", "must be one of: active, hidden, all"),
    ({"engine": "x" * 101}, "engine", "must be 1 to 100 characters"),
    ({"promptId": "abc"}, "promptId", "must be an integer from 1 to 9223372036854775807"),
    ({"branded": "1"}, "branded", "must be one of: true, false"),
    ({"truncated": "no"}, "truncated", "must be one of: true, false"),
    ({"from": "1990-01-01", "to": "2000-01-01", "interval": "day"}, "interval",
     "gives more than 1000 buckets for this window"),
])
def test_invalid_rankings_queries_are_422(api, params, field, message):
    reply = api.get("/analytics/rankings", status=422, params=params)
    assert reply.json["errors"] == [{"field": field, "message": message}]


ANALYTICS_PATHS = ("/analytics/rankings", "/analytics/chats", "/analytics/sources",
                   "/analytics/queries", "/analytics/discovered-brands", "/analytics/gaps/prompts",
                   "/analytics/gaps/domains")


@pytest.mark.parametrize("path", ANALYTICS_PATHS)
@pytest.mark.parametrize("name", ["branded", "truncated", "shown"])
def test_every_analytics_endpoint_takes_branded_truncated_and_shown(api, example, path, name):
    for value in ("true", "false"):
        api.get(path, params=dict(WINDOW, **{name: value}), status=200)
        api.get(path, params=dict(WINDOW, format="csv", **{name: value}), status=200)
    reply = api.get(path, params=dict(WINDOW, **{name: "maybe"}), status=422)
    assert reply.json["errors"] == [{"field": name, "message": "must be one of: true, false"}]


def test_branded_and_truncated_narrow_the_chats(api, db, example):
    """P2 names Beta (branded); the chat of 20 Nov 11:00 was cut short for length."""
    api.patch("/prompts/%d" % example["p2"], {"text": "P2 or Beta?"})
    with db.write() as connection:
        connection.execute("UPDATE chats SET truncated = 1 WHERE id = ?", (example["chats"][3],))
    assert rankings(api, branded="true")["chats"] == 2
    assert rankings(api, branded="false")["chats"] == 2
    assert rankings(api, truncated="true")["chats"] == 1
    assert by_name(rankings(api, truncated="false"))["Acme"]["citations"] == 1
    assert [chat["id"] for chat in api.get("/analytics/chats", params=dict(
        WINDOW, branded="true", truncated="false")).json["data"]["data"]] == [example["chats"][2]]
    assert [row["domain"] for row in api.get("/analytics/sources", params=dict(
        WINDOW, branded="false")).json["data"]["data"]] == ["acme.com", "beta.io", "g2.com"]


def test_1000_daily_buckets_pass(api):
    document = api.get("/analytics/rankings", params={
        "from": "2024-01-01", "to": "2026-09-27", "interval": "day"}).json["data"]
    assert document["interval"] == "day"


def test_sources_by_domain(api, example):
    data = api.get("/analytics/sources", params=WINDOW).json["data"]
    assert {k: data[k] for k in ("total", "page", "perPage", "lastPage", "chats", "groupBy")} == {
        "total": 3, "page": 1, "perPage": 20, "lastPage": 1, "chats": 4, "groupBy": "domain"}
    rows = [(r["domain"], r["citations"], r["chats"], r["chatShare"]["value"], r["brandId"],
             r["brandType"], r["category"]) for r in data["data"]]
    # docs.acme.com's page counts under its registrable domain, acme.com
    assert rows == [("g2.com", 3, 2, 0.5, None, "other", "ugc"),
                    ("acme.com", 2, 2, 0.5, example["acme"], "own", "own"),
                    ("beta.io", 1, 1, 0.25, example["beta"], "competitor", "competitor")]
    g2 = data["data"][0]
    assert (g2["firstSeenAt"], g2["lastSeenAt"]) == ("2026-11-19T10:00:00.000Z",
                                                     "2026-11-20T10:00:00.000Z")


def test_the_urls_of_one_domain(api, example):
    """groupBy=url with a domain lists that domain's pages (a host or URL names its
    registrable domain), for whole weeks from the weekly rollup of every domain's URLs
    narrowed to it, or with an engine or location filter from its own weekly rollup."""
    whole_week = {"from": "2026-11-16", "to": "2026-11-23"}
    for domain in ("acme.com", "https://docs.Acme.com/x", "www.acme.com"):
        data = api.get("/analytics/sources", params=dict(whole_week, groupBy="url",
                                                          domain=domain)).json["data"]
        assert [(r["url"], r["host"], r["domain"], r["citations"], r["chats"], r["retrievedChats"],
                 r["chatShare"]["value"], r["firstSeenAt"]) for r in data["data"]] == [
            ("https://acme.com/x", "acme.com", "acme.com", 1, 1, 1, 0.25,
             "2026-11-19T10:00:00.000Z"),
            ("https://docs.acme.com/", "docs.acme.com", "acme.com", 1, 1, 1, 0.25,
             "2026-11-20T11:00:00.000Z")]
        assert (data["total"], data["chats"]) == (2, 4)
    scope = tracker.ChatScope(1, "2026-11-16T00:00:00.000Z", "2026-11-23T00:00:00.000Z",
                              domain="acme.com")
    assert tracker.scope_parts(scope, tracker.URL_PART) == [("url_weekly", scope)]
    by_engine = dataclasses.replace(scope, engine="e1")
    assert tracker.scope_parts(by_engine, tracker.URL_PART) == [("domain_weekly", by_engine)]
    unknown = api.get("/analytics/sources", params=dict(WINDOW, groupBy="url", domain="nowhere.org"))
    assert (unknown.json["data"]["total"], unknown.json["data"]["data"]) == (0, [])


def test_the_urls_of_a_domain_written_as_sources_keep_it(api, db):
    """A domain is read as a source's is: an internationalised name as the engine wrote it,
    an IP address, a single label."""
    prompt = api.post("/prompts", {"prompts": [{"text": "p"}]}).json["data"]["prompts"][0]
    add_chat(db, 1, prompt, "e1", "2026-11-20T10:00:00.000Z",
             urls=["https://bücher.example/a", "http://127.0.0.1:8080/b", "http://intranet/c"])
    for domain, url in (("bücher.example", "https://bücher.example/a"),
                        ("https://www.Bücher.example/x", "https://bücher.example/a"),
                        ("127.0.0.1", "http://127.0.0.1:8080/b"), ("intranet", "http://intranet/c")):
        data = api.get("/analytics/sources", params=dict(WINDOW, groupBy="url", domain=domain)).json["data"]
        assert [row["url"] for row in data["data"]] == [url]


LONGEST_HOST = ".".join(["a" * 63] * 3 + ["b" * 61])  # 253 characters


@pytest.mark.parametrize("params, field, message", [
    ({"domain": "acme.com"}, "domain", "needs groupBy=url"),
    ({"domain": "acme.com", "groupBy": "category"}, "domain", "needs groupBy=url"),
    ({"domain": "not a domain", "groupBy": "url"}, "domain", "must be a domain name such as example.com"),
    ({"domain": LONGEST_HOST + "c", "groupBy": "url"}, "domain", "must be 1 to 253 characters"),
])
def test_invalid_source_queries_are_422(api, params, field, message):
    reply = api.get("/analytics/sources", status=422, params=params)
    assert reply.json["errors"] == [{"field": field, "message": message}]


def test_the_longest_domain_is_read(api):
    data = api.get("/analytics/sources", params={"groupBy": "url", "domain": LONGEST_HOST}).json["data"]
    assert data["data"] == []


def test_sources_of_deleted_prompts_leave_no_rows_behind(api, example):
    """Deleting P1 takes chats 1 and 2 with it; their domains' rollup rows fall to zero
    and are neither listed nor counted (a client parsing firstSeenAt would crash on null)."""
    api.delete("/prompts/%d" % example["p1"])
    data = api.get("/analytics/sources", params=WINDOW).json["data"]
    assert (data["total"], data["lastPage"], data["chats"]) == (2, 1, 2)
    assert [(r["domain"], r["citations"], r["chats"], r["firstSeenAt"]) for r in data["data"]] == [
        ("g2.com", 2, 1, "2026-11-20T10:00:00.000Z"),
        ("acme.com", 1, 1, "2026-11-20T11:00:00.000Z")]
    api.delete("/prompts/%d" % example["p2"])
    data = api.get("/analytics/sources", params=WINDOW).json["data"]
    assert (data["total"], data["data"], data["chats"]) == (0, [], 0)


def test_sources_by_url_and_paginated(api, example):
    data = api.get("/analytics/sources", params=dict(WINDOW, groupBy="url", perPage="2",
                                                      page="2")).json["data"]
    assert (data["total"], data["lastPage"]) == (5, 3)
    assert [(r["url"], r["citations"]) for r in data["data"]] == [
        ("https://beta.io/", 1), ("https://docs.acme.com/", 1)]  # after g2.com/a (2), acme.com/x
    filtered = api.get("/analytics/sources", params=dict(WINDOW, engine="bravo")).json["data"]
    assert [(r["domain"], parts(r["chatShare"])) for r in filtered["data"]] == [
        ("beta.io", ratio(1, 1))]


def test_chats_list_newest_first_with_sources_and_mentions(api, example):
    data = api.get("/analytics/chats", params=WINDOW).json["data"]
    assert [chat["id"] for chat in data["data"]] == example["chats"][::-1]
    assert (data["total"], data["lastPage"]) == (4, 1)
    first = data["data"][-1]
    assert first == {
        "id": example["chats"][0], "promptId": example["p1"], "prompt": "P1", "engine": "alpha",
        "runId": first["runId"], "sample": 1,
        "model": "m", "location": "US", "answer": "chat text", "notes": [], "latencyMs": 5,
        "searchQueries": [], "retrieval": "unknown", "cost": None,
        "usage": {"inputTokens": None, "outputTokens": None, "cachedInputTokens": None,
                  "cacheWriteInputTokens": None, "searches": None},
        "createdAt": "2026-11-19T10:00:00.000Z", "truncated": False, "modelVersion": None,
        "shown": True,
        "marketId": None, "personaId": None,
        "sentimentMethod": "vader", "judge": None, "judgeCost": None,
        "sources": [{"url": "https://acme.com/x", "domain": "acme.com", "host": "acme.com",
                     "title": None, "cited": True, "position": 1, "category": "own",
                     "brandId": example["acme"], "organicRank": None},
                    {"url": "https://g2.com/a", "domain": "g2.com", "host": "g2.com", "title": None,
                     "cited": True, "position": 2, "category": "ugc", "brandId": None,
                     "organicRank": None}],
        "mentions": [{"brandId": example["acme"], "brandName": "Acme", "position": 1, "count": 1,
                      "cited": True, "sentiment": None, "sentimentScore": None},
                     {"brandId": example["beta"], "brandName": "Beta", "position": 2, "count": 1,
                      "cited": False, "sentiment": None, "sentimentScore": None}]}
    assert api.get("/analytics/chats/%d" % first["id"]).json["data"] == first


@pytest.mark.parametrize("params, expected", [
    ({"brandId": "acme"}, [2, 0]),           # chat 4 only cites Acme: not a mention
    ({"brandId": "beta"}, [2, 1, 0]),
    ({"promptId": "p2"}, [3, 2]),
    ({"engine": "bravo"}, [1]),
    ({"perPage": "1", "page": "2"}, [2]),
    ({"page": "5"}, []),
])
def test_chat_filters(api, example, params, expected):
    params = {k: str(example[v]) if v in example else v for k, v in params.items()}
    data = api.get("/analytics/chats", params=dict(WINDOW, **params)).json["data"]
    assert [chat["id"] for chat in data["data"]] == [example["chats"][i] for i in expected]


def test_default_window_is_the_last_30_days(api, db, clock, example):
    clock.now = tracker.parse_timestamp("2026-12-19T10:00:00.500Z")  # chat 1 is 30 days old
    data = api.get("/analytics/chats").json["data"]
    assert (data["from"], data["to"]) == ("2026-11-19T10:00:00.501Z", "2026-12-19T10:00:00.501Z")
    assert data["total"] == 3


def test_analytics_never_show_another_workspace(api, other_api, db, example):
    prompt = other_api.post("/prompts", {"text": "theirs"}).json["data"]["prompts"][0]
    theirs = add_chat(db, other_api.workspace_id, prompt, "alpha", "2026-11-19T12:00:00.000Z",
                      [(example["acme"], 1, 1)], ["https://secret.example/"])
    assert rankings(api)["chats"] == 4
    assert "secret.example" not in json.dumps(api.get("/analytics/sources", params=WINDOW).json)
    assert theirs not in [c["id"] for c in api.get("/analytics/chats", params=WINDOW).json["data"]["data"]]
    assert api.get("/analytics/chats/%d" % theirs, status=404).json == {
        "success": False, "message": "Chat not found"}
    assert other_api.get("/analytics/chats/%d" % example["chats"][0], status=404).json["message"] == \
        "Chat not found"
    assert other_api.get("/analytics/rankings", params=WINDOW).json["data"]["brands"] == []


def test_analytics_after_real_runs(api, db):
    api.post("/brands", {"name": "Acme CRM", "trackedNames": ["Acme"], "domains": ["acme.com"]})
    api.post("/prompts", {"prompts": [{"text": "Best CRM?"}, {"text": "Top CRM tools"}]})
    tracker.Worker(db).run_pending()
    document = api.get("/analytics/rankings").json["data"]
    assert document["chats"] == 2
    acme = document["brands"][0]
    assert acme["mentions"] == 2 and acme["visibility"]["value"] == 1.0  # simulated names it
    assert api.get("/analytics/chats").json["data"]["total"] == 2
    assert api.get("/analytics/sources").json["data"]["total"] > 0


def test_read_only_keys_can_read_analytics(client, db, example, api):
    reader = Api(client, tracker.create_key(db, api.workspace_id, scopes="read")["key"],
                 api.workspace_id)
    for path in ("/analytics/rankings", "/analytics/sources", "/analytics/chats"):
        assert reader.get(path, params=WINDOW).json == api.get(path, params=WINDOW).json


# The rollups answer exactly what the per-chat rows answer -----------------------------

def build_random_workspace():
    """Chats at random times over five days, read by the brand refresh (their answers name
    brands in kind or unkind words, and recommend untracked names), then prompts moved to
    another topic, given a tag, stripped of their tags, moved to a topic then deleted, a
    deleted prompt, a deleted brand, a competitor turned own, a category override, chats
    deleted alone and rewritten sources, read again and moved: so that every rollup
    trigger (insert, update and delete) and every move has run. The chats are asked in two
    markets, as a persona, or without either (prompts 1 to 3 now asked in the first market)."""
    rng = random.Random(11)
    app = tracker.make_app(":memory:")
    db = app.config["tracker.db"]
    workspace = tracker.create_workspace(db, "Random")
    api = Api(webtest.TestApp(app), tracker.create_key(db, workspace["id"], rate_limit=10 ** 9)["key"],
              workspace["id"])
    brands = [api.post("/brands", {"name": "B%d" % i, "domains": ["b%d.com" % i],
                                   "type": "own" if i == 0 else "competitor"}).json["data"]["id"]
              for i in range(5)]
    # p0, p2 and p3 name a brand (branded); p3's is deleted and p5's text made a tracked
    # name of another below, so that prompts move between the branded groups too.
    prompts = api.post("/prompts", {"prompts": [
        {"text": "p%d" % i + (" or B%d" % i if i in (0, 2, 3) else ""),
         "location": rng.choice(["US", "DE"]), "tags": [rng.choice("xy")],
         "topic": rng.choice("TU")} for i in range(6)]}).json["data"]["prompts"]
    assert [prompt["branded"] for prompt in prompts] == [True, False, True, True, False, False]
    markets = [api.post("/markets", {"name": name, "country": name, "language": "en"}).json["data"]["id"]
               for name in ("DE", "FR")]
    persona = api.post("/personas", {"name": "CFO", "description": "a CFO"}).json["data"]["id"]
    for prompt in prompts[1:4]:
        api.patch("/prompts/%d" % prompt["id"], {"marketIds": markets[:1], "personaIds": [persona]})
    cells = [(market, persona_) for market in [None] + markets for persona_ in (None, persona)]
    for n in range(160):
        moment = tracker.iso_timestamp(tracker.parse_timestamp("2026-11-15") + rng.uniform(0, 5 * 86400))
        prompt = rng.choice(prompts)
        named = rng.sample([1, 2, 3] if prompt in prompts[4:] else range(5), rng.choice([0, 1, 1, 2, 3]))
        lines = ["%d. **B%d**: %s." % (i, b, rng.choice(["great and reliable", "fine", "awful and slow"]))
                 for i, b in enumerate(named, 1)]
        lines += ["- **%s** - also good." % name for name in rng.sample(["Zeta", "Omicron", "Kappa"],
                                                                      rng.randint(0, 2))]
        add_chat(db, workspace["id"], prompt, rng.choice(["e1", "e2"]), moment, (),
                 ["https://%s/%d" % (rng.choice(["b0.com", "b2.com", "g2.com", "x.org", "reddit.com"]),
                                     rng.randint(0, 3)) for _ in range(rng.randint(0, 3))],
                 ["https://%s/%d" % (rng.choice(["g2.com", "read.net"]), rng.randint(0, 3))
                  for _ in range(rng.randint(0, 2))], text="\n".join(lines) or "nothing to say",
                 cell=cells[n % len(cells)])
    refresh(db)
    topics = sorted({prompt["topicId"] for prompt in prompts})
    assert len(topics) == 2
    api.patch("/prompts/%d" % prompts[2]["id"], {"topicId": topics[prompts[2]["topicId"] == topics[0]]})
    api.patch("/prompts/%d" % prompts[3]["id"], {"tags": ["x", "y"]})
    api.patch("/prompts/%d" % prompts[5]["id"], {"tags": []})
    gone = api.post("/topics", {"name": "V"}).json["data"]["id"]
    api.patch("/prompts/%d" % prompts[4]["id"], {"topicId": gone})
    api.delete("/topics/%d" % gone)
    api.delete("/prompts/%d" % prompts[0]["id"])
    api.delete("/brands/%d" % brands[3])
    api.patch("/brands/%d" % brands[4], {"type": "own", "trackedNames": ["p5"]})
    api.put("/source-categories/x.org", {"category": "editorial"})
    with db.write() as connection:  # chats deleted alone, their prompt kept
        connection.execute("DELETE FROM chats WHERE id % 10 = 3")
    with db.write() as connection:  # some chats' sources rewritten, as a re-extraction does
        chats = tracker.query_all(connection, "SELECT * FROM chats WHERE id % 7 = 1")
        sources = tracker.query_all(connection, "SELECT * FROM chat_sources WHERE chat_id % 7 = 1")
        for chat in chats:
            tracker.set_named(connection, chat["id"], (0, 0))
        connection.execute("DELETE FROM chat_sources WHERE chat_id % 7 = 1")
        connection.executemany("INSERT INTO chat_sources (%s) VALUES (%s)" % (
            ", ".join(sources[0]), ", ".join("?" * len(sources[0]))),
            [tuple(source.values()) for source in sources])
        for chat in chats:
            tracker.set_named(connection, chat["id"], (chat["own_named"], chat["competitor_named"]))
    with db.write() as connection:  # answers the provider cut short for length
        connection.execute("UPDATE chats SET truncated = 1 WHERE id % 6 = 2")
    refresh(db)
    assert [row["branded"] for row in api.get("/prompts").json["data"]["data"]] == \
        [True, False, False, True, False]  # p5, p4, p3, p2, p1
    return api, {"prompt": prompts[1]["id"], "topic": prompts[1]["topicId"],
                 "tag": prompts[1]["tags"][0]["id"], "brand": brands[1], "market": markets[0],
                 "persona": persona}


def refresh(db):
    """Run the brand refresh and the moves between groups that the changes asked for to
    their end, as the worker does."""
    while tracker.refresh_brand_rows(db) or tracker.regroup_prompt(db):
        pass


RANDOM_API, RANDOM_IDS = build_random_workspace()
# Windows start anywhere in the data, to the millisecond, and last up to four days.
windows = st.tuples(st.integers(0, 5 * 86400 * 1000), st.integers(1, 4 * 86400 * 1000)).map(
    lambda w: (tracker.iso_timestamp(tracker.parse_timestamp("2026-11-15") + w[0] / 1000),
               tracker.iso_timestamp(tracker.parse_timestamp("2026-11-15") + (w[0] + w[1]) / 1000)))
by_time = {"engine": st.sampled_from(["e1", "e2"]), "interval": st.sampled_from(["day", "week"]),
           "compare": st.just("previous")}
by_prompt = {"location": st.just("US"), "promptId": st.just(str(RANDOM_IDS["prompt"])),
             "topicId": st.just(str(RANDOM_IDS["topic"])), "tagId": st.just(str(RANDOM_IDS["tag"])),
             "branded": st.sampled_from(["true", "false"]),
             "truncated": st.sampled_from(["true", "false"])}
by_cell = {"marketId": st.just(str(RANDOM_IDS["market"])),
           "personaId": st.just(str(RANDOM_IDS["persona"]))}
filters = st.one_of(st.fixed_dictionaries({}, optional=dict(by_time, **by_cell)),
                    st.fixed_dictionaries({}, optional=dict(by_time, **by_prompt, **by_cell)))


# The lists read from the rollups of stored categories, names and flags.
INTELLIGENCE_LISTS = ("/analytics/sources?groupBy=category", "/analytics/discovered-brands",
                      "/analytics/gaps/prompts", "/analytics/gaps/domains")


def raw_only(scope, rollups, weeks=True, connection=None, seen_times=False):
    return [("raw", scope)]


@contextlib.contextmanager
def per_chat_rows_only():
    """Answer from the per-chat rows alone: no rollup part, no gap prompts found from one,
    the chats' gap flags worked out from their brand rows (as while a refresh is pending),
    not read as stored, and URLs counted by distinct chats, as the domains are; and no answer
    kept by its ETag (AnswerCache), which would send the rollups' answer of the same request
    again rather than compute it."""
    every_url_by_distinct_chats = {"raw": tracker.SOURCE_PART["raw"]}  # raw_only's one part
    one_domain_by_distinct_chats = {
        kind: (sql, tracker.of_domain(conditions))
        for kind, (sql, conditions) in every_url_by_distinct_chats.items()}
    with unittest.mock.patch.object(tracker, "scope_parts", raw_only), \
            unittest.mock.patch.object(tracker, "gap_candidates", lambda connection, scope: None), \
            unittest.mock.patch.object(tracker, "topic_and_tag_parts", lambda *_, **__: None), \
            unittest.mock.patch.object(tracker.AnswerCache, "get", lambda *_: None), \
            unittest.mock.patch.object(tracker.AnswerCache, "put", lambda *_: None), \
            unittest.mock.patch.object(tracker, "EVERY_URL_PART", every_url_by_distinct_chats), \
            unittest.mock.patch.object(tracker, "URL_PART", one_domain_by_distinct_chats), \
            unittest.mock.patch.dict(tracker.PROMPT_FLAGS, tracker.PROMPT_FLAGS_READ_NOW):
        yield


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(windows, filters)
def test_rollups_and_per_chat_rows_agree(window, params):
    params = dict(params, **{"from": window[0], "to": window[1]})
    source_params = {k: v for k, v in params.items() if k not in ("interval", "compare")}
    requests = [("/analytics/rankings", params),
                ("/analytics/sources", dict(source_params, perPage="100")),
                ("/analytics/sources", dict(source_params, perPage="100", groupBy="url",
                                            domain="g2.com")),
                ("/analytics/sources", dict(source_params, perPage="100", groupBy="url")),
                ("/analytics/chats", source_params),
                ("/analytics/chats", dict(source_params, brandId=str(RANDOM_IDS["brand"])))]
    requests += [(path, dict(source_params, perPage="100")) for path in INTELLIGENCE_LISTS]
    fast = [RANDOM_API.get(path, params=query).json for path, query in requests]
    with per_chat_rows_only():
        slow = [RANDOM_API.get(path, params=query).json for path, query in requests]
    assert fast == slow


@pytest.mark.parametrize("filters", [
    {"topicId": "topic"}, {"tagId": "tag"}, {"topicId": "topic", "location": "DE"},
    {"location": "DE"}, {"topicId": "topic", "tagId": "tag"}])
def test_a_week_begun_before_the_window_is_read_whole_less_its_chats_before_the_start(filters):
    """A window starting on a Wednesday at 6 a.m. after chats of its group that week, ending
    after the last chat: the week it starts within is read from its weekly rollups, less the
    chats before the start (2 days and 6 hours), rather than its chats from the start (4
    days and 18 hours), where no daily rollup answers (a topic's names, a topic's brands in a
    location); a location's names, kept per day too, read its whole days from those and the
    18 hours before them from its chats. The rankings, the lists and the chats are the
    per-chat rows' either way, and a topic's with a tag (topic_and_tag_parts)."""
    params = {key: RANDOM_IDS[value] if key.endswith("Id") else value
              for key, value in filters.items()}
    window = {"from": "2026-11-18T06:00:00.000Z", "to": "2026-11-30T00:00:00.000Z"}
    scope = tracker.ChatScope(RANDOM_API.workspace_id, window["from"], window["to"],
                              topic_id=params.get("topicId"), tag_id=params.get("tagId"),
                              location=params.get("location"))
    with RANDOM_API.client.app.config["tracker.db"].read() as connection:
        assert tracker.query_one(connection, "SELECT count(*) AS n FROM chats WHERE created_at "
                                 ">= '2026-11-16' AND created_at < ?", (window["from"],))["n"]
        parts = tracker.scope_parts(scope, tracker.NAME_SUMS, connection=connection)
    # (a topic with a tag: one group's rollups less a few prompts, topic_and_tag_parts)
    assert (("less chats", scope.shifted("2026-11-16T00:00:00.000Z", window["from"])) in parts
            or scope.group_key() is None
            or (scope.location and ("chats", scope.shifted(window["from"], "2026-11-19T00:00:00.000Z"))
                in parts))
    query = dict(window, **{key: str(value) for key, value in params.items()})
    requests = [("/analytics/rankings", query), ("/analytics/chats", query)]
    requests += [(path, dict(query, perPage="100")) for path in INTELLIGENCE_LISTS]
    fast = [RANDOM_API.get(path, params=query).json for path, query in requests]
    with per_chat_rows_only():
        assert fast == [RANDOM_API.get(path, params=query).json for path, query in requests]


def test_a_locations_first_week_without_chats_before_the_start_is_read_whole_its_times_sought():
    """A location's domains and one domain's URLs over a window starting at its week's first
    chat: that week is read from the location's rollups (its weekly URLs keep no first time)
    and each row's first time sought in its rows, a seek of a few rows, rather than the
    location's chats of the days before the next week (under a topic they are read still:
    a seek there reads other prompts' rows). The answers are the per-chat rows'."""
    with RANDOM_API.client.app.config["tracker.db"].read() as connection:
        start = tracker.first_chat_from(connection, RANDOM_API.workspace_id, "2026-11-16T00:00:00.000Z")
        assert start < "2026-11-17"
        window = {"from": start, "to": "2026-11-23T00:00:00.000Z"}
        for topic_id, kind in ((None, "domain_weekly"), (RANDOM_IDS["topic"], "chats")):
            scope = tracker.ChatScope(RANDOM_API.workspace_id, start, window["to"], location="DE",
                                      domain="g2.com", topic_id=topic_id)
            assert [kind for kind, _ in tracker.scope_parts(
                scope, tracker.URL_PART, connection=connection, seen_times=True)] == [kind]
    requests = [dict(window, location=location, perPage="100", **more)
                for location in ("US", "DE")
                for more in ({}, {"groupBy": "url", "domain": "g2.com"}, {"engine": "e1"},
                             {"groupBy": "url", "domain": "g2.com", "engine": "e2"},
                             {"groupBy": "url", "domain": "g2.com", "topicId": str(RANDOM_IDS["topic"])})]
    fast = [RANDOM_API.get("/analytics/sources", params=query).json for query in requests]
    with per_chat_rows_only():
        assert fast == [RANDOM_API.get("/analytics/sources", params=query).json for query in requests]
    assert all(answer["data"] for answer in fast[:2] + fast[5:7])


def test_a_locations_names_per_day_are_its_chats_names():
    """location_daily_names holds, per location, day, engine and name, the chats asked from
    the location naming it and their mentions, after the random workspace's chats were
    deleted (their names taken off before the cascade that deletes them, when the chat can
    no longer be found) and read again (their names deleted and written anew); a location's
    names on the days of a window's first week are read from it, not from its chats: the
    per-chat rows' answers."""
    with RANDOM_API.client.app.config["tracker.db"].read() as connection:
        assert [tuple(row.values()) for row in tracker.query_all(
            connection, "SELECT * FROM location_daily_names WHERE chats ORDER BY 1, 2, 3, 4, 5")] == [
            tuple(row.values()) for row in tracker.query_all(connection, """
                SELECT x.workspace_id, c.location, substr(x.created_at, 1, 10), x.engine,
                       x.name_key, count(*), sum(x.mentions)
                FROM chat_names x JOIN chats c ON c.id = x.chat_id WHERE c.location IS NOT NULL
                GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5""")]
        assert not tracker.query_all(connection, "SELECT * FROM location_daily_names WHERE NOT chats "
                                     "AND mentions")
        window = {"from": "2026-11-18T00:00:00.000Z", "to": "2026-11-30T00:00:00.000Z"}
        scope = tracker.ChatScope(RANDOM_API.workspace_id, window["from"], window["to"], location="DE")
        assert ("location_daily", scope.shifted(window["from"], "2026-11-23T00:00:00.000Z")) in \
            tracker.scope_parts(scope, tracker.NAME_SUMS, connection=connection)
    requests = [(path, dict(window, location=location, perPage="100", **more))
                for path in ("/analytics/discovered-brands", "/analytics/sources")
                for location in ("US", "DE") for more in ({}, {"engine": "e1"})]
    fast = [RANDOM_API.get(path, params=query).json for path, query in requests]
    with per_chat_rows_only():
        assert fast == [RANDOM_API.get(path, params=query).json for path, query in requests]
    assert all(answer["data"]["total"] for answer in fast[:4])


def test_a_locations_gap_prompts_over_a_whole_week_are_the_per_chat_rows():
    """A location's gap prompts are summed for the candidates alone: the prompts that name
    no own brand there on the window's whole weeks, a seek per prompt through the index of
    location_weekly_prompts by prompt (a topic's, tag's or branded filter's prompts among
    them, which the candidates replace); the answers are the per-chat rows'."""
    window = {"from": "2026-11-14T06:00:00.000Z", "to": "2026-11-24T12:00:00.000Z"}
    scope = tracker.ChatScope(RANDOM_API.workspace_id, window["from"], window["to"], location="US")
    with RANDOM_API.client.app.config["tracker.db"].read() as connection:
        assert tracker.gap_candidates(connection, scope) is not None
    requests = [dict(window, location=location, perPage="100", **narrowed)
                for location in ("US", "DE")
                for narrowed in ({}, {"topicId": str(RANDOM_IDS["topic"])},
                                 {"tagId": str(RANDOM_IDS["tag"])}, {"branded": "false"},
                                 {"engine": "e1"}, {"truncated": "false"}, {"shown": "true"})]
    fast = [RANDOM_API.get("/analytics/gaps/prompts", params=query).json for query in requests]
    with per_chat_rows_only():
        slow = [RANDOM_API.get("/analytics/gaps/prompts", params=query).json for query in requests]
    assert fast == slow
    assert [answer["data"]["total"] for answer in fast[::7]] == [2, 0]


def test_a_locations_gap_candidates_are_the_prompts_asked_there():
    """The gap candidates are the prompts asked from the location in the weeks holding the
    window (not every other location's prompts too, each then sought in the edge days'
    chats), here all of them but the edge days': the window's one whole week holds no chat,
    so its gap prompts are all found in the chats of its first days; the answers are the
    per-chat rows'."""
    window = {"from": "2026-11-18T06:00:00.000Z", "to": "2026-11-30T00:00:00.000Z"}
    with RANDOM_API.client.app.config["tracker.db"].read() as connection:
        for location in ("US", "DE"):
            scope = tracker.ChatScope(RANDOM_API.workspace_id, window["from"], window["to"],
                                      location=location)
            asked = [row["prompt_id"] for row in tracker.query_all(connection, """
                SELECT DISTINCT c.prompt_id FROM chats c JOIN prompts p ON p.id = c.prompt_id
                WHERE c.workspace_id = ? AND c.location = ? AND c.created_at >= ?
                  AND c.created_at < ? ORDER BY 1""",
                (RANDOM_API.workspace_id, location, "2026-11-16", window["to"]))]
            assert tracker.gap_candidates(connection, scope) == tuple(asked)
            assert 0 < len(asked) < 5
    requests = [dict(window, location=location, perPage="100", **narrowed)
                for location in ("US", "DE") for narrowed in ({}, {"engine": "e2"})]
    fast = [RANDOM_API.get("/analytics/gaps/prompts", params=query).json for query in requests]
    with per_chat_rows_only():
        slow = [RANDOM_API.get("/analytics/gaps/prompts", params=query).json for query in requests]
    assert fast == slow
    assert [answer["data"]["total"] for answer in fast] == [2, 2, 0, 0]


# Every prompt of the workspace, as gap_candidates sought them before the loose scan, in the
# place of its WITH and FROM clauses and binding their five parameters.
EVERY_PROMPT_BINDING_THE_LOOSE_SCANS = ("", """(SELECT id AS prompt_id FROM prompts
    WHERE coalesce(?, ?, ?, ?) IS NOT NULL AND workspace_id = ?) q""")


def test_a_locations_gap_candidates_are_sought_among_the_prompts_found_in_its_rows():
    """Without a topic, tag or branded filter a location's gap candidates are sought among
    the prompts its weekly rows hold, found in their index by prompt one seek each past the
    last (a loose scan), not among every prompt of the workspace, each sought twice; with a
    topic among the topic's. The candidates are the same either way."""
    window = ("2026-11-14T06:00:00.000Z", "2026-11-24T12:00:00.000Z")
    plain, plans, results = tracker.query_all, [], []

    def planned(connection, sql, params=()):
        if "own_chats > 0" in sql:
            plans.append(" ".join(row["detail"] for row in plain(connection, "EXPLAIN QUERY PLAN "
                                                                 + sql, params)))
        return plain(connection, sql, params)
    with RANDOM_API.client.app.config["tracker.db"].read() as connection:
        for location, topic_id in itertools.product(("US", "DE"), (None, RANDOM_IDS["topic"])):
            scope = tracker.ChatScope(RANDOM_API.workspace_id, *window, location=location,
                                      topic_id=topic_id)
            plans.clear()
            with unittest.mock.patch.object(tracker, "query_all", planned):
                found = tracker.gap_candidates(connection, scope)
            assert ("RECURSIVE STEP" in plans[0]) == (topic_id is None)
            with unittest.mock.patch.object(tracker, "GAP_CANDIDATES_ASKED_AT_LOCATION",
                                            EVERY_PROMPT_BINDING_THE_LOOSE_SCANS):
                assert found == tracker.gap_candidates(connection, scope)
            results.append(found)
    assert results[0]  # US's, without a topic


def test_a_topic_and_a_tag_count_chats_and_brands_from_one_groups_daily_rollups():
    """A topic and a tag at once count their chats and brand sums as one of the two groups'
    (its daily rollups, here the topic's, whose prompt has the tag too) less its prompts
    outside the other (none here), rather than each prompt's rows: the per-chat rows'
    answers, with either series."""
    window = {"from": "2026-11-14T06:00:00.000Z", "to": "2026-11-24T12:00:00.000Z"}
    scope = tracker.ChatScope(RANDOM_API.workspace_id, window["from"], window["to"],
                              topic_id=RANDOM_IDS["topic"], tag_id=RANDOM_IDS["tag"])
    with RANDOM_API.client.app.config["tracker.db"].read() as connection:
        for how in (tracker.CHAT_COUNTS, tracker.BRAND_SUMS):
            # no chat before the window's start or after its end: no edge to read
            assert [kind for kind, _ in tracker.topic_and_tag_parts(connection, scope, how)] == [
                "topic_tag_daily"]
    requests = [dict(window, topicId=str(RANDOM_IDS["topic"]), tagId=str(RANDOM_IDS["tag"]), **series)
                for series in ({}, {"interval": "day"}, {"interval": "week", "compare": "previous"})]
    fast = [RANDOM_API.get("/analytics/rankings", params=query).json for query in requests]
    with per_chat_rows_only():
        assert fast == [RANDOM_API.get("/analytics/rankings", params=query).json for query in requests]


# Windows of one to two weeks starting up to a week before the data: most hold its whole
# week (Monday 16th to 23rd), which the weekly rollup of URLs answers, and edges of days.
long_windows = st.tuples(st.integers(0, 7 * 86400 * 1000), st.integers(7 * 86400 * 1000,
                                                                      14 * 86400 * 1000)).map(
    lambda w: (tracker.iso_timestamp(tracker.parse_timestamp("2026-11-08") + w[0] / 1000),
               tracker.iso_timestamp(tracker.parse_timestamp("2026-11-08") + (w[0] + w[1]) / 1000)))


@contextlib.contextmanager
def group_urls_from_one_week():
    """A topic's or tag's URLs read from its weekly URLs from one whole week on, not from
    reads_group_urls' few weeks on: the random workspace's chats span two weeks."""
    with unittest.mock.patch.multiple(tracker, GROUP_URL_WEEKS=1, GROUP_DOMAIN_URL_WEEKS=1):
        yield


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(long_windows, filters)
def test_every_url_over_weeks_agrees_with_the_per_chat_rows(window, params):
    """A topic's or tag's URLs over a week or two come from its chats (reads_group_urls),
    and from its weekly URLs when those are read from one week on: the same answers. One
    domain's URLs too (its weeks and the days at the edges from the every-URL rollups)."""
    params = {k: v for k, v in params.items() if k not in ("interval", "compare")}
    query = dict(params, perPage="100", groupBy="url", **{"from": window[0], "to": window[1]})
    of_domain = dict(query, domain="g2.com")
    few_weeks = RANDOM_API.get("/analytics/sources", params=query).json
    with group_urls_from_one_week():
        fast = RANDOM_API.get("/analytics/sources", params=query).json
        exported = RANDOM_API.get("/analytics/sources", params=dict(query, format="ndjson")).body
        domain_fast = RANDOM_API.get("/analytics/sources", params=of_domain).json
    with per_chat_rows_only():
        slow = RANDOM_API.get("/analytics/sources", params=query).json
        domain_slow = RANDOM_API.get("/analytics/sources", params=of_domain).json
    assert fast == slow == few_weeks
    assert domain_fast == domain_slow
    # the export, domain by domain, reads each domain's weeks from the same weekly rollup
    exported = [json.loads(line) for line in exported.decode().splitlines()]
    assert sorted(exported, key=lambda url: url["url"]) == sorted(
        slow["data"]["data"], key=lambda url: url["url"])


def test_every_urls_pages_summed_then_described_are_the_per_chat_rows():
    """Every domain's URLs over whole 4 weeks or a whole week, whole days and hours (in
    four_weekly_urls, weekly_urls, daily_urls, the sources' rows) are summed URL by URL first,
    each page's URLs then given their domain, host and times by the same parts read for them
    alone, the 4 weeks as their weekly rows (summed_url_rows): page by page, and past the last
    page (the total alone), the per-chat rows' answers; truncated=false's too (the truncated
    chats taken off); a topic's are grouped in one statement, as before."""
    query = {"groupBy": "url", "perPage": "3"}
    # the 4 weeks from Monday 16th, whole after the last chat (19th); the week from Monday 9th;
    # the 4 weeks (week) a window starts within read as not whole, though no chat comes
    # before its start in them (last_chat_before said to be the start), as a busier file's are
    windows = {("2026-11-09T09:30:00.000Z", "2026-11-24T00:00:00.000Z"): "url_four_weekly",
               ("2026-11-09T00:00:00.000Z", "2026-11-18T12:00:00.000Z"): "url_weekly"}
    queries, expected, past = [], [], []
    for (start, end), weeks in windows.items():
        window = dict(query, **{"from": start, "to": end})
        total = RANDOM_API.get("/analytics/sources", params=window).json["data"]["total"]
        queries += [dict(window, page=str(page)) for page in range(1, total // 3 + 3)]
        expected += [["raw", "url_daily", weeks]] * (total // 3 + 2)
        past.append((len(queries) - 1, total))
    queries += [dict(window, truncated="false"), dict(window, topicId=str(RANDOM_IDS["topic"]))]
    expected.append(["chats", "raw", "url_daily", "url_weekly"])
    read, summed = [], tracker.summed_url_rows

    def spied(connection, kinds, page, per_page):
        read.append(sorted({tracker.signed_part(kind)[0] for kind, _ in kinds}))
        return summed(connection, kinds, page, per_page)
    fast = []
    with unittest.mock.patch.object(tracker, "summed_url_rows", spied), \
            unittest.mock.patch.object(tracker, "last_chat_before", lambda _, __, start: start):
        for query in queries:  # the page's parts (a page past the last counts them again)
            fast.append(RANDOM_API.get("/analytics/sources", params=query).json)
            del read[len(fast):]
    assert read == expected
    assert [(fast[index]["data"]["data"], fast[index]["data"]["total"])
            for index, total in past] == [([], total) for _, total in past]
    assert min(total for _, total in past) > 3
    with per_chat_rows_only():
        assert fast == [RANDOM_API.get("/analytics/sources", params=query).json
                        for query in queries]


def test_a_groups_urls_from_its_weekly_urls_take_their_times_from_the_rows():
    """The first and last times of a topic's or tag's URLs read from its weekly URLs are those
    its rows keep (group_weekly_urls' first_seen and last_seen), sought in the chats
    (source_seen) only for a URL whose rows hold one unknown (a prompt that left the group
    set it), and each URL's host is its weekly rows' (the weekly part reads none): the
    per-chat rows' times and hosts, for every URL and for one domain's, over the whole week,
    from a chat of the Sunday before it (or a millisecond after one) to its end or a
    millisecond after its last chat."""
    connection = RANDOM_API.client.app.config["tracker.db"].connection()
    real_source_seen, sought, shown = tracker.source_seen, [], set()
    for group, key, prompts in (
            ("topicId", "topic", "SELECT id FROM prompts WHERE topic_id = ?"),
            ("tagId", "tag", "SELECT prompt_id FROM prompt_tags WHERE tag_id = ?")):
        times = [row["created_at"] for row in tracker.query_all(
            connection, "SELECT created_at FROM chats WHERE prompt_id IN (%s) ORDER BY 1"
            % prompts, (RANDOM_IDS[key],))]
        sunday = [time for time in times if time < "2026-11-16"]
        after = tracker.iso_timestamp(tracker.parse_timestamp(times[-1]) + 0.001)
        windows = [("2026-11-16T00:00:00.000Z", "2026-11-23T00:00:00.000Z"),
                   (sunday[len(sunday) // 2], "2026-11-23T00:00:00.000Z"),
                   (tracker.iso_timestamp(tracker.parse_timestamp(sunday[0]) + 0.001), after)]
        unknown = {row["url"] for row in tracker.query_all(
            connection, "SELECT url FROM group_weekly_urls WHERE group_key = ? AND "
            "retrieved_chats > 0 AND (first_seen IS NULL OR last_seen IS NULL)",
            ("%s %d" % (key, RANDOM_IDS[key]),))}
        for (start, end), domain in itertools.product(windows, ({}, {"domain": "g2.com"})):
            query = dict({"from": start, "to": end, group: str(RANDOM_IDS[key]),
                          "groupBy": "url", "perPage": "100"}, **domain)
            with per_chat_rows_only():
                slow = RANDOM_API.get("/analytics/sources", params=query).json
            with group_urls_from_one_week(), unittest.mock.patch.object(
                    tracker, "source_seen", lambda connection, scope, domain, url, orders:
                    sought.append((url, url in unknown))
                    or real_source_seen(connection, scope, domain, url, orders)), \
                    unittest.mock.patch.object(tracker.AnswerCache, "get", lambda *_: None):
                assert RANDOM_API.get("/analytics/sources", params=query).json == slow
            assert all(row["firstSeenAt"] and row["lastSeenAt"] and row["host"]
                       for row in slow["data"]["data"]) and slow["data"]["data"]
            shown.update(row["url"] for row in slow["data"]["data"])
    assert sought and all(of_unknown for _, of_unknown in sought)
    assert shown - {url for url, _ in sought}


@pytest.mark.parametrize("filters", [{}, {"topic_id": "topic"}, {"tag_id": "tag"}, {"location": "DE"},
                                     {"engine": "e2"}, {"topic_id": "topic", "location": "US"}])
def test_a_names_first_and_last_chat_in_scope_are_sought_in_its_own_rows(filters):
    """name_seen seeks a name's rows through chat_names_key (NAME_ROWS), not every name's rows
    of the window: each name's latest chat and first and last times in scope are those of one
    pass over the scope's chats (names_in_chats), over the five days and over a window
    from a millisecond after a chat to a millisecond before another."""
    connection = RANDOM_API.client.app.config["tracker.db"].connection()
    filters = {name: RANDOM_IDS[value] if name.endswith("_id") else value
               for name, value in filters.items()}
    times = [row["created_at"] for row in tracker.query_all(
        connection, "SELECT created_at FROM chats ORDER BY created_at")]
    seen = []
    for start, end in (("2026-11-15T00:00:00.000Z", "2026-11-21T00:00:00.000Z"),
                       (tracker.iso_timestamp(tracker.parse_timestamp(times[20]) + 0.001),
                        tracker.iso_timestamp(tracker.parse_timestamp(times[-20]) - 0.001))):
        scope = tracker.ChatScope(RANDOM_API.workspace_id, start, end, **filters)
        expected = {key: seen for key, (_, seen) in
                    tracker.names_in_chats(connection, [("chats", scope)]).items()}
        assert {key: tracker.name_seen(connection, scope, key) for key in expected} == expected
        seen.append(len(expected))
    assert all(seen)


def test_a_slice_of_under_a_second_reads_its_windows_chats_whatever_its_prompts():
    """A scope narrowed to prompts (branded, a topic, a list) over less than a second, as a
    window before's first millisecond, reads the window's chats (a few), not a seek of each
    of its prompts' (500 branded prompts at the benchmark's full size); a second or more, its
    prompts' chats; the chats counted are the per-chat rows'."""
    start = "2026-11-16T23:59:59.999Z"
    for filters in ({"branded": True}, {"topic_id": RANDOM_IDS["topic"]}, {"prompt_ids": (1, 2)}):
        for end, index in (("2026-11-17T00:00:00.000Z", "chats_workspace_created"),
                           ("2026-11-17T00:00:00.998Z", "chats_workspace_created"),
                           ("2026-11-17T00:00:00.999Z", "chats_prompt")):
            assert tracker.ChatScope(1, start, end, **filters).chats_index() == index
    connection = RANDOM_API.client.app.config["tracker.db"].connection()
    counted = []
    for row in tracker.query_all(connection, "SELECT created_at FROM chats ORDER BY created_at"):
        end = tracker.iso_timestamp(tracker.parse_timestamp(row["created_at"]) + 0.001)
        for branded in (True, False):
            scope = tracker.ChatScope(RANDOM_API.workspace_id, row["created_at"], end, branded=branded)
            with per_chat_rows_only():
                slow = tracker.count_chats(connection, scope)
            assert tracker.count_chats(connection, scope) == slow
            counted.append(slow.get(None, 0))
    assert sorted(set(counted)) == [0, 1]


def test_one_prompts_discovered_names_are_counted_and_timed_in_one_pass(api, db):
    """A prompt's discovered names, read from its chats alone, are counted and their first
    and last chats found in one statement over its chats and name rows (names_in_chats), not
    a second pass for the names shown (a prompt's year at the benchmark's full size, 5.8 ->
    3.3 ms of CPU); of two chats at the same time the latest is the greater id, the name as
    written there."""
    prompt = api.post("/prompts", {"prompts": [{"text": "best crm"}]}).json["data"]["prompts"][0]
    times = ["2026-11-19T10:00:00.000Z", "2026-11-20T10:00:00.000Z", "2026-11-20T10:00:00.000Z"]
    chats = [add_chat(db, api.workspace_id, prompt, engine, at, text="- **%s** - good." % name)
             for engine, at, name in zip(("e1", "e1", "e2"), times,
                                         ("Zeta Works", "ZETA Works", "Zeta WORKS"))]
    api.post("/brands", {"name": "Acme"})  # the brand refresh reads the answers' names
    refresh(db)
    statements, real_query_all = [], tracker.query_all
    with unittest.mock.patch.object(tracker, "query_all", lambda connection, sql, params=():
                                    statements.append(sql) or real_query_all(connection, sql, params)):
        data = api.get("/analytics/discovered-brands", params=dict(
            WINDOW, promptId=str(prompt["id"]))).json["data"]["data"]
    assert [(row["name"], row["chats"], row["firstSeenAt"], row["lastSeenAt"], row["exampleChatId"])
            for row in data] == [("Zeta WORKS", 3, times[0], times[2], chats[2])]
    assert sum("chat_names x" in sql for sql in statements) == 1


@pytest.mark.parametrize("filters", [{}, {"topic_id": "topic"}, {"tag_id": "tag"}, {"location": "DE"},
                                     {"engine": "e1"}, {"truncated": False}, {"branded": False},
                                     {"branded": True}, {"topic_id": "topic", "branded": False}])
def test_a_domains_first_and_last_time_are_sought_in_its_own_rows(filters):
    """source_seen seeks a domain's rows (chat_sources_domain, named), not every domain's of
    the window, and tests each row's chat for the branded (or unbranded) prompts by its
    prompt (prompt_conditions(correlated=True)), not against those prompts listed first: the
    first and last time of each domain, and of one URL of it, are the per-chat rows' min and
    max in scope."""
    connection = RANDOM_API.client.app.config["tracker.db"].connection()
    filters = {name: RANDOM_IDS[value] if name.endswith("_id") else value
               for name, value in filters.items()}
    scope = tracker.ChatScope(RANDOM_API.workspace_id, "2026-11-15T00:00:00.000Z",
                              "2026-11-21T00:00:00.000Z", **filters)
    where, params = scope.row_conditions("x")
    rows = tracker.query_all(connection, "SELECT x.domain, max(x.url) AS url, min(x.created_at) AS "
                             "first, max(x.created_at) AS last FROM chat_sources x WHERE %s "
                             "GROUP BY x.domain" % where, params)
    assert rows and {row["domain"]: tracker.source_seen(connection, scope, row["domain"])
                     for row in rows} == {row["domain"]: (row["first"], row["last"]) for row in rows}
    for row in rows:
        where_url = where + " AND x.url = ?"
        assert tracker.source_seen(connection, scope, row["domain"], row["url"]) == tuple(
            tracker.query_one(connection, "SELECT %s(x.created_at) AS at FROM chat_sources x "
                              "WHERE %s" % (name, where_url), params + [row["url"]])["at"]
            for name in ("min", "max"))
    seek = scope.row_conditions("x", seek=True)[0]
    assert ("EXISTS (SELECT 1 FROM prompts p" in seek) is ("branded" in filters)


@pytest.mark.parametrize("filters", [{}, {"topicId": "topic"}, {"location": "US"}, {"engine": "e1"},
                                     {"truncated": "false"}, {"tagId": "tag", "branded": "false"}])
def test_the_chats_naming_a_brand_are_counted_from_its_own_sums(filters):
    """A page of the chats naming a brand counts them from that brand's sums alone
    (one_brand): for each brand, as many as the pages list, and as the per-chat rows count."""
    params = dict({name: str(RANDOM_IDS[value]) if name.endswith("Id") else value
                   for name, value in filters.items()},
                  **{"from": "2026-11-15T00:00:00.000Z", "to": "2026-11-21T00:00:00.000Z",
                     "perPage": "100"})
    totals = []
    for brand in RANDOM_API.get("/brands").json["data"]:
        query = dict(params, brandId=str(brand["id"]))
        page = RANDOM_API.get("/analytics/chats", params=query).json["data"]
        with per_chat_rows_only():
            slow = RANDOM_API.get("/analytics/chats", params=query).json["data"]
        assert page == slow and page["total"] == len(page["data"]) < 100
        assert all(brand["id"] in [mention["brandId"] for mention in chat["mentions"]
                                   if mention["position"] is not None] for chat in page["data"])
        totals.append(page["total"])
    assert sum(totals) > 0


def test_one_domains_urls_on_whole_days_of_two_weeks_are_the_per_chat_rows():
    """A window of whole days across two weeks, with no whole week (Saturday 14th to Thursday
    19th): one domain's URLs from the daily rollup of every URL, sought by the domain's URLs
    of both weeks' rows, as the per-chat rows and the domain's export answer."""
    window = {"from": "2026-11-14T00:00:00.000Z", "to": "2026-11-19T00:00:00.000Z"}
    scope = tracker.ChatScope(RANDOM_API.workspace_id, window["from"], window["to"],
                              domain="g2.com")
    assert tracker.scope_parts(scope, tracker.URL_PART) == [("url_daily", scope)]
    query = dict(window, groupBy="url", domain="g2.com", perPage="100")
    fast = RANDOM_API.get("/analytics/sources", params=query).json
    with per_chat_rows_only():
        assert fast == RANDOM_API.get("/analytics/sources", params=query).json
    assert {row["domain"] for row in fast["data"]["data"]} == {"g2.com"}
    assert fast["data"]["total"] > 1


@pytest.mark.parametrize("after", [1, 0])
def test_the_week_and_day_a_window_ends_within_are_read_whole_unless_a_chat_follows(after):
    """A window ending within a week (and a day) with no chat of the workspace after its end
    in them reads their rollup rows (one seek of the chats after the end tells); a chat at
    the end itself, in the same bucket, sends that bucket back to the per-chat rows. Both
    answer what the per-chat rows do."""
    db = RANDOM_API.client.app.config["tracker.db"]
    with db.read() as connection:
        last = tracker.query_one(connection, "SELECT max(created_at) AS at FROM chats")["at"]
        end = tracker.iso_timestamp(tracker.parse_timestamp(last) + after / 1000)
        scope = tracker.ChatScope(RANDOM_API.workspace_id, "2026-11-16T00:00:00.000Z", end)
        parts = tracker.scope_parts(scope, tracker.EVERY_URL_PART, connection=connection)
        days = tracker.scope_parts(scope, tracker.BRAND_SUMS, weeks=False, connection=connection)
    last_day = tracker.day_start(last[:10])
    next_day = tracker.day_start((datetime.date.fromisoformat(last[:10])
                                  + datetime.timedelta(days=1)).isoformat())
    if after:
        assert parts == [("url_weekly", scope.shifted(scope.start, "2026-11-23T00:00:00.000Z"))]
        assert days == [("daily", scope.shifted(scope.start, next_day))]
    else:  # the whole days from the daily rollups, the last one's chats before the end
        assert parts == [("url_daily", scope.shifted(scope.start, last_day)),
                         ("raw", scope.shifted(last_day, end))]
        assert days == [("daily", scope.shifted(scope.start, last_day)),
                        ("raw", scope.shifted(last_day, end))]
    requests = [("/analytics/sources", {"groupBy": "url", "perPage": "100"}),
                ("/analytics/rankings", {"interval": "day"})]
    fast = [RANDOM_API.get(path, params=dict(query, **{"from": scope.start, "to": end})).json
            for path, query in requests]
    with per_chat_rows_only():
        assert fast == [RANDOM_API.get(path, params=dict(query, **{"from": scope.start, "to": end})).json
                        for path, query in requests]


@pytest.mark.parametrize("after", [0, 1])
def test_the_week_and_day_a_window_starts_within_are_read_whole_unless_a_chat_precedes(after):
    """The mirror image at the start: a window starting at the first chat (a year's window
    over a year of chats) reads the week it starts within from its rollup rows (one seek of
    the last chat before the start tells); a window starting just after it reads that
    chat's day from the per-chat rows. Both answer what the per-chat rows do."""
    db = RANDOM_API.client.app.config["tracker.db"]
    with db.read() as connection:
        first = tracker.query_one(connection, "SELECT min(created_at) AS at FROM chats")["at"]
        start = tracker.iso_timestamp(tracker.parse_timestamp(first) + after / 1000)
        scope = tracker.ChatScope(RANDOM_API.workspace_id, start, "2026-11-23T00:00:00.000Z")
        parts = tracker.scope_parts(scope, tracker.EVERY_URL_PART, connection=connection)
    monday = tracker.day_start((datetime.date.fromisoformat(first[:10]) - datetime.timedelta(
        days=datetime.date.fromisoformat(first[:10]).weekday())).isoformat())
    if after:  # the first chat's week is not whole, nor its day (a Sunday's)
        assert parts == [("url_weekly", scope.shifted("2026-11-16T00:00:00.000Z", scope.end)),
                         ("raw", scope.shifted(start, "2026-11-16T00:00:00.000Z"))]
    else:
        assert parts == [("url_weekly", scope.shifted(monday, scope.end))]
    requests = [("/analytics/sources", {"groupBy": "url", "perPage": "100"}),
                ("/analytics/rankings", {"interval": "day", "location": "US"}),
                ("/analytics/rankings", {"interval": "week", "compare": "previous"}),
                ("/analytics/gaps/prompts", {"location": "US"})]
    fast = [RANDOM_API.get(path, params=dict(query, **{"from": start, "to": scope.end})).json
            for path, query in requests]
    with per_chat_rows_only():
        assert fast == [RANDOM_API.get(path, params=dict(query, **{"from": start, "to": scope.end})).json
                        for path, query in requests]


@pytest.mark.parametrize("params", [
    {}, {"engine": "e1"}, {"location": "US"}, {"location": "DE", "engine": "e2"}, {"promptId": "prompt"},
    {"topicId": "topic"}, {"tagId": "tag", "interval": "day"}, {"topicId": "topic", "engine": "e1"},
    {"location": "US", "interval": "week", "compare": "previous"}, {"location": "US", "tagId": "tag"},
    {"topicId": "topic", "tagId": "tag"}, {"topicId": "topic", "tagId": "tag", "location": "US"},
    {"branded": "true"}, {"branded": "false", "interval": "day"}, {"branded": "true", "location": "US"},
    {"branded": "false", "topicId": "topic"}, {"truncated": "false"}, {"truncated": "true", "engine": "e1"},
    {"truncated": "true", "branded": "true", "engine": "e2"}, {"marketId": "market"},
    {"personaId": "persona", "engine": "e1", "interval": "day"},
    {"marketId": "market", "personaId": "persona", "compare": "previous"},
    {"marketId": "market", "location": "US"}, {"groupBy": "market"}, {"groupBy": "persona"}])
@pytest.mark.parametrize("end", ["2026-11-19T17:00:00.000Z", "2026-11-24T00:00:00.000Z"])
def test_each_filter_over_whole_days_agrees_with_the_per_chat_rows(params, end):
    """Each filter alone over days, or a whole week (Monday 16th to 23rd), with edges (the
    property above draws them rarely)."""
    params = {name: str(RANDOM_IDS[value]) if name in ("promptId", "topicId", "tagId", "marketId",
                                                       "personaId") else value
              for name, value in params.items()}
    params.update({"from": "2026-11-15T09:30:00.000Z", "to": end})
    chat_params = {k: v for k, v in params.items() if k not in ("interval", "compare", "groupBy")}
    requests = [("/analytics/rankings", params), ("/analytics/chats", chat_params),
                ("/analytics/chats", dict(chat_params, brandId=str(RANDOM_IDS["brand"]))),
                ("/analytics/sources", dict(chat_params, perPage="100")),
                ("/analytics/sources", dict(chat_params, perPage="100", groupBy="url",
                                            domain="g2.com")),
                ("/analytics/sources", dict(chat_params, perPage="100", groupBy="url"))]
    requests += [(path, dict(chat_params, perPage="100")) for path in INTELLIGENCE_LISTS]
    fast = [RANDOM_API.get(path, params=query).json for path, query in requests]
    with per_chat_rows_only():
        slow = [RANDOM_API.get(path, params=query).json for path, query in requests]
    assert fast[0]["data"]["chats"] > 0
    assert fast == slow
    if set(params) <= {"engine", "from", "to"}:  # then every list has rows
        assert all(answer["data"]["total"] > 0 for answer in fast[-4:])


def test_the_prompt_list_sorted_by_change_reads_whole_weeks_as_its_days_say():
    """The change's sort reads each window's whole weeks from the weekly rollup and the days
    left from the daily one: the order the daily rows alone give, whatever weekday the
    windows start on."""
    rng = random.Random(5)
    app = tracker.make_app(":memory:")
    db = app.config["tracker.db"]
    workspace = tracker.create_workspace(db, "Change")
    api = Api(webtest.TestApp(app), tracker.create_key(db, workspace["id"])["key"], workspace["id"])
    own = api.post("/brands", {"name": "Own", "type": "own"}).json["data"]["id"]
    prompts = api.post("/prompts", {"prompts": [{"text": "p%d" % i} for i in range(5)]}).json["data"]["prompts"]
    for day in range(75):
        for n, prompt in enumerate(prompts):
            moment = tracker.iso_timestamp(tracker.parse_timestamp("2026-10-01") + day * 86400
                                           + rng.uniform(0, 86400))
            named = rng.random() < (n + 1) / 6 * (1 + (day > 40) * (n % 2 - 0.5))
            add_chat(db, workspace["id"], prompt, rng.choice(["e1", "e2"]), moment,
                     [(own, 1, 0)] if named else [])
    daily = """(SELECT 1.0 * sum(d.own_chats) FILTER (WHERE d.day >= ?1)
                       / sum(d.chats) FILTER (WHERE d.day >= ?1)
                - 1.0 * sum(d.own_chats) FILTER (WHERE d.day < ?1) / sum(d.chats) FILTER (WHERE d.day < ?1)
                FROM prompt_daily_chats d WHERE d.prompt_id = p.id AND d.day >= ?2 AND d.day < ?3)"""
    connection = db.connection()
    for today in range(7):  # windows starting on each weekday
        end = datetime.date(2026, 12, 5) + datetime.timedelta(days=today)
        window = {"start": (end - datetime.timedelta(days=30)).isoformat(), "end": end.isoformat(),
                  "previous": (end - datetime.timedelta(days=60)).isoformat()}
        for sort, direction in (("-trend", "DESC"), ("trend", "ASC")):
            values = {"sort": sort, "status": None, "topicId": None, "tagId": None, "search": None,
                      "branded": None, "perPage": 20, "page": 1}
            expected = [row["id"] for row in tracker.query_all(
                connection, "SELECT p.id FROM prompts p WHERE p.workspace_id = ?4 ORDER BY %s %s "
                "NULLS LAST, p.id DESC" % (daily, direction),
                (window["start"], window["previous"], window["end"], workspace["id"]))]
            assert tracker.sorted_prompt_ids(connection, workspace["id"], values, window) == (5, expected)
    changes = tracker.query_all(connection, "SELECT %s AS change FROM prompts p" % daily,
                                (window["start"], window["previous"], window["end"]))
    assert len({round(row["change"], 9) for row in changes}) == 5  # five different changes


# Every window of the prompt list's sorts, and the filters it may take with them.
KEPT_SORTS = ("visibility", "-visibility", "answerRate", "-answerRate", "trend", "-trend")


def kept_and_computed(db, workspace_id, window, filters):
    """Each sort by a figure of the list (all its prompts on one page) as sorted_prompt_ids
    gives it, and as it computes it from the rollups."""
    connection = db.connection()
    values = [dict({"status": None, "topicId": None, "tagId": None, "search": None,
                    "branded": None, "perPage": 100, "page": 1}, sort=sort, **where)
              for sort in KEPT_SORTS for where in filters]
    given = [tracker.sorted_prompt_ids(connection, workspace_id, value, window) for value in values]
    with unittest.mock.patch.object(tracker, "prompt_list_kept", lambda *_: False):
        computed = [tracker.sorted_prompt_ids(connection, workspace_id, value, window)
                    for value in values]
    return given, computed


def test_the_prompt_lists_kept_figures_sort_as_the_rollups_do_at_every_moment(clock):
    """The figures kept per prompt give the list's sorts the order computed from the daily
    rollups, read while they are of the day's windows, through every path that changes a
    prompt's days: chats stored today, on a past day and after midnight, a brand refresh (and
    half of one), answers read again, a prompt moved, deleted or made, chats deleted, and the
    windows sliding, before the worker's recount (in batches, chats stored between them) and
    after it; each kept row holds its windows' sums of the daily rows (a row per engine at
    most its window's chats); and the analytics' prompts in scope (with an engine too) and gap
    candidates read from them are those computed."""
    rng = random.Random(3)
    app = tracker.make_app(":memory:", clock=clock, runs="off")
    db = app.config["tracker.db"]
    workspace = tracker.create_workspace(db, "Kept")["id"]
    api = Api(webtest.TestApp(app), tracker.create_key(db, workspace)["key"], workspace)
    acme, beta = (api.post("/brands", {"name": name, "type": kind}).json["data"]["id"]
                  for name, kind in (("Acme", "own"), ("Beta", "competitor")))
    prompts = api.post("/prompts", {"prompts": [
        {"text": "p%d" % i + (" or Acme" if i % 4 == 0 else ""), "topic": "TU"[i % 2],
         "tags": ["x"] if i % 3 else []} for i in range(9)]}).json["data"]["prompts"]
    api.patch("/prompts/%d" % prompts[1]["id"], {"status": "paused"})
    topic, tag = prompts[0]["topicId"], prompts[1]["tags"][0]["id"]
    filters = ({}, {"status": "paused"}, {"topicId": topic}, {"tagId": tag}, {"search": "acme"},
               {"branded": False})

    def chat(prompt, days_ago, seconds=None):
        named = rng.sample([(acme, "Acme"), (beta, "Beta")], rng.randint(0, 2))
        moment = clock.now - days_ago * 86400 if seconds is None else seconds
        return add_chat(db, workspace, prompt, rng.choice(["e1", "e2"]), tracker.iso_timestamp(moment),
                        [(brand, n, 0) for n, (brand, _) in enumerate(named, 1)],
                        text="\n".join("%d. **%s**: fine." % (n, name)
                                       for n, (_, name) in enumerate(named, 1)) or "none")

    def same(kept, window=None):
        """The orders and the kept sums checked; whether the figures were read (kept)."""
        window = window or tracker.prompt_list_window(db)
        connection = db.connection()
        assert kept in (None, tracker.prompt_list_kept(connection, workspace, window))
        given, computed = kept_and_computed(db, workspace, window, filters)
        assert given == computed
        for row in tracker.query_all(connection, "SELECT * FROM prompt_list_figures"):
            sums = tracker.query_one(connection, """
                SELECT coalesce(sum(chats) FILTER (WHERE day >= ?1), 0) AS chats,
                       coalesce(sum(own_chats) FILTER (WHERE day >= ?1), 0) AS own_chats,
                       coalesce(sum(shown) FILTER (WHERE day >= ?1), 0) AS shown,
                       coalesce(sum(chats) FILTER (WHERE day < ?1), 0) AS previous_chats,
                       coalesce(sum(own_chats) FILTER (WHERE day < ?1), 0) AS previous_own_chats,
                       coalesce(sum(chats) FILTER (WHERE day < date(?1, '-1 day')), 0) AS earlier_chats
                FROM prompt_daily_chats WHERE prompt_id = ?2 AND day >= ?3 AND day < ?4""",
                (row["window_start"], row["prompt_id"], row["window_previous"], row["window_end"]))
            assert {name: row[name] for name in sums} == sums
        for row in tracker.query_all(connection, "SELECT * FROM prompt_engine_figures"):
            assert 0 <= row["chats"] <= tracker.query_one(connection, """
                SELECT coalesce(sum(chats), 0) AS chats FROM prompt_daily_chats WHERE prompt_id = ?
                AND engine = ? AND day >= ? AND day < ?""", (row["prompt_id"], row["engine"],
                row["window_start"], row["window_end"]))["chats"]  # never more than it has
        in_scope_as_computed(connection)
        return tracker.prompt_list_kept(connection, workspace, window)

    def in_scope_as_computed(connection):
        """The analytics' prompts with a chat in scope, and gap candidates, read with the
        kept figures when their window lies within the scope's days (30 days to now, but not
        31 to a day ago while a chat is today's, nor from 28 days ago; the window before less
        its last day from 60 to 30 days ago, but not to 31), as computed."""
        scopes = [tracker.ChatScope(workspace, tracker.iso_timestamp(clock.now - days * 86400),
                                    tracker.iso_timestamp(clock.now - until * 86400), **narrowed)
                  for days, until in ((30, 0), (31, 1), (28, -1), (60, 30), (60, 31))
                  for narrowed in ({}, {"topic_id": topic}, {"branded": False}, {"engine": "e1"})]
        given = [(tracker.prompts_in_scope(connection, scope),
                  tracker.gap_candidates(connection, scope)) for scope in scopes]
        with unittest.mock.patch.object(tracker, "kept_prompt_window", lambda *_, **__: None):
            assert given == [(tracker.prompts_in_scope(connection, scope),
                              tracker.gap_candidates(connection, scope)) for scope in scopes]
        read = [tracker.kept_chats_test(connection, workspace, scope.start[:10], scope.end)
                for scope in scopes[::4]]
        assert read[2] is None
        read_kept.add(read[0] is not None)
        read_earlier.add(read[3] is not None and read[3][0] == tracker.KEPT_PROMPT_SQL % "earlier_chats")

    read_kept, read_earlier = set(), set()

    def recount_in_batches(before=None):
        """The worker's recount, four prompts a batch, the list checked after each: read
        from the kept figures after the last only, and never for the windows before."""
        read = []
        while tracker.recount_prompt_list(db, batch=4):
            read.append(same(kept=None))
            if before:
                same(kept=False, window=before)
        assert read == [False] * (len(read) - 1) + [True]

    for _ in range(240):  # 70 days back: both windows and the days before them
        chat(rng.choice(prompts), rng.uniform(0, 70))
    same(kept=False)  # not counted yet
    recount_in_batches()
    for days_ago in (0, 0.01, 5, 29.5, 31, 59.5, 65):  # today, the windows, before them
        chat(rng.choice(prompts), days_ago)
        same(kept=True)
    made = api.post("/prompts", {"prompts": [{"text": "p9"}]}).json["data"]["prompts"][0]
    same(kept=True)
    chat(made, 0)  # its first daily row gives it a kept row
    same(kept=True)
    api.patch("/brands/%d" % beta, {"type": "own"})  # a brand refresh, a batch at a time
    while tracker.refresh_brand_rows(db, batch=120) or tracker.regroup_prompt(db):
        same(kept=True)
    with db.write() as connection:  # answers read again: some showed none
        connection.execute("UPDATE chats SET shown = 0 WHERE id % 5 = 0")
    same(kept=True)
    assert len({tuple(ids) for _, ids in kept_and_computed(
        db, workspace, tracker.prompt_list_window(db), [{}])[0]}) == len(KEPT_SORTS)  # six orders
    api.patch("/prompts/%d" % prompts[2]["id"], {"topicId": topic})
    with db.write() as connection:  # chats deleted alone
        connection.execute("DELETE FROM chats WHERE id % 9 = 0")
    same(kept=True)
    api.delete("/prompts/%d" % prompts[4]["id"])
    same(kept=True)
    # Midnight: a list whose window was taken before it reads the kept figures without the
    # chats of the new day; after it, the figures are computed until the worker's recount.
    clock.now = tracker.parse_timestamp(tracker.utc_day(clock.now + 86400)) - 1
    before = tracker.prompt_list_window(db)
    clock.advance(2)
    chat(prompts[3], 0)
    same(kept=True, window=before)
    same(kept=False)
    assert tracker.recount_prompt_list(db, batch=4)  # prompts 1 to 4 counted
    same(kept=False, window=before)
    chat(prompts[0], 0)  # counted already
    chat(prompts[8], 1)  # not yet
    chat(api.post("/prompts", {"prompts": [{"text": "p10"}]}).json["data"]["prompts"][0], 0)
    same(kept=False)
    recount_in_batches(before)
    clock.advance(40 * 86400)  # the windows slid past most days
    same(kept=False)
    while tracker.recount_prompt_list(db):
        pass
    same(kept=True)
    chat(prompts[5], 0)
    same(kept=True)
    assert read_kept == read_earlier == {False, True}


def test_the_kept_chats_per_engine_count_a_prompt_only_for_a_chat_of_its_engine_in_scope(clock):
    """With an engine, the prompts in scope over the last 30 days are read from the kept chats
    per engine: a prompt answered by the engine today counts (its kept row), one answered by
    another engine alone does not, one whose engine's chat lies on the scope's first day
    (before the kept window) counts through its daily rows, one whose chat was deleted does
    not, and one first answered while its workspace's windows were being counted again (no
    kept row) counts through its daily rows: as computed without the kept figures."""
    app = tracker.make_app(":memory:", clock=clock, runs="off")
    db = app.config["tracker.db"]
    workspace = tracker.create_workspace(db, "Engines")["id"]
    api = Api(webtest.TestApp(app), tracker.create_key(db, workspace)["key"], workspace)
    recounted, today, other, first_day, deleted = api.post("/prompts", {"prompts": [
        {"text": "p%d" % i} for i in range(5)]}).json["data"]["prompts"]
    scope = tracker.ChatScope(workspace, tracker.iso_timestamp(clock.now - 30 * 86400),
                              tracker.iso_timestamp(clock.now + 1), engine="e1")
    for prompt, engine, moment in ((today, "e1", clock.now), (other, "e2", clock.now),
                                   (first_day, "e1", clock.now - 30 * 86400 + 60),
                                   (deleted, "e1", clock.now)):
        add_chat(db, workspace, prompt, engine, tracker.iso_timestamp(moment))
    with db.write() as connection:
        connection.execute("DELETE FROM chats WHERE prompt_id = ?", (deleted["id"],))
    while tracker.recount_prompt_list(db):
        pass
    clock.advance(86400)  # the next day: its windows counted again, a batch at a time
    assert tracker.recount_prompt_list(db, batch=2)  # its first two prompts
    add_chat(db, workspace, recounted, "e1", tracker.iso_timestamp(clock.now - 86400))
    while tracker.recount_prompt_list(db, batch=2):
        pass
    connection = db.connection()
    kept = tracker.query_all(connection, "SELECT prompt_id, engine, chats FROM "
                             "prompt_engine_figures ORDER BY prompt_id, engine")
    assert [tuple(row.values()) for row in kept] == [
        (today["id"], "e1", 1), (other["id"], "e2", 1), (deleted["id"], "e1", 0)]
    assert tracker.kept_prompt_window(connection, workspace, scope.start[:10], scope.end)
    assert tracker.prompts_in_scope(connection, scope) == 3
    with unittest.mock.patch.object(tracker, "kept_prompt_window", lambda *_, **__: None):
        assert tracker.prompts_in_scope(connection, scope) == 3


def workspace_with_brands(clock, name):
    """A workspace of its own app on clock (no runs) with an own brand, Acme, and a
    competitor, Beta: (db, workspace id, Api, Acme's id, Beta's id)."""
    app = tracker.make_app(":memory:", clock=clock, runs="off")
    db = app.config["tracker.db"]
    workspace = tracker.create_workspace(db, name)["id"]
    api = Api(webtest.TestApp(app), tracker.create_key(db, workspace)["key"], workspace)
    own = api.post("/brands", {"name": "Acme", "type": "own"}).json["data"]["id"]
    return db, workspace, api, own, api.post("/brands", {"name": "Beta"}).json["data"]["id"]


def test_the_prompts_of_a_scope_within_the_kept_windows_are_read_from_the_kept_rows(clock):
    """Without a filter on the prompts, the prompts with a chat in a scope within the kept
    figures' windows (the window before included), and the gap candidates, are read from the
    kept rows of the window (kept_source, KEPT_ROWS_SQL), not a seek of each prompt's row: a
    prompt asked on the scope's first day alone (before the kept window) counts through its
    daily rows; a scope reaching before the window before counts a prompt asked then alone
    (no kept row) through the prompts: as computed without the kept figures."""
    db, workspace, api, own, rival = workspace_with_brands(clock, "Rows")
    recent, first_day, old, named = api.post("/prompts", {"prompts": [
        {"text": "p%d" % i} for i in range(4)]}).json["data"]["prompts"]
    for prompt, seconds_ago, brand in ((recent, 3 * 86400, rival), (first_day, 30 * 86400 - 60, rival),
                                       (old, 80 * 86400, rival), (named, 2 * 86400, own)):
        add_chat(db, workspace, prompt, "e1", tracker.iso_timestamp(clock.now - seconds_ago),
                 brands=[(brand, 1, 0)], text="1. **%s**: good." % ("Acme" if brand == own else "Beta"))
    refresh(db)
    while tracker.recount_prompt_list(db):
        pass
    connection = db.connection()
    statements, real_query_all, given = [], tracker.query_all, []
    for days in (30, 90):
        scope = tracker.ChatScope(workspace, tracker.iso_timestamp(clock.now - days * 86400),
                                  tracker.iso_timestamp(clock.now + 1))
        statements.clear()
        with unittest.mock.patch.object(tracker, "query_all", lambda connection, sql, params=():
                                        statements.append(sql) or real_query_all(connection, sql, params)):
            given.append((tracker.prompts_in_scope(connection, scope),
                          tracker.gap_candidates(connection, scope),
                          sum(tracker.KEPT_ROWS_SQL in sql for sql in statements)))
        with unittest.mock.patch.object(tracker, "kept_prompt_window", lambda *_, **__: None):
            assert given[-1][:2] == (tracker.prompts_in_scope(connection, scope),
                                     tracker.gap_candidates(connection, scope))
    assert given == [(3, (recent["id"], first_day["id"]), 2),
                     (4, (recent["id"], first_day["id"], old["id"]), 0)]


def test_the_window_before_a_comparison_counts_its_prompts_from_the_kept_figures_at_its_edges(clock):
    """The window before 30 days to now (compare=previous) reads the kept figures of the window
    before less its last day: a prompt asked within them counts from its row, one asked on
    the comparison's first or last day (outside them) through its daily rows, and so does one
    asked on that last day after the comparison's end (the current window's first minutes),
    as the daily rows count whole days; a window before ending at midnight (the benchmark's)
    holds neither of those last two: as computed without the kept figures."""
    app = tracker.make_app(":memory:", clock=clock, runs="off")
    db = app.config["tracker.db"]
    workspace = tracker.create_workspace(db, "Before")["id"]
    api = Api(webtest.TestApp(app), tracker.create_key(db, workspace)["key"], workspace)
    prompts = api.post("/prompts", {"prompts": [{"text": "p%d" % i} for i in range(4)]}).json["data"]["prompts"]
    for prompt, days_ago in zip(prompts, (45, 30 + 1 / 1440, 60 - 1 / 1440, 30 - 1 / 1440)):
        add_chat(db, workspace, prompt, "e1", tracker.iso_timestamp(clock.now - days_ago * 86400))
    while tracker.recount_prompt_list(db):
        pass
    connection = db.connection()
    assert [(row["previous_chats"], row["earlier_chats"]) for row in tracker.query_all(
        connection, "SELECT * FROM prompt_list_figures ORDER BY prompt_id")] == [(1, 1), (1, 0), (0, 0), (1, 0)]
    for before, expected in ((tracker.ChatScope(workspace, tracker.iso_timestamp(clock.now - 60 * 86400),
                                                tracker.iso_timestamp(clock.now - 30 * 86400)), 4),
                             (tracker.ChatScope(workspace, tracker.day_start(tracker.utc_day(clock.now - 60 * 86400)),
                                                tracker.day_start(tracker.utc_day(clock.now - 30 * 86400))), 2)):
        kept = tracker.kept_chats_test(connection, workspace, before.start[:10], before.end)
        assert kept[0] == tracker.KEPT_PROMPT_SQL % "earlier_chats"
        assert tracker.prompts_in_scope(connection, before) == expected
        with unittest.mock.patch.object(tracker, "kept_prompt_window", lambda *_, **__: None):
            assert tracker.prompts_in_scope(connection, before) == expected


def test_a_topic_and_a_tag_read_as_one_group_less_its_prompts_outside_the_other():
    """Each topic with each tag: one of them (a topic within a tag, or a tag less its one
    prompt outside the topic) is read from its weekly group rollup, less the chats of its
    prompts outside the other, or the chats of both are read; the same answers, for the
    domains, the categories and the discovered names."""
    topics = [row["id"] for row in RANDOM_API.get("/topics").json["data"]]
    tags = [row["id"] for row in RANDOM_API.get("/tags").json["data"]]
    requests = [(path, {"topicId": str(topic), "tagId": str(tag), "perPage": "100",
                        "from": "2026-11-15T09:30:00.000Z", "to": "2026-11-24T00:00:00.000Z"})
                for path in ("/analytics/sources", "/analytics/sources?groupBy=category",
                             "/analytics/discovered-brands")
                for topic in topics for tag in tags]
    fast = [RANDOM_API.get(path, params=query).json for path, query in requests]
    with per_chat_rows_only():
        slow = [RANDOM_API.get(path, params=query).json for path, query in requests]
    assert fast == slow
    assert sum(answer["data"]["total"] > 0 for answer in fast) >= 6  # pairs sharing prompts


@pytest.mark.parametrize("filters, group", [
    ({"branded": True}, "branded 1"), ({"branded": False, "location": "DE"}, "branded 0 location DE"),
    ({"branded": True, "topic_id": 3}, None), ({"topic_id": 3}, "topic 3")])
def test_branded_prompts_are_a_group_of_their_own(filters, group):
    """The lists of a branded filter read the weekly rollups of the "branded 1" or
    "branded 0" group, as a topic's do; with a topic or tag too, the per-prompt ones."""
    scope = tracker.ChatScope(1, "2026-11-02T00:00:00.000Z", "2026-11-30T00:00:00.000Z", **filters)
    assert scope.group_key() == group
    assert tracker.scope_parts(scope, tracker.NAME_SUMS)[0][0] == ("group_weekly" if group else "chats")


def test_truncated_chats_are_read_from_their_rollups_and_taken_off_every_chats():
    """truncated=true reads the truncated chats' daily rollups for whole days and the chats
    at the edges through the partial index of truncated chats (few), or those chats alone
    with another filter; truncated=false is every chat, from the rollups, less those."""
    every = tracker.ChatScope(1, "2026-11-02T00:00:00.000Z", "2026-11-30T00:00:00.000Z")
    cut, whole = (dataclasses.replace(every, truncated=value) for value in (True, False))
    assert tracker.scope_parts(cut, tracker.BRAND_SUMS) == [("truncated_daily", cut)]
    assert tracker.scope_parts(whole, tracker.BRAND_SUMS) == [("daily", every),
                                                              ("less truncated_daily", cut)]
    edged = cut.shifted("2026-11-02T09:00:00.000Z", "2026-11-30T00:00:00.000Z")
    assert tracker.scope_parts(edged, tracker.SOURCE_PART, seen_times=True) == [
        ("truncated_daily", cut.shifted("2026-11-03T00:00:00.000Z", "2026-11-30T00:00:00.000Z")),
        ("chats", cut.shifted("2026-11-02T09:00:00.000Z", "2026-11-03T00:00:00.000Z"))]
    # without times, its first day read whole less its 9 hours before the start (15 in it)
    assert tracker.scope_parts(edged, tracker.SOURCE_PART) == [
        ("truncated_daily", cut),
        ("less chats", cut.shifted("2026-11-02T00:00:00.000Z", "2026-11-02T09:00:00.000Z"))]
    assert edged.chats_index() == "chats_truncated"
    # a list of prompts' cut chats (the gap candidates') are the window's, read from that index
    assert dataclasses.replace(cut, prompt_ids=(1, 2)).chats_index() == "chats_truncated"
    topic = dataclasses.replace(cut, topic_id=3)
    assert tracker.scope_parts(topic, tracker.BRAND_SUMS) == [("chats", topic)]
    assert tracker.scope_parts(cut, tracker.NAME_SUMS) == [("truncated_daily", cut)]



def truncated_rollup_rows(connection):
    """{table: rows} of the truncated chats' rollups, their rows at zero left out."""
    rows = {table: [tuple(row.values()) for row in tracker.query_all(connection, "SELECT * FROM %s" % table)]
            for table in tracker.TRUNCATED_ROLLUPS}
    return {table: sorted(row for row in found if any(row[3 if table == "truncated_daily_chats" else 4:]))
            for table, found in rows.items()}


def test_truncated_rollups_follow_chats_cut_short_changed_and_deleted(api, db, example):
    """truncated=true and false, and shown=true and false, answer over whole days (and with
    edges) as the per-chat rows do, and the truncated and unshown chats' rollups hold what
    their fill makes of the chats: after a chat stored cut short, a chat cut and one no
    longer, answers hidden and shown, brand rows and sources written again, and a chat
    deleted."""
    (_, p2), (acme, beta) = (api.get("/prompts/%d" % example[name]).json["data"] for name in ("p1", "p2")), \
        (example["acme"], example["beta"])
    edges = {"from": "2026-11-19T10:30:00.000Z", "to": "2026-11-20T10:30:00.000Z"}
    requests = [(path, dict(window, **filters)) for path in ("/analytics/rankings", "/analytics/sources")
                for window in (WINDOW, edges)
                for filters in ({"truncated": "true"}, {"truncated": "false"},
                                {"truncated": "false", "shown": "true"}, {"truncated": "true", "engine": "alpha"},
                                {"shown": "false"}, {"shown": "true", "engine": "alpha"})]

    def agree():
        fast = [api.get(path, params=query).json for path, query in requests]
        with per_chat_rows_only():
            assert [api.get(path, params=query).json for path, query in requests] == fast
        with db.write() as connection:
            kept = truncated_rollup_rows(connection)
            for table in tracker.TRUNCATED_ROLLUPS:
                connection.execute("DELETE FROM %s" % table)
            connection.execute(tracker.truncated_rollups_fill_sql())
            assert truncated_rollup_rows(connection) == kept
        return fast

    cut = add_chat(db, api.workspace_id, p2, "alpha", "2026-11-20T12:00:00.000Z",
                   [(acme, 1, 1), (beta, None, 1)], ["https://g2.com/a", "https://g2.com/c"],
                   consulted=["https://acme.com/y"], truncated=1)
    assert [answer["data"]["chats"] for answer in agree()[:2]] == [1, 4]
    with db.write() as connection:
        connection.execute("UPDATE chats SET truncated = 1 WHERE id = ?", (example["chats"][0],))
        connection.execute("UPDATE chats SET truncated = 0, shown = 0 WHERE id = ?", (cut,))
        connection.execute("UPDATE chats SET truncated = 1 WHERE id = ?", (cut,))
        connection.execute("UPDATE chats SET shown = 1 WHERE id = ?", (cut,))
        connection.execute("UPDATE chats SET shown = 0 WHERE id IN (?, ?)", example["chats"][:3:2])
        chat = tracker.query_one(connection, "SELECT * FROM chats WHERE id = ?", (cut,))
        connection.execute("DELETE FROM chat_sources WHERE chat_id = ?", (cut,))
        connection.execute("DELETE FROM chat_brands WHERE chat_id = ? AND brand_id = ?", (cut, beta))
        tracker.write_chat_sources(connection, chat, tracker.ChatReader(
            connection, api.workspace_id).categorised(tracker.extract_sources(tracker.Answer(
                "x", [{"url": "https://beta.io/z"}, {"url": "https://beta.io/q"}], {}))))
    assert [answer["data"]["chats"] for answer in agree()[:3]] == [2, 3, 2]
    with db.write() as connection:
        connection.execute("UPDATE chats SET shown = 0 WHERE id = ?", (cut,))
        connection.execute("DELETE FROM chats WHERE id = ?", (cut,))
    assert [answer["data"]["chats"] for answer in agree()[:3]] == [1, 3, 2]


def test_a_prompt_whose_own_brand_is_named_only_in_cut_chats_is_a_gap_without_them(api, db):
    """The gap prompts of truncated=false are found from every chat's per-prompt rollup
    (gap_candidates) and the prompts of the few chats taken off that name an own brand:
    here a prompt's only own mention is in a chat cut short."""
    own = api.post("/brands", {"name": "Acme", "type": "own"}).json["data"]["id"]
    rival = api.post("/brands", {"name": "Beta"}).json["data"]["id"]
    (prompt,) = api.post("/prompts", {"prompts": [{"text": "best crm"}]}).json["data"]["prompts"]
    cut = add_chat(db, 1, prompt, "e1", "2026-11-16T10:00:00.000Z", brands=[(own, 1, 0)],
                   text="1. **Acme**: good.")
    for day in (17, 18):
        add_chat(db, 1, prompt, "e1", "2026-11-%dT10:00:00.000Z" % day, brands=[(rival, 1, 0)],
                 text="1. **Beta**: good.")
    with db.write() as connection:
        connection.execute("UPDATE chats SET truncated = 1 WHERE id = ?", (cut,))
    refresh(db)  # the rollups of flags are read once the brands' refresh is done
    window = {"from": "2026-11-16", "to": "2026-11-19"}

    def gaps(**params):
        answer = api.get("/analytics/gaps/prompts", params=dict(window, **params)).json["data"]
        return [(gap["promptId"], gap["chats"]) for gap in answer["data"]]
    assert (gaps(), gaps(truncated="false"), gaps(truncated="true")) == ([], [(prompt["id"], 2)], [])

def test_a_prompt_naming_an_own_brand_beyond_its_cut_chats_is_no_gap_candidate(clock):
    """With truncated=false the prompts of the cut chats that name an own brand are gap
    candidates only while their kept figures count no more chats naming one than those cut
    (the kept days lie in the scope): a prompt naming one in a chat not cut too is none, one
    naming one in cut chats alone is, and the gap prompts are the per-chat rows'."""
    db, workspace, api, own, rival = workspace_with_brands(clock, "Cut")
    both, only_cut = api.post("/prompts", {"prompts": [{"text": "best crm"}, {"text": "best erp"}]}
                              ).json["data"]["prompts"]

    def chat(prompt, days_ago, brand, name):
        return add_chat(db, workspace, prompt, "e1", tracker.iso_timestamp(clock.now - days_ago * 86400),
                        brands=[(brand, 1, 0)], text="1. **%s**: good." % name)
    cut = [chat(prompt, 5, own, "Acme") for prompt in (both, only_cut)]
    for prompt in (both, only_cut):
        chat(prompt, 4, rival, "Beta")
    chat(both, 3, own, "Acme")
    with db.write() as connection:
        connection.executemany("UPDATE chats SET truncated = 1 WHERE id = ?", [(id_,) for id_ in cut])
    refresh(db)
    while tracker.recount_prompt_list(db):
        pass
    connection = db.connection()
    window = (tracker.iso_timestamp(clock.now - 30 * 86400), tracker.iso_timestamp(clock.now + 1))
    scope = tracker.ChatScope(workspace, *window, truncated=False)
    assert tracker.gap_candidates(connection, scope) == (only_cut["id"],)
    with unittest.mock.patch.object(tracker, "kept_prompt_window", lambda *_, **__: None):
        assert tracker.gap_candidates(connection, scope) == (both["id"], only_cut["id"])
    params = {"from": window[0], "to": window[1], "truncated": "false"}
    gaps = api.get("/analytics/gaps/prompts", params=params).json["data"]["data"]
    with per_chat_rows_only():
        assert api.get("/analytics/gaps/prompts", params=params).json["data"]["data"] == gaps
    assert [(gap["promptId"], gap["chats"]) for gap in gaps] == [(only_cut["id"], 1)]


def test_branded_figures_add_up_their_group_and_per_prompt_ones_every_chat_less_the_branded():
    """The chat counts and brand sums of branded=true or false add up the branded groups'
    daily rollup; figures per prompt, which have no such rollup, are every chat less the
    branded prompts' (the fewer in most workspaces), and so are the weekly lists of the
    prompts naming no brand, which no group rollup keeps."""
    every = tracker.ChatScope(1, "2026-11-02T00:00:00.000Z", "2026-11-30T00:00:00.000Z")
    branded, other = (dataclasses.replace(every, branded=value) for value in (True, False))
    for scope in (branded, other):
        assert tracker.scope_parts(scope, tracker.BRAND_SUMS) == [("branded_daily", scope)]
        assert tracker.scope_parts(scope, tracker.CHAT_COUNTS) == [("branded_daily", scope)]
    assert tracker.scope_parts(other, tracker.PROMPT_FLAGS) == [
        ("prompt_weekly", every), ("less prompt_weekly", branded)]
    assert tracker.scope_parts(other, tracker.NAME_SUMS) == [
        ("group_weekly", every), ("less group_weekly", branded)]


def test_a_prompt_that_becomes_branded_moves_its_figures_in_the_background(api, db):
    """Until the worker has moved a prompt whose flag changed (regroup_prompt), the
    rankings of branded=true and false are read from the per-prompt rollups, as before
    the branded groups' own; each answer is the per-chat rows' throughout."""
    brand = api.post("/brands", {"name": "Acme", "domains": ["acme.com"]}).json["data"]["id"]
    prompts = api.post("/prompts", {"prompts": [{"text": "best crm"}, {"text": "is Acme good"}]}
                       ).json["data"]["prompts"]
    for day in range(16, 20):
        for prompt in prompts:
            add_chat(db, 1, prompt, "e1", "2026-11-%dT10:00:00.000Z" % day, brands=[(brand, 1, 0)])

    def chats_and_mentions():
        params = [{"from": "2026-11-16", "to": "2026-11-20", "branded": branded}
                  for branded in ("true", "false")]
        fast = [api.get("/analytics/rankings", params=query).json["data"] for query in params]
        with per_chat_rows_only():
            assert [api.get("/analytics/rankings", params=query).json["data"]
                    for query in params] == fast
        return [(answer["chats"], answer["brands"][0]["visibility"]["numerator"]) for answer in fast]
    assert chats_and_mentions() == [(4, 4), (4, 4)]
    api.patch("/prompts/%d" % prompts[0]["id"], {"text": "best crm, Acme or not"})
    scope = tracker.ChatScope(1, "2026-11-16T00:00:00.000Z", "2026-11-20T00:00:00.000Z",
                              branded=True)
    assert "branded_daily" not in tracker.without_groups_behind(tracker.BRAND_SUMS, db.connection(),
                                                                scope)
    assert chats_and_mentions() == [(8, 8), (0, 0)]
    assert tracker.regroup_prompt(db)  # one step: out of "branded 0"
    assert chats_and_mentions() == [(8, 8), (0, 0)]
    while tracker.regroup_prompt(db):
        pass
    assert "branded_daily" in tracker.without_groups_behind(tracker.BRAND_SUMS, db.connection(), scope)
    assert chats_and_mentions() == [(8, 8), (0, 0)]
    assert tracker.query_all(db.connection(), """
        SELECT group_key, sum(chats) AS chats FROM branded_daily_chats GROUP BY 1 ORDER BY 1""") == [
        {"group_key": "branded 0", "chats": 0}, {"group_key": "branded 1", "chats": 8}]


def test_the_prompts_naming_no_brand_are_every_chat_less_the_branded_even_while_one_moves(api, db):
    """No weekly group rollup counts the prompts naming no tracked brand ("branded 0"): their
    lists are every chat's less the branded prompts', with a location or not, and while a
    prompt moves between the branded groups they are read from the daily rollups and chats."""
    api.post("/brands", {"name": "Acme", "domains": ["acme.com"]})
    prompts = api.post("/prompts", {"prompts": [{"text": "best crm", "location": "US"},
                                                {"text": "is Acme good"}]}).json["data"]["prompts"]
    for day in range(16, 30):
        for prompt in prompts:
            add_chat(db, 1, prompt, "e1", "2026-11-%dT10:00:00.000Z" % day,
                     urls=["https://%s.example/x" % prompt["id"], "https://g2.com/x"])
    assert tracker.query_all(db.connection(), """
        SELECT DISTINCT group_key FROM group_weekly_domains ORDER BY 1""") == [
        {"group_key": key} for key in ("all", "branded 1", "location US")]

    def lists():
        answers = []
        for params in ({"branded": "false"}, {"branded": "false", "location": "US"},
                       {"branded": "true"}):
            params.update({"from": "2026-11-16", "to": "2026-11-30"})
            fast = [api.get(path, params=params).json["data"] for path in GROUP_LISTS]
            with per_chat_rows_only():
                assert [api.get(path, params=params).json["data"] for path in GROUP_LISTS] == fast
            answers.append([(row["domain"], row["chats"]) for row in fast[0]["data"]])
        return answers
    first, second = ("%d.example" % prompt["id"] for prompt in prompts)
    assert lists() == [[(first, 14), ("g2.com", 14)], [(first, 14), ("g2.com", 14)],
                       [(second, 14), ("g2.com", 14)]]
    unbranded = tracker.ChatScope(1, "2026-11-16T00:00:00.000Z", "2026-11-30T00:00:00.000Z",
                                  branded=False)
    assert [kind for kind, _ in tracker.scope_parts(unbranded, tracker.SOURCE_PART)] == [
        "group_weekly", "less group_weekly"]
    api.patch("/prompts/%d" % prompts[0]["id"], {"text": "best crm, Acme or not"})
    assert tracker.regroup_prompt(db)  # one step: out of "branded 0", not yet in "branded 1"
    assert "group_weekly" not in tracker.without_groups_behind(tracker.NAME_SUMS, db.connection(),
                                                               unbranded)
    assert lists() == [[], [], [("g2.com", 28), (first, 14), (second, 14)]]
    while tracker.regroup_prompt(db):
        pass
    assert "group_weekly" in tracker.without_groups_behind(tracker.NAME_SUMS, db.connection(), unbranded)
    assert lists() == [[], [], [("g2.com", 28), (first, 14), (second, 14)]]


def test_branded_sources_read_whole_edge_days_from_their_daily_rollup_as_a_prompt_moves(api, db):
    """The sources of branded=true and false over a window with a whole week, whole days
    and hours at its ends: "branded 1"'s whole days come from its daily domains, which
    follow a prompt whose flag changes; each answer is the per-chat rows' throughout."""
    api.post("/brands", {"name": "Acme", "domains": ["acme.com"]})
    prompts = api.post("/prompts", {"prompts": [{"text": "best crm"}, {"text": "is Acme good"}]}
                       ).json["data"]["prompts"]
    for day in range(14, 30):
        for prompt in prompts:
            add_chat(db, 1, prompt, "e1", "2026-11-%dT10:00:00.000Z" % day,
                     urls=["https://%s.example/x" % prompt["id"], "https://g2.com/x"],
                     consulted=["https://g2.com/y"])
    window = ("2026-11-14T05:00:00.000Z", "2026-11-29T15:00:00.000Z")
    unbranded = tracker.ChatScope(1, *window, branded=False)
    assert [kind for kind, _ in tracker.scope_parts(unbranded, tracker.SOURCE_PART)] == [
        "group_weekly", "daily", "raw", "daily", "raw", "less group_weekly", "less branded_daily",
        "less chats", "less branded_daily", "less chats"]

    def lists():
        answers = []
        for branded in ("false", "true"):
            params = {"from": window[0], "to": window[1], "branded": branded, "perPage": "100"}
            fast = api.get("/analytics/sources", params=params).json["data"]
            with per_chat_rows_only():
                assert api.get("/analytics/sources", params=params).json["data"] == fast
            answers.append([(row["domain"], row["chats"]) for row in fast["data"]])
        return answers
    first, second = ("%d.example" % prompt["id"] for prompt in prompts)
    assert lists() == [[(first, 16), ("g2.com", 16)], [(second, 16), ("g2.com", 16)]]
    api.patch("/prompts/%d" % prompts[0]["id"], {"text": "best crm, Acme or not"})
    assert tracker.regroup_prompt(db)  # one step: out of "branded 0", not yet in "branded 1"
    assert lists() == [[], [("g2.com", 32), (first, 16), (second, 16)]]
    while tracker.regroup_prompt(db):
        pass
    assert lists() == [[], [("g2.com", 32), (first, 16), (second, 16)]]
    api.patch("/prompts/%d" % prompts[1]["id"], {"text": "best crm ever"})
    while tracker.regroup_prompt(db):
        pass
    assert lists() == [[(second, 16), ("g2.com", 16)], [(first, 16), ("g2.com", 16)]]


WHOLE_DAYS = ("2026-11-16T00:00:00.000Z", "2026-11-18T00:00:00.000Z")
EDGES = [("2026-11-15T12:00:00.000Z", "2026-11-16T00:00:00.000Z"),
         ("2026-11-18T00:00:00.000Z", "2026-11-18T12:00:00.000Z")]


@pytest.mark.parametrize("filters, rollup", [
    ({}, "daily"), ({"engine": "e1"}, "daily"),
    ({"prompt_id": 2}, "prompt_daily"), ({"topic_id": 1}, "topic_tag_daily"),
    ({"tag_id": 1, "engine": "e1"}, "topic_tag_daily"), ({"location": "US"}, "location_daily"),
    ({"branded": True}, "branded_daily"), ({"market_id": 2}, "cell_daily"),
    ({"persona_id": 0, "engine": "e1"}, "cell_daily")])
def test_filtered_whole_days_are_read_from_a_rollup(filters, rollup):
    """A prompt, topic, tag or location filter adds up rollup rows for its whole days and
    reads per-chat rows only at the edges (it used to read every chat in scope)."""
    scope = tracker.ChatScope(1, EDGES[0][0], EDGES[1][1], **filters)
    edges = "raw" if rollup == "daily" else "chats"
    assert tracker.scope_parts(scope, tracker.BRAND_SUMS) == [
        (rollup, scope.shifted(*WHOLE_DAYS))] + [(edges, scope.shifted(*edge)) for edge in EDGES]


@pytest.mark.parametrize("filters, days", [
    ({"prompt_id": 1}, "prompt_daily"), ({"topic_id": 1}, "topic_tag_daily"),
    ({"tag_id": 1, "engine": "e1"}, "topic_tag_daily")])
def test_a_prompt_filter_adds_up_whole_weeks_unless_the_series_is_daily(filters, days):
    """A prompt's whole weeks come from its weekly rollup, the days left from its daily one;
    a topic's or tag's whole days from its group's (group_daily_brands), whatever the series;
    the edges from the chats."""
    scope = tracker.ChatScope(1, "2026-11-15T12:00:00.000Z", "2026-12-02T12:00:00.000Z", **filters)
    def part(kind, start, end):
        return kind, scope.shifted(*(tracker.iso_timestamp(tracker.parse_timestamp("2026-" + moment))
                                     for moment in (start, end)))
    edges = [part("chats", "11-15T12:00", "11-16"), part("chats", "12-02", "12-02T12:00")]
    weekly = [part("prompt_weekly", "11-16", "11-30"), edges[0], part("prompt_daily", "11-30", "12-02"),
              edges[1]] if days == "prompt_daily" else [part(days, "11-16", "12-02")] + edges
    assert tracker.scope_parts(scope, tracker.BRAND_SUMS) == weekly
    assert tracker.scope_parts(scope, tracker.CHAT_COUNTS) == weekly
    assert tracker.scope_parts(scope, tracker.BRAND_SUMS, weeks=False) == [
        part(days, "11-16", "12-02")] + edges


def test_a_prompt_filter_with_a_location_and_sources_by_prompt_read_the_chats():
    both = tracker.ChatScope(1, EDGES[0][0], EDGES[1][1], topic_id=1, location="US")
    assert tracker.scope_parts(both, tracker.BRAND_SUMS) == [("chats", both)]
    topic = tracker.ChatScope(1, EDGES[0][0], EDGES[1][1], topic_id=1)
    assert tracker.scope_parts(topic, tracker.SOURCE_PART) == [("chats", topic)]
    location = tracker.ChatScope(1, EDGES[0][0], EDGES[1][1], location="US")
    assert [kind for kind, _ in tracker.scope_parts(location, tracker.SOURCE_PART)] == [
        "location_daily", "chats", "chats"]


def test_one_topic_tag_or_location_adds_up_whole_weeks_from_its_group_rollup():
    """A topic, tag or location alone (an engine besides), a topic or tag with a location,
    or none, reads its whole weeks from the per-group rollups of sources, categories and
    names; then whole days from a daily rollup where there is one; a topic and a tag, or a
    prompt, read the chats. The URLs of one domain, or of every domain, come from the weekly
    rollups per URL, then the daily ones, but with an engine or location filter (they keep
    neither): one domain's then from their weekly rollup per domain; a topic's or tag's alone, with a
    domain or not, from its group's weekly URLs (no engine)."""
    def kinds(how, **filters):
        scope = tracker.ChatScope(1, "2026-11-15T12:00:00.000Z", "2026-12-02T12:00:00.000Z",
                                  **filters)
        return [kind for kind, _ in tracker.scope_parts(scope, how)]
    for filters in ({"topic_id": 1}, {"tag_id": 2, "engine": "e1"}, {"location": "US"}):
        assert kinds(tracker.NAME_SUMS, **filters) == (  # a location's names per day too
            ["group_weekly", "chats", "location_daily", "chats"] if "location" in filters
            else ["group_weekly", "chats", "chats"])
        assert kinds(tracker.CATEGORY_SUMS, **filters) == ["group_weekly", "chats", "chats"]
    assert kinds(tracker.SOURCE_PART, topic_id=1) == ["group_weekly", "chats", "chats"]
    assert kinds(tracker.SOURCE_PART, location="US") == [
        "group_weekly", "chats", "location_daily", "chats"]
    assert kinds(tracker.SOURCE_PART) == ["group_weekly", "raw", "daily", "raw"]  # group "all"
    assert kinds(tracker.URL_PART, domain="g2.com") == ["url_weekly", "raw", "url_daily", "raw"]
    assert kinds(tracker.URL_PART, domain="g2.com", engine="e1") == ["domain_weekly", "raw", "raw"]
    assert kinds(tracker.URL_PART, domain="g2.com", location="US") == [
        "domain_weekly", "chats", "chats"]
    assert kinds(tracker.URL_PART, domain="g2.com", topic_id=1) == [
        "group_url_weekly", "chats", "chats"]
    assert kinds(tracker.EVERY_URL_PART, tag_id=2) == ["group_url_weekly", "chats", "chats"]
    assert kinds(tracker.URL_PART, domain="g2.com", topic_id=1, engine="e1") == ["chats"]
    assert kinds(tracker.EVERY_URL_PART, topic_id=1, location="US") == ["chats"]
    assert kinds(tracker.EVERY_URL_PART) == ["url_weekly", "raw", "url_daily", "raw"]
    assert kinds(tracker.EVERY_URL_PART, engine="e1") == ["raw"]
    assert kinds(tracker.EVERY_URL_PART, location="US") == ["chats"]
    assert kinds(tracker.NAME_SUMS, topic_id=1, tag_id=2) == ["chats"]
    assert kinds(tracker.NAME_SUMS, topic_id=1, location="US") == ["group_weekly", "chats", "chats"]
    assert kinds(tracker.SOURCE_PART, tag_id=2, location="US") == ["group_weekly", "chats", "chats"]
    assert kinds(tracker.NAME_SUMS, topic_id=1, tag_id=2, location="US") == ["chats"]
    assert kinds(tracker.NAME_SUMS, prompt_id=1) == ["chats"]


def test_the_four_weekly_urls_stay_the_sums_of_their_sources_through_deletes():
    """four_weekly_urls, kept by the weekly rollup's triggers through the random workspace's
    changes (chats and prompts deleted, sources rewritten), holds each URL's sums over each 4
    weeks, numbered from FOUR_WEEKS_EPOCH, as the sources left give them."""
    connection = RANDOM_API.client.app.config["tracker.db"].connection()
    sums = collections.Counter()
    for row in tracker.query_all(connection, "SELECT * FROM chat_sources"):
        day = datetime.date.fromisoformat(row["created_at"][:10])
        key = (row["workspace_id"], (day - tracker.FOUR_WEEKS_EPOCH).days // 28, row["url"])
        sums[key + ("citations",)] += row["cited"]
        sums[key + ("retrieved_chats",)] += 1
    kept = tracker.query_all(connection,
                             "SELECT * FROM four_weekly_urls WHERE retrieved_chats <> 0")
    assert {(row["workspace_id"], row["four_weeks"], row["url"]):
            (row["citations"], row["retrieved_chats"]) for row in kept} == {
        key[:3]: (sums[key[:3] + ("citations",)], n)
        for key, n in sums.items() if key[3] == "retrieved_chats"}
    assert len({row["four_weeks"] for row in kept}) > 1 and tracker.query_all(
        connection, "SELECT * FROM four_weekly_urls WHERE retrieved_chats = 0")
    assert not tracker.query_all(connection, "SELECT * FROM four_weekly_urls "
                                 "WHERE retrieved_chats = 0 AND citations <> 0")


def test_the_topics_and_tags_weekly_urls_stay_their_chats_through_moves_and_deletes():
    """group_weekly_urls, kept by its triggers and the worker's moves through the random
    workspace's changes (a prompt moved to another topic, one given both tags, one stripped
    of its tag, one moved to a topic then deleted with it, a prompt deleted, chats deleted
    alone, sources rewritten), holds what filling it afresh from the chats gives."""
    connection = RANDOM_API.client.app.config["tracker.db"].connection()
    kept_sql = "SELECT * FROM group_weekly_urls WHERE retrieved_chats <> 0 ORDER BY 1, 2, 3, 4, 5"
    kept = tracker.query_all(connection, kept_sql)
    connection.execute("SAVEPOINT refill")
    try:
        connection.execute("DELETE FROM group_weekly_urls")
        connection.execute(tracker.group_urls_fill_sql())
        afresh = tracker.query_all(connection, kept_sql)
    finally:
        connection.execute("ROLLBACK TO refill")
        connection.execute("RELEASE refill")
    # a first or last time a prompt that left the group set is unknown (NULL), the others
    # those of the chats
    unknown = [row for row in kept if None in (row["first_seen"], row["last_seen"])]
    assert unknown and len(unknown) < len(kept) / 2
    assert [dict(row, **{name: row[name] or fresh[name] for name in ("first_seen", "last_seen")})
            for row, fresh in zip(kept, afresh)] == afresh
    assert {row["group_key"].split()[0] for row in kept} == {"topic", "tag"} and len(kept) > 50
    assert not tracker.query_all(connection, "SELECT * FROM group_weekly_urls "
                                 "WHERE retrieved_chats = 0 AND citations <> 0")
    # An export's page of every URL (over MAX_PER_PAGE) reads the chats: the same rows.
    scope = tracker.ChatScope(RANDOM_API.workspace_id, "2026-11-15T09:30:00.000Z",
                              "2026-11-24T00:00:00.000Z", topic_id=RANDOM_IDS["topic"])
    assert "group_url_weekly" in dict(tracker.scope_parts(scope, tracker.EVERY_URL_PART))
    with group_urls_from_one_week():
        page = tracker.source_rows(connection, scope, "url", 1, 100)
        assert 0 < page[0] <= 100 and page == tracker.source_rows(connection, scope, "url", 1,
                                                                  tracker.MAX_ID)
    # The group's weeks are summed URL by URL in the order of its key, with no sort, and one
    # domain's pages are a range of it.
    week = scope.shifted("2026-11-16T00:00:00.000Z", "2026-11-23T00:00:00.000Z")
    for how, part in ((tracker.EVERY_URL_PART, week),
                      (tracker.URL_PART, dataclasses.replace(week, domain="g2.com"))):
        sql, conditions = how["group_url_weekly"]
        where, params = conditions(part, "x")
        plan = [row["detail"] for row in connection.execute(
            "EXPLAIN QUERY PLAN " + sql.format("url", where), params)]
        assert plan == ["SEARCH x USING PRIMARY KEY (workspace_id=? AND group_key=?%s)"
                        % (" AND domain=?" if part.domain else "")]


@pytest.mark.parametrize("domain, weeks", [(None, tracker.GROUP_URL_WEEKS),
                                           ("g2.com", tracker.GROUP_DOMAIN_URL_WEEKS)])
def test_a_topics_urls_over_few_whole_weeks_are_read_from_its_chats(domain, weeks):
    """A topic's URLs (or one domain's) are read from its weekly URLs from GROUP_URL_WEEKS
    (GROUP_DOMAIN_URL_WEEKS) whole weeks on, a week fewer from its chats, whose cost is the
    window's, not the weeks kept: a day short of the weeks, or the weeks less a millisecond."""
    connection = RANDOM_API.client.app.config["tracker.db"].connection()
    monday, whole = tracker.parse_timestamp("2026-11-16"), weeks * 7 * 86400
    for start, end, read in ((0, whole, True), (-86400, whole - 86400, False), (0.001, whole, False)):
        scope = tracker.ChatScope(RANDOM_API.workspace_id, tracker.iso_timestamp(monday + start),
                                  tracker.iso_timestamp(monday + end),
                                  topic_id=RANDOM_IDS["topic"], domain=domain)
        assert tracker.reads_group_urls(connection, scope) is read, (start, end)


def test_one_domains_urls_of_a_topic_with_many_chats_are_read_from_its_weekly_urls():
    """One domain's URLs of a topic over fewer than GROUP_DOMAIN_URL_WEEKS whole weeks are
    read from the weekly URLs once the window holds more than GROUP_DOMAIN_URL_CHATS chats of
    the topic (counted from its rollups), from one whole week on (none: the chats); the
    answer is the per-chat rows' either way, over the week and over days around it."""
    connection = RANDOM_API.client.app.config["tracker.db"].connection()
    topic = RANDOM_IDS["topic"]
    chats = tracker.count_chats(connection, tracker.ChatScope(
        RANDOM_API.workspace_id, "2026-11-16T00:00:00.000Z", "2026-11-23T00:00:00.000Z",
        topic_id=topic)).get(None, 0)
    assert chats > 1
    with unittest.mock.patch.object(tracker, "GROUP_DOMAIN_URL_CHATS", chats):  # more than
        assert not tracker.reads_group_urls(connection, tracker.ChatScope(
            RANDOM_API.workspace_id, "2026-11-16T00:00:00.000Z", "2026-11-23T00:00:00.000Z",
            topic_id=topic, domain="g2.com"))
    for fewest, read in ((chats - 1, True), (10 ** 9, False)):
        with unittest.mock.patch.object(tracker, "GROUP_DOMAIN_URL_CHATS", fewest):
            for start, end in (("2026-11-16T00:00:00.000Z", "2026-11-23T00:00:00.000Z"),
                               ("2026-11-15T09:30:00.000Z", "2026-11-23T00:00:00.000Z"),
                               ("2026-11-16T00:00:00.000Z", "2026-11-22T23:00:00.000Z")):
                scope = tracker.ChatScope(RANDOM_API.workspace_id, start, end, topic_id=topic,
                                          domain="g2.com")
                week = start < "2026-11-16T00:00:00.001Z" < "2026-11-23T00:00:00.000Z" <= end
                assert tracker.reads_group_urls(connection, scope) is (read and week)
                query = {"from": start, "to": end, "topicId": str(topic), "groupBy": "url",
                         "domain": "g2.com", "perPage": "100"}
                with per_chat_rows_only():
                    slow = RANDOM_API.get("/analytics/sources", params=query).json
                with unittest.mock.patch.object(tracker.AnswerCache, "get", lambda *_: None):
                    assert RANDOM_API.get("/analytics/sources", params=query).json == slow


GROUP_LISTS = ("/analytics/sources", "/analytics/sources?groupBy=category")


def group_answers(api, topic_id):
    """The topic's lists over two whole weeks, from the rollups and from the per-chat rows."""
    params = {"from": "2026-11-16", "to": "2026-11-30", "topicId": str(topic_id)}
    fast = [api.get(path, params=params).json["data"] for path in GROUP_LISTS]
    with per_chat_rows_only():
        slow = [api.get(path, params=params).json["data"] for path in GROUP_LISTS]
    return fast, slow


def test_a_prompt_that_changes_topic_moves_its_sums_in_the_background(api, db):
    """Until the worker has moved a prompt's sums (regroup_prompt), the lists of the topics
    it leaves and joins are read from the chats, so that they are exact at once; then from
    the rollups. Other topics keep theirs."""
    prompts = api.post("/prompts", {"prompts": [{"text": "a", "topic": "T"}, {"text": "b", "topic": "U"},
                                                {"text": "c", "topic": "W"}]}).json["data"]["prompts"]
    for day in range(16, 30):
        for prompt in prompts:
            add_chat(db, 1, prompt, "e1", "2026-11-%dT10:00:00.000Z" % day,
                     urls=["https://%s.example/x" % prompt["text"]])
    topic_t, topic_u = prompts[0]["topicId"], prompts[1]["topicId"]
    assert tracker.query_all(db.connection(), "SELECT * FROM prompt_regroup") == []
    api.patch("/prompts/%d" % prompts[1]["id"], {"topicId": topic_t})
    assert tracker.query_all(db.connection(), "SELECT prompt_id FROM prompt_regroup") == [
        {"prompt_id": prompts[1]["id"]}]
    scope = tracker.ChatScope(1, "2026-11-16T00:00:00.000Z", "2026-11-30T00:00:00.000Z",
                              topic_id=topic_t)
    assert "group_weekly" not in tracker.without_groups_behind(tracker.NAME_SUMS, db.connection(), scope)
    other = dataclasses.replace(scope, topic_id=prompts[2]["topicId"])  # W: no prompt moves in or out
    assert "group_weekly" in tracker.without_groups_behind(tracker.NAME_SUMS, db.connection(), other)
    fast_w, slow_w = group_answers(api, prompts[2]["topicId"])
    assert fast_w == slow_w and [row["domain"] for row in fast_w[0]["data"]] == ["c.example"]
    fast, slow = group_answers(api, topic_t)
    assert fast == slow
    assert [row["domain"] for row in fast[0]["data"]] == ["a.example", "b.example"]
    assert tracker.regroup_prompt(db)  # one step: out of topic U
    assert tracker.query_all(db.connection(), "SELECT group_key FROM prompt_groups WHERE "
                             "prompt_id = ?", (prompts[1]["id"],)) == [{"group_key": "branded 0"}]
    assert "group_weekly" not in tracker.without_groups_behind(tracker.NAME_SUMS, db.connection(), scope)
    assert group_answers(api, topic_t) == (fast, fast)
    assert tracker.regroup_prompt(db) and not tracker.regroup_prompt(db)  # into T, and done
    assert "group_weekly" in tracker.without_groups_behind(tracker.NAME_SUMS, db.connection(), scope)
    assert group_answers(api, topic_t) == (fast, fast)
    assert group_answers(api, topic_u)[0][0]["data"] == []
    assert [row["chats"] for row in tracker.query_all(db.connection(), """
        SELECT sum(chats) AS chats FROM group_weekly_domains WHERE group_key = ?
        UNION ALL SELECT sum(chats) FROM group_weekly_domains WHERE group_key = ?""",
        ("topic %d" % topic_t, "topic %d" % topic_u))] == [28, 0]


def group_rankings(api, groups, **location):
    """The rankings over two whole weeks and half a day at each end of each group (a
    topicId or tagId) in total, by week and by day with the previous window, equal from the
    rollups and from the per-chat rows; (chats, the first brand's mentions) of each group."""
    queries = [dict(group, **{"from": "2026-11-15T12:00:00Z", "to": "2026-11-30T12:00:00Z"},
                    **location, **series)
               for group in groups
               for series in ({}, {"interval": "week"}, {"interval": "day", "compare": "previous"})]
    fast = [api.get("/analytics/rankings", params=query).json["data"] for query in queries]
    with per_chat_rows_only():
        assert [api.get("/analytics/rankings", params=query).json["data"]
                for query in queries] == fast
    return [(answer["chats"], answer["brands"][0]["visibility"]["numerator"])
            for answer in fast[::3]]


def test_a_topic_and_a_tag_rank_from_their_daily_sums_while_a_prompt_moves(api, db):
    """The rankings of a topic or a tag add up its group's daily chat counts and brand sums
    (group_daily_chats, _brands) over whole days: equal to the per-chat rows' before a
    prompt moves into both, while it waits and after each of the worker's regroup steps, in
    total, by week, and by day with the previous window."""
    acme = api.post("/brands", {"name": "Acme"}).json["data"]["id"]
    prompts = api.post("/prompts", {"prompts": [{"text": "a", "topic": "T", "tags": ["x"]},
                                                {"text": "b", "topic": "U"}]}).json["data"]["prompts"]
    for day in range(15, 31):  # two whole weeks and half a day at each end
        for n, prompt in enumerate(prompts):
            add_chat(db, 1, prompt, "e%d" % (day % 2), "2026-11-%02dT10:00:00.000Z" % day,
                     brands=[(acme, n + 1, day % 3 == 0)])
    topic_t, topic_u = prompts[0]["topicId"], prompts[1]["topicId"]
    tag_x = prompts[0]["tags"][0]["id"]

    def rankings():
        return group_rankings(api, ({"topicId": topic_t}, {"topicId": topic_u}, {"tagId": tag_x}))
    scope = tracker.ChatScope(1, "2026-11-16T00:00:00.000Z", "2026-11-30T00:00:00.000Z",
                              tag_id=tag_x)
    assert [kind for kind, _ in tracker.scope_parts(scope, tracker.BRAND_SUMS)] == ["topic_tag_daily"]
    assert rankings() == [(15, 15), (15, 15), (15, 15)]
    api.patch("/prompts/%d" % prompts[1]["id"], {"topicId": topic_t, "tags": ["x"]})
    assert "topic_tag_daily" not in tracker.without_groups_behind(tracker.BRAND_SUMS,
                                                                   db.connection(), scope)
    moved = [(30, 30), (0, 0), (30, 30)]
    assert rankings() == moved
    steps = 0
    while tracker.regroup_prompt(db):  # out of U, into the tag, into T
        steps += 1
        assert rankings() == moved
    assert steps == 3
    assert "topic_tag_daily" in tracker.without_groups_behind(tracker.BRAND_SUMS, db.connection(), scope)
    assert tracker.query_all(db.connection(), """
        SELECT c.group_key, c.chats, b.mentioned FROM (SELECT group_key, sum(chats) AS chats
        FROM group_daily_chats GROUP BY 1) c JOIN (SELECT group_key, sum(mentioned) AS mentioned
        FROM group_daily_brands GROUP BY 1) b USING (group_key) ORDER BY 1""") == [
        {"group_key": key, "chats": chats, "mentioned": chats}
        for key, chats in (("tag %d" % tag_x, 32), ("topic %d" % topic_t, 32),
                           ("topic %d" % topic_u, 0))]



def test_a_topic_with_a_location_sums_its_weeks_while_a_prompt_moves_and_a_chat_goes(api, db):
    """A topic or tag with a location adds up its group's weekly sums per location
    (group_location_weekly_chats, _brands): equal to the per-chat rows' when a prompt moves
    into the topic and out of the tag (while it waits and after each step) and when a chat
    is deleted; only chats asked from a location of a grouped prompt are kept there."""
    acme = api.post("/brands", {"name": "Acme"}).json["data"]["id"]
    prompts = api.post("/prompts", {"prompts": [
        {"text": "a", "topic": "T", "tags": ["x"], "location": "DE"},
        {"text": "b", "topic": "U", "tags": ["x"], "location": "DE"},
        {"text": "c", "topic": "T"}]}).json["data"]["prompts"]
    chats = [add_chat(db, 1, prompt, "e%d" % (day % 2), "2026-11-%02dT10:00:00.000Z" % day,
                      brands=[(acme, n + 1, day % 3 == 0)])
             for day in range(15, 31) for n, prompt in enumerate(prompts)]
    topic_t, tag_x = prompts[0]["topicId"], prompts[0]["tags"][0]["id"]

    def answers():
        return group_rankings(api, ({"topicId": topic_t}, {"tagId": tag_x}), location="DE")
    scope = tracker.ChatScope(1, "2026-11-15T12:00:00.000Z", "2026-11-30T12:00:00.000Z",
                              topic_id=topic_t, location="DE")
    assert [kind for kind, _ in tracker.scope_parts(scope, tracker.BRAND_SUMS)] == [
        "topic_tag_location_weekly", "chats", "chats"]
    assert answers() == [(15, 15), (30, 30)]
    api.patch("/prompts/%d" % prompts[1]["id"], {"topicId": topic_t, "tags": []})
    assert answers() == [(30, 30), (15, 15)]
    while tracker.regroup_prompt(db):  # out of U and x, into T
        assert answers() == [(30, 30), (15, 15)]
    with db.write() as connection:
        connection.execute("DELETE FROM chats WHERE id = ?", (chats[3 * 5],))  # a's, on the 20th
    assert answers() == [(29, 29), (14, 14)]
    assert tracker.query_all(db.connection(), """
        SELECT group_key, location, sum(chats) AS chats FROM group_location_weekly_chats
        GROUP BY 1, 2 ORDER BY 1""") == [
        {"group_key": key, "location": "DE", "chats": chats}
        for key, chats in (("tag %d" % tag_x, 15), ("topic %d" % topic_t, 31),
                           ("topic %d" % prompts[1]["topicId"], 0))]

def test_a_prompt_without_chats_changes_groups_at_once(api, db):
    """Its groups follow each change (a tag's group row moved alone); a prompt with chats
    is listed for the worker instead, its groups kept until it moves its sums."""
    prompt, asked = api.post("/prompts", {"prompts": [{"text": "a", "topic": "T", "tags": ["x"]},
                                                      {"text": "b", "tags": ["x"]}]}
                             ).json["data"]["prompts"]
    api.patch("/prompts/%d" % prompt["id"], {"topicName": "U", "tags": ["y", "z"]})
    topics = {topic["name"]: topic["id"] for topic in api.get("/topics").json["data"]}
    tags = {tag["name"]: tag["id"] for tag in api.get("/tags").json["data"]}

    def groups(prompt_id):
        return [row["group_key"] for row in tracker.query_all(
            db.connection(), "SELECT group_key FROM prompt_groups WHERE prompt_id = ? ORDER BY 1",
            (prompt_id,))]
    assert groups(prompt["id"]) == sorted(
        ["branded 0", "tag %d" % tags["y"], "tag %d" % tags["z"], "topic %d" % topics["U"]])
    assert tracker.query_all(db.connection(), "SELECT * FROM prompt_regroup") == []
    api.delete("/tags/%d" % tags["y"])
    assert groups(prompt["id"]) == sorted(["branded 0", "tag %d" % tags["z"],
                                           "topic %d" % topics["U"]])
    add_chat(db, 1, asked, "e1", "2026-11-20T10:00:00.000Z")
    api.patch("/prompts/%d" % asked["id"], {"tags": ["z"]})
    assert groups(asked["id"]) == ["branded 0", "tag %d" % tags["x"]]
    assert tracker.query_all(db.connection(), "SELECT prompt_id FROM prompt_regroup") == [
        {"prompt_id": asked["id"]}]
    while tracker.regroup_prompt(db):
        pass
    assert groups(asked["id"]) == ["branded 0", "tag %d" % tags["z"]]


def test_a_chats_groups_follow_its_prompts_through_every_change(api, db):
    """chat_groups reads a chat's groups from those kept per prompt and location
    (prompt_location_groups), which follow each step of a prompt's moves between topics,
    tags and branded groups, a tag deleted and a prompt deleted: the groups prompt_groups
    says at every step (CHAT_GROUPS_SQL)."""
    prompts = api.post("/prompts", {"prompts": [
        {"text": "a", "topic": "T", "tags": ["x"], "location": "DE"},
        {"text": "b", "tags": ["x", "y"]}, {"text": "c or Brand"}]}).json["data"]["prompts"]
    api.post("/brands", {"name": "Brand", "type": "competitor"})

    def kept_as_counted():
        chat_groups = tracker.query_all(db.connection(), "SELECT * FROM chat_groups ORDER BY 1, 2")
        assert chat_groups == tracker.query_all(db.connection(), CHAT_GROUPS_SQL + " ORDER BY 1, 2")
        return len(chat_groups)
    for day, prompt in enumerate(prompts * 2):
        add_chat(db, 1, prompt, "e1", "2026-11-%dT10:00:00.000Z" % (16 + day))
    # a's six (T, x and "all", each with DE too: "location DE"), b's three, c's "all" alone
    assert kept_as_counted() == 2 * (6 + 3 + 1)
    add_chat(db, 1, dict(prompts[1], location="FR"), "e2", "2026-11-20T10:00:00.000Z")
    api.patch("/prompts/%d" % prompts[0]["id"], {"topicName": "U", "tags": ["y"]})
    api.patch("/prompts/%d" % prompts[2]["id"], {"topicName": "T"})
    api.delete("/tags/%d" % {tag["name"]: tag["id"] for tag in api.get("/tags").json["data"]}["x"])
    while tracker.refresh_brand_rows(db) or tracker.regroup_prompt(db):  # a step at a time
        kept_as_counted()
    topic_t = prompts[0]["topicId"]
    assert tracker.query_all(db.connection(), "SELECT DISTINCT group_key FROM chat_groups g "
                             "JOIN chats c ON c.id = g.chat_id WHERE c.prompt_id = ? ORDER BY 1",
                             (prompts[2]["id"],)) == [{"group_key": key} for key in (
                                 "all", "branded 1", "topic %d" % topic_t)]
    api.delete("/prompts/%d" % prompts[0]["id"])
    kept_as_counted()
    assert tracker.query_all(db.connection(), "SELECT DISTINCT prompt_id FROM prompt_location_groups "
                             "ORDER BY 1") == [{"prompt_id": prompts[1]["id"]},
                                               {"prompt_id": prompts[2]["id"]}]
