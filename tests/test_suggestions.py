"""Prompt suggestions (issue 44): each source on a workspace built to hold exactly one
instance of it beside a near miss that must not make one (searched queries grouped case-
and space-insensitively, the tracked text left out; comparisons for the names in at least
two answers, discovered names included; a gap for the topic whose answers never name the
own brand), the rollup exact under deletes, accept and dismiss (idempotent, by a stable
id), and the list's limits at their edges."""

import pytest

import tracker
from test_analytics import add_chat

MOMENT = "2026-11-20T10:00:00.000Z"  # inside the 30-day window ending at START


def prompt(api, text, **fields):
    return api.post("/prompts", dict(fields, text=text)).json["data"]["prompts"][0]


def searched(db, chat_id, *queries):
    with db.write() as connection:
        chat = tracker.query_one(connection, "SELECT id, workspace_id, prompt_id, engine, "
                                 "created_at FROM chats WHERE id = ?", (chat_id,))
        tracker.write_chat_searches(connection, chat, queries)


def named(db, chat_id, *names):
    with db.write() as connection:
        chat = tracker.query_one(connection, "SELECT id, workspace_id, engine, created_at "
                                 "FROM chats WHERE id = ?", (chat_id,))
        tracker.write_chat_names(connection, chat, [
            {"name": name, "name_key": tracker.visible_key(name), "mentions": 1}
            for name in names])


def of_source(api, source):
    return api.get("/prompt-suggestions", source=source, perPage="100").json["data"]["data"]


@pytest.fixture
def searches(api, db):
    """Two prompts; three engines search "Best CRM  for startups" in its case and spacing
    variants over two days; one engine searches a tracked prompt's text."""
    first, second = prompt(api, "crm for a startup"), prompt(api, "which crm is cheapest")
    chats = [add_chat(db, api.workspace_id, first, "one", MOMENT),
             add_chat(db, api.workspace_id, first, "two", "2026-11-21T10:00:00.000Z"),
             add_chat(db, api.workspace_id, second, "three", MOMENT)]
    searched(db, chats[0], "Best CRM  for startups", "best crm for startups")
    searched(db, chats[1], " best crm\tfor STARTUPS ")
    # near miss: the tracked prompt's text, in another case, is no suggestion
    searched(db, chats[2], "best crm for startups", "Which CRM is cheapest")
    return first, second, chats


def test_a_searched_query_groups_its_variants_and_counts_prompts_engines_days(api, searches):
    first, second, chats = searches
    (item,) = of_source(api, "searched")
    assert item == {
        "id": tracker.suggestion("searched", "", "best crm for startups", {})["id"],
        "text": "Best CRM for startups", "source": "searched", "status": "open",
        "evidence": {"query": "best crm for startups", "prompts": 2, "engines": 3, "days": 2,
                     "searches": 4, "examples": [
                         {"promptId": first["id"], "chatId": chats[1]},
                         {"promptId": second["id"], "chatId": chats[2]}]}}


def test_the_rollup_stays_exact_as_chats_go(api, db, searches):
    first, second, chats = searches
    with db.write() as connection:
        connection.execute("DELETE FROM chats WHERE id = ?", (chats[1],))
    (item,) = of_source(api, "searched")
    assert {name: item["evidence"][name] for name in ("prompts", "engines", "days", "searches")} \
        == {"prompts": 2, "engines": 2, "days": 1, "searches": 3}
    api.delete("/prompts/%d" % second["id"])
    (item,) = of_source(api, "searched")
    # the example is the prompt's latest chat searching it, gone: null (the rollup keeps one)
    assert item["evidence"]["examples"] == [{"promptId": first["id"], "chatId": None}]
    assert item["evidence"]["prompts"] == 1
    api.delete("/prompts/%d" % first["id"])
    assert of_source(api, "searched") == []
    with db.read() as connection:
        assert [tracker.query_all(connection, "SELECT * FROM %s" % table)
                for table in tracker.SEARCHED_QUERY_TABLES] == [[]] * 4


@pytest.fixture
def comparisons(api, db):
    """Acme (own) and Northwind named in two answers each, Globex in one (the near miss),
    and a discovered name, Zenith, in two."""
    brands = {name: api.post("/brands", dict(body, name=name)).json["data"]["id"]
              for name, body in (("Acme", {"type": "own"}), ("Northwind", {}), ("Globex", {}))}
    asked = prompt(api, "best crm")
    chats = [add_chat(db, api.workspace_id, asked, engine, MOMENT,
                      [(brands["Acme"], 1, 0), (brands["Northwind"], 2, 0)]
                      + [(brands["Globex"], 3, 0)] * (engine == "one"))
             for engine in ("one", "two")]
    for chat_id in chats:
        named(db, chat_id, "Zenith")
    return brands


