"""Stand-ins of the SERP/scraper APIs that read the search surfaces, on loopback, answering
in their documented shapes:

    serpapi     GET  {url}/serpapi/search.json?engine=...&q=...&api_key=...   base: {url}/serpapi
    dataforseo  POST {url}/dataforseo/v3/{endpoint path}                     base: {url}/dataforseo/v3

SerpApi's shapes: serpapi.com/ai-overview (ai_overview: text_blocks, references, or a
page_token), serpapi.com/google-ai-overview-api, serpapi.com/google-ai-mode-api,
serpapi.com/bing-copilot-api, and its errors (serpapi.com/search-errors: a top-level
`error`, search_metadata.status "Success" for a search that found nothing). DataForSEO's:
its v3 envelope (status_code, cost, tasks[].result[]), the LLM scraper's result
(dataforseo/PythonClient's AiOptimizationChatGptLlmScraperLiveAdvancedResultInfo) and the
SERP's ai_overview item (AiModeAiOverviewInfo, AiModeAiOverviewReferenceInfo).
"""

import json
import threading
import time
import urllib.parse

import bottle
from cheroot import wsgi


class FakeSurfaces:
    """The loopback server; ``requests[kind]`` holds (headers, query or body, path) per call,
    replies come from ``scripts[kind]`` in turn, else ``defaults[kind]``."""

    def __init__(self):
        self.scripts = {"serpapi": [], "dataforseo": []}
        self.requests = {"serpapi": [], "dataforseo": []}
        self.defaults = {"serpapi": serpapi_search("google_ai_mode", "q", [paragraph("Acme.")]),
                         "dataforseo": dataforseo_reply(llm_result("Acme."))}
        app = bottle.Bottle()
        app.route("/serpapi/search.json", "GET", self.handler("serpapi"))
        app.route("/dataforseo/v3/<path:path>", ["GET", "POST"], self.handler("dataforseo"))
        # DataForSEO's queue: task_post creates a task (20100), task_get/advanced/{id} answers
        # 40602 "Task in Queue." until the test sets ``ready``, then the task's result.
        self.posted, self.ready, self.queued_result = [], False, llm_result("Queued: Acme.")
        self.server = wsgi.Server(("127.0.0.1", 0), app, numthreads=4)
        self.server.prepare()
        self.url = "http://127.0.0.1:%d" % self.server.bind_addr[1]
        threading.Thread(target=self.server.serve, daemon=True).start()

    def base(self, kind):
        return self.url + {"serpapi": "/serpapi", "dataforseo": "/dataforseo/v3"}[kind]

    def handler(self, kind):
        def answer(**_):
            request = bottle.request
            sent = (dict(urllib.parse.parse_qsl(request.query_string)) if request.method == "GET"
                    else json.loads(request.body.read()))
            self.requests[kind].append((dict(request.headers), sent, request.path))
            if not self.scripts[kind] and ("/task_post" in request.path or "/task_get/" in
                                           request.path or request.path.endswith("/tasks_ready")):
                return self.queue(request.path, sent)
            status, body, delay = self.scripts[kind].pop(0) if self.scripts[kind] \
                else (200, self.defaults[kind], 0)
            time.sleep(delay)
            raw = body if isinstance(body, (str, bytes)) else json.dumps(body)
            return bottle.HTTPResponse(raw, status, content_type="application/json")
        return answer

    def queue(self, path, sent):
        if path.endswith("/task_post"):
            self.posted.append(sent)
            task_id = "11281537-1535-0216-0000-%012d" % len(self.posted)
            body = dataforseo_reply(None, task_status=20100, task_message="Task Created.",
                                    cost=0.0006, task_id=task_id)
        elif path.endswith("/tasks_ready"):
            ready = [{"id": "11281537-1535-0216-0000-%012d" % number, "se": "chat_gpt",
                      "se_type": "llm_scraper", "tag": task[0].get("tag")}
                     for number, task in enumerate(self.posted, 1)] if self.ready else []
            body = dataforseo_reply(None, cost=0)
            body["tasks"][0]["result"] = ready
        elif not self.ready:
            body = dataforseo_reply(None, task_status=40602, task_message="Task in Queue.", cost=0)
        else:
            body = dataforseo_reply(self.queued_result, cost=0, task_id=path.rsplit("/", 1)[1])
        return bottle.HTTPResponse(json.dumps(body), 200, content_type="application/json")

    def reply(self, kind, body, status=200, delay=0):
        self.scripts[kind].append((status, body, delay))

    def clear(self):
        for kind in self.scripts:
            self.scripts[kind].clear()
            self.requests[kind].clear()
        self.posted.clear()
        self.ready = False

    def close(self):
        self.server.stop()


