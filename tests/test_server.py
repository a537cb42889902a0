"""The server process and the CLI, as a user runs them: real processes, real HTTP."""

import argparse
import concurrent.futures
import json
import os
import signal
import socket
import subprocess
import sys
import time

import apsw
import pytest

import tracker
from conftest import TRACKER, run_cli


def test_serve_bootstraps_an_empty_database_once(tmp_path, server_factory):
    db_path = tmp_path / "tracker.db"
    server = server_factory(db_path)
    assert server.key and tracker.key_is_well_formed(server.key)
    assert "curl -H 'Authorization: Bearer %s' %s/api/v1/workspace" % (server.key, server.url) \
        in server.log()
    status, headers, reply = server.request("GET", "/workspace", server.key)
    assert status == 200
    assert reply["data"]["workspace"]["name"] == "Default"
    assert reply["data"]["organization"]["plan"] == "self-hosted"
    assert reply["data"]["apiKey"]["scopes"] == ["read", "write"]
    assert headers["Server"] == "tracker"  # no version banner
    assert server.stop() == 0

    again = server_factory(db_path)
    assert again.key is None  # the existing workspace is kept; no new key
    assert again.request("GET", "/workspace", server.key)[0] == 200
    code, workspaces, _ = run_cli(db_path, "workspace", "list")
    assert [workspace["name"] for workspace in workspaces] == ["Default"]


def test_a_start_that_cannot_bind_makes_no_key_and_the_next_start_shows_it(tmp_path,
                                                                           server_factory):
    """Issue 42: the port taken, the first start made the key it never showed."""
    db_path = tmp_path / "tracker.db"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        refused = subprocess.run([*TRACKER, "serve", "--db", str(db_path), "--port", str(port)],
                                 capture_output=True, text=True, timeout=60)
    assert refused.returncode == 1 and "Address already in use" in refused.stderr
    assert "trk_" not in refused.stderr and "API key" not in refused.stderr
    assert run_cli(db_path, "workspace", "list")[1] == []  # nothing made for nobody
    server = server_factory(db_path)
    shown = [line for line in server.lines if "trk_" in line]
    assert len(shown) == 2 and server.key  # the key, then the curl line that uses it
    assert shown[0].strip() == server.key and server.key in shown[1]
    assert server.request("GET", "/workspace", server.key)[2]["data"]["apiKey"]["name"] == \
        "default"
    assert "No API key is shown" not in server.log()
    assert server.stop() == 0
    # a later start has no key to show: it says how to make one, and that command works
    again = server_factory(db_path)
    assert again.key is None
    command = "tracker --db %s key create 1 --name NAME    # workspace 'Default'" % db_path
    assert ("No API key is shown: a key is shown only when it is made, and this database has "
            "its workspaces already. To make one:\n\n    %s\n\n" % command) in again.log()
    code, made, _ = run_cli(None, *command.split("#")[0].split()[1:])
    assert code == 0 and again.request("GET", "/workspace", made["key"])[0] == 200


def test_a_seeded_start_that_cannot_bind_loads_nothing_and_the_retry_serves_the_seed(
        tmp_path, server_factory):
    """The seed was loaded before the port was bound: the retry found the file not empty."""
    db_path, seed_path = tmp_path / "tracker.db", tmp_path / "seed.json"
    key = tracker.generate_key()
    seed_path.write_text(json.dumps({"workspaces": [{"name": "Seeded", "keys": [{"key": key}]}]}))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        refused = subprocess.run([*TRACKER, "serve", "--db", str(db_path), "--seed",
                                  str(seed_path), "--port", str(taken.getsockname()[1])],
                                 capture_output=True, text=True, timeout=60)
    assert refused.returncode == 1 and "Address already in use" in refused.stderr
    assert run_cli(db_path, "workspace", "list")[1] == []
    server = server_factory(db_path, "--seed", str(seed_path))
    assert server.request("GET", "/workspace", key)[2]["data"]["workspace"]["name"] == "Seeded"


