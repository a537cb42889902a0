"""Crash safety with real processes: ``kill -9`` the server under a write load, restart
it, and check that every acknowledged write is there exactly as acknowledged, that
nothing unacknowledged is half-applied, and that the file is sound. The same for runs
in flight in the queue.

Why it holds: every write is one SQLite transaction (WAL, ``synchronous=FULL``) that
commits before the answer is sent, so a client that heard 2xx can rely on it, and one
that heard nothing finds the write either done or not done at all.

``TRACKER_LONG=1`` (or ``TRACKER_CRASH_TRIALS=N``, ``TRACKER_QUEUE_KILLS=N``) runs
more trials; ``TRACKER_CRASH_SEED`` replays one.
"""

import http.client
import os
import random
import threading
import time

import apsw

import tracker
from conftest import FakeOpenAI, HttpClient, ServerProcess, knob, report_figure

TRIALS = knob("TRACKER_CRASH_TRIALS", 6, 60)
QUEUE_KILLS = knob("TRACKER_QUEUE_KILLS", 2, 12)
STOP_CYCLES = knob("TRACKER_STOP_CYCLES", 8, 150)
SEED = int(os.environ.get("TRACKER_CRASH_SEED") or random.randrange(10 ** 9))
WRITERS_PER_WORKSPACE = 3
PROMPT_STATUSES = ("draft", "active", "paused", "suggested", "rejected")
PROMPT_TAGS = ("p-alpha", "p-beta", "p-gamma")
PROMPT_TOPICS = ("Topic A", "Topic B")
TAG_COLORS = ("red", "blue", "green", "zinc")


def setup_database(path, workspaces):
    """Workspaces, each with a key that is never rate-limited: [(workspace id, key)]."""
    db = tracker.Database(str(path))
    made = []
    for number in range(workspaces):
        workspace = tracker.create_workspace(db, "Crash %d" % number)
        made.append((workspace["id"], tracker.create_key(db, workspace["id"], rate_limit=10 ** 9)["key"]))
    db.close()
    return made


def check_file(path):
    """The database file as a killed server left it: sound, and every invariant that
    a transaction keeps (counters, indexes, rollups kept by triggers) still holds."""
    connection = apsw.Connection(str(path))
    try:
        def rows(sql):
            return connection.execute(sql).fetchall()
        assert rows("PRAGMA integrity_check") == [("ok",)]
        assert rows("PRAGMA foreign_key_check") == []
        # The FTS index matches the prompts it indexes (rank 1: against the content table).
        connection.execute("INSERT INTO prompts_fts (prompts_fts, rank) VALUES ('integrity-check', 1)")
        assert rows("""SELECT id FROM tags t WHERE prompt_count !=
                       (SELECT count(*) FROM prompt_tags WHERE tag_id = t.id)""") == []
        # A prompt and its first run are created in one transaction.
        assert rows("SELECT id FROM prompts p WHERE NOT EXISTS "
                    "(SELECT 1 FROM runs WHERE prompt_id = p.id)") == []
        assert rows("""SELECT workspace_id, substr(created_at, 1, 10), engine, count(*) FROM chats
                       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3""") == rows(
            "SELECT workspace_id, day, engine, chats FROM daily_chats WHERE chats > 0 ORDER BY 1, 2, 3")
        # A prompt's chats are counted in its topic's and tags' rollups, or it waits to move.
        settled = "WHERE prompt_id NOT IN (SELECT prompt_id FROM prompt_regroup) ORDER BY 1, 2"
        assert rows("SELECT prompt_id, group_key FROM prompt_group_keys " + settled) == rows(
            "SELECT prompt_id, group_key FROM prompt_groups " + settled)
    finally:
        connection.close()


# The write load ---------------------------------------------------------------------

