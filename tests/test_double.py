"""The laptop test double: --memory, --seed, --print-env, --runs, make_app(seed=...),
and the pytest plugin as a downstream project uses it."""

import json
import os
import subprocess
import sys
import textwrap

import pytest
import webtest

import tracker
from conftest import ServerProcess


def seed_document(keys):
    """A seed with one workspace per error the API can give, and known keys."""
    return {"workspaces": [
        {"name": "Acme", "plan": "team",
         "keys": [{"name": "ci", "key": keys["rw"]},
                  {"name": "reader", "key": keys["read"], "scopes": ["read"]},
                  {"name": "old", "key": keys["expired"], "expires": "2020-01-01"},
                  {"name": "tiny", "key": keys["tiny"], "rateLimit": 1}],
         "brands": [{"name": "Acme CRM", "type": "own", "domains": ["acme.com"],
                     "trackedNames": ["Acme"]}],
         "topics": [{"name": "CRM"}],
         "tags": [{"name": "b2b", "color": "blue"}],
         "prompts": [{"text": "Best CRM for startups?", "topic": "CRM", "tags": ["b2b"]},
                     {"text": "Old question", "status": "paused"}]},
        {"name": "Lapsed", "subscription": "canceled", "keys": [{"key": keys["canceled"]}]},
        {"name": "Free", "plan": "free", "apiAccess": False, "keys": [{"key": keys["no_api"]}]},
    ]}


@pytest.fixture
def keys():
    return {name: tracker.generate_key()
            for name in ("rw", "read", "expired", "tiny", "canceled", "no_api")}


@pytest.fixture
def seeded_server(tmp_path, keys):
    seed = tmp_path / "seed.json"
    seed.write_text(json.dumps(seed_document(keys)))
    server = ServerProcess(tmp_path / "unused.db", "--memory", "--seed", str(seed), "--runs",
                           "instant", "--print-env").start()
    yield server
    server.stop()


def test_a_seeded_double_reaches_every_error_on_purpose(seeded_server, keys, tmp_path):
    server = seeded_server
    assert server.request("GET", "/workspace", keys["rw"])[2]["data"]["workspace"]["name"] == "Acme"
    cases = [("GET", keys["read"], None, 200, None),
             ("POST", keys["read"], {"text": "x"}, 403, "INSUFFICIENT_SCOPE"),
             ("GET", keys["expired"], None, 401, "API_KEY_INVALID"),
             ("GET", keys["canceled"], None, 402, "SUBSCRIPTION_REQUIRED"),
             ("GET", keys["no_api"], None, 403, "API_ACCESS_DISABLED"),
             ("GET", keys["tiny"], None, 200, None),
             ("GET", keys["tiny"], None, 429, "RATE_LIMIT_EXCEEDED")]
    for method, key, body, status, code in cases:
        path = "/prompts" if method == "POST" else "/workspace"
        got_status, _, reply = server.request(method, path, key, body)
        assert (got_status, reply.get("code")) == (status, code)
    assert not (tmp_path / "unused.db").exists()  # --memory leaves nothing behind


def test_print_env_and_seeded_data(seeded_server, keys):
    assert read_env(seeded_server) == {"TRACKER_BASE_URL": seeded_server.url + "/api/v1", "TRACKER_API_KEY": keys["rw"]}
    prompts = seeded_server.request("GET", "/prompts?status=paused", keys["rw"])[2]["data"]["data"]
    assert [p["text"] for p in prompts] == ["Old question"]
    tags = seeded_server.request("GET", "/tags", keys["rw"])[2]["data"]
    assert [(t["name"], t["color"], t["promptCount"]) for t in tags] == [("b2b", "blue", 1)]


def read_env(server):
    """The two lines --print-env writes on stdout."""
    return dict(server.process.stdout.readline().strip().split("=", 1) for _ in range(2))


def test_instant_runs_answer_before_the_write_returns(seeded_server, keys):
    server = seeded_server
    rankings = server.request("GET", "/analytics/rankings", keys["rw"])[2]["data"]
    assert rankings["chats"] == 1  # the seeded active prompt, answered at start-up
    assert server.request("POST", "/prompts", keys["rw"], {"text": "Top CRM tools?"})[0] == 201
    chats = server.request("GET", "/analytics/chats", keys["rw"])[2]["data"]
    assert chats["total"] == 2 and chats["data"][0]["prompt"] == "Top CRM tools?"
    assert chats["data"][0]["engine"] == "simulated"


def test_runs_off_leaves_runs_queued(tmp_path, server_factory):
    server = server_factory(tmp_path / "t.db", "--runs", "off")
    server.request("POST", "/prompts", server.key, {"text": "q"})
    assert server.request("GET", "/analytics/chats", server.key)[2]["data"]["total"] == 0
    assert "runs off" in server.log()


def test_toml_seeds_work_too(tmp_path, server_factory):
    key = tracker.generate_key()
    seed = tmp_path / "seed.toml"
    seed.write_text(textwrap.dedent('''
        [[workspaces]]
        name = "Acme"
        [[workspaces.keys]]
        key = "%s"
        [[workspaces.prompts]]
        text = "Best CRM?"
    ''' % key))
    server = server_factory(tmp_path / "t.db", "--seed", str(seed))
    assert server.key is None  # no Default workspace when a seed is given
    assert server.request("GET", "/prompts", key)[2]["data"]["total"] == 1


