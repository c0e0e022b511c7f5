"""deploy/: the configuration `make prod` renders, and what nginx does with it: every
request and socket of one room reaches one web process, everything else is spread, and
a process that refuses connections is passed over at once."""

import configparser
import contextlib
import http.server
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from harness.ports import free_port, wait_for_port
from tests.deploy.marks import NGINX, needs_nginx

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
sys.path.insert(0, str(DEPLOY))
import prod  # noqa: E402


class Backend(http.server.ThreadingHTTPServer):
    """Stands for one web process: answers every request with its own name."""

    def __init__(self, name: str):
        class Answer(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (the stdlib's name)
                body = name.encode()
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        super().__init__(("127.0.0.1", 0), Answer)
        self.name = name
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def port(self) -> int:
        return self.server_address[1]


@pytest.fixture
def layout(tmp_path):
    backends = [Backend("web-1"), Backend("web-2"), Backend("web-3")]
    # nginx's workers run as an unprivileged user: the static folder must be readable by
    # them (pytest's own temporary folders are private to their owner).
    static = Path(tempfile.mkdtemp(prefix="xuezhan-static-"))
    static.chmod(0o755)
    (static / "css").mkdir(parents=True)
    (static / "css" / "site.css").write_text("body{}")
    port = free_port()
    prod.render(
        tmp_path / "run",
        listen=f"127.0.0.1:{port}",
        ports=[b.port for b in backends],
        static_root=static,
        environment={"DATABASE_URL": "postgres://x/y"},
    )
    yield tmp_path / "run", port, backends
    for backend in backends:
        backend.shutdown()
        backend.server_close()
    shutil.rmtree(static, ignore_errors=True)


def get(port: int, path: str) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as response:
        return response.read().decode()


@contextlib.contextmanager
def nginx_running(run: Path, port: int):
    process = subprocess.Popen(
        [NGINX, "-c", str(run / "nginx.conf"), "-p", str(run), "-g", "daemon off;"],
        stderr=subprocess.PIPE,
    )
    try:
        wait_for_port(port, timeout=10)
        yield
    finally:
        process.terminate()
        process.wait(10)


def test_supervisord_runs_each_web_process_the_worker_and_the_proxy(layout):
    run, port, backends = layout
    config = configparser.ConfigParser(interpolation=None)
    config.read(run / "supervisord.conf")
    programs = [s for s in config.sections() if s.startswith("program:")]
    assert programs == [
        "program:web-1",
        "program:web-2",
        "program:web-3",
        "program:worker",
        "program:proxy",
    ]
    web = config["program:web-2"]
    assert f"-p {backends[1].port} " in web["command"] and "--proxy-headers" in web["command"]
    assert web["stopsignal"] == "TERM"  # a web process drains on SIGTERM
    assert 'DATABASE_URL="postgres://x/y"' in web["environment"]


@needs_nginx
def test_nginx_accepts_the_configuration(layout):
    run, port, backends = layout
    checked = subprocess.run(
        [NGINX, "-t", "-c", str(run / "nginx.conf"), "-p", str(run)], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stderr


@needs_nginx
def test_a_room_lives_in_one_process_and_the_rest_is_spread(layout):
    run, port, backends = layout
    with nginx_running(run, port):
        for code in ("ABC123", "XY7Q2P", "K9K9K9"):
            pages = {get(port, f"/t/{code}/") for _ in range(10)}
            forms = {get(port, f"/t/{code}/ready/") for _ in range(5)}
            sockets = {get(port, f"/ws/tables/{code}/") for _ in range(5)}
            assert len(pages) == 1 and pages == forms == sockets, (code, pages, forms, sockets)
        rooms = {get(port, f"/t/R{n:04d}/") for n in range(60)}
        assert rooms == {"web-1", "web-2", "web-3"}  # rooms spread over every process
        lobby = {get(port, "/") for _ in range(12)}
        assert lobby == {"web-1", "web-2", "web-3"}  # round-robin
        assert get(port, "/static/css/site.css") == "body{}"  # nginx serves static files


@needs_nginx
def test_a_room_whose_process_refuses_connections_moves_to_another_at_once(layout):
    run, port, backends = layout
    with nginx_running(run, port):
        home = get(port, "/t/ABC123/")
        gone = next(b for b in backends if b.name == home)
        gone.shutdown()
        gone.server_close()  # killed, or draining: connections are refused
        started = time.monotonic()
        moved = {get(port, "/t/ABC123/") for _ in range(5)}
        assert len(moved) == 1 and home not in moved
        assert time.monotonic() - started < 2
        # Other rooms stay where they were.
        for n in range(30):
            code = f"R{n:04d}"
            first = get(port, f"/t/{code}/")
            assert get(port, f"/t/{code}/") == first
