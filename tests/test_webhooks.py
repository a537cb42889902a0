"""Webhooks: endpoints, the outbox, signed deliveries to a real local receiver, retries,
private destinations, a kill -9 between commit and delivery, and a receiver that drips its
answer (one deadline per send; it holds only its own endpoint's queue)."""

import hashlib
import hmac
import http.server
import ipaddress
import json
import socket
import threading
import time

import pytest
import webtest

import tracker
from conftest import Api, make_api, report_figure
from test_analytics import add_chat

# Seconds of headroom for a wall-clock bound, on a loaded 2-core machine.
LATE = 5.0


class Receiver:
    """A local HTTP server that records each POST and answers with the next of statuses
    (then 200); while hold is set, it keeps each request unanswered."""

    def __init__(self, statuses=()):
        self.statuses = list(statuses)
        self.received = []
        self.hold = threading.Event()
        self.arrived = threading.Condition()
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                with receiver.arrived:
                    receiver.received.append((dict(self.headers), body))
                    receiver.arrived.notify_all()
                while receiver.hold.is_set():
                    time.sleep(0.05)
                status = receiver.statuses.pop(0) if receiver.statuses else 200
                self.send_response(status)
                self.end_headers()
                self.wfile.write(b"no thanks" if status >= 300 else b"ok")

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:%d/hook" % self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait_for(self, count, timeout=20):
        with self.arrived:
            return self.arrived.wait_for(lambda: len(self.received) >= count, timeout)

    def events(self):
        return [json.loads(body) for _, body in self.received]

    def close(self):
        self.hold.clear()
        self.server.shutdown()


class DrippingReceiver:
    """A raw socket receiver that takes a request, sends a status line, then one byte of
    a header every ``every`` seconds, as the issue's receiver did, for ``seconds`` (then
    the rest of the head: an answer that comes, late). ``ended`` is set when it stops:
    tracker hung up, or the drip ran out."""

    def __init__(self, every=0.2, seconds=60):
        self.every, self.seconds = every, seconds
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = "http://127.0.0.1:%d/hook" % self.listener.getsockname()[1]
        self.connected = threading.Event()
        self.ended = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return  # closed
            threading.Thread(target=self._drip, args=(connection,), daemon=True).start()

    def _drip(self, connection):
        with connection:
            connection.recv(65536)  # the request: what it says does not matter here
            self.connected.set()
            try:
                connection.sendall(b"HTTP/1.1 200 OK\r\n")
                end = time.monotonic() + self.seconds
                while time.monotonic() < end:
                    connection.sendall(b"X")
                    time.sleep(self.every)
                connection.sendall(b": y\r\nContent-Length: 0\r\n\r\n")
            except OSError:
                pass  # tracker hung up
            self.ended.set()

    def close(self):
        self.listener.close()


@pytest.fixture
def receiver():
    server = Receiver()
    yield server
    server.close()


@pytest.fixture
def hooks_app(db):
    """An app that may send to this machine (the receiver is on loopback)."""
    return tracker.make_app(db, allow_private_webhooks=True, webhook_timeout=2)


@pytest.fixture
def hooks(hooks_app, db):
    return make_api(webtest.TestApp(hooks_app), db, rate_limit=100000)


def deliver(app):
    return app.config["tracker.webhooks"].deliver_due()


def register(api, url, events=tracker.WEBHOOK_EVENTS):
    return api.post("/webhooks", {"url": url, "events": list(events)}).json["data"]


def deliveries(api, webhook):
    return api.get("/webhooks/%d/deliveries" % webhook["id"]).json["data"]["data"]


def verify(secret, headers, body):
    """A receiver's check, as Stripe's libraries make it."""
    parts = dict(item.split("=", 1) for item in headers["Tracker-Signature"].split(","))
    expected = hmac.new(secret.encode(), parts["t"].encode() + b"." + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts["v1"])


# Endpoints ---------------------------------------------------------------------------

