"""Load benchmark: many tables of four simulated people playing over HTTP and WebSockets.

    .venv/bin/python -m benchmarks.bench_load --tables 1,5,10,25,50 \\
        [--mode default|services] [--processes 1|2] [--seconds 20] [--think 0.2] \\
        [--seed 1] [--offer-pause 1.0] [--idle] [--json out.json] [--project-dir DIR]

For each table count, a fresh site: daphne run from the project directory with
``DEBUG=0`` and settings that count database queries (``benchmarks/load_settings.py``).
``default`` mode: a new SQLite file and the in-memory channel layer, one process.
``services`` mode: a fresh PostgreSQL database ``xuezhan_bench`` and Redis db 7, one or
two daphne processes (people spread over them as a load balancer would) and one
``manage.py run_worker``.

The people's accounts and logged-in sessions are written straight into the database
(one precomputed password hash; the real sign-up is checked once over HTTP). Each person
then acts like a browser: the owner creates the room with the form's defaults, the others
sit, everyone opens the table's WebSocket and presses ready, and plays from the HTML the
server sends, relying only on this contract: ``data-version="N"`` (the largest N of a
message is the table's version; sites with ``games.table.version_token`` send it as an
opaque token, which the benchmark reads with the secret it gave the site),
``<form ws-send>`` elements (hidden inputs plus one
command per named submit button) whose ``version`` must equal the current version,
``id="table-error"`` with text for a refusal, and an element of class ``settlement`` at
the end of a round. Then each person loads the table page once (as people reload it
between rounds) and presses ready again: over the socket where the page's ready form is
a ws-send form, as a browser with the page open does, else as a POST and a page load.

``--idle`` seats everyone and opens the sockets but starts no round: run it at two table
counts and divide the difference in server CPU and RSS by the difference in sockets for
what one idle socket costs.

Measured over a window of ``--seconds`` once every table has started: moves per second
(version increments, counted once per table), click-to-own-update and
click-to-the-other-three latency, errors (refusals, HTTP 5xx, WebSocket failures,
timeouts), CPU and RSS of every server process and of the load generator, server CPU and
database queries per move, and bytes per table update.
"""

import argparse
import asyncio
import bisect
import contextlib
import html as htmllib
import importlib.util
import json
import math
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import aiohttp
import psutil
from yarl import URL

from games.table import version_token

REPO = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
SECRET_KEY = "bench-load-fixed-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz"
PG_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
PG_DB = "xuezhan_bench"
REDIS_URL = "redis://127.0.0.1:6379/7"
METRICS_ENV = "XUEZHAN_BENCH_METRICS_DIR"
PASSWORD = "load-bench-pass-phrase-9"

CLICK_TIMEOUT = 10.0  # no update this long after a click: a timeout
HELD_CLICK_TIMEOUT = 50.0  # … after the site said it holds the click (database away)
WARMUP_SECONDS = 10.0
DRAIN_SECONDS = 3.0  # after the window, for the other three's updates to arrive
HTTP_TIMEOUT = 30.0
WS_CONNECT_TIMEOUT = 15.0
WS_RECONNECTS = 20  # a page keeps trying (htmx's ws extension never stops)
STOP_GRACE = 5.0

# --- markup: regexes, no HTML parser on the hot path -------------------------------------

ATTR_RE = re.compile(r"""([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?""")
FORM_RE = re.compile(r"<form\b([^>]*)>(.*?)</form\s*>", re.S | re.I)
FIELD_RE = re.compile(r"<(input|select|textarea|button)\b([^>]*)>", re.I)
OPTION_RE = re.compile(r"<option\b([^>]*)>([^<]*)", re.I)
VERSION_RE = re.compile(r"""\bdata-version\s*=\s*["']?(\d+)""")
TABLE_ERROR_RE = re.compile(
    r"""<(?P<tag>[a-zA-Z][\w-]*)\b[^>]*\bid\s*=\s*["']table-error["'][^>]*>(?P<body>.*?)"""
    r"""</(?P=tag)\s*>""", re.S)
SETTLEMENT_RE = re.compile(r"""\bclass\s*=\s*["'](?:[^"']*\s)?settlement(?:\s[^"']*)?["']""")
WS_CONNECT_RE = re.compile(r"""\bws-connect\s*=\s*["']([^"']+)["']""")
TAG_RE = re.compile(r"<[^>]*>")


def parse_attrs(text: str) -> dict[str, str]:
    attrs: dict[str, str] = {}
    for match in ATTR_RE.finditer(text):
        name = match.group(1).lower()
        value = next((g for g in match.group(2, 3, 4) if g is not None), "")
        attrs.setdefault(name, htmllib.unescape(value))
    return attrs


def text_of(fragment: str) -> str:
    return " ".join(htmllib.unescape(TAG_RE.sub(" ", fragment)).split())


@dataclass
class Command:
    fields: dict[str, str]
    cls: str = ""  # the submit button's class (``void-tile`` marks a tile of the void suit)

    @property
    def kind(self) -> str:
        return self.fields.get("type", "")


def ws_commands(message: str, version_of) -> tuple[int | None, list[Command]]:
    """The commands of a message's ``<form ws-send>`` elements that carry a version, and
    that version, read by ``version_of`` (None when the message has no such form)."""
    commands: list[Command] = []
    versions: list[int] = []
    for form in FORM_RE.finditer(message):
        if "ws-send" not in parse_attrs(form.group(1)):
            continue
        hidden: dict[str, str] = {}
        buttons: list[dict[str, str]] = []
        for tag in FIELD_RE.finditer(form.group(2)):
            attrs = parse_attrs(tag.group(2))
            if tag.group(1).lower() == "button":
                if attrs.get("type", "submit").lower() == "submit" and "disabled" not in attrs:
                    buttons.append(attrs)
            elif (tag.group(1).lower() == "input" and attrs.get("type", "").lower() == "hidden"
                  and attrs.get("name") and "disabled" not in attrs):
                hidden[attrs["name"]] = attrs.get("value", "")
        if "version" not in hidden or not buttons:
            continue
        try:
            versions.append(version_of(int(hidden["version"])))
        except ValueError:
            continue
        plain = [b for b in buttons if not b.get("name")]
        if plain:
            commands.append(Command(dict(hidden), plain[0].get("class", "")))
        for button in buttons:
            if button.get("name"):
                commands.append(Command({**hidden, button["name"]: button.get("value", "")},
                                        button.get("class", "")))
    return (max(versions) if versions else None), commands


