"""Markets and personas (issue 40): their CRUD, every limit at its edge, a prompt's
marketIds and personaIds (create, bulk, update, 50 cells), deletion while in use, the
upgrade from the frozen 1.0.0 and 1.0.1 files."""

import json
import random

import pytest
import webtest

import tracker
from conftest import START, Api, make_api

NOW = tracker.iso_timestamp(START)
COUNTRY_RULE = "must be an assigned ISO 3166-1 alpha-2 country code, such as DE or US"
LANGUAGE_RULE = ("must be a BCP 47 language tag: a language (2 or 3 letters), then an optional "
                 "script (4 letters) and region (2 letters or 3 digits), such as de, de-AT, "
                 "zh-Hant-TW or es-419")


def invalid(*errors):
    return {"success": False, "message": "Validation failed",
            "errors": [{"field": field, "message": message} for field, message in errors]}


def market(api, name="Germany", country="DE", language="de", **fields):
    return api.post("/markets", dict(name=name, country=country, language=language,
                                     **fields)).json["data"]


def persona(api, name="CFO", description="a CFO at a 200-person logistics company"):
    return api.post("/personas", {"name": name, "description": description}).json["data"]


def test_a_market_is_created_shown_listed_changed_and_deleted(api):
    created = api.post("/markets", {"name": "DACH", "country": "de", "language": "DE-at",
                                    "city": "Berlin"})
    shown = {"id": 1, "name": "DACH", "country": "DE", "language": "de-AT", "city": "Berlin",
             "workspaceId": api.workspace_id, "createdAt": NOW, "updatedAt": NOW}
    assert created.json == {"success": True, "data": shown, "message": "Market created"}
    assert created.headers["Location"] == "/api/v1/markets/1"
    assert api.get("/markets/1").json["data"] == shown
    assert api.get("/markets").json["data"] == {"data": [shown], "total": 1, "page": 1,
                                                "perPage": 20, "lastPage": 1}
    changed = api.patch("/markets/1", {"city": None, "language": "zh-hant-tw"}).json["data"]
    assert changed == dict(shown, city=None, language="zh-Hant-TW")
    assert api.put("/markets/1", dict(changed, name="Austria")).json["data"]["name"] == "Austria"
    assert api.delete("/markets/1").json == {"success": True, "message": "Market deleted"}
    assert api.get("/markets/1", status=404).json == {"success": False,
                                                       "message": "Market not found"}


def test_markets_are_listed_by_name_a_page_at_a_time(api):
    for name in ("b", "C", "a"):
        market(api, name)
    page = api.get("/markets", perPage="2", page="2").json["data"]
    assert [item["name"] for item in page["data"]] == ["C"]
    assert (page["total"], page["lastPage"]) == (3, 2)


@pytest.mark.parametrize("country", ["Germany", "XX", "D", "DEU", "", 49])
def test_a_country_must_be_an_assigned_alpha_2_code(api, country):
    reply = api.post("/markets", {"name": "m", "country": country, "language": "de"}, status=422)
    rule = "must be a string" if country == 49 else COUNTRY_RULE
    assert reply.json == invalid(("country", rule))


def test_all_249_assigned_codes_pass(api):
    assert len(tracker.ISO_COUNTRY_CODES) == 249
    for code in ("AX", "GB", "SS", "ZW", "us"):
        assert market(api, code, country=code)["country"] == code.upper()


@pytest.mark.parametrize("language, stored", [("de", "de"), ("DE-at", "de-AT"),
                                              ("zh-Hant-TW", "zh-Hant-TW"), ("es-419", "es-419"),
                                              ("fil", "fil"), ("sr-latn", "sr-Latn")])
def test_a_well_formed_language_tag_is_kept_in_its_conventional_case(api, language, stored):
    assert market(api, language=language)["language"] == stored


@pytest.mark.parametrize("language", ["deutsch", "d", "de_DE", "de-", "de-AT-x", "en-US-1234"])
def test_a_malformed_language_tag_is_a_422(api, language):
    reply = api.post("/markets", {"name": "m", "country": "DE", "language": language}, status=422)
    assert reply.json == invalid(("language", LANGUAGE_RULE))


