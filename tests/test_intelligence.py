"""Answer intelligence (issue 17): registrable domains, sentiment per mention and per brand,
source categories and their overrides, discovered brands, and gaps — exact figures on
scripted answers, stored as the worker stores them."""


import pytest

import tracker
from conftest import START

ANSWERS = {
    # one chat per prompt and engine; the scripted engine answers by prompt text
    "crm": """Here are the best CRM tools:

1. **Acme CRM**: excellent and reliable, a great pick.
2. **Globex One** - terrible support, avoid it.
3. **Initech Pro**: sold in three editions.
4. **Northwind Suite** (popular with startups)

Acme CRM also has a free tier.""",
    "erp": """For ERP, people name:

- Globex One: a wonderful, trusted choice.
- **Umbrella Works**

See [reviews](https://www.reddit.com/r/erp/) and https://blog.umbrella.co.uk/erp.""",
    "hr": "Most teams pick Globex One or Hooli Stack for HR.",
}
SOURCES = {
    "crm": ["https://blog.acme.com/crm", "https://en.wikipedia.org/wiki/CRM",
            "https://www.nytimes.com/crm", "https://www.irs.gov/forms", "https://example.org/x",
            "https://research.cs.stanford.edu/crm", "https://data.gov.uk/crm"],
    "hr": ["https://globex.com/hr", "https://www.nytimes.com/hr"],
}


class Scripted(tracker.Engine):
    kind = "simulated"

    def __init__(self, name):
        self.name, self.model = name, "m"

    def ask(self, text, location=None, brands=(), deadline=None):
        return tracker.Answer(ANSWERS[text], [{"url": url} for url in SOURCES.get(text, [])])


@pytest.fixture
def scripted(api, db):
    """Brands Acme CRM (own, acme.com), Globex One (competitor, globex.com) and Initech Pro
    (competitor); prompts crm, erp and hr asked by engines one and two."""
    ids = {"acme": api.post("/brands", {"name": "Acme CRM", "type": "own",
                                        "domains": ["acme.com"]}).json["data"]["id"],
           "globex": api.post("/brands", {"name": "Globex One", "type": "competitor",
                                          "domains": ["globex.com"]}).json["data"]["id"],
           "initech": api.post("/brands", {"name": "Initech Pro", "type": "competitor"})
           .json["data"]["id"]}
    for text in ("crm", "erp", "hr"):
        ids[text] = api.post("/prompts", {"text": text}).json["data"]["prompts"][0]["id"]
    tracker.Worker(db, [Scripted("one"), Scripted("two")]).run_pending()
    return ids


def chat_of(api, prompt_id, engine="one"):
    chats = api.get("/analytics/chats", promptId=str(prompt_id), engine=engine).json["data"]["data"]
    (chat,) = chats
    return chat


# Sentiment -----------------------------------------------------------------------------

def test_each_mention_is_judged_on_the_sentences_naming_it(api, scripted):
    chat = chat_of(api, scripted["crm"])
    assert [(m["brandName"], m["position"], m["sentiment"], m["sentimentScore"])
            for m in chat["mentions"]] == [
        ("Acme CRM", 1, "positive", 0.6711),    # mean of 0.8402 and 0.5106 (a free tier)
        ("Globex One", 2, "negative", -0.3818),
        ("Initech Pro", 3, "neutral", 0.0)]


def test_a_brand_only_cited_has_no_sentiment(api, scripted):
    chat = chat_of(api, scripted["hr"])
    mentions = {m["brandName"]: m for m in chat["mentions"]}
    assert mentions["Globex One"]["cited"] is True and mentions["Globex One"]["sentiment"] == "neutral"
    api.patch("/brands/%d" % scripted["globex"], {"name": "Globex Two", "trackedNames": []})
    tracker.Worker(api_db(api)).run_pending()  # the brand refresh
    chat = chat_of(api, scripted["hr"])
    (globex,) = [m for m in chat["mentions"] if m["brandId"] == scripted["globex"]]
    assert (globex["position"], globex["cited"], globex["sentiment"], globex["sentimentScore"]) == (
        None, True, None, None)


def api_db(api):
    return api.client.app.config["tracker.db"]


