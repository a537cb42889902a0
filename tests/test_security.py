"""Security: workspace isolation on every route (generic, so that a new route is covered
or this file fails), keys (hashes only, never logged, revocation and expiry at once
under load, bad keys never locking out an address), response headers, and stored names that
look like HTML or script.

tests/test_isolation.py and tests/test_analytics.py hold the route-by-route isolation
cases; tests/test_foundation.py the in-process key and header cases.
"""

import concurrent.futures
import http.client
import json
import re
import socket
import threading
import time
import urllib.request

import pytest
import webtest

import tracker
from conftest import Api, HttpClient, make_api, near_miss, report_figure, run_cli
from test_analytics import add_chat

SECRET = "ZQXSECRET"  # in every name and text of workspace A; B must never see it
NOWHERE = 987654321  # an id that names nothing


def populate(api, marker, runs=True):
    """A topic, tag, brand and prompts (with chats) whose every name holds marker."""
    api.post("/topics", {"name": "%s topic" % marker})
    api.post("/tags", {"name": "%s tag" % marker, "color": "red"})
    api.post("/brands", {"name": "%s Brand" % marker, "trackedNames": [marker],
                         "domains": ["%s.example" % marker.lower()], "type": "own"})
    api.post("/prompts", {"prompts": [
        {"text": "%s question %d" % (marker, n), "topic": "%s topic" % marker,
         "tags": ["%s tag" % marker], "location": "%s town" % marker} for n in range(3)]})
    api.post("/webhooks", {"url": "https://%s.example/hook" % marker.lower(),
                           "events": ["run.completed"]})
    api.post("/markets", {"name": "%s market" % marker, "country": "DE", "language": "de"})
    api.post("/personas", {"name": "%s persona" % marker, "description": "%s buyer" % marker})


def ids(api):
    """{kind: first id} of a workspace's items."""
    found = {kind: api.get("/" + kind).json["data"][0]["id"] for kind in ("topics", "tags", "brands")}
    found["prompts"] = api.get("/prompts").json["data"]["data"][0]["id"]
    found["analytics/chats"] = api.get("/analytics/chats").json["data"]["data"][0]["id"]
    found["webhooks"] = api.get("/webhooks").json["data"][0]["id"]
    for kind in ("markets", "personas"):
        found[kind] = api.get("/" + kind).json["data"]["data"][0]["id"]
    return found


LIST_VIEWS = [
    "/workspace", "/prompts", "/prompts?status=paused", "/prompts?search=question", "/topics",
    "/tags", "/brands", "/brands?type=own", "/analytics/chats", "/analytics/sources",
    "/analytics/sources?groupBy=url", "/analytics/rankings?interval=day&compare=previous&status=all",
    "/analytics/queries", "/engines", "/source-categories", "/analytics/discovered-brands",
    "/analytics/gaps/prompts", "/analytics/gaps/domains", "/source-categories/shared.example",
    "/analytics/traffic", "/analytics/traffic?groupBy=page", "/traffic/settings", "/traffic/robots",
    "/markets", "/personas",
]


def view(api, own):
    """Everything a workspace can read: every list, and each of its own items."""
    seen = {path: api.get(path).json for path in LIST_VIEWS}
    for kind, item_id in own.items():
        seen["/%s/%d" % (kind, item_id)] = api.get("/%s/%d" % (kind, item_id)).json
    return seen


# The ids a route takes in its path and query, by the kind of item they name.
PATH_KINDS = {"prompts": "prompts", "topics": "topics", "tags": "tags", "brands": "brands",
              "analytics/chats": "analytics/chats", "webhooks": "webhooks", "actions": "actions",
              "markets": "markets", "personas": "personas",
              "prompt-suggestions": "prompt-suggestions"}
QUERY_IDS = {"topicId": "topics", "tagId": "tags", "promptId": "prompts", "brandId": "brands"}
VALID_BODIES = {
    "prompts": {"text": "Hijacked", "status": "paused", "tags": ["hijack"], "topicName": "hijack"},
    "topics": {"name": "Hijacked"}, "tags": {"name": "Hijacked", "color": "zinc"},
    "brands": {"name": "Hijacked", "domains": ["evil.example"], "status": "hidden"},
    "webhooks": {"url": "https://evil.example/", "events": ["run.failed"], "status": "disabled"},
    "actions": {"status": "dismissed"},
    "markets": {"name": "Hijacked", "country": "FR", "language": "fr"},
    "personas": {"name": "Hijacked", "description": "a hijacker"},
}
POST_BODIES = {"redeliver": {"deliveryId": 1}}  # the POSTs to an item that take a body
QUERY_PARAMS = {  # the id filters each list route takes
    "/prompts": ["topicId", "tagId"],
    "/analytics/chats": ["promptId", "topicId", "tagId", "brandId"],
    "/analytics/sources": ["promptId", "topicId", "tagId"],
    "/analytics/rankings": ["promptId", "topicId", "tagId"],
    "/analytics/queries": ["promptId", "topicId", "tagId"],
    "/analytics/discovered-brands": ["promptId", "topicId", "tagId"],
    "/analytics/gaps/prompts": ["promptId", "topicId", "tagId"],
    "/analytics/gaps/domains": ["promptId", "topicId", "tagId"],
    "/analytics/traffic": ["promptId", "topicId", "tagId"],
    "/signals": ["brandId"],
    "/actions": ["brandId", "topicId"],
}


