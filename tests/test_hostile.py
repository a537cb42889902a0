"""Hostile input on every route: each is a clear 4xx in the JSON envelope, in bounded
time, changes nothing, and leaves the server healthy.

In-process (WebTest) for what a WSGI app sees; a real ``tracker serve`` on loopback, with
raw sockets, for what only a server sees (request lines, header sizes, chunked bodies,
Content-Length lies). ``TRACKER_LONG=1`` runs ten times the Hypothesis examples.
"""

import collections
import concurrent.futures
import itertools
import json
import re
import socket
import time
import urllib.parse

import pytest
import webtest
from hypothesis import HealthCheck, given, settings, strategies as st

import tracker
from conftest import LATE, ServerProcess, knob, report_figure

EXAMPLES = knob("TRACKER_HOSTILE_EXAMPLES", 150, 1500)
# Bounded work is measured in CPU seconds of the thread that answered (in-process, the
# test's own): a busy machine stretches wall time several-fold but not the work done.
SLOW = 2.0  # CPU seconds: no answer to hostile input may take longer in-process
# Out of process, what is under test is that the server answers without waiting for the
# request's deadline (REQUEST_SECONDS): half of it leaves room for a loaded machine.
AT_ONCE = tracker.REQUEST_SECONDS / 2
TRIED = collections.Counter()  # hostile inputs sent, by kind


@pytest.fixture(scope="module", autouse=True)
def tally():
    yield
    report_figure("hostile: %d inputs tried (%s): every one a 4xx JSON envelope or a valid 2xx, "
                  "none over %g CPU s in-process, nothing changed by a refusal, server healthy after"
                  % (sum(TRIED.values()), ", ".join("%d %s" % (n, kind) for kind, n in TRIED.items()),
                     SLOW))


