"""Analytics at a year of data: generate a workspace, time each endpoint, print a table.

The full size is the issue's large self-hosted workspace: 2,000 prompts x 4 engines x
365 daily runs (about 2.9 million chats) with 5 brand rows and 6 sources per chat.
--scale takes fractions of the number of prompts; the history is always a year, so
a fixed date window holds data in proportion to the scale, while the total grows too.

    python tests/perf/bench_analytics.py                    # 1 % and 10 %
    python tests/perf/bench_analytics.py --scale 1          # the full size (slow to generate)

Databases are kept in --cache (default /tmp/tracker-bench) and reused. Times are the
median server time of --repeat in-process requests (WebTest, no sockets); with --cpu, their
CPU time instead (the request's thread), which a shared machine's load moves much less.
A second table puts each request with a filter (FILTERS) against its unfiltered twin, at
each scale, and counts those within issue 43's bound of 2x; --match measures the twins of
the requests it takes too. With 5 % and 20 % both measured, a last line counts the lists of
URLs without a domain (groupBy=url: 50x the groups of the domain list) within issue 43's 2x
from 5 % to 20 % of the size.
"""

import argparse
import collections
import datetime
import operator
import os
import random
import statistics
import sys
import time
import urllib.parse

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


def generate(path, scale, seed=7, through_triggers=False):
    """Write the scaled workspace into a new database at path; return its API key.

    The rows are those the worker would store (a chat, its brand rows, sources and
    recommended names, then its flags), written a day at a time. Through the schema's
    rollup triggers, as the worker writes them, a year at the full size took over 2 hours
    (about 2.5 ms a chat, in SQLite's upserts; summing the rollups in SQL afterwards was
    no faster, the groups' rollups alone sorting 100 million rows). So the triggers on
    chats, chat_brands, chat_sources and chat_names are dropped while a year is loaded,
    the generator adds up what they would have added as it makes the rows (Rollups),
    writing each day's or week's sums when it is done, and the triggers are put back as
    they were. through_triggers writes through them instead: tests/test_bench_smoke.py
    checks both give the same database."""
    rng = random.Random(seed)
    db = tracker.Database(path)
    workspace = tracker.create_workspace(db, "Bench")
    key = tracker.create_key(db, workspace["id"], rate_limit=10 ** 9)["key"]
    connection = db.connection()
    connection.execute("PRAGMA synchronous = OFF")
    connection.execute("PRAGMA cache_size = -2000000")  # 2 GB: the full size's indexes fit
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
    categories = tracker.source_categories(connection, ws)
    triggers = [] if through_triggers else rollup_triggers(connection)
    for trigger in triggers:
        connection.execute("DROP TRIGGER %s" % trigger["name"])
    rollups = Rollups(connection, ws) if triggers else None
    chat = 0
    for day in range(DAYS):
        rows = day_rows(rng, ws, categories, END.timestamp() - (DAYS - day) * 86400, prompts, chat)
        chat += prompts * len(ENGINES)
        with db.write() as c:
            for statement, values in zip(DAY_STATEMENTS, rows):
                c.executemany(statement, values)
            if rollups:
                rollups.add_day(c, rows)
    with connection:  # not a write of the workspace's (data_revision stays as it was)
        if rollups:
            rollups.write(connection, weekly=True)
            connection.execute(tracker.prompt_location_groups_fill_sql())  # as its chats trigger
            connection.execute(tracker.four_weekly_urls_fill_sql())  # as the weekly ones add up
        for trigger in triggers:
            connection.execute(trigger["sql"])
    db.close()
    return key