def test_the_secret_is_shown_once_and_endpoints_can_change(hooks):
    created = hooks.post("/webhooks", {"url": "https://hooks.example/in", "events": ["run.failed"]})
    webhook = created.json["data"]
    assert created.headers["Location"] == "/api/v1/webhooks/%d" % webhook["id"]
    assert webhook["secret"].startswith("whsec_") and len(webhook["secret"]) == 54
    shown = dict(webhook)
    del shown["secret"]
    assert hooks.get("/webhooks").json["data"] == [shown]
    assert hooks.get("/webhooks/%d" % webhook["id"]).json["data"] == shown
    changed = hooks.patch("/webhooks/%d" % webhook["id"], {"events": ["run.completed"],
                                                           "status": "disabled"}).json["data"]
    assert (changed["events"], changed["status"], changed["url"]) == (
        ["run.completed"], "disabled", "https://hooks.example/in")
    hooks.delete("/webhooks/%d" % webhook["id"])
    hooks.get("/webhooks/%d" % webhook["id"], status=404)


def test_later_events_are_taken_beside_the_1_0_events_and_kept_apart(hooks):
    """actions.digest is in laterEvents, not events, whose 1.0 enum cannot grow; each
    replaces only its own, and together they name at least one event."""
    webhook = hooks.post("/webhooks", {"url": "https://hooks.example/in", "events": ["run.failed"],
                                       "laterEvents": ["actions.digest"]}).json["data"]
    assert (webhook["events"], webhook["laterEvents"]) == (["run.failed"], ["actions.digest"])
    path = "/webhooks/%d" % webhook["id"]
    changed = hooks.patch(path, {"events": ["run.completed"]}).json["data"]
    assert (changed["events"], changed["laterEvents"]) == (["run.completed"], ["actions.digest"])
    changed = hooks.patch(path, {"events": [], "laterEvents": ["actions.digest"]}).json["data"]
    assert (changed["events"], changed["laterEvents"]) == ([], ["actions.digest"])
    assert hooks.patch(path, {"laterEvents": []}, status=422).json["errors"] == [
        {"field": "events", "message": "must name at least one event (or laterEvents one)"}]
    assert hooks.patch(path, {"laterEvents": ["actions.daily"]}, status=422).json["errors"] == [
        {"field": "laterEvents", "message": "must be some of: actions.digest"}]
    assert hooks.post("/webhooks", {"url": "https://hooks.example/in", "events": [
        "actions.digest"]}, status=422).json["errors"][0]["field"] == "events"


@pytest.mark.parametrize("body, field", [
    ({"url": "ftp://hooks.example/", "events": ["run.failed"]}, "url"),
    ({"url": "https://user:pw@hooks.example/", "events": ["run.failed"]}, "url"),
    ({"url": "https://hooks.example/", "events": ["run.exploded"]}, "events"),
    ({"url": "https://hooks.example/", "events": []}, "events"),
    ({"url": "https://hooks.example/"}, "events"),
    ({"url": "https://hooks.example/" + "a" * tracker.WEBHOOK_URL_MAX_LENGTH,
      "events": ["run.failed"]}, "url"),
])
def test_bad_endpoints_are_422s(api, body, field):
    reply = api.post("/webhooks", body, status=422)
    assert [error["field"] for error in reply.json["errors"]] == [field]


@pytest.mark.parametrize("host", ["127.0.0.1", "10.1.2.3", "169.254.169.254", "[::1]",
                                  "[::ffff:127.0.0.1]", "100.64.0.1", "192.168.0.10"])
def test_a_private_address_is_refused_unless_allowed(api, hooks, host):
    body = {"url": "http://%s/hook" % host, "events": ["run.failed"]}
    reply = api.post("/webhooks", body, status=422)
    assert "--allow-private-webhooks" in reply.json["errors"][0]["message"]
    hooks.post("/webhooks", body)


def test_a_name_of_hexadecimal_letters_is_a_name(api):
    api.post("/webhooks", {"url": "https://cafe/hook", "events": ["run.failed"]})
    api.post("/webhooks", {"url": "https://dead.beef:8443/", "events": ["run.failed"]})


def test_a_workspace_has_at_most_max_webhooks(api):
    for n in range(tracker.MAX_WEBHOOKS):
        api.post("/webhooks", {"url": "https://hooks.example/%d" % n, "events": ["run.failed"]})
    reply = api.post("/webhooks", {"url": "https://hooks.example/x", "events": ["run.failed"]},
                     status=422)
    assert reply.json["errors"] == [{"field": "url", "message": "a workspace has at most %d "
                                     "webhooks" % tracker.MAX_WEBHOOKS}]


