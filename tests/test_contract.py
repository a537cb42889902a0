"""What the OpenAPI document promises, and the server keeps: base URL, versions, every
status and header declared, Location on 201, limits at their edges, and the small
behaviours generated clients and linters tripped over (issue 14)."""

import json
import subprocess
import sys

import pytest

import tracker
from conftest import REPO, TRACKER, run_cli


@pytest.fixture
def document(client):
    return client.get("/api/v1/openapi.json").json


def operations(document):
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method != "servers":
                yield method, path, operation


# The document ------------------------------------------------------------------------

def test_the_interface_is_numbered_as_the_spec_and_the_package_apart(document):
    assert document["info"]["version"] == "1.0.0"
    assert document["info"]["x-tracker-version"] == tracker.__version__


def test_paths_are_relative_to_the_specs_base_url(document):
    """A client configured with {base_url} = http://host/api/v1, as the spec says, calls
    {base_url}/prompts, never /api/v1/api/v1/prompts."""
    assert document["servers"][0]["url"] == "/api/v1"
    assert not any(path.startswith("/api/") for path in document["paths"])
    assert {"/prompts", "/prompts/{id}", "/openapi.json", "/docs"} <= set(document["paths"])
    assert document["paths"]["/healthz"]["servers"][0]["url"] == "/"


def test_every_operation_declares_422_and_authenticated_ones_401_and_429(document):
    for method, path, operation in operations(document):
        responses = operation["responses"]
        assert "422" in responses, (method, path)  # an unknown query parameter, at least
        if operation["security"]:
            assert {"401", "402", "403", "429"} <= set(responses), (method, path)


def test_rate_limit_headers_are_declared_on_every_answer_after_the_key(document):
    names = {"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset",
             "RateLimit-Policy", "RateLimit"}
    shared = document["components"]["responses"]
    for status in ("403", "404", "409", "422", "429"):
        assert names <= set(shared[status]["headers"]), status
    assert set(shared["401"]["headers"]) == {"WWW-Authenticate"}
    assert document["components"]["headers"]["WWW-Authenticate"]["required"] is True
    assert "Retry-After" in shared["429"]["headers"]
    for method, path, operation in operations(document):
        success = next(answer for status, answer in operation["responses"].items()
                       if status.startswith("2"))
        declared = set(success.get("headers", {}))
        assert (names <= declared) == bool(operation["security"]), (method, path)
        # a POST that creates nothing addressable: a prompt run now, a log read in, a
        # signal scan (its signals are listed, each at GET /signals), a compute of the
        # actions asked (listed at GET /actions), a suggestion dismissed
        assert ("Location" in declared) == (method == "post" and path not in (
            "/prompts/{id}", "/traffic/logs", "/signals/scan", "/actions/refresh",
            "/prompt-suggestions/{suggestion}/dismiss")), path


def test_the_bulk_body_is_a_named_schema_of_prompt_items(document):
    schemas = document["components"]["schemas"]
    assert schemas["PromptCreate"]["anyOf"] == [{"$ref": "#/components/schemas/PromptItem"},
                                                {"$ref": "#/components/schemas/PromptBulkCreate"}]
    prompts = schemas["PromptBulkCreate"]["properties"]["prompts"]
    assert prompts == {"type": "array", "items": {"$ref": "#/components/schemas/PromptItem"},
                       "maxItems": 500, "minItems": 1}


