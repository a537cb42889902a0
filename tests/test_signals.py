"""Signals (issue 30): the scripted simulated engine, the scan's statistics proved on
simulated truth (false alarms at or under the FDR, a 15-point change found within 7 days),
and the signals through the worker, the API, webhooks, MCP and the dashboard.

`python tests/test_signals.py` prints the figures the manual quotes (packaging/docs/analytics.md,
"Signals"), with the table of detectable changes by samples and prompts."""

import datetime
import json
import logging
import math
import random
import statistics
import sys
import threading
import time

import pytest
import webtest

import tracker
from conftest import LATE, START, Api, make_api, report_figure
from test_dashboard import sign_in


# The statistics -------------------------------------------------------------------------

def t_tail_by_integration(t, df, steps=20000):
    """The two-sided tail of Student's t, integrated numerically (Simpson): the reference."""
    density = (lambda x: math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2))
               / math.sqrt(df * math.pi) * (1 + x * x / df) ** (-(df + 1) / 2))
    upper, width = abs(t), (abs(t) + 60) / steps
    area = density(upper) + density(upper + steps * width)
    area += sum((4 if i % 2 else 2) * density(upper + i * width) for i in range(1, steps))
    return 2 * area * width / 3


def t_tail(t, df):
    """paired_p_value's tail: the regularised beta at df / (df + t^2)."""
    return tracker.regularized_beta(df / (df + t * t), df / 2, 0.5)


@pytest.mark.parametrize("t, df", [(0.0, 4), (1.0, 4), (2.776, 4), (2.0, 49), (4.5, 9),
                                   (12.0, 30)])
def test_the_t_tests_tail_is_students(t, df):
    assert t_tail(t, df) == pytest.approx(t_tail_by_integration(t, df), abs=2e-5)


@pytest.mark.parametrize("t", [0.3, 1.0, 6.0, 40.0])
def test_the_t_tests_tail_has_its_closed_forms_at_1_and_2_degrees_of_freedom(t):
    assert t_tail(t, 1) == pytest.approx(1 - 2 * math.atan(t) / math.pi, abs=1e-9)
    assert t_tail(t, 2) == pytest.approx(1 - t / math.sqrt(2 + t * t), abs=1e-9)


def test_a_paired_t_test_of_known_differences():
    # mean 0.2, sd sqrt(0.005), k 5: t = 0.2 / (0.07071 / sqrt 5) = 6.3246, df 4
    differences = [0.1, 0.2, 0.3, 0.2, 0.2]
    assert tracker.paired_p_value(differences) == pytest.approx(
        t_tail_by_integration(6.324555, 4), abs=1e-6)
    assert tracker.paired_p_value(differences) == pytest.approx(0.003198, abs=1e-6)
    assert tracker.paired_p_value([0.0] * 5) == 1.0  # nothing moved
    assert tracker.paired_p_value([0.25] * 5) == 0.0  # every prompt moved alike


def test_benjamini_hochberg_q_values():
    # the textbook case: p (sorted) x m / rank, then the running minimum from the top
    p = [0.01, 0.04, 0.03, 0.005, 0.5]
    assert tracker.benjamini_hochberg(p) == pytest.approx([0.025, 0.05, 0.05, 0.025, 0.5])
    assert tracker.benjamini_hochberg([]) == []


def test_a_figures_interval_takes_the_prompt_as_the_cluster():
    # two prompts always naming the brand, two never: 50 % with an interval far wider than
    # the 400 chats would give if they were independent
    parts = [(100, 100), (100, 100), (0, 100), (0, 100)]
    clustered = tracker.clustered_figure(parts, "visibility")
    wilson = tracker.wilson_interval(200, 400)
    assert clustered["value"] == 0.5 and clustered["n"] == 400
    assert clustered["upper"] - clustered["lower"] > 5 * (wilson[1] - wilson[0])
    # every prompt alike: the interval is Wilson's, never zero-wide
    alike = tracker.clustered_figure([(10, 20)] * 5, "visibility")
    assert (alike["lower"], alike["upper"]) == pytest.approx(tracker.wilson_interval(50, 100),
                                                             abs=1e-6)
    # a figure that is not a proportion with nothing varying has no interval
    assert tracker.clustered_figure([(4, 2)] * 5, "averagePosition") == {
        "value": 2.0, "lower": None, "upper": None, "n": 10}


# Simulated truth ------------------------------------------------------------------------
#
# The scan's statistics are driven with per-prompt, per-day counts drawn from a scripted
# truth (a MentionScript, as the scripted engine reads it): each of a prompt's samples on a
# day names a brand with the script's probability that day; a mention's position is 1 to 4
# and its sentiment score uniform in [-0.2, 0.8], neither ever changing.

DAY0 = datetime.date(2026, 1, 1)


def day(n):
    return (DAY0 + datetime.timedelta(days=n)).isoformat()


