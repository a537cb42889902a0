"""Live smoke tests: one real question to each provider, asked only when
TRACKER_LIVE_ENGINES=1 and the provider's key is set (never required: CI reaches no
provider; the adapters are proven against tests/providers.py). A model can be chosen per
kind with TRACKER_LIVE_<KIND>_MODEL (e.g. TRACKER_LIVE_ANTHROPIC_MODEL)."""

import os

import pytest

import tracker

LIVE = os.environ.get("TRACKER_LIVE_ENGINES") == "1"
MODELS = {"openai-responses": "gpt-4.1-mini", "anthropic": "claude-haiku-4-5",
          "gemini": "gemini-2.5-flash", "perplexity": "sonar"}
QUESTION = "Which CRM tools suit a five-person startup in 2026? Name three and cite your sources."


@pytest.mark.parametrize("kind", list(MODELS))
def test_a_live_provider_answers_with_searches_sources_and_cost(kind):
    keys = tracker.ENGINE_KINDS[kind][2]
    if not LIVE:
        pytest.skip("live engines: set TRACKER_LIVE_ENGINES=1 and %s to ask %s" % (keys[0], kind))
    if not any(os.environ.get(name) for name in keys):
        pytest.skip("live engines: %s is not set" % " or ".join(keys))
    model = os.environ.get("TRACKER_LIVE_%s_MODEL" % kind.upper().replace("-", "_"), MODELS[kind])
    (engine,) = tracker.configure_engines(["%s:%s" % (kind, model)], os.environ)
    answer = tracker.bounded_answer(engine.ask(QUESTION, "US"))
    assert len(answer.text) > 100, answer.text
    assert answer.retrieval in ("searched", "unknown")
    assert answer.citations, "a search-grounded answer cites pages"
    assert answer.usage["inputTokens"] and answer.usage["outputTokens"]
    assert tracker.chat_cost(engine.price, answer) > 0
    assert answer.raw  # kept for re-extraction
    print("%s %s: %d characters, %d cited, %d consulted, searches %r, usage %r, cost $%s" % (
        kind, model, len(answer.text), len(answer.citations), len(answer.consulted),
        answer.searches, answer.usage, tracker.chat_cost(engine.price, answer)))
