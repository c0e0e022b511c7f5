"""Faults under load: the production layout (nginx, two daphne processes and the worker,
deploy/) on a PostgreSQL and a Redis of the benchmark's own, with tables of simulated
people (benchmarks/load) playing, while one fault is injected.

    .venv/bin/python -m benchmarks.bench_faults [--tables 10] [--faults all|NAME,…]
                                                 [--json out.json]

Each fault gets a fresh site. The people play ``LEAD_SECONDS`` before the fault and
``--after`` seconds after it is over; then they close their pages, and every round that
was playing must still end (their seats play themselves once they are away, paced by
whatever process holds the deadlines). Reported per fault:

- moving again: seconds from the end of the fault until every table has moved (a new
  version seen by one of its people), the worst table;
- longest stall: the longest time any table went without a move around the fault;
- clicks failed: clicks that got no update within the load benchmark's timeout, or a refusal
  (a click the table had moved past, another claim first, is the rules' answer and is
  counted apart, as "stale");
- rounds stalled: rounds still playing ``FINISH_SECONDS`` after the people left;
- verify_rounds: every round replays from its log to its stored state and ledger (a
  move lost half-way or made twice would not).
"""

import argparse
import asyncio
import json
import math
import shutil
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from benchmarks.load.accounts import CREATE_PEOPLE, PASSWORD
from benchmarks.load.measures import Sampler
from benchmarks.load.people import Table
from benchmarks.load.report import git_head
from benchmarks.load.run import Run
from harness.services import OwnPostgres, OwnRedis
from harness.stack import REPO, Stack

LEAD_SECONDS = 8.0
FINISH_SECONDS = 120.0
DATABASE = "xuezhan_faults"

ROUNDS_PLAYING = """
import django
django.setup()
from games.models import Round
print(Round.objects.filter(status=Round.Status.PLAYING).count(), Round.objects.count())
"""


@dataclass
class Site:
    stack: Stack
    postgres: OwnPostgres
    redis: OwnRedis

    def web_roles(self) -> list[str]:
        """The web processes, the one holding the most rooms first (a fault there
        reaches the most tables)."""
        metrics = self.stack.read_metrics(full=True)
        held = {
            role: (metrics.get(p.pid) or {}).get("rooms_held") or 0
            for role, p in self.stack.processes
            if role.startswith("daphne-")
        }
        return sorted(held, key=held.get, reverse=True)


def redis_restart(site: Site) -> None:
    site.redis.restart(down_seconds=2.0)


def postgres_restart(site: Site) -> None:
    site.postgres.restart(down_seconds=5.0)


def postgres_away(site: Site) -> None:
    site.postgres.restart(down_seconds=25.0)


def daphne_killed(site: Site) -> None:
    """SIGKILL: no drain. The supervisor starts it again a few seconds later."""
    role = site.web_roles()[0]
    site.stack.kill(role)
    threading.Timer(3.0, site.stack.respawn, args=(role,)).start()


def daphne_drained(site: Site) -> None:
    """SIGTERM, as a rolling restart does: the process drains, then starts again."""
    role = site.web_roles()[0]
    site.stack.terminate(role)
    threading.Timer(1.0, site.stack.respawn, args=(role,)).start()


def worker_killed(site: Site) -> None:
    site.stack.kill("worker")


FAULTS = {
    "redis restart (down 2 s)": redis_restart,
    "redis restart, sockets split (down 2 s)": redis_restart,
    "postgres restart (down 5 s)": postgres_restart,
    "postgres away 25 s": postgres_away,
    "daphne killed": daphne_killed,
    "daphne drained (SIGTERM)": daphne_drained,
    "worker killed": worker_killed,
}


def arrivals(table: Table) -> list[float]:
    """Every moment one of the table's people saw it move."""
    return sorted(t for seat in table.seen for _versions, times in seat.values() for t in times)


