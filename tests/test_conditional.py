"""Conditional requests (issue 19): every GET answer has an ETag; If-None-Match with it is a
304 with no body that the rate limit does not count; any write, by any process, changes
every tag; an answer that depends on the time has none. A 200 answer is kept under its tag
and sent again while the tag holds (issue 43)."""

import subprocess
import sys
import threading

import webtest

import tracker
from conftest import REPO, make_api


def limited_api(client, db, rate_limit=5):
    return make_api(client, db, name="Limited", rate_limit=rate_limit)


def test_a_repeated_get_is_a_304_with_no_body_and_no_rate_limit_cost(client, db):
    api = limited_api(client, db)
    api.post("/topics", {"name": "CRM"})
    first = api.get("/topics")
    tag = first.headers["ETag"]
    assert tag.startswith('"') and tag.endswith('"') and len(tag) == 34
    remaining = int(first.headers["X-RateLimit-Remaining"])
    for _ in range(10):  # twice the key's limit of 5 a minute
        again = api.get("/topics", headers={"If-None-Match": tag}, status=304)
        assert again.body == b"" and again.headers["ETag"] == tag
        assert "X-RateLimit-Remaining" not in again.headers
    assert int(api.get("/topics").headers["X-RateLimit-Remaining"]) == remaining - 1


def test_if_none_match_lists_weak_tags_and_never_matches_a_request_not_answered(api):
    tag = api.get("/prompts").headers["ETag"]
    api.get("/prompts", headers={"If-None-Match": '"other", W/%s' % tag}, status=304)
    assert api.get("/prompts", headers={"If-None-Match": '"other"'}).json["success"] is True
    # "*" is no tag of ours: a bad id is still a 404, a bad query a 422
    assert api.get("/prompts", headers={"If-None-Match": "*"}).status_int == 200
    api.get("/prompts/-1", headers={"If-None-Match": "*"}, status=404)
    api.get("/prompts?perPage=0", headers={"If-None-Match": "*"}, status=422)


def test_any_write_changes_the_tag(api, db):
    tag = api.get("/brands").headers["ETag"]
    api.post("/tags", {"name": "x"})  # another resource: every tag changes
    fresh = api.get("/brands", headers={"If-None-Match": tag})
    assert fresh.status_int == 200 and fresh.headers["ETag"] != tag


