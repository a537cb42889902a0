"""AI traffic: access logs of every format read into the right classes, spoofed crawlers
caught against ranges served by a local HTTP server, re-reading counting nothing twice, the
joined reports against counts worked out by hand, and robots.txt against RFC 9309's
examples."""

import collections
import gzip
import http.server
import ipaddress
import json
import os
import secrets
import subprocess
import sys
import threading
import time

import protego
import pytest
import webtest

import tracker
from conftest import REPO, Api, report_figure
from test_analytics import add_chat

# Real agents' user-agent strings, as their operators document them.
GPTBOT = ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; "
          "+https://openai.com/gptbot")
SEARCHBOT = ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; "
             "+https://openai.com/searchbot")
CHATGPT_USER = ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; "
                "+https://openai.com/bot")
CLAUDEBOT = ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; "
             "+claudebot@anthropic.com)")
PERPLEXITYBOT = ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; "
                 "+https://perplexity.ai/perplexitybot)")
GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
BINGBOT = ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; "
           "+http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36")
CCBOT = "CCBot/2.0 (https://commoncrawl.org/faq/)"
CHROME = ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
          "Chrome/120.0.0.0 Safari/537.36")
CURL = "curl/8.4.0"

# What the local range server publishes, in the operators' documented shape:
# {"creationTime": ..., "prefixes": [{"ipv4Prefix": ...} or {"ipv6Prefix": ...}]}; once
# fetched, these replace the bundled ones. Empty files prove nothing: ClaudeBot, CCBot and
# DuckAssistBot stay unverified in the tests that fetch these.
RANGE_PREFIXES = {
    "openai-gptbot": ["20.171.206.0/24", "2603:1040::/40"],
    "openai-searchbot": ["104.210.140.128/28"],
    "openai-chatgpt-user": ["23.98.142.176/28"],
    "perplexity-bot": ["44.208.221.197/32"],
    "perplexity-user": [],
    "googlebot": ["66.249.64.0/27", "2001:4860:4801:10::/64"],
    "bingbot": ["157.55.39.0/24"],
    "applebot": ["17.241.0.0/16"],
    "anthropic": [],
    "commoncrawl": [],
    "duckassistbot": [],
}
RANGE_FILES = {name: {"creationTime": "2026-11-20T00:00:00.000000", "prefixes": [
    {"ipv6Prefix" if ":" in prefix else "ipv4Prefix": prefix} for prefix in prefixes]}
    for name, prefixes in RANGE_PREFIXES.items()}


class RangeHandler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        name = self.path.strip("/").removesuffix(".json")
        body = json.dumps(RANGE_FILES[name]).encode() if name in RANGE_FILES else b"{}"
        self.send_response(200 if name in RANGE_FILES else 404)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def range_server():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), RangeHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d" % server.server_address[1]
    server.shutdown()
    server.server_close()


def range_urls(base):
    return {name: "%s/%s.json" % (base, name) for name in RANGE_FILES}


@pytest.fixture
def site(api, db, range_server):
    """A workspace whose own brand is acme.com, with the ranges fetched."""
    api.post("/brands", {"name": "Acme", "type": "own", "domains": ["acme.com"]})
    api.post("/brands", {"name": "Beta", "domains": ["beta.io"]})
    report = tracker.update_ranges(db, allow_private=True, urls=range_urls(range_server))
    assert report["openai-gptbot"] == {"url": range_server + "/openai-gptbot.json", "prefixes": 2,
                                       "creationTime": "2026-11-20T00:00:00.000000"}
    return api


def combined(address, moment, target, user_agent, referer="-", status=200):
    return '%s - - [%s +0000] "GET %s HTTP/1.1" %d 512 "%s" "%s"\n' % (
        address, moment, target, status, referer, user_agent)


# Day 1 (2026-11-20) and day 2 (2026-11-21): the combined log the joined figures are worked
# out from by hand.
COMBINED_LOG = "".join([
    combined("20.171.206.10", "20/Nov/2026:08:00:00", "/pricing", GPTBOT),          # verified
    combined("20.171.206.11", "20/Nov/2026:08:00:05", "/docs/setup", GPTBOT),       # verified
    combined("203.0.113.9", "20/Nov/2026:08:01:00", "/pricing", GPTBOT),            # spoofed
    combined("198.51.100.1", "20/Nov/2026:09:00:00", "/docs/setup", CLAUDEBOT),     # unverified
    combined("104.210.140.130", "20/Nov/2026:09:30:00", "/pricing", SEARCHBOT),     # verified
    combined("23.98.142.180", "21/Nov/2026:07:00:00", "/pricing?x=1", CHATGPT_USER),  # verified
    combined("66.249.64.1", "21/Nov/2026:07:10:00", "/", GOOGLEBOT),                # verified
    combined("192.0.2.50", "21/Nov/2026:07:11:00", "/", GOOGLEBOT),                 # spoofed
    combined("192.0.2.10", "21/Nov/2026:08:00:00", "/pricing", CHROME, "https://chatgpt.com/"),
    combined("192.0.2.11", "21/Nov/2026:08:01:00", "/pricing?utm_source=chatgpt.com", CHROME),
    combined("192.0.2.12", "21/Nov/2026:08:02:00", "/blog/ai", CHROME,
             "https://www.perplexity.ai/search?q=acme"),
    combined("192.0.2.13", "21/Nov/2026:08:03:00", "/pricing", CHROME, "https://www.google.com/"),
    "this is not a log line\n",
    combined("192.0.2.14", "21/Nov/2026:08:04:00", "/pricing", CURL),
    '192.0.2.15 - - [31/Foo/2026:08:05:00 +0000] "GET / HTTP/1.1" 200 1 "-" "x"\n',
])


def post_log(api, body, status=200, headers=None, **query):
    url = tracker.API_PREFIX + "/traffic/logs"
    reply = api.client.post(url + ("?" + "&".join("%s=%s" % item for item in query.items())
                                   if query else ""),
                            body if isinstance(body, bytes) else body.encode(),
                            headers=dict(api.headers, **(headers or {})), expect_errors=True)
    assert reply.status_int == status, reply.body[:500]
    return reply.json


def test_a_combined_log_is_classified_and_spoofing_caught(site):
    report = post_log(site, COMBINED_LOG, host="acme.com")["data"]
    assert report == {
        "source": report["source"], "format": "combined", "offset": len(COMBINED_LOG.encode()),
        "lines": 15, "alreadyRead": 0, "wholeLogAlreadyRead": False, "kept": 13, "otherHosts": 0,
        "expired": 0, "future": 0, "folded": 0, "malformed": 2,
        "malformedLines": [{"line": 13, "reason": "is not in the combined format"},
                           {"line": 15, "reason": "has an unreadable time"}],
        "partialLine": False,
        "classes": {"ai-training": 4, "ai-search": 1, "ai-user": 1, "search": 2, "bot": 1,
                    "human": 4},
        "spoofed": 2, "aiReferrals": 3}
    assert report["source"].startswith("sha256:")
    agents = site.get("/analytics/traffic", params={"from": "2026-11-20", "to": "2026-11-22",
                                                    "perPage": 100}).json["data"]
    rows = {(row["agentClass"], row["agent"]): row for row in agents["data"]}
    assert rows[("ai-training", "GPTBot")] == {
        "agentClass": "ai-training", "agent": "GPTBot", "operator": "OpenAI", "requests": 3,
        "pages": 2, "verified": 2, "unverified": 0, "spoofed": 1,
        "lastAt": "2026-11-20T08:01:00.000Z"}
    assert rows[("ai-training", "ClaudeBot")]["unverified"] == 1
    assert rows[("search", "Googlebot")] == {
        "agentClass": "search", "agent": "Googlebot", "operator": "Google", "requests": 2,
        "pages": 1, "verified": 1, "unverified": 0, "spoofed": 1,
        "lastAt": "2026-11-21T07:11:00.000Z"}
    assert rows[("human", None)]["requests"] == 4
    assert rows[("bot", None)]["requests"] == 1
    assert agents["total"] == 7


