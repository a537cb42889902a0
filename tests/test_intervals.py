"""Honest intervals: every figure's 95 % interval widened for the clustering of chats by
prompt and run (a design effect from correlations the worker caches), shown to cover the
true value at its stated rate on simulated prompts, and served by the API and exports.

The workspace below: brands Acme and Beta; prompts P1 to P4, each asked once a day on
engines alpha and bravo on 2026-11-19 and 2026-11-20 (16 chats). Acme is named in every
chat of P1 (first) and P3 (second) and in none of P2 and P4; Beta in every chat, after Acme
where both are. P1 and P3 cite g2.com, the others nothing.
"""

import csv
import io
import math
import random

import pytest

import tracker
from test_analytics import add_chat

WINDOW = {"from": "2026-11-19", "to": "2026-11-21"}
DAYS = ("2026-11-19", "2026-11-20")
ENGINES = ("alpha", "bravo")


def wilson(p, n, z):
    """Wilson's interval, written out again: the reference the API's is checked against."""
    centre, spread = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n)


@pytest.fixture
def workspace(api, db):
    acme = api.post("/brands", {"name": "Acme", "type": "own", "domains": ["acme.com"]}).json["data"]["id"]
    beta = api.post("/brands", {"name": "Beta", "domains": ["beta.io"]}).json["data"]["id"]
    prompts = api.post("/prompts", {"prompts": [{"text": "P%d" % n} for n in range(1, 5)]}
                       ).json["data"]["prompts"]
    for number, prompt in enumerate(prompts, 1):
        named = [(acme, 1, 0), (beta, 2, 0)] if number == 1 else [(beta, 1, 0), (acme, 2, 0)] \
            if number == 3 else [(beta, 1, 0)]
        for day in DAYS:
            for engine in ENGINES:
                add_chat(db, api.workspace_id, prompt, engine, day + "T10:00:00.000Z", named,
                         ["https://g2.com/a"] if number in (1, 3) else [])
    return {"acme": acme, "beta": beta, "prompts": prompts}


def rankings(api, **params):
    document = api.get("/analytics/rankings", params=dict(WINDOW, **params)).json["data"]
    return {row["name"]: row for row in document["brands"]}


def interval(figure):
    return figure["lower"], figure["upper"], figure["interval"]


def test_t_quantile_at_its_edges():
    assert tracker.t_quantile(1) == pytest.approx(12.7062, abs=1e-3)
    assert tracker.t_quantile(2) == pytest.approx(4.3027, abs=1e-3)
    assert tracker.t_quantile(3) == pytest.approx(3.1824, abs=0.005)
    assert tracker.t_quantile(30) == pytest.approx(2.0423, abs=1e-3)
    assert tracker.t_quantile(10 ** 6) == pytest.approx(tracker.WILSON_Z, abs=1e-4)


def test_before_an_estimate_each_prompt_counts_once(api, workspace):
    acme = rankings(api)["Acme"]
    # No correlation cached: rho = 1, so 16 chats of 4 prompts weigh as 4 * (4 - 1) / 4 = 3
    # (the k / (k - 1) correction), with t of 3 degrees of freedom.
    lower, upper = wilson(0.5, 3, tracker.t_quantile(3))
    assert interval(acme["visibility"]) == (pytest.approx(lower), pytest.approx(upper), None)
    # A mean has no spread to go on until the first estimate.
    assert interval(acme["averagePosition"]) == (None, None, "no spread measured yet")


