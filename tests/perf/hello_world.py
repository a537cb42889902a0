"""The binary's floor (issue 43): the same stack as tracker answering one route, nothing else.

bottle, cheroot and apsw imported, a database opened, GET /healthz (and GET /api/v1/workspace,
for startup.py's load) answered with a small JSON body. tests/perf/startup.py freezes it with
packaging/tracker.spec's own options (`-- --hello-world`) and starts it in turns with
dist/tracker:

    hello_world.py serve --db PATH --port N
"""

import sys

import apsw
import bottle
from cheroot import wsgi

app = bottle.Bottle()


@app.get("/healthz")
@app.get("/api/v1/workspace")
def answer():
    return {"status": "ok"}


def main():
    arguments = sys.argv[1:]
    connection = apsw.Connection(arguments[arguments.index("--db") + 1])
    connection.execute("SELECT count(*) FROM sqlite_master").fetchall()
    server = wsgi.Server(("127.0.0.1", int(arguments[arguments.index("--port") + 1])), app)
    server.safe_start()


if __name__ == "__main__":
    main()
