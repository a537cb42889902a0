"""Exports: format=csv and format=ndjson stream every matching row of a list."""

import csv
import io
import json
import os
import sys
import time

import apsw
import pytest
import webtest

import tracker
from conftest import Api
from test_analytics import WINDOW, example  # noqa: F401 (a fixture)
from test_traffic import COMBINED_LOG, post_log

LISTS = ["/prompts", "/analytics/chats", "/analytics/sources", "/analytics/rankings",
         "/analytics/queries", "/analytics/discovered-brands", "/analytics/gaps/prompts",
         "/analytics/gaps/domains", "/actions"]


def ndjson(reply):
    assert reply.headers["Content-Type"] == "application/x-ndjson"
    assert reply.body.endswith(b"\n") or reply.body == b""
    return [json.loads(line) for line in reply.body.decode().splitlines()]


def csv_rows(reply):
    """The rows of a CSV answer as dicts of its header row's names."""
    assert reply.headers["Content-Type"] == "text/csv; charset=utf-8"
    return list(csv.DictReader(io.StringIO(reply.body.decode(), newline="")))


def make_prompts(api, texts):
    api.post("/prompts", {"prompts": [{"text": text, "tags": ["b2b", "eu"]} for text in texts]})


@pytest.mark.parametrize("size", [4, 5])  # a last batch that is full, and one that is not
def test_every_prompt_in_batches_whatever_the_paging(api, db, monkeypatch, size):
    monkeypatch.setattr(tracker, "EXPORT_BATCH_ROWS", 2)
    make_prompts(api, ["prompt %d" % n for n in range(size)])
    page = api.get("/prompts", perPage=100).json["data"]["data"]
    assert ndjson(api.get("/prompts", format="ndjson", page=2, perPage=1)) == page
    rows = csv_rows(api.get("/prompts", format="csv", perPage=1))
    assert [row["text"] for row in rows] == [prompt["text"] for prompt in page]
    assert rows[0]["tags.name"] == "b2b | eu" and rows[0]["topic.name"] == ""
    assert rows[0]["id"] == str(page[0]["id"]) and rows[0]["location"] == ""


def test_filters_apply_to_exports(api):
    make_prompts(api, ["alpha one", "beta two", "alpha three"])
    assert [p["text"] for p in ndjson(api.get("/prompts", format="ndjson", search="alpha"))] == [
        "alpha three", "alpha one"]
    assert ndjson(api.get("/prompts", params={"format": "ndjson", "status": "paused"})) == []


def test_an_empty_csv_still_has_its_header_row(api):
    reply = api.get("/prompts", format="csv")
    assert reply.body.decode().splitlines() == [",".join(name for name, _ in
                                                         tracker.export_columns("Prompt"))]
    assert reply.headers["Content-Disposition"] == 'attachment; filename="prompts.csv"'


def test_a_batch_is_one_statement_however_many_rows(api, db, monkeypatch):
    monkeypatch.setattr(tracker, "EXPORT_BATCH_ROWS", 2)
    make_prompts(api, ["prompt %d" % n for n in range(5)])
    statements = []
    db.connection().exec_trace = lambda cursor, sql, bindings: statements.append(sql) or True
    api.get("/prompts", format="ndjson")
    db.connection().exec_trace = None
    assert sum("LIMIT ?" in sql for sql in statements) == 3  # 2 + 2 + 1


@pytest.mark.parametrize("start", ["=", "+", "-", "@"])
def test_text_a_spreadsheet_would_run_is_led_by_an_apostrophe(api, start):
    text = start + "HYPERLINK(\"http://x.example\")"
    make_prompts(api, [text])
    (row,) = csv_rows(api.get("/prompts", format="csv"))
    assert row["text"] == "'" + text
    assert ndjson(api.get("/prompts", format="ndjson"))[0]["text"] == text  # JSON is not a sheet


def test_numbers_are_never_led_by_an_apostrophe_and_tabs_are():
    columns = [("change", False), ("series", True), ("text", False), ("name", False)]
    item = {"change": -0.25, "series": ["-1", "2"], "text": "\tx", "name": "\rx"}
    assert [tracker.csv_cell(item, column) for column in columns] == [
        "-0.25", "'-1 | 2", "'\tx", "'\rx"]


