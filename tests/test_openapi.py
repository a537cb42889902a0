"""The OpenAPI document: valid, complete, and true of the running app (Schemathesis)."""

import base64
import concurrent.futures
import functools
import hashlib
import os
import re

import hypothesis
import jsonschema
import pytest
import schemathesis
import webtest
from openapi_spec_validator import validate
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import FailureGroup, as_reported_failure
from schemathesis.generation.feedback import FeedbackSources
from schemathesis.pytest._test_builder import build_operation_test
from schemathesis.python._constants.orchestrator import make_constants_value_source
from schemathesis.specs.openapi.checks import (content_type_conformance, negative_data_rejection,
                                               response_schema_conformance, status_code_conformance)

import tracker

# A longer, random run: TRACKER_FUZZ_EXAMPLES=500 ./build test tests/test_openapi.py. The
# default run draws the same examples every time, so that CI's verdict is reproducible.
EXAMPLES = int(os.environ.get("TRACKER_FUZZ_EXAMPLES", "25"))
DERANDOMIZE = "TRACKER_FUZZ_EXAMPLES" not in os.environ


def fuzz_target():
    """An app whose workspace has prompts, brands, tags, topics and chats to find."""
    app = tracker.make_app(":memory:", runs="instant")
    db = app.config["tracker.db"]
    workspace = tracker.create_workspace(db, "Fuzz")
    key = tracker.create_key(db, workspace["id"], rate_limit=10 ** 9)["key"]
    client = webtest.TestApp(app)
    headers = {"Authorization": "Bearer " + key}
    client.post_json("/api/v1/brands", {"name": "Acme", "domains": ["acme.com"]}, headers=headers)
    client.post_json("/api/v1/prompts", {"prompts": [
        {"text": "Best CRM %d?" % i, "topic": "CRM", "tags": ["b2b"]} for i in range(3)]},
        headers=headers)
    return app, key


APP, KEY = fuzz_target()
SCHEMA = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", APP)


def negative_data_rejection_but_bulk_items(ctx, response, case):
    """negative_data_rejection, except
    - a bulk body whose only fault is in its items is created with those items skipped and
      reported (201, failed >= 1): that is the documented behaviour of POST /prompts, not
      an invalid body accepted;
    - a query parameter added with no value at all (``{"": []}``) is in no URL, so the app
      gets the valid rest of the request (Schemathesis still counts the case as invalid)."""
    if (case.method == "POST" and case.path == "/prompts" and isinstance(case.body, dict)
            and isinstance(case.body.get("prompts"), list) and response.status_code == 201
            and response.json()["data"]["failed"] >= 1):
        return None
    if isinstance(case.query, dict) and any(value == [] for value in case.query.values()):
        return None
    return negative_data_rejection(ctx, response, case)


CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance, negative_data_rejection_but_bulk_items]


@hypothesis.settings(max_examples=EXAMPLES, deadline=None, derandomize=DERANDOMIZE,
                     suppress_health_check=list(hypothesis.HealthCheck))
def keeps_its_documented_promises(case):
    # Schemathesis ignores a path's own servers: /healthz lives at the root, not below /api/v1.
    base_url = "http://localhost/" if case.path == "/healthz" else None
    case.call_and_validate(base_url=base_url, headers={"Authorization": "Bearer " + KEY},
                           checks=CHECKS)


OPERATIONS = {result.ok().label: result.ok() for result in SCHEMA.get_all_operations()}


@functools.cache
def feedback():
    """Schemathesis' feedback sources of the whole run: the constants it finds in the app."""
    return FeedbackSources(constants_value_source=make_constants_value_source(SCHEMA))


