"""The examples of README and the manual (packaging/docs), run as written, so that they stay
true."""

import json
import os
import re
import subprocess
import textwrap
import tomllib

import webtest

import tracker
from conftest import ServerProcess

REPO = os.path.dirname(tracker.__file__)


def read(path):
    with open(os.path.join(REPO, path), encoding="utf-8") as file:
        return file.read()


# The front door, the manual's pages and the suite's own page, as one text.
README = "\n".join(read(path) for path in ["README.md", "tests/README.md"] + [
    os.path.join(tracker.MANUAL_FOLDER, name)
    for name in sorted(os.listdir(os.path.join(REPO, tracker.MANUAL_FOLDER)))])


def code_blocks(language):
    return re.findall(r"```%s\n(.*?)```" % language, README, re.S)


def test_the_seed_example_reaches_every_error_it_promises(tmp_path):
    (block,) = [b for b in code_blocks("toml") if "[[workspaces]]" in b]
    seed = tmp_path / "seed.toml"
    seed.write_text(block)
    document = tomllib.loads(block)
    keys = {key["name"] if "name" in key else ws["name"]: key["key"]
            for ws in document["workspaces"] for key in ws["keys"]}
    server = ServerProcess(tmp_path / "unused.db", "--memory", "--seed", str(seed)).start()
    try:
        def code(key, method="GET", path="/workspace", body=None):
            status, _, reply = server.request(method, path, key, body)
            return status, reply.get("code")
        assert code(keys["ci"]) == (200, None)
        assert code(keys["reader"], "POST", "/prompts", {"text": "x"}) == (403, "INSUFFICIENT_SCOPE")
        assert code(keys["old"]) == (401, "API_KEY_INVALID")
        assert code(keys["tiny"]) == (200, None)
        assert code(keys["tiny"]) == (429, "RATE_LIMIT_EXCEEDED")
        assert code(keys["Free plan"]) == (403, "API_ACCESS_DISABLED")
        paused = server.request("GET", "/prompts?status=paused", keys["ci"])[2]["data"]["data"]
        assert [p["text"] for p in paused] == ["Old question"]
    finally:
        server.stop()


def test_the_pytest_example(pytester):
    (block,) = [b for b in code_blocks("python") if "def test_sync(tracker_api)" in b]
    pytester.makepyfile(test_readme_example=block)
    pytester.runpytest_subprocess("-p", "no:cacheprovider").assert_outcomes(passed=2)


def test_the_webtest_example():
    (block,) = [b for b in code_blocks("python") if "webtest.TestApp(app)" in b]
    assert len(block.strip().splitlines()) <= 10
    exec(compile(textwrap.dedent(block), "README.md", "exec"), {})


def test_the_error_bodies_are_the_real_ones():
    (block,) = [b for b in code_blocks("json") if "Prompt not found" in b]
    app = tracker.make_app(":memory:", runs="off")
    db = app.config["tracker.db"]
    key = tracker.create_key(db, tracker.create_workspace(db, "Acme")["id"])["key"]
    client = webtest.TestApp(app)
    answers = [client.get(path, headers={"Authorization": "Bearer " + key}, status=status)
               for path, status in [("/api/v1/prompts/999", 404),
                                    ("/api/v1/prompts?perPage=500", 422)]]
    assert block.splitlines() == [answer.body.decode() for answer in answers]


def test_the_health_example_is_the_real_answer():
    (example,) = re.findall(r"- 200 with `(\{\"success\": true.*?\})` when all", README, re.S)
    example = json.loads(example.replace("\n ", ""))
    real = webtest.TestApp(tracker.make_app(":memory:", runs="off")).get("/healthz").json
    assert example == dict(real, data=dict(real["data"], worker="running", runs="normal"))


# What differs from one start to the next: a key's characters, ids, times.
MASKED_FIELDS = {"prefix", "last4", "key", "id"}
TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d")


def masked(value, name=None):
    if isinstance(value, dict):
        return {key: masked(item, key) for key, item in value.items()}
    if isinstance(value, list):
        return [masked(item) for item in value]
    if name in MASKED_FIELDS or isinstance(value, str) and TIME.match(value):
        return "…"
    return value


def json_documents(text):
    """The JSON values of a block, one after another (one may span lines)."""
    decoder, values, at = json.JSONDecoder(), [], 0
    while text[at:].strip():
        at += len(text[at:]) - len(text[at:].lstrip())
        value, at = decoder.raw_decode(text, at)
        values.append(value)
    return values


def tour_steps():
    """(curl commands, the answers shown for them) of each step of README's tour: a sh block
    and the json block after it."""
    tour = read("README.md").split("## A two-minute tour")[1].split("\n## ")[0]
    steps = re.findall(r"```sh\n(.*?)```\s*(?:(?!```).)*?```json\n(.*?)```", tour, re.S)
    return [([line for line in commands.splitlines() if line.startswith("curl ")],
             json_documents(shown)) for commands, shown in steps]


def test_the_tour_shows_the_real_answers(tmp_path):
    """Each curl of README's tour run as written against a fresh `tracker serve` (what
    ./build serve runs) with the key it printed: its answer is the one shown, but for what
    differs at each start (ids, times, keys)."""
    steps = tour_steps()
    assert [len(commands) for commands, _ in steps] == [1, 2]
    server = ServerProcess(tmp_path / "tracker.db", "--runs", "off").start()
    assert server.key, server.log()  # "note the key it prints"
    try:
        for commands, shown in steps:
            assert len(commands) == len(shown)
            for command, expected in zip(commands, shown):
                command = command.replace("localhost:8080", server.url.removeprefix("http://"))
                done = subprocess.run(["bash", "-c", command], capture_output=True, text=True,
                                      env=dict(os.environ, KEY=server.key), timeout=30)
                assert masked(json.loads(done.stdout)) == masked(expected), command
    finally:
        server.stop()
