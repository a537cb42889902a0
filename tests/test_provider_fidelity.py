"""Provider fidelity (issue 25): each provider's reply, in the shapes its SDK's types and
docs give (openai-python, anthropic-sdk-python, google-genai, perplexity-py), served by
the loopback stand-ins of tests/providers.py over real HTTP, read into the right answer
text, sources, queries, search count, tokens, cost, truncation and model version."""

import csv
import io
import json
import zlib

import pytest
import webtest

import tracker
from conftest import make_api
from providers import (anthropic_message, chat_completion, gemini_response, grounding_redirect,
                       openai_response, openai_usage, perplexity_response, search_results,
                       server_tool_use, text_block, web_search_call)


def engine(providers, kind, model):
    environment = {name: "key-1" for name in tracker.ENGINE_KINDS[kind][2]}
    found = tracker.parse_engine("%s:%s@%s" % (kind, model, providers.base(kind)), environment)
    found.sleep = lambda seconds: None
    return found


def bodies(providers, kind):
    return [body for _, body, _ in providers.requests[kind]]


def cost(found, answer):
    return tracker.chat_cost(found.price, tracker.bounded_answer(answer))


def verdict(*names):
    return json.dumps({"brands": [{"name": name, "sentiment": "positive", "score": 0.5}
                                  for name in names]})


def stored_chat(db, api, engines, text="Best CRM?"):
    """The one chat the engines' run of a new prompt stored, as GET /analytics/chats shows it."""
    (prompt,) = api.post("/prompts", {"text": text}).json["data"]["prompts"]
    tracker.Worker(db, engines).run_pending()
    (chat,) = [chat for chat in api.get("/analytics/chats").json["data"]["data"]
               if chat["promptId"] == prompt["id"]]
    return chat


# Gemini ------------------------------------------------------------------------------------

def test_gemini_judge_schema_has_the_api_upper_case_types(providers):
    found = engine(providers, "gemini", "gemini-2.5-flash")
    providers.reply("gemini", gemini_response([verdict("Acme")]))
    ratings, _ = found.judge("Acme is great.", ["Acme"])
    assert ratings == {"Acme": ("positive", 0.5)}
    (body,) = bodies(providers, "gemini")
    assert body["generationConfig"] == {"responseMimeType": "application/json", "responseSchema": {
        "type": "OBJECT", "required": ["brands"], "properties": {"brands": {
            "type": "ARRAY", "items": {
                "type": "OBJECT", "required": ["name", "sentiment", "score"], "properties": {
                    "name": {"type": "STRING"},
                    "sentiment": {"type": "STRING", "enum": ["positive", "neutral", "negative"]},
                    "score": {"type": "NUMBER"}}}}}}}


def test_gemini_thinking_is_billed_output_and_cached_content_cached_input(providers):
    providers.reply("gemini", gemini_response(
        ["Acme."], queries=["crm"], chunks=["acme.com"], usage={
            "promptTokenCount": 1000, "cachedContentTokenCount": 600, "candidatesTokenCount": 200,
            "thoughtsTokenCount": 300, "toolUsePromptTokenCount": 0, "totalTokenCount": 1500}))
    found = engine(providers, "gemini", "gemini-2.5-flash")
    answer = found.ask("q")
    assert answer.usage == {"inputTokens": 1000, "outputTokens": 500, "cachedInputTokens": 600,
                            "cacheWriteInputTokens": None, "searches": 1}
    # 400 fresh input at $0.30, 600 cached at $0.03, 500 output at $2.50 per million, and the
    # grounded prompt's $0.035
    assert cost(found, answer) == round((400 * 0.30 + 600 * 0.03 + 500 * 2.50) / 1e6 + 0.035, 6)
    assert (answer.model_version, answer.truncated) == ("gemini-2.5-flash", False)