# What the worker writes for a run: its chats (flags still clear), their brand rows and
# sources, then their flags (as write_chat_brands sets them, once the rows they are
# worked out from are there), and recommended names.
DAY_STATEMENTS = (
    """INSERT INTO runs (id, workspace_id, prompt_id, state, scheduled_at, not_before, attempts,
       created_at, updated_at) VALUES (?, ?, ?, 'done', ?, ?, 1, ?, ?)""",
    """INSERT INTO chats (id, workspace_id, run_id, prompt_id, prompt_text, engine, model, location,
       answer, latency_ms, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'm', ?, 'generated answer', 900, ?)""",
    """INSERT INTO chat_brands (chat_id, brand_id, workspace_id, position, mentions, cited, engine,
       created_at, sentiment, sentiment_score) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?)""",
    """INSERT INTO chat_sources (chat_id, workspace_id, url, host, domain, engine, created_at,
       category) VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
    "UPDATE chats SET own_named = ?, competitor_named = ? WHERE id = ?",
    """INSERT INTO chat_names (chat_id, workspace_id, engine, created_at, name, name_key, mentions)
       VALUES (?, ?, ?, ?, ?, ?, 1)""",
)


def day_rows(rng, ws, categories, moment, prompts, chat):
    """The values of each of DAY_STATEMENTS for one day's run of every prompt, whose chats
    are numbered from chat + 1 (the run of prompt p is number p of the day)."""
    runs, chats, brands, sources, named, names = [], [], [], [], [], []
    brand_ids = list(range(1, BRANDS + 1))  # 1 is the own brand
    first_run = chat // len(ENGINES)
    for prompt in range(1, prompts + 1):
        at = tracker.iso_timestamp(moment + prompt % 3600)
        run = first_run + prompt
        runs.append((run, ws, prompt, at, at, at, at))
        for engine in ENGINES:
            chat += 1
            chats.append((chat, ws, run, prompt, "prompt %d" % prompt, engine,
                          ("US", "DE", "FR")[prompt % 3], at))
            chosen = rng.sample(brand_ids, 5)
            scores = [round(rng.uniform(-1, 1), 4) for _ in chosen]
            brands.append([(chat, b, ws, position, int(rng.random() < 0.3), engine, at,
                            tracker.sentiment_label(score), score)
                           for (position, b), score in zip(enumerate(chosen, 1), scores)])
            domains = sorted(set(rng.sample(DOMAINS[:60], 3) + rng.sample(DOMAINS, 3)))
            sources.append([(chat, ws, "https://%s/%d" % (d, rng.randint(0, 50)), d, d, engine,
                             at, categories.category(d)) for d in domains])
            named.append((int(1 in chosen), int(any(b != 1 for b in chosen)), chat))
            names.append([(chat, ws, engine, at, name, name.casefold())
                          for name in rng.sample(NAMES, 2)])
    return runs, chats, Rows(brands), Rows(sources), named, Rows(names)


class Rows(list):
    """A day's rows of a table, one list per chat (the rollups read them chat by chat),
    iterated one row at a time (as executemany reads them)."""

    def __iter__(self):
        return (row for chat in list.__iter__(self) for row in chat)

    def per_chat(self):
        return list.__iter__(self)


def rollup_triggers(connection):
    """The triggers that keep rollups as chats, brand rows, sources and names are written."""
    return tracker.query_all(connection, """
        SELECT name, sql FROM sqlite_master WHERE type = 'trigger'
        AND tbl_name IN ('chats', 'chat_brands', 'chat_sources', 'chat_names') ORDER BY name""")


BRAND_SUMS = "mentioned position_sum cited sentiment_sum sentiment_scored positive neutral negative"
SOURCE_SUMS = "citations chats retrieved_chats"
# The group rollups fed by the per-prompt daily ones (branded_daily_*, group_daily_*) and by
# the per-location weekly ones (group_location_weekly_*) are not summed here: their triggers
# on prompt_daily_* and location_weekly_* stay on and fill them as these rows are written
# (tests/test_bench_smoke.py checks the result).
# Each rollup of the chats (schema.sql) after workspace_id: its key columns, its value
# columns and how each adds up (+ a sum, < the least, > the greatest, = the first kept).
ROLLUPS = {
    "daily_chats": ("day engine", "chats shown", "++"),
    "prompt_daily_chats": ("prompt_id day engine", "chats own_chats competitor_chats shown",
                           "++++"),
    "prompt_weekly_chats": ("prompt_id day engine", "chats own_chats competitor_chats shown",
                            "++++"),
    "location_daily_chats": ("location day engine", "chats shown", "++"),
    "location_weekly_prompts": ("location day engine prompt_id",
                                "chats own_chats competitor_chats shown", "++++"),
    "daily_brands": ("day engine brand_id", BRAND_SUMS, "+" * 8),
    "prompt_daily_brands": ("prompt_id day engine brand_id", BRAND_SUMS, "+" * 8),
    "prompt_weekly_brands": ("prompt_id day engine brand_id", BRAND_SUMS, "+" * 8),
    "location_daily_brands": ("location day engine brand_id", BRAND_SUMS, "+" * 8),
    "location_weekly_brands": ("location day engine prompt_id brand_id", BRAND_SUMS, "+" * 8),
    "daily_domains": ("day engine domain", SOURCE_SUMS + " first_seen last_seen", "+++<>"),
    "location_daily_domains": ("location day engine domain", SOURCE_SUMS + " first_seen last_seen",
                               "+++<>"),
    "daily_categories": ("day engine category", SOURCE_SUMS, "+++"),
    "domain_weekly_urls": ("domain day engine location url", "host citations retrieved_chats",
                           "=++"),
    "weekly_urls": ("day url", "domain host citations retrieved_chats first_seen last_seen",
                    "==++<>"),
    "daily_urls": ("day url", "domain host citations retrieved_chats first_seen last_seen",
                   "==++<>"),
    "daily_names": ("day engine name_key", "chats mentions", "++"),
    "location_daily_names": ("location day engine name_key", "chats mentions", "++"),
    "daily_gap_domains": ("day engine domain", "citations chats", "++"),
    "daily_gap_brands": ("domain day engine brand_id", "chats", "+"),
    "group_weekly_domains": ("group_key day engine domain", SOURCE_SUMS, "+++"),
    "group_weekly_categories": ("group_key day engine category", SOURCE_SUMS, "+++"),
    "group_weekly_names": ("group_key day engine name_key", "chats mentions", "++"),
    "group_weekly_urls": ("group_key day domain url",
                          "host citations retrieved_chats first_seen last_seen", "=++<>"),
    "cell_daily_chats": ("market_id persona_id day engine", "chats shown", "++"),
    "cell_daily_brands": ("market_id persona_id day engine brand_id", BRAND_SUMS, "+" * 8),
}
ADD = {"+": operator.add, "<": min, ">": max, "=": lambda kept, new: kept}


def adder(sums, how):
    """The function that adds a row's values (a list) under a key to sums (a dict of the
    sums kept: a number for a rollup of one sum, a list otherwise); how: ROLLUPS'."""
    if how == "+":
        def add(key, values):
            sums[key] = sums.get(key, 0) + values[0]
    elif set(how) == {"+"}:
        def add(key, values):
            kept = sums.get(key)
            sums[key] = values if kept is None else list(map(operator.add, kept, values))
    else:
        adds = [ADD[each] for each in how]

        def add(key, values):
            kept = sums.get(key)
            sums[key] = values if kept is None else [
                add(a, b) for add, a, b in zip(adds, kept, values)]
    return add


