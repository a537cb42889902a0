"""Which statements SQLite compiles again at every run: each statement's runs and re-prepares
(sqlite3_stmt_status's SQLITE_STMTSTATUS_RUN and _REPREPARE) over a set of requests through
make_app, read from every statement apsw's caches hold, on every open connection.

    python tests/perf/reprepares.py [SET ...] [--tree TREE] [--repeat 5] [--plans] [--try-plus]
    python tests/perf/reprepares.py gets analytics --tree BASE --dump base.json
    python tests/perf/reprepares.py gets analytics --dump this.json
    python tests/perf/reprepares.py --compare base.json this.json      # plans changed?
    valgrind --tool=cachegrind --cache-sim=no python tests/perf/reprepares.py gets --no-count --repeat 5

SETs: `gets` (the API's GETs and the dashboard's pages on bench_analytics' 10 % file, each
asked with no answer kept, as bench_analytics asks them), `analytics` (bench_analytics' cases
and pages at 10 %; `--match` narrows them), `patch` (PATCH /prompts/{id} and ./build bench's
GETs after it, on bench_group_commit's workspace of 1,000 prompts), `ingest` (one
Worker.run_pending() over bench_ingest's database of --prompts prompts, each run on a new
one). Each request is asked once (statements compiled and cached), then --repeat times
counted. --plans adds each listed statement's EXPLAIN QUERY PLAN with its last run's values;
--try-plus its `= ?` made `= +?` where the plan stays, with the re-prepares and CPU a run of
both; --dump and --compare the plans of every statement two trees ran (`+?` read as `?`).

SQLite 3.54 compiles a statement again once a bound value its planner read is bound anew: a
`column = ?` term that a loop it weighs does not use (whereLoopOutputAdjust reads whether the
value is -1, 0 or 1), `LIMIT ?`. `= +?` hides the value and keeps the term usable by an index
(a unary plus on the column's side would not) (performance.md, *Statements compiled again at
every run*).

apsw's SQLite is linked in statically and exports none of its functions: they are called
through ctypes at the addresses `nm` gives, from the module's load address.
"""

import argparse
import collections
import ctypes
import json
import os
import re
import statistics
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import apsw  # noqa: E402
from bench_ingest import load  # noqa: E402

TEN_PERCENT = "/tmp/full50/analytics-0.1-v14.db"
STMTSTATUS_REPREPARE, STMTSTATUS_RUN = 5, 6
GETS = ["/api/v1/workspace", "/api/v1/prompts?perPage=20", "/api/v1/prompts/7", "/api/v1/tags",
        "/api/v1/topics", "/api/v1/brands", "/", "/prompts", "/prompts/7", "/sources"]


def sqlite_functions():
    """(sqlite3_next_stmt, sqlite3_sql, sqlite3_stmt_status) of apsw's own SQLite."""
    addresses = {}
    for line in subprocess.run(["nm", apsw.__file__], check=True, capture_output=True,
                               text=True).stdout.splitlines():
        fields = line.split()
        if len(fields) == 3:
            addresses[fields[2]] = int(fields[0], 16)
    module = ctypes.PyDLL(apsw.__file__)
    base = ctypes.cast(module.PyInit_apsw, ctypes.c_void_p).value - addresses["PyInit_apsw"]

    def function(name, result, *arguments):
        return ctypes.CFUNCTYPE(result, *arguments)(base + addresses[name])
    pointer = ctypes.c_void_p
    return (function("sqlite3_next_stmt", pointer, pointer, pointer),
            function("sqlite3_sql", ctypes.c_char_p, pointer),
            function("sqlite3_stmt_status", ctypes.c_int, pointer, ctypes.c_int, ctypes.c_int))


NEXT_STMT, SQL, STMT_STATUS = sqlite_functions()


def counts(reset=True):
    """{statement: [runs, re-prepares]} since the last reset, over every open connection."""
    found = collections.defaultdict(lambda: [0, 0])
    for connection in apsw.connections():
        handle = connection.sqlite3_pointer()
        statement = NEXT_STMT(handle, None)
        while statement:
            text = " ".join(SQL(statement).decode().split())
            found[text][0] += STMT_STATUS(statement, STMTSTATUS_RUN, reset)
            found[text][1] += STMT_STATUS(statement, STMTSTATUS_REPREPARE, reset)
            statement = NEXT_STMT(handle, statement)
    return found


BINDINGS = {}  # statement: the values of its last run


def traced(cursor, sql, bindings):
    BINDINGS[" ".join(sql.split())] = bindings
    return True


def plan(text):
    """EXPLAIN QUERY PLAN of a statement with the values of its last run, on a connection that
    ran it (the plan a bound value can change)."""
    for connection in apsw.connections():
        cursor = connection.cursor()
        cursor.row_trace = None
        try:
            rows = cursor.execute("EXPLAIN QUERY PLAN " + text, BINDINGS.get(text, ())).fetchall()
        except apsw.Error:
            continue
        return [detail for _, _, _, detail in rows]
    return ["?"]