def ws_ready_fields(message: str) -> dict[str, str] | None:
    """The fields of a ``<form ws-send>`` whose hidden ``type`` is ``ready`` (the seating's
    ready button, sent over the socket as a browser with the page open does)."""
    for form in FORM_RE.finditer(message):
        if "ws-send" not in parse_attrs(form.group(1)):
            continue
        hidden = {}
        for tag in FIELD_RE.finditer(form.group(2)):
            attrs = parse_attrs(tag.group(2))
            if tag.group(1).lower() == "input" and attrs.get("type", "").lower() == "hidden":
                hidden[attrs.get("name", "")] = attrs.get("value", "")
        if hidden.get("type") == "ready":
            return hidden
    return None


@dataclass
class PageForm:
    attrs: dict[str, str]
    fields: list[tuple[str, str]]

    def action(self, page_url: str) -> str:
        return urljoin(page_url, self.attrs.get("action") or page_url)


def page_forms(page: str) -> list[PageForm]:
    """Every form of a page with the fields a browser would submit (no submit button)."""
    forms = []
    for form in FORM_RE.finditer(page):
        body = form.group(2)
        fields: list[tuple[str, str]] = []
        for tag in FIELD_RE.finditer(body):
            kind = tag.group(1).lower()
            attrs = parse_attrs(tag.group(2))
            name = attrs.get("name")
            if not name or "disabled" in attrs or kind == "button":
                continue
            if kind == "input":
                input_type = attrs.get("type", "text").lower()
                if input_type in ("submit", "button", "image", "reset", "file"):
                    continue
                if input_type in ("checkbox", "radio"):
                    if "checked" in attrs:
                        fields.append((name, attrs.get("value", "on")))
                    continue
                fields.append((name, attrs.get("value", "")))
            elif kind == "select":
                end = body.find("</select", tag.end())
                options = [(parse_attrs(o.group(1)), o.group(2))
                           for o in OPTION_RE.finditer(body[tag.end():end if end >= 0 else None])]
                chosen = [o for o in options if "selected" in o[0]] or options[:1]
                for attrs_o, label in chosen[: None if "multiple" in attrs else 1]:
                    fields.append((name, attrs_o.get("value", htmllib.unescape(label).strip())))
            else:  # textarea
                end = body.find("</textarea", tag.end())
                fields.append((name, htmllib.unescape(body[tag.end():end if end >= 0 else None])))
        forms.append(PageForm(parse_attrs(form.group(1)), fields))
    return forms


def find_form(page: str, action_suffix: str) -> PageForm | None:
    for form in page_forms(page):
        if form.attrs.get("method", "get").lower() != "post":
            continue
        action = form.attrs.get("action", "")
        if (action_suffix == "" and not action) or (
                action_suffix and action.endswith(action_suffix)):
            return form
    return None


# --- the play policy ---------------------------------------------------------------------


def choose(commands: list[Command], rng: random.Random) -> Command | None:
    by_kind: dict[str, list[Command]] = {}
    for command in commands:
        by_kind.setdefault(command.kind, []).append(command)
    for kind in ("win", "zimo"):
        if kind in by_kind:
            return by_kind[kind][0]
    if "void" in by_kind:
        return rng.choice(by_kind["void"])
    if "pass" in by_kind:  # a claim offer
        if "pong" in by_kind and rng.random() < 0.3:
            return by_kind["pong"][0]
        if "kong" in by_kind and rng.random() < 0.5:
            return by_kind["kong"][0]
        return by_kind["pass"][0]
    kongs = by_kind.get("concealed_kong", []) + by_kind.get("added_kong", [])
    if kongs and rng.random() < 0.5:
        return rng.choice(kongs)
    discards = by_kind.get("discard", [])
    if discards:
        void = [c for c in discards if "void-tile" in c.cls.split()]
        return rng.choice(void or discards)
    return None


# --- numbers ------------------------------------------------------------------------------


def percentile(values: list[float], p: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))]


def summary(values: list[float]) -> dict:
    return {"n": len(values), "p50": percentile(values, 50), "p90": percentile(values, 90),
            "p99": percentile(values, 99), "max": max(values) if values else None,
            "mean": statistics.fmean(values) if values else None}


# --- the site ------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def _die_with_parent() -> None:  # pragma: no cover - runs in the child
    """Linux: the child gets SIGTERM if the benchmark itself dies without cleaning up."""
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


class Stack:
    """The processes of one site, started fresh and always stopped."""

    def __init__(self, *, project_dir: Path, mode: str, processes: int, workdir: Path,
                 offer_pause: float, proxy: bool = False, database_url: str | None = None,
                 redis_url: str | None = None, worker: bool = True) -> None:
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
        if (project_dir / "benchmarks" / "load_settings.py").exists():
            settings_module = "benchmarks.load_settings"
        else:  # an older checkout: the same module, next to it
            pydir = workdir / "py"
            pydir.mkdir()
            shutil.copy(Path(__file__).with_name("load_settings.py"),
                        pydir / "xuezhan_bench_load_settings.py")
            extra.append(str(pydir))
            settings_module = "xuezhan_bench_load_settings"
        env = {k: v for k, v in os.environ.items()
               if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "PYTHONPATH",
                            "SQLITE_PATH", METRICS_ENV)}
        env.update(DEBUG="0", SECRET_KEY=SECRET_KEY, BOT_DELAY="0.05",
                   OFFER_PAUSE=str(offer_pause),
                   # Its sign-ups all come from 127.0.0.1, run after run (Redis remembers).
                   SIGNUPS_PER_ADDRESS="1000/h",
                   DJANGO_SETTINGS_MODULE=settings_module,
                   PYTHONPATH=os.pathsep.join([str(project_dir), *extra]),
                   PYTHONDONTWRITEBYTECODE="1", STATIC_ROOT=str(workdir / "static"))
        if mode == "services":
            env.update(DATABASE_URL=self.database_url, REDIS_URL=self.redis_url)
        else:
            env["SQLITE_PATH"] = str(workdir / "site.sqlite3")
        self.env = env

    def manage(self, *args: str, timeout: float = 300) -> str:
        result = subprocess.run([sys.executable, "manage.py", *args], cwd=self.project_dir,
                                env=self.env, capture_output=True, text=True, timeout=timeout)
        if result.returncode:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{result.stderr[-3000:]}")
        return result.stdout

    def python(self, code: str, *args: str, timeout: float = 300) -> str:
        result = subprocess.run([sys.executable, "-c", code, *args], cwd=self.project_dir,
                                env=self.env, capture_output=True, text=True, timeout=timeout)
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
        with contextlib.suppress(Exception), psycopg.connect(
                admin, autocommit=True, connect_timeout=10) as conn:
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
            process = subprocess.Popen(argv, cwd=self.project_dir, env=env, stdout=log,
                                       stderr=subprocess.STDOUT, start_new_session=True,
                                       preexec_fn=_die_with_parent if on_main else None)
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
            self._spawn(f"daphne-{port}", [sys.executable, "-m", "daphne", *behind_proxy,
                                           "-b", HOST, "-p", str(port),
                                           "xuezhan.asgi:application"])
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
            "xuezhan_deploy_prod", self.project_dir / "deploy" / "prod.py")
        prod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(prod)
        port = free_port()
        run = self.workdir / "proxy"
        self.manage("collectstatic", "--noinput", "-v0")
        prod.render(run, listen=f"{HOST}:{port}",
                    ports=[int(u.rsplit(":", 1)[1]) for u in self.web_urls],
                    static_root=Path(self.env["STATIC_ROOT"]), environment={})
        process = self._spawn("proxy", ["/usr/sbin/nginx", "-c", str(run / "nginx.conf"),
                                        "-p", str(run), "-g", "daemon off;"])
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
                raise RuntimeError("the server processes wrote no metrics: is "
                                   f"{self.env['DJANGO_SETTINGS_MODULE']} the settings?")
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
                    last = next((x for x in lines[at + 1:] if x and not x[0].isspace()), "?")
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


