"""Where the write turn goes under ./build bench's PATCH /prompts/{id} over HTTP.

    python tests/perf/write_turn.py [--runs 3] [--duration 5] [--cache DIR] [--tree DIR]

Every write block of the process runs in one turn after another (Database.write), so the
turn is a serial path: PATCHes a second can be no more than one over its time a PATCH. This
serves ./build bench's 1k database with `tracker serve` (10 threads) as bench.py does, with
timers wrapped around Database's turn (nothing of tracker.py changed), drives it with wrk
(16 connections, bench.py's PATCH body: a text and 3 tags), and prints, a PATCH, in µs of
wall time: the block (its SQL and Python, the savepoint's), the commit (data_revision's bump,
the COMMIT and its fsync; a PATCH's share of its batch's), the batch's writers woken once it
is durable (WriteBatch.finish), the hand-off (from a turn given to the next writer running),
and their sum against one over the PATCHes a second.
"""

import argparse
import collections
import json
import os
import secrets
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PARTS = ("block", "commit", "finish", "handoff")


def timed_serve(tree, out_path, argv):
    """Run `tracker serve` (argv) of tree's tracker.py with timers on Database's write turn,
    writing the sums to out_path after every 500 write blocks."""
    sys.path.insert(0, tree)
    import tracker
    sums, local, gave = collections.Counter(), threading.local(), [None]
    database, batch_class = tracker.Database, tracker.WriteBatch
    take_turn, end_turn, commit = database._take_turn, database._end_turn, database._commit
    pass_turn, finish = database._pass_turn, batch_class.finish

    def timed_take_turn(self):
        taken = take_turn(self)
        local.started = time.perf_counter()
        if gave[0] is not None:  # a turn handed on is the next writer's to take
            sums["handoff"] += local.started - gave[0]
            gave[0] = None
        return taken

    def timed_end_turn(self, batch, error, first):
        sums["block"] += time.perf_counter() - local.started
        sums["blocks"] += 1
        if sums["blocks"] % 500 == 0:  # in the turn: one thread at a time
            with open(out_path + ".new", "w") as out:
                json.dump(sums, out)
            os.replace(out_path + ".new", out_path)
        end_turn(self, batch, error, first)

    def timed_commit(self, batch):
        started, finished = time.perf_counter(), sums["finish"]
        commit(self, batch)
        sums["commit"] += time.perf_counter() - started - (sums["finish"] - finished)
        sums["commits"] += 1

    def timed_pass_turn(self):
        if self._waiting:
            gave[0] = time.perf_counter()
        pass_turn(self)

    def timed_finish(self):
        started = time.perf_counter()
        finish(self)
        sums["finish"] += time.perf_counter() - started

    database._take_turn, database._end_turn = timed_take_turn, timed_end_turn
    database._commit, database._pass_turn = timed_commit, timed_pass_turn
    batch_class.finish = timed_finish
    sys.exit(tracker.main(argv))


def read_sums(path):
    """The sums timed_serve wrote last (none yet: empty)."""
    if not os.path.exists(path):
        return {}
    with open(path) as sums:
        return json.load(sums)


def measure(args):
    import bench
    workdir = tempfile.mkdtemp(prefix="write-turn-")
    path, meta = bench.provisioned(args.cache, 1000, True, workdir)
    case = next(case for case in bench.make_cases({1000: meta}, [1000]) if case.label == "patch")
    client = bench.Wrk(bench.find_wrk(False), 2, workdir)
    out_path = os.path.join(workdir, "turn.json")
    server = bench.Server("tracker", [
        sys.executable, os.path.abspath(__file__), "--serve", args.tree, out_path, "serve", "--db", path,
        "--port", "0", "--threads", "10", "--workers", "0", "--run-interval", "3650d"],
        os.path.join(workdir, "tracker.log"))
    server.start()
    try:
        for run in range(args.runs):
            before = read_sums(out_path)
            result = client.run(server.url, case, 16, args.duration, secrets.token_hex(3))
            sums = read_sums(out_path)
            blocks = sums["blocks"] - before.get("blocks", 0)
            parts = {part: (sums.get(part, 0) - before.get(part, 0)) / blocks * 1e6
                     for part in PARTS}
            print("run %d: %d PATCH/s (%.0f µs each), load %.1f; a PATCH: %s; sum %.0f µs; "
                  "%.1f PATCHes a commit" % (
                      run + 1, result.rps, 1e6 / result.rps, os.getloadavg()[0],
                      ", ".join("%s %.0f" % item for item in parts.items()),
                      sum(parts.values()), blocks / (sums["commits"] - before.get("commits", 0))),
                  flush=True)
    finally:
        server.stop()


def main():
    if sys.argv[1:2] == ["--serve"]:
        return timed_serve(sys.argv[2], sys.argv[3], sys.argv[4:])
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--duration", type=int, default=5, help="seconds of wrk a run")
    parser.add_argument("--cache", default=os.path.join(tempfile.gettempdir(), "tracker-bench"))
    parser.add_argument("--tree", default=ROOT, help="the checkout whose tracker.py is served "
                        "(its schema as this one's: the database is made by this one)")
    sys.path.insert(0, HERE)
    measure(parser.parse_args())


if __name__ == "__main__":
    main()
