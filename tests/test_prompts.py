"""Prompts: create (single and bulk), list, search, read, update, delete."""

import apsw
import pytest

import tracker
from conftest import START, Api

NOW = tracker.iso_timestamp(START)


def create(api, body, status=201):
    return api.post("/prompts", body, status=status).json


def create_one(api, text="Best CRM for startups?", **fields):
    return create(api, dict(fields, text=text))["data"]["prompts"][0]


def texts(reply):
    return [prompt["text"] for prompt in reply.json["data"]["data"]]


def queued_runs(db, prompt_id):
    return tracker.query_all(db.connection(), """
        SELECT state, scheduled_at FROM runs WHERE prompt_id = ? ORDER BY id""", (prompt_id,))


def errors_of(reply):
    assert reply.json["message"] == "Validation failed"
    return reply.json["errors"]


# Create ------------------------------------------------------------------------------

def test_create_one_prompt_returns_the_whole_result(api, db):
    reply = api.post("/prompts", {"text": "  Best CRM for startups?  ", "location": "US",
                                  "topic": "CRM", "tags": ["b2b", "Sales"]})
    data = reply.json["data"]
    prompt = data["prompts"][0]
    topic = {"id": prompt["topicId"], "name": "CRM", "workspaceId": api.workspace_id,
             "createdAt": NOW, "updatedAt": NOW}
    tag_ids = [tag["id"] for tag in prompt["tags"]]
    assert reply.json == {"success": True, "message": "1 prompt created, 0 failed", "data": {
        "created": 1, "failed": 0, "errors": [],
        "prompts": [{
            "id": prompt["id"], "text": "Best CRM for startups?", "status": "active",
            "location": "US", "branded": False, "workspaceId": api.workspace_id,
            "topicId": topic["id"], "lastScheduledAt": NOW, "createdAt": NOW, "updatedAt": NOW,
            "topic": topic,
            "tags": [{"id": tag_ids[0], "name": "b2b", "color": "gray", "hexColor": "#6b7280",
                      "workspaceId": api.workspace_id, "createdAt": NOW, "updatedAt": NOW},
                     {"id": tag_ids[1], "name": "Sales", "color": "gray", "hexColor": "#6b7280",
                      "workspaceId": api.workspace_id, "createdAt": NOW, "updatedAt": NOW}],
            "lastRun": {"state": "queued", "at": NOW, "attempts": 0, "nextAttemptAt": NOW,
                        "error": None},
            "samplesPerRun": None, "marketIds": [], "personaIds": [], "keyword": None, "demand": None,
        }]}}
    assert queued_runs(db, prompt["id"]) == [{"state": "queued", "scheduled_at": NOW}]


def test_create_reuses_topics_and_tags_case_insensitively(api):
    first = create_one(api, "one", topic="CRM", tags=["B2B"])
    second = create_one(api, "two", topic="crm", tags=["b2b", "new"])
    assert second["topicId"] == first["topicId"] and second["topic"]["name"] == "CRM"
    assert [tag["name"] for tag in second["tags"]] == ["B2B", "new"]
    assert len(api.get("/topics").json["data"]) == 1


def test_tag_names_repeated_in_one_item_count_once(api):
    prompt = create_one(api, tags=["x", "X", " x "])
    assert [tag["name"] for tag in prompt["tags"]] == ["x"]


@pytest.mark.parametrize("body, field, message", [
    ({}, "text", "is required"),
    ({"text": None}, "text", "must not be null"),
    ({"text": 5}, "text", "must be a string"),
    ({"text": "   "}, "text", "must be 1 to 5000 characters"),
    ({"text": "x" * 5001}, "text", "must be 1 to 5000 characters"),
    ({"text": "a\x00b"}, "text", "must not contain NUL characters"),
    ({"text": "ok", "location": "x" * 256}, "location", "must be at most 255 characters"),
    ({"text": "ok", "location": 3}, "location", "must be a string"),
    ({"text": "ok", "topic": "x" * 101}, "topic", "must be 1 to 100 characters"),
    ({"text": "ok", "topic": ""}, "topic", "must be 1 to 100 characters"),
    ({"text": "ok", "tags": "a"}, "tags", "must be an array"),
    ({"text": "ok", "tags": ["x" * 101]}, "tags.0", "must be 1 to 100 characters"),
    ({"text": "ok", "tags": ["a", 7]}, "tags.1", "must be a string"),
    ({"text": "ok", "tags": ["t%d" % i for i in range(101)]}, "tags", "must have at most 100 items"),
])
def test_single_item_problems_are_422_naming_the_field(api, body, field, message):
    assert errors_of(api.post("/prompts", body, status=422)) == [{"field": field, "message": message}]
    assert api.get("/prompts").json["data"]["total"] == 0


