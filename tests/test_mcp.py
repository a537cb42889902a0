"""`tracker mcp`: the MCP SDK's own stdio client lists and calls the tools of a real
`tracker mcp` subprocess, which answers what the endpoints answer, with the key's scopes
(issue 19)."""

import json
import os
import subprocess

import anyio
import pytest

import tracker
from conftest import REPO, TRACKER, run_cli


@pytest.fixture
def workspace(tmp_path):
    """A database with a workspace, a read-write key, a read key, and one answered prompt."""
    path = tmp_path / "tracker.db"
    app = tracker.make_app(str(path), runs="instant")
    db = app.config["tracker.db"]
    workspace = tracker.create_workspace(db, "Acme")
    keys = {scope: tracker.create_key(db, workspace["id"], scopes=scope)["key"]
            for scope in ("read,write", "read")}
    status, _ = tracker.call_app(app, keys["read,write"], "POST", "/api/v1/brands",
                                 body={"name": "Northwind Suite"})
    assert status == 201
    status, _ = tracker.call_app(app, keys["read,write"], "POST", "/api/v1/prompts",
                                 body={"text": "Best CRM?"})
    assert status == 201
    db.close()
    return path, keys


def session_of(path, key):
    # The SDK is imported here, not at collection: 1.2 s a pytest-xdist worker, and one of them
    # runs this file.
    from mcp.client.stdio import StdioServerParameters, stdio_client
    parameters = StdioServerParameters(
        command=TRACKER[0], args=[*TRACKER[1:], "mcp", "--db", str(path)], cwd=REPO,
        env=dict(os.environ, TRACKER_API_KEY=key))
    return stdio_client(parameters)


def with_session(path, key, work):
    """Run work(session) against a fresh `tracker mcp` process; return what it returns."""
    from mcp import ClientSession

    async def main():
        async with session_of(path, key) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                return await work(session)
    return anyio.run(main)


def test_the_sdk_client_lists_the_tools_with_their_schemas(workspace):
    path, keys = workspace

    async def work(session):
        return (await session.list_tools()).tools
    tools = {tool.name: tool for tool in with_session(path, keys["read"], work)}
    assert sorted(tools) == ["create_prompts", "get_ai_traffic", "get_chat", "get_divergence",
                             "get_rankings", "get_stability", "list_actions", "list_annotations",
                             "list_chats",
                             "list_discovered_brands", "list_domain_gaps", "list_prompt_gaps",
                             "list_prompt_suggestions", "list_prompts", "list_search_queries",
                             "list_signals", "list_sources"]
    assert set(tools["get_stability"].input_schema["properties"]) >= {"groupBy", "promptId"}
    divergence_inputs = tools["get_divergence"].input_schema["properties"]
    assert {"a", "b", "disagreements", "shown", "from"} <= set(divergence_inputs)
    assert "format" not in divergence_inputs
    assert tools["get_rankings"].description == \
        "Every brand's visibility, position, share of voice and citations"
    ranking_inputs = tools["get_rankings"].input_schema["properties"]
    assert {"from", "to", "engine", "topicId", "interval", "compare"} <= set(ranking_inputs)
    assert ranking_inputs["interval"]["enum"] == ["day", "week"]
    assert tools["get_chat"].input_schema["required"] == ["chat_id"]
    assert tools["create_prompts"].input_schema["properties"]["prompts"]["items"] == {
        "$ref": "#/$defs/PromptItem"}


def test_tools_answer_what_the_endpoints_answer(workspace):
    path, keys = workspace

    async def work(session):
        prompts = await session.call_tool("list_prompts", {"search": "crm", "perPage": 5})
        chats = await session.call_tool("list_chats", {"perPage": 1})
        chat_id = chats.structured_content["data"][0]["id"]
        chat = await session.call_tool("get_chat", {"chat_id": chat_id})
        rankings = await session.call_tool("get_rankings", {"status": "all"})
        sources = await session.call_tool("list_sources", {"groupBy": "category"})
        discovered = await session.call_tool("list_discovered_brands", {})
        return prompts, chats, chat, rankings, sources, discovered
    prompts, chats, chat, rankings, sources, discovered = with_session(path, keys["read"], work)
    assert not prompts.is_error and [p["text"] for p in prompts.structured_content["data"]] == [
        "Best CRM?"]
    assert json.loads(prompts.content[0].text) == prompts.structured_content
    assert len(prompts.content) == 1  # the workspace's own prompts: no notice
    assert chat.structured_content == chats.structured_content["data"][0]
    assert [b["name"] for b in rankings.structured_content["brands"]] == ["Northwind Suite"]
    assert sources.structured_content["groupBy"] == "category"
    interval = {"lower", "upper", "interval"}  # each figure's 95 % interval, as the API's
    assert interval <= set(rankings.structured_content["brands"][0]["visibility"])
    assert all(interval <= set(row["chatShare"]) for row in sources.structured_content["data"])
    assert discovered.structured_content["total"] >= 1  # the simulated engine invents names
    # the same as the endpoint answers the same key
    app = tracker.make_app(str(path), runs="off")
    status, envelope = tracker.call_app(app, keys["read"], "GET", "/api/v1/analytics/chats/%d"
                                        % chat.structured_content["id"])
    assert (status, envelope["data"]) == (200, chat.structured_content)
    app.config["tracker.db"].close()


