"""The service foundation in-process: envelope, errors, auth, scopes, rate limits,
GET /workspace, storage and keys."""

import dataclasses
import gc
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

import pytest
import webtest

import tracker
from conftest import START, make_api


def body(reply):
    return json.loads(reply.body)


def add_test_routes(app):
    """Routes that exist only in these tests: a write route and a failing one."""
    @app.post(tracker.API_PREFIX + "/test-write")
    def write():
        return tracker.success({"written": tracker.json_body()}, "Written", status=201)

    @app.get(tracker.API_PREFIX + "/test-crash")
    def crash():
        raise RuntimeError("secret detail that must not leak")


# Made at first use (issue 43) -------------------------------------------------------

def test_a_record_is_a_dataclass_from_its_first_instance_made_once_across_threads():
    class Point(tracker.Record, frozen=True):
        x: int
        y: int = 0
    assert "__dataclass_fields__" not in Point.__dict__
    start, points = threading.Barrier(8), []

    def make(x):
        start.wait()
        points.append(Point(x))
    threads = [threading.Thread(target=make, args=(x,)) for x in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(points, key=lambda point: point.x) == [Point(x) for x in range(8)]
    assert dataclasses.replace(Point(1), y=2) == Point(1, 2) and hash(Point(1)) == hash(Point(1))
    assert repr(Point(1)).endswith(".Point(x=1, y=0)") and Point(1) != (1, 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        Point(1).x = 2
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'x'"):
        Point()


def test_a_lazy_pattern_compiles_at_its_first_use_and_keeps_its_methods():
    pattern = tracker.LazyPattern(r"(?P<letters>a+)", re.IGNORECASE)
    assert vars(pattern) == {"pattern": r"(?P<letters>a+)", "flags": re.IGNORECASE}
    assert pattern.fullmatch("aA")["letters"] == "aA" and pattern.sub("-", "baAb") == "b-b"
    assert pattern.groupindex == {"letters": 1}
    assert {"compiled", "fullmatch", "sub"} <= set(vars(pattern))


# Envelope and errors ----------------------------------------------------------------

def test_unknown_route_is_a_json_404(client):
    reply = client.get("/api/v1/nothing-here", status=404)
    assert reply.content_type == "application/json"
    assert body(reply) == {"success": False, "message": "Not found"}
    assert reply.headers["X-Content-Type-Options"] == "nosniff"


def test_unknown_route_under_the_api_is_a_json_404(client):
    # (any other path is the dashboard's, and its 404 a page: tests/test_dashboard.py)
    assert body(client.get("/api/v1/nowhere", status=404)) == {"success": False, "message": "Not found"}
    assert body(client.get("/api/nowhere", status=404)) == {"success": False, "message": "Not found"}


def test_wrong_method_is_a_json_405_with_allow(client, api):
    reply = client.delete("/api/v1/workspace", headers=api.headers, status=405)
    assert body(reply) == {"success": False, "message": "Method not allowed"}
    assert reply.headers["Allow"] == "GET,PATCH"
    assert reply.content_type == "application/json"


def test_unexpected_exception_is_a_json_500_without_details(app, api, caplog):
    add_test_routes(app)
    reply = api.get("/test-crash", status=500)
    assert body(reply) == {"success": False, "message": "Internal server error"}
    assert b"secret detail" not in reply.body
    assert "secret detail that must not leak" in caplog.text  # the trace is logged


def test_body_over_16_mib_is_a_json_413(app, api):
    add_test_routes(app)
    oversized = b"{" + b" " * tracker.MAX_BODY_BYTES + b"}"
    reply = api.post("/test-write", oversized, status=413)
    assert body(reply) == {"success": False, "code": "PAYLOAD_TOO_LARGE",
                           "message": "Request body exceeds 16777216 bytes"}


def test_api_error_renders_every_envelope_field():
    error = tracker.ApiError(429, "Slow down", code="RATE_LIMIT_EXCEEDED",
                             errors=[{"field": "a", "message": "b"}], retry_after=3)
    assert json.loads(error.body()) == {"success": False, "message": "Slow down",
                                        "code": "RATE_LIMIT_EXCEEDED",
                                        "errors": [{"field": "a", "message": "b"}],
                                        "retryAfter": 3}


# GET /workspace ---------------------------------------------------------------------

def test_workspace_context_has_every_field(db, client):
    workspace = tracker.create_workspace(db, "Acme", plan="team", subscription="trialing")
    key = tracker.create_key(db, workspace["id"], name="ci", scopes="read", rate_limit=120)
    reply = client.get("/api/v1/workspace", headers={"Authorization": "Bearer " + key["key"]})
    assert body(reply) == {
        "success": True,
        "message": "Workspace retrieved",
        "data": {
            "workspace": {"id": workspace["id"], "name": "Acme", "samplesPerRun": 1,
                          "signalsFdr": 0.1, "signalsWindowDays": 7},
            "organization": {"id": workspace["organizationId"], "plan": "team",
                             "subscriptionStatus": "trialing"},
            "apiKey": {"id": key["id"], "name": "ci", "prefix": key["key"][:8],
                       "last4": key["key"][-4:], "scopes": ["read"]},
            "rateLimitPerMinute": 120,
        },
    }
    assert reply.headers["Cache-Control"] == "no-store"


# Authentication ---------------------------------------------------------------------

INVALID = {"success": False, "code": "API_KEY_INVALID", "message": "Invalid or missing API key"}


@pytest.mark.parametrize("header", [
    None,
    "",
    "Bearer",
    "Bearer ",
    "Basic dXNlcjpwYXNz",
    "Bearer trk_short",
    "Bearer " + "trk_" + "A" * 40,                        # right shape, wrong checksum
    # random keys are named, so that every pytest-xdist worker collects the same tests
    pytest.param("Bearer " + tracker.generate_key(), id="well formed, never issued"),
    pytest.param("Bearer " + tracker.generate_key()[:-1] + "!", id="a character outside base62"),
])
def test_missing_or_invalid_key_is_401(client, api, header):
    headers = {} if header is None else {"Authorization": header}
    reply = client.get("/api/v1/workspace", headers=headers, status=401)
    assert body(reply) == INVALID


def test_scheme_is_case_insensitive(client, api):
    client.get("/api/v1/workspace", headers={"Authorization": "bearer " + api.key}, status=200)


def test_revoked_key_is_401_at_once(client, db, api):
    api.get("/workspace")
    key_id = api.get("/workspace").json["data"]["apiKey"]["id"]
    tracker.revoke_key(db, key_id)
    assert body(api.get("/workspace", status=401)) == INVALID


def test_expired_key_is_401_from_its_expiry_on(client, db, clock):
    workspace = tracker.create_workspace(db, "Acme")
    expires = tracker.iso_timestamp(START + 90)
    key = tracker.create_key(db, workspace["id"], expires=expires)
    headers = {"Authorization": "Bearer " + key["key"]}
    clock.advance(89.999)
    client.get("/api/v1/workspace", headers=headers, status=200)
    clock.advance(0.001)
    assert body(client.get("/api/v1/workspace", headers=headers, status=401)) == INVALID


SUBSCRIPTION_REQUIRED = (402, "SUBSCRIPTION_REQUIRED", "An active subscription or trial is required")


@pytest.mark.parametrize("change, status, code, message", [
    ({"subscription": state}, *SUBSCRIPTION_REQUIRED)
    for state in ("past_due", "canceled", "unpaid", "incomplete")] + [
    ({"api_access": False}, 403, "API_ACCESS_DISABLED", "The plan does not include API access"),
])
def test_an_organization_without_usable_api_access_is_refused(client, db, change, status, code, message):
    api = make_api(client, db)
    organization = api.get("/workspace").json["data"]["organization"]["id"]
    tracker.update_organization(db, organization, **change)
    assert body(api.get("/workspace", status=status)) == {
        "success": False, "code": code, "message": message}


def test_read_key_cannot_write_but_can_read(app, client, db):
    add_test_routes(app)
    reader = make_api(client, db, scopes="read")
    reader.get("/workspace")
    assert body(reader.post("/test-write", {}, status=403)) == {
        "success": False, "code": "INSUFFICIENT_SCOPE",
        "message": "This API key lacks the write scope"}


def test_write_key_can_write(app, client, db):
    add_test_routes(app)
    writer = make_api(client, db, scopes="write")
    assert writer.get("/workspace").json["data"]["apiKey"]["scopes"] == ["read", "write"]
    assert body(writer.post("/test-write", {})) == {
        "success": True, "data": {"written": {}}, "message": "Written"}


def test_check_order_auth_before_subscription_before_rate_limit_before_scope(app, client, db):
    add_test_routes(app)
    reader = make_api(client, db, scopes="read", rate_limit=1)
    reader.get("/workspace")
    # rate limit (429) comes before scope (403)
    assert reader.post("/test-write", {}, status=429).json["code"] == "RATE_LIMIT_EXCEEDED"
    # subscription (402) comes before the rate limit
    organization_id = tracker.list_workspaces(db)[-1]["organizationId"]
    tracker.update_organization(db, organization_id, subscription="canceled")
    assert reader.get("/workspace", status=402).json["code"] == "SUBSCRIPTION_REQUIRED"
    # a bad key (401) comes before everything
    reader.headers["Authorization"] += "x"
    assert reader.get("/workspace", status=401).json["code"] == "API_KEY_INVALID"


# Rate limits ------------------------------------------------------------------------

def test_rate_limit_allows_exactly_n_per_window_then_429(client, db, clock):
    api = make_api(client, db, rate_limit=3)
    clock.advance(15)  # 15 s into the minute: 45 s to the reset
    reset = str(int(START) + 60)
    for remaining in (2, 1, 0):
        reply = api.get("/workspace")
        assert reply.headers["X-RateLimit-Limit"] == "3"
        assert reply.headers["X-RateLimit-Remaining"] == str(remaining)
        assert reply.headers["X-RateLimit-Reset"] == reset
        assert reply.headers["RateLimit-Policy"] == '"default";q=3;w=60'
        assert reply.headers["RateLimit"] == '"default";r=%d;t=45' % remaining
    limited = api.get("/workspace", status=429)
    assert body(limited) == {"success": False, "code": "RATE_LIMIT_EXCEEDED",
                             "message": "Rate limit exceeded: 3 requests per minute",
                             "retryAfter": 45}
    assert limited.headers["Retry-After"] == "45"
    assert limited.headers["X-RateLimit-Remaining"] == "0"
    assert limited.headers["X-RateLimit-Reset"] == reset
    clock.advance(44.5)
    assert api.get("/workspace", status=429).json["retryAfter"] == 1  # never 0
    clock.advance(0.5)  # the next minute: a fresh window
    assert api.get("/workspace").headers["X-RateLimit-Remaining"] == "2"


def test_rate_limit_headers_are_on_error_responses_after_auth(app, client, db):
    add_test_routes(app)
    reader = make_api(client, db, scopes="read", rate_limit=10)
    assert reader.post("/test-write", {}, status=403).headers["X-RateLimit-Remaining"] == "9"
    assert reader.get("/test-crash", status=500).headers["X-RateLimit-Remaining"] == "8"
    # Routing errors happen before any key is looked at, so nothing is counted.
    reply = client.get("/api/v1/nothing-here", headers=reader.headers, status=404)
    assert "X-RateLimit-Limit" not in reply.headers
    assert reader.get("/workspace").headers["X-RateLimit-Remaining"] == "7"


def test_rate_limits_are_per_key(client, db):
    first = make_api(client, db, rate_limit=1)
    second = make_api(client, db, name="Second", rate_limit=1)
    first.get("/workspace")
    second.get("/workspace")
    first.get("/workspace", status=429)


def test_failed_authentications_never_lock_out_an_address(db):
    """Behind a proxy every client shares one address: a broken script's bad keys must not
    refuse anyone else's good key, and a bad key is always a 401, never a 429."""
    client = webtest.TestApp(tracker.make_app(db), extra_environ={"REMOTE_ADDR": "203.0.113.9"})
    api = make_api(client, db, rate_limit=5)
    bad = {"Authorization": "Bearer " + tracker.generate_key()}
    for _ in range(200):
        refused = client.get("/api/v1/workspace", headers=bad, status=401)
    assert body(refused) == {"success": False, "code": "API_KEY_INVALID",
                             "message": "Invalid or missing API key"}
    assert "X-RateLimit-Limit" not in refused.headers
    good = client.get("/api/v1/workspace", headers=api.headers, status=200)
    assert (good.headers["X-RateLimit-Limit"], good.headers["X-RateLimit-Remaining"]) == ("5", "4")


def test_a_401_names_the_bearer_scheme(client, db):
    """RFC 9110 requires WWW-Authenticate on a 401; RFC 6750 adds invalid_token when a
    credential was sent."""
    missing = client.get("/api/v1/workspace", status=401)
    assert missing.headers["WWW-Authenticate"] == 'Bearer realm="tracker"'
    for header in ("Bearer " + tracker.generate_key(), "Basic dXNlcjpwYXNz", "Bearer"):
        invalid = client.get("/api/v1/workspace", headers={"Authorization": header}, status=401)
        assert invalid.headers["WWW-Authenticate"] == 'Bearer realm="tracker", error="invalid_token"'


def test_rate_limiter_counts_exactly_under_threads(clock):
    import threading
    limiter = tracker.RateLimiter(clock)
    allowed = []
    barrier = threading.Barrier(16)

    def hammer():
        barrier.wait()
        for _ in range(50):
            allowed.append(limiter.hit("key", 333)[0])
    threads = [threading.Thread(target=hammer) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert allowed.count(True) == 333


# Keys and storage -------------------------------------------------------------------

def test_generated_keys_have_the_documented_shape():
    keys = {tracker.generate_key() for _ in range(200)}
    assert len(keys) == 200
    for key in keys:
        assert len(key) == 44 and key.startswith("trk_")
        assert all(c in tracker.BASE62 for c in key[4:])
        assert tracker.key_is_well_formed(key)
    key = keys.pop()
    flipped = key[:10] + ("A" if key[10] != "A" else "B") + key[11:]
    assert not tracker.key_is_well_formed(flipped)


def test_only_the_hash_of_a_key_is_stored(tmp_path, db):
    workspace = tracker.create_workspace(db, "Acme")
    key = tracker.create_key(db, workspace["id"])["key"]
    db.close()
    stored = b"".join(path.read_bytes() for path in tmp_path.iterdir())
    assert key.encode() not in stored
    assert key[4:-4].encode() not in stored
    assert "key" not in tracker.list_keys(db, workspace["id"])[0]


def test_fresh_database_is_at_the_newest_schema_version(db):
    assert tracker.schema_version(db.connection()) == tracker.SCHEMA_VERSION
    pragmas = {name: tracker.query_one(db.connection(), "PRAGMA " + name)[name]
               for name in ("journal_mode", "foreign_keys", "synchronous")}
    assert pragmas == {"journal_mode": "wal", "foreign_keys": 1, "synchronous": 2}


def test_a_newer_database_is_refused(tmp_path):
    path = str(tmp_path / "future.db")
    tracker.Database(path).connection().execute("PRAGMA user_version = 999")
    with pytest.raises(RuntimeError, match="newer than this tracker"):
        tracker.Database(path)


def test_write_rolls_back_on_error_and_nests_as_savepoints(db):
    workspace = tracker.create_workspace(db, "Acme")
    with pytest.raises(ZeroDivisionError):
        with db.write() as connection:
            connection.execute("UPDATE workspaces SET name = 'changed' WHERE id = ?",
                               (workspace["id"],))
            1 / 0
    assert tracker.get_workspace(db, workspace["id"])["name"] == "Acme"
    with db.write() as connection:
        connection.execute("UPDATE workspaces SET name = 'outer' WHERE id = ?", (workspace["id"],))
        with pytest.raises(ZeroDivisionError):
            with db.write() as inner:
                inner.execute("UPDATE workspaces SET name = 'inner' WHERE id = ?",
                              (workspace["id"],))
                1 / 0
    assert tracker.get_workspace(db, workspace["id"])["name"] == "outer"


def until(condition, seconds=10):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.001)


def batched_writes(db, blocks):
    """Run each block (a function of the write connection) in a db.write() on a thread of
    its own, each arriving once the one before waits for its turn, all while a first write
    holds the writer: they make one batch. Returns what each raised (None: nothing) and
    whether, once its write returned, its thread's own connection saw the workspace made."""
    release, outcomes = threading.Event(), {}

    def write(index, block):
        try:
            with db.write() as connection:
                made = block(connection)
        except Exception as error:
            outcomes[index] = (error, None)
        else:
            outcomes[index] = (None, made is None or tracker.query_one(
                db.connection(), "SELECT 1 AS seen FROM workspaces WHERE id = ?", (made,)) is not None)

    holder = threading.Thread(target=write, args=("holder", lambda connection: release.wait() and None))
    holder.start()
    until(lambda: db._batch is not None)  # its transaction begun: the others make the next
    threads = [holder]
    for index, block in enumerate(blocks):
        threads.append(threading.Thread(target=write, args=(index, block)))
        threads[-1].start()
        until(lambda: len(db._waiting) == index + 1)
    release.set()
    for thread in threads:
        thread.join(10)
    assert outcomes.pop("holder") == (None, True)
    return [outcomes[index] for index in range(len(blocks))]


def revision(db):
    return tracker.query_one(db.connection(), "SELECT revision FROM data_revision")["revision"]


def make_workspace(db, name, then=None):
    def block(connection):
        made = tracker.create_workspace(db, name)["id"]  # a nested write: a savepoint
        if then:
            then()
        return made
    return block


def test_writers_arriving_during_a_write_commit_together_in_order_each_after_its_commit(db):
    names = ["W%d" % n for n in range(8)]
    before = revision(db)
    assert batched_writes(db, [make_workspace(db, name) for name in names]) == [(None, True)] * 8
    assert revision(db) == before + 1  # 8 writes, one commit (the holder changed no row)
    assert [row["name"] for row in tracker.list_workspaces(db)] == names  # arrival order


@pytest.mark.parametrize("refused", [0, 1])  # the first block runs without a savepoint
def test_a_block_raising_in_a_batch_rolls_back_only_its_own_changes(db, refused):
    def refuse():
        raise ValueError("refused")
    names = ["A", "B", "C"]
    before = revision(db)
    outcomes = batched_writes(db, [make_workspace(db, name, refuse if n == refused else None)
                                   for n, name in enumerate(names)])
    assert [type(error) for error, _ in outcomes] == [
        ValueError if n == refused else type(None) for n in range(3)]
    assert revision(db) == before + 1  # a failed first block rolls back: the rest begin anew
    assert [row["name"] for row in tracker.list_workspaces(db)] == names[:refused] + names[refused + 1:]


def test_a_batchs_changed_texts_go_into_the_search_index_at_once_before_its_commit(db):
    # FTS5 writes a b-tree of its index at each savepoint: a batch's texts go in together,
    # in one b-tree, and a block rolled back leaves its prompt's as it was (issue 43: PATCH).
    workspace_id = tracker.create_workspace(db, "Acme")["id"]
    ids, _ = tracker.create_prompts(db, workspace_id, tracker.read_prompt_items(
        {"prompts": [{"text": "crm %d" % n} for n in range(6)]})[0])
    connection = db.connection()

    def b_trees():
        return tracker.query_one(connection, "SELECT count(DISTINCT segid) AS n FROM prompts_fts_idx")["n"]

    def edit(prompt_id, text, then=None):
        def block(writer):
            tracker.update_prompt(db, workspace_id, prompt_id, {"text": text})
            if then:
                then()
        return block

    def refuse():
        raise ValueError("refused")
    before = b_trees()
    outcomes = batched_writes(db, [edit(ids[5], "edited five"), edit(ids[1], "edited one"),
                                   edit(ids[3], "edited three", refuse), edit(ids[1], "edited again")])
    assert [type(error) for error, _ in outcomes] == [type(None), type(None), ValueError, type(None)]
    assert b_trees() == before + 1
    connection.execute("INSERT INTO prompts_fts (prompts_fts, rank) VALUES ('integrity-check', 1)")
    found = [row["rowid"] for row in tracker.query_all(
        connection, "SELECT rowid FROM prompts_fts WHERE prompts_fts MATCH 'edited' ORDER BY rowid")]
    assert found == [ids[1], ids[5]]
    assert [tracker.query_all(connection, "SELECT rowid FROM prompts_fts WHERE prompts_fts MATCH ?",
                              (text,)) for text in ('"crm 3"', '"edited one"', '"crm 1"')] == [
        [{"rowid": ids[3]}], [], []]


def open_wakeups():
    """This process's open eventfds and pipes (links as Linux names them)."""
    links = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            links.append(os.readlink("/proc/self/fd/" + fd))
        except FileNotFoundError:  # the listing's own descriptor, closed since
            pass
    return sum(link == "anon_inode:[eventfd]" or link.startswith("pipe:") for link in links)


@pytest.mark.parametrize("eventfd", [True, False])  # without eventfd (not Linux): a pipe
def test_batons_wake_each_writer_through_its_threads_wakeup_closed_with_the_thread(
        db, monkeypatch, eventfd):
    if not eventfd:
        monkeypatch.delattr(os, "eventfd")
    before = open_wakeups()
    names = ["W%d" % n for n in range(6)]
    assert batched_writes(db, [make_workspace(db, name) for name in names]) == [(None, True)] * 6
    assert [row["name"] for row in tracker.list_workspaces(db)] == names
    gc.collect()  # the threads are gone: their wakeups with them
    assert open_wakeups() == before


def test_rings_left_unread_never_stop_the_thread_ringing(monkeypatch):
    monkeypatch.delattr(os, "eventfd")  # a pipe: 65,536 bytes hold 8,192 rings
    wakeup = tracker.Wakeup()
    # each baton given before its waiter looked leaves one unread
    ringer = threading.Thread(target=lambda: [wakeup.ring() for _ in range(10000)], daemon=True)
    ringer.start()
    ringer.join(10)
    assert not ringer.is_alive()
    wakeup.wait()


class Interrupted(BaseException):
    """What the test's signal raises in the main thread, as Ctrl-C raises KeyboardInterrupt."""


def test_a_writer_interrupted_while_waiting_for_its_turn_leaves_the_writes_flowing(db):
    def interrupt(signum, frame):
        raise Interrupted()
    previous = signal.signal(signal.SIGUSR1, interrupt)
    release = threading.Event()

    def hold():
        with db.write():
            tracker.create_workspace(db, "held")
            release.wait()

    def interrupt_the_waiter():
        until(lambda: len(db._waiting) == 1)
        signal.pthread_kill(threading.main_thread().ident, signal.SIGUSR1)
        release.set()

    holder, interrupter = threading.Thread(target=hold), threading.Thread(target=interrupt_the_waiter)
    holder.start()
    until(lambda: db._batch is not None)
    interrupter.start()
    try:
        with pytest.raises(Interrupted):
            with db.write():
                tracker.create_workspace(db, "interrupted")
    finally:
        signal.signal(signal.SIGUSR1, previous)
    holder.join(10)
    interrupter.join(10)
    after = threading.Thread(target=lambda: tracker.create_workspace(db, "after"), daemon=True)
    after.start()
    after.join(10)
    assert not after.is_alive()  # the turn handed to the interrupted writer was passed on
    assert [row["name"] for row in tracker.list_workspaces(db)] == ["held", "after"]


def test_memory_database_is_shared_between_threads():
    import threading
    memory = tracker.Database(":memory:")
    tracker.create_workspace(memory, "Acme")
    seen = []
    thread = threading.Thread(target=lambda: seen.append(tracker.list_workspaces(memory)))
    thread.start()
    thread.join()
    assert [workspace["name"] for workspace in seen[0]] == ["Acme"]


@pytest.mark.parametrize("scopes, stored", [("read", "read"), ("write", "read,write"),
                                            ("write,read", "read,write"), (" read , write ", "read,write")])
def test_scopes_are_normalised(scopes, stored):
    assert tracker.normalise_scopes(scopes) == stored


@pytest.mark.parametrize("scopes", ["", "admin", "read,admin", ","])
def test_unknown_scopes_are_refused(scopes):
    with pytest.raises(tracker.ProvisioningError):
        tracker.normalise_scopes(scopes)


def test_iso_timestamps_have_milliseconds_and_z():
    assert tracker.iso_timestamp(START) == "2026-11-21T09:30:00.000Z"
    assert tracker.iso_timestamp(START + 0.0459) == "2026-11-21T09:30:00.045Z"
    assert tracker.parse_timestamp("2026-11-21") == START - 9.5 * 3600
    assert tracker.parse_timestamp("2026-11-21T10:30:00+01:00") == START


def test_missing_is_falsy_so_unsent_fields_skip_checks():
    assert not tracker.MISSING and repr(tracker.MISSING) == "MISSING"


def test_key_cache_is_dropped_by_any_change_to_keys_workspaces_or_organizations(client, db, api):
    auth = next(p for p in client.app.plugins if isinstance(p, tracker.AuthPlugin))
    api.get("/workspace")
    assert len(auth.keys._entries) == 1
    version = tracker.query_one(db.connection(), "SELECT version FROM auth_version")["version"]
    with db.write() as connection:  # a rename, as another process could make it
        connection.execute("UPDATE workspaces SET name = 'Renamed' WHERE id = ?", (api.workspace_id,))
    assert tracker.query_one(db.connection(), "SELECT version FROM auth_version")["version"] > version
    assert api.get("/workspace").json["data"]["workspace"]["name"] == "Renamed"
    other = make_api(client, db, name="Other", rate_limit=1000)
    other.get("/workspace")  # a new key is no change to the others: both stay cached
    api.get("/workspace")
    assert set(entry.version for entry in auth.keys._entries.values()) == {
        tracker.query_one(db.connection(), "SELECT version FROM auth_version")["version"]}


def statements_of(db, call):
    """The SQL statements call() runs on this thread's connection."""
    statements = []
    db.connection().exec_trace = lambda cursor, sql, bindings: statements.append(sql) or True
    try:
        call()
    finally:
        db.connection().exec_trace = None
    return statements


def test_a_cached_key_costs_no_statement_until_the_database_takes_a_commit(client, db, api):
    db.watch_commits()  # as serve does

    def workspace():
        assert api.get("/workspace").status_int == 200
    statements_of(db, workspace)
    assert statements_of(db, workspace) == []
    tracker.create_workspace(db, "Unrelated")  # any commit: the counters are read again
    assert statements_of(db, workspace) == ["SELECT version FROM auth_version",
                                            "SELECT revision FROM data_revision"]  # the ETag's
    assert statements_of(db, workspace) == []


def test_commit_watch_sees_commits_from_other_connections_and_processes(tmp_path):
    path = str(tmp_path / "watched.db")
    db = tracker.Database(path)
    db.watch_commits()
    stamp = db.commits.stamp()
    assert len(stamp) == tracker.CommitWatch.HEADER_BYTES
    tracker.query_all(db.connection(), "SELECT * FROM workspaces")
    assert db.commits.stamp() == stamp  # reading is no commit
    with pytest.raises(RuntimeError):
        with db.write() as connection:
            connection.execute("UPDATE auth_version SET version = version + 1")
            raise RuntimeError("roll back")
    assert db.commits.stamp() == stamp
    done = subprocess.run([sys.executable, "-c", "import sys, tracker; "
                           "tracker.create_workspace(tracker.Database(sys.argv[1]), 'Other')", path],
                          cwd=os.path.dirname(tracker.__file__), capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    after_other_process = db.commits.stamp()
    assert after_other_process != stamp
    tracker.query_all(db.connection(), "PRAGMA wal_checkpoint(TRUNCATE)")
    tracker.create_workspace(db, "Third")  # the WAL starts again from its first frame
    assert db.commits.stamp() not in (stamp, after_other_process)


def test_an_in_memory_database_has_no_commit_watch_and_keys_still_work(tmp_path):
    app = tracker.make_app(":memory:", seed={"workspaces": [{"name": "Acme", "keys": [{"name": "k"}]}]})
    db = app.config["tracker.db"]
    db.watch_commits()
    assert db.commits is None
    key = app.config["tracker.seed_keys"][0]["key"]
    client = webtest.TestApp(app)
    headers = {"Authorization": "Bearer " + key}
    assert client.get("/api/v1/workspace", headers=headers).status_int == 200
    assert statements_of(db, lambda: client.get("/api/v1/workspace", headers=headers)) == [
        "SELECT version FROM auth_version", "SELECT revision FROM data_revision"]


def test_prompt_counts_follow_inserts_status_changes_and_deletes(db):
    workspace = tracker.create_workspace(db, "Acme")
    now = db.now()

    def counts():
        return {row["status"]: row["prompts"] for row in tracker.query_all(
            db.connection(), "SELECT status, prompts FROM prompt_counts WHERE prompts > 0")}
    with db.write() as connection:
        for n, status in enumerate(["active", "active", "paused", "suggested"]):
            connection.execute("""INSERT INTO prompts (workspace_id, text, status, dedupe_key,
                created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)""",
                (workspace["id"], "p%d" % n, status, "p%d" % n, now, now))
    assert counts() == {"active": 2, "paused": 1, "suggested": 1}
    with db.write() as connection:
        connection.execute("UPDATE prompts SET status = 'draft' WHERE text = 'p0'")
        connection.execute("DELETE FROM prompts WHERE text = 'p2'")
    assert counts() == {"active": 1, "draft": 1, "suggested": 1}


def test_routes_compiled_at_the_first_request_match_from_threads_arriving_together(tmp_path):
    """The router compiles its patterns at the first request (FirstRequestRouter, issue 43):
    threads arriving at once each find their route, and a route added afterwards is found."""
    import threading
    router = tracker.make_app(str(tmp_path / "t.db")).router
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": tracker.API_PREFIX + "/prompts/7"}
    assert router.uncompiled and router.dyna_regexes == {}  # nothing compiled at start
    start, found = threading.Barrier(8), []

    def first_request():
        start.wait()
        route, arguments = router.match(dict(environ))
        found.append((route.rule, arguments))
    threads = [threading.Thread(target=first_request) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert found == [(tracker.API_PREFIX + "/prompts/<prompt_id>", {"prompt_id": "7"})] * 8
    router.add("/late/<name>", "GET", "late")
    assert router.match({"REQUEST_METHOD": "GET", "PATH_INFO": "/late/x"}) == ("late", {"name": "x"})
