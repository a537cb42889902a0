"""Fake AI providers on loopback, answering in each provider's documented shapes.

One server plays all four search-grounded APIs and plain chat completions, each at its
own path under its own base, so ``--engine KIND:MODEL@BASE`` points tracker at it as
at the real thing:

    openai-responses  POST {base}/responses                         base: {url}/openai/v1
    anthropic         POST {base}/messages                          base: {url}/anthropic/v1
    gemini            POST {base}/models/{model}:generateContent     base: {url}/gemini/v1beta
    perplexity        POST {base}/chat/completions                  base: {url}/perplexity
    openai            POST {base}/chat/completions                  base: {url}/compat/v1

and Google's grounding redirects: HEAD or GET {url}/grounding-api-redirect/{n} answers 302
to the page ``redirects[n]`` names (``local_redirect(n)`` is such a link).

Replies come from a script per kind (``reply``), then a default success, or the failure
``fail_every_call`` set (a provider that is down or refuses the key). The builders
below write the documented reply shapes (OpenAI Responses with web_search, Anthropic
Messages with web_search_20250305, Gemini generateContent with google_search grounding,
Perplexity Sonar with citations and search_results).
"""

import json
import threading
import time

import bottle
from cheroot import wsgi

BASES = {"openai-responses": "/openai/v1", "anthropic": "/anthropic/v1",
         "gemini": "/gemini/v1beta", "perplexity": "/perplexity", "openai": "/compat/v1"}


class FakeProviders:
    """The loopback server; ``requests[kind]`` holds (headers, parsed body, path) per call."""

    def __init__(self):
        self.scripts = {kind: [] for kind in BASES}
        self.requests = {kind: [] for kind in BASES}
        self.failures = {}
        self.redirects = {}  # n: the URL /grounding-api-redirect/n redirects to
        self.redirect_requests = []  # (method, path) of each redirect asked for
        self.defaults = {"openai-responses": openai_response("OpenAI says Acme."),
                         "anthropic": anthropic_message([text_block("Claude says Acme.")]),
                         "gemini": gemini_response(["Gemini says Acme."]),
                         "perplexity": perplexity_response("Perplexity says Acme."),
                         "openai": chat_completion("A model says Acme.")}
        app = bottle.Bottle()
        app.route(BASES["openai-responses"] + "/responses", "POST", self.handler("openai-responses"))
        app.route(BASES["anthropic"] + "/messages", "POST", self.handler("anthropic"))
        app.route(BASES["gemini"] + "/models/<model>", "POST", self.handler("gemini"))
        app.route(BASES["perplexity"] + "/chat/completions", "POST", self.handler("perplexity"))
        app.route(BASES["openai"] + "/chat/completions", "POST", self.handler("openai"))
        app.route("/grounding-api-redirect/<number:int>", ["GET", "HEAD"], self.redirect)
        self.server = wsgi.Server(("127.0.0.1", 0), app, numthreads=4)
        self.server.prepare()
        self.url = "http://127.0.0.1:%d" % self.server.bind_addr[1]
        threading.Thread(target=self.server.serve, daemon=True).start()

    def base(self, kind):
        return self.url + BASES[kind]

    def handler(self, kind):
        def answer(**_):
            request = bottle.request
            self.requests[kind].append((dict(request.headers), json.loads(request.body.read()),
                                        request.path + ("?" + request.query_string
                                                        if request.query_string else "")))
            status, body, headers, delay = (
                self.scripts[kind].pop(0) if self.scripts[kind]
                else self.failures.get(kind, (200, self.defaults[kind], {}, 0)))
            time.sleep(delay)
            raw = body if isinstance(body, (str, bytes)) else json.dumps(body)
            return bottle.HTTPResponse(raw, status, headers, content_type="application/json")
        return answer

    def redirect(self, number):
        self.redirect_requests.append((bottle.request.method, bottle.request.path))
        if number not in self.redirects:
            return bottle.HTTPResponse("no such link", 404)
        return bottle.HTTPResponse("", 302, {"Location": self.redirects[number]})

    def local_redirect(self, number):
        """A grounding link of this server, as Google's redirects behave."""
        return "%s/grounding-api-redirect/%d" % (self.url, number)

    def reply(self, kind, body=None, status=200, headers=None, delay=0):
        """Script the next reply of kind (a dict is sent as JSON, str or bytes as they are)."""
        self.scripts[kind].append((status, self.defaults[kind] if body is None else body,
                                   headers or {}, delay))

    def fail_every_call(self, kind, status=500, body=None, delay=0):
        """Answer every call of kind that has no script so, until recover() or clear(): a
        status with body (a dict as JSON, text as it is), after delay seconds."""
        self.failures[kind] = (status, {"error": {"message": "down"}} if body is None else body,
                               {}, delay)

    def recover(self, kind):
        """Answer kind's calls with the default success again."""
        self.failures.pop(kind, None)

    def clear(self):
        """Forget the scripts, the failures and the requests received."""
        self.failures.clear()
        for kind in self.scripts:
            self.scripts[kind].clear()
            self.requests[kind].clear()
        self.redirects.clear()
        self.redirect_requests.clear()

    def close(self):
        self.server.stop()


