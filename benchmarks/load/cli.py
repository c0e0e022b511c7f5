"""Load benchmark: many tables of four simulated people playing over HTTP and WebSockets.

    .venv/bin/python -m benchmarks.bench_load --tables 1,5,10,25,50 \\
        [--mode default|services] [--processes 1|2] [--seconds 20] [--think 0.2] \\
        [--seed 1] [--offer-pause 1.0] [--idle] [--json out.json] [--project-dir DIR]

For each table count, a fresh site: daphne run from the project directory with
``DEBUG=0`` and settings that count database queries (``harness/stack_settings.py``).
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
import json
import shutil
import signal
import sys
import tempfile
from pathlib import Path

from benchmarks.load.accounts import CREATE_PEOPLE, PASSWORD
from benchmarks.load.measures import Sampler
from benchmarks.load.report import HEADER, details, git_head, row
from benchmarks.load.run import DRAIN_SECONDS, WARMUP_SECONDS, Run
from harness.stack import REPO, Stack


def one_run(args, tables: int, workdir: Path) -> dict:
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
        people = stack.python(CREATE_PEOPLE, str(tables * 4), f"t{tables}p", PASSWORD)
        created = json.loads(people.strip().splitlines()[-1])
        cookies = {"session": created["session_cookie"], "language": created["language_cookie"]}
        sampler = Sampler([(role, p.pid) for role, p in stack.processes])
        hard_timeout = 120 + 4 * tables + WARMUP_SECONDS + args.seconds + DRAIN_SECONDS + 30
        result = asyncio.run(
            _drive(args, stack, tables, created["keys"], cookies, sampler, hard_timeout)
        )
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


async def _drive(
    args,
    stack: Stack,
    tables: int,
    keys: list[str],
    cookies: dict,
    sampler: Sampler,
    hard_timeout: float,
) -> dict:
    run = Run(
        urls=stack.urls,
        tables=tables,
        think=args.think,
        seed=args.seed,
        version_tokens=(args.project_dir / "games/table/version_token.py").exists(),
        idle=args.idle,
        seconds=args.seconds,
        setup_concurrency=args.setup_concurrency,
    )
    try:
        signup = await asyncio.wait_for(run.check_signup(), 60)
        result = await asyncio.wait_for(
            run.execute(keys, cookies, sampler, stack.read_metrics), hard_timeout
        )
        result["signup"] = signup
        return result
    finally:
        await asyncio.wait_for(run.close(), 30)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tables", default="1,5,10,25,50", help="comma-separated table counts, one fresh site each"
    )
    parser.add_argument("--mode", choices=("default", "services"), default="default")
    parser.add_argument(
        "--processes",
        type=int,
        choices=(1, 2, 3, 4),
        default=1,
        help="daphne processes (services mode only)",
    )
    parser.add_argument(
        "--proxy",
        action="store_true",
        help="nginx in front, configured as deploy/ does (rooms pinned to a "
        "process); its CPU is reported apart from the site's",
    )
    parser.add_argument(
        "--no-worker", action="store_true", help="services mode without manage.py run_worker"
    )
    parser.add_argument("--seconds", type=float, default=20.0, help="measured window")
    parser.add_argument(
        "--think",
        type=float,
        default=0.2,
        help="seconds before acting (uniform 0.5x-1.5x; 0: at once)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--idle",
        action="store_true",
        help="seat everyone and open the sockets, then play nothing: the "
        "cost of idle sockets (compare two --tables counts)",
    )
    parser.add_argument(
        "--offer-pause",
        type=float,
        default=1.0,
        help="seconds every discard stays on offer (the site's OFFER_PAUSE)",
    )
    parser.add_argument(
        "--setup-concurrency", type=int, default=8, help="tables set up at the same time"
    )
    parser.add_argument("--json", type=Path, help="write every number here")
    parser.add_argument(
        "--keep-workdir",
        action="store_true",
        help="keep each run's directory (server logs, SQLite file)",
    )
    parser.add_argument(
        "--project-dir",
        type=Path,
        default=REPO,
        help="the checkout whose site is measured (default: this one)",
    )
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


def stop_on_signals() -> None:
    """SIGTERM and SIGINT interrupt the benchmark as Ctrl-C does, so that it stops every
    process it started (even if it was started ignoring SIGINT)."""
    signal.signal(signal.SIGTERM, _terminate)
    signal.signal(signal.SIGINT, signal.default_int_handler)


def main(argv=None) -> int:
    args = parse_args(argv)
    stop_on_signals()
    head = (
        f"## bench_load: mode {args.mode}, {args.processes} daphne process(es)"
        f"{' behind nginx (deploy/)' if args.proxy else ''}"
        f"{' + worker' if args.mode == 'services' and not args.no_worker else ''}, "
        f"think {args.think} s, "
        f"window {args.seconds:g} s, seed {args.seed}, project {args.project_dir} "
        f"({git_head(args.project_dir)})"
    )
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
        print("interrupted: every process the benchmark started has been stopped", file=sys.stderr)
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
        args.json.write_text(
            json.dumps(
                {
                    "mode": args.mode,
                    "processes": args.processes,
                    "think": args.think,
                    "seconds": args.seconds,
                    "seed": args.seed,
                    "project_dir": str(args.project_dir),
                    "commit": git_head(args.project_dir),
                    "runs": results,
                },
                indent=2,
                default=str,
            )
        )
    if interrupted:
        return 130
    return 0 if all("failed" not in r for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