def truth(seed, prompts, brands, change=None):
    """A MentionScript: each brand's probability per prompt drawn from 0.05 to 0.6 (prompts
    differ, as real ones do), and change, (day number, brand, points), raising that brand's
    probability on every prompt by points from that day on."""
    rng = random.Random("truth %s" % seed)
    per_prompt = {"p%d" % prompt: {brand: round(rng.uniform(0.05, 0.6), 3) for brand in brands}
                  for prompt in range(prompts)}
    script = {"seed": seed, "prompts": per_prompt}
    if change is not None:
        when, brand, points = change
        script["changes"] = [{"day": day(when), "prompts": {
            text: {brand: min(1.0, p[brand] + points)} for text, p in per_prompt.items()}}]
    return tracker.MentionScript.parse(script)


def simulate(script, prompts, brands, engines, samples, days, seed):
    """{day number: {(prompt id, engine): (chats, {brand id: SIGNAL_SUMS' values})}}: the
    rollups of days of runs, one a day, each asking every engine samples times."""
    rng = random.Random("draws %s" % seed)
    history = {}
    for n in range(days):
        today = history[n] = {}
        for prompt in range(prompts):
            for engine in engines:
                sums = {}
                for brand_id, brand in enumerate(brands, 1):
                    p = script.probability(brand, "p%d" % prompt, day(n))
                    named = sum(rng.random() < p for _ in range(samples))
                    if named:
                        sums[brand_id] = (named, sum(rng.randint(1, 4) for _ in range(named)),
                                          sum(rng.uniform(-0.2, 0.8) for _ in range(named)), named)
                today[(prompt + 1, engine)] = (samples, sums)
    return history


def window_counts(history, scan_day, window):
    """The counts a scan on scan_day reads (see tracker.read_signal_counts)."""
    counts = {}
    for n in range(scan_day - 2 * window, scan_day):
        current = int(n >= scan_day - window)
        for (prompt_id, engine), (chats, sums) in history[n].items():
            total, brands = counts.setdefault((current, prompt_id, engine), [0, {}])
            counts[(current, prompt_id, engine)][0] = total + chats
            for brand_id, values in sums.items():
                old = brands.get(brand_id, (0, 0, 0.0, 0))
                brands[brand_id] = tuple(a + b for a, b in zip(old, values))
    return {key: (chats, brands) for key, (chats, brands) in counts.items()}


def scan(history, scan_day, prompts, brand_ids, fdr=0.1, window=7):
    """(tests made, signals) of a scan on scan_day; prompts in two topics."""
    topics = {prompt_id: (1 + prompt_id % 2, None) for prompt_id in range(1, prompts + 1)}
    return tracker.signal_tests(window_counts(history, scan_day, window), topics, brand_ids, fdr)


NULL_SEEDS, NULL_SCANS = 40, 15  # scans on days 14 to 28 of each seed's history


def null_scans(seeds=NULL_SEEDS):
    """(the least q-value of each scan, the tests each made) with nothing changing: 3
    brands, 2 engines, 50 prompts in 2 topics, 5 samples a day. A scan signals at FDR q
    when its least q-value is at most q."""
    least, tests = [], set()
    for seed in range(seeds):
        brands = ("Acme", "Globex", "Initech")
        history = simulate(truth(seed, 50, brands), 50, brands, ("one", "two"), 5,
                           14 + NULL_SCANS, seed)
        for scan_day in range(14, 14 + NULL_SCANS):
            tested, everything = scan(history, scan_day, 50, [1, 2, 3], fdr=1.0)
            tests.add(tested)
            least.append(min((test["qValue"] for test in everything), default=1.0))
    return least, tests


@pytest.fixture(scope="module")
def no_change():
    return null_scans()


@pytest.mark.parametrize("fdr", [0.1, 0.05])
def test_with_no_change_scans_fire_at_or_under_the_fdr(no_change, fdr):
    least, tests = no_change
    # at most 3 brands x 4 figures x (overall, 2 engines, 2 topics): a test needs 5 prompts
    # naming the brand in both windows (position, sentiment) and an effect
    assert max(tests) == 3 * 4 * 5 and min(tests) >= 50
    # Every test of a scan is of a null: any signal is a false one, so the false discovery
    # rate is the share of scans with one.
    fired = sum(q <= fdr for q in least)
    report_figure("signals: no change, FDR %g: %d of %d scans signalled (%.1f %%)"
                  % (fdr, fired, len(least), 100 * fired / len(least)))
    assert fired / len(least) <= fdr, (fired, len(least))


DETECTION_SEEDS = 15


def detection_days(points, samples, prompts, seeds=DETECTION_SEEDS, window=7, limit=14):
    """For each seed, the day after the change on which a scan first signals the brand's
    visibility going up (overall), or None if not within limit days: one engine, 3 brands,
    prompts in 2 topics, samples a day; the change is on day 2 x window."""
    found = []
    for seed in range(seeds):
        brands = ("Acme", "Globex", "Initech")
        change = 2 * window
        history = simulate(truth(seed, prompts, brands, (change, "Acme", points)), prompts,
                           brands, ("one",), samples, change + limit, seed)
        found.append(next((scan_day - change for scan_day in range(change + 1, change + limit + 1)
                           if any(signal["figure"] == "visibility" and signal["brandId"] == 1
                                  and signal["scope"]["kind"] == "overall" and signal["effect"] > 0
                                  for signal in scan(history, scan_day, prompts, [1, 2, 3])[1])),
                          None))
    return found