class Writer:
    """One client thread's writes, and what it knows about their outcome.

    A writer touches only prompts and tags it created, so it knows the last acknowledged
    state of each: ``prompts[id]`` and ``tags[id]`` are the JSON of the last 2xx answer
    about them. ``doubt`` is the write in flight when the server died: its client never
    heard back, so after the restart it must be found wholly done or wholly not done.
    """

    def __init__(self, name, workspace_id, key, seed):
        self.name = name
        self.workspace_id = workspace_id
        self.key = key
        self.rng = random.Random(seed)
        self.prompts, self.tags = {}, {}
        self.doubt = None
        self.counter = 0
        self.acknowledged = 0
        self.outcomes = {"applied": 0, "not applied": 0}
        self.failures = []

    def unique(self, what):
        self.counter += 1
        return "%s %s %d %s" % (self.name, what, self.counter, self.rng.choice(["crm", "erp", "seo"]))

    def item(self, text):
        item = {"text": text, "tags": self.rng.sample(PROMPT_TAGS, self.rng.randint(0, 2))}
        if self.rng.random() < 0.6:
            item["topic"] = self.rng.choice(PROMPT_TOPICS)
        return item

    def next_write(self):
        """(kind, method, path, body, detail) of a random write."""
        roll = self.rng.random()
        if not self.prompts or roll < 0.2:
            text = self.unique("single")
            return "create", "POST", "/prompts", self.item(text), {"marker": text, "count": 1}
        if roll < 0.35:
            marker = self.unique("bulk")
            count = self.rng.randint(2, 25)
            items = [self.item("%s item %d" % (marker, n)) for n in range(count)]
            return "create", "POST", "/prompts", {"prompts": items}, {"marker": marker, "count": count}
        if roll < 0.65:
            prompt_id = self.rng.choice(list(self.prompts))
            body = {"text": self.unique("edit"), "status": self.rng.choice(PROMPT_STATUSES),
                    "tags": self.rng.sample(PROMPT_TAGS, self.rng.randint(0, 3))}
            if self.rng.random() < 0.5:
                body["topicName"] = self.rng.choice(PROMPT_TOPICS)
            else:
                body["topicId"] = None
            return "update", "PATCH", "/prompts/%d" % prompt_id, body, {"id": prompt_id}
        if roll < 0.8:
            prompt_id = self.rng.choice(list(self.prompts))
            return "delete", "DELETE", "/prompts/%d" % prompt_id, None, {"id": prompt_id}
        if not self.tags or roll < 0.88:
            name = "ct-" + self.unique("tag").replace(" ", "-")
            body = {"name": name, "color": self.rng.choice(TAG_COLORS)}
            return "tag create", "POST", "/tags", body, {"name": name}
        tag_id = self.rng.choice(list(self.tags))
        if roll < 0.95:
            body = {"color": self.rng.choice(TAG_COLORS), "name": "ct-" + self.unique("renamed").replace(" ", "-")}
            return "tag update", "PATCH", "/tags/%d" % tag_id, body, {"id": tag_id}
        return "tag delete", "DELETE", "/tags/%d" % tag_id, None, {"id": tag_id}

    def run(self, url):
        """Write until the server dies; a failed answer is recorded, not raised."""
        client = HttpClient(url, self.key, timeout=10)
        while True:
            self.doubt = self.next_write()
            kind, method, path, body, detail = self.doubt
            try:
                status, _, reply = client.call(method, path, body)
            except (OSError, http.client.HTTPException):
                return  # the server is gone: the outcome of self.doubt is unknown
            if status >= 300:
                self.failures.append((kind, path, body, status, reply))
                return
            self.acknowledge(kind, detail, reply)
            self.doubt = None
            self.acknowledged += 1

    def acknowledge(self, kind, detail, reply):
        data = reply.get("data")
        if kind == "create":
            if data["created"] != detail["count"]:
                self.failures.append(("create", detail, reply))
            for prompt in data["prompts"]:
                self.prompts[prompt["id"]] = as_written(prompt)
        elif kind == "update":
            self.prompts[detail["id"]] = as_written(data)
        elif kind == "delete":
            del self.prompts[detail["id"]]
        elif kind in ("tag create", "tag update"):
            self.tags[data["id"]] = without_count(data)
        else:
            del self.tags[detail["id"]]

    # After the restart ----------------------------------------------------------------

    def resolve(self, client):
        """Decide what became of the write in doubt: wholly done or wholly not done."""
        if self.doubt is None:
            return
        kind, _, _, body, detail = self.doubt
        self.doubt = None
        if kind == "create":
            status, _, reply = client.call(
                "GET", "/prompts?perPage=100&search=" + detail["marker"].replace(" ", "%20"))
            found = reply["data"]["data"]
            assert status == 200 and reply["data"]["total"] in (0, detail["count"]), \
                "half a bulk create: %d of %d" % (reply["data"]["total"], detail["count"])
            items = body["prompts"] if "prompts" in body else [body]
            by_text = {item["text"]: item for item in items}
            for prompt in found:
                assert matches(prompt, by_text[prompt["text"]]), prompt
                self.prompts[prompt["id"]] = as_written(prompt)
            self.outcome(bool(found))
        elif kind == "update":
            old = self.prompts[detail["id"]]
            status, _, reply = client.call("GET", "/prompts/%d" % detail["id"])
            assert status == 200
            now = as_written(reply["data"])
            assert now == old or matches(now, body), "update half-applied: %s then %s, now %s" % (
                old, body, now)
            self.prompts[detail["id"]] = now
            self.outcome(now != old)
        elif kind == "delete":
            status, _, reply = client.call("GET", "/prompts/%d" % detail["id"])
            assert status == 404 or (status == 200
                                     and as_written(reply["data"]) == self.prompts[detail["id"]]), \
                "delete half-applied: %s" % reply
            if status == 404:
                del self.prompts[detail["id"]]
            self.outcome(status == 404)
        elif kind == "tag create":
            _, _, reply = client.call("GET", "/tags")
            found = [tag for tag in reply["data"] if tag["name"] == detail["name"]]
            assert len(found) <= 1 and all(tag["color"] == body["color"] for tag in found)
            for tag in found:
                self.tags[tag["id"]] = without_count(tag)
            self.outcome(bool(found))
        elif kind == "tag update":
            old = self.tags[detail["id"]]
            status, _, reply = client.call("GET", "/tags/%d" % detail["id"])
            now = without_count(reply["data"])
            assert now == old or (now["name"], now["color"]) == (body["name"], body["color"])
            self.tags[detail["id"]] = now
            self.outcome(now != old)
        else:
            status, _, reply = client.call("GET", "/tags/%d" % detail["id"])
            assert status == 404 or without_count(reply["data"]) == self.tags[detail["id"]]
            if status == 404:
                del self.tags[detail["id"]]
            self.outcome(status == 404)

    def outcome(self, applied):
        self.outcomes["applied" if applied else "not applied"] += 1


