"""bench_analytics' requests, another checkout's code against this one's, on a cached bench file
that this checkout's schema.sql has grown past, without writing the change into it.

    python tests/perf/bench_read_only_pairs.py BASE FILE --pairs 5 --match "page sources 365 d location"

BASE: a `git archive` of the other commit; FILE: a bench_analytics database (its key beside it,
FILE.key), such as the integrator's read-only full-size one. An object of this checkout's schema
that FILE lacks (the index of location_weekly_prompts by prompt, issue 43, made over a TEMP copy
of its table; the names per location and day, filled as the upgrade fills them) is made in this
checkout's connection's TEMP schema, where this checkout's queries find it under the same names
and the other checkout's app, on a connection of its own, never sees it. Both apps are asked each request in turn, --pairs times (the thread's CPU time: WebTest
and SQLite answer in it); it prints each one's median and their ratio, and says when the two
bodies differ (the pages' CSRF tokens left out). Signing in writes a session row, as any
bench_analytics run does.
"""

import argparse
import os
import re
import statistics
import sys
import time

import webtest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_analytics  # noqa: E402  (imports this checkout's tracker)
from bench_ingest import load  # noqa: E402

tracker = bench_analytics.tracker


def temp_objects(connection):
    """Make in TEMP what this checkout's schema has and the file does not."""
    def lacks(name):
        return not tracker.query_one(connection, "SELECT 1 AS found FROM sqlite_schema WHERE name = ?",
                                     (name,))

    def temp_table(table):
        return tracker.baseline_table_sql((table, ["table"]))[0].replace(
            "CREATE TABLE ", "CREATE TEMP TABLE ").replace(
            " REFERENCES workspaces (id) ON DELETE CASCADE", "")
    if lacks("location_weekly_prompts_prompt"):
        connection.execute(
            temp_table("location_weekly_prompts")
            + "INSERT INTO temp.location_weekly_prompts SELECT * FROM main.location_weekly_prompts;"
            + tracker.baseline_table_sql(("location_weekly_prompts", ["index"]))[0].replace(
                "CREATE INDEX ", "CREATE INDEX temp."))
    if lacks("location_daily_names"):
        connection.execute(temp_table("location_daily_names") + tracker.location_names_fill_sql())


def client(module, path, key, prepare=None):
    db = module.Database(path, lambda: bench_analytics.END.timestamp())
    app = webtest.TestApp(bench_analytics.computing(module, module.make_app(db)))
    if prepare:
        prepare(db.connection())
    module.MAX_SESSIONS_PER_KEY = 10 ** 6  # a file shared with other runs: keep this session
    bench_analytics.sign_in(app, key)
    return app


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("against", help="a directory holding the other tracker.py (and its schema.sql)")
    parser.add_argument("file", help="a bench_analytics database, FILE.key beside it")
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--match", action="append", default=[],
                        help="a case's or page's whole name (repeatable; none: every one)")
    args = parser.parse_args()
    with open(args.file + ".key") as key_file:
        key = key_file.read().strip()
    apps = {"main": client(load("tracker_before", args.against), args.file, key),
            "this": client(tracker, args.file, key, temp_objects)}
    headers = {"Authorization": "Bearer " + key}
    cases = [(name, "/api/v1" + route, params) for name, route, params in bench_analytics.CASES]
    cases += [(name, page, None) for name, page in bench_analytics.PAGES]
    print("%-36s %8s %8s %6s" % ("median CPU ms", "main", "this", "ratio"))
    for name, url, params in cases:
        if args.match and name not in args.match:
            continue
        times, bodies = {"main": [], "this": []}, {}
        for _ in range(args.pairs):
            for which, app in apps.items():
                elapsed, reply = bench_analytics.answered(
                    app, key, url, time.thread_time, params=params,
                    headers=headers if params is not None else {})
                times[which].append(elapsed)
                bodies[which] = re.sub(rb'value="[A-Za-z0-9_-]{43}"', b"", reply.body)
        main_ms, this_ms = (statistics.median(times[which]) * 1000 for which in ("main", "this"))
        print("%-36s %8.1f %8.1f %6.2f%s" % (name, main_ms, this_ms, this_ms / main_ms,
                                             "" if bodies["main"] == bodies["this"]
                                             else "  BODIES DIFFER"), flush=True)


if __name__ == "__main__":
    main()