class Site:
    """One workspace with every kind of item, chats included, served in-process."""

    def __init__(self):
        self.app = tracker.make_app(":memory:")
        self.db = self.app.config["tracker.db"]
        workspace = tracker.create_workspace(self.db, "Acme")
        self.key = tracker.create_key(self.db, workspace["id"], rate_limit=10 ** 9)["key"]
        self.client = webtest.TestApp(self.app)
        self.headers = {"Authorization": "Bearer " + self.key}
        for text in SEARCHABLE:
            self.send("POST", "/prompts", {"text": text, "topic": "CRM", "tags": ["b2b"]}, 201)
        self.send("POST", "/brands", {"name": "Acme", "domains": ["acme.com"]}, 201)
        self.send("POST", "/brands", {"name": "Zeta", "nameRegex": "(a|a)*b", "useRegex": True}, 201)
        self.app.config["tracker.worker"].run_pending()
        self.ids = {kind: self.send("GET", "/" + kind, expect=200).json["data"][0]["id"]
                    for kind in ("topics", "tags", "brands")}
        self.ids["prompts"] = self.send("GET", "/prompts", expect=200).json["data"]["data"][0]["id"]
        self.ids["analytics/chats"] = self.send("GET", "/analytics/chats", expect=200).json["data"]["data"][0]["id"]

    def send(self, method, path, body=None, expect=None, raw=None, content_type="application/json",
             headers=None):
        """One request; body is JSON-encoded unless raw bytes are given."""
        data = raw if raw is not None else (b"" if body is None else json.dumps(body).encode())
        sent = dict(self.headers, **(headers or {}))
        if data or method in ("POST", "PUT", "PATCH"):
            sent["Content-Type"] = content_type
        started = time.thread_time()
        reply = self.client.request(tracker.API_PREFIX + path, method=method, body=data,
                                    headers=sent, expect_errors=True)
        reply.cpu_seconds = time.thread_time() - started
        if expect is not None:
            assert reply.status_int == expect, (method, path, reply.body[:300])
        return reply

    def snapshot(self):
        """Every row of every table."""
        connection = self.db.connection()
        tables = [row["name"] for row in tracker.query_all(
            connection, "SELECT name FROM sqlite_master WHERE type = 'table' "
                        "AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        return {table: tracker.query_all(connection, "SELECT * FROM %s" % table) for table in tables}


# Prompts whose text holds what FTS5 and SQL treat specially: search must find them literally.
SEARCHABLE = [
    'Best "CRM" for startups?', "CRM* vs ERP", "NEAR(crm seo) is not a function", "crm OR seo",
    "-crm minus", "^crm caret", "text:crm column", "'; DROP TABLE prompts; --", "100% done_now",
    "back\\slash", "(paren) {brace} [bracket]", "a+b=c, d:e", "plain prompt about tools",
]


@pytest.fixture(scope="module")
def site():
    return Site()


def refused(reply, status=422):
    """reply is the JSON error envelope with that status, in bounded time."""
    assert reply.status_int == status, reply.body[:300]
    assert reply.content_type == "application/json"
    assert reply.headers["X-Content-Type-Options"] == "nosniff"
    assert reply.json["success"] is False and reply.json["message"]
    assert reply.cpu_seconds < SLOW, reply.cpu_seconds
    return reply.json


WRITES = [("POST", "/prompts"), ("PUT", "/prompts/{prompts}"), ("PATCH", "/prompts/{prompts}"),
          ("POST", "/topics"), ("PUT", "/topics/{topics}"), ("PATCH", "/topics/{topics}"),
          ("POST", "/tags"), ("PUT", "/tags/{tags}"), ("PATCH", "/tags/{tags}"),
          ("POST", "/brands"), ("PUT", "/brands/{brands}"), ("PATCH", "/brands/{brands}")]

MALFORMED = {
    "empty": b"", "whitespace": b"  \n ", "truncated object": b'{"name": "x"',
    "truncated string": b'{"name": "x', "open bracket": b"[", "trailing brace": b'{"a": 1}}',
    "single quotes": b"{'name': 'x'}", "bare word": b"nul", "NaN": b'{"name": NaN}',
    "Infinity": b'{"name": -Infinity}', "byte order mark": b"\xef\xbb\xbf{}",
    "UTF-16": '{"name": "x"}'.encode("utf-16"), "invalid UTF-8": b'{"name": "\xff\xfe"}',
    "overlong UTF-8": b'{"name": "\xc0\xaf"}', "raw NUL": b'{"name": "a\x00b"}',
    "raw newline in string": b'{"name": "a\nb"}', "comment": b'{"name": "x" /* c */}',
    "trailing comma": b'{"name": "x",}', "100k-deep arrays": b"[" * 100_000 + b"]" * 100_000,
    "100k-deep objects": b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
    "array": b"[]", "string": b'"name"', "number": b"1", "null": b"null", "true": b"true",
}
BODY_MESSAGES = {"Request body is not valid JSON", "Request body is not valid UTF-8",
                 "Request body must be a JSON object"}


@pytest.mark.parametrize("method, path", WRITES)
def test_malformed_bodies_on_every_write_route_are_422_on_body(site, method, path):
    path = path.format(**site.ids)
    before = site.snapshot()
    for name, raw in MALFORMED.items():
        body = refused(site.send(method, path, raw=raw))
        assert len(body["errors"]) == 1 and body["errors"][0]["field"] == "body", name
        assert body["errors"][0]["message"] in BODY_MESSAGES, (name, body)
        TRIED["malformed bodies"] += 1
    for content_type in ("text/plain", "application/x-www-form-urlencoded", "application/jsonx", ""):
        body = refused(site.send(method, path, raw=b'{"name": "x"}', content_type=content_type))
        assert body["errors"] == [{"field": "body", "message": "Content-Type must be application/json"}]
        TRIED["malformed bodies"] += 1
    assert site.snapshot() == before


# Every field of every write route, and what each may hold.
FIELDS = {
    "/prompts": ["text", "location", "topic", "tags"],
    "/prompts/{prompts}": ["text", "status", "location", "tags", "topicId", "topicName"],
    "/topics": ["name"], "/topics/{topics}": ["name"],
    "/tags": ["name", "color"], "/tags/{tags}": ["name", "color"],
    "/brands": ["name", "trackedNames", "nameRegex", "useRegex", "domains", "status", "type",
                "color", "logoUrl", "industry", "description"],
}
FIELDS["/brands/{brands}"] = FIELDS["/brands"]
WRONG = [None, True, 0, -1, 1.5, 2 ** 64, -(2 ** 63) - 1, "", " ", "\x00", "a\x00b", "\ud800",
         "x" * 100_001, [], [None], [1, 2], ["x"] * 10_001, {}, {"$gt": ""}, [[["deep"]]],
         "\u202e\u0000", 1e308]


@pytest.mark.parametrize("method, path", [(m, p) for m, p in WRITES if m != "PUT"])
def test_wrong_types_at_every_field_are_refused_and_change_nothing(site, method, path):
    """A wrong type or size at any field is a 422 naming that field; where it happens to be
    a valid value (a prompt text of one space is not, an empty location is) it is a 2xx."""
    route = path.format(**site.ids)
    for field in FIELDS[path]:
        for value in WRONG:
            body = {field: value}
            if path == "/prompts" and field != "text":
                body["text"] = "valid text for a wrong %s" % field
            before = site.snapshot()
            reply = site.send(method, route, body)
            TRIED["wrong types"] += 1
            if reply.status_int < 300:
                continue
            errors = refused(reply)["errors"]
            assert errors and all(error["field"].split(".")[0] in (field, "name") for error in errors), \
                (field, value if not isinstance(value, (str, list)) else value[:20], errors)
            assert site.snapshot() == before
    assert site.send("GET", "/workspace", expect=200)


def test_bulk_items_with_wrong_types_are_skipped_and_reported(site):
    before = site.snapshot()
    items = [{field: value} for field in FIELDS["/prompts"] for value in WRONG[:12]]
    reply = site.send("POST", "/prompts", {"prompts": items[:500]}, expect=201)
    data = reply.json["data"]
    assert data["created"] == 0 and data["failed"] == len(items[:500])
    assert [error["index"] for error in data["errors"]] == list(range(len(items[:500])))
    assert site.snapshot() == before
    TRIED["wrong types"] += len(items)


@pytest.mark.parametrize("body, field, message", [
    ({"text": "x" * 1_000_000}, "text", "must be 1 to 5000 characters"),
    ({"text": "ok", "tags": ["t"] * 100_000}, "tags", "must have at most 100 items"),
    ({"prompts": [{"text": "p"}] * 100_000}, "prompts", "must have 1 to 500 items"),
    ({"text": "ok", "tags": ["x" * 101]}, "tags.0", "must be 1 to 100 characters"),
])
def test_huge_strings_and_arrays_are_refused_quickly(site, body, field, message):
    before = site.snapshot()
    body = refused(site.send("POST", "/prompts", body))
    assert body["errors"] == [{"field": field, "message": message}]
    assert site.snapshot() == before
    TRIED["huge values"] += 1


def test_a_body_just_under_the_limit_is_parsed_and_one_over_is_413(site):
    before = site.snapshot()
    padding = b" " * (tracker.MAX_BODY_BYTES - 20)
    reply = site.send("POST", "/tags", raw=b'{"name": 1}' + padding)
    assert refused(reply)["errors"] == [{"field": "name", "message": "must be a string"}]
    reply = site.send("POST", "/tags", raw=b'{"name": "x"}' + padding + b" " * 20)
    assert refused(reply, 413) == {"success": False, "code": "PAYLOAD_TOO_LARGE",
                                   "message": "Request body exceeds 16777216 bytes"}
    assert site.snapshot() == before
    TRIED["huge values"] += 2


def test_duplicate_keys_in_a_body_take_the_last_like_query_parameters(site):
    reply = site.send("POST", "/tags", raw=b'{"name": "first dup", "name": "second dup"}', expect=201)
    assert reply.json["data"]["name"] == "second dup"
    site.send("DELETE", "/tags/%d" % reply.json["data"]["id"], expect=200)
    TRIED["duplicate keys"] += 1


# Ids in paths ----------------------------------------------------------------------------

ITEM_ROUTES = [("GET", kind) for kind in ("prompts", "topics", "tags", "brands", "analytics/chats")] + [
    (method, kind) for kind in ("prompts", "topics", "tags", "brands")
    for method in ("PUT", "PATCH", "DELETE")]
NOT_FOUND = {"prompts": "Prompt not found", "topics": "Topic not found", "tags": "Tag not found",
             "brands": "Brand not found", "analytics/chats": "Chat not found"}
BAD_IDS = ["0", "-1", "00", "+1", "1.0", "1e3", "0x1", "1_000", "%201", "1%20", "%EF%BC%91",
           "99999999999999999999999", str(2 ** 63), str(2 ** 63 - 1), str(10 ** 400), "abc",
           "%00", "1%00", "%FF", "%C0%AF", "1;DROP%20TABLE%20prompts", "%27", "1%27%20OR%20%271",
           "null", "undefined", "NaN", "Infinity", "%E2%80%AE1"]


@pytest.mark.parametrize("method, kind", ITEM_ROUTES)
def test_ids_that_are_not_ids_are_404_on_every_item_route(site, method, kind):
    before = site.snapshot()
    for raw in BAD_IDS:
        body = {"name": "valid name"} if kind == "topics" and method != "DELETE" else (
            {} if method in ("PUT", "PATCH") else None)
        reply = site.send(method, "/%s/%s" % (kind, raw), body)
        expected = "Not found" if raw in ("%FF", "%C0%AF") else NOT_FOUND[kind]  # not UTF-8
        assert refused(reply, 404) == {"success": False, "message": expected}, raw
        TRIED["path ids"] += 1
    for raw in ("1%FF", "%FF1", "1%80", "1%C0%AF"):
        # Bottle drops the bytes that are not UTF-8: this was prompt 1, and DELETE deleted it.
        assert refused(site.send(method, "/%s/%s" % (kind, raw), {} if method in ("PUT", "PATCH")
                                 else None), 404) == {"success": False, "message": "Not found"}, raw
        TRIED["path ids"] += 1
    for raw in ("1/2", "..", "%2e%2e", "%2F1", ""):
        assert refused(site.send(method, "/%s/%s" % (kind, raw), {} if method in ("PUT", "PATCH")
                                 else None), 404)["message"] in (NOT_FOUND[kind], "Not found")
        TRIED["path ids"] += 1
    assert site.snapshot() == before


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(kind=st.sampled_from(list(NOT_FOUND)), raw=st.one_of(st.text(), st.binary()))
def test_any_path_segment_is_an_item_or_a_404(site, kind, raw):
    segment = urllib.parse.quote_from_bytes(raw if isinstance(raw, bytes) else raw.encode(), safe="")
    reply = site.send("GET", "/%s/%s" % (kind, segment))
    TRIED["path ids"] += 1
    if re.fullmatch(r"[1-9][0-9]{0,17}", segment) and reply.status_int == 200:
        assert reply.json["data"]["id"] == int(segment)  # an item that exists
    else:
        assert refused(reply, 404)["message"] in (NOT_FOUND[kind], "Not found")


# Query values ----------------------------------------------------------------------------

LISTS = {
    "/prompts": ["page", "perPage", "status", "topicId", "tagId", "search"],
    "/brands": ["status", "type"],
    "/analytics/chats": ["page", "perPage", "promptId", "topicId", "tagId", "brandId", "engine",
                         "location", "from", "to"],
    "/analytics/sources": ["groupBy", "page", "perPage", "engine", "from", "to", "promptId"],
    "/analytics/rankings": ["status", "interval", "compare", "from", "to", "engine", "tagId"],
}
BAD_VALUES = ["", " ", "0", "-1", "+1", "1.5", "1e3", "0x10", "99999999999999999999", str(2 ** 63),
              "abc", "%FF", "%C0%80", "%00", "a%00b", "%27%20OR%201%3D1%20--", "%E2%80%AE",
              "x" * 5001, "9999-12-31", "0001-01-01", "2026-02-30", "1970-01-01T00:00:00%2B25:00",
              "NaN", "true", "null", "%5B%5D", "*"]


@pytest.mark.parametrize("path", LISTS)
def test_hostile_query_values_are_200_or_a_422_naming_the_parameter(site, path):
    before = site.snapshot()
    for name in LISTS[path]:
        for value in BAD_VALUES:
            reply = site.send("GET", "%s?%s=%s" % (path, name, value))
            TRIED["query values"] += 1
            if reply.status_int == 200:
                assert reply.json["success"] is True and reply.cpu_seconds < SLOW
                continue
            errors = refused(reply)["errors"]
            assert [error["field"] for error in errors] == [name], (name, value, errors)
    assert site.snapshot() == before


def test_duplicate_query_parameters_take_the_last_value(site):
    first = site.send("GET", "/prompts?perPage=1&perPage=2", expect=200).json["data"]
    assert first["perPage"] == 2
    refused(site.send("GET", "/prompts?perPage=2&perPage=0"))
    assert site.send("GET", "/prompts?perPage=0&perPage=2", expect=200).json["data"]["perPage"] == 2
    TRIED["query values"] += 3


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(path=st.sampled_from(list(LISTS)), pairs=st.lists(st.tuples(
    st.one_of(st.sampled_from(sorted({n for names in LISTS.values() for n in names})), st.text(max_size=5)),
    st.one_of(st.text(max_size=30), st.binary(max_size=30), st.integers().map(str))), max_size=6))
def test_any_query_string_is_200_or_a_422(site, path, pairs):
    query = "&".join("%s=%s" % (urllib.parse.quote(name.encode("utf-8", "surrogatepass"), safe=""),
                                urllib.parse.quote_from_bytes(value if isinstance(value, bytes)
                                                              else value.encode("utf-8", "surrogatepass"),
                                                              safe="")) for name, value in pairs)
    reply = site.send("GET", path + "?" + query)
    TRIED["query values"] += 1
    assert reply.status_int in (200, 422), reply.body[:300]
    assert reply.cpu_seconds < SLOW
    if reply.status_int == 422:
        assert {error["field"] for error in reply.json["errors"]} <= {name for name, _ in pairs}


# Search: SQL and FTS5 syntax are text ----------------------------------------------------

def expected_search(site, search):
    """What a literal, case-insensitive substring search finds among the listed prompts."""
    texts = [prompt["text"] for prompt in
             site.send("GET", "/prompts?perPage=100", expect=200).json["data"]["data"]]
    needle = search.strip().lower()
    return sorted(text for text in texts if needle in text.lower())


FTS_SYNTAX = ['"', '""', '"CRM"', "*", "CRM*", "crm OR seo", "OR", "AND", "NOT", "NEAR(", "NEAR(crm seo)",
              "-crm", "^crm", "text:crm", "prompts_fts", "{text}: crm", "'; DROP TABLE prompts; --",
              "%", "_", "100%", "done_now", "\\", "\\slash", "(", ")", "(paren)", "[bracket]",
              "a+b", "d:e", "cr", "c", "RM", "crm\"", "a\"b", "' OR 1=1 --", "plain prompt",
              "PLAIN PROMPT", "  crm  "]


@pytest.mark.parametrize("search", FTS_SYNTAX)
def test_search_treats_sql_and_fts5_syntax_as_plain_text(site, search):
    reply = site.send("GET", "/prompts?perPage=100&search=" + urllib.parse.quote(search), expect=200)
    assert sorted(prompt["text"] for prompt in reply.json["data"]["data"]) == expected_search(site, search)
    assert reply.cpu_seconds < SLOW
    TRIED["search syntax"] += 1


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(alphabet=st.sampled_from(list('crmCRM "*():^-+%_\\\';ORNEAR{}[]')), min_size=1, max_size=12))
def test_any_search_finds_exactly_the_literal_matches(site, search):
    reply = site.send("GET", "/prompts?perPage=100&search=" + urllib.parse.quote(search))
    TRIED["search syntax"] += 1
    assert reply.status_int == 200, reply.body
    assert sorted(prompt["text"] for prompt in reply.json["data"]["data"]) == expected_search(site, search)


# A pathological nameRegex ----------------------------------------------------------------

@pytest.mark.parametrize("pattern, problem", [
    ("(a*)*b", None), ("(a|a)*b", None), ("(x+x+)+y", None), ("(((a*)*)*)*$", None), (".{240}", None),
    (".{1000}", "is too complex: it compiles to"),
    ("a{1000}{1000}", "bad repetition operator"), ("((a{100}){100}){100}", "invalid repetition size"),
    ("\\pL{1000}", "pattern too large"), ("(a)\\1", "invalid escape sequence"),
    ("(?=a)", "invalid perl operator"), ("(", "missing )"), ("[", "missing ]"), ("a\\", "trailing \\"),
    ("(?P<n>a)(?P=n)", "invalid perl operator"),
])
def test_pathological_name_regexes_are_refused_or_harmless(site, pattern, problem):
    """RE2 refuses what it cannot run in linear time and bounded memory, at once; what it
    accepts cannot stall matching (see test_runs for the matcher on its own)."""
    brand_id = site.ids["brands"]
    reply = site.send("PATCH", "/brands/%d" % brand_id, {"nameRegex": pattern})
    TRIED["regexes"] += 1
    assert reply.cpu_seconds < SLOW
    if problem:
        message = refused(reply)["errors"][0]["message"]
        assert message.startswith(("is not a valid RE2 regular expression: ", "is too complex: "))
        assert problem in message
        return
    assert reply.status_int == 200
    matcher = tracker.BrandMatcher([{"id": 1, "name": "Zeta", "tracked_names": [], "domains": [],
                                     "use_regex": 1, "name_regex": pattern}])
    started = time.thread_time()
    found = matcher.match(("ab " * 100_000) + "!", set())
    assert time.thread_time() - started < SLOW
    assert all(row["mentions"] <= tracker.MAX_MATCHES_READ for row in found)


# Headers ------------------------------------------------------------------------------

def test_header_bytes_that_are_not_utf8_are_a_4xx_not_a_500(api):
    """Bottle's get_header decodes as UTF-8 and raised on other bytes: a 500."""
    reply = api.client.get("/api/v1/workspace", headers={"Authorization": "Bearer \xff\xfe"},
                           status=401)
    assert reply.json == {"success": False, "message": "Invalid or missing API key",
                          "code": "API_KEY_INVALID"}
    reply = api.post("/tags", {"name": "x"}, status=422, headers={"Idempotency-Key": "\xff"})
    assert reply.json["errors"] == [{"field": "Idempotency-Key", "message": "must be valid UTF-8"}]
    assert api.get("/tags").json["data"] == []
    # UTF-8 is fine, sent as WSGI's Latin-1 text
    api.post("/tags", {"name": "x"}, headers={"Idempotency-Key": "é".encode().decode("latin-1")})


# A real server: what only the HTTP layer sees -------------------------------------------

@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One ``tracker serve`` for this module, with a workspace key that is never rate-limited."""
    db_path = tmp_path_factory.mktemp("hostile") / "tracker.db"
    db = tracker.Database(str(db_path))
    workspace = tracker.create_workspace(db, "Acme")
    key = tracker.create_key(db, workspace["id"], rate_limit=10 ** 6)["key"]
    db.close()
    process = ServerProcess(db_path).start()
    process.key = key
    process.port = int(process.url.rsplit(":", 1)[1])
    # A client that never sends its body waits out the 10 s socket timeout: start it now
    # so that the wait overlaps the other tests; the last test reads its answer.
    process.stalled = concurrent.futures.ThreadPoolExecutor(1).submit(
        exchange, process, stalled_request(process))
    yield process
    assert process.stop() == 0
    assert "Traceback" not in process.log()


class Reply:
    """A raw HTTP answer: status, headers (lower-case names), body, seconds it took."""

    def __init__(self, raw, seconds):
        self.seconds = seconds
        head, _, self.body = raw.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        self.status = int(lines[0].split(" ")[1]) if lines[0].startswith("HTTP/") else None
        self.headers = {name.lower(): value.strip() for name, _, value in
                        (line.partition(":") for line in lines[1:])}

    @property
    def json(self):
        return json.loads(self.body)

    def __repr__(self):
        return "<Reply %s %r after %.2fs>" % (self.status, self.body[:200], self.seconds)


def exchange(server, data, timeout=20, shutdown=False, pace=None):
    """Send raw bytes (or an iterable of byte strings) on a fresh connection and read the
    answer until the server closes or the body is complete."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", server.port), timeout=timeout) as connection:
        try:
            for part in [data] if isinstance(data, bytes) else data:
                connection.sendall(part)
            if shutdown:
                connection.shutdown(socket.SHUT_WR)
        except OSError:
            pass  # the server may answer and close before it has read everything
        raw = b""
        while True:
            try:
                part = connection.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not part:
                break
            raw += part
            head, found, body = raw.partition(b"\r\n\r\n")
            length = re.search(rb"(?im)^content-length:\s*([0-9]+)", head)
            if found and length and len(body) >= int(length.group(1)):
                break
    return Reply(raw, time.monotonic() - started)