def test_the_worker_estimates_the_correlations_and_the_api_uses_them(api, db, workspace):
    assert tracker.refresh_correlations(db) is True
    assert tracker.refresh_correlations(db) is False  # nothing due until the chats change
    connection = db.connection()
    assert tracker.query_one(connection, "SELECT chats, estimated_at FROM correlation_estimates") == {
        "chats": 16, "estimated_at": "2026-11-21T09:30:00.000Z"}
    cached = tracker.cached_correlations(connection, api.workspace_id)
    acme = cached[workspace["acme"]]
    # Acme is named in every chat of two prompts and in none of the others: two chats of
    # one prompt always agree (rho 1); a run has one chat, so the run's rho is the prompt's.
    assert acme["visibility"] == tracker.Correlation(run=1.0, prompt=1.0, variance=0.25 * 16 / 15,
                                                     per_run=1.0, coverage=1.0, unequal=1.0)
    # Its position: 1 in P1, 2 in P3, named by half the prompts (coverage).
    assert acme["averagePosition"] == tracker.Correlation(
        run=1.0, prompt=1.0, variance=pytest.approx(0.25 * 8 / 7), per_run=1.0, coverage=0.5,
        unequal=1.0)
    assert "visibility" not in cached[workspace["beta"]]  # named in every chat: no spread
    assert cached[0]["citationShare"].prompt == 1.0  # g2.com: every chat of P1 and P3

    figures = rankings(api)
    lower, upper = wilson(0.5, 3, tracker.t_quantile(3))
    assert figures["Acme"]["visibility"] == {"value": 0.5, "numerator": 8, "denominator": 16,
                                             "lower": pytest.approx(lower),
                                             "upper": pytest.approx(upper), "interval": None}
    # 8 positions of 2 prompts: deff = 1 + (4 - 1) * 1 = 4, n_eff = 8 / 4 * (2 - 1) / 2 = 1,
    # on the log of the average's excess over 1 (0.5), t with 2 / 1 ** 2 - 1 = 1 degree of
    # freedom: two prompts say next to nothing of the prompts one could ask. Its upper end,
    # 1 + 0.5 * exp(13.6), some 400,000, stops at 2: with two brands none is named later.
    spread = tracker.t_quantile(1) * math.sqrt(0.25 * 8 / 7 / 1) / 0.5
    assert 1 + 0.5 * math.exp(spread) > 390000
    assert figures["Acme"]["averagePosition"] == {
        "value": 1.5, "numerator": 12, "denominator": 8,
        "lower": pytest.approx(1 + 0.5 * math.exp(-spread)), "upper": 2.0, "interval": None}
    # Beta is in every chat: its visibility is 1, and its interval is still not of zero width.
    beta = figures["Beta"]["visibility"]
    assert beta["value"] == 1.0 and beta["lower"] == pytest.approx(3 / (3 + tracker.t_quantile(3) ** 2))
    assert beta["upper"] == 1.0
    assert figures["Acme"]["sentiment"]["interval"] == "nothing to measure"  # none scored

    sources = api.get("/analytics/sources", params=WINDOW).json["data"]["data"]
    assert [(row["domain"], interval(row["chatShare"])) for row in sources] == [
        ("g2.com", (pytest.approx(lower), pytest.approx(upper), None))]
    categories = api.get("/analytics/sources", params=dict(WINDOW, groupBy="category")).json["data"]
    assert interval(categories["data"][0]["chatShare"]) == (pytest.approx(lower), pytest.approx(upper), None)


def test_one_prompt_gives_no_interval_and_says_why(api, db, workspace):
    tracker.refresh_correlations(db)
    only = {"promptId": str(workspace["prompts"][0]["id"])}
    acme = rankings(api, **only)["Acme"]
    for name in ("visibility", "averagePosition", "shareOfVoice"):
        assert interval(acme[name]) == (None, None, "fewer than 2 prompts"), name
    assert acme["visibility"]["value"] == 1.0  # the figure itself is still given
    (g2,) = api.get("/analytics/sources", params=dict(WINDOW, **only)).json["data"]["data"]
    assert interval(g2["chatShare"]) == (None, None, "fewer than 2 prompts")
    series = rankings(api, interval="day", **only)["Acme"]["series"]
    assert [interval(bucket["visibility"]) for bucket in series] == [
        (None, None, "fewer than 2 prompts")] * 2
    # Two prompts of the topic-less workspace, and one engine: intervals again.
    assert rankings(api, engine="alpha")["Acme"]["visibility"]["interval"] is None


def test_series_and_the_previous_window_carry_intervals(api, db, workspace):
    tracker.refresh_correlations(db)
    acme = rankings(api, interval="day", compare="previous")["Acme"]
    # A day: 8 chats of 4 prompts, deff = 1 + (2 - 1) * 1 = 2, n_eff = 8 / 2 * 3 / 4 = 3.
    lower, upper = wilson(0.5, 3, tracker.t_quantile(3))
    assert [interval(bucket["visibility"]) for bucket in acme["series"]] == [
        (pytest.approx(lower), pytest.approx(upper), None)] * 2
    assert interval(acme["previous"]["visibility"]) == (None, None, "nothing to measure")