def test_gemini_source_domains_come_from_the_chunk_never_the_redirect(db, api, providers):
    providers.reply("gemini", gemini_response(
        ["Acme leads. Beta follows."], queries=["crm"],
        chunks=[{"title": "Best CRMs of 2026 | G2", "domain": "www.g2.com"}, "acme.com",
                {"title": "A page with no domain"}],
        supports=[(0, 11, "Acme leads.", [2, 1]), (12, 25, "Beta follows.", [0])]))
    chat = stored_chat(db, api, [engine(providers, "gemini", "gemini-2.5-flash")])
    assert [(s["url"], s["host"], s["domain"], s["title"], s["cited"], s["position"])
            for s in chat["sources"]] == [
        (grounding_redirect(1), "acme.com", "acme.com", "acme.com", True, 1),
        (grounding_redirect(0), "g2.com", "g2.com", "Best CRMs of 2026 | G2", True, 2)]
    assert chat["notes"] == ["1 grounding chunks without a domain left out"]
    assert not any("vertexaisearch" in s["domain"] for s in chat["sources"])


def gemini_with_local_links(providers, n=2):
    return gemini_response(["Acme leads."], queries=["crm"], chunks=["g2.com", "acme.com"][:n],
                           supports=[(0, 11, "Acme leads.", list(range(n)))],
                           links=[providers.local_redirect(i) for i in range(n)])


def test_gemini_redirects_resolve_through_the_outbound_guard_when_asked(providers):
    providers.redirects[0] = "https://www.g2.com/crm/?utm_source=vertex"  # 1 answers 404
    providers.reply("gemini", gemini_with_local_links(providers))
    found = engine(providers, "gemini", "gemini-2.5-flash")
    found.resolve_redirects, found.allow_private = True, True  # the stand-in is on loopback
    answer = found.ask("q")
    assert [(page["url"], page["domain"]) for page in answer.citations] == [
        ("https://www.g2.com/crm/?utm_source=vertex", "g2.com"),
        (providers.local_redirect(1), "acme.com")]
    assert providers.redirect_requests == [("HEAD", "/grounding-api-redirect/0"),
                                           ("HEAD", "/grounding-api-redirect/1")]
    # what was resolved is kept with the reply, so that reextract reads the same sources
    kept = json.loads(answer.raw)
    assert kept[tracker.RESOLVED_REDIRECTS] == {
        providers.local_redirect(0): "https://www.g2.com/crm/?utm_source=vertex"}
    assert tracker.parse_gemini_response(kept).citations == answer.citations


def test_gemini_redirects_to_private_addresses_are_refused_and_off_by_default(providers):
    providers.redirects.update({0: "https://g2.com/", 1: "https://acme.com/"})
    found = engine(providers, "gemini", "gemini-2.5-flash")
    assert found.resolve_redirects is False  # off unless serve --resolve-redirects
    providers.reply("gemini", gemini_with_local_links(providers))
    assert [page["url"] for page in found.ask("q").consulted] == [
        providers.local_redirect(0), providers.local_redirect(1)]
    found.resolve_redirects = True  # but not allow_private: loopback is not to be reached
    providers.reply("gemini", gemini_with_local_links(providers))
    answer = found.ask("q")
    assert [page["url"] for page in answer.consulted] == [
        providers.local_redirect(0), providers.local_redirect(1)]
    assert providers.redirect_requests == []
    assert tracker.RESOLVED_REDIRECTS not in json.loads(answer.raw)


def test_resolving_redirects_stops_at_its_deadline(providers):
    providers.redirects[0] = "https://g2.com/"
    assert tracker.resolved_redirects([providers.local_redirect(0)], 0, True) == {}
    assert providers.redirect_requests == []
    assert tracker.resolved_redirects([providers.local_redirect(0)], 5, True) == {
        providers.local_redirect(0): "https://g2.com/"}


