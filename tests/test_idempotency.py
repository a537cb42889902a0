"""Idempotency-Key on POST: replay, conflicts, expiry, and what is never stored."""

import threading

import tracker
from conftest import Api


def post(api, body, key, status=201):
    return api.post("/prompts", body, status=status, headers={"Idempotency-Key": key})


def total(api):
    return api.get("/prompts").json["data"]["total"]


def test_repeat_replays_the_first_answer_without_a_second_effect(api, clock):
    first = post(api, {"prompts": [{"text": "a"}, {"text": "b"}]}, "retry-1")
    assert "Idempotent-Replayed" not in first.headers
    clock.advance(30)
    again = post(api, {"prompts": [{"text": "a"}, {"text": "b"}]}, "retry-1")
    assert again.body == first.body
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json["data"]["created"] == 2
    assert total(api) == 2


def test_same_key_with_another_body_is_422(api):
    post(api, {"text": "a"}, "k")
    reply = post(api, {"text": "b"}, "k", status=422)
    assert reply.json == {"success": False, "message": "Validation failed", "errors": [
        {"field": "Idempotency-Key", "message": "was already used with a different request"}]}
    assert total(api) == 1


def test_same_key_on_another_route_is_422(api):
    api.post("/topics", {"name": "x"}, headers={"Idempotency-Key": "k"})
    reply = api.post("/tags", {"name": "x"}, status=422, headers={"Idempotency-Key": "k"})
    assert reply.json["errors"][0]["field"] == "Idempotency-Key"


def test_error_answers_are_not_stored_so_a_corrected_retry_works(api):
    post(api, {"text": ""}, "k", status=422)
    assert post(api, {"text": "fixed"}, "k").json["data"]["created"] == 1


def test_keys_are_per_api_key(api, db, client):
    second = Api(client, tracker.create_key(db, api.workspace_id)["key"], api.workspace_id)
    post(api, {"text": "a"}, "shared")
    reply = post(second, {"text": "a"}, "shared")
    assert "Idempotent-Replayed" not in reply.headers
    assert reply.json["data"]["failed"] == 1  # it ran: the prompt was a duplicate


def test_keys_expire_after_24_hours(api, clock):
    post(api, {"text": "a"}, "k")
    clock.advance(24 * 3600 - 1)
    assert post(api, {"text": "a"}, "k").headers["Idempotent-Replayed"] == "true"
    clock.advance(1)
    reply = post(api, {"text": "a"}, "k")
    assert "Idempotent-Replayed" not in reply.headers
    assert reply.json["data"]["failed"] == 1


def test_key_length_edges(api):
    post(api, {"text": "a"}, "k" * 255)
    reply = post(api, {"text": "b"}, "k" * 256, status=422)
    assert reply.json["errors"] == [{"field": "Idempotency-Key", "message": "must be 1 to 255 characters"}]
    assert total(api) == 1


def test_requests_without_the_header_are_not_deduplicated(api):
    api.post("/topics", {"name": "x"})
    api.post("/topics", {"name": "x"}, status=422)


def test_a_repeat_while_the_first_runs_is_409(app, api):
    entered, release = threading.Event(), threading.Event()

    @app.post(tracker.API_PREFIX + "/test-slow")
    def slow():
        entered.set()
        release.wait(10)
        return tracker.success({"done": True}, status=201)

    replies = []
    first = threading.Thread(target=lambda: replies.append(
        api.post("/test-slow", {}, headers={"Idempotency-Key": "slow"})))
    first.start()
    assert entered.wait(10)
    busy = api.post("/test-slow", {}, status=409, headers={"Idempotency-Key": "slow"})
    assert busy.json == {"success": False, "code": "IDEMPOTENCY_IN_PROGRESS",
                         "message": "A request with this Idempotency-Key is in progress"}
    release.set()
    first.join(10)
    assert replies[0].json["data"] == {"done": True}
    again = api.post("/test-slow", {}, headers={"Idempotency-Key": "slow"})
    assert again.headers["Idempotent-Replayed"] == "true"