def test_single_item_limits_pass_at_their_edge(api):
    prompt = create_one(api, "x" * 5000, location="l" * 255, topic="t" * 100,
                        tags=["g" * 100] + ["t%d" % i for i in range(99)])
    assert len(prompt["text"]) == 5000 and len(prompt["location"]) == 255
    assert len(prompt["topic"]["name"]) == 100 and len(prompt["tags"]) == 100


def test_lone_surrogates_are_refused(api):
    reply = api.post("/prompts", '{"text": "bad \\ud800 text"}', status=422)
    assert errors_of(reply) == [{"field": "text", "message": "must be valid Unicode (no lone surrogates)"}]


def test_every_problem_of_a_body_is_reported_at_once(api):
    reply = api.post("/prompts", {"text": "", "location": 1, "tags": [1, "x" * 101]}, status=422)
    assert errors_of(reply) == [
        {"field": "text", "message": "must be 1 to 5000 characters"},
        {"field": "location", "message": "must be a string"},
        {"field": "tags.0", "message": "must be a string"},
        {"field": "tags.1", "message": "must be 1 to 100 characters"}]


def test_empty_location_means_none(api):
    assert create_one(api, location="  ")["location"] is None
    assert create_one(api, "other", location=None)["location"] is None


def test_single_duplicate_is_201_with_nothing_created(api):
    create_one(api, "Best CRM?", location="US")
    reply = create(api, {"text": " best crm? ", "location": "us"})
    assert reply["message"] == "0 prompts created, 1 failed"
    assert reply["data"] == {"created": 0, "failed": 1, "prompts": [], "errors": [
        {"index": 0, "text": "best crm?", "message": "Duplicate prompt: already in the workspace"}]}
    # Another location is another prompt.
    assert create(api, {"text": "Best CRM?", "location": "DE"})["data"]["created"] == 1


def test_bulk_create_skips_invalid_items_and_duplicates(api):
    create_one(api, "existing")
    reply = create(api, {"prompts": [
        {"text": "new one", "topic": "T", "tags": ["a"]},
        {"text": "EXISTING"},
        {"text": ""},
        {"text": "New One"},
        {"text": "another", "topic": "t", "tags": ["A", "b"]},
        {"text": "x", "location": "y" * 256, "tags": [1]},
    ]})
    data = reply["data"]
    assert reply["message"] == "2 prompts created, 4 failed"
    assert (data["created"], data["failed"]) == (2, 4)
    assert [prompt["text"] for prompt in data["prompts"]] == ["new one", "another"]
    assert data["prompts"][0]["topicId"] == data["prompts"][1]["topicId"]
    assert data["prompts"][0]["tags"][0]["id"] == data["prompts"][1]["tags"][0]["id"]
    assert data["errors"] == [
        {"index": 1, "text": "EXISTING", "message": "Duplicate prompt: already in the workspace"},
        {"index": 2, "text": "", "message": "Validation failed",
         "errors": [{"field": "prompts.2.text", "message": "must be 1 to 5000 characters"}]},
        {"index": 3, "text": "New One", "message": "Duplicate prompt: same as item 0"},
        {"index": 5, "text": "x", "message": "Validation failed", "errors": [
            {"field": "prompts.5.location", "message": "must be at most 255 characters"},
            {"field": "prompts.5.tags.0", "message": "must be a string"}]},
    ]


def test_bulk_of_500_passes_and_501_fails(api):
    reply = create(api, {"prompts": [{"text": "prompt %d" % i} for i in range(500)]})
    assert reply["data"]["created"] == 500
    reply = api.post("/prompts", {"prompts": [{"text": "more %d" % i} for i in range(501)]}, status=422)
    assert errors_of(reply) == [{"field": "prompts", "message": "must have 1 to 500 items"}]
    assert api.get("/prompts").json["data"]["total"] == 500


@pytest.mark.parametrize("body, errors", [
    ({"prompts": []}, [{"field": "prompts", "message": "must have 1 to 500 items"}]),
    ({"prompts": None}, [{"field": "prompts", "message": "must not be null"}]),
    ({"prompts": {"text": "x"}}, [{"field": "prompts", "message": "must be an array"}]),
    ({"prompts": [{"text": "ok"}, "text", 3]}, [
        {"field": "prompts.1", "message": "must be an object"},
        {"field": "prompts.2", "message": "must be an object"}]),
])
def test_bulk_shape_problems_are_422(api, body, errors):
    assert errors_of(api.post("/prompts", body, status=422)) == errors
    assert api.get("/prompts").json["data"]["total"] == 0


