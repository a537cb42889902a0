"""The dashboard's prompt list, sorted by a figure, at a year of data.

    .venv/bin/python tests/perf/bench_prompt_list.py [--prompts 2000] [--cache DIR]

Sorting the list by visibility or by its change reads every listed prompt's rows of the
per-prompt daily rollup over the window (and the window before; the change's whole weeks from
the weekly one), so its cost grows with the prompts and the engines, not with the chats. This writes (once, cached in --cache) only what
that reads: --prompts prompts (the analytics benchmark's full size is 2,000) with 4 engines x
365 days of rollup rows each, and times the page in process (WebTest), CPU time (the machine
is shared: CPU moves less than wall time with other jobs), median of 5.
"""

import argparse
import datetime
import os
import statistics
import sys
import time

import webtest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
import tracker  # noqa: E402

END = datetime.datetime(2026, 11, 25, 12, tzinfo=datetime.timezone.utc)
ENGINES = ("chatgpt", "gemini", "claude", "perplexity")
PAGES = ("/prompts", "/prompts?sort=-visibility", "/prompts?sort=-trend", "/prompts?sort=prompt")


def generate(db, prompts):
    """A workspace with prompts prompts and a year of their daily rollup rows (no chats)."""
    workspace = tracker.create_workspace(db, "Bench")
    for start in range(0, prompts, tracker.MAX_BULK_PROMPTS):
        items, _ = tracker.read_prompt_items({"prompts": [
            {"text": "prompt %d about crm" % n, "topic": "t%d" % (n % 20)}
            for n in range(start, min(prompts, start + tracker.MAX_BULK_PROMPTS))]})
        tracker.create_prompts(db, workspace["id"], items)
    with db.write() as connection:
        connection.execute("DELETE FROM runs")  # nothing is asked: only the rollup is read
        connection.execute("""
            WITH RECURSIVE days(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM days WHERE n < 364),
            engines(engine) AS (SELECT value FROM json_each(?))
            INSERT INTO prompt_daily_chats (workspace_id, prompt_id, day, engine, chats, own_chats)
            SELECT p.workspace_id, p.id, date(?, '-' || n || ' days'), engine, 1, abs(random()) % 2
            FROM prompts p, days, engines""",
                           (tracker.json.dumps(ENGINES), END.date().isoformat()))
    fill_weekly(db)
    return tracker.create_key(db, workspace["id"], rate_limit=10 ** 6)["key"]


def fill_weekly(db):
    """The per-prompt weekly rollup of those rows (Monday-first weeks), which the list
    sorted by change reads for whole weeks; for a file generated before it did."""
    with db.write() as connection:
        if tracker.query_one(connection, "SELECT count(*) AS n FROM prompt_weekly_chats")["n"]:
            return
        connection.execute("""
            INSERT INTO prompt_weekly_chats (workspace_id, prompt_id, day, engine, chats, own_chats)
            SELECT workspace_id, prompt_id, date(day, '-6 days', 'weekday 1'), engine, sum(chats),
                   sum(own_chats)
            FROM prompt_daily_chats GROUP BY 1, 2, 3, 4""")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--prompts", type=int, default=2000)
    parser.add_argument("--cache", default="/tmp/tracker-bench")
    args = parser.parse_args()
    os.makedirs(args.cache, exist_ok=True)
    path = os.path.join(args.cache, "prompt-list-%d-v%d.db" % (args.prompts, tracker.SCHEMA_VERSION))
    fresh = not os.path.exists(path)
    db = tracker.Database(path, END.timestamp)
    if fresh:
        key = generate(db, args.prompts)
        with open(path + ".key", "w") as out:
            out.write(key)
    fill_weekly(db)
    with open(path + ".key") as stored:
        key = stored.read()
    client = webtest.TestApp(tracker.make_app(db))
    form = client.get("/").forms["sign-in"]
    form["key"] = key
    form.submit(status=303)
    rows = tracker.query_one(db.connection(), "SELECT count(*) AS n FROM prompt_daily_chats")["n"]
    print("%d prompts, %d rollup rows; median CPU ms of 5" % (args.prompts, rows))
    for page in PAGES:
        times = []
        for _ in range(5):
            started = time.process_time()
            client.get(page, status=200)
            times.append(time.process_time() - started)
        print("%-28s %6.1f" % (page, statistics.median(times) * 1000))


if __name__ == "__main__":
    main()
