"""Replication with Litestream (tracker serve --replicate): the recovery point under kill -9,
and restore times by database size.

Each kill trial serves a copy of a database with --replicate file://..., writes topics one
after another through the API for a few seconds, then kills Litestream and tracker with
SIGKILL together, restores the replica (Litestream's full integrity check) into a new file,
serves the restored file, and counts the acknowledged writes it lacks: none may have been
acknowledged more than 1.5 s before the kill. The size runs time, for a database of that
size, serve's start (it listens once Litestream reaches the replica), the first shipment
(until /healthz says the replica is ok) and a restore, then run --size-trials kill trials
on a copy of it.

    python tests/perf/bench_replication.py                       # 20 trials at 10 MB
    python tests/perf/bench_replication.py --trials 0 --sizes 1000 --size-trials 10
"""

import argparse
import http.client
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import apsw

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, REPO)
import tracker  # noqa: E402  (the checkout's, beside this folder)

TRACKER = [sys.executable, os.path.join(REPO, "tracker.py")]
# tracker serve as the trials run it; --litestream-log makes it tracker with Litestream's
# debug lines (what it read, shipped and checkpointed, and when) in its log
SERVE = TRACKER
SERVE_WITH_LITESTREAM_LOG = [sys.executable, "-c", (
    "import logging, sys; sys.path.insert(0, %r); import tracker; "
    "logging.basicConfig(level=logging.INFO, format='%%(asctime)s %%(levelname)s %%(message)s'); "
    "tracker.litestream_log.setLevel(logging.DEBUG); sys.exit(tracker.main(sys.argv[1:]))" % REPO)]
RECOVERY_POINT_SECONDS = 1.5
BODY_BYTES = 4000
IDLE_WINDOW = 15.0  # seconds: --idle's CPU measure


STARTED = []  # every Server, for close() after a failure


