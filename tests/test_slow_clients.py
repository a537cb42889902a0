"""Slow, silent and descriptor-hungry clients cannot stop the server (issue 15).

A real ``tracker serve`` on loopback and raw sockets: hundreds of connections that send
nothing, trickle a request head or a body a byte a second, or take every file descriptor,
while a normal client must be answered in under a second every time. Each slow client is
closed with a 408 envelope at its deadline. ``TRACKER_LONG=1`` runs the attack at the size
of the issue (500 trickling heads, 500 silent, 100 slow bodies, for 30 s).
"""

import concurrent.futures
import http.client
import json
import re
import resource
import selectors
import socket
import statistics
import sys
import threading
import time

import pytest

import tracker
from conftest import LATE, ServerProcess, knob, report_figure

TRICKLING = knob("TRACKER_SLOW_TRICKLING", 50, 500)
SILENT = knob("TRACKER_SLOW_SILENT", 50, 500)
SLOW_BODIES = knob("TRACKER_SLOW_BODIES", 10, 100)
SECONDS = knob("TRACKER_SLOW_SECONDS", 13.0, 30.0)
# A normal request held behind a slow client would wait for that client's deadline,
# REQUEST_SECONDS: half of it tells the two apart with room for a loaded machine. (The
# server checks deadlines ten times a second; LATE is what a busy machine adds.)
ANSWER_SECONDS = tracker.REQUEST_SECONDS / 2