def test_a_15_point_change_with_5_samples_over_50_prompts_is_found_within_7_days():
    days = detection_days(0.15, 5, 50)
    assert None not in days and max(days) <= 7, days
    report_figure("signals: +15 points, 5 samples, 50 prompts: found on day %g (median), %d "
                  "(worst) of %d seeds" % (statistics.median(days), max(days), len(days)))


def test_the_scripted_truth_is_what_the_engine_draws():
    script = truth(1, 3, ("Acme",), (5, "Acme", 0.15))
    assert script.probability("Acme", "p0", day(4)) + 0.15 == pytest.approx(
        script.probability("Acme", "p0", day(5)))
    draws = [script.named("one", "p0", None, day(0), sample, "Acme") for sample in range(4000)]
    assert sum(draws) / 4000 == pytest.approx(script.probability("Acme", "p0", day(0)), abs=0.03)
    # the same engine, prompt, day and sample: the same draw; another sample: its own
    assert draws == [script.named("one", "p0", None, day(0), sample, "Acme")
                     for sample in range(4000)]


# The scripted engine ---------------------------------------------------------------------

def write_script(tmp_path, document):
    path = tmp_path / "script.json"
    path.write_text(json.dumps(document))
    return str(path)


def test_an_engine_spec_with_a_script_is_the_scripted_engine(tmp_path):
    path = write_script(tmp_path, {"seed": 3, "brands": {"Acme": 0.5}})
    engine, = tracker.configure_engines(["truth=simulated:sim-2@" + path], {})
    assert (type(engine), engine.name, engine.model, engine.kind) == (
        tracker.ScriptedEngine, "truth", "sim-2", "simulated")
    assert engine.script.probability("Acme", "any", "2026-01-01") == 0.5
    assert engine.script.probability("Globex", "any", "2026-01-01") == 0.0  # unscripted


@pytest.mark.parametrize("document, message", [
    ([], "must be an object of: brands, changes, prompts, seed"),
    ({"brand": {}}, "must be an object of: brands, changes, prompts, seed"),
    ({"brands": {"Acme": 1.5}}, ".brands must map brand names to probabilities from 0 to 1"),
    ({"brands": {"Acme": True}}, ".brands must map brand names to probabilities from 0 to 1"),
    ({"prompts": {"Best CRM?": 0.5}}, ".prompts['Best CRM?'] must map brand names"),
    ({"changes": {}}, ".changes must be an array"),
    ({"changes": [{"day": "2026-1-1"}]}, ".changes[0] must be an object with a day"),
    ({"changes": [{"day": "2026-01-02"}, {"day": "2026-01-02"}]},
     ".changes[1] must be an object with a day"),
])
def test_a_bad_script_is_refused_saying_where(tmp_path, document, message):
    path = write_script(tmp_path, document)
    with pytest.raises(tracker.ProvisioningError) as refused:
        tracker.configure_engines(["simulated@" + path], {})
    assert message in str(refused.value)


def test_a_missing_script_is_refused(tmp_path):
    with pytest.raises(tracker.ProvisioningError, match="cannot be read"):
        tracker.configure_engines(["simulated@" + str(tmp_path / "none.json")], {})


def test_the_plain_simulated_engine_answers_as_before():
    brands = [{"name": "Acme", "tracked_names": ["Acme CRM"], "domains": ["acme.com"]},
              {"name": "Globex", "tracked_names": [], "domains": []}]
    answer = tracker.SimulatedEngine().ask("Best CRM?", "Paris", brands)
    # the answer the engine gave before the scripted mode (same seed, same draws)
    assert answer.text.splitlines()[4:7] == [
        "1. **Globex**: strong on integrations and reporting.",
        "2. **Initech Pro**: often called clunky and hard to learn. See [initech.example]"
        "(https://initech.example/).",
        "3. **Acme CRM**: sold in three editions."]


# Through the worker and the API ----------------------------------------------------------

PROMPTS = ["Best CRM for a team of %d?" % n for n in range(2, 12)]


def scripted_app(db, tmp_path):
    """An app whose worker asks a scripted engine: Acme named 20 % of the time until
    2026-11-24, 80 % from then; Globex 50 % throughout."""
    path = write_script(tmp_path, {"seed": 7, "brands": {"Acme": 0.2, "Globex": 0.5},
                                   "changes": [{"day": "2026-11-24", "brands": {"Acme": 0.8}}]})
    return tracker.make_app(db, engines=tracker.configure_engines(["truth=simulated@" + path], {}))


def daily_runs(app, clock, days):
    """days of the worker's day: its runs, then its daily scan; the clock a day on each."""
    for _ in range(days):
        app.config["tracker.worker"].run_pending()
        clock.advance(86400)


