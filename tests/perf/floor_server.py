"""The floor of tracker's stack: cheroot serving a plain WSGI callable, no framework.

Every request gets the same small JSON body. bench.py runs this beside ``tracker serve``
and drives both the same way, so tracker's figures can be read as a share of what the
HTTP server alone manages on this machine.

    python tests/perf/floor_server.py --port 0 --threads 10    # prints "listening on URL"
"""

import argparse
import signal
import sys

from cheroot import wsgi

# About the size of GET /workspace's answer.
BODY = (b'{"success":true,"data":{"workspace":{"id":1,"name":"Floor"},"organization":'
        b'{"id":1,"plan":"self-hosted","subscriptionStatus":"active"}},"message":"OK"}')
HEADERS = [("Content-Type", "application/json"), ("Content-Length", str(len(BODY)))]


def app(environ, start_response):
    if environ.get("CONTENT_LENGTH"):  # writes send a body: take it off the wire
        environ["wsgi.input"].read()
    start_response("200 OK", HEADERS)
    return [BODY]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--threads", type=int, default=10)
    args = parser.parse_args()
    server = wsgi.Server((args.host, args.port), app, numthreads=args.threads,
                         server_name="floor")
    server.prepare()
    host, port = server.bind_addr[:2]
    sys.stderr.write("floor listening on http://%s:%d\n" % (host, port))
    sys.stderr.flush()

    def stop(signum, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, stop)
    try:
        server.serve()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()


if __name__ == "__main__":
    main()
