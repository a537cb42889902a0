"""Access-log ingest: lines a second on one core, and peak memory, for a large log.

Writes a combined-format log (cached in --cache between runs) of --lines lines, or of about
--gigabytes GB, with a site's mix: people on 2,000 pages (a tenth referred by assistants),
search and AI crawlers (a fifth of them from outside their ranges), other bots. Then, in a
fresh process on a new database, reads it as `tracker traffic ingest` does and prints the
lines a second (wall clock and CPU) and the process's peak resident memory, before and
after reading (the difference is what the ingest held); with --against COMMIT, that commit's
tracker.py too (with this tree's agents and ranges), the two alternating for --rounds rounds.
Beside it, the floor: the CPU time of the least a Python reader does, each line read, decoded
and split at its quotes, so that the ratio of the two still means something on a machine busy
with other work.

    python tests/perf/bench_traffic.py                      # 1,000,000 lines
    python tests/perf/bench_traffic.py --gigabytes 1        # about 5 million lines
    python tests/perf/bench_traffic.py --against main --rounds 3   # side by side with main
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")

AGENTS = [  # (weight, user agent, addresses in range, out of range)
    (55, "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
         "Chrome/120.0.0.0 Safari/537.36", None),
    (8, "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
        "Gecko) Version/17.1 Mobile/15E148 Safari/604.1", None),
    (10, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "66.249.64."),
    (5, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; "
        "+http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36", "157.55.39."),
    (6, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; "
        "+https://openai.com/gptbot", "20.171.206."),
    (3, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; "
        "+https://openai.com/bot", "23.98.142."),
    (4, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; "
        "+claudebot@anthropic.com)", None),
    (3, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; "
        "+https://perplexity.ai/perplexitybot)", "44.208.221."),
    (3, "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)", None),
    (3, "curl/8.4.0", None),
]
REFERERS = ["-"] * 80 + ["https://www.google.com/"] * 10 + [
    "https://chatgpt.com/", "https://www.perplexity.ai/", "https://gemini.google.com/"] * 3 + [
    "https://copilot.microsoft.com/"]


def write_log(path, lines):
    rng = random.Random(7)
    weights = [weight for weight, _, _ in AGENTS]
    pages = ["/docs/page-%d" % n for n in range(1500)] + ["/blog/post-%d" % n for n in range(500)]
    start = 1795000000
    with open(path, "w") as out:
        chunk = []
        for n in range(lines):
            _, agent, prefix = rng.choices(AGENTS, weights)[0]
            if prefix and rng.random() < 0.8:
                address = prefix + str(rng.randrange(1, 250))
            else:
                address = "203.0.%d.%d" % (rng.randrange(0, 255), rng.randrange(1, 250))
            moment = time.strftime("%d/%b/%Y:%H:%M:%S", time.gmtime(start + n // 20))
            page = rng.choice(pages) + ("?utm_source=chatgpt.com" if rng.random() < 0.01 else "")
            chunk.append('%s - - [%s +0000] "GET %s HTTP/1.1" 200 %d "%s" "%s"\n' % (
                address, moment, page, rng.randrange(200, 90000),
                rng.choice(REFERERS) if prefix is None else "-", agent))
            if len(chunk) == 10000:
                out.write("".join(chunk))
                chunk = []
        out.write("".join(chunk))


MEASURE = """
import json, sys, time
sys.path.insert(0, %(root)r)
import tracker
db = tracker.Database(%(db)r)
workspace = tracker.create_workspace(db, "Bench")["id"]
stamp = db.now()
with db.write() as c:
    c.execute("INSERT INTO brands (workspace_id, name, name_key, domains, type, created_at, "
              "updated_at) VALUES (?, 'Acme', 'acme', '[\\"acme.com\\"]', 'own', ?, ?)",
              (workspace, stamp, stamp))
    c.execute("INSERT INTO traffic_ranges (name, url, prefixes, fetched_at) VALUES "
              "('openai-gptbot', 'x', '[\\"20.171.206.0/24\\"]', ?), "
              "('googlebot', 'x', '[\\"66.249.64.0/19\\"]', ?)", (stamp, stamp))
    c.execute("INSERT INTO traffic_settings VALUES (?, 3650)", (workspace,))