def raise_own_descriptor_limit():
    """This process holds every attacking socket: lift its soft limit to the hard one."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def make_database(path):
    """A database with one workspace; returns its key, which is never rate-limited."""
    db = tracker.Database(str(path))
    workspace = tracker.create_workspace(db, "Acme")
    key = tracker.create_key(db, workspace["id"], rate_limit=10 ** 6)["key"]
    db.close()
    return key


def start_server(path, *extra, command=None):
    key = make_database(path)
    options = {"command": command} if command else {}
    server = ServerProcess(path, *extra, **options).start()
    server.key = key
    server.port = int(server.url.rsplit(":", 1)[1])
    return server


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    raise_own_descriptor_limit()
    process = start_server(tmp_path_factory.mktemp("slow") / "tracker.db", "--threads", "10")
    # The clients that wait for a deadline start now, so that their waits overlap the
    # other tests; the tests at the end of the module read their answers.
    pool = concurrent.futures.ThreadPoolExecutor(len(WAITING))
    process.waiting = {name: pool.submit(client, process) for name, client in WAITING.items()}
    yield process
    pool.shutdown()
    assert process.stop() == 0
    assert "Traceback" not in process.log()


def head(server, method="POST", path="/api/v1/tags", *headers, version="HTTP/1.1"):
    lines = ["%s %s %s" % (method, path, version), "Host: 127.0.0.1",
             "Authorization: Bearer " + server.key, *headers]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def post(server, body, *headers):
    """A POST /tags with a JSON body, as bytes."""
    return head(server, "POST", "/api/v1/tags", "Content-Type: application/json",
                "Content-Length: %d" % len(body), *headers) + body


def answers(raw):
    """The HTTP answers in raw bytes, in order, as (status, headers, body) with parsed JSON."""
    found = []
    while raw:
        top, _, rest = raw.partition(b"\r\n\r\n")
        lines = top.decode("latin-1").split("\r\n")
        headers = {name.lower(): value.strip() for name, _, value in
                   (line.partition(":") for line in lines[1:])}
        length = int(headers.get("content-length", 0))
        status = int(lines[0].split(" ")[1])
        body, raw = rest[:length], rest[length:]
        found.append((status, headers, json.loads(body) if body else None))
    return found


def read_until_closed(connection, timeout):
    """Everything the server sends until it closes the connection (or timeout passes)."""
    connection.settimeout(timeout)
    raw = b""
    try:
        while part := connection.recv(65536):
            raw += part
    except (ConnectionResetError, socket.timeout):
        pass
    return raw


def timed_exchange(server, parts, pause=0.0, timeout=30):
    """Send parts on a new connection, pause seconds apart, then read until the server
    closes: (seconds from opening the connection to the close, everything received)."""
    started = time.monotonic()  # before the server can see the connection
    with socket.create_connection(("127.0.0.1", server.port), timeout=timeout) as connection:
        for number, part in enumerate(parts):
            if number:
                time.sleep(pause)
            connection.sendall(part)
        received = read_until_closed(connection, timeout)
        return time.monotonic() - started, received


def complete_answers(raw):
    """How many whole answers raw holds (each with a Content-Length)."""
    count = 0
    while True:
        top, found, rest = raw.partition(b"\r\n\r\n")
        length = re.search(rb"(?im)^content-length:\s*([0-9]+)", top)
        if not found or (length and len(rest) < int(length[1])):
            return count
        count += 1
        raw = rest[int(length[1]) if length else 0:]


def read_answers(connection, count, timeout=10):
    """Read from connection until it holds count whole answers; returns the bytes."""
    connection.settimeout(timeout)
    raw = b""
    while complete_answers(raw) < count:
        part = connection.recv(65536)
        assert part, "closed after %r" % raw
        raw += part
    return raw


def normal_request(port, key):
    """Seconds a GET /workspace on a new connection takes, or None when it fails."""
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", "/api/v1/workspace", headers={"Authorization": "Bearer " + key})
        reply = connection.getresponse()
        reply.read()
        return time.monotonic() - started if reply.status == 200 else None
    except (OSError, http.client.HTTPException):
        return None
    finally:
        connection.close()


# The attack ---------------------------------------------------------------------------

class Slow:
    """One attacking connection: it sends ``now`` at once, then ``trickle`` a byte a second."""

    def __init__(self, kind, port, now=b"", trickle=b""):
        self.kind = kind
        self.opened = time.monotonic()  # before the server can see it: never after its clock
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.socket.setblocking(False)
        if now:
            self.socket.send(now)
        self.trickle = trickle
        self.answer = b""

    def send_a_byte(self):
        if self.trickle:
            try:
                self.socket.send(self.trickle[:1])
            except OSError:
                return  # closed by the server: the selector sees it
            self.trickle = self.trickle[1:]


class Attack:
    """Keeps ``counts`` slow connections of each kind open: one that is closed is replaced
    by a new one, until stop(). Every closed one is noted as (kind, seconds, bytes got)."""

    def __init__(self, server, counts):
        self.server = server
        self.counts = counts
        self.closed = []
        self.selector = selectors.DefaultSelector()
        self.running = True
        self.thread = threading.Thread(target=self._run, daemon=True)

    def connect(self, kind):
        server = self.server
        if kind == "silent":
            slow = Slow(kind, server.port)
        elif kind == "trickling head":  # a whole request head, were it ever finished
            slow = Slow(kind, server.port, trickle=head(server, "GET", "/api/v1/workspace"))
        else:  # a slow body, sent before the key can be checked
            body = json.dumps({"name": "slow " * 200}).encode()
            request = post(server, body)
            slow = Slow(kind, server.port, now=request[:-len(body)], trickle=body)
        self.selector.register(slow.socket, selectors.EVENT_READ, slow)

    def start(self):
        for kind, count in self.counts.items():
            for _ in range(count):
                self.connect(kind)
        self.thread.start()

    def _run(self):
        next_byte = time.monotonic()
        while self.running:
            for key, _ in self.selector.select(timeout=0.05):
                self._read(key.data)
            if time.monotonic() >= next_byte:
                next_byte += 1
                for key in list(self.selector.get_map().values()):
                    key.data.send_a_byte()

    def _read(self, slow):
        try:
            part = slow.socket.recv(65536)
        except BlockingIOError:
            return
        except ConnectionResetError:
            part = b""
        slow.answer += part
        if part:
            return
        self.selector.unregister(slow.socket)
        slow.socket.close()
        self.closed.append((slow.kind, time.monotonic() - slow.opened, slow.answer))
        if self.running:
            self.connect(slow.kind)

    def stop(self):
        self.running = False
        self.thread.join()
        for key in list(self.selector.get_map().values()):
            key.data.socket.close()
        self.selector.close()


def test_slow_and_silent_clients_never_delay_a_normal_request(server):
    """With --threads 10, ten silent connections used to hold every worker thread: GET
    /workspace waited for their 10 s timeouts. Heads and bodies are now read by the
    selector thread, and a worker gets a request only once all of it is there."""
    attack = Attack(server, {"trickling head": TRICKLING, "silent": SILENT, "slow body": SLOW_BODIES})
    attack.start()
    started = time.monotonic()
    seconds = []
    try:
        while time.monotonic() - started < SECONDS:
            seconds.append(normal_request(server.port, server.key))
            time.sleep(0.1)
    finally:
        attack.stop()
    failed = sum(1 for taken in seconds if taken is None)
    assert failed == 0, "%d of %d requests failed" % (failed, len(seconds))
    assert max(seconds) < ANSWER_SECONDS, sorted(seconds)[-5:]

    head_message = "The request head did not arrive in time"
    body_message = "The request body did not arrive in time"
    for kind, taken, raw in attack.closed:
        [(status, _, body)] = answers(raw)
        assert status == 408, (kind, raw)
        assert body == {"success": False, "message": body_message if kind == "slow body" else head_message}
        # A slow body's deadline is REQUEST_SECONDS after its head, plus a second per
        # BODY_MIN_RATE bytes received: a few bytes here.
        assert tracker.REQUEST_SECONDS - 0.2 < taken < tracker.REQUEST_SECONDS + LATE, (kind, taken)
    closed = {kind: sum(1 for closed_kind, *_ in attack.closed if closed_kind == kind)
              for kind in attack.counts}
    # Every connection of the first wave was closed: opening them took under a second.
    for kind, count in attack.counts.items():
        assert closed[kind] >= count, closed
    taken = sorted(taken for _, taken, _ in attack.closed)
    report_figure("slow clients: %d trickling heads, %d silent, %d slow bodies kept open for %g s "
                  "(--threads 10): %d GET /workspace on new connections, all 200, median %.0f ms, "
                  "max %.0f ms; %d slow connections closed with 408 after %.1f-%.1f s"
                  % (TRICKLING, SILENT, SLOW_BODIES, SECONDS, len(seconds),
                     statistics.median(seconds) * 1000, max(seconds) * 1000, len(taken),
                     taken[0], taken[-1]))


# Deadlines, one client at a time ---------------------------------------------------------

def body_never_sent(server):
    return timed_exchange(server, [post(server, b'{"name": "never"}')[:-len(b'{"name": "never"}')]])


def chunked_body_never_sent(server):
    return timed_exchange(server, [head(server, "POST", "/api/v1/tags", "Content-Type: application/json",
                                        "Transfer-Encoding: chunked")])


def chunked_body_cut_short(server):
    return timed_exchange(server, [head(server, "POST", "/api/v1/tags", "Content-Type: application/json",
                                        "Transfer-Encoding: chunked") + b"20\r\n{\"name\": "])


STEADY_SECONDS = tracker.REQUEST_SECONDS + 2
STEADY_RATE = 2 * tracker.BODY_MIN_RATE


def steady_body(server):
    """A body at twice the minimum rate, arriving over longer than REQUEST_SECONDS."""
    body = b'{"name": "steady"}'.ljust(STEADY_RATE * STEADY_SECONDS)
    request = post(server, body, "Connection: close")
    parts = [request[:-len(body)]] + [body[i:i + STEADY_RATE] for i in range(0, len(body), STEADY_RATE)]
    return timed_exchange(server, parts, pause=1.0)


def idle_after_an_answer(server):
    """A kept-alive connection that sends nothing after its first answer. Timed from
    before its request: the server's clock starts later, at its answer, so a reader
    slow to see that answer on a busy machine cannot make the close look early."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as connection:
        started = time.monotonic()
        connection.sendall(head(server, "GET", "/api/v1/workspace"))
        first = read_answers(connection, 1)
        rest = read_until_closed(connection, 30)
        return time.monotonic() - started, first + rest


