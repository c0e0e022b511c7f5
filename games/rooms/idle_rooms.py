"""Rooms nobody is at any more close by themselves, and leave the lobby.

A room records when a person was last there (``Room.last_active``: a table socket of
theirs opened or closed, or they moved; ``touch``). The sweep (``close_idle_rooms``,
run about once a minute by the timer loop of the web process and by ``manage.py
run_worker``) closes every room that

- has had no person for ``IDLE_MINUTES``: its ``last_active``, the ``last_seen`` of its
  seats and of its watchers are all older than that;
- has no person online now: no seat whose table socket is open (``Seat.online``, kept
  fresh by the presence heartbeat), no watcher's socket (``Watcher``);
- is not playing a round.

A round in progress is never touched. In an abandoned room its people are away, so the
timer loop already plays their seats (托管) and the round ends by itself within minutes;
the room is then between rounds and the next sweep closes it. Closing is what the end
of a match does (``Room.Status.CLOSED``): no round starts there again, nobody takes a
seat there, and the lobby no longer lists it; its table, rounds and scoreboard stay
readable as before.

A heartbeat writes ``last_seen`` every few seconds while a socket is open, so an
``online`` flag whose ``last_seen`` is older than the idle time was left by a process
that died without closing its sockets: it does not keep the room open for ever.
"""

import logging
import time
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from games.models import Room, Seat, Watcher

logger = logging.getLogger(__name__)

# Thirty minutes: long enough for a meal or a phone call between rounds (the seats and
# the scores are still there when the friends come back), short enough that the lobby
# does not fill up with tables whose people went home hours ago.
IDLE_MINUTES = 30

# The timer loops sweep this often; the sweep is a couple of queries when nothing closes.
SWEEP_SECONDS = 60.0

# A move touches its room at most this often per process: moves come every few seconds,
# and a minute's error is nothing against half an hour (a socket opening or closing
# always writes).
TOUCH_SECONDS = 60.0

_touched: dict[int, float] = {}  # room id -> when this process last wrote last_active
_last_sweep = 0.0  # time.monotonic() of this process's last sweep


def touch(room_id: int, *, now: datetime | None = None, force: bool = True) -> None:
    """A person is at the room now (their socket opened or closed, or they moved).
    ``force=False``: skip the write if this process wrote it less than a minute ago."""
    clock = time.monotonic()
    if not force and clock - _touched.get(room_id, -TOUCH_SECONDS) < TOUCH_SECONDS:
        return
    if len(_touched) > 10_000:  # rooms long gone: the throttle only needs recent ones
        _touched.clear()
    _touched[room_id] = clock
    Room.objects.filter(pk=room_id).update(last_active=now or timezone.now())


def forget() -> None:
    """Tests reuse room ids; a site never does."""
    global _last_sweep
    _touched.clear()
    _last_sweep = 0.0


def idle_rooms(now: datetime | None = None):
    """The rooms the sweep would close at ``now`` (a queryset)."""
    now = now or timezone.now()
    since = now - timedelta(minutes=IDLE_MINUTES)
    person_here = Seat.objects.filter(room=OuterRef("pk"), user__isnull=False).filter(
        Q(last_seen__gte=since) | Q(online=True, last_seen__isnull=True)
    )
    watching = Watcher.objects.filter(room=OuterRef("pk"), last_seen__gte=since)
    return (
        Room.objects.filter(status=Room.Status.OPEN, last_active__lt=since)
        .exclude(Exists(person_here))
        .exclude(Exists(watching))
    )


def close_idle_rooms(now: datetime | None = None) -> list[str]:
    """Close the rooms nobody has been at for ``IDLE_MINUTES``; their codes. Several
    processes may sweep at once: each room is re-checked under its lock."""
    now = now or timezone.now()
    closed, rooms = [], []
    for pk in list(idle_rooms(now).values_list("pk", flat=True)[:200]):
        with transaction.atomic():
            room = idle_rooms(now).select_for_update(skip_locked=True).filter(pk=pk).first()
            if room is None:  # somebody came back, a round started, or another sweep
                continue
            room.status = Room.Status.CLOSED
            room.save(update_fields=["status"])
            closed.append(room.code)
            rooms.append(room)
    if closed:
        from games.play.broadcast import broadcast_lobby_changed

        logger.info("closed idle rooms: %s", ", ".join(closed))
        broadcast_lobby_changed(rooms)
    return closed


def sweep_due() -> bool:
    """Is it time for this process's next sweep? (No database: the async timer loop asks
    before it hands the sweep to a thread.)"""
    return time.monotonic() - _last_sweep >= SWEEP_SECONDS


def sweep_if_due() -> list[str]:
    """``close_idle_rooms`` at most once per ``SWEEP_SECONDS`` in this process (the timer
    loops call this every time they wake); a failed sweep is logged, never raised."""
    global _last_sweep
    if not sweep_due():
        return []
    _last_sweep = time.monotonic()
    try:
        return close_idle_rooms()
    except Exception:
        logger.exception("the idle-room sweep failed")
        return []