def test_no_route_lets_one_workspace_see_or_touch_another(client, db, clock):
    a = make_api(client, db, name="Alpha", rate_limit=10 ** 9)
    b = make_api(client, db, name="Beta", rate_limit=10 ** 9)
    worker = tracker.Worker(db)
    populate(b, "BETAONLY")
    worker.run_pending()
    own_b = ids(b)
    before = view(b, own_b)  # before A even exists
    populate(a, SECRET)
    worker.run_pending()
    # an action of A's: its brand named in an answer citing only another's page
    asked = a.get("/prompts").json["data"]["data"][0]
    add_chat(db, a.workspace_id, asked, "simulated", tracker.iso_timestamp(clock() - 60),
             [(a.get("/brands").json["data"][0]["id"], 1, 0)], urls=["https://elsewhere.example/x"])
    tracker.compute_and_store_actions(db, a.workspace_id)
    a_ids = dict(ids(a), actions=a.get("/actions").json["data"]["data"][0]["id"])
    # the ids another workspace must not reach: A's items, and a suggestion of A's
    targets = dict(a_ids, **{"prompt-suggestions": a.get("/prompt-suggestions").json["data"][
        "data"][0]["id"]})
    a_view = view(a, a_ids)
    assert SECRET in json.dumps(a_view)  # A's data is there to leak

    # B's every view is exactly what it was before A had anything: no count, list,
    # figure or ranking moved.
    assert view(b, own_b) == before

    covered, answers = set(), []
    routes = [(route.method, route.rule) for route in client.app.routes]
    for method, rule in routes:
        if not rule.startswith(tracker.API_PREFIX):  # /healthz: public, outside the API
            answers.append(client.get(rule))
            covered.add((method, rule))
            continue
        kind = next((k for k in PATH_KINDS if rule.startswith("%s/%s/<" % (tracker.API_PREFIX, k))), None)
        path = rule[len(tracker.API_PREFIX):]
        if kind:
            # Another workspace's id answers exactly as an id that names nothing.
            body = (VALID_BODIES.get(kind) if method in ("PUT", "PATCH")
                    else POST_BODIES.get(rule.rsplit("/", 1)[1], {}) if method == "POST" else None)
            theirs = send(b, method, re.sub(r"<\w+>", str(targets[kind]), path), body)
            nothing = send(b, method, re.sub(r"<\w+>", str(NOWHERE), path), body)
            assert (theirs.status_int, theirs.json) == (nothing.status_int, nothing.json) \
                and theirs.status_int == 404, (method, rule, theirs.json)
            answers.append(theirs)
        elif path == "/source-categories/<domain>":
            # A's override is A's: B sees the list's category, and has none to remove.
            a.put("/source-categories/shared.example", {"category": "editorial"})
            if method == "PUT":
                b.put("/source-categories/mine.example", {"category": "ugc"})
                assert a.get("/source-categories/mine.example").json["data"]["origin"] == "default"
                b.delete("/source-categories/mine.example")
            elif method == "DELETE":
                b.delete("/source-categories/shared.example", status=404)
            assert b.get("/source-categories/shared.example").json["data"]["category"] == "other"
            assert a.get("/source-categories/shared.example").json["data"]["category"] == "editorial"
            a.delete("/source-categories/shared.example")
        elif path.startswith("/traffic/") and method != "GET":
            # A's own domain is not B's to read logs or robots.txt for; B's retention is B's.
            domain = a.get("/brands?type=own").json["data"][0]["domains"][0]
            log = '192.0.2.1 - - [20/Nov/2026:08:00:00 +0000] "GET / HTTP/1.1" 200 1 "-" "x"\n'
            if method == "POST":
                b.client.post(tracker.API_PREFIX + path + "?host=" + domain, log,
                              headers=b.headers, status=422)
            elif method == "PATCH":
                b.patch(path, {"retentionDays": 30})
                b.patch(path, {"retentionDays": tracker.DEFAULT_RETENTION_DAYS})
            else:
                b.put(path + "?domain=" + domain, "User-agent: *\nDisallow: /\n", status=422)
            assert view(b, own_b) == before
        elif path == "/analytics/divergence":
            # An engine label only A's chats carry is not one B may compare.
            with db.write() as connection:
                connection.execute("""
                    INSERT INTO chats (workspace_id, run_id, prompt_id, prompt_text, engine, model,
                                       answer, latency_ms, created_at)
                    SELECT workspace_id, run_id, prompt_id, prompt_text, 'alphaonly', model, answer,
                           latency_ms, created_at FROM chats WHERE workspace_id = ? LIMIT 1""",
                    (a.workspace_id,))
            assert a.get(path + "?a=simulated&b=alphaonly").json["data"]["promptDays"] == 1
            theirs = b.get(path + "?a=simulated&b=alphaonly", status=422)
            assert theirs.json["errors"] == [{"field": "b", "message": "is not an engine of this "
                                              "server or of the workspace's chats: one of simulated"}]
            answers += [theirs, b.get(path + "?a=simulated&b=simulated", status=422)]
            with db.write() as connection:
                connection.execute("DELETE FROM chats WHERE engine = 'alphaonly'")
        elif method == "GET":
            for name in QUERY_PARAMS.get(path, []):
                theirs = b.get("%s?%s=%d" % (path, name, a_ids[QUERY_IDS[name]]))
                nothing = b.get("%s?%s=%d" % (path, name, NOWHERE))
                assert theirs.json == nothing.json, (rule, name)
                answers.append(theirs)
            answers.append(b.get(path))
        elif (method, path) == ("POST", "/prompts"):
            # A's topic and tag names give B topics and tags of its own.
            reply = b.post(path, {"text": "%s mine" % SECRET, "topic": "%s topic" % SECRET,
                                  "tags": ["%s tag" % SECRET]}).json["data"]["prompts"][0]
            assert reply["topicId"] != a_ids["topics"] and reply["topic"]["workspaceId"] == b.workspace_id
            assert [tag["workspaceId"] for tag in reply["tags"]] == [b.workspace_id]
            b.delete("/prompts/%d" % reply["id"])
            b.delete("/topics/%d" % reply["topicId"])
            b.delete("/tags/%d" % reply["tags"][0]["id"])
        elif (method, path) == ("POST", "/webhooks"):
            reply = b.post(path, {"url": "https://evil.example/", "events": ["run.failed"]}).json
            assert reply["data"]["url"] == "https://evil.example/"
            b.delete("/webhooks/%d" % reply["data"]["id"])
        elif (method, path) == ("POST", "/signals/scan"):
            # B's scan reads B's prompts and rollups only, and finds nothing in A's
            scan = b.post(path, {}, status=200)
            assert (scan.json["data"]["signals"], b.get("/signals").json["data"]["total"]) == ([], 0)
            answers.append(scan)
        elif (method, path) == ("POST", "/actions/refresh"):
            # one compute at a time is per workspace: A's asked does not hold B's back
            a.post(path, {}, status=202)
            b.post(path, {}, status=202)
            with db.write() as connection:  # neither is computed here: B's view stays
                connection.execute("DELETE FROM action_refreshes")
        elif method == "POST":
            kind = path.strip("/")
            reply = b.post(path, dict(VALID_BODIES[kind], name="%s %s" % (SECRET, kind))).json["data"]
            assert reply["workspaceId"] == b.workspace_id
            b.delete("/%s/%d" % (kind, reply["id"]))
        elif (method, path) == ("PATCH", "/engines/<label>"):
            # An engine turned off by A stays on for B.
            a.patch("/engines/simulated", {"enabled": False})
            assert [engine["enabled"] for engine in b.get("/engines").json["data"]] == [True]
            a.patch("/engines/simulated", {"enabled": True})
        elif (method, path) == ("PATCH", "/surface-engines/<label>"):
            # A search surface's engine turned off by A stays on for B (a server that has
            # one, on the same file; it is never asked here).
            surfaces = webtest.TestApp(tracker.make_app(db, engines=[tracker.parse_engine(
                "aio=serpapi:google-ai-overview@http://127.0.0.1:9", {"SERPAPI_API_KEY": "k"})]))
            a_there, b_there = (Api(surfaces, api.key, api.workspace_id) for api in (a, b))
            a_there.patch("/surface-engines/aio", {"enabled": False})
            assert [engine["enabled"] for engine in
                    b_there.get("/surface-engines").json["data"]] == [True]
            a_there.patch("/surface-engines/aio", {"enabled": True})
        elif (method, path) == ("PATCH", "/workspace"):
            # A's samples per run are A's.
            a.patch("/workspace", {"samplesPerRun": 5})
            assert b.get("/workspace").json["data"]["workspace"]["samplesPerRun"] == 1
            a.patch("/workspace", {"samplesPerRun": 1})
        else:
            raise AssertionError("no isolation check for %s %s: add one here" % (method, rule))
        covered.add((method, rule))
    assert covered == set(routes)

    # A prompt of B cannot be pointed at A's topic or tag ids: the same 422 as for no id.
    mine = own_b["prompts"]
    for body, field in (({"topicId": a_ids["topics"]}, "topicId"), ({"tags": [a_ids["tags"]]}, "tags.0")):
        theirs = b.patch("/prompts/%d" % mine, body, status=422).json
        nothing = b.patch("/prompts/%d" % mine, {k: NOWHERE if k == "topicId" else [NOWHERE]
                                                 for k in body}, status=422).json
        assert theirs["errors"][0]["field"] == field
        assert theirs == json.loads(json.dumps(nothing).replace(str(NOWHERE), str(a_ids["tags"])))

    leaked = [answer for answer in answers if SECRET in answer.text]
    # B's own notes of what it made above with A's names (and deleted), and nothing else
    assert [answer.request.path for answer in leaked] == ["/api/v1/analytics/annotations"]
    assert sorted({note["description"] for note in leaked[0].json["data"]["data"]
                   if SECRET in note["description"]}) == [
        "Brand added: %s brands" % SECRET, "Brand deleted: %s brands" % SECRET,
        "Prompt added: %s mine" % SECRET, "Prompt deleted: %s mine" % SECRET]
    assert view(b, own_b) == before  # and B's deletes above left it as it was
    assert view(a, a_ids) == a_view  # nothing of A changed


