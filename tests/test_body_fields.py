"""Request bodies take the fields their operation declares and no other (issue 42): an unknown
field is a 422 naming it, for every operation with a JSON body; an update also takes the item
as GET shows it, its read-only fields ignored when unchanged and a 422 when not, so GET,
change one field, PUT or PATCH the whole item works for every resource."""

import pytest

import tracker
from test_analytics import add_chat

UNKNOWN = "is not a field of this operation"
READ_ONLY = "is read-only: send it as GET shows it, or leave it out"


@pytest.fixture
def app(db):
    """The API engine and a search surface's (never asked here), so that each engine list's
    PATCH is here."""
    return tracker.make_app(db, engines=[tracker.SimulatedEngine(), tracker.parse_engine(
        "aio=serpapi:google-ai-overview@http://127.0.0.1:9", {"SERPAPI_API_KEY": "unused"})])


def invalid(*errors):
    return {"success": False, "message": "Validation failed",
            "errors": [{"field": field, "message": message} for field, message in errors]}


# Every operation with a JSON body: (method, path made from the workspace's items, a valid
# body). One more field, "bogus", must make each a 422 naming it.
def json_operations(api):
    topic = api.post("/topics", {"name": "Pricing"}).json["data"]
    tag = api.post("/tags", {"name": "Q4"}).json["data"]
    prompt = api.post("/prompts", {"text": "Best CRM?"}).json["data"]["prompts"][0]
    brand = api.post("/brands", {"name": "Acme"}).json["data"]
    market = api.post("/markets", {"name": "DE", "country": "DE", "language": "de"}).json["data"]
    persona = api.post("/personas", {"name": "CFO", "description": "a CFO"}).json["data"]
    webhook = api.post("/webhooks", {"url": "https://hooks.example.com/x",
                                     "events": ["run.completed"]}).json["data"]
    engine = api.get("/engines").json["data"][0]["label"]
    db = api.client.app.config["tracker.db"]
    chat_id = add_chat(db, api.workspace_id, prompt, "one", tracker.iso_timestamp(db.clock() - 60),
                       [(brand["id"], 1, 0)])  # a competitor named, no own brand: a prompt gap
    with db.write() as connection:  # and a search: a suggestion
        tracker.write_chat_searches(connection, tracker.query_one(
            connection, "SELECT * FROM chats WHERE id = ?", (chat_id,)), ["best crm tools"])
    tracker.compute_and_store_actions(db, api.workspace_id)
    action = api.get("/actions").json["data"]["data"][0]
    suggestion = api.get("/prompt-suggestions").json["data"]["data"][0]["id"]
    return [
        ("PATCH", "/workspace", {"samplesPerRun": 2}),
        ("POST", "/topics", {"name": "Support"}),
        ("PATCH", "/topics/%d" % topic["id"], {"name": "Prices"}),
        ("POST", "/tags", {"name": "Q1"}),
        ("PATCH", "/tags/%d" % tag["id"], {"color": "red"}),
        ("POST", "/prompts", {"text": "Best helpdesk?"}),
        ("POST", "/prompts", {"prompts": [{"text": "Best wiki?"}]}),
        ("PATCH", "/prompts/%d" % prompt["id"], {"status": "paused"}),
        ("POST", "/brands", {"name": "Notion"}),
        ("PATCH", "/brands/%d" % brand["id"], {"color": "#112233"}),
        ("POST", "/markets", {"name": "FR", "country": "FR", "language": "fr"}),
        ("PATCH", "/markets/%d" % market["id"], {"city": "Berlin"}),
        ("POST", "/personas", {"name": "CTO", "description": "a CTO"}),
        ("PATCH", "/personas/%d" % persona["id"], {"description": "a CFO of a bank"}),
        ("PATCH", "/engines/" + engine, {"enabled": False}),
        ("PATCH", "/surface-engines/aio", {"enabled": False}),
        ("PATCH", "/actions/%d" % action["id"], {"status": "done"}),
        ("POST", "/prompt-suggestions/%s/accept" % suggestion, {"topic": "CRM"}),
        ("PUT", "/source-categories/example.org", {"category": "ugc"}),
        ("PATCH", "/traffic/settings", {"retentionDays": 30}),
        ("POST", "/webhooks", {"url": "https://hooks.example.com/y", "events": ["run.completed"]}),
        ("PATCH", "/webhooks/%d" % webhook["id"], {"status": "active"}),
        ("POST", "/webhooks/%d/redeliver" % webhook["id"], {"deliveryId": 1}),
    ]


def test_every_json_operation_refuses_a_field_it_does_not_take(api):
    for method, path, body in json_operations(api):
        reply = api.send(method, path, dict(body, bogus=1), 422)
        assert reply.json == invalid(("bogus", UNKNOWN)), (method, path)