def test_a_read_key_cannot_create_prompts_and_bad_input_is_a_tool_error(workspace):
    path, keys = workspace

    async def work(session):
        refused = await session.call_tool("create_prompts", {"prompts": [{"text": "x"}]})
        bad = await session.call_tool("list_prompts", {"perPage": 101})
        missing = await session.call_tool("get_chat", {"chat_id": 999})
        return refused, bad, missing
    refused, bad, missing = with_session(path, keys["read"], work)
    assert refused.is_error and refused.content[0].text == \
        "403 INSUFFICIENT_SCOPE: This API key lacks the write scope"
    assert bad.is_error and bad.content[0].text == \
        "422: Validation failed; perPage: must be an integer from 1 to 100"
    assert missing.is_error and missing.content[0].text == "404: Chat not found"


def test_a_write_key_creates_prompts(workspace):
    path, keys = workspace

    async def work(session):
        return await session.call_tool("create_prompts", {"prompts": [
            {"text": "Best ERP?", "tags": ["erp"]}, {"text": ""}]})
    created = with_session(path, keys["read,write"], work)
    assert not created.is_error
    assert (created.structured_content["created"], created.structured_content["failed"]) == (1, 1)


def test_the_protocol_where_the_sdk_client_does_not_go(workspace):
    """The server speaks JSON-RPC itself (no SDK in the binary): version negotiation,
    notifications, batches and errors, a line each way."""
    path, keys = workspace
    lines = [{"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {}},
             {"jsonrpc": "2.0", "id": 2, "method": "initialize", "params": {
                 "protocolVersion": "2024-11-05", "capabilities": {},
                 "clientInfo": {"name": "raw", "version": "0"}}},
             {"jsonrpc": "2.0", "method": "notifications/initialized"},
             {"jsonrpc": "2.0", "id": "b", "method": "initialize",
              "params": {"protocolVersion": "2099-01-01"}},
             [{"jsonrpc": "2.0", "id": 3, "method": "ping"},
              {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {}}],
             {"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "nope"}},
             {"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": ["x"]}},
             {"jsonrpc": "2.0", "id": 6, "method": "tools/call",
              "params": {"name": "list_prompts", "arguments": [1]}},
             {"jsonrpc": "2.0", "id": 7, "result": {}}]
    stdin = "\n".join(json.dumps(line) for line in lines) + "\n{not json\n\n[]\n"
    done = subprocess.run([*TRACKER, "mcp", "--db", str(path)], input=stdin, cwd=REPO,
                          capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, TRACKER_API_KEY=keys["read"]))
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [answer.get("id") for answer in answers[:2]] == [1, 2]
    assert answers[0]["error"]["code"] == -32601  # the SDK's client falls back to initialize
    assert answers[1]["result"]["protocolVersion"] == "2024-11-05"
    assert answers[1]["result"]["serverInfo"] == {"name": "tracker", "version": tracker.__version__}
    assert answers[2]["result"]["protocolVersion"] == tracker.MCP_PROTOCOL_VERSIONS[-1]
    assert answers[3] == [{"jsonrpc": "2.0", "id": 3, "result": {}}]
    assert [(answer["id"], answer["error"]["code"]) for answer in answers[4:7]] == [
        (4, -32602), (5, -32602), (6, -32602)]
    assert [answer["error"]["code"] for answer in answers[7:]] == [-32700, -32600]


def test_mcp_refuses_to_start_without_a_good_key(workspace):
    path, _ = workspace
    code, _, stderr = run_cli(path, "mcp", env={"TRACKER_API_KEY": ""})
    assert code == 1 and "mcp needs an API key" in stderr
    code, _, stderr = run_cli(path, "mcp", "--key", tracker.generate_key())
    assert code == 1 and "the key was refused" in stderr and "Traceback" not in stderr


def test_a_line_that_is_not_a_message_gets_json_rpcs_error(workspace):
    """The SDK's stdio server (which tracker mcp used before) logged a line that is not
    JSON-RPC and answered nothing: a client waiting for an answer waited forever. JSON-RPC
    2.0 answers -32700 (not JSON)
    and -32600 (JSON, but not a request), with id null, and the session goes on."""
    path, keys = workspace
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "raw", "version": "1"}}}
    lines = ["not json", json.dumps(initialize), '{"jsonrpc": "2.0", "id": 2, "method": "tools/list"',
             '{"a": 1}', "[1, 2]", '{"jsonrpc": "2.0", "method": "notifications/initialized"}',
             '{"jsonrpc": "2.0", "id": 3, "method": "tools/list"}']
    done = subprocess.run([*TRACKER, "mcp", "--db", str(path)], cwd=REPO, timeout=60,
                          input="".join(line + "\n" for line in lines), capture_output=True,
                          text=True, env=dict(os.environ, TRACKER_API_KEY=keys["read"]))
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    parse_error = {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}}
    invalid = {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "Invalid Request"}}
    # [1, 2] is a batch of two invalid requests: JSON-RPC 2.0 answers it with a batch
    assert [answer for answer in answers if "result" not in answer] == [
        parse_error, parse_error, invalid, [invalid, invalid]]
    results = {answer["id"]: answer["result"] for answer in answers if "result" in answer}
    assert results[1]["serverInfo"]["name"] == "tracker"
    assert len(results[3]["tools"]) == len(tracker.MCP_TOOLS)
    assert len(answers) == 6 and done.returncode == 0


