"""A move while the database is away (restarting, unreachable): said, waited for, then
made, never dropped.

The first move that finds the database gone marks it away for the whole process; from
then on every move waits for one shared probe (a trivial query with a one-second
timeout, off the thread that applies moves) to find it back, instead of each waiting out
the connection pool's timeout on that thread. The page meanwhile says the table is
reconnecting. A move still waiting after ``GIVE_UP_SECONDS`` is refused without effect.

A move can also be the first to meet the outage without failing at once: when the pool
has dropped its broken connections, the move waits for a new one for the pool's whole
timeout (20 s), longer than a page waits for an answer. So a move that has not finished
within ``SLOW_MOVE_SECONDS`` asks the probe once; if the database does not answer, the
page is told the table is reconnecting while the move goes on waiting.
"""

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from asgiref.sync import sync_to_async
from django.db import connections

from common import health
from games.play import outage

logger = logging.getLogger(__name__)

# Longer than the 30 s outage a site should ride out, with time for the pool to reconnect.
GIVE_UP_SECONDS = 40.0
PROBE_EVERY_SECONDS = 0.5
PROBE_TIMEOUT_SECONDS = 1.0
# Far above a move's own time (a few ms, p99 well under a second at fifty tables).
SLOW_MOVE_SECONDS = 1.0

# What a database that is restarting or out of reach raises; a refused move
# (ServiceError) is not among them.
DATABASE_AWAY = outage.DATABASE_AWAY


class DatabaseAway(Exception):
    """The database did not come back within GIVE_UP_SECONDS: the move was not made."""


_back: asyncio.Event | None = None  # set while the database answers; None: never away
_probe: asyncio.Task | None = None


def is_away() -> bool:
    return _back is not None and not _back.is_set()


async def retry(attempt: Callable[[], Awaitable], *, on_wait: Callable[[], Awaitable[None]]):
    """``attempt()`` once the database answers; ``on_wait()`` once, if it has to wait."""
    give_up_at = time.monotonic() + GIVE_UP_SECONDS
    told = False

    async def tell() -> None:
        nonlocal told
        if not told:
            told = True
            await on_wait()

    while True:
        if is_away():
            await tell()
            if not await _wait_back(give_up_at):
                raise DatabaseAway
        try:
            return await _telling_if_slow(attempt(), tell)
        except DATABASE_AWAY as exc:
            logger.warning("database away during a move: %s", exc)
            _mark_away()
            if time.monotonic() >= give_up_at:
                raise DatabaseAway from exc


async def _telling_if_slow(attempt: Awaitable, tell: Callable[[], Awaitable[None]]):
    """The attempt's result; ``tell()`` meanwhile if it is slow and the database does
    not answer the probe."""
    task = asyncio.ensure_future(attempt)
    done, _ = await asyncio.wait({task}, timeout=SLOW_MOVE_SECONDS)
    if not done and not await sync_to_async(_database_answers, thread_sensitive=False)():
        await tell()
    return await task


def _mark_away() -> None:
    global _back, _probe
    outage.noticed_away()  # the clocks resume before this process's next due step
    loop = asyncio.get_running_loop()
    if _back is None or _probe is None or _probe.done() or _probe.get_loop() is not loop:
        _back = asyncio.Event()
        _probe = loop.create_task(_probe_until_back(_back))
    else:
        _back.clear()


async def _wait_back(give_up_at: float) -> bool:
    back = _back
    try:
        async with asyncio.timeout(max(give_up_at - time.monotonic(), 0)):
            await back.wait()
        return True
    except TimeoutError:
        return False


async def _probe_until_back(back: asyncio.Event) -> None:
    probe = sync_to_async(_database_answers, thread_sensitive=False)
    while True:
        await asyncio.sleep(PROBE_EVERY_SECONDS)
        if back.is_set() or await probe():
            # The held moves go next: not on the connections the outage broke.
            await sync_to_async(health.drop_broken_connections, thread_sensitive=False)()
            back.set()
            logger.warning("database back")
            return


def _database_answers() -> bool:
    try:
        health.check_database(timeout=PROBE_TIMEOUT_SECONDS)
        return True
    except Exception:
        return False
    finally:
        connections.close_all()  # this thread's connection, given back to the pool