def test_rankings_sum_sentiment_from_rollups_and_raw_rows_alike(api, scripted, clock):
    # Globex One: crm (-0.3818), erp (0.7783) and hr (0.0), each twice (two engines)
    whole_days = api.get("/analytics/rankings", params={"from": "2026-11-21", "to": "2026-11-22"})
    partial = api.get("/analytics/rankings", params={"from": "2026-11-21T09:00:00Z",
                                                     "to": "2026-11-21T10:00:00Z"})
    for document in (whole_days, partial):
        globex = {b["name"]: b for b in document.json["data"]["brands"]}["Globex One"]
        assert without_interval(globex["sentiment"]) == {
            "value": 0.1322, "numerator": 0.793, "denominator": 6, "positive": 2, "neutral": 2,
            "negative": 2}
        assert globex["sentiment"]["interval"] is None  # the worker estimated its spread
    acme = {b["name"]: b for b in whole_days.json["data"]["brands"]}["Acme CRM"]
    assert without_interval(acme["sentiment"]) == {
        "value": 0.6711, "numerator": 1.3422, "denominator": 2, "positive": 2, "neutral": 0,
        "negative": 0}


def without_interval(figure):
    """A figure without its 95 % interval (tests/test_intervals.py checks those)."""
    return {name: value for name, value in figure.items()
            if name not in ("lower", "upper", "interval")}


def test_sentiment_series_and_compare(api, scripted, clock):
    document = api.get("/analytics/rankings", params={
        "from": "2026-11-21", "to": "2026-11-22", "interval": "day",
        "compare": "previous"}).json["data"]
    acme = {b["name"]: b for b in document["brands"]}["Acme CRM"]
    assert acme["series"][0]["sentiment"]["value"] == 0.6711
    assert acme["previous"]["sentiment"]["value"] is None
    assert acme["change"]["sentiment"] is None  # nothing before to compare with


# Domains and categories ----------------------------------------------------------------

def test_sources_keep_the_host_and_the_registrable_domain(api, scripted):
    chat = chat_of(api, scripted["erp"])
    assert [(s["host"], s["domain"], s["category"]) for s in chat["sources"]] == [
        ("reddit.com", "reddit.com", "ugc"),
        ("blog.umbrella.co.uk", "umbrella.co.uk", "other")]  # co.uk: a two-label suffix


def test_every_category_from_brands_list_and_rules(api, scripted):
    chat = chat_of(api, scripted["crm"])
    assert [(s["host"], s["category"], s["brandId"]) for s in chat["sources"]] == [
        ("blog.acme.com", "own", scripted["acme"]),   # a subdomain of an own brand's domain
        ("en.wikipedia.org", "reference", None),
        ("nytimes.com", "editorial", None),
        ("irs.gov", "institutional", None),             # .gov
        ("example.org", "other", None),
        ("research.cs.stanford.edu", "institutional", None),  # .edu
        ("data.gov.uk", "institutional", None)]          # gov.uk
    hr = chat_of(api, scripted["hr"])
    assert [(s["host"], s["category"]) for s in hr["sources"]] == [
        ("globex.com", "competitor"), ("nytimes.com", "editorial")]


@pytest.mark.parametrize("host, category", [
    ("www.reddit.com", "ugc"), ("old.reddit.com", "ugc"), ("news.ycombinator.com", "ugc"),
    ("youtube.com", "ugc"), ("g2.com", "ugc"), ("x.com", "ugc"), ("quora.com", "ugc"),
    ("en.wikipedia.org", "reference"), ("britannica.com", "reference"),
    ("who.int", "institutional"), ("europa.eu", "institutional"), ("ec.europa.eu", "institutional"),
    ("ox.ac.uk", "institutional"), ("mit.edu", "institutional"), ("nhs.uk", "institutional"),
    ("techcrunch.com", "editorial"), ("bbc.co.uk", "editorial"), ("www.bbc.co.uk", "editorial"),
    ("acme.co.uk", "other"), ("localhost", "other"), ("127.0.0.1", "other"),
    ("notreddit.com", "other"), ("reddit.com.evil.io", "other"),
])
def test_the_curated_list_and_rules(host, category):
    assert tracker.listed_category(tracker.host_name(host)) == category


def test_the_curated_list_has_several_hundred_domains_each_in_one_category():
    listed = [domain for domains in tracker.CURATED_DOMAINS.values() for domain in domains.split()]
    assert len(listed) >= 300 and len(listed) == len(set(listed))


@pytest.mark.parametrize("host, domain", [
    ("blog.acme.co.uk", "acme.co.uk"), ("en.wikipedia.org", "wikipedia.org"),
    ("a.b.acme.com.au", "acme.com.au"), ("user.github.io", "user.github.io"),
    ("co.uk", "co.uk"), ("localhost", "localhost"), ("127.0.0.1", "127.0.0.1"),
    ("[::1]", "[::1]"), ("acme.com", "acme.com")])
def test_registrable_domains_by_the_public_suffix_list(host, domain):
    assert tracker.registrable_domain(host) == domain