def test_the_estimate_is_made_again_after_new_chats(api, db, clock, workspace):
    tracker.refresh_correlations(db)
    connection = db.connection()
    before = tracker.cached_correlations(connection, api.workspace_id)[workspace["acme"]]["visibility"]
    # A third day on which Acme is named in every prompt's chats: prompts agree less.
    for prompt in workspace["prompts"]:
        for engine in ENGINES:
            add_chat(db, api.workspace_id, prompt, engine, "2026-11-21T08:00:00.000Z",
                     [(workspace["acme"], 1, 0)])
    assert tracker.refresh_correlations(db) is True
    after = tracker.cached_correlations(connection, api.workspace_id)[workspace["acme"]]["visibility"]
    # 16 of 24 chats: P1 and P3 6 each, P2 and P4 2 each; per prompt the sum less its
    # share of the mean is +-2, so the pairs of a prompt give (4 * 4 - 24 * 2 / 9) over
    # 4 * 6 * 5 pairs times the variance 2 / 9: 0.4.
    assert (before.prompt, after.prompt) == (1.0, pytest.approx(0.4))
    assert tracker.query_one(connection, "SELECT chats FROM correlation_estimates")["chats"] == 24
    clock.advance(tracker.CORRELATION_MAX_AGE - 1)
    assert tracker.refresh_correlations(db) is False
    clock.advance(2)  # a day old: made again
    assert tracker.refresh_correlations(db) is True


def test_a_tenth_more_chats_makes_the_estimate_due(api, db, workspace):
    tracker.refresh_correlations(db)  # over 16 chats
    prompt = workspace["prompts"][1]
    add_chat(db, api.workspace_id, prompt, "alpha", "2026-11-21T08:00:00.000Z")
    assert tracker.refresh_correlations(db) is False  # 17: 6 % more
    add_chat(db, api.workspace_id, prompt, "bravo", "2026-11-21T08:00:00.000Z")
    assert tracker.refresh_correlations(db) is True  # 18: 12.5 % more


def test_the_worker_step_refreshes_the_estimate(api, db, workspace):
    with db.write() as connection:  # no run due: the step has nothing else to do
        connection.execute("UPDATE prompts SET status = 'paused'")
    tracker.Worker(db).run_pending()
    assert tracker.query_one(db.connection(), "SELECT chats FROM correlation_estimates") == {"chats": 16}


def test_exports_carry_the_intervals(api, db, workspace):
    tracker.refresh_correlations(db)
    reply = api.get("/analytics/rankings", params=dict(WINDOW, format="csv"))
    rows = {row["name"]: row for row in csv.DictReader(io.StringIO(reply.body.decode()))}
    for name in ("visibility", "shareOfVoice", "averagePosition", "sentiment"):
        assert {name + ".lower", name + ".upper", name + ".interval"} <= set(rows["Acme"]), name
    lower, _ = wilson(0.5, 3, tracker.t_quantile(3))
    assert float(rows["Acme"]["visibility.lower"]) == pytest.approx(lower)
    assert (rows["Acme"]["sentiment.lower"], rows["Acme"]["sentiment.interval"]) == (
        "", "nothing to measure")
    reply = api.get("/analytics/sources", params=dict(WINDOW, format="ndjson"))
    (g2,) = [tracker.json.loads(line) for line in reply.body.decode().splitlines()]
    assert set(g2["chatShare"]) == {"value", "numerator", "denominator", "lower", "upper", "interval"}
    reply = api.get("/analytics/sources", params=dict(WINDOW, format="csv", groupBy="category"))
    assert "chatShare.upper" in next(csv.DictReader(io.StringIO(reply.body.decode())))


def test_the_upgrade_and_a_deleted_workspace_keep_the_cache_tidy(api, db, workspace):
    tracker.refresh_correlations(db)
    with db.write() as connection:
        connection.execute("DELETE FROM workspaces WHERE id = ?", (api.workspace_id,))
    assert tracker.query_one(db.connection(), "SELECT count(*) AS n FROM figure_correlations") == {"n": 0}


# Simulated truth ----------------------------------------------------------------------------
#
# 50 prompts, each with its own chance of naming the brand (drawn from a Beta of mean 0.3
# and concentration 4) and its own chance r of each of four others being named before it
# (so its position is 1 + Binomial(4, r), r from a Beta of mean 0.3): the true visibility
# is 0.3, the true average position 2.2, over the population of prompts. Seven days of one
# run a day, each run of 1 or 5 samples.

TRUE_VISIBILITY, TRUE_POSITION = 0.3, 2.2


