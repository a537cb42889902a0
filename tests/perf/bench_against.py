"""bench_analytics' requests side by side against another checkout of tracker.py, interleaved.

    python tests/perf/bench_against.py /tmp/base --scale 0.05      # /tmp/base: git archive of a commit

Both versions are loaded in one process, each with its own app on the same cached database
(bench_analytics' --cache; generate it first with bench_analytics.py), and every case asks
one, then the other, --pairs times: on a shared machine whose load moves by 2-3x from one
minute to the next, only requests made side by side compare. Prints each case's median
CPU time (the thread's: WebTest and SQLite answer in it) for both and the median of the
per-pair ratios.
"""

import argparse
import os
import statistics
import sys
import time

import webtest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_analytics  # noqa: E402  (imports this checkout's tracker)
from bench_ingest import load  # noqa: E402

tracker = bench_analytics.tracker


def client(module, path, key):
    """A signed-in WebTest client of module's app on path, the history's end as now."""
    end = bench_analytics.END.timestamp()
    app = webtest.TestApp(bench_analytics.computing(
        module, module.make_app(module.Database(path, lambda: end))))
    bench_analytics.sign_in(app, key)
    return app


def timed(app, key, path, params, headers):
    """The CPU seconds of one answer, its session kept (bench_analytics.timed)."""
    return bench_analytics.timed(app, 1, path, time.thread_time, key, params=params,
                                 headers=headers)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("against", help="a directory holding the other tracker.py (and its schema.sql)")
    parser.add_argument("--scale", type=float, default=0.05)
    parser.add_argument("--pairs", type=int, default=15)
    parser.add_argument("--cache", default="/tmp/tracker-bench")
    parser.add_argument("--match", default="", help="only the cases whose name holds this")
    args = parser.parse_args()
    path, key = bench_analytics.database(args.cache, args.scale)
    while tracker.refresh_correlations(tracker.Database(path, lambda: bench_analytics.END.timestamp())):
        pass  # as the worker would have, before the requests
    apps = {"before": client(load("tracker_before", args.against), path, key),
            "after": client(tracker, path, key)}
    headers = {"Authorization": "Bearer " + key}
    cases = [(name, "/api/v1" + route, params, headers) for name, route, params in bench_analytics.CASES]
    cases += [(name, page, {}, {}) for name, page in bench_analytics.PAGES]
    print("%-36s %10s %10s %8s" % ("median CPU ms", "before", "after", "ratio"))
    for name, route, params, extra in cases:
        if args.match not in name:
            continue
        times = {"before": [], "after": []}
        for version in ("before", "after"):  # warm both
            timed(apps[version], key, route, params, extra)
        for _ in range(args.pairs):
            for version in ("before", "after"):
                times[version].append(timed(apps[version], key, route, params, extra))
        ratio = statistics.median(a / b for a, b in zip(times["after"], times["before"]))
        print("%-36s %10.1f %10.1f %8.2f" % (name, statistics.median(times["before"]) * 1000,
                                             statistics.median(times["after"]) * 1000, ratio),
              flush=True)


if __name__ == "__main__":
    main()