# Deliveries ----------------------------------------------------------------------------

def test_a_signed_run_completed_reaches_a_real_receiver(hooks, hooks_app, receiver):
    webhook = register(hooks, receiver.url, ["run.completed"])
    hooks.post("/prompts", {"text": "Best CRM?"})
    hooks_app.config["tracker.worker"].run_pending()
    assert deliver(hooks_app) == 1
    ((headers, body),) = receiver.received
    assert verify(webhook["secret"], headers, body)
    assert not verify("whsec_other", headers, body)
    event = json.loads(body)
    assert (headers["Tracker-Event"], headers["Tracker-Event-Id"]) == ("run.completed", event["id"])
    assert headers["Content-Type"] == "application/json"
    assert set(event) == {"id", "type", "createdAt", "workspaceId", "data"}
    assert event["workspaceId"] == hooks.workspace_id
    assert event["data"]["prompt"]["text"] == "Best CRM?"
    assert event["data"]["run"]["state"] == "done"
    assert [chat["engine"] for chat in event["data"]["chats"]] == ["simulated"]
    (logged,) = deliveries(hooks, webhook)
    assert (logged["state"], logged["attempts"], logged["lastStatus"], logged["nextAttemptAt"]) == (
        "delivered", 1, 200, None)
    assert deliver(hooks_app) == 0  # sent once


def test_no_event_for_an_endpoint_that_does_not_take_it(hooks, hooks_app, receiver):
    register(hooks, receiver.url, ["run.failed"])
    hooks.post("/prompts", {"text": "Best CRM?"})
    hooks_app.config["tracker.worker"].run_pending()
    assert deliver(hooks_app) == 0 and receiver.received == []


def test_failures_back_off_then_deliver(hooks, hooks_app, clock):
    receiver = Receiver([500, 503])
    try:
        webhook = register(hooks, receiver.url)
        hooks.post("/webhooks/%d/test" % webhook["id"], {})
        for attempt, wait in ((1, 30), (2, 60)):
            assert deliver(hooks_app) == 1
            (logged,) = deliveries(hooks, webhook)
            assert (logged["state"], logged["attempts"]) == ("pending", attempt)
            assert logged["lastError"].startswith("HTTP 5")
            assert logged["nextAttemptAt"] == tracker.iso_timestamp(clock() + wait)
            clock.advance(wait - 1)
            assert deliver(hooks_app) == 0  # not before its time
            clock.advance(1)
        assert deliver(hooks_app) == 1
        assert deliveries(hooks, webhook)[0]["state"] == "delivered"
        assert len({json.loads(body)["id"] for _, body in receiver.received}) == 1  # one event
        assert len(receiver.received) == 3
    finally:
        receiver.close()


def test_a_day_of_failures_fails_the_delivery_and_disables_the_endpoint(hooks, hooks_app, clock):
    receiver = Receiver([500] * 100)
    try:
        webhook = register(hooks, receiver.url)
        hooks.post("/webhooks/%d/test" % webhook["id"], {})
        attempts = 0
        while deliver(hooks_app):
            attempts += 1
            clock.advance(tracker.WEBHOOK_BACKOFF_CAP_SECONDS)
        (logged,) = deliveries(hooks, webhook)
        assert logged["state"] == "failed" and logged["attempts"] == attempts
        assert 24 <= attempts <= 30
        shown = hooks.get("/webhooks/%d" % webhook["id"]).json["data"]
        assert shown["status"] == "disabled"
        assert shown["disabledReason"].startswith("a delivery failed for 24 hours: HTTP 500")
        hooks.post("/webhooks/%d/test" % webhook["id"], {})
        assert deliver(hooks_app) == 0  # a disabled endpoint gets nothing...
        enabled = hooks.patch("/webhooks/%d" % webhook["id"], {"status": "active"}).json["data"]
        assert (enabled["status"], enabled["disabledReason"]) == ("active", None)
        assert deliver(hooks_app) == 1  # ...until it is enabled again
    finally:
        receiver.close()


