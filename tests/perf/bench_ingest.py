"""Ingest cost per chat: this tree's tracker side by side with an earlier commit's.

Each round runs the same work on each version, alternately: a new database with 10 brands
(one own) and --prompts prompts, then Worker.run_pending() with four simulated engines,
which asks, extracts (sources, brands, sentiment, names, categories) and stores every
chat with its rollups, a run per transaction. It prints the median milliseconds per chat
of each version and their ratio (without --against, this tree's alone).

Then the floor (issue 43): storing a chat is the CPU of the worker's write transactions
(rows, rollups, and rollup work deferred to later transactions), not the extraction before
them. Each of this tree's write transactions is timed (thread CPU from BEGIN to COMMIT) and
its statements recorded; the floor replays the same statements with their values, in the
same transactions, on a new database with the same brands and prompts but no triggers,
leaving out every write to a rollup (a table the chats' triggers write). The same
statements replayed with the triggers (every statement) separate SQLite's work from the
worker's Python inside the transactions. It prints `floor ratio: X.XX`, the median over the
rounds of the worker's write CPU per chat over the floor's in the same round, for each
version (with --against, the earlier commit's first, this tree's last), and SQLite's own
count of the two replays' work, its virtual machine's instructions per chat (a progress
handler, in replays of their own), which a loaded machine does not move.

Then the extraction budget: CPU milliseconds of BrandMatcher.match on the largest answer
an engine may give (MAX_ANSWER_CHARS) at its worst for one brand (named in every
sentence; a nameRegex matching every word; 51 long names found nowhere), and for a
workspace of 100 brands each named in every sentence: what one chat can cost the worker.

    python tests/perf/bench_ingest.py --against f150b10     # before answer intelligence's rollups
    python tests/perf/bench_ingest.py                       # this tree and its floor
    python tests/perf/bench_ingest.py --against main --prompts 50 --per-trigger   # where it goes

--location asks every prompt from a location (the rollups per location join in); --grouped
puts every prompt in one of 10 topics and gives it one of 10 tags (the rollups per topic and
tag group join in: without it, the prompts are in their branded group alone); --per-trigger
prints only SQLite's instructions per chat that each insert or update trigger adds (an update's
too: naming a chat's brands, set_named, moves a gap chat into the gap rollups), replaying one run
of the worker with every trigger and then without each in turn; --cpu-instructions prints only the
CPU instructions per chat (user space: the kernel's writes of the WAL are not counted) of that
run's write transactions replayed under valgrind's cachegrind, less the same process without the
replay: a figure that, unlike CPU time, the machine's load does not move, and that counts what
SQLite's virtual machine does not (opening cursors, allocating trigger frames, the b-trees).

    python tests/perf/bench_ingest.py --against main --prompts 50 --cpu-instructions

--bytecodes prints only the Python bytecodes per chat that one run of the worker executes
inside its write transactions (sys.settrace's opcode events, the block's own frame included):
the Python under the write lock, counted as the load cannot move it.
"""

import argparse
import contextlib
import importlib.util
import os
import pickle
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
ENGINES = ("chatgpt", "perplexity", "gemini", "claude")


