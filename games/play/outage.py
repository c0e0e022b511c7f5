"""The table's clocks stop while the database is away.

While the database restarts or is out of reach nobody can move: a click is held by its
web process until the database answers (games.table.reconnect), and no heartbeat can
record that a person's socket is still open. Without this module, the first process to
reach the database again would find every clock that ran out meanwhile overdue and
every person silent for longer than a dead process's seats, and would play their moves
for them, while their held clicks, made in time, were still waiting for their own
process to reconnect (found by the 'postgres away 25 s' fault test: a held discard
overtaken by its timeout).

So a process that met the database away (a step, a move or a heartbeat failed on it)
first, once it is back, gives every clock that ran out or runs out within
``GRACE_SECONDS`` that much more, and counts the people whose sockets are open as seen
now. Only then does it take due steps. Every process does this once after its own
outage; doing it twice only moves the same deadlines a little later.

A process that died during the outage has its people counted as seen once more: their
seats play themselves a few heartbeats later than they would have (deadlines.is_away).
"""

import logging
from datetime import timedelta

from django.db import InterfaceError, OperationalError, transaction
from django.utils import timezone

from common import health
from games.models import Round, Seat

logger = logging.getLogger(__name__)

# Time for a held click to be made once its process reaches the database again: its
# probe asks every 0.5 s and its pool reconnects within about two (settings.POSTGRES_POOL).
GRACE_SECONDS = 5.0

# What a database that is restarting or out of reach raises (a lost connection, a refused
# one, the pool's timeout).
DATABASE_AWAY = (OperationalError, InterfaceError)

_met_away = False  # this process met the database away and has not resumed the clocks


def noticed_away() -> None:
    """Something in this process found the database away."""
    global _met_away
    _met_away = True


def met_away() -> bool:
    """Has this process met the database away and not resumed the clocks since?"""
    return _met_away


def resume_clocks(now=None) -> int:
    """After an outage: every deadline that is due within the grace moves to its end, and
    every person with an open socket counts as seen now. Returns the rounds moved."""
    now = now or timezone.now()
    grace_ends = now + timedelta(seconds=GRACE_SECONDS)
    with transaction.atomic():
        moved = Round.objects.filter(deadline__lt=grace_ends).update(deadline=grace_ends)
        Seat.objects.filter(online=True, user__isnull=False).update(last_seen=now)
    logger.warning("database back: %d clocks given %.0f s more", moved, GRACE_SECONDS)
    return moved


def resume_clocks_if_met_away() -> None:
    """A timer loop's first call of every look (the web process's, the worker's): after
    this process met the database away, and the database answers again, the clocks are
    resumed before any due step is taken. A database still away raises to the caller,
    which notes it (``noticed_away``) and looks again later."""
    global _met_away
    if _met_away:
        health.drop_broken_connections()  # or each would count as the database away again
        resume_clocks()
        _met_away = False
