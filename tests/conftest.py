"""Fixtures: an in-process app on a fresh database with a movable clock, API clients
bound to a workspace key, and a real ``tracker serve`` subprocess."""

import collections
import http.client
import json
import os
import py_compile
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import bottle
import pytest
import webtest
from cheroot import wsgi

import tracker
from providers import FakeProviders

# 2026-11-21T09:30:00Z: a whole minute, so rate-limit windows start at known times.
START = 1795253400.0


class Clock:
    """A clock tests move by hand."""

    def __init__(self, now=START):
        self.now = now

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture(scope="session")
def new_database_file(tmp_path_factory):
    """The file of a database just created, made once per worker: each test's db starts as
    a copy of it (creating the schema costs 20 ms of CPU and the disk's syncs, 0.2 s a test
    on a busy machine; the copy, 4 ms)."""
    path = tmp_path_factory.mktemp("new") / "tracker.db"
    tracker.Database(str(path)).close()
    assert not os.path.exists(str(path) + "-wal")  # closed: the whole database is in the file
    return path


@pytest.fixture
def db(tmp_path, clock, new_database_file):
    path = tmp_path / "tracker.db"
    shutil.copyfile(new_database_file, path)
    database = tracker.Database(str(path), clock)
    yield database
    database.close()


@pytest.fixture
def app(db):
    return tracker.make_app(db)


@pytest.fixture
def client(app):
    return webtest.TestApp(app)


class Api:
    """A WebTest client that sends one workspace key and prefixes /api/v1."""

    def __init__(self, client, key, workspace_id):
        self.client = client
        self.key = key
        self.workspace_id = workspace_id
        self.headers = {"Authorization": "Bearer " + key}

    def _headers(self, headers):
        return dict(self.headers, **(headers or {}))

    def get(self, path, status=200, headers=None, params=None, **query):
        """GET path; query parameters as keywords, or in params (for a name like status)."""
        return self.client.get(tracker.API_PREFIX + path, params=dict(params or {}, **query) or None,
                               headers=self._headers(headers), status=status)

    def delete(self, path, status=200, headers=None):
        return self.client.delete(tracker.API_PREFIX + path, headers=self._headers(headers),
                                  status=status)

    def send(self, method, path, body, status, headers=None):
        """Send body as JSON (bytes or str are sent as they are)."""
        if not isinstance(body, (bytes, str)):
            body = json.dumps(body)
        if isinstance(body, str):
            body = body.encode()
        reply = self.client.request(tracker.API_PREFIX + path, method=method, body=body,
                                    headers=self._headers(dict({"Content-Type": "application/json"},
                                                               **(headers or {}))),
                                    expect_errors=True)
        # WebTest checks no status when errors are expected (it would also fail a 5xx that
        # wrote to wsgi.errors): the status is checked here.
        assert status is None or reply.status_int == status, (method, path, reply.status,
                                                              reply.body[:300])
        return reply

    def post(self, path, body, status=201, headers=None):
        return self.send("POST", path, body, status, headers)

    def patch(self, path, body, status=200, headers=None):
        return self.send("PATCH", path, body, status, headers)

    def put(self, path, body, status=200, headers=None):
        return self.send("PUT", path, body, status, headers)


def near_miss(key):
    """key with its last character changed (a random key ends in "x" one time in 62)."""
    return key[:-1] + ("y" if key.endswith("x") else "x")


def make_api(client, db, name="Acme", **key_options):
    workspace = tracker.create_workspace(db, name)
    key = tracker.create_key(db, workspace["id"], **key_options)
    return Api(client, key["key"], workspace["id"])


@pytest.fixture
def api(client, db):
    """A read-write key of a fresh workspace, with a generous rate limit."""
    return make_api(client, db, rate_limit=100000)


@pytest.fixture
def other_api(client, db):
    """A second, unrelated workspace (for isolation checks)."""
    return make_api(client, db, name="Other Corp", rate_limit=100000)


# A real server process -------------------------------------------------------------

TRACKER = [sys.executable, "-m", "tracker"]  # how to run tracker; the binary tests swap it
REPO = os.path.dirname(os.path.abspath(tracker.__file__))


