"""Group commit (Database.write) side by side: threads of PATCH /prompts/{id} through
make_app, this checkout against another tracker.py, in turns.

    git archive main | tar -x -C /tmp/main-tree
    python tests/perf/bench_group_commit.py /tmp/main-tree --threads 16 --patches 40 --rounds 3

Each version has its own database file in --dir (on disk: its fsyncs are real) with a
workspace of 1,000 prompts; each of --threads threads then sends --patches PATCHes (a
prompt's text and 3 tags, ./build bench's patch body). Prints per round and version the
PATCHes a second, the commits (data_revision's moves: every PATCH changes rows), PATCHes
per commit, and the process's CPU per PATCH (all threads).
"""

import argparse
import json
import os
import shutil
import sys
import threading
import time

import webtest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench  # noqa: E402  (imports this checkout's tracker)
from bench_ingest import load  # noqa: E402

PROMPTS = 1000
BULK = 500


def workspace(module, folder):
    """A WebTest client of module's app on a new database in folder, its key's headers and
    the first and last prompt id."""
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    db = module.Database(os.path.join(folder, "tracker.db"))
    db.watch_commits()  # as serve does: a key's lookup notices other commits without SQL
    workspace_id = module.create_workspace(db, "Bench")["id"]
    key = module.create_key(db, workspace_id, rate_limit=10 ** 9)["key"]
    client = webtest.TestApp(module.make_app(db))
    headers = {"Authorization": "Bearer " + key}
    ids = []
    for start in range(0, PROMPTS, BULK):
        items = [{"text": "Prompt %d: which CRM suits agencies best?" % n,
                  "tags": ["tag-%03d" % ((n * 3 + j) % bench.TAGS) for j in range(3)]}
                 for n in range(start, start + BULK)]
        reply = client.post_json("/api/v1/prompts", {"prompts": items}, headers=headers, status=201)
        ids += [prompt["id"] for prompt in reply.json["data"]["prompts"]]
    return db, client, headers, (min(ids), max(ids))


def revision(module, db):
    return module.query_one(db.connection(), "SELECT revision FROM data_revision")["revision"]


def round_of(module, db, client, headers, ids, threads, patches, nonce):
    def send(thread):
        for n in range(patches):
            path, body = bench.patch_body(nonce, thread, n, *ids)
            client.patch(path, body, headers=dict(headers, **{"Content-Type": "application/json"}),
                         status=200)
    before, cpu, started = revision(module, db), time.process_time(), time.perf_counter()
    workers = [threading.Thread(target=send, args=(thread,)) for thread in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    total, commits = threads * patches, revision(module, db) - before
    return {"per_second": total / elapsed, "commits": commits, "per_commit": total / commits,
            "cpu_ms": cpu / total * 1000}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("against", help="a directory holding the other tracker.py (and its schema.sql)")
    parser.add_argument("--threads", type=int, default=16)
    parser.add_argument("--patches", type=int, default=40, help="per thread and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--dir", default="/tmp/tracker-bench-group-commit")
    args = parser.parse_args()
    versions = {"against": load("tracker_against", args.against), "this": bench.tracker}
    setups = {name: workspace(module, os.path.join(args.dir, name))
              for name, module in versions.items()}
    print("%-8s %6s %12s %8s %11s %12s" % ("version", "round", "PATCH/s", "commits",
                                           "per commit", "CPU ms/PATCH"))
    results = {name: [] for name in versions}
    for round_number in range(1, args.rounds + 1):
        for name, module in versions.items():  # in turns: the machine's load moves
            result = round_of(module, *setups[name], args.threads, args.patches,
                              "%s%d" % (name, round_number))
            results[name].append(result)
            print("%-8s %6d %12.0f %8d %11.2f %12.2f" % (
                name, round_number, result["per_second"], result["commits"],
                result["per_commit"], result["cpu_ms"]), flush=True)
    print(json.dumps({name: rows for name, rows in results.items()}))


if __name__ == "__main__":
    main()