def test_what_the_server_enforces_is_declared(document):
    schemas = document["components"]["schemas"]
    chats = {p["name"]: p["schema"] for p in document["paths"]["/analytics/chats"]["get"]["parameters"]}
    assert [option.get("format") for option in chats["from"]["anyOf"]] == ["date", "date-time", None]
    assert chats["from"]["anyOf"][2] == {"const": ""}  # empty is the same as none
    assert {option.get("pattern") for option in chats["from"]["anyOf"][:2]} == {
        tracker.QUERY_YEARS}  # 1970 to 2999, as the server takes them
    assert chats["engine"]["pattern"] == tracker.NO_NUL_PATTERN
    prompts = {p["name"]: p["schema"] for p in document["paths"]["/prompts"]["get"]["parameters"]}
    assert prompts["search"]["pattern"] == tracker.NO_NUL_PATTERN
    domain = schemas["BrandCreate"]["properties"]["domains"]["items"]
    # what is sent may be a URL of up to 255 characters; the host it reduces to is at most 253
    # (tests/test_brands.py holds both edges)
    assert (domain["format"], domain["maxLength"]) == ("hostname", 255)
    assert domain["description"].startswith("A host name of at most 253 characters.")
    assert schemas["BrandCreate"]["if"]["properties"]["useRegex"] == {"const": True}
    assert schemas["BrandCreate"]["then"]["required"] == ["nameRegex"]
    assert schemas["Chat"]["properties"]["usage"] == {"$ref": "#/components/schemas/Usage"}
    assert set(schemas["Usage"]["properties"]) == {"inputTokens", "outputTokens", "searches",
                                                   "cachedInputTokens", "cacheWriteInputTokens"}


# The server keeps it ------------------------------------------------------------------

def test_a_401_says_bearer_and_has_no_rate_limit_headers(client):
    reply = client.get("/api/v1/prompts", status=401)
    assert reply.headers["WWW-Authenticate"] == 'Bearer realm="tracker"'
    assert "X-RateLimit-Limit" not in reply.headers


@pytest.mark.parametrize("path, body", [("/topics", {"name": "CRM"}),
                                        ("/tags", {"name": "b2b"}),
                                        ("/brands", {"name": "Acme"})])
def test_a_create_answers_with_the_location_of_the_item(api, path, body):
    reply = api.post(path, body)
    assert reply.headers["Location"] == "/api/v1%s/%d" % (path, reply.json["data"]["id"])
    api.get(reply.headers["Location"].removeprefix("/api/v1"))


def test_prompt_creates_have_a_location_only_for_exactly_one_prompt(api):
    one = api.post("/prompts", {"text": "one"})
    assert one.headers["Location"] == "/api/v1/prompts/%d" % one.json["data"]["prompts"][0]["id"]
    assert "Location" not in api.post("/prompts", {"prompts": [{"text": "a"}, {"text": "b"}]}).headers
    single = api.post("/prompts", {"prompts": [{"text": "c"}, {"text": ""}]})
    assert single.headers["Location"] == "/api/v1/prompts/%d" % single.json["data"]["prompts"][0]["id"]
    duplicate = api.post("/prompts", {"text": "one"})
    assert duplicate.json["data"]["created"] == 0 and "Location" not in duplicate.headers


def test_whole_number_floats_are_integers_as_in_json_schema(api):
    topic = api.post("/topics", {"name": "T"}).json["data"]["id"]
    tag = api.post("/tags", {"name": "g"}).json["data"]["id"]
    prompt = api.post("/prompts", {"text": "x"}).json["data"]["prompts"][0]["id"]
    changed = api.patch("/prompts/%d" % prompt, {"topicId": float(topic), "tags": [float(tag)]})
    assert changed.json["data"]["topicId"] == topic
    assert [t["id"] for t in changed.json["data"]["tags"]] == [tag]
    refused = api.patch("/prompts/%d" % prompt, {"topicId": topic + 0.5, "tags": [True]}, status=422)
    assert refused.json["errors"] == [
        {"field": "topicId", "message": "must be a positive integer id"},
        {"field": "tags.0", "message": "must be a string"}]


@pytest.mark.parametrize("search, found", [("él", ["ÉLAN vital"]), ("ÉL", ["ÉLAN vital"]),
                                           ("éla", ["ÉLAN vital"]), ("ß", ["Straße"]),
                                           ("SS", ["Straße"]), ("Я", ["Яндекс"])])
def test_short_searches_ignore_case_beyond_ascii(api, search, found):
    api.post("/prompts", {"prompts": [{"text": "ÉLAN vital"}, {"text": "Straße"},
                                      {"text": "Яндекс"}, {"text": "plain"}]})
    page = api.get("/prompts", search=search).json["data"]
    assert ([p["text"] for p in page["data"]], page["total"]) == (found, len(found))