# Each operation's body above with one of its fields given a bad value: (field, value, the
# problem's message).
BAD_FIELDS = {
    "/workspace": ("samplesPerRun", 0, "must be an integer from 1 to "),
    "/topics": ("name", "", "must be 1 to 100 characters"),
    "/tags": ("color", "mauve", "must be one of: "),
    "/prompts": ("text", 5, "must be a string"),
    "/brands": ("color", "red", "must be # followed by"),
    "/engines": ("enabled", "no", "must be true or false"),
    "/surface-engines": ("enabled", "no", "must be true or false"),
    "/source-categories": ("category", "own", "must be one of: "),
    "/traffic": ("retentionDays", 0, "must be an integer from 1 to "),
    "/webhooks": ("events", [], "must name at least one event"),
    "/redeliver": ("deliveryId", 0, "must be a positive integer id"),
    "/actions": ("status", "closed", "must be one of open, done, dismissed"),
    "/markets": ("language", "not a tag", "must be a BCP 47 language tag"),
    "/personas": ("description", 5, "must be a string"),
    "/accept": ("topic", 5, "must be a string"),
}


def bad_field(path):
    return next(bad for start, bad in reversed(BAD_FIELDS.items())
                if path.startswith(start) or path.endswith(start))


def test_every_json_operation_reports_an_unknown_field_with_the_other_problems(api):
    """One 422 names every problem, as a query's unknown parameters and bad values come
    together: not the unknown field alone, then the next problem on the next try."""
    for method, path, body in json_operations(api):
        field, value, message = bad_field(path)
        if "prompts" in body:  # a bulk body's bad items are skipped, its shape is a 422
            sent, field, message = {"prompts": [], "bogus": 1}, "prompts", "must have 1 to "
        else:
            sent = dict(body, bogus=1, **{field: value})
        errors = api.send(method, path, sent, 422).json["errors"]
        assert errors[0] == {"field": "bogus", "message": UNKNOWN}, (method, path)
        assert len(errors) == 2 and errors[1]["field"] == field, (method, path, errors)
        assert errors[1]["message"].startswith(message), (method, path, errors)


def test_read_only_and_unknown_fields_and_bad_values_come_together(api):
    prompt = api.post("/prompts", {"text": "Best CRM?"}).json["data"]["prompts"][0]
    reply = api.patch("/prompts/%d" % prompt["id"],
                      {"topc": "Pricing", "id": prompt["id"] + 1, "status": "gone"}, 422)
    assert reply.json == invalid(("topc", UNKNOWN), ("id", READ_ONLY),
                                 ("status", "must be one of: draft, active, paused, suggested, rejected"))
    assert api.get("/prompts/%d" % prompt["id"]).json["data"] == prompt


def test_a_finished_requests_body_problems_are_not_found_by_code_after_it(api):
    """bottle's request stays bound to the thread's last environ: a seed loaded in the same
    thread after a 422 (as an integration test does) must not report that request's fields."""
    api.post("/brands", {"name": "Acme", "location": "US"}, 422)
    db = tracker.Database(":memory:")
    keys = tracker.load_seed(db, {"workspaces": [{"brands": [{"name": "Acme"}]}]})
    assert len(keys) == 1


def test_every_json_operation_is_covered(app, api):
    """The list above holds an operation of every body schema a route reads as JSON, and
    PUT and PATCH share their handler."""
    json_bodies = {route.config["openapi"].body for route in app.routes
                   if route.config.get("openapi") and route.config["openapi"].body
                   and "application/json" in route.config["openapi"].body_media}
    covered = set()
    for method, path, _ in json_operations(api):
        route, _ = app.router.match({"PATH_INFO": tracker.API_PREFIX + path,
                                     "REQUEST_METHOD": method})
        covered.add(route.config["openapi"].body)
    assert covered == json_bodies


def test_the_issues_examples_are_refused_by_name(api):
    api.post("/topics", {"name": "Pricing"})
    prompt = api.post("/prompts", {"text": "Best CRM?"}).json["data"]["prompts"][0]
    reply = api.patch("/prompts/%d" % prompt["id"], {"topic": "Pricing"}, 422)
    assert reply.json == invalid(("topic", READ_ONLY))
    assert api.get("/prompts/%d" % prompt["id"]).json["data"]["topic"] is None
    # domain is read-only (the brand's first domain): a create refuses it, naming it
    assert api.post("/brands", {"name": "Slite", "domain": "slite.com"}, 422).json == \
        invalid(("domain", UNKNOWN))
    assert api.get("/brands").json["data"] == []


def test_unknown_fields_of_a_bulk_item_skip_that_item(api):
    reply = api.post("/prompts", {"prompts": [{"text": "Best CRM?", "topicName": "x"},
                                              {"text": "Best wiki?"}]})
    assert reply.json["data"]["created"] == 1
    assert reply.json["data"]["errors"] == [{
        "index": 0, "text": "Best CRM?", "message": "Validation failed",
        "errors": [{"field": "prompts.0.topicName", "message": UNKNOWN}]}]
    # beside prompts, a bulk body takes nothing
    assert api.post("/prompts", {"prompts": [{"text": "a"}], "text": "b"}, 422).json == \
        invalid(("text", UNKNOWN))