def without_count(tag):
    """A tag as its writer knows it (promptCount moves with other writers' prompts)."""
    return {name: value for name, value in tag.items() if name != "promptCount"}


def as_written(prompt):
    """A prompt as its writer knows it (lastRun moves as the worker answers it)."""
    return {name: value for name, value in prompt.items() if name != "lastRun"}


def matches(prompt, sent):
    """True when prompt carries the values a create item or an update body asked for."""
    tags = sorted({name.casefold() for name in sent.get("tags", [])})
    topic = sent.get("topicName", sent.get("topic"))
    return (prompt["text"] == sent["text"] and prompt["status"] == sent.get("status", "active")
            and sorted(tag["name"].casefold() for tag in prompt["tags"]) == tags
            and (prompt["topic"] or {}).get("name") == topic)


def all_prompts(client):
    """Every prompt of the workspace, in every status: {id: prompt}."""
    found = {}
    for status in PROMPT_STATUSES:
        page = 1
        while True:
            code, _, reply = client.call("GET", "/prompts?perPage=100&status=%s&page=%d" % (status, page))
            assert code == 200
            found.update((prompt["id"], as_written(prompt)) for prompt in reply["data"]["data"])
            if page >= reply["data"]["lastPage"]:
                break
            page += 1
    return found


def verify(url, workspaces, writers):
    """After a restart: resolve each write in doubt, then compare everything."""
    for workspace_id, key in workspaces:
        client = HttpClient(url, key)
        mine = [writer for writer in writers if writer.workspace_id == workspace_id]
        for writer in mine:
            writer.resolve(client)
        expected = {pid: prompt for writer in mine for pid, prompt in writer.prompts.items()}
        stored = all_prompts(client)
        assert stored.keys() == expected.keys(), "prompts lost or appeared: %s" % sorted(
            stored.keys() ^ expected.keys())
        for prompt_id, prompt in expected.items():
            assert stored[prompt_id] == prompt, "not as acknowledged: %s, now %s" % (
                prompt, stored[prompt_id])
        _, _, reply = client.call("GET", "/tags")
        stored_tags = {tag["id"]: without_count(tag) for tag in reply["data"]
                       if tag["name"].startswith("ct-")}
        assert stored_tags == {tid: tag for writer in mine for tid, tag in writer.tags.items()}
        client.close()