@pytest.mark.parametrize("body, content_type, message", [
    ("{not json", "application/json", "Request body is not valid JSON"),
    ('{"text": NaN}', "application/json", "Request body is not valid JSON"),
    ('["text"]', "application/json", "Request body must be a JSON object"),
    ("", "application/json", "Request body is not valid JSON"),
    ('{"text": "x"}', "text/plain", "Content-Type must be application/json"),
    (b'{"text": "\xff"}', "application/json", "Request body is not valid UTF-8"),
    ("[" * 100000 + "]" * 100000, "application/json", "Request body is not valid JSON"),
])
def test_body_problems_are_422_on_body(api, body, content_type, message):
    reply = api.post("/prompts", body, status=422, headers={"Content-Type": content_type})
    assert reply.json == {"success": False, "message": "Validation failed",
                          "errors": [{"field": "body", "message": message}]}


def test_json_with_charset_is_accepted(api):
    api.post("/prompts", {"text": "x"}, headers={"Content-Type": "application/json; charset=utf-8"})


def test_unknown_fields_are_refused_by_name(api):
    reply = api.post("/prompts", {"text": "x", "id": 99, "status": "paused", "color": "red"},
                     status=422)
    assert reply.json == {"success": False, "message": "Validation failed", "errors": [
        {"field": name, "message": "is not a field of this operation"}
        for name in ("id", "status", "color")]}
    assert api.get("/prompts").json["data"]["total"] == 0


# List and search ---------------------------------------------------------------------

def set_status(api, prompt, status):
    api.patch("/prompts/%d" % prompt["id"], {"status": status})


def test_list_is_newest_first_and_hides_suggested_and_rejected(api):
    prompts = {status: create_one(api, status) for status in tracker.PROMPT_STATUSES}
    for status, prompt in prompts.items():
        set_status(api, prompt, status)
    reply = api.get("/prompts")
    assert texts(reply) == ["paused", "active", "draft"]
    for status in tracker.PROMPT_STATUSES:
        assert texts(api.get("/prompts", params={"status": status})) == [status]


def test_pagination_fields_and_edges(api):
    create(api, {"prompts": [{"text": "p%02d" % i} for i in range(45)]})
    reply = api.get("/prompts")
    assert {k: v for k, v in reply.json["data"].items() if k != "data"} == \
        {"total": 45, "page": 1, "perPage": 20, "lastPage": 3}
    assert texts(reply)[:2] == ["p44", "p43"]
    assert texts(api.get("/prompts", page="3")) == ["p%02d" % i for i in range(4, -1, -1)]
    past = api.get("/prompts", page="4").json["data"]
    assert past["data"] == [] and past["lastPage"] == 3
    assert len(texts(api.get("/prompts", perPage="100"))) == 45
    assert texts(api.get("/prompts", perPage="1", page="45")) == ["p00"]
    assert api.get("/prompts", page="1000000").json["data"]["data"] == []


def test_empty_list_has_last_page_1(api):
    assert api.get("/prompts").json["data"] == {"data": [], "total": 0, "page": 1, "perPage": 20,
                                                "lastPage": 1}


@pytest.mark.parametrize("params, field, message", [
    ({"page": "0"}, "page", "must be an integer from 1 to 1000000"),
    ({"page": "1000001"}, "page", "must be an integer from 1 to 1000000"),
    ({"page": "-1"}, "page", "must be an integer from 1 to 1000000"),
    ({"page": "1.5"}, "page", "must be an integer from 1 to 1000000"),
    ({"page": "1_0"}, "page", "must be an integer from 1 to 1000000"),
    ({"page": " 1"}, "page", "must be an integer from 1 to 1000000"),
    ({"page": "99999999999999999999999"}, "page", "must be an integer from 1 to 1000000"),
    ({"perPage": "0"}, "perPage", "must be an integer from 1 to 100"),
    ({"perPage": "101"}, "perPage", "must be an integer from 1 to 100"),
    ({"status": "foo"}, "status", "must be one of: draft, active, paused, suggested, rejected"),
    ({"topicId": "x"}, "topicId", "must be an integer from 1 to 9223372036854775807"),
    ({"tagId": "0"}, "tagId", "must be an integer from 1 to 9223372036854775807"),
    ({"search": "x" * 5001}, "search", "must be 1 to 5000 characters"),
    ({"branded": "yes"}, "branded", "must be one of: true, false"),
    ({"branded": "True"}, "branded", "must be one of: true, false"),
])
def test_invalid_query_parameters_are_422(api, params, field, message):
    reply = api.get("/prompts", status=422, params=params)
    assert errors_of(reply) == [{"field": field, "message": message}]


