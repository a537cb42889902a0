"""What reading an answer as prose costs (BrandMatcher.prose: link targets, tags, URLs,
e-mail addresses, bare domains and the repeated question blanked): CPU ms per answer, for a
typical answer and for hostile ones at the 50,000-character limit, and each as a ratio of the
typical one.

    .venv/bin/python tests/perf/bench_prose.py
"""

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
import tracker  # noqa: E402

QUESTION = "Which is the best CRM for a startup of ten people in Europe?"
HOSTILE = "a.io [x](y <b c=d ](e x@y. http:// <!-- zeta.io/p Zeta is "
ANSWERS = {
    "typical, 5,100 chars": ("1. **Zeta**: see [Zeta](https://zeta.io/pricing), sales@zeta.io. "
                             "Acme is fine too, www.acme.com/docs.\n") * 50,
    "every kind nearly matched": HOSTILE * 900,
    "10,000 bare domains": "a.io " * 10000,
    "the question 800 times": (QUESTION + " ") * 800,
    "no markup at all": "word " * 10000,
}


def brand(brand_id, name, domain):
    return {"id": brand_id, "name": name, "tracked_names": [], "domains": [domain],
            "name_regex": None, "use_regex": 0}


def cpu_ms(matcher, text, repeat=7):
    times = []
    for _ in range(repeat):
        started = time.thread_time()
        matcher.prose(text, QUESTION)
        times.append(time.thread_time() - started)
    return sorted(times)[repeat // 2] * 1000


def main():
    matcher = tracker.BrandMatcher([brand(1, "Zeta", "zeta.io"), brand(2, "Acme", "acme.com")])
    typical = None
    print("%-28s %8s %10s %10s" % ("answer", "chars", "CPU ms", "x typical"))
    for name, text in ANSWERS.items():
        text = text[:tracker.MAX_ANSWER_CHARS]
        ms = cpu_ms(matcher, text)
        typical = typical or ms
        print("%-28s %8d %10.1f %10.1f" % (name, len(text), ms, ms / typical))


if __name__ == "__main__":
    main()
