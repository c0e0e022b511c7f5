"""Starting the site outside the test process, for tests, benchmarks and tools alike:
free ports (``ports``), a local daphne site (``site``), the production layout of nginx,
several daphne processes and the worker (``stack``), Redis and PostgreSQL servers of a
run's own (``services``), Chromium and a player in it (``browser``).

The site's packages (games, accounts, challenge, xuezhan) never import it
(tests/architecture/test_test_imports.py)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