def test_invalid_utf8_in_a_query_is_422(api):
    reply = api.client.get("/api/v1/prompts?search=%ff%fe", headers=api.headers, status=422)
    assert errors_of(reply) == [{"field": "search", "message": "must be valid UTF-8"}]


def test_filters_by_topic_and_tag(api):
    crm = create_one(api, "crm one", topic="CRM", tags=["a"])
    create_one(api, "crm two", topic="CRM")
    create_one(api, "other", tags=["a", "b"])
    assert texts(api.get("/prompts", topicId=str(crm["topicId"]))) == ["crm two", "crm one"]
    assert texts(api.get("/prompts", tagId=str(crm["tags"][0]["id"]))) == ["other", "crm one"]
    assert texts(api.get("/prompts", tagId=str(crm["tags"][0]["id"]),
                         topicId=str(crm["topicId"]))) == ["crm one"]
    assert texts(api.get("/prompts", topicId="999")) == []


@pytest.mark.parametrize("search, expected", [
    ("crm", ["Which CRM is best?", "crm for startups"]),
    ("CRM FOR", ["crm for startups"]),
    ("is best?", ["Which CRM is best?"]),
    ("cr", ["Which CRM is best?", "crm for startups"]),
    ("é", ["Café tools"]),
    ("%", ["100% uptime_db"]),
    ("_", ["100% uptime_db"]),
    ("0%", ["100% uptime_db"]),
    ('"', []),
    ('crm" OR "x', []),
    ("NEAR(a b)", []),
    ("*", []),
    ("startups", ["crm for startups"]),
    ("zzz", []),
    ("  crm  ", ["Which CRM is best?", "crm for startups"]),
    ("", ["100% uptime_db", "Café tools", "Which CRM is best?", "crm for startups"]),
])
def test_search_matches_substrings_case_insensitively(api, search, expected):
    for text in ("crm for startups", "Which CRM is best?", "Café tools", "100% uptime_db"):
        create_one(api, text)
    assert texts(api.get("/prompts", search=search)) == expected


def test_search_follows_text_updates_and_deletes(api):
    prompt = create_one(api, "alpha bravo")
    api.patch("/prompts/%d" % prompt["id"], {"text": "charlie delta"})
    assert texts(api.get("/prompts", search="alpha")) == []
    assert texts(api.get("/prompts", search="delta")) == ["charlie delta"]
    api.delete("/prompts/%d" % prompt["id"])
    assert texts(api.get("/prompts", search="delta")) == []


def test_a_transactions_changed_texts_are_indexed_at_its_commit(api, db):
    # The texts a transaction changes go into the search index at its commit, once for all
    # the blocks of a group commit (issue 43): a text changed twice, or changed then deleted,
    # leaves the index as if each change went in at once; a block rolled back leaves it be.
    alpha, bravo, charlie = (create_one(api, "crm %s" % name)["id"]
                             for name in ("alpha", "bravo", "charlie"))

    def pending(connection):
        return tracker.query_all(connection, "SELECT prompt_id, text FROM prompts_fts_pending")
    with db.write() as connection:
        for text in ("crm alpha two", "crm alpha three"):
            connection.execute("UPDATE prompts SET text = ? WHERE id = ?", (text, alpha))
        connection.execute("UPDATE prompts SET text = 'crm bravo two' WHERE id = ?", (bravo,))
        connection.execute("DELETE FROM prompts WHERE id = ?", (bravo,))
        with pytest.raises(ZeroDivisionError), db.write() as block:  # its savepoint
            block.execute("UPDATE prompts SET text = 'crm charlie two' WHERE id = ?", (charlie,))
            1 / 0
        assert pending(connection) == [{"prompt_id": alpha, "text": "crm alpha"}]
    connection = db.connection()
    assert pending(connection) == []
    connection.execute("INSERT INTO prompts_fts (prompts_fts, rank) VALUES ('integrity-check', 1)")
    assert [texts(api.get("/prompts", search=search)) for search in (
        "alpha", "alpha two", "bravo", "charlie", "charlie two")] == [
        ["crm alpha three"], [], [], ["crm charlie"], []]


