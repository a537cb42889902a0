"""What reading a search surface's reply costs beside an API engine's: CPU ms per chat (read:
the reply decoded, read to an Answer and bounded; chat: that and the extraction, sources,
brand mentions, names),
for a 300 KB SerpApi AI Mode reply, a 200-item DataForSEO Google SERP with its AI Overview,
and an OpenAI Responses reply of a typical answer, each against a workspace of 20 brands.

    .venv/bin/python tests/perf/bench_surfaces.py [--repeat 7]
"""

import argparse
import json
import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(HERE, ".."))
import tracker  # noqa: E402
from providers import openai_response, web_search_call  # noqa: E402
from surfaces import (ai_overview_item, bullet_list, dataforseo_reply, heading,  # noqa: E402
                      organic_item, paragraph, reference, serp_result, serpapi_search, table)

QUESTION = "Which CRM should a ten-person startup in Europe choose?"
BRANDS = ["Acme", "Zeta", "Northwind", "Contoso", "Globex", "Initech", "Umbrella", "Hooli",
          "Vandelay", "Stark", "Wayne", "Tyrell", "Cyberdyne", "Soylent", "Aperture", "Gringotts",
          "Oscorp", "Wonka", "Monarch", "Dunder"]
SENTENCE = ("%s is a solid pick for small teams, with fair pricing and good support; "
            "see https://%s.example/pricing for the plans. ")


def ai_mode_reply(size):
    """A SerpApi engine=google_ai_mode reply of about size bytes: headings, paragraphs,
    nested lists and tables naming the brands, 60 references and 20 product cards."""
    blocks, n = [], 0
    while len(json.dumps(blocks)) < size - 12_000:
        name = BRANDS[n % len(BRANDS)]
        blocks += [heading("Option %d: %s" % (n, name)),
                   paragraph(SENTENCE % (name, name.lower()) * 3, [n % 60]),
                   bullet_list((name, "pricing from $%d" % (10 + n), [(None, "free tier", None)]),
                               (None, "integrations: many", None)),
                   table(("Name", "Price"), (name, "$%d" % (10 + n)))]
        n += 1
    return serpapi_search(
        "google_ai_mode", QUESTION, blocks,
        [reference(i, "https://site%d.example/crm" % i, "Review %d" % i) for i in range(60)],
        shopping_results=[{"title": "%s Pro" % BRANDS[i], "price": "$%d.99" % (10 + i),
                           "source": "Store %d" % i, "link": "https://store%d.example/" % i}
                          for i in range(20)])


def serp_reply(items):
    """A DataForSEO Google organic live/advanced reply: its AI Overview and items - 1
    organic results."""
    markdown = "".join("## %s\n\n%s\n\n" % (name, SENTENCE % (name, name.lower()))
                       for name in BRANDS)
    return dataforseo_reply(serp_result(
        [ai_overview_item(markdown, [("https://ref%d.example/" % i, "Ref %d" % i) for i in range(12)])]
        + [organic_item(rank, "https://result%d.example/page" % rank, "Result %d" % rank)
           for rank in range(1, items)]))


def api_reply():
    """An OpenAI Responses reply with a typical answer (about 5,000 characters), 8 citations."""
    text = "".join(SENTENCE % (name, name.lower()) for name in BRANDS[:12]) * 2
    return openai_response(text, citations=[("https://cite%d.example/" % i, "Cite %d" % i)
                                            for i in range(8)],
                           searches=[web_search_call("best crm europe",
                                                     ["https://read%d.example/" % i for i in range(10)])])


def cpu_ms(parse, raw, reader, repeat):
    """Median CPU ms (to read raw to a bounded Answer, then to a chat's rows in all)."""
    reads, totals = [], []
    for _ in range(repeat):
        started = time.thread_time()
        answer = tracker.bounded_answer(parse(tracker.decoded_reply(raw, "bench")))
        read = time.thread_time()
        tracker.extract(answer, reader, QUESTION)
        reads.append(read - started)
        totals.append(time.thread_time() - started)
    return sorted(reads)[repeat // 2] * 1000, sorted(totals)[repeat // 2] * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    repeat = parser.parse_args().repeat
    with tempfile.TemporaryDirectory() as folder:
        db = tracker.Database(os.path.join(folder, "bench.db"))
        workspace = tracker.create_workspace(db, "Bench")
        with db.write() as connection:
            for name in BRANDS:
                connection.execute(
                    "INSERT INTO brands (workspace_id, name, name_key, domains, created_at, "
                    "updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (workspace["id"], name, name.lower(), json.dumps([name.lower() + ".example"]),
                     db.now(), db.now()))
        reader = tracker.ChatReader(db.connection(), workspace["id"])
        replies = [("OpenAI Responses, typical answer", tracker.parse_openai_response, api_reply()),
                   ("SerpApi AI Mode, 300 KB", tracker.parse_serpapi_reply, ai_mode_reply(300_000)),
                   ("DataForSEO SERP, 200 items", tracker.parse_dataforseo_reply, serp_reply(200))]
        print("%-34s %9s %8s %8s %8s %7s" % ("reply", "bytes", "chars", "read ms", "chat ms",
                                                "x API"))
        base = None
        for name, parse, reply in replies:
            raw = json.dumps(reply).encode()
            read, total = cpu_ms(parse, raw, reader, repeat)
            base = base or total
            chars = len(tracker.bounded_answer(parse(reply)).text)
            print("%-34s %9d %8d %8.1f %8.1f %7.1f" % (name, len(raw), chars, read, total,
                                                        total / base))
        db.close()


if __name__ == "__main__":
    main()