def test_a_name_that_resolves_to_a_private_address_is_refused_at_delivery(api, app, receiver):
    webhook = register(api, receiver.url.replace("127.0.0.1", "localhost"))
    api.post("/webhooks/%d/test" % webhook["id"], {})
    assert deliver(app) == 1
    (logged,) = deliveries(api, webhook)
    assert logged["state"] == "pending" and logged["lastStatus"] is None
    assert "resolves to a private address" in logged["lastError"]
    assert receiver.received == []


def test_addresses_public_or_not():
    public = ["8.8.8.8", "2606:4700:4700::1111", "1.1.1.1"]
    private = ["127.0.0.1", "::1", "10.0.0.1", "172.16.0.1", "192.168.1.1", "169.254.169.254",
               "fd00:ec2::254", "100.100.100.200", "0.0.0.0", "::ffff:10.0.0.1", "fe80::1%eth0",
               "224.0.0.1"]
    assert [tracker.is_public_address(a) for a in public] == [True] * len(public)
    assert [tracker.is_public_address(a) for a in private] == [False] * len(private)


def test_a_test_event_and_a_redelivery_carry_the_same_event(hooks, hooks_app, receiver):
    webhook = register(hooks, receiver.url)
    queued = hooks.post("/webhooks/%d/test" % webhook["id"], {}).json["data"]
    assert (queued["event"], queued["state"], queued["attempts"]) == ("webhook.test", "pending", 0)
    deliver(hooks_app)
    again = hooks.post("/webhooks/%d/redeliver" % webhook["id"], {"deliveryId": queued["id"]}).json
    assert again["data"]["id"] != queued["id"] and again["data"]["eventId"] == queued["eventId"]
    deliver(hooks_app)
    first, second = receiver.received
    assert first[1] == second[1] and json.loads(first[1])["type"] == "webhook.test"
    hooks.post("/webhooks/%d/redeliver" % webhook["id"], {"deliveryId": 987654}, status=404)
    hooks.post("/webhooks/%d/redeliver" % webhook["id"], {}, status=422)


def test_brand_and_source_events_compare_with_the_previous_chat(hooks, db):
    register(hooks, "https://hooks.example/", ["brand.mentioned", "brand.dropped", "source.cited"])
    acme = hooks.post("/brands", {"name": "Acme", "type": "own", "domains": ["acme.com"]}).json["data"]
    beta = hooks.post("/brands", {"name": "Beta", "domains": ["beta.io"]}).json["data"]
    prompt = hooks.post("/prompts", {"text": "Best CRM?"}).json["data"]["prompts"][0]
    with db.write() as connection:
        connection.execute("DELETE FROM runs WHERE workspace_id = ?", (hooks.workspace_id,))

    def answer(at, brands, urls):
        chat = add_chat(db, hooks.workspace_id, dict(prompt, location=None), "alpha", at,
                        brands, urls)
        with db.write() as connection:
            run = tracker.query_one(connection, "SELECT r.* FROM runs r JOIN chats c ON "
                                    "c.run_id = r.id WHERE c.id = ?", (chat,))
            tracker.record_run_events(connection, run, "done", None, db.clock())
            return [(row["event_type"], json.loads(row["body"])["data"]) for row in tracker.query_all(
                connection, "DELETE FROM webhook_deliveries RETURNING event_type, body")]

    first = answer("2026-11-19T10:00:00.000Z", [(acme["id"], 1, 0)], ["https://beta.io/"])
    assert first == []  # a first answer changes nothing; beta.io is not an own domain
    second = answer("2026-11-20T10:00:00.000Z", [(beta["id"], 1, 0)], ["https://docs.acme.com/a"])
    assert sorted((kind, data.get("brand", {}).get("name"), data.get("domain"))
                  for kind, data in second) == [("brand.dropped", "Acme", None),
                                                ("brand.mentioned", "Beta", None),
                                                ("source.cited", None, "acme.com")]  # registrable
    mentioned = next(data for kind, data in second if kind == "brand.mentioned")
    assert (mentioned["position"], mentioned["engine"], mentioned["prompt"]["id"]) == (1, "alpha",
                                                                                       prompt["id"])
    third = answer("2026-11-21T10:00:00.000Z", [(beta["id"], 1, 0)], ["https://docs.acme.com/b"])
    assert third == []  # same brands, and docs.acme.com was cited for this prompt before


