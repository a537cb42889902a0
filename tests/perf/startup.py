"""Measure the frozen builds: size, exec -> first answered request, resident memory.

    .venv/bin/python tests/perf/startup.py [--runs 9] [--load-seconds 5]
    .venv/bin/python tests/perf/startup.py --variants dist/tracker,hello-world --prebuilt before=PATH

Needs `./build binary` first (for PyInstaller in .venv). Builds each variant of
packaging/tracker.spec into a temporary folder, then reports for each: its size on disk;
the median and the fastest time from exec to the first 200 of GET /healthz over `--runs`
starts on a database that already exists (variants take turns, after a warm-up round), and
the median CPU time the build's processes had used by then (on a shared machine the wall
time also holds the waits for a core, which the CPU time does not; a busy machine slows
both, the wall time much more);
the resident memory of the process that serves (for a one-file build the child, whose
parent only waits), idle and at its peak under `--load-seconds` of authenticated
GET /api/v1/workspace from 8 keep-alive clients on 127.0.0.1. Prints a Markdown table.

The hello-world (tests/perf/hello_world.py: bottle, cheroot and apsw answering one route,
frozen with the spec's own options) is the floor: the table's last column is each build's
median start-up over the hello-world's (issue 43: dist/tracker within 1.3x). `--variants`
picks variants by a part of their names; `--prebuilt NAME=PATH` adds a binary built before
(an earlier commit's dist/tracker), started in turns with the others.
"""

import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VENV_BIN = os.path.join(ROOT, ".venv", "bin")

# name -> extra arguments for packaging/tracker.spec (None: not frozen, python tracker.py)
VARIANTS = {
    "one file, stripped, stored (dist/tracker)": [],
    "one file, stripped, compressed": ["--compress"],
    "one file, compressed (PyInstaller's defaults)": ["--compress", "--no-strip"],
    "one folder, stripped": ["--onedir"],
    "not frozen (python tracker.py)": None,
    "hello-world: bottle, cheroot, apsw, one route (one file, stripped, stored)": ["--hello-world"],
}
HELLO_WORLD = "hello-world"