def test_reading_a_log_again_counts_nothing_twice(site):
    first = post_log(site, COMBINED_LOG, host="acme.com")["data"]
    before = site.get("/analytics/traffic", params={"groupBy": "day", "from": "2026-11-20",
                                                    "to": "2026-11-22"}).json["data"]
    again = post_log(site, COMBINED_LOG, host="acme.com")["data"]
    assert (again["lines"], again["alreadyRead"], again["kept"], again["offset"]) == (
        0, 15, 0, first["offset"])
    after = site.get("/analytics/traffic", params={"groupBy": "day", "from": "2026-11-20",
                                                   "to": "2026-11-22"}).json["data"]
    assert after == before
    # the log grew: only the new line counts, numbered where it is in the log
    grown = COMBINED_LOG + combined("192.0.2.20", "21/Nov/2026:09:00:00", "/new", CHROME)
    more = post_log(site, grown, host="acme.com")["data"]
    assert (more["lines"], more["alreadyRead"], more["kept"]) == (1, 15, 1)


def test_an_upload_resumes_from_its_offset(site):
    lines = COMBINED_LOG.encode().splitlines(keepends=True)
    head, tail = b"".join(lines[:5]), b"".join(lines[5:])
    cut = head + tail[:20]  # the connection broke inside line 6
    first = post_log(site, cut, host="acme.com", source="web-1")["data"]
    assert (first["lines"], first["offset"], first["partialLine"]) == (5, len(head), True)
    conflict = post_log(site, tail, 409, host="acme.com", source="web-1", offset=len(head) + 1)
    assert conflict["code"] == "SOURCE_OFFSET_CONFLICT"
    rest = post_log(site, tail, host="acme.com", source="web-1", offset=len(head))["data"]
    assert (rest["lines"], rest["offset"], rest["kept"] + first["kept"]) == (
        10, len(COMBINED_LOG.encode()), 13)
    assert rest["malformedLines"][0]["line"] == 13  # numbered within the whole log
    # sending from an earlier offset skips what was read
    again = post_log(site, tail, host="acme.com", source="web-1", offset=len(head))["data"]
    assert (again["lines"], again["alreadyRead"]) == (0, 10)


def test_a_gzip_upload_and_its_limits(site, monkeypatch):
    body = gzip.compress(COMBINED_LOG.encode())
    report = post_log(site, body, headers={"Content-Encoding": "gzip"}, host="acme.com")["data"]
    assert report["kept"] == 13
    assert post_log(site, b"\x1f\x8b not gzip", 422, headers={"Content-Encoding": "gzip"},
                    host="acme.com", source="bad")["errors"][0]["field"] == "body"
    assert post_log(site, body, 415, headers={"Content-Encoding": "br"},
                    host="acme.com")["code"] == "UNSUPPORTED_CONTENT_ENCODING"
    size = len(COMBINED_LOG.encode())
    monkeypatch.setattr(tracker, "TRAFFIC_INFLATED_MAX_BYTES", size)
    assert post_log(site, body, headers={"Content-Encoding": "gzip"}, host="acme.com",
                    source="exact")["data"]["lines"] == 15
    monkeypatch.setattr(tracker, "TRAFFIC_INFLATED_MAX_BYTES", size - 1)
    refused = post_log(site, body, 413, headers={"Content-Encoding": "gzip"}, host="acme.com",
                       source="over")
    assert refused["code"] == "PAYLOAD_TOO_LARGE"
    assert refused["message"].startswith("The log inflates past %d bytes" % (size - 1))


def test_the_body_limit(site, monkeypatch):
    monkeypatch.setattr(tracker, "MAX_BODY_BYTES", len(COMBINED_LOG.encode()))
    assert post_log(site, COMBINED_LOG, host="acme.com")["data"]["lines"] == 15
    assert post_log(site, COMBINED_LOG + "x", 413, host="acme.com")["code"] == "PAYLOAD_TOO_LARGE"


@pytest.mark.parametrize("query, field, message", [
    ({}, "host", "is required: combined lines do not name the site's host"),
    ({"host": "beta.io"}, "host", "must be one of the own domains (acme.com) or a subdomain of one"),
    ({"format": "apache"}, "format", "must be one of: combined, common, caddy, cloudflare, w3c"),
    ({"host": "acme.com", "offset": "5"}, "source",
     "is required with an offset: it names the log the offset is in"),
    ({"host": "acme.com", "source": "s" * 201}, "source", "must be 1 to 200 characters"),
    ({"host": "acme.com", "offset": "-1"}, "offset", "must be an integer from 0 to %d" % tracker.MAX_ID),
])
def test_bad_uploads_are_422(site, query, field, message):
    errors = post_log(site, COMBINED_LOG, 422, **query)["errors"]
    assert {"field": field, "message": message} in errors


def test_the_longest_source_name_passes(site):
    assert post_log(site, COMBINED_LOG, host="acme.com", source="s" * 200)["data"]["source"] == "s" * 200


def test_a_workspace_without_own_domains_is_told(api):
    errors = post_log(api, COMBINED_LOG, 422, host="acme.com")["errors"]
    assert errors[0]["field"] == "workspace"


CADDY_LOG = "".join(json.dumps(entry) + "\n" for entry in [
    {"level": "info", "ts": 1795248000.25, "logger": "http.log.access.log0",
     "msg": "handled request", "request": {
         "remote_ip": "10.0.0.1", "remote_port": "51234", "client_ip": "20.171.206.40",
         "proto": "HTTP/1.1", "method": "GET", "host": "www.acme.com", "uri": "/pricing",
         "headers": {"User-Agent": [GPTBOT], "Accept": ["*/*"]}},
     "status": 200, "size": 1024, "duration": 0.002},
    {"level": "info", "ts": 1795248001.0, "logger": "http.log.access.log0",
     "msg": "handled request", "request": {
         "remote_ip": "192.0.2.30", "client_ip": "192.0.2.30", "proto": "HTTP/2.0",
         "method": "GET", "host": "docs.acme.com", "uri": "/start?utm_source=chatgpt.com",
         "headers": {"User-Agent": [CHROME]}}, "status": 200},
    {"level": "info", "ts": 1795248002.0, "logger": "http.log.access.log0",
     "msg": "handled request", "request": {
         "remote_ip": "44.208.221.197", "client_ip": "44.208.221.197", "method": "GET",
         "host": "example.org", "uri": "/", "headers": {"User-Agent": [PERPLEXITYBOT]}},
     "status": 200},
    {"level": "info", "ts": 1795248003.0, "msg": "handled request", "request": {"host": "acme.com"}},
])

