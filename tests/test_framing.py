"""The HTTP layer against hostile clients (issue 15), with raw sockets against a real
``tracker serve``: a head that frames its body two ways is a 400, the connection is closed
and nothing pipelined behind it runs (RFC 9112 6.3, 11.2); a body that never comes is a
408; running out of file descriptors neither spins nor floods the log."""

import json
import resource
import socket
import sys
import time

import pytest

import tracker
from conftest import HttpClient, ServerProcess

BODY = b'{"text": "smuggled one"}'  # 24 bytes


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    db_path = tmp_path_factory.mktemp("framing") / "tracker.db"
    db = tracker.Database(str(db_path))
    workspace = tracker.create_workspace(db, "Framing")
    key = tracker.create_key(db, workspace["id"], rate_limit=10 ** 6)["key"]
    db.close()
    server = ServerProcess(db_path, "--runs", "off").start()
    yield server, key
    server.stop()


def send_raw(server, data, timeout=5):
    """Send data on a new connection; return everything the server sent until it closed."""
    host, port = server.url.rsplit("//", 1)[1].rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=timeout) as connection:
        connection.sendall(data)
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
    return received


def chunked(body):
    return b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body)


@pytest.mark.parametrize("framing, body, message", [
    (b"Content-Length: +24", BODY, "Content-Length must be a whole number of bytes"),
    (b"Content-Length: 2_4", BODY, "Content-Length must be a whole number of bytes"),
    (b"Content-Length: 24\r\nTransfer-Encoding: chunked", chunked(BODY),
     "Both Content-Length and Transfer-Encoding"),
    (b"Transfer-Encoding: chunked\r\nContent-Length: 24", chunked(BODY),
     "Both Content-Length and Transfer-Encoding"),
    (b"Content-Length: 24\r\nContent-Length: 25", BODY + b" ",
     "Content-Length sent twice with different values"),
    (b"Content-Length : 24", BODY, "White space before a header's colon"),
    (b"Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked", chunked(BODY),
     "Transfer-Encoding must name chunked once, last"),
    (b"Transfer-Encoding: chunked, chunked", chunked(BODY),
     "Transfer-Encoding must name chunked once, last"),
    # White space is SP and HTAB only (RFC 9110 5.6.3): bytes.strip() read these as chunked.
    (b"Transfer-Encoding: \x0bchunked", chunked(BODY), "A control character in a header line"),
    (b"Transfer-Encoding: chunked\x0c", chunked(BODY), "A control character in a header line"),
    (b"Content-Length: 24\x0b", BODY, "A control character in a header line"),
])
def test_an_ambiguous_frame_is_400_and_nothing_behind_it_runs(served, framing, body, message):
    server, key = served
    client = HttpClient(server.url, key)
    status, _, created = client.call("POST", "/prompts", {"text": "keep me %s" % framing[:30]})
    assert status == 201
    prompt_id = created["data"]["prompts"][0]["id"]
    auth = b"Authorization: Bearer " + key.encode()
    smuggled = b"DELETE /api/v1/prompts/%d HTTP/1.1\r\nHost: x\r\n%s\r\n\r\n" % (prompt_id, auth)
    received = send_raw(server, b"POST /api/v1/prompts HTTP/1.1\r\nHost: x\r\n%s\r\n"
                                b"Content-Type: application/json\r\n%s\r\n\r\n" % (auth, framing)
                        + body + smuggled)
    head, _, answer = received.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 Bad Request\r\n"), received
    assert b"\r\nConnection: close" in head
    assert json.loads(answer) == {"success": False, "message": "Bad Request: " + message}
    assert received.count(b"HTTP/1.1") == 1  # one answer: the pipelined DELETE never ran
    assert client.call("GET", "/prompts/%d" % prompt_id)[0] == 200
    assert client.call("GET", "/prompts?search=smuggled")[2]["data"]["total"] == 0


def test_a_plain_content_length_and_a_plain_chunked_body_still_work(served):
    server, key = served
    auth = b"Authorization: Bearer " + key.encode()
    for framing, body in ((b"Content-Length: 24", BODY), (b"Transfer-Encoding: chunked", chunked(BODY))):
        received = send_raw(server, b"POST /api/v1/prompts HTTP/1.1\r\nHost: x\r\n%s\r\n"
                                    b"Content-Type: application/json\r\nConnection: close\r\n%s\r\n\r\n"
                            % (auth, framing) + body)
        assert received.startswith(b"HTTP/1.1 201 Created\r\n"), received


def test_a_body_that_never_arrives_is_a_408_without_a_traceback(served):
    """cheroot tried to read the rest of the body before sending the answer, from a socket
    that had timed out: the client got nothing and the log a traceback."""
    server, key = served
    received = send_raw(server, b"POST /api/v1/prompts HTTP/1.1\r\nHost: x\r\nAuthorization: "
                                b"Bearer %s\r\nContent-Type: application/json\r\n"
                                b"Content-Length: 10\r\n\r\n" % key.encode(), timeout=30)
    head, _, answer = received.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408 Request Timeout\r\n") and b"Connection: close" in head
    assert json.loads(answer) == {"success": False,
                                  "message": "The request body did not arrive in time"}
    assert "Traceback" not in server.log()


LOW_LIMIT = 64
LIMITED = [sys.executable, "-c", "import resource, sys, tracker\n"
           "resource.setrlimit(resource.RLIMIT_NOFILE, (%d, %d))\n"
           "sys.exit(tracker.main(sys.argv[1:]))" % (LOW_LIMIT, LOW_LIMIT)]


def test_out_of_descriptors_waits_and_logs_once_instead_of_spinning(tmp_path):
    """More idle connections than descriptors: accepting waits, the log says so once,
    and the server answers again when they go."""
    server = ServerProcess(tmp_path / "tracker.db", "--memory", command=LIMITED).start()
    try:
        host, port = server.url.rsplit("//", 1)[1].rsplit(":", 1)
        idle = [socket.create_connection((host, int(port)), timeout=5) for _ in range(LOW_LIMIT * 2)]
        time.sleep(2)
        log = server.log()
        assert log.count("out of file descriptors") == 1, log[-3000:]
        assert len(log) < 20_000 and "Traceback" not in log
        for connection in idle:
            connection.close()
        time.sleep(0.5)
        assert server.request("GET", "/healthz", prefix="")[0] == 200
        assert "open files: up to %d" % LOW_LIMIT in log
    finally:
        server.stop()


def test_serve_raises_its_soft_descriptor_limit_to_the_hard_one(tmp_path):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    lowered = [sys.executable, "-c", "import resource, sys, tracker\n"
               "resource.setrlimit(resource.RLIMIT_NOFILE, (256, %d))\n"
               "sys.exit(tracker.main(sys.argv[1:]))" % hard]
    server = ServerProcess(tmp_path / "tracker.db", "--memory", command=lowered).start()
    try:
        assert "open files: up to %d (each connection holds one)" % hard in server.log()
    finally:
        server.stop()