def test_resolved_pages_merge_across_chats_in_per_url_figures(db, api, providers):
    providers.redirects.update({0: "https://www.g2.com/crm", 1: "https://www.g2.com/crm"})
    found = engine(providers, "gemini", "gemini-2.5-flash")
    found.resolve_redirects, found.allow_private = True, True
    for number in (0, 1):
        providers.reply("gemini", gemini_response(
            ["G2 ranks CRMs."], queries=["crm"], chunks=["g2.com"], supports=[(0, 14, "x", [0])],
            links=[providers.local_redirect(number)]))
        api.post("/prompts", {"text": "Best CRM %d?" % number})
    tracker.Worker(db, [found]).run_pending()
    rows = api.get("/analytics/sources", groupBy="url").json["data"]["data"]
    assert [(row["url"], row["chats"]) for row in rows] == [("https://www.g2.com/crm", 2)]


# Perplexity -------------------------------------------------------------------------------

def test_perplexity_judge_does_not_search(providers):
    providers.reply("perplexity", perplexity_response(verdict("Acme")))
    engine(providers, "perplexity", "sonar").judge("Acme is great.", ["Acme"])
    (body,) = bodies(providers, "perplexity")
    assert body["disable_search"] is True


def test_perplexity_searches_and_fan_out_queries_are_the_replys_own(providers):
    providers.reply("perplexity", perplexity_response(
        "Acme [1].", citations=["https://acme.com/"], keywords=[["best crm", "crm 2026"], ["acme"]],
        usage={"prompt_tokens": 9, "completion_tokens": 20, "total_tokens": 29,
               "num_search_queries": 3, "cost": {"input_tokens_cost": 0.0,
                                                 "output_tokens_cost": 0.0, "total_cost": 0.005}}))
    answer = engine(providers, "perplexity", "sonar-pro").ask("q")
    assert (answer.searches, answer.usage["searches"], answer.retrieval, answer.cost) == (
        ["best crm", "crm 2026", "acme"], 3, "searched", 0.005)
    providers.reply("perplexity", perplexity_response("From memory.", usage={
        "prompt_tokens": 9, "completion_tokens": 2, "total_tokens": 11, "num_search_queries": 0,
        "cost": {"input_tokens_cost": 0.0, "output_tokens_cost": 0.0, "total_cost": 0.001}}))
    answer = engine(providers, "perplexity", "sonar-pro").ask("q")
    assert (answer.searches, answer.usage["searches"], answer.retrieval) == ([], 0, "not_searched")


def test_reasoning_is_not_the_answer_nor_read_for_mentions(db, api, providers):
    api.post("/brands", {"name": "Zeta", "domains": ["zeta.io"]})
    api.post("/brands", {"name": "Acme", "domains": ["acme.com"], "type": "own"})
    providers.reply("perplexity", perplexity_response(
        "<think>\nShould I mention Zeta? No.\n</think>\n\nAcme is the pick [1].",
        citations=["https://acme.com/"], model="sonar-reasoning"))
    chat = stored_chat(db, api, [engine(providers, "perplexity", "sonar-reasoning")])
    assert chat["answer"] == "Acme is the pick [1]."
    assert [m["brandName"] for m in chat["mentions"]] == ["Acme"]
    assert chat["modelVersion"] == "sonar-reasoning"


@pytest.mark.parametrize("content, answer", [
    ("<think>R1 thinks of Zeta.</think>\nAcme.", "Acme."),
    ("  <think>\n</think>Acme, not <think>Zeta</think>.", "Acme, not <think>Zeta</think>."),
    ("Acme. <think>later</think>", "Acme. <think>later</think>"),  # only a leading block is reasoning
])
def test_an_openai_compatible_reasoning_model_loses_its_thoughts(providers, content, answer):
    providers.reply("openai", chat_completion(content, model="deepseek-r1:8b"))
    found = engine(providers, "openai", "deepseek-r1")
    assert (lambda reply: (reply.text, reply.model_version))(found.ask("q")) == (
        answer, "deepseek-r1:8b")


def test_a_message_that_is_not_an_object_is_an_engine_error(providers):
    providers.reply("openai", dict(chat_completion("x"), choices=[{"message": "Acme."}]))
    with pytest.raises(tracker.EngineError, match="^reply has an empty answer$"):
        engine(providers, "openai", "m").ask("q")


