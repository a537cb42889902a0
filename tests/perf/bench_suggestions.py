"""Prompt suggestions at the full size (issue 44): GET /prompt-suggestions over a year of
the engines' searches, against its 300 ms budget, read from the searched queries' rollup.

The workspace is bench_analytics' (2,000 prompts x 4 engines a day at --scale 1, 20
topics, Brand 0 the own brand), generated for the last --days (30: the window the
comparisons and gaps read), or copied from one it made (--base). Beside it, the rollup of
a year of searches: each chat of 365 days searches twice, its prompt's own text and one of
its topic's 50 questions, and one chat in 20 a dated variant of its prompt ("prompt 7 in
2026-03"), so the rollup holds what a year of those 5.8 million searches leaves (about
27,000 queries at the full size). It is summed here as the triggers would sum it and
written at once (tests/test_suggestions.py checks the triggers' sums).

    python tests/perf/bench_suggestions.py                    # 10 % and the full size
    python tests/perf/bench_suggestions.py --scale 1 --base /tmp/tracker-bench/days-14/analytics-1-v14.db
"""

import argparse
import datetime
import os
import random
import shutil
import statistics
import sys
import time

import apsw
import webtest

sys.path.insert(0, os.path.dirname(__file__))
import bench_analytics  # noqa: E402
from bench_analytics import END, ENGINES, tracker  # noqa: E402

BUDGET_SECONDS = 0.3
TOPIC_QUESTIONS = 50
YEAR = 365


def year_of_searches(path, seed=11):
    """The searched queries' rollup of a year of every prompt's searches, summed here as
    the triggers would sum them (searches per query, and per query and prompt, engine,
    day) and written at once: 5.8 million searches through the triggers would take hours."""
    rng = random.Random(seed)
    db = tracker.Database(path)
    connection = db.connection()
    connection.execute("PRAGMA synchronous = OFF")
    prompts = tracker.query_all(connection, "SELECT id, text, topic_id FROM prompts")
    last_chat = tracker.query_one(connection, "SELECT max(id) AS id FROM chats")["id"]
    texts, per = {}, {"prompts": {}, "engines": {}, "days": {}}
    for day in range(YEAR):
        date = (END - datetime.timedelta(days=YEAR - day)).date().isoformat()
        for prompt in prompts:
            for engine in ENGINES:
                queries = [prompt["text"], "topic %d question %d" % (
                    prompt["topic_id"], rng.randrange(TOPIC_QUESTIONS))]
                if rng.random() < 0.05:
                    queries.append("%s in %s" % (prompt["text"], date[:7]))
                for query in queries:
                    key = " ".join(query.lower().split())
                    texts[key] = query
                    for table, value in (("prompts", prompt["id"]), ("engines", engine),
                                         ("days", date)):
                        per[table][key, value] = per[table].get((key, value), 0) + 1
    counts = {key: [0, set(), set(), set()] for key in texts}
    for table, position in (("prompts", 1), ("engines", 2), ("days", 3)):
        for (key, value), searches in per[table].items():
            counts[key][position].add(value)
            if table == "prompts":
                counts[key][0] += searches
    with connection:
        connection.executemany("INSERT INTO searched_queries VALUES (1, ?, ?, ?, ?, ?, ?)", [
            (key, texts[key], total, len(prompts_), len(engines), len(days))
            for key, (total, prompts_, engines, days) in counts.items()])
        connection.executemany("INSERT INTO searched_query_prompts VALUES (1, ?, ?, ?, ?)", [
            (key, prompt_id, searches, last_chat)
            for (key, prompt_id), searches in per["prompts"].items()])
        for table in ("engines", "days"):
            connection.executemany("INSERT INTO searched_query_%s VALUES (1, ?, ?, ?)" % table, [
                (key, value, searches) for (key, value), searches in per[table].items()])
    db.close()


def database(cache, scale, base=None):
    """bench_analytics' database at scale (or a copy of base, one it made), with the rollup
    of a year of searches."""
    if base:
        path = os.path.join(cache, "copy-" + os.path.basename(base))
        if not os.path.exists(path + ".searches"):
            os.makedirs(cache, exist_ok=True)
            shutil.copyfile(base, path)
            copy = apsw.Connection(path)  # made before these tables: their SQL, as upgrades add
            copy.execute(tracker.suggestions_schema_sql())
            copy.close()
        with open(base + ".key") as key_file:
            key = key_file.read()
    else:
        path, key = bench_analytics.database(cache, scale)
    done = path + ".searches"
    if not os.path.exists(done):
        started = time.perf_counter()
        year_of_searches(path)
        print("added a year of searches in %.0f s" % (time.perf_counter() - started), flush=True)
        open(done, "w").close()
    return path, key


def measure(path, key, repeat):
    db = tracker.Database(path, lambda: END.timestamp())
    client = webtest.TestApp(tracker.make_app(db))
    headers = {"Authorization": "Bearer " + key}
    times = {}
    for name, params in (("GET /prompt-suggestions", {}),
                         ("GET /prompt-suggestions?perPage=100", {"perPage": "100"}),
                         ("?source=searched", {"source": "searched"}),
                         ("?source=comparison", {"source": "comparison"}),
                         ("?source=gap", {"source": "gap"})):
        spent = []
        for _ in range(repeat):
            started = time.perf_counter()
            total = client.get("/api/v1/prompt-suggestions", params=params, headers=headers,
                               status=200).json["data"]["total"]
            spent.append(time.perf_counter() - started)
        times[name] = (statistics.median(spent), total)
    rows = tracker.query_one(db.connection(), "SELECT count(*) AS n FROM searched_queries")["n"]
    return times, rows


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scale", type=float, action="append", help="fraction of the full size")
    parser.add_argument("--days", type=int, default=30,
                        help="days of chats generated (comparisons and gaps read the last 30)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cache", default="/tmp/tracker-bench-suggestions")
    parser.add_argument("--base", help="a database bench_analytics made (its .key beside it), "
                                       "copied rather than generated: one --scale")
    args = parser.parse_args()
    bench_analytics.DAYS = args.days
    cache = os.path.join(args.cache, "days-%d" % args.days)
    failed = False
    for scale in args.scale or [0.1, 1]:
        path, key = database(cache, scale, args.base)
        times, rows = measure(path, key, args.repeat)
        print("scale %g (%d prompts, a year of searches: %d queries in the rollup)" % (
            scale, max(1, int(bench_analytics.FULL_PROMPTS * scale)), rows), flush=True)
        for name, (seconds, total) in times.items():
            print("  %-40s %7.1f ms median (budget %d ms), %d suggestions" % (
                name, seconds * 1000, BUDGET_SECONDS * 1000, total))
        failed |= max(seconds for seconds, _ in times.values()) > BUDGET_SECONDS
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