def test_comparisons_pair_the_own_brand_with_the_names_in_two_answers(api, comparisons):
    acme = {"name": "Acme", "brandId": comparisons["Acme"], "type": "own", "chats": 2}
    northwind = {"name": "Northwind", "brandId": comparisons["Northwind"],
                 "type": "competitor", "chats": 2}
    zenith = {"name": "Zenith", "brandId": None, "type": "discovered", "chats": 2}
    assert [(item["text"], item["evidence"]) for item in of_source(api, "comparison")] == [
        ("alternatives to Acme", {"chats": 2, "brands": [acme]}),
        ("alternatives to Northwind", {"chats": 2, "brands": [northwind]}),
        ("alternatives to Zenith", {"chats": 2, "brands": [zenith]}),
        ("Acme vs Northwind", {"chats": 2, "brands": [acme, northwind]}),
        ("Acme vs Zenith", {"chats": 2, "brands": [acme, zenith]})]


def test_a_gap_widens_the_topic_whose_answers_never_name_the_own_brand(api, db):
    acme = api.post("/brands", {"name": "Acme", "type": "own"}).json["data"]["id"]
    rival = api.post("/brands", {"name": "Rival"}).json["data"]["id"]
    gap = prompt(api, "crm for dentists", topic="Dental CRM")
    covered = prompt(api, "crm for plumbers", topic="Trade CRM")
    unanswered = prompt(api, "crm for bakers", topic="Bakery CRM")  # no answer: no gap
    add_chat(db, api.workspace_id, gap, "one", MOMENT, [(rival, 1, 0)])
    add_chat(db, api.workspace_id, gap, "two", MOMENT)
    # near miss: one of the topic's two answers names Acme
    add_chat(db, api.workspace_id, covered, "one", MOMENT, [(rival, 1, 0)])
    add_chat(db, api.workspace_id, covered, "two", MOMENT, [(acme, 1, 0)])
    assert unanswered["topicId"] is not None
    assert [(item["text"], item["evidence"]) for item in of_source(api, "gap")] == [
        ("best Dental CRM", {"topic": {"id": gap["topicId"], "name": "Dental CRM"},
                             "topicPrompts": 1, "prompts": 1, "promptIds": [gap["id"]]})]


def test_accept_creates_the_prompt_once_and_dismiss_hides(api, searches):
    (item,) = of_source(api, "searched")
    path = "/prompt-suggestions/%s/" % item["id"]
    created = api.post(path + "accept", {"topic": "CRM", "tags": ["idea"]}, status=201)
    prompt_ = created.json["data"]
    assert created.headers["Location"] == "/api/v1/prompts/%d" % prompt_["id"]
    assert (prompt_["text"], prompt_["status"], prompt_["location"]) == (
        "Best CRM for startups", "active", None)
    assert [tag["name"] for tag in prompt_["tags"]] == ["idea"]
    again = api.post(path + "accept", {}, status=200).json["data"]
    assert again == prompt_
    # both answers are the document's, so a generated client reads the repeat too
    described = api.get("/openapi.json").json["paths"]["/prompt-suggestions/{suggestion}/accept"]
    assert {"200", "201"} <= set(described["post"]["responses"])
    assert of_source(api, "searched") == []
    assert api.post(path + "dismiss", {}, status=409).json == {
        "success": False, "code": "SUGGESTION_ACCEPTED",
        "message": "The suggestion was accepted: delete its prompt instead"}


def test_dismiss_is_idempotent_and_unknown_ids_are_404(api, comparisons):
    first, *rest = of_source(api, "comparison")
    path = "/prompt-suggestions/%s/dismiss" % first["id"]
    dismissed = api.post(path, {}, status=200).json["data"]
    assert dismissed == dict(first, status="dismissed")
    assert api.post(path, {}, status=200).json["data"] == dismissed
    assert of_source(api, "comparison") == rest
    for unknown in ("0" * 16, "nope"):
        assert api.post("/prompt-suggestions/%s/dismiss" % unknown, {}, status=404).json == {
            "success": False, "message": "Suggestion not found"}
        api.post("/prompt-suggestions/%s/accept" % unknown, {}, status=404)