def load(name, folder):
    """The tracker module of folder (its schema.sql beside it), imported as name."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(folder, "tracker.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def checkout(revision, folder):
    """tracker.py and schema.sql as they were at revision, written into folder."""
    for name in ("tracker.py", "schema.sql"):
        content = subprocess.run(["git", "-C", ROOT, "show", "%s:%s" % (revision, name)],
                                 check=True, capture_output=True).stdout
        with open(os.path.join(folder, name), "wb") as out:
            out.write(content)


GROUPS = 10  # topics, and tags, of --grouped


def new_database(tracker, path, prompts, location=None, grouped=False):
    """A database at path with one workspace of 10 brands (one own) and prompts active
    prompts (asked from location; with grouped, each in one of GROUPS topics and with one of
    GROUPS tags)."""
    db = tracker.Database(path)
    workspace = tracker.create_workspace(db, "Ingest")["id"]
    stamp = db.now()
    with db.write() as c:
        for n in range(GROUPS if grouped else 0):
            for table in ("topics", "tags"):
                c.execute("INSERT INTO %s (workspace_id, name, name_key, created_at, updated_at) "
                          "VALUES (?, ?, ?, ?, ?)" % table, (workspace, "G%d" % n, "g%d" % n, stamp, stamp))
        for n in range(10):
            c.execute("""INSERT INTO brands (workspace_id, name, name_key, domains, type, created_at,
                         updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)""",
                      (workspace, "Brand %d" % n, "brand %d" % n, '["brand%d.example"]' % n,
                       "own" if n == 0 else "competitor", stamp, stamp))
        for n in range(prompts):
            prompt = c.execute("""INSERT INTO prompts (workspace_id, text, status, dedupe_key, location,
                                  topic_id, created_at, updated_at) VALUES (?, ?, 'active', ?, ?, ?, ?, ?)
                                  RETURNING id""",
                               (workspace, "best tool number %d" % n, "best tool number %d" % n, location,
                                n % GROUPS + 1 if grouped else None, stamp, stamp)).fetchall()[0]["id"]
            if grouped:
                c.execute("INSERT INTO prompt_tags (prompt_id, tag_id) VALUES (?, ?)", (prompt, n % GROUPS + 1))
    return db


def remove_database(db):
    db.close()
    for leftover in (db.path, db.path + "-wal", db.path + "-shm"):
        if os.path.exists(leftover):
            os.remove(leftover)


class WriteRecorder:
    """Times each outermost write transaction of db (thread CPU, BEGIN to COMMIT) and records
    its statements with their values, as SQLite's exec trace sees them (a trigger's own
    statements are not seen)."""

    def __init__(self, db):
        self.cpu_seconds = 0.0
        self.transactions = []
        self._write = db.write
        self._db = db
        db.write = self.write

    @contextlib.contextmanager
    def write(self, revises=True):
        connection = self._db.connection()
        if connection.in_transaction:  # a savepoint: its outer transaction is timed
            with self._write(revises) as connection:
                yield connection
            return
        # Traced from inside the block: since group commit it runs on the write connection,
        # not this thread's, in a savepoint of its own, whose end is left out (as its start
        # is); BEGIN is put back.
        statements, ended = [("BEGIN IMMEDIATE", None)], []

        def trace(cursor, sql, values):
            if not (ended and SAVEPOINT_END.match(sql)):
                statements.append((sql, values))
            return True
        started = time.thread_time()
        try:
            with self._write(revises) as connection:
                connection.exec_trace = trace
                try:
                    yield connection
                finally:
                    ended.append(True)
        finally:
            self.cpu_seconds += time.thread_time() - started
            connection.exec_trace = None
            self.transactions.append(statements)


SAVEPOINT_END = re.compile(r"\s*(?:RELEASE|ROLLBACK\s+TO)\b", re.IGNORECASE)


WRITE_TARGET = re.compile(r"\s*(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|(?<!DO )UPDATE|DELETE\s+FROM|REPLACE\s+INTO)"
                          r"\s+(\w+)", re.IGNORECASE)


def rollup_tables(connection):
    """The tables the triggers on the chats' tables write in their bodies: the rollups."""
    triggers = connection.execute("""SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name
                                     IN ('chats', 'chat_brands', 'chat_sources', 'chat_names')""")
    return {match.group(1) for row in triggers for match in WRITE_TARGET.finditer(row["sql"].split("BEGIN", 1)[1])}


def replay(connection, transactions, skip=frozenset()):
    """Thread CPU seconds of executing transactions' statements (BEGIN and COMMIT among them),
    leaving out writes to the tables in skip."""
    cursor = connection.cursor()
    started = time.thread_time()
    for statements in transactions:
        for sql, values in statements:
            target = WRITE_TARGET.match(sql)
            if target is None or target.group(1) not in skip:
                for _ in cursor.execute(sql, values):
                    pass
    return time.thread_time() - started


