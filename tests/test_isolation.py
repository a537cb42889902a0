"""Workspace isolation on every route: workspace B can neither see nor touch workspace A's
prompts, topics, tags and brands, and names are unique per workspace only."""

import pytest

KINDS = {"prompts": "Prompt", "topics": "Topic", "tags": "Tag", "brands": "Brand"}
PROMPT_STATUSES = ["draft", "active", "paused", "suggested", "rejected"]

# Valid bodies, so that an answer other than 404 could only come from reaching A's item
# (validation runs before the existence check).
HIJACK = {
    "prompts": {"text": "Hijacked", "status": "paused", "location": "XX",
                "tags": ["hijack"], "topicName": "hijack"},
    "topics": {"name": "Hijacked"},
    "tags": {"name": "Hijacked", "color": "zinc"},
    "brands": {"name": "Hijacked", "trackedNames": ["Hijack"], "nameRegex": "hijack",
               "useRegex": True, "domains": ["evil.example"], "status": "hidden",
               "type": "competitor", "color": "#000"},
}


def create_items(api):
    """A topic, a tag, a brand and a prompt using the topic and tag: {kind: item}."""
    topic = api.post("/topics", {"name": "Shared Topic"}).json["data"]
    tag = api.post("/tags", {"name": "Shared Tag", "color": "red"}).json["data"]
    brand = api.post("/brands", {"name": "Shared Brand", "domains": ["acme.com"],
                                 "type": "own"}).json["data"]
    prompt = api.post("/prompts", {"text": "Which CRM is best?", "topic": "shared topic",
                                   "tags": ["SHARED TAG"]}).json["data"]["prompts"][0]
    assert (prompt["topicId"], [t["id"] for t in prompt["tags"]]) == (topic["id"], [tag["id"]])
    tag = api.get("/tags/%d" % tag["id"]).json["data"]  # now with promptCount 1
    return {"prompts": prompt, "topics": topic, "tags": tag, "brands": brand}


def snapshot(api):
    """Everything a workspace can read: each list, and each item read on its own."""
    lists = {kind: api.get("/" + kind).json["data"] for kind in KINDS}
    for status in PROMPT_STATUSES:
        lists[status] = api.get("/prompts?status=" + status).json["data"]
    rows = [("prompts", row) for status in PROMPT_STATUSES for row in lists[status]["data"]]
    rows += [(kind, row) for kind in ("topics", "tags", "brands") for row in lists[kind]]
    items = {(kind, row["id"]): api.get("/%s/%d" % (kind, row["id"])).json["data"]
             for kind, row in rows}
    return lists, items


@pytest.fixture
def mine(api):
    """Workspace A's items."""
    return create_items(api)


def empty_prompt_page():
    return {"data": [], "total": 0, "page": 1, "perPage": 20, "lastPage": 1}


# B cannot reach A's items ------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("method", ["get", "put", "patch", "delete"])
def test_other_workspace_gets_404_for_every_item_route(api, other_api, mine, kind, method):
    before_a, before_b = snapshot(api), snapshot(other_api)
    path = "/%s/%d" % (kind, mine[kind]["id"])
    if method in ("get", "delete"):
        reply = getattr(other_api, method)(path, status=404)
    else:
        reply = getattr(other_api, method)(path, HIJACK[kind], status=404)
    assert reply.json == {"success": False, "message": "%s not found" % KINDS[kind]}
    assert snapshot(api) == before_a
    assert snapshot(other_api) == before_b  # nothing created on the way (topicName, tags)


@pytest.mark.parametrize("kind", KINDS)
def test_owner_still_reaches_its_items(api, mine, kind):
    assert api.get("/%s/%d" % (kind, mine[kind]["id"])).json["data"] == mine[kind]


# B's lists ---------------------------------------------------------------------------

def test_lists_of_an_empty_workspace_show_nothing_of_another(api, other_api, mine):
    for kind in ("topics", "tags", "brands"):
        assert other_api.get("/" + kind).json["data"] == []
    for query in ["", "?status=active", "?search=CRM", "?search=CR",
                  "?topicId=%d" % mine["topics"]["id"], "?tagId=%d" % mine["tags"]["id"]]:
        assert other_api.get("/prompts" + query).json["data"] == empty_prompt_page()


def test_each_workspace_lists_only_its_own_items(api, other_api, mine):
    theirs = create_items(other_api)
    for workspace, items in ((api, mine), (other_api, theirs)):
        lists, _ = snapshot(workspace)
        for kind in ("topics", "tags", "brands"):
            assert lists[kind] == [items[kind]]
        assert lists["prompts"]["data"] == [items["prompts"]]
        # tag counts come from the workspace's own prompts
        assert lists["tags"][0]["promptCount"] == 1
    # filtering B's prompts by A's topic or tag finds nothing, and by B's own finds B's
    for query, found_in, found in (("topicId", mine, []), ("tagId", mine, []),
                         ("topicId", theirs, [theirs["prompts"]]),
                         ("tagId", theirs, [theirs["prompts"]])):
        kind = "topics" if query == "topicId" else "tags"
        page = other_api.get("/prompts?%s=%d" % (query, found_in[kind]["id"])).json["data"]
        assert page["data"] == found


