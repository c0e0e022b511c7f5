"""What a run measures: the clicks and their updates, the errors, percentiles, and the CPU
and memory of every process."""

import asyncio
import contextlib
import math
import statistics
import time
from collections import Counter
from dataclasses import dataclass

import psutil


def percentile(values: list[float], p: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))]


def summary(values: list[float]) -> dict:
    return {
        "n": len(values),
        "p50": percentile(values, 50),
        "p90": percentile(values, 90),
        "p99": percentile(values, 99),
        "max": max(values) if values else None,
        "mean": statistics.fmean(values) if values else None,
    }


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
    # The people.Table it was made at (not imported: people imports this module).
    table: object
    kind: str = ""  # discard, pass, pong…: the tail of the latency is some kinds' pauses


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
            result[role] = {
                "pid": proc.pid,
                "cpu_seconds": used,
                "cpu_per_second": used / elapsed,
                "max_rss_mb": self.rss.get(role, 0) / 2**20,
            }
        return result


@dataclass
class Window:
    """What one measured window gave: its length, the CPU of each process, the queries."""

    elapsed: float
    cpu: dict
    before_queries: dict  # process id -> queries so far, as the window opened
    after_queries: dict  # the same as it closed

    @property
    def queries(self) -> int:
        return sum(q - self.before_queries.get(pid, 0) for pid, q in self.after_queries.items())


async def measure_window(stats: Stats, sampler: Sampler, metrics, seconds: float) -> Window:
    """Measure ``seconds`` of play from now: the clicks counted in ``stats`` from here,
    every process's CPU (``sampler``), the server's queries (``metrics()``: process id ->
    queries so far)."""
    before = metrics()
    sampler.begin()
    start = time.perf_counter()
    stats.window = (start, start + seconds)
    sampling = asyncio.create_task(sampler.sample_until(start + seconds))
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - start
    after = metrics()
    await sampling
    return Window(elapsed, sampler.end(elapsed), before, after)