def request_bytes(server, method, path, body=None, headers=(), chunked=False, key=True):
    lines = ["%s %s HTTP/1.1" % (method, path), "Host: 127.0.0.1", "Connection: close"]
    if key:
        lines.append("Authorization: Bearer " + server.key)
    if body is not None:
        lines.append("Content-Type: application/json")
        lines.append("Transfer-Encoding: chunked" if chunked else "Content-Length: %d" % len(body))
    head = ("\r\n".join(lines + list(headers)) + "\r\n\r\n").encode("latin-1")
    return head if body is None or chunked else head + body


def chunks(*parts, trailer=b""):
    return b"".join(b"%x\r\n%s\r\n" % (len(part), part) for part in parts) + b"0\r\n" + trailer + b"\r\n"


def assert_envelope(reply, status, message=None, code=None):
    """A JSON error envelope with that status (and message and code, when given)."""
    assert reply.status == status, reply
    assert reply.headers["content-type"] == "application/json", reply
    assert reply.headers["x-content-type-options"] == "nosniff", reply
    body = reply.json
    assert body["success"] is False and isinstance(body["message"], str) and body["message"]
    if message is not None:
        assert body["message"] == message
    if code is not None:
        assert body["code"] == code
    return body


def tag_names(server):
    status, _, reply = server.request("GET", "/tags", server.key)
    assert status == 200
    return [tag["name"] for tag in reply["data"]]