def test_a_start_without_a_key_names_the_command_for_the_first_workspaces(tmp_path,
                                                                         server_factory):
    db_path = tmp_path / "tracker.db"
    run_cli(db_path, "init")
    for name in ("Acme", "Globex", "Initech", "Umbrella"):
        run_cli(db_path, "workspace", "create", name)
    log = server_factory(db_path).log()
    assert [line.strip() for line in log.splitlines() if "key create" in line] == [
        "tracker --db %s key create %d --name NAME    # workspace %r" % (db_path, n, name)
        for n, name in ((1, "Acme"), (2, "Globex"), (3, "Initech"))]
    assert "(4 workspaces in all: tracker --db %s workspace list)" % db_path in log


def test_cli_round_trip_create_use_revoke(tmp_path, server_factory):
    db_path = tmp_path / "tracker.db"
    assert run_cli(db_path, "init")[0] == 0
    code, workspace, _ = run_cli(db_path, "workspace", "create", "Acme", "--plan", "team")
    assert code == 0
    assert workspace["name"] == "Acme" and workspace["plan"] == "team"
    assert workspace["subscriptionStatus"] == "active" and workspace["apiAccess"] is True
    code, key, _ = run_cli(db_path, "key", "create", str(workspace["id"]), "--name", "ci",
                           "--scopes", "read", "--rate-limit", "7")
    assert code == 0
    assert key["scopes"] == ["read"] and key["rateLimitPerMinute"] == 7
    assert key["prefix"] == key["key"][:8] and key["last4"] == key["key"][-4:]

    server = server_factory(db_path)
    assert server.key is None  # not an empty database: nothing bootstrapped
    status, headers, reply = server.request("GET", "/workspace", key["key"])
    assert status == 200 and headers["X-RateLimit-Limit"] == "7"
    assert reply["data"]["workspace"]["name"] == "Acme"

    code, listed, _ = run_cli(db_path, "key", "list", str(workspace["id"]))
    assert [k["id"] for k in listed] == [key["id"]] and "key" not in listed[0]
    # the database's only workspace needs no id (issue 42); with two, the error says how
    assert run_cli(db_path, "key", "list")[:2] == (0, listed)
    run_cli(db_path, "workspace", "create", "Globex")
    assert run_cli(db_path, "key", "list")[0::2] == (
        1, "tracker: error: the database has 2 workspaces: name one with tracker key list ID\n")
    code, revoked, _ = run_cli(db_path, "key", "revoke", str(key["id"]))
    assert code == 0 and revoked["revokedAt"]
    status, _, reply = server.request("GET", "/workspace", key["key"])
    assert (status, reply["code"]) == (401, "API_KEY_INVALID")


def test_cli_org_update_reaches_the_api(tmp_path, server_factory):
    db_path = tmp_path / "tracker.db"
    assert run_cli(db_path, "init")[0] == 0
    _, workspace, _ = run_cli(db_path, "workspace", "create", "Acme")
    _, key, _ = run_cli(db_path, "key", "create", str(workspace["id"]))
    server = server_factory(db_path)
    code, org, _ = run_cli(db_path, "org", "update", str(workspace["organizationId"]),
                           "--subscription", "canceled")
    assert code == 0 and org["subscriptionStatus"] == "canceled"
    assert server.request("GET", "/workspace", key["key"])[2]["code"] == "SUBSCRIPTION_REQUIRED"
    run_cli(db_path, "org", "update", str(workspace["organizationId"]),
            "--subscription", "trialing", "--api-access", "off")
    assert server.request("GET", "/workspace", key["key"])[2]["code"] == "API_ACCESS_DISABLED"


