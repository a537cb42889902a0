"""Where a PATCH /prompts/{id}'s SQL goes, statement by statement: SQLite VM steps (a
progress handler called every step, the statement named by apsw's exec trace; a trigger's
steps count in the statement that fired it) over PATCHes of ./build bench's body (a text
and 3 tags) through make_app, one thread, on bench_group_commit's workspace of 1,000
prompts, the tracker.py of a tree (this checkout's by default).

    python tests/perf/patch_statements.py [TREE] [--patches 100] [--batch 1] [--steps]

--batch N runs the PATCHes N to a transaction, each in a savepoint of an outer write block,
as a group commit runs the blocks of N writers (whose first has no savepoint of its own).

Without --steps it only runs the PATCHes, for a count the load does not move:

    valgrind --tool=cachegrind --cache-sim=no python tests/perf/patch_statements.py TREE --patches 0
    valgrind --tool=cachegrind --cache-sim=no python tests/perf/patch_statements.py TREE --patches 100

(the instructions of a PATCH: the difference, over 100).
"""

import argparse
import collections
import contextlib
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench  # noqa: E402
import bench_group_commit  # noqa: E402
from bench_ingest import load  # noqa: E402


def frames_by_table(connection):
    """The WAL's frames by the table or index owning each frame's page (dbstat)."""
    owners = {row["pageno"]: row["name"] for row in connection.execute(
        "SELECT name, pageno FROM dbstat")}
    frames, size = collections.Counter(), connection.execute("PRAGMA page_size").fetchall()[0]
    with open(connection.filename_wal, "rb") as wal:
        wal.seek(32)  # the WAL's header, then each frame: a header of 24 bytes and a page
        while header := wal.read(24):
            frames[owners.get(int.from_bytes(header[:4], "big"), "?")] += 1
            wal.seek(size["page_size"], os.SEEK_CUR)
    return frames


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tree", nargs="?", default=os.path.dirname(os.path.dirname(HERE)))
    parser.add_argument("--patches", type=int, default=100)
    parser.add_argument("--batch", type=int, default=1, help="PATCHes a transaction")
    parser.add_argument("--steps", action="store_true", help="count VM steps by statement")
    parser.add_argument("--frames", action="store_true", help="count the WAL's frames a PATCH")
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
        wal = [0]
        if args.frames:  # the hook replaces the automatic checkpoint: the WAL only grows
            with db.write() as writer:
                pass
            writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            writer.set_wal_hook(lambda connection, name, pages: wal.__setitem__(0, pages) or 0)
        for start in range(0, args.patches, args.batch):
            with db.write() if args.batch > 1 else contextlib.nullcontext():
                for n in range(start, min(start + args.batch, args.patches)):
                    client.patch(*bench.patch_body("x", 0, n, *ids), headers=headers, status=200)
        if args.frames and args.patches:
            print("WAL frames a PATCH: %.1f" % (wal[0] / args.patches))
            for name, count in frames_by_table(writer).most_common():
                print("%6.2f  %s" % (count / args.patches, name))
        if args.steps and args.patches:
            print("VM steps a PATCH: %.0f" % (sum(steps.values()) / args.patches))
            for sql, count in steps.most_common():
                print("%8.0f %5.2f  %s" % (count / args.patches, runs[sql] / args.patches, sql))
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
