"""Operations: the health check, and schema upgrades from every earlier version."""

import importlib.metadata
import json
import os
import shutil
import sqlite3
import subprocess
import threading
import time
import tomllib
import unittest.mock

import apsw
import pytest
import webtest

import tracker
from conftest import Api, make_api

SCHEMAS = os.path.join(os.path.dirname(__file__), "schemas")
KEY = "trk_" + "A" * 34 + tracker.key_checksum("A" * 34)


def body(reply):
    return json.loads(reply.body)


# GET /healthz -----------------------------------------------------------------------

HEALTHY = {"status": "ok", "version": "1.0.0", "database": "ok",
           "schemaVersion": tracker.SCHEMA_VERSION, "worker": "stopped", "runs": "normal"}


def health(client, status=200):
    """The /healthz document, checked against the OpenAPI document's Health schema."""
    data = body(client.get("/healthz", status=status))["data"]
    schema = tracker.component_schemas()["Health"]
    assert set(schema["required"]) <= set(data) <= set(schema["properties"])
    for name, value in data.items():
        assert value in schema["properties"][name].get("enum", [value]), (name, value)
    return data


def test_healthz_answers_without_a_key_and_without_a_rate_limit(app, client):
    for _ in range(tracker.DEFAULT_RATE_LIMIT + 1):
        reply = client.get("/healthz", status=200)
    assert body(reply) == {"success": True, "message": "Healthy",
                           "data": HEALTHY}  # make_app never starts the worker
    assert reply.content_type == "application/json"
    assert reply.headers["Cache-Control"] == "no-store"
    assert "X-RateLimit-Limit" not in reply.headers


def test_healthz_reports_the_worker_state(app, client):
    worker = app.config["tracker.worker"]
    worker.start()
    try:
        assert body(client.get("/healthz"))["data"]["worker"] == "running"
    finally:
        worker.stop()
    assert body(client.get("/healthz"))["data"]["worker"] == "stopped"


def test_healthz_is_503_when_a_worker_thread_has_died(app, client):
    worker = app.config["tracker.worker"]
    worker._threads = [threading.Thread(target=lambda: None)]  # one that is no longer alive
    assert body(client.get("/healthz", status=503)) == {
        "success": False, "message": "A run worker thread has stopped", "code": "WORKER_DEGRADED"}


def test_the_release_version_is_read_everywhere_from_one_constant(client):
    assert tracker.__version__ == "1.0.0"
    assert body(client.get("/healthz"))["data"]["version"] == "1.0.0"
    assert client.get("/api/v1/openapi.json").json["info"]["x-tracker-version"] == "1.0.0"
    assert '<footer class="foot">tracker 1.0.0</footer>' in client.get("/").text
    # hatchling reads the package's version from tracker.py (tests/test_install.py builds it)
    with open(os.path.join(os.path.dirname(tracker.__file__), "pyproject.toml"), "rb") as file:
        pyproject = tomllib.load(file)
    assert (pyproject["project"]["dynamic"], pyproject["tool"]["hatch"]["version"]) \
        == (["version"], {"path": "tracker.py"})
    assert importlib.metadata.version(tracker.DISTRIBUTION) == "1.0.0"


class BlockingEngine(tracker.Engine):
    """An engine that answers only when released."""
    name = "blocking"
    model = "blocking-1"

    def __init__(self):
        self.asked = threading.Event()
        self.released = threading.Event()

    def ask(self, text, location=None, brands=(), deadline=None):
        self.asked.set()
        self.released.wait(30)
        return tracker.Answer("ok")


def test_healthz_is_degraded_while_a_runner_holds_a_run_past_its_lease(db, clock):
    engine = BlockingEngine()
    app = tracker.make_app(db, engines=[engine], concurrency=1, lease_seconds=60,
                           poll_seconds=0.02)
    client = webtest.TestApp(app)
    make_api(client, db).post("/prompts", {"text": "slow"})
    worker = app.config["tracker.worker"]
    worker.start()
    try:
        assert engine.asked.wait(10)
        running = dict(HEALTHY, worker="running")
        clock.advance(60)  # the lease's last moment
        assert health(client) == running
        clock.advance(75)
        assert health(client) == dict(running, status="degraded", worker="stuck",
                                      reasons=["worker: run 1 is 75 s past its lease"])
        engine.released.set()
        deadline = time.monotonic() + 10
        while worker.overdue_runs() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert health(client) == running
    finally:
        engine.released.set()
        worker.stop()