def send(api, method, path, body):
    if method in ("PUT", "PATCH", "POST"):
        return api.send(method, path, body, status=404)
    return getattr(api, method.lower())(path, status=404)


# Keys ------------------------------------------------------------------------------------

def make_key(db_path, **options):
    db = tracker.Database(str(db_path))
    workspace = tracker.create_workspace(db, "Keys")
    key = tracker.create_key(db, workspace["id"], **options)
    db.close()
    return key


def test_keys_are_never_stored_or_logged_only_their_hashes(tmp_path, server_factory):
    db_path = tmp_path / "tracker.db"
    server = server_factory(db_path)  # bootstraps a key and prints it once
    cli_key = make_key(db_path, rate_limit=1000)["key"]
    client = HttpClient(server.url, cli_key)
    for path in ("/workspace", "/workspace?key=" + cli_key, "/prompts/abc", "/nowhere"):
        client.call("GET", path)
    client.call("POST", "/tags", {"name": "x"}, headers={"Idempotency-Key": "k1"})
    client.call("POST", "/tags", {"name": 5})
    HttpClient(server.url, server.key).call("GET", "/workspace")
    HttpClient(server.url, near_miss(cli_key)).call("GET", "/workspace")  # a near miss
    # Read the files while the server still holds them (WAL and all), then after it stops.
    for stopped in (False, True):
        if stopped:
            assert server.stop() == 0
        stored = b"".join(path.read_bytes() for path in tmp_path.iterdir() if path.is_file())
        for key in (cli_key, server.key):
            assert key.encode() not in stored and key[4:-6].encode() not in stored
    log = server.log()
    assert cli_key not in log and cli_key[4:-6] not in log
    # The bootstrap key is in its one-time banner only: on its own line and in the curl line.
    assert log.count(server.key) == 2 and log.count(server.key[4:-6]) == 2