def test_limits_at_their_edges(api, comparisons):
    assert api.get("/prompt-suggestions", perPage="100").json["data"]["total"] == 5
    page = api.get("/prompt-suggestions", perPage="2", page="3").json["data"]
    assert (page["total"], page["lastPage"], len(page["data"])) == (5, 3, 1)
    for params, field in (({"perPage": "101"}, "perPage"), ({"page": "0"}, "page"),
                          ({"source": "guessed"}, "source")):
        errors = api.get("/prompt-suggestions", status=422, **params).json["errors"]
        assert [error["field"] for error in errors] == [field]
    path = "/prompt-suggestions/%s/accept" % of_source(api, "comparison")[0]["id"]
    for body, field in (({"topic": "t" * (tracker.NAME_MAX_LENGTH + 1)}, "topic"),
                        ({"tags": ["t"] * (tracker.MAX_TAGS_PER_PROMPT + 1)}, "tags"),
                        ({"location": "US"}, "location")):
        errors = api.post(path, body, status=422).json["errors"]
        assert [error["field"] for error in errors] == [field]
    created = api.post(path, {"topic": "t" * tracker.NAME_MAX_LENGTH,
                              "tags": ["t%d" % n for n in range(tracker.MAX_TAGS_PER_PROMPT)]},
                       status=201).json["data"]
    assert len(created["tags"]) == tracker.MAX_TAGS_PER_PROMPT


def test_a_read_key_lists_but_cannot_accept(api, client, db, comparisons):
    read = tracker.create_key(db, api.workspace_id, "reader", scopes="read")
    headers = {"Authorization": "Bearer %s" % read["key"]}
    (item, *_) = client.get("/api/v1/prompt-suggestions", headers=headers).json["data"]["data"]
    client.post_json("/api/v1/prompt-suggestions/%s/dismiss" % item["id"], {},
                     headers=headers, status=403)


def test_the_dashboard_page_shows_the_evidence_and_tracks_or_dismisses(api, db, comparisons):
    from test_dashboard import sign_in
    client = api.client
    sign_in(client, api.key)
    page = client.get("/suggestions")
    items = page.html.select("li.suggestion")
    assert [li.find("strong").text for li in items][:2] == [
        "alternatives to Acme", "alternatives to Northwind"]
    assert "of 2 answers in 30 days: Acme (own) in 2" in items[0].text
    forms = [page.forms[key] for key in page.forms
             if page.forms[key].action.startswith("/suggestions/")]
    forms[0]["topic"] = "Switchers"
    tracked = forms[0].submit("action", value="accept", status=303)
    prompt_id = int(tracked.headers["Location"].rsplit("/", 1)[1])
    assert api.get("/prompts/%d" % prompt_id, status=200).json["data"]["text"] == \
        "alternatives to Acme"
    assert forms[1].submit("action", value="dismiss", status=303).headers["Location"] == \
        "/suggestions"
    assert [item["text"] for item in of_source(api, "comparison")] == [
        "alternatives to Zenith", "Acme vs Northwind", "Acme vs Zenith"]


def test_suggestions_are_an_mcp_tool_whose_answers_are_data():
    app = tracker.make_app(tracker.Database(":memory:"))
    specs = {spec[0]: spec for spec in tracker.mcp_tool_specs(app)}
    _, _, schema, method, rule, _ = specs["list_prompt_suggestions"]
    assert (method, rule) == ("GET", "/api/v1/prompt-suggestions")
    assert set(schema["properties"]) == {"page", "perPage", "source"}
    assert "list_prompt_suggestions" in tracker.MCP_UNTRUSTED_TOOLS  # searches, names


def test_a_hostile_search_is_data_on_the_page(api, searches):
    from test_dashboard import sign_in
    searched(api.client.app.config["tracker.db"], searches[2][0],
             "<script>alert(1)</script> crm")
    sign_in(api.client, api.key)
    page = api.client.get("/suggestions?source=searched")
    assert "&lt;script&gt;alert(1)&lt;/script&gt; crm" in page.text
    assert "<script>alert(1)" not in page.text


def test_pages_run_from_the_searched_into_the_comparisons(api, searches, comparisons):
    pages = [api.get("/prompt-suggestions", perPage="2", page=str(page)).json["data"]
             for page in (1, 2, 4)]
    assert [page["total"] for page in pages] == [6, 6, 6]
    assert [[item["text"] for item in page["data"]] for page in pages] == [
        ["Best CRM for startups", "alternatives to Acme"],
        ["alternatives to Northwind", "alternatives to Zenith"], []]


def test_the_pages_evidence_counts_in_the_singular_and_plural():
    """The page said "searched for 1 prompts"."""
    def words(prompts, engines, days, searches):
        return tracker.suggestion_words({"source": "searched", "evidence": {
            "prompts": prompts, "engines": engines, "days": days, "searches": searches}})
    assert words(1, 1, 1, 1) == "searched for 1 prompt by 1 engine on 1 day (1 search)"
    assert words(2, 3, 4, 5) == "searched for 2 prompts by 3 engines on 4 days (5 searches)"