def test_cli_errors_go_to_stderr_with_a_non_zero_exit(tmp_path):
    db_path = tmp_path / "tracker.db"
    assert run_cli(db_path, "init")[0] == 0
    code, out, err = run_cli(db_path, "key", "create", "42")
    assert code == 1 and out is None and err == "tracker: error: workspace 42 not found\n"
    code, _, err = run_cli(db_path, "key", "create", "1", "--scopes", "admin")
    assert code == 1 and "scopes must be read or read,write" in err
    code, _, err = run_cli(db_path, "org", "update", "9", "--plan", "x")
    assert code == 1 and "organization 9 not found" in err
    code, _, err = run_cli(db_path, "workspace", "create", "Acme", "--subscription", "nope")
    assert code == 2 and "invalid choice" in err


def test_key_expiry_from_the_cli(tmp_path, server_factory):
    db_path = tmp_path / "tracker.db"
    assert run_cli(db_path, "init")[0] == 0
    _, workspace, _ = run_cli(db_path, "workspace", "create", "Acme")
    _, expired, _ = run_cli(db_path, "key", "create", str(workspace["id"]), "--expires", "2020-01-01")
    assert expired["expiresAt"] == "2020-01-01T00:00:00.000Z"
    server = server_factory(db_path)
    assert server.request("GET", "/workspace", expired["key"])[0] == 401
    code, _, err = run_cli(db_path, "key", "create", str(workspace["id"]), "--expires", "soon")
    assert code == 1 and "ISO 8601" in err


def test_rate_limit_is_exact_under_concurrent_requests(tmp_path, server_factory):
    db_path = tmp_path / "tracker.db"
    assert run_cli(db_path, "init")[0] == 0
    _, workspace, _ = run_cli(db_path, "workspace", "create", "Acme")
    _, key, _ = run_cli(db_path, "key", "create", str(workspace["id"]), "--rate-limit", "40")
    server = server_factory(db_path, "--threads", "16")
    if time.time() % 60 > 50:  # keep the burst inside one clock minute
        time.sleep(61 - time.time() % 60)
    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        statuses = list(pool.map(lambda _: server.request("GET", "/workspace", key["key"])[0],
                                 range(100)))
    assert statuses.count(200) == 40
    assert statuses.count(429) == 60


def test_sigterm_and_sigint_stop_cleanly_with_data_intact(tmp_path, server_factory):
    db_path = tmp_path / "tracker.db"
    key = None
    for sig in (signal.SIGTERM, signal.SIGINT):
        server = server_factory(db_path)
        key = key or server.key
        assert server.request("GET", "/workspace", key)[0] == 200
        assert server.stop(sig) == 0
        assert "shutting down" in server.log() and "stopped" in server.log()
    connection = apsw.Connection(str(db_path))
    assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert connection.execute("SELECT count(*) FROM api_keys").fetchall() == [(1,)]


def test_access_log_has_one_line_per_request_and_never_the_key(tmp_path, server_factory):
    server = server_factory(tmp_path / "tracker.db")
    server.request("GET", "/workspace", server.key)
    server.request("GET", "/workspace", "trk_wrong")
    server.stop()
    lines = [line for line in server.lines if " GET /api/v1/workspace " in line]
    assert len(lines) == 2
    assert " GET /api/v1/workspace 200 " in lines[0] and lines[0].rstrip().endswith("ms")
    assert " GET /api/v1/workspace 401 " in lines[1]
    # Only the start-up banner shows the key: on its own line and in the curl example.
    assert server.log().count(server.key) == 2


def test_backup_is_a_consistent_copy_that_opens(tmp_path, server_factory):
    db_path = tmp_path / "tracker.db"
    server = server_factory(db_path)  # backup runs while the server holds the file
    code, result, _ = run_cli(db_path, "backup", str(tmp_path / "copy.db"))
    assert code == 0 and result["bytes"] > 0
    copy = tracker.Database(str(tmp_path / "copy.db"))
    assert [w["name"] for w in tracker.list_workspaces(copy)] == ["Default"]
    assert copy.connection().execute("PRAGMA integrity_check").fetchall() == [{"integrity_check": "ok"}]
    code, _, err = run_cli(db_path, "backup", str(tmp_path / "copy.db"))
    assert code == 1 and "already exists" in err
    server.stop()


