"""Merge the community list of AI agents, ai.robots.txt's robots.json, into
packaging/traffic_agents.json as its "listedAgents" (a maintainer's tool, not shipped; the
manual's "AI traffic" page says when and how to run it):

    git clone https://github.com/ai-robots-txt/ai.robots.txt /tmp/ai.robots.txt
    python3 packaging/ai_robots_txt.py /tmp/ai.robots.txt [DATA_FILE]

robots.json (MIT) maps each agent's name to {operator, respect, function, frequency,
description}; "function" is one of the list's categories ("AI Search Crawlers", "AI
Assistants"...) or, for older entries, a sentence. tracker's own "agents" and "robotsOnly"
entries (each from its operator's documentation, some with verified address ranges) are kept
as they are: a listed name they already hold, ignoring case, is "sameAs" theirs, as is a name
that is another one with a version ("MistralAI-User/1.0", "Brightbot 1.0") or another's
spelling ("Meta-ExternalAgent"), so a log counts them under one name.
"""

import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "traffic_agents.json")
REPOSITORY = "https://github.com/ai-robots-txt/ai.robots.txt"

# The list's categories, as tracker's classes (the manual's table).
CATEGORIES = {
    "AI Search Crawlers": "ai-search",
    "AI Assistants": "ai-user",
    "AI Agents": "ai-user",
    "AI Coding Agents": "ai-user",
    "AI Data Scrapers": "ai-training",
    "AI data scraper": "ai-training",
    "AI Data Providers": "ai-training",  # or ai-search when its description says search
    "Undocumented AI Agents": "ai-training",
}
# Where tracker knows more than the list: generic words and tools that are not one AI
# operator's agent (Screaming Frog's "SEO Spider", any Scrapy project, Facebook's link
# previews) are class "bot": left out of the agents, counted by "otherBots" as the other bots
# they are, never as AI.
NOT_AI = {"Spider", "Scrapy", "facebookexternalhit"}
# Operators the list leaves unclear (or gives as a sentence or a URL) but its own description
# of the agent names (ApifyBot "by Apify", NovaAct "created by Amazon"...), or its token does
# (Amzn-, AzureAI-).
OPERATORS = {
    "AddSearchBot": "AddSearch", "amazon-QBusiness": "Amazon", "Amzn-SearchBot": "Amazon",
    "ApifyBot": "Apify", "ApifyWebsiteContentCrawler": "Apify", "AzureAI-SearchBot": "Microsoft",
    "Bravebot": "Brave", "Brightbot": "Bright Data", "Claude-Code": "Anthropic",
    "CloudVertexBot": "Google", "Code": "GitHub", "ExaBot": "Exa", "Gemini-Deep-Research": "Google",
    "Google-Agent": "Google", "Google-Gemini-CLI": "Google", "Google-NotebookLM": "Google",
    "HenkBot": "Valyu", "Kangaroo Bot": "Kangaroo LLM", "LinerBot": "Liner",
    "NotebookLM": "Google", "NovaAct": "Amazon", "Operator": "OpenAI", "PanguBot": "Huawei",
    "Shap-User": "Parallel", "TavilyBot": "Tavily", "Terra Cotta": "Ceramic AI",
    "Trae": "ByteDance", "UseAI": "Use AI", "Webzio-Extended": "Webz.io",
}
VERSIONED = re.compile(r"^(.+?)(?:/| )\d+(?:\.\d+)*$")


def agent_class(name, function, description):
    """The class of a listed agent: by its category (a data provider that indexes for search,
    as Bravebot, ExaBot and TavilyBot do, is a search indexer), else by its function's
    words (a search index; a fetch for a user's prompt; else collecting data, as for
    training)."""
    if function == "AI Data Providers" and re.search(r"\bsearch\b", description.lower()):
        return "ai-search"
    if function in CATEGORIES:
        return CATEGORIES[function]
    words = function.lower()
    if re.search(r"\bsearch\b", words):
        return "ai-search"
    if re.search(r"\b(user|users|prompts?|assistant|queries)\b", words):
        return "ai-user"
    return "ai-training"


def operator_name(text):
    """The operator's name from the list's text: a Markdown link's words, else the words
    before the first comma or "that"/"to"; "Unknown" when the list says it is unclear."""
    link = re.match(r"\[([^\]]+)\]", text)
    name = link.group(1) if link else re.split(r",| that | to | \(|\. ", text)[0]
    name = name.strip().rstrip(".")
    if not name or name.lower().startswith(("unclear", "unknown", "anyone")):
        return "Unknown"
    return name.removeprefix("the ")[:100]


def merged(data, robots):
    """Every name of the list, once each as it spells it: a name tracker holds (ignoring
    case) or a versioned one is "sameAs" that agent; a name left to otherBots is class "bot";
    the others are the list's, classed."""
    own = {agent["name"].lower(): agent["name"] for agent in data["agents"] + data["robotsOnly"]}
    names = {name.lower(): name for name in reversed(list(robots))}  # the first spelling
    listed = []
    for name, entry in robots.items():
        versioned = VERSIONED.match(name)
        base = versioned.group(1).lower() if versioned else None
        if name.lower() in own or names[name.lower()] != name:
            listed.append({"name": name, "sameAs": own.get(name.lower()) or names[name.lower()]})
        elif base in own or base in names:
            listed.append({"name": name, "sameAs": own.get(base) or names[base]})
        else:
            listed.append({"name": name,
                           "operator": OPERATORS.get(name) or operator_name(entry["operator"]),
                           "class": "bot" if name in NOT_AI else agent_class(
                               name, entry["function"], entry["description"]),
                           "function": entry["function"]})
    return listed


def main(checkout, data_file=DATA):
    def git(*args):
        return subprocess.run(["git", "-C", checkout] + list(args), check=True,
                              capture_output=True, text=True).stdout
    robots = json.loads(git("show", "HEAD:robots.json"))
    commit, date = git("log", "-1", "--format=%H %cs").split()
    notice = git("show", "HEAD:LICENSE").strip()
    with open(data_file, encoding="utf-8") as file:
        text = file.read()
    data = json.loads(text)
    source = {"repository": REPOSITORY, "file": "robots.json", "commit": commit, "date": date,
              "agents": len(robots), "licence": "MIT", "notice": notice}
    lines = ",\n".join("    " + json.dumps(agent, ensure_ascii=False)
                       for agent in merged(data, robots))
    block = ('  "aiRobotsTxt": %s,\n  "listedAgents": [\n%s\n  ],\n'
             % (json.dumps(source, ensure_ascii=False), lines))
    start = text.find('  "aiRobotsTxt": ')
    end = text.index('  "otherBots": ')
    if start < 0:
        start = end
    with open(data_file, "w", encoding="utf-8") as file:
        file.write(text[:start] + block + text[end:])
    print("%s: %d agents of %s at %s (%s)" % (data_file, len(robots), REPOSITORY, commit[:7], date))


if __name__ == "__main__":
    main(*sys.argv[1:3])
