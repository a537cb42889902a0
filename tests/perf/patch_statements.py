"""Where a PATCH /prompts/{id}'s SQL goes, statement by statement: SQLite VM steps (a
progress handler called every step, the statement named by apsw's exec trace; a trigger's
steps count in the statement that fired it) over PATCHes of ./build bench's body (a text
and 3 tags) through make_app, one thread, on bench_group_commit's workspace of 1,000
prompts, the tracker.py of a tree (this checkout's by default).

    python tests/perf/patch_statements.py [TREE] [--patches 100] [--steps]

Without --steps it only runs the PATCHes, for a count the load does not move:

    valgrind --tool=cachegrind --cache-sim=no python tests/perf/patch_statements.py TREE --patches 0
    valgrind --tool=cachegrind --cache-sim=no python tests/perf/patch_statements.py TREE --patches 100

(the instructions of a PATCH: the difference, over 100).
"""

import argparse
import collections
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench  # noqa: E402
import bench_group_commit  # noqa: E402
from bench_ingest import load  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tree", nargs="?", default=os.path.dirname(os.path.dirname(HERE)))
    parser.add_argument("--patches", type=int, default=100)
    parser.add_argument("--steps", action="store_true", help="count VM steps by statement")
    args = parser.parse_args()
    module = load("tracker_measured", args.tree)
    folder = tempfile.mkdtemp(prefix="patch-statements-")
    try:
        db, client, headers, ids = bench_group_commit.workspace(module, folder)
        headers = dict(headers, **{"Content-Type": "application/json"})
        for n in range(5):  # statements compiled, pages cached
            client.patch(*bench.patch_body("warm", 0, n, *ids), headers=headers, status=200)
        steps, runs, statement = collections.Counter(), collections.Counter(), ["?"]
        if args.steps:
            def traced(cursor, sql, bindings):
                statement[0] = " ".join(sql.split())[:100]
                runs[statement[0]] += 1
                return True

            def stepped():
                steps[statement[0]] += 1
                return False
            with db.write() as writer:
                pass
            for connection in (writer, db.connection()):
                connection.exec_trace = traced
                connection.set_progress_handler(stepped, 1)
        for n in range(args.patches):
            client.patch(*bench.patch_body("x", 0, n, *ids), headers=headers, status=200)
        if args.steps and args.patches:
            print("VM steps a PATCH: %.0f" % (sum(steps.values()) / args.patches))
            for sql, count in steps.most_common():
                print("%8.0f %5.2f  %s" % (count / args.patches, runs[sql] / args.patches, sql))
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
