"""The engines that search the web, each against a loopback server answering in the
provider's documented shapes (tests/providers.py): what goes out, and exactly what an
answer, a search error, a rate limit, an overload and a malformed reply become (issue 16).
"""

import json
import zlib

import pytest

import tracker
from conftest import run_cli
from providers import (anthropic_error, anthropic_message, gemini_error,
                       gemini_response, grounding_redirect, openai_error, openai_response,
                       perplexity_response, search_error, search_results, server_tool_use,
                       text_block, web_search_call)


def engine(providers, kind, model, sleeps=None, key="key-1"):
    environment = {name: key for name in tracker.ENGINE_KINDS[kind][2]}
    found = tracker.parse_engine("%s:%s@%s" % (kind, model, providers.base(kind)), environment)
    found.sleep = (sleeps if sleeps is not None else []).append
    return found


def sent(providers, kind):
    """(headers, body, path) of the one request kind received."""
    (request,) = providers.requests[kind]
    return request


# OpenAI Responses ------------------------------------------------------------------------

def test_openai_responses_searches_and_cites(providers):
    providers.reply("openai-responses", openai_response(
        "Acme leads.", citations=[("https://acme.com/crm?utm_source=openai", "Acme CRM"),
                                  ("https://g2.com/crm?utm_source=openai", "G2")],
        searches=[web_search_call("best crm austin", ["https://g2.com/crm", "https://x.com/y"]),
                  web_search_call("acme crm pricing")]))
    answer = engine(providers, "openai-responses", "gpt-4.1-mini").ask("Best CRM?", "Austin, TX, US")
    assert answer == tracker.Answer(
        text="Acme leads. ([Acme CRM](https://acme.com/crm?utm_source=openai)) "
             "([G2](https://g2.com/crm?utm_source=openai))",
        citations=[{"url": "https://acme.com/crm?utm_source=openai", "title": "Acme CRM"},
                   {"url": "https://g2.com/crm?utm_source=openai", "title": "G2"}],
        consulted=[{"url": "https://g2.com/crm", "title": None}, {"url": "https://x.com/y", "title": None}],
        searches=["best crm austin", "acme crm pricing"], retrieval="searched",
        usage={"inputTokens": 321, "outputTokens": 123, "cachedInputTokens": 0,
               "cacheWriteInputTokens": None, "searches": 2},
        model_version="gpt-4.1-mini-2025-04-14")
    headers, body, path = sent(providers, "openai-responses")
    assert (path, headers["Authorization"]) == ("/openai/v1/responses", "Bearer key-1")
    assert body == {"model": "gpt-4.1-mini", "input": "Best CRM?", "include": [
        "web_search_call.action.sources"], "tools": [{"type": "web_search", "user_location": {
            "type": "approximate", "country": "US", "city": "Austin"}}]}


def test_openai_responses_without_a_search_and_with_an_unplaceable_location(providers):
    providers.reply("openai-responses", openai_response("From memory: Acme."))
    answer = engine(providers, "openai-responses", "gpt-4.1-mini").ask("Best CRM?", "the Moon")
    assert (answer.retrieval, answer.searches, answer.citations) == ("not_searched", [], [])
    body = sent(providers, "openai-responses")[1]
    assert body["tools"] == [{"type": "web_search"}]
    assert body["instructions"] == "The user is asking from the Moon; answer for that location."


def test_openai_responses_failure_and_rate_limit(providers):
    sleeps = []
    providers.reply("openai-responses", openai_error("Rate limit reached", "requests",
                                                     "rate_limit_exceeded"), 429, {"Retry-After": "3"})
    providers.reply("openai-responses", dict(openai_response("x"), status="failed",
                                             error={"message": "model overloaded"}))
    with pytest.raises(tracker.EngineError, match="^the response failed: model overloaded$"):
        engine(providers, "openai-responses", "m", sleeps).ask("q")
    assert sleeps == [3.0]


# Anthropic Messages --------------------------------------------------------------------

