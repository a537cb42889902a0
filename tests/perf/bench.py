"""HTTP benchmark: tracker side by side with the floor of its own stack.

One run starts servers on 127.0.0.1: the floor (tests/perf/floor_server.py, cheroot with
a plain WSGI callable answering a fixed small JSON body) and ``tracker serve`` on a
provisioned database per workspace size. All are driven by the same load generator with
the same settings (wrk, installed with apt-get if missing, else a Python keep-alive
client), each tracker run right after a floor run, for --rounds rounds. It prints requests/second, p50 and p99
per endpoint, the ratio to the floor, how reads slow down as a workspace grows, and
which targets are met. It exits non-zero only when the harness itself failed.

    ./build bench                                  # 1k and 100k prompts, 3 rounds of 5 s
    ./build bench --sizes 1000,100000,1000000      # also 1M prompts (minutes to generate)
    ./build bench --profile /tmp/prof              # py-spy profiles of each tracker run
    ./build bench --smoke                          # a few seconds: checks the harness only

Databases are generated once into --cache and copied for each run (writes change them).
"""

import argparse
import asyncio
import collections
import dataclasses
import json
import multiprocessing
import os
import re
import secrets
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, ROOT)
import tracker  # noqa: E402

# Bump when generate() or what a file stores changes, so that cached databases are made again
# (3: topics' and tags' embedded JSON as text, the search index's usermerge, schema 14 still;
# 4: a changed text kept for the search index until its transaction's commit, prompts_fts_pending:
# a file made before it indexes each PATCH as it comes).
DATA_VERSION = 4
TOPICS = 20
TAGS = 200
TAGS_PER_PROMPT = 3
WRITES_PROMPTS = 1000
BULK_ITEMS = 500
RARE_TERM = "Zanzibar"  # planted in RARE_MATCHES prompts of every workspace
RARE_MATCHES = 25
COMMON_TERM = "password manager"  # one subject in len(SUBJECTS): 5 % of prompts

SUBJECTS = [
    "CRM", "password manager", "project management tool", "note-taking app", "VPN",
    "email marketing platform", "accounting software", "video conferencing tool",
    "website builder", "help desk software", "HR platform", "e-signature tool",
    "analytics platform", "payroll service", "cloud storage provider", "code review tool",
    "survey tool", "scheduling app", "inventory system", "chatbot builder",
]
AUDIENCES = [
    "startups", "small teams", "enterprises", "freelancers", "nonprofits", "agencies",
    "schools", "law firms", "clinics", "retailers", "developers", "designers",
    "sales teams", "remote companies", "family businesses",
]
PLACES = [
    "Germany", "the US", "France", "Japan", "Brazil", "India", "Canada", "Spain", "Italy",
    "Australia", "Mexico", "Poland",
]
TEMPLATES = [
    "What is the best {s} for {a} in {p}{q}?",
    "Which {s} do {a} in {p} recommend{q}?",
    "Compare the top {s} options for {a}{q}",
    "Is there an affordable {s} for {a} based in {p}{q}?",
    "Good {s} alternatives that {a} actually like{q}",
    "How do {a} in {p} choose a {s}{q}?",
]
QUALIFIERS = [
    "", " in 2026", " with a free tier", " that integrates with Slack", " for remote work",
    " with good support", " under $20 a month", " with an API", " that is GDPR compliant",
    " with SSO", " for a first-time buyer", " with offline mode",
]
# tracker writes its access log every 0.2 s: wait longer than that before reading a run's lines.
ACCESS_LOG_DELAY = 0.5
STATUSES = ["active"] * 90 + ["paused"] * 4 + ["draft"] * 3 + ["suggested"] * 3