def test_chats_export_oldest_first_with_the_same_objects_as_the_list(api, example):  # noqa: F811
    listed = api.get("/analytics/chats", params=WINDOW).json["data"]["data"]
    exported = ndjson(api.get("/analytics/chats", params=dict(WINDOW, format="ndjson")))
    assert exported == listed[::-1]
    rows = csv_rows(api.get("/analytics/chats", params=dict(WINDOW, format="csv")))
    assert [row["id"] for row in rows] == [str(chat["id"]) for chat in exported]
    assert rows[0]["sources.url"] == "https://acme.com/x | https://g2.com/a"
    assert rows[0]["mentions.brandName"] == "Acme | Beta"
    assert rows[0]["sources.cited"] == "true | true"


def test_chats_export_incrementally_after_a_chat_id(api, example):  # noqa: F811
    first, second, third, fourth = example["chats"]
    newer = ndjson(api.get("/analytics/chats", params=dict(WINDOW, format="ndjson", since=second)))
    assert [chat["id"] for chat in newer] == [third, fourth]
    assert ndjson(api.get("/analytics/chats", params=dict(WINDOW, format="ndjson",
                                                          since=fourth))) == []
    brand = ndjson(api.get("/analytics/chats", params=dict(
        WINDOW, format="ndjson", since=first, brandId=example["beta"])))
    assert [chat["id"] for chat in brand] == [second, third]
    reply = api.get("/analytics/chats", status=422, params=dict(WINDOW, since=first))
    assert reply.json["errors"] == [{"field": "since",
                                     "message": "needs format=csv or format=ndjson"}]


def test_sources_export_every_domain_url_or_url_of_a_domain(api, example, monkeypatch):  # noqa: F811
    monkeypatch.setattr(tracker, "EXPORT_BATCH_ROWS", 2)
    domains = [row["domain"] for row in api.get("/analytics/sources", params=dict(
        WINDOW, perPage=100)).json["data"]["data"]]
    for query in (dict(WINDOW, groupBy="domain"), dict(WINDOW, groupBy="url"),
                  dict(WINDOW, groupBy="url", domain="acme.com")):
        group_by = query["groupBy"]
        listed = api.get("/analytics/sources", params=dict(query, perPage=100)).json["data"]["data"]
        if group_by == "url" and "domain" not in query:  # domain by domain, as the domains are
            assert len({source["domain"] for source in listed}) > 1
            assert [source["domain"] for source in listed] != sorted(
                (source["domain"] for source in listed), key=domains.index)
            listed.sort(key=lambda source: domains.index(source["domain"]))
        assert ndjson(api.get("/analytics/sources", params=dict(query, format="ndjson"))) == listed
        rows = csv_rows(api.get("/analytics/sources", params=dict(query, format="csv")))
        assert [row["domain"] for row in rows] == [source["domain"] for source in listed]
        assert ("url" in rows[0]) == (group_by == "url")
        assert rows[0]["chatShare.numerator"] == str(listed[0]["chatShare"]["numerator"])
    assert [row["url"] for row in rows] == ["https://acme.com/x", "https://docs.acme.com/"]


def test_rankings_export_a_row_per_brand_with_its_options(api, example):  # noqa: F811
    document = api.get("/analytics/rankings", params=WINDOW).json["data"]
    rows = csv_rows(api.get("/analytics/rankings", params=dict(WINDOW, format="csv")))
    assert [row["name"] for row in rows] == [brand["name"] for brand in document["brands"]]
    assert rows[0]["visibility.numerator"] == str(document["brands"][0]["visibility"]["numerator"])
    assert not any(name.startswith(("series", "previous", "change")) for name in rows[0])
    rows = csv_rows(api.get("/analytics/rankings", params=dict(
        WINDOW, format="csv", interval="day", compare="previous")))
    assert rows[0]["series.start"] == "2026-11-19 | 2026-11-20"
    assert "previous.rank" in rows[0] and "change.rank" in rows[0]