def test_anthropic_searches_joins_text_blocks_and_keeps_cited_order(providers):
    providers.reply("anthropic", anthropic_message([
        text_block("I'll search for that."),
        server_tool_use("best crm 2026"),
        search_results([("https://g2.com/crm", "G2 CRM"), ("https://acme.com/", "Acme")]),
        text_block("Acme is rated highest", [("https://g2.com/crm", "G2 CRM")]),
        text_block(", and its own site lists the plans.", [("https://acme.com/", "Acme")]),
    ], searches=1))
    answer = engine(providers, "anthropic", "claude-sonnet-4-5").ask("Best CRM?", "Germany")
    assert answer.text == ("I'll search for that.Acme is rated highest, and its own site lists "
                           "the plans.")
    assert answer.citations == [{"url": "https://g2.com/crm", "title": "G2 CRM"},
                                {"url": "https://acme.com/", "title": "Acme"}]
    assert answer.consulted == answer.citations
    assert (answer.searches, answer.retrieval, answer.notes) == (["best crm 2026"], "searched", [])
    assert answer.usage == {"inputTokens": 2100, "outputTokens": 310, "cachedInputTokens": 0,
                            "cacheWriteInputTokens": 0, "searches": 1}
    headers, body, path = sent(providers, "anthropic")
    assert (path, headers["X-Api-Key"], headers["Anthropic-Version"]) == (
        "/anthropic/v1/messages", "key-1", "2023-06-01")
    assert body == {"model": "claude-sonnet-4-5", "max_tokens": 4096,
                    "messages": [{"role": "user", "content": "Best CRM?"}],
                    "tools": [{"type": "web_search_20250305", "name": "web_search", "max_uses": 5,
                               "user_location": {"type": "approximate", "country": "DE"}}]}


def test_anthropic_search_error_inside_a_200_is_a_note(providers):
    providers.reply("anthropic", anthropic_message([
        server_tool_use("best crm"), search_error("too_many_requests"),
        text_block("I could not search; from what I know, Acme.")], searches=1))
    answer = engine(providers, "anthropic", "claude-sonnet-4-5").ask("Best CRM?")
    assert answer.notes == ["web search failed: too_many_requests"]
    assert (answer.consulted, answer.citations, answer.retrieval) == ([], [], "searched")


def test_anthropic_without_a_search(providers):
    providers.reply("anthropic", anthropic_message([text_block("Acme.")]))
    answer = engine(providers, "anthropic", "claude-sonnet-4-5").ask("Best CRM?")
    assert (answer.retrieval, answer.usage["searches"]) == ("not_searched", 0)


def test_anthropic_overload_529_and_rate_limit_are_retried(providers):
    sleeps = []
    providers.reply("anthropic", anthropic_error("overloaded_error", "Overloaded"), 529)
    providers.reply("anthropic", anthropic_error("rate_limit_error", "slow down"), 429,
                    {"Retry-After": "7"})
    providers.reply("anthropic", anthropic_message([text_block("Finally.")]))
    answer = engine(providers, "anthropic", "claude-sonnet-4-5", sleeps).ask("q")
    assert (answer.text, sleeps) == ("Finally.", [1, 7.0])


def test_anthropic_client_error_is_not_retried(providers):
    providers.reply("anthropic", anthropic_error("authentication_error", "invalid x-api-key"), 401)
    with pytest.raises(tracker.EngineError, match=r"HTTP 401 .*invalid x-api-key"):
        engine(providers, "anthropic", "claude-sonnet-4-5").ask("q")
    assert len(providers.requests["anthropic"]) == 1


# Gemini ------------------------------------------------------------------------------------

def test_gemini_grounding_keeps_redirects_unfetched_and_domains_from_titles(providers):
    text = "Acme leads the market. Beta is cheaper."
    providers.reply("gemini", gemini_response(
        ["Acme leads the market.", " Beta is cheaper."], queries=["best crm", "crm prices"],
        chunks=["g2.com", "acme.com", "beta.io"],
        supports=[(23, 39, "Beta is cheaper.", [2, 0]), (0, 22, "Acme leads the market.", [1])]))
    answer = engine(providers, "gemini", "gemini-2.5-flash").ask("Best CRM?", "Paris, France")
    assert answer.text == text
    assert answer.citations == [
        {"url": grounding_redirect(1), "title": "acme.com", "domain": "acme.com"},
        {"url": grounding_redirect(2), "title": "beta.io", "domain": "beta.io"},
        {"url": grounding_redirect(0), "title": "g2.com", "domain": "g2.com"}]
    assert [page["domain"] for page in answer.consulted] == ["g2.com", "acme.com", "beta.io"]
    assert (answer.searches, answer.retrieval) == (["best crm", "crm prices"], "searched")
    assert answer.usage == {"inputTokens": 12, "outputTokens": 240, "cachedInputTokens": None,
                            "cacheWriteInputTokens": None, "searches": 2}
    headers, body, path = sent(providers, "gemini")
    assert (path, headers["X-Goog-Api-Key"]) == (
        "/gemini/v1beta/models/gemini-2.5-flash:generateContent", "key-1")
    assert body == {"contents": [{"role": "user", "parts": [{"text": "Best CRM?"}]}],
                    "tools": [{"google_search": {}}], "systemInstruction": {"parts": [
                        {"text": "The user is asking from Paris, France; answer for that location."}]}}