# SQLite's own count of the work: the virtual machine's instructions, counted by a progress
# handler called every INSTRUCTION_STEP of them (steadier than CPU time on a shared machine).
INSTRUCTION_STEP = 100


def instructions(connection, transactions, skip=frozenset()):
    """SQLite VM instructions (to INSTRUCTION_STEP) of executing transactions as replay does."""
    steps = []
    connection.set_progress_handler(lambda: steps.append(1) or False, INSTRUCTION_STEP)
    try:
        replay(connection, transactions, skip)
    finally:
        connection.set_progress_handler(None)
    return len(steps) * INSTRUCTION_STEP


def ms_per_chat(tracker, folder, prompts, floor=False, location=None, grouped=False):
    """Milliseconds per chat stored by one Worker.run_pending() over a new database; with
    floor, (that, then the CPU milliseconds per chat of: its write transactions, the same
    statements replayed with the triggers, and the floor, then SQLite's instructions per
    chat of those two replays, counted in replays of their own, then the statements per chat
    of the write transactions, then the rows the two replays write per chat, the triggers'
    included)."""
    db = new_database(tracker, os.path.join(folder, "ingest-%d.db" % time.monotonic_ns()), prompts, location,
                      grouped)
    recorder = WriteRecorder(db) if floor else None
    worker = tracker.Worker(db, [tracker.SimulatedEngine(name) for name in ENGINES])
    started = time.perf_counter()
    worker.run_pending()
    elapsed = time.perf_counter() - started
    chats = tracker.query_one(db.connection(), "SELECT count(*) AS n FROM chats")["n"]
    remove_database(db)
    if not floor:
        return elapsed * 1000 / chats
    replayed, counted, written = [], [], []
    for measure, results in ((replay, replayed), (instructions, counted)):
        for without_rollups in (False, True):
            db = new_database(tracker, os.path.join(folder, "replay-%d.db" % time.monotonic_ns()), prompts,
                              location, grouped)
            connection = db.connection()
            skip = frozenset()
            if without_rollups:
                skip = rollup_tables(connection)
                for trigger in tracker.query_all(connection, "SELECT name FROM sqlite_master WHERE type = 'trigger'"):
                    connection.execute('DROP TRIGGER "%s"' % trigger["name"])
            changes = connection.total_changes()
            results.append(measure(connection, recorder.transactions, skip))
            written.append(connection.total_changes() - changes)  # a trigger's rows too
            stored = tracker.query_one(connection, "SELECT count(*) AS n FROM chats")["n"]
            assert stored == chats, "the replay stored %d chats of %d" % (stored, chats)
            remove_database(db)
    return (elapsed * 1000 / chats, *(seconds * 1000 / chats for seconds in
                                       (recorder.cpu_seconds, *replayed)),
            *(count / chats for count in counted),
            sum(len(statements) for statements in recorder.transactions) / chats,
            *(rows / chats for rows in written[:2]))


def instructions_by_trigger(tracker, folder, prompts, location, grouped):
    """SQLite's instructions per chat of the worker's write transactions replayed with every
    trigger, and {insert or update trigger: the instructions per chat it adds} (the replay's count less
    that with the one trigger dropped), for one Worker.run_pending()."""
    def database():
        return new_database(tracker, os.path.join(folder, "by-trigger-%d.db" % time.monotonic_ns()),
                            prompts, location, grouped)
    transactions, chats = recorded_run(tracker, folder, prompts, location, grouped)
    db = database()
    triggers = [row["name"] for row in tracker.query_all(
        db.connection(), "SELECT name FROM sqlite_master WHERE type = 'trigger' AND sql NOT LIKE '%DELETE ON%'")]
    remove_database(db)

    def counted(dropped=None):
        db = database()
        if dropped is not None:
            db.connection().execute('DROP TRIGGER "%s"' % dropped)
        count = instructions(db.connection(), transactions)
        remove_database(db)
        return count / chats
    every = counted()
    return every, {name: every - counted(name) for name in triggers}


