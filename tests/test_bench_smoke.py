"""The HTTP benchmark's harness works: a tiny run end to end (no figure is checked)."""

import os
import shutil
import subprocess
import sys

import pytest

BENCH = os.path.join(os.path.dirname(__file__), "perf", "bench.py")


@pytest.mark.parametrize("client, only", [
    ("auto", "workspace,list,patch,bulk"),  # wrk when installed (never installed here)
    ("python", "workspace,patch"),          # the fallback load generator
])
def test_bench_runs_and_prints_its_tables(tmp_path, client, only):
    done = subprocess.run([sys.executable, BENCH, "--smoke", "--no-install", "--client", client,
                           "--only", only, "--cache", str(tmp_path)],
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "| GET /workspace |" in done.stdout
    assert "| target | measured | met |" in done.stdout
    if client == "auto" and shutil.which("wrk"):
        assert "load: wrk," in done.stdout
        assert "bulk create: median server time" in done.stdout
    if client == "python":
        assert "load: python," in done.stdout
    assert not [name for name in os.listdir(tmp_path) if name.startswith("run-")]
