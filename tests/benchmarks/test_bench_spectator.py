"""The spectator benchmark plays a whole round and reports each viewer's cost: a change to
the table's pauses or moves that the benchmark does not follow fails here, not on the
day someone needs its figures."""

import subprocess
import sys

from harness import ROOT


def test_the_spectator_benchmark_plays_a_round_and_reports_every_viewer():
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.bench_spectator", "--rounds", "1", "--watchers", "2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    for viewer in ("player", "watcher", "watcher (2nd+)"):
        assert f"first full table, {viewer:8}:" in result.stdout
    assert "1 rounds," in result.stdout