def watched_run(tracker, folder, prompts, location, grouped, watcher):
    """(watcher(db), the chats) of one Worker.run_pending() over a new database db, watched by
    what watcher makes of it (a WriteRecorder, a BytecodeCounter)."""
    db = new_database(tracker, os.path.join(folder, "watched-%d.db" % time.monotonic_ns()), prompts, location,
                      grouped)
    watching = watcher(db)
    tracker.Worker(db, [tracker.SimulatedEngine(name) for name in ENGINES]).run_pending()
    chats = tracker.query_one(db.connection(), "SELECT count(*) AS n FROM chats")["n"]
    remove_database(db)
    return watching, chats


def recorded_run(tracker, folder, prompts, location, grouped):
    """(the write transactions of one Worker.run_pending() over a new database, its chats)."""
    recorder, chats = watched_run(tracker, folder, prompts, location, grouped, WriteRecorder)
    return recorder.transactions, chats


class BytecodeCounter:
    """Counts the Python bytecodes executed inside db's outermost write blocks."""

    def __init__(self, db):
        self.count = 0
        self._write = db.write
        self._db = db
        db.write = self.write

    def trace(self, frame, event, arg):
        frame.f_trace_opcodes = True
        self.count += event == "opcode"
        return self.trace

    @contextlib.contextmanager
    def write(self, revises=True):
        if self._db.connection().in_transaction:
            with self._write(revises) as connection:
                yield connection
            return
        block = sys._getframe(2)  # the frame the block is written in (past contextlib's)
        sys.settrace(self.trace)
        block.f_trace, block.f_trace_opcodes = self.trace, True
        try:
            with self._write(revises) as connection:
                yield connection
        finally:
            sys.settrace(None)
            block.f_trace = None


def bytecodes_per_chat(tracker, folder, prompts, location, grouped):
    """Python bytecodes per chat executed in the write blocks of one Worker.run_pending()."""
    counter, chats = watched_run(tracker, folder, prompts, location, grouped, BytecodeCounter)
    return counter.count / chats


CACHEGRIND = ("valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null")


def cpu_instructions(tracker_folder, folder, prompts, location, grouped):
    """CPU instructions per chat of replaying one worker run's write transactions, counted by
    cachegrind (a process that makes a new database and replays them, less one that only makes
    it), with the triggers and at the floor."""
    transactions, chats = recorded_run(load("tracker_recorded", tracker_folder), folder, prompts, location,
                                       grouped)
    recorded = os.path.join(folder, "transactions-%d.pickle" % time.monotonic_ns())
    with open(recorded, "wb") as out:
        pickle.dump(transactions, out)
    counts = []
    for floor in (False, True):
        for replayed in (False, True):
            command = [*CACHEGRIND, sys.executable, os.path.abspath(__file__), "--prompts", str(prompts),
                       "--replay-of", recorded, "--tracker-folder", tracker_folder]
            command += ["--location", location] if location else []
            command += ["--replayed"] * replayed + ["--floor"] * floor + ["--grouped"] * grouped
            report = subprocess.run(command, check=True, capture_output=True, text=True).stderr
            counts.append(int(re.search(r"I\s+refs:\s+([\d,]+)", report).group(1).replace(",", "")))
    return (counts[1] - counts[0]) / chats, (counts[3] - counts[2]) / chats


def replay_of(args):
    """The process cpu_instructions counts: the recorded transactions read and a new database
    made (with --floor, its triggers dropped), and with --replayed the transactions replayed on
    it (with --floor, less their writes to the rollups)."""
    tracker = load("tracker", args.tracker_folder)
    with open(args.replay_of, "rb") as recorded:
        transactions = pickle.load(recorded)
    with tempfile.TemporaryDirectory() as folder:
        db = new_database(tracker, os.path.join(folder, "replay.db"), args.prompts, args.location, args.grouped)
        connection, skip = db.connection(), frozenset()
        if args.floor:
            skip = rollup_tables(connection)
            for trigger in tracker.query_all(connection, "SELECT name FROM sqlite_master WHERE type = 'trigger'"):
                connection.execute('DROP TRIGGER "%s"' % trigger["name"])
        if args.replayed:
            replay(connection, transactions, skip)
        remove_database(db)