def build(spec_args, folder, workpath):
    """Build one variant into folder; return the command that runs it and its size in bytes."""
    if spec_args is None:
        return [os.path.join(VENV_BIN, "python"), os.path.join(ROOT, "tracker.py")], None
    dist = os.path.join(folder, "dist")
    subprocess.run([os.path.join(VENV_BIN, "pyinstaller"), "--noconfirm", "--log-level", "WARN",
                    "--distpath", dist, "--workpath", workpath,
                    os.path.join(ROOT, "packaging", "tracker.spec"), "--", *spec_args],
                   check=True)
    if "--onedir" in spec_args:
        folder = os.path.join(dist, "tracker")
        size = sum(os.path.getsize(os.path.join(parent, name))
                   for parent, _, names in os.walk(folder) for name in names)
        return [os.path.join(folder, "tracker")], size
    name = HELLO_WORLD if "--hello-world" in spec_args else "tracker"
    return [os.path.join(dist, name)], os.path.getsize(os.path.join(dist, name))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(command, db_path):
    """Start `serve`; return (process, port, seconds from exec to the first 200, CPU
    seconds used by then)."""
    port = free_port()
    started = time.perf_counter()
    process = subprocess.Popen([*command, "serve", "--db", db_path, "--port", str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while True:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        try:
            connection.request("GET", "/healthz")
            status = connection.getresponse().status
        except OSError:
            if process.poll() is not None:
                raise RuntimeError("%s exited with %s" % (command, process.returncode))
            time.sleep(0.002)
            continue
        finally:
            connection.close()
        if status != 200:
            stop(process)
            raise RuntimeError("GET /healthz answered %d" % status)
        return process, port, time.perf_counter() - started, cpu_seconds(process.pid)


def stop(process):
    # cheroot can hang in stop() when SIGTERM lands while it is still handling a
    # connection just answered; give it a moment to go idle (not part of any figure).
    time.sleep(0.3)
    process.send_signal(signal.SIGTERM)
    process.wait(15)


def serving_pid(process):
    """The pid that answers: a one-file build's bootloader runs the app in a child."""
    children = open("/proc/%d/task/%d/children" % (process.pid, process.pid)).read().split()
    return int(children[0]) if children else process.pid


def cpu_seconds(pid):
    """CPU time used so far by every thread of pid and of its children (a one-file
    build's bootloader and the app it runs): the first field of each task's schedstat."""
    pids = [pid] + [int(child) for child in
                    open("/proc/%d/task/%d/children" % (pid, pid)).read().split()]
    return sum(int(open("/proc/%d/task/%s/schedstat" % (owner, task)).read().split()[0])
               for owner in pids for task in os.listdir("/proc/%d/task" % owner)) / 1e9


def rss_kib(pid):
    for line in open("/proc/%d/status" % pid):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS for %d" % pid)


def load(port, key, seconds, clients=8):
    """Keep-alive GET /api/v1/workspace from several threads for a bounded time."""
    deadline = time.monotonic() + seconds
    counts = []

    def client():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        done = 0
        while time.monotonic() < deadline:
            connection.request("GET", "/api/v1/workspace", headers={"Authorization": "Bearer " + key})
            reply = connection.getresponse()
            reply.read()
            assert reply.status == 200, reply.status
            done += 1
        counts.append(done)
    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    return threads, counts


def prepare(command, folder):
    """A database with a workspace and a key without a practical rate limit; (path, key).
    The hello-world makes none: tracker (not frozen) makes its database."""
    if HELLO_WORLD in command[-1]:
        command = [os.path.join(VENV_BIN, "python"), os.path.join(ROOT, "tracker.py")]
    db_path = os.path.join(folder, "bench.db")
    subprocess.run([*command, "init", "--db", db_path], stdout=subprocess.DEVNULL, check=True)
    workspace = json.loads(subprocess.check_output([*command, "workspace", "create", "Bench",
                                                    "--db", db_path]))
    key = json.loads(subprocess.check_output([*command, "key", "create", str(workspace["id"]),
                                              "--rate-limit", "100000000", "--db", db_path]))
    return db_path, key["key"]


def memory(command, db_path, key, load_seconds):
    """RSS in KiB of the serving process idle and at its peak under load, of a one-file
    build's parent (0 for other builds), and the requests answered per second."""
    process, port, *_ = start(command, db_path)
    try:
        time.sleep(1)
        pid = serving_pid(process)
        idle = rss_kib(pid)
        parent = rss_kib(process.pid) if pid != process.pid else 0
        threads, counts = load(port, key, load_seconds)
        peak = idle
        while any(thread.is_alive() for thread in threads):
            peak = max(peak, rss_kib(pid))
            time.sleep(0.05)
    finally:
        stop(process)
    return idle, peak, parent, sum(counts) / load_seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--load-seconds", type=float, default=5)
    parser.add_argument("--variants", help="comma-separated parts of the variants' names (default: all)")
    parser.add_argument("--prebuilt", action="append", default=[], metavar="NAME=PATH",
                        help="a one-file binary built before, started in turns with the variants")
    args = parser.parse_args()
    chosen = {name: spec_args for name, spec_args in VARIANTS.items()
              if not args.variants or any(part in name for part in args.variants.split(","))}
    with tempfile.TemporaryDirectory(prefix="tracker-perf-") as workdir:
        variants = []
        for index, (name, spec_args) in enumerate(chosen.items()):
            folder = os.path.join(workdir, str(index))
            os.mkdir(folder)
            command, size = build(spec_args, folder, os.path.join(workdir, "work"))
            variants.append((name, command, size, *prepare(command, folder)))
        for index, prebuilt in enumerate(args.prebuilt):
            name, path = prebuilt.split("=", 1)
            folder = os.path.join(workdir, "prebuilt-%d" % index)
            os.mkdir(folder)
            variants.append((name, [os.path.abspath(path)], os.path.getsize(path),
                             *prepare([os.path.abspath(path)], folder)))
        # Starts take turns, so whatever else runs on the machine slows every variant
        # alike; the first round warms the page cache and is not counted.
        times = {name: [] for name, *_ in variants}
        cpu_times = {name: [] for name, *_ in variants}
        load = os.getloadavg()[0]
        for run in range(args.runs + 1):
            for name, command, _, db_path, _ in variants:
                process, _, seconds, cpu = start(command, db_path)
                stop(process)
                if run:
                    times[name].append(seconds * 1000)
                    cpu_times[name].append(cpu * 1000)
        load = (load, os.getloadavg()[0])
        floor = next((statistics.median(times[name]) for name in times if HELLO_WORLD in name), None)
        rows = []
        for name, command, size, db_path, key in variants:
            idle, peak, parent, rate = memory(command, db_path, key, args.load_seconds)
            rows.append([name, "—" if size is None else "%.1f MB" % (size / 1e6),
                         "%d ms" % statistics.median(times[name]), "%d ms" % min(times[name]),
                         "%d ms" % statistics.median(cpu_times[name]),
                         "%.1f MB" % (idle / 1024), "%.1f MB" % (peak / 1024),
                         "%.1f MB" % (parent / 1024) if parent else "—", "%d" % rate,
                         "%.2f×" % (statistics.median(times[name]) / floor) if floor else "—"])
    print("| build | size | exec → first 200, median | fastest | CPU time by then, median "
          "| RSS idle | RSS under load (peak) | + one-file parent | requests/s under load "
          "| start-up over the hello-world's |")
    print("|" + "---|" * len(rows[0]))
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print("\nLoad average (1 minute) when the starts began and ended: %.1f, %.1f on %d cores"
          % (*load, os.cpu_count()))


if __name__ == "__main__":
    sys.exit(main())
