"""Start the real site (daphne, ASGI, WebSockets) on a free port for browser tests and
benchmarks, on its own SQLite file and the in-memory channel layer."""

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def running_site(workdir: Path, bot_delay: float = 0.05):
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(SQLITE_PATH=str(workdir / "site.sqlite3"), DEBUG="1", BOT_DELAY=str(bot_delay))
    python = sys.executable
    subprocess.run([python, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env,
                   check=True)
    port = free_port()
    log = open(workdir / "daphne.log", "wb")
    server = subprocess.Popen(
        [python, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "xuezhan.asgi:application"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                with urllib.request.urlopen(url + "/healthz", timeout=1) as response:
                    if response.status == 200:
                        break
            except OSError:
                time.sleep(0.1)
        else:
            raise RuntimeError("the site did not start: " + (workdir / "daphne.log").read_text())
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()