def test_names_are_255_characters_and_unique_ignoring_case(api):
    assert market(api, "m" * 255)["name"] == "m" * 255
    assert api.post("/markets", {"name": "m" * 256, "country": "DE", "language": "de"},
                    status=422).json == invalid(("name", "must be 1 to 255 characters"))
    assert api.post("/markets", {"name": "M" * 255, "country": "FR", "language": "fr"},
                    status=422).json == invalid(("name", "a market with this name already exists"))
    assert api.post("/personas", {"name": "p" * 256, "description": "x"},
                    status=422).json == invalid(("name", "must be 1 to 255 characters"))
    assert api.post("/markets", {"country": "DE"}, status=422).json == invalid(
        ("name", "is required"), ("language", "is required"))
    assert api.post("/markets", {"name": "n", "country": "DE", "language": "de", "x": 1},
                    status=422).json["errors"] == [{"field": "x", "message": "is not a field of "
                                                    "this operation"}]


def test_a_persona_description_is_at_most_500_characters(api):
    assert persona(api, description="d" * 500)["description"] == "d" * 500
    assert api.post("/personas", {"name": "other", "description": "d" * 501},
                    status=422).json == invalid(("description", "must be 1 to 500 characters"))
    assert api.patch("/personas/1", {"description": "d" * 501}, status=422).json == invalid(
        ("description", "must be 1 to 500 characters"))
    shown = api.get("/personas/1").json["data"]
    assert shown == {"id": 1, "name": "CFO", "description": "d" * 500,
                     "workspaceId": api.workspace_id, "createdAt": NOW, "updatedAt": NOW}


def test_another_workspaces_market_is_not_found(api, other_api):
    market(api)
    other_api.get("/markets/1", status=404)
    other_api.patch("/markets/1", {"city": "Köln"}, status=404)
    other_api.delete("/markets/1", status=404)
    assert other_api.get("/markets").json["data"]["total"] == 0
    assert other_api.post("/prompts", {"text": "q", "marketIds": [1]}, status=422).json == \
        invalid(("marketIds.0", "no market with id 1 in this workspace"))


def test_a_prompt_carries_its_markets_and_personas(api):
    germany, france = market(api), market(api, "France", "FR", "fr")
    cfo = persona(api)
    created = api.post("/prompts", {"text": "best crm", "marketIds": [france["id"], germany["id"],
                                                                      france["id"]],
                                    "personaIds": [cfo["id"]]}).json["data"]["prompts"][0]
    assert (created["marketIds"], created["personaIds"]) == ([1, 2], [1])
    plain = api.post("/prompts", {"text": "plain"}).json["data"]["prompts"][0]
    assert (plain["marketIds"], plain["personaIds"]) == ([], [])
    updated = api.patch("/prompts/1", {"personaIds": []}).json["data"]
    assert (updated["marketIds"], updated["personaIds"]) == ([1, 2], [])
    assert api.patch("/prompts/1", {"marketIds": [3]}, status=422).json == invalid(
        ("marketIds.0", "no market with id 3 in this workspace"))
    listed = api.get("/prompts").json["data"]["data"]
    assert [(p["marketIds"], p["personaIds"]) for p in listed] == [([], []), ([1, 2], [])]


def test_a_market_in_use_is_a_409_naming_how_many_prompts(api):
    market(api)
    persona(api)
    api.post("/prompts", {"prompts": [{"text": "a", "marketIds": [1], "personaIds": [1]},
                                      {"text": "b", "marketIds": [1]}]})
    assert api.delete("/markets/1", status=409).json == {
        "success": False, "code": "IN_USE",
        "message": "Market is in use by 2 prompts: take it out of their marketIds first"}
    assert api.delete("/personas/1", status=409).json["message"] == \
        "Persona is in use by 1 prompt: take it out of their personaIds first"
    api.patch("/prompts/1", {"marketIds": []})
    api.delete("/prompts/2")
    api.delete("/markets/1")