@pytest.mark.parametrize("path", LISTS)
def test_an_unknown_format_is_a_422_and_exports_are_revalidated(api, path):
    reply = api.get(path, status=422, format="xml")
    assert reply.json["errors"][0]["field"] == "format"
    # an analytics window is revalidated when it has an end (one that ends now has no tag)
    window = {"to": "2026-11-22"} if path.startswith("/analytics") else {}
    tag = api.get(path, params=dict(window, format="csv")).headers["ETag"]
    assert tag != api.get(path, params=window).headers["ETag"]
    api.get(path, params=dict(window, format="csv"), status=304, headers={"If-None-Match": tag})


def test_the_document_declares_the_export_media_types(api):
    paths = api.get("/openapi.json").json["paths"]
    for path in LISTS:
        content = paths[path]["get"]["responses"]["200"]["content"]
        assert set(content) == {"application/json", "text/csv", "application/x-ndjson"}, path


@pytest.mark.parametrize("path, schema", [
    ("/analytics/queries", "SearchQuery"), ("/analytics/discovered-brands", "DiscoveredBrand"),
    ("/analytics/gaps/prompts", "PromptGap"), ("/analytics/gaps/domains", "DomainGap")])
def test_the_other_analytics_lists_export_every_page(api, app, monkeypatch, path, schema):
    monkeypatch.setattr(tracker, "EXPORT_BATCH_ROWS", 2)
    api.post("/brands", {"name": "Acme", "type": "own"})
    api.post("/brands", {"name": "Northwind Suite", "type": "competitor"})
    make_prompts(api, ["best crm %d" % n for n in range(6)])
    app.config["tracker.worker"].run_pending()
    every = api.get(path, perPage=100).json["data"]["data"]
    assert every, path  # the simulated engine searches, invents names and names competitors
    assert ndjson(api.get(path, format="ndjson", perPage=1)) == every
    rows = csv_rows(api.get(path, format="csv"))
    assert len(rows) == len(every)
    assert list(rows[0]) == [name for name, _ in tracker.export_columns(schema)]


def test_sources_by_category_export_their_own_columns(api, app):
    make_prompts(api, ["best crm %d" % n for n in range(3)])
    app.config["tracker.worker"].run_pending()
    every = api.get("/analytics/sources", groupBy="category").json["data"]["data"]
    rows = csv_rows(api.get("/analytics/sources", format="csv", groupBy="category"))
    assert [(row["category"], row["citations"]) for row in rows] == [
        (row["category"], str(row["citations"])) for row in every]
    assert list(rows[0]) == [name for name, _ in tracker.export_columns("SourceCategoryCount")]


# Columns and file names -------------------------------------------------------------------

def top_level(columns):
    return list(dict.fromkeys(column.split(".")[0] for column in columns))


def assert_columns_follow(item, columns, where):
    """columns (dotted names) are item's fields in item's order, nested ones in theirs."""
    assert top_level(columns) == list(item), where
    for name, value in item.items():
        nested = [column[len(name) + 1:] for column in columns if column.startswith(name + ".")]
        if isinstance(value, list) and value:
            value = value[0]
        if nested and isinstance(value, dict):
            assert_columns_follow(value, nested, "%s.%s" % (where, name))


WORKED_EXAMPLE_EXPORTS = [
    ("/prompts", {}), ("/analytics/chats", WINDOW), ("/analytics/sources", WINDOW),
    ("/analytics/sources", dict(WINDOW, groupBy="url")),
    ("/analytics/sources", dict(WINDOW, groupBy="category")), ("/analytics/rankings", WINDOW),
    ("/analytics/rankings", dict(WINDOW, interval="day", compare="previous")),
    ("/analytics/stability", WINDOW), ("/analytics/gaps/domains", WINDOW)]
SIMULATED_EXPORTS = [("/analytics/queries", {}), ("/analytics/discovered-brands", {}),
                     ("/analytics/gaps/prompts", {}), ("/analytics/annotations", {})]


