"""Markets and personas at size (issue 40): a workspace of prompts x markets x personas x
engines for days of chats, against the same workspace without markets (its prompts asked
once per engine and day), side by side: the rankings, the rankings per market
(groupBy=market: the market x brand table's figures), one market's rankings, and a signal
scan (which tests each market and persona too).

    .venv/bin/python tests/perf/bench_markets.py                  # 200 x 6 x 3 x 3, 90 days
    .venv/bin/python tests/perf/bench_markets.py --prompts 20 --days 14    # a quick run

Chats are written straight into the database (their rollups kept by its triggers), a run per
prompt and day; each names one to three of ten brands. Requests go through make_app in
process (WebTest), the median of --rounds each.
"""

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

import webtest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import tracker  # noqa: E402
from bench_analytics import computing  # noqa: E402
from conftest import Api  # noqa: E402

ENGINES = ("openai-responses", "anthropic", "gemini")
BRANDS = 10
END = 1_795_000_000.0  # 2026-11-18, a fixed clock


def build(path, prompts, markets, personas, days):
    """A database at path with one workspace as described above; its Api."""
    db = tracker.Database(path, clock=lambda: END)
    app = computing(tracker, tracker.make_app(db, runs="off"))
    workspace = tracker.create_workspace(db, "Bench")
    api = Api(webtest.TestApp(app), tracker.create_key(db, workspace["id"], rate_limit=10 ** 6)["key"],
              workspace["id"])
    for index in range(markets):
        api.post("/markets", {"name": "market %d" % index, "country": ("DE", "FR", "ES", "IT", "NL",
                                                                       "PL", "SE", "AT")[index % 8],
                              "language": "de"})
    for index in range(personas):
        api.post("/personas", {"name": "persona %d" % index, "description": "a buyer %d" % index})
    for index in range(BRANDS):
        api.post("/brands", {"name": "Brand%d" % index})
    body = [{"text": "question %d" % n, "marketIds": list(range(1, markets + 1)),
             "personaIds": list(range(1, personas + 1))} for n in range(prompts)]
    for start in range(0, prompts, 500):
        api.post("/prompts", {"prompts": body[start:start + 500]})
    cells = [(m, p) for m in (range(1, markets + 1) or [None]) for p in (range(1, personas + 1)
                                                                        or [None])]
    rng = random.Random(7)
    chat_id = 0
    with db.write() as connection:
        connection.execute("UPDATE prompts SET status = 'paused'")  # no run of its own
        for day in range(days):
            at = tracker.iso_timestamp(END - (days - day) * 86400 + 3600)
            for prompt_id in range(1, prompts + 1):
                run_id = connection.execute(
                    "INSERT INTO runs (workspace_id, prompt_id, state, scheduled_at, not_before, "
                    "created_at, updated_at) VALUES (?, ?, 'done', ?, ?, ?, ?) RETURNING id",
                    (workspace["id"], prompt_id, at, at, at, at)).fetchall()[0]["id"]
                chats, brands = [], []
                for market_id, persona_id in cells:
                    for engine in ENGINES:
                        chat_id += 1
                        chats.append((chat_id, workspace["id"], run_id, prompt_id, engine, at,
                                      market_id, persona_id))
                        named = rng.sample(range(1, BRANDS + 1), rng.randint(1, 3))
                        brands += [(chat_id, brand, workspace["id"], position, engine, at)
                                   for position, brand in enumerate(named, 1)]
                connection.executemany(
                    "INSERT INTO chats (id, workspace_id, run_id, prompt_id, prompt_text, engine, "
                    "model, answer, latency_ms, created_at, market_id, persona_id) VALUES "
                    "(?, ?, ?, ?, 'q', ?, 'm', 'a', 1, ?, ?, ?)", chats)
                connection.executemany(
                    "INSERT INTO chat_brands (chat_id, brand_id, workspace_id, position, mentions, "
                    "cited, engine, created_at) VALUES (?, ?, ?, ?, 1, 0, ?, ?)", brands)
    return api, chat_id


def timed(api, path, rounds, method="get"):
    """The median milliseconds of rounds GETs of path (or POSTs of an empty body)."""
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        if method == "get":
            api.get(path)
        else:
            api.post(path, {}, status=200)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--prompts", type=int, default=200)
    parser.add_argument("--markets", type=int, default=6)
    parser.add_argument("--personas", type=int, default=3)
    parser.add_argument("--days", type=int, default=90)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--target-ms", type=float, default=300)
    args = parser.parse_args(argv)
    folder = tempfile.mkdtemp(prefix="bench-markets-")
    started = time.perf_counter()
    with_markets, chats = build(os.path.join(folder, "markets.db"), args.prompts, args.markets,
                                args.personas, args.days)
    without, plain_chats = build(os.path.join(folder, "plain.db"), args.prompts, 0, 0, args.days)
    print("%d prompts x %d markets x %d personas x %d engines, %d days: %d chats (without "
          "markets: %d), built in %.0f s" % (args.prompts, args.markets, args.personas,
                                             len(ENGINES), args.days, chats, plain_chats,
                                             time.perf_counter() - started))
    window = "from=%s&to=%s" % (tracker.iso_timestamp(END - 30 * 86400)[:10],
                                tracker.iso_timestamp(END)[:10])
    print("| request (last 30 days) | with markets, ms | without, ms | ratio | under %g ms |"
          % args.target_ms)
    print("|---|---:|---:|---:|:-:|")
    base = timed(without, "/analytics/rankings?" + window, args.rounds)
    for label, path in (("rankings", "/analytics/rankings?"),
                        ("rankings groupBy=market (the market x brand table)",
                         "/analytics/rankings?groupBy=market&"),
                        ("rankings marketId=1", "/analytics/rankings?marketId=1&")):
        ms = timed(with_markets, path + window, args.rounds)
        print("| %s | %.0f | %.0f | %.1f | %s |" % (label, ms, base, ms / base,
                                                    "yes" if ms < args.target_ms else "no"))
    # a signal scan of the two 7-day windows before END (each market and persona tested too)
    scan, plain_scan = (timed(api, "/signals/scan", args.rounds, "post")
                        for api in (with_markets, without))
    print("| POST /signals/scan (two 7-day windows) | %.0f | %.0f | %.1f | |"
          % (scan, plain_scan, scan / plain_scan))
    return 0


if __name__ == "__main__":
    sys.exit(main())
