"""Storage that fails under the service: a read-only file, a full disk, a stuck worker
(issue 15, item 5).

A write-protected file and a full disk are made at SQLite's own level by ``FaultyVFS``, the
default VFS except that it opens the database read-only, as SQLite does when the system
refuses to open it for writing, or fails every write with SQLITE_FULL, as a full disk
does: these tests run as root, whom chmod does not stop. One test does it for real, with
chmod on the files of a ``tracker serve`` that runs as an unprivileged user.
"""

import concurrent.futures
import json
import os
import shutil
import tempfile
import time
import urllib.parse

import apsw
import pytest
import webtest

import tracker
from conftest import TRACKER, ServerProcess, make_api
from test_operations import HEALTHY, health


def body(reply):
    return json.loads(reply.body)


def wait_for(predicate, seconds=20, message="condition"):
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for " + message)
        time.sleep(0.02)


# Faults at SQLite's level -----------------------------------------------------------

class FaultyFile(apsw.VFSFile):
    def __init__(self, vfs, name, flags):
        self.vfs = vfs
        super().__init__("", name, flags)  # "": the default VFS does the work

    def xWrite(self, data, offset):
        if self.vfs.full:
            self.vfs.refused += 1
            raise apsw.FullError("database or disk is full")
        super().xWrite(data, offset)


class FaultyVFS(apsw.VFS):
    """The default VFS, except: while ``read_only``, a database file opens read-only, as
    when open(2) refuses to write (EACCES, EROFS) and SQLite falls back to reading; while
    ``full``, every write fails with SQLITE_FULL, as ENOSPC does.

    A read-only open is reported to SQLite, which then makes the connection read-only
    (the file itself is open for writing, which SQLite does not use).
    """

    def __init__(self, name):
        self.read_only = False
        self.full = False
        self.refused = 0  # writes failed as full
        super().__init__(name, "")

    def xOpen(self, name, flags):
        opened = FaultyFile(self, name, flags)
        if self.read_only and flags[0] & (apsw.SQLITE_OPEN_MAIN_DB | apsw.SQLITE_OPEN_WAL):
            flags[1] = flags[1] & ~apsw.SQLITE_OPEN_READWRITE | apsw.SQLITE_OPEN_READONLY
        return opened


@pytest.fixture(scope="module")
def faulty_vfs():
    vfs = FaultyVFS("faulty")
    yield vfs
    vfs.unregister()


@pytest.fixture
def faults(faulty_vfs):
    yield faulty_vfs
    faulty_vfs.read_only = faulty_vfs.full = False
    faulty_vfs.refused = 0


@pytest.fixture
def faulty_db(faults, tmp_path, clock):
    """A database on the faulty VFS (a URI names it), with one more connection open, as
    a server's other threads hold theirs: the last connection to close would checkpoint,
    a write that a full disk fails. SQLite ignores that failure; apsw would raise it."""
    path = str(tmp_path / "t.db")
    database = tracker.Database("file:%s?vfs=faulty" % urllib.parse.quote(path), clock)
    other = apsw.Connection(path)
    other.execute("SELECT count(*) FROM sqlite_schema").fetchall()  # it holds the file from now on
    yield database
    database.close()
    other.close()


@pytest.fixture
def faulty_app(faulty_db):
    return tracker.make_app(faulty_db, concurrency=1, lease_seconds=60, poll_seconds=0.02)


@pytest.fixture
def client(faulty_app):
    return webtest.TestApp(faulty_app)


@pytest.fixture
def api(client, faulty_db):
    return make_api(client, faulty_db, rate_limit=100000)


@pytest.fixture
def other_thread():
    """Calls fn in one other thread, always the same: it has a connection of its own."""
    pool = concurrent.futures.ThreadPoolExecutor(1)
    yield lambda fn, *args, **kwargs: pool.submit(fn, *args, **kwargs).result()
    pool.shutdown()


def runs_done(db):
    return tracker.query_one(db.connection(), "SELECT count(*) AS n FROM runs WHERE state = 'done'")["n"]


def texts(api):
    return [prompt["text"] for prompt in api.get("/prompts").json["data"]["data"]]


READ_ONLY = {"success": False, "message": "The database is read-only: nothing was saved",
             "code": "DATABASE_READ_ONLY"}
FULL = {"success": False, "message": "The disk is full: nothing was saved",
        "code": "INSUFFICIENT_STORAGE"}


# A read-only file -------------------------------------------------------------------

