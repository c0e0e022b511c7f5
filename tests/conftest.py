"""Shared test set-up.

Tests marked `postgres` or `redis` need the real services. They run when DATABASE_URL
points at PostgreSQL and REDIS_URL at Redis (as `.ci/run` arranges) and are skipped,
with the reason shown, on a laptop that runs plain `make test`.
"""

import os
import uuid

import pytest
from django.conf import settings


def _on_postgres() -> bool:
    return settings.DATABASES["default"]["ENGINE"].endswith("postgresql")


def _on_redis() -> bool:
    from channels_redis.core import RedisChannelLayer
    from django.utils.module_loading import import_string

    return issubclass(
        import_string(settings.CHANNEL_LAYERS["default"]["BACKEND"]), RedisChannelLayer
    )


def pytest_configure(config):
    """A fast password hasher: the real one takes a third of a second a password by design,
    and hundreds of tests make accounts and log in; the sites that tests start (harness)
    keep the real one, and the tests of the hasher's use count its calls, not its time.

    Each pytest-xdist worker has its own test database (pytest-django names it after
    the worker) but shares Redis with the others: its channel groups and cache keys take
    the worker's name too, so that a room numbered 1 in one worker's database never
    receives another worker's room 1's messages or counts its log-ins."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return
    layer = settings.CHANNEL_LAYERS["default"]
    if "CONFIG" in layer:
        layer["CONFIG"]["prefix"] = f"{layer['CONFIG'].get('prefix', 'asgi')}-{worker}"
    cache = settings.CACHES["default"]
    if "KEY_PREFIX" in cache:
        cache["KEY_PREFIX"] = f"{cache['KEY_PREFIX']}-{worker}"


def pytest_collection_modifyitems(config, items):
    must_run = os.environ.get("XUEZHAN_REQUIRE_SERVICES") == "1"
    missing = {
        "postgres": None if _on_postgres() else "needs PostgreSQL: set DATABASE_URL=postgres://…",
        "redis": None if _on_redis() else "needs Redis: set REDIS_URL=redis://…",
    }
    if must_run and any(missing.values()):
        # CI promised the services: skipping their tests would hide a broken set-up.
        raise pytest.UsageError("; ".join(reason for reason in missing.values() if reason))
    for item in items:
        for marker, reason in missing.items():
            if reason and marker in item.keywords:
                item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(autouse=True)
def no_background_timers(settings):
    """Tests drive timers themselves; a test that wants the in-process loop turns it on."""
    settings.IN_PROCESS_DRIVER = False
    # No pause after a discard unless a test wants one (tests/table/test_claim_window.py,
    # tests/play/test_room_affinity_timers.py):
    # the others step through moves without waiting out the clock.
    settings.OFFER_PAUSE_SECONDS = 0
    settings.WIN_PAUSE_SECONDS = 0  # nor after a win (tests/play/test_win_pause.py)
    yield
    from games import driver

    driver.stop()
    wait_for_the_database_thread()


def wait_for_the_database_thread(timeout: float = 60) -> None:
    """Let what the test left on the database thread finish before its database is flushed.

    Stopping the timer loop cancels its task, but a step it already handed to the database
    thread (asgiref's one thread for thread-sensitive calls, which Channels'
    ``database_sync_to_async`` uses) runs to its end; so does a closing socket's clean-up.
    On a loaded CI machine the flush met such a step's open transaction ("couldn't be
    flushed"), and that thread's connection was left in a transaction for the tests after
    it ("on_commit() cannot be used in manual transaction management")."""
    from asgiref.sync import SyncToAsync

    SyncToAsync.single_thread_executor.submit(lambda: None).result(timeout=timeout)


@pytest.fixture(autouse=True)
def site_language():
    """Every test starts in the site's own language (Chinese), whatever language a test
    before it in the same process switched to: otherwise a test's outcome would depend
    on which tests its worker happened to run first."""
    from django.utils import translation

    with translation.override(settings.LANGUAGE_CODE):
        yield


@pytest.fixture(autouse=True)
def fresh_table_caches():
    """Each test's database starts its ids again; what a process remembers per room or
    round (earlier rounds' totals, loads shared per change) must start again too."""
    from clubs import pages as club_pages
    from clubs import tallies as club_tallies
    from games.play import broadcast, homes, live, reveals, snapshot
    from games.table import delayed, own_parts, part_cache

    snapshot.forget_cached()
    homes.forget()
    delayed.forget()
    part_cache.forget_rendered()
    own_parts.forget()
    broadcast.forget()
    reveals.forget()  # an earlier test's event loop shows no pause of this one
    live.forget()  # an earlier test's rounds had the same row ids
    club_pages.forget()
    club_tallies.forget_settled()
    yield


@pytest.fixture(autouse=True)
def fresh_channel_layer():
    """Each test gets its own channel layer. channels_redis keeps one receive lock per
    layer object, taken in the event loop of the receive that holds it; when a test's
    loop ends with a socket still receiving, the lock stays held by a loop that is gone,
    and a later test's socket fails with "bound to a different event loop"."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
def fresh_limits(settings, monkeypatch):
    """Each test counts from nothing: its own prefix for the request counters in the
    cache (with REDIS_URL the cache is the Redis the channel layer uses too, so it is not
    flushed) and no socket counted.

    Requests are counted in fixed windows (``common.counters``: each key's window ends
    at its own second of the period), and a count starts again from nothing when its
    window ends: a test whose requests straddled that second saw its failures forgotten
    (CI, stop 35: three failed log-ins, then a fourth let in). Its clock stands still for
    the length of a test, at the second the test began, so every request of one test
    falls in one window."""
    import time

    from common import counters
    from games.table import socket_limits

    now = int(time.time())
    monkeypatch.setattr(counters, "clock", lambda: now)
    settings.RATELIMIT_CACHE_PREFIX = f"rl-test-{uuid.uuid4().hex}:"
    socket_limits.forget_sockets()
    yield