def test_an_event_commits_with_its_run_or_not_at_all(hooks, hooks_app, db):
    register(hooks, "https://hooks.example/", ["run.completed"])
    hooks.post("/prompts", {"text": "Best CRM?"})
    with pytest.raises(RuntimeError):
        with db.write() as connection:
            run = tracker.query_one(connection, "SELECT * FROM runs")
            tracker.end_run(connection, run, {}, db.clock())
            assert tracker.query_one(connection, "SELECT count(*) AS n FROM webhook_deliveries")["n"] == 1
            raise RuntimeError("the transaction rolls back")
    assert tracker.query_one(db.connection(), "SELECT count(*) AS n FROM webhook_deliveries")["n"] == 0


def test_a_kill_9_between_commit_and_delivery_still_delivers(tmp_path, server_factory):
    """The first server sends and is killed while the receiver holds the request; the
    next one, on the same file, sends the event again once its lease is over."""
    receiver = Receiver()
    receiver.hold.set()
    try:
        path = tmp_path / "hooks.db"
        db = tracker.Database(str(path))
        key = tracker.create_key(db, tracker.create_workspace(db, "Hooks")["id"])["key"]
        db.close()
        options = ("--allow-private-webhooks", "--webhook-timeout", "1", "--runs", "off")
        first = server_factory(path, *options)
        status, _, reply = first.request("POST", "/webhooks", key,
                                         {"url": receiver.url, "events": ["run.completed"]})
        assert status == 201
        webhook = reply["data"]
        assert first.request("POST", "/webhooks/%d/test" % webhook["id"], key, {})[0] == 201
        assert receiver.wait_for(1)
        first.process.kill()  # SIGKILL: the send is in flight, its result never recorded
        first.process.wait()
        receiver.hold.clear()
        second = server_factory(path, *options)
        assert receiver.wait_for(2), second.log()
        (one, two) = receiver.events()
        assert one == two
        assert verify(webhook["secret"], receiver.received[1][0], receiver.received[1][1])
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            logged = second.request("GET", "/webhooks/%d/deliveries" % webhook["id"], key)[2]
            if logged["data"]["data"][0]["state"] == "delivered":
                break
            time.sleep(0.05)
        assert logged["data"]["data"][0]["state"] == "delivered"
    finally:
        receiver.close()


def test_a_seed_registers_webhooks_with_a_known_secret(db, receiver):
    app = tracker.make_app(db, allow_private_webhooks=True, seed={"workspaces": [{
        "name": "Seeded", "keys": [{"name": "k"}],
        "webhooks": [{"url": receiver.url, "events": ["run.completed"], "secret": "whsec_known"}]}]})
    client = webtest.TestApp(app)
    headers = {"Authorization": "Bearer " + app.config["tracker.seed_keys"][0]["key"]}
    seeded = client.get("/api/v1/webhooks", headers=headers).json["data"]
    assert [(w["url"], w["events"], w["status"]) for w in seeded] == [
        (receiver.url, ["run.completed"], "active")]
    client.post("/api/v1/webhooks/%d/test" % seeded[0]["id"], headers=headers)
    deliver(app)
    assert verify("whsec_known", *receiver.received[0])


@pytest.mark.parametrize("webhook, problem", [
    ({"url": "https://hooks.example/", "events": ["run.failed"], "color": "red"}, "unknown field"),
    ({"url": "https://hooks.example/", "events": ["nope"]}, "events: must be some of"),
    ({"url": "https://hooks.example/", "events": ["run.failed"], "secret": 5}, "wrong type"),
])
def test_a_bad_seeded_webhook_says_where(db, webhook, problem):
    with pytest.raises(tracker.ProvisioningError) as refused:
        tracker.load_seed(db, {"workspaces": [{"name": "W", "webhooks": [webhook]}]})
    assert str(refused.value).startswith("seed workspaces.0: seed webhooks.0: ")
    assert problem in str(refused.value)