def test_thoughts_cut_off_by_the_output_limit_are_no_answer(providers):
    providers.reply("openai", chat_completion("<think>Still thinking about Zeta and", "length"))
    with pytest.raises(tracker.EngineError, match="^reply has the model's reasoning only, no answer$"):
        engine(providers, "openai", "deepseek-r1").ask("q")


def test_a_long_think_block_is_read_in_linear_time(providers):
    providers.reply("openai", chat_completion("<think>" + "<think>a" * 200_000 + "</think>Acme."))
    assert engine(providers, "openai", "deepseek-r1").ask("q").text == "Acme."


# OpenAI Responses -------------------------------------------------------------------------

def test_responses_queries_count_once_and_searches_are_calls(providers):
    open_page = {"type": "web_search_call", "id": "ws_9", "status": "completed",
                 "action": {"type": "open_page", "url": "https://acme.com/pricing"}}
    providers.reply("openai-responses", openai_response(
        "Acme.", searches=[web_search_call("best crm", queries=["best crm", "crm reviews"]),
                           open_page, web_search_call("best crm")],
        usage=openai_usage(1000, 100, cached=800)))
    found = engine(providers, "openai-responses", "gpt-4.1-mini")
    answer = found.ask("q")
    assert (answer.searches, answer.usage["searches"]) == (["best crm", "crm reviews", "best crm"], 2)
    assert answer.usage["cachedInputTokens"] == 800
    # 200 fresh input at $0.40, 800 cached at $0.10, 100 output at $1.60, two searches at $0.01
    assert cost(found, answer) == round((200 * 0.40 + 800 * 0.10 + 100 * 1.60) / 1e6 + 0.02, 6)
    assert answer.consulted == [{"url": "https://acme.com/pricing", "title": None}]


def test_chat_completions_cached_prompt_tokens_are_cached_input(providers):
    providers.reply("openai", chat_completion("Acme.", usage={
        "prompt_tokens": 2000, "completion_tokens": 10, "total_tokens": 2010,
        "prompt_tokens_details": {"cached_tokens": 1024}}))
    found = engine(providers, "openai", "gpt-4o-mini")
    answer = found.ask("q")
    assert answer.usage["cachedInputTokens"] == 1024
    assert cost(found, answer) == round((976 * 0.15 + 1024 * 0.075 + 10 * 0.60) / 1e6, 6)


# Anthropic --------------------------------------------------------------------------------

def paused(searches=1):
    return anthropic_message([server_tool_use("best crm"),
                              search_results([("https://g2.com/crm", "G2")])],
                             searches=searches, stop_reason="pause_turn",
                             usage={"input_tokens": 100, "output_tokens": 10})


def test_anthropic_pause_turn_continues_the_turn(providers):
    providers.reply("anthropic", paused())
    providers.reply("anthropic", anthropic_message(
        [text_block("Acme leads, says G2.", [("https://g2.com/crm", "G2")])],
        usage={"input_tokens": 300, "output_tokens": 50, "cache_read_input_tokens": 0,
               "cache_creation_input_tokens": 0}))
    found = engine(providers, "anthropic", "claude-sonnet-4-5")
    answer = found.ask("Best CRM?")
    first, second = bodies(providers, "anthropic")
    assert second == dict(first, messages=[{"role": "user", "content": "Best CRM?"}, {
        "role": "assistant", "content": paused()["content"]}])
    assert (answer.text, answer.citations, answer.searches) == (
        "Acme leads, says G2.", [{"url": "https://g2.com/crm", "title": "G2"}], ["best crm"])
    assert answer.usage == {"inputTokens": 400, "outputTokens": 60, "cachedInputTokens": 0,
                            "cacheWriteInputTokens": 0, "searches": 1}
    assert (answer.truncated, answer.notes) == (False, [])
    assert json.loads(answer.raw)["stop_reason"] == "end_turn"  # the two replies kept as one


