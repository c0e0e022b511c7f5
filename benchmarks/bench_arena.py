"""Arena benchmark: a tournament of simulated players on the site as ``make run`` serves
it, played for a window, with the figures the arena's goal asks for.

    .venv/bin/python -m benchmarks.bench_arena [--players 200] [--minutes 10] \\
        [--think 0.2] [--offer-pause 1.0] [--stall-seconds 10] [--load-seconds 120] \\
        [--json out.json] [--seed 1]

A fresh site as the load benchmark starts it (harness.stack, ``default`` mode: one daphne
process with ``DEBUG=0``, a new SQLite file, the in-memory channel layer), ``--players``
accounts with logged-in sessions written into its database (benchmarks.load.accounts).
Then everything goes through the pages, as browsers: the first player makes an arena on
/tournaments/new/ (its window long enough for the run, room for every player), everybody
signs up on its page (and checks in where the page offers it) and keeps the page open
(its socket), the maker presses "start now" (everybody signed up counts as checked in).
Each player reads their row of the leaderboard the socket sends, as tournament-live.js
does: when it shows them at a table they load the table's page, open its socket and play
as the load benchmark's people play (benchmarks.load.people, same policy and think
time), and after the settlement they leave the table and wait for the next one, the
tournament's page still open.

Measured over a window of ``--minutes`` once everybody is seated and every table moves:
moves (version increments, once per table) and rounds ended; the server process's CPU
per move, measured as the load benchmark does (``--load-seconds S`` also runs the plain
load benchmark at players/4 tables for S seconds, for the figure beside it); the tables
in play at once (sampled every second); a table in play with no move for
``--stall-seconds`` is a stall; the leaderboard's latency: from a round's settlement
frame reaching a player to the first leaderboard frame on that player's tournament
socket whose Rounds column counts it (median, p95, max); errors: HTTP 4xx/5xx and
failures, socket failures and closes, refusals, timeouts, the leaderboard's and the
tables' problems, and tracebacks in the server's log.
"""

import argparse
import asyncio
import json
import shutil
import sys
import tempfile
from pathlib import Path

from benchmarks.arena.figures import error_count
from benchmarks.arena.report import text, verdict
from benchmarks.arena.run import DRAIN_SECONDS, WARMUP_SECONDS, ArenaRun
from benchmarks.load import cli as load_cli
from benchmarks.load.accounts import CREATE_PEOPLE, PASSWORD
from benchmarks.load.measures import Sampler
from benchmarks.load.report import git_head
from harness.stack import REPO, Stack


def arena(args, workdir: Path) -> dict:
    stack = Stack(
        project_dir=args.project_dir,
        mode=args.mode,
        processes=args.processes,
        workdir=workdir,
        offer_pause=args.offer_pause,
        proxy=args.proxy,
        worker=not args.no_worker,
    )
    try:
        stack.start()
        people = stack.python(CREATE_PEOPLE, str(args.players), "arena", PASSWORD)
        created = json.loads(people.strip().splitlines()[-1])
        cookies = {"session": created["session_cookie"], "language": created["language_cookie"]}
        sampler = Sampler([(role, p.pid) for role, p in stack.processes])
        result = asyncio.run(_drive(args, stack, created["keys"], cookies, sampler))
        result["server_log_problems"] = stack.log_problems()
        result["error_total"] = error_count(result, result["server_log_problems"])
        result["server_pid"] = stack.processes[0][1].pid
        return result
    except Exception as exc:
        for role, _process in stack.processes:
            tail = stack.log_tail(role, 1500)
            if tail.strip():
                print(f"--- {role} log (tail) ---\n{tail}", file=sys.stderr)
        return {"players": args.players, "failed": f"{type(exc).__name__}: {exc}"[:2000]}
    finally:
        stack.stop()


async def _drive(args, stack: Stack, keys: list[str], cookies: dict, sampler: Sampler) -> dict:
    run = ArenaRun(
        url=stack.urls[0],
        players=args.players,
        seconds=args.seconds,
        think=args.think,
        seed=args.seed,
        version_tokens=(args.project_dir / "games/table/version_token.py").exists(),
        stall_seconds=args.stall_seconds,
        setup_concurrency=args.setup_concurrency,
    )
    hard_timeout = 120 + args.players + WARMUP_SECONDS + args.seconds + DRAIN_SECONDS + 30
    try:
        result = await asyncio.wait_for(
            run.execute(keys, cookies, sampler, stack.read_metrics), hard_timeout
        )
    except BaseException:
        await run.close()
        raise
    result["close_seconds"] = await run.close()
    return result