def test_the_delivery_log_keeps_30_days_of_finished_deliveries(db):
    workspace = tracker.create_workspace(db, "Log")
    now = db.clock()

    def delivery(state, days_ago):
        stamp = tracker.iso_timestamp(now - days_ago * 86400)
        with db.write() as connection:
            hook = tracker.query_one(connection, """
                INSERT INTO webhooks (workspace_id, url, events, secret, created_at, updated_at)
                VALUES (?, 'https://hooks.example/', '[]', 's', ?, ?) RETURNING id""",
                (workspace["id"], stamp, stamp))
            return tracker.query_one(connection, """
                INSERT INTO webhook_deliveries (workspace_id, webhook_id, event_id, event_type,
                    body, state, next_attempt_at, created_at, updated_at)
                VALUES (?, ?, 'evt', 'webhook.test', x'7b7d', ?, ?, ?, ?) RETURNING id""",
                (workspace["id"], hook["id"], state, stamp, stamp, stamp))["id"]
    kept = [delivery("delivered", 29.9), delivery("failed", 29.9), delivery("pending", 90)]
    delivery("delivered", 30.1)
    delivery("failed", 31)
    assert tracker.prune_deliveries(db) == 2
    assert tracker.prune_deliveries(db) == 0
    left = tracker.query_all(db.connection(), "SELECT id FROM webhook_deliveries ORDER BY id")
    assert [row["id"] for row in left] == kept


def test_pruning_goes_a_batch_at_a_time(db):
    workspace = tracker.create_workspace(db, "Log")
    stamp = tracker.iso_timestamp(db.clock() - 40 * 86400)
    with db.write() as connection:
        hook = tracker.query_one(connection, """
            INSERT INTO webhooks (workspace_id, url, events, secret, created_at, updated_at)
            VALUES (?, 'https://hooks.example/', '[]', 's', ?, ?) RETURNING id""",
            (workspace["id"], stamp, stamp))
        connection.executemany("""
            INSERT INTO webhook_deliveries (workspace_id, webhook_id, event_id, event_type, body,
                state, next_attempt_at, created_at, updated_at)
            VALUES (?, ?, 'evt', 'webhook.test', x'7b7d', 'delivered', ?, ?, ?)""",
            [(workspace["id"], hook["id"], stamp, stamp, stamp)] * 5)
    assert [tracker.prune_deliveries(db, batch=2) for _ in range(4)] == [2, 2, 1, 0]


# A receiver that drips --------------------------------------------------------------------

def test_a_dripping_answer_is_cut_at_the_send_deadline_and_retried(db, clock):
    """The issue's receiver: 200 and then a header byte at a time. The send ends at its
    one deadline, and the attempt is a failure (before, a 20 s drip held the send for 20 s
    and was logged "delivered", 200)."""
    app = tracker.make_app(db, allow_private_webhooks=True, webhook_timeout=1)
    api = make_api(webtest.TestApp(app), db, rate_limit=100000)
    drip = DrippingReceiver(every=0.2, seconds=20)
    try:
        webhook = register(api, drip.url)
        api.post("/webhooks/%d/test" % webhook["id"], {})
        started = time.monotonic()
        assert deliver(app) == 1
        took = time.monotonic() - started
        assert 1 <= took < 1 + LATE
        assert drip.ended.wait(LATE)  # tracker hung up
        (logged,) = deliveries(api, webhook)
        assert {key: logged[key] for key in ("state", "attempts", "lastStatus", "lastError",
                                             "nextAttemptAt")} == {
            "state": "pending", "attempts": 1, "lastStatus": None,
            "lastError": "no complete reply within 1s",
            "nextAttemptAt": tracker.iso_timestamp(clock() + tracker.WEBHOOK_BACKOFF_SECONDS)}
        report_figure("webhooks: an answer dripping a byte every 0.2 s cut after %.2f s "
                      "(send deadline 1 s), logged as a failed attempt" % took)
    finally:
        drip.close()


