"""The arena benchmark, small: eight players on a fresh site play quick rounds for 45 s.
Its figures must be sane (moves, rounds, every table moving, the leaderboard's latency
measured, no error): a change to the tournament's pages, its socket or its leaderboard
that the benchmark does not follow fails here, not on the day someone needs the figures
of 200 players."""

import json
import subprocess
import sys

import pytest

from harness import ROOT

pytestmark = pytest.mark.slow  # a site started and 45 s of play


def test_an_arena_of_eight_plays_rounds_and_its_leaderboard_counts_them(tmp_path):
    out = tmp_path / "arena.json"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "benchmarks.bench_arena",
            *("--players", "8", "--seconds", "45", "--think", "0.05", "--offer-pause", "0.2"),
            *("--json", str(out)),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.exists(), result.stderr[-3000:]
    r = json.loads(out.read_text())
    report = result.stdout[:3000]
    assert "failed" not in r, r.get("failed")
    # Quick rounds (no think time, a short offer pause): two tables at a time, each
    # ending its round in well under 45 s.
    assert r["moves"] > 100 and r["moves_per_second"] > 2, report
    assert r["rounds_ended"] >= 2 and r["tables_opened"] >= 4, report
    assert r["tables_in_play"]["max"] == 2, report
    # Every table moved, none stalled; nobody left a table before its settlement.
    assert r["stalls"] == 0 and not r["tables_never_moved"], report
    # The leaderboard counted every round settled in the window, for each of its players.
    latency = r["leaderboard_latency_s"]
    assert latency["n"] >= 4 * r["rounds_ended"] - 4, report
    assert r["leaderboard_never_counted"] == 0, report
    assert 0 <= latency["median"] <= latency["max"] < 5, report
    assert r["error_total"] == 0, report
    assert r["server_cpu_ms_per_move"] > 0, report
    assert result.returncode in (0, 2), result.stderr[-3000:]
