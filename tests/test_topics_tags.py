"""Topics and tags: create, read, rename, recolor and delete; name and color rules at their
edges; case-insensitive uniqueness; promptCount; ordering; not-found ids; bad bodies;
read-only keys."""

import pytest

import tracker
from conftest import START, Api

NOW = tracker.iso_timestamp(START)

# DESIGN.md's palette, written out here rather than read from tracker.TAG_COLORS.
PALETTE = [
    ("red", "#ef4444"), ("orange", "#f97316"), ("amber", "#f59e0b"), ("yellow", "#eab308"),
    ("lime", "#84cc16"), ("green", "#22c55e"), ("emerald", "#10b981"), ("teal", "#14b8a6"),
    ("cyan", "#06b6d4"), ("sky", "#0ea5e9"), ("blue", "#3b82f6"), ("indigo", "#6366f1"),
    ("violet", "#8b5cf6"), ("purple", "#a855f7"), ("fuchsia", "#d946ef"), ("pink", "#ec4899"),
    ("rose", "#f43f5e"), ("slate", "#64748b"), ("gray", "#6b7280"), ("zinc", "#71717a"),
]
COLOR_RULE = "must be one of: " + ", ".join(name for name, _ in PALETTE)
KINDS = ["topics", "tags"]
KIND = {"topics": "Topic", "tags": "Tag"}


def at(seconds):
    """The timestamp seconds after START."""
    return tracker.iso_timestamp(START + seconds)


def invalid(*errors):
    """The 422 body of (field, message) pairs."""
    return {"success": False, "message": "Validation failed",
            "errors": [{"field": field, "message": message} for field, message in errors]}


def not_found(kind):
    return {"success": False, "message": "%s not found" % KIND[kind]}


def topic(topic_id, name, workspace_id, created=NOW, updated=NOW):
    return {"id": topic_id, "name": name, "workspaceId": workspace_id,
            "createdAt": created, "updatedAt": updated}


def tag(tag_id, name, workspace_id, color="gray", count=0, created=NOW, updated=NOW):
    return {"id": tag_id, "name": name, "color": color, "hexColor": dict(PALETTE)[color],
            "workspaceId": workspace_id, "createdAt": created, "updatedAt": updated,
            "promptCount": count}


def item(kind, item_id, name, workspace_id, **extra):
    """The expected topic or tag."""
    build = topic if kind == "topics" else tag
    return build(item_id, name, workspace_id, **extra)


def create(api, kind, name, **fields):
    """POST a topic or tag; its data."""
    return api.post("/" + kind, dict(fields, name=name)).json["data"]


def listing(api, kind):
    return api.get("/" + kind).json["data"]


def create_prompt(api, text, **fields):
    return api.post("/prompts", dict(fields, text=text)).json["data"]["prompts"][0]


# Lifecycles --------------------------------------------------------------------------

def test_topic_lifecycle(api, clock):
    ws = api.workspace_id
    assert api.get("/topics").json == {"success": True, "data": [], "message": "Topics retrieved"}
    created = api.post("/topics", {"name": "Pricing"}).json
    assert created == {"success": True, "data": topic(created["data"]["id"], "Pricing", ws),
                       "message": "Topic created"}
    topic_id = created["data"]["id"]
    assert api.get("/topics/%d" % topic_id).json == {
        "success": True, "data": topic(topic_id, "Pricing", ws), "message": "Topic retrieved"}
    assert api.get("/topics").json["data"] == [topic(topic_id, "Pricing", ws)]

    clock.advance(5)
    assert api.put("/topics/%d" % topic_id, {"name": "Plans"}).json == {
        "success": True, "data": topic(topic_id, "Plans", ws, updated=at(5)),
        "message": "Topic updated"}
    clock.advance(5)
    assert api.patch("/topics/%d" % topic_id, {"name": "Prices"}).json == {
        "success": True, "data": topic(topic_id, "Prices", ws, updated=at(10)),
        "message": "Topic updated"}
    assert api.get("/topics/%d" % topic_id).json["data"] == topic(topic_id, "Prices", ws,
                                                                  updated=at(10))

    assert api.delete("/topics/%d" % topic_id).json == {"success": True,
                                                         "message": "Topic deleted"}
    assert api.get("/topics/%d" % topic_id, status=404).json == not_found("topics")
    assert api.delete("/topics/%d" % topic_id, status=404).json == not_found("topics")
    assert listing(api, "topics") == []


