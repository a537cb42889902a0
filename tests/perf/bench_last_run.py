"""What each prompt's lastRun costs a page of GET /prompts: the same page built with and
without it, on a workspace whose prompts have a year of daily runs each.

    .venv/bin/python tests/perf/bench_last_run.py                 # 1,000 prompts x 365 runs
    .venv/bin/python tests/perf/bench_last_run.py --prompts 200 --runs 30

It prints the median milliseconds of a page of 100 prompts both ways and their ratio.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))
import tracker  # noqa: E402

DAY = 86400
START = 1795253400.0  # after the prompts' own first runs


def provision(db, prompts, runs):
    """A workspace of prompts, each with runs daily runs (done but the last, failed)."""
    workspace = tracker.create_workspace(db, "Bench")
    ids = []
    for first in range(0, prompts, tracker.MAX_BULK_PROMPTS):
        items, _ = tracker.read_prompt_items({"prompts": [
            {"text": "prompt %d" % number}
            for number in range(first, min(prompts, first + tracker.MAX_BULK_PROMPTS))]})
        ids += tracker.create_prompts(db, workspace["id"], items)[0]
    with db.write() as connection:
        connection.executemany(
            "INSERT INTO runs (workspace_id, prompt_id, state, scheduled_at, not_before, "
            "attempts, last_error, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)",
            [(workspace["id"], prompt_id, "failed" if day == runs - 1 else "done", stamp, stamp,
              "e: boom" if day == runs - 1 else None, stamp, stamp)
             for day in range(1, runs) for prompt_id in ids
             for stamp in [tracker.iso_timestamp(START + day * DAY)]])
    return workspace["id"]


def median_ms(db, workspace_id, repeat):
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        tracker.list_prompts(db, workspace_id, 1, 100, tracker.RevisionCache(1), status=None,
                             topic_id=None, tag_id=None, search=None, branded=None)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prompts", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=365)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = tracker.Database(os.path.join(folder, "bench.db"))
        workspace_id = provision(db, args.prompts, args.runs)
        with_last_run = median_ms(db, workspace_id, args.repeat)
        shown = tracker.PROMPT_JSON
        tracker.PROMPT_JSON = shown.replace(tracker.LAST_RUN_JSON, "NULL")
        try:
            without = median_ms(db, workspace_id, args.repeat)
        finally:
            tracker.PROMPT_JSON = shown
        db.close()
    print("%d prompts x %d runs, a page of 100: %.2f ms with lastRun, %.2f ms without, "
          "ratio %.2f" % (args.prompts, args.runs, with_last_run, without, with_last_run / without))


if __name__ == "__main__":
    main()
