"""Load and concurrency on a real server: 32 clients mixing reads and writes across
workspaces for a bounded time, with CLI writes from other processes on the same file.
No 5xx, no ``database is locked``, every acknowledged write in place, the rate limit
exact per window, and the latency figures reported.

``TRACKER_LONG=1`` (or ``TRACKER_LOAD_SECONDS=N``) runs longer.
"""

import http.client
import random
import threading
import time

import tracker
from conftest import HttpClient, ServerProcess, knob, report_figure, run_cli

SECONDS = knob("TRACKER_LOAD_SECONDS", 8.0, 60.0)
CLIENTS = 32
WORKSPACES = 4
LIMITED_CLIENTS = 4  # of the 32: all on one key with a small per-minute limit
LIMIT = 150
BURST = 200


class LoadClient:
    """One client: its own prompts in a workspace it shares with other clients."""

    def __init__(self, number, key, rng):
        self.number = number
        self.client = None
        self.key = key
        self.rng = rng
        self.prompts = {}  # id -> text, as last acknowledged
        self.counter = 0
        self.latencies = {"read": [], "write": []}
        self.statuses = []
        self.problems = []

    def call(self, kind, method, path, body=None):
        started = time.perf_counter()
        try:
            status, headers, reply = self.client.call(method, path, body)
        except (OSError, http.client.HTTPException, ValueError) as error:
            self.problems.append("%s %s: %r after %d requests" % (method, path, error, len(self.statuses)))
            return None, None, None
        self.latencies[kind].append(time.perf_counter() - started)
        self.statuses.append(status)
        if status >= 300 or "database is locked" in str(reply):
            self.problems.append("%s %s -> %d %s" % (method, path, status, reply))
            return None, None, None
        return status, headers, reply

    def step(self):
        if not self.prompts:
            self.write(0.0)  # a create
        elif self.rng.random() < 0.6:
            self.read(self.rng.random())
        else:
            self.write(self.rng.random())

    def read(self, roll):
        if roll < 0.35:
            word = self.rng.choice(["crm", "load", "tool", "c%d" % self.number])
            self.call("read", "GET", "/prompts?perPage=50&search=" + word)
        elif roll < 0.55 and self.prompts:
            self.call("read", "GET", "/prompts/%d" % self.rng.choice(list(self.prompts)))
        elif roll < 0.7:
            self.call("read", "GET", "/tags")
        elif roll < 0.85:
            self.call("read", "GET", "/analytics/rankings?interval=day")
        else:
            self.call("read", "GET", "/prompts?status=paused&page=2&perPage=10")

    def text(self):
        self.counter += 1
        return "c%d load prompt %d about %s" % (self.number, self.counter,
                                                self.rng.choice(["crm", "tools", "seo"]))

    def write(self, roll):
        if roll < 0.3:
            _, _, reply = self.call("write", "POST", "/prompts", {
                "prompts": [{"text": self.text(), "tags": ["load", "c%d" % self.number]}
                            for _ in range(self.rng.randint(1, 5))]})
            for prompt in reply["data"]["prompts"] if reply else []:
                self.prompts[prompt["id"]] = prompt["text"]
        elif roll < 0.7:
            prompt_id = self.rng.choice(list(self.prompts))
            body = {"text": self.text(), "status": self.rng.choice(["active", "paused", "draft"])}
            _, _, reply = self.call("write", "PATCH", "/prompts/%d" % prompt_id, body)
            if reply:
                self.prompts[prompt_id] = reply["data"]["text"]
        elif roll < 0.85:
            prompt_id = self.rng.choice(list(self.prompts))
            if self.call("write", "DELETE", "/prompts/%d" % prompt_id)[0]:
                del self.prompts[prompt_id]
        else:
            self.call("write", "POST", "/tags", {"name": "t-%d-%d" % (self.number, self.counter),
                                                 "color": "blue"})
            self.counter += 1

    def run(self, url, deadline):
        self.client = HttpClient(url, self.key)
        while time.monotonic() < deadline:
            self.step()
        self.client.close()


class LimitedClient:
    """Hammers one rate-limited key: records (window reset, status) of every answer."""

    def __init__(self, key):
        self.key = key
        self.answers = []
        self.problems = []

    def run(self, url, deadline):
        client = HttpClient(url, self.key)
        while time.monotonic() < deadline:
            try:
                status, headers, _ = client.call("GET", "/workspace")
            except (OSError, http.client.HTTPException) as error:
                self.problems.append(repr(error))
                continue
            self.answers.append((headers["X-RateLimit-Reset"], status))
        client.close()


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000 if ordered else 0.0