def test_version_command_and_flag(tmp_path):
    code, version, _ = run_cli(tmp_path / "t.db", "version")
    assert code == 0
    assert version["tracker"] == tracker.__version__
    assert version["sqlite"] == apsw.sqlite_lib_version()
    flag = subprocess.run([sys.executable, "-m", "tracker", "--version"], capture_output=True,
                          text=True, check=True)
    assert flag.stdout == "tracker %s (SQLite %s)\n" % (tracker.__version__, apsw.sqlite_lib_version())



# A start builds only the parser of the command it runs (issue 43) ----------------------

def subcommands(parser):
    """The names a parser's sub-parsers take, {} when it has none."""
    return next((action.choices for action in parser._actions
                 if isinstance(action, argparse._SubParsersAction)), {})


def parse(parser, argv, capsys):
    """What parsing argv shows: (exit code or the namespace, stdout, stderr)."""
    try:
        outcome = vars(parser.parse_args(argv))
    except SystemExit as exit:
        outcome = exit.code
    return (outcome, *capsys.readouterr())


def every_command_line():
    """Each command and group command, with --help, with nothing more, with an unknown
    option and a bad value, --db before and after it."""
    for name, parser in subcommands(tracker.build_parser()).items():
        words = [[name]] + [[name, sub] for sub in subcommands(parser)]
        for command in words:
            for tail in (["--help"], [], ["--no-such-option"], ["nonsense", "--port", "x"]):
                yield command + tail
        yield ["--db", "a.db", name, "-h"]
        yield ["--db=a.db", name, "--db", "b.db"]
        yield ["--db", name, name]


@pytest.mark.parametrize("argv", list(every_command_line()), ids=" ".join)
def test_the_parser_of_the_command_run_parses_as_the_full_one(argv, capsys, monkeypatch):
    monkeypatch.setenv("TRACKER_DB", "from-env.db")
    only = tracker.command_run(argv)
    assert only in tracker.COMMAND_PARSERS
    built = tracker.build_parser(only)
    assert list(subcommands(built)) == [only]
    assert parse(built, argv, capsys) == parse(tracker.build_parser(), argv, capsys)


@pytest.mark.parametrize("argv", [[], ["-h"], ["--help"], ["--version"], ["--db", "a.db"],
                                  ["nonsense", "serve"], ["--db", "a.db", "--version", "serve"],
                                  ["--d", "a.db", "serve"], ["--", "serve"], ["-x", "serve"]],
                         ids=repr)
def test_the_top_level_s_own_answers_come_from_the_full_parser(argv):
    """Help, --version, an unknown or missing command list every command: command_run
    leaves them to the full parser, as anything before the command but --db."""
    assert tracker.command_run(argv) is None


def test_the_full_parser_has_every_command_in_order():
    assert list(subcommands(tracker.build_parser())) == list(tracker.COMMAND_PARSERS)
    assert tracker.command_run(["--db", "serve", "init", "--db=x"]) == "init"


def test_a_start_builds_the_parser_of_its_command_alone(monkeypatch, capsys):
    built, build_parser = [], tracker.build_parser
    monkeypatch.setattr(tracker, "build_parser", lambda only: built.append(only) or build_parser(only))
    for argv in (["--db", "a.db", "serve", "--help"], ["--help"]):
        with pytest.raises(SystemExit):
            tracker.main(argv)
    assert built == ["serve", None] and "tracker serve [-h] [--db DB]" in capsys.readouterr().out

# No silent new files: a mistyped --db is refused ---------------------------------------

COMMANDS_THAT_READ = [("workspace", "list"), ("workspace", "create", "Acme"),
                      ("org", "update", "1"), ("key", "create", "1"), ("key", "list", "1"),
                      ("key", "revoke", "1"), ("backup", "copy.db"), ("reextract",),
                      ("mcp", "--key", "trk_x")]


