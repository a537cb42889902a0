"""Clients generated from the server's own OpenAPI document by tools nobody on this project
wrote, used as a new user would: openapi-python-client (Python), openapi-typescript with
openapi-fetch (TypeScript, checked by ``tsc --strict``), and the Redocly linter. Each
generated client creates, lists and bulk-creates prompts on a live server, with no hand
edits. ``./build test`` installs the npm tools (tests/clients/package.json); a missing
one is a failure, never a skip."""

import importlib
import json
import os
import pkgutil
import shutil
import subprocess
import sys
import urllib.request

import pytest

CLIENTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "clients")
NODE_BIN = os.path.join(CLIENTS, "node_modules", ".bin")
QUIET_REDOCLY = {"REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true"}


@pytest.fixture
def document_file(tracker_api, tmp_path):
    """The OpenAPI document, fetched from the live server as a user would fetch it."""
    with urllib.request.urlopen(tracker_api.base_url + "/openapi.json", timeout=10) as reply:
        document = reply.read()
    path = tmp_path / "openapi.json"
    path.write_bytes(document)
    return path


def run(command, cwd, env=None, timeout=120):
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          env=dict(os.environ, **(env or {})))
    assert done.returncode == 0, "%s\n%s\n%s" % (command, done.stdout, done.stderr)
    return done.stdout + done.stderr


def node_tool(name):
    path = os.path.join(NODE_BIN, name)
    assert os.path.exists(path), "%s is missing: ./build test installs it (npm ci)" % path
    return path


# Python: openapi-python-client ---------------------------------------------------------

def generate_python_client(document_file, tmp_path):
    """Generate the client as package tracker_client in tmp_path; returns the tool's output."""
    config = tmp_path / "generator.yaml"
    config.write_text("post_hooks: []\n")  # no formatter runs: the code is used as generated
    generator = os.path.join(os.path.dirname(sys.executable), "openapi-python-client")
    return run([generator, "generate", "--path", str(document_file), "--meta", "none",
                "--output-path", str(tmp_path / "tracker_client"), "--config", str(config)],
               cwd=tmp_path)


@pytest.fixture
def python_client(document_file, tmp_path):
    output = generate_python_client(document_file, tmp_path)
    assert "Warning" not in output and "Unable" not in output, output
    sys.path.insert(0, str(tmp_path))
    try:
        yield importlib.import_module("tracker_client")
    finally:
        sys.path.remove(str(tmp_path))
        for name in [name for name in sys.modules if name.split(".")[0] == "tracker_client"]:
            del sys.modules[name]


def test_every_python_operation_module_imports(python_client, document_file):
    api = importlib.import_module("tracker_client.api")
    names = [module.name for module in pkgutil.walk_packages(api.__path__, "tracker_client.api.")]
    operations = [name for name in names if name.count(".") == 3]
    for name in operations:
        assert callable(importlib.import_module(name).sync), name
    with open(document_file, encoding="utf-8") as document:
        paths = json.load(document)["paths"]
    methods = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}
    assert len(operations) == sum(len(methods & set(item)) for item in paths.values()) == 80


def test_the_python_client_lists_engines_and_turns_one_off(python_client, tracker_api):
    from tracker_client.api.default import get_engines, patch_engines_by_label
    from tracker_client.models import EngineUpdate
    client = python_client.AuthenticatedClient(base_url=tracker_api.base_url, token=tracker_api.key,
                                               raise_on_unexpected_status=True)
    (engine,) = get_engines.sync(client=client).data
    assert (engine.label, engine.web_search, engine.enabled) == ("simulated", True, True)
    changed = patch_engines_by_label.sync(label="simulated", client=client,
                                          body=EngineUpdate(enabled=False))
    assert (changed.data.label, changed.data.enabled, changed.data.daily_limit_reached) == (
        "simulated", False, False)
    # the route's own behaviour, from its OpenAPI description, is the method's docstring
    assert "An unknown label is 404; anything but a boolean `enabled` is 422." in " ".join(
        patch_engines_by_label.sync.__doc__.split())


def test_the_python_client_creates_lists_and_bulk_creates(python_client, tracker_api):
    from tracker_client.api.default import get_prompts, post_prompts
    from tracker_client.models import Error, PromptBulkCreate, PromptItem
    client = python_client.AuthenticatedClient(base_url=tracker_api.base_url, token=tracker_api.key,
                                               raise_on_unexpected_status=True)
    one = post_prompts.sync_detailed(client=client, body=PromptItem(text="Best CRM?", tags=["b2b"]))
    assert (one.status_code, one.parsed.data.created) == (201, 1)
    assert one.headers["Location"] == "/api/v1/prompts/%d" % one.parsed.data.prompts[0].id
    bulk = post_prompts.sync(client=client, body=PromptBulkCreate(
        prompts=[PromptItem(text="Best CRM for agencies?", topic="CRM"), PromptItem(text="")]))
    assert (bulk.data.created, bulk.data.failed, bulk.data.errors[0].index) == (1, 1, 1)
    page = get_prompts.sync(client=client, search="crm", per_page=10)
    assert (page.data.total, [p.text for p in page.data.data]) == (
        2, ["Best CRM for agencies?", "Best CRM?"])
    assert page.data.data[0].topic.name == "CRM"
    refused = get_prompts.sync(client=client, per_page=101)
    assert isinstance(refused, Error) and [e.field for e in refused.errors] == ["perPage"]


# TypeScript: openapi-typescript + openapi-fetch + tsc --strict ---------------------------

def test_the_typescript_client_compiles_strictly_and_works(document_file, tmp_path, tracker_api):
    work = tmp_path / "ts"
    work.mkdir()
    for name in ("prompts.ts", "tsconfig.json", "package.json"):
        shutil.copy(os.path.join(CLIENTS, name), work / name)
    os.symlink(os.path.join(CLIENTS, "node_modules"), work / "node_modules")
    run([node_tool("openapi-typescript"), str(document_file), "-o", str(work / "schema.d.ts")],
        cwd=work)
    run([node_tool("tsc"), "-p", "."], cwd=work)  # --strict, from tsconfig.json
    output = run(["node", "prompts.js"], cwd=work,
                 env={"TRACKER_BASE_URL": tracker_api.base_url, "TRACKER_API_KEY": tracker_api.key})
    assert json.loads(output) == {
        "one": [201, 1, True], "bulk": [201, 1, 1, [1]],
        "page": [200, 2, ["Best CRM for agencies?", "Best CRM for startups?"]],
        "refused": [422, ["perPage"]]}


# Redocly ----------------------------------------------------------------------------------

def test_redocly_finds_no_error_and_no_warning(document_file):
    output = run([node_tool("redocly"), "lint", str(document_file), "--format=json",
                  "--config", os.path.join(CLIENTS, "redocly.yaml")], cwd=CLIENTS, env=QUIET_REDOCLY)
    report = json.loads(output[output.index("{"):output.rindex("}") + 1])
    assert report["totals"] == {"errors": 0, "warnings": 0, "ignored": 0}, report["problems"]