class Server:
    """tracker serve --port 0 in a session of its own, its stderr collected."""

    def __init__(self, db_path, *extra, env=None):
        self.process = subprocess.Popen(
            [*SERVE, "--db", str(db_path), "serve", "--port", "0", "--runs", "off", *extra],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            text=True, start_new_session=True, env=dict(os.environ, **(env or {})))
        self.lines, self.url, self.key = [], None, None
        STARTED.append(self)
        self._changed = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self):
        for line in self.process.stderr:
            found = re.search(r"listening on (http://\S+)", line)
            key = re.search(r"^\s+(trk_\w+)\s*$", line)
            with self._changed:
                self.url = found.group(1) if found else self.url
                self.key = key.group(1) if key else self.key
                self.lines.append(line)
                self._changed.notify_all()
        with self._changed:
            self._changed.notify_all()

    def wait_listening(self, timeout=120):
        end = time.monotonic() + timeout
        with self._changed:
            while not self.url and self.process.poll() is None and time.monotonic() < end:
                self._changed.wait(1.0)  # the exit itself notifies no one
        if not self.url:
            raise AssertionError("server did not start:\n" + self.log())
        return self

    def log(self):
        return "".join(self.lines)

    def request(self, method, path, body=None, key=None):
        """(status, parsed body) of one request; path is absolute (/healthz, /api/v1/...)."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method)
        if key or self.key:
            req.add_header("Authorization", "Bearer " + (key or self.key))
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=10) as reply:
                return reply.status, json.loads(reply.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def litestream_pid(self):
        """The pid of the server's Litestream (its child process)."""
        with open("/proc/%d/task/%d/children" % ((self.process.pid,) * 2)) as children:
            pids = [int(pid) for pid in children.read().split()]
        for pid in pids:
            with open("/proc/%d/cmdline" % pid, "rb") as cmdline:
                if b"litestream" in cmdline.read():
                    return pid
        raise AssertionError("no Litestream under tracker %d" % self.process.pid)

    def close(self):
        """Kill it if it is still there (after a failure; its Litestream gets SIGTERM)."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def stop(self, timeout=60):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout)
        self._reader.join(timeout)  # every line it wrote is in lines
        return self.process.returncode


def write_topics(server, seconds, prefix="t"):
    """Create topics one after another for seconds: [(name, time acknowledged)]."""
    acknowledged, end, n = [], time.time() + seconds, 0
    while time.time() < end:
        name = "%s%d" % (prefix, n)
        status, _ = server.request("POST", "/api/v1/topics", {"name": name})
        assert status == 201, status
        acknowledged.append((name, time.time()))
        n += 1
    return acknowledged


def wait_shipped(server):
    """Wait until /healthz says the replica holds the database (its first shipment)."""
    while server.request("GET", "/healthz")[1]["data"]["replica"]["state"] != "ok":
        time.sleep(0.5)


def topic_names(db_path):
    connection = apsw.Connection(str(db_path), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        return {row[0] for row in connection.execute("SELECT name FROM topics")}
    finally:
        connection.close()


def restore(replica, destination, at=None):
    """tracker restore: (seconds, parsed output)."""
    started = time.monotonic()
    done = subprocess.run([*TRACKER, "--db", str(destination), "restore", "--from", replica,
                           *(["--at", at] if at else [])],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return time.monotonic() - started, json.loads(done.stdout)


def replicated_copy(work, base_db, settle):
    """A copy of base_db in the folder work served with --replicate (a new replica there),
    once the replica is ok and settle seconds more: (its path, the replica, the Server)."""
    os.makedirs(work, exist_ok=True)
    db_path, replica = os.path.join(work, "tracker.db"), "file://" + os.path.join(work, "replica")
    shutil.copyfile(base_db, db_path)
    key = create_key(db_path)
    server = Server(db_path, "--replicate", replica).wait_listening()
    server.key = key
    wait_shipped(server)  # before, a kill loses what the first shipment had not sent yet
    time.sleep(settle)  # past the compactions that follow a first shipment
    return db_path, replica, server


def kill_trial(work, base_db, write_seconds=2.0, settle=0.0):
    """One kill -9 trial in the folder work: what it lost and how its restore went."""
    db_path, replica, server = replicated_copy(work, base_db, settle)
    acknowledged = write_topics(server, write_seconds)
    wal_bytes = os.path.getsize(db_path + "-wal")
    litestream = server.litestream_pid()
    os.kill(litestream, signal.SIGKILL)  # first: Litestream must not hear of tracker's end
    os.kill(server.process.pid, signal.SIGKILL)
    killed = time.time()
    server.process.wait()
    restored_path = os.path.join(work, "restored.db")
    seconds, restored = restore(replica, restored_path)
    names = topic_names(restored_path)
    lost = [killed - at for name, at in acknowledged if name not in names]
    return {"acknowledged": len(acknowledged), "lost": len(lost),
            "oldestLost": max(lost, default=0.0), "restoreSeconds": seconds,
            "integrity": restored["integrityCheck"], "walBytes": wal_bytes,
            "served": serves(restored_path, server.key, len(names))}


def serves(restored_path, key, topics):
    """Whether tracker serves the restored file: /healthz ok, and its topics listed."""
    served = Server(restored_path).wait_listening()
    try:
        status, health = served.request("GET", "/healthz")
        listed = served.request("GET", "/api/v1/topics", key=key)
    finally:
        served.stop()
    return (status == 200 and health["data"]["database"] == "ok" and listed[0] == 200
            and len(listed[1]["data"]) == topics)


# --rate: the load (issue 45). A write is one acknowledged API request; over half
# are bulk creates. Weights, out of 100, of each kind of write.
LOAD_MIX = (("bulk", 55), ("prompt", 15), ("brand", 8), ("tag", 8), ("topic", 7), ("delete", 7))
BULK_SIZES = (2, 25)        # prompts in a bulk create, at random between the two
KILL_BETWEEN = (6.0, 14.0)  # seconds of writes before the kill, at random between the two
TOPIC_POOL = 40             # topic names a prompt may name (created by its first prompt)
TAG_POOL = 20               # tag names a prompt may carry
HEALTH_POLL_SECONDS = 0.1


class WriteLoad:
    """clients threads writing through the API at about rate acknowledged writes a second
    in all, mixed as LOAD_MIX, each on a keep-alive connection of its own; and a thread
    asking /healthz every HEALTH_POLL_SECONDS. Every acknowledged write is logged with its
    time and with what a restored file holds when it kept the write (see kept)."""

    def __init__(self, server, rate, clients=3):
        self.server, self.rate, self.clients = server, rate, clients
        self.acknowledged = []   # (time acknowledged, kind, table, key)
        self.latencies = []      # seconds from sending each acknowledged write to its answer
        self.health = []         # (time answered, replica lagSeconds, replica state)
        self.failures = []       # unexpected statuses: a harness problem, reported
        self._stop = threading.Event()
        self._threads = [threading.Thread(target=self._write, args=(n,), daemon=True)
                         for n in range(clients)]
        self._threads.append(threading.Thread(target=self._poll_health, daemon=True))

    def start(self):
        for thread in self._threads:
            thread.start()
        return self

    def ending(self):
        """The server is about to be killed: a request failing from now on ends its client
        (set before the kill, as a client's request may fail the instant the server dies)."""
        self._stop.set()

    def stop(self):
        """Stop the clients (after a kill, their requests fail; that is expected)."""
        self._stop.set()
        for thread in self._threads:
            thread.join(15)

    def _connection(self):
        parts = urllib.parse.urlsplit(self.server.url)
        return http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)

    def _request(self, connection, method, path, body=None):
        headers = {"Authorization": "Bearer " + self.server.key}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        connection.request(method, path, data, headers)
        reply = connection.getresponse()
        return reply.status, json.loads(reply.read())

    def _write(self, client):
        chooser = random.Random(client)
        kinds, weights = zip(*LOAD_MIX)
        connection, created, n = self._connection(), [], 0
        next_at = time.monotonic()
        while not self._stop.is_set():
            next_at = max(next_at + self.clients / self.rate, time.monotonic() - 1.0)
            time.sleep(max(0.0, next_at - time.monotonic()))
            kind = chooser.choices(kinds, weights)[0]
            if kind == "delete" and not created:
                kind = "prompt"
            n += 1
            name = "c%d-%d" % (client, n)
            sent = time.time()
            try:
                logged = self._one(connection, chooser, kind, name, created)
            except (OSError, http.client.HTTPException, ValueError):
                if self._stop.is_set():
                    return  # killed mid-request
                raise
            if logged is not None:
                acknowledged = time.time()
                self.acknowledged.append((acknowledged, kind) + logged)
                self.latencies.append(acknowledged - sent)

    def _one(self, connection, chooser, kind, name, created):
        """Send one write of kind: (table, key) of what it wrote, or None when refused."""
        if kind in ("bulk", "prompt"):
            items = [self._prompt_item(chooser, "%s-%d" % (name, i))
                     for i in range(chooser.randint(*BULK_SIZES) if kind == "bulk" else 1)]
            status, body = self._request(connection, "POST", "/api/v1/prompts",
                                         {"prompts": items} if kind == "bulk" else items[0])
            if status == 201:
                # a bulk create commits whole or not at all: its last prompt says whether the
                # write was kept, and is never deleted; the others may be
                created.extend((prompt["id"], prompt["text"])
                               for prompt in body["data"]["prompts"][:-1])
                return "prompts", items[-1]["text"]
        elif kind == "delete":
            prompt_id, text = created.pop(chooser.randrange(len(created)))
            status, body = self._request(connection, "DELETE", "/api/v1/prompts/%d" % prompt_id)
            if status == 200:
                return "deleted", text  # by text: SQLite may give a new prompt its id
        else:
            table = kind + "s"
            status, body = self._request(connection, "POST", "/api/v1/" + table,
                                         {"name": name} if kind != "tag" else
                                         {"name": name, "color": "blue"})
            if status == 201:
                return table, name
        self.failures.append((kind, status, body))
        return None

    @staticmethod
    def _prompt_item(chooser, text):
        item = {"text": "load prompt %s" % text}
        if chooser.random() < 0.5:
            item["topic"] = "topic %d" % chooser.randrange(TOPIC_POOL)
        if chooser.random() < 0.5:
            item["tags"] = ["tag %d" % chooser.randrange(TAG_POOL)
                            for _ in range(chooser.randint(1, 3))]
        return item

    def _poll_health(self):
        connection = self._connection()
        while not self._stop.wait(HEALTH_POLL_SECONDS):
            try:
                _, body = self._request(connection, "GET", "/healthz")
            except (OSError, http.client.HTTPException, ValueError):
                return  # killed
            replica = body["data"]["replica"]
            self.health.append((time.time(), replica["lagSeconds"], replica["state"]))