def recovery(tables: list[Table], fault_at: float, over_at: float) -> dict:
    again, stalls = [], []
    for table in tables:
        times = arrivals(table)
        after = [t for t in times if t > over_at]
        again.append(after[0] - over_at if after else float("inf"))
        around = (
            [fault_at - 2.0]
            + [t for t in times if fault_at - 2.0 < t < over_at + 30]
            + [after[0] if after else float("inf")]
        )
        stalls.append(max(b - a for a, b in zip(around, around[1:], strict=False)))
    return {
        "moving_again_s": max(again),
        "longest_stall_s": max(stalls),
        "moving_again_by_table_s": [round(x, 2) for x in again],
        "moves_seen_by_table": [len(arrivals(t)) for t in tables],
    }


# Faults met with each table's sockets split over the two web processes (no proxy: the
# people of a table connect to the processes in turn), as during a drain or a change of
# the proxy's hash ring: a move reaches the other process's sockets only through Redis.
SPLIT = {"redis restart, sockets split (down 2 s)"}


def run_fault(name: str, **kwargs) -> dict:
    """One fresh site, one fault under load; the measurements (see the module)."""
    return run_faults([name], split=name in SPLIT, **kwargs)[0]


def run_faults(
    names: list[str],
    *,
    tables: int,
    after: float,
    workdir: Path,
    postgres: OwnPostgres,
    redis: OwnRedis,
    project_dir: Path = REPO,
    think: float = 0.2,
    seed: int = 1,
    offer_pause: float = 0.5,
    lead: float = LEAD_SECONDS,
    split: bool = False,
) -> list[dict]:
    """One fresh site under load, the faults one after the other (``lead`` seconds of
    play before each, ``after`` after it); one result per fault, each with the checks of
    the whole run's end (rounds stalled, verify_rounds). ``split``: each table's sockets
    over both web processes (``SPLIT``)."""
    stack = Stack(
        project_dir=project_dir,
        mode="services",
        processes=2,
        workdir=workdir,
        offer_pause=offer_pause,
        proxy=not split,
        database_url=f"{postgres.url.rsplit('/', 1)[0]}/{DATABASE}",
        redis_url=redis.url,
    )
    stack.env["DISCONNECT_GRACE"] = "2"  # the people's seats play themselves soon after
    site = Site(stack, postgres, redis)
    try:
        stack.start()
        created = json.loads(
            stack.python(CREATE_PEOPLE, str(tables * 4), "f", PASSWORD).strip().splitlines()[-1]
        )
        cookies = {"session": created["session_cookie"], "language": created["language_cookie"]}
        sampler = Sampler([(role, p.pid) for role, p in stack.processes])
        results = asyncio.run(
            _play_through(
                names, site, tables, created["keys"], cookies, sampler, after, think, seed, lead
            )
        )
        stalled, rounds = _wait_rounds_end(stack)
        verify = stack.manage("verify_rounds", timeout=600)
        lines = [line for line in verify.splitlines() if line.startswith("round ")]
        verdict = "clean" if lines and all(x.endswith(": ok") for x in lines) else "MISMATCH"
        problems = stack.log_problems()
        for result in results:
            result.update(
                rounds_stalled=stalled,
                rounds=rounds,
                verify_rounds=verdict,
                verified_rounds=len(lines),
                server_log_problems=problems,
            )
        return results
    finally:
        stack.stop()
        # A fault may have left a service down: up again for the next run.
        if redis.process is None or redis.process.poll() is not None:
            redis.start()


