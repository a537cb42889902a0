"""The manual: README as the front door, one page per subject under packaging/docs, served
at /docs. Nothing of 1.0.0's README is lost, and every link between the pages resolves, in
the repository and when served."""

import os
import re

import pytest
import webtest

import tracker

REPO = os.path.dirname(os.path.abspath(tracker.__file__))
MANUAL = os.path.join(REPO, tracker.MANUAL_FOLDER)
PAGES = sorted(name[:-3] for name in os.listdir(MANUAL) if name.endswith(".md"))
# Every Markdown file a reader of the repository meets: the front door, the manual's pages,
# the suite's and the benchmarks' own.
DOCUMENTS = ["README.md", "tests/README.md", "tests/perf/README.md"] + [
    os.path.join(tracker.MANUAL_FOLDER, page + ".md") for page in PAGES]

# The headings of 1.0.0's README (git show dd756ac:README.md): 22 sections, 9 subsections.
SECTIONS_OF_1_0_0 = [
    "Install", "A two-minute tour", "Runs and engines", "Analytics", "Dashboard",
    "OpenAPI document and reference page", "Exports", "AI traffic", "Webhooks",
    "A test double for your own scripts and tests", "Performance", "The command line",
    "The binary", "Conditional requests", "MCP: tracker in Claude Desktop and other assistants",
    "Operations", "Replication", "Behaviour the spec leaves open", "The test suite",
    "Reliability and security", "Code map", "Dependencies"]
SUBSECTIONS_OF_1_0_0 = [
    "Prompts, topics, tags and brands", "Samples per run", "Engines that search the web",
    "Mentions", "Stability: how much answers vary between samples",
    "Annotations: what changed besides the engines", "Signals: changes that are real",
    "Answer intelligence: domains, categories, sentiment, discovered brands, gaps",
    "Intervals: how sure a figure is"]


def read(path):
    with open(os.path.join(REPO, path), encoding="utf-8") as file:
        return file.read()


def prose(text):
    """The text outside fenced code blocks."""
    return re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)


def headings(text):
    return re.findall(r"^#{1,6} (.+)$", prose(text), re.M)


def links(text):
    """The targets of the Markdown links (and images) outside code."""
    return re.findall(r"\]\(([^)\s]+)\)", re.sub(r"`[^`\n]+`", "", prose(text)))


@pytest.fixture(scope="module")
def client():
    return webtest.TestApp(tracker.make_app(":memory:", runs="off"))


def test_readme_is_a_front_door_under_200_lines():
    readme = read("README.md")
    assert len(readme.splitlines()) < 200
    assert readme.index("./build serve ") < readme.index("./build test ") < readme.index("## Install")


def test_every_heading_of_1_0_0_has_a_home(client):
    assert (len(SECTIONS_OF_1_0_0), len(SUBSECTIONS_OF_1_0_0)) == (22, 9)
    homes = {title for path in DOCUMENTS for title in headings(read(path))}
    described = " ".join(operation.get("description", "")
                         for methods in client.get("/api/v1/openapi.json").json["paths"].values()
                         for operation in methods.values() if isinstance(operation, dict))
    assert [title for title in SECTIONS_OF_1_0_0 + SUBSECTIONS_OF_1_0_0
            if title not in homes and title not in described] == []


def test_every_relative_link_and_anchor_resolves():
    anchors = {path: {tracker.heading_anchor(title) for title in headings(read(path))}
               for path in DOCUMENTS}
    broken = []
    for path in DOCUMENTS:
        for target in links(read(path)):
            if re.match(r"[a-z]+:", target) or target.startswith("/"):
                continue  # a URL, or a path on a server (an example's)
            file, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
            if not os.path.exists(os.path.join(REPO, resolved)):
                broken.append((path, target))
            elif anchor and anchor not in anchors.get(resolved, ()):
                broken.append((path, target))
    assert broken == []