def setup_workspace(app, db):
    """(api, Acme's id): samples 5, 2-day windows, Acme and Globex, 10 prompts."""
    api = make_api(webtest.TestApp(app), db)
    settings = api.patch("/workspace", {"samplesPerRun": 5, "signalsWindowDays": 2}).json
    assert settings["data"]["workspace"]["signalsWindowDays"] == 2
    acme = api.post("/brands", {"name": "Acme", "type": "own"}).json["data"]["id"]
    api.post("/brands", {"name": "Globex", "type": "competitor"})
    return api, acme


def acme_rising(signals, acme):
    return [s for s in signals if (s["figure"], s["brandId"], s["scope"]["kind"]) ==
            ("visibility", acme, "overall")]


def test_a_change_in_the_scripted_truth_becomes_one_signal_through_worker_and_api(db, clock,
                                                                                  tmp_path):
    app = scripted_app(db, tmp_path)
    api, acme = setup_workspace(app, db)
    hook = api.post("/webhooks", {"url": "https://hooks.example.com/x",
                                  "events": ["signal.detected"]}).json["data"]["id"]
    api.post("/prompts", {"prompts": [{"text": text} for text in PROMPTS]})
    daily_runs(app, clock, 5)  # 2026-11-21 to 11-25, the truth changing on 11-24
    scanned = tracker.query_all(db.connection(), "SELECT day FROM signal_scans")
    assert scanned == [{"day": "2026-11-25"}]  # the worker scans each day
    signals = api.get("/signals").json["data"]
    signal, = acme_rising(signals["data"], acme)
    # found on 11-25, the first day its current window (11-23 and 11-24) holds the change
    assert (signal["previousFrom"], signal["from"], signal["to"], signal["detectedAt"]) == (
        "2026-11-21T00:00:00.000Z", "2026-11-23T00:00:00.000Z", "2026-11-25T00:00:00.000Z",
        "2026-11-25T09:30:00.000Z")
    assert signal["before"]["n"] == signal["after"]["n"] == 100  # 10 prompts x 5 samples x 2 days
    assert signal["before"]["value"] < 0.3 and signal["after"]["value"] > 0.4
    for figure in (signal["before"], signal["after"]):
        assert figure["lower"] < figure["value"] < figure["upper"]
    assert signal["effect"] == pytest.approx(signal["after"]["value"] - signal["before"]["value"])
    assert signal["prompts"] == 10 and signal["pValue"] <= signal["qValue"] <= 0.1
    assert signal["scope"] == {"kind": "overall", "engine": None, "topicId": None, "location": None,
                               "marketId": None, "personaId": None}
    assert signal["lastSeenAt"] == signal["detectedAt"]
    # the event went out once per signal, the signal in it
    events = [json.loads(row["body"]) for row in tracker.query_all(
        db.connection(), "SELECT body FROM webhook_deliveries WHERE webhook_id = ?", (hook,))]
    assert {event["type"] for event in events} == {"signal.detected"}
    assert sorted(event["data"]["signal"]["id"] for event in events) == sorted(
        s["id"] for s in signals["data"])
    assert [event["data"]["signal"] for event in events
            if event["data"]["signal"]["id"] == signal["id"]] == [signal]
    # a day on, the same change is the same signal: seen again, not announced again
    scan = api.post("/signals/scan", {}, status=200).json["data"]
    assert (scan["from"], scan["to"], scan["fdr"]) == (
        "2026-11-24T00:00:00.000Z", "2026-11-26T00:00:00.000Z", 0.1)
    again, = acme_rising(scan["signals"], acme)
    assert (again["id"], again["lastSeenAt"]) == (signal["id"], "2026-11-26T09:30:00.000Z")
    assert api.get("/signals", figure="visibility", brandId=str(acme)).json["data"]["data"][0][
        "lastSeenAt"] == "2026-11-26T09:30:00.000Z"
    # only changes first passing today are new (Globex's share of voice falls as Acme rises)
    seen = {s["id"] for s in signals["data"]}
    assert scan["new"] == len([s for s in scan["signals"] if s["id"] not in seen])
    assert len(tracker.query_all(db.connection(), "SELECT id FROM webhook_deliveries")) \
        == len(events) + scan["new"]


def test_a_signal_names_what_else_changed_in_its_windows(db, clock, tmp_path):
    app = scripted_app(db, tmp_path)
    api, acme = setup_workspace(app, db)
    api.post("/prompts", {"prompts": [{"text": text} for text in PROMPTS]})
    daily_runs(app, clock, 3)
    api.patch("/workspace", {"samplesPerRun": 4})  # on 11-24, with the change
    daily_runs(app, clock, 2)
    signal, = acme_rising(api.get("/signals").json["data"]["data"], acme)
    annotations = api.get("/analytics/annotations", params={
        "from": signal["previousFrom"], "to": signal["to"]}).json["data"]["data"]
    assert signal["explanations"] == annotations
    assert [(a["kind"], a["createdAt"]) for a in annotations if a["kind"] == "samples.changed"] \
        == [("samples.changed", "2026-11-24T09:30:00.000Z"),
            ("samples.changed", "2026-11-21T09:30:00.000Z")]


