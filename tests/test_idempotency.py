"""Idempotency-Key on POST: replay, conflicts, expiry, and what is never stored."""

import hashlib
import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import apsw
import orjson

import tracker
from conftest import Api, report_figure, run_cli, wait_for


def post(api, body, key, status=201):
    return api.post("/prompts", body, status=status, headers={"Idempotency-Key": key})


def total(api):
    return api.get("/prompts").json["data"]["total"]


def test_repeat_replays_the_first_answer_without_a_second_effect(api, clock):
    first = post(api, {"prompts": [{"text": "a"}, {"text": "b"}]}, "retry-1")
    assert "Idempotent-Replayed" not in first.headers
    clock.advance(30)
    again = post(api, {"prompts": [{"text": "a"}, {"text": "b"}]}, "retry-1")
    assert again.body == first.body
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json["data"]["created"] == 2
    assert total(api) == 2


def test_same_key_with_another_body_is_422(api):
    post(api, {"text": "a"}, "k")
    reply = post(api, {"text": "b"}, "k", status=422)
    assert reply.json == {"success": False, "message": "Validation failed", "errors": [
        {"field": "Idempotency-Key", "message": "was already used with a different request"}]}
    assert total(api) == 1


def test_same_key_on_another_route_is_422(api):
    api.post("/topics", {"name": "x"}, headers={"Idempotency-Key": "k"})
    reply = api.post("/tags", {"name": "x"}, status=422, headers={"Idempotency-Key": "k"})
    assert reply.json["errors"][0]["field"] == "Idempotency-Key"


def test_error_answers_are_not_stored_so_a_corrected_retry_works(api):
    post(api, {"text": ""}, "k", status=422)
    assert post(api, {"text": "fixed"}, "k").json["data"]["created"] == 1


def test_keys_are_per_api_key(api, db, client):
    second = Api(client, tracker.create_key(db, api.workspace_id)["key"], api.workspace_id)
    post(api, {"text": "a"}, "shared")
    reply = post(second, {"text": "a"}, "shared")
    assert "Idempotent-Replayed" not in reply.headers
    assert reply.json["data"]["failed"] == 1  # it ran: the prompt was a duplicate


def test_keys_expire_after_24_hours(api, clock):
    post(api, {"text": "a"}, "k")
    clock.advance(24 * 3600 - 1)
    assert post(api, {"text": "a"}, "k").headers["Idempotent-Replayed"] == "true"
    clock.advance(1)
    reply = post(api, {"text": "a"}, "k")
    assert "Idempotent-Replayed" not in reply.headers
    assert reply.json["data"]["failed"] == 1


def test_key_length_edges(api):
    post(api, {"text": "a"}, "k" * 255)
    reply = post(api, {"text": "b"}, "k" * 256, status=422)
    assert reply.json["errors"] == [{"field": "Idempotency-Key", "message": "must be 1 to 255 characters"}]
    assert total(api) == 1


def test_requests_without_the_header_are_not_deduplicated(api):
    api.post("/topics", {"name": "x"})
    api.post("/topics", {"name": "x"}, status=422)


def slow_route(app):
    """(entered, release): POST /test-slow sets entered, then answers 201 once release is set."""
    entered, release = threading.Event(), threading.Event()

    @app.post(tracker.API_PREFIX + "/test-slow")
    def slow():
        entered.set()
        release.wait(10)
        return tracker.success({"done": True}, status=201)
    return entered, release


def test_a_repeat_while_the_first_runs_is_409(app, api):
    entered, release = slow_route(app)

    replies = []
    first = threading.Thread(target=lambda: replies.append(
        api.post("/test-slow", {}, headers={"Idempotency-Key": "slow"})))
    first.start()
    assert entered.wait(10)
    busy = api.post("/test-slow", {}, status=409, headers={"Idempotency-Key": "slow"})
    assert busy.json == {"success": False, "code": "IDEMPOTENCY_IN_PROGRESS",
                         "message": "A request with this Idempotency-Key is in progress"}
    release.set()
    first.join(10)
    assert replies[0].json["data"] == {"done": True}
    again = api.post("/test-slow", {}, headers={"Idempotency-Key": "slow"})
    assert again.headers["Idempotent-Replayed"] == "true"


