"""Install: the wheel that `python -m build` makes gives a working `tracker` command and the
pytest plugin in another project's fresh virtual environment.

The environment gets the wheel alone (--no-deps) and sees this project's .venv through a
.pth file for the dependencies. That is faithful for what the wheel itself carries (the
module, schema.sql and the manual as data files, the console script and the pytest11 entry
point, the dependency list that `pip check` holds against what is installed), which is what
can go wrong in packaging; the dependencies are the versions pip chose for the same ranges in
.venv. It spares installing the service's 41 dependencies at every run (23 s here, with
pip's cache warm). The build is isolated, as pip builds for a user: hatchling comes from
the package index (or pip's cache).
"""

import os
import re
import subprocess
import sys
import sysconfig
import tarfile
import textwrap

import apsw
import pytest

import tracker

REPO = os.path.dirname(os.path.abspath(tracker.__file__))

PLUGIN_TESTS = '''
import json
import urllib.request

import webtest


def test_an_in_process_double(tracker_app):
    workspace = tracker_app.workspace("Acme")
    reply = webtest.TestApp(tracker_app.app).get("/api/v1/workspace", headers=workspace.headers)
    assert reply.json["data"]["workspace"]["name"] == "Acme"


def test_a_live_double(tracker_api):
    request = urllib.request.Request(tracker_api.base_url + "/prompts", headers=dict(
        tracker_api.headers, **{"Content-Type": "application/json"}),
        data=json.dumps({"text": "Best CRM?"}).encode())
    with urllib.request.urlopen(request) as reply:
        assert json.load(reply)["data"]["created"] == 1
'''


def run(*args, cwd=None):
    """Run a command with no PYTHONPATH (nothing of this checkout leaks in); its stdout."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    result = subprocess.run(args, capture_output=True, text=True, cwd=cwd, env=env, timeout=300)
    assert result.returncode == 0, (args, result.stdout, result.stderr)
    return result.stdout


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The sdist and the wheel built from it, as `python -m build` makes them."""
    out = tmp_path_factory.mktemp("dist")
    run(sys.executable, "-m", "build", "--outdir", str(out), REPO)
    name = "prompt_tracker-" + tracker.__version__
    return out / (name + ".tar.gz"), out / (name + "-py3-none-any.whl")


def test_the_sdist_holds_what_the_wheel_is_built_from(built):
    sdist, _ = built
    with tarfile.open(sdist) as archive:
        names = sorted(name.split("/", 1)[1] for name in archive.getnames() if "/" in name)
    manual = sorted(tracker.MANUAL_FOLDER + "/" + name
                    for name in os.listdir(os.path.join(REPO, tracker.MANUAL_FOLDER)))
    assert names == [".gitignore", "PKG-INFO", "README.md", "packaging/CHANGELOG.md", *manual,
                     "packaging/surface_locations.json", "packaging/traffic_agents.json",
                     "pyproject.toml", "schema.sql", "tracker.py"]


def test_the_wheel_gives_the_command_and_the_pytest_plugin(built, tmp_path):
    _, wheel = built
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", str(venv))
    python = str(venv / "bin" / "python")
    site_packages = run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))")
    with open(os.path.join(site_packages.strip(), "project-venv.pth"), "w") as pth:
        pth.write(sysconfig.get_path("purelib") + "\n")
    run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps",
        str(wheel))
    assert run(sys.executable, "-m", "pip", "--python", python, "check") \
        == "No broken requirements found.\n"

    assert run(str(venv / "bin" / "tracker"), "--version") \
        == "tracker %s (SQLite %s)\n" % (tracker.__version__, apsw.sqlite_lib_version())
    assert run(python, "-c", "import tracker; print(tracker.__file__); "
                             "print(tracker.resource_path('schema.sql'))",
               cwd=tmp_path).splitlines() == [
        os.path.join(site_packages.strip(), "tracker.py"),
        str(venv / "share" / "tracker" / "schema.sql")]

    # The manual, installed as share/tracker/docs, served at /docs (signed out).
    assert run(python, "-c", "import tracker, webtest; app = tracker.make_app(':memory:', runs='off'); "
                             "print(webtest.TestApp(app).get('/docs/engines').status); "
                             "print(tracker.resource_path('packaging/docs/engines.md'))",
               cwd=tmp_path).splitlines() == [
        "200 OK", str(venv / "share" / "tracker" / "docs" / "engines.md")]

    project = tmp_path / "project"
    project.mkdir()
    (project / "test_with_tracker.py").write_text(textwrap.dedent(PLUGIN_TESTS))
    # WebTest's webob warns of the cgi module on Python 3.11, in any project
    output = run(python, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                 "-W", "ignore:'cgi' is deprecated:DeprecationWarning", cwd=project)
    assert re.fullmatch(r"2 passed in [0-9.]+s", output.splitlines()[-1])