def hammer(url, key, stop, record):
    """Ask GET /workspace with key until stop is set; record (sent, answered, status)."""
    client = HttpClient(url, key)
    while not stop.is_set():
        sent = time.time()
        status = client.call("GET", "/workspace")[0]
        record.append((sent, time.time(), status))


def test_revoked_and_expired_keys_fail_at_once_under_load(tmp_path, server_factory):
    """Every request sent after the revocation committed, or after the expiry, fails with
    401; the key cache must notice another process's commit to pass this.

    The revocation commits at some moment while the CLI runs: answers given before the CLI
    started must be 200s, requests sent after it exited 401s. (Its exit can come well after
    its commit on a loaded machine, so the commit is not "the exit, less a margin".)
    """
    servers = {name: server_factory(tmp_path / (name + ".db"), "--threads", "4")
               for name in ("revoked", "expiring")}
    expires = time.time() + 2.5
    keys = {"revoked": make_key(tmp_path / "revoked.db", rate_limit=10 ** 6),
            "expiring": make_key(tmp_path / "expiring.db", rate_limit=10 ** 6,
                                 expires=tracker.iso_timestamp(expires))}
    record = {name: [] for name in servers}
    stop = threading.Event()
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        futures = [pool.submit(hammer, servers[name].url, keys[name]["key"], stop, record[name])
                   for name in servers for _ in range(4)]
        time.sleep(1)
        cli_started = time.time()
        code, _, err = run_cli(tmp_path / "revoked.db", "key", "revoke", str(keys["revoked"]["id"]))
        cli_exited = time.time()
        assert code == 0, err
        time.sleep(max(expires, cli_exited) + 1 - time.time())  # a second of answers after both
        stop.set()
        for future in futures:
            future.result()
    windows = {"revoked": (cli_started, cli_exited), "expiring": (expires - 0.3, expires)}
    for name, (valid_until, invalid_from) in windows.items():
        before = [status for _, answered, status in record[name] if answered < valid_until]
        after = [status for sent, _, status in record[name] if sent > invalid_from + 0.002]
        assert before and set(before) == {200}, name
        assert after and set(after) == {401}, (name, after[:5])