def test_sources_grouped_by_category_count_each_chat_once(api, scripted):
    data = api.get("/analytics/sources", groupBy="category").json["data"]
    assert (data["total"], data["chats"], data["groupBy"]) == (7, 6, "category")
    rows = [(r["category"], r["citations"], r["chats"], r["retrievedChats"], r["chatShare"]["value"])
            for r in data["data"]]
    # a crm chat cites three institutional pages: 6 citations, but 2 chats
    assert rows == [("institutional", 6, 2, 2, 2 / 6), ("editorial", 4, 4, 4, 4 / 6),
                    ("other", 4, 4, 4, 4 / 6), ("own", 2, 2, 2, 2 / 6),
                    ("competitor", 2, 2, 2, 2 / 6), ("ugc", 2, 2, 2, 2 / 6),
                    ("reference", 2, 2, 2, 2 / 6)]
    api.put("/source-categories/example.org", {"category": "ugc"})
    first = api.get("/analytics/sources", groupBy="category", perPage="2").json["data"]
    second = api.get("/analytics/sources", groupBy="category", perPage="2", page="2").json["data"]
    assert (second["total"], second["lastPage"]) == (7, 4)
    assert [(r["category"], r["citations"], r["chats"]) for r in first["data"] + second["data"]] == [
        ("institutional", 6, 2), ("ugc", 4, 4), ("editorial", 4, 4), ("own", 2, 2)]


def test_a_workspace_overrides_a_domains_category(api, other_api, scripted):
    assert api.get("/source-categories/nytimes.com").json["data"] == {
        "domain": "nytimes.com", "category": "editorial", "origin": "list", "brandId": None}
    reply = api.put("/source-categories/www.NYTimes.com", {"category": "ugc"}).json
    assert (reply["message"], reply["data"]) == ("Category overridden", {
        "domain": "nytimes.com", "category": "ugc", "origin": "override", "brandId": None})
    chat = chat_of(api, scripted["hr"])
    assert [(s["host"], s["category"]) for s in chat["sources"]] == [
        ("globex.com", "competitor"), ("nytimes.com", "ugc")]
    # an override wins over a brand's domain too, and its brand is still said
    api.put("/source-categories/globex.com", {"category": "reference"})
    assert api.get("/source-categories/globex.com").json["data"] == {
        "domain": "globex.com", "category": "reference", "origin": "override",
        "brandId": scripted["globex"]}
    assert [o["domain"] for o in api.get("/source-categories").json["data"]] == [
        "globex.com", "nytimes.com"]
    assert other_api.get("/source-categories").json["data"] == []
    assert other_api.get("/source-categories/nytimes.com").json["data"]["category"] == "editorial"
    removed = api.delete("/source-categories/nytimes.com").json
    assert (removed["message"], removed["data"]["category"], removed["data"]["origin"]) == (
        "Override removed", "editorial", "list")
    assert api.delete("/source-categories/nytimes.com", status=404).json["message"] == \
        "Override not found"


@pytest.mark.parametrize("body, message", [
    ({}, "is required"), ({"category": "own"}, "must be one of: ugc, reference, institutional, "
                                                "editorial, other"),
    ({"category": None}, "must not be null"), ({"category": 3}, "must be one of: ugc, reference, "
                                                                "institutional, editorial, other")])
def test_a_bad_override_is_refused(api, body, message):
    assert api.put("/source-categories/acme.com", body, status=422).json["errors"] == [
        {"field": "category", "message": message}]


@pytest.mark.parametrize("domain", ["bad_domain!", "a..b", "-x.com", "x" * 254])
def test_a_path_that_names_no_domain_is_not_found(api, domain):
    assert api.get("/source-categories/" + domain, status=404).json["message"] == "Domain not found"


def test_the_longest_domain_accepted_in_a_path(api):
    longest = ".".join(["a" * 61] * 4)  # 247 characters
    longest += ".abcde"  # 253
    assert len(longest) == 253
    assert api.get("/source-categories/" + longest).json["data"]["domain"] == longest
    api.get("/source-categories/" + longest + "x", status=404)


# Discovered brands -----------------------------------------------------------------------

def test_discovered_brands_are_the_recommended_names_nobody_tracks(api, scripted):
    data = api.get("/analytics/discovered-brands").json["data"]
    assert [(r["name"], r["chats"], r["mentions"]) for r in data["data"]] == [
        ("Northwind Suite", 2, 2), ("Umbrella Works", 2, 2)]
    first = data["data"][0]
    assert first["exampleChatId"] == chat_of(api, scripted["crm"], "two")["id"]
    assert first["firstSeenAt"] == first["lastSeenAt"] == tracker.iso_timestamp(START)
    # tracking one takes it off the list at once
    api.post("/brands", {"name": "Umbrella", "trackedNames": ["umbrella works"]})
    assert [r["name"] for r in api.get("/analytics/discovered-brands").json["data"]["data"]] == [
        "Northwind Suite"]
    by_engine = api.get("/analytics/discovered-brands", engine="nobody").json["data"]
    assert (by_engine["total"], by_engine["data"]) == (0, [])


