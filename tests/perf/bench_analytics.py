"""Analytics at a year of data: generate a workspace, time each endpoint, print a table.

The full size is the issue's large self-hosted workspace: 2,000 prompts x 4 engines x
365 daily runs (about 2.9 million chats) with 5 brand rows and 6 sources per chat.
--scale takes fractions of the number of prompts; the history is always a year, so
a fixed date window holds data in proportion to the scale, while the total grows too.

    python tests/perf/bench_analytics.py                    # 1 % and 10 %
    python tests/perf/bench_analytics.py --scale 1          # the full size (slow to generate)

Databases are kept in --cache (default /tmp/tracker-bench) and reused. Times are the
median server time of --repeat in-process requests (WebTest, no sockets).
"""

import argparse
import datetime
import os
import random
import statistics
import sys
import time

import webtest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
import tracker  # noqa: E402

FULL_PROMPTS = 2000
ENGINES = ("chatgpt", "perplexity", "gemini", "claude")
DAYS = 365
BRANDS = 10
DOMAINS = ["site%03d.example" % i for i in range(300)]
NAMES = ["Brand %d" % n for n in range(5)] + ["Other %d" % n for n in range(45)]
END = datetime.datetime(2026, 11, 21, tzinfo=datetime.timezone.utc)


def generate(path, scale, seed=7):
    """Write the scaled workspace into a new database at path; return its API key."""
    rng = random.Random(seed)
    db = tracker.Database(path)
    workspace = tracker.create_workspace(db, "Bench")
    key = tracker.create_key(db, workspace["id"], rate_limit=10 ** 9)["key"]
    connection = db.connection()
    connection.execute("PRAGMA synchronous = OFF")
    ws = workspace["id"]
    stamp = tracker.iso_timestamp(END.timestamp() - DAYS * 86400)
    prompts = max(1, int(FULL_PROMPTS * scale))
    with db.write() as c:
        for n in range(BRANDS):
            c.execute("""INSERT INTO brands (workspace_id, name, name_key, domains, type, created_at,
                         updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)""",
                      (ws, "Brand %d" % n, "brand %d" % n, '["%s"]' % DOMAINS[n],
                       "own" if n == 0 else "competitor", stamp, stamp))
        for n in range(20):
            c.execute("INSERT INTO topics (workspace_id, name, name_key, created_at, updated_at) "
                      "VALUES (?, ?, ?, ?, ?)", (ws, "Topic %d" % n, "topic %d" % n, stamp, stamp))
        for n in range(prompts):
            c.execute("""INSERT INTO prompts (workspace_id, text, status, location, topic_id,
                         dedupe_key, created_at, updated_at) VALUES (?, ?, 'paused', ?, ?, ?, ?, ?)""",
                      (ws, "prompt %d" % n, ("US", "DE", "FR")[n % 3], 1 + n % 20,
                       "prompt %d" % n, stamp, stamp))
    brand_ids = list(range(1, BRANDS + 1))  # 1 is the own brand
    categories = tracker.source_categories(connection, ws)
    for day in range(DAYS):
        moment = END.timestamp() - (DAYS - day) * 86400
        with db.write() as c:
            for prompt in range(1, prompts + 1):
                at = tracker.iso_timestamp(moment + prompt % 3600)
                run = c.execute("""INSERT INTO runs (workspace_id, prompt_id, state, scheduled_at,
                                   not_before, attempts, created_at, updated_at)
                                   VALUES (?, ?, 'done', ?, ?, 1, ?, ?) RETURNING id""",
                                (ws, prompt, at, at, at, at)).fetchall()[0]["id"]
                for engine in ENGINES:
                    chat = c.execute("""INSERT INTO chats (workspace_id, run_id, prompt_id,
                        prompt_text, engine, model, location, answer, latency_ms, created_at)
                        VALUES (?, ?, ?, ?, ?, 'm', ?, 'generated answer', 900, ?) RETURNING id""",
                        (ws, run, prompt, "prompt %d" % prompt, engine, ("US", "DE", "FR")[prompt % 3],
                         at)).fetchall()[0]["id"]
                    named = rng.sample(brand_ids, 5)
                    scores = [round(rng.uniform(-1, 1), 4) for _ in named]
                    c.executemany("""INSERT INTO chat_brands (chat_id, brand_id, workspace_id,
                        position, mentions, cited, engine, created_at, sentiment, sentiment_score)
                        VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?)""",
                        [(chat, b, ws, position, int(rng.random() < 0.3), engine, at,
                          tracker.sentiment_label(score), score)
                         for (position, b), score in zip(enumerate(named, 1), scores)])
                    c.executemany("""INSERT INTO chat_sources (chat_id, workspace_id, url, host,
                        domain, engine, created_at, category) VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
                        [(chat, ws, "https://%s/%d" % (d, rng.randint(0, 50)), d, d, engine, at,
                          categories.category(d))
                         for d in set(rng.sample(DOMAINS[:60], 3) + rng.sample(DOMAINS, 3))])
                    tracker.set_named(c, chat, (int(1 in named), int(any(b != 1 for b in named))))
                    c.executemany("""INSERT INTO chat_names (chat_id, workspace_id, engine,
                        created_at, name, name_key, mentions) VALUES (?, ?, ?, ?, ?, ?, 1)""",
                        [(chat, ws, engine, at, name, name.casefold())
                         for name in rng.sample(NAMES, 2)])
    connection.execute("PRAGMA optimize")
    db.close()
    return key


def ensure_tag(path):
    """Tag every 20th prompt (as many as a topic holds), also in databases cached before
    the benchmark had tags."""
    db = tracker.Database(path)
    with db.write() as c:
        if not tracker.query_one(c, "SELECT 1 AS found FROM tags LIMIT 1"):
            stamp = tracker.iso_timestamp(END.timestamp())
            tag = c.execute("INSERT INTO tags (workspace_id, name, name_key, created_at, updated_at) "
                            "VALUES (1, 'Tag 1', 'tag 1', ?, ?) RETURNING id", (stamp, stamp)).fetchall()[0]["id"]
            c.execute("INSERT INTO prompt_tags (prompt_id, tag_id) SELECT id, ? FROM prompts "
                      "WHERE id % 20 = 7", (tag,))
    while tracker.regroup_prompt(db):  # as the worker would: count their chats in the tag
        pass
    db.close()


def ensure_branded(path):
    """Have every 4th prompt name a brand (branded, its chats moved to the "branded 1"
    group as the worker would) and every 50th chat cut short for length (truncated), also
    in databases cached before the benchmark had them."""
    db = tracker.Database(path)
    with db.write() as c:
        if not tracker.query_one(c, "SELECT 1 AS found FROM prompts WHERE branded LIMIT 1"):
            c.execute("UPDATE prompts SET text = text || ' or Brand ' || (id % 10), branded = 1 "
                      "WHERE id % 4 = 1")
            c.execute("UPDATE chats SET truncated = 1 WHERE id % 50 = 0")
    while tracker.regroup_prompt(db):
        pass
    db.close()


def database(cache, scale):
    os.makedirs(cache, exist_ok=True)
    path = os.path.join(cache, "analytics-%g-v%d.db" % (scale, tracker.SCHEMA_VERSION))
    key_path = path + ".key"
    if not os.path.exists(key_path):
        for leftover in (path, path + "-wal", path + "-shm"):
            if os.path.exists(leftover):
                os.remove(leftover)
        started = time.perf_counter()
        key = generate(path, scale)
        print("generated %s in %.0f s" % (path, time.perf_counter() - started), flush=True)
        with open(key_path, "w") as out:
            out.write(key)
    ensure_tag(path)
    ensure_branded(path)
    with open(key_path) as key_file:
        return path, key_file.read()


def window(days):
    return {"from": tracker.iso_timestamp(END.timestamp() - days * 86400),
            "to": tracker.iso_timestamp(END.timestamp())}


CASES = [
    ("rankings 30 d", "/analytics/rankings", window(30)),
    ("rankings 365 d", "/analytics/rankings", window(365)),
    ("rankings 30 d engine", "/analytics/rankings", dict(window(30), engine="gemini")),
    ("rankings 30 d topic", "/analytics/rankings", dict(window(30), topicId="3")),
    ("rankings 365 d topic", "/analytics/rankings", dict(window(365), topicId="3")),
    ("rankings 30 d day series", "/analytics/rankings", dict(window(30), interval="day")),
    ("rankings 30 d compare", "/analytics/rankings", dict(window(30), compare="previous")),
    ("rankings 365 d week series", "/analytics/rankings", dict(window(365), interval="week")),
    ("sources 30 d", "/analytics/sources", window(30)),
    ("sources 365 d", "/analytics/sources", window(365)),
    ("sources 30 d by url", "/analytics/sources", dict(window(30), groupBy="url")),
    ("sources 30 d urls of a domain", "/analytics/sources",
     dict(window(30), groupBy="url", domain=DOMAINS[1])),
    ("sources 365 d urls of a domain", "/analytics/sources",
     dict(window(365), groupBy="url", domain=DOMAINS[1])),
    ("sources 30 d by category", "/analytics/sources", dict(window(30), groupBy="category")),
    ("discovered brands 30 d", "/analytics/discovered-brands", window(30)),
    ("prompt gaps 30 d", "/analytics/gaps/prompts", window(30)),
    ("domain gaps 30 d", "/analytics/gaps/domains", window(30)),
    ("chats 30 d page 1", "/analytics/chats", window(30)),
    ("chats 365 d brand", "/analytics/chats", dict(window(365), brandId="4")),
    ("rankings 30 d branded", "/analytics/rankings", dict(window(30), branded="true")),
    ("rankings 365 d branded", "/analytics/rankings", dict(window(365), branded="true")),
    ("rankings 365 d non-branded", "/analytics/rankings", dict(window(365), branded="false")),
    ("sources 365 d non-branded", "/analytics/sources", dict(window(365), branded="false")),
    ("rankings 30 d not truncated", "/analytics/rankings", dict(window(30), truncated="false")),
    ("rankings 365 d not truncated", "/analytics/rankings", dict(window(365), truncated="false")),
    ("sources 30 d not truncated", "/analytics/sources", dict(window(30), truncated="false")),
]


# The dashboard's pages, with the history's end as now: each must answer in 300 ms.
PAGES = [
    ("page overview 30 d", "/"),
    ("page overview 365 d", "/?days=365"),
    ("page overview 30 d engine", "/?engine=gemini"),
    ("page overview 30 d topic", "/?topicId=3"),
    ("page overview 30 d tag", "/?tagId=1"),
    ("page overview 30 d location", "/?location=DE"),
    ("page overview 365 d topic", "/?days=365&topicId=3"),
    ("page overview 365 d tag", "/?days=365&tagId=1"),
    ("page overview 365 d location", "/?days=365&location=DE"),
    ("page overview 365 d topic location", "/?days=365&topicId=3&location=DE"),
    ("page prompts", "/prompts"),
    ("page prompts search", "/prompts?search=prompt+19"),
    ("page prompts by visibility", "/prompts?sort=-visibility"),
    ("page prompts by change", "/prompts?sort=-trend"),
    ("page prompts by topic", "/prompts?sort=topic"),
    ("page delete a prompt?", "/prompts/7/delete"),
    ("page delete a brand?", "/brands/1/delete"),
    ("page delete a topic?", "/topics/3/delete"),
    ("page prompt", "/prompts/7"),
    ("page prompt 365 d", "/prompts/7?days=365"),
    ("page chats", "/chats"),
    ("page chats topic", "/chats?topicId=3"),
    ("page chat", "/chats/1000"),
    ("page sources", "/sources"),
    ("page sources 365 d", "/sources?days=365"),
    ("page urls of a domain", "/sources?groupBy=url&domain=" + DOMAINS[1]),
    ("page urls 365 d", "/sources?days=365&groupBy=url&domain=" + DOMAINS[1]),
    ("page urls 30 d topic", "/sources?topicId=3&groupBy=url&domain=" + DOMAINS[1]),
    ("page urls 365 d topic", "/sources?days=365&topicId=3&groupBy=url&domain=" + DOMAINS[1]),
    ("page urls 365 d location", "/sources?days=365&location=DE&groupBy=url&domain=" + DOMAINS[1]),
    ("page sources topic", "/sources?topicId=3"),
    ("page sources location", "/sources?location=DE"),
    ("page sources 365 d topic", "/sources?days=365&topicId=3"),
    ("page sources tag", "/sources?tagId=1"),
    ("page sources 365 d tag", "/sources?days=365&tagId=1"),
    ("page sources 365 d location", "/sources?days=365&location=DE"),
    ("page sources 365 d topic location", "/sources?days=365&topicId=3&location=DE"),
    ("page sources 365 d category topic", "/sources?days=365&topicId=3&groupBy=category"),
    ("page brands", "/brands"),
    ("page overview 30 d branded", "/?branded=true"),
    ("page overview 365 d non-branded", "/?days=365&branded=false"),
    ("page sources 365 d non-branded", "/sources?days=365&branded=false"),
    ("page overview 30 d not truncated", "/?truncated=false"),
    ("page overview 365 d not truncated", "/?days=365&truncated=false"),
    ("page sources 30 d not truncated", "/sources?truncated=false"),
]


def timed(client, repeat, path, **options):
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        client.get(path, status=200, **options)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def regroup_step(db):
    """The median time of a step of the worker's move of a prompt between topic groups
    (regroup_prompt): prompt 7, with a year of chats, moved to another topic and back."""
    topic = tracker.query_one(db.connection(), "SELECT topic_id FROM prompts WHERE id = 7")["topic_id"]
    times = []
    for moved_to in (topic % 20 + 1, topic):
        with db.write() as connection:
            connection.execute("UPDATE prompts SET topic_id = ? WHERE id = 7", (moved_to,))
        while True:
            started = time.perf_counter()
            if not tracker.regroup_prompt(db):
                break
            times.append(time.perf_counter() - started)
    return statistics.median(times)


def measure(path, key, repeat):
    db = tracker.Database(path, lambda: END.timestamp())
    client = webtest.TestApp(tracker.make_app(db))
    headers = {"Authorization": "Bearer " + key}
    results = {name: timed(client, repeat, "/api/v1" + route, params=params, headers=headers)
               for name, route, params in CASES}
    form = client.get("/").forms["sign-in"]
    form["key"] = key
    form.submit(status=303)
    results.update((name, timed(client, repeat, page)) for name, page in PAGES)
    results["regroup step"] = regroup_step(db)
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scale", type=float, action="append", help="fraction of the full size")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cache", default="/tmp/tracker-bench")
    args = parser.parse_args()
    scales = args.scale or [0.01, 0.1]
    table = {}
    for scale in scales:
        path, key = database(args.cache, scale)
        chats = tracker.query_one(tracker.Database(path).connection(), "SELECT count(*) AS n FROM chats")["n"]
        print("scale %g: %d chats" % (scale, chats), flush=True)
        table[scale] = measure(path, key, args.repeat)
    print()
    header = "%-28s" % "median ms" + "".join("%12s" % ("%g%%" % (s * 100)) for s in scales)
    if len(scales) > 1:
        header += "%14s" % ("x %g/%g" % (scales[-1] * 100, scales[0] * 100))
    print(header)
    for name in [case[0] for case in CASES + PAGES] + ["regroup step"]:
        line = "%-28s" % name + "".join("%12.1f" % (table[s][name] * 1000) for s in scales)
        if len(scales) > 1:
            line += "%14.1f" % (table[scales[-1]][name] / table[scales[0]][name])
        print(line)


if __name__ == "__main__":
    main()