# Servers and fake engines the tests started. Whatever a failing test left running is
# stopped when the session ends, so no process outlives the run and no non-daemon
# thread keeps pytest from exiting.
LEFT_RUNNING = []


def pytest_configure(config):
    """tracker.py compiled once, before any test (in the controller, before its workers
    start): the tracker processes the tests start (hundreds: `tracker serve`, the CLI, the
    benchmarks) read the compiled file rather than compile 22,000 lines each, 0.25 s of CPU
    a start, even where PYTHONDONTWRITEBYTECODE keeps Python from writing it itself."""
    if not hasattr(config, "workerinput"):
        py_compile.compile(tracker.__file__, doraise=True)


def pytest_sessionfinish(session):
    for thing in LEFT_RUNNING:
        thing.close()
    if hasattr(session.config, "workeroutput"):  # a pytest-xdist worker: its controller reports
        session.config.workeroutput["tracker_figures"] = FIGURES


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """A pytest-xdist worker ended: its figures join the controller's summary (each test's
    seconds reach the controller with its report)."""
    FIGURES.extend(getattr(node, "workeroutput", {}).get("tracker_figures", ()))


class ServerProcess:
    """``tracker serve --port 0`` in a subprocess of its own session; collects its stderr.

    db_path None leaves out ``--db`` (the default: tracker.db in cwd).
    """

    def __init__(self, db_path, *extra, env=None, command=TRACKER, cwd=REPO):
        db = [] if db_path is None else ["--db", str(db_path)]
        self.args = [*command, "serve", *db, "--port", "0", *extra]
        # faulthandler: a server that hangs is stopped with SIGABRT, which dumps its threads.
        self.env = dict(os.environ, PYTHONFAULTHANDLER="1", **(env or {}))
        self.cwd = cwd
        self.lines = []
        self.url = None
        self.key = None
        self._changed = threading.Condition()

    def start(self, timeout=20):
        """Start, then wait for an answer to GET /healthz and for its line in the log,
        so that everything printed at start-up (the key) has been read."""
        self.process = subprocess.Popen(self.args, stderr=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stdin=subprocess.DEVNULL, text=True, env=self.env,
                                        cwd=self.cwd, start_new_session=True)
        LEFT_RUNNING.append(self)
        threading.Thread(target=self._read, daemon=True).start()
        if not self.wait_for(r"listening on ", timeout):
            self.stop()
            raise AssertionError("server did not start:\n" + self.log())
        assert self.request("GET", "/healthz", prefix="")[0] == 200
        assert self.wait_for(r" GET /healthz 200 ", timeout), self.log()
        return self

    def _read(self):
        for line in self.process.stderr:
            found = re.search(r"listening on (http://\S+)", line)
            if found:
                self.url = found.group(1)
            key = re.search(r"^\s+(trk_\w+)\s*$", line)
            if key:
                self.key = key.group(1)
            with self._changed:
                self.lines.append(line)
                self._changed.notify_all()

    def wait_for(self, pattern, timeout):
        """True once a line of the log matches pattern; False after timeout seconds."""
        with self._changed:
            return self._changed.wait_for(
                lambda: any(re.search(pattern, line) for line in self.lines), timeout)

    def log(self):
        return "".join(self.lines)

    def request(self, method, path, key=None, body=None, prefix=tracker.API_PREFIX):
        """(status, headers, parsed JSON body) of one HTTP request."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + prefix + path, data=data, method=method)
        if key:
            req.add_header("Authorization", "Bearer " + key)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=10) as reply:
                return reply.status, reply.headers, json.loads(reply.read())
        except urllib.error.HTTPError as error:
            return error.code, error.headers, json.loads(error.read())

    def close(self):
        """Kill the process group if it is still there (the end-of-session safety net)."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self, sig=signal.SIGTERM, timeout=15, group=False):
        """Send sig (to the whole process group, as Ctrl-C does, when group), wait, and
        return the exit code."""
        if self.process.poll() is None:
            if group:
                os.killpg(self.process.pid, sig)
            else:
                self.process.send_signal(sig)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.send_signal(signal.SIGABRT)  # dumps its threads into the log
                try:
                    self.process.wait(5)
                except subprocess.TimeoutExpired:
                    os.killpg(self.process.pid, signal.SIGKILL)  # both processes of a one-file build
                    self.process.wait()
                time.sleep(0.2)
                raise AssertionError("server did not stop in %ss:\n%s" % (timeout, self.log()))
        time.sleep(0.05)  # let the reader thread take the last lines
        return self.process.returncode