@pytest.mark.parametrize("operation", OPERATIONS, ids=str)
def test_every_operation_keeps_its_documented_promises(operation):
    """Schemathesis' three phases (the documented examples, its coverage cases, EXAMPLES fuzzed
    cases) for one operation, built here as @SCHEMA.parametrize() would build them at collection:
    there, each pytest-xdist worker spent about a minute of CPU building all of them
    (tests/README.md), though only one worker runs this file."""
    # Built in a thread of its own: the build recurses deep, and at a pytest test's depth
    # CPython 3.11 allocated and freed a chunk of its frame stack at every crossing (mmap and
    # munmap: POST /brands took 90 s of CPU and 99 s of the kernel's, 50 s in a thread).
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        test = thread.submit(build_operation_test, config=SCHEMA.config,
                             operation=OPERATIONS[operation], test_func=keeps_its_documented_promises,
                             given_kwargs={}, feedback=feedback()).result()
    try:
        test()
    except FailureGroup as failures:  # reported as Schemathesis' plugin reports them
        raise as_reported_failure(failures) from None


def test_the_document_is_valid_openapi_3_1(client):
    document = client.get("/api/v1/openapi.json").json
    validate(document)
    assert document["openapi"] == "3.1.0"


def test_every_route_is_documented_and_nothing_else(app, client):
    document = client.get("/api/v1/openapi.json").json
    documented = {(method.upper(), operations.get("servers", document["servers"])[0]["url"]
                   .rstrip("/") + path)
                  for path, operations in document["paths"].items()
                  for method in operations if method != "servers"}
    routes = {(route.method, re.sub(r"<(\w+)>", r"{\1}", re.sub(r"<[a-z]+_id>", "{id}", route.rule)))
              for route in app.routes}
    assert documented == routes
    assert len(routes) == 85 and ("GET", "/healthz") in routes
    assert ("PATCH", "/api/v1/engines/{label}") in routes
    assert ("PATCH", "/api/v1/surface-engines/{label}") in routes
    assert ("GET", "/api/v1/analytics/divergence") in routes


def test_limits_come_from_the_validators(client):
    schemas = client.get("/api/v1/openapi.json").json["components"]["schemas"]
    item = schemas["PromptItem"]["properties"]
    assert (item["text"]["minLength"], item["text"]["maxLength"]) == (1, 5000)
    assert schemas["PromptBulkCreate"]["properties"]["prompts"]["maxItems"] == 500
    brand = schemas["BrandUpdate"]["properties"]
    assert brand["trackedNames"]["maxItems"] == 50 and brand["domains"]["maxItems"] == 20
    assert brand["nameRegex"]["anyOf"][0]["maxLength"] == 500
    assert brand["color"]["pattern"] == "^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})$"
    assert set(schemas["TagCreate"]["properties"]["color"]["enum"]) == set(tracker.TAG_COLORS)


def test_parameters_are_the_ones_the_routes_read(client):
    document = client.get("/api/v1/openapi.json").json
    names = [p["name"] for p in document["paths"]["/prompts"]["get"]["parameters"]
             if p["in"] == "query"]
    assert names == [param.name for param in tracker.PROMPT_LIST_PARAMS + tracker.EXPORT_PARAMS]
    per_page = document["paths"]["/prompts"]["get"]["parameters"][1]
    assert per_page["schema"] == {"type": "integer", "minimum": 1, "maximum": 100, "default": 20}


