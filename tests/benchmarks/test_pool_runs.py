"""Pooling bench_bots runs on several seeds (benchmarks/bots/pool_runs.py)."""

import json
import math

import pytest

from benchmarks.bots import bench_bots, pool_runs


def run_of(seed: int, mean: float, half: float, deals: int = 1000) -> dict:
    """A run's summary as bench_bots writes it, with one pairing of the given A − B."""
    level = {
        "seat_rounds": 4 * deals,
        "wins": 2 * deals,
        "win_rate": 0.5,
        "zimo_rate": 0.25,
        "deal_in_rate": 0.3,
        "mean_fan": 1.0,
        "income": {source: 0.0 for source in bench_bots.INCOME_SOURCES},
    }
    return {
        "seed": seed,
        "options": {"cap": None},
        "pairings": [
            {
                "a": "expert",
                "b": "ebony-z",
                "deals": deals,
                "difference": {"mean": mean, "low": mean - half, "high": mean + half, "n": deals},
                "levels": {"expert": dict(level), "ebony-z": dict(level)},
            }
        ],
    }


def test_two_equally_precise_runs_pool_to_their_average_with_a_narrower_interval():
    pooled = pool_runs.pool([run_of(1, +0.1, 0.4), run_of(2, -0.3, 0.4)])
    difference = pooled[0]["difference"]
    assert difference["mean"] == pytest.approx(-0.1)
    # Two independent runs of one precision: the interval shrinks by √2.
    assert difference["high"] - difference["mean"] == pytest.approx(0.4 / math.sqrt(2))
    assert difference["n"] == 2000


def test_a_more_precise_run_weighs_more():
    # Half the interval is four times the weight: (4 × 0.2 + 1 × (−0.3)) / 5.
    pooled = pool_runs.pool([run_of(1, +0.2, 0.2), run_of(2, -0.3, 0.4)])
    assert pooled[0]["difference"]["mean"] == pytest.approx(0.1)


def test_levels_rates_are_weighted_by_seat_rounds():
    small, large = run_of(1, 0.0, 0.4, deals=100), run_of(2, 0.0, 0.4, deals=300)
    small["pairings"][0]["levels"]["expert"]["win_rate"] = 0.6
    large["pairings"][0]["levels"]["expert"]["win_rate"] = 0.4
    pooled = pool_runs.pool([small, large])
    assert pooled[0]["levels"]["expert"]["win_rate"] == pytest.approx(0.45)
    assert pooled[0]["levels"]["expert"]["seat_rounds"] == 1600


def test_kong_money_is_pooled_by_seat_rounds_when_every_run_has_it():
    small, large = run_of(1, 0.0, 0.4, deals=100), run_of(2, 0.0, 0.4, deals=300)
    for run, paid in ((small, 0.4), (large, 0.0)):
        run["pairings"][0]["levels"]["expert"]["kong_money"] = {
            reason: {"received": 0.2, "paid": paid} for reason in bench_bots.KONG_REASONS
        }
    pooled = pool_runs.pool([small, large])
    assert pooled[0]["levels"]["expert"]["kong_money"]["kong_added"] == pytest.approx(
        {"received": 0.2, "paid": 0.1}
    )
    assert "kong_money" not in pooled[0]["levels"]["ebony-z"]  # an older run has none


def test_runs_under_different_rules_are_not_pooled():
    other = run_of(2, 0.0, 0.4)
    other["options"] = {"cap": 4}
    with pytest.raises(ValueError, match="different rules"):
        pool_runs.pool([run_of(1, 0.0, 0.4), other])


def test_two_runs_of_one_seed_are_not_pooled():
    with pytest.raises(ValueError, match="same deals"):
        pool_runs.pool([run_of(1, 0.0, 0.4), run_of(1, 0.1, 0.4)])


def test_real_runs_pool_from_the_command_line(tmp_path, capsys):
    paths = []
    for seed in (3, 4):
        path = tmp_path / f"run{seed}.json"
        bench_bots.main(
            ["--rounds", "8", "--levels", "easy,strong", "--seed", str(seed), "--json", str(path)]
        )
        paths.append(path)
    capsys.readouterr()
    pool_runs.main([str(p) for p in paths])
    text = capsys.readouterr().out
    runs = [json.loads(p.read_text())["pairings"][0]["difference"] for p in paths]
    expected = pool_runs.pool_means(runs)
    assert "### easy v strong" in text
    assert "| 3 | 4 |" in text and "| 4 | 4 |" in text  # seed, deals
    assert f"| pooled | 8 | **{expected['mean']:+.3f}" in text
    assert min(r["mean"] for r in runs) <= expected["mean"] <= max(r["mean"] for r in runs)
    assert "| kong money received / paid | kong_concealed |" in text


def test_a_missing_file_is_a_clear_error(tmp_path, capsys):
    with pytest.raises(SystemExit):
        pool_runs.main([str(tmp_path / "nowhere.json")])
    assert "nowhere.json" in capsys.readouterr().err