def test_healthz_is_503_when_the_connection_is_broken(db, client):
    db.connection().close()
    reply = client.get("/healthz", status=503)
    assert body(reply) == {"success": False, "message": "Database unavailable",
                           "code": "DATABASE_UNAVAILABLE"}


def test_healthz_is_503_when_the_database_cannot_be_opened(tmp_path, caplog):
    (tmp_path / "data").mkdir()
    client = webtest.TestApp(tracker.make_app(str(tmp_path / "data" / "tracker.db")))
    shutil.rmtree(tmp_path / "data")  # the volume went away
    replies = []
    # A new thread opens a new connection, which is what fails.
    thread = threading.Thread(target=lambda: replies.append(client.get("/healthz", status=503)))
    thread.start()
    thread.join()
    assert body(replies[0])["code"] == "DATABASE_UNAVAILABLE"
    assert "health check: database unavailable: unable to open database file" in caplog.text


def test_healthz_is_not_under_the_api_prefix(client):
    client.get(tracker.API_PREFIX + "/healthz", status=404)


# Schema upgrades ----------------------------------------------------------------------
#
# Before MIGRATIONS[n] is added, version n is frozen as tests/schemas/v<n>.sql: a dump of
# a database that the release at version n made and filled with some rows
# (`.venv/bin/python -m apsw OLD.db .dump > tests/schemas/v<n>.sql`). Each frozen version
# must then upgrade to SCHEMA_VERSION with its rows kept and the same tables, columns,
# indexes, triggers and views as a fresh database, word for word.

EARLIER_VERSIONS = range(1, tracker.SCHEMA_VERSION)


def schema_shape(connection):
    """Every schema object, with its SQL but for tables (whose text shows how they grew:
    ALTER TABLE appends columns), and each table's columns as SQLite describes them."""
    objects = connection.execute(
        "SELECT type, name, tbl_name, CASE type WHEN 'table' THEN NULL ELSE sql END "
        "FROM sqlite_schema ORDER BY type, name").fetchall()
    columns = {name: connection.execute(
        'SELECT name, type, "notnull", dflt_value, pk, hidden FROM pragma_table_xinfo(?) '
        "ORDER BY name", (name,)).fetchall() for kind, name, *_ in objects if kind == "table"}
    return objects, columns


def row_counts(connection):
    tables = connection.execute("SELECT name FROM sqlite_schema WHERE type = 'table'").fetchall()
    return {name: connection.execute('SELECT count(*) FROM "%s"' % name).fetchall()[0][0]
            for name, in tables}


def test_every_earlier_schema_version_is_frozen():
    assert [version for version in EARLIER_VERSIONS
            if not os.path.exists(os.path.join(SCHEMAS, "v%d.sql" % version))] == []


@pytest.mark.parametrize("version", EARLIER_VERSIONS)
def test_upgrade_from_an_earlier_version_keeps_every_row(tmp_path, version):
    old = apsw.Connection(str(tmp_path / "old.db"))
    with open(os.path.join(SCHEMAS, "v%d.sql" % version), encoding="utf-8") as dump:
        old.execute(dump.read()).fetchall()
    assert old.execute("PRAGMA user_version").fetchall() == [(version,)]
    rows_before = row_counts(old)
    old.close()

    tracker.Database(str(tmp_path / "old.db")).close()  # what every start does
    tracker.Database(str(tmp_path / "fresh.db")).close()
    upgraded = apsw.Connection(str(tmp_path / "old.db"))
    fresh = apsw.Connection(str(tmp_path / "fresh.db"))
    assert upgraded.execute("PRAGMA user_version").fetchall() == [(tracker.SCHEMA_VERSION,)]
    assert schema_shape(upgraded) == schema_shape(fresh)
    rows_after = row_counts(upgraded)
    # A migration may drop a table, and may queue work: 5 -> 6 asks for every workspace's
    # brand rows to be recomputed (that scores the mentions' sentiment).
    kept = rows_before.keys() & rows_after.keys() - {"brand_refresh"}
    assert {table: rows_after[table] for table in kept} == {table: rows_before[table] for table in kept}
    assert rows_after["brand_refresh"] == (rows_after["workspaces"] if version <= 5
                                           else rows_before["brand_refresh"])
    assert upgraded.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert upgraded.execute("PRAGMA foreign_key_check").fetchall() == []