def test_a_chunked_body_is_read_like_any_other(server):
    """cheroot de-chunks but leaves Transfer-Encoding set, so Bottle decoded it a second
    time: every chunked request was a 400."""
    data = chunks(b'{"name":', b'"chunked"', b', "color": "red"}')
    reply = exchange(server, request_bytes(server, "POST", "/api/v1/tags", b"", chunked=True) + data)
    assert reply.status == 201, reply
    assert reply.json["data"]["name"] == "chunked"
    with_extras = chunks(b'{"name": "trailered"}', trailer=b"X-Checksum: 1\r\n").replace(
        b"\r\n", b";ext=1\r\n", 1)
    reply = exchange(server, request_bytes(server, "POST", "/api/v1/tags", b"", chunked=True)
                     + with_extras)
    assert reply.status == 201, reply
    assert {"chunked", "trailered"} <= set(tag_names(server))
    TRIED["protocol errors"] += 2


MIB = 1024 * 1024


def test_chunked_bodies_over_the_limit_are_413_without_reading_them_all(server):
    head = request_bytes(server, "POST", "/api/v1/tags", b"", chunked=True)
    over = (b"%x\r\n%s\r\n" % (MIB, b" " * MIB) for _ in range(17))
    reply = exchange(server, itertools.chain([head], over))
    assert_envelope(reply, 413, "Request body exceeds 16777216 bytes", "PAYLOAD_TOO_LARGE")
    reply = exchange(server, head + b"FFFFFFFFFFFF\r\n")  # one chunk that says it is 256 TiB
    assert_envelope(reply, 413, "Request body exceeds 16777216 bytes", "PAYLOAD_TOO_LARGE")
    assert reply.seconds < AT_ONCE
    TRIED["protocol errors"] += 3
    tiny = head + b"1\r\n{\r\n" + b"1\r\n \r\n" * 20000 + b"0\r\n\r\n"  # 20,000 one-byte chunks
    reply = exchange(server, tiny)
    assert_envelope(reply, 413, "Chunk framing exceeds 65536 bytes: send larger chunks",
                    "PAYLOAD_TOO_LARGE")
    assert reply.seconds < AT_ONCE