# SerpApi --------------------------------------------------------------------------------

def paragraph(snippet, references=()):
    return {"type": "paragraph", "snippet": snippet, "reference_indexes": list(references)}


def heading(snippet):
    return {"type": "heading", "snippet": snippet}


def bullet_list(*items):
    """A list block; each item (title or None, snippet, nested items or None)."""
    def item(title, snippet, nested=None):
        entry = {"snippet": snippet, "reference_indexes": [0]}
        if title:
            entry["title"] = title
        if nested:
            entry["list"] = [item(*child) for child in nested]
        return entry
    return {"type": "list", "list": [item(*entry) for entry in items]}


def table(*rows):
    return {"type": "table", "table": [list(row) for row in rows]}


def reference(index, link, title, source="Site"):
    return {"title": title, "link": link, "snippet": "...", "source": source, "index": index}


def organic(position, link, title):
    return {"position": position, "title": title, "link": link, "snippet": "...",
            "displayed_link": link}


def serpapi_search(engine, q, blocks=None, references=(), organic_results=(), error=None,
                   status="Success", **extra):
    """A SerpApi reply: engine=google's carries blocks as its ai_overview (None: no AI
    Overview shown), the others carry them at the top level."""
    reply = {"search_metadata": {"id": "6540ac26b68f8b2910019dd5", "status": status,
                                 "json_endpoint": "https://serpapi.com/searches/x.json"},
             "search_parameters": {"engine": engine, "q": q}}
    body = {"text_blocks": blocks, "references": list(references)} if blocks is not None else None
    if engine == "google":
        if body is not None:
            reply["ai_overview"] = body
        reply["organic_results"] = list(organic_results)
    elif body is not None:
        reply.update(body)
    if error is not None:
        reply["error"] = error
    reply.update(extra)
    return reply


# DataForSEO ----------------------------------------------------------------------------

def dataforseo_reply(result, status_code=20000, task_status=20000, cost=0.004,
                     message="Ok.", task_message="Ok.", task_id="11281537-1535-0216-0000-f2f4e4b5bc2b"):
    """DataForSEO's v3 envelope around one task and its result (None: no result)."""
    return {"version": "0.1.20251120", "status_code": status_code, "status_message": message,
            "time": "3.1 sec.", "cost": cost, "tasks_count": 1,
            "tasks_error": 0 if task_status == 20000 else 1,
            "tasks": [{"id": task_id, "status_code": task_status, "status_message": task_message,
                       "time": "3.0 sec.", "cost": cost, "result_count": 0 if result is None else 1,
                       "path": ["v3"], "data": {}, "result": None if result is None else [result]}]}


def llm_result(markdown, sources=(), search_results=(), fan_out=(), model="gpt-5"):
    """An LLM scraper's result (ChatGPT, Gemini)."""
    return {"keyword": "q", "location_code": 2840, "language_code": "en", "model": model,
            "check_url": "https://chatgpt.com/", "datetime": "2026-11-28 12:00:00 +00:00",
            "markdown": markdown,
            "sources": [{"type": "chat_gpt_source", "title": title, "snippet": "...",
                         "domain": urllib.parse.urlsplit(url).hostname, "url": url}
                        for url, title in sources],
            "search_results": [{"type": "chat_gpt_search_result", "url": url, "title": title,
                                "domain": urllib.parse.urlsplit(url).hostname, "description": "..."}
                               for url, title in search_results],
            "fan_out_queries": list(fan_out), "items_count": 1,
            "items": [{"type": "chat_gpt_text", "markdown": markdown}]}


def ai_overview_item(markdown, references=(), asynchronous=False):
    return {"type": "ai_overview", "rank_group": 1, "rank_absolute": 1, "position": "left",
            "asynchronous_ai_overview": asynchronous, "markdown": markdown,
            "items": [{"type": "ai_overview_element", "markdown": markdown}] if markdown else None,
            "references": [{"type": "ai_overview_reference", "source": "Site",
                            "domain": urllib.parse.urlsplit(url).hostname, "url": url,
                            "title": title, "text": "..."} for url, title in references]}


def organic_item(rank, url, title):
    return {"type": "organic", "rank_group": rank, "rank_absolute": rank + 1, "position": "left",
            "domain": urllib.parse.urlsplit(url).hostname, "title": title, "url": url}


def serp_result(items):
    return {"keyword": "q", "type": "organic", "se_domain": "google.com", "location_code": 2840,
            "language_code": "en", "check_url": "https://www.google.com/search?q=q",
            "item_types": sorted({item["type"] for item in items}), "items_count": len(items),
            "items": list(items)}