def test_an_idempotency_key_compares_what_the_body_means(api):
    """The same JSON with other white space or key order is the same request."""
    first = api.post("/prompts", '{"text": "a", "tags": ["x"]}', headers={"Idempotency-Key": "k"})
    again = api.post("/prompts", '{\n  "tags" : [ "x" ],\n  "text":"a"\n}',
                     headers={"Idempotency-Key": "k"})
    assert again.headers["Idempotent-Replayed"] == "true" and again.body == first.body
    other = api.post("/prompts", '{"text": "a", "tags": ["y"]}', status=422,
                     headers={"Idempotency-Key": "k"})
    assert other.json["errors"][0]["field"] == "Idempotency-Key"


def test_chat_usage_has_the_same_names_whatever_the_provider(db, api):
    """Chats stored with the usage each provider reports, in its own names."""
    prompt = api.post("/prompts", {"text": "x"}).json["data"]["prompts"][0]
    with db.write() as connection:
        run = tracker.query_one(connection, "SELECT * FROM runs WHERE prompt_id = ?", (prompt["id"],))
        for engine, usage in (("openai", {"prompt_tokens": 5, "completion_tokens": 7}),
                              ("claude", {"input_tokens": 3, "output_tokens": 4}),
                              ("gemini", {"promptTokenCount": 2, "totalTokenCount": 9}),
                              ("odd", {"prompt_tokens": -1, "completion_tokens": True})):
            connection.execute("""
                INSERT INTO chats (workspace_id, run_id, prompt_id, prompt_text, engine, model,
                                   answer, usage, latency_ms, created_at)
                VALUES (?, ?, ?, 'x', ?, 'm', 'a', ?, 1, ?)""",
                (api.workspace_id, run["id"], prompt["id"], engine, json.dumps(usage), db.now()))
    chats = api.get("/analytics/chats").json["data"]["data"]
    assert {chat["engine"]: chat["usage"] for chat in chats} == {
        engine: dict(counts, cachedInputTokens=None, cacheWriteInputTokens=None, searches=None)
        for engine, counts in (("openai", {"inputTokens": 5, "outputTokens": 7}),
                               ("claude", {"inputTokens": 3, "outputTokens": 4}),
                               ("gemini", {"inputTokens": 2, "outputTokens": None}),
                               ("odd", {"inputTokens": None, "outputTokens": None}))}


# The command line ---------------------------------------------------------------------

def test_db_goes_before_the_command_as_well_as_after_it(tmp_path):
    before, after = tmp_path / "before.db", tmp_path / "after.db"
    assert run_cli(before, "init")[0] == run_cli(after, "init")[0] == 0
    done = subprocess.run([*TRACKER, "--db", str(before), "workspace", "create", "Before"],
                          capture_output=True, text=True, timeout=60, cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["name"] == "Before"
    code, workspaces, _ = run_cli(before, "workspace", "list")
    assert (code, [w["name"] for w in workspaces]) == (0, ["Before"])
    # after the command, as before; the one after it wins when both are given
    done = subprocess.run([*TRACKER, "--db", str(before), "workspace", "create", "After",
                           "--db", str(after)], capture_output=True, text=True, timeout=60, cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert [w["name"] for w in run_cli(after, "workspace", "list")[1]] == ["After"]
    assert [w["name"] for w in run_cli(before, "workspace", "list")[1]] == ["Before"]


def test_table_names_are_checked_even_under_python_dash_o():
    """The guard on table names put into SQL is a real check, not an assert (python -O
    drops those)."""
    done = subprocess.run([sys.executable, "-O", "-c", "import tracker\n"
                           "tracker.sql_table('topics')\n"
                           "tracker.sql_table('tags; DROP TABLE prompts')"],
                          capture_output=True, text=True, timeout=60, cwd=REPO)
    assert done.returncode == 1
    assert done.stderr.strip().endswith(
        "ValueError: 'tags; DROP TABLE prompts' is not one of the tables topics, tags")