@pytest.mark.parametrize("seed, message", [
    ({"workspaces": [{"name": "A", "color": "red"}]},
     "seed workspaces.0: unknown field color (known: apiAccess, brands, keys, name, plan, "
     "prompts, subscription, tags, topics, webhooks)"),
    ({"workspaces": [{"keys": [{"rateLimt": 5}]}]}, "seed workspaces.0: seed keys.0: unknown field rateLimt"),
    ({"workspaces": [{"keys": [{"key": "trk_nope"}]}]}, "not a well-formed tracker key"),
    ({"workspaces": [{"brands": [{"name": "", "color": "red"}]}]},
     "seed workspaces.0: seed brands.0: color: must be # followed by 6 or 3 hexadecimal digits; "
     "name: must be 1 to 255 characters"),
    ({"workspaces": [{"prompts": [{"text": "a"}, {"text": "A"}]}]},
     "prompts.1: Duplicate prompt: same as item 0"),
    ({"workspaces": [{"prompts": [{"text": "a", "status": "done"}]}]},
     "prompts.0.status: must be one of: draft, active, paused, suggested, rejected"),
    ({"workspaces": [{"subscription": "gone"}]}, "subscription must be one of"),
    ({"workspaces": [{"apiAccess": "yes"}]}, "apiAccess has the wrong type"),
    ({"workspaces": {}}, "workspaces has the wrong type"),
    ({"workspace": []}, "a seed is an object with one field, workspaces"),
])
def test_bad_seeds_are_refused_with_the_place_of_the_problem(tmp_path, seed, message):
    path = tmp_path / "seed.json"
    path.write_text(json.dumps(seed))
    done = subprocess.run([sys.executable, "-m", "tracker", "serve", "--memory", "--seed", str(path)],
                          capture_output=True, text=True, timeout=30,
                          cwd=os.path.dirname(os.path.dirname(tracker.__file__)))
    assert done.returncode == 1
    assert message in done.stderr


def test_a_failed_seed_leaves_the_database_empty(db):
    with pytest.raises(tracker.ProvisioningError):
        tracker.load_seed(db, {"workspaces": [{"name": "ok"}, {"name": "bad", "plan": 5}]})
    assert tracker.list_workspaces(db) == []


def test_a_seed_needs_an_empty_database(db):
    tracker.create_workspace(db, "Existing")
    with pytest.raises(tracker.ProvisioningError, match="a seed needs an empty database"):
        tracker.load_seed(db, {"workspaces": []})


def test_invalid_seed_files_are_refused(tmp_path):
    path = tmp_path / "seed.toml"
    path.write_text("[[workspaces]\nname = ")
    with pytest.raises(tracker.ProvisioningError, match="is not valid TOML"):
        tracker.read_seed(str(path))


def test_make_app_with_a_seed_for_webtest():
    key = tracker.generate_key()
    app = tracker.make_app(":memory:", runs="instant", seed={"workspaces": [
        {"name": "Acme", "keys": [{"key": key}], "brands": [{"name": "Acme"}]}]})
    client = webtest.TestApp(app)
    headers = {"Authorization": "Bearer " + key}
    client.post_json("/api/v1/prompts", {"text": "Best CRM?"}, headers=headers, status=201)
    rankings = client.get("/api/v1/analytics/rankings", headers=headers).json["data"]
    assert rankings["chats"] == 1 and rankings["brands"][0]["mentions"] == 1
    assert app.config["tracker.seed_keys"][0]["key"] == key


PLUGIN_TESTS = '''
    import json
    import urllib.error
    import urllib.request

    import webtest


    def call(api, method, path, body=None, key=None):
        request = urllib.request.Request(api.base_url + path, method=method,
                                         data=None if body is None else json.dumps(body).encode())
        request.add_header("Authorization", "Bearer " + (key or api.key))
        request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request) as reply:
                return reply.status, json.loads(reply.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())


    def test_sync(tracker_api):
        status, reply = call(tracker_api, "POST", "/prompts", {"text": "Best CRM?"})
        assert status == 201
        status, reply = call(tracker_api, "GET", "/analytics/chats")
        assert reply["data"]["total"] == 1


    def test_workspaces_are_isolated(tracker_api):
        assert call(tracker_api, "GET", "/prompts")[1]["data"]["total"] == 0


    def test_error_codes_on_purpose(tracker_api):
        reader = tracker_api.new_key(scopes="read")
        assert call(tracker_api, "POST", "/prompts", {"text": "x"}, key=reader)[0] == 403
        tracker_api.set_plan(subscription="canceled")
        assert call(tracker_api, "GET", "/workspace")[1]["code"] == "SUBSCRIPTION_REQUIRED"


    def test_in_process(tracker_app):
        workspace = tracker_app.workspace()
        client = webtest.TestApp(tracker_app.app)
        reply = client.get("/api/v1/workspace", headers=workspace.headers)
        assert reply.json["data"]["workspace"]["id"] == workspace.id
'''


def test_the_pytest_plugin_in_a_downstream_project(pytester):
    pytester.makepyfile(test_downstream=textwrap.dedent(PLUGIN_TESTS))
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=4)


def test_the_plugin_is_registered_by_the_entry_point(pytester):
    result = pytester.runpytest_subprocess("--fixtures")
    result.stdout.fnmatch_lines(["plugins: *tracker-*", "*fixtures defined from tracker*",
                                 "tracker_server [[]session scope[]] -- *",
                                 "tracker_api -- *", "tracker_app -- *"])
