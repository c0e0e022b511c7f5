"""The bot lab: the duplicate tournament of computer players (``bench_bots``), pooling its
runs (``pool_runs``) and outside players seated on our engine (``opponents``, skipped
when ../shared is absent). For benchmarks only: the site never imports it."""