def test_the_overview_lists_the_latest_signals(db, clock, tmp_path):
    app = scripted_app(db, tmp_path)
    api, acme = setup_workspace(app, db)
    api.post("/prompts", {"prompts": [{"text": text} for text in PROMPTS]})
    daily_runs(app, clock, 3)
    api.patch("/workspace", {"samplesPerRun": 4})
    daily_runs(app, clock, 2)
    signal, = acme_rising(api.get("/signals").json["data"]["data"], acme)
    sign_in(api.client, api.key)
    section = api.client.get("/").html.find("section", {"aria-labelledby": "signals-title"})
    items = [" ".join(item.get_text().split()) for item in section.find_all("li")]
    assert (len(items), api.get("/signals").json["data"]["total"]) == (5, 6)  # the latest 5
    before, after = signal["before"], signal["after"]
    figures = [tracker.percent(figure[name]) for figure in (before, after)
               for name in ("value", "lower", "upper")]
    assert [item for item in items if item.startswith("Acme, visibility overall")] == [
        "Acme, visibility overall: %s (%s to %s) → %s (%s to %s) (q = %.3g; the 2 days to "
        "2026-11-25 against the 2 before; found 2026-11-25) Also in those days: Samples per run "
        "changed from 5 to 4; %s; %s" % tuple(figures + [signal["qValue"]] + [
            e["description"] for e in signal["explanations"][1:3]])]


def test_a_scan_reads_each_prompts_rollup_rows_of_its_two_windows_only(db):
    statements = []

    def traced(cursor, sql, bindings):
        statements.append((sql, bindings))
        return True
    connection = db.connection()
    connection.exec_trace = traced
    tracker.read_signal_counts(connection, 1, ("2026-11-01", "2026-11-08", "2026-11-15"))
    connection.exec_trace = None
    plans = [" / ".join(row["detail"] for row in connection.execute("EXPLAIN QUERY PLAN " + sql,
                                                                     bindings))
             for sql, bindings in statements]
    assert [plan.split(" / ")[0] for plan in plans] == [
        "SEARCH %s USING PRIMARY KEY (workspace_id=? AND prompt_id=? AND day>? AND day<?)" % table
        for table in ("prompt_daily_chats", "prompt_daily_brands")]
    assert all("SEARCH prompts USING COVERING INDEX" in plan for plan in plans)


def test_signals_are_the_workspaces_own(db, clock, tmp_path):
    app = scripted_app(db, tmp_path)
    client = webtest.TestApp(app)
    api, other = make_api(client, db), make_api(client, db, name="Other")
    api.patch("/workspace", {"samplesPerRun": 5, "signalsWindowDays": 1})
    api.post("/brands", {"name": "Acme", "type": "own"})
    api.post("/prompts", {"prompts": [{"text": text} for text in PROMPTS]})
    clock.now = START + 2 * 86400  # 11-23, then 11-24: the truth changes between them
    app.config["tracker.worker"].run_pending()
    clock.advance(86400)
    app.config["tracker.worker"].run_pending()
    clock.advance(86400)
    assert api.post("/signals/scan", {}, status=200).json["data"]["new"] >= 1
    assert other.post("/signals/scan", {}, status=200).json["data"]["tested"] == 0
    assert other.get("/signals").json["data"]["total"] == 0


def scan_reason(api):
    scan = api.post("/signals/scan", {}, status=200).json["data"]
    return scan["tested"], scan["reason"]


def scripted_workspace(db, tmp_path, brands, prompts=5):
    """(app, api): a scripted engine naming brands ({name: probability}), 1-day windows, the
    brands active and prompts of PROMPTS."""
    path = write_script(tmp_path, {"seed": 3, "brands": brands})
    app = tracker.make_app(db, engines=tracker.configure_engines(["truth=simulated@" + path], {}))
    api = make_api(webtest.TestApp(app), db)
    api.patch("/workspace", {"samplesPerRun": 2, "signalsWindowDays": 1})
    for name in brands:
        api.post("/brands", {"name": name, "type": "own"})
    api.post("/prompts", {"prompts": [{"text": text} for text in PROMPTS[:prompts]]})
    return app, api


def test_a_scan_that_tests_nothing_says_there_are_no_prompts_or_no_active_brand(api):
    # issue 42: "tested": 0 said nothing of why
    assert scan_reason(api) == (0, "The workspace has no prompts: a scan compares prompts "
                                   "asked in both windows")
    api.post("/prompts", {"prompts": [{"text": "Best CRM?"}]})
    assert scan_reason(api) == (0, "The workspace has no active brand to test")
    brand = api.post("/brands", {"name": "Acme", "type": "own", "status": "hidden"}).json
    assert scan_reason(api) == (0, "The workspace has no active brand to test")
    api.patch("/brands/%d" % brand["data"]["id"], {"status": "active"})
    assert scan_reason(api)[1].startswith("Needs 5 prompts asked in both 7-day windows")