def test_tools_neither_list_nor_take_an_export_format(workspace):
    """list_chats with format=ndjson over a year read every chat into memory (932 MB) and
    then failed to parse as JSON: a tool's answer is one JSON document, so export
    formats (and since, an export's high-water mark) are left out (issue 26)."""
    path, keys = workspace
    calls = [("list_chats", {"format": "ndjson", "from": "2025-11-21"}),
             ("list_sources", {"format": "csv", "groupBy": "url"}),
             ("list_chats", {"since": 0, "format": "json"}),
             ("list_chats", {"perPage": 1})]
    lines = [{"jsonrpc": "2.0", "id": 0, "method": "tools/list"}] + [
        {"jsonrpc": "2.0", "id": n, "method": "tools/call",
         "params": {"name": name, "arguments": arguments}}
        for n, (name, arguments) in enumerate(calls, 1)]
    done = subprocess.run([*TRACKER, "mcp", "--db", str(path)], cwd=REPO, timeout=60,
                          input="".join(json.dumps(line) + "\n" for line in lines),
                          capture_output=True, text=True,
                          env=dict(os.environ, TRACKER_API_KEY=keys["read"]))
    assert done.returncode == 0, done.stderr
    answers = {answer["id"]: answer["result"] for answer in map(json.loads, done.stdout.splitlines())}
    inputs = {tool["name"]: set(tool["inputSchema"]["properties"]) for tool in answers[0]["tools"]}
    assert [name for name, names in inputs.items() if names & {"format", "since"}] == []
    assert {"from", "to", "page", "perPage", "brandId"} <= inputs["list_chats"]
    refused = "422: Validation failed; format: is not an argument of this tool"
    assert [answers[n] for n in (1, 2, 3)] == [
        {"content": [{"type": "text", "text": text}], "isError": True} for text in (
            refused, refused, refused + "; since: is not an argument of this tool")]
    assert not answers[4]["isError"] and answers[4]["structuredContent"]["perPage"] == 1


def test_answers_holding_engine_text_say_first_that_it_is_untrusted_data(workspace):
    """An engine can be steered to write instructions for the assistant that reads its
    answer (issue 26): the tools that return engine text say so, before the JSON."""
    path, keys = workspace

    async def work(session):
        tools = {tool.name: tool for tool in (await session.list_tools()).tools}
        return tools, {name: await session.call_tool(name, {})
                       for name in ("list_chats", "list_search_queries", "list_prompts")}
    tools, results = with_session(path, keys["read"], work)
    assert sorted(name for name, tool in tools.items() if "untrusted" in tool.description) == \
        sorted(tracker.MCP_UNTRUSTED_TOOLS)
    for name in ("list_chats", "list_search_queries"):
        notice, data = results[name].content
        assert notice.text == tracker.MCP_UNTRUSTED_NOTICE
        assert json.loads(data.text) == results[name].structured_content
    assert [item.text for item in results["list_prompts"].content] == [
        json.dumps(results["list_prompts"].structured_content, ensure_ascii=False)]


def test_the_answer_rate_reaches_the_tools_per_scope_and_per_prompt(workspace):
    """get_rankings says the scope's answerRate, get_stability each prompt's (issue 39)."""
    path, keys = workspace
    lines = [{"jsonrpc": "2.0", "id": n, "method": "tools/call",
              "params": {"name": name, "arguments": {}}}
             for n, name in enumerate(("get_rankings", "get_stability"), 1)]
    done = subprocess.run([*TRACKER, "mcp", "--db", str(path)], cwd=REPO, timeout=60,
                          input="".join(json.dumps(line) + "\n" for line in lines),
                          capture_output=True, text=True,
                          env=dict(os.environ, TRACKER_API_KEY=keys["read"]))
    assert done.returncode == 0, done.stderr
    answers = {answer["id"]: answer["result"]["structuredContent"]
               for answer in map(json.loads, done.stdout.splitlines())}
    rate = answers[1]["answerRate"]
    assert (rate["value"], rate["numerator"]) == (1.0, answers[1]["chats"]) and rate["numerator"] > 0
    (prompt,) = answers[2]["data"]
    assert (prompt["group"]["name"], prompt["answerRate"]["value"],
            prompt["answerRate"]["denominator"]) == ("Best CRM?", 1.0, answers[1]["chats"])