def test_bad_keys_from_one_address_never_refuse_a_good_one(tmp_path, server_factory):
    """A broken health probe behind the same proxy as everyone: its failures are 401s, and
    a good key from the same address keeps working with its own limit."""
    db_path = tmp_path / "tracker.db"
    good = make_key(db_path, rate_limit=1000)["key"]
    server = server_factory(db_path)
    guesses = [tracker.generate_key() for _ in range(40)] + ["trk_short", "Bearer", "", good[:-1] + ("1" if good.endswith("0") else "0")] \
        + ["x" * 44] * 6
    statuses = [HttpClient(server.url, guess).call("GET", "/workspace")[0] for guess in guesses]
    assert statuses == [401] * len(guesses)
    status, headers, _ = HttpClient(server.url, good).call("GET", "/workspace")
    assert (status, headers["X-RateLimit-Remaining"]) == (200, "999")


# Response headers ------------------------------------------------------------------------

VERSION_WORDS = re.compile(r"cheroot|bottle|python|werkzeug|/[0-9]+\.[0-9]+", re.IGNORECASE)


def test_every_answer_has_nosniff_no_version_banner_and_authenticated_ones_no_store(tmp_path,
                                                                                   server_factory):
    db_path = tmp_path / "tracker.db"
    key = make_key(db_path, rate_limit=10 ** 6)["key"]
    reader = make_key(db_path, scopes="read", rate_limit=10 ** 6)["key"]
    server = server_factory(db_path)
    good, read_only, nobody = (HttpClient(server.url, k) for k in (key, reader, "trk_wrong"))
    good.call("POST", "/prompts", {"text": "headers", "topic": "t", "tags": ["g"]})
    good.call("POST", "/brands", {"name": "Headers"})
    app = tracker.make_app(":memory:")
    answers = []
    for route in app.routes:
        if route.rule in ("/healthz", tracker.API_PREFIX + "/docs"):
            continue  # not JSON API answers: their headers are checked below
        path = re.sub(r"<\w+>", "1", route.rule[len(tracker.API_PREFIX):])
        body = {} if route.method in ("POST", "PUT", "PATCH") else None
        authenticated = route.config.get("auth", True)  # openapi.json is public
        for client in (good, read_only, nobody):
            status, headers, _ = client.call(route.method, path, body)
            answers.append((route.method, path, status, headers, authenticated))
        status, headers, _ = good.call(route.method, path.replace("/1", "/9999"), body)
        answers.append((route.method, path, status, headers, authenticated))
    for method, path in (("GET", "/nowhere"), ("DELETE", "/workspace"), ("GET", "/../../etc/passwd")):
        status, headers, _ = good.call(method, path)
        answers.append((method, path, status, headers, False))
    for path, content_type in (("/healthz", "application/json"),
                               (tracker.API_PREFIX + "/docs", "text/html; charset=utf-8")):
        with urllib.request.urlopen(server.url + path, timeout=10) as reply:
            assert (reply.headers["X-Content-Type-Options"], reply.headers["Content-Type"],
                    reply.headers["Server"]) == ("nosniff", content_type, "tracker"), path
    statuses = {status for _, _, status, _, _ in answers}
    assert {200, 401, 403, 404, 405, 422} <= statuses
    for method, path, status, headers, authenticated in answers:
        where = (method, path, status)
        assert headers["X-Content-Type-Options"] == "nosniff", where
        assert headers["Content-Type"] == "application/json", where
        assert headers["Server"] == "tracker", where
        assert not any(VERSION_WORDS.search(value) for name, value in headers.items()
                       if name.lower() not in ("date", "content-length")), (where, dict(headers))
        if authenticated:
            assert headers["Cache-Control"] == "no-store", where


