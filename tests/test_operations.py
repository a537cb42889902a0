"""Operations: the health check, and schema upgrades: from the last pre-release, seen
and undoable (a backup first, each step logged, a kill -9 leaves the file whole)."""

import importlib.metadata
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
import tomllib
import unittest.mock

import apsw
import pytest
import webtest

import tracker
from conftest import CHAT_GROUPS_SQL, LATE, Api, make_api, run_cli

SCHEMAS = os.path.join(os.path.dirname(__file__), "schemas")
KEY = "trk_" + "A" * 34 + tracker.key_checksum("A" * 34)


def body(reply):
    return json.loads(reply.body)


# GET /healthz -----------------------------------------------------------------------

HEALTHY = {"status": "ok", "version": "1.0.1", "database": "ok",
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
    assert tracker.__version__ == "1.0.1"
    assert body(client.get("/healthz"))["data"]["version"] == "1.0.1"
    assert client.get("/api/v1/openapi.json").json["info"]["x-tracker-version"] == "1.0.1"
    assert '<footer class="foot">tracker 1.0.1 · <a href="/docs">Manual</a></footer>' \
        in client.get("/").text
    # hatchling reads the package's version from tracker.py (tests/test_install.py builds it)
    with open(os.path.join(os.path.dirname(tracker.__file__), "pyproject.toml"), "rb") as file:
        pyproject = tomllib.load(file)
    assert (pyproject["project"]["dynamic"], pyproject["tool"]["hatch"]["version"]) \
        == (["version"], {"path": "tracker.py"})
    assert importlib.metadata.version(tracker.DISTRIBUTION) == "1.0.1"


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
# schema.sql is the 1.0.0 baseline (schema 12). Before MIGRATIONS[n] is added, version n is
# frozen as tests/schemas/v<n>.sql: a dump of a database that the release at version n made
# and filled with some rows (`.venv/bin/python -m apsw OLD.db .dump > tests/schemas/v<n>.sql`).
# Each frozen version must then upgrade to SCHEMA_VERSION with its rows kept and the same
# tables, columns, indexes, triggers and views as a fresh database, word for word. v11.sql
# is the last pre-release's; older pre-releases are refused.

UPGRADABLE_VERSIONS = range(tracker.OLDEST_UPGRADABLE, tracker.SCHEMA_VERSION)


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


def rollup_of_searches(connection):
    return {table: sorted(connection.execute("SELECT * FROM %s" % table).fetchall())
            for table in tracker.SEARCHED_QUERY_TABLES}


def frozen_file(path, version):
    """A database file made from tests/schemas/v<version>.sql; its rows of each table."""
    old = apsw.Connection(str(path))
    with open(os.path.join(SCHEMAS, "v%d.sql" % version), encoding="utf-8") as dump:
        old.execute(dump.read()).fetchall()
    assert old.execute("PRAGMA user_version").fetchall() == [(version,)]
    rows = row_counts(old)
    old.close()
    return rows


FOLDED_GROUPS_SQL = "SELECT count(*) FROM %s WHERE group_key GLOB 'branded 0*'"


def folded_group_rows(path, version):
    """{group rollup: its rows of the groups "branded 0" and "branded 0 location ..."} in the
    frozen file."""
    frozen_file(path, version)
    frozen = apsw.Connection(str(path))
    rows = {table: frozen.execute(FOLDED_GROUPS_SQL % table).fetchall()[0][0]
            for table in ("group_weekly_domains", "group_weekly_categories", "group_weekly_names")}
    frozen.close()
    return rows


def test_every_upgradable_schema_version_is_frozen():
    assert [version for version in UPGRADABLE_VERSIONS
            if not os.path.exists(os.path.join(SCHEMAS, "v%d.sql" % version))] == []


@pytest.mark.parametrize("version", UPGRADABLE_VERSIONS)
def test_upgrade_from_an_earlier_version_keeps_every_row(tmp_path, version):
    rows_before = frozen_file(tmp_path / "old.db", version)
    tracker.Database(str(tmp_path / "old.db")).close()  # what every start does
    tracker.Database(str(tmp_path / "fresh.db")).close()
    upgraded = apsw.Connection(str(tmp_path / "old.db"))
    fresh = apsw.Connection(str(tmp_path / "fresh.db"))
    assert upgraded.execute("PRAGMA user_version").fetchall() == [(tracker.SCHEMA_VERSION,)]
    assert schema_shape(upgraded) == schema_shape(fresh)
    counts = row_counts(upgraded)
    # The upgrade to the baseline (11 -> 12) queues background work: the prompts' branded
    # flags (a brand refresh per workspace) and their chats counted in a branded group (a
    # regroup per prompt). The tables it adds start empty, but for each engine's last model
    # (one here). The later steps keep every row as it was.
    baseline_step = version < 12
    queued = {"brand_refresh": rows_before["workspaces"],
              "prompt_regroup": rows_before["prompts"]} if baseline_step else {}
    # the search index's usermerge option (search_merge_schema_sql), a row of its config
    queued["prompts_fts_config"] = rows_before["prompts_fts_config"] + 1
    assert {table: counts[table] for table in queued} == queued
    # ... but the step 13 -> 14 drops the weekly group rollups' rows of "branded 0", with a
    # location or not, read since as every chat less the branded prompts' (scope_parts).
    folded = folded_group_rows(tmp_path / "frozen.db", version)
    assert {table: counts[table] for table in rows_before if table not in queued} == \
        {table: n - folded.get(table, 0) for table, n in rows_before.items() if table not in queued}
    assert any(folded.values()) == (version >= 12)  # before 12, no branded groups
    # The step 13 -> 14 fills the per-cell rollups with the sums so far (every chat asked
    # without a market or persona), those of the daily rollups; the branded groups' daily
    # rollups from the per-prompt ones of the prompts in each group (none yet when the
    # baseline step has queued their regroup); and the searched queries' rollup from the
    # chats' searches (searched_queries: one row per normalised query of a workspace, the
    # others one per query and prompt, engine, day); and the weekly and daily rollups of URLs
    # from the sources, one row per workspace, week (or day, or 4 weeks) and URL, holding
    # their sums.
    cells = {"cell_daily_chats": counts["daily_chats"], "cell_daily_brands": counts["daily_brands"]}
    for table, day in (("weekly_urls", "date(created_at, '-6 days', 'weekday 1')"),
                       ("daily_urls", "substr(created_at, 1, 10)"),
                       ("four_weekly_urls", "CAST((julianday(created_at) - 2415020.5) / 28 "
                        "AS INTEGER)")):
        cells[table] = counts["chat_sources"] and upgraded.execute(
            "SELECT count(*) FROM (SELECT DISTINCT workspace_id, %s, url FROM chat_sources)"
            % day).fetchall()[0][0]
    cells.update({12: {"branded_daily_chats": 2, "branded_daily_brands": 4},
                  13: {"branded_daily_chats": 3, "branded_daily_brands": 6}}.get(version, {}))
    # ... and the topic and tag groups' daily ones from the per-prompt daily ones (and their
    # weekly ones per location from the per-location weekly ones), one row per group and key
    # of its prompts' rows, holding their sums.
    for table, (prompt_table, keys, sums) in dict(tracker.GROUP_SUM_ROLLUPS,
                                                  **tracker.GROUP_LOCATION_ROLLUPS).items():
        of_groups = ("FROM %s x JOIN prompt_groups g ON g.prompt_id = x.prompt_id AND g.group_key "
                     "NOT LIKE 'branded %%'" % prompt_table)
        cells[table] = upgraded.execute("SELECT count(*) FROM (SELECT DISTINCT x.workspace_id, "
                                        "g.group_key, x.day, x.engine%s %s)" % (
                                            "".join(", x." + key for key in keys), of_groups)
                                        ).fetchall()[0][0]
        assert upgraded.execute("SELECT total(%s) FROM %s" % (sums[0], table)).fetchall() == \
            upgraded.execute("SELECT total(x.%s) %s" % (sums[0], of_groups)).fetchall()
    # ... and the branded prompts' daily domains from their chats' sources, one row per
    # day, engine and domain, and the topic and tag groups' weekly URLs, one row per group,
    # week and URL, each holding their sums (a chat's retrieved once per domain, per URL).
    sources = ("FROM chat_sources x JOIN chats c ON c.id = x.chat_id JOIN prompt_groups g "
               "ON g.prompt_id = c.prompt_id AND g.group_key ")
    for table, groups, key, retrieved in (
            ("branded_daily_domains", "= 'branded 1'",
             "substr(x.created_at, 1, 10), x.engine, x.domain", "DISTINCT x.chat_id || ' ' || x.domain"),
            ("group_weekly_urls", "NOT LIKE 'branded %'",
             "g.group_key, date(x.created_at, '-6 days', 'weekday 1'), x.url", "*")):
        cells[table] = upgraded.execute("SELECT count(*) FROM (SELECT DISTINCT x.workspace_id, "
                                        "%s %s%s)" % (key, sources, groups)).fetchall()[0][0]
        assert upgraded.execute("SELECT total(citations), total(retrieved_chats) FROM %s"
                                % table).fetchall() == upgraded.execute(
            "SELECT total(x.cited), count(%s) %s%s" % (retrieved, sources, groups)).fetchall()
    searched = rollup_of_searches(upgraded)
    assert {table: len(rows) for table, rows in searched.items()} == {
        table: upgraded.execute("SELECT count(*) FROM (SELECT DISTINCT workspace_id, %s%s "
                                "FROM chat_searches)" % (tracker.SEARCHED_QUERY_KEY_SQL, column)
                                ).fetchall()[0][0]
        for table, column in zip(tracker.SEARCHED_QUERY_TABLES,
                                 ("", ", prompt_id", ", engine", ", substr(created_at, 1, 10)"))}
    # ... and the prompt list's figures kept per prompt, a row per prompt holding the sums of
    # its windows (today's by SQLite's clock) and the windows of each workspace.
    cells.update(prompt_list_figures=counts["prompts"], prompt_list_windows=counts["workspaces"])
    assert upgraded.execute("""
        SELECT count(*) FROM prompt_list_figures l JOIN prompt_list_windows w USING (workspace_id)
        WHERE (l.window_start, l.chats, l.own_chats, l.previous_chats, l.earlier_chats) IS NOT (
            SELECT w.window_start,
            coalesce(sum(d.chats) FILTER (WHERE d.day >= l.window_start), 0),
            coalesce(sum(d.own_chats) FILTER (WHERE d.day >= l.window_start), 0),
            coalesce(sum(d.chats) FILTER (WHERE d.day < l.window_start), 0),
            coalesce(sum(d.chats) FILTER (WHERE d.day < date(l.window_start, '-1 day')), 0)
            FROM prompt_daily_chats d WHERE d.prompt_id = l.prompt_id
            AND d.day >= l.window_previous AND d.day < l.window_end)""").fetchall() == [(0,)]
    # ... and their window's chats per engine, a row per prompt and engine answering it there.
    engines = upgraded.execute("""
        SELECT count(DISTINCT d.prompt_id || ' ' || d.engine), total(d.chats) FROM prompt_daily_chats d
        JOIN prompt_list_windows w USING (workspace_id) JOIN prompts p ON p.id = d.prompt_id
        WHERE d.day >= w.window_start AND d.day < w.window_end""").fetchall()[0]
    assert upgraded.execute("SELECT count(*), total(chats) FROM prompt_engine_figures").fetchall() \
        == [engines]
    cells["prompt_engine_figures"] = engines[0]
    # ... and each chat's groups per prompt and location its chats were asked from: those
    # chat_groups read from prompt_groups before (issue 43), the same for every chat.
    counted = upgraded.execute("SELECT c.prompt_id, ifnull(c.location, ''), g.group_key "
                               "FROM (%s) g JOIN chats c ON c.id = g.chat_id" % CHAT_GROUPS_SQL).fetchall()
    cells["prompt_location_groups"] = len(set(counted))
    assert sorted(upgraded.execute("SELECT * FROM chat_groups")) == \
        sorted(upgraded.execute(CHAT_GROUPS_SQL))
    # ... and a location's names per day from the names of the chats asked from one, a row per
    # location, day, engine and name holding their sums (issue 43).
    located = sorted(upgraded.execute("""
        SELECT x.workspace_id, c.location, substr(x.created_at, 1, 10), x.engine, x.name_key,
               count(*), sum(x.mentions)
        FROM chat_names x JOIN chats c ON c.id = x.chat_id WHERE c.location IS NOT NULL
        GROUP BY 1, 2, 3, 4, 5"""))
    assert sorted(upgraded.execute("SELECT * FROM location_daily_names")) == located
    cells["location_daily_names"] = len(located)
    assert {table: n for table, n in counts.items()
            if table not in rows_before and table not in searched and n} == dict(
        {"last_models": 1} if baseline_step else {}, **{table: n for table, n in cells.items() if n})
    grouped, by_prompt = upgraded.execute("""
        SELECT (SELECT total(chats) FROM branded_daily_chats), (SELECT total(chats)
        FROM prompt_daily_chats x JOIN prompt_groups g ON g.prompt_id = x.prompt_id
        AND g.group_key LIKE 'branded %')""").fetchall()[0]
    assert grouped == by_prompt
    for table in ("weekly_urls", "daily_urls"):
        assert upgraded.execute(
            "SELECT total(citations), total(retrieved_chats), min(first_seen), max(last_seen) "
            "FROM %s" % table).fetchall() == upgraded.execute(
            "SELECT total(cited), count(*), min(created_at), max(created_at) FROM chat_sources").fetchall()
    assert upgraded.execute("SELECT total(citations), total(retrieved_chats) FROM four_weekly_urls"
                            ).fetchall() == upgraded.execute(
        "SELECT total(cited), count(*) FROM chat_sources").fetchall()
    # ... as its triggers fill it: the searches deleted leave it empty, stored again refill it.
    stored = upgraded.execute("SELECT * FROM chat_searches").fetchall()
    upgraded.execute("DELETE FROM chat_searches")
    assert set(map(len, rollup_of_searches(upgraded).values())) == {0}
    upgraded.executemany("INSERT INTO chat_searches VALUES (%s)" % ", ".join("?" * len(stored[0])),
                         stored)
    assert rollup_of_searches(upgraded) == searched
    assert upgraded.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert upgraded.execute("PRAGMA foreign_key_check").fetchall() == []


def upgraded(tmp_path, version):
    """The database and an API client of a file frozen at version, upgraded as at start."""
    frozen_file(tmp_path / "old.db", version)
    app = tracker.make_app(str(tmp_path / "old.db"))
    db = app.config["tracker.db"]
    return db, Api(webtest.TestApp(app), tracker.create_key(db, 1)["key"], 1)


def rolled_up_and_per_chat(api, paths, params):
    """Each path's data as served, then as the per-chat rows alone answer it."""
    rolled_up = [api.get(path, params=params).json["data"] for path in paths]
    with unittest.mock.patch.object(tracker, "scope_parts",
                                    lambda scope, *_, **__: [("raw", scope)]), \
            unittest.mock.patch.object(tracker, "gap_candidates", lambda connection, scope: None):
        per_chat = [api.get(path, params=params).json["data"] for path in paths]
    return rolled_up, per_chat


@pytest.mark.parametrize("params", [{"topicId": "1"}, {"topicId": "2"}, {"tagId": "3"},
                                    {"location": "DE"}, {"promptId": "6"}, {},
                                    {"branded": "false"}, {"truncated": "false"},
                                    {"groupBy": "persona"}])
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
                  "/analytics/sources?groupBy=url",
                  "/analytics/discovered-brands", "/analytics/gaps/prompts",
                  "/analytics/gaps/domains"),
            dict({k: v for k, v in params.items() if k != "groupBy"}, perPage="100", **window))
        return rankings[0] + lists[0], rankings[1] + lists[1]
    rolled_up, per_chat = answers()
    assert rolled_up[0]["chats"] > 0 and rolled_up[1]["data"]
    if "groupBy" in params:  # every chat so far: the group asked without a persona
        assert [group["chats"] for group in rolled_up[0]["groups"]] == [rolled_up[0]["chats"]]
    assert rolled_up == per_chat
    api.delete("/prompts/3")  # its chats go through the rewritten delete triggers
    assert db.connection().execute("SELECT count(*) AS n FROM chats WHERE prompt_id = 3") \
        .fetchall() == [{"n": 0}]
    rolled_up, per_chat = answers()
    assert rolled_up == per_chat