def test_tag_lifecycle(api, clock):
    ws = api.workspace_id
    assert api.get("/tags").json == {"success": True, "data": [], "message": "Tags retrieved"}
    created = api.post("/tags", {"name": "priority", "color": "red"}).json
    tag_id = created["data"]["id"]
    assert created == {"success": True, "data": tag(tag_id, "priority", ws, "red"),
                       "message": "Tag created"}
    assert api.get("/tags/%d" % tag_id).json == {
        "success": True, "data": tag(tag_id, "priority", ws, "red"), "message": "Tag retrieved"}
    assert listing(api, "tags") == [tag(tag_id, "priority", ws, "red")]

    clock.advance(5)
    assert api.put("/tags/%d" % tag_id, {"name": "urgent"}).json == {
        "success": True, "data": tag(tag_id, "urgent", ws, "red", updated=at(5)),
        "message": "Tag updated"}
    clock.advance(5)
    assert api.patch("/tags/%d" % tag_id, {"color": "blue"}).json == {
        "success": True, "data": tag(tag_id, "urgent", ws, "blue", updated=at(10)),
        "message": "Tag updated"}

    assert api.delete("/tags/%d" % tag_id).json == {"success": True, "message": "Tag deleted"}
    assert api.get("/tags/%d" % tag_id, status=404).json == not_found("tags")
    assert api.delete("/tags/%d" % tag_id, status=404).json == not_found("tags")
    assert listing(api, "tags") == []


# Names -------------------------------------------------------------------------------

VALID_NAMES = [
    ("x" * 100, "x" * 100),
    ("  " + "x" * 100 + "\t\n", "x" * 100),   # trimmed before the length check
    ("é" * 100, "é" * 100),                    # characters, not UTF-8 bytes
    ("  Pricing  ", "Pricing"),
    ("a", "a"),
    ("Ünïcødé 名前 🚀", "Ünïcødé 名前 🚀"),
]

LENGTH_RULE = "must be 1 to 100 characters"
INVALID_NAMES = [
    ("x" * 101, LENGTH_RULE),
    ("é" * 101, LENGTH_RULE),
    (" " + "x" * 101 + " ", LENGTH_RULE),
    ("", LENGTH_RULE),
    ("   ", LENGTH_RULE),
    (" \t\n\r ", LENGTH_RULE),
    ("a\x00b", "must not contain NUL characters"),
    (5, "must be a string"),
    (1.5, "must be a string"),
    (True, "must be a string"),
    (["a"], "must be a string"),
    ({"name": "a"}, "must be a string"),
    (None, "must not be null"),
]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("sent, stored", VALID_NAMES)
def test_create_accepts_names_of_1_to_100_characters_trimmed(api, kind, sent, stored):
    data = api.post("/" + kind, {"name": sent}).json["data"]
    assert data == item(kind, data["id"], stored, api.workspace_id)
    assert listing(api, kind) == [data]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("sent, message", INVALID_NAMES)
def test_create_refuses_bad_names(api, kind, sent, message):
    assert api.post("/" + kind, {"name": sent}, status=422).json == invalid(("name", message))
    assert listing(api, kind) == []


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("method", ["put", "patch"])
@pytest.mark.parametrize("sent, stored", VALID_NAMES)
def test_rename_accepts_names_of_1_to_100_characters_trimmed(api, clock, kind, method, sent,
                                                             stored):
    original = create(api, kind, "Original")
    clock.advance(1)
    reply = getattr(api, method)("/%s/%d" % (kind, original["id"]), {"name": sent})
    assert reply.json["data"] == item(kind, original["id"], stored, api.workspace_id,
                                      updated=at(1))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("method", ["put", "patch"])