def test_a_dripping_receiver_holds_only_its_own_endpoint(db):
    """While one workspace's receiver drips, another workspace's event arrives in its
    normal time; the drip ends at the send's deadline as a failed attempt."""
    deadline = 4
    app = tracker.make_app(db, allow_private_webhooks=True, webhook_timeout=deadline)
    client = webtest.TestApp(app)
    slow, fast = (make_api(client, db, name, rate_limit=100000) for name in ("Slow", "Fast"))
    drip, receiver = DrippingReceiver(every=0.2), Receiver()
    dispatcher = app.config["tracker.webhooks"]
    try:
        slow_hook, fast_hook = register(slow, drip.url), register(fast, receiver.url)
        dispatcher.start()
        slow.post("/webhooks/%d/test" % slow_hook["id"], {})
        assert drip.connected.wait(LATE)
        started = time.monotonic()
        fast.post("/webhooks/%d/test" % fast_hook["id"], {})
        assert receiver.wait_for(1, LATE)
        took = time.monotonic() - started
        assert not drip.ended.is_set()  # it arrived while the other send was dripping
        waited = time.monotonic() + deadline + LATE
        while deliveries(slow, slow_hook)[0]["attempts"] == 0 and time.monotonic() < waited:
            time.sleep(0.05)
        (cut,) = deliveries(slow, slow_hook)
        assert (cut["state"], cut["attempts"], cut["lastStatus"], cut["lastError"]) == (
            "pending", 1, None, "no complete reply within %ds" % deadline)
        (delivered,) = deliveries(fast, fast_hook)
        assert (delivered["state"], delivered["lastStatus"]) == ("delivered", 200)
        report_figure("webhooks: another workspace's event delivered in %.2f s while a "
                      "receiver dripped (poll every %g s)" % (took, dispatcher.poll_seconds))
    finally:
        dispatcher.stop()
        drip.close()
        receiver.close()


def test_an_endpoint_gets_one_delivery_at_a_time_in_order(hooks, hooks_app, receiver):
    """Senders run in parallel across endpoints, never two to one endpoint: the next
    delivery is sent once the one before it is logged."""
    dispatcher = hooks_app.config["tracker.webhooks"]
    dispatcher.timeout = 10  # the held request below must not be cut
    webhook = register(hooks, receiver.url)
    receiver.hold.set()
    queued = [hooks.post("/webhooks/%d/test" % webhook["id"], {}).json["data"]["id"]
              for _ in range(3)]
    dispatcher.start()
    try:
        assert receiver.wait_for(1, LATE)
        assert not receiver.wait_for(2, 1)  # held: the next waits
        receiver.hold.clear()
        assert receiver.wait_for(3, LATE)
        assert [int(headers["Tracker-Delivery"]) for headers, _ in receiver.received] == queued
    finally:
        dispatcher.stop()


# Trust nothing by default ------------------------------------------------------------

NOT_A_URL = ("must be a URL without spaces or control characters (percent-encode other "
             "characters; a host name in punycode)")
NO_HOST = "must name a host: a DNS name or an IP address"
NOT_HTTP = "must be an http or https URL"


@pytest.mark.parametrize("url, message", [
    ("https://hooks.example/a b", NOT_A_URL),
    ("https://hooks.example/in\r\nX-Injected: 1", NOT_A_URL),
    ("https://hooks.example/\x0bin", NOT_A_URL),
    ("https://hooks.example/in\tx", NOT_A_URL),
    ("https://hooks.exämple/in", NOT_A_URL),
    ("https:///in", NO_HOST),
    ("https://:8443/in", NO_HOST),
    ("https://hooks..example/in", NO_HOST),
    ("https://hooks%2eexample/in", NO_HOST),
    ("hooks.example/in", NOT_HTTP),
    ("javascript:alert(1)", NOT_HTTP),
    ("https://user@hooks.example/in", "must not carry credentials"),
])
def test_a_webhook_url_is_checked_as_a_url_when_created_or_changed(api, url, message):
    """A URL with a space or a line break was stored, and every delivery then failed:
    http.client refuses it, for good."""
    expected = [{"field": "url", "message": message}]
    body = {"url": url, "events": ["run.failed"]}
    assert api.post("/webhooks", body, status=422).json["errors"] == expected
    webhook = register(api, "https://hooks.example/in")
    assert api.patch("/webhooks/%d" % webhook["id"], {"url": url}, status=422).json["errors"] == \
        expected
    assert api.get("/webhooks/%d" % webhook["id"]).json["data"]["url"] == "https://hooks.example/in"