def test_the_index_and_the_readme_list_every_page():
    listed = re.findall(r"^- \[[^]]+\]\(packaging/docs/([a-z0-9-]+)\.md\)", read("README.md"),
                        re.M)
    assert sorted(tracker.manual_pages()) == PAGES
    assert listed == list(tracker.manual_pages()[1:])


def test_the_manual_is_served_signed_out_with_the_dashboards_headers(client):
    index = client.get("/docs")
    assert index.headers["Content-Security-Policy"] == tracker.DASHBOARD_CSP
    assert index.headers["X-Frame-Options"] == "DENY"
    assert '<h1>The manual</h1>' in index.text
    assert '<a href="/docs/engines">Runs and engines</a>' in index.text
    page = client.get("/docs/engines")
    assert page.status_int == 200 and "<h1>Runs and engines</h1>" in page.text
    assert '<h2 id="samples-per-run">Samples per run</h2>' in page.text
    # a page of the manual links the others by their served address
    assert '<a href="/docs/analytics">' in client.get("/docs/dashboard").text


@pytest.mark.parametrize("path", ["/docs/nope", "/docs/index.md", "/docs/../tracker",
                                  "/docs/engines/x"])
def test_an_unknown_page_is_the_dashboards_404(client, path):
    page = client.get(path, status=404)
    assert "There is no dashboard page at this address." in page.text
    assert page.headers["Content-Security-Policy"] == tracker.DASHBOARD_CSP


def test_every_served_link_between_pages_resolves(client):
    served = {"/docs" if page == "index" else "/docs/" + page:
              client.get("/docs/" + page).text for page in PAGES}
    broken = []
    for address, html in served.items():
        for path, anchor in re.findall(r'<a href="(/docs[^"#]*|)(#[^"]*)?"', html):
            target = served.get(path or address)
            if target is None or (anchor and 'id="%s"' % anchor[1:] not in target):
                broken.append((address, path + anchor))
    assert broken == []


def test_the_dashboard_footer_and_the_api_reference_link_the_manual(client):
    footer = '<footer class="foot">tracker %s · <a href="/docs">Manual</a></footer>'
    assert footer % tracker.__version__ in client.get("/sign-in").text
    assert "<a href='/docs'>the manual</a>" in client.get("/api/v1/docs").text


def test_the_manuals_markdown():
    html = tracker.ManualRenderer().render(
        "## A part\n\n- an item that goes\n  on here, **bold\n  across** lines\n- [a page](engines.md#mentions),"
        " [a part](#a-part), [the repository's](../../README.md#install)\n\n"
        "| a | b |\n|---|:-:|\n| `1` | 2 |\n")
    assert html == (
        '<h2 id="a-part">A part</h2><ul><li>an item that goes on here, <strong>bold across'
        '</strong> lines</li><li><a href="/docs/engines#mentions">a page</a>, <a href="#a-part">'
        "a part</a>, the repository&#x27;s</li></ul><div class=\"scroll\"><table><thead><tr>"
        "<th>a</th><th>b</th></tr></thead><tbody><tr><td><code>1</code></td><td>2</td></tr>"
        "</tbody></table></div>")


def test_an_answer_still_links_only_to_web_addresses():
    html = tracker.AnswerRenderer([]).render(
        "[x](javascript:alert(1)) [y](engines.md) [z](https://example.com)\n| not | a table |")
    assert html == ('<p>[x](javascript:alert(1)) [y](engines.md) <a href="https://example.com" '
                    'rel="nofollow noopener noreferrer">z</a></p><p>| not | a table |</p>')


def test_every_link_to_the_api_reference_names_an_operation(client):
    reference = client.get("/api/v1/docs").text
    targets = {target for path in DOCUMENTS for target in links(read(path))
               if target.startswith("/api/v1/docs#")}
    assert targets  # the manual points to the endpoints' own descriptions
    assert [target for target in sorted(targets)
            if "<section id='%s'>" % target.partition("#")[2] not in reference] == []
    assert '<a href="/api/v1/docs#postWebhooks"><code>POST /webhooks</code></a>' in client.get(
        "/docs/webhooks").text  # served, a link to the operation's section