CLOUDFLARE_LOG = "".join(json.dumps(entry) + "\n" for entry in [
    {"ClientIP": "44.208.221.197", "ClientRequestHost": "acme.com", "ClientRequestMethod": "GET",
     "ClientRequestURI": "/blog/ai", "ClientRequestUserAgent": PERPLEXITYBOT,
     "ClientRequestReferer": "", "EdgeResponseStatus": 200,
     "EdgeStartTimestamp": "2026-11-20T10:00:00Z"},
    {"ClientIP": "198.51.100.77", "ClientRequestHost": "acme.com", "ClientRequestMethod": "GET",
     "ClientRequestURI": "/blog/ai", "ClientRequestUserAgent": PERPLEXITYBOT,
     "ClientRequestReferer": "", "EdgeResponseStatus": 200,
     "EdgeStartTimestamp": 1795255200000000000},
    {"ClientIP": "192.0.2.40", "ClientRequestHost": "acme.com", "ClientRequestMethod": "GET",
     "ClientRequestURI": "/", "ClientRequestUserAgent": CHROME,
     "ClientRequestReferer": "https://gemini.google.com/", "EdgeResponseStatus": 200,
     "EdgeStartTimestamp": 1795255300},
])

CLOUDFRONT_LOG = (
    "#Version: 1.0\n"
    "#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status "
    "cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id "
    "x-host-header cs-protocol cs-bytes time-taken\n"
    + "\t".join(["2026-11-20", "11:00:00", "FRA56-P1", "512", "157.55.39.10", "GET",
                 "d111111abcdef8.cloudfront.net", "/", "200", "-",
                 BINGBOT.replace(" ", "%20"), "-", "-", "Hit", "abc==", "acme.com", "https",
                 "120", "0.001"]) + "\n"
    + "\t".join(["2026-11-20", "11:00:01", "FRA56-P1", "512", "192.0.2.60", "GET",
                 "d111111abcdef8.cloudfront.net", "/pricing", "200",
                 "https://copilot.microsoft.com/", CHROME.replace(" ", "%20"), "-", "-", "Hit",
                 "abd==", "acme.com", "https", "120", "0.001"]) + "\n"
    + "2026-11-20\t11:00:02\ttoo\tfew\n")

IIS_LOG = (
    "#Software: Microsoft Internet Information Services 10.0\n"
    "#Version: 1.0\n"
    "#Date: 2026-11-20 12:00:00\n"
    "#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip "
    "cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status time-taken\n"
    "2026-11-20 12:00:00 10.0.0.5 GET /docs/setup - 443 - 198.51.100.3 "
    + CCBOT.replace(" ", "+") + " - 200 0 0 15\n"
    "2026-11-20 12:00:01 10.0.0.5 GET /pricing - 443 - 203.0.113.99 "
    + SEARCHBOT.replace(" ", "+") + " - 200 0 0 15\n")


@pytest.mark.parametrize("log, query, format_, classes, extra", [
    (CADDY_LOG, {}, "caddy", {"ai-training": 1, "human": 1},
     {"otherHosts": 1, "malformed": 1, "aiReferrals": 1, "spoofed": 0}),
    (CLOUDFLARE_LOG, {}, "cloudflare", {"ai-search": 2, "human": 1},
     {"spoofed": 1, "aiReferrals": 1}),
    (CLOUDFRONT_LOG, {}, "w3c", {"search": 1, "human": 1},
     {"malformed": 1, "aiReferrals": 1, "spoofed": 0}),
    (IIS_LOG, {"host": "acme.com"}, "w3c", {"ai-training": 1, "ai-search": 1},
     {"spoofed": 1, "malformed": 0}),
])
def test_each_format_is_detected_and_classified(site, log, query, format_, classes, extra):
    report = post_log(site, log, **query)["data"]
    assert report["format"] == format_
    assert report["classes"] == dict(dict.fromkeys(tracker.AGENT_CLASSES, 0), **classes)
    assert {name: report[name] for name in extra} == extra


def test_the_verdicts_of_other_formats(site):
    post_log(site, CLOUDFLARE_LOG)
    post_log(site, IIS_LOG, host="acme.com")
    rows = {row["agent"]: row for row in site.get("/analytics/traffic", params={
        "from": "2026-11-20", "to": "2026-11-22", "agentClass": "ai-search"}).json["data"]["data"]}
    assert (rows["PerplexityBot"]["verified"], rows["PerplexityBot"]["spoofed"]) == (1, 1)
    assert (rows["OAI-SearchBot"]["verified"], rows["OAI-SearchBot"]["spoofed"]) == (0, 1)


def test_the_bundled_ranges_verify_without_a_fetch(api, db):
    """Nothing fetched: the snapshot in traffic_agents.json decides (addresses in and out of
    the operators' published prefixes, as copied from the mirror)."""
    api.post("/brands", {"name": "Acme", "type": "own", "domains": ["acme.com"]})
    lines = [  # (address, agent, verdict)
        ("20.171.206.10", GPTBOT, "verified"),             # 20.171.206.0/23
        ("203.0.113.9", GPTBOT, "spoofed"),
        ("216.73.216.20", CLAUDEBOT, "verified"),          # 216.73.216.0/22, Anthropic's
        ("198.51.100.1", CLAUDEBOT, "spoofed"),
        ("66.249.66.1", GOOGLEBOT, "verified"),             # 66.249.66.0/24
        ("2001:4860:4801:10::1", GOOGLEBOT, "verified"),    # 2001:4860:4801:10::/60
        ("[2001:4860:4801:10::2]", GOOGLEBOT, "verified"),
        ("::ffff:66.249.66.2", GOOGLEBOT, "verified"),      # IPv4-mapped
        ("2001:db8::1", GOOGLEBOT, "spoofed"),
        ("157.55.39.10", BINGBOT, "verified"),              # 157.55.39.0/24
        ("157.55.38.255", BINGBOT, "spoofed"),              # just below it
        ("98.85.178.216", CCBOT, "verified"),               # 98.85.178.216/32, Common Crawl's
        ("98.85.178.217", CCBOT, "spoofed"),                # just past it
        ("3.211.124.183", PERPLEXITYBOT, "verified"),       # 3.211.124.183/32
        ("66.249.66.1", "Perplexity-User/1.0", "unverified"),  # no prefixes in the snapshot
        ("192.0.2.7", "MistralAI-User/1.0", "unverified"),  # publishes none
    ]
    log = "".join(combined(address, "20/Nov/2026:08:00:%02d" % n, "/p%d" % n, agent)
                  for n, (address, agent, _) in enumerate(lines))
    report = post_log(api, log, host="acme.com")["data"]
    assert (report["kept"], report["spoofed"]) == (len(lines), 5)
    with db.read() as connection:  # each line its own page: its verdict
        found = {row["path"]: row["verification"] for row in tracker.query_all(
            connection, "SELECT path, verification FROM traffic_daily")}
    assert found == {"/p%d" % n: verdict for n, (_, _, verdict) in enumerate(lines)}


def test_the_bundled_snapshot_is_sourced_and_compact():
    data = tracker.traffic_data()
    named = {agent["ranges"] for agent in data["agents"]} - {None}
    assert named == set(data["ranges"])
    for name, bundled in data["ranges"].items():
        networks = [ipaddress.ip_network(prefix) for prefix in bundled["prefixes"]]  # strict
        for version in (4, 6):
            own = [network for network in networks if network.version == version]
            assert own == list(ipaddress.collapse_addresses(own)), name
        assert bundled["url"].startswith("https://")
        if networks:
            copied = bundled["copiedFrom"]
            assert copied["mirror"].startswith("https://github.com/")
            assert len(copied["commit"]) == 40 and copied["date"] <= data["compiled"]
        else:
            assert "copiedFrom" not in bundled