def test_gemini_without_grounding_and_blocked(providers):
    providers.reply("gemini", gemini_response(["From memory."]))
    answer = engine(providers, "gemini", "gemini-2.5-flash").ask("q")
    assert (answer.retrieval, answer.citations, answer.consulted) == ("not_searched", [], [])
    providers.reply("gemini", {"promptFeedback": {"blockReason": "SAFETY"}})
    with pytest.raises(tracker.EngineError, match=r"^reply has no candidates \(blocked: SAFETY\)$"):
        engine(providers, "gemini", "gemini-2.5-flash").ask("q")


def test_gemini_key_falls_back_to_google_api_key(providers):
    found = tracker.parse_engine("gemini:gemini-2.5-flash", {"GOOGLE_API_KEY": "g"})
    assert found.api_key == "g"
    found = tracker.parse_engine("gemini:gemini-2.5-flash", {"GOOGLE_API_KEY": "g", "GEMINI_API_KEY": "m"})
    assert found.api_key == "m"


def test_gemini_resource_exhausted_is_retried(providers):
    sleeps = []
    providers.reply("gemini", gemini_error(429, "RESOURCE_EXHAUSTED", "Quota exceeded"), 429)
    providers.reply("gemini", gemini_response(["ok"]))
    assert engine(providers, "gemini", "gemini-2.5-flash", sleeps).ask("q").text == "ok"
    assert sleeps == [1]


# Perplexity -------------------------------------------------------------------------------

def test_perplexity_positions_follow_the_answers_references(providers):
    providers.reply("perplexity", perplexity_response(
        "Beta is cheap [2]. Acme is popular [1][2].",
        citations=["https://acme.com/", "https://beta.io/", "https://g2.com/"],
        results=[("https://acme.com/", "Acme"), ("https://beta.io/", "Beta"),
                 ("https://g2.com/", "G2"), ("https://x.com/", "X")]))
    answer = engine(providers, "perplexity", "sonar").ask("Best CRM?", "UK")
    assert answer.citations == [{"url": "https://beta.io/", "title": "Beta"},
                                {"url": "https://acme.com/", "title": "Acme"},
                                {"url": "https://g2.com/", "title": "G2"}]
    assert len(answer.consulted) == 4 and answer.retrieval == "searched"
    assert answer.usage == {"inputTokens": 9, "outputTokens": 180, "cachedInputTokens": None,
                            "cacheWriteInputTokens": None, "searches": 1}
    headers, body, path = sent(providers, "perplexity")
    assert (path, headers["Authorization"]) == ("/perplexity/chat/completions", "Bearer key-1")
    assert body == {"model": "sonar", "messages": [{"role": "user", "content": "Best CRM?"}],
                    "web_search_options": {"user_location": {"country": "GB"}}}


# Every kind -------------------------------------------------------------------------------

@pytest.mark.parametrize("kind, model", [("openai-responses", "m"), ("anthropic", "m"),
                                         ("gemini", "m"), ("perplexity", "sonar")])
@pytest.mark.parametrize("body, message", [
    (b"<html>busy</html>", "answered with invalid JSON"),
    ({"unexpected": True}, ""),
])
def test_malformed_replies_are_engine_errors_never_crashes(providers, kind, model, body, message):
    providers.reply(kind, body)
    try:
        answer = engine(providers, kind, model).ask("q")
    except tracker.EngineError as error:
        assert message in str(error)
    else:  # a reply with nothing in it is an empty answer, bounded like any other
        assert message == "" and tracker.bounded_answer(answer).text == ""


