"""Ingest cost per chat: this tree's tracker side by side with an earlier commit's.

Each round runs the same work on each version, alternately: a new database with 10 brands
(one own) and --prompts prompts, then Worker.run_pending() with four simulated engines,
which asks, extracts (sources, brands, sentiment, names, categories) and stores every
chat with its rollups, a run per transaction. It prints the median milliseconds per chat
of each version and their ratio.

Then the extraction budget: CPU milliseconds of BrandMatcher.match on the largest answer
an engine may give (MAX_ANSWER_CHARS) at its worst for one brand (named in every
sentence; a nameRegex matching every word; 51 long names found nowhere), and for a
workspace of 100 brands each named in every sentence: what one chat can cost the worker.

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


def worst_answers(tracker):
    """(case, brands, answer) at the largest answer an engine may give."""
    size = tracker.MAX_ANSWER_CHARS

    def brand(id, name, tracked=(), regex=None):
        return {"id": id, "name": name, "tracked_names": list(tracked), "domains": [],
                "name_regex": regex, "use_regex": int(regex is not None)}
    long_names = ["n%02d" % n + "x" * 57 for n in range(51)]
    many = [brand(n, "Brand%d" % n) for n in range(100)]
    return [
        ("a name in every sentence", [brand(1, "Acme")], ("Acme is fine. " * size)[:size]),
        ("a nameRegex matching every word", [brand(1, "Z", regex="(a|a)*b")], ("ab " * size)[:size]),
        ("51 long names found nowhere", [brand(1, long_names[0], long_names[1:])],
         ("word " * size)[:size]),
        ("100 brands, each in every sentence", many,
         "".join("Brand%d is fine. " % (n % 100) for n in range(size // 10))[:size]),
    ]


def extraction_ms(tracker, rounds):
    """Median CPU milliseconds of one BrandMatcher.match per worst case."""
    figures = {}
    for case, brands, answer in worst_answers(tracker):
        matcher = tracker.BrandMatcher(brands)
        times = []
        for _ in range(rounds):
            tracker.sentiment_analyzer()  # loaded once, as in the worker
            started = time.thread_time()
            matcher.match(answer, set())
            times.append((time.thread_time() - started) * 1000)
        figures[case] = statistics.median(times)
    return figures


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
        extraction = {name: extraction_ms(module, args.rounds) for name, module in versions.items()}
    before, after = (statistics.median(times[name]) for name in versions)
    print("ms per chat (median of %d rounds, %d chats each)" % (args.rounds, args.prompts * len(ENGINES)))
    print("%-12s %8.2f" % (args.against, before))
    print("%-12s %8.2f" % ("this tree", after))
    print("ratio        %8.2f" % (after / before))
    print("\nextraction of one %d-character answer, CPU ms (median of %d)"
          % (versions["this tree"].MAX_ANSWER_CHARS, args.rounds))
    print("%-36s %12s %12s %8s" % ("", args.against, "this tree", "ratio"))
    for case in extraction["this tree"]:
        old, new = extraction[args.against][case], extraction["this tree"][case]
        print("%-36s %12.1f %12.1f %8.2f" % (case, old, new, new / old))


if __name__ == "__main__":
    main()