@pytest.fixture
def joined(site, db):
    """The combined log, and chats citing own pages: /pricing by two chats of alpha and one
    of bravo, /blog/ai by one of bravo, /about by one of alpha (never crawled)."""
    post_log(site, COMBINED_LOG, host="acme.com")
    prompt = site.post("/prompts", {"text": "best tool"}).json["data"]["prompts"][0]
    for engine, moment, urls in (
            ("alpha", "2026-11-20T10:00:00.000Z", ["https://acme.com/pricing", "https://g2.com/a"]),
            ("alpha", "2026-11-20T11:00:00.000Z", ["https://www.acme.com/pricing", "https://acme.com/about"]),
            ("bravo", "2026-11-21T09:00:00.000Z", ["https://acme.com/pricing", "https://acme.com/blog/ai"]),
            ("bravo", "2026-11-10T09:00:00.000Z", ["https://acme.com/docs/setup"])):  # outside
        add_chat(db, site.workspace_id, prompt, engine, moment, urls=urls)
    return site


WINDOW = {"from": "2026-11-20", "to": "2026-11-22"}


def pages(api, **params):
    return api.get("/analytics/traffic", params=dict(dict(WINDOW, perPage=100), **params)).json["data"]


def test_the_pages_joined_with_their_citations(joined):
    document = pages(joined, groupBy="page")
    by_path = {item["path"]: item for item in document["data"]}
    assert by_path["/pricing"] == {
        "host": "acme.com", "path": "/pricing", "url": "https://acme.com/pricing", "pathClass": "page",
        # GPTBot 2 (one spoofed), SearchBot, ChatGPT-User, 3 people (2 referred), curl
        "requests": 8, "aiRequests": 3, "humanVisits": 3, "aiReferrals": 2,
        "lastCrawled": [{"operator": "OpenAI", "lastAt": "2026-11-21T07:00:00.000Z"}],
        "citingChats": 3, "citations": [{"engine": "alpha", "chats": 2}, {"engine": "bravo", "chats": 1}],
        "referrals": [{"assistant": "ChatGPT", "visits": 2}]}
    assert by_path["/about"]["requests"] == 0 and by_path["/about"]["citingChats"] == 1
    assert by_path["/docs/setup"]["citingChats"] == 0  # its citation is outside the window
    assert [item["path"] for item in document["data"]] == [
        "/pricing", "/", "/docs/setup", "/blog/ai", "/about"]


def test_the_ready_reports(joined):
    crawled = pages(joined, report="crawled-not-cited")
    assert [(item["path"], item["aiRequests"]) for item in crawled["data"]] == [("/docs/setup", 2)]
    cited = pages(joined, report="cited-not-crawled")
    assert [(item["path"], item["citingChats"]) for item in cited["data"]] == [
        ("/about", 1), ("/blog/ai", 1)]
    referrals = pages(joined, report="referrals")
    assert [(item["path"], item["aiReferrals"], item["referrals"]) for item in referrals["data"]] == [
        ("/pricing", 2, [{"assistant": "ChatGPT", "visits": 2}]),
        ("/blog/ai", 1, [{"assistant": "Perplexity", "visits": 1}]),
        ("/about", 0, [])]
    assert referrals["groupBy"] == "page" and referrals["report"] == "referrals"
    by_engine = pages(joined, report="cited-not-crawled", engine="bravo")
    assert [item["path"] for item in by_engine["data"]] == ["/blog/ai"]


def test_operators_and_days(joined):
    operators = pages(joined, groupBy="operator")["data"]
    # a spoofed request is not its claimed operator's (issue 42): GPTBot's from 203.0.113.9 and
    # Googlebot's from 192.0.2.50 are left out of OpenAI's and Google's, and of the days
    assert [(row["operator"], row["requests"], row["pages"]) for row in operators] == [
        ("OpenAI", 4, 2), ("Anthropic", 1, 1), ("Google", 1, 1)]
    assert operators[0]["agents"] == ["ChatGPT-User", "GPTBot", "OAI-SearchBot"]
    days = pages(joined, groupBy="day", agentClass="ai-training")["data"]
    assert [(row["day"], row["operator"], row["requests"]) for row in days] == [
        ("2026-11-20", "Anthropic", 1), ("2026-11-20", "OpenAI", 2)]
    agents = {row["agent"]: row for row in pages(joined, groupBy="agent")["data"]}
    assert (agents["GPTBot"]["requests"], agents["GPTBot"]["spoofed"]) == (3, 1)  # counted here


# One request of each class: (path, pathClass).
CLASSED_PATHS = [("/pricing", "page"), ("/docs/guide.pdf", "page"), ("/blog/v1.2", "page"),
                 ("/static/app.js", "asset"), ("/styles/site.CSS", "asset"),
                 ("/img/logo.svg", "asset"), ("/fonts/inter.woff2", "asset"),
                 ("/manifest.webmanifest", "asset"), ("/sitemap.xml", "feed"),
                 ("/sitemap_index.xml", "feed"), ("/blog/rss", "feed"), ("/blog/feed/", "feed"),
                 ("/atom.atom", "feed"), ("/robots.txt", "robots")]


def test_each_path_is_classed_and_only_pages_are_reported_crawled_not_cited(site):
    """Issue 42: /static/app.js and /sitemap.xml were listed as pages read by AI agents."""
    log = "".join(combined("20.171.206.10", "20/Nov/2026:08:00:%02d" % n, path, GPTBOT)
                  for n, (path, _) in enumerate(CLASSED_PATHS))
    post_log(site, log, host="acme.com")
    listed = pages(site, groupBy="page")["data"]
    assert sorted((item["path"], item["pathClass"]) for item in listed) == sorted(CLASSED_PATHS)
    crawled = pages(site, report="crawled-not-cited")["data"]
    assert sorted(item["path"] for item in crawled) == sorted(
        path for path, kind in CLASSED_PATHS if kind == "page")
    assert [tracker.path_class(path) for path, _ in CLASSED_PATHS] == [k for _, k in CLASSED_PATHS]


def test_the_visits_each_assistant_sent_in_all(joined):
    """Issue 42: the AI referrals were there only per page."""
    document = joined.get("/analytics/traffic/assistants", params=WINDOW).json["data"]
    assert document == {
        "total": 2, "page": 1, "perPage": 20, "lastPage": 1,
        "data": [{"assistant": "ChatGPT", "visits": 2, "pages": 1, "lastAt": "2026-11-21T08:01:00.000Z"},
                 {"assistant": "Perplexity", "visits": 1, "pages": 1,
                  "lastAt": "2026-11-21T08:02:00.000Z"}],
        "from": "2026-11-20T00:00:00.000Z", "to": "2026-11-22T00:00:00.000Z"}
    by_page = pages(joined, report="referrals")["data"]
    assert sum(item["aiReferrals"] for item in by_page) == 2 + 1
    narrowed = joined.get("/analytics/traffic/assistants", params=dict(WINDOW, host="www.acme.com",
                                                                     perPage=1)).json["data"]
    assert (narrowed["total"], narrowed["data"]) == (0, [])
    second = joined.get("/analytics/traffic/assistants", params=dict(WINDOW, perPage=1, page=2))
    assert [item["assistant"] for item in second.json["data"]["data"]] == ["Perplexity"]
    exported = joined.client.get(tracker.API_PREFIX + "/analytics/traffic/assistants", params=dict(
        WINDOW, format="csv"), headers=joined.headers).text
    assert exported.splitlines() == ["assistant,visits,pages,lastAt",
                                     "ChatGPT,2,1,2026-11-21T08:01:00.000Z",
                                     "Perplexity,1,1,2026-11-21T08:02:00.000Z"]
    refused = joined.get("/analytics/traffic/assistants", status=422, params={"engine": "alpha"})
    assert refused.json["errors"][0]["field"] == "engine"


