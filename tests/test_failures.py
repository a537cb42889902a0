"""A failing engine is seen: a log line per failed call, /healthz, GET /engines, the
prompt's lastRun and the dashboard's banner, against the loopback providers of
tests/providers.py failing every call; and a later success clears them."""

import json
import logging
import re

import pytest
import webtest

import tracker
from conftest import START, make_api
from providers import openai_error
from test_dashboard import sign_in

KIND, MODEL = "openai-responses", "gpt-4.1-mini"
KEY = "sk-test-0123456789abcdefSECRET"
STAMP = tracker.iso_timestamp(START)


@pytest.fixture
def failing_site(db, providers):
    """A workspace whose one engine is the loopback OpenAI Responses API, with one
    prompt (not yet run), and a WebTest client of the whole application."""
    engine = tracker.parse_engine("%s:%s@%s" % (KIND, MODEL, providers.base(KIND)),
                                  {"OPENAI_API_KEY": KEY})
    engine.sleep = lambda seconds: None  # its own retries, without the wait
    engine.timeout = 0.5
    app = tracker.make_app(db, engines=[engine])
    client = webtest.TestApp(app)
    api = make_api(client, db)
    created = json.loads(api.post("/prompts", {"text": "Best CRM for startups?"}).body)["data"]
    return app.config["tracker.worker"], client, api, created["prompts"][0]["id"]


def health(client):
    return client.get("/healthz").json["data"]


def engine_status(api):
    (engine,) = api.get("/engines").json["data"]
    return {name: engine[name] for name in ("lastCallAt", "lastOutcome", "lastError",
                                             "lastErrorAt", "failuresToday", "failing")}


def last_run(api, prompt_id):
    return api.get("/prompts/%d" % prompt_id).json["data"]["lastRun"]


def failure_lines(caplog):
    return [record.getMessage() for record in caplog.records
            if record.name == "tracker" and " failed on prompt " in record.getMessage()]


URL = "{base}/responses"
# How each failure reads: the stand-in's reply, then the error kept and logged.
FAILURES = {
    "http-500": (dict(status=500, body=openai_error("The server had an error")),
                 "EngineError", 'HTTP 500 from %s: {"error": {"message": "The server had an '
                 'error", "type": "server_error", "param": null, "code": null}} (after 4 '
                 'attempts)'),
    "http-401": (dict(status=401, body=openai_error("Incorrect API key provided",
                                                    "invalid_request_error", "invalid_api_key")),
                 "EngineError", 'HTTP 401 from %s: {"error": {"message": "Incorrect API key '
                 'provided", "type": "invalid_request_error", "param": null, "code": '
                 '"invalid_api_key"}}'),
    "timeout": (dict(status=200, delay=1.5), "EngineError",
                "no complete reply from %s within 0.5s (after 4 attempts)"),
    "malformed-json": (dict(status=200, body="{not json"), "EngineError",
                       "%s answered with invalid JSON: Expecting property name enclosed in "
                       "double quotes: line 1 column 2 (char 1)"),
}