def test_acknowledged_writes_survive_kill_9_under_load(tmp_path):
    db_path = tmp_path / "tracker.db"
    workspaces = setup_database(db_path, 2)
    rng = random.Random(SEED)
    writers = [Writer("w%d" % (index * 10 + n), workspace_id, key, rng.random())
               for index, (workspace_id, key) in enumerate(workspaces)
               for n in range(WRITERS_PER_WORKSPACE)]
    started = time.monotonic()
    for trial in range(TRIALS):
        server = ServerProcess(db_path).start()
        threads = [threading.Thread(target=writer.run, args=(server.url,)) for writer in writers]
        for thread in threads:
            thread.start()
        time.sleep(rng.uniform(0.15, 1.0))
        server.process.kill()  # SIGKILL: no handler, no flush, no goodbye
        server.process.wait()
        for thread in threads:
            thread.join(15)
        failures = [failure for writer in writers for failure in writer.failures]
        assert not failures, "seed %d, trial %d: %s\n%s" % (SEED, trial, failures, server.log())
        check_file(db_path)
        restarted = ServerProcess(db_path).start()
        try:
            verify(restarted.url, workspaces, writers)
        except AssertionError as error:
            raise AssertionError("seed %d, trial %d: %s" % (SEED, trial, error)) from None
        assert restarted.stop() == 0
        assert "Traceback" not in server.log() + restarted.log()
    acknowledged = sum(writer.acknowledged for writer in writers)
    applied = sum(writer.outcomes["applied"] for writer in writers)
    not_applied = sum(writer.outcomes["not applied"] for writer in writers)
    report_figure("crash: %d kill -9 trials survived (seed %d) in %.0f s: %d acknowledged writes "
                  "all present as acknowledged; %d writes in flight at a kill: %d wholly applied, "
                  "%d wholly absent; integrity_check ok after every kill"
                  % (TRIALS, SEED, time.monotonic() - started, acknowledged, applied + not_applied,
                     applied, not_applied))
    assert acknowledged > TRIALS * 10  # the load did run


