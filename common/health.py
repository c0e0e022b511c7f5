"""Does this process reach what every move needs: the database answers a query, and the
channel layer carries a message (a round trip through a private channel), each within a
second or two. The health page (``xuezhan.health``) asks both; the table's clocks and a
move held while the database is away (``games.play.outage``, ``games.table.reconnect``)
ask the database.
"""

import asyncio
import logging
import uuid

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connection

logger = logging.getLogger(__name__)

CHANNEL_CHECK_SECONDS = 2.0


DATABASE_CHECK_SECONDS = 1.0


def _postgres_pool():
    """PostgreSQL's connection pool (psycopg_pool), or None (SQLite)."""
    return getattr(connection, "pool", None) if connection.vendor == "postgresql" else None


def check_database(timeout: float = DATABASE_CHECK_SECONDS) -> None:
    """A trivial query, answered within ``timeout``. Through PostgreSQL's pool the wait
    for a connection is bounded by ``timeout`` rather than the pool's own (20 s, made for
    busy page loads): a database that is down is reported at once."""
    pool = _postgres_pool()
    if pool is not None:
        pool.open()  # as Django does before its first connection (nothing if open)
        with pool.connection(timeout=timeout) as conn:
            row = conn.execute("SELECT 1").fetchone()
    else:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            row = cursor.fetchone()
    if tuple(row) != (1,):
        raise RuntimeError("SELECT 1 did not return 1")


def drop_broken_connections() -> None:
    """After the database was away: test each idle connection of PostgreSQL's pool and
    replace those the outage broke. Left in the pool, each would fail one unit of work
    after the database is back, and each failure would count as a new outage (the clocks
    got the outage's grace again once per broken connection, found by the 'postgres
    restart' fault test). Nothing on SQLite."""
    pool = _postgres_pool()
    if pool is None:
        return
    try:
        pool.check()
    except Exception:  # the database away again, the pool closing: found at the next use
        logger.warning("could not check the pool's connections", exc_info=True)


async def _channel_round_trip() -> None:
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("no channel layer configured")
    channel = await layer.new_channel("healthz.")
    token = uuid.uuid4().hex
    await layer.send(channel, {"type": "healthz.ping", "token": token})
    message = await asyncio.wait_for(layer.receive(channel), timeout=CHANNEL_CHECK_SECONDS)
    if message.get("token") != token:
        raise RuntimeError("channel layer returned a different message")


def check_channel_layer() -> None:
    async_to_sync(_channel_round_trip)()
