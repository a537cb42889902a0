"""Runs: the queue, the worker, engines, and what is extracted from each answer."""

import collections
import json
import re
import threading
import time

import pytest
import webtest

import tracker
from conftest import START, completion, make_api, wait_for

NOW = tracker.iso_timestamp(START)


class ScriptedEngine(tracker.Engine):
    """An engine whose answers (or failures) the test decides."""

    def __init__(self, name="scripted", answer="An answer.", failures=0, citations=()):
        self.name = name
        self.model = name + "-model"
        self.answer = answer
        self.failures = failures
        self.citations = list(citations)
        self.calls = []

    def ask(self, text, location=None, brands=(), deadline=None):
        self.calls.append((text, location))
        if len(self.calls) <= self.failures:
            raise tracker.EngineError("boom %d" % len(self.calls))
        answer = self.answer(text) if callable(self.answer) else self.answer
        return tracker.Answer(answer, list(self.citations), {"total_tokens": 3})


@pytest.fixture
def workspace(client, db):
    return make_api(client, db, rate_limit=10 ** 6)


def worker_for(db, *engines, **options):
    return tracker.Worker(db, list(engines) or None, **options)


def rows(db, sql, params=()):
    return tracker.query_all(db.connection(), sql, params)


def runs(db):
    return rows(db, "SELECT prompt_id, state, attempts, not_before, last_error FROM runs ORDER BY id")


def create_prompts(api, *texts):
    reply = api.post("/prompts", {"prompts": [{"text": text} for text in texts]})
    return [prompt["id"] for prompt in reply.json["data"]["prompts"]]


# Queue -------------------------------------------------------------------------------