def examples_in(schema):
    """Every example a schema documents, in its branches and items too."""
    if isinstance(schema, dict):
        yield from schema.get("examples", [])
        for value in schema.values():
            yield from examples_in(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from examples_in(value)


# A value a client really sends, by the parameter's declared kind.
REAL_VALUES = {"integer": lambda param: param.default or param.minimum,
               "choice": lambda param: param.choices[0], "string": lambda param: "crm",
               "boolean": lambda param: True, "timestamp": lambda param: "2026-11-01T09:30:00Z"}
OTHER_PARAMETERS = {"id": 1, "label": "simulated", "domain": "example.com", "name": "x",
                    "If-None-Match": '"abc"', "Idempotency-Key": "retry-1",
                    "suggestion": "3f2a9c0d1b7e4a55"}


def test_every_parameter_takes_its_examples_and_a_real_value(app, client):
    """Issue 42: from/to were {"type": "string", "maxLength": 0} and every validator generated
    from the document refused every date."""
    document = client.get("/api/v1/openapi.json").json
    checked = 0
    for route in app.routes:
        path, _ = tracker.openapi_path(route.rule)
        declared = {param.name: param for param in route.config["openapi"].params}
        for parameter in document["paths"][path][route.method.lower()].get("parameters", []):
            name = parameter["name"]
            param = declared.get(name) if parameter["in"] == "query" else None
            real = REAL_VALUES[param.kind](param) if param else OTHER_PARAMETERS[name]
            validator = jsonschema.Draft202012Validator(
                parameter["schema"], format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
            for value in list(examples_in(parameter["schema"])) + [real]:
                assert validator.is_valid(value), (route.method, path, name, value)
            checked += 1
    assert checked >= 200
    assert b"max length 0" not in client.get("/api/v1/docs").body


def test_a_window_s_dates_are_described_with_their_bounds(client):
    document = client.get("/api/v1/openapi.json").json
    windows = [parameter["schema"] for operations in document["paths"].values()
               for method, op in operations.items() if method != "servers"
               for parameter in op.get("parameters", []) if parameter["name"] in ("from", "to")]
    assert len(windows) == 26  # 13 operations with a window
    validator = jsonschema.Draft202012Validator(
        windows[0], format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
    for value in ("1970-01-01", "2999-12-31", "2026-11-01T09:30:00.000+02:00", ""):
        assert validator.is_valid(value), value
    for value in ("1969-12-31", "3000-01-01", "3000-01-01T00:00:00Z", "yesterday", "2026-13-01"):
        assert not validator.is_valid(value), value


def test_write_operations_require_the_write_scope(client):
    document = client.get("/api/v1/openapi.json").json
    for path, operations in document["paths"].items():
        for method, op in operations.items():
            if method == "servers":
                continue
            if path in ("/openapi.json", "/docs", "/healthz"):
                assert op["security"] == []
            else:
                scope = "read" if method == "get" else "write"
                assert op["security"] == [{"bearerAuth": [scope]}], (method, path)


def test_documents_need_no_key_and_the_page_needs_no_network(client):
    page = client.get("/api/v1/docs")
    assert page.content_type == "text/html"
    assert b"<script" not in page.body and b"http" not in page.body.replace(b"http://", b"")
    assert b"/api/v1/prompts" in page.body


def test_the_docs_page_sends_the_dashboards_security_headers(client):
    """Issue 37: /docs lacked the CSP and X-Frame-Options the dashboard's pages send. Its
    CSP is the dashboard's, with its one inline style allowed by hash (and nothing else)."""
    page = client.get("/api/v1/docs")
    style = re.search(r"<style>(.*?)</style>", page.text).group(1)
    digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
    assert page.headers["Content-Security-Policy"] == (
        tracker.DASHBOARD_CSP + "; style-src 'sha256-%s'" % digest)
    assert (page.headers["X-Frame-Options"], page.headers["Referrer-Policy"],
            page.headers["X-Content-Type-Options"]) == ("DENY", "no-referrer", "nosniff")
    assert page.html.find_all(style=True) == []  # no style attribute the hash would not allow


def test_the_docs_page_escapes_what_it_shows(client, app):
    tracker.Operation("x")  # the page is built from the document; names there are escaped
    page = tracker.docs_page({"info": {"title": "<b>T</b>", "version": "1", "description": "<i>"},
                              "servers": [{"url": "/api/v1"}],
                              "paths": {"/x": {"get": {"summary": "<script>alert(1)</script>",
                                                       "operationId": "x'><script>",
                                                       "responses": {"200": {}}}}},
                              "components": {"schemas": {}}})
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<section id='x&#x27;&gt;&lt;script&gt;'>" in page  # the anchor the manual links to