def test_search_pages_newest_first_within_the_workspace_and_status(api, other_api):
    # The index holds every workspace's prompts: a search walks it newest first and keeps
    # the workspace's own, in the status asked, page by page with the exact total.
    for n in range(7):
        create_one(api, "crm %d" % n)
        create_one(other_api, "crm elsewhere %d" % n)
        create_one(api, "other %d" % n)
    paused = create_one(api, "paused CRM")
    api.patch("/prompts/%d" % paused["id"], {"status": "paused"})
    pages = [api.get("/prompts", search="crm", perPage=3, page=page) for page in (1, 2, 3, 4)]
    assert [texts(page) for page in pages] == [
        ["paused CRM", "crm 6", "crm 5"], ["crm 4", "crm 3", "crm 2"], ["crm 1", "crm 0"], []]
    assert {page.json["data"]["total"] for page in pages} == {8}
    only_paused = api.get("/prompts?search=crm&status=paused")
    assert (texts(only_paused), only_paused.json["data"]["total"]) == (["paused CRM"], 1)


def vm_steps_of_lists(db):
    """A list of the virtual machine steps each GET /prompts statement took on this thread."""
    steps = []
    db.connection().trace_v2(apsw.SQLITE_TRACE_PROFILE, lambda event: steps.append(
        event["stmt_status"]["SQLITE_STMTSTATUS_VM_STEP"]) if "AS page" in event["sql"] else None)
    return steps


def test_a_search_total_is_counted_once_per_data_revision(api, db):
    # Totals kept in a RevisionCache: pages 2 and 3 of a search skip the count while the
    # data revision is the one it was counted at; any write counts again. (The same page
    # again is the answer cache's, which runs no statement: test_conditional.py.)
    create(api, {"prompts": [{"text": "crm %d" % n} for n in range(150)]})
    steps = vm_steps_of_lists(db)
    pages = [api.get("/prompts", search="crm", perPage=2, page=page) for page in (1, 2, 3)]
    assert [page.json["data"]["total"] for page in pages] == [150, 150, 150]
    assert texts(pages[1]) == ["crm 147", "crm 146"]
    assert steps[1] * 3 < steps[0] and steps[2] * 3 < steps[0]  # 150 matches counted once
    create_one(api, "crm 150")
    assert api.get("/prompts", search="crm", perPage=2).json["data"]["total"] == 151
    other = tracker.Database(db.path)  # as another process would write
    with other.write() as connection:
        connection.execute("DELETE FROM prompts WHERE text = 'crm 0'")
    other.close()
    assert api.get("/prompts", search="crm", perPage=2).json["data"]["total"] == 150
    assert steps[3] > steps[1] * 3 and steps[4] > steps[1] * 3
    db.connection().trace_v2(0, None)


def test_the_worker_merges_the_search_index_and_no_answer_or_etag_changes(api, app, db):
    # Each write transaction adds a b-tree to the search index; the worker's step merges
    # them a bounded amount a transaction (levels of 2 or more), which readers cannot tell.
    for batch in range(8):
        create(api, {"prompts": [{"text": "crm tool %d-%d" % (batch, n)} for n in range(20)]})
    connection = db.connection()

    def b_trees():
        return tracker.query_one(connection, "SELECT count(DISTINCT segid) AS n FROM prompts_fts_idx")["n"]
    before, page = b_trees(), api.get("/prompts", search="crm tool", perPage=5)
    merge, = [step for step in app.config["tracker.worker"].later_steps
              if isinstance(step, tracker.SearchIndexMerge)]
    revision = tracker.query_one(connection, "SELECT revision FROM data_revision")
    assert [merge(), merge()] == [True, False] and (before, b_trees()) == (4, 1)
    assert tracker.query_one(connection, "SELECT revision FROM data_revision") == revision
    again = api.get("/prompts", search="crm tool", perPage=5,
                    headers={"If-None-Match": page.headers["ETag"]}, status=304)
    assert again.body == b"" and api.get("/prompts", search="crm tool", perPage=5).body == page.body
    steps = count_statements(db)
    assert merge() is False and steps == ["SELECT revision FROM data_revision"]  # no write
    db.connection().exec_trace = None


def test_a_revision_cache_keeps_the_most_recently_used_up_to_its_bound():
    totals = tracker.RevisionCache(tracker.PROMPT_TOTALS_KEPT)
    for n in range(totals.max_entries):
        totals.put(("list", n), 7, n)
    assert totals.get(("list", 0)) == (7, 0)  # used: the oldest is now ("list", 1)
    totals.put(("list", "one more"), 7, 1)
    assert totals.get(("list", 1)) == (None, None)
    assert [totals.get(("list", n)) for n in (0, 2, totals.max_entries - 1)] == [
        (7, 0), (7, 2), (7, totals.max_entries - 1)]


def count_statements(db):
    """A list that grows by one entry per SQL statement run on this thread's connection."""
    statements = []
    db.connection().exec_trace = lambda cursor, sql, bindings: statements.append(sql) or True
    return statements