def size_label(size):
    for unit, name in ((1_000_000, "M"), (1000, "k")):
        if size >= unit and size % unit == 0:
            return "%d%s" % (size // unit, name)
    return str(size)


###############################################################################
# Provisioning #################################################################
###############################################################################

def prompt_text(rng, n, rare):
    text = rng.choice(TEMPLATES).format(s=rng.choice(SUBJECTS), a=rng.choice(AUDIENCES),
                                        p=rng.choice(PLACES), q=rng.choice(QUALIFIERS))
    text = text[0].upper() + text[1:] + " #%d" % n
    return text + " (for our %s office)" % RARE_TERM if rare else text


def fill_workspace(db, workspace_id, size, rng, started):
    """size prompts, each with one of TOPICS topics and TAGS_PER_PROMPT of TAGS tags."""
    stamp = tracker.iso_timestamp(started)
    with db.write() as connection:
        topics = [connection.execute(
            "INSERT INTO topics (workspace_id, name, name_key, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?) RETURNING id",
            (workspace_id, "Topic %02d" % n, "topic %02d" % n, stamp, stamp)).fetchall()[0]["id"]
            for n in range(TOPICS)]
        colors = list(tracker.TAG_COLORS)
        tags = [connection.execute(
            "INSERT INTO tags (workspace_id, name, name_key, color, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            (workspace_id, "tag-%03d" % n, "tag-%03d" % n, colors[n % len(colors)], stamp,
             stamp)).fetchall()[0]["id"] for n in range(TAGS)]
    rare = set(range(0, size, max(1, size // RARE_MATCHES))[:RARE_MATCHES])
    ids = []
    for start in range(0, size, 10000):
        with db.write() as connection:
            for n in range(start, min(size, start + 10000)):
                text = prompt_text(rng, n, n in rare)
                at = tracker.iso_timestamp(started + n * 0.001)
                prompt_id = connection.execute("""
                    INSERT INTO prompts (workspace_id, text, status, location, topic_id,
                        dedupe_key, last_scheduled_at, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id""",
                    (workspace_id, text, rng.choice(STATUSES), rng.choice(PLACES + [None] * 4),
                     rng.choice(topics), tracker.dedupe_key(text, None), at, at, at)
                ).fetchall()[0]["id"]
                ids.append(prompt_id)
                connection.executemany("INSERT INTO prompt_tags (prompt_id, tag_id) VALUES (?, ?)",
                                       [(prompt_id, tag) for tag in rng.sample(tags, TAGS_PER_PROMPT)])
    return ids[0], ids[-1]


def generate(path, size, writes):
    """A database with one read workspace of size prompts (and a 'writes' one); its keys."""
    import random
    rng = random.Random(8)
    db = tracker.Database(path)
    started = time.time()
    meta = {"workspaces": {}}
    for label, count in [("reads", size)] + ([("writes", WRITES_PROMPTS)] if writes else []):
        workspace = tracker.create_workspace(db, "Bench " + label)
        key = tracker.create_key(db, workspace["id"], name="bench", rate_limit=10 ** 9)["key"]
        first, last = fill_workspace(db, workspace["id"], count, rng, started)
        meta["workspaces"][label] = {"id": workspace["id"], "key": key, "size": count,
                                     "first_prompt": first, "last_prompt": last}
    db.connection().execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return meta


def provisioned(cache, size, writes, workdir):
    """(path of a fresh working copy of a database, its metadata), generating it if needed.

    Each size has a file of its own, as a self-hosted workspace of that size would: the
    search index, for one, is shared by all the workspaces of a file.
    """
    os.makedirs(cache, exist_ok=True)
    name = "bench-d%d-s%d-%s%s" % (DATA_VERSION, tracker.SCHEMA_VERSION, size_label(size),
                                   "-w" if writes else "")
    pristine, meta_path = os.path.join(cache, name + ".db"), os.path.join(cache, name + ".json")
    if not os.path.exists(meta_path):
        for leftover in (pristine, pristine + "-wal", pristine + "-shm"):
            if os.path.exists(leftover):
                os.remove(leftover)
        started = time.perf_counter()
        print("generating %s (%d prompts)" % (pristine, size), flush=True)
        meta = generate(pristine, size, writes)
        with open(meta_path, "w") as out:
            json.dump(meta, out)
        print("generated in %.0f s" % (time.perf_counter() - started), flush=True)
    with open(meta_path) as meta_file:
        meta = json.load(meta_file)
    working = os.path.join(workdir, name + ".db")
    shutil.copyfile(pristine, working)
    return working, meta


###############################################################################
# Requests #####################################################################
###############################################################################

@dataclasses.dataclass
class Case:
    """One endpoint as the load generator drives it."""
    label: str            # short name, for --only and profile files
    name: str             # as shown in the table
    method: str
    path: str
    key: str
    server: int           # which tracker server: the size of its database
    body: str = None      # None, "patch" or "bulk": bodies made per request
    connections: int = None  # None: --connections
    group: str = None     # growth: cases of one group differ only by workspace size
    size: int = None
    patch_ids: tuple = None  # (first, last) prompt id for PATCH


def make_cases(metas, sizes):
    """metas: {size: database metadata}; the smallest database also has 'writes'."""
    small = sizes[0]
    writes = metas[small]["workspaces"]["writes"]
    cases = [Case("workspace", "GET /workspace", "GET", "/api/v1/workspace",
                  metas[small]["workspaces"]["reads"]["key"], small)]
    reads = [
        ("list", "GET /prompts (20 per page)", "/api/v1/prompts?perPage=20"),
        ("search", "GET /prompts?search=%s (%d hits)" % (RARE_TERM.lower(), RARE_MATCHES),
         "/api/v1/prompts?search=" + RARE_TERM.lower()),
        ("common", "GET /prompts?search=%s (5%% hits)" % COMMON_TERM.replace(" ", "+"),
         "/api/v1/prompts?search=" + urllib.parse.quote_plus(COMMON_TERM)),
        ("tags", "GET /tags (%d tags)" % TAGS, "/api/v1/tags"),
    ]
    for group, name, path in reads:
        for size in sizes:
            cases.append(Case("%s-%s" % (group, size_label(size)), "%s @%s" % (name, size_label(size)),
                              "GET", path, metas[size]["workspaces"]["reads"]["key"], size,
                              group=group, size=size))
    cases.append(Case("patch", "PATCH /prompts/{id}", "PATCH", "/api/v1/prompts/{id}",
                      writes["key"], small, body="patch",
                      patch_ids=(writes["first_prompt"], writes["last_prompt"])))
    cases.append(Case("bulk", "POST /prompts (%d items, 1 connection)" % BULK_ITEMS, "POST",
                      "/api/v1/prompts", writes["key"], small, body="bulk", connections=1))
    return cases


# Bodies are made per request, the same way in Python and in wrk's Lua (below), so
# every PATCH changes a prompt and every bulk item is new.

def patch_body(nonce, connection_id, n, first, last):
    prompt_id = first + (n * 7919 + connection_id * 104729) % (last - first + 1)
    tags = ['"tag-%03d"' % ((n + j * 67) % TAGS) for j in range(TAGS_PER_PROMPT)]
    body = '{"text":"Edited %s-%d-%d: best CRM for agencies?","tags":[%s]}' % (
        nonce, connection_id, n, ",".join(tags))
    return "/api/v1/prompts/%d" % prompt_id, body


def bulk_body(nonce, connection_id, n):
    """BULK_ITEMS new prompts; 5 new topics and 10 new tags among them."""
    items = []
    for k in range(BULK_ITEMS):
        topic = ("Bulk topic %s-%d-%d-%d" % (nonce, connection_id, n, k % 5) if k % 25 < 5
                 else "Topic %02d" % (k % TOPICS))
        third = ("new-%s-%d-%d-%d" % (nonce, connection_id, n, k % 10) if k % 50 < 10
                 else "tag-%03d" % ((k * 3 + 2) % TAGS))
        items.append('{"text":"Bulk %s-%d-%d-%d: which CRM suits agencies best?","topic":"%s",'
                     '"tags":["tag-%03d","tag-%03d","%s"]}' % (
                         nonce, connection_id, n, k, topic, (k * 3) % TAGS, (k * 3 + 1) % TAGS,
                         third))
    return "/api/v1/prompts", '{"prompts":[' + ",".join(items) + "]}"


LUA_COMMON = """
wrk.headers["Authorization"] = "Bearer %(key)s"
wrk.headers["Content-Type"] = "application/json"
local counter = 0
function setup(thread)
  thread:set("cid", counter)
  counter = counter + 1
end
local n = 0
local nonce = "%(nonce)s"
"""

LUA_PATCH = LUA_COMMON + """
request = function()
  n = n + 1
  local id = %(first)d + (n * 7919 + cid * 104729) %% %(count)d
  local tags = {}
  for j = 0, %(per)d - 1 do
    tags[#tags + 1] = string.format('"tag-%%03d"', (n + j * 67) %% %(tags)d)
  end
  local body = string.format('{"text":"Edited %%s-%%d-%%d: best CRM for agencies?","tags":[%%s]}',
                             nonce, cid, n, table.concat(tags, ","))
  return wrk.format("PATCH", "/api/v1/prompts/" .. id, nil, body)
end
"""

LUA_BULK = LUA_COMMON + """
request = function()
  n = n + 1
  local items = {}
  for k = 0, %(items)d - 1 do
    local topic
    if k %% 25 < 5 then
      topic = string.format("Bulk topic %%s-%%d-%%d-%%d", nonce, cid, n, k %% 5)
    else
      topic = string.format("Topic %%02d", k %% %(topics)d)
    end
    local third
    if k %% 50 < 10 then
      third = string.format("new-%%s-%%d-%%d-%%d", nonce, cid, n, k %% 10)
    else
      third = string.format("tag-%%03d", (k * 3 + 2) %% %(tags)d)
    end
    items[#items + 1] = string.format(
      '{"text":"Bulk %%s-%%d-%%d-%%d: which CRM suits agencies best?","topic":"%%s","tags":["tag-%%03d","tag-%%03d","%%s"]}',
      nonce, cid, n, k, topic, (k * 3) %% %(tags)d, (k * 3 + 1) %% %(tags)d, third)
  end
  return wrk.format("POST", "/api/v1/prompts", nil, '{"prompts":[' .. table.concat(items, ",") .. ']}')
end
"""


def lua_script(case, nonce):
    values = {"key": case.key, "nonce": nonce, "tags": TAGS, "topics": TOPICS,
              "per": TAGS_PER_PROMPT, "items": BULK_ITEMS}
    if case.body == "patch":
        first, last = case.patch_ids
        return LUA_PATCH % dict(values, first=first, count=last - first + 1)
    if case.body == "bulk":
        return LUA_BULK % values
    return None


###############################################################################
# Load generators ##############################################################
###############################################################################

@dataclasses.dataclass
class Result:
    requests: int
    seconds: float
    rps: float
    p50_ms: float
    p99_ms: float
    bad: int      # non-2xx answers
    errors: int   # socket errors and timeouts


def wrk_duration(text):
    value, unit = re.fullmatch(r"([0-9.]+)(us|ms|s|m|h)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0, "h": 3600000.0}[unit]


def parse_wrk(output):
    def number(pattern, default=None):
        found = re.search(pattern, output)
        if found is None:
            if default is None:
                raise RuntimeError("cannot read wrk's output:\n" + output)
            return default
        return found.group(1)
    requests = int(number(r"(\d+) requests in"))
    seconds = wrk_duration(number(r"requests in ([0-9.]+\w+),")) / 1000
    errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)",
                                            number(r"Socket errors: (.*)", "")))
    return Result(requests, seconds, float(number(r"Requests/sec:\s+([0-9.]+)")),
                  wrk_duration(number(r"\s50%\s+([0-9.]+\w+)")),
                  wrk_duration(number(r"\s99%\s+([0-9.]+\w+)")),
                  int(number(r"Non-2xx or 3xx responses: (\d+)", "0")), errors)


class Wrk:
    name = "wrk"

    def __init__(self, path, threads, workdir):
        self.path = path
        self.threads = threads
        self.workdir = workdir

    def run(self, url, case, connections, duration, nonce):
        command = [self.path, "-t%d" % min(self.threads, connections), "-c%d" % connections,
                   "-d%ds" % duration, "--latency", "--timeout", "10s"]
        script = lua_script(case, nonce)
        if script:
            script_path = os.path.join(self.workdir, "%s.lua" % case.label)
            with open(script_path, "w") as out:
                out.write(script)
            command += ["-s", script_path]
        else:
            command += ["-H", "Authorization: Bearer " + case.key]
        done = subprocess.run(command + [url + case.path], capture_output=True, text=True,
                              timeout=duration + 60)
        if done.returncode != 0:
            raise RuntimeError("wrk failed (%d): %s" % (done.returncode, done.stderr))
        return parse_wrk(done.stdout)


class PythonClient:
    """Keep-alive HTTP/1.1 over asyncio streams: --threads processes sharing the connections."""
    name = "python"

    def __init__(self, threads):
        self.threads = threads

    def run(self, url, case, connections, duration, nonce):
        parts = urllib.parse.urlsplit(url)
        processes = max(1, min(self.threads, connections))
        shares = [connections // processes + (i < connections % processes) for i in range(processes)]
        jobs, first = [], 0
        for share in shares:
            jobs.append((parts.hostname, parts.port, case, list(range(first, first + share)),
                         duration, nonce))
            first += share
        started = time.perf_counter()
        with multiprocessing.get_context("spawn").Pool(processes) as pool:
            outcomes = pool.map(_client_process, jobs)
        seconds = max(outcome[3] for outcome in outcomes) or time.perf_counter() - started
        latencies = sorted(latency for outcome in outcomes for latency in outcome[0])
        if not latencies:
            raise RuntimeError("the Python client got no answer from %s" % url)
        return Result(len(latencies), seconds, len(latencies) / seconds,
                      percentile(latencies, 50) * 1000, percentile(latencies, 99) * 1000,
                      sum(outcome[1] for outcome in outcomes), sum(outcome[2] for outcome in outcomes))


def percentile(values, p):
    return values[min(len(values) - 1, int(len(values) * p / 100))]


def request_bytes(host, port, case, connection_id, n, nonce):
    path, body = case.path, None
    if case.body == "patch":
        path, body = patch_body(nonce, connection_id, n, *case.patch_ids)
    elif case.body == "bulk":
        path, body = bulk_body(nonce, connection_id, n)
    head = "%s %s HTTP/1.1\r\nHost: %s:%d\r\nAuthorization: Bearer %s\r\n" % (
        case.method, path, host, port, case.key)
    if body is None:
        return (head + "\r\n").encode()
    data = body.encode()
    return (head + "Content-Type: application/json\r\nContent-Length: %d\r\n\r\n"
            % len(data)).encode() + data


def _client_process(job):
    return asyncio.run(_client(*job))


async def _client(host, port, case, connection_ids, duration, nonce):
    latencies, bad, errors = [], [0], [0]
    deadline = time.perf_counter() + duration

    async def connection(connection_id):
        reader, writer = await asyncio.open_connection(host, port)
        n = 0
        try:
            while time.perf_counter() < deadline:
                n += 1
                data = request_bytes(host, port, case, connection_id, n, nonce)
                started = time.perf_counter()
                writer.write(data)
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except asyncio.IncompleteReadError as error:
                    if error.partial:
                        raise
                    # cheroot closes keep-alive connections past its limit of waiting
                    # ones: open another and send the request again, as wrk does
                    writer.close()
                    reader, writer = await asyncio.open_connection(host, port)
                    n -= 1
                    continue
                length = re.search(rb"(?i)\r\ncontent-length:\s*(\d+)", head)
                if length is None:
                    raise RuntimeError("answer without Content-Length: %r" % head[:200])
                await reader.readexactly(int(length.group(1)))
                latencies.append(time.perf_counter() - started)
                if not head.startswith((b"HTTP/1.1 2", b"HTTP/1.0 2")):
                    bad[0] += 1
                if re.search(rb"(?i)\r\nconnection:\s*close", head):
                    writer.close()
                    reader, writer = await asyncio.open_connection(host, port)
        except (OSError, asyncio.IncompleteReadError) as error:
            errors[0] += 1
            print("load generator, connection %d: %r" % (connection_id, error), file=sys.stderr)
        finally:
            writer.close()

    started = time.perf_counter()
    await asyncio.wait_for(asyncio.gather(*(connection(c) for c in connection_ids)), duration + 30)
    return latencies, bad[0], errors[0], time.perf_counter() - started


def find_wrk(install):
    """wrk's path, installing Debian's package when allowed; None if there is none."""
    path = shutil.which("wrk")
    if path or not install or not shutil.which("apt-get") or os.geteuid() != 0:
        return path
    print("wrk is missing: apt-get install -y wrk", flush=True)
    for command in (["apt-get", "install", "-y", "-q", "wrk"], ["apt-get", "update", "-q"],
                    ["apt-get", "install", "-y", "-q", "wrk"]):
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=300,
                                  env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        except subprocess.TimeoutExpired:
            break
        if command[1] == "install" and done.returncode == 0:
            break
    return shutil.which("wrk")


###############################################################################
# Servers ######################################################################
###############################################################################

class Server:
    """A server subprocess whose stderr goes to a log file; its URL is read from there."""

    def __init__(self, name, command, log_path):
        self.name = name
        self.command = command
        self.log_path = log_path
        self.url = None

    def start(self, timeout=60):
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(self.command, stdout=subprocess.DEVNULL, stderr=self.log,
                                        stdin=subprocess.DEVNULL, cwd=ROOT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = re.search(r"listening on (http://\S+)", self.read_log())
            if found:
                self.url = found.group(1)
                return self
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        self.stop()
        raise RuntimeError("%s did not start:\n%s" % (self.name, self.read_log()))

    def read_log(self, offset=0):
        with open(self.log_path, errors="replace") as log:
            log.seek(offset)
            return log.read()

    def log_size(self):
        return os.path.getsize(self.log_path)

    def check(self):
        if self.process.poll() is not None:
            raise RuntimeError("%s exited (%s):\n%s" % (self.name, self.process.returncode,
                                                         self.read_log()[-3000:]))

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def server_times(text, method, path_prefix):
    """Milliseconds of the access-log lines of method and path in text."""
    return [float(ms) for ms in re.findall(r" %s %s\S* \d+ ([0-9.]+)ms" % (method, re.escape(path_prefix)),
                                           text)]


###############################################################################
# The run ######################################################################
###############################################################################

def profile(pid, seconds, out_path):
    """py-spy sampling whichever thread holds the GIL, in the background."""
    py_spy = shutil.which("py-spy") or os.path.join(os.path.dirname(sys.executable), "py-spy")
    return subprocess.Popen([py_spy, "record", "--pid", str(pid), "--duration", str(seconds),
                             "--rate", "250", "--gil", "--format", "raw", "--output", out_path,
                             "--nonblocking"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def cpu_seconds(pid):
    """User and system CPU time a process has used so far (Linux /proc)."""
    with open("/proc/%d/stat" % pid) as stat:
        fields = stat.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measured(client, server, case, connections, duration, nonce):
    """(Result, server CPU microseconds per request) of one run against server."""
    before = cpu_seconds(server.process.pid)
    result = client.run(server.url, case, connections, duration, nonce)
    used = cpu_seconds(server.process.pid) - before
    server.check()
    return result, used / max(result.requests, 1) * 1e6


def run_bench(args):
    sizes = args.sizes
    workdir = tempfile.mkdtemp(prefix="tracker-bench-")
    databases = {size: provisioned(args.cache, size, size == sizes[0], workdir) for size in sizes}
    cases = [case for case in make_cases({size: meta for size, (_, meta) in databases.items()}, sizes)
             if not args.only or any(case.label.startswith(o) for o in args.only)]
    wrk_path = None if args.client == "python" else find_wrk(args.install)
    if args.client == "wrk" and wrk_path is None:
        raise RuntimeError("wrk is not installed and could not be installed")
    client = Wrk(wrk_path, args.threads, workdir) if wrk_path else PythonClient(args.threads)
    floor = Server("floor", [sys.executable, os.path.join(HERE, "floor_server.py"), "--port", "0",
                             "--threads", str(args.server_threads)], os.path.join(workdir, "floor.log"))
    servers = {size: Server("tracker @%s" % size_label(size), [
        sys.executable, "-m", "tracker", "serve", "--db", path, "--port", "0",
        "--threads", str(args.server_threads), "--workers", "0", "--run-interval", "3650d"],
        os.path.join(workdir, "tracker-%s.log" % size_label(size)))
        for size, (path, _) in databases.items() if any(case.server == size for case in cases)}
    print("load: %s, %d threads, %d connections, %d s per run, %d rounds; servers: %d threads"
          % (client.name, args.threads, args.connections, args.duration, args.rounds,
             args.server_threads), flush=True)
    results = collections.defaultdict(lambda: {"tracker": [], "floor": [], "server_ms": [],
                                               "cpu": [], "floor_cpu": []})
    try:
        for server in [floor] + list(servers.values()):
            server.start()
        for case in cases if args.warmup else ():
            if case.body is None:
                client.run(servers[case.server].url, case, args.connections, args.warmup, "warm")
        for round_ in range(args.rounds):
            for case in cases:
                served = servers[case.server]
                connections = case.connections or args.connections
                nonce = secrets.token_hex(3)
                runs = results[case.label]
                result, cpu = measured(client, floor, case, connections, args.duration, nonce)
                runs["floor"].append(result)
                runs["floor_cpu"].append(cpu)
                offset = served.log_size()
                spy = None
                if args.profile:
                    os.makedirs(args.profile, exist_ok=True)
                    spy = profile(served.process.pid, args.duration,
                                  os.path.join(args.profile, "%s-r%d.txt" % (case.label, round_)))
                result, cpu = measured(client, served, case, connections, args.duration, nonce)
                if spy:
                    spy.wait(args.duration + 30)
                time.sleep(ACCESS_LOG_DELAY)
                if result.bad or result.errors:
                    raise RuntimeError("%s: %d non-2xx answers, %d socket errors; tracker log:\n%s"
                                       % (case.name, result.bad, result.errors,
                                          served.read_log(offset)[-2000:]))
                runs["tracker"].append(result)
                runs["cpu"].append(cpu)
                runs["server_ms"] += server_times(served.read_log(offset), case.method,
                                                  case.path.split("{")[0].split("?")[0])
                print("  round %d %-52s %7.0f req/s  (floor %6.0f)" % (
                    round_ + 1, case.name, result.rps, runs["floor"][-1].rps), flush=True)
    finally:
        for server in [floor] + list(servers.values()):
            if getattr(server, "process", None) is not None:
                server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    return cases, results


def summarise(cases, results):
    """One row per case: medians over the rounds, the ratio to the paired floor runs."""
    rows = {}
    for case in cases:
        runs = results[case.label]
        tracker_runs, floor_runs = runs["tracker"], runs["floor"]
        if not tracker_runs:
            continue
        rows[case.label] = {
            "name": case.name, "group": case.group, "size": case.size,
            "rps": statistics.median(r.rps for r in tracker_runs),
            "p50": statistics.median(r.p50_ms for r in tracker_runs),
            "p99": statistics.median(r.p99_ms for r in tracker_runs),
            "floor": statistics.median(r.rps for r in floor_runs),
            "ratio": statistics.median(t.rps / f.rps for t, f in zip(tracker_runs, floor_runs)),
            "server_ms": statistics.median(runs["server_ms"]) if runs["server_ms"] else None,
            "cpu": statistics.median(runs["cpu"]),
            "floor_cpu": statistics.median(runs["floor_cpu"]),
            "requests": sum(r.requests for r in tracker_runs),
        }
    return rows


def print_tables(rows, sizes):
    print()
    print("| endpoint | req/s | p50 ms | p99 ms | floor req/s | ratio to floor "
          "| server CPU us/req (floor) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for row in rows.values():
        print("| %s | %.0f | %.2f | %.2f | %.0f | %.0f %% | %.0f (%.0f) |" % (
            row["name"], row["rps"], row["p50"], row["p99"], row["floor"], row["ratio"] * 100,
            row["cpu"], row["floor_cpu"]))
    bulk = rows.get("bulk")
    if bulk and bulk["server_ms"] is not None:
        print("\nbulk create: median server time %.1f ms per request of %d prompts, %.3f ms per "
              "prompt (%d requests)" % (bulk["server_ms"], BULK_ITEMS, bulk["server_ms"] / BULK_ITEMS,
                                        bulk["requests"]))
    growth = {}
    for label, row in rows.items():
        if row["group"]:
            growth.setdefault(row["group"], {})[row["size"]] = row
    if growth and len(sizes) > 1:
        small = sizes[0]
        print("\n| growth | " + " | ".join("req/s @%s" % size_label(s) for s in sizes) + " | "
              + " | ".join("slower @%s" % size_label(s) for s in sizes[1:]) + " |")
        print("|---" * (1 + 2 * len(sizes) - 1) + "|")
        for group, by_size in growth.items():
            if small not in by_size:
                continue
            print("| %s | " % by_size[small]["name"].rsplit(" @", 1)[0]
                  + " | ".join("%.0f" % by_size[s]["rps"] if s in by_size else "-" for s in sizes)
                  + " | " + " | ".join("%.2f x" % (by_size[small]["rps"] / by_size[s]["rps"])
                                       if s in by_size else "-" for s in sizes[1:]) + " |")


# Issue 43's shares of the stack's floor: each at the run's first size, the search at its
# largest up to 100,000 prompts (a search matching 5 % of 100,000).
FLOOR_TARGETS = (("workspace", 0.80), ("list", 0.55), ("tags", 0.40), ("patch", 0.40),
                 ("search", 0.20))


def targets(rows, sizes):
    """[(target, figure, met)] for the targets this run measured."""
    checks = []
    small = size_label(sizes[0])
    large = [s for s in sizes if s > sizes[0] and s <= 100_000]
    for group, share in FLOOR_TARGETS:
        size = size_label(large[-1]) if group == "search" and large else small
        row = rows.get(group) or rows.get("%s-%s" % (group, size))
        if row:
            checks.append(("%s >= %.0f %% of the floor" % (row["name"], share * 100),
                           "%.0f %%" % (row["ratio"] * 100), row["ratio"] >= share))
    if large:
        for group in ("list", "search", "tags"):
            a, b = rows.get("%s-%s" % (group, small)), rows.get("%s-%s" % (group, size_label(large[-1])))
            if a and b:
                slower = a["rps"] / b["rps"]
                checks.append(("%s: %s -> %s <= 1.5x slower" % (a["name"].rsplit(" @", 1)[0], small,
                                                                size_label(large[-1])),
                               "%.2f x" % slower, slower <= 1.5))
    if rows.get("bulk") and rows["bulk"]["server_ms"] is not None:
        checks.append(("POST /prompts, %d items: median server time <= 150 ms" % BULK_ITEMS,
                       "%.0f ms" % rows["bulk"]["server_ms"], rows["bulk"]["server_ms"] <= 150))
    return checks


def parse_sizes(text):
    sizes = sorted({int(float(part)) for part in text.split(",") if part.strip()})
    if not sizes or sizes[0] < RARE_MATCHES:
        raise argparse.ArgumentTypeError("sizes must be numbers of prompts, at least %d" % RARE_MATCHES)
    return sizes


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=parse_sizes, default=[1000, 100_000],
                        help="prompts per read workspace, comma-separated (default 1000,100000)")
    parser.add_argument("--duration", type=int, default=5, help="seconds per run (default 5)")
    parser.add_argument("--rounds", type=int, default=3, help="A/B rounds (default 3)")
    parser.add_argument("--warmup", type=int, default=1, help="seconds of warm-up per read (default 1)")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--threads", type=int, default=2, help="load generator threads")
    parser.add_argument("--server-threads", type=int, default=10,
                        help="cheroot threads of both servers (default 10, tracker's default)")
    parser.add_argument("--client", choices=("auto", "wrk", "python"), default="auto")
    parser.add_argument("--no-install", dest="install", action="store_false",
                        help="never apt-get install wrk (use the Python client instead)")
    parser.add_argument("--only", type=lambda s: s.split(","), help="case labels (prefixes) to run")
    parser.add_argument("--cache", default=os.path.join(tempfile.gettempdir(), "tracker-bench"))
    parser.add_argument("--profile", metavar="DIR", help="record py-spy profiles of tracker into DIR")
    parser.add_argument("--json", metavar="FILE", help="also write the summary as JSON")
    parser.add_argument("--smoke", action="store_true",
                        help="tiny sizes, 1 s runs, 1 round, 4 endpoints: proves the harness works")
    args = parser.parse_args(argv)
    if args.smoke:
        args.sizes, args.duration, args.rounds, args.warmup = [50, 200], 1, 1, 0
        args.only = args.only or ["workspace", "list", "patch", "bulk"]
    started = time.perf_counter()
    try:
        cases, results = run_bench(args)
    except (RuntimeError, OSError, subprocess.SubprocessError) as error:
        print("bench: the harness failed: %s" % error, file=sys.stderr)
        return 1
    rows = summarise(cases, results)
    print_tables(rows, args.sizes)
    checks = targets(rows, args.sizes)
    if checks:
        print("\n| target | measured | met |\n|---|---:|---|")
        for target, figure, met in checks:
            print("| %s | %s | %s |" % (target, figure, "yes" if met else "**no**"))
    print("\n(%.0f s; every figure is the median of %d rounds)" % (time.perf_counter() - started,
                                                                   args.rounds))
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"rows": rows, "targets": checks}, out, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
