"""In process: the CPU of a GET whose answer is kept (a hit: the same request again) and of
one after a write (a miss: the revision moved), this tracker.py against another's, side by
side.

Each version is loaded as a module of its own from its file, and serves its own copy of each
database through make_app behind AccessLog, commits watched (as `serve`); a request is one
WSGI call. The versions are timed in turns (time.process_time()), each row the median of the
rounds' per-request means. A miss's write (data_revision moved by one, in its own write
transaction) is not timed.

    .venv/bin/python tests/perf/bench_answer_cache.py --base /tmp/main/tracker.py \\
        /tmp/tracker-bench/bench-d4-s14-1k-w.db:KEY /tmp/tracker-bench/bench-d4-s14-100k.db:KEY
"""

import argparse
import importlib.util
import io
import os
import shutil
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PATHS = ("/api/v1/workspace", "/api/v1/prompts?perPage=20")


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


class Served:
    """One version's app over its own copy of a database."""

    def __init__(self, module, database, workdir):
        copy = os.path.join(workdir, "%s-%s" % (module.__name__, os.path.basename(database)))
        shutil.copyfile(database, copy)
        self.db = module.Database(copy)
        self.db.watch_commits()
        self.app = module.AccessLog(module.make_app(self.db), stream=io.StringIO())

    def get(self, path, key):
        route, _, query = path.partition("?")
        environ = {"REQUEST_METHOD": "GET", "PATH_INFO": route, "QUERY_STRING": query,
                   "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8080", "SERVER_PROTOCOL": "HTTP/1.1",
                   "HTTP_AUTHORIZATION": "Bearer " + key, "wsgi.url_scheme": "http",
                   "wsgi.input": io.BytesIO(), "wsgi.errors": sys.stderr, "wsgi.version": (1, 0),
                   "wsgi.multithread": True, "wsgi.multiprocess": False, "wsgi.run_once": False}
        status = []
        body = b"".join(self.app(environ, lambda line, headers, exc_info=None: status.append(line)))
        assert status[0].startswith("200"), (status, body[:200])
        return body

    def write(self):
        with self.db.write() as connection:
            connection.execute("UPDATE data_revision SET revision = revision + 1")


def mean_cpu(served, path, key, requests, miss):
    spent = 0.0
    for _ in range(requests):
        if miss:
            served.write()
        started = time.process_time()
        served.get(path, key)
        spent += time.process_time() - started
    return spent / requests


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True, help="the other version's tracker.py")
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("databases", nargs="+", metavar="DB:KEY", help="a database and a read key")
    args = parser.parse_args(argv)
    versions = {"base": load("tracker_base", args.base),
                "this": load("tracker_this", os.path.join(ROOT, "tracker.py"))}
    workdir = tempfile.mkdtemp(prefix="answer-cache-")
    try:
        for database in args.databases:
            path_of, _, key = database.rpartition(":")
            served = {name: Served(module, path_of, workdir) for name, module in versions.items()}
            for path in PATHS:
                for miss in (False, True):
                    for one in served.values():
                        assert one.get(path, key) == served["base"].get(path, key)  # identical
                    times = {name: [] for name in served}
                    for round_number in range(args.rounds):
                        order = list(served) if round_number % 2 == 0 else list(served)[::-1]
                        for name in order:
                            times[name].append(mean_cpu(served[name], path, key, args.requests, miss))
                    base, this = (statistics.median(times[name]) * 1e6 for name in ("base", "this"))
                    print("%-32s %-5s %-4s base %7.0f us  this %7.0f us  ratio %.2f" % (
                        path, os.path.basename(path_of)[:18], "miss" if miss else "hit", base, this,
                        this / base), flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