def restored_rows(db_path):
    """What a restored file holds of the load's writes: {table: set of keys}."""
    connection = apsw.Connection(str(db_path), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        held = {"prompts": {row[0] for row in connection.execute("SELECT text FROM prompts")}}
        for table in ("brands", "tags", "topics"):
            held[table] = {row[0] for row in connection.execute("SELECT name FROM %s" % table)}
        return held
    finally:
        connection.close()


def kept(held, table, key):
    """Whether the restored file (restored_rows) holds the acknowledged write."""
    return key not in held["prompts"] if table == "deleted" else key in held[table]


def load_trial(work, base_db, rate, clients=3, kill_after=None, settle=0.0, stall=0.0):
    """One kill -9 trial under WriteLoad at rate writes a second, killed kill_after seconds
    (at random in KILL_BETWEEN if None) after the writes began: what it lost, how far
    behind the replica was, and what /healthz last said before the kill. With stall,
    Litestream is stopped (SIGSTOP) that many seconds before the kill: a replica held up."""
    db_path, replica, server = replicated_copy(work, base_db, settle)
    load = WriteLoad(server, rate, clients).start()
    started = time.time()
    time.sleep((random.uniform(*KILL_BETWEEN) if kill_after is None else kill_after) - stall)
    litestream = server.litestream_pid()
    if stall:
        os.kill(litestream, signal.SIGSTOP)
        time.sleep(stall)
    wal_bytes = os.path.getsize(db_path + "-wal")
    load.ending()
    os.kill(litestream, signal.SIGKILL)
    os.kill(server.process.pid, signal.SIGKILL)
    killed = time.time()
    load.stop()
    server.process.wait()
    restored_path = os.path.join(work, "restored.db")
    seconds, restored = restore(replica, restored_path)
    held = restored_rows(restored_path)
    writes = [(at, kind, table, key) for at, kind, table, key in load.acknowledged if at < killed]
    lost = [killed - at for at, _, table, key in writes if not kept(held, table, key)]
    # (a delete looks kept when the prompt's create was lost)
    newest_kept = max((at for at, _, table, key in writes
                       if table != "deleted" and kept(held, table, key)), default=started)
    said = [(at, lag, state) for at, lag, state in load.health if at < killed]
    return {"acknowledged": len(writes), "lost": len(lost), "oldestLost": max(lost, default=0.0),
            "replicaBehind": killed - newest_kept, "killedAfter": killed - started,
            "rate": len(writes) / (killed - started), "restoreSeconds": seconds,
            "integrity": restored["integrityCheck"], "walBytes": wal_bytes,
            "healthLag": said[-1][1] if said else None,
            "healthState": said[-1][2] if said else None,
            "healthAge": killed - said[-1][0] if said else None,
            "latencies": load.latencies, "failures": load.failures, "log": server.log(),
            "served": serves(restored_path, server.key, len(held["topics"]))}


def create_key(db_path):
    """A key to the first workspace that no trial's writes rate-limit."""
    db = tracker.Database(str(db_path))
    try:
        return tracker.create_key(db, 1, rate_limit=1_000_000)["key"]
    finally:
        db.close()


def make_database(path, megabytes):
    """A tracker database of about megabytes: stored POST responses (idempotency_keys, a
    day's worth of them in a busy deployment) of BODY_BYTES random bytes each, which
    compress no better than LTX files do; the table takes rows fastest, having no index
    or trigger beyond its key."""
    db = tracker.Database(str(path))
    tracker.create_workspace(db, "Bench")
    db.close()
    connection = apsw.Connection(str(path))
    now = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())
    n = 0
    while os.path.getsize(path) < megabytes * 1_000_000:
        with connection:
            connection.executemany(
                "INSERT INTO idempotency_keys (api_key_id, key, request_hash, status, body, "
                "created_at) VALUES (1, ?, x'00', 201, ?, ?)",
                (("bench-%d" % key, os.urandom(BODY_BYTES), now) for key in range(n, n + 1000)))
        n += 1000
        connection.wal_checkpoint(mode=apsw.SQLITE_CHECKPOINT_TRUNCATE)
    connection.close()