CREATE_PEOPLE = """
import json, sys
import django
django.setup()
from importlib import import_module
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password

count, prefix, password = int(sys.argv[1]), sys.argv[2], sys.argv[3]
User = get_user_model()
hashed = make_password(password)  # once: the slow hash is not what this measures
names = [f"{prefix}{i:04d}" for i in range(count)]
User.objects.bulk_create([User(username=name, password=hashed) for name in names])
users = {u.username: u for u in User.objects.filter(username__in=names)}
Store = import_module(settings.SESSION_ENGINE).SessionStore
keys = []
for name in names:
    user = users[name]
    session = Store()
    session["_auth_user_id"] = user._meta.pk.value_to_string(user)
    session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
    session["_auth_user_hash"] = user.get_session_auth_hash()
    session.create()
    keys.append(session.session_key)
print(json.dumps({"session_cookie": settings.SESSION_COOKIE_NAME,
                  "language_cookie": settings.LANGUAGE_COOKIE_NAME, "keys": keys}))
"""


# --- the simulated people ------------------------------------------------------------------


class SetupError(RuntimeError):
    pass


@dataclass
class Pending:
    sent: float
    epoch: int
    version: int
    kind: str
    held: bool = False  # the site said it holds the click until it can make it


@dataclass
class Click:
    sent: float
    epoch: int
    version: int  # the version of the sender's first update after the click
    seat: int
    own_ms: float
    table: "Table"


class Stats:
    def __init__(self) -> None:
        self.window = (math.inf, math.inf)
        self.clicks: list[Click] = []
        self.refused: Counter = Counter()
        self.refused_total = 0
        self.stale: Counter = Counter()  # clicks the table had moved past (data-stale)
        self.http_status: Counter = Counter()  # non-2xx/3xx responses in the window
        self.http_5xx_total = 0
        self.http_failures: Counter = Counter()  # no response at all
        self.ws_errors: Counter = Counter()  # in the window
        self.ws_errors_total = 0
        self.timeouts = 0
        # (sent at, kind, held by the site) of every click that timed out: what a
        # failing fault test prints, to tell a lost click from a slow one.
        self.timed_out: list[tuple[float, str, bool]] = []
        self.update_sizes: list[int] = []
        self.bytes_in_window = 0
        self.messages_in_window = 0
        self.page_loads: list[float] = []  # ms, GETs of the table page in the window
        self.posts: list[float] = []  # ms, form posts in the window (redirect included)
        self.rounds_ended = 0
        self.ready_failures = 0
        self.sent_in_window = 0

    def in_window(self, t: float) -> bool:
        return self.window[0] <= t < self.window[1]

    def ws_error(self, kind: str) -> None:
        self.ws_errors_total += 1
        if self.in_window(time.perf_counter()):
            self.ws_errors[kind] += 1


class Table:
    def __init__(self, index: int, tokens: bool) -> None:
        self.index = index
        self.tokens = tokens
        self.path = ""
        self.ws_path = ""
        self.people: list[Person] = []
        self.max_version: dict[int, int] = {}
        self.moves_in_window = 0
        # seat -> epoch -> (versions, first arrival times), both increasing
        self.seen: list[dict[int, tuple[list[int], list[float]]]] = [{} for _ in range(4)]

    def version_of(self, shown: int) -> int:
        """The table's version from the number a page carries. Sites with
        ``games.table.version_token`` send an opaque token; the benchmark set the site's
        secret, so it reads the version (the number a page shows while a tile is on offer
        reads as the offer's version)."""
        if not self.tokens:
            return shown
        code = self.path.rstrip("/").rsplit("/", 1)[-1]
        return version_token.unpermute(version_token.room_key(SECRET_KEY, code), shown) // 2

    def note(self, stats: Stats, seat: int, epoch: int, version: int, t: float) -> None:
        versions, times = self.seen[seat].setdefault(epoch, ([], []))
        if not versions or version > versions[-1]:
            versions.append(version)
            times.append(t)
        before = self.max_version.get(epoch, 0)
        if version > before:
            self.max_version[epoch] = version
            if stats.in_window(t):
                self.moves_in_window += version - before

    def reached(self, seat: int, epoch: int, version: int) -> float | None:
        versions, times = self.seen[seat].get(epoch, ([], []))
        at = bisect.bisect_left(versions, version)
        return times[at] if at < len(times) else None


