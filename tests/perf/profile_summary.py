"""Summarise py-spy's raw (collapsed) profiles that bench.py --profile writes.

    python tests/perf/profile_summary.py /tmp/prof/list-1k-r0.txt [more files...]

For each file: the share of samples (taken from whichever thread held the GIL) spent in
each part of a request, counted inclusively (a sample in tracker code called by a plugin
counts for both), then the functions with the most samples of their own.
"""

import collections
import re
import sys

# (part, how to recognise a frame of it): the first frame of a stack that matches counts.
PARTS = [
    ("cheroot: accept, parse, write", re.compile(r"\(cheroot/")),
    ("bottle: routing, request, response", re.compile(r"\(bottle\.py")),
    ("auth plugin", re.compile(r"AuthPlugin\.|^(lookup_key|key_is_well_formed|hash_key) ")),
    ("rate-limit plugin", re.compile(r"RateLimitPlugin\.")),
    ("route handler", re.compile(r"^add_\w+_routes\.<locals>\.")),
    ("JSON encoding", re.compile(r"^(encode_json|success) ")),
    ("JSON decoding", re.compile(r"^json_body ")),
    ("logging (access log)", re.compile(r"\(logging/")),
    ("SQL (query_all, query_one)", re.compile(r"^(query_all|query_one) ")),
    ("row to dict", re.compile(r"^_dict_row ")),
]


def frames(stack):
    return [frame for frame in stack.split(";") if frame]


def summarise(path, top=15):
    stacks = collections.Counter()
    with open(path) as raw:
        for line in raw:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            if stack:
                stacks[stack] += int(count)
    total = sum(stacks.values())
    inclusive, own = collections.Counter(), collections.Counter()
    for stack, count in stacks.items():
        names = [re.sub(r":\d+\)$", ")", frame) for frame in frames(stack)]
        for part, pattern in PARTS:
            if any(pattern.search(name) for name in names):
                inclusive[part] += count
        own[names[-1] if names else "?"] += count
    print("%s: %d samples" % (path, total))
    for part, _ in PARTS:
        print("  %5.1f %%  %s" % (100.0 * inclusive[part] / max(total, 1), part))
    print("  top functions by own samples:")
    for name, count in own.most_common(top):
        print("  %5.1f %%  %s" % (100.0 * count / max(total, 1), name))


def main(paths):
    for path in paths:
        summarise(path)
        print()


if __name__ == "__main__":
    main(sys.argv[1:])
