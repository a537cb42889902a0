"""The rate behind an upgrade step's estimate (tracker.MIGRATION_ROWS_PER_SECOND).

The slowest pre-release step, 10 -> 11, rebuilt rollups from every stored chat. This runs
it with the code that had it (tracker 0.1.0, commit 121296e, taken from git) on that
release's frozen v10 file, inflated: its runs and chats (with their sources, mentions,
names and searches) copied --copies times, each copy ten days earlier, through the
file's own triggers. It prints the rows of the tables the step reads, its seconds, and
the rate.

    python tests/perf/bench_upgrade.py                 # 300 copies: 16,254 chats
    python tests/perf/bench_upgrade.py --copies 1000
"""

import argparse
import os
import subprocess
import sys
import tempfile

import apsw

PRE_RELEASE = "121296e"
COPIED = ("runs", "chats", "chat_sources", "chat_brands", "chat_names", "chat_searches",
          "chat_replies")
READ = ("chats", "chat_sources", "chat_brands", "chat_names")
ID_SHIFT = 10_000_000


def from_git(path, destination):
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(destination, "wb") as out:
        subprocess.run(["git", "-C", repo, "show", "%s:%s" % (PRE_RELEASE, path)], stdout=out,
                       check=True)


def inflate(path, copies):
    """Copy the file's runs and chats copies times, ids shifted, ten days earlier each."""
    connection = apsw.Connection(path)
    connection.execute("PRAGMA foreign_keys = OFF")
    columns = {table: [row[1] for row in connection.execute(
        "SELECT * FROM pragma_table_xinfo(?)", (table,)) if not row[6]] for table in COPIED}
    with connection:
        for copy in range(1, copies + 1):
            for table in COPIED:
                values = [
                    "%s + %d" % (name, copy * ID_SHIFT) if name in ("id", "chat_id", "run_id")
                    else "strftime('%%Y-%%m-%%dT%%H:%%M:%%fZ', %s, '-%d days')" % (name, 10 * copy)
                    if name in ("created_at", "scheduled_at") else name
                    for name in columns[table]]
                key = "id" if "id" in columns[table] else "chat_id"
                connection.execute("INSERT INTO %s (%s) SELECT %s FROM %s WHERE %s < %d" % (
                    table, ", ".join(columns[table]), ", ".join(values), table, key, ID_SHIFT))
    connection.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        for name in ("tracker.py", "schema.sql"):
            from_git(name, os.path.join(work, name))
        from_git("tests/schemas/v10.sql", os.path.join(work, "v10.sql"))
        path = os.path.join(work, "v10.db")
        connection = apsw.Connection(path)
        with open(os.path.join(work, "v10.sql"), encoding="utf-8") as dump:
            connection.execute(dump.read()).fetchall()
        connection.close()
        inflate(path, args.copies)
        connection = apsw.Connection(path)
        rows = {table: connection.execute("SELECT count(*) FROM %s" % table).fetchall()[0][0]
                for table in READ}
        connection.close()
        seconds = float(subprocess.run(
            [sys.executable, "-c", "import sys, time, tracker\n"
             "connection = tracker.connect(sys.argv[1])\n"
             "started = time.monotonic()\n"
             "tracker.migrate(connection)\n"
             "print(time.monotonic() - started)", path],
            cwd=work, check=True, capture_output=True, text=True).stdout)
    total = sum(rows.values())
    print(", ".join("%s %s" % (table, format(count, ",")) for table, count in rows.items()))
    print("step 10 -> 11 of %s: %s rows in %.1f s, %s rows/s"
          % (PRE_RELEASE, format(total, ","), seconds, format(round(total / seconds), ",")))


if __name__ == "__main__":
    main()