def test_upgrade_fills_the_truncated_chats_rollups_from_the_chats(tmp_path):
    """The step 13 -> 14 fills the truncated chats' rollups from a 1.0.1 file's chats cut
    short (their recommended names too): truncated=true and false answer as the per-chat
    rows do, and go on doing so when a prompt and its chats are deleted."""
    frozen_file(tmp_path / "old.db", 13)
    old = apsw.Connection(str(tmp_path / "old.db"))
    old.execute("UPDATE chats SET truncated = 1 WHERE id IN (3, 5)")
    old.close()
    app = tracker.make_app(str(tmp_path / "old.db"))
    db = app.config["tracker.db"]
    api = Api(webtest.TestApp(app), tracker.create_key(db, 2)["key"], 2)
    window = {"from": "2026-11-28T00:00:00.000Z", "to": "2026-11-29T00:00:00.000Z"}
    paths = ("/analytics/rankings", "/analytics/sources", "/analytics/discovered-brands")
    for deleted in (False, True):
        if deleted:
            api.delete("/prompts/5")
        for truncated in ("true", "false"):
            rolled_up, per_chat = rolled_up_and_per_chat(api, paths, dict(window, truncated=truncated))
            assert rolled_up == per_chat
            assert rolled_up[0]["chats"] == {("true", False): 2, ("false", False): 1,
                                              ("true", True): 1, ("false", True): 1}[truncated, deleted]


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