WAITING = {
    "body never sent": body_never_sent,
    "chunked body never sent": chunked_body_never_sent,
    "chunked body cut short": chunked_body_cut_short,
    "steady body": steady_body,
    "idle after an answer": idle_after_an_answer,
}


# What the read-ahead must keep working ----------------------------------------------------

def test_pipelined_requests_are_answered_in_order(server):
    """The selector thread hands over one request at a time; what follows it waits, in
    memory or on the socket, for the answer to go out."""
    def requests(name):
        return head(server, "GET", "/api/v1/workspace") + post(server, b'{"name": "%s"}' % name) \
            + head(server, "GET", "/api/v1/tags")
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as connection:
        connection.sendall(requests(b"pipelined"))  # in one go
        first = answers(read_answers(connection, 3))
        cut = requests(b"pipelined again")  # and cut anywhere, here in the first head
        for part in (cut[:40], cut[40:-30], cut[-30:]):
            connection.sendall(part)
            time.sleep(0.3)
        second = answers(read_answers(connection, 3))
    for name, replies in (("pipelined", first), ("pipelined again", second)):
        assert [status for status, _, _ in replies] == [200, 201, 200]
        assert name in [tag["name"] for tag in replies[2][2]["data"]]


def test_answers_the_socket_takes_in_parts_and_head_only_answers_arrive_whole(server):
    """A worker's socket is non-blocking and an answer's head leaves with its body in one
    send (tracker.AnswerWriter): answers more than the kernel buffers (pipelined, the
    client reading none until later) wait for the client to read, each part sent as the
    socket takes it, and an answer without a body (a HEAD, a 304) still goes out, its head
    flushed at the answer's end."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as normal:
        normal.sendall(head(server, "GET", "/api/v1/openapi.json"))
        one = read_answers(normal, 1)
    [(_, whole_headers, whole)] = answers(one)
    count = 5 * 1024 * 1024 // len(one) + 1  # more than the kernel's buffers (4 MiB at most)
    with socket.socket() as slow:
        slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        slow.settimeout(10)
        slow.connect(("127.0.0.1", server.port))
        slow.sendall(head(server, "GET", "/api/v1/openapi.json") * count)
        time.sleep(0.3)  # a worker's send meets full buffers and waits
        raw = bytearray()
        while len(raw) < len(one) * count:  # each the same size (a Date is too)
            raw += slow.recv(65536)
        for status, headers, document in answers(bytes(raw)):
            headers.pop("date"), whole_headers.pop("date", None)
            assert (status, headers, document) == (200, whole_headers, whole)
        slow.sendall(head(server, "HEAD", "/api/v1/workspace"))
        raw = b""
        while not raw.endswith(b"\r\n\r\n"):  # a HEAD's Content-Length has no body after it
            raw += slow.recv(4096)
        assert raw.startswith(b"HTTP/1.1 200 OK\r\n") and b"\r\nDate: " in raw
        slow.sendall(head(server, "GET", "/api/v1/workspace"))
        tag = answers(read_answers(slow, 1))[0][1]["etag"]
        slow.sendall(head(server, "GET", "/api/v1/workspace", "If-None-Match: " + tag))
        [(status, headers, body)] = answers(read_answers(slow, 1))
        assert (status, body, headers["etag"]) == (304, None, tag)


def test_expect_100_continue_is_answered_before_the_body_is_sent(server):
    body = b'{"name": "expected"}'
    request = post(server, body, "Expect: 100-continue")
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as connection:
        connection.sendall(request[:-len(body)])
        assert connection.recv(100) == b"HTTP/1.1 100 Continue\r\n\r\n"
        connection.sendall(body)
        [(status, _, reply)] = answers(read_answers(connection, 1))
    assert status == 201 and reply["data"]["name"] == "expected"


def test_a_head_of_max_head_bytes_is_served_and_one_byte_more_is_431(server):
    plain = head(server, "GET", "/api/v1/workspace", "X-Pad: ")
    padding = tracker.MAX_HEAD_BYTES - len(plain)
    for extra, status in ((0, 200), (1, 431)):
        request = head(server, "GET", "/api/v1/workspace", "X-Pad: " + "a" * (padding + extra),
                       "Connection: close")
        request = request.replace(b"\r\nConnection: close", b"")  # the sizes above, exactly
        assert len(request) == tracker.MAX_HEAD_BYTES + extra
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as connection:
            connection.sendall(request)
            [(got, _, reply)] = answers(read_answers(connection, 1))
        assert got == status, reply
    assert reply == {"success": False, "message": "Request headers exceed 65536 bytes",
                     "code": "HEADERS_TOO_LARGE"}


def test_bodies_held_in_memory_are_bounded(server):
    """MAX_RECEIVING_BYTES of bodies still arriving may wait in memory, and not a byte
    more: the body that would pass it is refused with 503, the others go on."""
    for waiting in server.waiting.values():  # their bodies, still arriving, would count too
        waiting.result()
    size = tracker.MAX_BODY_BYTES
    body = b'{"name": "held"}'.ljust(size)
    request = post(server, body)
    full = tracker.MAX_RECEIVING_BYTES // size
    held = [socket.create_connection(("127.0.0.1", server.port), timeout=10) for _ in range(full + 1)]
    try:
        for connection in held[:full]:
            connection.sendall(request[:-1])  # each body but its last byte
        held[full].sendall(request[:-size] + body[:full])  # together, exactly the bound
        time.sleep(2)
        held[full].setblocking(False)
        with pytest.raises(BlockingIOError):
            held[full].recv(1)  # no answer: still receiving
        held[full].setblocking(True)
        held[full].sendall(b" ")  # one byte more
        [(status, headers, reply)] = answers(read_until_closed(held[full], 10))
        assert (status, headers.get("retry-after")) == (503, "1"), (status, headers, reply)
        assert reply == {"success": False, "message": "Too many request bodies are arriving at "
                         "once: retry shortly", "code": "SERVER_BUSY", "retryAfter": 1}
        held[0].sendall(request[-1:])  # the others are whole
        [(status, _, reply)] = answers(read_answers(held[0], 1, timeout=30))
        assert status == 201 and reply["data"]["name"] == "held"
    finally:
        for connection in held:
            connection.close()


# The clients started with the server, which waited for their deadlines ------------------

@pytest.mark.parametrize("name", ["body never sent", "chunked body never sent",
                                  "chunked body cut short"])
def test_a_body_that_stops_coming_gets_408_at_its_deadline(server, name):
    """cheroot's worker waited 10 s for each read of a body; a chunked one that never came
    got no answer, and a traceback in the log."""
    seconds, received = server.waiting[name].result()
    [(status, headers, reply)] = answers(received)
    assert (status, headers["connection"]) == (408, "close")
    assert reply == {"success": False, "message": "The request body did not arrive in time"}
    assert tracker.REQUEST_SECONDS - 0.2 < seconds < tracker.REQUEST_SECONDS + LATE


def test_a_body_above_the_minimum_rate_may_take_longer_than_the_head_deadline(server):
    seconds, received = server.waiting["steady body"].result()
    [(status, _, reply)] = answers(received)
    assert status == 201 and reply["data"]["name"] == "steady"
    assert seconds > tracker.REQUEST_SECONDS


def test_an_idle_kept_alive_connection_is_closed_quietly_at_the_deadline(server):
    seconds, received = server.waiting["idle after an answer"].result()
    assert [status for status, _, _ in answers(received)] == [200]  # and nothing after it
    assert tracker.REQUEST_SECONDS - 0.2 < seconds < tracker.REQUEST_SECONDS + LATE


# Out of file descriptors ----------------------------------------------------------------

LOW_LIMIT = 64
LIMITED = [sys.executable, "-c", "import resource, sys, tracker\n"
           "resource.setrlimit(resource.RLIMIT_NOFILE, (%d, %d))\n"
           "sys.exit(tracker.main(sys.argv[1:]))" % (LOW_LIMIT, LOW_LIMIT)]


def test_out_of_descriptors_the_connection_idle_longest_makes_room(tmp_path):
    """With every descriptor held by idle connections, a new client is still served at
    once: the connection idle longest is closed for it. Before, new clients waited in the
    listen backlog until idle ones left."""
    raise_own_descriptor_limit()
    server = start_server(tmp_path / "tracker.db", command=LIMITED)
    try:
        idle = [socket.create_connection(("127.0.0.1", server.port), timeout=5)
                for _ in range(LOW_LIMIT * 2)]
        time.sleep(0.5)
        for _ in range(20):
            assert normal_request(server.port, server.key) is not None
        closed = 0
        for connection in idle:
            connection.settimeout(0.01)
            try:
                closed += connection.recv(1) == b""
            except (socket.timeout, ConnectionResetError):
                pass
            connection.close()
        assert closed >= LOW_LIMIT
        log = server.log()
        assert log.count("out of file descriptors") == 1 and "Traceback" not in log
    finally:
        server.stop()
