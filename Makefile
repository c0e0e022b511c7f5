# Quick start: `make run` serves the site, `make test` runs every test.
# `make run` serves as players see it (DEBUG off); `make dev` is the same with Django's
# debug pages and template reloading, for development only.
# Both create .venv on first use and install what they need into it.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000

.PHONY: run dev test test-fast migrations-check lint bench bench-load prod clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall only when the dependency list changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

run: $(VENV)/.installed
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput -v0
	STATIC_COLLECTED=1 $(BIN)/daphne -b 127.0.0.1 -p $(PORT) xuezhan.asgi:application

dev: $(VENV)/.installed
	DEBUG=1 $(BIN)/python manage.py migrate --noinput
	DEBUG=1 $(BIN)/daphne -b 127.0.0.1 -p $(PORT) xuezhan.asgi:application

# The tests run on every core (pytest-xdist): each module on one worker, so that a module's
# site or browser is started once; TEST_WORKERS=0 runs them in this process.
TEST_WORKERS ?= auto
XDIST = -n $(TEST_WORKERS) --dist loadfile

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest $(XDIST) $(PYTEST_ARGS)

# The edit loop: every test but the browser's, the deployment's and the slow ones
# (`make test` runs all).
test-fast: $(VENV)/.installed-test
	$(BIN)/python -m pytest $(XDIST) -q -m "not e2e and not slow" --ignore=tests/deploy $(PYTEST_ARGS)

# Fails when a model changed without its migration.
migrations-check: $(VENV)/.installed
	$(BIN)/python manage.py makemigrations --check --dry-run

# The linter (with a complexity limit: pyproject.toml) and the formatter's check.
lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

clean:
	rm -rf $(VENV) db.sqlite3 db.sqlite3-* staticfiles .prod

# The production layout on this machine (docs/operations.md, "Deployment"): nginx (Debian's nginx or
# nginx-light) in front of PROD_WEB daphne processes and a worker, under supervisord, on
# PostgreSQL and Redis. Not part of the quick start.
PROD_WEB ?= 2
PROD_LISTEN ?= 127.0.0.1:8080
$(VENV)/.installed-prod: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[prod]'
	touch $@ $(VENV)/.installed

prod: $(VENV)/.installed-prod
	$(BIN)/python deploy/prod.py --web $(PROD_WEB) --listen $(PROD_LISTEN)

# Benchmarks (figures to compare one commit with another); `mahjong` is only the yardstick.
bench: $(VENV)/.installed-test
	$(BIN)/python -m pip install --quiet mahjong
	$(BIN)/python -m benchmarks.bench_hands
	$(BIN)/python -m benchmarks.bench_round

$(VENV)/.installed-bench: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $@ $(VENV)/.installed-test $(VENV)/.installed

# Load benchmark: many tables of simulated people, e.g.
# make bench-load BENCH_ARGS="--tables 1,10,50 --mode services --processes 2"
bench-load: $(VENV)/.installed-bench
	$(BIN)/python -m benchmarks.bench_load $(BENCH_ARGS)