def plain_load(args) -> dict:
    """The load benchmark at the same number of tables, think time and offer pause."""
    tables = max(1, args.players // 4)
    load_args = load_cli.parse_args(
        [
            *("--tables", str(tables), "--seconds", str(args.load_seconds)),
            *("--think", str(args.think), "--seed", str(args.seed)),
            *("--offer-pause", str(args.offer_pause), "--project-dir", str(args.project_dir)),
            *("--mode", args.mode, "--processes", str(args.processes)),
            *(["--proxy"] if args.proxy else []),
            *(["--no-worker"] if args.no_worker else []),
        ]
    )
    workdir = Path(tempfile.mkdtemp(prefix=f"bench-arena-load-{tables}-"))
    try:
        return load_cli.one_run(load_args, tables, workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--minutes", type=float, default=10.0, help="the measured window")
    parser.add_argument("--seconds", type=float, help="the measured window, in seconds")
    parser.add_argument("--think", type=float, default=0.2, help="as bench_load's --think")
    parser.add_argument("--offer-pause", type=float, default=1.0, help="as bench_load's")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--mode",
        choices=("default", "services"),
        default="default",
        help="default: as make run (SQLite, in-memory layer, one process); services: "
        "PostgreSQL and Redis, as make prod",
    )
    parser.add_argument("--processes", type=int, choices=(1, 2, 3, 4), default=1)
    parser.add_argument(
        "--proxy", action="store_true", help="nginx in front, as deploy/ (needed for 2+)"
    )
    parser.add_argument("--no-worker", action="store_true", help="services without run_worker")
    parser.add_argument(
        "--stall-seconds",
        type=float,
        default=10.0,
        help="a table in play this long without a move has stalled",
    )
    parser.add_argument("--setup-concurrency", type=int, default=8)
    parser.add_argument(
        "--load-seconds",
        type=float,
        default=0.0,
        help="then run the plain load benchmark at players/4 tables this long (0: not)",
    )
    parser.add_argument("--json", type=Path, help="write every number here")
    parser.add_argument("--keep-workdir", action="store_true", help="keep the server's log")
    parser.add_argument("--project-dir", type=Path, default=REPO)
    args = parser.parse_args(argv)
    args.project_dir = args.project_dir.resolve()
    if args.seconds is None:
        args.seconds = args.minutes * 60
    if args.mode == "default" and args.processes != 1:
        parser.error("default mode (in-memory channel layer) runs one process")
    if args.processes > 1 and not args.proxy:
        parser.error("--processes 2+ needs --proxy: the players, as browsers, use one address")
    if args.players < 2 or args.players > 400:
        parser.error("--players: 2 to 400 (a tournament's limit)")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    load_cli.stop_on_signals()
    print(
        f"## bench_arena: {args.players} players, mode {args.mode}, {args.processes} "
        f"process(es){' behind nginx' if args.proxy else ''}, window {args.seconds:g} s, think "
        f"{args.think} s, offer pause {args.offer_pause} s, seed {args.seed}, project "
        f"{args.project_dir} ({git_head(args.project_dir)})",
        flush=True,
    )
    workdir = Path(tempfile.mkdtemp(prefix="bench-arena-"))
    try:
        result = arena(args, workdir)
        if args.load_seconds > 0 and "failed" not in result:
            print("... the plain load benchmark", file=sys.stderr, flush=True)
            result["plain_load"] = plain_load(args)
    except KeyboardInterrupt:
        print("interrupted: every process the benchmark started has been stopped", file=sys.stderr)
        return 130
    finally:
        if args.keep_workdir:
            print(f"    kept {workdir}", file=sys.stderr)
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    print(text(result))
    out = json.dumps(result, indent=2, default=str)
    if args.json:
        args.json.write_text(out)
    else:
        print(out)
    if "failed" in result:
        return 1
    return 0 if all(ok for _what, ok in verdict(result)) else 2


if __name__ == "__main__":
    sys.exit(main())
