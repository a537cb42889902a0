"""Later releases keep the promises of the earlier ones: the OpenAPI document served now
breaks no client written against a frozen release's document (tests/openapi-<version>.json)
of the same major version. What counts as breaking is in openapi_compat.py's docstring; the
small documents below hold the comparison to each rule, so the frozen check cannot pass by
comparing nothing."""

import copy
import glob
import json
import os

import pytest

import tracker
from openapi_compat import breaking_changes, current_document, frozen_path

HERE = os.path.dirname(os.path.abspath(__file__))


def frozen_releases():
    major = tracker.__version__.split(".")[0] + "."
    return sorted(path for path in glob.glob(os.path.join(HERE, "openapi-*.json"))
                  if os.path.basename(path).removeprefix("openapi-").startswith(major))


@pytest.fixture(scope="module")
def served():
    return current_document()


def test_the_first_release_is_frozen():
    assert frozen_path("1.0.0") in frozen_releases()
    with open(frozen_path("1.0.0"), encoding="utf-8") as frozen:
        assert json.load(frozen)["info"]["x-tracker-version"] == "1.0.0"


@pytest.mark.parametrize("path", frozen_releases(), ids=os.path.basename)
def test_the_served_document_breaks_no_client_of_a_frozen_release(path, served):
    with open(path, encoding="utf-8") as frozen:
        assert breaking_changes(json.load(frozen), served) == []


def test_the_real_document_is_compared_through_its_refs(served):
    """A property removed from a component is found in every answer that reaches it."""
    changed = copy.deepcopy(served)
    del changed["components"]["schemas"]["Tag"]["properties"]["color"]
    changed["components"]["schemas"]["BrandCreate"]["required"].append("industry")
    assert breaking_changes(served, changed) == [
        "POST /brands request application/json industry: became required",
        "GET /tags response 200 application/json data[].color: removed",
        "POST /tags response 201 application/json data.color: removed",
        "GET /tags/{id} response 200 application/json data.color: removed",
        "PUT /tags/{id} response 200 application/json data.color: removed",
        "PATCH /tags/{id} response 200 application/json data.color: removed",
    ]


# The rules, one small document pair each --------------------------------------------

def document(operation=None, schemas=None, path="/items", method="get"):
    """A document of one operation at path: by default a GET answering an Item."""
    operation = operation or {"responses": {"200": answer({"$ref": "#/components/schemas/Item"})}}
    return {"openapi": "3.1.0", "paths": {path: {method: operation}},
            "components": {"schemas": schemas or {"Item": ITEM}}}


def answer(schema, media="application/json", **extra):
    return dict({"description": "ok", "content": {media: {"schema": schema}}}, **extra)


ITEM = {"type": "object", "properties": {"id": {"type": "integer"},
                                         "status": {"enum": ["active", "paused"]},
                                         "note": {"type": "string"}},
        "required": ["id", "status"]}


def with_item(**changes):
    """The one-operation document whose Item schema has changes (None deletes a key)."""
    item = copy.deepcopy(ITEM)
    for key, value in changes.items():
        if value is None:
            del item[key]
        else:
            item[key] = value
    return document(schemas={"Item": item})


def post(schema, parameters=(), **body):
    return document({"parameters": list(parameters),
                     "requestBody": dict({"content": {"application/json": {"schema": schema}}},
                                         **body),
                     "responses": {"204": {"description": "done"}}}, method="post")


def query(name, required=False, **schema):
    return {"name": name, "in": "query", "required": required, "schema": schema}


def test_an_unchanged_document_breaks_nothing():
    assert breaking_changes(document(), document()) == []


def test_a_removed_path_or_operation_breaks():
    assert breaking_changes(document(), document(path="/things")) == ["/items: path removed"]
    both = document()
    both["paths"]["/items"]["delete"] = {"responses": {"204": {"description": "gone"}}}
    assert breaking_changes(both, document()) == ["DELETE /items: operation removed"]
    assert breaking_changes(document(), both) == []  # a new operation breaks nobody


