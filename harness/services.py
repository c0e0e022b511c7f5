"""Redis and PostgreSQL servers of a benchmark's or test's own, on free ports, that it may
stop, restart and kill: a fault is never injected into the machine's own services
(benchmarks/bench_faults.py, tests/deploy)."""

import contextlib
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from harness.ports import free_port, wait_for_port


class Unavailable(RuntimeError):
    """This machine lacks the server programs."""


PG_BIN_DIRS = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)


class OwnRedis:
    def __init__(self) -> None:
        if shutil.which("redis-server") is None:
            raise Unavailable("needs redis-server")
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for_port(self.port)

    def stop(self) -> None:
        """Gone at once, as in a crash (its data with it: it keeps nothing on disk)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def restart(self, down_seconds: float = 0.0) -> None:
        self.stop()
        time.sleep(down_seconds)
        self.start()


class OwnPostgres:
    """A PostgreSQL cluster in a temporary folder, run as the ``postgres`` user when the
    test runs as root (PostgreSQL refuses to run as root)."""

    def __init__(self) -> None:
        if not PG_BIN_DIRS:
            raise Unavailable("needs PostgreSQL's server programs (/usr/lib/postgresql/*/bin)")
        self.bin = PG_BIN_DIRS[0]
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="xuezhan-pg-"))
        self.data = self.folder / "data"
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            if shutil.which("runuser") is None:
                raise Unavailable("needs runuser to run PostgreSQL as its own user")
            shutil.chown(self.folder, "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *argv: str, timeout: float = 120) -> None:
        subprocess.run(
            [*self.as_user, *argv],
            check=True,
            timeout=timeout,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def create(self) -> None:
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--auth=trust",
            "--no-sync",
            "-E",
            "UTF8",
        )
        self.start()

    def start(self) -> None:
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-w",
            "-l",
            str(self.folder / "log"),
            "-o",
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c max_connections=200",
            "start",
        )

    def stop(self, mode: str = "immediate") -> None:
        """``immediate``: gone at once, as in a crash (it recovers from its log)."""
        with contextlib.suppress(subprocess.CalledProcessError):
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    def restart(self, down_seconds: float = 0.0) -> None:
        self.stop()
        time.sleep(down_seconds)
        self.start()

    def destroy(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)
