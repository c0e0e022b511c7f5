"""The end of a pause, shown by a timer of the process that made the move.

After a tile nobody took, or a win the round goes on from, the table keeps showing that
moment for a pause (games.play.offers). Its end changes nothing the next move could not
write: the stored round already holds the next decision's deadline, counted from the end
of the pause (games.play.deadlines.schedule), and whoever reads the round afterwards
forgets the hold (``offers.forget_if_over``). So the end costs no transaction: the
process that made the move shows it from memory by a timer on its event loop
(games.play.broadcast.reveal), to its own sockets and, through the channel layer, to
the room's sockets in other processes.

A process with no event loop (the worker) cannot: there the deadline stays the end of
the pause and the due step shows it, as a write of its own (games.play.steps). A process
that dies before its timer fires loses nothing stored: a page that loads the table
afterwards shows it without the hold, and one that loaded it during the pause (its socket
reconnected elsewhere, or it is another process's) ends the pause itself
(games.table.pause_end).
"""

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime

from django.utils import timezone

logger = logging.getLogger(__name__)

# The event loop of this process's sockets (set by games.table.local_sockets).
_loop: asyncio.AbstractEventLoop | None = None


def use_loop(loop: asyncio.AbstractEventLoop) -> None:
    global _loop
    _loop = loop


def shown_here() -> bool:
    """Can this process show the end of a pause by a timer (from any thread)?"""
    loop = _loop
    return loop is not None and loop.is_running() and not loop.is_closed()


def at(when: datetime, show: Callable[[], None]) -> bool:
    """Call ``show`` on the sockets' event loop at ``when`` (called from any thread);
    False when this process has no running loop to do it on."""
    if not shown_here():
        return False
    loop = _loop

    def arm() -> None:
        delay = max((when - timezone.now()).total_seconds(), 0.0)
        loop.call_later(delay, _safely, show)

    loop.call_soon_threadsafe(arm)
    return True


def _safely(show: Callable[[], None]) -> None:
    try:
        show()
    except Exception:  # a failed reveal must never stop the loop: the next move shows it
        logger.exception("showing the end of a pause failed")


def forget() -> None:
    """Tests: no loop of an earlier test."""
    global _loop
    _loop = None