@pytest.mark.parametrize("sent, message", INVALID_NAMES)
def test_rename_refuses_bad_names_and_changes_nothing(api, clock, kind, method, sent, message):
    original = create(api, kind, "Original")
    clock.advance(1)
    reply = getattr(api, method)("/%s/%d" % (kind, original["id"]), {"name": sent}, status=422)
    assert reply.json == invalid(("name", message))
    assert listing(api, kind) == [original]


@pytest.mark.parametrize("kind", KINDS)
def test_create_without_name_is_required(api, kind):
    assert api.post("/" + kind, {}, status=422).json == invalid(("name", "is required"))
    # a field the operation does not take is refused by name, with the others' problems
    assert api.post("/" + kind, {"title": "x"}, status=422).json == \
        invalid(("title", "is not a field of this operation"), ("name", "is required"))


@pytest.mark.parametrize("method", ["put", "patch"])
def test_topic_update_without_name_is_required(api, method):
    original = create(api, "topics", "Pricing")
    reply = getattr(api, method)("/topics/%d" % original["id"], {"id": original["id"]},
                                 status=422)
    assert reply.json == invalid(("name", "is required"))
    assert listing(api, "topics") == [original]


def test_several_problems_are_reported_at_once(api):
    assert api.post("/tags", {"name": "", "color": "nope"}, status=422).json == invalid(
        ("name", LENGTH_RULE), ("color", COLOR_RULE))


# Case-insensitive uniqueness ---------------------------------------------------------

DUPLICATES = [
    ("Pricing", "pricing"),
    ("Pricing", "PRICING"),
    ("Café", "CAFÉ"),
    ("ÉCOLE", "école"),
    ("straße", "STRASSE"),      # full case folding, not just lower()
    ("Σίσυφος", "ΣΊΣΥΦΟΣ"),
    ("Pricing", "  pricing  "),  # trimmed first
]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("existing, duplicate", DUPLICATES)
def test_duplicate_names_are_refused_ignoring_case(api, kind, existing, duplicate):
    first = create(api, kind, existing)
    reply = api.post("/" + kind, {"name": duplicate}, status=422)
    assert reply.json == invalid(("name", "a %s with this name already exists"
                                  % KIND[kind].lower()))
    assert listing(api, kind) == [first]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("method", ["put", "patch"])
@pytest.mark.parametrize("existing, duplicate", DUPLICATES)
def test_renaming_to_another_items_name_is_refused(api, kind, method, existing, duplicate):
    first = create(api, kind, existing)
    second = create(api, kind, "Other")
    reply = getattr(api, method)("/%s/%d" % (kind, second["id"]), {"name": duplicate},
                                 status=422)
    assert reply.json == invalid(("name", "a %s with this name already exists"
                                  % KIND[kind].lower()))
    assert sorted(listing(api, kind), key=lambda row: row["id"]) == [first, second]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("method", ["put", "patch"])
@pytest.mark.parametrize("existing, renamed", DUPLICATES[:-1])
def test_renaming_to_own_name_in_another_case_is_allowed(api, clock, kind, method, existing,
                                                         renamed):
    original = create(api, kind, existing)
    clock.advance(3)
    reply = getattr(api, method)("/%s/%d" % (kind, original["id"]), {"name": renamed})
    assert reply.json["data"] == item(kind, original["id"], renamed, api.workspace_id,
                                      updated=at(3))


@pytest.mark.parametrize("kind", KINDS)
def test_deleted_name_can_be_used_again(api, kind):
    first = create(api, kind, "Pricing")
    api.delete("/%s/%d" % (kind, first["id"]))
    assert create(api, kind, "PRICING")["name"] == "PRICING"


def test_duplicate_name_is_reported_with_the_other_problems(api):
    create(api, "tags", "Pricing")
    # Field problems come first, then those that need stored data.
    assert api.post("/tags", {"name": "pricing", "color": "nope"}, status=422).json == invalid(
        ("color", COLOR_RULE), ("name", "a tag with this name already exists"))