@pytest.mark.parametrize("args", COMMANDS_THAT_READ)
def test_every_command_but_serve_and_init_refuses_a_missing_database(tmp_path, args):
    typo = tmp_path / "trakcer.db"
    assert run_cli(typo, *args, cwd=tmp_path) == (
        2, None, "tracker: error: no database at %s (tracker init or tracker serve creates one)\n"
        % typo)
    assert os.listdir(tmp_path) == []


def test_the_default_database_must_exist_too(tmp_path):
    assert run_cli(None, "workspace", "list", cwd=tmp_path) == (
        2, None, "tracker: error: no database at tracker.db (tracker init or tracker serve "
                 "creates one)\n")


def test_init_creates_a_database_once(tmp_path):
    path = tmp_path / "tracker.db"
    code, created, err = run_cli(path, "init")
    assert (code, created) == (0, {"database": str(path), "schemaVersion": tracker.SCHEMA_VERSION})
    assert err.split(" ", 2)[2] == "INFO created a new database at %s (schema %d)\n" % (
        path, tracker.SCHEMA_VERSION)
    assert run_cli(path, "workspace", "list")[:2] == (0, [])
    assert run_cli(path, "init") == (1, None, "tracker: error: a file is already at %s\n" % path)


def test_serve_says_when_it_creates_the_database(tmp_path, server_factory):
    path = tmp_path / "tracker.db"
    created = "INFO created a new database at %s (schema %d)\n" % (path, tracker.SCHEMA_VERSION)
    server = server_factory(path)
    assert [line.split(" ", 2)[2] for line in server.lines if " created " in line] == [created]
    assert server.stop() == 0
    assert " created " not in server_factory(path).log()


def test_serve_in_a_missing_folder_is_one_clear_line(tmp_path):
    path = tmp_path / "no" / "such" / "tracker.db"
    assert run_cli(path, "serve", "--port", "0") == (
        2, None, "tracker: error: cannot create the database %s: no folder %s\n"
        % (path, path.parent))


def test_serve_with_a_bad_argument_makes_no_file(tmp_path):
    code, _, err = run_cli(tmp_path / "tracker.db", "serve", "--judge", "nope")
    assert (code, err) == (1, "tracker: error: --judge 'nope': no engine is labelled so "
                              "(engines: simulated)\n")
    assert os.listdir(tmp_path) == []


def test_cached_keys_follow_cli_changes_at_once(tmp_path, server_factory):
    """The server keeps key lookups in memory; every change the CLI makes from another
    process (revoke, subscription) must still count from the very next request."""
    db_path = tmp_path / "tracker.db"
    assert run_cli(db_path, "init")[0] == 0
    _, workspace, _ = run_cli(db_path, "workspace", "create", "Acme")
    _, kept, _ = run_cli(db_path, "key", "create", str(workspace["id"]), "--rate-limit", "1000")
    _, revoked, _ = run_cli(db_path, "key", "create", str(workspace["id"]), "--rate-limit", "1000")
    server = server_factory(db_path)
    for _ in range(3):  # now both keys are in the server's cache
        assert server.request("GET", "/workspace", kept["key"])[0] == 200
        assert server.request("GET", "/workspace", revoked["key"])[0] == 200
    assert run_cli(db_path, "key", "revoke", str(revoked["id"]))[0] == 0
    status, _, reply = server.request("GET", "/workspace", revoked["key"])
    assert (status, reply["code"]) == (401, "API_KEY_INVALID")
    assert server.request("GET", "/workspace", kept["key"])[0] == 200
    run_cli(db_path, "org", "update", str(workspace["organizationId"]), "--subscription", "past_due")
    assert server.request("GET", "/workspace", kept["key"])[2]["code"] == "SUBSCRIPTION_REQUIRED"
    run_cli(db_path, "org", "update", str(workspace["organizationId"]), "--subscription", "active")
    assert server.request("GET", "/workspace", kept["key"])[0] == 200