def test_a_run_asks_every_kind_and_stores_what_each_returned(db, api, providers):
    providers.reply("openai-responses", openai_response(
        "Use Acme.", citations=[("https://acme.com/?utm_source=openai", "Acme")],
        searches=[web_search_call("crm")]))
    providers.reply("anthropic", anthropic_message([
        server_tool_use("crm"), search_results([("https://g2.com/crm", "G2")]),
        text_block("G2 ranks Acme first.", [("https://g2.com/crm", "G2")])], searches=1))
    providers.reply("gemini", gemini_response(["Acme, says G2."], queries=["crm"],
                                              chunks=["www.G2.com"], supports=[(0, 14, "x", [0])]))
    engines = [engine(providers, kind, "m") for kind in ("openai-responses", "anthropic", "gemini")]
    api.post("/brands", {"name": "Acme", "domains": ["acme.com"], "type": "own"})
    api.post("/prompts", {"text": "Best CRM?"})
    tracker.Worker(db, engines).run_pending()
    chats = {chat["engine"]: chat for chat in api.get("/analytics/chats").json["data"]["data"]}
    assert [(s["url"], s["domain"]) for s in chats["openai-responses"]["sources"]] == [
        ("https://acme.com/", "acme.com")]
    assert [(s["url"], s["title"]) for s in chats["anthropic"]["sources"]] == [
        ("https://g2.com/crm", "G2")]
    assert [(s["url"], s["domain"]) for s in chats["gemini"]["sources"]] == [
        (grounding_redirect(0), "g2.com")]  # the redirect kept, never fetched; the title's domain
    assert (chats["anthropic"]["searchQueries"], chats["anthropic"]["retrieval"]) == (["crm"], "searched")
    assert [(s["url"], s["cited"], s["position"]) for s in chats["openai-responses"]["sources"]] == [
        ("https://acme.com/", True, 1)]
    assert chats["anthropic"]["usage"] == {"inputTokens": 2100, "outputTokens": 310,
                                           "cachedInputTokens": 0, "cacheWriteInputTokens": 0,
                                           "searches": 1}
    assert [m["brandName"] for m in chats["anthropic"]["mentions"]] == ["Acme"]
    assert json.loads(json.dumps(chats["openai-responses"]["mentions"]))[0]["cited"] is True


def test_consulted_pages_are_sources_that_are_not_cited(db, api, providers):
    providers.reply("openai-responses", openai_response(
        "Acme.", citations=[("https://acme.com/a", "A")],
        searches=[web_search_call("crm", ["https://read.example/1", "https://acme.com/a"])]))
    api.post("/brands", {"name": "Reader", "domains": ["read.example"]})
    api.post("/prompts", {"text": "Best CRM?"})
    tracker.Worker(db, [engine(providers, "openai-responses", "m")]).run_pending()
    (chat,) = api.get("/analytics/chats").json["data"]["data"]
    assert [(s["url"], s["cited"], s["position"]) for s in chat["sources"]] == [
        ("https://acme.com/a", True, 1), ("https://read.example/1", False, None)]
    # a brand whose page was only consulted is not cited by the chat
    assert chat["mentions"] == []
    sources = api.get("/analytics/sources").json["data"]
    assert [(r["domain"], r["citations"], r["chats"], r["retrievedChats"]) for r in sources["data"]] == [
        ("acme.com", 1, 1, 1), ("read.example", 0, 0, 1)]
    assert sources["total"] == 2


# The fan-out: GET /analytics/queries ---------------------------------------------------

class Searcher(tracker.Engine):
    """An engine that runs the searches a test gives per question."""
    kind = "simulated"

    def __init__(self, name, searches):
        self.name, self.model = name, "m"
        self.searches = searches

    def ask(self, text, location=None, brands=(), deadline=None):
        return tracker.Answer("About " + text, searches=list(self.searches.get(text, [])),
                              retrieval="searched" if self.searches.get(text) else "not_searched")


