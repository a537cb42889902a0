"""Time and memory of streamed exports from a real server.

Generates (or reuses) bench_analytics.py's workspace at --scale, starts `tracker serve`
on it, streams /analytics/chats?format=csv for a month and for the whole year, and a
year of cited URLs (/analytics/sources?groupBy=url, an aggregate) as CSV and NDJSON, and
prints lines, bytes, time and time to the first byte with the server's peak resident
memory (VmHWM) after each; --only picks exports by label. With --against COMMIT, the
same exports from that commit's tracker.py run next, on the same database, so the two
are compared side by side. With --by-page, that commit is timed on one page of URLs
(its export recomputed the aggregate for each page of 200) instead, and its export's time
estimated as that page's times the number of pages: hours at the full size.

    python tests/perf/bench_export.py --scale 0.1   # 292,000 chats
    python tests/perf/bench_export.py --scale 0.05 --against main
    python tests/perf/bench_export.py --scale 1 --only urls --against c53bd19 --by-page
"""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
import bench_analytics  # noqa: E402

REPO = os.path.join(os.path.dirname(__file__), "..", "..")


def peak_kib(pid):
    with open("/proc/%d/status" % pid) as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM"))


def stream(url, key):
    """(lines, bytes, seconds, seconds to the first byte) of one streamed answer, read in
    64 KiB pieces."""
    started = time.perf_counter()
    request = urllib.request.Request(url, headers={"Authorization": "Bearer " + key})
    lines = size = 0
    first = None
    with urllib.request.urlopen(request) as answer:
        while piece := answer.read(65536):
            first = first or time.perf_counter() - started
            size += len(piece)
            lines += piece.count(b"\n")
    return lines, size, time.perf_counter() - started, first


def span(days):
    window = bench_analytics.window(days)
    return "from=%s&to=%s" % (window["from"], window["to"])


def exports():
    """(label, path and query) of each export measured."""
    return [("chats  30 d", "/analytics/chats?format=csv&" + span(30)),
            ("chats 365 d", "/analytics/chats?format=csv&" + span(365)),
            ("urls  365 d csv", "/analytics/sources?groupBy=url&format=csv&" + span(365)),
            ("urls  365 d ndjson", "/analytics/sources?groupBy=url&format=ndjson&" + span(365))]


# A page of the API (100 at most) computes the whole aggregate as the old export's pages
# of 200 (EXPORT_BATCH_ROWS) each did, and keeps one of its slices.
URL_PAGE = "/analytics/sources?groupBy=url&perPage=100&" + span(365)


def by_page(base, key):
    """Time one page of URLs; print it with the estimate for a whole export by pages of 200."""
    started = time.perf_counter()
    request = urllib.request.Request(base + URL_PAGE, headers={"Authorization": "Bearer " + key})
    with urllib.request.urlopen(request) as answer:
        total = json.load(answer)["data"]["total"]
    seconds = time.perf_counter() - started
    pages = math.ceil(total / 200)
    return "one page of %d URLs in %.1f s; %d pages of 200: about %.0f s by pages" % (
        total, seconds, pages, pages * seconds)


def measure(name, script, path, key, port, only, paged=False, flags=()):
    """Start `tracker serve` from script on the database at path (with flags) and stream
    each export whose label holds only (or time one page of URLs: paged)."""
    server = subprocess.Popen([sys.executable, script, "--db", path, "serve", "--port", str(port),
                               "--runs", "off", *flags], stderr=subprocess.DEVNULL)
    try:
        base = "http://127.0.0.1:%d/api/v1" % port
        for _ in range(100):
            try:
                stream(base + "/workspace", key)
                break
            except OSError:
                time.sleep(0.1)
        print("%s: server idle: peak %d KiB" % (name, peak_kib(server.pid)), flush=True)
        if paged:
            print("%s: %s; server peak %d KiB" % (name, by_page(base, key), peak_kib(server.pid)),
                  flush=True)
            return
        for label, query in exports():
            if only in label:
                try:
                    lines, size, seconds, first = stream(base + query, key)
                except urllib.error.HTTPError as error:  # past its time budget: a 503
                    print("%s: %s: HTTP %d %s" % (name, label, error.code, error.read().decode()),
                          flush=True)
                    continue
                print("%s: %s: %d lines, %.1f MB in %.1f s (first byte %.1f s); server peak %d KiB"
                      % (name, label, lines, size / 1e6, seconds, first, peak_kib(server.pid)),
                      flush=True)
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
    parser.add_argument("--only", default="", metavar="TEXT",
                        help="only the exports whose label holds TEXT (chats, urls, ndjson)")
    parser.add_argument("--export-budget", metavar="DURATION",
                        help="serve this tree with --export-budget DURATION (default 5m)")
    parser.add_argument("--by-page", action="store_true",
                        help="time one page of --against's export and estimate the whole")
    options = parser.parse_args()
    path, key = bench_analytics.database(options.cache, options.scale)
    flags = ["--export-budget", options.export_budget] if options.export_budget else []
    measure("this tree", os.path.join(REPO, "tracker.py"), path, key, options.port, options.only,
            flags=flags)
    if options.against:
        with tempfile.TemporaryDirectory() as directory:
            measure(options.against, checkout(options.against, directory), path, key, options.port,
                    options.only, paged=options.by_page)


if __name__ == "__main__":
    main()