def round_trip(api, method, path, change, item_of=lambda data: data):
    """GET path, change one field, send the whole item back: 200 and the change made."""
    item = item_of(api.get(path).json["data"])
    sent = dict(item, **change)
    answer = item_of(api.send(method, path, sent, 200).json["data"])
    again = item_of(api.get(path).json["data"])
    for name, value in change.items():
        assert answer[name] == again[name] == value, (path, name)
    return item, again


@pytest.mark.parametrize("method", ["PUT", "PATCH"])
def test_a_prompt_round_trips_with_its_tags_and_topic(api, method):
    prompt = api.post("/prompts", {"text": "Best CRM?", "topic": "Pricing",
                                   "tags": ["Q4", "EU"]}).json["data"]["prompts"][0]
    path = "/prompts/%d" % prompt["id"]
    before, after = round_trip(api, method, path, {"text": "Best CRM for startups?"})
    assert [tag["name"] for tag in after["tags"]] == ["EU", "Q4"]
    assert after["topic"] == before["topic"] and after["topic"]["name"] == "Pricing"
    # a read-only field sent with another value: 422 naming it, nothing changed
    for field, value in (("id", before["id"] + 1), ("createdAt", "2020-01-01T00:00:00.000Z"),
                         ("topic", dict(before["topic"], name="Other"))):
        reply = api.send(method, path, dict(after, text="changed", **{field: value}), 422)
        assert reply.json == invalid((field, READ_ONLY))
    assert api.get(path).json["data"] == after
    # fields the server keeps current may be stale
    assert api.send(method, path, dict(after, updatedAt="2020-01-01T00:00:00.000Z",
                                       lastRun=None, branded=True), 200).json["data"] == after


def test_a_brand_round_trips_with_its_domain(api):
    brand = api.post("/brands", {"name": "Slite", "domains": ["slite.com", "slite.io"],
                                 "logoUrl": "https://slite.com/logo.png"}).json["data"]
    path = "/brands/%d" % brand["id"]
    before, after = round_trip(api, "PUT", path, {"domains": ["slite.io"]})
    assert before["domain"] == "slite.com" and after["domain"] == "slite.io"
    round_trip(api, "PATCH", path, {"color": "#112233"})
    reply = api.patch(path, dict(api.get(path).json["data"], domain="other.com"), 422)
    assert reply.json == invalid(("domain", READ_ONLY))


@pytest.mark.parametrize("kind, change", [("topics", {"name": "Prices"}),
                                          ("tags", {"color": "red"})])
def test_topics_and_tags_round_trip(api, kind, change):
    item = api.post("/" + kind, {"name": "Pricing"}).json["data"]
    path = "/%s/%d" % (kind, item["id"])
    for method in ("PUT", "PATCH"):
        round_trip(api, method, path, change)
    reply = api.put(path, dict(api.get(path).json["data"], workspaceId=item["workspaceId"] + 1),
                    422)
    assert reply.json == invalid(("workspaceId", READ_ONLY))


def test_the_workspace_round_trips(api):
    workspace = lambda data: data["workspace"]
    before, _ = round_trip(api, "PATCH", "/workspace", {"samplesPerRun": 3}, workspace)
    reply = api.patch("/workspace", dict(before, name="Other"), 422)
    assert reply.json == invalid(("name", READ_ONLY))
    # the whole context is not the item: its other parts are not fields of the update
    reply = api.patch("/workspace", api.get("/workspace").json["data"], 422)
    assert reply.json == invalid(*((name, UNKNOWN) for name in
                                   ("workspace", "organization", "apiKey", "rateLimitPerMinute")))


def test_an_engine_a_domain_a_webhook_and_traffic_settings_round_trip(api):
    engine = api.get("/engines").json["data"][0]
    path = "/engines/" + engine["label"]
    item_of = lambda data: data if isinstance(data, dict) else \
        next(e for e in data if e["label"] == engine["label"])
    sent = dict(engine, enabled=False)
    assert item_of(api.patch(path, sent).json["data"])["enabled"] is False
    assert api.patch(path, dict(sent, model="other"), 422).json == invalid(("model", READ_ONLY))

    before, after = round_trip(api, "PUT", "/source-categories/example.org", {"category": "ugc"})
    assert (before["origin"], after["origin"]) == ("default", "override")

    webhook = api.post("/webhooks", {"url": "https://hooks.example.com/x",
                                     "events": ["run.completed"]}).json["data"]
    round_trip(api, "PATCH", "/webhooks/%d" % webhook["id"], {"events": ["run.failed"]})
    round_trip(api, "PATCH", "/traffic/settings", {"retentionDays": 30})