def fan_out(db, api, clock):
    engines = [Searcher("alpha", {"crm?": ["best crm", "Best CRM ", "crm pricing"],
                                  "erp?": ["best crm"]}),
               Searcher("bravo", {"crm?": ["BEST CRM"], "erp?": ["erp vendors"]})]
    prompts = [api.post("/prompts", {"text": text}).json["data"]["prompts"][0]["id"] for text in ("crm?", "erp?")]
    tracker.Worker(db, engines).run_pending()
    return prompts


def test_queries_count_each_search_once_per_chat_across_case(db, api, clock):
    crm, erp = fan_out(db, api, clock)
    data = api.get("/analytics/queries").json["data"]
    assert (data["total"], data["chats"], data["page"], data["lastPage"]) == (3, 4, 1, 1)
    rows = [(r["query"], r["chats"], r["searches"], r["engines"], r["promptCount"],
             [p["id"] for p in r["prompts"]]) for r in data["data"]]
    # "Best CRM " is "Best CRM" (white space is made single), one query with "best crm"
    assert rows == [
        ("BEST CRM", 3, 4, ["alpha", "bravo"], 2, [crm, erp]),
        ("crm pricing", 1, 1, ["alpha"], 1, [crm]),
        ("erp vendors", 1, 1, ["bravo"], 1, [erp])]
    first = data["data"][0]
    assert first["chatShare"] == {"value": 0.75, "numerator": 3, "denominator": 4}
    assert first["prompts"] == [{"id": crm, "text": "crm?"}, {"id": erp, "text": "erp?"}]
    assert first["firstSeenAt"] == first["lastSeenAt"] == "2026-11-21T09:30:00.000Z"


def test_queries_filters_paging_and_deleted_prompts(db, api, clock):
    crm, erp = fan_out(db, api, clock)
    by_engine = api.get("/analytics/queries", engine="bravo").json["data"]
    assert [(r["query"], r["chats"]) for r in by_engine["data"]] == [("BEST CRM", 1), ("erp vendors", 1)]
    by_prompt = api.get("/analytics/queries", promptId=str(erp)).json["data"]
    assert [(r["query"], r["engines"]) for r in by_prompt["data"]] == [
        ("best crm", ["alpha"]), ("erp vendors", ["bravo"])]
    page = api.get("/analytics/queries", page="2", perPage="2").json["data"]
    assert (page["total"], page["lastPage"], [r["query"] for r in page["data"]]) == (
        3, 2, ["erp vendors"])
    empty = api.get("/analytics/queries", params={"from": "2026-11-22"}).json["data"]
    assert (empty["total"], empty["data"], empty["chats"]) == (0, [], 0)
    api.delete("/prompts/%d" % crm)
    left = api.get("/analytics/queries").json["data"]
    assert [(r["query"], r["chats"]) for r in left["data"]] == [("best crm", 1), ("erp vendors", 1)]
    assert api.get("/analytics/queries", perPage="0", status=422).json["errors"][0]["field"] == "perPage"


def test_queries_of_another_workspace_are_never_counted(db, api, other_api, clock):
    fan_out(db, api, clock)
    assert other_api.get("/analytics/queries").json["data"]["total"] == 0


def test_a_query_lists_at_most_20_prompts(db, api, clock):
    texts = ["p%d" % n for n in range(21)]
    ids = [api.post("/prompts", {"text": text}).json["data"]["prompts"][0]["id"] for text in texts]
    tracker.Worker(db, [Searcher("alpha", {text: ["shared"] for text in texts})]).run_pending()
    (row,) = api.get("/analytics/queries").json["data"]["data"]
    assert (row["promptCount"], [p["id"] for p in row["prompts"]]) == (21, ids[:20])


# The raw reply, kept for re-extraction ---------------------------------------------------

def stored(db, sql, *params):
    return tracker.query_all(db.connection(), sql, params)


