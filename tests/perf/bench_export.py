"""Time and memory of streamed exports from a real server.

Generates (or reuses) bench_analytics.py's workspace at --scale, starts `tracker serve`
on it, streams /analytics/chats?format=csv for a month and for the whole year, and a
year of cited URLs (/analytics/sources?groupBy=url&format=csv, an aggregate), and prints
rows, bytes and time with the server's peak resident memory (VmHWM) after each. With
--against COMMIT, the same exports from that commit's tracker.py run next, on the same
database, so the two are compared side by side.

    python tests/perf/bench_export.py --scale 0.1   # 292,000 chats
    python tests/perf/bench_export.py --scale 0.05 --against main
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
import bench_analytics  # noqa: E402

REPO = os.path.join(os.path.dirname(__file__), "..", "..")


def peak_kib(pid):
    with open("/proc/%d/status" % pid) as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM"))


def stream(url, key):
    """(rows, bytes, seconds) of one streamed answer, read in 64 KiB pieces."""
    started = time.perf_counter()
    request = urllib.request.Request(url, headers={"Authorization": "Bearer " + key})
    rows = size = 0
    with urllib.request.urlopen(request) as answer:
        while piece := answer.read(65536):
            size += len(piece)
            rows += piece.count(b"\r\n")
    return rows, size, time.perf_counter() - started


def exports():
    """(label, path and query) of each export measured."""
    def span(days):
        window = bench_analytics.window(days)
        return "from=%s&to=%s" % (window["from"], window["to"])
    return [("chats  30 d", "/analytics/chats?format=csv&" + span(30)),
            ("chats 365 d", "/analytics/chats?format=csv&" + span(365)),
            ("urls  365 d", "/analytics/sources?groupBy=url&format=csv&" + span(365))]


def measure(name, script, path, key, port):
    """Start `tracker serve` from script on the database at path and stream every export."""
    server = subprocess.Popen([sys.executable, script, "--db", path, "serve", "--port", str(port),
                               "--runs", "off"], stderr=subprocess.DEVNULL)
    try:
        base = "http://127.0.0.1:%d/api/v1" % port
        for _ in range(100):
            try:
                stream(base + "/workspace", key)
                break
            except OSError:
                time.sleep(0.1)
        print("%s: server idle: peak %d KiB" % (name, peak_kib(server.pid)), flush=True)
        for label, query in exports():
            rows, size, seconds = stream(base + query, key)
            print("%s: %s: %d lines, %.1f MB in %.1f s; server peak %d KiB"
                  % (name, label, rows, size / 1e6, seconds, peak_kib(server.pid)), flush=True)
    finally:
        server.terminate()
        server.wait()


def checkout(commit, directory):
    """tracker.py and schema.sql of commit, written into directory; the script's path."""
    archive = subprocess.run(["git", "-C", REPO, "archive", commit, "tracker.py", "schema.sql"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", directory], input=archive, check=True)
    return os.path.join(directory, "tracker.py")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scale", type=float, default=0.1)
    parser.add_argument("--cache", default="/tmp/tracker-bench")
    parser.add_argument("--port", type=int, default=18431)
    parser.add_argument("--against", metavar="COMMIT", help="also measure this commit's tracker.py")
    options = parser.parse_args()
    path, key = bench_analytics.database(options.cache, options.scale)
    measure("this tree", os.path.join(REPO, "tracker.py"), path, key, options.port)
    if options.against:
        with tempfile.TemporaryDirectory() as directory:
            measure(options.against, checkout(options.against, directory), path, key, options.port)


if __name__ == "__main__":
    main()
