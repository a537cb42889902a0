"""tracker serve --demo (issue 42): a workspace with 30 days of history made by the scripted
engines, in its own file, whose charts move, whose stability varies and whose scan finds the
change the script makes 7 days before the demo is made."""

import re
import statistics

import webtest

import tracker
from conftest import ServerProcess, report_figure, run_cli
from test_dashboard import sign_in

# Making the demo is 1,440 chats through the worker: seconds on an idle machine, more on a
# loaded one (the start waits for it before it listens).
DEMO_START_SECONDS = 180


def test_serve_demo_makes_30_days_that_move_and_a_signal_in_its_own_file(tmp_path):
    server = ServerProcess(None, "--demo", cwd=tmp_path)
    try:
        server.start(timeout=DEMO_START_SECONDS)
        made = re.search(r"made the demo's 30 days of history in ([\d.]+) s", server.log())
        report_figure("serve --demo: its 30 days of history made in %s s" % made.group(1))
        assert {path.name.split("-wal")[0].split("-shm")[0] for path in tmp_path.iterdir()} \
            == {"tracker-demo.db"}
        assert "Created workspace 'Demo' and an API key (shown only this once)" in server.log()

        def get(path, **query):
            status, _, reply = server.request("GET", path + "?" + "&".join(
                "%s=%s" % item for item in query.items()), server.key)
            assert status == 200, reply
            return reply["data"]
        assert get("/workspace")["workspace"]["name"] == "Demo"
        assert [engine["label"] for engine in get("/engines")] == ["scripted-a",
                                                                         "scripted-b"]
        rankings = get("/analytics/rankings", interval="day")
        brands = {brand["name"]: brand for brand in rankings["brands"]}
        assert {name: brand["type"] for name, brand in brands.items()} == {
            "Tasko": "own", "Planwise": "competitor", "Boardly": "competitor",
            "Trackster": "competitor"}
        for brand in brands.values():  # 30 days of chats, 48 a day: 12 prompts x 2 engines x 2
            days = [day for day in brand["series"] if day["chats"]]
            assert [day["chats"] for day in days] == [48] * 30
            assert len({day["visibility"]["value"] for day in days}) > 5  # not flat
            figure = brand["visibility"]
            assert figure["lower"] < figure["value"] < figure["upper"]
        own = [day["visibility"]["value"] for day in brands["Tasko"]["series"] if day["chats"]]
        assert statistics.mean(own[-7:]) > statistics.mean(own[:14]) + 0.1  # 0.3, then 0.6
        labels = {group["label"] for group in get("/analytics/stability", perPage=100)["data"]}
        assert "stable" in labels and labels - {"stable"}
        assert get("/signals")["total"] > 0  # the worker's daily scans of the history
        status, _, reply = server.request("POST", "/signals/scan", server.key, {})
        assert status == 200 and reply["data"]["tested"] > 0 and reply["data"]["reason"] is None
        assert [signal["effect"] > 0 for signal in reply["data"]["signals"]
                if (signal["brandId"], signal["figure"], signal["scope"]["kind"]) ==
                (brands["Tasko"]["brandId"], "visibility", "overall")] == [True]
        assert server.stop() == 0
    finally:
        server.close()

    # a second --demo start serves the same file as it is: no new key, how to make one
    again = ServerProcess(None, "--demo", cwd=tmp_path).start()
    try:
        assert again.key is None and "making the demo" not in again.log()
        assert "    tracker --db tracker-demo.db key create 1 --name NAME    # workspace 'Demo'" \
            in again.log()
        assert again.request("GET", "/workspace", server.key)[0] == 200
        assert again.stop() == 0
    finally:
        again.close()

    # the dashboard's overview shows the demo's brands and its latest signals
    db = tracker.Database(str(tmp_path / "tracker-demo.db"))
    client = webtest.TestApp(tracker.make_app(db))
    sign_in(client, server.key)
    overview = client.get("/", status=200)
    assert "Tasko" in overview.text and "Trackster" in overview.text
    signals = overview.html.find("section", {"aria-labelledby": "signals-title"})
    assert signals.find_all("li")
    db.close()


def test_demo_refuses_real_engines_and_real_databases(tmp_path):
    code, _, error = run_cli(None, "serve", "--demo", str(tmp_path / "d.db"), "--engine",
                             "simulated", cwd=tmp_path)
    assert (code, error) == (1, "tracker: error: --demo serves its own database with its "
                                "scripted engines: it takes no --engine\n")
    real = tmp_path / "tracker.db"
    run_cli(real, "init")
    run_cli(real, "workspace", "create", "Acme")
    code, _, error = run_cli(None, "serve", "--demo", str(real), "--port", "0")
    assert (code, error.splitlines()[-1]) == (1, "tracker: error: %s is not a demo database (its "
                                                 "workspaces: Acme): --demo makes its own in a "
                                                 "new file" % real)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["tracker.db"]
