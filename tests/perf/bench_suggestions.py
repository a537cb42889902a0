"""Prompt suggestions at the full size (issue 44): GET /prompt-suggestions over a year of
the engines' searches, against its 300 ms budget, read from the searched queries' rollup.

The workspace is bench_analytics' (2,000 prompts x 4 engines a day at --scale 1, 20
topics, Brand 0 the own brand), generated for the last --days (30: the window the
comparisons and gaps read). The year of searches is added beside it: each chat of 365 days
searches twice, its prompt's own text and one of its topic's 50 questions, and one chat in
20 a dated variant of its prompt ("prompt 7 in 2026-03": 12 a year per prompt), so the
rollup holds what a year of those 5.8 million searches leaves (about 27,000 queries at
the full size). The searches are written without the triggers and the rollup summed from
them by the SQL the upgrade fills it with (tests/test_operations.py checks that it equals
what the triggers make); their chat ids are the window's, cycled (an example of a query
may name a chat of another day).

    python tests/perf/bench_suggestions.py                    # 10 % and the full size
    python tests/perf/bench_suggestions.py --scale 0.01
"""

import argparse
import datetime
import os
import random
import statistics
import sys
import time

import webtest

sys.path.insert(0, os.path.dirname(__file__))
import bench_analytics  # noqa: E402
from bench_analytics import END, ENGINES, tracker  # noqa: E402

BUDGET_SECONDS = 0.3
TOPIC_QUESTIONS = 50
YEAR = 365


def year_of_searches(path, seed=11):
    """Write a year of searches for every prompt and engine, then their rollup."""
    rng = random.Random(seed)
    db = tracker.Database(path)
    connection = db.connection()
    connection.execute("PRAGMA synchronous = OFF")
    prompts = tracker.query_all(connection, "SELECT id, text, topic_id FROM prompts")
    chats = [row["id"] for row in tracker.query_all(connection, "SELECT id FROM chats")]
    triggers = tracker.query_all(connection, "SELECT name, sql FROM sqlite_schema WHERE "
                                 "type = 'trigger' AND tbl_name = 'chat_searches'")
    with connection:
        for trigger in triggers:
            connection.execute("DROP TRIGGER %s" % trigger["name"])
        connection.execute("PRAGMA foreign_keys = OFF")  # chat ids of the window, cycled
        count = 0
        for day in range(YEAR):
            moment = END - datetime.timedelta(days=YEAR - day)
            at = tracker.iso_timestamp(moment.timestamp())
            rows = []
            for prompt in prompts:
                for engine in ENGINES:
                    chat = chats[count % len(chats)]
                    count += 1
                    rows.append((chat, 1, prompt["id"], engine, at, prompt["text"]))
                    rows.append((chat, 1, prompt["id"], engine, at, "topic %d question %d" % (
                        prompt["topic_id"], rng.randrange(TOPIC_QUESTIONS))))
                    if rng.random() < 0.05:
                        rows.append((chat, 1, prompt["id"], engine, at, "%s in %s" % (
                            prompt["text"], at[:7])))
            connection.executemany("INSERT INTO chat_searches (chat_id, workspace_id, prompt_id, "
                                   "engine, created_at, query) VALUES (?, ?, ?, ?, ?, ?)", rows)
        rollup = tracker.suggestions_schema_sql()
        connection.execute(rollup[rollup.index("INSERT INTO searched_queries"):
                                  rollup.index("CREATE TRIGGER")])
        for trigger in triggers:
            connection.execute(trigger["sql"])
        connection.execute("PRAGMA foreign_keys = ON")
    db.close()


def database(cache, scale):
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
    args = parser.parse_args()
    bench_analytics.DAYS = args.days
    cache = os.path.join(args.cache, "days-%d" % args.days)
    failed = False
    for scale in args.scale or [0.1, 1]:
        path, key = database(cache, scale)
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