class Person:
    def __init__(self, run: "Run", table: Table, seat: int, base: str, session_key: str,
                 cookies: dict[str, str]) -> None:
        self.run = run
        self.table = table
        self.seat = seat
        self.base = base
        self.rng = random.Random(f"{run.seed}:{table.index}:{seat}")
        jar = aiohttp.CookieJar(unsafe=True)  # cookies for 127.0.0.1
        jar.update_cookies({cookies["session"]: session_key, cookies["language"]: "zh-hans"},
                           URL(base + "/"))
        self.session = aiohttp.ClientSession(
            cookie_jar=jar, timeout=aiohttp.ClientTimeout(total=None, sock_connect=10),
            connector=aiohttp.TCPConnector(limit=4))
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.connected = asyncio.Event()
        self.ws_task: asyncio.Task | None = None
        self.epoch = 0
        self.version = -1
        self.max_version = -1
        self.commands: list[Command] = []
        self.commands_version: int | None = None
        self.pending: Pending | None = None
        self.scheduled: tuple[int, int] | None = None
        self.acted: tuple[int, int] | None = None
        self.act_handle: asyncio.TimerHandle | None = None
        self.ended_epoch: int | None = None  # the epoch whose settlement was seen
        self.ready_task: asyncio.Task | None = None
        self.ready_fields: dict[str, str] | None = None  # the socket's ready form, if any
        self.closing = False
        self.unanswered: str | None = None  # the last command sent, until a reply comes

    # HTTP, as a browser

    @property
    def table_url(self) -> str:
        return self.base + self.table.path

    async def request(self, method: str, url: str, data=None,
                      referer: str | None = None) -> tuple[int, str, str]:
        stats = self.run.stats
        headers = {"Accept": "text/html,application/xhtml+xml",
                   "Accept-Language": "zh-CN,zh;q=0.9"}
        if referer:
            headers["Referer"] = referer
        if method == "POST":
            headers["Origin"] = self.base
        attempts = 3 if method == "GET" else 1
        for attempt in range(attempts):
            started = time.perf_counter()
            try:
                async with self.session.request(
                        method, url, data=data, headers=headers, allow_redirects=True,
                        max_redirects=5, timeout=aiohttp.ClientTimeout(total=HTTP_TIMEOUT),
                ) as response:
                    body = await response.text(errors="replace")
                    statuses = [r.status for r in response.history] + [response.status]
                    done = time.perf_counter()
                    for status in statuses:
                        if status >= 500:
                            stats.http_5xx_total += 1
                        if status >= 400 and stats.in_window(done):
                            stats.http_status[status] += 1
                    if stats.in_window(started):
                        (stats.posts if method == "POST" else stats.page_loads).append(
                            (done - started) * 1000)
                    return response.status, body, str(response.url)
            except (aiohttp.ClientError, TimeoutError) as exc:
                stats.http_failures[f"{method} {type(exc).__name__}"] += 1
                if attempt + 1 == attempts:
                    raise
                await asyncio.sleep(0.5)
        raise AssertionError("unreachable")

    async def get(self, url: str) -> tuple[int, str, str]:
        return await self.request("GET", url)

    async def submit(self, form: PageForm, page_url: str) -> tuple[int, str, str]:
        return await self.request("POST", form.action(page_url), data=form.fields,
                                  referer=page_url)

    async def post_ready(self) -> bool:
        """GET the table page, POST its ready form; bounded retries."""
        for attempt in range(3):
            if attempt:
                await asyncio.sleep(1.0)
            status, page, url = await self.get(self.table_url)
            if status != 200:
                continue
            form = find_form(page, "/ready/")
            if form is None:
                continue
            status, page, url = await self.submit(form, url)
            if status == 200:
                return True
        return False

    # the table's WebSocket

    async def connect(self) -> None:
        self.ws_task = asyncio.create_task(self._ws_loop())
        try:
            await asyncio.wait_for(self.connected.wait(), WS_CONNECT_TIMEOUT + 1)
        except TimeoutError:
            raise SetupError(f"table {self.table.index} seat {self.seat}: no WebSocket") from None

    async def _ws_loop(self) -> None:
        run = self.run
        url = "ws://" + self.base.split("://", 1)[1] + self.table.ws_path
        for attempt in range(WS_RECONNECTS + 1):
            if run.stopping or self.closing:
                return
            if attempt:
                # As htmx's ws extension: a random wait, up to a second at first.
                await asyncio.sleep(self.rng.uniform(0.1, 1.0))
            try:
                ws = await asyncio.wait_for(
                    self.session.ws_connect(url, origin=self.base, autoping=True,
                                            max_msg_size=16 * 1024 * 1024),
                    WS_CONNECT_TIMEOUT)
            except (aiohttp.ClientError, TimeoutError) as exc:
                run.stats.ws_error(f"handshake {type(exc).__name__}")
                continue
            self.ws = ws
            self.connected.set()
            if attempt and self.unanswered is not None:
                # As the page does (static/js/socket-retry.js): a click the closed socket
                # never answered is sent again; the site makes a move once only.
                self.run.spawn(self._send(ws, self.unanswered))
            try:
                async for message in ws:
                    if message.type == aiohttp.WSMsgType.TEXT:
                        self.on_message(message.data, time.perf_counter())
                    elif message.type == aiohttp.WSMsgType.ERROR:
                        break
            except (aiohttp.ClientError, TimeoutError) as exc:
                run.stats.ws_error(f"error {type(exc).__name__}")
            self.ws = None
            if run.stopping or self.closing:
                return
            run.stats.ws_error(f"closed {ws.close_code}")

    def on_message(self, text: str, now: float) -> None:
        stats = self.run.stats
        self.unanswered = None
        in_window = stats.in_window(now)
        if in_window:
            size = len(text.encode())
            stats.bytes_in_window += size
            stats.messages_in_window += 1
        if "table-error" in text:
            for match in TABLE_ERROR_RE.finditer(text):
                reason = text_of(match.group("body"))
                if reason and "data-retrying" in match.group(0):
                    # Not a refusal: the site holds the click and makes it once it can
                    # (the database is away); it may take up to HELD_CLICK_TIMEOUT.
                    if self.pending is not None:
                        self.pending.held = True
                    continue
                if reason and "data-stale" in match.group(0):
                    # The rules' answer to a click the table had moved past (another
                    # claim came first): counted apart from refusals.
                    stats.stale[reason] += 1
                    self.pending = None
                    continue
                if reason:
                    stats.refused_total += 1
                    if in_window:
                        stats.refused[reason] += 1
                    self.pending = None
        versions = VERSION_RE.findall(text)
        if not versions:
            return
        if in_window:
            stats.update_sizes.append(size)
        version = max(self.table.version_of(int(v)) for v in versions)
        if version < self.version:  # a new round starts again from version 0
            self.epoch += 1
            self.pending = None
            self.commands, self.commands_version = [], None
            self.version = -1
        if version > self.version:
            self.table.note(stats, self.seat, self.epoch, version, now)
            pending = self.pending
            if pending is not None and pending.epoch == self.epoch and version > pending.version:
                own = (now - pending.sent) * 1000
                self.pending = None
                if stats.in_window(pending.sent):
                    stats.clicks.append(Click(pending.sent, self.epoch, version, self.seat, own,
                                              self.table))
        self.version = version
        self.max_version = max(self.max_version, version)
        forms_version, commands = ws_commands(text, self.table.version_of)
        if forms_version is not None:
            self.commands, self.commands_version = commands, forms_version
        if 'value="ready"' in text:
            self.ready_fields = ws_ready_fields(text)
        if "settlement" in text and self.ended_epoch != self.epoch and SETTLEMENT_RE.search(text):
            self.ended_epoch = self.epoch
            if self.seat == 0 and in_window:
                stats.rounds_ended += 1
            if self.ready_task is None or self.ready_task.done():
                self.ready_task = asyncio.create_task(self._ready_again())
        self.schedule(now)

    def schedule(self, arrived: float) -> None:
        key = (self.epoch, self.version)
        if (self.pending is not None or self.commands_version != self.version
                or not self.commands or key in (self.acted, self.scheduled)):
            return
        if self.act_handle is not None:
            self.act_handle.cancel()
        self.scheduled = key
        think = self.run.think * self.rng.uniform(0.5, 1.5) if self.run.think > 0 else 0.0
        delay = max(0.0, arrived + think - time.perf_counter())
        self.act_handle = asyncio.get_running_loop().call_later(delay, self._act, key)

    def _act(self, key: tuple[int, int]) -> None:
        self.act_handle = None
        self.scheduled = None
        ws = self.ws
        if (self.run.stopping or ws is None or self.pending is not None
                or key != (self.epoch, self.version) or self.commands_version != self.version):
            return
        self.acted = key
        command = choose(self.commands, self.rng)
        if command is None:
            return
        payload = dict(command.fields)
        payload["HEADERS"] = {"HX-Request": "true", "HX-Trigger": None, "HX-Trigger-Name": None,
                              "HX-Target": "table", "HX-Current-URL": self.table_url}
        now = time.perf_counter()
        self.pending = Pending(now, self.epoch, self.version, command.kind)
        if self.run.stats.in_window(now):
            self.run.stats.sent_in_window += 1
        self.unanswered = json.dumps(payload)
        self.run.spawn(self._send(ws, self.unanswered))

    async def _send(self, ws, data: str) -> None:
        try:
            await ws.send_str(data)
        except (aiohttp.ClientError, ConnectionError, RuntimeError) as exc:
            self.run.stats.ws_error(f"send {type(exc).__name__}")
            self.pending = None

    def check_timeout(self, now: float) -> None:
        pending = self.pending
        timeout = HELD_CLICK_TIMEOUT if pending is not None and pending.held else CLICK_TIMEOUT
        if pending is not None and now - pending.sent > timeout:
            if self.run.stats.in_window(pending.sent):
                self.run.stats.timeouts += 1
                self.run.stats.timed_out.append((pending.sent, pending.kind, pending.held))
            self.pending = None

    async def _ready_again(self) -> None:
        """Between rounds: the ready button, sent over the socket where the page's form
        is a ws-send form (the page stays open), else posted as a page load."""
        if self.run.think > 0:
            await asyncio.sleep(self.run.think * self.rng.uniform(0.5, 1.5))
        epoch = self.epoch
        ws = self.ws
        if self.ready_fields is not None and ws is not None:
            # The page stays open; but people do reload it (or open it on another device)
            # between rounds: one page load each per round keeps page loads in the load.
            with contextlib.suppress(aiohttp.ClientError, TimeoutError):
                await self.get(self.table_url)
            payload = dict(self.ready_fields, HEADERS={"HX-Request": "true"})
            await self._send(ws, json.dumps(payload))
            return
        try:
            ok = await self.post_ready()
        except (aiohttp.ClientError, TimeoutError):
            ok = False
        if not ok and self.epoch == epoch and not self.run.stopping:
            self.run.stats.ready_failures += 1

    async def close(self) -> None:
        self.closing = True
        if self.act_handle is not None:
            self.act_handle.cancel()
        for task in (self.ready_task,):
            if task is not None and not task.done():
                task.cancel()
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 2)
        if self.ws_task is not None and not self.ws_task.done():
            self.ws_task.cancel()
            with contextlib.suppress(BaseException):
                await self.ws_task
        with contextlib.suppress(Exception):
            await self.session.close()


