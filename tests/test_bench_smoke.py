"""The benchmarks' harnesses work: tiny runs end to end (no figure is checked)."""

import os
import shutil
import subprocess
import sys


BENCH = os.path.join(os.path.dirname(__file__), "perf", "bench.py")


def test_bench_runs_and_prints_its_tables(tmp_path):
    """--client auto: wrk when installed, else the Python load generator (as in CI)."""
    done = subprocess.run([sys.executable, BENCH, "--smoke", "--no-install", "--client", "auto",
                           "--only", "workspace,list,patch,bulk", "--cache", str(tmp_path)],
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "| GET /workspace |" in done.stdout
    assert "| target | measured | met |" in done.stdout
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
    assert lines[-2].split() == ["median", "ms", "before", "after", "ratio"]
    assert lines[-1].startswith("rankings 30 d compare")