# The group rollups sum a chat in each of its groups (schema.sql's chat_groups: its
# prompt's but "branded 0", its location's, those with its location, and "all"). They are
# summed per class of chat (its prompt's groups and its location) first, here under these
# names, and spread over the groups when written: a few keys a week instead of one per source.
BY_CLASS = {"group_weekly_domains": "class_weekly_domains",
            "group_weekly_categories": "class_weekly_categories",
            "group_weekly_names": "class_weekly_names"}
# A day's rollups over every location are those of each location added up (every chat
# of the generator has one): a few hundred keys a day instead of a row per brand or source.
BY_LOCATION = {"daily_chats": "location_daily_chats", "daily_brands": "location_daily_brands",
               "daily_domains": "location_daily_domains"}
# Every chat of the generator is asked without a market or persona: the cell (0, 0)'s daily
# sums are the day's.
CELL_OF_NONE = (0, 0)
BY_CELL = {"cell_daily_chats": "location_daily_chats", "cell_daily_brands": "location_daily_brands"}


class Rollups:
    """What the rollup triggers would add for the generator's chats, summed in memory per
    table and key; a day's sums are written when it is done, a week's when the next begins.

    It reads the chats as the generator makes them: every one an answer shown, every source
    cited (the column's default) and of a domain of its own, every brand row with a position
    and a sentiment, a location for every chat, none truncated (so the truncated chats'
    rollups stay empty: ensure_branded cuts chats afterwards, through their triggers)."""

    def __init__(self, connection, ws):
        self.ws = ws
        self.sums = {table: {} for table in [*ROLLUPS, *BY_CLASS.values()]}
        self.adders = {table: adder(self.sums[table], ROLLUPS[table][2]) for table in ROLLUPS}
        self.adders.update((by_class, adder(self.sums[by_class], ROLLUPS[table][2]))
                           for table, by_class in BY_CLASS.items())
        self.week = None
        groups = collections.defaultdict(list)  # a prompt's (prompt_groups)
        for row in tracker.query_all(connection, "SELECT * FROM prompt_groups ORDER BY 1, 2"):
            groups[row["prompt_id"]].append(row["group_key"])
        self.groups = {prompt: tuple(keys) for prompt, keys in groups.items()}
        self.url_groups = {prompt: tuple(key for key in keys if not key.startswith("branded "))
                           for prompt, keys in groups.items()}  # group_weekly_urls': topics, tags

    def add_day(self, connection, rows):
        """Add up one day's rows (day_rows'), after writing the sums of the week before."""
        _, chats, brands, sources, named, names = rows
        day = chats[0][-1][:10]
        week = (datetime.date.fromisoformat(day)
                - datetime.timedelta(days=datetime.date.fromisoformat(day).weekday())).isoformat()
        if week != self.week and self.week is not None:
            self.write(connection, weekly=True)
        self.week = week
        for chat, brand_rows, source_rows, flags, name_rows in zip(
                chats, brands.per_chat(), sources.per_chat(), named, names.per_chat()):
            self.add_chat(chat, brand_rows, source_rows, flags, name_rows, day, week)
        self.write(connection, weekly=False)

    def add_chat(self, chat, brand_rows, source_rows, flags, name_rows, day, week):
        _, _, _, prompt, _, engine, location, _ = chat
        own, competitor, _ = flags
        add = self.adders
        add["prompt_daily_chats"]((prompt, day, engine), [1, own, competitor, 1])
        add["prompt_weekly_chats"]((prompt, week, engine), [1, own, competitor, 1])
        add["location_daily_chats"]((location, day, engine), [1, 1])
        add["location_weekly_prompts"]((location, week, engine, prompt), [1, own, competitor, 1])
        for _, brand, _, position, cited, _, _, sentiment, score in brand_rows:
            sums = [1, position, cited, score, 1, int(sentiment == "positive"),
                    int(sentiment == "neutral"), int(sentiment == "negative")]
            add["prompt_daily_brands"]((prompt, day, engine, brand), sums)
            add["prompt_weekly_brands"]((prompt, week, engine, brand), sums)
            add["location_daily_brands"]((location, day, engine, brand), sums)
            add["location_weekly_brands"]((location, week, engine, prompt, brand), sums)
        kind = (self.groups.get(prompt, ()), location)
        gap = competitor and not own
        for _, _, url, host, domain, _, at, _ in source_rows:
            add["location_daily_domains"]((location, day, engine, domain), [1, 1, 1, at, at])
            add["domain_weekly_urls"]((domain, week, engine, location, url), [host, 1, 1])
            add["weekly_urls"]((week, url), [domain, host, 1, 1, at, at])
            add["daily_urls"]((day, url), [domain, host, 1, 1, at, at])
            for group in self.url_groups.get(prompt, ()):
                add["group_weekly_urls"]((group, week, domain, url), [host, 1, 1, at, at])
            add["class_weekly_domains"]((kind, week, engine, domain), [1, 1, 1])
            if gap:
                add["daily_gap_domains"]((day, engine, domain), [1, 1])
                for row in brand_rows:
                    add["daily_gap_brands"]((domain, day, engine, row[1]), [1])
        for category, citations in collections.Counter(
                row[-1] for row in source_rows if row[-1] is not None).items():
            add["daily_categories"]((day, engine, category), [citations, 1, 1])
            add["class_weekly_categories"]((kind, week, engine, category), [citations, 1, 1])
        for _, _, _, _, _, name_key in name_rows:
            add["daily_names"]((day, engine, name_key), [1, 1])
            add["location_daily_names"]((location, day, engine, name_key), [1, 1])
            add["class_weekly_names"]((kind, week, engine, name_key), [1, 1])

    def spread(self, weekly):
        """Add each class's sums to each of its groups' (weekly), or each location's to
        every location's (daily)."""
        for table, by_class in BY_CLASS.items() if weekly else ():
            for ((prompt_groups, location), *key), sums in self.sums[by_class].items():
                kept = [group for group in prompt_groups if group != tracker.UNBRANDED_GROUP]
                for group in (*kept, "location " + location,
                              *(group + " location " + location for group in kept), "all"):
                    self.adders[table]((group, *key), sums)
            self.sums[by_class].clear()
        for table, by_location in BY_LOCATION.items() if not weekly else ():
            for (_, *key), sums in self.sums[by_location].items():
                self.adders[table](tuple(key), sums if isinstance(sums, list) else [sums])
        for table, by_location in BY_CELL.items() if not weekly else ():
            for (_, *key), sums in self.sums[by_location].items():
                self.adders[table]((*CELL_OF_NONE, *key), sums)

    def write(self, connection, weekly):
        """Write the sums of the daily rollups, or of the weekly ones, and forget them."""
        self.spread(weekly)
        for table, (keys, values, _) in ROLLUPS.items():
            if ("weekly" in table) == weekly:
                columns = ["workspace_id", *keys.split(), *values.split()]
                connection.executemany("INSERT INTO %s (%s) VALUES (%s)" % (
                    table, ", ".join(columns), ", ".join("?" * len(columns))),
                    [(self.ws, *key, *(sums if isinstance(sums, list) else [sums]))
                     for key, sums in sorted(self.sums[table].items())])
                self.sums[table].clear()


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
    group as the worker would) and every 50th chat cut short for length (truncated, which
    the triggers add to the truncated chats' rollups), also in databases cached before the
    benchmark had them."""
    db = tracker.Database(path)
    with db.write() as c:
        if not tracker.query_one(c, "SELECT 1 AS found FROM prompts WHERE branded LIMIT 1"):
            c.execute("UPDATE prompts SET text = text || ' or Brand ' || (id % 10), branded = 1 "
                      "WHERE id % 4 = 1")
            c.execute("UPDATE chats SET truncated = 1 WHERE id % 50 = 0")
    while tracker.regroup_prompt(db):
        pass
    db.close()


def ensure_later_rollups(path):
    """Give a database cached at schema 14 before the truncated (and unshown) chats' rollups,
    before the topic and tag groups' daily sums (or their weekly ones per location), before the
    branded prompts' daily domains, before the weekly URLs' index by domain, before the daily
    rollup of URLs (or the 4-weekly one, with the weekly one's triggers that keep it), before
    the topic and tag groups' weekly URLs, before the truncated chats' names, before the index
    of a location's weekly prompt rows by prompt, before the chats' groups kept per prompt and
    location (and chat_groups reading them), before the changed prompt texts kept for the
    search index until the commit, or before a location's names per day, those rollups (and
    those indexes), filled as the upgrade fills them, with their triggers (those on chats,
    which the upgrade makes with the chats' rebuild, too); and the truncated chats' index as
    schema.sql has it (holding their prompt and flags since issue 43), which the upgrade's
    rebuild makes, and the groups' weekly URLs keyed as it has them (and keeping each URL's
    first and last time); and the prompt list's kept figures with their triggers, counted for
    the benchmark's day as the worker counts them (and their chats per engine, for the windows
    kept; kept figures without the window before less its last day dropped and counted
    again); the prompts' index by location; and the planner's statistics that a file
    generated before the full size's seventh table holds (`PRAGMA optimize`'s sampled ones,
    which led a prompt's year to the window's index) cleared."""
    def chat_triggers(*infixes):
        return "".join("%s;\n" % sql for kind, name, table, sql in tracker.baseline_schema()
                       if kind == "trigger" and table == "chats"
                       and any(infix in name for infix in infixes))
    db = tracker.Database(path, lambda: END.timestamp())
    # first: every later write block's commit indexes the changed prompt texts it keeps there
    for table, sql in (("prompts_fts_pending", tracker.pending_search_schema_sql()),
                       ("prompt_list_figures", tracker.prompt_list_schema_sql()),
                       ("truncated_daily_chats", tracker.truncated_rollups_schema_sql()
                        + chat_triggers("_truncated_", "_unshown_")),
                       ("group_daily_chats", tracker.group_brands_schema_sql()),
                       ("group_location_weekly_chats", tracker.group_locations_schema_sql()),
                       ("branded_daily_domains", tracker.branded_domains_schema_sql()),
                       ("weekly_urls_domain", tracker.baseline_table_sql(("weekly_urls", ["index"]))[0]),
                       ("daily_urls", tracker.daily_urls_schema_sql()),
                       ("four_weekly_urls", tracker.four_weekly_urls_schema_sql()
                        + tracker.baseline_triggers(*tracker.URL_ROLLUP_TRIGGERS)),
                       ("location_weekly_prompts_prompt",
                        tracker.baseline_table_sql(("location_weekly_prompts", ["index"]))[0]),
                       ("group_weekly_urls", tracker.group_urls_schema_sql()
                        + chat_triggers("_group_url_")),
                       ("prompt_location_groups", tracker.chat_groups_schema_sql()
                        + chat_triggers("_location_groups_")
                        + tracker.baseline_objects("view", "chat_groups")),
                       ("truncated_daily_names",
                        tracker.baseline_table_sql(("truncated_daily_names", ["table"]))[0]
                        + next(statement for statement in tracker.truncated_rollups_fill_sql().split(";")
                               if "truncated_daily_names" in statement) + ";\n"
                        + tracker.baseline_triggers("chats_truncated_update", "chats_truncated_delete")
                        + "".join("%s;\n" % sql for kind, name, _, sql in tracker.baseline_schema()
                                  if name in ("chat_names_truncated_insert",
                                              "chat_names_truncated_delete"))),
                       ("prompt_engine_figures",
                        tracker.baseline_table_sql(("prompt_engine_figures", ["table"]))[0]
                        + tracker.prompt_engine_count_sql("SELECT * FROM prompt_list_windows",
                                                          "p.workspace_id = w.workspace_id")
                        + "".join("%s;\n" % sql for kind, name, _, sql in tracker.baseline_schema()
                                  if name in ("prompt_daily_chats_engines_insert",
                                              "prompt_daily_chats_engines_update"))
                        + tracker.baseline_triggers("prompts_listed_delete")),
                       ("prompts_workspace_location", tracker.prompt_locations_schema_sql()),
                       ("location_daily_names", tracker.location_names_schema_sql()
                        + chat_triggers("_location_names_"))):
        with db.write() as c:
            if not tracker.query_one(c, "SELECT 1 AS found FROM sqlite_schema WHERE name = ?",
                                     (table,)):
                c.execute(sql)
    created = {name: sql for _, name, _, sql in tracker.baseline_schema()}
    with db.write() as c:
        if tracker.query_one(c, "SELECT sql FROM sqlite_schema WHERE name = 'chats_truncated'")["sql"] \
                != created["chats_truncated"]:
            c.execute(tracker.baseline_objects("index", "chats_truncated"))
    with db.write() as c:  # keyed by week before URL, then without first and last times
        if tracker.query_one(c, "SELECT sql FROM sqlite_schema WHERE name = 'group_weekly_urls'")["sql"] \
                != created["group_weekly_urls"]:
            c.execute("DROP TABLE group_weekly_urls;" + "".join(
                "DROP TRIGGER %s;" % name for name in tracker.GROUP_URL_TRIGGERS))
            c.execute(tracker.group_urls_schema_sql())
    with db.write() as c:  # the kept figures before their window before less a day: again
        if not tracker.query_one(c, "SELECT 1 AS found FROM pragma_table_info('prompt_list_figures') "
                                 "WHERE name = 'earlier_chats'"):
            c.execute("".join("DROP TABLE %s;" % name for name in tracker.PROMPT_LIST_TABLES)
                      + "".join("DROP TRIGGER %s;" % name for name in tracker.PROMPT_LIST_TRIGGERS)
                      + tracker.prompt_list_schema_sql())
    while tracker.recount_prompt_list(db):
        pass
    with db.write() as c:  # statistics tracker's own files never have: it never runs ANALYZE
        c.execute("".join("DELETE FROM %s;" % row["name"] for row in tracker.query_all(
            c, "SELECT name FROM sqlite_schema WHERE name IN ('sqlite_stat1', 'sqlite_stat4')")))
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
    ensure_later_rollups(path)
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
    ("rankings 30 d topic location", "/analytics/rankings",
     dict(window(30), topicId="3", location="DE")),
    ("rankings 365 d topic location", "/analytics/rankings",
     dict(window(365), topicId="3", location="DE")),
    ("rankings 365 d tag location weekly", "/analytics/rankings",
     dict(window(365), tagId="1", location="DE", interval="week")),
    ("rankings 30 d day series", "/analytics/rankings", dict(window(30), interval="day")),
    ("rankings 30 d compare", "/analytics/rankings", dict(window(30), compare="previous")),
    ("rankings 365 d week series", "/analytics/rankings", dict(window(365), interval="week")),
    ("sources 30 d", "/analytics/sources", window(30)),
    ("sources 365 d", "/analytics/sources", window(365)),
    ("sources 30 d by url", "/analytics/sources", dict(window(30), groupBy="url")),
    ("sources 365 d by url", "/analytics/sources", dict(window(365), groupBy="url")),
    ("sources 30 d urls of a domain", "/analytics/sources",
     dict(window(30), groupBy="url", domain=DOMAINS[1])),
    ("sources 365 d urls of a domain", "/analytics/sources",
     dict(window(365), groupBy="url", domain=DOMAINS[1])),
    ("sources 365 d urls of a domain topic", "/analytics/sources",
     dict(window(365), groupBy="url", domain=DOMAINS[1], topicId="3")),
    ("sources 365 d urls of a domain tag", "/analytics/sources",
     dict(window(365), groupBy="url", domain=DOMAINS[1], tagId="1")),
    ("sources 30 d urls topic", "/analytics/sources", dict(window(30), groupBy="url", topicId="3")),
    ("sources 365 d urls topic", "/analytics/sources", dict(window(365), groupBy="url", topicId="3")),
    ("sources 30 d by category", "/analytics/sources", dict(window(30), groupBy="category")),
    ("discovered brands 30 d", "/analytics/discovered-brands", window(30)),
    ("prompt gaps 30 d", "/analytics/gaps/prompts", window(30)),
    ("domain gaps 30 d", "/analytics/gaps/domains", window(30)),
    ("chats 30 d page 1", "/analytics/chats", window(30)),
    ("chats 365 d brand", "/analytics/chats", dict(window(365), brandId="4")),
    ("chats 365 d page 1", "/analytics/chats", window(365)),
    ("rankings 30 d branded", "/analytics/rankings", dict(window(30), branded="true")),
    ("rankings 365 d branded", "/analytics/rankings", dict(window(365), branded="true")),
    ("rankings 365 d non-branded", "/analytics/rankings", dict(window(365), branded="false")),
    ("sources 365 d non-branded", "/analytics/sources", dict(window(365), branded="false")),
    ("sources 30 d one prompt", "/analytics/sources", dict(window(30), promptId="7")),
    ("sources 365 d one prompt", "/analytics/sources", dict(window(365), promptId="7")),
    ("discovered 365 d one prompt", "/analytics/discovered-brands", dict(window(365), promptId="7")),
    ("discovered brands 365 d", "/analytics/discovered-brands", window(365)),
    ("sources 365 d topic and tag", "/analytics/sources", dict(window(365), topicId="7", tagId="1")),
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
    ("page overview 365 d tag location", "/?days=365&tagId=1&location=DE"),
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
    ("page sources 365 d category", "/sources?days=365&groupBy=category"),
    ("page brands", "/brands"),
    ("page overview 30 d branded", "/?branded=true"),
    ("page overview 365 d non-branded", "/?days=365&branded=false"),
    ("page overview 365 d branded", "/?days=365&branded=true"),
    ("page sources 365 d topic tag", "/sources?days=365&topicId=7&tagId=1"),
    ("page sources 365 d non-branded", "/sources?days=365&branded=false"),
    ("page overview 30 d not truncated", "/?truncated=false"),
    ("page overview 365 d not truncated", "/?days=365&truncated=false"),
    ("page sources 30 d not truncated", "/sources?truncated=false"),
]


# The parameters that narrow the chats (or prompts) a request counts: issue 43 asks each
# request with any of them to cost at most 2x its unfiltered twin, the case or page with
# the same route and every other parameter (a domain's URLs are that list's subject, the
# domain's drill-down, not a filter: their twin keeps the domain).
FILTERS = ("topicId", "tagId", "location", "engine", "branded", "promptId", "brandId",
           "truncated", "search")


def requests():
    """{name: (route, {parameter: value})} of every case and page."""
    named = {name: ("/api/v1" + route, params) for name, route, params in CASES}
    for name, page in PAGES:
        route, _, query = page.partition("?")
        named[name] = (route, dict(urllib.parse.parse_qsl(query)))
    return named


def twins():
    """{filtered case or page: its unfiltered twin's name, or None where it has none}."""
    named = requests()
    unfiltered = {(route, tuple(sorted(params.items()))): name
                  for name, (route, params) in named.items() if not set(params) & set(FILTERS)}
    return {name: unfiltered.get((route, tuple(sorted(
                (k, v) for k, v in params.items() if k not in FILTERS))))
            for name, (route, params) in named.items() if set(params) & set(FILTERS)}


def sign_in(client, key):
    """Sign the WebTest client in to the dashboard with key (its session cookie)."""
    form = client.get("/").forms["sign-in"]
    form["key"] = key
    form.submit(status=303)


def signed_out(response):
    """Whether a dashboard page was refused for want of a session. Every benchmark session is
    made at the history's end (its clock), so a key's twenty newest tie, and another client's
    sign-in (another run's, or the other version's) may end this one's (end_oldest_sessions).
    A page then answers 303, and the overview's address the sign-in form itself, with a 200."""
    return response.status_int == 303 or b'id="sign-in"' in response.body


def answered(client, key, path, clock=time.perf_counter, **options):
    """(time by clock, response) of path as a signed-in client is answered: a page whose
    session was ended is asked again once signed in (with key), untimed."""
    while True:
        started = clock()
        response = client.get(path, status=[200, 303], **options)
        elapsed = clock() - started
        if not signed_out(response):
            return elapsed, response
        sign_in(client, key)


def timed(client, repeat, path, clock=time.perf_counter, key=None, **options):
    """The median time of repeat answers of path (answered's)."""
    return statistics.median(answered(client, key, path, clock, **options)[0]
                             for _ in range(repeat))


def regroup_step(db, clock=time.perf_counter):
    """The median time of a step of the worker's move of a prompt between topic groups
    (regroup_prompt): prompt 7, with a year of chats, moved to another topic and back."""
    topic = tracker.query_one(db.connection(), "SELECT topic_id FROM prompts WHERE id = 7")["topic_id"]
    times = []
    for moved_to in (topic % 20 + 1, topic):
        with db.write() as connection:
            connection.execute("UPDATE prompts SET topic_id = ? WHERE id = 7", (moved_to,))
        while True:
            started = clock()
            if not tracker.regroup_prompt(db):
                break
            times.append(clock() - started)
    return statistics.median(times)


def computing(module, app):
    """app with no answer kept under its ETag (AnswerCachePlugin), so that each of a case's
    repeats computes its answer as the first does, rather than timing the kept copy."""
    for plugin in app.plugins:
        if type(plugin).__name__ == "AnswerCachePlugin":
            plugin.answers = module.AnswerCache(max_entries=0)
    return app


def measure(path, key, repeat, clock=time.perf_counter, match=""):
    """{name: median time} of the cases and pages whose name holds match (every one: "")
    and of their unfiltered twins, and of the regroup step with every case."""
    db = tracker.Database(path, lambda: END.timestamp())
    client = webtest.TestApp(computing(tracker, tracker.make_app(db)))
    headers = {"Authorization": "Bearer " + key}
    chosen = {name for name, _ in requests().items() if match in name}
    chosen |= {twins().get(name) for name in chosen} - {None}
    results = {name: timed(client, repeat, "/api/v1" + route, clock, params=params, headers=headers)
               for name, route, params in CASES if name in chosen}
    sign_in(client, key)
    results.update((name, timed(client, repeat, page, clock, key)) for name, page in PAGES
                   if name in chosen)
    if not match:
        results["regroup step"] = regroup_step(db, clock)
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scale", type=float, action="append", help="fraction of the full size")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cache", default="/tmp/tracker-bench")
    parser.add_argument("--cpu", action="store_true",
                        help="time each request's CPU (WebTest answers in this thread) rather than "
                             "its wall time, which on a shared machine moves with the load")
    parser.add_argument("--match", default="", help="only the cases and pages whose name holds this")
    args = parser.parse_args()
    scales = args.scale or [0.01, 0.1]
    table = {}
    for scale in scales:
        path, key = database(args.cache, scale)
        chats = tracker.query_one(tracker.Database(path).connection(), "SELECT count(*) AS n FROM chats")["n"]
        print("scale %g: %d chats" % (scale, chats), flush=True)
        table[scale] = measure(path, key, args.repeat,
                               time.thread_time if args.cpu else time.perf_counter, args.match)
    print()
    header = "%-28s" % ("median CPU ms" if args.cpu else "median ms") + "".join("%12s" % ("%g%%" % (s * 100)) for s in scales)
    if len(scales) > 1:
        header += "%14s" % ("x %g/%g" % (scales[-1] * 100, scales[0] * 100))
    print(header)
    for name in [name for name in [case[0] for case in CASES + PAGES] + ["regroup step"]
                 if name in table[scales[0]]]:
        line = "%-28s" % name + "".join("%12.1f" % (table[s][name] * 1000) for s in scales)
        if len(scales) > 1:
            line += "%14.1f" % (table[scales[-1]][name] / table[scales[0]][name])
        print(line)
    print_unfiltered(table, scales)
    print_every_url(table, scales)