def test_paging_and_exports(joined):
    first = pages(joined, groupBy="page", perPage=2, page=1)
    assert (first["total"], first["lastPage"], len(first["data"])) == (5, 3, 2)
    csv_text = joined.client.get(tracker.API_PREFIX + "/analytics/traffic", params=dict(
        WINDOW, groupBy="page", format="csv"), headers=joined.headers).text
    header, pricing = csv_text.splitlines()[:2]
    assert header.split(",")[:5] == ["host", "path", "url", "pathClass", "requests"]
    assert "citations.engine" in header and pricing.startswith("acme.com,/pricing,")
    assert "alpha | bravo" in pricing
    ndjson = joined.client.get(tracker.API_PREFIX + "/analytics/traffic", params=dict(
        WINDOW, report="cited-not-crawled", format="ndjson"), headers=joined.headers).text
    assert [json.loads(line)["path"] for line in ndjson.splitlines()] == ["/about", "/blog/ai"]


@pytest.mark.parametrize("params, field", [
    ({"groupBy": "agents"}, "groupBy"), ({"report": "crawled"}, "report"),
    ({"agentClass": "robot"}, "agentClass"), ({"operator": "x" * 101}, "operator"),
    ({"perPage": "101"}, "perPage"), ({"from": "2026-11-22", "to": "2026-11-20"}, "to"),
])
def test_bad_traffic_queries_are_422(site, params, field):
    errors = site.get("/analytics/traffic", status=422, params=params).json["errors"]
    assert [error["field"] for error in errors] == [field]


def test_traffic_is_the_workspace_own(joined, other_api):
    assert other_api.get("/analytics/traffic", params=WINDOW).json["data"]["total"] == 0


def test_retention_settings_and_their_edges(site, clock):
    assert site.get("/traffic/settings").json["data"] == {"retentionDays": 396}
    for days, status in ((0, 422), (3651, 422), (True, 422), (1, 200), (3650, 200)):
        site.patch("/traffic/settings", {"retentionDays": days}, status)
    site.patch("/traffic/settings", {"retentionDays": 1})
    # the clock is 2026-11-21T09:30Z: one day kept means from 2026-11-20 on
    report = post_log(site, COMBINED_LOG + combined("192.0.2.1", "18/Nov/2026:08:00:00", "/", CHROME),
                      host="acme.com")["data"]
    assert report["expired"] == 1


# RFC 9309 2.2.2's example, its agents named as AI agents: foobot is GPTBot, barbot and
# bazbot ClaudeBot and PerplexityBot, quxbot CCBot; every other agent meets the * group.
RFC_9309_EXAMPLE = """\
User-Agent: *
Disallow: *.gif$
Disallow: /example/
Allow: /publications/

User-Agent: GPTBot
Disallow:/
Allow:/example/page.html
Allow:/example/allowed.gif

User-Agent: ClaudeBot
User-Agent: PerplexityBot
Disallow: /example/page.html

User-Agent: CCBot
"""


@pytest.fixture
def cited_site(site, db):
    prompt = site.post("/prompts", {"text": "robots"}).json["data"]["prompts"][0]
    add_chat(db, site.workspace_id, prompt, "alpha", "2026-11-20T10:00:00.000Z", urls=[
        "https://acme.com/", "https://acme.com/example/page.html",
        "https://acme.com/example/allowed.gif", "https://acme.com/example/disallowed.gif",
        "https://acme.com/publications/x"])
    return site


def test_robots_txt_follows_rfc_9309(cited_site):
    document = cited_site.put("/traffic/robots?domain=acme.com", RFC_9309_EXAMPLE,
                              headers={"Content-Type": "text/plain"}).json["data"]
    [domain] = document["domains"]
    agents = {agent["agent"]: agent for agent in domain["agents"]}
    root = "https://acme.com/"
    assert agents["GPTBot"]["rootAllowed"] is False
    assert agents["GPTBot"]["blockedCitedPages"] == [
        root, root + "example/disallowed.gif", root + "publications/x"]
    assert agents["ClaudeBot"]["blockedCitedPages"] == [root + "example/page.html"]
    assert agents["PerplexityBot"]["blockedCitedPages"] == [root + "example/page.html"]
    assert agents["CCBot"]["blockedCitedPages"] == []
    assert agents["ChatGPT-User"]["rootAllowed"] is True
    assert agents["ChatGPT-User"]["blockedCitedPages"] == [
        root + "example/allowed.gif", root + "example/disallowed.gif", root + "example/page.html"]
    assert agents["Google-Extended"]["blockedCitedPages"] == agents["ChatGPT-User"]["blockedCitedPages"]
    warned = {(warning["agent"], warning["url"]) for warning in domain["warnings"]}
    assert ("PerplexityBot", root + "example/page.html") in warned
    assert ("ChatGPT-User", root + "example/page.html") in warned
    assert not any(agent == "GPTBot" for agent, _ in warned)  # a training crawler: no warning
    assert domain["warnings"][0]["citedBy"] == ["alpha"]


def test_the_longest_match_wins_and_allow_wins_a_tie(cited_site):
    # RFC 9309 2.2.2: the most specific (longest) match wins; with equal ones, allow
    text = ("User-Agent: GPTBot\nAllow: /example/\nDisallow: /example/page.html\n\n"
            "User-Agent: ClaudeBot\nDisallow: /example/\nAllow: /example/\n")
    agents = {agent["agent"]: agent for agent in cited_site.put(
        "/traffic/robots?domain=acme.com", text).json["data"]["domains"][0]["agents"]}
    assert agents["GPTBot"]["blockedCitedPages"] == ["https://acme.com/example/page.html"]
    assert agents["ClaudeBot"]["blockedCitedPages"] == []


def test_robots_uploads_and_their_limits(site):
    site.put("/traffic/robots?domain=docs.acme.com", "a" * tracker.ROBOTS_MAX_BYTES)
    errors = site.put("/traffic/robots?domain=acme.com", "a" * (tracker.ROBOTS_MAX_BYTES + 1),
                      422).json["errors"]
    assert errors == [{"field": "body", "message": "must be at most 512000 bytes (RFC 9309 2.5)"}]
    assert site.put("/traffic/robots", "", 422).json["errors"] == [
        {"field": "domain", "message": "is required"}]
    assert site.put("/traffic/robots?domain=beta.io", "", 422).json["errors"][0]["field"] == "domain"
    domains = site.get("/traffic/robots").json["data"]["domains"]
    assert [(found["domain"], found["origin"]) for found in domains] == [("docs.acme.com", "upload")]


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "tracker", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=60)


# The ai.robots.txt list (robots.json) merged into the data file (issue 42: these five were
# counted as generic bots). The list gives tokens, not whole User-Agent strings: each is sent
# in the usual "compatible; Token/version" frame.
LISTED = {"Amzn-SearchBot": ("ai-search", "Amazon"), "Amzn-User": ("ai-user", "Amazon"),
          "AzureAI-SearchBot": ("ai-search", "Microsoft"), "Bravebot": ("ai-search", "Brave"),
          "anthropic-ai": ("ai-training", "Anthropic")}