def six_to_four(ipv4):
    """The 6to4 address (2002::/16) of a site whose router is ipv4 (bits 16 to 48)."""
    return str(ipaddress.IPv6Address((0x2002 << 112) | (int(ipaddress.IPv4Address(ipv4)) << 80) | 1))


def teredo(ipv4):
    """A Teredo address (2001::/32) of a client at ipv4: its last 32 bits, inverted."""
    server = int(ipaddress.IPv4Address("65.54.227.120"))
    return str(ipaddress.IPv6Address((0x20010000 << 96) | (server << 64) | (0x8000 << 48)
                                     | (int(ipaddress.IPv4Address(ipv4)) ^ 0xFFFFFFFF)))


# The IPv6 forms that carry an IPv4 address to whoever routes them.
EMBEDDINGS = {
    "IPv4-mapped": lambda ipv4: "::ffff:" + ipv4,
    "IPv4-compatible": lambda ipv4: "::" + ipv4,
    "NAT64": lambda ipv4: "64:ff9b::" + ipv4,
    "6to4": six_to_four,
    "Teredo": teredo,
}


@pytest.mark.parametrize("form", EMBEDDINGS)
@pytest.mark.parametrize("ipv4, public", [("10.1.2.3", False), ("127.0.0.1", False),
                                          ("169.254.169.254", False), ("8.8.8.8", True)])
def test_an_ipv6_address_is_as_public_as_the_ipv4_address_it_carries(api, form, ipv4, public):
    """NAT64, 6to4 and IPv4-compatible addresses of private ones passed the guard."""
    address = EMBEDDINGS[form](ipv4)
    assert tracker.embedded_ipv4(ipaddress.IPv6Address(address)) == ipaddress.IPv4Address(ipv4)
    assert tracker.is_public_address(address) is public, address
    reply = api.post("/webhooks", {"url": "http://[%s]/hook" % address, "events": ["run.failed"]},
                     status=201 if public else 422)
    if not public:
        assert reply.json["errors"] == [{"field": "url", "message": "is a private address (start "
                                         "the server with --allow-private-webhooks to allow it)"}]


@pytest.mark.parametrize("ipv4", ["10.1.2.3", "127.0.0.1", "8.8.8.8"])
def test_local_use_nat64_is_never_public(ipv4):
    """64:ff9b:1::/48 (RFC 8215) is a network's own translator, whose prefix length, and so
    where the IPv4 address sits, only it knows."""
    assert not tracker.is_public_address("64:ff9b:1::" + ipv4)
    assert not tracker.is_public_address("64:ff9b:1:a01:2:300::")  # 10.1.2.3 in a /48's place


def test_a_read_key_sees_webhook_hosts_and_statuses_not_urls_or_answers(hooks, hooks_app, db,
                                                                        clock):
    """A read-only key saw whole URLs (capabilities: a chat tool's hook carries its secret
    in the path) and the start of each receiver's answer."""
    receiver = Receiver([500] * 100)
    reader = Api(hooks.client, tracker.create_key(db, hooks.workspace_id, scopes="read",
                                                  rate_limit=100000)["key"], hooks.workspace_id)
    try:
        url = receiver.url + "/T000/B000/XXXXsecretXXXX?token=abc"
        webhook = register(hooks, url)
        origin = "http://" + receiver.url.split("/")[2]
        hooks.post("/webhooks/%d/test" % webhook["id"], {})
        while deliver(hooks_app):
            clock.advance(tracker.WEBHOOK_BACKOFF_CAP_SECONDS)
        path = "/webhooks/%d" % webhook["id"]
        for api, shown_url, error in ((hooks, url, "HTTP 500: no thanks"),
                                      (reader, origin, "HTTP 500")):
            assert [item["url"] for item in api.get("/webhooks").json["data"]] == [shown_url]
            shown = api.get(path).json["data"]
            assert (shown["url"], shown["disabledReason"]) == (
                shown_url, "a delivery failed for 24 hours: HTTP 500")
            logged = api.get(path + "/deliveries").json["data"]["data"][0]
            assert (logged["lastStatus"], logged["lastError"]) == (500, error)
        reader.patch(path, {"status": "active"}, status=403)
    finally:
        receiver.close()