@pytest.mark.parametrize("failure", FAILURES)
def test_a_failing_engine_is_seen_within_one_run_and_a_success_clears_it(
        failing_site, providers, clock, caplog, failure):
    worker, client, api, prompt_id = failing_site
    reply, error_class, message = FAILURES[failure]
    providers.fail_every_call(KIND, **reply)
    assert health(client)["status"] == "ok"
    assert last_run(api, prompt_id) == {"state": "queued", "at": STAMP, "attempts": 0,
                                        "nextAttemptAt": STAMP, "error": None}
    caplog.set_level(logging.INFO, logger="tracker")

    assert worker.run_pending() == 1
    error = message % URL.format(base=providers.base(KIND))
    retry = tracker.iso_timestamp(START + tracker.BACKOFF_SECONDS)
    assert failure_lines(caplog) == [
        "engine %s failed on prompt %d of workspace %d (run 1, attempt 1): %s: %s; next attempt "
        "at %s" % (KIND, prompt_id, api.workspace_id, error_class, error, retry)]
    assert health(client) == {
        "status": "degraded", "version": tracker.__version__, "database": "ok",
        "schemaVersion": tracker.SCHEMA_VERSION, "worker": "stopped", "runs": "normal",
        "reasons": ["engine %s: failing: its latest call, at %s, failed and none of the last "
                    "hour succeeded" % (KIND, STAMP)]}
    assert engine_status(api) == {"lastCallAt": STAMP, "lastOutcome": "failed",
                                  "lastError": error, "lastErrorAt": STAMP,
                                  "failuresToday": 1, "failing": True}
    assert last_run(api, prompt_id) == {"state": "queued", "at": STAMP, "attempts": 1,
                                        "nextAttemptAt": retry, "error": "%s: %s" % (KIND, error)}
    sign_in(client, api.key)
    banner = client.get("/").html.find(role="alert")
    assert " ".join(banner.text.split()) == (
        "Failing engines: their latest call failed and none of the last hour succeeded. Runs "
        "are retried with a backoff. %s: its call at 2026-11-21 09:30 UTC failed: %s"
        % (KIND, " ".join(error.split())))
    page = client.get("/prompts/%d" % prompt_id).html
    facts = dict(zip([dt.text for dt in page.find_all("dt")], [dd.text for dd in page.find_all("dd")]))
    assert facts["Last run"] == "queued, due 2026-11-21 09:30 UTC"
    assert facts["Its error"] == "%s: %s" % (KIND, error)
    assert "queued, due 2026-11-21 09:30 UTC" in [td.text for td in client.get("/prompts").html.find_all("td")]

    providers.recover(KIND)
    clock.advance(tracker.BACKOFF_SECONDS)
    assert worker.run_pending() == 1
    assert health(client)["status"] == "ok" and "reasons" not in health(client)
    done = tracker.iso_timestamp(START + tracker.BACKOFF_SECONDS)
    assert engine_status(api) == {"lastCallAt": done, "lastOutcome": "succeeded",
                                  "lastError": error, "lastErrorAt": STAMP,
                                  "failuresToday": 1, "failing": False}
    assert last_run(api, prompt_id) == {"state": "done", "at": done, "attempts": 2,
                                        "nextAttemptAt": None, "error": None}
    assert client.get("/").html.find(role="alert") is None
    assert "done at 2026-11-21 09:30 UTC" in [td.text for td in client.get("/prompts").html.find_all("td")]
    assert len(failure_lines(caplog)) == 1


def test_a_key_the_provider_quotes_back_is_in_no_log_and_no_answer(failing_site, providers,
                                                                    caplog):
    worker, client, api, prompt_id = failing_site
    providers.fail_every_call(KIND, 401, openai_error("Incorrect API key provided: %s." % KEY,
                                                      "invalid_request_error", "invalid_api_key"))
    caplog.set_level(logging.DEBUG)
    worker.run_pending()
    (line,) = failure_lines(caplog)
    assert "Incorrect API key provided: [key]." in line
    assert KEY not in caplog.text and KEY[-12:] not in caplog.text
    for shown in (api.get("/engines").text, api.get("/prompts/%d" % prompt_id).text,
                  client.get("/healthz").text):
        assert KEY not in shown
    assert "provided: [key]." in engine_status(api)["lastError"]


def test_the_last_attempt_logs_that_the_run_failed_for_good(failing_site, providers, clock,
                                                            caplog):
    worker, client, api, prompt_id = failing_site
    providers.fail_every_call(KIND, 401, openai_error("no"))
    caplog.set_level(logging.INFO, logger="tracker")
    for attempt in range(1, tracker.MAX_ATTEMPTS + 1):
        assert worker.run_pending() == 1
        clock.advance(tracker.backoff_seconds(attempt))
    lines = failure_lines(caplog)
    assert len(lines) == tracker.MAX_ATTEMPTS
    assert lines[-1].startswith("engine %s failed on prompt %d of workspace %d (run 1, attempt 5): "
                                "EngineError: HTTP 401 from " % (KIND, prompt_id, api.workspace_id))
    assert lines[-1].endswith("; the run failed for good after 5 attempts")
    ended = tracker.iso_timestamp(START + sum(map(tracker.backoff_seconds, range(1, 5))))
    assert last_run(api, prompt_id) == {
        "state": "failed", "at": ended, "attempts": 5, "nextAttemptAt": None,
        "error": "%s: %s" % (KIND, engine_status(api)["lastError"])}
    assert engine_status(api)["failuresToday"] == 5
    # an hour past the last call with no other call, the engine is still failing
    clock.advance(tracker.FAILING_WINDOW_SECONDS)
    assert engine_status(api)["failing"] and health(client)["status"] == "degraded"