@pytest.mark.parametrize("path", ["/prompts?perPage=100", "/prompts?perPage=100&search=prompt"])
def test_a_page_costs_the_same_statements_for_5_or_100_prompts(api, db, path):
    def statements_for_page():
        statements = count_statements(db)
        api.client.get("/api/v1" + path, headers=api.headers)
        db.connection().exec_trace = None
        return [sql.split()[0].upper() for sql in statements]
    create(api, {"prompts": [{"text": "prompt %d" % i, "topic": "t%d" % (i % 3),
                              "tags": ["a", "b%d" % i]} for i in range(5)]})
    small = statements_for_page()
    create(api, {"prompts": [{"text": "prompt %d" % i, "topic": "t%d" % (i % 7),
                              "tags": ["a", "b%d" % i, "c"]} for i in range(5, 100)]})
    # auth_version (the key's row is cached), the revision (the ETag's), then one
    # statement for the total and the page with its topics and tags
    assert statements_for_page() == small == ["SELECT", "SELECT", "SELECT"]


# Read, update, delete ----------------------------------------------------------------

def test_get_one_prompt_and_404s(api):
    prompt = create_one(api)
    assert api.get("/prompts/%d" % prompt["id"]).json == {
        "success": True, "data": prompt, "message": "Prompt retrieved"}
    for bad in ("999", "0", "-1", "abc", "1.0", "99999999999999999999"):
        assert api.get("/prompts/" + bad, status=404).json == {
            "success": False, "message": "Prompt not found"}


def test_update_each_field(api, clock):
    prompt = create_one(api, "old text", location="US", topic="A", tags=["x"])
    clock.advance(5)
    later = tracker.iso_timestamp(START + 5)
    reply = api.patch("/prompts/%d" % prompt["id"], {"text": " new text ", "location": "DE",
                                                     "topicName": "B", "tags": ["y"]})
    updated = reply.json["data"]
    assert reply.json["message"] == "Prompt updated"
    assert (updated["text"], updated["location"], updated["topic"]["name"]) == ("new text", "DE", "B")
    assert [tag["name"] for tag in updated["tags"]] == ["y"]
    assert (updated["createdAt"], updated["updatedAt"]) == (NOW, later)
    assert api.get("/prompts/%d" % prompt["id"]).json["data"] == updated


def test_an_update_writes_only_what_changes_and_the_rest_stays(api, clock):
    """Only the changed columns and tag rows are written (performance.md): the tags' counts,
    the search index and the fields not sent stay right."""
    prompt = create_one(api, "Zanzibar office CRM", location="US", topic="T", tags=["a", "b"])
    clock.advance(5)
    updated = api.patch("/prompts/%d" % prompt["id"], {"tags": ["B", "c"], "status": "paused"})
    updated = updated.json["data"]
    assert ([tag["name"] for tag in updated["tags"]], updated["status"], updated["text"],
            updated["location"], updated["topic"]["name"], updated["updatedAt"]) == (
        ["b", "c"], "paused", "Zanzibar office CRM", "US", "T", tracker.iso_timestamp(START + 5))
    assert {tag["name"]: tag["promptCount"] for tag in api.get("/tags").json["data"]} == {
        "a": 0, "b": 1, "c": 1}
    found = api.get("/prompts", params={"search": "zanzibar", "status": "paused"}).json["data"]
    assert [item["id"] for item in found["data"]] == [prompt["id"]]
    assert api.get("/prompts/%d" % prompt["id"]).json["data"] == updated


def test_put_behaves_like_patch(api):
    prompt = create_one(api, "old", location="US")
    updated = api.put("/prompts/%d" % prompt["id"], {"text": "new"}).json["data"]
    assert (updated["text"], updated["location"]) == ("new", "US")


def test_update_without_effect_keeps_updated_at(api, clock):
    prompt = create_one(api, "same", location="US", topic="T", tags=["a", "b"])
    clock.advance(5)
    for body in ({}, {"text": "same"}, {"location": "US", "topicName": "t"},
                 {"tags": ["b", "A"]}, {"status": "active"}):
        assert api.patch("/prompts/%d" % prompt["id"], body).json["data"]["updatedAt"] == NOW


def test_tags_replace_by_id_digit_string_or_name(api):
    tag = api.post("/tags", {"name": "existing"}).json["data"]
    named_like_a_number = api.post("/tags", {"name": "2024"}).json["data"]
    prompt = create_one(api, tags=["old"])
    updated = api.patch("/prompts/%d" % prompt["id"], {
        "tags": [tag["id"], str(tag["id"]), "2024", "brand new", "99999"]}).json["data"]
    names = sorted(t["name"] for t in updated["tags"])
    assert names == ["2024", "99999", "brand new", "existing"]
    # "2024" is not an id here, so it names the tag called 2024; "99999" became a new tag.
    assert named_like_a_number["id"] in [t["id"] for t in updated["tags"]]
    assert api.patch("/prompts/%d" % prompt["id"], {"tags": []}).json["data"]["tags"] == []