@pytest.mark.parametrize("text, names", [
    ("1. **Acme**: good\n2) Globex - fine\n* Initech Pro (cheap)\n+ Hooli, Vandelay", [
        "Acme", "Globex", "Initech Pro", "Hooli"]),
    ("- Pros: fast\n- **Pricing**\n- the best\n- What is CRM?\n- Top picks", []),
    ("Try **Stark Analytics** or __Wayne Tools__ today.", ["Stark Analytics", "Wayne Tools"]),
    ("- A name that has far too many words to be a brand name", []),
    ("- https://acme.com/ is a link", []),
    ("- 1Password: a manager", ["1Password"]),
])
def test_recommended_names(text, names):
    assert [row["name"] for row in tracker.recommended_names(text)] == names


def test_at_most_50_names_a_chat():
    text = "\n".join("- Brand%d: x" % n for n in range(60))
    assert len(tracker.recommended_names(text)) == 50


# Gaps -------------------------------------------------------------------------------------

def test_prompt_gaps_name_competitors_where_no_own_brand_is(api, scripted):
    data = api.get("/analytics/gaps/prompts").json["data"]
    assert data["total"] == 2
    assert [(r["text"], r["chats"], r["competitorChats"],
             [(c["name"], c["chats"]) for c in r["competitors"]]) for r in data["data"]] == [
        ("erp", 2, 2, [("Globex One", 2)]),
        ("hr", 2, 2, [("Globex One", 2)])]
    assert data["data"][0]["promptId"] == scripted["erp"]


def test_domain_gaps_are_cited_where_competitors_are_and_own_brands_are_not(api, scripted):
    data = api.get("/analytics/gaps/domains").json["data"]
    assert [(r["domain"], r["category"], r["citations"], r["chats"],
             [(c["name"], c["chats"]) for c in r["competitors"]]) for r in data["data"]] == [
        ("globex.com", "competitor", 2, 2, [("Globex One", 2)]),
        ("nytimes.com", "editorial", 2, 2, [("Globex One", 2)]),
        ("reddit.com", "ugc", 2, 2, [("Globex One", 2)]),
        ("umbrella.co.uk", "other", 2, 2, [("Globex One", 2)])]
    # once Globex is hidden it is no competitor named: no gaps left
    api.patch("/brands/%d" % scripted["globex"], {"status": "hidden"})
    assert api.get("/analytics/gaps/domains").json["data"]["total"] == 0
    assert api.get("/analytics/gaps/prompts").json["data"]["total"] == 0


def test_gaps_follow_the_filters(api, scripted):
    only_hr = api.get("/analytics/gaps/prompts", promptId=str(scripted["hr"])).json["data"]
    assert [r["text"] for r in only_hr["data"]] == ["hr"]
    page = api.get("/analytics/gaps/domains", perPage="3", page="2").json["data"]
    assert (page["total"], page["lastPage"], [r["domain"] for r in page["data"]]) == (
        4, 2, ["umbrella.co.uk"])


def test_a_batch_of_chats_finds_its_rows_by_chat_not_by_workspace(api, db):
    """The brand refresh and the chat lists read a few chats' sources and brand rows: by
    chat id, never through the workspace's index of every row (SQLite's pick on a file
    without statistics, which made each refresh batch read the workspace's every source)."""
    api.post("/brands", {"name": "Acme", "domains": ["acme.com"]})
    api.post("/prompts", {"text": "Best CRM?"})
    tracker.Worker(db).run_pending()
    connection = db.connection()
    statements = []
    connection.exec_trace = lambda cursor, sql, bindings: statements.append((sql, bindings)) or True
    try:
        api.post("/brands", {"name": "Globex"})
        while tracker.refresh_brand_rows(db):  # the prompts' flags, then the chats
            pass
        api.get("/analytics/chats")
    finally:
        connection.exec_trace = None
    batch_reads = [(sql, bindings) for sql, bindings in statements
                   if "json_each" in sql and ("FROM chat_sources" in sql or "FROM chat_brands" in sql)]
    assert len(batch_reads) >= 3
    for sql, bindings in batch_reads:
        plan = " ".join(row["detail"] for row in connection.execute("EXPLAIN QUERY PLAN " + sql, bindings))
        assert "(workspace_id=?)" not in plan, plan