# OpenAI Responses API with the web_search tool ---------------------------------------

def web_search_call(query, sources=(), status="completed", queries=None):
    """An output item of a search the model ran; sources only with include=[...sources];
    queries: the action's queries list, which newer replies carry beside query."""
    action = {"type": "search", "query": query}
    if queries is not None:
        action["queries"] = list(queries)
    if sources:
        action["sources"] = [{"type": "url", "url": url} for url in sources]
    return {"type": "web_search_call", "id": "ws_%d" % abs(hash(query)), "status": status,
            "action": action}


def openai_response(text, citations=(), searches=(), usage=None, status="completed",
                    model="gpt-4.1-mini-2025-04-14"):
    """A Responses API reply: searches (web_search_call items), then one assistant message
    whose output_text has url_citation annotations. citations are (url, title) pairs,
    appended to the text as the model does: ([title](url)). An "incomplete" reply says why
    in incomplete_details; model is the dated version the API answers with."""
    annotations = []
    for url, title in citations:
        link = " ([%s](%s))" % (title, url)
        start = len(text) + 2
        text += link
        annotations.append({"type": "url_citation", "start_index": start,
                            "end_index": len(text) - 1, "url": url, "title": title})
    message = {"type": "message", "id": "msg_1", "status": "completed", "role": "assistant",
               "content": [{"type": "output_text", "text": text, "annotations": annotations}]}
    return {"id": "resp_1", "object": "response", "status": status, "model": model,
            "incomplete_details": {"reason": "max_output_tokens"} if status == "incomplete" else None,
            "output": list(searches) + [message],
            "usage": usage or openai_usage(321, 123)}


def openai_usage(input_tokens, output_tokens, cached=0, reasoning=0):
    """A Responses API usage object (ResponseUsage)."""
    return {"input_tokens": input_tokens, "input_tokens_details": {"cached_tokens": cached},
            "output_tokens": output_tokens, "output_tokens_details": {"reasoning_tokens": reasoning},
            "total_tokens": input_tokens + output_tokens}


# OpenAI-compatible chat completions (OpenAI, Ollama, vLLM...) ---------------------------

def chat_completion(content, finish_reason="stop", model="gpt-4o-2024-08-06", usage=None):
    """A chat.completion reply of one choice."""
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 1763715000, "model": model,
            "choices": [{"index": 0, "finish_reason": finish_reason, "logprobs": None,
                         "message": {"role": "assistant", "content": content, "refusal": None}}],
            "usage": usage or {"prompt_tokens": 19, "completion_tokens": 10, "total_tokens": 29,
                               "prompt_tokens_details": {"cached_tokens": 0},
                               "completion_tokens_details": {"reasoning_tokens": 0}}}


def openai_error(message, kind="server_error", code=None):
    return {"error": {"message": message, "type": kind, "param": None, "code": code}}


# Anthropic Messages API with the web_search_20250305 tool ----------------------------

def server_tool_use(query, tool_id="srvtoolu_1"):
    return {"type": "server_tool_use", "id": tool_id, "name": "web_search",
            "input": {"query": query}}


def search_results(results, tool_id="srvtoolu_1"):
    """A web_search_tool_result block: results are (url, title) pairs."""
    return {"type": "web_search_tool_result", "tool_use_id": tool_id,
            "content": [{"type": "web_search_result", "url": url, "title": title,
                         "encrypted_content": "EqgfCioIARgBIiQ3", "page_age": "April 30, 2025"}
                        for url, title in results]}