def test_a_removed_response_property_breaks_wherever_a_ref_leads_to_it():
    properties = {k: v for k, v in ITEM["properties"].items() if k != "note"}
    assert breaking_changes(document(), with_item(properties=properties)) == [
        "GET /items response 200 application/json note: removed"]
    listed = document({"responses": {"200": answer(
        {"type": "object", "properties": {"data": {"type": "array", "items": {
            "$ref": "#/components/schemas/Item"}}}})}})
    changed = copy.deepcopy(listed)
    changed["components"]["schemas"]["Item"]["properties"] = properties
    assert breaking_changes(listed, changed) == [
        "GET /items response 200 application/json data[].note: removed"]


def test_a_response_property_that_became_optional_or_nullable_breaks():
    assert breaking_changes(document(), with_item(required=["id"])) == [
        "GET /items response 200 application/json status: became optional"]
    nullable = dict(ITEM["properties"], id={"anyOf": [{"type": "integer"}, {"type": "null"}]})
    assert breaking_changes(document(), with_item(properties=nullable)) == [
        "GET /items response 200 application/json id: may now be null"]


def test_response_enums_may_lose_values_but_not_gain_them():
    """A generated client refuses a value its enum does not know."""
    gained = dict(ITEM["properties"], status={"enum": ["active", "paused", "archived"]})
    assert breaking_changes(document(), with_item(properties=gained)) == [
        'GET /items response 200 application/json status: enum values added: "archived"']
    lost = dict(ITEM["properties"], status={"enum": ["active"]})
    assert breaking_changes(document(), with_item(properties=lost)) == []
    # and a new optional response property breaks nobody
    more = dict(ITEM["properties"], tags={"type": "array"})
    assert breaking_changes(document(), with_item(properties=more)) == []


def test_a_removed_success_status_media_type_or_header_breaks():
    old = document({"responses": {
        "200": answer({"type": "object"}, headers={"ETag": {"schema": {"type": "string"}}}),
        "404": answer({"type": "object"})}})
    csv = copy.deepcopy(old)
    csv["paths"]["/items"]["get"]["responses"]["200"]["content"]["text/csv"] = {
        "schema": {"type": "string"}}
    new = document({"responses": {"201": answer({"type": "object"})}})
    assert breaking_changes(old, new) == ["GET /items response 200: removed"]
    assert breaking_changes(csv, old) == ["GET /items response 200 text/csv: removed"]
    no_header = document({"responses": {"200": answer({"type": "object"}),
                                        "404": answer({"type": "object"})}})
    assert breaking_changes(old, no_header) == ["GET /items response 200: header ETag removed"]
    no_404 = document({"responses": {
        "200": answer({"type": "object"}, headers={"ETag": {"schema": {"type": "string"}}})}})
    assert breaking_changes(old, no_404) == []  # an error no longer given breaks nobody


def test_a_newly_required_parameter_breaks_and_an_optional_one_does_not():
    def listing(*parameters):
        return document({"parameters": list(parameters), "responses": {"200": answer({})}})
    page = query("page", type="integer")
    assert breaking_changes(listing(page), listing(page, query("sort", required=True))) == [
        "GET /items query parameter sort: new and required"]
    assert breaking_changes(listing(page), listing(query("page", True, type="integer"))) == [
        "GET /items query parameter page: became required"]
    assert breaking_changes(listing(page), listing(page, query("sort"))) == []
    assert breaking_changes(listing(page), listing()) == [
        "GET /items query parameter page: removed (tracker refuses an undeclared parameter)"]


def test_a_parameter_ref_is_followed():
    referred = document({"parameters": [{"$ref": "#/components/parameters/Page"}],
                         "responses": {"200": answer({})}})
    referred["components"]["parameters"] = {"Page": query("page", type="integer")}
    required = copy.deepcopy(referred)
    required["components"]["parameters"]["Page"]["required"] = True
    assert breaking_changes(referred, required) == [
        "GET /items query parameter page: became required"]


