"""Property-based: random bodies on every write route never cause a 5xx, and rejected
ones change nothing."""

import json

import webtest
from hypothesis import HealthCheck, given, settings, strategies as st

import tracker

# JSON values of every type, with strings that stress trimming, lengths and Unicode.
texts = st.one_of(st.text(max_size=20), st.sampled_from(["", "   ", "x" * 5000, "x" * 5001,
                                                          "\x00", "é" * 101, "a\u2028b"]))
scalars = st.one_of(st.none(), st.booleans(), st.integers(min_value=-2**70, max_value=2**70),
                    st.floats(allow_nan=False, allow_infinity=False), texts)
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)
field_names = st.sampled_from([
    "text", "location", "topic", "tags", "status", "topicId", "topicName", "junk", "name",
    "color", "trackedNames", "nameRegex", "useRegex", "domains", "type", "logoUrl"])
items = st.dictionaries(field_names, st.one_of(json_values, texts, st.lists(texts, max_size=3)),
                        max_size=5)
create_bodies = st.one_of(items, st.fixed_dictionaries({"prompts": st.one_of(
    st.lists(st.one_of(items, json_values), max_size=6), json_values)}), json_values)
update_bodies = st.one_of(items, json_values)

TABLES = ("prompts", "topics", "tags", "prompt_tags", "runs", "brands")


def snapshot(db):
    """Everything a prompt request can change, as comparable values."""
    connection = db.connection()
    return {table: tracker.query_all(connection, "SELECT * FROM %s ORDER BY 1, 2" % table)
            for table in TABLES}


def workspace():
    app = tracker.make_app(":memory:")
    db = app.config["tracker.db"]
    workspace = tracker.create_workspace(db, "Acme")
    key = tracker.create_key(db, workspace["id"], rate_limit=10 ** 9)["key"]
    client = webtest.TestApp(app)
    headers = {"Authorization": "Bearer " + key, "Content-Type": "application/json"}
    client.post("/api/v1/prompts", json.dumps({"text": "seed", "topic": "T", "tags": ["a"]}),
                headers=headers)
    client.post("/api/v1/brands", json.dumps({"name": "Seed"}), headers=headers)
    return db, client, headers


DB, CLIENT, HEADERS = workspace()


def send(method, path, body):
    return CLIENT.request(path, method=method, body=json.dumps(body).encode(), headers=HEADERS,
                          expect_errors=True)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(create_bodies)
def test_random_create_bodies_never_fail_the_server(body):
    before = snapshot(DB)
    reply = send("POST", "/api/v1/prompts", body)
    assert reply.status_int in (201, 422), reply.body
    assert reply.json["success"] is (reply.status_int == 201)
    if reply.status_int == 422:
        assert reply.json["errors"] and snapshot(DB) == before
    else:
        data = reply.json["data"]
        submitted = len(body["prompts"]) if "prompts" in body else 1
        assert data["created"] + data["failed"] == submitted
        assert len(data["prompts"]) == data["created"]


UPDATES = ["/api/v1/prompts/1", "/api/v1/brands/1", "/api/v1/tags/1", "/api/v1/topics/1"]
CREATES = ["/api/v1/brands", "/api/v1/tags", "/api/v1/topics"]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(UPDATES), st.sampled_from(["PATCH", "PUT"]), update_bodies)
def test_random_update_bodies_never_fail_the_server(path, method, body):
    before = snapshot(DB)
    reply = send(method, path, body)
    assert reply.status_int in (200, 422), reply.body
    if reply.status_int == 422:
        assert reply.json["errors"] and snapshot(DB) == before


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CREATES), update_bodies)
def test_random_bodies_for_other_creates_never_fail_the_server(path, body):
    before = snapshot(DB)
    reply = send("POST", path, body)
    assert reply.status_int in (201, 422), reply.body
    if reply.status_int == 422:
        assert reply.json["errors"] and snapshot(DB) == before