# updatedAt ---------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("method", ["put", "patch"])
@pytest.mark.parametrize("same", ["Pricing", "  Pricing "])
def test_renaming_to_the_same_name_keeps_updated_at(api, clock, kind, method, same):
    original = create(api, kind, "Pricing")
    clock.advance(60)
    reply = getattr(api, method)("/%s/%d" % (kind, original["id"]), {"name": same})
    assert reply.json["data"] == original
    assert listing(api, kind) == [original]


@pytest.mark.parametrize("kind", KINDS)
def test_created_at_never_moves(api, clock, kind):
    original = create(api, kind, "One")
    for step, name in enumerate(["Two", "Three", "Four"], start=1):
        clock.advance(10)
        data = api.patch("/%s/%d" % (kind, original["id"]), {"name": name}).json["data"]
        assert (data["createdAt"], data["updatedAt"]) == (NOW, at(10 * step))


# Tag colors --------------------------------------------------------------------------

@pytest.mark.parametrize("color, hex_color", PALETTE)
def test_every_tag_color_is_accepted_with_its_hex(api, color, hex_color):
    data = create(api, "tags", "t", color=color)
    assert (data["color"], data["hexColor"]) == (color, hex_color)
    assert api.get("/tags/%d" % data["id"]).json["data"] == data
    # a prompt embeds the tag as schema.sql's trigger stored it, with its own color table
    prompt = create_prompt(api, "Colored?", tags=["t"])
    embedded = {key: value for key, value in data.items() if key != "promptCount"}
    assert prompt["tags"] == api.get("/prompts").json["data"]["data"][0]["tags"] == [embedded]


def test_tag_color_defaults_to_gray(api):
    data = create(api, "tags", "plain")
    assert (data["color"], data["hexColor"]) == ("gray", "#6b7280")


@pytest.mark.parametrize("color, message", [
    ("crimson", COLOR_RULE),
    ("RED", COLOR_RULE),
    (" red", COLOR_RULE),
    ("#ef4444", COLOR_RULE),
    ("", COLOR_RULE),
    (3, COLOR_RULE),
    (["red"], COLOR_RULE),
    (None, "must not be null"),
])
def test_unknown_tag_color_is_refused(api, clock, color, message):
    assert api.post("/tags", {"name": "t", "color": color}, status=422).json == \
        invalid(("color", message))
    original = create(api, "tags", "kept", color="teal")
    clock.advance(1)
    assert api.patch("/tags/%d" % original["id"], {"color": color}, status=422).json == \
        invalid(("color", message))
    assert listing(api, "tags") == [original]


@pytest.mark.parametrize("method", ["put", "patch"])
@pytest.mark.parametrize("body, name, color, moved", [
    ({"color": "blue"}, "Pricing", "blue", True),
    ({"name": "Plans"}, "Plans", "red", True),
    ({"name": "Plans", "color": "blue"}, "Plans", "blue", True),
    ({}, "Pricing", "red", False),
    ({"color": "red"}, "Pricing", "red", False),
    ({"name": "Pricing", "color": "red"}, "Pricing", "red", False),
    ({"name": " Pricing "}, "Pricing", "red", False),
    ({"hexColor": "#ef4444", "promptCount": 9, "id": 1}, "Pricing", "red", False),
])
def test_tag_update_changes_only_what_is_sent(api, clock, method, body, name, color, moved):
    original = create(api, "tags", "Pricing", color="red")
    clock.advance(30)
    reply = getattr(api, method)("/tags/%d" % original["id"], body)
    expected = tag(original["id"], name, api.workspace_id, color,
                   updated=at(30) if moved else NOW)
    assert reply.json == {"success": True, "data": expected, "message": "Tag updated"}
    assert listing(api, "tags") == [expected]


def test_read_tag_can_be_sent_back_unchanged(api, clock):
    original = create(api, "tags", "Pricing", color="red")
    clock.advance(30)
    assert api.put("/tags/%d" % original["id"], original).json["data"] == original


# promptCount, and what deletes do to prompts -----------------------------------------

