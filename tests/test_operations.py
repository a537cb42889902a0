"""Operations: the health check."""

import json
import shutil
import threading

import webtest

import tracker


def body(reply):
    return json.loads(reply.body)


# GET /healthz -----------------------------------------------------------------------

def test_healthz_answers_without_a_key_and_without_a_rate_limit(app, client):
    app.config["tracker.worker"] = None  # as when no worker was started
    for _ in range(tracker.DEFAULT_RATE_LIMIT + tracker.DEFAULT_AUTH_FAILURE_LIMIT + 1):
        reply = client.get("/healthz", status=200)
    assert body(reply) == {"success": True, "message": "Healthy", "data": {
        "status": "ok", "database": "ok", "schemaVersion": tracker.SCHEMA_VERSION,
        "worker": "not running"}}
    assert reply.content_type == "application/json"
    assert reply.headers["Cache-Control"] == "no-store"
    assert "X-RateLimit-Limit" not in reply.headers


def test_healthz_reports_the_worker_state(app, client):
    class Worker:
        def state(self):
            return "idle"
    app.config["tracker.worker"] = Worker()
    assert body(client.get("/healthz"))["data"]["worker"] == "idle"


def test_healthz_is_503_when_the_connection_is_broken(db, client):
    db.connection().close()
    reply = client.get("/healthz", status=503)
    assert body(reply) == {"success": False, "message": "Database unavailable",
                           "code": "DATABASE_UNAVAILABLE"}


def test_healthz_is_503_when_the_database_cannot_be_opened(tmp_path, caplog):
    (tmp_path / "data").mkdir()
    client = webtest.TestApp(tracker.make_app(str(tmp_path / "data" / "tracker.db")))
    shutil.rmtree(tmp_path / "data")  # the volume went away
    replies = []
    # A new thread opens a new connection, which is what fails.
    thread = threading.Thread(target=lambda: replies.append(client.get("/healthz", status=503)))
    thread.start()
    thread.join()
    assert body(replies[0])["code"] == "DATABASE_UNAVAILABLE"
    assert "health check: database unavailable: unable to open database file" in caplog.text


def test_healthz_is_not_under_the_api_prefix(client):
    client.get(tracker.API_PREFIX + "/healthz", status=404)