def test_a_scan_needs_5_prompts_asked_in_both_windows_and_says_how_many_so_far(db, clock,
                                                                             tmp_path):
    app, api = scripted_workspace(db, tmp_path, {"Acme": 0.5}, prompts=4)
    assert scan_reason(api) == (0, "Needs 5 prompts asked in both 1-day windows (from "
                                   "2026-11-19 and from 2026-11-20); 0 so far, with chats on 0 "
                                   "of their 2 days")
    daily_runs(app, clock, 1)  # 11-21: four prompts
    api.post("/prompts", {"prompts": [{"text": PROMPTS[4]}]})
    daily_runs(app, clock, 1)  # 11-22: the four and the fifth
    assert scan_reason(api) == (0, "Needs 5 prompts asked in both 1-day windows (from "
                                   "2026-11-21 and from 2026-11-22); 4 so far, with chats on 2 "
                                   "of their 2 days")
    daily_runs(app, clock, 1)  # 11-23: the five again, each asked in both windows
    tested, reason = scan_reason(api)
    assert tested > 0 and reason is None


def test_a_scan_says_when_no_active_brand_is_named(db, clock, tmp_path):
    app, api = scripted_workspace(db, tmp_path, {"Acme": 0.0})
    daily_runs(app, clock, 2)
    assert scan_reason(api) == (0, "No active brand is named in either window: every figure "
                                   "is 0 in both")


def test_a_scan_says_when_no_figure_differs_between_the_windows(db):
    # every prompt's rollups the same on both days (as the triggers write them from chats):
    # every test's effect is 0, and a test of no change is not made
    api = make_api(webtest.TestApp(tracker.make_app(db)), db)
    brand = api.post("/brands", {"name": "Acme", "type": "own"}).json["data"]["id"]
    api.post("/prompts", {"prompts": [{"text": text} for text in PROMPTS[:5]]})
    with db.write() as connection:
        for prompt in tracker.query_all(connection, "SELECT id FROM prompts WHERE "
                                        "workspace_id = ?", (api.workspace_id,)):
            for day in ("2026-11-19", "2026-11-20"):
                connection.execute("INSERT INTO prompt_daily_chats (workspace_id, prompt_id, day, "
                                   "engine, chats) VALUES (?, ?, ?, 'e', 4)",
                                   (api.workspace_id, prompt["id"], day))
                connection.execute("INSERT INTO prompt_daily_brands VALUES (?, ?, ?, 'e', ?, 2, 3, "
                                   "0, 1.0, 2, 0, 0, 0)",
                                   (api.workspace_id, prompt["id"], day, brand))
    api.patch("/workspace", {"signalsWindowDays": 1})
    assert scan_reason(api) == (0, "No active brand's figure differs between the two windows")


def test_a_scan_needs_the_write_scope_and_the_list_reads_its_filters(client, db):
    reader = make_api(client, db, scopes="read")
    reader.post("/signals/scan", {}, status=403)
    assert reader.get("/signals").json["data"] == {"total": 0, "page": 1, "perPage": 20,
                                                   "lastPage": 1, "data": []}
    reply = reader.get("/signals", figure="rank", status=422).json
    assert reply["errors"] == [{"field": "figure", "message": "must be one of: visibility, "
                                "shareOfVoice, averagePosition, sentiment"}]
    reader.get("/signals", brandid="1", status=422)


@pytest.mark.parametrize("body, field, message", [
    ({"signalsFdr": 0.0009}, "signalsFdr", "must be a number from 0.001 to 0.5"),
    ({"signalsFdr": 0.51}, "signalsFdr", "must be a number from 0.001 to 0.5"),
    ({"signalsFdr": "0.1"}, "signalsFdr", "must be a number from 0.001 to 0.5"),
    ({"signalsFdr": True}, "signalsFdr", "must be a number from 0.001 to 0.5"),
    ({"signalsWindowDays": 0}, "signalsWindowDays", "must be an integer from 1 to 30"),
    ({"signalsWindowDays": 31}, "signalsWindowDays", "must be an integer from 1 to 30"),
])
def test_signal_settings_outside_their_limits_are_a_422(api, body, field, message):
    assert api.patch("/workspace", body, status=422).json["errors"] == [
        {"field": field, "message": message}]


@pytest.mark.parametrize("body", [{"signalsFdr": 0.001}, {"signalsFdr": 0.5},
                                  {"signalsWindowDays": 1}, {"signalsWindowDays": 30}])
def test_signal_settings_at_their_limits_are_kept(api, body):
    workspace = api.patch("/workspace", body).json["data"]["workspace"]
    assert {name: workspace[name] for name in body} == body
    assert api.get("/workspace").json["data"]["workspace"] == workspace