def test_a_write_by_another_process_changes_the_tag(api, db, tmp_path):
    tag = api.get("/workspace").headers["ETag"]
    done = subprocess.run([sys.executable, "-c", "import sys, tracker; "
                           "tracker.create_workspace(tracker.Database(sys.argv[1]), 'Other')",
                           db.path], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert api.get("/workspace", headers={"If-None-Match": tag}).status_int == 200


def test_a_request_that_changes_nothing_keeps_the_tags(api):
    tag = api.get("/prompts").headers["ETag"]
    api.post("/prompts", {"prompts": [{"text": ""}]})  # every item refused: nothing written
    api.get("/prompts", headers={"If-None-Match": tag}, status=304)


def test_tags_differ_by_query_and_by_key(client, db, api):
    first, second = api.get("/prompts").headers["ETag"], api.get("/prompts?perPage=5").headers["ETag"]
    other = make_api(client, db, name="Other")
    assert len({first, second, other.get("/prompts").headers["ETag"]}) == 3
    other.get("/prompts", headers={"If-None-Match": first}, status=200)


def test_an_analytics_answer_has_a_tag_only_with_an_explicit_end(api):
    assert "ETag" not in api.get("/analytics/rankings").headers  # "to" is now: it changes
    bounded = api.get("/analytics/rankings", params={"to": "2026-11-21"})
    api.get("/analytics/rankings", params={"to": "2026-11-21"},
            headers={"If-None-Match": bounded.headers["ETag"]}, status=304)
    chat_tag = api.get("/analytics/chats", params={"to": "2026-11-21"}).headers["ETag"]
    assert chat_tag != bounded.headers["ETag"]


def test_demand_changes_tag_with_the_utc_day_and_answers_of_the_clock_have_none(api, clock):
    tag = api.get("/demand").headers["ETag"]  # its month's spending: the day is in the tag
    api.get("/demand", headers={"If-None-Match": tag}, status=304)
    clock.advance(86400)
    assert api.get("/demand", headers={"If-None-Match": tag}).status_int == 200
    # whether an engine is failing looks back an hour from now, suggestions 30 days
    for path in ("/engines", "/surface-engines", "/prompt-suggestions"):
        assert "ETag" not in api.get(path).headers


def test_errors_and_writes_carry_no_tag(api):
    assert "ETag" not in api.get("/prompts/999", status=404).headers
    assert "ETag" not in api.post("/tags", {"name": "y"}).headers
    assert "ETag" not in api.get("/prompts?perPage=0", status=422).headers


def test_an_if_none_match_of_bytes_that_are_not_text_is_no_tag(api):
    reply = api.client.get("/api/v1/prompts", headers=dict(api.headers, **{
        "If-None-Match": b'"\x81\xff"'.decode("latin-1")}))
    assert reply.status_int == 200 and reply.json["success"] is True


def test_a_bad_key_is_401_whatever_the_tag(client, api):
    tag = api.get("/prompts").headers["ETag"]
    client.get("/api/v1/prompts", headers={"If-None-Match": tag}, status=401)


def test_the_document_declares_etag_if_none_match_and_304(client):
    document = client.get("/api/v1/openapi.json").json
    operation = document["paths"]["/prompts"]["get"]
    assert operation["responses"]["304"] == {"$ref": "#/components/responses/304"}
    assert operation["responses"]["200"]["headers"]["ETag"] == {"$ref": "#/components/headers/ETag"}
    assert "If-None-Match" in [p["name"] for p in operation["parameters"]]
    assert "304" not in document["paths"]["/prompts"]["post"]["responses"]
    assert document["components"]["responses"]["304"]["headers"] == {
        "ETag": {"$ref": "#/components/headers/ETag"}}


def test_a_304_costs_one_row_read_at_most(client, db, api):
    """What finding that nothing changed costs: the revision row, no page query."""
    tag = api.get("/prompts").headers["ETag"]
    statements = []
    db.connection().exec_trace = lambda cursor, sql, bindings: statements.append(sql) or True
    api.get("/prompts", headers={"If-None-Match": tag}, status=304)
    db.connection().exec_trace = None
    assert [sql for sql in statements if "prompts" in sql] == []


def test_the_in_process_double_answers_304_too():
    double = tracker.TrackerDouble()
    try:
        workspace = double.workspace()
        client = webtest.TestApp(double.app)
        headers = {"Authorization": "Bearer " + workspace.key}
        tag = client.get("/api/v1/prompts", headers=headers).headers["ETag"]
        client.get("/api/v1/prompts", headers=dict(headers, **{"If-None-Match": tag}), status=304)
    finally:
        double.stop()


def route_statements(db, api, path):
    """The SQL statements a GET of path runs, and its answer."""
    statements = []
    db.connection().exec_trace = lambda cursor, sql, bindings: statements.append(sql) or True
    try:
        return api.get(path), statements
    finally:
        db.connection().exec_trace = None


RATE_LIMIT_HEADERS = {"X-Ratelimit-Remaining", "Ratelimit"}  # as Bottle spells them


def test_a_kept_answer_is_sent_again_byte_identical_and_counted(client, db):
    api = limited_api(client, db, rate_limit=3)
    api.post("/prompts", {"prompts": [{"text": "best crm"}]})  # 1 of 3
    first, ran = route_statements(db, api, "/prompts?perPage=5")  # 2 of 3: runs the route
    again, kept = route_statements(db, api, "/prompts?perPage=5")  # 3 of 3: the kept answer
    assert [sql for sql in ran if "prompts" in sql] and not [sql for sql in kept if "prompts" in sql]
    assert again.body == first.body and again.json["data"]["data"][0]["text"] == "best crm"
    assert ({name: value for name, value in again.headerlist if name not in RATE_LIMIT_HEADERS}
            == {name: value for name, value in first.headerlist if name not in RATE_LIMIT_HEADERS})
    assert int(again.headers["X-RateLimit-Remaining"]) == int(first.headers["X-RateLimit-Remaining"]) - 1 == 0
    api.get("/prompts?perPage=5", status=429)  # a kept answer is still past the limit


def test_a_write_then_a_get_shows_the_change_whichever_process_wrote(api, db):
    assert api.get("/workspace").json["data"]["workspace"]["samplesPerRun"] == api.get(
        "/workspace").json["data"]["workspace"]["samplesPerRun"] != 7
    api.patch("/workspace", {"samplesPerRun": 7})
    assert api.get("/workspace").json["data"]["workspace"]["samplesPerRun"] == 7
    other = tracker.Database(db.path)  # another connection, as another process's
    try:
        with other.write() as connection:
            connection.execute("UPDATE workspaces SET name = 'Renamed' WHERE id = ?",
                               (api.workspace_id,))
    finally:
        other.close()
    assert api.get("/workspace").json["data"]["workspace"]["name"] == "Renamed"


def kept(size):
    return tracker.KeptAnswer(headers=(("Content-Type", ("application/json",)),), body=b"x" * size)


def test_the_answer_cache_holds_its_bounds_at_their_edges():
    served = tracker.AnswerCache()  # the server's, as api.md gives them
    assert (served.max_entries, served.max_bytes, served.max_entry_bytes) == (256, 16 << 20, 1 << 20)
    cache = tracker.AnswerCache(max_entries=2, max_bytes=10, max_entry_bytes=6)
    cache.put("a", 1, kept(6))  # the largest body kept
    cache.put("b", 1, kept(7))  # one byte more: not kept
    assert cache.get("a", 1).body == b"x" * 6 and cache.get("b", 1) is None
    cache.put("c", 1, kept(4))  # 10 bytes in all: both kept
    assert cache.get("a", 1) is not None and cache.get("c", 1) is not None
    cache.put("d", 1, kept(1))  # 11 bytes and 3 entries: the least recently used goes
    assert cache.get("a", 1) is None and cache.get("c", 1) and cache.get("d", 1)
    cache.put("e", 1, kept(1))  # 3 entries again: c, the least recently used, goes
    assert cache.get("c", 1) is None and cache.get("d", 1) and cache.get("e", 1)
    assert cache.get("e", 2) is None and cache.get("d", 1) is None  # a new revision forgets all


def test_the_answer_cache_keeps_its_count_under_threads():
    cache = tracker.AnswerCache(max_entries=8, max_bytes=64, max_entry_bytes=16)

    def churn(seed):
        for i in range(2000):
            cache.put("t%d" % ((seed * 7 + i) % 20), i // 500, kept(i % 17))
            cache.get("t%d" % (i % 20), i // 500)
    threads = [threading.Thread(target=churn, args=(seed,)) for seed in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert cache._bytes == sum(len(answer.body) for answer in cache._kept.values()) <= 64
    assert len(cache._kept) <= 8