def worst_answers(tracker):
    """(case, brands, answer) at the largest answer an engine may give."""
    size = tracker.MAX_ANSWER_CHARS

    def brand(id, name, tracked=(), regex=None):
        return {"id": id, "name": name, "tracked_names": list(tracked), "domains": [],
                "name_regex": regex, "use_regex": int(regex is not None)}
    long_names = ["n%02d" % n + "x" * 57 for n in range(51)]
    many = [brand(n, "Brand%d" % n) for n in range(100)]
    return [
        ("a name in every sentence", [brand(1, "Acme")], ("Acme is fine. " * size)[:size]),
        ("a nameRegex matching every word", [brand(1, "Z", regex="(a|a)*b")], ("ab " * size)[:size]),
        ("51 long names found nowhere", [brand(1, long_names[0], long_names[1:])],
         ("word " * size)[:size]),
        ("100 brands, each in every sentence", many,
         "".join("Brand%d is fine. " % (n % 100) for n in range(size // 10))[:size]),
    ]


def extraction_ms(tracker, rounds):
    """Median CPU milliseconds of one BrandMatcher.match per worst case."""
    figures = {}
    for case, brands, answer in worst_answers(tracker):
        matcher = tracker.BrandMatcher(brands)
        times = []
        for _ in range(rounds):
            tracker.sentiment_analyzer()  # loaded once, as in the worker
            started = time.thread_time()
            matcher.match(answer, set())
            times.append((time.thread_time() - started) * 1000)
        figures[case] = statistics.median(times)
    return figures


def print_by_trigger(counts):
    """The instructions per chat of each insert or update trigger that adds any, per version."""
    print("SQLite VM instructions per chat that each insert or update trigger adds (the replay "
          "less the replay without it)")
    print("%-44s %s" % ("", "  ".join("%12s" % name for name in counts)))
    triggers = sorted({name for _, by_trigger in counts.values() for name in by_trigger})
    for trigger in triggers:
        figures = [by_trigger.get(trigger) for _, by_trigger in counts.values()]
        if any(figures):
            print("%-44s %s" % (trigger, "  ".join("%12s" % ("-" if figure is None else "%.0f" % figure)
                                                  for figure in figures)))
    print("%-44s %s" % ("every trigger", "  ".join("%12.0f" % every for every, _ in counts.values())))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", help="an earlier commit to compare with")
    parser.add_argument("--prompts", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--location", help="the location every prompt is asked from")
    parser.add_argument("--grouped", action="store_true",
                        help="every prompt in a topic and with a tag, %d of each" % GROUPS)
    parser.add_argument("--per-trigger", action="store_true",
                        help="only SQLite's instructions per chat that each insert or update trigger adds")
    parser.add_argument("--cpu-instructions", action="store_true",
                        help="only the CPU instructions per chat of the write transactions (cachegrind)")
    parser.add_argument("--bytecodes", action="store_true",
                        help="only the Python bytecodes per chat executed under the write lock")
    parser.add_argument("--replay-of", help=argparse.SUPPRESS)
    parser.add_argument("--tracker-folder", help=argparse.SUPPRESS)
    parser.add_argument("--replayed", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--floor", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.replay_of:
        return replay_of(args)
    with tempfile.TemporaryDirectory() as folder:
        folders = {}
        if args.against:
            folders[args.against] = os.path.join(folder, "before")
            os.mkdir(folders[args.against])
            checkout(args.against, folders[args.against])
        folders["this tree"] = ROOT
        if args.cpu_instructions:
            print("CPU instructions per chat of the write transactions replayed (cachegrind)")
            print("%-12s %14s %12s %12s" % ("", "with triggers", "the floor", "floor ratio"))
            for name, tracker_folder in folders.items():
                stored, floor = cpu_instructions(tracker_folder, folder, args.prompts, args.location,
                                                 args.grouped)
                print("%-12s %14.0f %12.0f %12.2f" % (name, stored, floor, stored / floor))
            return
        versions = {name: load("tracker_before" if name == args.against else "tracker", tracker_folder)
                    for name, tracker_folder in folders.items()}
        if args.bytecodes:
            print("Python bytecodes per chat executed in the worker's write transactions")
            for name, module in versions.items():
                print("%-12s %8.0f" % (name, bytecodes_per_chat(module, folder, args.prompts, args.location,
                                                                 args.grouped)))
            return
        if args.per_trigger:
            print_by_trigger({name: instructions_by_trigger(module, folder, args.prompts, args.location,
                                                                     args.grouped)
                              for name, module in versions.items()})
            return
        times = {name: [] for name in versions}
        floors = {name: [] for name in versions}
        for _ in range(args.rounds):
            for name, module in versions.items():
                times[name].append(ms_per_chat(module, folder, args.prompts, location=args.location,
                                                       grouped=args.grouped))
            for name, module in versions.items():
                floors[name].append(ms_per_chat(module, folder, args.prompts, True, args.location,
                                                        args.grouped)[1:])
        extraction = {name: extraction_ms(module, args.rounds) for name, module in versions.items()}
    print("ms per chat (median of %d rounds, %d prompts x %d engines)" % (args.rounds, args.prompts, len(ENGINES)))
    for name in versions:
        print("%-12s %8.2f" % (name, statistics.median(times[name])))
    if args.against:
        print("ratio        %8.2f" % (statistics.median(times["this tree"]) / statistics.median(times[args.against])))
    print("\nstoring a chat, CPU ms of the write transactions per chat (median of %d)" % args.rounds)
    print("%-44s %s" % ("", "  ".join("%12s" % name for name in versions)))
    medians = {name: [statistics.median(figures) for figures in zip(*floors[name])] for name in versions}
    for row, label in enumerate(("the worker's write transactions", "their statements replayed, with the triggers",
                                 "the floor: no triggers, no rollups")):
        print("%-44s %s" % (label, "  ".join("%12.3f" % medians[name][row] for name in versions)))
    print("SQLite VM instructions per chat, replayed:")
    for row, label in ((3, "  with the triggers"), (4, "  the floor")):
        print("%-44s %s" % (label, "  ".join("%12.0f" % medians[name][row] for name in versions)))
    print("%-44s %s" % ("statements per chat, the worker's", "  ".join("%12.2f" % medians[name][5]
                                                                       for name in versions)))
    print("rows written per chat (the triggers' included):")
    for row, label in ((6, "  by the replay with the triggers"), (7, "  by the floor")):
        print("%-44s %s" % (label, "  ".join("%12.1f" % medians[name][row] for name in versions)))
    for name in versions:  # the floor ratio of each round, then their median (this tree's last)
        ratios = [written / floor for written, _, floor, *_ in floors[name]]
        print("%s: rounds %s" % (name, " ".join("%.2f" % ratio for ratio in ratios)))
        print("floor ratio: %.2f" % statistics.median(ratios))
    print("\nextraction of one %d-character answer, CPU ms (median of %d)"
          % (versions["this tree"].MAX_ANSWER_CHARS, args.rounds))
    print("%-36s %s%s" % ("", "  ".join("%12s" % name for name in versions), "   ratio" if args.against else ""))
    for case in extraction["this tree"]:
        figures = [extraction[name][case] for name in versions]
        ratio = " %8.2f" % (figures[-1] / figures[0]) if args.against else ""
        print("%-36s %s%s" % (case, "  ".join("%12.1f" % figure for figure in figures), ratio))


if __name__ == "__main__":
    main()
