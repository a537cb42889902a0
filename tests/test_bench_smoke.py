"""The benchmarks' harnesses work: tiny runs end to end (no figure is checked)."""

import os
import re
import shutil
import subprocess
import sys

import webtest

BENCH = os.path.join(os.path.dirname(__file__), "perf", "bench.py")
sys.path.insert(0, os.path.dirname(BENCH))
import bench_analytics  # noqa: E402
import tracker  # noqa: E402

# Rows made at creation with the clock and a random key; every other row must match.
STAMPED = {"organizations", "workspaces", "api_keys"}


def test_bench_runs_and_prints_its_tables(tmp_path):
    """--client auto: wrk when installed, else the Python load generator (as in CI)."""
    done = subprocess.run([sys.executable, BENCH, "--smoke", "--no-install", "--client", "auto",
                           "--only", "workspace,list,patch,bulk", "--cache", str(tmp_path)],
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "| GET /workspace |" in done.stdout
    assert "| target | measured | met |" in done.stdout
    assert "| GET /workspace >= 80 % of the floor |" in done.stdout  # issue 43's shares
    assert "| PATCH /prompts/{id} >= 40 % of the floor |" in done.stdout
    assert "bulk create: median server time" in done.stdout
    assert ("load: wrk," if shutil.which("wrk") else "load: python,") in done.stdout
    assert not [name for name in os.listdir(tmp_path) if name.startswith("run-")]


def test_the_prompt_list_bench_runs_and_prints_each_page(tmp_path):
    done = subprocess.run([sys.executable, os.path.join(os.path.dirname(BENCH), "bench_prompt_list.py"),
                           "--prompts", "20", "--cache", str(tmp_path)],
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("20 prompts, 29200 rollup rows")
    assert [line.split()[0] for line in done.stdout.splitlines()[1:]] == [
        "/prompts", "/prompts?sort=-visibility", "/prompts?sort=-trend", "/prompts?sort=prompt"]


def test_the_side_by_side_bench_runs_against_a_checkout(tmp_path):
    """Against this very checkout, on a one-prompt year, one pair of one case."""
    checkout = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run([sys.executable, os.path.join(os.path.dirname(BENCH), "bench_against.py"),
                           checkout, "--scale", "0.0005", "--pairs", "1", "--match", "rankings 30 d compare",
                           "--cache", str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[-2].split() == ["median", "CPU", "ms", "before", "after", "ratio"]
    assert lines[-1].startswith("rankings 30 d compare")


def test_a_page_whose_session_was_ended_is_asked_again_once_signed_in(tmp_path):
    """Every benchmark session is made at the history's end, so a sign-in may end another
    client's: its pages then answer 303, and the overview the sign-in form with a 200, which
    a timing must not take for the page (bench_analytics.signed_out, timed)."""
    path, key = bench_analytics.database(str(tmp_path), 0.0005)
    db = tracker.Database(path, lambda: bench_analytics.END.timestamp())
    client = webtest.TestApp(bench_analytics.computing(tracker, tracker.make_app(db)))
    assert bench_analytics.signed_out(client.get("/", status=200))
    assert bench_analytics.signed_out(client.get("/sources", status=303))
    bench_analytics.sign_in(client, key)
    assert not bench_analytics.signed_out(client.get("/", status=200))
    with db.write() as connection:  # as another client's sign-in ends it
        connection.execute("DELETE FROM dashboard_sessions")
    assert bench_analytics.timed(client, 2, "/", key=key) > 0
    assert not bench_analytics.signed_out(client.get("/", status=200))


def test_every_filtered_analytics_request_has_its_unfiltered_twin():
    """bench_analytics pairs each case or page with a filter with the one without (issue 43's
    bound: at most 2x): a year of a topic's every URL with a year of every URL."""
    twins = bench_analytics.twins()
    assert twins["page urls 30 d topic"] == "page urls of a domain"
    assert twins["rankings 365 d tag location weekly"] == "rankings 365 d week series"
    assert twins["sources 365 d urls of a domain topic"] == "sources 365 d urls of a domain"
    assert twins["page sources 365 d category topic"] == "page sources 365 d category"
    assert "page sources 365 d" not in twins and "page prompt 365 d" not in twins
    assert twins["sources 365 d urls topic"] == "sources 365 d by url"
    assert [name for name, twin in twins.items() if twin is None] == []


def test_the_analytics_bench_prints_every_urls_rule_from_5_to_20_percent(capsys):
    """Every domain's URLs (groupBy=url without a domain): issue 43's own rule, at most 2x from
    5 % to 20 % of the size, once both are measured; a domain's URLs are not among them."""
    names = ["sources 30 d by url", "sources 365 d by url", "sources 365 d urls topic",
             "sources 365 d urls of a domain"]
    table = {0.05: dict.fromkeys(names, 0.1), 0.2: dict.fromkeys(names, 0.15)}
    table[0.2]["sources 365 d by url"] = 0.25
    bench_analytics.print_every_url({0.05: table[0.05]}, [0.05])
    bench_analytics.print_every_url(table, [0.05, 0.2])
    assert capsys.readouterr().out == (
        "groupBy=url: 2 of 3 within 2x from 5 % to 20 %; over: sources 365 d by url\n")


def test_the_analytics_bench_prints_each_filtered_request_against_its_twin(tmp_path):
    """A one-prompt year, one page and its twin (measured though not matched)."""
    done = subprocess.run([sys.executable, os.path.join(os.path.dirname(BENCH), "bench_analytics.py"),
                           "--scale", "0.0005", "--repeat", "1", "--match", "page urls 30 d topic",
                           "--cache", str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    table = lines.index(next(line for line in lines if line.startswith("median ms")))
    assert [line.split("  ")[0] for line in lines[table + 1:table + 3]] == [
        "page urls of a domain", "page urls 30 d topic"]
    assert lines[-3].split() == ["x", "unfiltered", "twin", "0.05%"]
    assert re.split(" {2,}", lines[-2])[:2] == ["page urls 30 d topic", "page urls of a domain"]
    assert re.fullmatch(r"0\.05%: [01] of 1 filtered requests within 2x unfiltered(; over: page urls 30 d topic)?",
                        lines[-1])


def rounded(row):
    """A row's values, REAL sums rounded: the triggers and the generator add them up in
    other orders."""
    return tuple(round(value, 9) if isinstance(value, float) else value for value in row.values())


def database_rows(path):
    """The schema and every row of every table but STAMPED of the database at path."""
    connection = tracker.Database(path).connection()
    schema = tracker.query_all(connection, "SELECT type, name, sql FROM sqlite_master")
    rows = {"schema": sorted(rounded(row) for row in schema)}
    for table in {row["name"] for row in schema if row["type"] == "table"} - STAMPED:
        table_rows = tracker.query_all(connection, 'SELECT * FROM "%s"' % table)
        rows[table] = sorted(map(rounded, table_rows), key=repr)
    return rows


def test_the_analytics_generator_writes_what_the_rollup_triggers_would(tmp_path):
    """bench_analytics.generate sums the rollups itself (the triggers are off while it loads
    a year): a year of two prompts (two topics, two locations) written through the triggers
    gives the same database."""
    summed, triggered = str(tmp_path / "summed.db"), str(tmp_path / "triggered.db")
    bench_analytics.generate(summed, 0.001)
    bench_analytics.generate(triggered, 0.001, through_triggers=True)
    expected = database_rows(triggered)
    assert len(expected["chats"]) == 2920 and len(expected["group_weekly_domains"]) > 1000
    assert len(expected["group_daily_brands"]) > 100  # the topics' daily brand sums
    assert len(expected["group_location_weekly_brands"]) > 100  # and weekly ones per location
    assert database_rows(summed) == expected


def test_the_surfaces_bench_reads_each_reply():
    done = subprocess.run([sys.executable, os.path.join(os.path.dirname(BENCH), "bench_surfaces.py"),
                           "--repeat", "1"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert [line[:34].strip() for line in done.stdout.splitlines()] == [
        "reply", "OpenAI Responses, typical answer", "SerpApi AI Mode, 300 KB",
        "DataForSEO SERP, 200 items"]


def test_the_markets_bench_runs_and_prints_each_request():
    done = subprocess.run([sys.executable, os.path.join(os.path.dirname(BENCH), "bench_markets.py"),
                           "--prompts", "2", "--markets", "2", "--personas", "1", "--days", "2",
                           "--rounds", "1"], capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("2 prompts x 2 markets x 1 personas x 3 engines, 2 days: 24 "
                                  "chats (without markets: 12)")
    assert [line.split(" | ")[0] for line in done.stdout.splitlines()[3:]] == [
        "| rankings", "| rankings groupBy=market (the market x brand table)",
        "| rankings marketId=1", "| POST /signals/scan (two 7-day windows)"]


def test_the_ingest_bench_prints_the_floor_ratio():
    """One round of one prompt: the worker's write transactions replayed without triggers."""
    done = subprocess.run([sys.executable, os.path.join(os.path.dirname(BENCH), "bench_ingest.py"),
                           "--prompts", "1", "--rounds", "1"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    floor = [line for line in done.stdout.splitlines() if line.startswith("floor ratio: ")]
    assert len(floor) == 1 and float(floor[0].split(": ")[1]) > 0
    counted = {line.split()[-2]: int(line.split()[-1]) for line in done.stdout.splitlines()
               if line.startswith(("  with the triggers ", "  the floor "))}
    assert counted["triggers"] > counted["floor"] > 0
    done = subprocess.run([sys.executable, os.path.join(os.path.dirname(BENCH), "bench_ingest.py"),
                           "--prompts", "1", "--per-trigger", "--location", "US"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    by_trigger = {line.rsplit(None, 1)[0]: float(line.split()[-1]) for line in done.stdout.splitlines()[2:]}
    assert by_trigger["chats_by_location_insert"] > 0 and by_trigger["every trigger"] > 0
    done = subprocess.run([sys.executable, os.path.join(os.path.dirname(BENCH), "bench_ingest.py"),
                           "--prompts", "1", "--bytecodes"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[1].split()[:2] == ["this", "tree"]
    assert float(done.stdout.splitlines()[1].split()[-1]) > 0


def test_the_reprepares_tool_counts_a_worker_run_and_compares_plans(tmp_path):
    """A worker's run of two prompts counted, dumped and compared with itself (nm, which the tool
    reads apsw's symbols with, is installed by ./build test: never skipped)."""
    tool = os.path.join(os.path.dirname(BENCH), "reprepares.py")
    dump = str(tmp_path / "plans.json")
    done = subprocess.run([sys.executable, tool, "ingest", "--prompts", "2", "--repeat", "1", "--dump", dump],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Worker.run_pending(), 2 prompts" in done.stdout
    done = subprocess.run([sys.executable, tool, "--compare", dump, dump], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert " 0 plans changed, 0 and 0 only in one" in done.stdout


def test_the_capacity_bench_runs_and_prints_its_table():
    """Two workers against the stand-in answering at once, a 0.7 s window, no backup."""
    done = subprocess.run([sys.executable, os.path.join(os.path.dirname(BENCH), "bench_capacity.py"),
                           "--workers", "2", "--latency", "0.05,0.1", "--warmup", "0.3", "--window", "0.7",
                           "--probe", "10", "--backup-mb", "0"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].startswith("| workers | chats/day | CPU ms/chat |")
    assert lines[3].startswith("| 2 | ") and lines[3].endswith(" | 0 of 8 |")
    assert lines[5].startswith("database growth: ") and lines[-1].startswith("ceiling implied")
