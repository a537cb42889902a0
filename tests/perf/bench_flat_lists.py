"""The steps of the lists that grow with the data, timed alone on a benchmark file opened
read-only (issue 43): what a request reads per prompt, and the chats cut short read before
and after the truncated chats' index and names rollup.

    python tests/perf/bench_flat_lists.py /tmp/full50/analytics-1-v14.db

The file is never written: what this version keeps that the file may not have (the index
of the truncated chats with their prompt and flags, their daily names) is copied into TEMP
tables first, built as the upgrade builds them, and the statements read those copies; each
pair of statements must give the same rows. Also the prompt list's page of 20 sorted by
visibility and by change, computed from the rollups and read from the figures kept per
prompt (prompt_list_figures): the file may not have them, so they are TEMP tables of the
same names (found before the file's), counted for the benchmark's day by the worker's
statement a batch at a time (what the worker's recount costs when the window slides), and
sorted_prompt_ids reads them; the same ids. CPU ms (the thread's), median of 7; SQLite VM
instructions by a progress handler.
"""

import argparse
import json
import dataclasses
import os
import re
import statistics
import sys
import time
import types

import apsw

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
import tracker  # noqa: E402

START, END = "2026-10-22", "2026-11-21"  # the benchmark's last 30 days
WINDOW = [1, START + "T00:00:00.000Z", END + "T00:00:00.000Z"]
OWN = tracker.named_sql("own")
TEMP_COPIES = """
CREATE TEMP TABLE truncated_index (workspace_id, created_at, prompt_id, engine, location, shown,
    own_named, competitor_named, id, PRIMARY KEY (workspace_id, created_at, prompt_id, engine,
    location, shown, own_named, competitor_named, id)) WITHOUT ROWID;
INSERT INTO temp.truncated_index SELECT workspace_id, created_at, prompt_id, engine, location,
    shown, own_named, competitor_named, id FROM chats INDEXED BY chats_truncated WHERE truncated;
CREATE TEMP TABLE truncated_daily_names (workspace_id INTEGER NOT NULL, day TEXT NOT NULL,
    engine TEXT NOT NULL, name_key TEXT NOT NULL, chats INTEGER NOT NULL, mentions INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, day, engine, name_key)) STRICT, WITHOUT ROWID;
"""
FLAGS = "count(*) AS chats, sum(x.own_named) AS own, sum(x.competitor_named) AS competitor"


def timed(connection, run):
    """(the answer, median CPU ms of 7, VM instructions of one more) of run()."""
    times, steps = [], [0]
    for _ in range(7):
        started = time.thread_time()
        answer = run()
        times.append(time.thread_time() - started)

    def tick():
        steps[0] += 100
        return 0
    connection.set_progress_handler(tick, 100)
    run()
    connection.set_progress_handler(None)
    return answer, statistics.median(times) * 1000, steps[0]


