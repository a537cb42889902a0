"""The HTTP benchmark's harness works: a tiny run end to end (no figure is checked)."""

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