def cells(api, markets, personas):
    for index in range(max(markets, personas)):
        if index < markets:
            market(api, "m%d" % index)
        if index < personas:
            persona(api, "p%d" % index)
    return list(range(1, markets + 1)), list(range(1, personas + 1))


def test_at_most_50_cells_a_prompt(api):
    markets, personas = cells(api, 51, 51)
    assert api.post("/prompts", {"text": "fifty", "marketIds": markets[:10],
                                 "personaIds": personas[:5]}).json["data"]["created"] == 1
    assert api.post("/prompts", {"text": "alone", "personaIds": personas[:50]}).json["data"][
        "created"] == 1
    assert api.post("/prompts", {"text": "51", "personaIds": personas}, status=422).json == \
        invalid(("personaIds", "must have at most 50 items"))
    assert api.post("/prompts", {"text": "51 cells", "marketIds": markets[:17],
                                 "personaIds": personas[:3]}, status=422).json == invalid(
        ("marketIds", "17 markets and 3 personas make 51 cells (markets x personas): at most 50"))
    bulk = api.post("/prompts", {"prompts": [
        {"text": "ok", "marketIds": markets[:25], "personaIds": personas[:2]},
        {"text": "too many", "marketIds": markets[:2], "personaIds": personas[:26]},
        {"text": "unknown", "marketIds": [99]}]}).json["data"]
    assert bulk["created"] == 1 and bulk["errors"] == [
        {"index": 1, "text": "too many", "message": "Validation failed", "errors": [
            {"field": "prompts.1.marketIds", "message": "2 markets and 26 personas make 52 "
             "cells (markets x personas): at most 50"}]},
        {"index": 2, "text": "unknown", "message": "Validation failed", "errors": [
            {"field": "prompts.2.marketIds.0", "message": "no market with id 99 in this "
             "workspace"}]}]
    # an update counts the lists the prompt keeps
    assert api.patch("/prompts/1", {"marketIds": markets[:11]}, status=422).json == invalid(
        ("marketIds", "11 markets and 5 personas make 55 cells (markets x personas): at most 50"))


@pytest.mark.parametrize("version", [12, 13])
def test_upgrading_1_0_makes_no_market_of_a_location(tmp_path, version):
    from test_operations import frozen_file
    frozen_file(tmp_path / "old.db", version)
    app = tracker.make_app(str(tmp_path / "old.db"))
    db = app.config["tracker.db"]
    api = Api(webtest.TestApp(app), tracker.create_key(db, 1)["key"], 1)
    prompts = api.get("/prompts", perPage="100").json["data"]["data"]
    assert prompts and {(tuple(p["marketIds"]), tuple(p["personaIds"])) for p in prompts} == {
        ((), ())}
    assert any(p["location"] for p in prompts)
    assert api.get("/markets").json["data"]["total"] == 0
    chats = db.connection().execute("SELECT count(*) AS n, count(market_id) AS markets, "
                                    "count(persona_id) AS personas FROM chats").fetchall()[0]
    assert chats["n"] > 0 and (chats["markets"], chats["personas"]) == (0, 0)


# Runs: each engine asked once per cell, each told the market and persona ---------------

KINDS = ("openai-responses", "anthropic", "gemini", "perplexity", "openai")
LANGUAGE = "Answer in the language of the BCP 47 tag de-AT."
CFO = "a CFO at a 200-person logistics company"
PERSONA = "The person asking describes themselves as: " + CFO


def provider_engine(providers, kind):
    environment = {name: "key" for name in tracker.ENGINE_KINDS[kind][2]}
    return tracker.parse_engine("%s:m@%s" % (kind, providers.base(kind)), environment)