def test_request_enums_may_gain_values_but_not_lose_them():
    status = query("status", enum=["active", "paused"])
    assert breaking_changes(post({}, [status]), post({}, [query("status", enum=["active"])])) == [
        'POST /items query parameter status: enum values removed: "paused"']
    assert breaking_changes(post({}, [status]), post({}, [query(
        "status", enum=["active", "paused", "archived"])])) == []
    assert breaking_changes(post({}, [query("status", type="string")]), post({}, [status])) == [
        "POST /items query parameter status: restricted to an enum"]


def test_a_new_required_request_property_breaks_and_so_does_a_removed_one():
    """tracker refuses an undeclared body field, so a property it stops reading breaks a
    client that still sends it."""
    body = {"type": "object", "properties": {"text": {"type": "string"},
                                             "topic": {"type": "string"}}, "required": ["text"]}
    required = dict(body, required=["text", "topic"])
    assert breaking_changes(post(body), post(required)) == [
        "POST /items request application/json topic: became required"]
    new = dict(body, properties=dict(body["properties"], tags={"type": "array"}),
               required=["text", "tags"])
    assert breaking_changes(post(body), post(new)) == [
        "POST /items request application/json tags: new and required"]
    fewer = dict(body, properties={"text": {"type": "string"}})
    assert breaking_changes(post(body), post(fewer)) == [
        "POST /items request application/json topic: removed (tracker refuses an undeclared "
        "body field)"]
    assert breaking_changes(post(body), post(body, required=True)) == [
        "POST /items: request body became required"]


def test_a_request_type_or_bound_narrowed_breaks_and_widened_does_not():
    def text(**schema):
        return post({"type": "object", "properties": {"text": schema}})
    assert breaking_changes(text(type=["string", "null"]), text(type="string")) == [
        "POST /items request application/json text: no longer accepts null"]
    assert breaking_changes(text(type="integer"), text(type="number")) == []
    assert breaking_changes(text(type="number"), text(type="integer")) == [
        "POST /items request application/json text: no longer accepts number"]
    assert breaking_changes(text(type="string", maxLength=200),
                            text(type="string", maxLength=100)) == [
        "POST /items request application/json text: maxLength 200 -> 100"]
    assert breaking_changes(text(type="string"), text(type="string", minLength=1)) == [
        "POST /items request application/json text: minLength none -> 1"]
    assert breaking_changes(text(type="string", maxLength=100),
                            text(type="string", maxLength=200)) == []
    assert breaking_changes(text(type="string"), text(type="string", pattern="^a")) == [
        "POST /items request application/json text: pattern none -> ^a"]
    # a nullable string's bounds are its string branch's
    nullable = {"anyOf": [{"type": "string", "maxLength": 9}, {"type": "null"}]}
    shorter = {"anyOf": [{"type": "string", "maxLength": 5}, {"type": "null"}]}
    assert breaking_changes(text(**nullable), text(**shorter)) == [
        "POST /items request application/json text: maxLength 9 -> 5"]


def test_a_scope_added_or_a_key_required_breaks():
    def secured(*security):
        return document({"security": list(security), "responses": {"200": answer({})}})
    read = {"bearerAuth": ["read"]}
    assert breaking_changes(secured(read), secured({"bearerAuth": ["read", "write"]})) == [
        'GET /items: security {"bearerAuth": ["read"]} no longer enough']
    assert breaking_changes(secured(), secured(read)) == [
        "GET /items: security {} no longer enough"]
    assert breaking_changes(secured(read), secured()) == []


def test_a_recursive_schema_is_compared_once_around():
    tree = {"type": "object", "properties": {"children": {"type": "array", "items": {
        "$ref": "#/components/schemas/Item"}}, "name": {"type": "string"}}}
    old = document(schemas={"Item": tree})
    new = document(schemas={"Item": dict(tree, properties={"children": tree["properties"][
        "children"]})})
    assert breaking_changes(old, new) == ["GET /items response 200 application/json name: removed"]


def test_compositions_it_cannot_read_are_refused_not_misread():
    with pytest.raises(ValueError, match="allOf and not"):
        breaking_changes(document(), with_item(allOf=[{"type": "object"}]))