@pytest.mark.parametrize("framing", [
    b"zz\r\n{}\r\n0\r\n\r\n",                    # not hexadecimal
    b"2\r\n{}XX0\r\n\r\n",                       # no CRLF after the data
    b"1;" + b"e" * 5000 + b"\r\n{\r\n0\r\n\r\n",  # a size line longer than 1 KiB
    b"-1\r\n{}\r\n0\r\n\r\n",
])
def test_malformed_chunks_are_400(server, framing):
    reply = exchange(server, request_bytes(server, "POST", "/api/v1/tags", b"", chunked=True)
                     + framing)
    assert_envelope(reply, 400, "The chunked request body is malformed")
    TRIED["protocol errors"] += 1


def test_content_length_lies_are_answered_not_a_500(server):
    """A body shorter than its Content-Length timed out inside the route: a 500 after 10 s."""
    head = request_bytes(server, "POST", "/api/v1/tags", b"")
    lie = head.replace(b"Content-Length: 0", b"Content-Length: 100") + b'{"name": "lie"}'
    # The client hangs up its side: the answer comes at once.
    assert_envelope(exchange(server, lie, shutdown=True), 400,
                    "The request body is shorter than its Content-Length or chunks said")
    cut = request_bytes(server, "POST", "/api/v1/tags", b"", chunked=True) + b"20\r\n{"
    assert_envelope(exchange(server, cut, shutdown=True), 400,
                    "The request body is shorter than its Content-Length or chunks said")
    for declared in (b"-5", b"+5", b"5_0", b"0x10"):
        reply = exchange(server, head.replace(b"Content-Length: 0", b"Content-Length: " + declared)
                         + b'{"name": "lie"}')
        assert reply.status == 400, (declared, reply)
    assert "lie" not in tag_names(server)
    TRIED["protocol errors"] += 6