def test_a_run_asks_each_engine_per_cell_telling_each_the_market_and_persona(db, api, providers):
    market(api, "Austria", "AT", "de-AT", city="Wien")
    persona(api, description=CFO)
    api.post("/prompts", {"prompts": [{"text": "Best CRM?", "marketIds": [1], "personaIds": [1]},
                                      {"text": "Plain?", "location": "the Moon"}]})
    tracker.Worker(db, [provider_engine(providers, kind) for kind in KINDS]).run_pending()
    told = {kind: [body for _, body, _ in providers.requests[kind]] for kind in KINDS}
    assert {kind: len(bodies) for kind, bodies in told.items()} == dict.fromkeys(KINDS, 2)
    at = {"type": "approximate", "country": "AT", "city": "Wien"}
    responses = told["openai-responses"][0]
    assert (responses["tools"][0]["user_location"], responses["instructions"]) == (
        at, LANGUAGE + "\n\n" + PERSONA)
    anthropic = told["anthropic"][0]
    assert (anthropic["tools"][0]["user_location"], anthropic["system"]) == (
        at, LANGUAGE + "\n\n" + PERSONA)
    assert told["gemini"][0]["systemInstruction"] == {"parts": [{"text": (
        "The user is asking from Wien, AT; answer for that location.\n\n" + LANGUAGE + "\n\n"
        + PERSONA)}]}
    perplexity = told["perplexity"][0]
    assert perplexity["web_search_options"] == {"user_location": {"country": "AT"}}
    assert perplexity["messages"][0] == {"role": "system", "content": LANGUAGE + "\n\n" + PERSONA}
    assert told["openai"][0]["messages"][0] == {"role": "system", "content": (
        "The user is asking from Wien, AT; answer for that location.\n\n" + LANGUAGE + "\n\n"
        + PERSONA)}
    # the prompt without a cell is asked as before: its own location, no persona
    assert told["openai-responses"][1]["instructions"] == \
        "The user is asking from the Moon; answer for that location."
    assert "system" not in told["anthropic"][1] or PERSONA not in told["anthropic"][1]["system"]
    chats = api.get("/analytics/chats", perPage="100").json["data"]["data"]
    assert sorted((c["prompt"], c["location"], c["marketId"], c["personaId"]) for c in chats) == \
        sorted([("Best CRM?", "Wien, AT", 1, 1)] * 5 + [("Plain?", "the Moon", None, None)] * 5)


def test_each_cell_and_sample_is_a_chat_and_engines_count_the_cells(db, api):
    api.patch("/workspace", {"samplesPerRun": 2})
    for name, country in (("Germany", "DE"), ("France", "FR"), ("Spain", "ES")):
        market(api, name, country, country.lower())
    persona(api, "CFO")
    persona(api, "CTO", "a CTO")
    api.post("/prompts", {"prompts": [{"text": "Best CRM?", "marketIds": [1, 2, 3],
                                       "personaIds": [1, 2]}, {"text": "Plain?"}]})
    engines = api.get("/engines").json["data"]
    calls = engines[0]["expectedDailyCalls"]
    assert calls % (3 * 2 * 2 + 2) == 0 and calls > 0
    preview = api.get("/engines", samplesPerRun="1").json["data"][0]["expectedDailyCalls"]
    assert preview * 2 == calls
    tracker.Worker(db).run_pending()
    rows = db.connection().execute("SELECT prompt_id, market_id, persona_id, sample, location "
                                   "FROM chats ORDER BY prompt_id, market_id, persona_id, "
                                   "sample").fetchall()
    assert [(r["prompt_id"], r["market_id"], r["persona_id"], r["sample"], r["location"])
            for r in rows] == [
        (1, m, p, s, country) for m, country in ((1, "DE"), (2, "FR"), (3, "ES"))
        for p in (1, 2) for s in (1, 2)] + [(2, None, None, 1, None), (2, None, None, 2, None)]
    tracker.Worker(db).run_pending()  # nothing more to ask: every cell's chats are there
    assert db.connection().execute("SELECT count(*) AS n FROM chats").fetchall()[0]["n"] == 14


