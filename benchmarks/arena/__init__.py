"""The arena benchmark (``python -m benchmarks.bench_arena``), by job: the tournament
page's markup as the players read it (``board``), the players who wait on the
tournament's socket and play at the tables it seats them at (``players``), one run
(``run``), its figures (``figures``) and the report (``report``). The site's processes are
``harness.stack``; the people at a table, their accounts and the CPU measure are the load
benchmark's (``benchmarks.load``)."""