def test_malformed_bodies_through_the_real_server_are_422_on_body(server):
    before = tag_names(server)
    for name, raw in MALFORMED.items():
        reply = exchange(server, request_bytes(server, "POST", "/api/v1/tags", raw))
        assert_envelope(reply, 422)
        assert [error["field"] for error in reply.json["errors"]] == ["body"], name
        TRIED["malformed bodies"] += 1
    assert tag_names(server) == before


def head_of(server, request_line, *headers):
    lines = [request_line, "Host: 127.0.0.1", "Authorization: Bearer " + server.key, *headers]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


PROTOCOL_ERRORS = {
    # name: (request bytes from the server, status, message, code)
    "header of 100 KiB": (lambda s: head_of(s, "GET /api/v1/workspace HTTP/1.1", "X-Big: " + "a" * 100_000),
                          431, "Request headers exceed 65536 bytes", "HEADERS_TOO_LARGE"),
    "10,000 headers": (lambda s: head_of(s, "GET /api/v1/workspace HTTP/1.1",
                                         *("X-%d: 1" % i for i in range(10_000))),
                       431, "Request headers exceed 65536 bytes", "HEADERS_TOO_LARGE"),
    "query of 100 KiB": (lambda s: head_of(s, "GET /api/v1/prompts?search=%s HTTP/1.1" % ("a" * 100_000)),
                         414, "Request line exceeds 65536 bytes", "URI_TOO_LONG"),
    "path of 100 KiB": (lambda s: head_of(s, "GET /api/v1/%s HTTP/1.1" % ("a/" * 50_000)),
                        414, "Request line exceeds 65536 bytes", "URI_TOO_LONG"),
    "body over 16 MiB declared": (lambda s: head_of(s, "POST /api/v1/tags HTTP/1.1",
                                                    "Content-Type: application/json",
                                                    "Content-Length: 16777217"),
                                  413, "Request body exceeds 16777216 bytes", "PAYLOAD_TOO_LARGE"),
    "garbage request line": (lambda s: b"GARBAGE\r\n\r\n", 400, "Bad Request: Malformed Request-Line", None),
    "no CRLF": (lambda s: b"GET /api/v1/workspace HTTP/1.1\n\n", 400,
                "Bad Request: HTTP requires CRLF terminators", None),
    "HTTP/2.0": (lambda s: head_of(s, "GET /api/v1/workspace HTTP/2.0"), 505, None, None),
    "HTTP/1.x": (lambda s: head_of(s, "GET /api/v1/workspace HTTP/1.x"), 400, None, None),
    "header without colon": (lambda s: head_of(s, "GET /api/v1/workspace HTTP/1.1", "Broken header"),
                             400, "Bad Request: Illegal header line", None),
    "fragment": (lambda s: head_of(s, "GET /api/v1/workspace#top HTTP/1.1"), 400,
                 "Bad Request: Illegal #fragment in Request-URI", None),
    "absolute URI": (lambda s: head_of(s, "GET http://evil.example/api/v1/workspace HTTP/1.1"),
                     400, "Bad Request: Absolute URI not allowed if server is not a proxy", None),
    "lower-case method": (lambda s: head_of(s, "get /api/v1/workspace HTTP/1.1"), 400, None, None),
    "raw non-UTF-8 path": (lambda s: head_of(s, "GET /api/v1/\xff\xfe HTTP/1.1"), 400,
                           "Bad Request: Malformed Request-URI", None),
    "Content-Length not a number": (lambda s: head_of(s, "POST /api/v1/tags HTTP/1.1",
                                                      "Content-Length: lots"),
                                    400, "Bad Request: Content-Length must be a whole number of bytes", None),
    "Transfer-Encoding gzip": (lambda s: head_of(s, "POST /api/v1/tags HTTP/1.1",
                                                 "Transfer-Encoding: gzip"),
                               501, "Transfer-Encoding must be chunked or absent", None),
    "CONNECT": (lambda s: head_of(s, "CONNECT evil.example:443 HTTP/1.1"), 405, None, None),
}