# --- one run -------------------------------------------------------------------------------


class Run:
    def __init__(self, *, urls: list[str], tables: int, think: float, seed: int, seconds: float,
                 setup_concurrency: int, version_tokens: bool, idle: bool = False) -> None:
        self.urls = urls
        self.idle = idle  # open every socket, press nothing: what idle sockets cost
        self.version_tokens = version_tokens  # the site sends opaque version tokens
        self.table_count = tables
        self.think = think
        self.seed = seed
        self.seconds = seconds
        self.setup_concurrency = setup_concurrency
        self.stats = Stats()
        self.stopping = False
        self.tables: list[Table] = []
        self.people: list[Person] = []
        self.tasks: set[asyncio.Task] = set()
        self.setup_errors: list[str] = []

    def spawn(self, coro) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def check_signup(self) -> dict:
        """One real sign-up over HTTP (slow password hash), outside the measured window."""
        base = self.urls[0]
        started = time.perf_counter()
        jar = aiohttp.CookieJar(unsafe=True)
        async with aiohttp.ClientSession(cookie_jar=jar) as session:
            timeout = aiohttp.ClientTimeout(total=HTTP_TIMEOUT)
            async with session.get(base + "/accounts/signup/", timeout=timeout) as response:
                page, url = await response.text(), str(response.url)
            form = find_form(page, "")
            if form is None:
                return {"ok": False, "why": "no sign-up form"}
            values = dict(form.fields)
            values.update(username=f"signup{self.seed}", password1=PASSWORD, password2=PASSWORD)
            async with session.post(form.action(url), data=values, timeout=timeout,
                                    headers={"Origin": base, "Referer": url}) as response:
                await response.text()
                status, final = response.status, str(response.url)
            logged_in = any(c.key == "sessionid" for c in jar)
        ok = status == 200 and urlsplit(final).path == "/" and logged_in
        return {"ok": ok, "status": status, "final_path": urlsplit(final).path,
                "seconds": round(time.perf_counter() - started, 3)}

    async def setup_table(self, table: Table, semaphore: asyncio.Semaphore) -> None:
        async with semaphore:
            owner = table.people[0]
            status, page, url = await owner.get(owner.base + "/rooms/new/")
            form = find_form(page, "")
            if status != 200 or form is None:
                raise SetupError(f"table {table.index}: no room form ({status})")
            status, page, url = await owner.submit(form, url)
            table.path = urlsplit(url).path
            found = WS_CONNECT_RE.search(page)
            if status != 200 or not found:
                raise SetupError(f"table {table.index}: the room form led to {url} ({status})")
            table.ws_path = found.group(1)
            for person in table.people[1:]:
                for _attempt in range(3):
                    # Seated when the page offers to leave the table (a watcher's page
                    # opens the table's socket too, so the socket says nothing).
                    status, page, url = await person.get(person.table_url)
                    if find_form(page, "/leave/"):
                        break  # seated
                    form = find_form(page, "/sit/")
                    if form is None:
                        continue
                    status, page, url = await person.submit(form, url)
                    if find_form(page, "/leave/"):
                        break
                else:
                    raise SetupError(f"table {table.index}: seat {person.seat} could not sit")
            # The page is open (its socket too) when the person presses ready.
            await asyncio.gather(*(p.connect() for p in table.people))
            if self.idle:
                return
            results = await asyncio.gather(*(p.post_ready() for p in table.people))
            if not all(results):
                raise SetupError(f"table {table.index}: a ready form failed")

    async def watchdog(self) -> None:
        while not self.stopping:
            now = time.perf_counter()
            for person in self.people:
                person.check_timeout(now)
            await asyncio.sleep(0.5)

    async def execute(self, keys: list[str], cookies: dict[str, str], sampler: "Sampler",
                      metrics) -> dict:
        semaphore = asyncio.Semaphore(self.setup_concurrency)
        for t in range(self.table_count):
            table = Table(t, tokens=self.version_tokens)
            for seat in range(4):
                base = self.urls[(t + seat) % len(self.urls)]
                person = Person(self, table, seat, base, keys[t * 4 + seat], cookies)
                table.people.append(person)
                self.people.append(person)
            self.tables.append(table)
        self.spawn(self.watchdog())
        setup_started = time.perf_counter()
        results = await asyncio.gather(*(self.setup_table(t, semaphore) for t in self.tables),
                                       return_exceptions=True)
        for table, result in zip(self.tables, results, strict=True):
            if isinstance(result, BaseException):
                self.setup_errors.append(f"{type(result).__name__}: {result}"[:300])
                for person in table.people:
                    await person.close()
        started = [t for t, r in zip(self.tables, results, strict=True)
                   if not isinstance(r, BaseException)]
        if not started:
            raise SetupError("no table started: " + "; ".join(self.setup_errors[:3]))
        setup_seconds = time.perf_counter() - setup_started
        people = [p for t in started for p in t.people]
        warm_deadline = time.perf_counter() + WARMUP_SECONDS
        while (not self.idle and time.perf_counter() < warm_deadline
               and not all(p.max_version >= 1 for p in people)):
            await asyncio.sleep(0.1)
        warm = sum(p.max_version >= 1 for p in people)

        before_queries = metrics()
        sampler.begin()
        start = time.perf_counter()
        self.stats.window = (start, start + self.seconds)
        sampling = asyncio.create_task(sampler.sample_until(start + self.seconds))
        await asyncio.sleep(self.seconds)
        elapsed = time.perf_counter() - start
        after_queries = metrics()
        await sampling
        cpu = sampler.end(elapsed)
        await asyncio.sleep(DRAIN_SECONDS)
        return self.report(started, elapsed, cpu, before_queries, after_queries,
                           setup_seconds, warm, len(people))

    def report(self, started: list[Table], elapsed: float, cpu: dict, before: dict,
               after: dict, setup_seconds: float, warm: int, people: int) -> dict:
        stats = self.stats
        moves = sum(t.moves_in_window for t in started)
        own = [c.own_ms for c in stats.clicks]
        others, others_missing = [], 0
        for click in stats.clicks:
            times = [click.table.reached(seat, click.epoch, click.version)
                     for seat in range(4) if seat != click.seat]
            if any(t is None for t in times):
                others_missing += 1
                continue
            others.append(max(0.0, (max(times) - click.sent) * 1000))
        queries = sum(q - before.get(pid, 0) for pid, q in after.items())
        # The site's own processes; the proxy's CPU is reported apart (a deployment
        # without nginx has none, one with it would have it before any change of ours).
        server_cpu = sum(v["cpu_seconds"] for k, v in cpu.items() if k not in ("loadgen", "proxy"))
        sizes = stats.update_sizes
        per_table = sorted(t.moves_in_window for t in started)
        return {
            "tables": self.table_count,
            "tables_started": len(started),
            "people": people,
            "people_warm": warm,
            "setup_seconds": round(setup_seconds, 2),
            "window_seconds": round(elapsed, 3),
            "moves": moves,
            "moves_per_second": moves / elapsed,
            "moves_per_table_min_max": [per_table[0], per_table[-1]] if per_table else None,
            "rounds_ended": stats.rounds_ended,
            "commands_sent": stats.sent_in_window,
            "own_update_ms": summary(own),
            "others_updated_ms": summary(others),
            "others_missing": others_missing,
            "errors": {
                "refused": sum(stats.refused.values()),
                "refused_by_text": dict(stats.refused.most_common()),
                "stale": sum(stats.stale.values()),
                "http_5xx": sum(n for s, n in stats.http_status.items() if s >= 500),
                "http_5xx_whole_run": stats.http_5xx_total,
                "http_4xx": sum(n for s, n in stats.http_status.items() if 400 <= s < 500),
                "http_failures": dict(stats.http_failures),
                "ws": dict(stats.ws_errors),
                "ws_total": sum(stats.ws_errors.values()),
                "ws_whole_run": stats.ws_errors_total,
                "timeouts": stats.timeouts,
                "ready_failures": stats.ready_failures,
                "setup": self.setup_errors,
            },
            "processes": cpu,
            "server_cpu_seconds_per_second": server_cpu / elapsed,
            "server_cpu_ms_per_move": server_cpu * 1000 / moves if moves else None,
            "proxy_cpu_ms_per_move": (cpu["proxy"]["cpu_seconds"] * 1000 / moves
                                      if moves and "proxy" in cpu else None),
            "queries": queries,
            "queries_per_move": queries / moves if moves else None,
            "update_bytes": {"n": len(sizes), "median": statistics.median(sizes) if sizes else None,
                             "mean": statistics.fmean(sizes) if sizes else None,
                             "p90": percentile(sizes, 90)},
            "bytes_received": stats.bytes_in_window,
            "bytes_per_move": stats.bytes_in_window / moves if moves else None,
            "page_load_ms": summary(stats.page_loads),
            "post_ms": summary(stats.posts),
        }

    async def close(self) -> None:
        self.stopping = True
        await asyncio.gather(*(p.close() for p in self.people), return_exceptions=True)
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


