"""Hostile input on every route: each is a clear 4xx in the JSON envelope, in bounded
time, changes nothing, and leaves the server healthy.

In-process (WebTest) for what a WSGI app sees; a real ``tracker serve`` on loopback, with
raw sockets, for what only a server sees (request lines, header sizes, chunked bodies,
Content-Length lies). ``TRACKER_LONG=1`` runs more Hypothesis examples.
"""

import concurrent.futures
import itertools
import json
import re
import socket
import time

import pytest

import tracker
from conftest import ServerProcess


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


MIB = 1024 * 1024


def test_chunked_bodies_over_the_limit_are_413_without_reading_them_all(server):
    head = request_bytes(server, "POST", "/api/v1/tags", b"", chunked=True)
    over = (b"%x\r\n%s\r\n" % (MIB, b" " * MIB) for _ in range(17))
    reply = exchange(server, itertools.chain([head], over))
    assert_envelope(reply, 413, "Request body exceeds 16777216 bytes", "PAYLOAD_TOO_LARGE")
    reply = exchange(server, head + b"FFFFFFFFFFFF\r\n")  # one chunk that says it is 256 TiB
    assert_envelope(reply, 413, "Request body exceeds 16777216 bytes", "PAYLOAD_TOO_LARGE")
    assert reply.seconds < 2
    tiny = head + b"1\r\n{\r\n" + b"1\r\n \r\n" * 20000 + b"0\r\n\r\n"  # 20,000 one-byte chunks
    reply = exchange(server, tiny)
    assert_envelope(reply, 413, "Chunk framing exceeds 65536 bytes: send larger chunks",
                    "PAYLOAD_TOO_LARGE")
    assert reply.seconds < 2


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


def stalled_request(server):
    head = request_bytes(server, "POST", "/api/v1/tags", b"")
    return head.replace(b"Content-Length: 0", b"Content-Length: 100") + b'{"name": "stalled"'


def test_a_client_that_never_sends_its_body_gets_408_after_the_socket_timeout(server):
    reply = server.stalled.result()  # sent when the server started
    assert_envelope(reply, 408, "The request body did not arrive in time")
    assert 9 < reply.seconds < 15  # cheroot's 10 s socket timeout


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
                                    400, "Bad Request: Malformed Content-Length Header", None),
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
    assert reply.seconds < 2
    assert server.request("GET", "/workspace", server.key)[0] == 200