@pytest.mark.parametrize("name", PROTOCOL_ERRORS)
def test_protocol_errors_cheroot_answers_itself_are_json_envelopes(server, name):
    """cheroot answered these in text/plain, and read a head of any size into memory."""
    make, status, message, code = PROTOCOL_ERRORS[name]
    reply = exchange(server, make(server))
    assert_envelope(reply, status, message, code)
    assert reply.headers["connection"] == "close"
    assert reply.seconds < AT_ONCE
    TRIED["protocol errors"] += 1
    assert server.request("GET", "/workspace", server.key)[0] == 200


def stalled_request(server):
    head = request_bytes(server, "POST", "/api/v1/tags", b"")
    return head.replace(b"Content-Length: 0", b"Content-Length: 100") + b'{"name": "stalled"'


def test_a_client_that_never_sends_its_body_gets_408_at_its_deadline(server):
    reply = server.stalled.result()  # sent when the server started
    assert_envelope(reply, 408, "The request body did not arrive in time")
    TRIED["protocol errors"] += 1
    assert server.request("GET", "/workspace", server.key)[0] == 200  # healthy after it all
    # REQUEST_SECONDS after the head, plus 1 s per KiB received (18 bytes here)
    assert tracker.REQUEST_SECONDS - 0.2 < reply.seconds < tracker.REQUEST_SECONDS + 1 + LATE
