"""A topic's and a tag's rankings over a year (alone and with a location), another checkout's
code against this one's, on a bench_analytics file that predates the topics' and tags' daily
chat counts and brand sums or their weekly ones per location, without writing to it (the
full-size file is too large to copy on a small disk).

    python tests/perf/bench_group_sums.py DIR/analytics-1-v14.db /tmp/base   # /tmp/base: git archive

The file is opened immutable (read-only, no locks: nothing may write to it meanwhile), and the
group rollups it lacks are built in the connection's TEMP schema by the upgrade's own fill
(group_brands_schema_sql's and group_locations_schema_sql's INSERT ... SELECT ... GROUP BY),
where this checkout's queries find them and the other checkout's, which never name them, are
unchanged. Each case asks one version,
then the other, 5 times, by the thread's CPU time; the two answers must be equal (to 12
significant digits: the sentiment sums are REAL, and a group's rows add its prompts' in another
order, which moves a figure's last bit).
"""

import argparse
import os
import statistics
import sys
import time

import apsw

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_analytics  # noqa: E402  (imports this checkout's tracker)
from bench_ingest import load  # noqa: E402

tracker = bench_analytics.tracker
PAIRS = 5


def with_group_sums(path):
    """A read-only connection to path with the group sums it lacks in TEMP, and the fill's CPU
    seconds."""
    connection = apsw.Connection("file:%s?immutable=1" % path,
                                 flags=apsw.SQLITE_OPEN_READONLY | apsw.SQLITE_OPEN_URI)
    connection.row_trace = tracker._dict_row
    connection.execute("PRAGMA temp_store = MEMORY")
    started = time.thread_time()
    for table, (prompt_table, keys, sums) in dict(tracker.GROUP_SUM_ROLLUPS,
                                                  **tracker.GROUP_LOCATION_ROLLUPS).items():
        if tracker.query_one(connection, "SELECT 1 AS found FROM sqlite_schema WHERE name = ?",
                             (table,)):
            continue
        ddl = tracker.baseline_table_sql((table, ["table"]))[0]
        connection.execute(ddl.replace("CREATE TABLE ", "CREATE TEMP TABLE ").replace(
            " REFERENCES workspaces (id) ON DELETE CASCADE", ""))
        connection.execute(tracker.fed_rollup_fill_sql(
            "temp." + table, prompt_table, keys, sums, "NOT " + tracker.BRANDED_GROUPS_SQL))
    return connection, time.thread_time() - started


def rounded(answer):
    """answer with every float to 12 significant digits."""
    if isinstance(answer, dict):
        return {key: rounded(value) for key, value in answer.items()}
    if isinstance(answer, list):
        return [rounded(value) for value in answer]
    return float("%.12g" % answer) if isinstance(answer, float) else answer


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", help="a bench_analytics database without the group sums")
    parser.add_argument("against", help="a directory holding the other tracker.py (and its schema.sql)")
    args = parser.parse_args()
    before = load("tracker_before", args.against)
    connection, fill = with_group_sums(args.file)
    print("fill: %.1f s of CPU, %s" % (fill, tracker.query_one(connection, """
        SELECT (SELECT count(*) FROM group_daily_brands) AS brand_rows,
               (SELECT count(*) FROM group_location_weekly_brands) AS location_brand_rows,
               (SELECT count(*) FROM prompt_regroup) AS prompts_moving""")))
    end = bench_analytics.END.timestamp()
    year, month = ((tracker.iso_timestamp(end - days * 86400), tracker.iso_timestamp(end))
                   for days in (365, 30))
    tag = tracker.query_one(connection, "SELECT id FROM tags ORDER BY id LIMIT 1")["id"]
    cases = [("rankings 365 d topic", year, {"topic_id": 3}, None, False),
             ("rankings 365 d tag", year, {"tag_id": tag}, None, False),
             ("rankings 365 d topic, week series, compare", year, {"topic_id": 3}, "week", True),
             ("rankings 30 d topic", month, {"topic_id": 3}, None, False),
             ("rankings 30 d topic, day series, compare", month, {"topic_id": 3}, "day", True),
             ("rankings 365 d topic location", year, {"topic_id": 3, "location": "DE"}, None,
              False),
             ("rankings 365 d tag location, week series", year, {"tag_id": tag, "location": "DE"},
              "week", False),
             ("rankings 30 d topic location", month, {"topic_id": 3, "location": "DE"}, None,
              False),
             ("rankings 30 d topic location, day series, compare", month,
              {"topic_id": 3, "location": "DE"}, "day", True)]
    print("%-46s %10s %10s %7s" % ("median CPU ms", "before", "after", "ratio"))
    for name, window, filters, interval, compare in cases:
        times, answers = {}, {}
        for _ in range(PAIRS):
            for label, module in (("before", before), ("after", tracker)):
                started = time.thread_time()
                answers[label] = module.rankings(connection, module.ChatScope(1, *window, **filters),
                                                 "active", interval, compare)
                times.setdefault(label, []).append((time.thread_time() - started) * 1000)
        assert rounded(answers["before"]) == rounded(answers["after"]), \
            "%s: the answers differ" % name
        medians = [statistics.median(times[label]) for label in ("before", "after")]
        print("%-46s %10.1f %10.1f %7.2f" % (name, *medians, medians[1] / medians[0]))


if __name__ == "__main__":
    main()