def test_anthropic_pause_turn_continues_a_bounded_number_of_times(providers):
    for _ in range(tracker.ANTHROPIC_MAX_CONTINUATIONS + 2):
        providers.reply("anthropic", paused())
    answer = engine(providers, "anthropic", "claude-sonnet-4-5").ask("q")
    assert len(providers.requests["anthropic"]) == tracker.ANTHROPIC_MAX_CONTINUATIONS + 1
    last = bodies(providers, "anthropic")[-1]["messages"]
    assert len(last) == 2 and len(last[1]["content"]) == 2 * tracker.ANTHROPIC_MAX_CONTINUATIONS
    assert answer.truncated is True
    assert answer.notes == ["the turn was still paused after 3 continuations"]
    assert (answer.usage["searches"], len(answer.searches)) == (4, 4)


def test_anthropic_cache_reads_and_writes_are_priced_as_the_docs_price_them(providers):
    providers.reply("anthropic", anthropic_message([text_block("Acme.")], usage={
        "input_tokens": 100, "cache_read_input_tokens": 1000, "cache_creation_input_tokens": 200,
        "output_tokens": 50}))
    found = engine(providers, "anthropic", "claude-sonnet-4-5")
    answer = found.ask("q")
    assert answer.usage == {"inputTokens": 1300, "outputTokens": 50, "cachedInputTokens": 1000,
                            "cacheWriteInputTokens": 200, "searches": 0}
    # input $3, cache reads a tenth of it, 5-minute cache writes 1.25 times, output $15
    assert cost(found, answer) == round((100 * 3 + 1000 * 0.30 + 200 * 3.75 + 50 * 15) / 1e6, 6)


# Truncation and model versions, stored and shown ------------------------------------------

TRUNCATED = {
    "anthropic": anthropic_message([text_block("Acme is")], stop_reason="max_tokens"),
    "gemini": gemini_response(["Acme is"], finish="MAX_TOKENS"),
    "openai-responses": openai_response("Acme is", status="incomplete"),
    "openai": chat_completion("Acme is", finish_reason="length"),
    "perplexity": perplexity_response("Acme is", finish_reason="length"),
}
VERSIONS = {"anthropic": "claude-sonnet-4-5-20250929", "gemini": "gemini-2.5-flash",
            "openai-responses": "gpt-4.1-mini-2025-04-14", "openai": "gpt-4o-2024-08-06",
            "perplexity": "sonar"}


@pytest.mark.parametrize("kind", sorted(TRUNCATED))
def test_each_providers_output_limit_marks_the_chat_truncated(db, api, providers, kind):
    providers.reply(kind, TRUNCATED[kind])
    chat = stored_chat(db, api, [engine(providers, kind, "m")])
    assert (chat["answer"], chat["truncated"], chat["model"], chat["modelVersion"]) == (
        "Acme is", True, "m", VERSIONS[kind])
    providers.reply(kind)  # the default, complete reply
    assert engine(providers, kind, "m").ask("q").truncated is False


def test_a_reply_that_names_no_model_leaves_the_version_null_and_simulated_says_its_own(
        db, api, providers):
    reply = chat_completion("Acme.")
    del reply["model"]
    providers.reply("openai", reply)
    assert stored_chat(db, api, [engine(providers, "openai", "m")])["modelVersion"] is None
    chat = stored_chat(db, api, [tracker.SimulatedEngine("sim", "simulated-2")], "Another?")
    assert (chat["model"], chat["modelVersion"], chat["truncated"]) == (
        "simulated-2", "simulated-2", False)


def test_the_model_version_is_bounded(providers):
    providers.reply("openai", chat_completion("Acme.", model="v" * 201))
    answer = tracker.bounded_answer(engine(providers, "openai", "m").ask("q"))
    assert answer.model_version == "v" * tracker.MAX_MODEL_VERSION_CHARS