# The key is held, not the write lock: a claim in one short transaction, the answer in
# another (issue 37) ---------------------------------------------------------------------

def held_by(db, key):
    """The holder of Idempotency-Key key, as stored (None once answered)."""
    row = db.connection().execute(
        "SELECT holder FROM idempotency_keys WHERE key = ?", (key,)).fetchall()
    return row[0]["holder"] if row else "absent"


def test_the_handler_runs_without_the_write_lock_and_the_key_shows_it_running(app, api, db,
                                                                             other_api):
    entered, release = slow_route(app)

    first = threading.Thread(target=lambda: api.post("/test-slow", {},
                                                     headers={"Idempotency-Key": "slow"}))
    first.start()
    assert entered.wait(10)
    assert held_by(db, "slow") == tracker.PROCESS_IDENTITY
    with db.write() as connection:  # not waiting for the handler: it holds no lock
        connection.execute("SELECT 1")
    other_api.post("/topics", {"name": "meanwhile"}, status=201)
    release.set()
    first.join(10)
    assert held_by(db, "slow") is None


def test_an_error_answer_frees_the_key(app, api, db):
    @app.post(tracker.API_PREFIX + "/test-fails")
    def fails():
        raise RuntimeError("boom")

    reply = api.post("/test-fails", {}, status=500, headers={"Idempotency-Key": "k"})
    assert reply.json == {"success": False, "message": "Internal server error"}
    assert held_by(db, "k") == "absent"


def claim_for(db, api, key, body, holder, created_at):
    """A claim of key as another process makes it (the fingerprint of POST /prompts body)."""
    with db.write() as connection:
        key_id = connection.execute("SELECT id FROM api_keys WHERE workspace_id = ?",
                                    (api.workspace_id,)).fetchall()[0]["id"]
        fingerprint = hashlib.sha256(b"POST /api/v1/prompts\n" + orjson.dumps(
            body, option=orjson.OPT_SORT_KEYS)).digest()
        tracker.claim_idempotency_key(connection, (key_id, key), fingerprint, holder, created_at)


def test_a_key_held_by_another_live_process_is_409_then_interrupted_once_it_is_gone(api, db,
                                                                                   clock):
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        claim_for(db, api, "k", {"text": "a"}, tracker.process_identity(other.pid), db.now())
        busy = post(api, {"text": "a"}, "k", status=409)
        assert busy.json == {"success": False, "code": "IDEMPOTENCY_IN_PROGRESS",
                             "message": "A request with this Idempotency-Key is in progress"}
        assert post(api, {"text": "b"}, "k", status=422).json["errors"] == [
            {"field": "Idempotency-Key", "message": "was already used with a different request"}]
    finally:
        other.kill()
        other.wait()
    expires = tracker.iso_timestamp(clock() + 24 * 3600)
    interrupted = post(api, {"text": "a"}, "k", status=409)
    assert interrupted.json == {"success": False, "code": "IDEMPOTENCY_INTERRUPTED", "message":
        "The first request with this Idempotency-Key was interrupted before its answer was "
        "stored (the server stopped): its effect may or may not have happened. Check, then "
        "retry with a new key; this one answers so until %s" % expires}
    assert total(api) == 0  # never run a second time silently
    clock.advance(24 * 3600 - 1)
    post(api, {"text": "a"}, "k", status=409)
    clock.advance(1)  # expired: the key is free again
    assert post(api, {"text": "a"}, "k").json["data"]["created"] == 1


def test_a_pid_taken_again_by_another_process_does_not_hold_the_key(api, db):
    pid = os.getpid()
    claim_for(db, api, "k", {"text": "a"}, "%d:1" % pid, db.now())  # this pid, not its start
    assert post(api, {"text": "a"}, "k", status=409).json["code"] == "IDEMPOTENCY_INTERRUPTED"


# Against a real server: a long upload with the header, another workspace's writes ------

LOG_LINE = ('192.0.2.10 - - [21/Nov/2026:08:00:00 +0000] "GET /pricing HTTP/1.1" 200 512 "-" '
            '"Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0"\n')