def test_prompt_count_counts_prompts_using_the_tag(api):
    ws = api.workspace_id
    first = create_prompt(api, "Best CRM?", tags=["b2b", "smb"])
    create_prompt(api, "Cheapest CRM?", tags=["B2B"])
    b2b, smb = first["tags"][0]["id"], first["tags"][1]["id"]
    unused = create(api, "tags", "unused")["id"]
    assert listing(api, "tags") == [tag(b2b, "b2b", ws, count=2), tag(smb, "smb", ws, count=1),
                                    tag(unused, "unused", ws)]
    # every tag endpoint carries it
    assert api.get("/tags/%d" % b2b).json["data"]["promptCount"] == 2
    assert api.patch("/tags/%d" % b2b, {"color": "red"}).json["data"]["promptCount"] == 2
    # tags embedded in a prompt do not
    assert "promptCount" not in first["tags"][0]

    # replacing a prompt's tags moves the counts
    api.patch("/prompts/%d" % first["id"], {"tags": [unused]})
    assert [row["promptCount"] for row in listing(api, "tags")] == [1, 0, 1]
    # deleting a prompt decrements
    api.delete("/prompts/%d" % first["id"])
    assert [row["promptCount"] for row in listing(api, "tags")] == [1, 0, 0]


def test_deleting_a_tag_detaches_it_from_prompts(api):
    prompt = create_prompt(api, "Best CRM?", tags=["b2b", "smb"])
    b2b, smb = prompt["tags"]
    api.delete("/tags/%d" % b2b["id"])
    kept = api.get("/prompts/%d" % prompt["id"]).json["data"]
    assert kept == dict(prompt, tags=[smb])
    assert api.get("/prompts", tagId=str(b2b["id"])).json["data"]["data"] == []
    assert listing(api, "tags") == [dict(smb, promptCount=1)]


def test_deleting_a_topic_leaves_its_prompts_without_topic(api):
    first = create_prompt(api, "Best CRM?", topic="CRM")
    second = create_prompt(api, "Cheapest CRM?", topic="crm")
    assert first["topicId"] == second["topicId"] is not None
    api.delete("/topics/%d" % first["topicId"])
    for prompt in (first, second):
        assert api.get("/prompts/%d" % prompt["id"]).json["data"] == \
            dict(prompt, topic=None, topicId=None)
    assert listing(api, "topics") == []


def test_renaming_shows_in_the_prompts_that_use_it(api, clock):
    prompt = create_prompt(api, "Best CRM?", topic="CRM", tags=["b2b"])
    clock.advance(7)
    renamed_topic = api.patch("/topics/%d" % prompt["topicId"], {"name": "Sales"}).json["data"]
    renamed_tag = api.patch("/tags/%d" % prompt["tags"][0]["id"],
                            {"name": "B2B", "color": "blue"}).json["data"]
    data = api.get("/prompts/%d" % prompt["id"]).json["data"]
    assert data["topic"] == renamed_topic
    assert data["tags"] == [{key: value for key, value in renamed_tag.items()
                             if key != "promptCount"}]


# Ordering ----------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_lists_are_ordered_by_name_ignoring_case(api, kind):
    for name in ["beta", "Delta", "alpha", "Gamma", "ALPHA two", "epsilon"]:
        create(api, kind, name)
    assert [row["name"] for row in listing(api, kind)] == [
        "alpha", "ALPHA two", "beta", "Delta", "epsilon", "Gamma"]


# Not found ---------------------------------------------------------------------------

