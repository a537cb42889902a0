"""The frozen executable, run as a user runs it: dist/tracker in an empty folder.

`./build binary` builds it once and skips the build while tracker.py, schema.sql, the manual
(packaging/docs), packaging/tracker.spec and pyproject.toml are unchanged
(dist/.tracker-source-hash).
"""

import os
import signal
import subprocess
import time
import urllib.request

import apsw
import pytest

import tracker
from conftest import REPO, ServerProcess, run_cli

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def binary():
    """The command that runs dist/tracker, built first when its sources changed."""
    done = subprocess.run([os.path.join(REPO, "build"), "binary"], cwd=REPO, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
    assert done.returncode == 0, done.stdout
    assert "WARNING" not in done.stdout  # PyInstaller's, on a build (none when up to date)
    return [os.path.join(REPO, "dist", "tracker")]


def test_binary_runs_none_of_pyinstallers_run_time_hooks(binary):
    """inspect's would list base_library.zip at every start (packaging/tracker.spec)."""
    from PyInstaller.archive.readers import CArchiveReader  # ./build binary installed it
    assert [name for name in CArchiveReader(binary[0]).toc if name.startswith("pyi_rth")] == []


@pytest.fixture
def user(tmp_path):
    """An empty working folder, and a TMPDIR and HOME of its own to check what is left."""
    folders = {name: tmp_path / name for name in ("work", "tmp", "home")}
    for folder in folders.values():
        folder.mkdir()
    folders["env"] = {"TMPDIR": str(folders["tmp"]), "HOME": str(folders["home"])}
    return folders


# The bound of issue 43 (issue 27's was 30 MB). Every byte is unpacked at each start, so size
# is start-up time too (that is measured by tests/perf/startup.py, not here: the machine is
# shared).
MAX_BINARY_BYTES = 25_000_000


def test_binary_is_at_most_25_mb(binary):
    size = os.path.getsize(binary[0])
    if size > MAX_BINARY_BYTES:
        from PyInstaller.archive.readers import CArchiveReader
        toc = CArchiveReader(binary[0]).toc
        largest = sorted(toc, key=lambda name: toc[name][2], reverse=True)[:15]
        pytest.fail("dist/tracker is %d bytes; the largest files in it: %s" % (
            size, ", ".join("%s %d" % (name, toc[name][2]) for name in largest)))


def test_binary_serves_a_new_database_in_an_empty_folder(binary, user):
    def cli(*args):
        return run_cli(None, *args, command=binary, cwd=user["work"], env=user["env"])

    server = ServerProcess(None, command=binary, cwd=user["work"], env=user["env"]).start()
    assert tracker.key_is_well_formed(server.key)
    status, _, reply = server.request("GET", "/workspace", server.key)
    assert status == 200 and reply["data"]["workspace"]["name"] == "Default"
    status, _, reply = server.request("GET", "/healthz", prefix="")
    assert (status, reply) == (200, {"success": True, "message": "Healthy", "data": {
        "status": "ok", "version": "1.0.1", "database": "ok",
        "schemaVersion": tracker.SCHEMA_VERSION, "worker": "running", "runs": "normal"}})
    assert sorted(os.listdir(user["work"])) == ["tracker.db", "tracker.db-shm", "tracker.db-wal"]

    code, workspace, _ = cli("workspace", "create", "Acme")
    assert code == 0 and workspace["name"] == "Acme"
    code, key, _ = cli("key", "create", str(workspace["id"]), "--scopes", "read")
    assert code == 0 and key["scopes"] == ["read"]
    status, _, reply = server.request("GET", "/workspace", key["key"])
    assert status == 200 and reply["data"]["workspace"]["name"] == "Acme"
    code, backup, _ = cli("backup", "backup.db")
    assert code == 0 and backup["backup"] == "backup.db"

    # What needs the files bundled beside their modules: the Public Suffix List, VADER's
    # lexicons. A brand praised by a chat the binary stores is positive; its sources are
    # counted by registrable domain and categorised.
    key = server.key
    assert server.request("POST", "/brands", key, {"name": "Northwind Suite"})[0] == 201
    # RE2's native parts, unpacked from their archive on first use (packaging/tracker.spec).
    status, _, reply = server.request("POST", "/brands", key, {"name": "Contoso", "nameRegex": "(a"})
    assert (status, reply["errors"]) == (422, [{"field": "nameRegex", "message":
                                                "is not a valid RE2 regular expression: missing ): (a"}])
    for n in range(8):
        server.request("POST", "/prompts", key, {"text": "best crm %d" % n})
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        chats = server.request("GET", "/analytics/chats?perPage=100", key)[2]["data"]["data"]
        if len(chats) == 8:
            break
        time.sleep(0.2)
    mentions = [m for chat in chats for m in chat["mentions"]]
    assert {m["sentiment"] for m in mentions} >= {"positive"}, mentions
    sources = [s for chat in chats for s in chat["sources"]]
    assert ("en.wikipedia.org", "wikipedia.org", "reference") in {
        (s["host"], s["domain"], s["category"]) for s in sources}

    # The manual, bundled (packaging/docs), served signed out.
    with urllib.request.urlopen(server.url + "/docs/engines", timeout=10) as page:
        assert page.status == 200 and "<h1>Runs and engines</h1>" in page.read().decode()

    assert server.stop(signal.SIGTERM) == 0
    assert "shutting down" in server.log() and "stopped" in server.log()
    assert "Traceback" not in server.log()
    for name in ("tracker.db", "backup.db"):
        connection = apsw.Connection(str(user["work"] / name))
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert connection.execute("SELECT name FROM workspaces ORDER BY id").fetchall() \
            == [("Default",), ("Acme",)]
        assert connection.execute("SELECT count(*) FROM api_keys").fetchall() == [(2,)]
    # The one-file build unpacks itself under TMPDIR and removes that again; nothing
    # is written to HOME (so ProtectHome= in the systemd unit is safe).
    assert os.listdir(user["tmp"]) == [] and os.listdir(user["home"]) == []


def test_binary_stops_cleanly_on_ctrl_c(binary, user):
    # A terminal's Ctrl-C reaches both processes of the one-file build: the bootloader,
    # which forwards it, and the app, which so gets it twice.
    server = ServerProcess(None, command=binary, cwd=user["work"], env=user["env"]).start()
    assert server.stop(signal.SIGINT, group=True) == 0
    assert "stopped" in server.log() and "Traceback" not in server.log()
    assert os.listdir(user["tmp"]) == []


def test_binary_prints_its_version_and_sqlite_version(binary, user):
    code, version, _ = run_cli(None, "version", command=binary, cwd=user["work"], env=user["env"])
    assert code == 0
    assert (version["tracker"], version["sqlite"]) == (tracker.__version__, apsw.sqlite_lib_version())
    flag = subprocess.run([*binary, "--version"], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, **user["env"]))
    assert flag.stdout == "tracker %s (SQLite %s)\n" % (tracker.__version__, apsw.sqlite_lib_version())
    assert os.listdir(user["work"]) == []  # --version touches no database


def test_binary_serves_mcp_to_the_sdk_client(binary, user):
    """The official SDK's client lists and calls the tools of the executable, which has no
    SDK in it."""
    import anyio
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    def cli(*args):
        return run_cli(None, *args, command=binary, cwd=user["work"], env=user["env"])
    assert cli("init")[0] == 0
    assert cli("workspace", "create", "Acme")[0] == 0
    code, key, _ = cli("key", "create", "1", "--scopes", "read")
    assert code == 0
    parameters = StdioServerParameters(command=binary[0], args=["mcp"], cwd=str(user["work"]),
                                       env=dict(os.environ, TRACKER_API_KEY=key["key"], **user["env"]))

    async def main():
        async with stdio_client(parameters) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                tools = (await session.list_tools()).tools
                prompts = await session.call_tool("list_prompts", {})
                return [tool.name for tool in tools], prompts
    names, prompts = anyio.run(main)
    assert "get_rankings" in names and len(names) == len(tracker.MCP_TOOLS)
    assert (prompts.is_error, prompts.structured_content["total"]) == (False, 0)
