"""The load benchmark (``python -m benchmarks.bench_load``), by job: the site's markup as
the people read it (``markup``), how they play (``policy``), their accounts
(``accounts``), the people themselves (``people``), one run (``run``), the measurements
(``measures``), the report (``report``) and the command line (``cli``). The site's
processes are ``harness.stack``."""
