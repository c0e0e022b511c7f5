"""`make prod`'s script (deploy/prod.py) brings the whole layout up on this machine:
supervisord running nginx, two daphne processes and the worker, on a PostgreSQL and a
Redis of the test's own; the site answers through nginx, which serves the static files."""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from harness.ports import free_port
from harness.services import OwnRedis
from tests.deploy.marks import with_real_services_and_nginx

ROOT = Path(__file__).resolve().parents[2]

pytestmark = with_real_services_and_nginx


def fetch(url: str) -> tuple[int, str, dict]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read().decode(errors="replace"), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, "", dict(error.headers)


def test_make_prod_serves_the_site_through_nginx(own_postgres):
    redis = OwnRedis()
    redis.start()
    port = free_port()
    # nginx's workers run as an unprivileged user: what they read must be reachable by it
    # (pytest's own temporary folders are private to their owner).
    tmp_path = Path(tempfile.mkdtemp(prefix="xuezhan-prod-"))
    tmp_path.chmod(0o755)
    run = tmp_path / "prod"
    env = dict(
        os.environ,
        DATABASE_URL=own_postgres.url.rsplit("/", 1)[0] + "/xuezhan_prod",
        REDIS_URL=redis.url,
        SECRET_KEY="prod-test-key-" + "x" * 40,
        STATIC_ROOT=str(tmp_path / "static"),
    )
    process = subprocess.Popen(
        [
            sys.executable,
            "deploy/prod.py",
            "--web",
            "2",
            "--listen",
            f"127.0.0.1:{port}",
            "--run",
            str(run),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        give_up = time.monotonic() + 120
        status = None
        while time.monotonic() < give_up:
            if process.poll() is not None:
                break
            try:
                status, body, _headers = fetch(base + "/healthz")
            except OSError:
                status = None
            if status == 200:
                break
            time.sleep(0.5)
        assert status == 200, (
            process.stdout.read1().decode(errors="replace")[-3000:]
            if process.poll() is not None
            else f"no healthy site at {base}"
        )
        status, body, _headers = fetch(base + "/")
        assert status == 200 and "血战到底" in body
        status, css, headers = fetch(base + "/static/css/site.css")
        assert status == 200 and headers.get("Server", "").startswith("nginx")
        programs = subprocess.run(
            [
                str(Path(sys.executable).with_name("supervisorctl")),
                "-c",
                str(run / "supervisord.conf"),
                "status",
            ],
            capture_output=True,
            text=True,
        ).stdout
        for name in ("web-1", "web-2", "worker", "proxy"):
            assert any(
                line.startswith(name) and "RUNNING" in line for line in programs.splitlines()
            ), programs
    finally:
        os.killpg(process.pid, signal.SIGTERM)  # supervisord stops every process it runs
        try:
            process.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
        redis.stop()
        shutil.rmtree(tmp_path, ignore_errors=True)