def step(sql, reads=()):
    return tracker.Migration("a test step", lambda: sql, reads)


def test_migrations_run_at_start_in_order_and_keep_data(tmp_path, monkeypatch):
    path = str(tmp_path / "tracker.db")
    make_current_file(path)
    monkeypatch.setattr(tracker, "MIGRATIONS", {
        **tracker.MIGRATIONS,
        NEXT: step("ALTER TABLE workspaces ADD COLUMN note TEXT NOT NULL DEFAULT ''"),
        NEXT + 1: step("UPDATE workspaces SET note = 'after ' || (SELECT count(*) FROM workspaces)")})
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
        NEXT: step("ALTER TABLE workspaces ADD COLUMN note TEXT"),
        NEXT + 1: step("UPDATE no_such_table SET x = 1")})
    monkeypatch.setattr(tracker, "SCHEMA_VERSION", NEXT + 2)
    with pytest.raises(apsw.SQLError):
        tracker.Database(path)
    connection = apsw.Connection(path)
    assert connection.execute("PRAGMA user_version").fetchall() == [(NEXT,)]
    assert schema_shape(connection) == before


# Upgrades you can see and undo: tracker migrate, and serve ------------------------------

def log_lines(stderr):
    """The log's messages without their time stamps, times of steps as T (a message's
    further lines, such as the key command a start prints, are left out)."""
    return [re.sub(r"\d+\.\d\d s\b", "T", line.split(" ", 2)[2])
            for line in stderr.splitlines() if re.match(r"\d{4}-\d\d-\d\d", line)]