class Sampler:
    """CPU time and RSS of the server processes and of the load generator."""

    def __init__(self, processes: list[tuple[str, int]]) -> None:
        self.procs = {role: psutil.Process(pid) for role, pid in processes}
        self.procs["loadgen"] = psutil.Process()
        self.cpu0: dict[str, float] = {}
        self.rss: dict[str, int] = {}

    @staticmethod
    def _cpu(proc: psutil.Process) -> float:
        times = proc.cpu_times()
        return times.user + times.system

    def _sample_rss(self) -> None:
        for role, proc in self.procs.items():
            with contextlib.suppress(psutil.Error):
                self.rss[role] = max(self.rss.get(role, 0), proc.memory_info().rss)

    def begin(self) -> None:
        for role, proc in self.procs.items():
            with contextlib.suppress(psutil.Error):
                self.cpu0[role] = self._cpu(proc)
        self._sample_rss()

    async def sample_until(self, end: float) -> None:
        while time.perf_counter() < end:
            self._sample_rss()
            await asyncio.sleep(min(0.5, max(0.0, end - time.perf_counter())))

    def end(self, elapsed: float) -> dict:
        self._sample_rss()
        result = {}
        for role, proc in self.procs.items():
            try:
                used = self._cpu(proc) - self.cpu0[role]
            except (psutil.Error, KeyError):
                used = float("nan")
            result[role] = {"pid": proc.pid, "cpu_seconds": used,
                            "cpu_per_second": used / elapsed,
                            "max_rss_mb": self.rss.get(role, 0) / 2**20}
        return result