def test_upgrade_from_version_1_stores_the_json_prompts_embed(tmp_path):
    old = apsw.Connection(str(tmp_path / "old.db"))
    with open(os.path.join(SCHEMAS, "v1.sql"), encoding="utf-8") as dump:
        old.execute(dump.read()).fetchall()
    old.close()
    db = tracker.Database(str(tmp_path / "old.db"))
    tags = tracker.query_all(db.connection(), "SELECT *, json(embedded) AS stored FROM tags")
    topics = tracker.query_all(db.connection(), "SELECT *, json(embedded) AS stored FROM topics")
    assert tags and topics  # the frozen file has some of each
    assert [json.loads(tag["stored"]) for tag in tags] == [
        tracker.tag_json(tag, with_count=False) for tag in tags]
    assert [json.loads(topic["stored"]) for topic in topics] == [
        tracker.topic_json(topic) for topic in topics]
    db.close()


def upgraded(tmp_path, version):
    """The database and an API client of a file frozen at version, upgraded as at start."""
    old = apsw.Connection(str(tmp_path / "old.db"))
    with open(os.path.join(SCHEMAS, "v%d.sql" % version), encoding="utf-8") as dump:
        old.execute(dump.read()).fetchall()
    old.close()
    app = tracker.make_app(str(tmp_path / "old.db"))
    db = app.config["tracker.db"]
    return db, Api(webtest.TestApp(app), tracker.create_key(db, 1)["key"], 1)


def rolled_up_and_per_chat(api, paths, params):
    """Each path's data as served, then as the per-chat rows alone answer it."""
    rolled_up = [api.get(path, params=params).json["data"] for path in paths]
    with unittest.mock.patch.object(tracker, "scope_parts",
                                    lambda scope, rollups, weeks=True: [("raw", scope)]), \
            unittest.mock.patch.object(tracker, "gap_candidates", lambda connection, scope: None):
        per_chat = [api.get(path, params=params).json["data"] for path in paths]
    return rolled_up, per_chat


@pytest.mark.parametrize("params, filters", [
    ({"location": "DE"}, {"location": "DE"}), ({"topicId": "1"}, {"topic_id": 1}),
    ({"tagId": "1"}, {"tag_id": 1}), ({"promptId": "2"}, {"prompt_id": 2})])
def test_upgrade_from_version_7_fills_the_prompt_and_location_rollups(tmp_path, params, filters):
    """The rollups that version 8 adds hold the chats stored before it (all on one day)."""
    _, api = upgraded(tmp_path, 7)
    window = ("2026-11-23T00:00:00.000Z", "2026-12-01T00:00:00.000Z")  # a week and a day
    scope = tracker.ChatScope(1, *window, **filters)
    assert [kind for kind, _ in tracker.scope_parts(scope, tracker.BRAND_SUMS)] in (
        ["prompt_weekly", "prompt_daily"], ["location_daily"])
    params = dict(params, **{"from": window[0], "to": window[1]})
    rolled_up, per_chat = rolled_up_and_per_chat(
        api, ("/analytics/rankings", "/analytics/sources"), params)
    assert rolled_up[0]["chats"] > 0 and any(row["mentions"] for row in rolled_up[0]["brands"])
    assert rolled_up[1]["data"]
    assert rolled_up == per_chat


def test_upgrade_from_version_9_fills_the_intelligence_rollups(tmp_path):
    """The rollups that version 10 adds (names, categories, gaps) hold the chats stored
    before it, as the per-chat rows count them."""
    db, api = upgraded(tmp_path, 9)
    assert not tracker.refresh_pending(db.connection(), 1)  # no refresh needed: filled at once
    params = {"from": "2026-11-22T12:00:00.000Z", "to": "2026-11-25T00:00:00.000Z"}
    paths = ("/analytics/sources?groupBy=category", "/analytics/discovered-brands",
             "/analytics/gaps/prompts", "/analytics/gaps/domains")
    rolled_up, per_chat = rolled_up_and_per_chat(api, paths, params)
    assert [len(answer["data"]) > 0 for answer in rolled_up] == [True] * 4
    assert rolled_up == per_chat
    categories = {row["category"]: row["chats"] for row in rolled_up[0]["data"]}
    assert categories["editorial"] > 0  # the override stored before the upgrade applies


@pytest.mark.parametrize("params", [{"topicId": "1"}, {"topicId": "2"}, {"tagId": "2"},
                                    {"location": "DE"}, {"location": "US", "engine": "simulated"},
                                    {"topicId": "2", "location": "DE"}, {}])