def upgrade_log(path, backup="%s.schema-11.bak"):
    """What upgrading the v11 file at path logs (T for each time)."""
    lines = [] if not backup else [
        "INFO backing up %s at schema 11 to %s" % (path, backup % path),
        "INFO backed up %s bytes in T" % format(os.path.getsize(backup % path), ",")]
    return lines + [
        "INFO upgrading %s from schema 11 to %d%s" % (path, tracker.SCHEMA_VERSION,
                                                     "" if backup else ", with no backup"),
        "INFO schema 11 -> 12, the 1.0.0 baseline: triggers that SQLite 3.37+ can read, engine "
        "outcomes, branded prompts, chats rebuilt with truncated, model version and sample, "
        "annotations, signals: 70 rows changed in T"] + [
        "INFO schema %d -> %d, %s: %s rows changed in T" % (
            step, step + 1, tracker.MIGRATIONS[step].about, format(LATER_STEP_ROWS[step], ","))
        for step in range(12, tracker.SCHEMA_VERSION)] + [
        "INFO upgraded %s to schema %d in T" % (path, tracker.SCHEMA_VERSION)]


# The rows each step after the baseline changes in the frozen v11 file (it has no idempotency
# key); 13 -> 14 rebuilds chats (its rows copied, the AUTOINCREMENT counter carried over)
# and sets shown in each row of the chat-count rollups, fills the per-cell rollups from the
# daily ones (40 rows), the searched queries' rollup from the chats' searches (104 rows),
# the weekly and daily rollups of URLs from the sources (50 and 250 rows), the 4-weekly one from
# the weekly one (25 rows), the topics' and tags' embedded JSON
# as text (10 rows), the search index's usermerge option (2 changes: a config row) and the
# topics' and tags' daily chat counts and brand sums from the prompts' (200 rows) and their
# weekly ones per location from the per-location weekly ones (44 rows), and their weekly URLs
# from their chats' sources (130 rows), and the prompt list's figures kept per prompt (6 rows)
# with their workspace's windows (1 row), each prompt's and location's groups its chats
# are counted in (31 rows), and the names per location and day (140 rows); the
# weekly group rollups of "branded 0" it empties have no rows in this file (its prompts are
# in no branded group yet), nor the truncated chats' rollups it fills (no chat of it was cut
# short, every one showed an answer: test_upgrade_fills_the_truncated_chats_rollups_from_the_chats).
LATER_STEP_ROWS = {12: 0, 13: 1220}