def test_the_reply_is_kept_compressed_and_reextract_rewrites_its_chat(tmp_path, db, api, providers):
    reply = openai_response(
        "Acme leads, then Globex.", citations=[("https://acme.com/crm?utm_source=openai", "Acme")],
        searches=[web_search_call("best crm", ["https://g2.com/crm", "https://acme.com/crm"])])
    providers.reply("openai-responses", reply)
    api.post("/brands", {"name": "Acme", "domains": ["acme.com"], "type": "own"})
    api.post("/prompts", {"text": "Best CRM?"})
    tracker.Worker(db, [engine(providers, "openai-responses", "gpt-4.1-mini")]).run_pending()
    (kept,) = stored(db, "SELECT chat_id, workspace_id, kind, reply FROM chat_replies")
    assert (kept["workspace_id"], kept["kind"]) == (api.workspace_id, "openai-responses")
    assert json.loads(zlib.decompress(kept["reply"])) == reply
    (before,) = api.get("/analytics/chats").json["data"]["data"]
    sources_before = api.get("/analytics/sources").json["data"]
    queries_before = api.get("/analytics/queries").json["data"]
    # 321 and 123 tokens at gpt-4.1-mini's $0.40 and $1.60 a million, and a search at $0.01
    assert before["cost"] == 0.010325
    # What an older release's rules might have made of the same reply:
    with db.write() as connection:
        connection.execute("DELETE FROM chat_sources")
        connection.execute("DELETE FROM chat_searches")
        connection.execute("DELETE FROM chat_brands")
        connection.execute("UPDATE chats SET answer = 'old', search_queries = '[]', usage = '{}', "
                           "retrieval = 'unknown', cost = NULL")
    assert api.get("/analytics/sources").json["data"]["total"] == 0
    code, output, stderr = run_cli(tmp_path / "tracker.db", "reextract")
    assert (code, output) == (0, {"chats": 1, "failed": []}), stderr
    assert api.get("/analytics/chats").json["data"]["data"] == [before]
    assert api.get("/analytics/sources").json["data"] == sources_before
    assert api.get("/analytics/queries").json["data"] == queries_before


def test_reextract_reports_a_damaged_reply_and_leaves_its_chat(tmp_path, db, api, providers):
    for text in ("one", "two", "three"):
        api.post("/prompts", {"text": text})
    tracker.Worker(db, [engine(providers, "perplexity", "sonar")]).run_pending()
    cut, bomb, unknown = [row["chat_id"] for row in stored(db, "SELECT chat_id FROM chat_replies "
                                                               "ORDER BY 1")]
    with db.write() as connection:
        connection.execute("UPDATE chat_replies SET reply = substr(reply, 1, 20) WHERE chat_id = ?",
                           (cut,))
        connection.execute("UPDATE chat_replies SET reply = ? WHERE chat_id = ?",
                           (zlib.compress(b" " * (tracker.MAX_REPLY_BYTES + 1)), bomb))
        connection.execute("UPDATE chat_replies SET kind = 'gone' WHERE chat_id = ?", (unknown,))
    chats = api.get("/analytics/chats").json["data"]["data"]
    code, output, _ = run_cli(tmp_path / "tracker.db", "reextract", "--workspace-id",
                              str(api.workspace_id))
    damaged = "the stored reply is not a whole compressed reply of at most 8388608 bytes"
    assert (code, output) == (0, {"chats": 0, "failed": [
        {"chatId": cut, "error": damaged}, {"chatId": bomb, "error": damaged},
        {"chatId": unknown, "error": "no parser for engine kind 'gone'"}]})
    assert api.get("/analytics/chats").json["data"]["data"] == chats


def test_reextract_of_one_workspace_leaves_the_others(tmp_path, db, api, other_api, providers):
    for workspace in (api, other_api):
        workspace.post("/prompts", {"text": "q"})
    tracker.Worker(db, [engine(providers, "gemini", "gemini-2.5-flash")]).run_pending()
    code, output, _ = run_cli(tmp_path / "tracker.db", "reextract", "--workspace-id",
                              str(other_api.workspace_id))
    assert (code, output) == (0, {"chats": 1, "failed": []})


def test_a_simulated_chat_has_no_reply_to_keep(db, api, app):
    api.post("/prompts", {"text": "q"})
    app.config["tracker.worker"].run_pending()
    assert stored(db, "SELECT count(*) AS n FROM chat_replies") == [{"n": 0}]


