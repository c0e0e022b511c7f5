"""The production layout (deploy/: nginx, two daphne processes, the worker) under one
fault a site meets, injected while tables of simulated people play, on a PostgreSQL and a
Redis of the test's own (benchmarks/bench_faults.py measures the same at ten tables).
After it: every table moves again within seconds, no click is lost, every round that was
playing ends, and every round replays from its log.

Each fault starts real servers and takes about a minute and a half, so the faults are in
two test modules (the services' faults, the processes'), which pytest-xdist runs side by
side."""

import shutil

from benchmarks import bench_faults

MOVING_AGAIN_WITHIN = 10.0  # seconds after the fault is over


def the_site_rides_out(fault, own_postgres, tmp_path):
    from harness.services import OwnRedis

    redis = OwnRedis()
    redis.start()
    try:
        result = bench_faults.run_fault(
            fault, tables=3, after=10.0, workdir=tmp_path, postgres=own_postgres, redis=redis
        )
        # Read before the folder goes: a failure in CI is only ever seen through this.
        logs = server_logs(tmp_path)
    finally:
        redis.stop()
        shutil.rmtree(tmp_path, ignore_errors=True)
    # The whole result in each message (pytest shortens a long dict to its first keys),
    # and the servers' own account of the fault when a table did not move again.
    assert result["moving_again_s"] < MOVING_AGAIN_WITHIN, f"{result}\n{logs}"
    failed = {
        k: result.get(k)
        for k in (
            "timeouts",
            "timed_out",
            "refused",
            "ws_errors",
            "fault_seconds",
            "server_log_problems",
        )
    }
    assert result["clicks"] > 0 and result["clicks_failed_whole_run"] == 0, f"{failed}\n{logs}"
    assert result["rounds_stalled"] == 0, f"{result}\n{logs}"
    assert result["verify_rounds"] == "clean", result


SERVER_LOG_LINES = 40
# Request lines say little about a stall, and the pool's retries while the database is
# down (a pair of lines every few tenths of a second) would push the servers' own
# messages out: both are left out, the retries counted.
REQUEST_LINE_MARKS = ('"GET ', '"POST ', "WSCONNECT", "WSDISCONNECT", "HTTP/1.1")
RETRY_LINE_MARKS = (
    "error connecting in 'pool",
    "Is the server running on that host",
    "reconnection attempt in pool",
)


def server_logs(workdir) -> str:
    """The last lines of each server's log (daphne, worker) other than requests and the
    pool's retries."""
    parts = []
    for log in sorted(workdir.glob("*.log")):
        lines = [
            line
            for line in log.read_text(errors="replace").splitlines()
            if not any(mark in line for mark in REQUEST_LINE_MARKS)
        ]
        kept = [line for line in lines if not any(mark in line for mark in RETRY_LINE_MARKS)]
        parts.append(
            f"--- {log.name} ({len(lines) - len(kept)} lines of the pool's retries "
            f"left out), its last {SERVER_LOG_LINES} lines other than requests:\n"
            + "\n".join(kept[-SERVER_LOG_LINES:])
        )
    return "\n".join(parts)