def statement_counts(text):
    """[runs, re-prepares] of the statements of text, reset."""
    return counts().get(text, [0, 0])


def timed_runs(connection, text, values, runs):
    cursor = connection.cursor()
    cursor.row_trace = None
    started = time.thread_time_ns()
    for _ in range(runs):
        cursor.execute(text, values).fetchall()
    return (time.thread_time_ns() - started) / runs / 1000


def try_plus(text, runs=200, rounds=5):
    """Each `= ?` of text made `= +?` alone, and those that kept the plan together: whether
    the plan (with the last run's values) stays, the variant's re-prepares a run, and the
    microseconds of CPU a run, text's and the variant's (median of rounds, in turns)."""
    values, before = BINDINGS.get(text, ()), plan(text)
    # a connection of its own: tracker's stop a read past the request's time budget
    connection = apsw.Connection(next(iter(apsw.connections())).filename, flags=apsw.SQLITE_OPEN_READONLY)
    kept = []
    for found in re.finditer(r"(?<![<>!])= \?(?!\d)", text):
        variant = text[:found.start()] + "= +?" + text[found.end():]
        if plan_of(connection, variant, values) == before:
            kept.append(found.start())
    if not kept:
        return "no `= +?` keeps the plan"
    variant = text
    for start in reversed(kept):
        variant = variant[:start] + "= +?" + variant[start + 3:]
    if plan_of(connection, variant, values) != before:
        return "each of %d keeps the plan, not together" % len(kept)
    times = {text: [], variant: []}
    for _ in range(rounds):
        for version in times:
            counts()
            times[version].append(timed_runs(connection, version, values, runs))
            times[version].append(statement_counts(" ".join(version.split()))[1] / runs)
    again = [statistics.median(times[version][1::2]) for version in (text, variant)]
    micro = [statistics.median(times[version][0::2]) for version in (text, variant)]
    return "%d `= +?` keep the plan: compiled again %.2f -> %.2f a run, %.1f -> %.1f us a run (%.2f)\n%s" % (
        len(kept), again[0], again[1], micro[0], micro[1], micro[1] / micro[0], variant)


def plan_of(connection, text, values):
    cursor = connection.cursor()
    cursor.row_trace = None
    return [row[3] for row in cursor.execute("EXPLAIN QUERY PLAN " + text, values).fetchall()]


def counted(requests, repeat, count=True):
    """{request's name: {statement: [runs, re-prepares]}} over repeat askings of each
    (name, ask) once asked (without count, only asked: for valgrind)."""
    result = {}
    for name, ask in requests:
        ask()
        if not count:
            for _ in range(repeat):
                ask()
            continue
        counts()
        for _ in range(repeat):
            ask()
        result[name] = {text: value for text, value in counts().items() if value[0]}
    return result


def analytics_client(tracker, path):
    """(a signed-in client of bench_analytics' file at path, the API's headers, the cases and pages)."""
    import bench_against  # imports bench_analytics, which imports the tracker loaded first
    key = open(path + ".key").read().strip()
    return (bench_against.client(tracker, path, key), {"Authorization": "Bearer " + key},
            bench_against.bench_analytics)


def gets(tracker, args):
    client, headers, _ = analytics_client(tracker, args.file)
    return [(url, lambda url=url: client.get(url, headers=headers if url.startswith("/api") else {},
                                             status=200)) for url in GETS]


def analytics(tracker, args):
    client, headers, bench_analytics = analytics_client(tracker, args.file)
    requests = [(name, lambda route=route, params=params: client.get(
        "/api/v1" + route, params=params, headers=headers, status=200))
        for name, route, params in bench_analytics.CASES if args.match in name]
    return requests + [(name, lambda page=page: client.get(page, status=200))
                       for name, page in bench_analytics.PAGES if args.match in name]


def patch(tracker, args):
    import bench
    import bench_group_commit
    db, client, headers, ids = bench_group_commit.workspace(tracker, os.path.join(args.folder, "patch"))
    sent = [0]

    def patched():
        sent[0] += 1
        client.patch(*bench.patch_body("x", 0, sent[0], *ids), status=200,
                     headers=dict(headers, **{"Content-Type": "application/json"}))

    def after_a_patch(url):
        patched()
        counts()  # the PATCH's own statements are counted apart
        client.get(url, headers=headers, status=200)
    return [("PATCH /api/v1/prompts/{id}", patched)] + [
        ("GET %s after a PATCH" % url, lambda url=url: after_a_patch(url))
        for url in ("/api/v1/workspace", "/api/v1/prompts?perPage=20",
                    "/api/v1/prompts?search=zanzibar", "/api/v1/prompts?search=password+manager",
                    "/api/v1/tags")]


