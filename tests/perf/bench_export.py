"""Memory of a streamed export: a year of chats as CSV from a real server.

Generates (or reuses) bench_analytics.py's workspace at --scale, starts `tracker serve`
on it, streams /analytics/chats?format=csv for a month and for the whole year, and
prints the server's peak resident memory (VmHWM) after each, with rows, bytes and time.

    python tests/perf/bench_export.py --scale 0.1   # 292,000 chats
"""

import argparse
import os
import subprocess
import sys
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


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scale", type=float, default=0.1)
    parser.add_argument("--cache", default="/tmp/tracker-bench")
    parser.add_argument("--port", type=int, default=18431)
    options = parser.parse_args()
    path, key = bench_analytics.database(options.cache, options.scale)
    server = subprocess.Popen([sys.executable, os.path.join(REPO, "tracker.py"), "--db", path,
                               "serve", "--port", str(options.port), "--runs", "off"],
                              stderr=subprocess.DEVNULL)
    try:
        base = "http://127.0.0.1:%d/api/v1" % options.port
        for _ in range(100):
            try:
                stream(base + "/workspace", key)
                break
            except OSError:
                time.sleep(0.1)
        print("server idle: peak %d KiB" % peak_kib(server.pid))
        for days in (30, 365):
            window = bench_analytics.window(days)
            url = "%s/analytics/chats?format=csv&from=%s&to=%s" % (base, window["from"], window["to"])
            rows, size, seconds = stream(url, key)
            print("chats %3d d: %d lines, %.1f MB in %.1f s; server peak %d KiB"
                  % (days, rows, size / 1e6, seconds, peak_kib(server.pid)))
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