def test_migrate_check_says_the_version_and_the_steps_pending_and_changes_nothing(tmp_path):
    path = tmp_path / "tracker.db"
    frozen_file(path, 11)
    before = path.read_bytes()
    assert run_cli(path, "migrate", "--check") == (0, {
        "database": str(path), "schemaVersion": 11, "current": tracker.SCHEMA_VERSION,
        "pending": ["%d -> %d: %s" % (step, step + 1, tracker.MIGRATIONS[step].about)
                    for step in range(11, tracker.SCHEMA_VERSION)]}, "")
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["tracker.db"]


def test_migrate_backs_the_file_up_then_upgrades_it_logging_each_step(tmp_path):
    path = tmp_path / "tracker.db"
    rows = frozen_file(path, 11)
    before = path.read_bytes()
    code, out, err = run_cli(path, "migrate")
    backup = "%s.schema-11.bak" % path
    assert (code, out) == (0, {"database": str(path), "schemaVersion": tracker.SCHEMA_VERSION, "upgradedFrom": 11,
                               "backup": backup})
    assert log_lines(err) == upgrade_log(path)
    copy = apsw.Connection(backup)  # the file as it was, whole
    assert copy.execute("PRAGMA user_version").fetchall() == [(11,)]
    assert row_counts(copy) == rows
    assert copy.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert os.path.getsize(backup) <= len(before)
    assert run_cli(path, "migrate") == (0, {"database": str(path), "schemaVersion": tracker.SCHEMA_VERSION,
                                            "upgradedFrom": None, "backup": None}, "")
    assert run_cli(path, "migrate", "--check")[1]["pending"] == []


