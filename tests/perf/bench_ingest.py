"""Ingest cost per chat: this tree's tracker side by side with an earlier commit's.

Each round runs the same work on each version, alternately: a new database with 10 brands
(one own) and --prompts prompts, then Worker.run_pending() with four simulated engines,
which asks, extracts (sources, brands, sentiment, names, categories) and stores every
chat with its rollups, a run per transaction. It prints the median milliseconds per chat
of each version and their ratio.

    python tests/perf/bench_ingest.py --against f150b10     # before answer intelligence's rollups
"""

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
ENGINES = ("chatgpt", "perplexity", "gemini", "claude")


def load(name, folder):
    """The tracker module of folder (its schema.sql beside it), imported as name."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(folder, "tracker.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def checkout(revision, folder):
    """tracker.py and schema.sql as they were at revision, written into folder."""
    for name in ("tracker.py", "schema.sql"):
        content = subprocess.run(["git", "-C", ROOT, "show", "%s:%s" % (revision, name)],
                                 check=True, capture_output=True).stdout
        with open(os.path.join(folder, name), "wb") as out:
            out.write(content)


def ms_per_chat(tracker, folder, prompts):
    """Milliseconds per chat stored by one Worker.run_pending() over a new database."""
    path = os.path.join(folder, "ingest-%d.db" % time.monotonic_ns())
    db = tracker.Database(path)
    workspace = tracker.create_workspace(db, "Ingest")["id"]
    stamp = db.now()
    with db.write() as c:
        for n in range(10):
            c.execute("""INSERT INTO brands (workspace_id, name, name_key, domains, type, created_at,
                         updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)""",
                      (workspace, "Brand %d" % n, "brand %d" % n, '["brand%d.example"]' % n,
                       "own" if n == 0 else "competitor", stamp, stamp))
        for n in range(prompts):
            c.execute("""INSERT INTO prompts (workspace_id, text, status, dedupe_key, created_at,
                         updated_at) VALUES (?, ?, 'active', ?, ?, ?)""",
                      (workspace, "best tool number %d" % n, "best tool number %d" % n, stamp, stamp))
    worker = tracker.Worker(db, [tracker.SimulatedEngine(name) for name in ENGINES])
    started = time.perf_counter()
    worker.run_pending()
    elapsed = time.perf_counter() - started
    chats = tracker.query_one(db.connection(), "SELECT count(*) AS n FROM chats")["n"]
    db.close()
    for leftover in (path, path + "-wal", path + "-shm"):
        if os.path.exists(leftover):
            os.remove(leftover)
    return elapsed * 1000 / chats


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", required=True, help="the earlier commit to compare with")
    parser.add_argument("--prompts", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        before_folder = os.path.join(folder, "before")
        os.mkdir(before_folder)
        checkout(args.against, before_folder)
        versions = {args.against: load("tracker_before", before_folder), "this tree": load("tracker", ROOT)}
        times = {name: [] for name in versions}
        for _ in range(args.rounds):
            for name, module in versions.items():
                times[name].append(ms_per_chat(module, folder, args.prompts))
    before, after = (statistics.median(times[name]) for name in versions)
    print("ms per chat (median of %d rounds, %d chats each)" % (args.rounds, args.prompts * len(ENGINES)))
    print("%-12s %8.2f" % (args.against, before))
    print("%-12s %8.2f" % ("this tree", after))
    print("ratio        %8.2f" % (after / before))


if __name__ == "__main__":
    main()