def compatible(token):
    return "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; %s/1.0)" % token


def test_agents_of_the_ai_robots_txt_list_are_recognised(site):
    log = "".join(combined("192.0.2.%d" % n, "20/Nov/2026:08:00:%02d" % n, "/pricing", compatible(name))
                  for n, name in enumerate(LISTED, 1))
    report = post_log(site, log, host="acme.com")["data"]
    assert report["classes"] == dict(dict.fromkeys(tracker.AGENT_CLASSES, 0), **{
        "ai-search": 3, "ai-user": 1, "ai-training": 1})
    rows = site.get("/analytics/traffic", params={"from": "2026-11-20", "to": "2026-11-21"}).json["data"]["data"]
    assert {row["agent"]: (row["agentClass"], row["operator"], row["requests"]) for row in rows} == {
        name: (agent_class, operator, 1) for name, (agent_class, operator) in LISTED.items()}


def test_every_agent_of_the_list_is_recognised():
    """Each of robots.json's names, in a User-Agent, is its agent: the list's own entry, or
    tracker's (which knows more: ranges, class) for a name it holds; a second spelling or a
    versioned name is the agent it repeats; the robots.txt-only tokens are read in robots.txt
    files only; three generic names are the other bots they are."""
    data = tracker.traffic_data()
    listed = data["listedAgents"]
    source = data["aiRobotsTxt"]
    assert (len(listed), source["agents"]) == (166, 166)
    assert len({agent["name"] for agent in listed}) == 166
    assert (source["commit"], source["date"], source["licence"]) == (
        "738c80df2169027ce0e07c9976fd3f2f57dd8f7b", "2026-08-22", "MIT")
    assert source["notice"].startswith("MIT License\n\nCopyright (c) 2024 ai.robots.txt\n")
    catalog = tracker.AgentCatalog(data, {})
    own = {agent["name"]: agent for agent in data["agents"]}
    robots_only = {agent["name"] for agent in data["robotsOnly"]}
    entries = {agent["name"]: agent for agent in listed if "sameAs" not in agent}
    robots_checked = {agent["name"] for agent in tracker.robots_agents()}
    for agent in listed:
        found = catalog.who[compatible(agent["name"])]
        target = agent.get("sameAs", agent["name"])
        if target in robots_only:
            assert target in robots_checked
        elif agent.get("class") == "bot":
            assert found == ("bot", "", "", None), agent
        else:
            expected = own.get(target) or entries[target]
            assert found == (expected["class"], expected["name"], expected["operator"],
                             expected.get("ranges")), agent
            assert expected["class"] not in tracker.AI_CLASSES or expected["name"] in robots_checked \
                or expected["name"] in ("Applebot",)  # a search crawler: not an AI agent here
    assert len(robots_checked) == 156


@pytest.mark.parametrize("user_agent, found", [
    ("Mozilla/5.0 (X11; Unicode) Gecko/20100101 Firefox/120.0", ("human", "", "", None)),  # not Code
    ("Screaming Frog SEO Spider/20.0", ("bot", "", "", None)),  # the generic Spider is a bot
    ("Baiduspider/2.0", ("search", "Baiduspider", "Baidu", None)),
    ("Mozilla/5.0 (compatible; Code/1.95.0)", ("ai-user", "Code", "GitHub", None)),
    ("MistralAI-User/1.0", ("ai-user", "MistralAI-User", "Mistral AI", None)),
    ("Mozilla/5.0 (compatible; Meta-ExternalAgent/1.1)",
     ("ai-training", "meta-externalagent", "Meta", None)),
])
def test_an_agent_name_is_a_whole_token(user_agent, found):
    assert tracker.AgentCatalog(tracker.traffic_data(), {}).who[user_agent] == found


def test_robots_check_shows_the_lists_agents_a_file_names(cited_site):
    text = ("User-agent: Amzn-SearchBot\nDisallow: /\n\n"
            "User-agent: *\nDisallow: /example/\n")
    named = cited_site.put("/traffic/robots?domain=acme.com", text).json["data"]["domains"][0]
    agents = {agent["agent"]: agent for agent in named["agents"]}
    own = len(tracker.traffic_data()["agents"]) - 6 + 2  # the six search crawlers out, 2 robots.txt-only in
    assert len(agents) == own + 1
    assert agents["Amzn-SearchBot"] == {
        "agent": "Amzn-SearchBot", "operator": "Amazon", "agentClass": "ai-search",
        "rootAllowed": False, "blockedCitedPages": [
            "https://acme.com/", "https://acme.com/example/allowed.gif",
            "https://acme.com/example/disallowed.gif", "https://acme.com/example/page.html",
            "https://acme.com/publications/x"]}
    assert "Bravebot" not in agents
    every = cited_site.get("/traffic/robots", params={"agents": "all"}).json["data"]["domains"][0]
    agents = {agent["agent"]: agent for agent in every["agents"]}
    assert len(agents) == 156
    assert agents["Bravebot"]["blockedCitedPages"] == agents["ChatGPT-User"]["blockedCitedPages"] == [
        "https://acme.com/example/allowed.gif", "https://acme.com/example/disallowed.gif",
        "https://acme.com/example/page.html"]
    assert cited_site.get("/traffic/robots", params={"agents": "some"}, status=422)
    sizes = [len(cited_site.get("/traffic/robots", params=params).body)
             for params in ({}, {"agents": "all"})]
    report_figure("robots.txt check of one domain with 5 cited pages, 3 blocked to most agents: "
                  "%d bytes for tracker's own agents and those the file names, %d for all 156"
                  % tuple(sizes))


def test_the_cli_reads_files_gzip_and_stdin(site, db, tmp_path):
    plain, packed = tmp_path / "access.log", tmp_path / "access.log.gz"
    plain.write_text(COMBINED_LOG)
    packed.write_bytes(gzip.compress(CLOUDFLARE_LOG.encode()))
    done = run_cli("--db", db.path, "traffic", "ingest", str(plain), str(packed),
                   "--workspace", str(site.workspace_id), "--host", "acme.com")
    assert done.returncode == 0, done.stderr
    reports = json.loads(done.stdout)
    assert [(report["format"], report["kept"]) for report in reports] == [("combined", 13),
                                                                         ("cloudflare", 3)]
    piped = subprocess.run([sys.executable, "-m", "tracker", "--db", db.path, "traffic", "ingest",
                            "-", "--host", "acme.com"],  # the database's only workspace
                           cwd=REPO, input=COMBINED_LOG, capture_output=True, text=True, timeout=60)
    assert json.loads(piped.stdout)[0]["alreadyRead"] == 15  # the same log, from stdin
    # gzip is told by its first bytes, not the file's name: a rotated log.1, or stdin
    rotated = tmp_path / "access.log.1"
    rotated.write_bytes(gzip.compress(COMBINED_LOG.encode()))
    piped = subprocess.run([sys.executable, "-m", "tracker", "--db", db.path, "traffic", "ingest",
                            str(rotated), "-", "--host", "acme.com", "--source", "rotated"],
                           cwd=REPO, input=rotated.read_bytes(), capture_output=True, timeout=60)
    assert [(report["lines"], report["alreadyRead"]) for report in json.loads(piped.stdout)] == [
        (15, 0), (0, 15)]
    refused = run_cli("--db", db.path, "traffic", "ingest", str(plain), "--workspace",
                      str(site.workspace_id))
    assert refused.returncode == 1
    assert "host is required" in refused.stderr
    unknown = run_cli("--db", db.path, "traffic", "ingest", str(plain), "--workspace", "99")
    assert (unknown.returncode, unknown.stderr) == (1, "tracker: error: workspace 99 not found\n")
    tracker.create_workspace(db, "Second")
    unnamed = run_cli("--db", db.path, "traffic", "ingest", str(plain), "--host", "acme.com")
    assert unnamed.stderr == ("tracker: error: the database has 2 workspaces: name one with "
                              "--workspace ID\n")


