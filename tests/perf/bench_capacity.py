"""The capacity of one machine (issue 43): how many chats a day one tracker stores, at what
cost, and where it stops scaling.

    python tests/perf/bench_capacity.py --quick      # under two minutes
    python tests/perf/bench_capacity.py              # --workers 8 to 256, 5-20 s answers: ~25 min

The provider stand-in is a process of its own (its threads take none of the measured
process's CPU or GIL): OpenAI's Responses API on loopback (tests/providers.py writes its
documented reply: a web_search_call, then an output_text with url_citation annotations),
answering each call after a uniformly random --latency (5 to 20 s: search-grounded engines'
real latency) with about 2,600 characters naming 4 of the workspace's 10 brands and citing
6 pages.

Each --workers W runs in a new process: a new database (one workspace, 10 brands, enough
prompts for the whole run, one sample per run) and the application make_app() builds with
--engines labels of the stand-in and concurrency W (what `serve --workers W` starts), its
worker started and its write lock timed. After --warmup seconds (the first runs all start at
once), a window of --window seconds measures: chats stored (sustained chats per day), the
process's CPU (every thread: the engines' HTTP calls, extraction, storing) per chat and in
cores (a process that holds the GIL all the time uses one core for Python; SQLite lets it go),
resident memory (its peak, and at the end), threads, the write lock (held: its share of the
window and per chat; waited for: per write), and every --probe seconds the API's and the
dashboard's reads through the same application (WebTest, on a thread of this process: they
compete for the GIL as served requests do), their median and slowest (their own CPU is left
out of the worker's). Then the database's
growth per million chats (the file's used pages, before and after, over the chats stored).

Last, `tracker backup` and `tracker restore` per GB: bench_replication's database of
--backup-mb (random 4,000-byte rows, which compress no better than Litestream's files), backed
up with `tracker backup` (the whole command), then served with --replicate to a file://
replica and restored with `tracker restore` (the whole command, its full integrity check
included; bench_replication.size_run), and the workers' last database (real chats) backed up.
"""

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [ROOT, os.path.dirname(HERE)]
import tracker  # noqa: E402
import providers  # noqa: E402  (tests/providers.py: the providers' documented replies)

BRANDS = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Stark", "Wayne", "Wonka", "Tyrell",
          "Cyberdyne"]
ENGINE_LABELS = ("chatgpt", "search-a", "search-b", "search-c")
FULL_WORKERS = "8,16,32,64,128,256"


# The provider stand-in (its own process) ------------------------------------------------

def answer_text(rng):
    """About 2,600 characters of a search-grounded answer naming 4 of BRANDS."""
    named = rng.sample(BRANDS, 4)
    paragraphs = ["%d. **%s** is a solid choice for teams that need reliable tooling, clear "
                  "pricing and good support; reviewers mention its onboarding, its integrations "
                  "with the common suites and a responsive vendor, though some find its "
                  "reporting limited at scale and its mobile app slower than the web version."
                  % (n + 1, name) for n, name in enumerate(named)]
    return ("Here are the options most often recommended this year, with what reviewers say "
            "about each of them.\n\n" + "\n\n".join(paragraphs * 2)
            + "\n\nIn short, %s leads for most teams, and %s is the budget pick." % tuple(named[:2]))


def stand_in(threads, latency):
    """Serve the Responses API on loopback until killed; print its base URL."""
    import bottle
    from cheroot import wsgi
    low, high = latency
    rng = random.Random(43)
    app = bottle.Bottle()

    @app.post("/openai/v1/responses")
    def responses():
        bottle.request.body.read()
        time.sleep(rng.uniform(low, high))
        text = answer_text(rng)
        pages = [("https://review%d.example/best-tools/%d" % (n, rng.randrange(100)), "Review %d" % n)
                 for n in range(6)]
        body = providers.openai_response(text, pages, [providers.web_search_call(
            "best tools 2026", sources=[url for url, _ in pages])])
        return bottle.HTTPResponse(json.dumps(body), 200, content_type="application/json")
    server = wsgi.Server(("127.0.0.1", 0), app, numthreads=threads)
    server.prepare()
    print("http://127.0.0.1:%d/openai/v1" % server.bind_addr[1], flush=True)
    server.serve()


