"""SQLite's VM steps of bench_analytics' cases and pages, counted statement by statement
(every query_all wrapped with a progress handler), on the integrator's 10 % and full-size
files opened as the benchmark opens them: a figure the machine's load does not move.

    python tests/perf/page_steps.py --against BASE "page sources location" "rankings 365 d"

BASE: another tree (a `git archive` of main), counted in a process of its own. Prints a
Markdown table: thousands of steps per request at each size, this tree against BASE, and
the statements at the full size; with --statements, each statement's steps too. --full
PATH counts another file in the full size's place (a 20 % file while the full one is made).
--temp makes in this tree's connection's TEMP schema what its schema has and the file lacks
(bench_read_only_pairs.temp_objects: a rollup not yet in the integrator's read-only files).
A page whose session another run's sign-in ended (bench_analytics.signed_out) is asked again
once signed in.
"""

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = {"10 %": "/tmp/full50/analytics-0.1-v14.db", "full": "/tmp/full50/analytics-1-v14.db"}


def count(tree, names, files=FILES, temp=False):
    """{size: {name: [steps, statements, {statement: steps}]}} of tree's tracker."""
    sys.path[:0] = [os.path.join(tree, "tests", "perf"), tree]
    import bench_analytics
    import tracker
    import webtest
    if temp:
        import bench_read_only_pairs
    cases = [(name, "/api/v1" + route, params) for name, route, params in bench_analytics.CASES
             if name in names] + [(name, page, None) for name, page in bench_analytics.PAGES
                                  if name in names]
    counted, plain = {}, tracker.query_all
    for size, path in files.items():
        key = open(path + ".key").read().strip()
        db = tracker.Database(path, lambda: bench_analytics.END.timestamp())
        if temp:
            bench_read_only_pairs.temp_objects(db.connection())
        client = webtest.TestApp(bench_analytics.computing(tracker, tracker.make_app(db)))

        bench_analytics.sign_in(client, key)
        statements = {}

        def stepped(connection, sql, params=()):
            steps = [0]

            def tick():
                steps[0] += 100
                return 0
            connection.setprogresshandler(tick, 100)
            try:
                return plain(connection, sql, params)
            finally:
                connection.setprogresshandler(None, 0)
                text = " ".join(sql.split())[:120]
                statements[text] = statements.get(text, 0) + steps[0]
                statements[None] = statements.get(None, 0) + 1
        tracker.query_all = stepped
        headers = {"Authorization": "Bearer " + key}
        for name, url, params in cases:
            for _ in range(2):  # the second, as the benchmark's repeats find the caches
                statements.clear()
                while bench_analytics.signed_out(client.get(
                        url, params=params, headers=headers if params is not None else {},
                        status=[200, 303])):
                    bench_analytics.sign_in(client, key)
                    statements.clear()
            made = statements.pop(None, 0)
            counted.setdefault(size, {})[name] = [sum(statements.values()), made, dict(statements)]
        tracker.query_all = plain
    return counted


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="+", help="the cases' and pages' names")
    parser.add_argument("--against", required=True, help="the other tree")
    parser.add_argument("--statements", action="store_true")
    parser.add_argument("--full", default=FILES["full"], help="the larger file")
    parser.add_argument("--temp", action="store_true", help="this tree's new objects in TEMP")
    parser.add_argument("--tree", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.tree:
        print(json.dumps(count(args.tree, args.names, dict(FILES, full=args.full), args.temp)))
        return
    here = os.path.join(HERE, "..", "..")
    this, base = ({tree: json.loads(subprocess.run(
        [sys.executable, __file__, "--against", "-", "--full", args.full, "--tree", tree]
        + ["--temp"] * (args.temp and tree == here) + args.names,
        check=True, capture_output=True, text=True).stdout)
        for tree in (here, args.against)}.values())
    print("| thousand VM steps | base 10 % | this 10 % | base full | this full "
          "| × full/10 % base → this | statements at full, base → this |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in args.names:
        (a, b), (c, d) = ((base[size][name], this[size][name]) for size in FILES)
        print("| %s | %d | %d | %d | %d | %.1f → %.1f | %d → %d |" % (
            name, a[0] / 1000, b[0] / 1000, c[0] / 1000, d[0] / 1000, c[0] / a[0], d[0] / b[0],
            c[1], d[1]))
        if args.statements:
            for text in sorted(set(c[2]) | set(d[2]), key=lambda text: -d[2].get(text, 0)):
                print("|   %s | %d | %d | %d | %d | | |" % (
                    text.replace("|", "/"), a[2].get(text, 0) / 1000, b[2].get(text, 0) / 1000,
                    c[2].get(text, 0) / 1000, d[2].get(text, 0) / 1000))


if __name__ == "__main__":
    main()