def ingest(tracker, args):
    import bench_ingest
    made = []

    def run():  # each on a database of its own, kept open so that its statements are counted
        db = bench_ingest.new_database(tracker, os.path.join(args.folder, "ingest-%d.db" % len(made)),
                                       args.prompts)
        made.append(db)
        tracker.Worker(db, [tracker.SimulatedEngine(name) for name in bench_ingest.ENGINES]).run_pending()
    return [("Worker.run_pending(), %d prompts" % args.prompts, run)]


def compare(before_file, after_file):
    """Print the statements of two dumps whose plans differ, and the re-prepares of each."""
    before, after = (json.load(open(name)) for name in (before_file, after_file))
    changed = [text for text in before if text in after and before[text][2] != after[text][2]]
    for text in changed:
        print("plan changed: %s\n  before: %s\n  after:  %s" % (text, before[text][2], after[text][2]))
    print("%d statements in both, %d plans changed, %d and %d only in one; compiled again: %d -> %d" % (
        len(set(before) & set(after)), len(changed), len(set(before) - set(after)), len(set(after) - set(before)),
        sum(value[1] for value in before.values()), sum(value[1] for value in after.values())))


SETS = {"gets": gets, "analytics": analytics, "patch": patch, "ingest": ingest}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sets", nargs="*", help="of %s (default: gets patch)" % ", ".join(sorted(SETS)))
    parser.add_argument("--tree", default=os.path.dirname(os.path.dirname(HERE)))
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--match", default="", help="analytics: only the cases and pages whose name holds it")
    parser.add_argument("--file", default=TEN_PERCENT, help="gets, analytics: bench_analytics' file")
    parser.add_argument("--prompts", type=int, default=50, help="ingest: the active prompts")
    parser.add_argument("--plans", action="store_true", help="and the plans of the statements listed")
    parser.add_argument("--try-plus", action="store_true", help="and each statement listed with `= +?`")
    parser.add_argument("--dump", help="a JSON file of every statement run (`+?` written `?`): runs, "
                        "re-prepares and plan, to compare two trees' with --compare")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"),
                        help="two --dump files: the statements whose plan differs, and the re-prepares")
    parser.add_argument("--no-count", action="store_true", help="only ask the requests (for valgrind: "
                        "--repeat N less --repeat 0 is N rounds' instructions)")
    parser.add_argument("--all", action="store_true", help="every statement run, not only those compiled again")
    args = parser.parse_args()
    args.sets = args.sets or ["gets", "patch"]
    if set(args.sets) - set(SETS):
        parser.error("no such set: %s" % ", ".join(sorted(set(args.sets) - set(SETS))))
    if args.compare:
        compare(*args.compare)
        return
    tracker = load("tracker", args.tree)
    if args.plans or args.try_plus or args.dump:
        apsw.connection_hooks.append(lambda connection: setattr(connection, "exec_trace", traced))
    args.folder = tempfile.mkdtemp(prefix="reprepares-")
    try:
        dumped = {}
        for name in args.sets:
            results = counted(SETS[name](tracker, args), args.repeat, not args.no_count)
            if args.no_count:
                continue
            statements = collections.defaultdict(lambda: [0, 0])
            print("## %s: statements run and compiled again a request (over %d)" % (name, args.repeat))
            for request, found in results.items():
                for text, (runs, again) in found.items():
                    statements[text][0] += runs
                    statements[text][1] += again
                print("%7.1f %7.1f  %s" % (sum(value[0] for value in found.values()) / args.repeat,
                                           sum(value[1] for value in found.values()) / args.repeat, request))
            print("%7.1f %7.1f  in all\n" % (sum(value[0] for value in statements.values()) / args.repeat,
                                             sum(value[1] for value in statements.values()) / args.repeat))
            print("## %s: each statement's runs and compiles again a round of its requests" % name)
            for text, (runs, again) in sorted(statements.items(), key=lambda item: -item[1][1]):
                if again or args.all:
                    print("%7.1f %7.1f  %s" % (runs / args.repeat, again / args.repeat,
                                               text if args.plans else text[:150]))
                    for line in plan(text) if args.plans else ():
                        print("                 | " + line)
                    if args.try_plus and again:
                        print("                 > " + try_plus(text).replace("\n", "\n                 > "))
            print()
            if args.dump:
                for text, (runs, again) in statements.items():
                    entry = dumped.setdefault(text.replace("+?", "?"), [0, 0, plan(text)])
                    entry[0] += runs
                    entry[1] += again
        if args.dump:
            with open(args.dump, "w") as out:
                json.dump(dumped, out, indent=1, sort_keys=True)
    finally:
        shutil.rmtree(args.folder)


if __name__ == "__main__":
    main()