def test_truncation_and_version_reach_the_chat_page_and_exports(db, providers):
    providers.reply("anthropic", TRUNCATED["anthropic"])
    app = tracker.make_app(db)
    client = webtest.TestApp(app)
    api = make_api(client, db)
    chat = stored_chat(db, api, [engine(providers, "anthropic", "claude-sonnet-4-5")])
    form = client.get("/").forms["sign-in"]
    form["key"] = api.key
    form.submit(status=303)
    page = client.get("/chats/%d" % chat["id"])
    facts = {dt.text: dt.find_next_sibling("dd").text for dt in page.html.select("dl.facts dt")}
    assert facts["Model version"] == "claude-sonnet-4-5-20250929"
    assert facts["Truncated"] == "yes: the provider cut the answer at its output limit"
    exported = api.get("/analytics/chats", format="csv")
    (row,) = csv.DictReader(io.StringIO(exported.body.decode(), newline=""))
    assert (row["truncated"], row["modelVersion"]) == ("true", "claude-sonnet-4-5-20250929")
    (line,) = api.get("/analytics/chats", format="ndjson").body.decode().splitlines()
    assert (json.loads(line)["truncated"], json.loads(line)["modelVersion"]) == (
        True, "claude-sonnet-4-5-20250929")


def test_reextract_reads_truncation_and_version_from_the_kept_reply(db, api, providers):
    providers.reply("gemini", TRUNCATED["gemini"])
    chat = stored_chat(db, api, [engine(providers, "gemini", "gemini-2.5-flash")])
    db.connection().execute("UPDATE chats SET truncated = 0, model_version = NULL")
    reply = tracker.query_one(db.connection(), "SELECT reply FROM chat_replies")["reply"]
    assert json.loads(zlib.decompress(reply))["modelVersion"] == "gemini-2.5-flash"
    assert tracker.reextract_chats(db) == {"chats": 1, "failed": []}
    again = api.get("/analytics/chats").json["data"]["data"][0]
    assert (again["id"], again["truncated"], again["modelVersion"]) == (
        chat["id"], True, "gemini-2.5-flash")


def test_serve_resolve_redirects_flag_resolves_gemini_links(tmp_path, server_factory, providers):
    providers.redirects[0] = "https://www.g2.com/crm"
    providers.reply("gemini", gemini_with_local_links(providers, 1))
    server = server_factory(
        tmp_path / "t.db", "--engine", "gemini:gemini-2.5-flash@" + providers.base("gemini"),
        "--resolve-redirects", "--allow-private-webhooks", "--runs", "instant",
        env={"GEMINI_API_KEY": "g"})
    status, _, _ = server.request("POST", "/prompts", server.key, {"text": "Best CRM?"})
    assert status == 201
    (chat,) = server.request("GET", "/analytics/chats", server.key)[2]["data"]["data"]
    assert [(s["url"], s["domain"]) for s in chat["sources"]] == [("https://www.g2.com/crm", "g2.com")]
    assert providers.redirect_requests == [("HEAD", "/grounding-api-redirect/0")]


def test_a_new_model_version_under_the_same_model_is_annotated(db, api, providers):
    """The model version a provider answered with changing (an alias moved to a new
    snapshot) moves figures without the world changing (issue 30): it is annotated."""
    chatgpt = engine(providers, "openai", "gpt-4o")
    for number, version in enumerate(("gpt-4o-2024-08-06", "gpt-4o-2024-08-06",
                                       "gpt-4o-2024-11-20")):
        providers.reply("openai", chat_completion("Acme.", model=version))
        stored_chat(db, api, [chatgpt], "Best CRM number %d?" % number)
    changes = [(a["kind"], a["description"], a["details"]) for a in api.get(
        "/analytics/annotations", **{"from": "2026-01-01"}).json["data"]["data"] if a["engine"]]
    assert changes == [("engine.version_changed",
                        "Engine openai: model version gpt-4o-2024-08-06, then gpt-4o-2024-11-20",
                        {"version": {"before": "gpt-4o-2024-08-06",
                                     "after": "gpt-4o-2024-11-20"}})]