def test_32_clients_mixing_reads_and_writes(tmp_path):
    db_path = tmp_path / "tracker.db"
    db = tracker.Database(str(db_path))
    keys = []
    for number in range(WORKSPACES):
        workspace = tracker.create_workspace(db, "Load %d" % number)
        keys.append((workspace["id"], tracker.create_key(db, workspace["id"], rate_limit=10 ** 9)["key"]))
    limited_workspace = tracker.create_workspace(db, "Limited")
    limited_key = tracker.create_key(db, limited_workspace["id"], rate_limit=LIMIT)["key"]
    db.close()
    server = ServerProcess(db_path).start()
    rng = random.Random(1)
    clients = [LoadClient(n, keys[n % WORKSPACES][1], random.Random(rng.random()))
               for n in range(CLIENTS - LIMITED_CLIENTS)]
    limited = [LimitedClient(limited_key) for _ in range(LIMITED_CLIENTS)]
    deadline = time.monotonic() + SECONDS
    started = time.monotonic()
    threads = [threading.Thread(target=c.run, args=(server.url, deadline)) for c in clients + limited]
    for thread in threads:
        thread.start()
    # Other processes write to the same file meanwhile (SQLite's busy timeout, not our lock).
    cli_writes = 0
    while time.monotonic() < deadline - 1:
        code, _, err = run_cli(db_path, "workspace", "create", "From the CLI")
        assert code == 0, err
        cli_writes += 1
    for thread in threads:
        thread.join(SECONDS + 30)
    elapsed = time.monotonic() - started

    problems = [p for c in clients + limited for p in c.problems]
    assert not problems, problems[:10]
    log = server.log()
    assert server.stop() == 0
    assert "Traceback" not in log and "database is locked" not in log

    # Every acknowledged write is there: each client's prompts, with their last text.
    check = tracker.Database(str(db_path))
    for workspace_id, _ in keys:
        stored = {row["id"]: row["text"] for row in tracker.query_all(
            check.connection(), "SELECT id, text FROM prompts WHERE workspace_id = ?", (workspace_id,))}
        expected = {pid: text for c in clients if c.key == dict(keys)[workspace_id]
                    for pid, text in c.prompts.items()}
        assert stored == expected
    assert tracker.query_one(check.connection(), "PRAGMA integrity_check") == {"integrity_check": "ok"}
    check.close()

    # The rate limit: in each window exactly min(limit, attempts) answers were 200.
    windows = {}
    for reset, status in (answer for c in limited for answer in c.answers):
        windows.setdefault(reset, []).append(status)
    for reset, statuses in windows.items():
        assert set(statuses) <= {200, 429}
        assert statuses.count(200) == min(LIMIT, len(statuses)), (reset, statuses.count(200))
    limited_answers = sum(len(statuses) for statuses in windows.values())

    reads = [t for c in clients for t in c.latencies["read"]]
    writes = [t for c in clients for t in c.latencies["write"]]
    served = len(reads) + len(writes) + limited_answers
    assert len(writes) > 100 and len(reads) > 100  # the load did run

    def figures(values):
        return "p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.0f ms" % (
            percentile(values, 0.5), percentile(values, 0.95), percentile(values, 0.99),
            max(values) * 1000)
    report_figure("load: %d clients for %.0f s over %d workspaces: %d requests served (%.0f/s), "
                  "no 5xx, no 'database is locked'; %d CLI writes from other processes meanwhile"
                  % (CLIENTS, elapsed, WORKSPACES, served, served / elapsed, cli_writes))
    report_figure("load: reads  %6d  %s" % (len(reads), figures(reads)))
    report_figure("load: writes %6d  %s" % (len(writes), figures(writes)))
    report_figure("load: rate limit %d/min on one key, %d clients: %s 200s in windows of %s attempts"
                  % (LIMIT, LIMITED_CLIENTS, "/".join(str(s.count(200)) for s in windows.values()),
                     "/".join(str(len(s)) for s in windows.values())))


def test_a_burst_of_new_connections_is_queued_not_reset(tmp_path):
    """cheroot's default listen backlog of 5 made clients that connect while the server
    is busy writing meet 'connection reset by peer'."""
    db_path = tmp_path / "tracker.db"
    db = tracker.Database(str(db_path))
    workspace = tracker.create_workspace(db, "Burst")
    key = tracker.create_key(db, workspace["id"], rate_limit=10 ** 9)["key"]
    db.close()
    server = ServerProcess(db_path).start()
    barrier = threading.Barrier(BURST)
    outcomes = []

    def connect_and_write():
        barrier.wait()
        try:
            body = {"name": "burst %d" % threading.get_ident()}
            outcomes.append(HttpClient(server.url, key).call("POST", "/tags", body)[0])
        except (OSError, http.client.HTTPException) as error:
            outcomes.append(repr(error))
    threads = [threading.Thread(target=connect_and_write) for _ in range(BURST)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert outcomes == [201] * BURST, [outcome for outcome in outcomes if outcome != 201][:5]
    assert server.stop() == 0