def test_the_defaults_are_an_fdr_of_10_percent_over_7_day_windows(api):
    workspace = api.get("/workspace").json["data"]["workspace"]
    assert (workspace["signalsFdr"], workspace["signalsWindowDays"]) == (0.1, 7)


def test_signals_are_an_mcp_tool():
    app = tracker.make_app(tracker.Database(":memory:"))
    specs = {spec[0]: spec for spec in tracker.mcp_tool_specs(app)}
    name, description, schema, method, rule, _ = specs["list_signals"]
    assert (method, rule) == ("GET", "/api/v1/signals")
    assert set(schema["properties"]) == {"page", "perPage", "brandId", "figure", "marketId",
                                         "personaId"}


# The figures the manual quotes ----------------------------------------------------------

def budget_table(seeds=10):
    """Rows of (samples, prompts, the smallest change in points found within 7 days on
    every seed): the table "how to pick samples per run for a budget"."""
    rows = []
    for samples in (1, 3, 5, 10):
        for prompts in (20, 50, 100):
            found = next((points for points in (5, 10, 15, 20, 25, 30, 40)
                          if None not in detection_days(points / 100, samples, prompts, seeds,
                                                        limit=7)), None)
            rows.append((samples, prompts, found))
    return rows


def timed_scan(prompts=500, engines=3, brands=20, topics=10, window=7):
    """(seconds of one scan, its CPU seconds, tests made) of a workspace of that size with
    two windows of per-prompt rollups (written straight into them, as the triggers would
    from chats)."""
    db = tracker.Database(":memory:", clock=lambda: START)
    workspace = scale_workspace(db, prompts, engines, brands, topics, window)
    started, cpu = time.perf_counter(), time.process_time()
    scan = tracker.scan_signals(db, workspace)
    return time.perf_counter() - started, time.process_time() - cpu, scan["tested"]


def scale_workspace(db, prompts, engines, brands, topics, window, at=START):
    """A new workspace's id, of that size, with two windows of per-prompt rollups before at."""
    workspace = tracker.create_workspace(db, "Scale")["id"]
    rng = random.Random(1)
    now = tracker.iso_timestamp(at)
    with db.write() as connection:
        topic_ids = [connection.execute(
            "INSERT INTO topics (workspace_id, name, name_key, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?) RETURNING id", (workspace, "t%d" % n, "t%d" % n, now, now)
        ).fetchall()[0]["id"] for n in range(topics)]
        for n in range(brands):
            connection.execute("INSERT INTO brands (workspace_id, name, name_key, created_at, "
                               "updated_at) VALUES (?, ?, ?, ?, ?)",
                               (workspace, "b%d" % n, "b%d" % n, now, now))
        brand_ids = [row["id"] for row in connection.execute(
            "SELECT id FROM brands WHERE workspace_id = ?", (workspace,))]
        for n in range(prompts):
            prompt_id = connection.execute(
                "INSERT INTO prompts (workspace_id, text, topic_id, status, dedupe_key, "
                "created_at, updated_at) VALUES (?, ?, ?, 'active', ?, ?, ?) RETURNING id",
                (workspace, "p%d" % n, topic_ids[n % topics], "p%d" % n, now, now)
            ).fetchall()[0]["id"]
            for days_back in range(1, 2 * window + 1):
                day_text = tracker.utc_day(at - days_back * 86400)
                for engine in range(engines):
                    connection.execute("INSERT INTO prompt_daily_chats (workspace_id, prompt_id, "
                                       "day, engine, chats) VALUES (?, ?, ?, ?, 5)",
                                       (workspace, prompt_id, day_text, "e%d" % engine))
                    for brand_id in brand_ids:
                        named = sum(rng.random() < 0.3 for _ in range(5))
                        connection.execute(
                            "INSERT INTO prompt_daily_brands VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, "
                            "0, 0, 0)", (workspace, prompt_id, day_text, "e%d" % engine, brand_id,
                                         named, sum(rng.randint(1, 4) for _ in range(named)),
                                         sum(rng.uniform(-0.2, 0.8) for _ in range(named)), named))
    return workspace


if __name__ == "__main__":
    if "--scale" in sys.argv:
        seconds, cpu, tested = timed_scan()
        print("a scan of 500 prompts, 3 engines, 20 brands, 10 topics: %.1f s (%.1f s of CPU), "
              "%d tests" % (seconds, cpu, tested))
        sys.exit()
    least, tests = null_scans()
    for fdr in (0.1, 0.05):
        fired = sum(q <= fdr for q in least)
        print("no change, FDR %.2f: %d of %d scans signalled (%.1f %%), %s tests a scan"
              % (fdr, fired, len(least), 100 * fired / len(least), sorted(tests)))
    days = detection_days(0.15, 5, 50, seeds=40)
    print("15 points, 5 samples, 50 prompts: found on day median %s, worst %s (%d seeds)"
          % (statistics.median(days), max(days), len(days)))
    if "--budget" in sys.argv:
        for samples, prompts, points in budget_table():
            print("samples %2d  prompts %3d  calls/day %4d  smallest change found in 7 days: %s"
                  % (samples, prompts, samples * prompts, points))