# --- driving the runs ------------------------------------------------------------------------


def one_run(args, tables: int, workdir: Path) -> dict:
    stack = Stack(project_dir=args.project_dir, mode=args.mode, processes=args.processes,
                  workdir=workdir, offer_pause=args.offer_pause, proxy=args.proxy,
                  worker=not args.no_worker)
    try:
        stack.start()
        people = stack.python(CREATE_PEOPLE, str(tables * 4), f"t{tables}p", PASSWORD)
        created = json.loads(people.strip().splitlines()[-1])
        cookies = {"session": created["session_cookie"], "language": created["language_cookie"]}
        sampler = Sampler([(role, p.pid) for role, p in stack.processes])
        hard_timeout = 120 + 4 * tables + WARMUP_SECONDS + args.seconds + DRAIN_SECONDS + 30
        result = asyncio.run(_drive(args, stack, tables, created["keys"], cookies, sampler,
                                    hard_timeout))
        result["server_log_problems"] = stack.log_problems()
        result["settings_file"] = stack.settings_file
        return result
    except Exception as exc:
        for role, _process in stack.processes:
            tail = stack.log_tail(role, 1500)
            if tail.strip():
                print(f"--- {role} log (tail) ---\n{tail}", file=sys.stderr)
        return {"tables": tables, "failed": f"{type(exc).__name__}: {exc}"[:2000]}
    finally:
        stack.stop()


async def _drive(args, stack: Stack, tables: int, keys: list[str], cookies: dict,
                 sampler: Sampler, hard_timeout: float) -> dict:
    run = Run(urls=stack.urls, tables=tables, think=args.think, seed=args.seed,
              version_tokens=(args.project_dir / "games/table/version_token.py").exists(),
              idle=args.idle,
              seconds=args.seconds, setup_concurrency=args.setup_concurrency)
    try:
        signup = await asyncio.wait_for(run.check_signup(), 60)
        result = await asyncio.wait_for(
            run.execute(keys, cookies, sampler, stack.read_metrics), hard_timeout)
        result["signup"] = signup
        return result
    finally:
        await asyncio.wait_for(run.close(), 30)


def fmt(value, digits: int = 0) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    return f"{value:.{digits}f}"


def quartet(s: dict) -> str:
    return "/".join(fmt(s[k]) for k in ("p50", "p90", "p99", "max"))


HEADER = ("| tables | moves/s | own update ms p50/p90/p99/max | other 3 updated ms p50/p90/p99/max "
          "| refused | 5xx | ws err | timeouts | server CPU s/s | server CPU ms/move "
          "| server max RSS MB | loadgen CPU s/s | queries/move "
          "| bytes/update p50/mean/p90 | bytes/move |")


def row(r: dict) -> str:
    if "failed" in r:
        return f"| {r['tables']} | failed: {r['failed'][:200]} |"
    e = r["errors"]
    servers = {k: v for k, v in r["processes"].items() if k != "loadgen"}
    rss = max((v["max_rss_mb"] for v in servers.values()), default=None)
    u = r["update_bytes"]
    return (f"| {r['tables']} | {fmt(r['moves_per_second'], 1)} | {quartet(r['own_update_ms'])} "
            f"| {quartet(r['others_updated_ms'])} | {e['refused']} | {e['http_5xx']} "
            f"| {e['ws_total']} | {e['timeouts']} | {fmt(r['server_cpu_seconds_per_second'], 2)} "
            f"| {fmt(r['server_cpu_ms_per_move'], 1)} | {fmt(rss)} "
            f"| {fmt(r['processes']['loadgen']['cpu_per_second'], 2)} "
            f"| {fmt(r['queries_per_move'], 1)} "
            f"| {fmt(u['median'])}/{fmt(u['mean'])}/{fmt(u['p90'])} "
            f"| {fmt(r['bytes_per_move'])} |")


