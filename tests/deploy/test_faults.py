"""The production layout (deploy/: nginx, two daphne processes, the worker) under the
faults a site meets, each injected while tables of simulated people play, on a
PostgreSQL and a Redis of the test's own (benchmarks/bench_faults.py measures the same
at ten tables). After each: every table moves again within seconds, no click is lost,
every round that was playing ends, and every round replays from its log.

They start real servers and take about a minute each, so they run with the real
services (the PostgreSQL phase of .ci/run), where nginx is installed too."""

import shutil

import pytest

from tests.deploy.marks import with_real_services_and_nginx

pytest.importorskip("aiohttp")

from benchmarks import bench_faults  # noqa: E402

pytestmark = with_real_services_and_nginx

MOVING_AGAIN_WITHIN = 10.0  # seconds after the fault is over


@pytest.mark.parametrize("fault", [
    "redis restart (down 2 s)",
    "postgres restart (down 5 s)",
    "postgres away 25 s",
    "daphne killed",
    "daphne drained (SIGTERM)",
    "worker killed",
])
def test_the_site_rides_out(fault, own_postgres, tmp_path):
    from benchmarks.own_services import OwnRedis

    redis = OwnRedis()
    redis.start()
    try:
        result = bench_faults.run_fault(fault, tables=3, after=10.0, workdir=tmp_path,
                                        postgres=own_postgres, redis=redis)
    finally:
        redis.stop()
        shutil.rmtree(tmp_path, ignore_errors=True)
    assert result["moving_again_s"] < MOVING_AGAIN_WITHIN, result
    # The whole result in the message: pytest shortens a long dict to its first keys.
    failed = {k: result.get(k) for k in ("timeouts", "timed_out", "refused", "ws_errors",
                                          "fault_seconds", "server_log_problems")}
    assert result["clicks"] > 0 and result["clicks_failed_whole_run"] == 0, failed
    assert result["rounds_stalled"] == 0, result
    assert result["verify_rounds"] == "clean", result