@pytest.fixture
def server_factory():
    servers = []

    def start(db_path, *extra, **kwargs):
        server = ServerProcess(db_path, *extra, **kwargs).start()
        servers.append(server)
        return server
    yield start
    for server in servers:
        server.stop()


def wait_for(predicate, seconds=20):
    """predicate's first true value, tried every 0.1 s for up to seconds."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("timed out")


def run_cli(db_path, *args, command=TRACKER, cwd=REPO, env=None):
    """Run the tracker CLI; return (exit code, parsed stdout or None, stderr).

    db_path None leaves out ``--db``.
    """
    db = [] if db_path is None else ["--db", str(db_path)]
    done = subprocess.run([*command, *args, *db], capture_output=True, text=True, timeout=60,
                          cwd=cwd, env=dict(os.environ, **(env or {})))
    parsed = json.loads(done.stdout) if done.returncode == 0 and done.stdout.strip() else None
    return done.returncode, parsed, done.stderr


# An OpenAI-compatible engine on loopback ---------------------------------------------

class FakeOpenAI:
    """An OpenAI-compatible server on loopback that answers from a script of replies,
    then with "ok" after ``delay`` seconds (a slow engine keeps runs in flight)."""

    def __init__(self, delay=0, threads=4):
        self.replies = []
        self.requests = []
        self.delay = delay
        app = bottle.Bottle()

        @app.post("/v1/chat/completions")
        def completions():
            self.requests.append((dict(bottle.request.headers), json.loads(bottle.request.body.read())))
            status, body, headers, delay = (self.replies.pop(0) if self.replies
                                            else (200, completion("ok"), {}, self.delay))
            time.sleep(delay)
            raw = body if isinstance(body, str) else json.dumps(body)
            return bottle.HTTPResponse(raw, status, headers, content_type="application/json")
        self.server = wsgi.Server(("127.0.0.1", 0), app, numthreads=threads)
        self.server.prepare()
        self.url = "http://127.0.0.1:%d/v1" % self.server.bind_addr[1]
        threading.Thread(target=self.server.serve, daemon=True).start()
        LEFT_RUNNING.append(self)

    def close(self):
        self.server.stop()

    def reply(self, status=200, body=None, headers=None, delay=0):
        self.replies.append((status, body if body is not None else completion("ok"), headers or {}, delay))


def completion(text, **extra):
    return dict({"choices": [{"message": {"role": "assistant", "content": text}}],
                 "usage": {"prompt_tokens": 5, "completion_tokens": 7}}, **extra)


@pytest.fixture(scope="module")
def providers_server():
    server = FakeProviders()
    yield server
    server.close()


@pytest.fixture
def providers(providers_server):
    """The loopback stand-ins of the search-grounded providers (tests/providers.py), with
    no script and no request yet."""
    providers_server.clear()
    return providers_server


@pytest.fixture
def fake_openai():
    server = FakeOpenAI()
    yield server
    server.server.stop()


# A chat's groups as schema.sql's chat_groups read them from prompt_groups before they were
# kept per prompt and location (issue 43): what chat_groups must still give.
CHAT_GROUPS_SQL = """
    SELECT c.id AS chat_id, g.group_key FROM chats c JOIN prompt_groups g ON g.prompt_id = c.prompt_id
    WHERE g.group_key <> 'branded 0'
    UNION ALL
    SELECT id, 'location ' || location FROM chats WHERE location IS NOT NULL
    UNION ALL
    SELECT c.id, g.group_key || ' location ' || c.location FROM chats c
    JOIN prompt_groups g ON g.prompt_id = c.prompt_id
    WHERE c.location IS NOT NULL AND g.group_key <> 'branded 0'
    UNION ALL
    SELECT id, 'all' FROM chats"""


# Timing on a busy machine --------------------------------------------------------------

# A test of bounded work measures what load does not stretch (CPU seconds of the thread
# doing it, a count, or two sizes side by side); wall time is asserted only where a
# deadline is what is under test, and then it may be overshot by LATE seconds: CI's two
# cores may be busy with other work (tests/README.md, "Under load").
LATE = 5.0


# Sizes of the reliability tests, and the figures they report ---------------------------

# TRACKER_LONG=1 runs the crash, load and hostile-input tests at their long sizes.
LONG = os.environ.get("TRACKER_LONG", "") not in ("", "0")


def knob(name, quick, long):
    """A test size: the environment variable ``name`` when set, else long or quick."""
    value = os.environ.get(name)
    return type(quick)(value) if value else (long if LONG else quick)


FIGURES = []
SECONDS_BY_FILE = collections.Counter()  # set-up, call and tear-down of its tests


def report_figure(line):
    """A line for the "reliability figures" section at the end of the test run."""
    FIGURES.append(line)


# The files that take longest (tests/README.md's seconds), slowest first: ./build test hands
# each pytest-xdist worker a file at a time in collection order (--no-loadscope-reorder,
# which would put the files of many tests first), so a slow file left for last does not
# keep one worker running alone while the other waits.
SLOWEST_FILES = ("test_openapi.py", "test_dashboard_browser.py", "test_replication.py",
                 "test_server.py", "test_bench_smoke.py", "test_binary.py", "test_crash.py",
                 "test_signals.py", "test_webhooks.py", "test_generated_clients.py")


def pytest_collection_modifyitems(items):
    def rank(item):  # a stable sort: each file's tests stay in their order
        name = item.path.name
        return SLOWEST_FILES.index(name) if name in SLOWEST_FILES else len(SLOWEST_FILES)
    items.sort(key=rank)


def pytest_runtest_logreport(report):
    SECONDS_BY_FILE[report.nodeid.partition("::")[0]] += report.duration


def pytest_terminal_summary(terminalreporter):
    if FIGURES:
        terminalreporter.section("reliability figures (TRACKER_LONG=1 for the long run)"
                                 if not LONG else "reliability figures (long run)")
        for line in FIGURES:
            terminalreporter.write_line(line)
    if len(SECONDS_BY_FILE) > 1:  # where the suite's time goes (tests/README.md)
        terminalreporter.section("seconds by test file")
        for path, seconds in SECONDS_BY_FILE.most_common():
            terminalreporter.write_line("%7.1f  %s" % (seconds, path))


class HttpClient:
    """One keep-alive HTTP connection to a server, as a script would hold it.

    ``call`` returns (status, headers, parsed body); a connection that breaks raises
    OSError or http.client.HTTPException, so the caller knows the outcome is unknown.
    """

    def __init__(self, url, key, timeout=10):
        host, port = url.rsplit("//", 1)[1].rsplit(":", 1)
        self.address = (host, int(port))
        self.key = key
        self.timeout = timeout
        self.connection = None

    def call(self, method, path, body=None, headers=None):
        if self.connection is None:
            self.connection = http.client.HTTPConnection(*self.address, timeout=self.timeout)
        sent = {"Authorization": "Bearer " + self.key, **(headers or {})}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        try:
            self.connection.request(method, tracker.API_PREFIX + path, data, sent)
            reply = self.connection.getresponse()
            raw = reply.read()
        except BaseException:
            self.close()
            raise
        if reply.getheader("Connection", "").lower() == "close":
            self.close()
        return reply.status, reply.headers, json.loads(raw)

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None


pytest_plugins = ["pytester"]


@pytest.fixture(scope="module")
def surfaces_server():
    from surfaces import FakeSurfaces
    server = FakeSurfaces()
    yield server
    server.close()


@pytest.fixture
def surfaces(surfaces_server):
    """The loopback stand-ins of SerpApi and DataForSEO (tests/surfaces.py), with no script
    and no request yet."""
    surfaces_server.clear()
    return surfaces_server
