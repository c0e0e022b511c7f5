"""The coach's benchmarks (benchmarks/bench_coach.py, benchmarks/bench_coach_bytes.py) run
and measure what they say."""


def test_the_coach_benchmark_times_every_decision():
    from benchmarks import bench_coach

    result = bench_coach.measure(1, "t")
    assert result["all"]["decisions"] > result["discard"]["decisions"] > 20
    assert 0 < result["all"]["mean_ms"] <= result["all"]["max_ms"]


def test_the_bytes_benchmark_measures_updates_with_the_panel():
    from benchmarks.bench_coach_bytes import measure

    found = measure(1, "test")
    assert found["updates"] > 20
    assert found["panel_bytes_when_shown"]["n"] > 0
    assert found["extra_bytes_per_update_where_the_panel_changed"]["mean"] > 0