def print_unfiltered(table, scales, bound=2):
    """Each filtered request measured against its unfiltered twin at each scale, and how
    many are within bound times it."""
    pairs = [(name, twin) for name, twin in twins().items() if name in table[scales[0]]]
    print()
    print("%-38s %-32s" % ("x unfiltered", "twin") + "".join("%12s" % ("%g%%" % (s * 100))
                                                             for s in scales))
    for name, twin in pairs:
        print("%-38s %-32s" % (name, twin or "(none)") + "".join(
            "%12.2f" % (table[s][name] / table[s][twin]) if twin else "%12s" % "-" for s in scales))
    for scale in scales:
        over = [name for name, twin in pairs if twin and table[scale][name] > bound * table[scale][twin]]
        print("%g%%: %d of %d filtered requests within %gx unfiltered%s" % (
            scale * 100, sum(1 for _, twin in pairs if twin) - len(over),
            sum(1 for _, twin in pairs if twin), bound, "; over: " + ", ".join(over) if over else ""))


def print_every_url(table, scales, bound=2, sizes=(0.05, 0.2)):
    """Issue 43's own rule for the lists of every domain's URLs (groupBy=url without a
    domain: 50x the groups of the domain list), when both sizes are measured: at most
    bound times from the smaller to the larger."""
    if not set(sizes) <= set(scales):
        return
    named = requests()
    lists = [name for name in table[sizes[0]] if name in named
             and named[name][1].get("groupBy") == "url" and "domain" not in named[name][1]]
    over = [name for name in lists if table[sizes[1]][name] > bound * table[sizes[0]][name]]
    print("groupBy=url: %d of %d within %gx from %g %% to %g %%%s" % (
        len(lists) - len(over), len(lists), bound, sizes[0] * 100, sizes[1] * 100,
        "; over: " + ", ".join(over) if over else ""))


if __name__ == "__main__":
    main()