def simulated_window(rng, prompts=50, days=7, samples=1, concentration=4.0):
    """The per-run cells (prompt, units, sum) of visibility and of position, the squares
    of the positions, and the sums the figures are made of."""
    visibility, position, squares, mentioned, positions = [], [], 0, 0, 0
    for prompt in range(prompts):
        p = rng.betavariate(TRUE_VISIBILITY * concentration, (1 - TRUE_VISIBILITY) * concentration)
        r = rng.betavariate(0.3 * concentration, 0.7 * concentration)
        for _ in range(days):
            named = [1 + sum(rng.random() < r for _ in range(4))
                     for _ in range(samples) if rng.random() < p]
            visibility.append((prompt, samples, len(named)))
            position.append((prompt, len(named), sum(named)))
            squares += sum(x * x for x in named)
            mentioned, positions = mentioned + len(named), positions + sum(named)
    return visibility, position, squares, mentioned, positions


def covers(figure, truth):
    """Whether the interval holds truth; no interval (too few prompts with a unit) is a miss."""
    return figure[0] is not None and figure[0] <= truth <= figure[1]


def coverage_rates(samples, days=7, replications=400, seed=30, prompts=50):
    """{interval: share of the replications whose interval holds the true value}."""
    rng = random.Random(seed + samples)
    hits = dict.fromkeys(("visibility", "naive visibility", "position", "naive position"), 0)
    for _ in range(replications):
        visibility, position, squares, mentioned, positions = simulated_window(
            rng, prompts, days, samples)
        chats = prompts * days * samples
        honest = tracker.Interval(prompts, tracker.clustered_correlation(visibility)).share(
            mentioned, chats)
        hits["visibility"] += covers(honest, TRUE_VISIBILITY)
        hits["naive visibility"] += covers(tracker.wilson_interval(mentioned, chats), TRUE_VISIBILITY)
        honest = tracker.Interval(prompts, tracker.clustered_correlation(
            position, squares, prompts), largest=5).position(positions, mentioned)  # 5 brands
        hits["position"] += covers(honest, TRUE_POSITION)
        if mentioned > 1:  # a handful of prompts may name the brand once or never
            mean = positions / mentioned
            spread = tracker.WILSON_Z * math.sqrt((squares - mean * positions) / (mentioned - 1)
                                                  / mentioned)
            hits["naive position"] += covers((mean - spread, mean + spread), TRUE_POSITION)
    return {name: count / replications for name, count in hits.items()}


def test_an_average_positions_upper_end_stops_at_the_largest_position():
    """The review's case: a handful of prompts made "1.59 (1.01 to 67.04)"."""
    correlation = tracker.Correlation(variance=1.0)
    assert tracker.Interval(2, correlation).position(6, 4)[1] > 1e9  # 1.5 of 4 mentions
    lower, upper, why = tracker.Interval(2, correlation, largest=5).position(6, 4)
    assert (upper, why) == (5, None) and 1 < lower < 1.5
    # an average past the limit (brands deleted since) stays inside its interval
    assert tracker.Interval(2, correlation, largest=1).position(6, 4)[1] == 1.5
    assert tracker.Interval(2, correlation, largest=5).position(4, 4)[:2] == (1.0, 5)


@pytest.mark.parametrize("samples", [1, 5])
def test_intervals_cover_the_true_value_at_their_stated_rate(samples):
    rates = coverage_rates(samples)
    assert abs(rates["visibility"] - 0.95) <= 0.035, rates
    assert abs(rates["position"] - 0.95) <= 0.035, rates
    # The interval that takes every chat for independent misses the truth far more often.
    assert rates["naive visibility"] < 0.85 and rates["naive position"] < 0.85, rates


if __name__ == "__main__":  # the manual's table (analytics.md): python tests/test_intervals.py
    print("days samples " + " ".join("%17s" % name for name in coverage_rates(1)))
    for days, samples in ((7, 1), (7, 5), (28, 1), (28, 5)):
        rates = coverage_rates(samples, days, replications=2000, seed=1000)
        print("%4d %7d " % (days, samples) + " ".join("%17.3f" % rate for rate in rates.values()))
    for prompts in (3, 5, 10):  # few prompts: the position's upper end stops at 5
        rates = coverage_rates(1, 7, replications=2000, seed=1000, prompts=prompts)
        print("%2d prompts, 7 days, 1 sample: " % prompts
              + " ".join("%17.3f" % rate for rate in rates.values()))
