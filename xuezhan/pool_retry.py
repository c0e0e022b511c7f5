"""PostgreSQL's pool keeps reconnecting while someone waits for a connection.

psycopg_pool tries to open a connection for ``reconnect_timeout`` (2 s here,
settings.POSTGRES_POOL) and then gives up on it; only the next request that finds the
pool empty starts a new try. A request already waiting is not such a request: during a
5 s PostgreSQL restart the timer loop's request queued, every try gave up before the
database was back, and the loop waited out the pool's whole 20 s timeout with no try
running, so no table moved for 20 s (the 'postgres restart' fault test in CI). Called by
the pool when it gives up (its ``reconnect_failed``), this starts a new try as long as
anyone is waiting. Kept free of Django imports: the settings name it.
"""

import logging

logger = logging.getLogger(__name__)


def reconnect_while_waited_for(pool) -> None:
    """psycopg_pool's ``reconnect_failed`` callback (runs on one of the pool's workers)."""
    if pool.closed:
        return
    waiting = pool.get_stats().get("requests_waiting", 0)
    if waiting:
        logger.warning(
            "pool %r: %d request(s) waiting, trying to connect again", pool.name, waiting
        )
        pool.check()  # grows the pool by a fresh try when it has no connection