def test_brand_filters_stay_in_the_workspace(api, other_api, mine):
    for query in ("?type=own", "?status=active", "?status=active&type=own"):
        assert other_api.get("/brands" + query).json["data"] == []
        assert api.get("/brands" + query).json["data"] == [mine["brands"]]


# B's prompts cannot point at A's topics or tags --------------------------------------

@pytest.fixture
def their_prompt(other_api):
    return other_api.post("/prompts", {"text": "Which ERP is best?"}).json["data"]["prompts"][0]


@pytest.mark.parametrize("method", ["put", "patch"])
def test_prompt_cannot_move_to_another_workspaces_topic(api, other_api, mine, their_prompt,
                                                        method):
    before_a = snapshot(api)
    reply = getattr(other_api, method)("/prompts/%d" % their_prompt["id"],
                                       {"topicId": mine["topics"]["id"]}, status=422)
    assert reply.json == {"success": False, "message": "Validation failed", "errors": [
        {"field": "topicId", "message": "no topic with this id in this workspace"}]}
    assert other_api.get("/prompts/%d" % their_prompt["id"]).json["data"] == their_prompt
    assert snapshot(api) == before_a


@pytest.mark.parametrize("method", ["put", "patch"])
def test_prompt_cannot_take_another_workspaces_tag_by_integer_id(api, other_api, mine,
                                                                 their_prompt, method):
    before_a = snapshot(api)
    tag_id = mine["tags"]["id"]
    reply = getattr(other_api, method)("/prompts/%d" % their_prompt["id"],
                                       {"tags": [tag_id]}, status=422)
    assert reply.json == {"success": False, "message": "Validation failed", "errors": [
        {"field": "tags.0", "message": "no tag with id %d in this workspace" % tag_id}]}
    assert other_api.get("/prompts/%d" % their_prompt["id"]).json["data"] == their_prompt
    assert other_api.get("/tags").json["data"] == []
    assert snapshot(api) == before_a


@pytest.mark.parametrize("method", ["put", "patch"])
def test_another_workspaces_tag_id_as_a_string_is_a_new_name(api, other_api, mine,
                                                             their_prompt, method):
    before_a = snapshot(api)
    a_tag = str(mine["tags"]["id"])
    data = getattr(other_api, method)("/prompts/%d" % their_prompt["id"],
                                      {"tags": [a_tag]}).json["data"]
    [new_tag] = data["tags"]
    assert new_tag["name"] == a_tag
    assert new_tag["id"] != mine["tags"]["id"]
    assert new_tag["workspaceId"] == other_api.workspace_id
    assert [(t["id"], t["name"], t["promptCount"]) for t in other_api.get("/tags").json["data"]] \
        == [(new_tag["id"], a_tag, 1)]
    assert snapshot(api) == before_a


def test_topic_and_tag_names_resolve_within_the_workspace(api, other_api, mine, their_prompt):
    """Names that A uses create B's own topic and tag instead of reusing A's."""
    created = other_api.post("/prompts", {"text": "Which CRM is best?", "topic": "Shared Topic",
                                          "tags": ["shared tag"]}).json["data"]
    assert (created["created"], created["failed"]) == (1, 0)  # A's identical text is no duplicate
    prompt = created["prompts"][0]
    assert prompt["topicId"] not in (None, mine["topics"]["id"])
    assert prompt["topic"]["workspaceId"] == other_api.workspace_id
    assert [t["id"] for t in prompt["tags"]] != [mine["tags"]["id"]]
    moved = other_api.patch("/prompts/%d" % their_prompt["id"],
                            {"topicName": "SHARED TOPIC"}).json["data"]
    assert moved["topicId"] == prompt["topicId"]


# Names are unique per workspace ------------------------------------------------------

@pytest.mark.parametrize("kind, body", [
    ("topics", {"name": "shared topic"}),
    ("tags", {"name": "Shared Tag", "color": "blue"}),
    ("brands", {"name": "SHARED BRAND", "domains": ["acme.com"]}),
])
def test_another_workspace_may_use_the_same_names(api, other_api, mine, kind, body):
    before_a = snapshot(api)
    data = other_api.post("/" + kind, body).json["data"]
    assert (data["name"], data["workspaceId"]) == (body["name"], other_api.workspace_id)
    assert data["id"] != mine[kind]["id"]
    # and renaming in B to A's name is allowed too
    other = other_api.post("/" + kind, dict(body, name="Something else")).json["data"]
    other_api.delete("/%s/%d" % (kind, data["id"]))
    renamed = other_api.patch("/%s/%d" % (kind, other["id"]), {"name": mine[kind]["name"]})
    assert renamed.json["data"]["name"] == mine[kind]["name"]
    assert snapshot(api) == before_a