def test_the_same_text_is_a_duplicate_only_where_the_prompts_share_a_cell(api):
    """A text asked in Germany is new in France, or as a persona, or without a market; a
    prompt with a market and persona in common (no list: none) is a duplicate."""
    market(api, "Germany", "DE", "de")
    market(api, "France", "FR", "fr")
    persona(api)
    assert api.post("/prompts", {"text": "best crm", "marketIds": [1]}).json["data"]["created"] == 1
    result = api.post("/prompts", {"prompts": [
        {"text": "Best CRM", "marketIds": [2]}, {"text": "best crm", "marketIds": [2, 1]},
        {"text": "best crm"}, {"text": "best crm", "location": "US"},
        {"text": "best crm", "marketIds": [2], "personaIds": [1]},
        {"text": "best crm", "marketIds": [2]}]}).json["data"]
    assert [prompt["marketIds"] for prompt in result["prompts"]] == [[2], [], [], [2]]
    assert [(error["index"], error["message"]) for error in result["errors"]] == [
        (1, "Duplicate prompt: already in the workspace"),
        (5, "Duplicate prompt: same as item 0")]
    assert api.post("/prompts", {"text": "BEST crm"}).json["data"]["failed"] == 1


class NoPersona(tracker.SimulatedEngine):
    """An engine that cannot be told a persona, as a consumer app's scraper."""
    takes_persona = False


def test_an_engine_that_cannot_take_a_persona_marks_the_chat(db, api):
    persona(api)
    api.post("/prompts", {"text": "Best CRM?", "personaIds": [1]})
    tracker.Worker(db, [NoPersona()]).run_pending()
    (chat,) = api.get("/analytics/chats").json["data"]["data"]
    assert (chat["personaId"], chat["notes"]) == (1, ["persona: not applied"])


# Reading it: filters and groups ---------------------------------------------------------

@pytest.fixture
def asked(db, api):
    """Acme named in every answer of the market Germany only (the scripted engine's truth
    keyed by location), three prompts in two markets and a plain one, two samples."""
    market(api, "Germany", "DE", "de")
    market(api, "France", "FR", "fr")
    persona(api)
    api.post("/brands", {"name": "Acme"})
    api.patch("/workspace", {"samplesPerRun": 2})
    api.post("/prompts", {"prompts": [{"text": "crm %d" % n, "marketIds": [1, 2],
                                       "personaIds": [1]} for n in range(3)]
                          + [{"text": "plain"}]})
    tracker.Worker(db).run_pending()
    return api


def test_market_and_persona_filters_narrow_every_figure(asked):
    everything = asked.get("/analytics/rankings").json["data"]["chats"]
    assert everything == 3 * 2 * 2 + 2
    germany = asked.get("/analytics/rankings", marketId="1").json["data"]
    assert germany["chats"] == 6
    assert asked.get("/analytics/rankings", personaId="1").json["data"]["chats"] == 12
    assert asked.get("/analytics/chats", marketId="2").json["data"]["total"] == 6
    assert {c["marketId"] for c in asked.get("/analytics/chats", marketId="2",
                                             perPage="100").json["data"]["data"]} == {2}
    assert asked.get("/analytics/rankings", marketId="99").json["data"]["chats"] == 0
    assert asked.get("/analytics/sources", marketId="1").status_int == 200
    export = asked.get("/analytics/chats", marketId="1", format="ndjson").text.splitlines()
    assert len(export) == 6


def test_group_by_market_and_persona_ranks_each_and_the_chats_without_one(asked):
    document = asked.get("/analytics/rankings", groupBy="market").json["data"]
    assert document["groupBy"] == "market"
    assert [(g["id"], g["name"], g["chats"]) for g in document["groups"]] == [
        (2, "France", 6), (1, "Germany", 6), (None, None, 2)]
    assert sum(g["chats"] for g in document["groups"]) == document["chats"]
    by_persona = asked.get("/analytics/rankings", groupBy="persona").json["data"]["groups"]
    assert [(g["id"], g["chats"]) for g in by_persona] == [(1, 12), (None, 2)]
    # a market's stability is its filter's; each cell's samples are runs of their own
    stability = asked.get("/analytics/stability", groupBy="engine", marketId="1").json["data"]
    assert [(row["runs"], row["sampledRuns"], row["samples"]) for row in stability["data"]] == [
        (3, 3, 6)]
    # and splitBy makes a row per group and market, groupBy keeping 1.0's values
    split = asked.get("/analytics/stability", groupBy="engine", splitBy="market").json["data"]
    assert (split["groupBy"], split["splitBy"]) == ("engine", "market")
    assert sorted((row["market"]["id"] or 0, row["market"]["name"], row["runs"], row["samples"])
                  for row in split["data"]) == [(0, None, 1, 2), (1, "Germany", 3, 6),
                                                (2, "France", 3, 6)]
    assert "splitBy" not in asked.get("/analytics/stability").json["data"]
    asked.get("/analytics/stability", splitBy="engine", status=422)
    asked.get("/analytics/rankings", groupBy="topic", status=422)