def test_the_cli_updates_ranges_and_fetches_robots(api, db, range_server, tmp_path):
    api.post("/brands", {"name": "Acme", "type": "own", "domains": ["acme.com"]})
    urls = [arg for name, url in range_urls(range_server).items() for arg in ("--url", name + "=" + url)]
    refused = run_cli("--db", db.path, "traffic", "update-ranges", *urls)
    assert refused.returncode == 1 and "private address" in refused.stdout
    # issue 37: it named the server's --allow-private-webhooks, which this command lacks
    assert "resolves to a private address (run the command with --allow-private to allow " \
           "it)" in refused.stdout and "webhooks" not in refused.stdout
    done = run_cli("--db", db.path, "traffic", "update-ranges", "--allow-private", *urls)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["googlebot"]["prefixes"] == 2
    # the range server answers 404 for /robots.txt: no rules, every agent allowed (RFC 9309 2.3.1.3)
    fetched = run_cli("--db", db.path, "traffic", "robots", "acme.com", "--workspace",
                      str(api.workspace_id), "--origin", range_server, "--allow-private")
    assert fetched.returncode == 0, fetched.stderr
    [domain] = json.loads(fetched.stdout)["domains"]
    assert domain["origin"] == "fetch" and all(agent["rootAllowed"] for agent in domain["agents"])


def test_the_dashboard_page(joined):
    client = joined.client
    form = client.get("/").forms["sign-in"]
    form["key"] = joined.key
    form.submit(status=303)
    page = client.get("/traffic", {"days": "7"})
    assert page.html.find("a", href="/traffic").text == "AI traffic"
    chart = page.html.find("g", {"data-name": "OpenAI"})
    # 2026-11-20: OpenAI 3 of the 4 AI agent requests not spoofed (Anthropic 1); 2026-11-21: 1 of 1
    assert [title.text for title in chart.find_all("title")] == [
        "OpenAI, 20 Nov 2026: 75.0 %", "OpenAI, 21 Nov 2026: 100.0 %"]
    operators = page.html.find("section", {"aria-label": "Operators"}).tbody.find_all("tr")
    assert [[cell.text for cell in row.find_all(["th", "td"])][:4] for row in operators] == [
        ["OpenAI", "ChatGPT-User, GPTBot, OAI-SearchBot", "4", "2"],  # the spoofed GPTBot apart
        ["Anthropic", "ClaudeBot", "1", "1"], ["Google", "Googlebot", "1", "1"]]

    def items(label):
        return [li.text for li in page.html.find("section", {"aria-label": label}).find_all("li")]
    assert items("Spoofed requests") == ["GPTBot, claiming to be OpenAI's: 1 request",
                                         "Googlebot, claiming to be Google's: 1 request"]
    assert items("Read by AI agents, cited by no chat") == [
        "https://acme.com/docs/setup · AI agent requests: 2"]
    assert items("Cited, read by no AI agent") == ["https://acme.com/about · citing chats: 1",
                                                   "https://acme.com/blog/ai · citing chats: 1"]
    assert items("Visits AI assistants sent to cited pages") == [
        "https://acme.com/pricing · visits from AI assistants: 2",
        "https://acme.com/blog/ai · visits from AI assistants: 1",
        "https://acme.com/about · visits from AI assistants: 0"]
    assert items("Visits per AI assistant") == ["ChatGPT: 2 visits to 1 page",
                                                "Perplexity: 1 visit to 1 page"]
    assert items("Other files AI agents read") == []
    assert client.get("/traffic", {"days": "8"}, status=422)


def test_the_dashboard_page_keeps_files_that_are_not_pages_apart(site):
    post_log(site, "".join(combined("20.171.206.10", "20/Nov/2026:08:00:%02d" % n, path, GPTBOT)
                           for n, (path, _) in enumerate(CLASSED_PATHS)), host="acme.com")
    client = site.client
    form = client.get("/").forms["sign-in"]
    form["key"] = site.key
    form.submit(status=303)
    page = client.get("/traffic", {"days": "30"})
    crawled = page.html.find("section", {"aria-label": "Read by AI agents, cited by no chat"})
    assert [li.text for li in crawled.find_all("li")] == [
        "https://acme.com%s · AI agent requests: 1" % path
        for path in sorted(path for path, kind in CLASSED_PATHS if kind == "page")]
    files = page.html.find("section", {"aria-label": "Other files AI agents read"})
    assert [li.text for li in files.find_all("li")] == [  # the first ten, by path
        "https://acme.com%s (%s) · AI agent requests: 1" % (path, kind)
        for path, kind in sorted(CLASSED_PATHS) if kind != "page"][:tracker.TRAFFIC_PAGE_LISTS]


def test_an_overlong_line_is_malformed_and_never_held(site):
    longest = combined("192.0.2.1", "21/Nov/2026:08:00:00", "/", "a")
    longest = longest[:-1].replace('"a"', '"%s"' % ("a" * (tracker.TRAFFIC_LINE_MAX_BYTES
                                                          - len(longest) + 2))) + "\n"
    assert len(longest.encode()) == tracker.TRAFFIC_LINE_MAX_BYTES + 1  # with its newline
    over = longest.replace('"a', '"aa', 1)
    report = post_log(site, COMBINED_LOG + longest + over + COMBINED_LOG.splitlines(True)[0],
                      host="acme.com", source="long")["data"]
    assert report["lines"] == 18 and report["offset"] == len(
        (COMBINED_LOG + longest + over + COMBINED_LOG.splitlines(True)[0]).encode())
    assert report["malformedLines"][2:] == [
        {"line": 17, "reason": "is longer than %d bytes" % tracker.TRAFFIC_LINE_MAX_BYTES}]
    assert report["kept"] == 13 + 2


@pytest.mark.parametrize("pages", [tracker.TRAFFIC_ROWS_PER_INSERT,
                                   2 * tracker.TRAFFIC_ROWS_PER_INSERT + 1])
def test_sums_of_more_rows_than_one_insert_add_up(site, db, monkeypatch, pages):
    """A batch's sums go in TRAFFIC_ROWS_PER_INSERT rows per INSERT: exactly one INSERT's worth,
    and two and a row more; a second log adds to the rows the first made, across batches of
    1,000 lines (TRAFFIC_BATCH_LINES made small: a batch is checked every 1,000 lines)."""
    monkeypatch.setattr(tracker, "TRAFFIC_BATCH_LINES", 1000)
    log = "".join(combined("192.0.2.%d" % (n % 250 + 1), "20/Nov/2026:08:%02d:%02d" % divmod(n, 60),
                           "/page-%d" % (n % pages), CHROME) for n in range(2500))
    for source in ("one", "two"):
        report = post_log(site, log, host="acme.com", source=source)["data"]
        assert (report["lines"], report["kept"]) == (2500, 2500)
    with db.read() as connection:
        rows = tracker.query_all(connection, "SELECT path, requests, last_at FROM traffic_daily")
    per_page = collections.Counter("/page-%d" % (n % pages) for n in range(2500))
    assert {row["path"]: row["requests"] for row in rows} == {
        path: 2 * count for path, count in per_page.items()}
    last = {"/page-%d" % (n % pages): "2026-11-20T08:%02d:%02d.000Z" % divmod(n, 60)
            for n in range(2500)}
    assert {row["path"]: row["last_at"] for row in rows} == last


