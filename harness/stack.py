"""The production layout on this machine, started fresh for one run and always stopped:
several daphne processes (``--proxy-headers`` behind nginx with deploy/'s configuration,
rooms pinned to a process) and ``manage.py run_worker``, on PostgreSQL and Redis; or one
daphne process on a new SQLite file and the in-memory channel layer (``mode="default"``).
Used by the load benchmark (benchmarks/load), the fault benchmark and tests/deploy.

The processes run with ``harness.stack_settings`` (the project's settings plus a count of
database queries, written to ``metrics_dir``), from ``project_dir``: another checkout can
be measured with this one's harness."""

import contextlib
import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

from harness import ROOT
from harness.ports import HOST, free_port

REPO = ROOT
SECRET_KEY = "bench-load-fixed-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz"
PG_DB = "xuezhan_bench"
REDIS_URL = "redis://127.0.0.1:6379/7"
METRICS_ENV = "XUEZHAN_BENCH_METRICS_DIR"
STOP_GRACE = 5.0


def _die_with_parent() -> None:  # pragma: no cover - runs in the child
    """Linux: the child gets SIGTERM if the benchmark itself dies without cleaning up."""
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


class Stack:
    """The processes of one site, started fresh and always stopped."""

    def __init__(
        self,
        *,
        project_dir: Path,
        mode: str,
        processes: int,
        workdir: Path,
        offer_pause: float,
        proxy: bool = False,
        database_url: str | None = None,
        redis_url: str | None = None,
        worker: bool = True,
    ) -> None:
        self.project_dir = project_dir
        self.mode = mode
        self.count = processes
        self.proxy = proxy  # nginx in front, as deploy/ lays it out (rooms pinned)
        self.worker = worker
        self.database_url = database_url or f"postgres://postgres@127.0.0.1:5432/{PG_DB}"
        self.redis_url = redis_url or REDIS_URL
        self.argv: dict[str, list[str]] = {}
        self.web_urls: list[str] = []
        self.workdir = workdir
        self.metrics_dir = workdir / "metrics"
        self.metrics_dir.mkdir()
        self.processes: list[tuple[str, subprocess.Popen]] = []
        self.urls: list[str] = []
        extra = []
        if (project_dir / "harness" / "stack_settings.py").exists():
            settings_module = "harness.stack_settings"
        else:  # an older checkout: the same module, next to it
            pydir = workdir / "py"
            pydir.mkdir()
            shutil.copy(
                Path(__file__).with_name("stack_settings.py"),
                pydir / "xuezhan_bench_load_settings.py",
            )
            extra.append(str(pydir))
            settings_module = "xuezhan_bench_load_settings"
        env = {
            k: v
            for k, v in os.environ.items()
            if k
            not in (
                "DATABASE_URL",
                "REDIS_URL",
                "DJANGO_SETTINGS_MODULE",
                "PYTHONPATH",
                "SQLITE_PATH",
                METRICS_ENV,
            )
        }
        env.update(
            DEBUG="0",
            SECRET_KEY=SECRET_KEY,
            BOT_DELAY="0.05",
            OFFER_PAUSE=str(offer_pause),
            # Its sign-ups all come from 127.0.0.1, run after run (Redis remembers).
            SIGNUPS_PER_ADDRESS="1000/h",
            DJANGO_SETTINGS_MODULE=settings_module,
            PYTHONPATH=os.pathsep.join([str(project_dir), *extra]),
            PYTHONDONTWRITEBYTECODE="1",
            STATIC_ROOT=str(workdir / "static"),
        )
        if mode == "services":
            env.update(DATABASE_URL=self.database_url, REDIS_URL=self.redis_url)
        else:
            env["SQLITE_PATH"] = str(workdir / "site.sqlite3")
        self.env = env

    def manage(self, *args: str, timeout: float = 300) -> str:
        result = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=self.project_dir,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if result.returncode:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{result.stderr[-3000:]}")
        return result.stdout

    def python(self, code: str, *args: str, timeout: float = 300) -> str:
        result = subprocess.run(
            [sys.executable, "-c", code, *args],
            cwd=self.project_dir,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if result.returncode:
            raise RuntimeError(f"the set-up script failed:\n{result.stderr[-3000:]}")
        return result.stdout

    def fresh_services(self) -> None:
        import psycopg
        import redis

        admin, name = self._pg_admin()
        with psycopg.connect(admin, autocommit=True, connect_timeout=10) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            conn.execute(f"CREATE DATABASE {name}")
        client = redis.Redis.from_url(self.redis_url, socket_timeout=10)
        try:
            client.flushdb()
        finally:
            client.close()

    def drop_services(self) -> None:
        import psycopg

        admin, name = self._pg_admin()
        with (
            contextlib.suppress(Exception),
            psycopg.connect(admin, autocommit=True, connect_timeout=10) as conn,
        ):
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def _pg_admin(self) -> tuple[str, str]:
        """The server's maintenance database, and the name of the site's database."""
        parts = urlsplit(self.database_url)
        return parts._replace(path="/postgres").geturl(), parts.path.lstrip("/")

    def _spawn(self, role: str, argv: list[str]) -> subprocess.Popen:
        log = open(self.workdir / f"{role}.log", "ab")  # a respawned process adds to it
        env = dict(self.env, **{METRICS_ENV: str(self.metrics_dir)})
        try:
            # PR_SET_PDEATHSIG fires when the *thread* that started the child ends: a
            # process respawned from a timer thread (bench_faults) would be sent SIGTERM
            # (and drain away) at once. Those are stopped by stop() like the others.
            on_main = threading.current_thread() is threading.main_thread()
            process = subprocess.Popen(
                argv,
                cwd=self.project_dir,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=_die_with_parent if on_main else None,
            )
        finally:
            log.close()
        self.processes = [(r, p) for r, p in self.processes if r != role] + [(role, process)]
        self.argv[role] = argv
        return process

    def start(self) -> None:
        if self.mode == "services":
            self.fresh_services()
        self.manage("migrate", "--noinput", "-v0")
        behind_proxy = ["--proxy-headers"] if self.proxy else []
        for _ in range(self.count):
            port = free_port()
            self._spawn(
                f"daphne-{port}",
                [
                    sys.executable,
                    "-m",
                    "daphne",
                    *behind_proxy,
                    "-b",
                    HOST,
                    "-p",
                    str(port),
                    "xuezhan.asgi:application",
                ],
            )
            self.web_urls.append(f"http://{HOST}:{port}")
        if self.mode == "services" and self.worker:
            self._spawn("worker", [sys.executable, "manage.py", "run_worker"])
        for (role, process), url in zip(self.processes, self.web_urls, strict=False):
            self._wait_healthy(role, process, url)
        self.urls = list(self.web_urls)
        if self.proxy:
            self.urls = [self._start_proxy()]
        self._check_code()

    def _start_proxy(self) -> str:
        """nginx with deploy/'s configuration, in front of the web processes."""
        spec = importlib.util.spec_from_file_location(
            "xuezhan_deploy_prod", self.project_dir / "deploy" / "prod.py"
        )
        prod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(prod)
        port = free_port()
        run = self.workdir / "proxy"
        self.manage("collectstatic", "--noinput", "-v0")
        prod.render(
            run,
            listen=f"{HOST}:{port}",
            ports=[int(u.rsplit(":", 1)[1]) for u in self.web_urls],
            static_root=Path(self.env["STATIC_ROOT"]),
            environment={},
        )
        process = self._spawn(
            "proxy",
            ["/usr/sbin/nginx", "-c", str(run / "nginx.conf"), "-p", str(run), "-g", "daemon off;"],
        )
        url = f"http://{HOST}:{port}"
        self._wait_healthy("proxy", process, url)
        return url

    def kill(self, role: str) -> None:
        """SIGKILL one process: a crash, with no drain."""
        process = dict(self.processes)[role]
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        process.wait(10)

    def terminate(self, role: str) -> None:
        """SIGTERM one process (a web process drains) and wait for it to end."""
        process = dict(self.processes)[role]
        process.terminate()
        process.wait(60)

    def respawn(self, role: str) -> subprocess.Popen:
        """Start a stopped process again with the same command, as a supervisor would."""
        process = self._spawn(role, self.argv[role])
        if role.startswith("daphne-"):
            self._wait_healthy(role, process, "http://" + role.replace("daphne-", f"{HOST}:"))
        return process

    def _wait_healthy(self, role: str, process: subprocess.Popen, url: str) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if process.poll() is not None:
                break
            try:
                with urllib.request.urlopen(url + "/healthz", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"{role} did not start:\n{self.log_tail(role)}")

    def _check_code(self) -> None:
        """The server processes really run the code of ``project_dir``."""
        root = str(self.project_dir.resolve())
        deadline = time.monotonic() + 10
        while True:
            metrics = self.read_metrics(full=True)
            pids = {p.pid for role, p in self.processes if role != "proxy"}
            if pids <= set(metrics):
                break
            if time.monotonic() > deadline:
                raise RuntimeError(
                    "the server processes wrote no metrics: is "
                    f"{self.env['DJANGO_SETTINGS_MODULE']} the settings?"
                )
            time.sleep(0.2)
        for pid in pids:
            where = metrics[pid].get("settings_file") or ""
            if not str(Path(where).resolve()).startswith(root + os.sep):
                raise RuntimeError(f"process {pid} imported {where}, not the code in {root}")
        self.settings_file = metrics[next(iter(pids))]["settings_file"]

    def read_metrics(self, full: bool = False) -> dict:
        found = {}
        for path in self.metrics_dir.glob("*.json"):
            with contextlib.suppress(OSError, ValueError):
                data = json.loads(path.read_text())
                found[data["pid"]] = data if full else data["queries"]
        return found

    def log_tail(self, role: str, chars: int = 3000) -> str:
        with contextlib.suppress(OSError):
            return (self.workdir / f"{role}.log").read_text(errors="replace")[-chars:]
        return ""

    def log_problems(self) -> dict[str, dict[str, int]]:
        """The exceptions in each server log, by their last line (what the client cannot
        see)."""
        found = {}
        for role, _process in self.processes:
            lines = self.log_tail(role, chars=50_000_000).splitlines()
            exceptions: Counter = Counter()
            for at, line in enumerate(lines):
                if line.startswith("Traceback (most recent call last)"):
                    last = next((x for x in lines[at + 1 :] if x and not x[0].isspace()), "?")
                    exceptions[last[:200]] += 1
            found[role] = dict(exceptions.most_common(10))
        return found

    def stop(self) -> None:
        """SIGTERM to every process, SIGKILL to those still running 5 s later (a second
        Ctrl-C meanwhile is ignored: the cleanup is bounded, about 10 s at most)."""
        saved = {sig: signal.signal(sig, signal.SIG_IGN) for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            self._stop()
        finally:
            for sig, handler in saved.items():
                signal.signal(sig, handler)

    def _stop(self) -> None:
        for _role, process in self.processes:
            if process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    process.terminate()
        deadline = time.monotonic() + STOP_GRACE
        for _role, process in self.processes:
            try:
                process.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(timeout=5)
        if self.mode == "services":
            self.drop_services()