async def _play_through(names, site, tables, keys, cookies, sampler, after, think, seed, lead):
    run = Run(
        urls=site.stack.urls,
        tables=tables,
        think=think,
        seed=seed,
        seconds=len(names) * (lead + 60 + after),
        setup_concurrency=8,
        version_tokens=True,
    )
    segments = []  # (name, fault_at, over_at, the click counts before and after)

    def counts() -> tuple[int, int, int]:
        stats = run.stats
        return (
            len(stats.clicks),
            stats.timeouts + sum(stats.refused.values()),
            sum(stats.stale.values()),
        )

    async def inject():
        while run.stats.window[0] == math.inf:  # the tables are still being set up
            await asyncio.sleep(0.05)
        for name in names:
            before = counts()
            await asyncio.sleep(lead)
            fault_at = time.perf_counter()
            await asyncio.to_thread(FAULTS[name], site)
            over_at = time.perf_counter()
            await asyncio.sleep(after)
            segments.append((name, fault_at, over_at, before, counts()))
        run.stats.window = (run.stats.window[0], time.perf_counter())

    injector = asyncio.create_task(inject())
    execute = asyncio.create_task(run.execute(keys, cookies, sampler, site.stack.read_metrics))
    try:
        await injector
        # The window was cut short after the last fault: stop the run's sleep there.
        while not execute.done():
            if time.perf_counter() >= run.stats.window[1] + 0.5:
                execute.cancel()
            await asyncio.sleep(0.2)
        started = [t for t in run.tables if t.path]
        results = []
        for name, fault_at, over_at, before, after_counts in segments:
            clicks, failed, stale = (b - a for a, b in zip(before, after_counts, strict=True))
            results.append(
                {
                    "fault": name,
                    "tables": tables,
                    **recovery(started, fault_at, over_at),
                    "fault_seconds": over_at - fault_at,
                    "clicks": clicks,
                    "clicks_failed": failed,
                    "stale": stale,
                }
            )
        # What the whole run saw (a click's timeout is counted 10 s after it was sent).
        stats = run.stats
        first_fault = segments[0][1] if segments else 0.0
        results[-1].update(
            timeouts=stats.timeouts,
            refused=dict(stats.refused),
            timed_out=[
                (round(sent - first_fault, 2), kind, held) for sent, kind, held in stats.timed_out
            ],
            ws_errors=dict(stats.ws_errors),
            clicks_failed_whole_run=stats.timeouts + sum(stats.refused.values()),
        )
        return results
    finally:
        await asyncio.wait_for(run.close(), 30)


def _wait_rounds_end(stack: Stack) -> tuple[int, int]:
    give_up = time.monotonic() + FINISH_SECONDS
    while True:
        playing, total = (int(x) for x in stack.python(ROUNDS_PLAYING).split()[-2:])
        if playing == 0 or time.monotonic() > give_up:
            return playing, total
        time.sleep(2)


def row(r: dict) -> str:
    if "failed" in r:
        return f"| {r['fault']} | failed: {r['failed'][:300]} |"
    return (
        f"| {r['fault']} | {r['moving_again_s']:.1f} | {r['longest_stall_s']:.1f} "
        f"| {r['verify_rounds']} ({r['verified_rounds']} rounds) | {r['rounds_stalled']} "
        f"| {r.get('clicks_failed_whole_run', r['clicks_failed'])} of {r['clicks']} "
        f"| {r.get('stale', 0)} |"
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--faults", default="all")
    parser.add_argument(
        "--after", type=float, default=20.0, help="seconds of play after each fault is over"
    )
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    names = (
        list(FAULTS)
        if args.faults == "all"
        else [
            next(n for n in FAULTS if n.startswith(part.strip())) for part in args.faults.split(",")
        ]
    )
    postgres, redis = OwnPostgres(), OwnRedis()
    postgres.create()
    redis.start()
    results = []
    try:
        for name in names:
            print(f"... {name}", file=sys.stderr, flush=True)
            workdir = Path(tempfile.mkdtemp(prefix="bench-faults-"))
            try:
                results.append(
                    run_fault(
                        name,
                        tables=args.tables,
                        after=args.after,
                        workdir=workdir,
                        postgres=postgres,
                        redis=redis,
                    )
                )
            except Exception as exc:  # the next fault still runs
                results.append({"fault": name, "failed": f"{type(exc).__name__}: {exc}"})
            finally:
                shutil.rmtree(workdir, ignore_errors=True)
            print(row(results[-1]), file=sys.stderr, flush=True)
    finally:
        redis.stop()
        postgres.destroy()
    print(f"## bench_faults: {args.tables} tables, nginx + 2 daphne + worker ({git_head(REPO)})\n")
    print(
        "| fault | every table moving again (s after it is over) | longest stall (s) "
        "| moves lost or doubled (verify_rounds) | rounds stalled | clicks failed "
        "| stale clicks |"
    )
    print("|---|---|---|---|---|---|---|")
    for result in results:
        print(row(result))
    for result in results:
        problems = {k: v for k, v in result.get("server_log_problems", {}).items() if v}
        extra = {k: result[k] for k in ("refused", "ws_errors") if result.get(k)}
        if problems or extra:
            print(f"- {result['fault']}: {extra} {problems}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, default=str))
    return 0 if all("failed" not in r for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