def assert_exports_follow_their_json(api, exports):
    for path, query in exports:
        header = next(csv.reader(io.StringIO(api.get(path, params=dict(
            query, format="csv")).body.decode())))
        data = api.get(path, params=query).json["data"]
        items = data["brands"] if path == "/analytics/rankings" else data["data"]
        assert items, (path, query)
        if path == "/analytics/rankings":  # an export's rows carry the scope's answer rate
            items = [dict(items[0], answerRate={name: value for name, value in
                                                 data["answerRate"].items() if name != "series"})]
        assert_columns_follow(items[0], header, (path, query))


def test_export_columns_are_the_json_item_s_fields_in_order(api, example):  # noqa: F811
    """Issue 42: rankings put brandId,name last; chats and prompts differed too."""
    assert_exports_follow_their_json(api, WORKED_EXAMPLE_EXPORTS)


def test_the_other_exports_columns_follow_their_json_too(api, app):
    api.post("/brands", {"name": "Acme", "type": "own"})
    api.post("/brands", {"name": "Northwind Suite", "type": "competitor"})
    make_prompts(api, ["best crm %d" % n for n in range(6)])
    app.config["tracker.worker"].run_pending()
    assert_exports_follow_their_json(api, SIMULATED_EXPORTS)


def test_the_traffic_exports_columns_follow_their_json_too(api):
    api.post("/brands", {"name": "Acme", "type": "own", "domains": ["acme.com"]})
    post_log(api, COMBINED_LOG, host="acme.com")
    window = {"from": "2026-11-20", "to": "2026-11-22"}
    assert_exports_follow_their_json(api, [("/analytics/traffic", dict(window, groupBy=group))
                                           for group in ("agent", "operator", "day", "page")]
                                     + [("/analytics/traffic/assistants", window)])


def file_name(reply):
    return reply.headers["Content-Disposition"].removeprefix('attachment; filename="')[:-1]


def test_an_export_s_file_name_says_what_it_holds(api, example, clock):  # noqa: F811
    """Issue 42: every chats export was chats.csv, whatever its window and filters."""
    def named(path, **query):
        return file_name(api.get(path, params=query))
    window = {"from": "2026-11-01", "to": "2026-11-28"}
    assert named("/analytics/chats", format="csv", **window) == "chats_2026-11-01_2026-11-28.csv"
    assert named("/analytics/chats", format="ndjson", engine="simulated", branded="true",
                 since=2, **window) == \
        "chats_2026-11-01_2026-11-28_engine-simulated_branded-true_since-2.ndjson"
    assert named("/analytics/sources", format="csv", groupBy="url", domain="acme.com",
                 **window) == "sources_2026-11-01_2026-11-28_groupBy-url_domain-acme.com.csv"
    assert named("/analytics/gaps/prompts", format="csv", **window) == \
        "gaps-prompts_2026-11-01_2026-11-28.csv"
    # a window that ends now shows its time; text is reduced to letters, digits, . and -
    assert named("/analytics/rankings", format="csv", **{"from": "2026-11-19T09:30:00Z"}) == \
        "rankings_2026-11-19T0930Z_%sZ.csv" % tracker.iso_timestamp(clock() + 0.001)[:16] \
        .replace(":", "")
    assert named("/prompts", format="csv", search='a "b"/c') == "prompts_search-a-b-c.csv"
    assert len(named("/prompts", format="csv", search="x" * 500)) == 200 + len(".csv")


# Time budgets and concurrent exports ----------------------------------------------------

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "perf"))
import bench_analytics  # noqa: E402

YEAR = bench_analytics.window(365)
OVER_BUDGET = ("The request ran past its time budget of 1e-09 s: narrow the window or the "
               "filters, or export the list (format=csv or ndjson), which has a longer budget")


@pytest.fixture(scope="module")
def year(tmp_path_factory):
    """A year of the benchmark's workspace at its smallest (1 prompt, 1,460 chats, 8,760
    sources): (database path, key)."""
    path = str(tmp_path_factory.mktemp("year") / "tracker.db")
    return path, bench_analytics.generate(path, 0.0005)


def year_api(year, **budgets):
    path, key = year
    db = tracker.Database(path)
    return Api(webtest.TestApp(tracker.make_app(db, **budgets)), key, None)