# One scan of a workspace at a time, within the read budget (issue 37) ---------------------

def test_a_scan_past_the_read_budget_is_503_and_the_worker_s_daily_scan_still_runs(db, clock,
                                                                                    caplog):
    workspace = scale_workspace(db, 30, 2, 10, 5, 7, at=clock())
    app = tracker.make_app(db, runs="off", page_budget=0.001)
    api = Api(webtest.TestApp(app), tracker.create_key(db, workspace)["key"], workspace)
    reply = api.post("/signals/scan", {}, status=503)
    assert reply.json == {"success": False, "code": "TIME_BUDGET_EXCEEDED", "message":
        "The scan ran past its time budget of 0.001 s; the worker scans every workspace each "
        "day without one, and GET /signals lists what it found"}
    worker = app.config["tracker.worker"]
    steps = []  # the worker's thread, as in serve: no request's budget
    thread = threading.Thread(target=lambda: steps.append(worker.scan_due_signals()))
    with caplog.at_level(logging.ERROR, logger="tracker"):
        thread.start()
        thread.join(30)
    assert steps == [True]
    assert caplog.records == []  # the scan ran whole (a failed one is logged)
    assert db.connection().execute("SELECT day FROM signal_scans WHERE workspace_id = ?",
                                   (workspace,)).fetchall() == [{"day": tracker.utc_day(clock())}]


def test_a_second_scan_of_a_workspace_while_one_runs_is_409_and_the_worker_waits(db):
    first, second = (tracker.create_workspace(db, name)["id"] for name in ("A", "B"))
    waited = []
    with tracker.RUNNING_SCANS.one(db, first, wait=False):
        with pytest.raises(tracker.ApiError) as refused:
            tracker.scan_signals(db, first, wait=False)
        worker = threading.Thread(target=lambda: waited.append(tracker.scan_signals(db, first)))
        worker.start()
        worker.join(0.3)
        assert worker.is_alive()  # the worker's scan waits for the running one
        tracker.scan_signals(db, second, wait=False)  # another workspace's is not held
    worker.join(10)
    assert refused.value.status == 409 and refused.value.code == "SIGNAL_SCAN_IN_PROGRESS"
    assert waited[0]["tested"] == 0


def test_concurrent_scans_run_one_and_another_workspace_s_reads_stay_prompt(tmp_path,
                                                                          server_factory):
    path = tmp_path / "t.db"
    db = tracker.Database(str(path))
    scanned = scale_workspace(db, 80, 3, 20, 10, 7, at=time.time())
    with db.write() as connection:  # the worker's daily scan is done: only the API's run
        tracker.mark_scanned(connection, scanned, tracker.utc_day(time.time()))
    key = tracker.create_key(db, scanned, rate_limit=1000)["key"]
    other = tracker.create_key(db, tracker.create_workspace(db, "Other")["id"])["key"]
    db.close()
    server = server_factory(path, "--runs", "off")
    clients = 8
    start, replies = threading.Barrier(clients + 1), []

    def scan():
        start.wait()
        replies.append(server.request("POST", "/signals/scan", key, {}))
    threads = [threading.Thread(target=scan) for _ in range(clients)]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.monotonic()
    status, _, body = server.request("GET", "/workspace", other)
    read_seconds = time.monotonic() - began
    for thread in threads:
        thread.join(30)
    assert (status, body["data"]["workspace"]["name"]) == (200, "Other")
    assert sorted(status for status, _, _ in replies) == [200] + [409] * (clients - 1)
    for status, headers, body in replies:
        if status == 409:
            assert body == {"success": False, "code": "SIGNAL_SCAN_IN_PROGRESS",
                            "message": "A signal scan of this workspace is already running: "
                                       "its signals are listed by GET /signals once it ends",
                            "retryAfter": 5}
            assert headers["Retry-After"] == "5"
        else:
            assert body["data"]["tested"] > 0
    assert read_seconds < LATE
    report_figure("signal scans: %d at once of one workspace (80 prompts, 3 engines, 20 brands) "
                  "ran 1 and refused %d with 409; another workspace's GET /workspace took %.3f s"
                  % (clients, clients - 1, read_seconds))


def test_a_scan_past_the_budget_with_an_idempotency_key_frees_the_key(db, clock):
    workspace = scale_workspace(db, 30, 2, 10, 5, 7, at=clock())
    app = tracker.make_app(db, runs="off", page_budget=0.001)
    api = Api(webtest.TestApp(app), tracker.create_key(db, workspace)["key"], workspace)
    headers = {"Idempotency-Key": "scan"}
    assert api.post("/signals/scan", {}, status=503, headers=headers).json["code"] \
        == "TIME_BUDGET_EXCEEDED"
    assert api.post("/signals/scan", {}, status=503, headers=headers).json["code"] \
        == "TIME_BUDGET_EXCEEDED"  # ran again: the key was freed, not left held