UNKNOWN_IDS = ["999", "abc", "0", "-1", "00", "1.0", "1e3", "0x1", "99999999999999999999999",
               "9223372036854775808", "9223372036854775807"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("method", ["get", "put", "patch", "delete"])
@pytest.mark.parametrize("raw_id", UNKNOWN_IDS)
def test_unknown_ids_are_404(api, kind, method, raw_id):
    existing = create(api, kind, "Pricing")
    path = "/%s/%s" % (kind, raw_id)
    if method in ("get", "delete"):
        reply = getattr(api, method)(path, status=404)
    else:
        reply = getattr(api, method)(path, {"name": "Renamed"}, status=404)
    assert reply.json == not_found(kind)
    assert listing(api, kind) == [existing]


@pytest.mark.parametrize("kind", KINDS)
def test_validation_comes_before_existence(api, kind):
    assert api.patch("/%s/999" % kind, {"name": ""}, status=422).json == invalid(
        ("name", LENGTH_RULE))


# Bodies ------------------------------------------------------------------------------

BAD_BODIES = [
    ("not json", "application/json", "Request body is not valid JSON"),
    ("", "application/json", "Request body is not valid JSON"),
    ('{"name": "x"', "application/json", "Request body is not valid JSON"),
    ('{"name": NaN}', "application/json", "Request body is not valid JSON"),
    (b'{"name": "\xff"}', "application/json", "Request body is not valid UTF-8"),
    ('["name"]', "application/json", "Request body must be a JSON object"),
    ("[]", "application/json", "Request body must be a JSON object"),
    ('"name"', "application/json", "Request body must be a JSON object"),
    ("null", "application/json", "Request body must be a JSON object"),
    ("42", "application/json", "Request body must be a JSON object"),
    ('{"name": "x"}', "text/plain", "Content-Type must be application/json"),
    ("name=x", "application/x-www-form-urlencoded", "Content-Type must be application/json"),
]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("method", ["post", "put", "patch"])
@pytest.mark.parametrize("raw, content_type, message", BAD_BODIES)
def test_malformed_bodies_are_422_on_body(api, kind, method, raw, content_type, message):
    existing = create(api, kind, "Pricing")
    path = "/" + kind if method == "post" else "/%s/%d" % (kind, existing["id"])
    reply = api.send(method.upper(), path, raw, 422, headers={"Content-Type": content_type})
    assert reply.json == invalid(("body", message))
    assert listing(api, kind) == [existing]


@pytest.mark.parametrize("kind", KINDS)
def test_json_content_type_with_charset_is_accepted(api, kind):
    reply = api.post("/" + kind, '{"name": "x"}',
                     headers={"Content-Type": "application/json; charset=utf-8"})
    assert reply.json["data"]["name"] == "x"


# Read-only keys ----------------------------------------------------------------------

@pytest.fixture
def reader(api, client, db):
    """A read-only key of api's workspace."""
    key = tracker.create_key(db, api.workspace_id, name="reader", scopes="read",
                             rate_limit=100000)
    return Api(client, key["key"], api.workspace_id)


WRITES = [
    ("POST", "/topics", {"name": "New"}),
    ("PUT", "/topics/{topic}", {"name": "New"}),
    ("PATCH", "/topics/{topic}", {"name": "New"}),
    ("DELETE", "/topics/{topic}", None),
    ("POST", "/tags", {"name": "New", "color": "red"}),
    ("PUT", "/tags/{tag}", {"name": "New"}),
    ("PATCH", "/tags/{tag}", {"color": "red"}),
    ("DELETE", "/tags/{tag}", None),
    ("DELETE", "/topics/999", None),          # scope is checked before existence
    ("PATCH", "/tags/999", {"name": ""}),     # and before validation
]


@pytest.mark.parametrize("method, path, body", WRITES)
def test_read_only_key_cannot_write(api, reader, method, path, body):
    ids = {"topic": create(api, "topics", "Pricing")["id"],
           "tag": create(api, "tags", "b2b")["id"]}
    before = {kind: listing(api, kind) for kind in KINDS}
    path = path.format(**ids)
    if body is None:
        reply = reader.delete(path, status=403)
    else:
        reply = reader.send(method, path, body, 403)
    assert reply.json == {"success": False, "code": "INSUFFICIENT_SCOPE",
                          "message": "This API key lacks the write scope"}
    assert {kind: listing(reader, kind) for kind in KINDS} == before
    assert reader.get("/topics/%d" % ids["topic"]).json["data"] == before["topics"][0]
    assert reader.get("/tags/%d" % ids["tag"]).json["data"] == before["tags"][0]


# Ids ---------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_ids_of_deleted_items_are_not_reused(api, kind):
    old = create(api, kind, "Old")
    api.delete("/%s/%d" % (kind, old["id"]))
    new = create(api, kind, "New")
    assert new["id"] != old["id"]
    assert api.get("/%s/%d" % (kind, old["id"]), status=404).json == not_found(kind)