def details(r: dict) -> str:
    if "failed" in r:
        return ""
    e = r["errors"]
    procs = ", ".join(f"{k} {v['cpu_per_second']:.2f} s/s {v['max_rss_mb']:.0f} MB"
                      for k, v in r["processes"].items())
    lines = [f"- {r['tables']} tables: {r['tables_started']} started in {r['setup_seconds']} s, "
             f"{r['people_warm']}/{r['people']} people at version ≥ 1 when the window opened; "
             f"{r['moves']} moves, {r['commands_sent']} commands sent, "
             f"{r['rounds_ended']} rounds ended; page load ms p50/p90 "
             f"{fmt(r['page_load_ms']['p50'])}/{fmt(r['page_load_ms']['p90'])}, "
             f"post ms p50/p90 {fmt(r['post_ms']['p50'])}/{fmt(r['post_ms']['p90'])}; "
             f"sign-up {'ok' if r['signup']['ok'] else 'FAILED'} ({r['signup']})",
             f"  processes: {procs}"]
    extra = []
    if e.get("stale"):
        extra.append(f"{e['stale']} clicks the table had moved past (another claim first)")
    if e["refused_by_text"]:
        extra.append("refused: " + "; ".join(
            f"{n}× {t!r}" for t, n in e["refused_by_text"].items()))
    for key in ("http_failures", "ws"):
        if e[key]:
            extra.append(f"{key}: {e[key]}")
    if e["http_4xx"] or e["http_5xx_whole_run"]:
        extra.append(f"HTTP 4xx in window {e['http_4xx']}, 5xx whole run {e['http_5xx_whole_run']}")
    if r["others_missing"]:
        extra.append(f"{r['others_missing']} clicks whose update never reached all three others")
    if e["ready_failures"]:
        extra.append(f"ready failures {e['ready_failures']}")
    if e["setup"]:
        extra.append(f"set-up errors: {e['setup'][:3]}")
    for role, found in r["server_log_problems"].items():
        if found:
            extra.append(f"{role} log exceptions: " + "; ".join(
                f"{n}× {text}" for text, n in found.items()))
    if e["ws_whole_run"] != e["ws_total"]:
        extra.append(f"WebSocket errors over the whole run: {e['ws_whole_run']}")
    lines += [f"  {x}" for x in extra]
    return "\n".join(lines)


def git_head(project_dir: Path) -> str:
    try:
        head = subprocess.run(["git", "-C", str(project_dir), "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(project_dir), "status", "--porcelain"],
                               capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "?"
    return head + ("+changes" if dirty else "")


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="1,5,10,25,50",
                        help="comma-separated table counts, one fresh site each")
    parser.add_argument("--mode", choices=("default", "services"), default="default")
    parser.add_argument("--processes", type=int, choices=(1, 2, 3, 4), default=1,
                        help="daphne processes (services mode only)")
    parser.add_argument("--proxy", action="store_true",
                        help="nginx in front, configured as deploy/ does (rooms pinned to a "
                             "process); its CPU is reported apart from the site's")
    parser.add_argument("--no-worker", action="store_true",
                        help="services mode without manage.py run_worker")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured window")
    parser.add_argument("--think", type=float, default=0.2,
                        help="seconds before acting (uniform 0.5x-1.5x; 0: at once)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--idle", action="store_true",
                        help="seat everyone and open the sockets, then play nothing: the "
                             "cost of idle sockets (compare two --tables counts)")
    parser.add_argument("--offer-pause", type=float, default=1.0,
                        help="seconds every discard stays on offer (the site's OFFER_PAUSE)")
    parser.add_argument("--setup-concurrency", type=int, default=8,
                        help="tables set up at the same time")
    parser.add_argument("--json", type=Path, help="write every number here")
    parser.add_argument("--keep-workdir", action="store_true",
                        help="keep each run's directory (server logs, SQLite file)")
    parser.add_argument("--project-dir", type=Path, default=REPO,
                        help="the checkout whose site is measured (default: this one)")
    args = parser.parse_args(argv)
    args.project_dir = args.project_dir.resolve()
    args.table_counts = [int(n) for n in args.tables.split(",") if n.strip()]
    if not args.table_counts or min(args.table_counts) < 1:
        parser.error("--tables needs positive numbers")
    if args.mode == "default" and args.processes != 1:
        parser.error("default mode (in-memory channel layer) runs one process")
    if not (args.project_dir / "manage.py").exists():
        parser.error(f"no manage.py in {args.project_dir}")
    return args


def _terminate(signum, frame):
    raise KeyboardInterrupt


def main(argv=None) -> int:
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, _terminate)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # even if started ignoring it
    head = (f"## bench_load: mode {args.mode}, {args.processes} daphne process(es)"
            f"{' behind nginx (deploy/)' if args.proxy else ''}"
            f"{' + worker' if args.mode == 'services' and not args.no_worker else ''}, "
            f"think {args.think} s, "
            f"window {args.seconds:g} s, seed {args.seed}, project {args.project_dir} "
            f"({git_head(args.project_dir)})")
    print(head, flush=True)
    results = []
    interrupted = False
    try:
        for tables in args.table_counts:
            workdir = Path(tempfile.mkdtemp(prefix=f"bench-load-{tables}-"))
            try:
                print(f"... {tables} table(s)", file=sys.stderr, flush=True)
                results.append(one_run(args, tables, workdir))
            finally:
                if args.keep_workdir:
                    print(f"    kept {workdir}", file=sys.stderr)
                else:
                    shutil.rmtree(workdir, ignore_errors=True)
    except KeyboardInterrupt:
        interrupted = True
        print("interrupted: every process the benchmark started has been stopped",
              file=sys.stderr)
    print()
    print(HEADER)
    print("|" + "---|" * HEADER.count(" | ") + "---|")
    for result in results:
        print(row(result))
    print()
    for result in results:
        text = details(result)
        if text:
            print(text)
    if args.json:
        args.json.write_text(json.dumps({
            "mode": args.mode, "processes": args.processes, "think": args.think,
            "seconds": args.seconds, "seed": args.seed, "project_dir": str(args.project_dir),
            "commit": git_head(args.project_dir), "runs": results}, indent=2, default=str))
    if interrupted:
        return 130
    return 0 if all("failed" not in r for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
