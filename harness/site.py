"""A local site: the real site (daphne: HTTP and WebSockets) in processes of its own, for
browser, restart and concurrency tests, benchmarks and tools. By default on its own SQLite
file and the in-memory channel layer; ``env`` can point it at PostgreSQL and Redis
instead (``postgres_database`` gives a test such a database of its own)."""

import os
import signal
import subprocess
import sys
import time
import urllib.request
import uuid
from contextlib import contextmanager
from pathlib import Path

from harness import ROOT
from harness.ports import free_port


class Site:
    """One site: its environment, database and any number of daphne processes."""

    def __init__(self, workdir: Path, **env: str) -> None:
        self.workdir = workdir
        self.key = uuid.uuid4().hex[:12]
        base = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
        # DEBUG off, as `make run` serves players.
        base.update(
            SQLITE_PATH=str(workdir / "site.sqlite3"),
            DEBUG="0",
            BOT_DELAY="0.05",
            OFFER_PAUSE="0.2",
            # The win moment's pause, short: tests that look at it set their own.
            WIN_PAUSE="0.3",
            # One key for every process of the site, and across restarts: the
            # players' sessions must stay valid, as in a real deployment.
            SECRET_KEY="test-site-" + workdir.name,
            # Every player of these tests signs up from 127.0.0.1, and a Redis
            # cache remembers the sign-ups of earlier runs for an hour.
            SIGNUPS_PER_ADDRESS="1000/h",
            # Static files collected with compressed copies, as `make run` does.
            STATIC_ROOT=str(workdir / "static"),
            STATIC_COLLECTED="1",
            # Its own channel groups and cache keys in a Redis that the sites of
            # other tests (beside it under pytest-xdist, or of an earlier run)
            # share: their rooms and players have the same numbers in databases
            # of their own.
            CHANNEL_LAYER_PREFIX=f"asgi-{self.key}",
            CACHE_KEY_PREFIX=f"xuezhan-{self.key}",
        )
        base.update(env)
        self.env = base
        self.processes: list[subprocess.Popen] = []

    def prepare(self) -> None:
        """The database and the static files, as `make run` sets them up."""
        self.manage("migrate", "--noinput", "-v0")
        self.manage("collectstatic", "--noinput", "-v0")

    def manage(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            check=True,
            capture_output=True,
            text=True,
        )

    def python(self, script: str, *args: str) -> str:
        """The last line ``script`` printed, run by Python in the site's environment."""
        done = subprocess.run(
            [sys.executable, "-c", script, *args],
            cwd=ROOT,
            env=self.env,
            check=True,
            capture_output=True,
            text=True,
        )
        return done.stdout.strip().splitlines()[-1]

    def start(self, port: int | None = None) -> str:
        """A new daphne process; returns its URL once it answers /healthz."""
        port = port or free_port()
        log = open(self.workdir / f"daphne-{port}.log", "wb")
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(port),
                "xuezhan.asgi:application",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        self.processes.append(process)
        url = f"http://127.0.0.1:{port}"
        for _ in range(150):
            try:
                with urllib.request.urlopen(url + "/healthz", timeout=1) as response:
                    if response.status == 200:
                        return url
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(
            "the site did not start:\n" + (self.workdir / f"daphne-{port}.log").read_text()
        )

    def kill(self, process: subprocess.Popen) -> None:
        """SIGKILL: no clean shutdown, as when a machine or a process dies."""
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)

    def stop_all(self) -> None:
        """SIGTERM, and SIGKILL for a process still waiting on open sockets after 5 s."""
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    self.kill(process)


@contextmanager
def running_site(workdir: Path, bot_delay: float = 0.05, **env: str):
    site = Site(workdir, BOT_DELAY=str(bot_delay), **env)
    site.prepare()
    try:
        yield site.start()
    finally:
        site.stop_all()


@contextmanager
def postgres_database(purpose: str):
    """A PostgreSQL database of its own (not pytest's test database) for a site started
    by a test, on the server the test database is on; dropped afterwards. Its URL."""
    import uuid

    import psycopg
    from django.conf import settings

    base = settings.DATABASES["default"]
    name = f"xuezhan_{purpose}_{uuid.uuid4().hex[:8]}"
    admin = dict(
        host=base["HOST"],
        port=base["PORT"] or 5432,
        user=base["USER"],
        dbname="postgres",
        autocommit=True,
    )
    with psycopg.connect(**admin) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgres://{base['USER']}@{base['HOST']}:{base['PORT'] or 5432}/{name}"
    finally:
        with psycopg.connect(**admin) as conn:
            conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