def size_run(work, megabytes, trials=1, settle=0.0, idle=0.0):
    """Seconds to make a database of megabytes, to ship it first (serve waits for that),
    to restore it, and trials kill trials on it; with idle, Litestream's CPU seconds in
    each IDLE_WINDOW of idle seconds after the first shipment, nothing written."""
    os.makedirs(work, exist_ok=True)
    base = os.path.join(work, "base.db")
    started = time.monotonic()
    make_database(base, megabytes)
    made = time.monotonic() - started
    first = os.path.join(work, "first")
    os.makedirs(first)
    db_path, replica = os.path.join(first, "tracker.db"), "file://" + os.path.join(first, "replica")
    shutil.copyfile(base, db_path)
    started = time.monotonic()
    server = Server(db_path, "--replicate", replica).wait_listening(timeout=1800)
    listening = time.monotonic() - started
    print("%.0f MB: made in %.1f s, listening after %.2f s" % (
        os.path.getsize(base) / 1e6, made, listening), flush=True)
    wait_shipped(server)
    first_shipment = time.monotonic() - started
    cpu = idle_cpu(server.litestream_pid(), idle)
    server.stop()
    wal_bytes = os.path.getsize(db_path + "-wal")
    print("first shipment done after %.2f s" % first_shipment, flush=True)
    if cpu:
        print("Litestream's CPU seconds in each %g s after it, nothing written: %s" % (
            IDLE_WINDOW, ", ".join("%.1f" % seconds for seconds in cpu)), flush=True)
    seconds, restored = restore(replica, os.path.join(first, "restored.db"))
    print("restored in %.2f s" % seconds, flush=True)
    replica_bytes = sum(os.path.getsize(os.path.join(folder, name))
                        for folder, _, names in os.walk(replica[len("file://"):])
                        for name in names)
    shutil.rmtree(first)  # room on the disk for the trials' copies
    return {"megabytes": os.path.getsize(base) / 1e6, "made": made,
            "listening": listening, "firstShipment": first_shipment, "walBytes": wal_bytes,
            "restore": seconds, "restoredBytes": restored["bytes"], "replicaBytes": replica_bytes,
            "killTrials": run_trials(work, base, trials, settle)}