def test_a_read_past_its_budget_is_a_503_and_an_export_has_a_budget_of_its_own(year):
    api = year_api(year, page_budget=1e-9)  # every statement long enough to be asked stops
    reply = api.get("/analytics/sources", status=503, params=dict(YEAR, groupBy="url"))
    assert reply.json == {"success": False, "message": OVER_BUDGET, "code": "TIME_BUDGET_EXCEEDED"}
    assert len(api.get("/brands").json["data"]) == bench_analytics.BRANDS  # short statements pass
    rows = csv_rows(api.get("/analytics/sources", params=dict(YEAR, groupBy="url", format="csv")))
    assert len(rows) == year_api(year).get("/analytics/sources", params=dict(
        YEAR, groupBy="url")).json["data"]["total"]
    api = year_api(year, export_budget=1e-9)
    for export_format in ("csv", "ndjson"):
        reply = api.get("/analytics/sources", status=503,
                        params=dict(YEAR, groupBy="url", format=export_format))
        assert reply.headers["Content-Type"] == "application/json"
        assert "Content-Disposition" not in reply.headers
        assert reply.json == {"success": False, "message": OVER_BUDGET,
                              "code": "TIME_BUDGET_EXCEEDED"}


def test_each_chunk_of_an_export_gets_the_whole_budget(db):
    """A long export streams while its client reads: the budget bounds each chunk's reading
    (two chunks of 2 s here, against 3 s), not the whole stream. A deadline, so wall time,
    with a second of headroom per chunk."""
    counted = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 50000) " \
              "SELECT count(*) AS c FROM n"  # long enough for the progress handler to ask

    def chunks():
        for _ in range(2):
            time.sleep(2)
            yield str(tracker.query_one(db.connection(), counted)["c"])
    db.set_budget(3)
    assert list(tracker.budgeted_chunks(db, chunks())) == ["50000", "50000"]
    db.set_budget(3)
    with pytest.raises(apsw.InterruptError):  # one budget for the whole stream: cut
        list(chunks())


def held_export(app, api):
    """Start an export of api's prompts through the WSGI interface and leave it unread:
    (status, the answer's iterable)."""
    environ = webtest.TestRequest.blank(tracker.API_PREFIX + "/prompts?format=csv",
                                        headers=api.headers).environ
    started = []
    body = app(environ, lambda status, headers, exc_info=None: started.append(status))
    return started[0], body


def test_a_key_runs_at_most_max_exports_at_once(app, api, other_api):
    make_prompts(api, ["best crm"])
    held = [held_export(app, api) for _ in range(tracker.MAX_EXPORTS_PER_KEY)]
    assert [status for status, _ in held] == ["200 OK"] * tracker.MAX_EXPORTS_PER_KEY
    reply = api.get("/prompts", status=429, format="csv")
    assert reply.headers["Retry-After"] == "10"
    assert reply.json == {"success": False, "code": "TOO_MANY_EXPORTS", "retryAfter": 10,
                          "message": "This API key has 2 exports in progress, as many as run at "
                                     "once: try again when one has ended"}
    assert api.get("/prompts").json["data"]["total"] == 1  # pages are not exports
    assert csv_rows(other_api.get("/prompts", format="csv")) == []  # nor another key's
    held.pop()[1].close()
    assert [row["text"] for row in csv_rows(api.get("/prompts", format="csv"))] == ["best crm"]
    held.append(held_export(app, api))
    assert held[-1][0] == "200 OK"
    api.get("/prompts", status=429, format="ndjson")
    for _, body in held:
        body.close()
    assert api.get("/prompts", format="ndjson").body.count(b"\n") == 1


def test_a_dashboard_page_past_its_budget_is_a_503_page(year):
    """The dashboard's pages read under the same page budget as the API's reads."""
    path, key = year
    client = webtest.TestApp(tracker.make_app(tracker.Database(path), page_budget=1e-9))
    form = client.get("/").forms["sign-in"]  # the sign-in page reads no rows: it passes
    form["key"] = key
    form.submit(status=303)
    page = client.get("/sources", params={"days": "365"}, status=503)
    assert page.content_type == "text/html"
    assert ("The request ran past its time budget of 1e-09 s: narrow the window or the "
            "filters") in page.html.find("main").text
    assert "export" not in page.html.find("main").text