def test_concurrent_claimers_on_separate_connections_never_share_a_run(tmp_path, clock):
    path = str(tmp_path / "queue.db")
    first = tracker.Database(path, clock)
    api = make_api(webtest.TestApp(tracker.make_app(first)), first, rate_limit=10 ** 6)
    create_prompts(api, *("prompt %d" % i for i in range(60)))
    # Four Database objects: four write locks, as if four processes shared the file.
    databases = [first] + [tracker.Database(path, clock) for _ in range(3)]
    claimed = []

    def claim_all(db):
        while (run := tracker.claim_run(db)) is not None:
            claimed.append(run["id"])
        db.close()
    threads = [threading.Thread(target=claim_all, args=(db,)) for db in databases for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(claimed) == list(range(1, 61))


def test_an_expired_lease_is_claimed_again_and_the_old_holder_cannot_finish(db, workspace, clock):
    engine = ScriptedEngine()
    worker = worker_for(db, engine, lease_seconds=60)
    create_prompts(workspace, "hello")
    lost = tracker.claim_run(db, 60)
    assert lost["attempts"] == 1 and lost["state"] == "running"
    clock.advance(59)
    assert tracker.claim_run(db, 60) is None
    clock.advance(1)
    again = tracker.claim_run(db, 60)
    assert (again["id"], again["attempts"]) == (lost["id"], 2)
    assert again["lease_token"] != lost["lease_token"]
    worker.process(lost)  # the worker that died comes back: its result is discarded
    assert rows(db, "SELECT count(*) AS n FROM chats") == [{"n": 0}]
    worker.process(again)
    assert rows(db, "SELECT count(*) AS n FROM chats") == [{"n": 1}]
    assert runs(db)[0]["state"] == "done"


def test_failures_retry_with_exponential_backoff_then_fail(db, workspace, clock):
    engine = ScriptedEngine(failures=99)
    worker = worker_for(db, engine)
    create_prompts(workspace, "hello")
    delays = []
    for attempt in range(1, tracker.MAX_ATTEMPTS + 1):
        assert worker.run_pending() == 1
        run = runs(db)[0]
        assert run["attempts"] == attempt and run["last_error"] == "scripted: boom %d" % attempt
        if attempt < tracker.MAX_ATTEMPTS:
            assert run["state"] == "queued"
            delay = tracker.parse_timestamp(run["not_before"]) - clock.now
            delays.append(delay)
            clock.advance(delay - 1)
            assert worker.run_pending() == 0  # not before its time
            clock.advance(1)
    assert delays == [30, 60, 120, 240]
    assert runs(db)[0]["state"] == "failed"
    clock.advance(tracker.BACKOFF_CAP_SECONDS)
    assert worker.run_pending() == 0
    assert rows(db, "SELECT count(*) AS n FROM chats") == [{"n": 0}]


def test_a_retry_asks_only_the_engines_that_failed(db, workspace, clock):
    good, flaky = ScriptedEngine("good"), ScriptedEngine("flaky", failures=1)
    worker = worker_for(db, good, flaky)
    create_prompts(workspace, "hello")
    worker.run_pending()
    assert [row["engine"] for row in rows(db, "SELECT engine FROM chats")] == ["good"]
    assert runs(db)[0]["last_error"] == "flaky: boom 1"
    clock.advance(30)
    worker.run_pending()
    assert (len(good.calls), len(flaky.calls)) == (1, 2)
    assert sorted(row["engine"] for row in rows(db, "SELECT engine FROM chats")) == ["flaky", "good"]
    assert runs(db)[0]["state"] == "done"


def test_scheduler_requeues_active_prompts_after_the_interval_only(db, workspace, clock):
    worker = worker_for(db, ScriptedEngine(), run_interval=3600)
    active, paused = create_prompts(workspace, "active one", "paused one")
    workspace.patch("/prompts/%d" % paused, {"status": "paused"})
    assert worker.run_pending() == 1
    clock.advance(3599)
    assert worker.run_pending() == 0
    clock.advance(1)
    assert worker.run_pending() == 1
    prompt = workspace.get("/prompts/%d" % active).json["data"]
    assert prompt["lastScheduledAt"] == tracker.iso_timestamp(START + 3600)
    assert [(r["prompt_id"], r["state"]) for r in runs(db)] == [
        (active, "done"), (paused, "canceled"), (active, "done")]


def test_scheduler_does_not_pile_up_runs_behind_a_backlog(db, workspace, clock):
    worker = worker_for(db, ScriptedEngine(failures=99), run_interval=60)
    create_prompts(workspace, "hello")
    worker.run_pending()  # fails; queued again for 30 s later
    clock.advance(60)
    tracker.queue_due_prompts(db, 60)
    assert len(runs(db)) == 1


def test_a_prompt_paused_after_its_run_was_claimed_is_not_asked(db, workspace):
    engine = ScriptedEngine()
    worker = worker_for(db, engine)
    (prompt,) = create_prompts(workspace, "hello")
    run = tracker.claim_run(db)
    workspace.patch("/prompts/%d" % prompt, {"status": "paused"})
    worker.process(run)
    assert engine.calls == [] and runs(db)[0]["state"] == "canceled"


def test_stop_gives_a_run_in_hand_back_to_the_queue(db, workspace):
    entered, release = threading.Event(), threading.Event()

    class BlockingEngine(ScriptedEngine):
        def ask(self, text, location=None, brands=(), deadline=None):
            entered.set()
            release.wait(10)
            return super().ask(text, location, brands)
    worker = worker_for(db, BlockingEngine(), poll_seconds=0.01)
    create_prompts(workspace, "hello")
    worker.start()
    assert worker.state() == "running"
    assert entered.wait(10)
    worker.stop(timeout=0.1)
    assert worker.state() == "stopped"
    run = runs(db)[0]
    assert (run["state"], run["attempts"]) == ("queued", 0)
    release.set()
    time.sleep(0.2)  # the abandoned thread finishes its engine call and must not store it
    assert rows(db, "SELECT count(*) AS n FROM chats") == [{"n": 0}]


def test_background_worker_waits_for_the_first_answer_then_drains_the_queue(db, workspace):
    # serve() starts the worker with after=the access log's first answer (issue 43)
    engine, answered = ScriptedEngine(), threading.Event()
    worker = worker_for(db, engine, poll_seconds=0.01)
    create_prompts(workspace, "one", "two", "three")
    worker.start(after=answered)
    time.sleep(0.1)
    assert worker.state() == "running" and engine.calls == []
    assert [r["state"] for r in runs(db)] == ["queued"] * 3
    answered.set()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(r["state"] != "done" for r in runs(db)):
        time.sleep(0.02)
    worker.stop()
    assert [r["state"] for r in runs(db)] == ["done"] * 3
    assert rows(db, "SELECT count(*) AS n FROM chats") == [{"n": 3}]


def test_a_chat_is_never_stored_twice_for_one_run(db, workspace):
    engine = ScriptedEngine()
    create_prompts(workspace, "hello")
    run = tracker.claim_run(db)
    prompt = rows(db, "SELECT * FROM prompts")[0]
    answer = tracker.Answer("same", [], {})
    prepared = tracker.prepare_chat(engine, answer, 5, tracker.ChatReader(db.connection(), workspace.workspace_id),
                                    prompt["text"])
    chat = tracker.chat_rows(run, prompt, prepared, NOW)
    with db.write() as connection:
        for batch in ([chat, chat], [chat]):  # twice in one batch, then again
            tracker.store_chats(connection, batch, tracker.LastModels(connection, workspace.workspace_id))
    assert rows(db, "SELECT count(*) AS n FROM chats") == [{"n": 1}]



def test_the_writer_keeps_the_statements_storing_chats_compiled(db, workspace, clock):
    # an INSERT into a chat's tables compiles its rollup triggers in (about 2 ms): through
    # the second hour's runs and the worker's other steps, the one writer that every write
    # block of the process runs on keeps each of them from the first (apsw's count of a
    # kept statement's uses starts again when it is compiled again)
    workspace.post("/brands", {"name": "Acme", "type": "own"})
    create_prompts(workspace, *("best CRM number %d?" % n for n in range(12)))
    worker = worker_for(db, *(tracker.SimulatedEngine(name) for name in
                              ("chatgpt", "perplexity", "gemini", "claude")), run_interval=3600)

    def uses(writer):
        return {entry["query"]: entry["uses"] for entry in writer.cache_stats(True)["entries"]
                if entry["query"].lstrip().startswith("INSERT INTO chat")}
    assert worker.run_pending() == 12
    executed = collections.Counter()
    with db.write(revises=False) as writer:
        before = uses(writer)
        writer.exec_trace = lambda cursor, sql, bindings: executed.update([sql]) or True
    clock.advance(3600)
    assert worker.run_pending() == 12
    with db.write(revises=False) as writer:
        writer.exec_trace = None
        after = uses(writer)
    assert len(before) >= 8  # the chats and each table's chunks
    assert {sql: after.get(sql) for sql in before} == {
        sql: count + executed[sql] for sql, count in before.items()}
    assert rows(db, "SELECT count(*) AS n FROM chats") == [{"n": 96}]

# Chats, sources and brand rows ---------------------------------------------------------

def test_a_run_stores_the_chat_with_sources_and_mentions(db, workspace, clock):
    workspace.post("/brands", {"name": "Acme CRM", "trackedNames": ["Acme"], "domains": ["acme.com"],
                               "type": "own"})
    workspace.post("/brands", {"name": "Hub", "domains": ["hub.io"]})
    engine = ScriptedEngine(answer="Try **GitHub** or Acme (see [docs](https://docs.acme.com/x#y)).",
                            citations=[{"url": "https://www.G2.com/crm?utm_source=a&b=1", "title": "G2"}])
    (prompt,) = create_prompts(workspace, "Best CRM?")
    workspace.patch("/prompts/%d" % prompt, {"location": "DE"})
    worker_for(db, engine).run_pending()
    chat = rows(db, "SELECT * FROM chats")[0]
    assert {k: chat[k] for k in ("prompt_id", "prompt_text", "engine", "model", "location",
                                 "answer", "created_at")} == {
        "prompt_id": prompt, "prompt_text": "Best CRM?", "engine": "scripted",
        "model": "scripted-model", "location": "DE", "answer": engine.answer, "created_at": NOW}
    # usage is stored in the Usage schema's names, whatever the engine called them
    assert json.loads(chat["usage"]) == {"inputTokens": None, "outputTokens": None,
                                         "cachedInputTokens": None,
                                         "cacheWriteInputTokens": None, "searches": None}
    assert engine.calls == [("Best CRM?", "DE")]
    assert rows(db, "SELECT url, host, domain, title FROM chat_sources ORDER BY id") == [
        {"url": "https://www.g2.com/crm?b=1", "host": "g2.com", "domain": "g2.com", "title": "G2"},
        {"url": "https://docs.acme.com/x", "host": "docs.acme.com", "domain": "acme.com",
         "title": "docs"}]
    assert rows(db, "SELECT brand_id, position, mentions, cited FROM chat_brands") == [
        {"brand_id": 1, "position": 1, "mentions": 1, "cited": 1}]  # Hub is not in GitHub


def test_relevancy_score_is_visibility_over_30_days(db, workspace, clock):
    acme = workspace.post("/brands", {"name": "Acme"}).json["data"]["id"]
    other = workspace.post("/brands", {"name": "Other"}).json["data"]["id"]
    engine = ScriptedEngine(answer=lambda text: "Acme wins" if "one" in text else "No brand")
    worker = worker_for(db, engine)
    create_prompts(workspace, "one", "two", "three", "four")
    worker.run_pending()
    scores = {b["id"]: (b["relevancyScore"], b["relevancyCalculatedAt"])
              for b in workspace.get("/brands").json["data"]}
    assert scores == {acme: (0.25, NOW), other: (0.0, NOW)}
    clock.advance(31 * 86400)  # the chats leave the window; the runs of today count
    worker.run_pending()
    brand = workspace.get("/brands/%d" % acme).json["data"]
    assert brand["relevancyScore"] == 0.25
    assert brand["relevancyCalculatedAt"] == tracker.iso_timestamp(START + 31 * 86400)


def test_changing_a_brands_names_recomputes_its_mentions(db, workspace):
    brand = workspace.post("/brands", {"name": "Acme"}).json["data"]["id"]
    worker = worker_for(db, ScriptedEngine(answer="Zeta beats Acme."))
    create_prompts(workspace, "q")
    worker.run_pending()
    assert rows(db, "SELECT brand_id, position FROM chat_brands") == [{"brand_id": brand, "position": 1}]
    zeta = workspace.post("/brands", {"name": "Zeta Corp"}).json["data"]["id"]
    workspace.patch("/brands/%d" % zeta, {"trackedNames": ["zeta"]})
    worker.run_pending()
    assert rows(db, "SELECT brand_id, position FROM chat_brands ORDER BY position") == [
        {"brand_id": zeta, "position": 1}, {"brand_id": brand, "position": 2}]
    workspace.delete("/brands/%d" % zeta)
    worker.run_pending()
    assert rows(db, "SELECT brand_id, position FROM chat_brands") == [{"brand_id": brand, "position": 1}]


def test_brand_refresh_walks_chats_in_batches(db, workspace):
    worker = worker_for(db, ScriptedEngine(answer="Acme"))
    create_prompts(workspace, *("q%d" % i for i in range(5)))
    worker.run_pending()
    workspace.post("/brands", {"name": "Acme"})
    for _ in range(3):  # the prompts' branded flags first: 2, 2 and 1 of them
        assert tracker.refresh_brand_rows(db, batch=2)
    assert rows(db, "SELECT count(*) AS n FROM chat_brands") == [{"n": 0}]
    assert tracker.refresh_brand_rows(db, batch=2) and tracker.refresh_brand_rows(db, batch=2)
    assert rows(db, "SELECT count(*) AS n FROM chat_brands") == [{"n": 4}]
    assert tracker.refresh_brand_rows(db, batch=2)
    assert not tracker.refresh_brand_rows(db, batch=2)
    assert rows(db, "SELECT count(*) AS n FROM chat_brands") == [{"n": 5}]


@pytest.mark.parametrize("url, expected", [
    ("https://www.Example.COM", ("https://www.example.com/", "example.com")),
    ("HTTP://example.com:80/a?b=1#frag", ("http://example.com/a?b=1", "example.com")),
    ("https://example.com:8443/a", ("https://example.com:8443/a", "example.com")),
    ("https://example.com/a?utm_source=x&id=2&UTM_medium=y", ("https://example.com/a?id=2", "example.com")),
    ("https://docs.example.com/guide).", ("https://docs.example.com/guide)", "docs.example.com")),
    ("https://example.com/page.", ("https://example.com/page", "example.com")),
    ("ftp://example.com/file", None),
    ("https://", None),
    ("https://example.com:99999/", None),
    ("javascript:alert(1)", None),
])
def test_urls_are_normalised(url, expected):
    assert tracker.normalise_url(url) == expected


def test_sources_come_from_citations_links_and_bare_urls_once_each():
    answer = tracker.Answer(
        "See [Acme docs](https://acme.com/docs), https://acme.com/docs again, and "
        "(https://www.beta.io/x?utm_campaign=1). Also https://gamma.dev.", [
            {"url": "https://cited.org/a", "title": "Cited"}, {"url": "https://acme.com/docs"}])
    answer.consulted = [{"url": "https://gamma.dev", "rank": 3},
                        {"url": "https://read.example/", "title": "R", "rank": 5}]
    assert tracker.extract_sources(answer) == [
        {"url": "https://cited.org/a", "host": "cited.org", "domain": "cited.org",
         "title": "Cited", "cited": True, "position": 1, "rank": None},
        {"url": "https://acme.com/docs", "host": "acme.com", "domain": "acme.com",
         "title": "Acme docs", "cited": True, "position": 2, "rank": None},
        {"url": "https://www.beta.io/x", "host": "beta.io", "domain": "beta.io", "title": None,
         "cited": True, "position": 3, "rank": None},
        # a cited page that is also an organic result keeps its organic rank
        {"url": "https://gamma.dev/", "host": "gamma.dev", "domain": "gamma.dev", "title": None,
         "cited": True, "position": 4, "rank": 3},
        # a page only consulted (the same URL as a cited one counts as cited)
        {"url": "https://read.example/", "host": "read.example", "domain": "read.example",
         "title": "R", "cited": False, "position": None, "rank": 5}]


def brand(id, name, tracked=(), domains=(), regex=None):
    return {"id": id, "name": name, "tracked_names": list(tracked), "domains": list(domains),
            "name_regex": regex, "use_regex": int(regex is not None)}


@pytest.mark.parametrize("text, brands, domains, expected", [
    # whole words only, any case
    ("I use GitHub daily", [brand(1, "Hub")], set(), []),
    ("HUB and hub, Hub!", [brand(1, "Hub")], set(), [(1, 1, 3, 0)]),
    ("Hubs are not Hub-like", [brand(1, "Hub")], set(), [(1, 1, 1, 0)]),
    # tracked names count, the longest name wins where they overlap
    ("Acme CRM is Acme's best", [brand(1, "Acme CRM", ["Acme"])], set(), [(1, 1, 2, 0)]),
    # positions follow first occurrence; a brand only cited has no position
    ("Beta then Alpha then Beta", [brand(1, "Alpha"), brand(2, "Beta"), brand(3, "Gamma", domains=["gamma.io"])],
     {"cdn.gamma.io"}, [(1, 2, 1, 0), (2, 1, 2, 0), (3, None, 0, 1)]),
    # a domain is never a name: a URL alone does not mention the brand
    ("Read https://acme.com/acme today", [brand(1, "Acme", domains=["acme.com"])], {"acme.com"},
     [(1, None, 0, 1)]),
    ("[guide](https://acme.com/) by nobody", [brand(1, "Acme")], set(), []),
    # subdomains cite, look-alikes do not
    ("nothing", [brand(1, "Acme", domains=["acme.com"])], {"notacme.com", "acme.com.evil.io"}, []),
    # regex, case-insensitive, beside the names
    ("ACME-corp and acmecorp", [brand(1, "Zzz", regex=r"acme-?corp")], set(), [(1, 1, 2, 0)]),
    ("Acme and acme corp", [brand(1, "Acme", regex=r"acme corp")], set(), [(1, 1, 2, 0)]),
    # non-ASCII names
    ("Ich mag Müller und MÜLLER", [brand(1, "Müller")], set(), [(1, 1, 2, 0)]),
])
def test_brand_matching(text, brands, domains, expected):
    found = tracker.BrandMatcher(brands).match(text, domains)
    assert [(r["brand_id"], r["position"], r["mentions"], r["cited"]) for r in found] == expected


# What a reader counts (packaging/docs/engines.md, Mentions): each snippet names Zeta (zeta.io) once as text
# may, and the count is how many of those a reader reads as a mention.
@pytest.mark.parametrize("snippet, counted", [
    ("Zeta is a CRM.", 1),
    ("See [Zeta](https://example.com/crm).", 1),  # a link's text is prose
    ("See [the review](https://zeta.io/review).", 0),  # its target is not
    ("See [docs](/guides/zeta).", 0),  # nor a relative one
    ("![logo](https://cdn.example.com/zeta.png)", 0),  # nor an image's
    ("![Zeta logo](https://cdn.example.com/logo.png)", 1),  # an image's alt text is
    ("Pricing: https://example.com/zeta?ref=zeta", 0),
    ("Ask sales@zeta.io today.", 0),
    ("Visit zeta.io today.", 0),
    ("Visit www.zeta.io/pricing today.", 0),
    ("Visit ZETA.IO.", 0),
    ('<a href="https://zeta.io" title="Zeta">a CRM</a>', 0),
    ('<a href="https://example.com">Zeta</a> wins.', 1),  # the text between tags is prose
    ("<!-- Zeta --> nothing here", 0),
    ("Zeta.js is a library.", 1),  # js is no top-level domain: prose
    ("Compared: Zeta/Acme.", 1),
    ("ftp://files.example.com/zeta.zip", 0),
])
def test_mentions_are_names_in_prose(snippet, counted):
    found = tracker.BrandMatcher([brand(1, "Zeta", domains=["zeta.io"])]).match(snippet, set())
    assert sum(row["mentions"] for row in found) == counted


def test_a_brand_named_as_a_domain_is_mentioned_by_its_name_only():
    matcher = tracker.BrandMatcher([brand(1, "Monday.com")])
    assert [row["mentions"] for row in matcher.match(
        "Monday.com is fine; see monday.com/pricing or https://monday.com.", set())] == [1]


@pytest.mark.parametrize("question, counted", [
    ("Is Zeta better than Acme for startups?", 1),  # repeated whole: blanked
    ("Zeta or Acme?", 2),  # under four words: never taken for a repeat
])
def test_the_question_repeated_is_no_mention(question, counted):
    answer = 'You asked: "is zeta  better than ACME for startups?" Zeta is.'
    found = tracker.BrandMatcher([brand(1, "Zeta")]).match(answer, set(), question)
    assert [row["mentions"] for row in found] == [counted]


def test_blanking_keeps_offsets_and_takes_linear_time_on_a_hostile_answer():
    """50,000 characters of what the blanking patterns look for, nearly matched: every
    kind at once. Linear patterns take milliseconds; a backtracking or per-match copying
    one took seconds (10,000 domains through the RE2 binding: 1.1 s)."""
    piece = "a.io [x](y <b c=d ](e x@y. http:// <!-- zeta.io/p Zeta is "
    answer = (piece * (tracker.MAX_ANSWER_CHARS // len(piece) + 1))[:tracker.MAX_ANSWER_CHARS]
    question = " ".join(piece.split() * 100) + " never"  # read word by word, not found
    matcher = tracker.BrandMatcher([brand(1, "Zeta", domains=["zeta.io"])])
    started = time.thread_time()
    prose = matcher.prose(answer, question)
    found = matcher.match(answer, set(), question)
    assert time.thread_time() - started < 5  # CPU seconds; measured: well under one
    assert len(prose) == len(answer) and "zeta.io" not in prose
    assert [row["mentions"] for row in found] == [answer.count("Zeta is")]


def test_mentions_through_the_api_are_what_a_reader_counts(db, workspace):
    ids = {name: workspace.post("/brands", {"name": name, "domains": [domain]}).json["data"]["id"]
           for name, domain in (("Acme", "acme.com"), ("Zeta", "zeta.io"), ("Globex", "globex.com"))}
    answer = ("You asked: \u201cWhich is better, Acme or Zeta, for startups?\u201d\n"
              "Read [the Globex review](https://zeta.io/globex) and "
              "![Zeta logo](https://cdn.example.com/zeta.png).\n"
              '<a href="https://acme.com/" title="Zeta">Acme</a> is cheaper.\n'
              "Write to sales@zeta.io, or visit zeta.io, www.zeta.io/pricing or "
              "https://acme.com/zeta.\n"
              "Zeta is solid too.")
    worker = worker_for(db, ScriptedEngine(answer=answer))
    create_prompts(workspace, "Which is better, Acme or Zeta, for startups?")
    worker.run_pending()

    def mentions():
        chat = workspace.get("/analytics/chats").json["data"]["data"][0]
        return [(m["brandId"], m["position"], m["count"], m["cited"]) for m in chat["mentions"]]
    # Globex in a link's text, Acme in a tag's text, Zeta in prose once, alt text once; the
    # domains only cited; nothing from the repeated question.
    expected = [(ids["Globex"], 1, 1, False), (ids["Zeta"], 2, 2, True),
                (ids["Acme"], 3, 1, True)]
    assert mentions() == expected
    # The background refresh after a brand change reads the stored chats the same way.
    startups = workspace.post("/brands", {"name": "Startups Inc", "trackedNames": ["startups"]})
    worker.run_pending()
    assert mentions() == expected
    rankings = workspace.get("/analytics/rankings").json["data"]["brands"]
    assert {row["brandId"]: (row["mentions"], row["averagePosition"]["value"]) for row in rankings} \
        == {ids["Globex"]: (1, 1.0), ids["Zeta"]: (1, 2.0), ids["Acme"]: (1, 3.0),
            startups.json["data"]["id"]: (0, None)}


@pytest.mark.parametrize("named, counted", [(tracker.MAX_MATCHES_READ, tracker.MAX_MATCHES_READ),
                                            (tracker.MAX_MATCHES_READ + 1, tracker.MAX_MATCHES_READ)])
@pytest.mark.parametrize("matcher", [brand(1, "Acme"), brand(1, "Nobody", regex=r"ac+me")],
                         ids=["name", "nameRegex"])
def test_mentions_are_read_up_to_the_extraction_budget(matcher, named, counted):
    """A chat's cost is bounded per brand: past MAX_MATCHES_READ matches the rest of the
    answer is not read for that brand (its first mention and sentiment come from those)."""
    found = tracker.BrandMatcher([matcher]).match("Acme is fine. " * named, set())
    assert [(row["position"], row["mentions"], row["sentiment"]) for row in found] == \
        [(1, counted, "positive")]


def test_a_pathological_name_regex_cannot_stall_matching():
    matcher = tracker.BrandMatcher([brand(1, "X", regex=r"(a+)+$"), brand(2, "Y", regex=r"(a|a)*b")])
    started = time.thread_time()
    found = matcher.match("a" * 200000 + "!", set())
    # CPU seconds, which a busy machine does not stretch: RE2 takes milliseconds here,
    # backtracking engines astronomically long.
    assert time.thread_time() - started < 5
    assert [row["brand_id"] for row in found] == []


# Engines -----------------------------------------------------------------------------

def test_simulated_engine_is_deterministic_and_labelled():
    engine = tracker.SimulatedEngine()
    brands = [dict(brand(1, "Acme CRM", ["Acme"], ["acme.com"]))]
    first = engine.ask("Best CRM?", "DE", brands)
    assert engine.ask("Best CRM?", "DE", brands) == first
    assert engine.ask("Best CRM?", "FR", brands).text != first.text
    assert "Simulated answer" in first.text and (engine.name, engine.model) == ("simulated", "simulated-1")
    assert "Best CRM?" not in first.text  # the question is never repeated
    answers = [engine.ask("search %d" % i, None, brands) for i in range(40)]
    searched = [answer for answer in answers if answer.retrieval == "searched"]
    assert 20 < len(searched) < 40  # about one in five answers without a search
    for answer in searched:
        assert answer.searches == ["search %d" % int(answer.searches[0].split()[1]),
                                   answer.searches[0] + " reviews"]
        assert answer.citations == answer.consulted[:2] and len(answer.consulted) in (3, 4)
        assert answer.usage["searches"] == 2
    for answer in answers:
        if answer.retrieval == "not_searched":
            assert (answer.citations, answer.consulted, answer.searches) == ([], [], [])
    answers = [engine.ask("question %d" % i, None, brands).text for i in range(20)]
    assert all("Acme" in text for text in answers)  # by its name or its tracked name
    assert any("(https://acme.com/)" in text for text in answers)
    many = [brand(i, "Brand%d" % i) for i in range(1, 6)]
    counts = [sum("**Brand%d**" % i in engine.ask("q%d" % n, None, many).text for i in range(1, 6))
              for n in range(30)]
    assert set(counts) == {1, 2, 3}


@pytest.mark.parametrize("spec, expected", [
    ("simulated", ("simulated", "simulated", "simulated-1", None)),
    ("sim2=simulated:v2", ("simulated", "sim2", "v2", None)),
    ("openai:gpt-4o-mini", ("openai", "openai", "gpt-4o-mini", "https://api.openai.com/v1/chat/completions")),
    ("local=openai:llama3.1:8b@http://127.0.0.1:11434/v1",
     ("openai", "local", "llama3.1:8b", "http://127.0.0.1:11434/v1/chat/completions")),
])
def test_engine_specs(spec, expected):
    engine = tracker.parse_engine(spec, {})
    assert (engine.kind, engine.name, engine.model, getattr(engine, "url", None)) == expected


def test_openai_engine_reads_base_url_and_key_from_the_environment():
    engine = tracker.parse_engine("openai:m", {"OPENAI_BASE_URL": "http://x/v1/", "OPENAI_API_KEY": "sk"})
    assert (engine.url, engine.api_key) == ("http://x/v1/chat/completions", "sk")


@pytest.mark.parametrize("specs, message", [
    (["openai"], "needs a model"),
    (["bard:x"], "not one of: simulated, openai"),
    (["bad spec!"], re.escape("is not [LABEL=]KIND[:MODEL][@BASE_URL]")),
    (["simulated", "simulated:v2"], "engine labels must be unique"),
])
def test_bad_engine_specs_are_refused(specs, message):
    with pytest.raises(tracker.ProvisioningError, match=message):
        tracker.configure_engines(specs, {})


def test_engines_come_from_options_then_environment_then_default():
    assert [e.name for e in tracker.configure_engines([], {})] == ["simulated"]
    env = {"TRACKER_ENGINES": "a=simulated, b=simulated:v2"}
    assert [e.name for e in tracker.configure_engines([], env)] == ["a", "b"]
    assert [e.name for e in tracker.configure_engines(["c=simulated"], env)] == ["c"]


def openai_engine(fake, **options):
    sleeps = []
    engine = tracker.OpenAIEngine("gpt", "test-model", fake.url, "sk-test", sleep=sleeps.append,
                                  **options)
    return engine, sleeps


def test_openai_engine_asks_with_location_and_reads_citations(fake_openai):
    fake_openai.reply(body=completion(
        "Use Acme.", citations=["https://a.com/1"], search_results=[{"url": "https://b.com", "title": "B"}]))
    fake_openai.replies[0][1]["choices"][0]["message"]["annotations"] = [
        {"type": "url_citation", "url_citation": {"url": "https://c.com/x", "title": "C"}},
        {"type": "other"}]
    engine, _ = openai_engine(fake_openai)
    answer = engine.ask("Best CRM?", "Berlin")
    assert answer == tracker.Answer("Use Acme.", [
        {"url": "https://a.com/1", "title": None}, {"url": "https://b.com", "title": "B"},
        {"url": "https://c.com/x", "title": "C"}], {
            "inputTokens": 5, "outputTokens": 7, "cachedInputTokens": None,
            "cacheWriteInputTokens": None, "searches": None})
    headers, body = fake_openai.requests[0]
    assert headers["Authorization"] == "Bearer sk-test"
    assert body == {"model": "test-model", "messages": [
        {"role": "system", "content": "The user is asking from Berlin; answer for that location."},
        {"role": "user", "content": "Best CRM?"}]}


def test_openai_engine_retries_5xx_and_429_with_backoff(fake_openai):
    fake_openai.reply(500, {"error": "busy"})
    fake_openai.reply(429, {"error": "slow"}, {"Retry-After": "7"})
    fake_openai.reply(503, {"error": "busy"})
    fake_openai.reply(body=completion("finally"))
    engine, sleeps = openai_engine(fake_openai)
    assert engine.ask("q").text == "finally"
    assert sleeps == [1, 7.0, 4]


def test_openai_engine_gives_up_after_its_retries(fake_openai):
    for _ in range(4):
        fake_openai.reply(502, {"error": "down"})
    engine, sleeps = openai_engine(fake_openai)
    with pytest.raises(tracker.EngineError, match=r'HTTP 502 .*"down".* \(after 4 attempts\)'):
        engine.ask("q")
    assert len(fake_openai.requests) == 4 and sleeps == [1, 2, 4]


def test_openai_engine_does_not_retry_a_client_error(fake_openai):
    fake_openai.reply(401, {"error": "bad key"})
    engine, _ = openai_engine(fake_openai)
    with pytest.raises(tracker.EngineError, match="HTTP 401"):
        engine.ask("q")
    assert len(fake_openai.requests) == 1


def test_openai_engine_times_out(fake_openai):
    fake_openai.reply(delay=1.0)
    fake_openai.reply(delay=1.0)
    engine, sleeps = openai_engine(fake_openai, timeout=0.2, retries=1)
    with pytest.raises(tracker.EngineError, match=r"no complete reply from .* within 0.2s \(after 2 attempts\)"):
        engine.ask("q")


@pytest.mark.parametrize("body, message", [
    ("not json", "invalid JSON"),
    ({"choices": []}, "no choices"),
    (completion(""), "empty answer"),
    (completion(None), "empty answer"),
])
def test_openai_engine_refuses_unusable_replies(fake_openai, body, message):
    fake_openai.reply(body=body)
    engine, _ = openai_engine(fake_openai, retries=0)
    with pytest.raises(tracker.EngineError, match=message):
        engine.ask("q")


# End to end --------------------------------------------------------------------------

def test_serve_runs_a_new_prompt_with_the_simulated_engine(tmp_path, server_factory):
    db_path = tmp_path / "tracker.db"
    server = server_factory(db_path)
    key = server.key
    server.request("POST", "/brands", key, {"name": "Acme CRM", "trackedNames": ["Acme"],
                                            "domains": ["acme.com"], "type": "own"})
    for text in ("Best CRM for startups?", "Top CRM tools", "CRM for agencies"):
        assert server.request("POST", "/prompts", key, {"text": text})[0] == 201
    reader = tracker.Database(str(db_path))
    chats = wait_for(lambda: len(rows(reader, "SELECT id FROM chats")) == 3)
    assert chats
    assert {row["engine"] for row in rows(reader, "SELECT engine FROM chats")} == {"simulated"}
    assert rows(reader, "SELECT count(*) AS n FROM chat_sources")[0]["n"] >= 6
    assert rows(reader, "SELECT count(*) AS n FROM chat_brands WHERE position = 1")[0]["n"] >= 1
    assert "runs normal: simulated (simulated-1), 2 at a time" in server.log()


def test_serve_asks_an_openai_compatible_server(tmp_path, server_factory, fake_openai):
    fake_openai.reply(body=completion("Acme is the answer.", citations=["https://acme.com/"]))
    db_path = tmp_path / "tracker.db"
    server = server_factory(db_path, "--engine", "local=openai:llama3.1:8b@" + fake_openai.url,
                            env={"OPENAI_API_KEY": ""})
    server.request("POST", "/prompts", server.key, {"text": "Best CRM?"})
    reader = tracker.Database(str(db_path))
    chat = wait_for(lambda: rows(reader, "SELECT engine, model, answer FROM chats"))
    assert chat == [{"engine": "local", "model": "llama3.1:8b", "answer": "Acme is the answer."}]
    assert "Authorization" not in fake_openai.requests[0][0]
    assert rows(reader, "SELECT url FROM chat_sources") == [{"url": "https://acme.com/"}]