def test_migrate_without_a_backup_says_so(tmp_path):
    path = tmp_path / "tracker.db"
    frozen_file(path, 11)
    code, out, err = run_cli(path, "migrate", "--no-backup")
    assert (code, out["backup"], log_lines(err)) == (0, None, upgrade_log(path, backup=None))
    assert os.listdir(tmp_path) == ["tracker.db"]


def test_serve_backs_up_and_upgrades_an_older_file(tmp_path, server_factory):
    path = tmp_path / "tracker.db"
    frozen_file(path, 11)
    server = server_factory(path)
    expected = upgrade_log(path)
    assert log_lines("".join(server.lines))[:len(expected)] == expected
    assert server.request("GET", "/healthz", prefix="")[2]["data"]["schemaVersion"] == tracker.SCHEMA_VERSION
    server.stop()
    assert sorted(os.listdir(tmp_path))[:2] == ["tracker.db", "tracker.db.schema-11.bak"]


@pytest.mark.parametrize("version", [1, 10])
@pytest.mark.parametrize("args", [("migrate",), ("migrate", "--check"), ("serve", "--port", "0"),
                                  ("workspace", "list")])
def test_a_file_older_than_the_last_pre_release_is_refused(tmp_path, version, args):
    path = tmp_path / "tracker.db"
    frozen_file(path, 11)
    connection = apsw.Connection(str(path))
    connection.execute("PRAGMA user_version = %d" % version)
    connection.close()
    before = path.read_bytes()
    assert run_cli(path, *args) == (2, None, (
        "tracker: error: %s is at schema %d, from a pre-release that tracker %s cannot "
        "upgrade: open it once with tracker 0.1.0 (git commit 121296e), which upgrades it to "
        "schema 11, then run tracker migrate\n") % (path, version, tracker.__version__))
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["tracker.db"]


