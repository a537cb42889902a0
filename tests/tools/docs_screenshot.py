"""Render /api/v1/docs in headless Chromium and save a screenshot (a documented check).

    ./build check-docs [OUT.png]        # default: docs-screenshot.png

Starts `tracker serve --memory --port 0`, points Chromium at the page with the network
closed to everything but loopback, and fails unless a non-empty PNG comes out.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile


def main():
    out = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "docs-screenshot.png")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("chromium is not installed (Debian: apt-get install chromium)")
    server = subprocess.Popen([sys.executable, "-m", "tracker", "serve", "--memory", "--port", "0"],
                              stderr=subprocess.PIPE, text=True)
    try:
        for line in server.stderr:
            found = re.search(r"listening on (http://\S+)", line)
            if found:
                break
        else:
            sys.exit("the server did not start")
        with tempfile.TemporaryDirectory() as profile:
            subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                            "--disable-quic", "--no-first-run", "--disable-background-networking",
                            "--disable-component-update", "--disable-sync",
                            "--user-data-dir=" + profile, "--window-size=1280,2000",
                            "--screenshot=" + out, found.group(1) + "/api/v1/docs"],
                           check=True, capture_output=True, timeout=120)
    finally:
        server.terminate()
        server.wait(10)
    if not os.path.getsize(out):
        sys.exit("empty screenshot")
    print(out)


if __name__ == "__main__":
    main()