def add_run(connection, prompt_id, at):
    """The id of a done run of the prompt at at, in workspace 1."""
    return connection.execute(
        "INSERT INTO runs (workspace_id, prompt_id, state, scheduled_at, not_before, created_at, "
        "updated_at) VALUES (1, ?, 'done', ?, ?, ?, ?) RETURNING id",
        (prompt_id, at, at, at, at)).fetchall()[0]["id"]


def add_cell_chat(connection, run_id, prompt_id, at, market_id, persona_id):
    """The id of a chat of the run asked in the market and persona (None: without)."""
    return connection.execute(
        "INSERT INTO chats (workspace_id, run_id, prompt_id, prompt_text, engine, model, answer, "
        "latency_ms, created_at, market_id, persona_id) VALUES (1, ?, ?, 'q', 'e', 'm', 'a', 1, "
        "?, ?, ?) RETURNING id", (run_id, prompt_id, at, market_id, persona_id)
    ).fetchall()[0]["id"]


def test_a_change_in_one_market_is_a_signal_of_its_own_listed_by_its_filter(db, api):
    """Acme named in Germany's chats of the current window only (every day of it, by every
    prompt): the overall change and Germany's are signals, France's figures do not move."""
    market(api, "Germany", "DE", "de")
    market(api, "France", "FR", "fr")
    persona(api)
    acme = api.post("/brands", {"name": "Acme"}).json["data"]["id"]
    prompts = [prompt["id"] for prompt in api.post("/prompts", {"prompts": [
        {"text": "crm %d" % n} for n in range(6)]}).json["data"]["prompts"]]
    with db.write() as connection:
        for day in range(14):  # the windows of a scan now: 11-07 to 11-14, 11-14 to 11-21
            at = tracker.iso_timestamp(START - (14 - day) * 86400)
            for prompt_id in prompts:
                run_id = add_run(connection, prompt_id, at)
                for market_id in (1, 2):
                    chat_id = add_cell_chat(connection, run_id, prompt_id, at, market_id, 1)
                    if market_id == 1 and day >= 7 and (day + prompt_id) % 3:
                        connection.execute(
                            "INSERT INTO chat_brands (chat_id, brand_id, workspace_id, position, "
                            "mentions, cited, engine, created_at) VALUES (?, ?, 1, 1, 1, 0, 'e', ?)",
                            (chat_id, acme, at))
    scan = api.post("/signals/scan", {}, status=200).json["data"]
    scopes = [(s["figure"], s["scope"]["kind"], s["scope"]["marketId"], s["scope"]["personaId"])
              for s in scan["signals"]]
    assert scopes == [("visibility", "overall", None, None), ("visibility", "overall", 1, None),
                      ("visibility", "overall", None, 1), ("visibility", "engine", None, None)]
    germany = api.get("/signals", marketId="1").json["data"]["data"]
    assert [(s["scope"]["marketId"], s["after"]["n"]) for s in germany] == [(1, 42)]
    assert api.get("/signals", marketId="2").json["data"]["total"] == 0
    assert api.get("/signals", personaId="1").json["data"]["total"] == 1
    assert api.get("/signals").json["data"]["total"] == 4