def test_unknown_integer_tag_id_is_422_and_nothing_changes(api):
    prompt = create_one(api, tags=["keep"])
    reply = api.patch("/prompts/%d" % prompt["id"], {"tags": ["new name", 424242]}, status=422)
    assert errors_of(reply) == [{"field": "tags.1", "message": "no tag with id 424242 in this workspace"}]
    assert [t["name"] for t in api.get("/tags").json["data"]] == ["keep"]


@pytest.mark.parametrize("body, field, message", [
    ({"text": ""}, "text", "must be 1 to 5000 characters"),
    ({"text": "x" * 5001}, "text", "must be 1 to 5000 characters"),
    ({"status": "archived"}, "status", "must be one of: draft, active, paused, suggested, rejected"),
    ({"location": "x" * 256}, "location", "must be at most 255 characters"),
    ({"topicId": "1"}, "topicId", "must be a positive integer id"),
    ({"topicId": True}, "topicId", "must be a positive integer id"),
    ({"topicId": 0}, "topicId", "must be a positive integer id"),
    ({"topicName": "x" * 101}, "topicName", "must be 1 to 100 characters"),
    ({"tags": [1.5]}, "tags.0", "must be a string"),
    ({"tags": [0]}, "tags.0", "must be a positive integer id"),
    ({"tags": ["x" * 101]}, "tags.0", "must be 1 to 100 characters"),
    ({"tags": list(range(1, 102))}, "tags", "must have at most 100 items"),
])
def test_update_problems_are_422(api, body, field, message):
    prompt = create_one(api)
    assert errors_of(api.patch("/prompts/%d" % prompt["id"], body, status=422)) == \
        [{"field": field, "message": message}]
    assert api.get("/prompts/%d" % prompt["id"]).json["data"] == prompt


def test_update_limits_pass_at_their_edge(api):
    prompt = create_one(api)
    updated = api.patch("/prompts/%d" % prompt["id"], {
        "text": "x" * 5000, "location": "l" * 255, "topicName": "t" * 100,
        "tags": ["g" * 100]}).json["data"]
    assert (len(updated["text"]), len(updated["location"]), len(updated["topic"]["name"]),
            len(updated["tags"][0]["name"])) == (5000, 255, 100, 100)


def test_topic_id_moves_removes_and_wins_over_topic_name(api):
    prompt = create_one(api, topic="A")
    other = api.post("/topics", {"name": "B"}).json["data"]
    moved = api.patch("/prompts/%d" % prompt["id"], {"topicId": other["id"], "topicName": "C"})
    assert moved.json["data"]["topic"]["name"] == "B"
    assert [t["name"] for t in api.get("/topics").json["data"]] == ["A", "B"]  # no C
    cleared = api.patch("/prompts/%d" % prompt["id"], {"topicId": None}).json["data"]
    assert (cleared["topicId"], cleared["topic"]) == (None, None)
    reply = api.patch("/prompts/%d" % prompt["id"], {"topicId": 987654}, status=422)
    assert errors_of(reply) == [{"field": "topicId", "message": "no topic with this id in this workspace"}]


def test_validation_comes_before_existence(api):
    assert api.patch("/prompts/999", {"text": ""}, status=422).json["errors"][0]["field"] == "text"
    assert api.patch("/prompts/999", {"text": "fine"}, status=404).json == {
        "success": False, "message": "Prompt not found"}


def test_leaving_active_cancels_queued_runs_and_returning_queues_one(api, db, clock):
    prompt = create_one(api)
    api.patch("/prompts/%d" % prompt["id"], {"status": "paused"})
    assert queued_runs(db, prompt["id"]) == [{"state": "canceled", "scheduled_at": NOW}]
    clock.advance(60)
    later = tracker.iso_timestamp(START + 60)
    reactivated = api.patch("/prompts/%d" % prompt["id"], {"status": "active"}).json["data"]
    assert reactivated["lastScheduledAt"] == later
    assert queued_runs(db, prompt["id"]) == [{"state": "canceled", "scheduled_at": NOW},
                                             {"state": "queued", "scheduled_at": later}]
    api.patch("/prompts/%d" % prompt["id"], {"status": "draft"})
    assert [run["state"] for run in queued_runs(db, prompt["id"])] == ["canceled", "canceled"]