# Names that look like HTML -------------------------------------------------------------

PAYLOADS = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "</script><svg onload=alert(1)>",
            "{{7*7}} ${7*7}", "javascript:alert(1)", "\u2028\u2029<!--", "';alert(1)//"]
# Brand names refuse control characters (U+2028 and U+2029 among them): the others are data.
BRAND_PAYLOADS = [payload for payload in PAYLOADS if not tracker.UNPRINTABLE.search(payload)]


# The GET routes that answer nothing without a query: their 422 is served as JSON too.
NEEDS_QUERY = {"/analytics/divergence": 422}


def test_names_that_look_like_html_are_data_served_as_json(client, db):
    api = make_api(client, db, rate_limit=10 ** 9)
    api.post("/webhooks", {"url": "https://hooks.example/", "events": ["run.completed"]})
    api.post("/markets", {"name": PAYLOADS[0], "country": "DE", "language": "de"})
    api.post("/personas", {"name": PAYLOADS[0][:100], "description": PAYLOADS[0][:500]})
    for n, payload in enumerate(PAYLOADS):
        api.post("/topics", {"name": "%d %s" % (n, payload)})
        api.post("/tags", {"name": "%d %s" % (n, payload)})
        api.post("/brands", {"name": "%d %s" % (n, payload), "trackedNames": [payload]},
                 status=201 if payload in BRAND_PAYLOADS else 422)
        api.post("/prompts", {"text": "%d %s" % (n, payload), "location": payload[:255],
                              "topic": "%d %s" % (n, payload), "tags": ["%d %s" % (n, payload)]})
    tracker.Worker(db).run_pending()
    # an answer naming a payload brand and no own brand: a prompt gap, GET /actions/1
    add_chat(db, api.workspace_id, api.get("/prompts").json["data"]["data"][0], "simulated",
             tracker.iso_timestamp(db.clock() - 60), [(api.get("/brands").json["data"][0]["id"], 1, 0)])
    tracker.compute_and_store_actions(db, api.workspace_id)
    served = 0
    for route in client.app.routes:
        if route.method != "GET":
            continue
        path = route.rule[len(tracker.API_PREFIX):] if route.rule.startswith(tracker.API_PREFIX) else None
        reply = (api.get(re.sub(r"<\w+>", "1", path), status=NEEDS_QUERY.get(path, 200))
                 if path is not None
                 else client.get(re.sub(r"<\w+>", "1", route.rule), expect_errors=True))
        served += 1
        if reply.content_type == "application/json":
            assert reply.headers["X-Content-Type-Options"] == "nosniff"
            text = json.dumps(reply.json, ensure_ascii=False)
            if path in ("/topics", "/tags", "/brands", "/prompts"):  # the lists of all
                sent = BRAND_PAYLOADS if path == "/brands" else PAYLOADS
                for payload in sent:  # stored and served exactly as sent
                    assert payload in text, (route.rule, payload)
        else:  # an HTML page (a docs page, say) must escape what it shows
            for payload in PAYLOADS:
                assert payload not in reply.text, route.rule
    assert served >= 10


def test_a_request_cannot_forge_lines_in_the_log(tmp_path, server_factory):
    """The access log wrote the decoded path as it came: %0A started a new, forged line."""
    server = server_factory(tmp_path / "tracker.db")
    forged = "2026-11-21 00:00:00,000 INFO GET /api/v1/admin 200 1.0ms"
    HttpClient(server.url, server.key).call("GET", "/x%0A" + forged.replace(" ", "%20") + "%0D%E2%80%A8")
    assert server.stop() == 0
    lines = server.log().splitlines()
    assert not any(line.startswith(forged) for line in lines)
    assert "GET /api/v1/x\\u000a%s\\u000d\\u2028 404 " % forged in server.log()


def test_a_trace_in_the_log_escapes_each_message_and_keeps_its_frames():
    """A traceback logged for a failure (a run, a request, a webhook send) may quote outside
    text in its messages: those are escaped, its frames stay one per line."""
    def fail():
        try:
            raise ValueError("engine said:\nERROR forged")
        except ValueError as error:
            raise RuntimeError("while storing\r\nERROR forged too") from error
    try:
        fail()
    except RuntimeError as error:
        trace = tracker.loggable_trace(error).split("\n")
    messages = [line for line in trace if line.endswith("forged") or line.endswith("too")]
    assert messages == ["ValueError: engine said:\\u000aERROR forged",
                        "RuntimeError: while storing\\u000d\\u000aERROR forged too"]
    assert trace[0] == "Traceback (most recent call last):"
    assert "The above exception was the direct cause of the following exception:" in trace
    assert sum(line.startswith('  File "') for line in trace) == 3
    assert [line for line in trace if line and not line.startswith(" ")] == [
        "Traceback (most recent call last):", messages[0],
        "The above exception was the direct cause of the following exception:",
        "Traceback (most recent call last):", messages[1]]