def search_error(code="max_uses_exceeded", tool_id="srvtoolu_1"):
    """A failed search, which Anthropic reports inside a 200."""
    return {"type": "web_search_tool_result", "tool_use_id": tool_id,
            "content": {"type": "web_search_tool_result_error", "error_code": code}}


def text_block(text, citations=()):
    """A text block; citations are (url, title) pairs it cites."""
    block = {"type": "text", "text": text}
    if citations:
        block["citations"] = [{"type": "web_search_result_location", "url": url, "title": title,
                               "encrypted_index": "Eo8BCioIAhgBIiQy", "cited_text": "..."}
                              for url, title in citations]
    return block


def anthropic_message(content, searches=0, stop_reason="end_turn", usage=None,
                      model="claude-sonnet-4-5-20250929"):
    """A Messages reply; usage as the API reports it (input_tokens: those neither read from
    nor written to the cache)."""
    usage = dict(usage or {"input_tokens": 2100, "output_tokens": 310,
                           "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0})
    if searches:
        usage["server_tool_use"] = {"web_search_requests": searches}
    return {"id": "msg_01", "type": "message", "role": "assistant",
            "model": model, "content": content, "stop_reason": stop_reason,
            "stop_sequence": None, "usage": usage}


def anthropic_error(kind, message):
    return {"type": "error", "error": {"type": kind, "message": message}}


# Gemini generateContent with the google_search tool -----------------------------------

def grounding_redirect(number):
    """Gemini's chunk uri: a Google redirect, never to be fetched."""
    return "https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQ%d" % number


def gemini_response(parts, queries=(), chunks=(), supports=(), finish="STOP", usage=None,
                    links=None):
    """parts: the answer's text parts; chunks: the web of each grounding chunk: a title
    (the page's domain, as the Gemini API gives it) or a dict of its fields, its uri a
    redirect (links[i] if given); supports: (start, end, text, [chunk indices])."""
    candidate = {"content": {"parts": [{"text": part} for part in parts], "role": "model"},
                 "finishReason": finish, "index": 0}
    if queries or chunks:
        candidate["groundingMetadata"] = {
            "webSearchQueries": list(queries),
            "searchEntryPoint": {"renderedContent": "<style>.container{}</style><div></div>"},
            "groundingChunks": [{"web": dict(
                {"uri": links[i] if links else grounding_redirect(i)},
                **(chunk if isinstance(chunk, dict) else {"title": chunk}))}
                for i, chunk in enumerate(chunks)],
            "groundingSupports": [
                {"segment": {"startIndex": start, "endIndex": end, "text": text},
                 "groundingChunkIndices": list(indices),
                 "confidenceScores": [0.9] * len(indices)}
                for start, end, text, indices in supports]}
    return {"candidates": [candidate],
            "usageMetadata": usage or {"promptTokenCount": 12, "candidatesTokenCount": 240,
                                       "totalTokenCount": 300, "toolUsePromptTokenCount": 48},
            "modelVersion": "gemini-2.5-flash", "responseId": "abc"}


def gemini_error(code, status, message):
    return {"error": {"code": code, "message": message, "status": status}}


# Perplexity Sonar (chat completions with citations and search_results) ----------------

def perplexity_response(text, citations=(), results=None, usage=None, keywords=None,
                        finish_reason="stop", model="sonar"):
    """citations are URLs, in the order the answer's [1], [2]... refer to them;
    search_results are (url, title) pairs (by default the cited pages); keywords: the
    search_keywords of each web_search reasoning step, when the reply has them."""
    results = [(url, None) for url in citations] if results is None else results
    message = {"role": "assistant", "content": text}
    if keywords is not None:
        message["reasoning_steps"] = [
            {"thought": "Searching the web.", "type": "web_search",
             "web_search": {"search_keywords": list(words), "search_results": []}}
            for words in keywords]
    return {"id": "pplx-1", "model": model, "object": "chat.completion", "created": 1763715000,
            "citations": list(citations),
            "search_results": [{"title": title or url, "url": url, "date": "2025-10-01"}
                               for url, title in results],
            "choices": [{"index": 0, "finish_reason": finish_reason, "message": message}],
            "usage": usage or {"prompt_tokens": 9, "completion_tokens": 180, "total_tokens": 189,
                               "search_context_size": "low", "num_search_queries": 1,
                               "cost": {"input_tokens_cost": 0.0, "output_tokens_cost": 0.0002,
                                        "request_cost": 0.006, "total_cost": 0.0062}}}