def test_failures_today_start_again_each_utc_day_and_a_recent_success_is_not_failing(
        failing_site, providers, clock):
    worker, client, api, prompt_id = failing_site
    worker.run_pending()  # succeeds
    providers.fail_every_call(KIND, 401, openai_error("no"))
    api.post("/prompts", {"text": "Second prompt"})
    worker.run_pending()
    # one failure within the hour of a success: counted, not failing
    assert engine_status(api)["lastOutcome"] == "failed" and engine_status(api)["failuresToday"] == 1
    assert not engine_status(api)["failing"] and health(client)["status"] == "ok"
    clock.advance(tracker.FAILING_WINDOW_SECONDS)  # the success is an hour old: still recent
    assert not engine_status(api)["failing"] and health(client)["status"] == "ok"
    clock.advance(1)
    assert engine_status(api)["failing"] and health(client)["status"] == "degraded"
    clock.advance(tracker.next_utc_day(clock.now) - clock.now)
    assert engine_status(api)["failuresToday"] == 0


def test_a_workspace_sees_only_its_own_calls_and_a_disabled_engine_raises_no_banner(
        failing_site, providers, client, db):
    worker, client, api, prompt_id = failing_site
    other = make_api(client, db, "Other")
    providers.fail_every_call(KIND, 401, openai_error("no"))
    worker.run_pending()
    assert engine_status(other) == {"lastCallAt": None, "lastOutcome": None, "lastError": None,
                                    "lastErrorAt": None, "failuresToday": 0, "failing": False}
    assert api.patch("/engines/%s" % KIND, {"enabled": False}).json["data"]["failing"] is False
    sign_in(client, api.key)
    assert client.get("/").html.find(role="alert") is None


def test_serve_logs_failed_calls_and_warns_of_unset_keys_at_start(
        tmp_path, server_factory, providers, monkeypatch):
    for name in ("OPENAI_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    providers.fail_every_call("anthropic", 401, {"type": "error", "error": {
        "type": "authentication_error", "message": "invalid x-api-key %s" % KEY}})
    server = server_factory(
        tmp_path / "t.db", "--engine", "claude=anthropic:claude-sonnet-4-5@" + providers.base("anthropic"),
        "--engine", "gemini:gemini-2.5-flash@http://127.0.0.1:9/v1beta",
        "--engine", "openai-responses:gpt-4.1-mini@http://127.0.0.1:9/v1")
    log = server.log()
    assert ("engine gemini (gemini:gemini-2.5-flash): neither GEMINI_API_KEY nor GOOGLE_API_KEY "
            "is set; its calls go without a key and fail unless its server takes none") in log
    assert ("engine openai-responses (openai-responses:gpt-4.1-mini): OPENAI_API_KEY is not "
            "set;") in log
    assert "engine claude" not in log
    for unreachable in ("gemini", "openai-responses"):  # their retries would take seconds
        assert server.request("PATCH", "/engines/" + unreachable, server.key,
                              {"enabled": False})[0] == 200
    status, _, _ = server.request("POST", "/prompts", server.key, {"text": "Best CRM?"})
    assert status == 201
    assert server.wait_for(r"WARNING engine claude failed on prompt 1 of workspace 1 \(run 1, "
                           r"attempt 1\): EngineError: HTTP 401 from .*invalid x-api-key \[key\]", 20), \
        server.log()
    status, _, body = server.request("GET", "/healthz", prefix="")
    assert status == 200 and body["data"]["status"] == "degraded"
    assert body["data"]["reasons"] == [
        "engine claude: failing: its latest call, at %s, failed and none of the last hour "
        "succeeded" % re.search(r"engine claude.* at ([^,]+)", body["data"]["reasons"][0])[1]]
    assert KEY not in server.log()


def test_healthz_judges_over_every_workspace_and_get_engines_over_its_own(failing_site, providers,
                                                                          client, db, clock):
    worker, client, api, prompt_id = failing_site
    worker.run_pending()  # succeeds
    other = make_api(client, db, "Other")
    other.post("/prompts", {"text": "Another prompt"})
    providers.fail_every_call(KIND, 401, openai_error("no"))
    clock.advance(60)
    worker.run_pending()
    assert (engine_status(api)["lastOutcome"], engine_status(api)["failing"]) == ("succeeded", False)
    assert (engine_status(other)["lastOutcome"], engine_status(other)["failing"]) == ("failed", True)
    assert health(client)["status"] == "ok"  # the first workspace's call succeeded within the hour
    clock.advance(tracker.FAILING_WINDOW_SECONDS - 60 + 1)
    assert health(client)["reasons"] == [
        "engine %s: failing: its latest call, at %s, failed and none of the last hour succeeded"
        % (KIND, tracker.iso_timestamp(START + 60))]
    assert not engine_status(api)["failing"]  # its own latest call succeeded