# Trust nothing by default ----------------------------------------------------------------

WRONG_KEY = "That is not a valid API key, or it was revoked or has expired."


def sign_in_form(client):
    """The sign-in form's CSRF token (its cookie is now in client)."""
    return client.get("/").html.find("input", {"name": "csrf"})["value"]


def multipart(fields, boundary="b0undary"):
    body = b"".join(b'--%s\r\nContent-Disposition: form-data; name="%s"\r\n\r\n%s\r\n'
                    % (boundary.encode(), name.encode(), value.encode()) for name, value in fields)
    return body + b"--%s--\r\n" % boundary.encode(), "multipart/form-data; boundary=" + boundary


def urlencoded(fields):
    return "&".join("%s=%s" % field for field in fields).encode(), \
        "application/x-www-form-urlencoded"


def padded(encode, csrf, size):
    """A sign-in form of exactly size bytes: csrf, a wrong key and padding."""
    fields = [("csrf", csrf), ("key", "trk_wrong"), ("pad", "")]
    short = size - len(encode(fields)[0])
    return encode(fields[:2] + [("pad", "a" * short)])


def many(encode, csrf, count):
    """A sign-in form of count fields: csrf, a wrong key and empty ones."""
    return encode([("csrf", csrf), ("key", "trk_wrong")] + [("x", "")] * (count - 2))


@pytest.mark.parametrize("encode", [multipart, urlencoded])
@pytest.mark.parametrize("build, limit, message", [
    (padded, tracker.FORM_MAX_BYTES, "A form exceeds %d bytes" % tracker.FORM_MAX_BYTES),
    (many, tracker.FORM_MAX_FIELDS, "A form has at most %d fields" % tracker.FORM_MAX_FIELDS),
])
def test_a_form_has_the_same_limits_multipart_or_urlencoded(client, encode, build, limit, message):
    """A 5.9 MB multipart body of 100,000 parts cost 2-7 s of CPU on the anonymous /sign-in,
    where an urlencoded one got a 413: both are now refused before they are parsed."""
    def sign_in(form, status):
        body, content_type = form  # as sent: WebTest would encode a multipart body itself
        return client.request("/sign-in", method="POST", body=body, content_type=content_type,
                              status=status)
    csrf = sign_in_form(client)
    page = sign_in(build(encode, csrf, limit), 200)
    assert page.html.find(id="sign-in-problem").text == WRONG_KEY
    page = sign_in(build(encode, csrf, limit + 1), 413)
    assert page.html.find("div", class_="problem").p.text == message
    started = time.perf_counter()
    sign_in(encode([("csrf", csrf)] + [("x", "")] * 100_000), 413)
    assert time.perf_counter() - started < 1


FORWARDED = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example"}


def as_forwarded(client, peer):
    """(Location of a page's redirect, whether the sign-in cookie is Secure) for a request
    from peer that carries FORWARDED."""
    environ = {"REMOTE_ADDR": peer}
    moved = client.get("/prompts", headers=FORWARDED, extra_environ=environ, status=303)
    page = client.get("/", headers=FORWARDED, extra_environ=environ, status=200)
    return moved.headers["Location"], "; Secure" in page.headers["Set-Cookie"]


def test_forwarded_headers_count_only_from_a_trusted_proxy(db):
    """X-Forwarded-Proto and -Host were taken from any client: a redirect's Location named
    their host, and a cookie was Secure or not as they said. A Location is relative now
    (issue 37), whoever sends what."""
    honoured, ignored = ("/", True), ("/", False)
    client = webtest.TestApp(tracker.make_app(db))
    assert as_forwarded(client, "127.0.0.1") == ignored  # by default, no one is trusted
    proxies = tracker.trusted_proxies(["10.0.0.0/8", "2001:db8::7"])
    client = webtest.TestApp(tracker.make_app(db, trusted_proxies=proxies))
    for peer in ("10.1.2.3", "::ffff:10.1.2.3", "2001:db8::7"):
        assert as_forwarded(client, peer) == honoured, peer
    for peer in ("127.0.0.1", "11.1.2.3", "2001:db8::8", ""):
        assert as_forwarded(client, peer) == ignored, peer


