"""Hostile input on every route: each is a clear 4xx in the JSON envelope, in bounded
time, changes nothing, and leaves the server healthy.

In-process (WebTest) for what a WSGI app sees; a real ``tracker serve`` on loopback, with
raw sockets, for what only a server sees (request lines, header sizes, chunked bodies,
Content-Length lies). ``TRACKER_LONG=1`` runs more Hypothesis examples.
"""

import json

import pytest

import tracker


# Headers ------------------------------------------------------------------------------

def test_header_bytes_that_are_not_utf8_are_a_4xx_not_a_500(api):
    """Bottle's get_header decodes as UTF-8 and raised on other bytes: a 500."""
    reply = api.client.get("/api/v1/workspace", headers={"Authorization": "Bearer \xff\xfe"},
                           status=401)
    assert reply.json == {"success": False, "message": "Invalid or missing API key",
                          "code": "API_KEY_INVALID"}
    reply = api.post("/tags", {"name": "x"}, status=422, headers={"Idempotency-Key": "\xff"})
    assert reply.json["errors"] == [{"field": "Idempotency-Key", "message": "must be valid UTF-8"}]
    assert api.get("/tags").json["data"] == []
    # UTF-8 is fine, sent as WSGI's Latin-1 text
    api.post("/tags", {"name": "x"}, headers={"Idempotency-Key": "é".encode().decode("latin-1")})