def per_cell_counts(connection, windows):
    """The reference of tracker.read_signal_cell_counts: each market's chats of the windows
    read on their own, then each persona's, grouped by prompt (1.1's first reads)."""
    start, middle, end = windows
    counts = {}
    for name, column, table in (("marketId", "market_id", "markets"),
                                ("personaId", "persona_id", "personas")):
        for cell in tracker.query_all(connection, "SELECT id FROM %s" % table):
            where = "c.%s = ? AND c.created_at >= ? AND c.created_at < ?" % column
            params = (middle, cell["id"], start, end)
            for row in tracker.query_all(connection, "SELECT c.created_at >= ? AS current, "
                                         "c.prompt_id, count(*) AS n FROM chats c WHERE %s "
                                         "GROUP BY 1, 2" % where, params):
                counts[(row["current"], row["prompt_id"], (name, cell["id"]))] = (row["n"], {})
            for row in tracker.query_all(connection, """
                    SELECT c.created_at >= ? AS current, c.prompt_id, b.brand_id,
                           count(b.position) AS a, coalesce(sum(b.position), 0) AS b,
                           total(b.sentiment_score) AS c, count(b.sentiment) AS d
                    FROM chats c JOIN chat_brands b ON b.chat_id = c.id WHERE %s
                    GROUP BY 1, 2, 3""" % where, params):
                counts[(row["current"], row["prompt_id"], (name, cell["id"]))][1][
                    row["brand_id"]] = (row["a"], row["b"], row["c"], row["d"])
    return counts


def test_a_scan_reads_the_markets_and_personas_sums_once_and_finds_the_same_signals(db, api):
    """Random chats of 8 prompts in 3 markets x 2 personas (and without either), naming 3
    brands at random, Acme more often in market 1 and persona 2 in the current window:
    the one grouped read gives each market's and persona's sums exactly as reading each
    cell's chats on its own does, so the same signals pass (sentiment scores in quarters,
    which add up alike in any order)."""
    rng = random.Random(43)
    for name in ("Germany", "France", "Spain"):
        market(api, name, "DE", "de")
    persona(api, "CFO")
    persona(api, "CTO")
    brands = [api.post("/brands", {"name": name}).json["data"]["id"]
              for name in ("Acme", "Globex", "Initech")]
    prompts = [prompt["id"] for prompt in api.post("/prompts", {"prompts": [
        {"text": "crm %d" % n} for n in range(8)]}).json["data"]["prompts"]]
    with db.write() as connection:
        for day in range(15):  # the windows of a scan now, and a day before them
            at = tracker.iso_timestamp(START - (15 - day) * 86400)
            for prompt_id in prompts:
                run_id = add_run(connection, prompt_id, at)
                for market_id in (None, 1, 2, 3):
                    for persona_id in (None, 1, 2):
                        chat_id = add_cell_chat(connection, run_id, prompt_id, at, market_id,
                                                persona_id)
                        lift = 0.5 if day >= 8 and (market_id == 1 or persona_id == 2) else 0
                        named = [b for b in brands if rng.random() < 0.3 + lift * (b == brands[0])]
                        for position, brand_id in enumerate(named, 1):
                            sentiment = rng.choice([None, "positive", "negative"])
                            connection.execute(
                                "INSERT INTO chat_brands (chat_id, brand_id, workspace_id, "
                                "position, mentions, cited, engine, created_at, sentiment, "
                                "sentiment_score) VALUES (?, ?, 1, ?, 1, 0, 'e', ?, ?, ?)",
                                (chat_id, brand_id, position, at, sentiment,
                                 None if sentiment is None else rng.randint(-4, 4) / 4))
    windows = tracker.signal_windows(START, 7)
    with db.read() as connection:
        counts = tracker.read_signal_counts(connection, 1, windows)
        cells = tracker.read_signal_cell_counts(connection, 1, windows)
        reference = per_cell_counts(connection, windows)
    assert cells == reference and len(cells) == 2 * 8 * 5
    prompt_scopes = {prompt_id: (None, None) for prompt_id in prompts}
    found = tracker.signal_tests(counts, prompt_scopes, brands, 0.1, cell_counts=cells)
    assert found == tracker.signal_tests(counts, prompt_scopes, brands, 0.1,
                                         cell_counts=reference)
    scan = api.post("/signals/scan", {}, status=200).json["data"]
    assert scan["tested"] == found[0]
    def shown(signals):
        return sorted(json.dumps([s["figure"], s["brandId"], s["scope"], s["qValue"]],
                                 sort_keys=True) for s in signals)
    assert shown(scan["signals"]) == shown(found[1])
    assert {(1, None), (None, 2)} <= {(s["scope"]["marketId"], s["scope"]["personaId"])
                                      for s in found[1]}