def idle_cpu(pid, seconds):
    """The CPU seconds (user and system) process pid spends in each IDLE_WINDOW of the
    next seconds."""
    def used():
        with open("/proc/%d/stat" % pid) as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    windows = []
    for _ in range(int(seconds // IDLE_WINDOW)):
        before = used()
        time.sleep(IDLE_WINDOW)
        windows.append(used() - before)
    return windows


def run_trials(work, base, trials, settle=0.0):
    """trials kill trials on copies of base, each printed as it ends."""
    done = []
    for n in range(trials):
        trial = kill_trial(os.path.join(work, "trial-%d" % n), base, settle=settle)
        done.append(trial)
        print("trial %2d: %d writes, %d lost, oldest lost %.2f s before the kill, restore "
              "%.2f s, integrity %s, served %s, WAL %.1f MB at the kill" % (
                  n, trial["acknowledged"], trial["lost"], trial["oldestLost"],
                  trial["restoreSeconds"], trial["integrity"], trial["served"],
                  trial["walBytes"] / 1e6), flush=True)
        shutil.rmtree(os.path.join(work, "trial-%d" % n))
    return done


def run_load_trials(work, base, rate, trials, clients=3, log_folder=None):
    """trials load trials at rate writes a second, each printed as it ends (and its log
    kept in log_folder, if given)."""
    done = []
    for n in range(trials):
        folder = os.path.join(work, "load-%g-%d" % (rate, n))
        trial = load_trial(folder, base, rate, clients)
        trial["loadAverage"] = load_average()
        done.append(trial)
        print("%g/s trial %2d: %d writes (%.0f/s) in %.1f s, %d lost, oldest lost %.2f s before "
              "the kill, replica %.2f s behind, /healthz said %s %s (%.1f s before), WAL %.1f MB, "
              "write p50 %.0f ms, p99 %.0f ms, integrity %s, served %s, load %.1f%s" % (
                  rate, n, trial["acknowledged"], trial["rate"], trial["killedAfter"],
                  trial["lost"], trial["oldestLost"], trial["replicaBehind"],
                  trial["healthState"], trial["healthLag"], trial["healthAge"] or 0,
                  trial["walBytes"] / 1e6, 1000 * statistics.median(trial["latencies"]),
                  1000 * percentile(trial["latencies"], 99), trial["integrity"], trial["served"],
                  trial["loadAverage"],
                  ", refused: %s" % trial["failures"][:3] if trial["failures"] else ""),
              flush=True)
        if log_folder:
            with open(os.path.join(log_folder, "load-%g-%d.log" % (rate, n)), "w") as log:
                log.write(trial["log"])
        shutil.rmtree(folder)
    return done


def litestream_timings(logs):
    """Where the lag comes from, out of --litestream-log logs (tracker's log lines, with
    Litestream's debug lines): {what: [seconds, or WAL frames]}. A checkpoint starts with a
    "sync" line with chkpt=true (its copy of the WAL before), a second one says it holds
    SQLite's write lock (it seals the WAL), "checkpoint" that SQLite's checkpoint is done."""
    timings = {"WAL read and LTX encoding per sync (sync to db sync)": [],
               "between two WAL reads (sync lines)": [],
               "checkpoint: its wait for the write lock (copy to seal)": [],
               "checkpoint: the seal and SQLite's checkpoint": [],
               "checkpoint: from its first line to the line after it (tracker's hold)": [],
               "between two checkpoints": [], "WAL frames per checkpoint": []}
    names = list(timings)
    for log in logs:
        reading = last_read = started = sealed = done = last_checkpoint = None
        for line in log.splitlines():
            if " litestream: " not in line or not line[:4].isdigit():
                continue
            at = time.mktime(time.strptime(line[:19], "%Y-%m-%d %H:%M:%S")) + int(line[20:23]) / 1000
            if done is not None:  # the line after a checkpoint
                timings[names[4]].append(at - started)
                started = done = None
            if " litestream: sync " in line:
                if last_read is not None:
                    timings[names[1]].append(at - last_read)
                last_read = reading = at
                if "chkpt=true" in line and " offset=%d " % tracker.WAL_HEADER_BYTES not in line:
                    if started is None:
                        started = at
                    elif sealed is None:
                        sealed = at
                        timings[names[2]].append(at - started)
            elif " litestream: db sync " in line and reading is not None:
                timings[names[0]].append(at - reading)
                reading = None
            elif " litestream: checkpoint " in line:
                _, frames, copied = line.split("result=")[1].split()[0].split(",")
                timings[names[6]].append(int(frames))
                if sealed is not None:
                    timings[names[3]].append(at - sealed)
                if last_checkpoint is not None:
                    timings[names[5]].append(at - last_checkpoint)
                last_checkpoint, sealed = at, None
                if started is not None and frames != copied:
                    timings[names[4]].append(at - started)
                    started = None
                done = at if started is not None else None
    return timings


def percentile(values, n):
    """The nth percentile of values."""
    return statistics.quantiles(values, n=100, method="inclusive")[n - 1]


def told(trial):
    """Whether /healthz's last answer before the kill said a lag (plus the time since it
    answered) at least as old as the oldest write the kill lost."""
    return trial["healthLag"] is not None and (
        trial["healthLag"] + trial["healthAge"] >= trial["oldestLost"])


def load_average():
    """The machine's 1-minute load average (/proc/loadavg)."""
    with open("/proc/loadavg") as figures:
        return float(figures.read().split()[0])


def load_summary(trials, rate):
    """One line, and one row of README's table, on load trials at rate writes a second."""
    lost = [t["oldestLost"] for t in trials]
    behind = [t["replicaBehind"] for t in trials]
    loads = [t["loadAverage"] for t in trials]
    latencies = [seconds for t in trials for seconds in t["latencies"]]
    line = ("kill -9 trials at %g writes/s (%.0f to %.0f acknowledged a second): %d "
            "of %d met the %.1f s recovery point; oldest write lost before the kill: max %.2f s, "
            "p95 %.2f s, median %.2f s; replica behind at the kill: max %.2f s; a write's "
            "answer p50 %.0f ms, p99 %.0f ms; /healthz's last lag (and its age) as old as "
            "the oldest write lost in %d of %d; load average %.1f to %.1f" % (
                rate, min(t["rate"] for t in trials), max(t["rate"] for t in trials),
                met(trials), len(trials), RECOVERY_POINT_SECONDS, max(lost), p95(lost),
                statistics.median(lost), max(behind), 1000 * statistics.median(latencies),
                1000 * percentile(latencies, 99), sum(told(t) for t in trials), len(trials),
                min(loads), max(loads)))
    row = ("| %g (%.0f to %.0f) | %d of %d | %.2f s, %.2f s, %.2f s | %.2f s | %.0f ms, %.0f ms "
           "| %.1f to %.1f |" % (
               rate, min(t["rate"] for t in trials), max(t["rate"] for t in trials), met(trials),
               len(trials), max(lost), p95(lost), statistics.median(lost), max(behind),
               1000 * statistics.median(latencies), 1000 * percentile(latencies, 99),
               min(loads), max(loads)))
    return line, row


def met(trials):
    """How many trials met the recovery point, restored whole and served."""
    return sum(t["oldestLost"] <= RECOVERY_POINT_SECONDS and t["integrity"] == "ok"
               and t["served"] for t in trials)


def p95(values):
    """The 95th percentile of values (the largest of fewer than 2)."""
    values = list(values)
    return statistics.quantiles(values, n=20, method="inclusive")[-1] if len(values) > 1 \
        else max(values)


def summary(trials, megabytes):
    """One line on kill trials at a database of megabytes."""
    lost = [t["oldestLost"] for t in trials]
    restores = [t["restoreSeconds"] for t in trials]
    return ("kill -9 trials at %.0f MB: %d of %d met the %.1f s recovery point, restored whole "
            "and served; writes lost per trial %d to %d; oldest write lost before the kill: "
            "max %.2f s, p95 %.2f s, median %.2f s; restore median %.2f s, p95 %.2f s, max "
            "%.2f s" % (megabytes, met(trials), len(trials), RECOVERY_POINT_SECONDS,
                        min(t["lost"] for t in trials), max(t["lost"] for t in trials),
                        max(lost), p95(lost), statistics.median(lost),
                        statistics.median(restores), p95(restores), max(restores)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--sizes", help="database sizes in MB, comma-separated (default: 10, "
                        "none with --rates)")
    parser.add_argument("--size-trials", type=int, default=1,
                        help="kill trials at each of --sizes")
    parser.add_argument("--settle", type=float, default=0.0,
                        help="seconds a size's kill trials wait after the first shipment")
    parser.add_argument("--idle", type=float, default=0.0,
                        help="seconds a size run measures Litestream's CPU after the first "
                             "shipment, nothing written (in windows of %g s)" % IDLE_WINDOW)
    parser.add_argument("--rates", default="",
                        help="write rates, comma-separated: instead of the topic-by-topic "
                             "trials, --trials trials at each rate of mixed API writes from "
                             "--clients threads, killed at random %g to %g s in" % KILL_BETWEEN)
    parser.add_argument("--clients", type=int, default=3, help="--rates' client threads")
    parser.add_argument("--litestream-log", metavar="FOLDER",
                        help="keep each --rates trial's tracker log, with Litestream's debug "
                             "lines, in FOLDER")
    args = parser.parse_args()
    global SERVE
    if args.litestream_log:
        os.makedirs(args.litestream_log, exist_ok=True)
        SERVE = SERVE_WITH_LITESTREAM_LOG
    rates = [float(rate) for rate in args.rates.split(",") if rate]
    sizes = args.sizes if args.sizes is not None else ("" if rates else "10")
    with tempfile.TemporaryDirectory() as work:
        base = os.path.join(work, "base.db")
        make_database(base, 10)
        every, rows = [], []
        for rate in rates:
            trials = run_load_trials(work, base, rate, args.trials, args.clients,
                                     args.litestream_log)
            line, row = load_summary(trials, rate)
            print("\n" + line + "\n", flush=True)
            if args.litestream_log:
                for what, values in litestream_timings(t["log"] for t in trials).items():
                    if values:
                        print("%s: %d, median %.3f, p95 %.3f, max %.3f" % (
                            what, len(values), statistics.median(values),
                            percentile(values, 95), max(values)), flush=True)
            every += trials
            rows.append(row)
        if rows:
            print("| writes a second (acknowledged) | met 1.5 s | oldest lost: max, p95, median "
                  "| replica behind, max | a write's answer: p50, p99 | load average |\n"
                  "|---:|---:|---:|---:|---:|---:|")
            print("\n".join(rows), flush=True)
        trials = [] if rates else run_trials(work, base, args.trials)
        if trials:
            print("\n" + summary(trials, os.path.getsize(base) / 1e6), flush=True)
        every += trials
        lines = []
        for megabytes in (int(size) for size in sizes.split(",") if size):
            run = size_run(os.path.join(work, "size-%d" % megabytes), megabytes,
                           args.size_trials, args.settle, args.idle)
            shutil.rmtree(os.path.join(work, "size-%d" % megabytes))
            every += run["killTrials"]
            lines.append("| %.0f MB | %.1f s | %.2f s | %.2f s | %.2f s | %.0f%% of the database "
                         "| %.1f MB |" % (
                             run["megabytes"], run["made"], run["listening"],
                             run["firstShipment"], run["restore"],
                             100 * run["replicaBytes"] / run["restoredBytes"],
                             run["walBytes"] / 1e6))
            if run["killTrials"]:
                print("\n" + summary(run["killTrials"], run["megabytes"]), flush=True)
        if lines:
            print("\n| database | made in | listening after | first shipment | restore "
                  "| replica size | WAL after |\n|---:|---:|---:|---:|---:|---:|---:|")
            print("\n".join(lines), flush=True)
    return 0 if met(every) == len(every) else 1


if __name__ == "__main__":
    sys.exit(main())