def raw_request(server, method, path, host, headers=(), body=b""):
    """(status, [(header, value)], body) of one request sent byte for byte as given (Host
    too, however hostile) over loopback."""
    address = server.url.rsplit("//", 1)[1].rsplit(":", 1)
    lines = ["%s %s HTTP/1.1" % (method, path), "Host: " + host, "Connection: close",
             "Content-Length: %d" % len(body), *("%s: %s" % pair for pair in headers)]
    with socket.create_connection((address[0], int(address[1])), timeout=10) as connection:
        connection.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        reply = http.client.HTTPResponse(connection)
        reply.begin()
        return reply.status, reply.getheaders(), reply.read()


def forwarded_secure(server):
    """Whether the sign-in cookie is Secure on a page asked for with FORWARDED headers over
    loopback (the scheme is the proxy's only when the peer is trusted)."""
    status, headers, _ = raw_request(server, "GET", "/", "127.0.0.1", FORWARDED.items())
    assert status == 200
    return "; Secure" in dict(headers)["Set-Cookie"]


def test_serve_takes_trusted_proxies_from_its_options_or_the_environment(tmp_path, server_factory):
    server = server_factory(tmp_path / "a.db", "--trusted-proxy", "127.0.0.1/32",
                            "--trusted-proxy", "::1")
    assert forwarded_secure(server) is True
    server = server_factory(tmp_path / "b.db", env={"TRACKER_TRUSTED_PROXIES": "10.0.0.1, ::1"})
    assert forwarded_secure(server) is False
    server = server_factory(tmp_path / "c.db", env={"TRACKER_TRUSTED_PROXIES": "127.0.0.0/8"})
    assert forwarded_secure(server) is True
    code, _, error = run_cli(tmp_path / "d.db", "serve", "--trusted-proxy", "proxy.example",
                             "--port", "0")
    assert (code, error) == (1, "tracker: error: --trusted-proxy 'proxy.example' is not an IP "
                                "address or network\n")
    assert not (tmp_path / "d.db").exists()


HOSTILE_HOSTS = ("evil.example", "127.0.0.1:18080@evil.example")


def cookie_of(headers, name):
    return next(value.split(";")[0].split("=", 1)[1] for header, value in headers
                if header == "Set-Cookie" and value.startswith(name + "="))


def test_every_redirect_is_relative_whatever_host_the_client_names(tmp_path, server_factory):
    """Issue 37: POST /settings with Host: evil.example redirected to
    http://evil.example/settings (and Host: 127.0.0.1:18080@evil.example likewise): the
    Location was built from the Host header. Through a real server, with the Host header
    sent raw, sign-in, a page without a session, a form and sign-out all redirect to a path."""
    server = server_factory(tmp_path / "hosts.db", "--trusted-proxy", "127.0.0.1")
    for host in HOSTILE_HOSTS:
        status, headers, body = raw_request(server, "GET", "/prompts", host)
        assert (status, dict(headers)["Location"], body) == (303, "/", b"")
        status, headers, body = raw_request(server, "GET", "/sign-in", host)
        form_token = cookie_of(headers, tracker.SIGN_IN_COOKIE)
        form = ("key=%s&csrf=%s" % (server.key, form_token)).encode()
        status, headers, _ = raw_request(
            server, "POST", "/sign-in", host, body=form,
            headers=[("Content-Type", "application/x-www-form-urlencoded"),
                     ("Cookie", "%s=%s" % (tracker.SIGN_IN_COOKIE, form_token))])
        assert (status, dict(headers)["Location"]) == (303, "/")
        session = [("Cookie", "%s=%s" % (tracker.SESSION_COOKIE,
                                         cookie_of(headers, tracker.SESSION_COOKIE)))]
        status, _, page = raw_request(server, "GET", "/settings", host, headers=session)
        csrf = re.search(rb'name="csrf" value="([^"]+)"', page).group(1).decode()
        for path, fields, location in (("/settings", "samplesPerRun=2&", "/settings"),
                                       ("/sign-out", "", "/")):
            status, headers, _ = raw_request(
                server, "POST", path, host, body=("%scsrf=%s" % (fields, csrf)).encode(),
                headers=session + [("Content-Type", "application/x-www-form-urlencoded")])
            assert (status, dict(headers)["Location"]) == (303, location), path
        # the API's one Location, a create's, is a path too
        status, headers, _ = raw_request(
            server, "POST", "/api/v1/topics", host, body=b'{"name": "T %d"}' % len(host),
            headers=[("Authorization", "Bearer " + server.key),
                     ("Content-Type", "application/json")])
        assert status == 201 and dict(headers)["Location"].startswith("/api/v1/topics/")
    report_figure("redirects: %d hostile Host headers through a real server, every Location a "
                  "path" % len(HOSTILE_HOSTS))