def test_every_analytics_endpoint_and_its_export_takes_market_and_persona(asked):
    """Each GET /analytics/* that reads chats declares marketId and personaId and exports
    with them (the AI traffic's assistants read server logs, no chat; a
    chat by id is one chat)."""
    document = asked.get("/openapi.json").json
    paths = {path: operation["get"] for path, operation in document["paths"].items()
             if path.startswith("/analytics/") and "get" in operation
             and path not in ("/analytics/traffic/assistants", "/analytics/chats/{id}")}
    assert len(paths) >= 11
    for path, operation in sorted(paths.items()):
        declared = {param.get("name") for param in operation["parameters"]}
        assert {"marketId", "personaId", "format"} <= declared, path
        if path == "/analytics/divergence":
            continue  # it needs two engines; the workspace has one
        asked.get(path, format="ndjson", marketId="1", personaId="1")
    export = asked.get("/analytics/chats", format="csv", marketId="2")
    assert export.content_type == "text/csv" and ",marketId,personaId," in export.text.split("\r\n")[0]


def test_every_mcp_tool_with_an_engine_filter_takes_market_and_persona(app):
    specs = tracker.mcp_tool_specs(app)
    # list_actions' engine narrows the actions, which are the workspace's, not a cell's
    scoped = {name: schema["properties"] for name, _, schema, *_ in specs
              if "engine" in schema["properties"] and name != "list_actions"}
    assert {"get_rankings", "list_chats", "list_sources", "get_stability"} <= set(scoped)
    assert [name for name, properties in scoped.items()
            if not {"marketId", "personaId"} <= set(properties)] == []
    assert tracker.mcp_tool_specs(app)[2][2]["properties"]["groupBy"]["enum"] == [
        "market", "persona"]


# The dashboard ---------------------------------------------------------------------------

def test_the_overview_has_a_market_by_brand_table_and_market_and_persona_filters(db):
    from test_dashboard import sign_in
    client = webtest.TestApp(tracker.make_app(db, runs="instant"))
    api = make_api(client, db, rate_limit=100000)
    page = (sign_in(client, api.key), client.get("/"))[1]
    assert "Visibility by market" not in page.text and 'name="personaId"' not in page.text
    market(api, "Germany", "DE", "de")
    market(api, "France", "FR", "fr")
    persona(api, "CFO")
    api.post("/brands", {"name": "Acme"})
    api.post("/prompts", {"prompts": [{"text": "crm %d" % n, "marketIds": [1, 2],
                                       "personaIds": [1]} for n in range(2)]})
    page = client.get("/")
    table = page.html.find("table", {"class": "markets"})
    assert [th.text for th in table.find("thead").find_all("th")] == [
        "Brand", "France", "Germany", "Strongest", "Weakest"]
    (row,) = table.find("tbody").find_all("tr")
    assert row.find("th").text == "Acme" and len(row.find_all("td")) == 4
    assert [option.text for option in page.html.find("select", {"name": "personaId"})
            .find_all("option")] == ["All personas", "CFO"]
    assert [option.text for option in page.html.find("select", {"name": "marketId"})
            .find_all("option")] == ["All markets", "France", "Germany"]
    one = client.get("/?personaId=1&marketId=2")
    assert one.html.find("option", {"value": "1", "selected": True}).text == "CFO"
    assert one.html.find("table", {"class": "markets"}) is None  # one market: its rankings