# robots.txt files: at most ROBOTS_MAX_FILES, parsed once, read within the budget (issue 37)

def robots_text(tag, kilobytes):
    """A robots.txt of about kilobytes KiB of wildcard rules, unlike any other (tag)."""
    rules = ["User-agent: *"] + ["Disallow: /%s/%06d/*.pdf$" % (tag, n)
                                 for n in range(kilobytes * 1024 // 24)]
    return "\n".join(rules) + "\n"


def test_a_workspace_keeps_at_most_10_robots_files(site):
    tag = secrets.token_hex(4)
    for n in range(tracker.ROBOTS_MAX_FILES):
        site.put("/traffic/robots?domain=s%d.acme.com" % n, "User-agent: *\nDisallow: /%s\n" % tag)
    refused = site.put("/traffic/robots?domain=one-more.acme.com", "User-agent: *\n", 422)
    assert refused.json == {"success": False, "message": "Validation failed", "errors": [
        {"field": "domain", "message": "must be one of the 10 domains whose robots.txt is kept "
                                       "already: a workspace keeps at most 10 (replace one of them)"}]}
    replaced = site.put("/traffic/robots?domain=s3.acme.com", "User-agent: *\nDisallow: /\n")
    assert len(replaced.json["data"]["domains"]) == tracker.ROBOTS_MAX_FILES
    assert [found["domain"] for found in site.get("/traffic/robots").json["data"]["domains"]] \
        == sorted("s%d.acme.com" % n for n in range(tracker.ROBOTS_MAX_FILES))


def test_a_robots_put_parses_its_own_file_only_and_a_read_of_uncited_domains_none(site, monkeypatch):
    parsed, parse = [], protego.Protego.parse.__func__

    def counted(cls, content):
        parsed.append(len(content))
        return parse(cls, content)
    monkeypatch.setattr(protego.Protego, "parse", classmethod(counted))
    tag, seconds = secrets.token_hex(4), []
    for n in range(tracker.ROBOTS_MAX_FILES):
        began = time.perf_counter()
        site.put("/traffic/robots?domain=s%d.acme.com" % n, robots_text("%s%d" % (tag, n), 100))
        seconds.append(time.perf_counter() - began)
        assert len(parsed) == n + 1  # this PUT's file, not the n kept before it
    began = time.perf_counter()
    assert len(site.get("/traffic/robots").json["data"]["domains"]) == tracker.ROBOTS_MAX_FILES
    read_seconds = time.perf_counter() - began
    assert len(parsed) == tracker.ROBOTS_MAX_FILES
    report_figure("robots.txt: 10 PUTs of 100 KiB of wildcard rules each parse their own file "
                  "only: the first took %.2f s, the tenth %.2f s; a GET of all 10 %.2f s"
                  % (seconds[0], seconds[-1], read_seconds))


def test_a_robots_read_past_the_budget_is_503(db, clock, monkeypatch):
    app = tracker.make_app(db, runs="off", page_budget=0.001)
    workspace = tracker.create_workspace(db, "Budget")["id"]
    api = Api(webtest.TestApp(app), tracker.create_key(db, workspace)["key"], workspace)
    api.post("/brands", {"name": "Acme", "type": "own", "domains": ["acme.com"]})
    prompt = api.post("/prompts", {"text": "robots"}).json["data"]["prompts"][0]
    add_chat(db, workspace, prompt, "alpha", tracker.iso_timestamp(clock() - 3600),
             urls=["https://acme.com/pricing"])  # a cited page: the rules are needed
    api.put("/traffic/robots?domain=acme.com", robots_text(secrets.token_hex(4), 100))
    monkeypatch.setattr(tracker, "PARSED_ROBOTS",  # none parsed yet, as after a restart
                        tracker.ParsedRobots(tracker.ROBOTS_PARSED_CACHE_BYTES))
    reply = api.get("/traffic/robots", status=503)
    assert reply.json == {"success": False, "code": "TIME_BUDGET_EXCEEDED", "message":
        "The request ran past its time budget of 0.001 s: narrow the window or the filters"}


def test_the_list_is_merged_by_its_script(tmp_path):
    """packaging/ai_robots_txt.py on a checkout of a list of six: each rule of its table."""
    checkout, data = tmp_path / "list", tmp_path / "traffic_agents.json"
    script = os.path.join(REPO, "packaging", "ai_robots_txt.py")
    with open(os.path.join(REPO, "packaging", "traffic_agents.json")) as bundled:
        data.write_text(bundled.read())
    checkout.mkdir()
    entry = {"respect": "", "frequency": "", "description": ""}
    (checkout / "robots.json").write_text(json.dumps({
        "NewSearchBot": dict(entry, operator="[Acme AI](https://acme.example)", function="AI Search Crawlers"),
        "Helper-User": dict(entry, operator="Helper Inc, which fetches", function="Retrieves pages for user prompts."),
        "gptbot": dict(entry, operator="OpenAI", function="AI Data Scrapers"),
        "NewSearchBot/2.0": dict(entry, operator="", function="AI Search Crawlers"),
        "Spider": dict(entry, operator="Unclear at this time.", function="AI Data Scrapers"),
        "Amzn-SearchBot": dict(entry, operator="Unclear at this time.", function="AI Search Crawlers"),
    }))
    (checkout / "LICENSE").write_text("MIT License\n\nCopyright (c) 2024 ai.robots.txt\n")
    for command in (["init", "-q"], ["add", "."], ["-c", "user.name=t", "-c", "user.email=t@t",
                                                   "commit", "-qm", "list"]):
        subprocess.run(["git", "-C", str(checkout)] + command, check=True)
    subprocess.run([sys.executable, script, str(checkout), str(data)], check=True,
                   capture_output=True)
    merged = json.loads(data.read_text())
    assert merged["listedAgents"] == [
        {"name": "NewSearchBot", "operator": "Acme AI", "class": "ai-search", "function": "AI Search Crawlers"},
        {"name": "Helper-User", "operator": "Helper Inc", "class": "ai-user",
         "function": "Retrieves pages for user prompts."},
        {"name": "gptbot", "sameAs": "GPTBot"},
        {"name": "NewSearchBot/2.0", "sameAs": "NewSearchBot"},
        {"name": "Spider", "operator": "Unknown", "class": "bot", "function": "AI Data Scrapers"},
        {"name": "Amzn-SearchBot", "operator": "Amazon", "class": "ai-search", "function": "AI Search Crawlers"}]
    assert (merged["aiRobotsTxt"]["agents"], merged["aiRobotsTxt"]["notice"]) == (
        6, "MIT License\n\nCopyright (c) 2024 ai.robots.txt")
    assert merged["agents"] == tracker.traffic_data()["agents"]  # tracker's own, untouched