def test_a_connection_opened_while_the_file_was_read_only_writes_once_it_is_not(
        faults, api, client, other_thread):
    api.post("/prompts", {"text": "before"})
    faults.read_only = True
    # The other thread's first request opens its connection now, read-only.
    reply = other_thread(api.post, "/prompts", {"text": "refused"}, status=503)
    assert body(reply) == READ_ONLY
    assert other_thread(texts, api) == ["before"]  # reads keep working
    assert health(client) == dict(HEALTHY, status="degraded", database="read-only", reasons=[
        "database: the last write failed: attempt to write a readonly database"])
    faults.read_only = False
    # The same thread, its connection opened read-only by the read above: no restart.
    other_thread(api.post, "/prompts", {"text": "after"})
    assert texts(api) == ["after", "before"]
    assert health(client) == HEALTHY


def test_the_worker_started_on_a_read_only_file_runs_once_it_is_writable(
        faults, faulty_app, faulty_db, api, client):
    api.post("/prompts", {"text": "queued"})
    faults.read_only = True
    worker = faulty_app.config["tracker.worker"]
    worker.start()  # its threads open their connections read-only
    try:
        wait_for(lambda: health(client)["database"] == "read-only", message="a refused write")
        assert worker.state() == "running"  # it logs and retries; it does not die
        faults.read_only = False
        wait_for(lambda: runs_done(faulty_db) == 1, message="the run to finish")
        assert health(client) == dict(HEALTHY, worker="running")
    finally:
        worker.stop()


def run_as_unprivileged(path):
    """The command that runs tracker as nobody when we are root (whom chmod does not
    stop), after handing over path; as ourselves otherwise."""
    if os.geteuid() != 0:
        return TRACKER
    os.chown(path, 65534, 65534)
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *TRACKER]


def test_a_briefly_write_protected_file_heals_without_a_restart():
    """The issue's case, for real: a server's files chmod 444, then 644 again."""
    folder = tempfile.mkdtemp()  # not below tmp_path: nobody could not reach it
    try:
        os.chmod(folder, 0o755)
        db_path = os.path.join(folder, "tracker.db")
        server = ServerProcess(db_path, "--runs", "off", command=run_as_unprivileged(folder)).start()
        files = [db_path + suffix for suffix in ("", "-wal", "-shm")]

        def posts(text, count):
            # A connection of its own for each: spread over cheroot's threads, whose
            # database connections open at their first request.
            return [server.request("POST", "/prompts", server.key, {"text": "%s %d" % (text, n)})[::2]
                    for n in range(count)]
        try:
            for name in files:
                os.chmod(name, 0o444)
            refused = posts("refused", 20)
            assert {status for status, _ in refused} <= {201, 503}
            assert (503, READ_ONLY) in refused
            assert server.request("GET", "/prompts", server.key)[0] == 200
        finally:
            for name in files:
                os.chmod(name, 0o644)
        assert [status for status, _ in posts("accepted", 30)] == [201] * 30  # 51 of 60 a minute
        status, _, reply = server.request("GET", "/healthz", prefix="")
        assert (status, reply["data"]["status"]) == (200, "ok")
        assert "Traceback" not in server.log(), server.log()
        assert server.stop() == 0
    finally:
        shutil.rmtree(folder)


# A full disk ------------------------------------------------------------------------

def test_a_full_disk_is_a_507_reads_keep_working_and_writes_resume(faults, api, client):
    api.post("/prompts", {"text": "before"})
    faults.full = True
    assert body(api.post("/prompts", {"text": "refused"}, status=507)) == FULL
    # A bulk create under an Idempotency-Key: its pages spill to the WAL inside a savepoint.
    bulk = {"prompts": [{"text": "bulk %d %s" % (n, "x" * 4900)} for n in range(500)]}
    assert body(api.post("/prompts", bulk, status=507, headers={"Idempotency-Key": "k"})) == FULL
    assert texts(api) == ["before"]
    assert health(client) == dict(HEALTHY, status="degraded", database="full", reasons=[
        "database: the last write failed: database or disk is full"])
    assert health(client)["database"] == "full"  # still: the probe could not write either
    faults.full = False
    assert health(client) == HEALTHY  # the probe wrote: nobody had to write first
    api.post("/prompts", {"text": "after"})
    assert api.post("/prompts", bulk, headers={"Idempotency-Key": "k"}).json["data"]["created"] == 500
    assert api.get("/prompts").json["data"]["total"] == 502


def test_the_worker_outlives_a_full_disk(faults, faulty_app, faulty_db, api):
    api.post("/prompts", {"text": "queued"})
    faults.full = True
    worker = faulty_app.config["tracker.worker"]
    worker.start()
    try:
        wait_for(lambda: faults.refused >= 5, message="refused writes")
        assert worker.state() == "running"
        faults.full = False
        wait_for(lambda: runs_done(faulty_db) == 1, message="the run to finish")
    finally:
        worker.stop()