def test_upgrade_from_version_10_fills_the_group_rollups(tmp_path, params):
    """The weekly rollups per group (a topic, a tag, a location, a topic and a location,
    all chats) that version 11 adds hold the chats stored before it (a Monday-to-Monday
    week of them), as the per-chat rows count them."""
    _, api = upgraded(tmp_path, 10)
    window = {"from": "2026-11-16T00:00:00.000Z", "to": "2026-11-24T12:00:00.000Z"}
    scope = tracker.read_scope(tracker.QueryParams(), dict(
        {"engine": None, "promptId": None, "topicId": None, "tagId": None, "location": None},
        **{name: int(value) if name.endswith("Id") else value for name, value in params.items()},
        **{name: tracker.parse_timestamp(value) for name, value in window.items()}), 1, 0)
    assert tracker.scope_parts(scope, tracker.NAME_SUMS)[0][0] == "group_weekly"
    rolled_up, per_chat = rolled_up_and_per_chat(
        api, ("/analytics/sources", "/analytics/sources?groupBy=category",
              "/analytics/discovered-brands", "/analytics/gaps/prompts"),
        dict(params, perPage="100", **window))
    rankings = rolled_up_and_per_chat(api, ["/analytics/rankings"], dict(params, **window))
    assert rankings[0] == rankings[1] and rankings[0][0]["chats"] > 0
    assert [len(answer["data"]) > 0 for answer in rolled_up[:3]] == [True] * 3
    assert rolled_up == per_chat
    if params == {"location": "DE"}:  # gap prompts there: from the rollup per location and prompt
        assert rolled_up[3]["data"]


def test_upgrade_from_version_10_fills_the_urls_per_domain(tmp_path):
    _, api = upgraded(tmp_path, 10)
    params = {"from": "2026-11-16T00:00:00.000Z", "to": "2026-11-24T12:00:00.000Z",
              "groupBy": "url", "domain": "reddit.com"}
    rolled_up, per_chat = rolled_up_and_per_chat(api, ["/analytics/sources"], params)
    assert len(rolled_up[0]["data"]) == 4
    assert rolled_up == per_chat


@pytest.mark.parametrize("params", [{"topicId": "1"}, {"topicId": "2"}, {"tagId": "3"},
                                    {"location": "DE"}, {"promptId": "6"}, {}])
def test_upgrade_from_version_11_keeps_every_rollup_equal_to_the_chats(tmp_path, params):
    """The file main made at schema 11 (ten days of runs, a prompt moved to another topic,
    one deleted with its chats) keeps answering as its per-chat rows do once its triggers
    are rewritten; and they go on doing so when a prompt and its chats are deleted now."""
    db, api = upgraded(tmp_path, 11)
    window = {"from": "2026-11-16T00:00:00.000Z", "to": "2026-11-26T00:00:00.000Z"}

    def answers():
        rankings = rolled_up_and_per_chat(api, ["/analytics/rankings"], dict(params, **window))
        lists = rolled_up_and_per_chat(
            api, ("/analytics/sources", "/analytics/sources?groupBy=category",
                  "/analytics/discovered-brands", "/analytics/gaps/prompts",
                  "/analytics/gaps/domains"), dict(params, perPage="100", **window))
        return rankings[0] + lists[0], rankings[1] + lists[1]
    rolled_up, per_chat = answers()
    assert rolled_up[0]["chats"] > 0 and rolled_up[1]["data"]
    assert rolled_up == per_chat
    api.delete("/prompts/3")  # its chats go through the rewritten delete triggers
    assert db.connection().execute("SELECT count(*) AS n FROM chats WHERE prompt_id = 3") \
        .fetchall() == [{"n": 0}]
    rolled_up, per_chat = answers()
    assert rolled_up == per_chat


# The file opens in any SQLite 3.37+ ---------------------------------------------------
#
# STRICT tables need 3.37; nothing else in the schema, its triggers or views may need more,
# so the sqlite3 command, Python's sqlite3, Datasette or DB Browser can read a file.

def filled_file(tmp_path, clock):
    """A file the service filled (brands, prompts with topics, tags and locations, two days
    of runs, a category override, a prompt deleted with its chats), closed; and the rows of
    each table and view as apsw counts them."""
    path = str(tmp_path / "tracker.db")
    db = tracker.Database(path, clock)
    api = make_api(webtest.TestApp(tracker.make_app(db)), db, rate_limit=100000)
    for name, kind in (("Acme", "own"), ("Globex", "competitor")):
        api.post("/brands", {"name": name, "type": kind, "domains": [name.lower() + ".com"]})
    api.put("/source-categories/g2.com", {"category": "editorial"})
    api.post("/prompts", {"prompts": [
        {"text": "best crm %d" % n, "location": ("US", "DE", None)[n % 3],
         "topic": ("Sales", "CRM")[n % 2], "tags": ["t%d" % (n % 2)]} for n in range(4)]})
    worker = tracker.Worker(db)
    worker.run_pending()
    clock.advance(86400)
    worker.run_pending()
    api.delete("/prompts/4")
    connection = db.connection()
    counts = {row["name"]: connection.execute('SELECT count(*) AS n FROM "%s"' % row["name"])
              .fetchall()[0]["n"] for row in connection.execute(
                  "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') ORDER BY name")}
    db.close()  # the last connection: the WAL is checkpointed into the file
    assert counts["chats"] == 6 and counts["chat_sources"] > 0 and counts["prompt_groups"] > 0
    return path, counts


