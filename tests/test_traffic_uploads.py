"""AI-traffic log uploads that cannot stall, fill the disk or lose a log (issue 37): each
attack a test, sized by the caps (knobs here) to run in seconds; the bombs against a real
server with another workspace's reads timed meanwhile."""

import gzip
import http.client
import socket
import struct
import subprocess
import sys
import threading
import time
import zlib

import pytest

import tracker
from conftest import LATE, REPO, HttpClient, report_figure, wait_for
from test_traffic import (CHROME, CLOUDFRONT_LOG, COMBINED_LOG, GPTBOT, combined, post_log,  # noqa: F401
                          range_server, site)

LOGS = tracker.API_PREFIX + "/traffic/logs"


def empty_lines_gzip(mebibytes):
    """A gzip of that many MiB of empty lines, made in a second: one deflated MiB repeated
    (a full flush ends each, so each is the same bytes), 1 MB for 1 GiB."""
    chunk = b"\n" * (1 << 20)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = packer.compress(chunk) + packer.flush(zlib.Z_FULL_FLUSH)
    crc = 0
    for _ in range(mebibytes):
        crc = zlib.crc32(chunk, crc)
    return (b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff" + block * mebibytes + b"\x03\x00"
            + struct.pack("<II", crc, (mebibytes << 20) & 0xFFFFFFFF))


@pytest.fixture(scope="module")
def bomb():
    return empty_lines_gzip(1024)


GZIP = {"Content-Encoding": "gzip"}
# A log whose first lines read (105, 14 malformed: past the TRAFFIC_JUDGED_LINES judged),
# so that the `x` lines after it are counted as malformed instead of refusing the log.
READABLE_HEAD = (COMBINED_LOG * 7).encode()