def peak_kib():  # VmHWM: unlike ru_maxrss, not inherited from the parent across exec
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM"))
before = peak_kib()
wall, cpu = time.perf_counter(), time.process_time()
with open(%(log)r, "rb") as log:
    report = tracker.ingest_log(db, workspace, log, host="acme.com")
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
floor = time.process_time()
with open(%(log)r, "rb") as log:
    for raw in log:
        raw.decode("utf-8", "replace").rstrip("\\r\\n").split('"')
floor = time.process_time() - floor
print(json.dumps({"floor": floor, "lines": report["lines"], "kept": report["kept"], "wall": wall, "cpu": cpu,
                  "rss_before_kb": before,
                  "rss_peak_kb": peak_kib(),
                  "classes": report["classes"], "spoofed": report["spoofed"]}))
"""


def measure(root, log):
    """The figures of one ingest of log by root's tracker.py, in a fresh process on a new
    database."""
    with tempfile.TemporaryDirectory() as folder:
        code = MEASURE % {"root": os.path.abspath(root), "db": os.path.join(folder, "bench.db"),
                          "log": log}
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        if done.returncode:
            sys.exit(done.stderr)
        return json.loads(done.stdout)


def show(name, result):
    """Print one run's figures, each line led by name."""
    print("%s: ingest: %.1f s wall, %.1f s CPU: %s lines/s (wall), %s lines/s (CPU)" % (
        name, result["wall"], result["cpu"], format(round(result["lines"] / result["wall"]), ","),
        format(round(result["lines"] / result["cpu"]), ",")))
    print("%s: floor (read, decode and split each line): %.1f s CPU: ingest costs %.1f times the "
          "floor" % (name, result["floor"], result["cpu"] / result["floor"]))
    print("%s: peak RSS: %.1f MB before reading, %.1f MB after: %.1f MB held by the ingest" % (
        name, result["rss_before_kb"] / 1024, result["rss_peak_kb"] / 1024,
        (result["rss_peak_kb"] - result["rss_before_kb"]) / 1024))
    print("%s: classes: %s; spoofed: %s" % (name, json.dumps(result["classes"]), result["spoofed"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--gigabytes", type=float, help="a log of about this size instead")
    parser.add_argument("--cache", default=tempfile.gettempdir(), help="where the log is kept")
    parser.add_argument("--against", metavar="COMMIT",
                        help="also measure that commit's tracker.py, alternating with this tree's")
    parser.add_argument("--rounds", type=int, default=1, help="runs of each (the best CPU is shown)")
    args = parser.parse_args()
    lines = int(args.gigabytes * 1e9 / 215) if args.gigabytes else args.lines
    log = os.path.join(args.cache, "bench-traffic-%d.log" % lines)
    if not os.path.exists(log):
        print("writing %s (%d lines)..." % (log, lines), flush=True)
        write_log(log + ".part", lines)
        os.replace(log + ".part", log)
    print("log: %s, %s lines, %.1f MB" % (log, format(lines, ","), os.path.getsize(log) / 1e6))
    with tempfile.TemporaryDirectory() as other:
        roots = {"this tree": ROOT}
        if args.against:
            from bench_export import checkout
            checkout(args.against, other)
            # this tree's agents and ranges for both, so that only the code differs
            shutil.copytree(os.path.join(ROOT, "packaging"), os.path.join(other, "packaging"))
            roots[args.against] = other
        best = {}
        for number in range(args.rounds):  # alternated, so that both meet the same load
            for name, root in roots.items():
                result = measure(root, log)
                print("round %d, %s: %.1f s CPU, %s lines/s (CPU)" % (
                    number + 1, name, result["cpu"], format(round(result["lines"] / result["cpu"]), ",")),
                    flush=True)
                if name not in best or result["cpu"] < best[name]["cpu"]:
                    best[name] = result
    for name, result in best.items():
        show(name, result)
    if args.against:
        print("this tree reads the log in %.2f times the CPU time of %s" % (
            best["this tree"]["cpu"] / best[args.against]["cpu"], args.against))


if __name__ == "__main__":
    main()