def rows(connection, sql, params=()):
    return lambda: sorted(tuple(row.values()) for row in tracker.query_all(connection, sql, params))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", help="a bench_analytics.py file (opened read-only)")
    path = parser.parse_args().file
    connection = apsw.Connection("file:%s?mode=ro" % path,
                                 flags=apsw.SQLITE_OPEN_READONLY | apsw.SQLITE_OPEN_URI)
    connection.row_trace = tracker._dict_row
    connection.execute("PRAGMA temp_store = MEMORY")
    prompts = tracker.query_one(connection, "SELECT count(*) AS n FROM prompts")["n"]
    scope = tracker.ChatScope(*WINDOW[:2], WINDOW[2][:-1] + "1Z")
    print("%s: %d prompts; CPU ms, VM instructions" % (path, prompts))
    for name, run in (("prompts_in_scope", lambda: tracker.prompts_in_scope(connection, scope)),
                      ("prompts_in_scope, an engine", lambda: tracker.prompts_in_scope(
                          connection, dataclasses.replace(scope, engine="gemini"))),
                      ("gap_candidates", lambda: tracker.gap_candidates(connection, scope))):
        _, ms, steps = timed(connection, run)
        print("%-40s %8.2f %10d (%d a prompt)" % (name, ms, steps, steps / prompts))

    started = time.thread_time()
    connection.execute(TEMP_COPIES + tracker.truncated_rollups_fill_sql().split(";")[2].replace(
        "INTO truncated_daily_names", "INTO temp.truncated_daily_names") + ";")
    print("TEMP copies of the truncated chats' index and names: %.1f s" % (time.thread_time() - started))
    few = "x.workspace_id = ? AND x.created_at >= ? AND x.created_at < ?"
    own_prompts = rows(connection, "SELECT DISTINCT x.prompt_id FROM chats x INDEXED BY chats_truncated "
                       "WHERE %s AND x.truncated AND %s" % (few, OWN), WINDOW)()
    ids = json.dumps([row[0] for row in own_prompts])
    pairs = [
        ("cut chats' prompts naming an own brand",
         "SELECT DISTINCT x.prompt_id FROM chats x INDEXED BY chats_truncated WHERE %s "
         "AND x.truncated AND %s" % (few, OWN),
         "SELECT DISTINCT x.prompt_id FROM temp.truncated_index x WHERE %s AND x.own_named" % few, WINDOW),
        ("those prompts' cut chats' flags",
         "SELECT x.prompt_id, %s FROM chats x INDEXED BY chats_prompt WHERE %s AND x.truncated "
         "AND x.prompt_id IN (SELECT value FROM json_each(?)) GROUP BY 1" % (FLAGS, few),
         "SELECT x.prompt_id, %s FROM temp.truncated_index x WHERE %s "
         "AND x.prompt_id IN (SELECT value FROM json_each(?)) GROUP BY 1" % (FLAGS, few), WINDOW + [ids]),
        ("cut chats' names",
         "SELECT x.name_key, count(*), sum(x.mentions) FROM chats c INDEXED BY chats_truncated CROSS "
         "JOIN chat_names x ON x.chat_id = c.id WHERE %s AND c.truncated GROUP BY 1" % few.replace("x.", "c."),
         "SELECT x.name_key, sum(x.chats), sum(x.mentions) FROM temp.truncated_daily_names x "
         "WHERE x.workspace_id = ? AND x.day >= ? AND x.day < ? GROUP BY 1", None)]
    for name, before, after, params in pairs:
        old, old_ms, _ = timed(connection, rows(connection, before, WINDOW if params is None else params))
        new, new_ms, _ = timed(connection, rows(connection, after, [1, START, END] if params is None else params))
        assert old == new, name
        print("%-40s %8.2f -> %.2f (%d rows)" % (name, old_ms, new_ms, len(old)))

    window = tracker.prompt_list_window(types.SimpleNamespace(clock=lambda: tracker.parse_timestamp(END)))
    values = {"status": None, "topicId": None, "tagId": None, "search": None, "branded": None,
              "perPage": 20, "page": 1}
    connection.execute("".join(re.sub(r" REFERENCES workspaces \(id\) ON DELETE CASCADE", "", sql)
                               .replace("CREATE TABLE", "CREATE TEMP TABLE")
                               for sql in tracker.baseline_table_sql(("prompt_list_figures", ["table"]),
                                                                     ("prompt_list_windows", ["table"]))))
    computed = {}
    for sort in ("-visibility", "-trend"):  # no windows kept yet: computed
        computed[sort], computed_ms, steps = timed(connection, lambda: tracker.sorted_prompt_ids(
            connection, 1, dict(values, sort=sort), window))
        print("%-40s %8.2f %10d (%d a prompt)" % ("prompt list sorted by " + sort, computed_ms,
                                                  steps, steps / prompts))
    ids = [row["id"] for row in tracker.query_all(connection, "SELECT id FROM prompts WHERE workspace_id = 1 "
                                                  "ORDER BY id")]
    batch, batches = tracker.PROMPT_LIST_RECOUNT_BATCH, []
    for first in range(0, len(ids), batch):
        started = time.thread_time()
        connection.execute(tracker.PROMPT_LIST_COUNT_SQL, (window["previous"], window["start"], window["end"],
                                                           1, json.dumps(ids[first:first + batch])))
        batches.append((time.thread_time() - started) * 1000)
    connection.execute("INSERT INTO temp.prompt_list_windows VALUES (1, ?, ?, ?)",
                       (window["previous"], window["start"], window["end"]))
    assert tracker.prompt_list_kept(connection, 1, window)
    print("the worker's recount into TEMP tables: %.1f ms of CPU in %d batches of %d prompts "
          "(the largest %.1f)" % (sum(batches), len(batches), batch, max(batches)))
    for sort in ("-visibility", "-trend"):
        kept, kept_ms, steps = timed(connection, lambda: tracker.sorted_prompt_ids(
            connection, 1, dict(values, sort=sort), window))
        assert kept == computed[sort]
        print("%-40s %8.2f %10d (%d a prompt)" % ("... from the kept figures", kept_ms, steps,
                                                  steps / prompts))


if __name__ == "__main__":
    main()