def x_lines(size):
    """A readable head, then lines of `x` up to size bytes: the cheapest lines that are read."""
    return READABLE_HEAD + b"x\n" * ((size - len(READABLE_HEAD)) // 2)


def refused(api, body, headers=None, status=413, **query):
    """The answer to an upload refused at a bound, the seconds it took and the CPU seconds
    of this thread, which WebTest answers in (the machine may be shared)."""
    started, cpu = time.monotonic(), time.thread_time()
    answer = post_log(api, body, status, headers=headers, **dict({"host": "acme.com"}, **query))
    return answer, time.monotonic() - started, time.thread_time() - cpu


# Bombs and stalls ---------------------------------------------------------------------

def test_a_gzip_of_empty_lines_is_refused_within_seconds(site, bomb):
    assert len(bomb) < 1_100_000  # inflating to 1 GiB
    answer, seconds, cpu = refused(site, bomb, GZIP, format="combined", source="bomb")
    assert answer["code"] == "PAYLOAD_TOO_LARGE"
    assert answer["message"] == (
        "The log has more than %d lines, the most one upload reads: the whole lines before it "
        "(%d) are kept; send the rest from offset %d with source bomb"
        % ((tracker.TRAFFIC_UPLOAD_MAX_LINES,) * 3))
    assert cpu < 10
    report_figure("traffic upload, 1 MB gzip of empty lines (1 GiB inflated): 413 at the %d-line "
                  "cap in %.1f s (%.1f s of CPU)" % (tracker.TRAFFIC_UPLOAD_MAX_LINES, seconds, cpu))


def test_16_mib_of_x_lines_is_refused_within_seconds(site):
    body = x_lines(tracker.MAX_BODY_BYTES)
    answer, seconds, cpu = refused(site, body, format="combined", source="x")
    assert answer["message"].startswith("The log has more than %d lines"
                                        % tracker.TRAFFIC_UPLOAD_MAX_LINES)
    # CPU time, the work itself: on the shared 2-core machine (load 11) the wall time was 5x it
    assert cpu < 10  # the issue measured 22.5 s for the whole body
    report_figure("traffic upload, 16 MiB of x lines: 413 at the line cap in %.1f s (%.1f s of "
                  "CPU)" % (seconds, cpu))


def test_the_line_cap_at_its_edge_counts_empty_and_malformed_lines(site, monkeypatch):
    lines = COMBINED_LOG.splitlines(keepends=True)  # 15 lines, 2 malformed
    log = "".join(lines[:5]) + "\n\n" + "".join(lines[5:])
    monkeypatch.setattr(tracker, "TRAFFIC_UPLOAD_MAX_LINES", 17)
    assert post_log(site, log, host="acme.com", source="edge")["data"]["lines"] == 17
    monkeypatch.setattr(tracker, "TRAFFIC_UPLOAD_MAX_LINES", 16)
    answer, _, _ = refused(site, log, source="over")
    kept = len("".join(lines[:5]) + "\n\n" + "".join(lines[5:14]))
    assert answer["message"] == ("The log has more than 16 lines, the most one upload reads: "
                                 "the whole lines before it (16) are kept; send the rest from "
                                 "offset %d with source over" % kept)
    rest = post_log(site, log[kept:], host="acme.com", source="over", offset=kept)["data"]
    assert (rest["lines"], rest["offset"]) == (1, len(log))


@pytest.mark.parametrize("headers", [GZIP, {}], ids=["content-encoding", "gzip-magic-only"])
def test_the_inflate_ratio_at_its_edge(site, monkeypatch, headers):
    """The same bound whether Content-Encoding or only the body's first bytes say gzip."""
    text = COMBINED_LOG.encode() * 40
    body = gzip.compress(text)
    ratio = len(text) // len(body)
    monkeypatch.setattr(tracker, "TRAFFIC_INFLATE_MAX_RATIO", ratio)
    monkeypatch.setattr(tracker, "TRAFFIC_INFLATE_FREE_BYTES", len(text) - ratio * len(body))
    assert post_log(site, body, headers=headers, host="acme.com", source="edge")["data"]["lines"] == 600
    monkeypatch.setattr(tracker, "TRAFFIC_INFLATE_FREE_BYTES", len(text) - ratio * len(body) - 1)
    answer, _, _ = refused(site, body, headers, source="over")
    assert answer["message"] == (
        "The log inflates to more than %d times its compressed size (%d bytes of text from %d): "
        "the whole lines before it (0) are kept; send the rest from offset 0 with source over"
        % (ratio, len(text), len(body)))


def test_a_real_shaped_log_stays_far_below_the_ratio_cap():
    """A combined log of varied visitors, pages and agents: how far gzip shrinks it."""
    import random
    rng = random.Random(7)
    agents = [CHROME, GPTBOT, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"]
    addresses = ["192.0.2.%d" % rng.randint(1, 254) for _ in range(300)]
    text = "".join(combined(rng.choice(addresses), "20/Nov/2026:%02d:%02d:%02d" % (
        n // 3600 % 24, n // 60 % 60, n % 60), "/docs/page-%d" % rng.randint(0, 400),
        rng.choice(agents), rng.choice(["-", "https://www.google.com/"])) for n in range(20000)).encode()
    ratio = len(text) / len(gzip.compress(text, 9))
    assert 5 < ratio < tracker.TRAFFIC_INFLATE_MAX_RATIO / 3
    report_figure("traffic upload, a real-shaped combined log gzips %.1fx; the cap is %dx"
                  % (ratio, tracker.TRAFFIC_INFLATE_MAX_RATIO))


def test_the_cpu_time_cap(site, monkeypatch):
    monkeypatch.setattr(tracker, "TRAFFIC_UPLOAD_CPU_SECONDS", 0)
    answer, _, _ = refused(site, COMBINED_LOG, source="cpu")
    assert answer["message"] == ("The log took more than 0 s of CPU time, the most one upload "
                                 "may: the whole lines before it (0) are kept; send the rest from "
                                 "offset 0 with source cpu")


def test_a_gzip_with_trailing_garbage_says_how_far_it_read(site):
    body = gzip.compress(COMBINED_LOG.encode()) + b"garbage"
    errors = post_log(site, body, 422, headers=GZIP, host="acme.com", source="tail")["errors"]
    size = len(COMBINED_LOG.encode())
    assert errors == [{"field": "body", "message": "The body is not valid gzip after %d bytes of "
                       "text: Not a gzipped file (b'ga'): the whole lines before it (15) are "
                       "kept; send the rest from offset %d with source tail" % (size, size)}]
    again = post_log(site, COMBINED_LOG, host="acme.com", source="tail")["data"]
    assert (again["lines"], again["alreadyRead"]) == (0, 15)


def sources(db):
    with db.read() as connection:
        return [(row["source"], row["bytes_read"], row["lines_read"]) for row in tracker.query_all(
            connection, "SELECT source, bytes_read, lines_read FROM traffic_sources ORDER BY source")]


def test_a_gzip_sent_without_content_encoding_is_read_as_gzip(site, db):
    """Its first bytes (1f 8b) say gzip: read as if Content-Encoding said it (issue 42 found it
    refused with a message about the log's format)."""
    text = post_log(site, COMBINED_LOG, host="acme.com", source="text")["data"]
    packed = post_log(site, gzip.compress(COMBINED_LOG.encode()), host="acme.com",
                      source="packed")["data"]
    assert packed == dict(text, source="packed")
    assert sources(db) == [("packed", len(COMBINED_LOG.encode()), 15),
                           ("text", len(COMBINED_LOG.encode()), 15)]
    detected = post_log(site, gzip.compress(CLOUDFRONT_LOG.encode()), source="cloudfront")["data"]
    assert (detected["format"], detected["kept"]) == ("w3c", 2)


def test_a_truncated_gzip_says_how_far_it_got(site, db):
    """Half of a 2,000-line log's gzip: the text it inflates to is read, its whole lines kept,
    and the answer says how many bytes of text and whole lines that was."""
    text = "".join(combined("192.0.2.%d" % (n % 250 + 1), "20/Nov/2026:%02d:%02d:00" % divmod(n % 1440, 60),
                            "/docs/page-%d" % (n % 300), GPTBOT if n % 3 else CHROME)
                   for n in range(2000)).encode()
    body = gzip.compress(text)
    body = body[:len(body) // 2]
    inflated = len(zlib.decompressobj(31).decompress(body))
    kept = text[:inflated].rfind(b"\n") + 1
    lines = text[:kept].count(b"\n")
    assert 500 < lines < 1500
    for headers, source in ((GZIP, "declared"), ({}, "sniffed")):
        errors = post_log(site, body, 422, headers=headers, host="acme.com", source=source)["errors"]
        assert errors == [{"field": "body", "message": (
            "The body is not valid gzip after %d bytes of text: Compressed file ended before the "
            "end-of-stream marker was reached: the whole lines before it (%d) are kept; send the "
            "rest from offset %d with source %s" % (inflated, lines, kept, source))}]
    assert sources(db) == [("declared", kept, lines), ("sniffed", kept, lines)]
    rest = post_log(site, text[kept:], host="acme.com", source="sniffed", offset=kept)["data"]
    assert (rest["lines"], rest["offset"]) == (2000 - lines, len(text))


# A random binary file (issue 42: accepted as a log of 23 malformed lines, and recorded)
BINARY = __import__("random").Random(42).randbytes(5000)


def test_a_binary_file_is_refused_storing_nothing(site, db):
    answer = post_log(site, BINARY, 422, host="acme.com", format="combined")
    lines = [line for line in BINARY.split(b"\n")[:-1] if line.strip(b" \t\r\x0b\x0c")]
    assert answer["errors"] == [{"field": "body", "message": (
        "is not a combined log: %d of its first %d lines that are not empty could not be read "
        "(line 1 is not in the combined format); its first KiB holds NUL bytes, as a binary file "
        "does. Nothing was kept: send a log's text, or its gzip, in one of the formats (combined, "
        "common, caddy, cloudflare, w3c)" % (len(lines), len(lines)))}]
    assert sources(db) == []
    with db.read() as connection:
        assert tracker.query_all(connection, "SELECT * FROM traffic_daily") == []
    unnamed = post_log(site, BINARY, 422, host="acme.com")["errors"]
    assert unnamed == [{"field": "format", "message": (
        "could not be detected from the first line: name it (one of combined, common, caddy, "
        "cloudflare, w3c); its first KiB holds NUL bytes, as a binary file does")}]


def test_text_that_is_not_utf_8_is_said_to_look_binary(site, db):
    latin1 = ("caf\xe9 " * 200 + "\n").encode("latin-1") * 3
    message = post_log(site, latin1, 422, host="acme.com", format="combined")["errors"][0]["message"]
    assert message.startswith("is not a combined log: 3 of its first 3 lines that are not empty "
                              "could not be read (line 1 is not in the combined format); its "
                              "first KiB is not UTF-8 text, as a binary file is not. ")
    assert sources(db) == []


def judged_log(bad, good, rest=""):
    """bad lines that are not combined, then good ones, then rest, empty lines between."""
    good_line = combined("20.171.206.10", "20/Nov/2026:08:00:00", "/pricing", GPTBOT)
    return "\n".join(["not a log line"] * bad + [""]) + good_line * good + rest


@pytest.mark.parametrize("bad, good, rest, status", [
    (50, 50, "", 200),   # half of the first 100 lines: the most that passes
    (51, 49, "", 422),   # one more
    (50, 50, "x\n" * 200, 200),  # lines past the first 100 are not judged
    (2, 2, "", 200),     # a shorter log: all its lines are judged
    (3, 2, "", 422),
])
def test_the_unreadable_share_at_its_edge(site, db, bad, good, rest, status):
    log = judged_log(bad, good, rest)
    answer = post_log(site, log, status, host="acme.com", format="combined", source="judged")
    if status == 200:
        assert (answer["data"]["malformed"], answer["data"]["kept"]) == (
            bad + rest.count("\n"), good)
    else:
        assert answer["errors"][0]["message"].startswith(
            "is not a combined log: %d of its first %d lines that are not empty could not be read "
            "(line 1 is not in the combined format). Nothing was kept" % (bad, bad + good))
        assert sources(db) == []


def test_the_rest_of_a_log_is_not_judged(site):
    """A log read before may go on with a bad line: its rest is read, not refused."""
    head = post_log(site, COMBINED_LOG, host="acme.com", source="web")["data"]
    rest = post_log(site, COMBINED_LOG + "garbage\n", host="acme.com", source="web")["data"]
    assert (rest["lines"], rest["alreadyRead"], rest["malformed"]) == (1, 15, 1)
    assert head["offset"] + len("garbage\n") == rest["offset"]


def upload(url, key, body, headers=()):
    """(status, parsed answer) of one upload over its own connection."""
    host, port = url.rsplit("//", 1)[1].rsplit(":", 1)
    connection = http.client.HTTPConnection(host, int(port), timeout=60)
    try:
        connection.request("POST", LOGS + "?host=acme.com&format=combined", body,
                           dict({"Authorization": "Bearer " + key}, **dict(headers)))
        reply = connection.getresponse()
        return reply.status, tracker.orjson.loads(reply.read())
    finally:
        connection.close()


def served(tmp_path, server_factory, workspaces=1):
    """A server and [(workspace id, key)], the first workspace's own brand acme.com."""
    db = tracker.Database(str(tmp_path / "tracker.db"))
    keys = []
    for number in range(workspaces + 1):
        workspace = tracker.create_workspace(db, "W%d" % number)
        keys.append((workspace["id"], tracker.create_key(db, workspace["id"], rate_limit=10 ** 6)["key"]))
    db.close()
    server = server_factory(tmp_path / "tracker.db")
    for _, key in keys[:workspaces]:
        assert HttpClient(server.url, key).call("POST", "/brands", {
            "name": "Acme", "type": "own", "domains": ["acme.com"]})[0] == 201
    return server, keys


@pytest.mark.parametrize("workspaces", [1, 10])
def test_ten_bombs_at_once_leave_others_reads_prompt(tmp_path, server_factory, bomb, workspaces):
    """Ten uploads of the 1 MB bomb at once, by one key (one runs, 413 at its cap, the others
    get 409 at once) or by ten workspaces' keys (each runs to its cap); meanwhile another
    workspace's GET /workspace and /healthz answer."""
    server, keys = served(tmp_path, server_factory, workspaces)
    answers, reads = [], []
    threads = [threading.Thread(target=lambda key=keys[n % workspaces][1]: answers.append(
        upload(server.url, key, bomb, GZIP))) for n in range(10)]
    reader = HttpClient(server.url, keys[-1][1])

    def read_meanwhile():
        while any(thread.is_alive() for thread in threads):
            started = time.monotonic()
            assert reader.call("GET", "/workspace")[0] == 200
            assert server.request("GET", "/healthz", prefix="")[0] == 200
            reads.append(time.monotonic() - started)
    for thread in threads:
        thread.start()
    read_meanwhile()
    for thread in threads:
        thread.join()
    statuses = sorted(status for status, _ in answers)
    if workspaces == 1:
        assert set(statuses) <= {409, 413} and statuses.count(409) >= 1, statuses
    else:  # TRAFFIC_UPLOADS_AT_ONCE at a time
        assert set(statuses) <= {413, 429} and statuses.count(429) >= 1, statuses
        assert all(body["code"] == "TOO_MANY_UPLOADS" for status, body in answers if status == 429)
    assert all(body["code"] == "UPLOAD_IN_PROGRESS" for status, body in answers if status == 409)
    assert reads and max(reads) < 1 + LATE
    report_figure("traffic upload, ten 1 MB bombs at once by %d workspace(s): %d refused 409, %d "
                  "429, %d read to the cap; another workspace's GET /workspace + /healthz: %d "
                  "pairs, slowest %.0f ms" % (workspaces, statuses.count(409), statuses.count(429),
                                              statuses.count(413), len(reads), max(reads) * 1000))


def test_a_client_that_goes_stops_its_upload(tmp_path, server_factory):
    """The request is received whole before a worker reads it (chunked too), so going is
    closing the connection while the worker reads: the upload stops at its next check. 16 MiB
    of `x` lines take seconds of CPU to reach the line cap, where a gzip of empty lines
    reached it within the wait on an idle machine (413 in 299 ms)."""
    server, keys = served(tmp_path, server_factory)
    host, port = server.url.rsplit("//", 1)[1].rsplit(":", 1)
    client = socket.create_connection((host, int(port)))
    body = x_lines(tracker.MAX_BODY_BYTES)
    client.sendall(b"POST %s?host=acme.com&format=combined HTTP/1.1\r\nHost: x\r\n"
                   b"Authorization: Bearer %s\r\nContent-Length: %d\r\n\r\n"
                   % (LOGS.encode(), keys[0][1].encode(), len(body)) + body)
    time.sleep(0.5)  # received whole and handed to a worker, which reads for seconds
    client.close()
    assert server.wait_for(r"POST %s 400 " % LOGS, 10), server.log()
    assert " 413 " not in server.log()


def test_sigterm_stops_the_server_while_an_upload_runs(tmp_path, server_factory):
    """16 MiB of `x` lines take seconds of CPU to reach the line cap (a gzip of empty lines
    reaches it within the wait on an idle machine), so the stop comes while it runs."""
    server, keys = served(tmp_path, server_factory)
    answers = []
    thread = threading.Thread(target=lambda: answers.append(upload(server.url, keys[0][1], x_lines(tracker.MAX_BODY_BYTES))))
    thread.start()
    assert wait_for(lambda: server.request("GET", "/healthz", prefix="")[0] == 200)
    time.sleep(0.5)  # received whole and handed to a worker, which reads for seconds
    started = time.monotonic()
    assert server.stop() == 0
    seconds = time.monotonic() - started
    thread.join()
    assert seconds < 5
    status, body = answers[0]
    assert (status, body["code"]) == (503, "SERVER_STOPPING"), body
    assert body["message"].startswith("The server is stopping: the upload was interrupted: the "
                                      "whole lines before it (")
    kept = int(body["message"].split("offset ")[1].split()[0])
    db = tracker.Database(str(tmp_path / "tracker.db"))
    with db.read() as connection:
        [row] = tracker.query_all(connection, "SELECT bytes_read, lines_read FROM traffic_sources")
    db.close()
    head_lines = READABLE_HEAD.count(b"\n")
    assert (row["bytes_read"], row["lines_read"]) == (  # two bytes an x line
        kept, head_lines + (kept - len(READABLE_HEAD)) // 2)
    report_figure("traffic upload, SIGTERM during an upload of 16 MiB of x lines: stopped in %.1f s, %d lines kept"
                  % (seconds, kept))


# Storage without bound ----------------------------------------------------------------

def test_past_the_quota_new_pages_fold_into_other(site, db, monkeypatch):
    post_log(site, COMBINED_LOG, host="acme.com")
    with db.read() as connection:
        stored = tracker.traffic_rows(connection, site.workspace_id)
    monkeypatch.setattr(tracker, "TRAFFIC_ROWS_QUOTA", stored + 1)
    log = "".join(combined("192.0.2.%d" % n, "21/Nov/2026:05:00:0%d" % n, "/new-%d" % n, CHROME)
                  for n in (1, 2, 3)) + combined("192.0.2.9", "21/Nov/2026:05:00:09", "/pricing", CURL_UA)
    report = post_log(site, log, host="acme.com", source="quota")["data"]
    assert (report["kept"], report["folded"]) == (4, 2)
    with db.read() as connection:
        rows = tracker.query_all(connection, "SELECT path, agent_class, requests FROM traffic_daily "
                                 "WHERE day = '2026-11-21' AND path IN ('/new-1', '/new-2', "
                                 "'/new-3', '(other)') ORDER BY path")
        assert tracker.traffic_rows(connection, site.workspace_id) == stored + 2
    assert [(row["path"], row["agent_class"], row["requests"]) for row in rows] == [
        ("(other)", "human", 2), ("/new-1", "human", 1)]


CURL_UA = "curl/8.4.0"


def test_a_time_more_than_a_day_ahead_is_refused(site, clock):
    def at(seconds):
        return time.strftime("%d/%b/%Y:%H:%M:%S", time.gmtime(clock.now + seconds))
    log = combined("192.0.2.1", at(86400), "/", CHROME) + combined("192.0.2.1", at(86401), "/", CHROME)
    report = post_log(site, log, host="acme.com")["data"]
    assert (report["kept"], report["future"]) == (1, 1)


@pytest.mark.parametrize("host, kept", [
    ("<script>.acme.com", False), ("a b.acme.com", False), ("..acme.com", False),
    ("a" * 63 + ".acme.com", True), ("a" * 64 + ".acme.com", False), ("-a.acme.com", False),
    (".".join(["a" * 61] * 4)[:244] + ".acme.com", True),  # 253 characters
    (".".join(["a" * 61] * 4)[:245] + ".acme.com", False),
    ("a" * 60 + "." + "b" * 60 + "." + "c" * 60 + "." + "d" * 100 + ".acme.com", False),
])
def test_hosts_are_rfc_1123_names(site, host, kept):
    line = tracker.orjson.dumps({"ClientRequestHost": host, "ClientRequestURI": "/",
                                 "ClientIP": "192.0.2.1", "ClientRequestUserAgent": CHROME,
                                 "EdgeStartTimestamp": "2026-11-20T10:00:00Z"}).decode() + "\n"
    report = post_log(site, line)["data"]
    assert report["kept"] == kept
    if not kept:
        assert report["malformedLines"] == [{"line": 1, "reason": "has a host that is not a host "
                                             "name (RFC 1123)"}]


def test_the_host_parameter_is_a_host_name(site):
    assert post_log(site, COMBINED_LOG, 422, host="a%20b.acme.com")["errors"] == [{
        "field": "host", "message": "must be one of the own domains (acme.com) or a subdomain of one"}]


def test_control_and_bidi_characters_in_paths_are_escaped(site):
    log = "".join(combined("192.0.2.1", "20/Nov/2026:10:00:00", path, CHROME)
                  for path in ("/a\x00b", "/\x1b[31mred", "/\u202eevil", "/" + "p" * 600))
    assert post_log(site, log, host="acme.com")["data"]["kept"] == 4
    window = {"from": "2026-11-20", "to": "2026-11-21", "groupBy": "page"}
    paths = {item["path"] for item in site.get("/analytics/traffic", params=window).json["data"]["data"]}
    assert paths == {"/a%00b", "/%1B[31mred", "/%E2%80%AEevil", "/" + "p" * 511}
    csv = site.client.get(tracker.API_PREFIX + "/analytics/traffic", dict(window, format="csv"),
                          headers=site.headers).body
    assert b"\x00" not in csv and b"\x1b" not in csv and "\u202e".encode() not in csv


# Data lost without a word -------------------------------------------------------------

def cloudfront_day(day, lines=2):
    """A CloudFront log of one day: its #Version and #Fields lines, then its requests."""
    head = CLOUDFRONT_LOG.split("\n", 2)
    rows = "".join("\t".join([day, "11:00:%02d" % n, "FRA56-P1", "512", "192.0.2.%d" % (n + 1), "GET",
                              "d1.cloudfront.net", "/page-%d" % n, "200", "-", CHROME.replace(" ", "%20"),
                              "-", "-", "Hit", "id%d==" % n, "acme.com", "https", "120", "0.001"]) + "\n"
                   for n in range(lines))
    return head[0] + "\n" + head[1] + "\n" + rows


def test_the_cli_keeps_every_line_of_three_cloudfront_days(site, db, tmp_path):
    today = time.time()
    days = [time.strftime("%Y-%m-%d", time.gmtime(today - n * 86400)) for n in (4, 3, 2)]
    files = []
    for day in days:
        path = tmp_path / ("cf-%s.log" % day[8:])
        path.write_text(cloudfront_day(day))
        files.append(str(path))
    done = subprocess.run([sys.executable, "-m", "tracker", "--db", db.path, "traffic", "ingest",
                           *files, "--workspace", str(site.workspace_id)],
                          cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    reports = tracker.orjson.loads(done.stdout)
    assert [(r["lines"], r["kept"], r["alreadyRead"], r["wholeLogAlreadyRead"]) for r in reports] == [
        (4, 2, 0, False)] * 3
    assert len({report["source"] for report in reports}) == 3
    again = subprocess.run([sys.executable, "-m", "tracker", "--db", db.path, "traffic", "ingest",
                            files[1], "--workspace", str(site.workspace_id)],
                           cwd=REPO, capture_output=True, text=True, timeout=60)
    [report] = tracker.orjson.loads(again.stdout)
    assert (report["lines"], report["alreadyRead"], report["wholeLogAlreadyRead"]) == (0, 4, True)
    assert ("%s: every line was read before, as source %s: nothing new is counted (name it with "
            "--source if it is another log)" % (files[1], report["source"])) in again.stderr


@pytest.mark.parametrize("first", ["\n", combined("192.0.2.66", "20/Nov/2026:00:00:00",
                                                    "/wp-login.php", CURL_UA)])
def test_logs_with_the_same_first_line_are_different_logs(site, first):
    """An empty first line, or the same probe first in two logs: each log's lines count."""
    one = first + combined("192.0.2.1", "20/Nov/2026:10:00:00", "/a", CHROME)
    two = first + combined("192.0.2.2", "21/Nov/2026:10:00:00", "/b", CHROME)
    reports = [post_log(site, log, host="acme.com", format="combined")["data"] for log in (one, two)]
    assert [(r["lines"], r["alreadyRead"]) for r in reports] == [(2, 0), (2, 0)]
    assert reports[0]["source"] != reports[1]["source"]


def test_a_log_longer_than_its_head_resumes(site):
    lines = COMBINED_LOG * 3  # over TRAFFIC_HEAD_BYTES
    assert len(lines.encode()) > tracker.TRAFFIC_HEAD_BYTES
    first = post_log(site, lines, host="acme.com")["data"]
    grown = post_log(site, lines + combined("192.0.2.9", "21/Nov/2026:06:00:00", "/z", CHROME),
                     host="acme.com")["data"]
    assert grown["source"] == first["source"]
    assert (grown["lines"], grown["alreadyRead"], grown["wholeLogAlreadyRead"]) == (1, 45, False)
    again = post_log(site, lines, host="acme.com")["data"]
    assert (again["lines"], again["wholeLogAlreadyRead"]) == (0, True)


# Messages -----------------------------------------------------------------------------

def test_the_cli_refuses_a_robots_file_over_500_kib(site, db, tmp_path):
    robots = tmp_path / "robots.txt"
    for size, code in ((tracker.ROBOTS_MAX_BYTES, 0), (tracker.ROBOTS_MAX_BYTES + 1, 1)):
        robots.write_bytes(b"#" * (size - 1) + b"\n")
        done = subprocess.run([sys.executable, "-m", "tracker", "--db", db.path, "traffic", "robots",
                               "acme.com", "--file", str(robots), "--workspace", str(site.workspace_id)],
                              cwd=REPO, capture_output=True, text=True, timeout=60)
        assert done.returncode == code, done.stderr
    assert done.stderr == "tracker: error: %s must be at most %d bytes (RFC 9309 2.5)\n" % (
        robots, tracker.ROBOTS_MAX_BYTES)


@pytest.mark.parametrize("log, found", [(COMBINED_LOG, True), (CLOUDFRONT_LOG, False)])
def test_a_source_1_0_0_named_is_found_by_a_data_first_line_only(site, db, log, found):
    """1.0.0 named an unnamed log sha256: and its first line's digest: still this log when
    that line is a data line; a #Version: 1.0 line names every W3C log, so it is not."""
    first = log.encode().partition(b"\n")[0]
    legacy = "sha256:" + tracker.hashlib.sha256(first).hexdigest()[:32]
    with db.write() as connection:
        connection.execute("INSERT INTO traffic_sources (workspace_id, source, bytes_read, lines_read, "
                           "updated_at) VALUES (?, ?, ?, 2, ?)",
                           (site.workspace_id, legacy, len(b"\n".join(log.encode().split(b"\n")[:2])) + 1,
                            db.now()))
    report = post_log(site, log, host="acme.com")["data"]
    assert (report["source"] == legacy, report["alreadyRead"]) == (found, 2 if found else 0)


def test_the_cli_says_how_far_a_gzip_with_trailing_garbage_was_read(site, db, tmp_path):
    packed = tmp_path / "access.log.gz"
    packed.write_bytes(gzip.compress(COMBINED_LOG.encode()) + b"garbage")
    done = subprocess.run([sys.executable, "-m", "tracker", "--db", db.path, "traffic", "ingest",
                           str(packed), "--host", "acme.com", "--source", "web",
                           "--workspace", str(site.workspace_id)],
                          cwd=REPO, capture_output=True, text=True, timeout=60)
    size = len(COMBINED_LOG.encode())
    assert (done.returncode, done.stderr) == (1, (
        "tracker: error: %s is not valid gzip after %d bytes of text: Not a gzipped file (b'ga'): "
        "the whole lines before it (15) are kept; send the rest from offset %d with source web\n"
        % (packed, size, size)))
    assert post_log(site, COMBINED_LOG, host="acme.com", source="web")["data"]["alreadyRead"] == 15