def test_a_file_newer_than_this_tracker_is_refused(tmp_path):
    path = tmp_path / "tracker.db"
    make_current_file(str(path))
    connection = apsw.Connection(str(path))
    connection.execute("PRAGMA user_version = %d" % (tracker.SCHEMA_VERSION + 1))
    connection.close()
    assert run_cli(path, "migrate") == (2, None, (
        "tracker: error: %s is at schema %d, newer than this tracker's (%s, schema %d): "
        "open it with the release that upgraded it\n") % (
            path, tracker.SCHEMA_VERSION + 1, tracker.__version__, tracker.SCHEMA_VERSION))


# A step of the next version that writes every reply again and then never ends: killed
# in the middle, once its writes reached the WAL.
ENDLESS_STEP = """
import sys, tracker
tracker.MIGRATIONS[tracker.SCHEMA_VERSION] = tracker.Migration("an endless test step", lambda: \"\"\"
    UPDATE chat_replies SET reply = randomblob(length(reply));
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n;
\"\"\", reads=("chat_replies",))
tracker.SCHEMA_VERSION += 1
tracker.ESTIMATED_ROWS = 1
sys.exit(tracker.main())
"""


def test_a_kill_in_the_middle_of_an_upgrade_leaves_the_file_and_its_backup_whole(tmp_path):
    path = tmp_path / "tracker.db"
    frozen_file(path, 11)
    connection = apsw.Connection(str(path))  # 60 replies of 400 kB: 24 MB to write again
    connection.execute("PRAGMA journal_mode = WAL")  # as every file tracker made is
    connection.execute("INSERT INTO chat_replies SELECT id, workspace_id, 'test', "
                       "randomblob(400000) FROM chats")
    rows = row_counts(connection)
    connection.close()
    process = subprocess.Popen([sys.executable, "-c", ENDLESS_STEP, "--db", str(path),
                                "migrate"], stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    lines = []
    for line in process.stderr:
        lines.append(line)
        if " reads " in line and "chat_replies" in line:
            break
    wal = "%s-wal" % path
    deadline = time.monotonic() + 30 + LATE
    while (not os.path.exists(wal) or os.path.getsize(wal) < 8_000_000) \
            and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)  # the step's writes outgrow SQLite's cache and go to the WAL
    assert process.poll() is None and os.path.getsize(wal) >= 8_000_000, "".join(lines)
    process.kill()
    process.wait()
    assert log_lines("".join(lines)) == upgrade_log(path)[:2] + [
        "INFO upgrading %s from schema 11 to %d" % (path, tracker.SCHEMA_VERSION + 1),
        "INFO schema 11 -> 12 reads 60 rows of chats: about T"] + [
        line for step, line in zip(range(11, tracker.SCHEMA_VERSION), upgrade_log(path)[3:-1])
        # with ESTIMATED_ROWS at 1, a step reading chats says so before it runs
        for line in ["INFO schema %d -> %d reads %d rows of %s: about T" % (
            step, step + 1, sum(rows[table] for table in tracker.MIGRATIONS[step].reads),
            ", ".join(tracker.MIGRATIONS[step].reads))]
        * (step > 11 and "chats" in tracker.MIGRATIONS[step].reads) + [line]] + [
        "INFO schema %d -> %d reads 60 rows of chat_replies: about T" % (
            tracker.SCHEMA_VERSION, tracker.SCHEMA_VERSION + 1)]
    for name in (path, "%s.schema-11.bak" % path):
        connection = apsw.Connection(str(name))
        assert connection.execute("PRAGMA user_version").fetchall() == [(11,)]
        assert row_counts(connection) == rows
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        connection.close()
    assert run_cli(path, "migrate")[:2] == (0, {
        "database": str(path), "schemaVersion": tracker.SCHEMA_VERSION, "upgradedFrom": 11,
        "backup": "%s.schema-11.2.bak" % path})