def test_pythons_sqlite3_reads_every_table_and_view(tmp_path, clock):
    path, counts = filled_file(tmp_path, clock)
    connection = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert {name: len(connection.execute('SELECT * FROM "%s"' % name).fetchall())
                for name in counts} == counts
        assert connection.execute("SELECT rowid FROM prompts_fts WHERE prompts_fts MATCH ?",
                                  ('"crm 2"',)).fetchall() == [(3,)]
    finally:
        connection.close()


def test_the_sqlite3_command_reads_every_table_and_view(tmp_path, clock):
    sqlite3_command = shutil.which("sqlite3")
    assert sqlite3_command, "Debian's sqlite3 package is missing (./build test installs it)"
    path, counts = filled_file(tmp_path, clock)
    script = "PRAGMA integrity_check;" + "".join(
        "SELECT '%s', count(*) FROM (SELECT * FROM \"%s\");" % (name, name) for name in counts)
    result = subprocess.run([sqlite3_command, "-readonly", "-batch", path, script],
                            capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines() == ["ok"] + ["%s|%d" % item for item in counts.items()]


def make_current_file(path):
    """A database at the current version with a workspace and a known key."""
    db = tracker.Database(path)
    workspace = tracker.create_workspace(db, "Acme")
    tracker.create_key(db, workspace["id"], key=KEY)
    db.close()


def test_a_file_at_the_current_version_is_opened_untouched(tmp_path):
    path = str(tmp_path / "tracker.db")
    make_current_file(path)
    before = schema_shape(apsw.Connection(path))
    client = webtest.TestApp(tracker.make_app(path))
    reply = client.get(tracker.API_PREFIX + "/workspace",
                       headers={"Authorization": "Bearer " + KEY})
    assert body(reply)["data"]["workspace"]["name"] == "Acme"
    assert schema_shape(apsw.Connection(path)) == before
    assert apsw.Connection(path).execute("PRAGMA user_version").fetchall() \
        == [(tracker.SCHEMA_VERSION,)]


# The next version, simulated: this is the path every real migration will take.
NEXT = tracker.SCHEMA_VERSION


def test_migrations_run_at_start_in_order_and_keep_data(tmp_path, monkeypatch):
    path = str(tmp_path / "tracker.db")
    make_current_file(path)
    monkeypatch.setattr(tracker, "MIGRATIONS", {
        **tracker.MIGRATIONS,
        NEXT: "ALTER TABLE workspaces ADD COLUMN note TEXT NOT NULL DEFAULT ''",
        NEXT + 1: "UPDATE workspaces SET note = 'after ' || (SELECT count(*) FROM workspaces)"})
    monkeypatch.setattr(tracker, "SCHEMA_VERSION", NEXT + 2)
    app = tracker.make_app(path)
    connection = app.config["tracker.db"].connection()
    assert tracker.schema_version(connection) == NEXT + 2
    assert tracker.query_all(connection, "SELECT name, note FROM workspaces") \
        == [{"name": "Acme", "note": "after 1"}]
    reply = webtest.TestApp(app).get(tracker.API_PREFIX + "/workspace",
                                     headers={"Authorization": "Bearer " + KEY})
    assert reply.status_int == 200


def test_a_failed_migration_leaves_the_file_as_it_was(tmp_path, monkeypatch):
    path = str(tmp_path / "tracker.db")
    make_current_file(path)
    before = schema_shape(apsw.Connection(path))
    monkeypatch.setattr(tracker, "MIGRATIONS", {
        **tracker.MIGRATIONS,
        NEXT: "ALTER TABLE workspaces ADD COLUMN note TEXT",
        NEXT + 1: "UPDATE no_such_table SET x = 1"})
    monkeypatch.setattr(tracker, "SCHEMA_VERSION", NEXT + 2)
    with pytest.raises(apsw.SQLError):
        tracker.Database(path)
    connection = apsw.Connection(path)
    assert connection.execute("PRAGMA user_version").fetchall() == [(NEXT,)]
    assert schema_shape(connection) == before