# One --workers figure (its own process) ----------------------------------------------

class TimedTurns:
    """The write lock of db timed: its turns (Database.write: one block, or its batch's
    commit, holds the write connection at a time), seconds waited for one and held, in all."""

    def __init__(self, db):
        self.waited = self.held = 0.0
        self.writes = 0
        self._local = threading.local()
        self._take, self._pass = db._take_turn, db._pass_turn
        db._take_turn, db._pass_turn = self.take_turn, self.pass_turn

    def take_turn(self):
        self._local.since = None  # a failed BEGIN passes the turn from inside: not held
        started = time.perf_counter()
        batch = self._take()
        self._local.since = time.perf_counter()
        self.waited += self._local.since - started
        self.writes += 1
        return batch

    def pass_turn(self):
        since = getattr(self._local, "since", None)  # None: close() took the turn, no write
        if since is not None:
            self.held += time.perf_counter() - since
            self._local.since = None
        self._pass()


def process_status(field):
    """A figure of /proc/self/status (VmRSS, VmHWM: kB; Threads)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])


def used_bytes(connection):
    row = tracker.query_one(connection, "SELECT (SELECT page_count FROM pragma_page_count) - "
                            "(SELECT freelist_count FROM pragma_freelist_count) AS pages, "
                            "(SELECT page_size FROM pragma_page_size) AS size")
    return row["pages"] * row["size"]


def chats_stored(connection):
    return tracker.query_one(connection, "SELECT count(*) AS n FROM chats")["n"]


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def probe(client, key, pages, stop, every):
    """Time each of the API's and the dashboard's reads, then every `every` seconds, until
    stop; returns the CPU seconds of this thread (not the worker's: left out of its figures)."""
    form = client.get("/").forms["sign-in"]
    form["key"] = key
    form.submit(status=303)
    api = {"Authorization": "Bearer " + key}
    while True:
        for path in ("/api/v1/workspace", "/api/v1/prompts?perPage=20", "/api/v1/analytics/rankings",
                     "/api/v1/analytics/sources", "/", "/prompts", "/sources", "/chats"):
            started = time.perf_counter()
            # a page past its time budget (503) is what saturation looks like: counted, not fatal
            answer = client.get(path, headers=api if path.startswith("/api/") else {}, status="*")
            pages.append((path, (time.perf_counter() - started) * 1000, answer.status_int))
        if stop.wait(every):
            pages.append(time.thread_time())
            return


def one_run(args):
    """Measure --run W and print the figures as one JSON line."""
    import webtest
    workers, (low, _) = args.run, args.latency
    path = os.path.join(args.folder, "capacity-%d.db" % workers)
    db = tracker.Database(path)
    workspace = tracker.create_workspace(db, "Capacity")["id"]
    key = tracker.create_key(db, workspace, rate_limit=1_000_000)["key"]
    run_seconds = len(ENGINE_LABELS) * low  # a run asks each engine in turn
    prompts = workers * (int((args.warmup + args.window) / run_seconds) + 2)
    stamp = db.now()
    with db.write() as c:
        for n, name in enumerate(BRANDS):
            c.execute("""INSERT INTO brands (workspace_id, name, name_key, domains, type, created_at,
                         updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)""",
                      (workspace, name, name.lower(), '["%s.example"]' % name.lower(),
                       "own" if n == 0 else "competitor", stamp, stamp))
        for n in range(prompts):
            text = "best project tool for team %d" % n
            c.execute("""INSERT INTO prompts (workspace_id, text, status, dedupe_key, created_at,
                         updated_at) VALUES (?, ?, 'active', ?, ?, ?)""", (workspace, text, text, stamp, stamp))
    db.close()
    engines = tracker.configure_engines(
        ["%s=openai-responses:gpt-4.1-mini@%s" % (label, args.provider) for label in ENGINE_LABELS],
        environ={"OPENAI_API_KEY": "bench"})
    app = tracker.make_app(path, engines=engines, concurrency=workers, run_interval=86400)
    worker = app.config["tracker.worker"]
    lock = TimedTurns(worker.db)
    connection = tracker.Database(path).connection()
    empty_bytes = used_bytes(connection)
    worker.start()
    time.sleep(args.warmup)
    stop, pages = threading.Event(), []
    prober = threading.Thread(target=probe, args=(webtest.TestApp(app), key, pages, stop, args.probe))
    chats, cpu, wall = chats_stored(connection), cpu_seconds(), time.monotonic()
    held, waited, writes = lock.held, lock.waited, lock.writes
    prober.start()
    time.sleep(args.window)
    stop.set()
    prober.join()
    if not pages or not isinstance(pages[-1], float):
        raise SystemExit("the page probe failed (its traceback is above)")
    probing = pages.pop()  # the prober's own CPU seconds
    chats, cpu, wall = chats_stored(connection) - chats, cpu_seconds() - cpu - probing, time.monotonic() - wall
    held, waited, writes = lock.held - held, lock.waited - waited, lock.writes - writes
    figures = {"workers": workers, "prompts": prompts, "chats": chats, "seconds": wall,
               "chatsPerDay": chats / wall * 86400, "cpuMsPerChat": cpu * 1000 / max(chats, 1),
               "cores": cpu / wall, "rssMb": process_status("VmRSS") / 1024,
               "peakRssMb": process_status("VmHWM") / 1024, "threads": process_status("Threads"),
               "lockHeldShare": held / wall, "lockHeldMsPerChat": held * 1000 / max(chats, 1),
               "lockWaitMsPerWrite": waited * 1000 / max(writes, 1),
               "pageMedianMs": statistics.median(ms for _, ms, _ in pages) if pages else None,
               "pageMaxMs": max(pages, key=lambda page: page[1])[:2] if pages else None,
               "pages": len(pages),
               "pagesFailed": sorted({"%d %s" % (status, path) for path, _, status in pages
                                      if status != 200}),
               "pagesFailedCount": sum(status != 200 for _, _, status in pages)}
    worker.stop(timeout=1)
    total = chats_stored(connection)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    figures["growthPerMillionChats"] = (used_bytes(connection) - empty_bytes) / max(total, 1) * 1e6
    figures["databaseBytes"], figures["chatsInDatabase"] = os.path.getsize(path), total
    print(json.dumps(figures), flush=True)
    os._exit(0)  # engine calls still in flight are left to their daemon threads


# The parent: the stand-in, each figure, backup and restore ----------------------------

def timed(command):
    started = time.monotonic()
    subprocess.run(command, check=True, capture_output=True, timeout=3600)
    return time.monotonic() - started


def backup_and_restore(folder, megabytes, restore, real_db):
    """{what: (bytes, seconds)} of tracker backup and restore."""
    import bench_replication
    command = [sys.executable, os.path.join(ROOT, "tracker.py")]
    work = os.path.join(folder, "replication")
    figures = {}
    if restore:
        made = bench_replication.size_run(work, megabytes, trials=0)
        base = os.path.join(work, "base.db")
        figures["tracker restore (replica of random rows)"] = (made["restoredBytes"], made["restore"])
    else:
        os.makedirs(work)
        base = os.path.join(work, "base.db")
        bench_replication.make_database(base, megabytes)
    figures["tracker backup (random rows)"] = (os.path.getsize(base), timed(
        [*command, "--db", base, "backup", os.path.join(work, "copy.db")]))
    if real_db:
        figures["tracker backup (the workers' chats)"] = (os.path.getsize(real_db), timed(
            [*command, "--db", real_db, "backup", os.path.join(folder, "chats-copy.db")]))
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true",
                        help="workers 8 and 32, 1-4 s answers, 8 s warm-up, 25 s windows, 50 MB backup")
    parser.add_argument("--workers", help="comma-separated (default %s)" % FULL_WORKERS)
    parser.add_argument("--latency", help="LOW,HIGH seconds of each answer (default 5,20)")
    parser.add_argument("--warmup", type=float)
    parser.add_argument("--window", type=float)
    parser.add_argument("--probe", type=float, default=5.0, help="seconds between page probes")
    parser.add_argument("--backup-mb", type=int, help="0: no backup or restore")
    parser.add_argument("--no-restore", action="store_true", help="time tracker backup only")
    parser.add_argument("--stand-in", type=int, metavar="THREADS", help=argparse.SUPPRESS)
    parser.add_argument("--run", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--provider", help=argparse.SUPPRESS)
    parser.add_argument("--folder", help=argparse.SUPPRESS)
    args = parser.parse_args()
    quick = {"workers": "8,32", "latency": "1,4", "warmup": 8.0, "window": 25.0, "backup_mb": 50}
    full = {"workers": FULL_WORKERS, "latency": "5,20", "warmup": 60.0, "window": 120.0, "backup_mb": 1000}
    for name, value in (quick if args.quick else full).items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    args.latency = tuple(float(value) for value in args.latency.split(","))
    if args.stand_in:
        return stand_in(args.stand_in, args.latency)
    if args.run:
        return one_run(args)
    workers = [int(value) for value in args.workers.split(",")]
    runs = []
    with tempfile.TemporaryDirectory() as folder:
        me = [sys.executable, os.path.abspath(__file__), "--latency", "%g,%g" % args.latency]
        provider = subprocess.Popen([*me, "--stand-in", str(max(workers) + 8)],
                                    stdout=subprocess.PIPE, text=True)
        try:
            url = provider.stdout.readline().strip()
            for count in workers:
                done = subprocess.run([*me, "--run", str(count), "--provider", url, "--folder", folder,
                                       "--warmup", str(args.warmup), "--window", str(args.window),
                                       "--probe", str(args.probe)],
                                      capture_output=True, text=True, timeout=3600)
                if done.returncode != 0:
                    raise SystemExit(done.stderr)
                runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
                print("workers %d done" % count, file=sys.stderr, flush=True)
        finally:
            provider.kill()
            provider.wait()
        copies = backup_and_restore(folder, args.backup_mb, not args.no_restore,
                                    os.path.join(folder, "capacity-%d.db" % workers[-1])) if args.backup_mb else {}
    print("answers after %g-%g s, %d engines, 1 sample; %g s warm-up, %g s window; load average %s"
          % (*args.latency, len(ENGINE_LABELS), args.warmup, args.window,
             " ".join("%.1f" % load for load in os.getloadavg())))
    print("| workers | chats/day | CPU ms/chat | cores | RSS MB (peak) | threads | write lock held "
          "| lock ms/chat | lock wait ms/write | page median ms | slowest page ms | pages not 200 |")
    print("|" + "---:|" * 12)
    for run in runs:
        slowest = run["pageMaxMs"]
        print("| %d | %s | %.1f | %.2f | %.0f (%.0f) | %d | %.0f %% | %.2f | %.2f | %s | %s | %s |" % (
            run["workers"], format(round(run["chatsPerDay"]), ","), run["cpuMsPerChat"], run["cores"],
            run["rssMb"], run["peakRssMb"], run["threads"], run["lockHeldShare"] * 100,
            run["lockHeldMsPerChat"], run["lockWaitMsPerWrite"],
            "%.1f" % run["pageMedianMs"] if run["pageMedianMs"] is not None else "-",
            "%.0f (%s)" % (slowest[1], slowest[0]) if slowest else "-",
            "%d of %d (%s)" % (run["pagesFailedCount"], run["pages"], ", ".join(run["pagesFailed"]))
            if run["pagesFailedCount"] else "0 of %d" % run["pages"]))
    growth = statistics.median(run["growthPerMillionChats"] for run in runs)
    print("\ndatabase growth: %.2f GB per million chats (median over the runs; %s chats in the last)"
          % (growth / 1e9, format(runs[-1]["chatsInDatabase"], ",")))
    for what, (size, seconds) in copies.items():
        print("%s: %.1f MB in %.2f s, %.1f s per GB" % (what, size / 1e6, seconds, seconds / size * 1e9))
    best = max(runs, key=lambda run: run["chatsPerDay"])
    # What the measured costs allow once the engines' latency no longer limits: the
    # process's Python on one core (the GIL), the write lock held at most all the time.
    ceiling = min(1000 / best["cpuMsPerChat"], 1000 / max(best["lockHeldMsPerChat"], 1e-9)) * 86400
    print("ceiling implied by the CPU and the write lock per chat: %s chats/day"
          % format(round(ceiling), ","))


if __name__ == "__main__":
    main()