def test_delete_is_permanent(api, db):
    prompt = create_one(api, tags=["a"])
    assert api.delete("/prompts/%d" % prompt["id"]).json == {"success": True, "message": "Prompt deleted"}
    assert api.get("/prompts/%d" % prompt["id"], status=404).json["message"] == "Prompt not found"
    assert api.delete("/prompts/%d" % prompt["id"], status=404).json == {
        "success": False, "message": "Prompt not found"}
    assert queued_runs(db, prompt["id"]) == []
    assert api.get("/tags").json["data"][0]["promptCount"] == 0


def test_read_only_key_cannot_change_prompts(client, db, api):
    prompt = create_one(api)
    reader = Api(client, tracker.create_key(db, api.workspace_id, scopes="read")["key"],
                 api.workspace_id)
    assert reader.get("/prompts/%d" % prompt["id"]).json["data"] == prompt
    for method, path, body in (("POST", "/prompts", {"text": "x"}),
                               ("PATCH", "/prompts/%d" % prompt["id"], {"text": "x"}),
                               ("PUT", "/prompts/%d" % prompt["id"], {"text": "x"}),
                               ("DELETE", "/prompts/%d" % prompt["id"], {})):
        reply = reader.send(method, path, body, 403)
        assert reply.json["code"] == "INSUFFICIENT_SCOPE"
    assert api.get("/prompts/%d" % prompt["id"]).json["data"] == prompt


def test_unknown_query_parameters_are_422_so_typos_do_not_pass_silently(api):
    reply = api.get("/prompts", status=422, params={"perpage": "5", "page": "0"})
    assert errors_of(reply) == [{"field": "page", "message": "must be an integer from 1 to 1000000"},
                                {"field": "perpage", "message": "is not a parameter of this operation"}]
    reply = api.get("/workspace", status=422, params={"verbose": "1"})
    assert errors_of(reply) == [{"field": "verbose", "message": "is not a parameter of this operation"}]
    api.client.get("/api/v1/docs?x=1", status=422)


# Branded prompts -----------------------------------------------------------------------

def refresh(db):
    """Run the brand refresh to its end, as the worker does."""
    while tracker.refresh_brand_rows(db) or tracker.regroup_prompt(db):
        pass


def branded(api, **params):
    return {prompt["text"]: prompt["branded"]
            for prompt in api.get("/prompts", params=params).json["data"]["data"]}


def test_a_prompt_naming_a_tracked_brand_is_branded(api, db):
    zeta = api.post("/brands", {"name": "Zeta", "trackedNames": ["Zeta CRM"]}).json["data"]["id"]
    api.post("/brands", {"name": "Hidden Co", "status": "hidden"})
    created = create(api, {"prompts": [{"text": text} for text in (
        "Is Zeta good?", "is zeta crm worth it", "compare zeta.io plans", "Zetas of the world",
        "best CRM", "Hidden Co reviews")]})["data"]["prompts"]
    assert [prompt["branded"] for prompt in created] == [True, True, True, False, False, False]
    assert branded(api, branded="true") == {"compare zeta.io plans": True,
                                             "is zeta crm worth it": True, "Is Zeta good?": True}
    assert set(branded(api, branded="false")) == {"Zetas of the world", "best CRM", "Hidden Co reviews"}
    assert api.get("/prompts", params={"branded": "false"}).json["data"]["total"] == 3
    # A text change is read at once; a brand change by the brand refresh, in the background.
    best = created[4]["id"]
    assert api.patch("/prompts/%d" % best, {"text": "best CRM, Zeta or not"}).json["data"]["branded"]
    api.patch("/brands/%d" % zeta, {"name": "Zetas", "trackedNames": []})
    # the brands as a write last read them (PromptNaming.kept) are checked under the lock
    assert api.patch("/prompts/%d" % best, {"text": "best CRM, Zetas or not"}).json["data"]["branded"]
    assert not api.patch("/prompts/%d" % best, {"text": "best CRM, Zeta or not"}).json["data"]["branded"]
    assert api.get("/prompts/%d" % created[0]["id"]).json["data"]["branded"]  # not yet
    refresh(db)
    assert branded(api) == {"Is Zeta good?": False, "is zeta crm worth it": False,
                            "compare zeta.io plans": False, "Zetas of the world": True,
                            "best CRM, Zeta or not": False, "Hidden Co reviews": False}
    api.post("/brands", {"name": "Another", "trackedNames": ["world"]})
    api.delete("/brands/%d" % zeta)
    refresh(db)
    assert branded(api, branded="true") == {"Zetas of the world": True}