# Near the 16 MiB body limit: an upload of a few seconds.
LONG_LOG = (LOG_LINE * ((tracker.MAX_BODY_BYTES - 4096) // len(LOG_LINE))).encode()


def tenants(path, count):
    """count workspaces in a new database at path, each with a write key; the first has
    acme.com as its own domain."""
    db = tracker.Database(str(path))
    keys = [tracker.create_key(db, tracker.create_workspace(db, "w%d" % n)["id"], rate_limit=1000)
            ["key"] for n in range(count)]
    db.close()
    return keys


def upload(server, key, headers):
    """POST LONG_LOG as acme.com's log: (status, parsed body)."""
    request = urllib.request.Request(server.url + tracker.API_PREFIX + "/traffic/logs?host=acme.com",
                                     data=LONG_LOG, method="POST", headers=dict(
        headers, Authorization="Bearer " + key, **{"Content-Type": "text/plain"}))
    try:
        with urllib.request.urlopen(request, timeout=120) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_an_upload_with_the_header_holds_no_other_workspace_s_write(tmp_path, server_factory):
    path = tmp_path / "t.db"
    uploader, other = tenants(path, 2)
    server = server_factory(path, "--runs", "off")
    assert server.request("POST", "/brands", uploader, {"name": "Acme", "type": "own",
                                                         "domains": ["acme.com"]})[0] == 201
    replies = []
    thread = threading.Thread(target=lambda: replies.append(
        upload(server, uploader, {"Idempotency-Key": "upload-1"})))
    started = time.monotonic()
    thread.start()
    held = apsw.Connection(str(path))
    assert wait_for(lambda: held.execute("SELECT count(*) FROM idempotency_keys WHERE holder "
                                         "IS NOT NULL").fetchall()[0][0] == 1, 20)
    begun = time.monotonic()
    status, _, body = server.request("POST", "/topics", other, {"name": "meanwhile"})
    topic_seconds = time.monotonic() - begun
    assert (status, body["data"]["name"]) == (201, "meanwhile")
    assert thread.is_alive()  # the topic did not wait for the upload
    code, created, err = run_cli(path, "key", "create", "2")
    assert (code, err) == (0, "")
    assert created["key"].startswith("trk_")
    thread.join(120)
    upload_seconds = time.monotonic() - started
    assert replies[0][0] == 200, replies
    assert replies[0][1]["data"]["kept"] == len(LONG_LOG) // len(LOG_LINE)
    assert upload(server, uploader, {"Idempotency-Key": "upload-1"})[1] == replies[0][1]
    report_figure("Idempotency-Key: an upload of %d MiB with the header ran %.1f s; another "
                  "workspace's POST /topics meanwhile took %.3f s, tracker key create succeeded"
                  % (len(LONG_LOG) >> 20, upload_seconds, topic_seconds))
    held.close()


def test_a_server_killed_while_the_first_request_runs_leaves_the_key_interrupted(
        tmp_path, server_factory):
    path = tmp_path / "t.db"
    uploader, = tenants(path, 1)
    server = server_factory(path, "--runs", "off")
    server.request("POST", "/brands", uploader, {"name": "Acme", "type": "own",
                                                  "domains": ["acme.com"]})
    cut_off = []

    def upload_until_killed():
        try:
            upload(server, uploader, {"Idempotency-Key": "k"})
        except (ConnectionError, urllib.error.URLError, http.client.HTTPException) as error:
            cut_off.append(error)

    thread = threading.Thread(target=upload_until_killed, daemon=True)
    thread.start()
    held = apsw.Connection(str(path))
    assert wait_for(lambda: held.execute("SELECT count(*) FROM idempotency_keys WHERE holder "
                                         "IS NOT NULL").fetchall()[0][0] == 1, 20)
    held.close()
    server.stop(signal.SIGKILL)
    thread.join(20)
    assert len(cut_off) == 1  # the client saw its connection cut, not an answer
    again = server_factory(path, "--runs", "off")
    status, body = upload(again, uploader, {"Idempotency-Key": "k"})
    assert (status, body["code"]) == (409, "IDEMPOTENCY_INTERRUPTED")
    assert body["message"].startswith("The first request with this Idempotency-Key was "
                                      "interrupted before its answer was stored")
    assert upload(again, uploader, {"Idempotency-Key": "k2"})[0] == 200