def test_a_reply_is_kept_up_to_its_compressed_limit(db, api, providers, monkeypatch):
    big = openai_response("Acme. " * 2000)
    size = len(zlib.compress(json.dumps(big).encode(), 6))
    for limit, prompt in ((size, "kept"), (size - 1, "not kept")):
        monkeypatch.setattr(tracker, "MAX_KEPT_REPLY_BYTES", limit)
        providers.reply("openai-responses", big)
        api.post("/prompts", {"text": prompt})
        tracker.Worker(db, [engine(providers, "openai-responses", "m")]).run_pending()
    kept = stored(db, "SELECT c.prompt_text, c.notes, length(r.reply) AS size FROM chats c "
                      "LEFT JOIN chat_replies r ON r.chat_id = c.id ORDER BY c.id")
    assert kept == [
        {"prompt_text": "kept", "notes": "[]", "size": size},
        {"prompt_text": "not kept", "size": None, "notes": json.dumps([
            "the raw reply was not kept: %d bytes compressed, over %d" % (size, size - 1)])}]


# One --engine line per provider, through the real server ---------------------------------

def test_one_engine_line_per_provider_gives_chats_with_sources_positions_and_searches(
        tmp_path, server_factory, providers):
    providers.reply("openai-responses", openai_response(
        "Acme first.", citations=[("https://acme.com/?utm_source=openai", "Acme")],
        searches=[web_search_call("best crm", ["https://g2.com/crm"])]))
    providers.reply("anthropic", anthropic_message([
        server_tool_use("crm tools"), search_results([("https://g2.com/crm", "G2"),
                                                      ("https://acme.com/", "Acme")]),
        text_block("Acme, says G2.", [("https://g2.com/crm", "G2"), ("https://acme.com/", "Acme")])],
        searches=1))
    providers.reply("gemini", gemini_response(["Acme leads."], queries=["crm 2026"],
                                              chunks=["acme.com", "g2.com"],
                                              supports=[(0, 4, "Acme", [1, 0])]))
    providers.reply("perplexity", perplexity_response("Acme [2] and G2 [1].",
                                                      citations=["https://g2.com/", "https://acme.com/"]))
    lines = ["chatgpt=openai-responses:gpt-4.1-mini", "claude=anthropic:claude-sonnet-4-5",
             "gemini=gemini:gemini-2.5-flash", "perplexity=perplexity:sonar"]
    engines = [option for line in lines for option in (
        "--engine", "%s@%s" % (line, providers.base(line.split("=")[1].split(":")[0])))]
    keys = {"OPENAI_API_KEY": "o", "ANTHROPIC_API_KEY": "a", "GEMINI_API_KEY": "g",
            "PERPLEXITY_API_KEY": "p"}
    server = server_factory(tmp_path / "t.db", *engines, "--runs", "instant", env=keys)
    status, _, _ = server.request("POST", "/prompts", server.key, {"text": "Best CRM?"})
    assert status == 201
    chats = {chat["engine"]: chat for chat in
             server.request("GET", "/analytics/chats", server.key)[2]["data"]["data"]}
    cited = {label: [(s["domain"], s["position"]) for s in chat["sources"] if s["cited"]]
             for label, chat in chats.items()}
    assert cited == {"chatgpt": [("acme.com", 1)], "claude": [("g2.com", 1), ("acme.com", 2)],
                     "gemini": [("g2.com", 1), ("acme.com", 2)],
                     "perplexity": [("acme.com", 1), ("g2.com", 2)]}
    assert {label: chat["searchQueries"] for label, chat in chats.items()} == {
        "chatgpt": ["best crm"], "claude": ["crm tools"], "gemini": ["crm 2026"], "perplexity": []}
    assert {label: chat["retrieval"] for label, chat in chats.items()} == {
        "chatgpt": "searched", "claude": "searched", "gemini": "searched", "perplexity": "searched"}
    assert chats["perplexity"]["cost"] == 0.0062 and all(
        isinstance(chat["cost"], float) and chat["cost"] > 0 for chat in chats.values())
    fan_out = server.request("GET", "/analytics/queries", server.key)[2]["data"]
    assert sorted(row["query"] for row in fan_out["data"]) == ["best crm", "crm 2026", "crm tools"]
    listed = server.request("GET", "/engines", server.key)[2]["data"]
    assert [(e["label"], e["kind"], e["chatsToday"]) for e in listed] == [
        ("chatgpt", "openai-responses", 1), ("claude", "anthropic", 1), ("gemini", "gemini", 1),
        ("perplexity", "perplexity", 1)]