def test_every_connection_commits_with_synchronous_full(tmp_path):
    """The durability setting is per connection: each thread's own must have it."""
    db = tracker.Database(str(tmp_path / "tracker.db"))
    seen = []

    def pragmas():
        connection = db.connection()
        seen.append((tracker.query_one(connection, "PRAGMA synchronous")["synchronous"],
                     tracker.query_one(connection, "PRAGMA journal_mode")["journal_mode"]))
        db.close()
    threads = [threading.Thread(target=pragmas) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == [(2, "wal")] * 3  # 2 is FULL


# The run queue ----------------------------------------------------------------------

def wait_for(predicate, seconds, message):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError(message)


def query(path, sql):
    connection = apsw.Connection(str(path), flags=apsw.SQLITE_OPEN_READONLY)
    connection.set_busy_timeout(5000)
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


def test_runs_in_flight_at_kill_9_all_complete_once_after_restart(tmp_path):
    """Each kill lands while runs are in flight: before it, prompts are topped up so that
    the queue never empties (it used to, in the long run, so the last kills had nothing to
    interrupt). A run overtaken after its lease ran out is covered in process
    (tests/test_runs.py): engine calls now end before the lease does."""
    batch = knob("TRACKER_QUEUE_PROMPTS", 16, 40)
    rng = random.Random(SEED)
    engine = FakeOpenAI(delay=0.4, threads=8)  # slow enough to kill runs in flight
    db_path = tmp_path / "tracker.db"
    [(_, key)] = setup_database(db_path, 1)
    options = ("--engine", "local=openai:test-model@" + engine.url, "--workers", "4", "--lease", "2s")

    def start():
        return ServerProcess(db_path, *options, env={"OPENAI_API_KEY": ""}).start()

    def undone():
        return query(db_path, "SELECT count(*) FROM runs WHERE state != 'done'")[0][0]
    server, prompts, in_flight = start(), 0, []
    for kill in range(QUEUE_KILLS):
        if undone() < batch // 2:
            status, _, _ = HttpClient(server.url, key).call("POST", "/prompts", {"prompts": [
                {"text": "queue prompt %d" % n} for n in range(prompts, prompts + batch)]})
            assert status == 201
            prompts += batch
        asked = len(engine.requests)
        wait_for(lambda: len(engine.requests) >= asked + 2, 20, "no run started")
        time.sleep(rng.uniform(0, 0.5))  # during an engine call, or while a result is stored
        in_flight.append(query(db_path, "SELECT count(*) FROM runs WHERE state = 'running'")[0][0])
        server.process.kill()
        server.process.wait()
        check_file(db_path)
        server = start()
    wait_for(lambda: not undone(), 60, "runs left undone:\n" + server.log())
    assert server.stop() == 0
    engine.server.stop()
    check_file(db_path)
    assert min(in_flight) >= 1, in_flight
    assert query(db_path, "SELECT count(*), count(DISTINCT prompt_id) FROM runs") == [(prompts, prompts)]
    # One chat per run, never two, although killed runs were asked again.
    assert query(db_path, "SELECT count(*), count(DISTINCT run_id) FROM chats") == [(prompts, prompts)]
    retried = query(db_path, "SELECT count(*) FROM runs WHERE attempts > 1")[0][0]
    assert retried >= 1 and len(engine.requests) > prompts
    report_figure("queue: %d kill -9 with runs in flight (%s running at each kill): all %d runs "
                  "done after restart, %d of them retried, %d engine calls, exactly one chat per "
                  "run" % (QUEUE_KILLS, "/".join(map(str, in_flight)), prompts, retried,
                           len(engine.requests)))


def test_sigterm_right_after_a_request_always_stops_cleanly(tmp_path):
    """SIGTERM used to raise KeyboardInterrupt inside cheroot's accept loop; landing in
    the hand-off of a connection to a worker it lost a wake-up, and the server never
    stopped (about one stop in twenty right after a request)."""
    db_path = tmp_path / "tracker.db"
    [(_, key)] = setup_database(db_path, 1)
    for cycle in range(STOP_CYCLES):
        server = ServerProcess(db_path).start()
        client = HttpClient(server.url, key)
        assert client.call("GET", "/workspace")[0] == 200
        if cycle % 2:
            client.close()  # the closing connection is handed to a worker as the signal comes
        assert server.stop(timeout=12) == 0, "cycle %d" % cycle
        assert "stopped" in server.log()
        client.close()
    report_figure("sigterm: %d servers stopped right after a request, each cleanly" % STOP_CYCLES)
